//! Deck evaluation at scale, through the real executable: gauntlets,
//! round-robins, `--shard K/N` with `decklab merge`, and their bad input.
//! Random bots keep it fast.

use std::fs;
use std::path::Path;

use tempfile::TempDir;

mod common;
use common::{assert_fails, decklab, files, stderr, stdout};

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file of `dir` but the manifest, with its bytes.
fn outputs(dir: &Path) -> Vec<(String, Vec<u8>)> {
    files(dir)
        .into_iter()
        .filter(|f| f != Path::new("manifest.json"))
        .map(|f| (f.display().to_string(), fs::read(dir.join(&f)).unwrap()))
        .collect()
}

fn run(dir: &Path, args: &[&str]) {
    let o = decklab(dir, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
}

/// Runs decklab with the words of `line` then `extra`.
fn run_line(dir: &Path, line: &str, extra: &[&str]) -> std::process::Output {
    let mut args: Vec<&str> = line.split_whitespace().collect();
    args.extend_from_slice(extra);
    decklab(dir, &args)
}

const RANDOM: [&str; 4] = ["--bot", "random", "--opponent-bot", "random"];

#[test]
fn merged_shards_are_byte_identical_to_the_whole_run() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let sim = |extra: &[&str]| {
        let mut args = vec![
            "simulate", "--games", "70", "--seed", "9", "--log", "4", "--quiet",
        ];
        args.extend_from_slice(&RANDOM);
        args.extend_from_slice(extra);
        run(d, &args);
    };
    sim(&["--out", "whole"]);
    for k in 0..3 {
        let shard = format!("{k}/3");
        let out = format!("s{k}");
        sim(&[
            "--shard",
            &shard,
            "--out",
            &out,
            "--threads",
            if k == 1 { "1" } else { "2" },
        ]);
    }
    // Any order of the shards.
    let o = decklab(d, &["merge", "--out", "merged", "s2", "s0", "s1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("merged 3 shards (70 games)"));
    let (whole, merged) = (outputs(&d.join("whole")), outputs(&d.join("merged")));
    assert!(whole.iter().any(|(f, _)| f == "logs/game-3.jsonl"));
    // Among them seats.csv, whose last column says which cards each seat
    // had in hand: a hex mask on every row, not the same on all.
    let seats = common::csv_rows(&d.join("whole/seats.csv"));
    assert_eq!(seats.len(), 140);
    let masks: std::collections::BTreeSet<&str> =
        seats.iter().map(|r| r["in_hand"].as_str()).collect();
    assert!(masks.len() > 10 && !masks.contains(""), "{masks:?}");
    assert_eq!(whole.len(), merged.len());
    for ((fa, a), (fb, b)) in whole.iter().zip(&merged) {
        assert_eq!(fa, fb);
        assert!(a == b, "{fa} differs");
    }
    let m: serde_json::Value =
        serde_json::from_str(&read(&d.join("merged/manifest.json"))).unwrap();
    assert_eq!(
        (m["games"].as_u64(), m["complete"].as_bool()),
        (Some(70), Some(true))
    );
    assert_eq!(m["shard"], serde_json::Value::Null);
    let s1: serde_json::Value = serde_json::from_str(&read(&d.join("s1/manifest.json"))).unwrap();
    assert_eq!(s1["shard"], "1/3");
    // Shard 1 of 3 plays the indices 1, 4, 7…
    let rows: Vec<String> = read(&d.join("s1/games.csv"))
        .lines()
        .skip(1)
        .map(String::from)
        .collect();
    assert_eq!(rows.len(), 23);
    assert!(
        rows.iter()
            .enumerate()
            .all(|(j, r)| r.starts_with(&format!("{},", 1 + 3 * j)))
    );
}

#[test]
fn merged_gauntlet_shards_rebuild_the_field_tables() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    // Not quiet: merge prints the gauntlet's own table, as the whole run.
    let g = |extra: &[&str]| {
        let base = "gauntlet --deck hero-rush --field evolution token-swarm --games 15";
        let o = run_line(d, base, &[&RANDOM, extra].concat());
        assert!(o.status.success(), "{extra:?}: {}", stderr(&o));
        o
    };
    g(&["--shard", "0/2", "--out", "a"]);
    g(&["--shard", "1/2", "--out", "b"]);
    run(d, &["merge", "--out", "merged", "a", "b"]);
    let whole = g(&["--out", "whole"]);
    assert_eq!(outputs(&d.join("whole")), outputs(&d.join("merged")));
    assert!(d.join("merged/matchups.csv").is_file());
    let merged = decklab(d, &["merge", "--out", "merged", "a", "b"]);
    let table = |text: String| -> String {
        text.lines()
            .take_while(|l| !l.starts_with("files:") && !l.starts_with("merged "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let printed = table(stdout(&merged));
    assert!(printed.contains("hero-rush  ALL"), "{printed}");
    assert_eq!(printed, table(stdout(&whole)));
}

#[test]
fn a_gauntlet_plays_both_seats_against_every_field_deck() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    fs::create_dir(d.join("field")).unwrap();
    for (name, text) in decklab::games::nostalgix::BUNDLED_DECKS.iter().skip(1) {
        fs::write(d.join(format!("field/{name}.deck")), text).unwrap();
    }
    let mut args = vec![
        "gauntlet",
        "--deck",
        "hero-rush",
        "--field",
        "field",
        "--games",
        "10",
        "--quiet",
        "--out",
        "g",
    ];
    args.extend_from_slice(&RANDOM);
    let o = decklab(d, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = read(&d.join("g/matchups.csv"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "deck,opponent,bot,opponent_bot,games,wins,losses,draws,win_rate,ci95_low,ci95_high"
    );
    // 3 opponents, then ALL; each 10 games per seat.
    assert_eq!(lines.len(), 5);
    let mut rates = Vec::new();
    for line in &lines[1..4] {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(
            (f[0], f[2], f[3], f[4]),
            ("hero-rush", "random", "random", "20")
        );
        let (w, l, dr): (u64, u64, u64) = (
            f[5].parse().unwrap(),
            f[6].parse().unwrap(),
            f[7].parse().unwrap(),
        );
        assert_eq!(w + l + dr, 20);
        rates.push(f[8].parse::<f64>().unwrap());
    }
    let all: Vec<&str> = lines[4].split(',').collect();
    assert_eq!((all[0], all[1], all[4]), ("hero-rush", "ALL", "60"));
    let mean = rates.iter().sum::<f64>() / 3.0;
    assert!((all[8].parse::<f64>().unwrap() - mean).abs() < 1e-3);
    // summary.csv has both seat orders of every opponent.
    assert_eq!(read(&d.join("g/summary.csv")).lines().count(), 1 + 6);
    assert!(stdout(&o).contains("ALL"));
}

#[test]
fn a_bundled_field_keeps_the_mirror_out_of_all() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let mut args = vec![
        "gauntlet",
        "--deck",
        "hero-rush",
        "--field",
        "bundled",
        "--games",
        "10",
        "--quiet",
        "--out",
        "g",
    ];
    args.extend_from_slice(&RANDOM);
    let o = decklab(d, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = read(&d.join("g/matchups.csv"));
    let rows = data_rows(&text);
    // Every bundled deck, the mirror included, then ALL.
    let bundled = decklab::games::nostalgix::BUNDLED_DECKS.len();
    assert_eq!(rows.len(), bundled + 1);
    let mirror = rows
        .iter()
        .find(|r| r[1] == "hero-rush")
        .expect("a mirror line");
    assert_eq!(mirror[4], "20");
    let others: Vec<f64> = rows
        .iter()
        .filter(|r| r[1] != "hero-rush" && r[1] != "ALL")
        .map(|r| r[8].parse().unwrap())
        .collect();
    let all = rows.last().unwrap();
    assert_eq!(
        (all[1], all[4]),
        ("ALL", "60"),
        "ALL is over the three others"
    );
    let mean = others.iter().sum::<f64>() / others.len() as f64;
    assert!((all[8].parse::<f64>().unwrap() - mean).abs() < 1e-3);
    // A different list under the deck's own name is refused.
    fs::write(d.join("hero-rush.deck"), "Hero: Nobody\n").unwrap();
    let o = decklab(
        d,
        &[
            "gauntlet",
            "--deck",
            "hero-rush.deck",
            "--field",
            "bundled",
            "--games",
            "2",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("both named \"hero-rush\""),
        "{}",
        stderr(&o)
    );
}

/// The bundled hero-rush deck list, as its file holds it.
fn hero_rush_list() -> &'static str {
    let (_, text) = decklab::games::nostalgix::BUNDLED_DECKS
        .iter()
        .find(|(name, _)| *name == "hero-rush")
        .expect("a bundled hero-rush");
    text
}

#[test]
fn a_renamed_copy_of_a_field_deck_is_the_mirror() {
    // README: `cp decks/nostalgix/hero-rush.deck my.deck`, then a gauntlet
    // against the bundled decks. my.deck is hero-rush's list (here with
    // its lines in another order): that matchup is the mirror, out of ALL.
    let t = TempDir::new().unwrap();
    let d = t.path();
    let text = hero_rush_list();
    let reversed: Vec<&str> = text.lines().rev().collect();
    fs::write(d.join("my.deck"), reversed.join("\n")).unwrap();
    let mut args = vec![
        "gauntlet", "--deck", "my.deck", "--field", "bundled", "--games", "10", "--quiet", "--out",
        "g",
    ];
    args.extend_from_slice(&RANDOM);
    let o = decklab(d, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "bundled:decks/nostalgix/hero-rush.deck holds the list of my.deck: played as the \
             mirror"
        ),
        "{}",
        stderr(&o)
    );
    let text = read(&d.join("g/matchups.csv"));
    let rows = data_rows(&text);
    let opponents: Vec<&str> = rows.iter().map(|r| r[1]).collect();
    assert_eq!(
        opponents,
        ["evolution", "my", "prize-control", "token-swarm", "ALL"]
    );
    let all = rows.last().unwrap();
    assert_eq!(all[4], "60", "ALL is over the three other decks");
    let others: Vec<f64> = rows
        .iter()
        .filter(|r| r[1] != "my" && r[1] != "ALL")
        .map(|r| r[8].parse().unwrap())
        .collect();
    let mean = others.iter().sum::<f64>() / others.len() as f64;
    assert!((all[8].parse::<f64>().unwrap() - mean).abs() < 1e-3);
}

#[test]
fn a_round_robin_rates_every_deck() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let o = decklab(
        d,
        &[
            "round-robin",
            "--games",
            "10",
            "--bot",
            "random",
            "--quiet",
            "--out",
            "rr",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let ratings = read(&d.join("rr/ratings.csv"));
    let rows: Vec<Vec<&str>> = ratings
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(
        ratings.lines().next(),
        Some("deck,rating,ci95_low,ci95_high,games,score")
    );
    assert_eq!(rows.len(), 4);
    let rating = |r: &Vec<&str>| r[1].parse::<f64>().unwrap();
    assert!(
        rows.windows(2).all(|w| rating(&w[0]) >= rating(&w[1])),
        "best first"
    );
    let mean = rows.iter().map(rating).sum::<f64>() / 4.0;
    assert!((mean - 1500.0).abs() < 0.1, "{mean}");
    for r in &rows {
        assert_eq!(r[4], "60"); // 3 opponents × 2 seats × 10
        let (lo, hi) = (r[2].parse::<f64>().unwrap(), r[3].parse::<f64>().unwrap());
        assert!(lo < rating(r) && rating(r) < hi);
    }
    // Every ordered pair: 4 × 3.
    assert_eq!(read(&d.join("rr/matchups.csv")).lines().count(), 1 + 12);
    assert!(stdout(&o).contains("rating"));
}

#[test]
fn a_field_compares_deck_lists_not_their_text() {
    // Two files of one name that differ only in a comment and the order
    // of their lines are one deck; two names with one list are two decks,
    // with a note that the field counts that list twice.
    let t = TempDir::new().unwrap();
    let d = t.path();
    let text = hero_rush_list();
    let reversed: Vec<&str> = text.lines().rev().collect();
    fs::create_dir(d.join("a")).unwrap();
    fs::write(d.join("a/hero-rush.deck"), format!("# mine\n{text}")).unwrap();
    fs::write(d.join("copy.deck"), reversed.join("\n")).unwrap();
    let args = [
        "round-robin",
        "--field",
        "bundled",
        "a/hero-rush.deck",
        "copy.deck",
        "--games",
        "2",
        "--bot",
        "random",
        "--quiet",
        "--out",
        "rr",
    ];
    let o = decklab(d, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("and copy.deck hold the same list: both stay in the field"),
        "{}",
        stderr(&o)
    );
    let ratings = read(&d.join("rr/ratings.csv"));
    let mut decks: Vec<&str> = data_rows(&ratings).iter().map(|r| r[0]).collect();
    decks.sort_unstable();
    assert_eq!(
        decks,
        [
            "copy",
            "evolution",
            "hero-rush",
            "prize-control",
            "token-swarm"
        ]
    );
    // Another list under the same name is still refused.
    fs::write(d.join("a/hero-rush.deck"), "Hero: Nobody\n").unwrap();
    let o = decklab(d, &args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("two different decks are named \"hero-rush\""),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bad_input_is_refused_and_nothing_is_written() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    fs::create_dir(d.join("empty")).unwrap();
    assert_fails(
        &decklab(
            d,
            &[
                "gauntlet",
                "--deck",
                "hero-rush",
                "--field",
                "empty",
                "--out",
                "o",
            ],
        ),
        &["empty: no .deck file in this folder"],
    );
    assert_fails(
        &decklab(d, &["simulate", "--shard", "3/2", "--out", "o"]),
        &["invalid shard \"3/2\""],
    );
    assert_fails(
        &decklab(d, &["round-robin", "--field", "hero-rush", "--out", "o"]),
        &["needs at least 2 different decks"],
    );
    let sim = |args: &[&str]| {
        let mut all = vec!["simulate", "--games", "6", "--quiet"];
        all.extend_from_slice(&RANDOM);
        all.extend_from_slice(args);
        run(d, &all);
    };
    sim(&["--shard", "0/2", "--out", "a"]);
    sim(&["--shard", "1/2", "--out", "b", "--seed", "1"]);
    sim(&["--shard", "0/3", "--out", "c"]);
    sim(&["--out", "whole"]);
    assert_fails(
        &decklab(d, &["merge", "--out", "o", "a", "b"]),
        &["not shards of the same run", "\"seed\""],
    );
    assert_fails(
        &decklab(d, &["merge", "--out", "o", "a", "c"]),
        &["not the same split"],
    );
    assert_fails(
        &decklab(d, &["merge", "--out", "o", "a"]),
        &["missing shards: 1/2"],
    );
    assert_fails(
        &decklab(d, &["merge", "--out", "o", "a", "a"]),
        &["given twice"],
    );
    assert_fails(
        &decklab(d, &["merge", "--out", "o", "whole"]),
        &["not a shard"],
    );
    assert_fails(
        &decklab(d, &["merge", "--out", "o", "nowhere"]),
        &["nowhere/manifest.json"],
    );
    assert!(!d.join("o").exists());
    // The merged run never replaces one of its shards.
    sim(&["--shard", "1/2", "--out", "b2"]);
    let before = outputs(&d.join("a"));
    assert_fails(
        &decklab(d, &["merge", "--out", "a", "a", "b2"]),
        &["--out a: this is one of the shards to merge"],
    );
    assert_eq!(outputs(&d.join("a")), before);
    // A shard that lost a row of games.csv is damaged, not merged.
    fs::create_dir(d.join("cut")).unwrap();
    for f in fs::read_dir(d.join("a")).unwrap() {
        let f = f.unwrap().path();
        if f.is_file() {
            fs::copy(&f, d.join("cut").join(f.file_name().unwrap())).unwrap();
        }
    }
    let games = read(&d.join("cut/games.csv"));
    let kept: Vec<&str> = games.lines().collect();
    fs::write(
        d.join("cut/games.csv"),
        kept[..kept.len() - 1].join("\n") + "\n",
    )
    .unwrap();
    assert_fails(
        &decklab(d, &["merge", "--out", "o", "cut", "b2"]),
        &[
            "cut/games.csv: 2 rows, but cut/manifest.json counts 3 games (3 rows): the shard is damaged",
        ],
    );
    // A shard with none of the games is refused, not played as nothing.
    assert_fails(
        &decklab(
            d,
            &["simulate", "--games", "4", "--shard", "5/10", "--out", "o"],
        ),
        &["--shard 5/10: this shard gets none of the run's games"],
    );
    assert!(!d.join("o").exists());
}

#[test]
fn regress_passes_an_unchanged_deck_and_fails_a_weakened_one() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let base = "results/baselines/hero-rush.csv";
    let o = decklab(
        d,
        &[
            "regress",
            "--write-baseline",
            "--baseline",
            base,
            "--games",
            "400",
            "--quiet",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(read(&d.join(base)).starts_with("deck_a,bot_a,deck_b,bot_b,games,"));
    let o = decklab(
        d,
        &["regress", "--baseline", base, "--quiet", "--out", "now"],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let text = stdout(&o);
    for needle in [
        "baseline",
        "LLR",
        "bounds [-2.944, 2.944]",
        "verdict: no regression",
    ] {
        assert!(text.contains(needle), "{needle:?} not in {text}");
    }
    let manifest = read(&d.join("now/manifest.json"));
    assert!(
        manifest.contains("\"verdict\": \"no_regression\""),
        "{manifest}"
    );
    // The deck edited: its twelve cheap Charge attackers swapped for
    // walls. A clear regression (the deck under test may change; that is
    // what the gate judges).
    let list = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("decks/nostalgix/hero-rush.deck"))
        .replace("4 Cinder Imp", "4 Mossback Tortoise")
        .replace("4 Flame Sprinter", "4 Reef Guardian")
        .replace("4 Thornback Boar", "4 Grave Spider");
    fs::create_dir_all(d.join("edited")).unwrap();
    fs::write(d.join("edited/hero-rush.deck"), list).unwrap();
    let o = decklab(
        d,
        &[
            "regress",
            "--baseline",
            base,
            "--deck",
            "edited/hero-rush.deck",
            "--quiet",
            "--out",
            "weak",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("verdict: REGRESSION (H1 accepted)"));
    // Stopped by --max-games before a bound: the verdict says no
    // hypothesis was accepted.
    let weak = format!("regress --baseline {base} --deck edited/hero-rush.deck --quiet");
    let o = run_line(
        d,
        &weak,
        &["--max-games", "20", "--batch", "20", "--out", "cut"],
    );
    let text = stdout(&o);
    assert!(text.contains("undecided at --max-games 20"), "{text}");
    assert!(
        text.contains("(undecided, the LLR's sign leans to H"),
        "{text}"
    );
    assert!(!text.contains("accepted"), "{text}");
    // Other measuring conditions (here an opponent deck of the same name
    // whose file differs): the figure does not apply.
    let opponent =
        read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("decks/nostalgix/prize-control.deck"));
    let (first, rest) = opponent.split_once("\n").unwrap();
    fs::write(
        d.join("edited/prize-control.deck"),
        format!("{first}\n# edited\n{rest}"),
    )
    .unwrap();
    let settings = read(&d.join("results/baselines/hero-rush.settings.json"));
    assert!(settings.contains("\"max_turns\": 100"), "{settings}");
    for (flags, named) in [
        (["--max-turns", "50"], "max_turns (baseline 100, now 50)"),
        (
            ["--set", "Cinder Imp.health=4"],
            "set (baseline [], now [\"Cinder Imp.health=4\"])",
        ),
        (
            ["--opponent", "edited/prize-control.deck"],
            "files.opponent",
        ),
    ] {
        let mut args = vec!["regress", "--baseline", base, "--quiet"];
        args.extend_from_slice(&flags);
        assert_fails(
            &decklab(d, &args),
            &["was recorded with other settings", named],
        );
    }
    // A strategy file is judged by what it makes the bot do in this
    // ruleset: another ruleset's weight edited leaves the baseline valid
    // (the same games: no regression), this ruleset's weight does not.
    let greedy = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies/greedy.toml"));
    for (folder, from, to) in [
        ("other", "leader_life = 0.1\n", "leader_life = 0.7\n"),
        ("own", "hero_health = 0.03\n", "hero_health = 0.3\n"),
    ] {
        assert!(greedy.contains(from), "{from}");
        fs::create_dir_all(d.join(folder)).unwrap();
        fs::write(
            d.join(folder).join("greedy.toml"),
            greedy.replacen(from, to, 1),
        )
        .unwrap();
    }
    let with_bots = |folder: &str| {
        let bot = format!("{folder}/greedy.toml");
        let args = [
            "regress",
            "--baseline",
            base,
            "--quiet",
            "--bot",
            &bot,
            "--opponent-bot",
            &bot,
            "--out",
            folder,
        ];
        decklab(d, &args)
    };
    let o = with_bots("other");
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert_fails(
        &with_bots("own"),
        &["was recorded with other settings", "bots.bot (baseline"],
    );
}

#[test]
fn regress_reads_a_matchups_baseline_over_both_seats() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    run(
        d,
        &[
            "gauntlet",
            "--deck",
            "hero-rush",
            "--field",
            "evolution",
            "--games",
            "200",
            "--quiet",
            "--out",
            "g",
        ],
    );
    let o = decklab(
        d,
        &[
            "regress",
            "--baseline",
            "g/matchups.csv",
            "--opponent",
            "evolution",
            "--quiet",
            "--out",
            "r",
        ],
    );
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    assert!(stdout(&o).contains("hero-rush (greedy) vs evolution (greedy), both seats"));
    // Both seat orders were played.
    assert_eq!(read(&d.join("r/summary.csv")).lines().count(), 3);
}

#[test]
fn regress_gates_the_rank_score_at_a_four_seat_table() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let table = ["--game", "millennium-blades", "--players", "4"];
    let mut args = vec!["regress", "--write-baseline", "--baseline", "b.csv"];
    args.extend_from_slice(&table);
    args.extend_from_slice(&RANDOM);
    args.extend_from_slice(&["--games", "200", "--quiet", "--out", "w"]);
    run(d, &args);
    // The baseline is the table's summary: one row per entry.
    let baseline = read(&d.join("b.csv"));
    assert!(
        baseline.starts_with("table,entry,deck,bot,games,"),
        "{baseline}"
    );
    assert_eq!(baseline.lines().count(), 5);
    let mut args = vec!["regress", "--baseline", "b.csv", "--out", "r", "--quiet"];
    args.extend_from_slice(&table);
    args.extend_from_slice(&RANDOM);
    let o = decklab(d, &args);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("blazing (random) at blazing + tidal + gale + shade"),
        "{text}"
    );
    assert!(text.contains("H0 rank score"), "{text}");
    // Four seats were played, every entry in every seat.
    let games = read(&d.join("r/games.csv"));
    assert!(games.starts_with("game,seed,first,deck_a,deck_b,deck_c,deck_d,"));
    // A two-seat run does not match a table's baseline.
    let o = decklab(
        d,
        &[
            "regress",
            "--baseline",
            "b.csv",
            "--game",
            "millennium-blades",
            "--quiet",
        ],
    );
    assert_fails(&o, &["has no row for blazing (greedy) vs tidal (greedy)"]);
}

#[test]
fn regress_refuses_bad_input_before_playing() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    assert_fails(
        &decklab(d, &["regress", "--baseline", "none.csv", "--out", "o"]),
        &["cannot read the baseline none.csv"],
    );
    fs::write(d.join("b.csv"), "deck_a,bot_a,deck_b,bot_b,games,wins_a,wins_b,draws,win_rate_a,ci95_low,ci95_high,win_rate_a_first,win_rate_a_second,mean_turns\nhero-rush,greedy,evolution,greedy,100,50,50,0,0.5000,0.4,0.6,0.5,0.5,10\n").unwrap();
    assert_fails(
        &decklab(d, &["regress", "--baseline", "b.csv", "--out", "o"]),
        &[
            "b.csv has no row for hero-rush (greedy) vs prize-control (greedy)",
            "its rows: hero-rush (greedy) vs evolution (greedy)",
        ],
    );
    assert_fails(
        &decklab(
            d,
            &[
                "regress",
                "--baseline",
                "b.csv",
                "--opponent",
                "evolution",
                "--h1",
                "0.7",
                "--out",
                "o",
            ],
        ),
        &["no room to test"],
    );
    assert_fails(
        &decklab(
            d,
            &[
                "regress",
                "--baseline",
                "b.csv",
                "--shard",
                "0/2",
                "--out",
                "o",
            ],
        ),
        &["cannot be sharded"],
    );
    fs::write(d.join("x.csv"), "a,b\n1,2\n").unwrap();
    assert_fails(
        &decklab(d, &["regress", "--baseline", "x.csv", "--out", "o"]),
        &["x.csv:1: expected the header"],
    );
    // Every row is checked, not only the one the flags select: a later
    // broken row, or a second row for the same matchup.
    let header = "deck_a,bot_a,deck_b,bot_b,win_rate_a,games\n";
    let good = "hero-rush,greedy,prize-control,greedy,0.6,100\n";
    for (rows, needle) in [
        (
            "hero-rush,greedy,evolution,greedy,1.5,100\n",
            "c.csv:3: expected a win rate between 0 and 1, got \"1.5\"",
        ),
        (
            "hero-rush,greedy,evolution,greedy,0.5,many\n",
            "c.csv:3: expected a number of games, got \"many\"",
        ),
        (
            "\nhero-rush,greedy,prize-control,greedy,0.4,100\n",
            "c.csv:4: a second row for hero-rush, greedy, prize-control, greedy (the first is line 2)",
        ),
    ] {
        fs::write(d.join("c.csv"), format!("{header}{good}{rows}")).unwrap();
        assert_fails(
            &decklab(d, &["regress", "--baseline", "c.csv", "--out", "o"]),
            &[needle],
        );
    }
    assert!(!d.join("o").exists());
    // A baseline that cannot be written is refused before any game.
    assert_fails(
        &decklab(
            d,
            &[
                "regress",
                "--write-baseline",
                "--baseline",
                "x.csv/new.csv",
                "--out",
                "o",
            ],
        ),
        &["--baseline x.csv/new.csv: x.csv is a file"],
    );
    assert!(!d.join("o").exists());
}

#[test]
fn compare_flags_what_a_what_if_changed() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    run(
        d,
        &["simulate", "--games", "1000", "--quiet", "--out", "before"],
    );
    // A small buff: 45 of the 1,000 games change winner, 33 towards seat
    // a. Two independent intervals (±2.8 points each) would miss it; the
    // paired interval does not.
    run(
        d,
        &[
            "simulate",
            "--games",
            "1000",
            "--quiet",
            "--out",
            "after",
            "--set",
            "Cinder Imp.health=4",
        ],
    );
    let o = decklab(d, &["compare", "before", "after"]);
    assert_eq!(o.status.code(), Some(1), "a row is flagged: {}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("B: after  (--set \"Cinder Imp.health=4\")"),
        "{text}"
    );
    assert!(text.contains("paired: both runs use seed 0"), "{text}");
    let line = |needle: &str| {
        text.lines()
            .find(|l| l.starts_with(needle))
            .unwrap_or_else(|| panic!("no {needle:?} in {text}"))
            .to_owned()
    };
    let matchup = line("hero-rush / greedy / prize-control / greedy");
    // The interval is t's with 44 degrees of freedom (45 games changed);
    // two sections were compared (the matchup, the cards), so its p-value
    // counts twice.
    assert!(
        matchup.contains(
            "+2.7 [+1.3, +4.1]  *  paired, 45 of 1000 games changed; p 0.000221, adjusted 0.000442"
        ),
        "{matchup}"
    );
    // The same, for a script.
    let o = decklab(d, &["compare", "before", "after", "--format", "csv"]);
    let csv = stdout(&o);
    assert!(csv.starts_with("section,key,a_rate,a_games,b_rate,b_games,diff,"));
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(",flagged,p_value,p_adjusted,paired_games")
    );
    assert!(
        csv.contains(",0.7150,1000,0.7420,1000,0.0270,0.0135,0.0405,true,45,true,2.21e-4,4.42e-4"),
        "{csv}"
    );
    let o = decklab(d, &["compare", "before", "after", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["paired"], true);
    assert_eq!(
        json["sections"][0]["rows"][0]["paired"]["changed_games"],
        45
    );
    // --only-changed shows the flagged rows, and no section without one:
    // the card rows, paired, flag the cards whose GIH WR moved with their
    // deck's; no store card.
    let o = decklab(d, &["compare", "before", "after", "--only-changed"]);
    let text = stdout(&o);
    assert!(text.contains("matchups (seat a's win rate)"), "{text}");
    let cards = text.split("cards (GIH WR").nth(1).expect(&text);
    let card_rows: Vec<&str> = cards.lines().filter(|l| l.contains(" / ")).collect();
    assert!(!card_rows.is_empty(), "{text}");
    assert!(
        card_rows
            .iter()
            .all(|l| l.contains("  *  paired, ") && l.contains(" games changed; p ")),
        "{text}"
    );
    assert!(!text.contains("store cards"), "{text}");
    // Identical runs differ by exactly 0 and flag nothing, the card rows
    // too: paired, with no game changed and a zero-width interval.
    let o = decklab(d, &["compare", "before", "before"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(!text.contains('*'), "{text}");
    assert!(
        line_of(&text, "hero-rush / greedy").contains("+0.0 [+0.0, +0.0]"),
        "{text}"
    );
    let cards = text.split("cards (GIH WR").nth(1).expect(&text);
    let card_rows: Vec<&str> = cards.lines().filter(|l| l.contains(" / ")).collect();
    assert!(card_rows.len() > 30, "{text}");
    for row in card_rows {
        assert!(
            row.contains("  +0.0 [+0.0, +0.0]  ")
                && row.contains("  paired, 0 of ")
                && row.ends_with(" games changed; p 1.00, adjusted 1.00"),
            "{row}"
        );
    }
    let o = decklab(d, &["compare", "before", "before", "--format", "csv"]);
    let csv = stdout(&o);
    let card_rows: Vec<&str> = csv.lines().filter(|l| l.starts_with("cards (")).collect();
    assert!(card_rows.len() > 30, "{csv}");
    assert!(
        card_rows
            .iter()
            .all(|l| l.contains(",0.0000,0.0000,0.0000,true,0,false,1.00e0,1.00e0,")),
        "{csv}"
    );
    let o = decklab(
        d,
        &[
            "compare",
            "before",
            "before",
            "--only-changed",
            "--html",
            "same.html",
        ],
    );
    assert!(
        stdout(&o).contains("\nno row changed significantly\n"),
        "{}",
        stdout(&o)
    );
    let page = read(&d.join("same.html"));
    assert!(page.contains("No row changed significantly."), "{page}");
    assert!(!page.contains("<section id=\"part-"), "{page}");
    // Another seed: unpaired, and said so.
    run(
        d,
        &[
            "simulate", "--games", "200", "--seed", "9", "--quiet", "--out", "other",
        ],
    );
    let o = decklab(d, &["compare", "before", "other"]);
    assert!(
        stdout(&o).contains("unpaired: the seeds differ"),
        "{}",
        stdout(&o)
    );
    // Runs of unrelated decks cannot be compared.
    run(
        d,
        &[
            "simulate",
            "--deck",
            "evolution",
            "--opponent",
            "token-swarm",
            "--games",
            "50",
            "--quiet",
            "--out",
            "unrelated",
        ],
    );
    assert_fails(
        &decklab(d, &["compare", "before", "unrelated"]),
        &["have no matchup in common"],
    );
    assert_fails(
        &decklab(d, &["compare", "before", "nowhere"]),
        &["cannot read nowhere/manifest.json"],
    );
}

/// `compare`'s CSV rows of the card section, by key.
fn card_rows(
    d: &Path,
    a: &str,
    b: &str,
) -> std::collections::BTreeMap<String, std::collections::HashMap<String, String>> {
    let o = decklab(d, &["compare", a, b, "--format", "csv"]);
    let path = d.join(format!("{a}-{b}.csv"));
    fs::write(&path, stdout(&o)).unwrap();
    common::csv_rows(&path)
        .into_iter()
        .filter(|r| r["section"].starts_with("cards ("))
        .map(|r| (r["key"].clone(), r))
        .collect()
}

#[test]
fn compare_pairs_the_card_rows_on_the_games_a_card_was_in_hand() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let sim = |out: &str, extra: &[&str]| {
        let o = run_line(
            d,
            "simulate --games 300 --quiet --out",
            &[&[out], extra].concat(),
        );
        assert!(o.status.success(), "{}", stderr(&o));
    };
    sim("before", &[]);
    sim("after", &["--set", "Cinder Imp.attacks.0.damage=0"]);
    // The same runs with seats.csv as it was before in_hand: the cards
    // cannot pair.
    for run in ["before", "after"] {
        let old = format!("{run}-old");
        fs::create_dir(d.join(&old)).unwrap();
        for f in files(&d.join(run)) {
            let text = read(&d.join(run).join(&f));
            let text = if f == Path::new("seats.csv") {
                let cut = |l: &str| l.rsplit_once(',').unwrap().0.to_owned() + "\n";
                text.lines().map(cut).collect()
            } else {
                text
            };
            fs::write(d.join(&old).join(&f), text).unwrap();
        }
    }
    let o = decklab(d, &["compare", "before-old", "after-old"]);
    assert!(
        stdout(&o).contains("; the others, and the cards (seats.csv without in_hand), as"),
        "{}",
        stdout(&o)
    );
    let paired = card_rows(d, "before", "after");
    let unpaired = card_rows(d, "before-old", "after-old");
    assert_eq!(
        paired.keys().collect::<Vec<_>>(),
        unpaired.keys().collect::<Vec<_>>()
    );
    assert!(paired.len() > 30, "{paired:?}");
    let cards_csv = |run: &str| -> std::collections::BTreeMap<String, (String, String)> {
        common::csv_rows(&d.join(run).join("cards.csv"))
            .into_iter()
            .map(|r| {
                let key = format!("{} / {}", r["deck"], r["card"]);
                (key, (r["gih_win_rate"].clone(), r["gih_games"].clone()))
            })
            .collect()
    };
    let (file_a, file_b) = (cards_csv("before"), cards_csv("after"));
    let number = |r: &std::collections::HashMap<String, String>, c: &str| -> f64 {
        r[c].parse().unwrap_or_else(|_| panic!("{c} of {r:?}"))
    };
    for (key, p) in &paired {
        let u = &unpaired[key];
        assert_eq!(
            (p["paired"].as_str(), u["paired"].as_str()),
            ("true", "false")
        );
        assert!(p["changed_games"].parse::<u64>().unwrap() > 0, "{p:?}");
        // G of "paired, K of G games changed": the games either run had the
        // card in hand (no mirror here, so a game is one seat of the deck).
        let g = number(p, "paired_games");
        let most = number(p, "a_games").max(number(p, "b_games"));
        assert!(
            most <= g && g <= 300.0 && number(p, "changed_games") <= g,
            "{p:?}"
        );
        assert_eq!(u["paired_games"], "", "{u:?}");
        // Both rates are cards.csv's, paired or not.
        for (side, file) in [("a", &file_a), ("b", &file_b)] {
            let rate = (
                p[&format!("{side}_rate")].clone(),
                p[&format!("{side}_games")].clone(),
            );
            assert_eq!(rate, file[key], "{key} {side}");
            assert_eq!(
                p[&format!("{side}_rate")],
                u[&format!("{side}_rate")],
                "{key}"
            );
        }
        // The same difference, a narrower interval: the games that did not
        // change say that most of the spread of two samples is not there.
        // (To the files' 4 decimals, rounded again.)
        assert!(
            (number(p, "diff") - number(u, "diff")).abs() <= 2e-4,
            "{key}: {p:?} {u:?}"
        );
        let width = |r| number(r, "diff_high") - number(r, "diff_low");
        assert!(
            width(p) < 0.75 * width(u),
            "{key}: paired {p:?}, unpaired {u:?}"
        );
    }
    // Cinder Imp's own row, attacking for nothing, is flagged.
    let imp = &paired["hero-rush / Cinder Imp"];
    assert!(
        number(imp, "diff_high") < 0.0 && imp["flagged"] == "true",
        "{imp:?}"
    );
}

#[test]
fn compare_pairs_the_matchups_over_both_seats_and_reads_rank_scores_at_more_seats() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let gauntlet = |out: &str, extra: &[&str]| {
        let mut args = vec![
            "gauntlet",
            "--deck",
            "hero-rush",
            "--field",
            "prize-control",
            "--games",
            "100",
            "--quiet",
            "--out",
            out,
        ];
        args.extend(extra);
        run(d, &args);
    };
    gauntlet("g1", &[]);
    gauntlet("g2", &["--set", "Cinder Imp.health=4"]);
    // The same seeds: a deck's games over both seats pair game by game.
    let o = decklab(d, &["compare", "g1", "g2"]);
    let text = stdout(&o);
    let both = text.split("matchups over both seats").nth(1).expect(&text);
    let row = line_of(
        both.trim_start_matches(['\n', '-', ' ']),
        "hero-rush / greedy / prize-control",
    );
    assert!(row.contains("paired, "), "{row}");
    assert!(row.contains(" of 200 games changed"), "{row}");
    // The field's ALL row pairs on the games against every opponent: here
    // the one, so it reads as that opponent's row.
    let all = line_of(
        both.trim_start_matches(['\n', '-', ' ']),
        "hero-rush / greedy / ALL",
    );
    let after_key = |l: &str| l.split_once("greedy  ").map(|(_, r)| r.trim().to_owned());
    assert_eq!(after_key(&all), after_key(&row), "{all}\n{row}");
    let o = decklab(d, &["compare", "g1", "g1"]);
    let text = stdout(&o);
    let both = text.split("matchups over both seats").nth(1).expect(&text);
    assert!(
        both.lines()
            .filter(|l| l.starts_with("hero-rush / greedy / prize-control"))
            .all(|l| l.contains("+0.0 [+0.0, +0.0]")),
        "{both}"
    );
    // At three seats a draw is a shared place: the rate compared is the
    // file's win_rate (the rank score), and rows that cannot pair say so.
    run(
        d,
        &[
            "gauntlet",
            "--game",
            "millennium-blades",
            "--players",
            "3",
            "--deck",
            "blazing",
            "--field",
            "tidal",
            "gale",
            "--games",
            "10",
            "--quiet",
            "--out",
            "m",
        ],
    );
    let matchups = fs::read_to_string(d.join("m/matchups.csv")).unwrap();
    let rate: f64 = matchups
        .lines()
        .find(|l| l.starts_with("blazing,ALL,"))
        .and_then(|l| l.split(',').nth(8))
        .and_then(|r| r.parse().ok())
        .expect(&matchups);
    let o = decklab(d, &["compare", "m", "m", "--format", "csv"]);
    let csv = stdout(&o);
    let row = csv
        .lines()
        .find(|l| l.starts_with("matchups over both seats,blazing / greedy / ALL"))
        .expect(&csv);
    assert!(row.contains(&format!(",{rate:.4},")), "{rate} in {row}");
    // Pooled over both opponents' 10 games each.
    assert!(
        row.contains(",20,0.0000,0.0000,0.0000,true,0,"),
        "paired: {row}"
    );
    // Against one opponent deck the games pair: 10 at each table.
    for opponent in ["tidal", "gale"] {
        let key = format!("matchups over both seats,blazing / greedy / {opponent} / greedy,");
        let row = line_of(&csv, &key);
        assert!(
            row.contains(",10,0.0000,0.0000,0.0000,true,0,false,1.00e0,1.00e0"),
            "paired: {row}"
        );
    }
    // blazing sits at two tables: each of its rows pairs on that table's
    // 10 games (the last column, `paired_games`); so do two entries with the same deck and bot at one table,
    // told apart by the seat rotation of each game.
    let table_row = |key: &str| line_of(&csv, &format!("tables (each entry's win share),{key},"));
    for table in ["blazing + tidal + tidal", "blazing + gale + gale"] {
        let row = table_row(&format!("{table} / a / blazing / greedy"));
        assert!(
            row.ends_with(",true,0,false,1.00e0,1.00e0,10"),
            "paired: {row}"
        );
    }
    for entry in ["b", "c"] {
        let row = table_row(&format!(
            "blazing + tidal + tidal / {entry} / tidal / greedy"
        ));
        assert!(
            row.ends_with(",true,0,false,1.00e0,1.00e0,10"),
            "paired: {row}"
        );
    }
    // Cards never in hand (Millennium Blades has no GIH) are not compared.
    assert!(!csv.contains("\ncards (GIH WR"), "{csv}");
}

#[test]
fn compare_at_more_seats_pairs_each_game_with_the_entry_that_played_it() {
    // A mirror table (blazing three times) and one with two tidal entries:
    // only each game's seat rotation tells their entries apart. A game
    // given to the wrong entry would still be counted, so the test is that
    // every paired difference is the difference of the files' rates.
    let t = TempDir::new().unwrap();
    let d = t.path();
    let gauntlet = |out: &str, extra: &[&str]| {
        let base = "gauntlet --game millennium-blades --players 3 --deck blazing --field blazing \
                    tidal --games 30 --quiet --out";
        let o = run_line(d, base, &[&[out], extra].concat());
        assert!(o.status.success(), "{}", stderr(&o));
    };
    gauntlet("before", &[]);
    gauntlet("after", &["--set", "Gust Hawk.stars=8"]);
    let o = decklab(d, &["compare", "before", "after", "--format", "csv"]);
    fs::write(d.join("compare.csv"), stdout(&o)).unwrap();
    let rows = common::csv_rows(&d.join("compare.csv"));
    let number = |row: &std::collections::HashMap<String, String>, c: &str| -> f64 {
        row[c].parse().unwrap_or_else(|_| panic!("{c} of {row:?}"))
    };
    let mut paired = 0;
    let by_game = |r: &&std::collections::HashMap<String, String>| {
        r["section"].starts_with("tables") || r["section"].starts_with("matchups")
    };
    for row in rows.iter().filter(by_game) {
        assert_eq!(row["paired"], "true", "{row:?}");
        let diff = number(row, "b_rate") - number(row, "a_rate");
        assert!((number(row, "diff") - diff).abs() < 2e-4, "{row:?}");
        paired += 1;
    }
    // Six table entries, and blazing against blazing, against tidal and
    // against the field (ALL: tidal's games, the mirror left out).
    assert_eq!(paired, 9, "{rows:?}");
    assert!(rows.iter().any(|r| r["changed_games"] != "0"), "{rows:?}");
    // The card changed is compared by its buy rate when seen
    // (mb_cards.csv), paired game by game on games.csv's store masks: the
    // paired difference is the difference of the files' rates.
    let store_row = |rows: &[std::collections::HashMap<String, String>], card: &str| {
        rows.iter()
            .find(|r| r["section"].starts_with("store cards") && r["key"] == card)
            .cloned()
            .expect("a store card row")
    };
    let hawk = store_row(&rows, "Gust Hawk");
    assert_eq!(hawk["paired"], "true", "{hawk:?}");
    let buy_rate = |run: &str| {
        let store = fs::read_to_string(d.join(run).join("mb_cards.csv")).unwrap();
        let line = store.lines().find(|l| l.starts_with("Gust Hawk,")).unwrap();
        line.split(',').nth(8).unwrap().to_owned()
    };
    assert_eq!(hawk["a_rate"], buy_rate("before"), "{hawk:?}");
    assert_eq!(hawk["b_rate"], buy_rate("after"), "{hawk:?}");
    let diff = number(&hawk, "b_rate") - number(&hawk, "a_rate");
    assert!((number(&hawk, "diff") - diff).abs() < 2e-4, "{hawk:?}");
    assert_ne!(hawk["changed_games"], "0", "{hawk:?}");
    let store_paired = rows
        .iter()
        .filter(|r| r["section"].starts_with("store cards") && r["paired"] == "true")
        .count();
    assert!(store_paired > 100, "{store_paired} store rows paired");
    // A damaged mask is bad input: the file, the line, what was expected.
    let games = d.join("before/games.csv");
    let text = fs::read_to_string(&games).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let (head, tail) = lines[2].rsplit_once(',').unwrap();
    lines[2] = format!("{head},G{tail}");
    fs::write(&games, lines.join("\n") + "\n").unwrap();
    let o = decklab(d, &["compare", "before", "after"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let said = "games.csv:3: expected a store_bought mask (lowercase hex digits), found \"G";
    assert!(stderr(&o).contains(said), "{}", stderr(&o));
    // A run from before the masks (games.csv without them): unpaired.
    let cut: String = text
        .lines()
        .map(|l| l.rsplitn(3, ',').nth(2).unwrap().to_owned() + "\n")
        .collect();
    assert!(cut.starts_with("game,") && !cut.contains("store_"), "{cut}");
    fs::write(&games, cut).unwrap();
    let o = decklab(d, &["compare", "before", "after", "--format", "csv"]);
    fs::write(d.join("compare.csv"), stdout(&o)).unwrap();
    let rows = common::csv_rows(&d.join("compare.csv"));
    let hawk = store_row(&rows, "Gust Hawk");
    assert_eq!(hawk["paired"], "false", "{hawk:?}");
    assert_eq!(hawk["b_rate"], buy_rate("after"), "{hawk:?}");
    let o = decklab(d, &["compare", "before", "after"]);
    let said = "; the others, and the store cards (games.csv without store_seen and \
                store_bought), as independent samples";
    assert!(stdout(&o).contains(said), "{}", stdout(&o));
}

#[test]
fn a_rank_score_has_the_same_interval_in_summary_and_matchups() {
    // At more than two seats matchups.csv's win_rate is the rank score, as
    // summary.csv's rank_score: the same figure, the same interval.
    let t = TempDir::new().unwrap();
    let d = t.path();
    let line = "round-robin --game millennium-blades --players 3 --games 12 --quiet --out rr";
    assert!(run_line(d, line, &[]).status.success());
    let summary = common::csv_rows(&d.join("rr/summary.csv"));
    let matchups = common::csv_rows(&d.join("rr/matchups.csv"));
    let mut checked = 0;
    for row in &summary {
        let decks: Vec<&str> = row["table"].split(" + ").collect();
        let entry = (row["entry"].as_bytes()[0] - b'a') as usize;
        let others: Vec<&str> = (0..decks.len())
            .filter(|&i| i != entry)
            .map(|i| decks[i])
            .collect();
        let opponent = others.join(" + ");
        let line = matchups
            .iter()
            .find(|m| m["deck"] == row["deck"] && m["opponent"] == opponent)
            .unwrap_or_else(|| panic!("no matchup for {row:?}"));
        assert_eq!(line["games"], row["games"], "{row:?}");
        for (m, s) in [
            ("win_rate", "rank_score"),
            ("ci95_low", "rank_score_ci95_low"),
            ("ci95_high", "rank_score_ci95_high"),
        ] {
            assert_eq!(line[m], row[s], "{m} of {line:?} against {row:?}");
        }
        checked += 1;
    }
    assert!(checked >= 30, "{checked}");
    // One game: the rate, and no interval, in both files.
    let line = "gauntlet --game millennium-blades --players 3 --deck blazing --field tidal \
                --games 1 --quiet --out one";
    assert!(run_line(d, line, &[]).status.success());
    let matchups = common::csv_rows(&d.join("one/matchups.csv"));
    let tidal = matchups.iter().find(|m| m["opponent"] == "tidal").unwrap();
    assert_eq!(tidal["games"], "1");
    assert!(!tidal["win_rate"].is_empty(), "{tidal:?}");
    assert_eq!(
        (tidal["ci95_low"].as_str(), tidal["ci95_high"].as_str()),
        ("", "")
    );
}

/// The rows of a CSV text without quoted fields, header left out, as
/// fields.
fn data_rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect()
}

fn line_of(text: &str, needle: &str) -> String {
    text.lines()
        .find(|l| l.starts_with(needle))
        .unwrap_or_else(|| panic!("no {needle:?} in {text}"))
        .to_owned()
}

/// The gate CI applies to the starter decks: every baseline committed
/// under `results/baselines/` still holds, in one call of `regress` on the
/// folder (exit 0). A deliberate change of cards or rules that moves a win
/// rate is recorded again with `regress --write-baseline` (see the README).
#[test]
fn the_committed_baselines_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/baselines");
    let t = TempDir::new().unwrap();
    let root = root.display().to_string();
    let o = decklab(
        t.path(),
        &["regress", "--baseline", &root, "--quiet", "--out", "r"],
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    let verdicts = out.lines().filter(|l| l.starts_with("  ok  ")).count();
    assert!(verdicts >= 4, "{verdicts} baselines: {out}");
}

/// A folder's exit status is its worst baseline's: a regression makes it
/// 1, a baseline that cannot be checked 2; every baseline is still gated.
#[test]
fn a_baseline_folder_exits_with_its_worst_verdict() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let committed = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("results/baselines/nostalgix/hero-rush-vs-prize-control");
    let csv = read(&committed.with_extension("csv"));
    let settings = read(&committed.with_extension("settings.json"));
    fs::create_dir_all(d.join("b/hard")).unwrap();
    fs::write(d.join("b/same.csv"), &csv).unwrap();
    fs::write(d.join("b/same.settings.json"), &settings).unwrap();
    // The same matchup claimed at a 99% win rate: today's deck regresses.
    let mut lines: Vec<String> = csv.lines().map(str::to_owned).collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let at = header.iter().position(|h| *h == "win_rate_a").unwrap();
    let mut row: Vec<String> = lines[1].split(',').map(str::to_owned).collect();
    row[at] = "0.9900".into();
    lines[1] = row.join(",");
    fs::write(d.join("b/hard/strong.csv"), lines.join("\n") + "\n").unwrap();
    fs::write(d.join("b/hard/strong.settings.json"), &settings).unwrap();
    let o = decklab(d, &["regress", "--baseline", "b", "--quiet", "--out", "r"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    assert!(out.contains("  REGRESSION  hard/strong.csv"), "{out}");
    assert!(out.contains("  ok          same.csv"), "{out}");
    assert!(d.join("r/hard/strong/summary.csv").is_file());
    // A baseline without its settings cannot be gated from a folder.
    fs::write(d.join("b/bare.csv"), &csv).unwrap();
    let o = decklab(d, &["regress", "--baseline", "b", "--quiet", "--out", "r"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(2), "{out}{}", stderr(&o));
    assert!(out.contains("  not checked bare.csv"), "{out}");
    assert!(stderr(&o).contains("bare.settings.json"), "{}", stderr(&o));
    assert!(out.contains("  REGRESSION  hard/strong.csv"), "{out}");
    // The folder chooses the decks: a --deck flag is refused.
    let o = decklab(d, &["regress", "--baseline", "b", "--deck", "evolution"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("drop --game, --deck"), "{}", stderr(&o));
}

/// README's "Gate CI" pair of commands, in a working directory of its
/// own: a baseline recorded with a deck file (and one with a strategy
/// file too) is checked by `regress` on the folder, which finds the files
/// where they were given (the baselines record the flags as typed).
#[test]
fn a_baseline_folder_finds_the_deck_and_strategy_files_it_was_recorded_with() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    fs::copy(
        repo.join("decks/nostalgix/hero-rush.deck"),
        d.join("my.deck"),
    )
    .unwrap();
    fs::copy(repo.join("strategies/greedy.toml"), d.join("mybot.toml")).unwrap();
    run(
        d,
        &[
            "regress",
            "--write-baseline",
            "--deck",
            "my.deck",
            "--baseline",
            "results/baselines/my.csv",
            "--games",
            "1000",
            "--quiet",
        ],
    );
    run(
        d,
        &[
            "regress",
            "--write-baseline",
            "--deck",
            "my.deck",
            "--bot",
            "mybot.toml",
            "--baseline",
            "results/baselines/bots/my.csv",
            "--games",
            "400",
            "--quiet",
        ],
    );
    let settings = read(&d.join("results/baselines/bots/my.settings.json"));
    assert!(settings.contains("\"my.deck\""), "{settings}");
    assert!(settings.contains("\"mybot.toml\""), "{settings}");
    let o = decklab(
        d,
        &["regress", "--baseline", "results/baselines", "--quiet"],
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    assert!(out.contains("  ok          my.csv"), "{out}");
    assert!(out.contains("  ok          bots/my.csv"), "{out}");
    // The recorded flags are no condition of the figure: the same deck by
    // another path still checks against the file.
    fs::create_dir_all(d.join("moved")).unwrap();
    fs::copy(d.join("my.deck"), d.join("moved/my.deck")).unwrap();
    let o = decklab(
        d,
        &[
            "regress",
            "--baseline",
            "results/baselines/my.csv",
            "--deck",
            "moved/my.deck",
            "--quiet",
            "--out",
            "moved-run",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    // A recorded deck file gone is named.
    fs::remove_file(d.join("my.deck")).unwrap();
    let o = decklab(
        d,
        &["regress", "--baseline", "results/baselines", "--quiet"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("deck file not found: my.deck"),
        "{}",
        stderr(&o)
    );
}

/// A baseline recorded on a card file (`--cards`) is checked on that file
/// in a folder check (which refuses `--cards` itself): the card files are
/// what the gate judges, read where they were.
#[test]
fn a_baseline_folder_checks_on_the_card_file_it_was_recorded_with() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    fs::copy(
        repo.join("decks/nostalgix/cards.toml"),
        d.join("mycards.toml"),
    )
    .unwrap();
    run(
        d,
        &[
            "regress",
            "--write-baseline",
            "--cards",
            "mycards.toml",
            "--baseline",
            "results/baselines/my.csv",
            "--games",
            "400",
            "--quiet",
        ],
    );
    let o = decklab(
        d,
        &["regress", "--baseline", "results/baselines", "--quiet"],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    fs::remove_file(d.join("mycards.toml")).unwrap();
    let o = decklab(
        d,
        &["regress", "--baseline", "results/baselines", "--quiet"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("mycards.toml"), "{}", stderr(&o));
}

/// At more than two seats the intervals printed are those of the files:
/// the baseline's its `rank_score_ci95_low`/`_high`, the run's its own
/// `summary.csv`'s (mean ± 1.96·s/√n), not Wilson's binomial interval.
#[test]
fn regress_at_a_table_prints_the_rank_score_interval_of_the_files() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let table = ["--game", "millennium-blades", "--players", "3"];
    let mut args = vec!["regress", "--write-baseline", "--baseline", "b.csv"];
    args.extend_from_slice(&table);
    args.extend_from_slice(&RANDOM);
    args.extend_from_slice(&["--games", "200", "--quiet", "--out", "w"]);
    run(d, &args);
    let mut args = vec!["regress", "--baseline", "b.csv", "--out", "r", "--quiet"];
    args.extend_from_slice(&table);
    args.extend_from_slice(&RANDOM);
    let o = decklab(d, &args);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    let text = stdout(&o);
    // Entry a's interval in a summary.csv, as the terminal prints it.
    let interval = |summary: &Path| {
        let text = read(summary);
        let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
        let at = |name: &str| rows[0].iter().position(|h| *h == name).unwrap();
        let (lo, hi) = (at("rank_score_ci95_low"), at("rank_score_ci95_high"));
        let row = rows.iter().find(|r| r[at("entry")] == "a").unwrap();
        let percent = |x: &str| format!("{:.1}%", 100.0 * x.parse::<f64>().unwrap());
        format!("(95% CI {} – {})", percent(row[lo]), percent(row[hi]))
    };
    let baseline = line_of(&text, "  baseline ");
    assert!(baseline.contains(&interval(&d.join("b.csv"))), "{text}");
    let now = line_of(&text, "  now ");
    assert!(now.contains(&interval(&d.join("r/summary.csv"))), "{text}");
}

/// A baseline row whose counts do not add up is refused at its line, as
/// is a row of no games.
#[test]
fn regress_refuses_a_baseline_row_whose_counts_do_not_add_up() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let header =
        "deck_a,bot_a,deck_b,bot_b,games,wins_a,wins_b,draws,win_rate_a,ci95_low,ci95_high\n";
    for (row, needle) in [
        (
            "hero-rush,greedy,prize-control,greedy,0,0,0,0,0.7365,0.7168,0.7553\n",
            "b.csv:2: expected a number of games of at least 1, got 0",
        ),
        (
            "hero-rush,greedy,prize-control,greedy,3,1473,527,0,0.7365,0.7168,0.7553\n",
            "b.csv:2: expected wins_a + wins_b + draws to add up to games (3), got 1473 + 527 + 0 = 2000",
        ),
    ] {
        fs::write(d.join("b.csv"), format!("{header}{row}")).unwrap();
        assert_fails(
            &decklab(d, &["regress", "--baseline", "b.csv", "--out", "o"]),
            &[needle],
        );
    }
    let header =
        "deck,opponent,bot,opponent_bot,games,wins,losses,draws,win_rate,ci95_low,ci95_high\n";
    fs::write(
        d.join("m.csv"),
        format!("{header}hero-rush,prize-control,greedy,greedy,10,5,4,0,0.5,0.2,0.8\n"),
    )
    .unwrap();
    assert_fails(
        &decklab(d, &["regress", "--baseline", "m.csv", "--out", "o"]),
        &["m.csv:2: expected wins + losses + draws to add up to games (10), got 5 + 4 + 0 = 9"],
    );
    assert!(!d.join("o").exists());
}

/// A baseline of another game, checked without `--game`, is told which
/// game its settings name.
#[test]
fn regress_names_the_game_of_a_baseline_of_another_game() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let committed = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("results/baselines/pixel-tactics/vanguard-wall-vs-arcane-rear");
    fs::copy(committed.with_extension("csv"), d.join("pt.csv")).unwrap();
    fs::copy(
        committed.with_extension("settings.json"),
        d.join("pt.settings.json"),
    )
    .unwrap();
    assert_fails(
        &decklab(d, &["regress", "--baseline", "pt.csv", "--out", "o"]),
        &[
            "pt.csv has no row for hero-rush (greedy) vs prize-control (greedy)",
            "pt.settings.json says it was recorded in pixel-tactics, and this run plays \
             nostalgix: add --game pixel-tactics",
        ],
    );
}

/// docs/commands/simulate.md: an interrupted run holds only part of its
/// games, so merging it would leave holes in games.csv. Here shard 1's
/// manifest says what a Ctrl-C leaves (`"complete": false`, fewer games
/// than its share), its rows matching the games it counts.
#[test]
fn an_interrupted_shard_is_refused() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let sim = |args: &[&str]| {
        let mut all = vec!["simulate", "--quiet"];
        all.extend_from_slice(&RANDOM);
        all.extend_from_slice(args);
        run(d, &all);
    };
    sim(&["--games", "20", "--shard", "0/2", "--out", "s0"]);
    // 7 of shard 1's 10 games, as a run stopped part-way holds them.
    sim(&["--games", "14", "--shard", "1/2", "--out", "s1"]);
    let path = d.join("s1/manifest.json");
    let mut m: serde_json::Value = serde_json::from_str(&read(&path)).unwrap();
    assert_eq!(m["games"], 7);
    m["complete"] = false.into();
    m["games_requested"] = 10.into();
    m["settings"]["games_per_pairing"] = 20.into();
    fs::write(&path, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    let o = decklab(d, &["merge", "--out", "merged", "s0", "s1"]);
    assert_fails(
        &o,
        &["s1", "interrupted with 7 of 10 games", "re-run that shard"],
    );
    assert!(!d.join("merged").exists());
}

/// Shards run with different `--log K` are not one run: the merged run
/// would have the logs of some games only.
#[test]
fn shards_of_different_log_counts_are_refused() {
    let t = TempDir::new().unwrap();
    let d = t.path();
    let sim = |args: &[&str]| {
        let mut all = vec!["simulate", "--games", "8", "--quiet"];
        all.extend_from_slice(&RANDOM);
        all.extend_from_slice(args);
        run(d, &all);
    };
    sim(&["--shard", "0/2", "--out", "s0", "--log", "2"]);
    sim(&["--shard", "1/2", "--out", "s1", "--log", "8"]);
    let m: serde_json::Value = serde_json::from_str(&read(&d.join("s1/manifest.json"))).unwrap();
    assert_eq!(m["settings"]["log_requested"], 8);
    assert_fails(
        &decklab(d, &["merge", "--out", "merged", "s0", "s1"]),
        &["not shards of the same run", "\"settings\""],
    );
    assert!(!d.join("merged").exists());
}
