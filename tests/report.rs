//! `decklab report`, driven as a user would: the real binary on the output
//! of a real `simulate` run, and the page opened in headless Chromium when
//! one is installed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

/// Runs decklab in `dir` with `args`.
fn decklab(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_decklab"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("decklab runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A scratch directory holding the output of a 200-game run, in `run/`.
fn simulated() -> (TempDir, PathBuf) {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().join("run");
    let o = decklab(
        tmp.path(),
        &["simulate", "--games", "200", "--out", "run", "--quiet"],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    (tmp, out)
}

/// Writes the report of `run` with the binary and returns its path.
fn report(run: &Path) -> PathBuf {
    let o = decklab(run, &["report", run.to_str().unwrap()]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let path = run.join("report.html");
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!("{}\n", path.display())
    );
    path
}

/// The text between `start` (inclusive) and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("{start} not found"));
    let len = text[from..]
        .find(end)
        .unwrap_or_else(|| panic!("{end} not found"));
    &text[from..from + len]
}

/// The cells' text of each body row of the table with id `id`.
fn table_cells(html: &str, id: &str) -> Vec<Vec<String>> {
    let table = between(html, &format!("<table id=\"{id}\""), "</table>");
    between(table, "<tbody>", "</tbody>")
        .split("<tr")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| between(cell, ">", "</td>")[1..].to_owned())
                .collect()
        })
        .collect()
}

/// The sections a run's files call for: a section id for each file of the
/// run that has one.
fn expected_sections(run: &Path) -> Vec<&'static str> {
    [
        ("summary.csv", "findings"),
        ("manifest.json", "manifest"),
        ("summary.csv", "summary"),
        ("deck_curve.csv", "deck-curve"),
        ("mana_curve.csv", "mana-curve"),
        ("prize_pace.csv", "prize-pace"),
        ("actions.csv", "actions"),
        ("matchups.csv", "matchups"),
        ("ratings.csv", "ratings"),
        ("cards.csv", "cards"),
    ]
    .into_iter()
    .filter(|(file, _)| run.join(file).exists())
    .map(|(_, id)| id)
    .collect()
}

#[test]
fn report_of_a_real_run() {
    let (_tmp, run) = simulated();
    let html = fs::read_to_string(report(&run)).unwrap();
    let sections = expected_sections(&run);
    for id in [
        "findings",
        "manifest",
        "summary",
        "deck-curve",
        "mana-curve",
        "prize-pace",
        "cards",
    ] {
        assert!(sections.contains(&id), "simulate wrote no file for {id}");
    }
    for id in sections {
        assert!(html.contains(&format!("<section id=\"{id}\">")), "no {id}");
    }
    assert!(
        html.matches("<svg").count() >= 6,
        "cost, mana and prize charts"
    );
    // The answer first, the settings last.
    assert!(html.find("<section id=\"findings\">") < html.find("<section id=\"summary\">"));
    let last = html.rfind("<section id=").unwrap();
    assert!(html[last..].starts_with("<section id=\"manifest\">"));
    assert!(
        html.contains("hero-rush beats prize-control: "),
        "no finding"
    );
    let cards = fs::read_to_string(run.join("cards.csv")).unwrap();
    assert_eq!(
        table_cells(&html, "cards-table").len(),
        cards.lines().count() - 1
    );
    let manifest = fs::read_to_string(run.join("manifest.json")).unwrap();
    let commit = between(&manifest, "\"git_commit\"", ",");
    if let Some(hash) = commit.split('"').nth(3) {
        assert!(html.contains(hash), "commit {hash} not shown");
    }
    assert!(html.contains("hero-rush") && html.contains("prize-control"));
    // A second report replaces the first and leaves nothing else.
    report(&run);
    let names: Vec<String> = fs::read_dir(&run)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.') || n.contains("report"))
        .collect();
    assert_eq!(names, ["report.html"]);
}

#[test]
fn bad_directories_exit_2_and_write_nothing() {
    let tmp = TempDir::new().unwrap();
    let o = decklab(tmp.path(), &["report", "no-such-run"]);
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(&o));
    assert!(stderr(&o).starts_with("decklab: cannot read no-such-run/manifest.json"));
    assert!(!tmp.path().join("no-such-run").exists());

    let (_run_tmp, run) = simulated();
    fs::remove_file(run.join("summary.csv")).unwrap();
    let o = decklab(&run, &["report", "."]);
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(&o));
    assert!(
        stderr(&o).contains("summary.csv: no such file"),
        "{}",
        stderr(&o)
    );
    assert!(!run.join("report.html").exists());

    fs::write(run.join("summary.csv"), "deck_a,bot_a\nx\n").unwrap();
    let o = decklab(&run, &["report", "."]);
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(&o));
    assert!(stderr(&o).contains("summary.csv:2:"), "{}", stderr(&o));
    assert!(!run.join("report.html").exists());
}

/// The Chromium (or Chrome) installed, if any.
fn chromium() -> Option<PathBuf> {
    let fixed = Path::new("/usr/bin/chromium");
    if fixed.is_file() {
        return Some(fixed.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find_map(|dir| {
        ["chromium", "chromium-browser", "google-chrome"]
            .iter()
            .map(|name| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// `path` as a `file://` URL.
fn file_url(path: &Path) -> String {
    let mut url = String::from("file://");
    for b in path.to_str().unwrap().bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            url.push(char::from(b));
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    url
}

/// Runs `browser` headless, with a fresh profile and no network services,
/// and returns the DOM of `url` once its scripts have run.
fn dump_dom(browser: &Path, url: &str) -> String {
    let profile = TempDir::new().unwrap();
    let out = TempDir::new().unwrap();
    let dom = out.path().join("dom.html");
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(["--dump-dom", url])
        .stdout(fs::File::create(&dom).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "chromium failed: {status}");
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    fs::read_to_string(dom).unwrap()
}

/// The sort keys (`data-sort`) of column `col` of the card table, as the
/// page's script compares them: numbers, then empty cells.
fn sort_keys(html: &str, col: usize) -> Vec<Option<f64>> {
    let table = between(html, "<table id=\"cards-table\"", "</table>");
    between(table, "<tbody>", "</tbody>")
        .split("<tr")
        .skip(1)
        .map(|row| {
            let cell = row.split("<td").nth(col + 1).expect("a cell per column");
            let key = &between(cell, "data-sort=\"", "\">")["data-sort=\"".len()..];
            (!key.is_empty()).then(|| key.parse().expect("a numeric sort key"))
        })
        .collect()
}

#[test]
fn report_renders_and_sorts_in_headless_chromium() {
    let Some(browser) = chromium() else {
        eprintln!(
            "note: no Chromium installed (chromium, chromium-browser, google-chrome); skipped"
        );
        return;
    };
    let (_tmp, run) = simulated();
    let path = report(&run);
    let page = fs::read_to_string(&path).unwrap();
    let dom = dump_dom(&browser, &format!("{}#selftest", file_url(&path)));

    for id in expected_sections(&run) {
        assert!(dom.contains(&format!("<section id=\"{id}\">")), "no {id}");
    }
    assert_eq!(
        dom.matches("<svg").count(),
        page.matches("<svg").count(),
        "every chart is in the DOM"
    );
    assert!(
        dom.contains("<polyline") || dom.contains("<path"),
        "no lines drawn"
    );

    // The script sorted the card table by each column both ways and found
    // every order right; the table ends sorted by its last column,
    // descending, empty cells last.
    let columns = between(&page, "<table id=\"cards-table\"", "</thead>")
        .matches("</th>")
        .count();
    let marker = between(&dom, "<body", ">");
    assert!(
        marker.contains(&format!("data-selftest=\"ok:{columns}\"")),
        "self-test: {marker}"
    );
    let before = sort_keys(&page, columns - 1);
    let after = sort_keys(&dom, columns - 1);
    let mut expected = before.clone();
    expected.sort_by(|a, b| match (a, b) {
        (Some(x), Some(y)) => y.total_cmp(x),
        _ => a.is_none().cmp(&b.is_none()),
    });
    assert_ne!(before, expected, "the file was already in this order");
    assert_eq!(after, expected);
}

#[test]
fn compare_writes_a_page_with_a_row_per_matchup() {
    let tmp = TempDir::new().unwrap();
    for (out, set) in [
        ("before", None),
        ("after", Some("Cinder Imp.attacks.0.damage=0")),
    ] {
        let mut args = vec!["round-robin", "--games", "20", "--out", out, "--quiet"];
        if let Some(set) = set {
            args.extend(["--set", set]);
        }
        let o = decklab(tmp.path(), &args);
        assert!(o.status.success(), "stderr: {}", stderr(&o));
    }
    let o = decklab(
        tmp.path(),
        &["compare", "before", "after", "--html", "compare.html"],
    );
    assert!(
        o.status.code().is_some_and(|c| c < 2),
        "stderr: {}",
        stderr(&o)
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.ends_with("\npage: compare.html\n"), "{text}");
    let html = fs::read_to_string(tmp.path().join("compare.html")).unwrap();
    let summary = fs::read_to_string(tmp.path().join("before/summary.csv")).unwrap();
    let rows = table_cells(&html, "compare-0");
    assert_eq!(rows.len(), summary.lines().count() - 1, "a row per matchup");
    // The dot-and-whisker chart has a dot per matchup, the flagged rows
    // of the table are the starred ones.
    let chart = between(&html, "<svg class=\"whiskers\"", "</svg>");
    assert_eq!(chart.matches("<circle").count(), rows.len());
    let starred = rows.iter().filter(|r| r[4] == "★").count();
    let table = between(&html, "<table id=\"compare-0\"", "</table>");
    assert_eq!(table.matches("<tr class=\"flagged\">").count(), starred);
    assert_eq!(
        o.status.code(),
        Some(i32::from(html.contains("<tr class=\"flagged\">")))
    );
    assert!(html.contains("cards (GIH WR: win rate when in hand)"));
    assert!(!html.contains("<script"));
}

/// A scratch directory holding a 4-seat Millennium Blades run of
/// `games` games and its report, in `run/`; the page's text.
fn millennium_blades(games: usize) -> (TempDir, PathBuf, String) {
    let tmp = TempDir::new().unwrap();
    let out = tmp.path().join("run");
    let games = games.to_string();
    let o = decklab(
        tmp.path(),
        &[
            "simulate",
            "--game",
            "millennium-blades",
            "--players",
            "4",
            "--games",
            &games,
            "--out",
            "run",
            "--quiet",
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let html = fs::read_to_string(report(&out)).unwrap();
    (tmp, out, html)
}

/// The chart titles of a Millennium Blades report name its resource
/// ("Dollars spent"), what a turn is stands in the notes, and
/// `manifest.json` states both apart.
#[test]
fn a_millennium_blades_report_names_dollars_and_says_a_turn_is_a_round() {
    let (_tmp, run, html) = millennium_blades(4);
    let mana = between(&html, "<section id=\"mana-curve\">", "</section>");
    for title in ["Dollars spent", "Dollars unspent", "Most dollars available"] {
        assert!(
            mana.contains(&format!(">\n{title}\n</text>")),
            "no title {title}"
        );
    }
    assert!(!html.contains("(a turn is a round)"));
    assert!(mana.contains("A turn is a round (deckbuilding, tournament, scoring)."));
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(run.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["terms"]["resource"], "dollars");
    assert_eq!(
        manifest["terms"]["turn"],
        "a round (deckbuilding, tournament, scoring)"
    );
}

/// docs/outputs.md, "All or nothing": a run replaces the whole output
/// directory. A round-robin's matchups and ratings do not survive a
/// simulate into the same folder, so its report shows no ratings; a file
/// of the user's is kept.
#[test]
fn a_run_drops_the_files_of_another_command() {
    let tmp = TempDir::new().unwrap();
    let d = tmp.path();
    let rr = [
        "round-robin",
        "--games",
        "5",
        "--report",
        "-o",
        "D",
        "--quiet",
    ];
    let o = decklab(d, &rr);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert!(d.join("D/ratings.csv").is_file());
    let page = fs::read_to_string(d.join("D/report.html")).unwrap();
    assert!(page.contains("id=\"ratings\""));
    fs::write(d.join("D/notes.txt"), "mine").unwrap();
    let sim = ["simulate", "--games", "5", "--report", "-o", "D", "--quiet"];
    let o = decklab(d, &sim);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    for stale in ["matchups.csv", "ratings.csv"] {
        assert!(!d.join("D").join(stale).exists(), "{stale} left");
    }
    assert_eq!(fs::read_to_string(d.join("D/notes.txt")).unwrap(), "mine");
    let page = fs::read_to_string(d.join("D/report.html")).unwrap();
    assert!(!page.contains("id=\"ratings\"") && !page.contains(">Ratings<"));
    // Without --report, the earlier page goes too.
    let o = decklab(
        d,
        &sim[..sim.len() - 4]
            .iter()
            .chain(&["-o", "D", "--quiet"])
            .copied()
            .collect::<Vec<_>>(),
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert!(!d.join("D/report.html").exists());
}

/// A run never drops its own inputs from its output folder, even under a
/// name it owns: a `x-optimized.deck` played with `--out` its own folder
/// (the run's deck, and `replay` reads it again), a `person.toml` as a bot.
#[test]
fn a_run_keeps_its_inputs_that_bear_a_run_files_name() {
    let tmp = TempDir::new().unwrap();
    let d = tmp.path();
    fs::create_dir(d.join("D")).unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let deck = fs::read_to_string(repo.join("decks/nostalgix/hero-rush.deck")).unwrap();
    fs::write(d.join("D/hero-rush-optimized.deck"), &deck).unwrap();
    let greedy = fs::read(repo.join("strategies/greedy.toml")).unwrap();
    fs::write(d.join("D/person.toml"), greedy).unwrap();
    let sim = [
        "simulate",
        "--games",
        "5",
        "--deck",
        "D/hero-rush-optimized.deck",
        "--bot",
        "D/person.toml",
        "-o",
        "D",
        "--quiet",
    ];
    let o = decklab(d, &sim);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert_eq!(
        fs::read_to_string(d.join("D/hero-rush-optimized.deck")).unwrap(),
        deck
    );
    assert!(d.join("D/person.toml").is_file());
    let o = decklab(d, &["replay", "D", "0"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
}

/// The same for Millennium Blades: a grant experiment's `mb_grant.csv`
/// does not survive a plain run, nor its section of the report.
#[test]
fn a_plain_run_drops_an_earlier_grant_experiment() {
    let tmp = TempDir::new().unwrap();
    let d = tmp.path();
    let mb = |extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "--game",
            "millennium-blades",
            "--players",
            "4",
            "--games",
            "2",
            "--report",
            "-o",
            "D",
            "--quiet",
        ];
        args.extend_from_slice(extra);
        let o = decklab(d, &args);
        assert!(o.status.success(), "stderr: {}", stderr(&o));
        fs::read_to_string(d.join("D/report.html")).unwrap()
    };
    let page = mb(&["--grant", "Flare Oracle"]);
    assert!(d.join("D/mb_grant.csv").is_file());
    assert!(page.contains("The grant experiment"));
    let page = mb(&[]);
    assert!(!d.join("D/mb_grant.csv").exists());
    assert!(!page.contains("The grant experiment"));
}
