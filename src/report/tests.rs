//! The page's structure, from run directories written by hand.

use std::fs;
use std::path::Path;

use tempfile::TempDir;

use super::html::heat;
use super::{REPORT, write_report};

const MANIFEST: &str = r#"{
  "decklab_version": "0.1.0",
  "git_commit": "70f4f496c6d7e9f7bb93f39c299c79e06b85475a",
  "command_line": ["decklab", "simulate", "--deck", "my deck.deck", "--games", "300"],
  "command": "simulate",
  "game": "nostalgix",
  "seed": 7,
  "games": 250,
  "games_requested": 300,
  "threads": 2,
  "settings": {"bot_a": "greedy", "max_turns": 100, "set": ["Stack-O-Fox.health=3"]},
  "files": [{"role": "deck_a", "path": "my deck.deck", "sha256": "b62513812064226461d0fd0073e9869e0faa4454f2f900d7ca15ea7198871b43"}],
  "elapsed_seconds": 0.1,
  "games_per_second": 2500.0,
  "complete": false
}
"#;

const SUMMARY: &str = "\
deck_a,bot_a,deck_b,bot_b,games,wins_a,wins_b,draws,win_rate_a,ci95_low,ci95_high,win_rate_a_first,win_rate_a_second,mean_turns
<b>Rush</b>,greedy,prize-control,greedy,250,165,85,0,0.6600,0.6047,0.7113,0.8552,0.4774,15.9767
";

/// Turn 3 of <b>Rush</b> is reached by fewer than 20 games: its line
/// stops at turn 2, and turn 4 (more games, as a file may say after a
/// merge) stays hidden.
const MANA: &str = "\
deck,turn,games,mean_resource_max,mean_resource_spent,mean_resource_unspent,mean_cards_played
<b>Rush</b>,1,250,1.0000,1.1467,0.3700,0.9300
<b>Rush</b>,2,250,2.0000,1.9833,0.0167,0.9733
<b>Rush</b>,3,19,3.0000,2.9000,0.1000,1.0000
<b>Rush</b>,4,25,4.0000,3.9000,0.1000,1.0000
prize-control,1,250,1.0000,0.8000,0.2000,0.7000
prize-control,2,250,2.0000,1.5000,0.5000,0.9000
";

const DECK_CURVE: &str = "\
deck,cost,cards_in_list,mean_played_per_game
<b>Rush</b>,1,6,1.6367
<b>Rush</b>,2,19,4.8067
prize-control,2,12,2.0000
prize-control,5,3,0.4000
";

const PACE: &str = "\
deck,turn,games,mean_score,share_won_by_turn
<b>Rush</b>,1,250,0.0000,0.0000
<b>Rush</b>,2,250,0.4300,0.1000
prize-control,1,250,0.1000,0.0000
prize-control,2,250,0.5000,0.0500
";

const ACTIONS: &str = "\
deck,turn,kind,games,mean_actions
<b>Rush</b>,1,summon,250,1.2000
<b>Rush</b>,1,attack,250,0.4000
<b>Rush</b>,2,summon,250,1.0000
prize-control,1,summon,250,0.9000
";

const MATCHUPS: &str = "\
deck,opponent,bot,opponent_bot,games,wins,losses,draws,win_rate,ci95_low,ci95_high
<b>Rush</b>,prize-control,greedy,greedy,100,60,40,0,0.6000,0.5020,0.6906
<b>Rush</b>,evolution,greedy,greedy,100,45,55,0,0.4500,0.3560,0.5476
evolution,prize-control,greedy,greedy,100,70,30,0,0.7000,0.6042,0.7810
<b>Rush</b>,ALL,greedy,greedy,200,105,95,0,0.5250,0.4558,0.5933
";

const RATINGS: &str = "\
deck,rating,ci95_low,ci95_high,games,score
evolution,1560.2,1500.1,1620.3,200,0.6250
<b>Rush</b>,1510.0,1450.0,1570.0,200,0.5250
prize-control,1429.8,1370.0,1489.6,200,0.3500
";

const CARDS: &str = "\
deck,card,copies,gih_games,gih_win_rate,gih_ci95_low,gih_ci95_high,oh_games,oh_win_rate,oh_ci95_low,oh_ci95_high,gd_games,gd_win_rate,gd_ci95_low,gd_ci95_high,gns_games,gns_win_rate,gns_ci95_low,gns_ci95_high,iwd,iwd_ci95_low,iwd_ci95_high,games_played,win_rate_played,played_ci95_low,played_ci95_high,mean_turn_played
<b>Rush</b>,Cinder Imp,4,228,0.6579,0.5940,0.7168,120,0.6700,0.5820,0.7474,150,0.6500,0.5708,0.7219,122,0.6667,0.4583,0.8259,-0.0088,-0.2000,0.1500,225,0.6533,0.5891,0.7125,3.3200
<b>Rush</b>,\"Fox & <Co>\",3,191,0.6283,0.5580,0.6936,90,0.6000,0.4968,0.6949,120,0.6400,0.5513,0.7201,159,0.7156,0.5900,0.8165,-0.0873,-0.2200,0.0600,95,0.6105,0.5104,0.7019,6.1600
prize-control,Ward Wall,2,0,,,,0,,,,0,,,,250,0.3400,0.2846,0.4003,,,,0,,,,
";

/// A run directory holding `files` (name, content).
fn run_dir(files: &[(&str, &str)]) -> TempDir {
    let dir = TempDir::new().unwrap();
    for (name, text) in files {
        fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

const REQUIRED: [(&str, &str); 2] = [("manifest.json", MANIFEST), ("summary.csv", SUMMARY)];

const OPTIONAL: [(&str, &str); 7] = [
    ("deck_curve.csv", DECK_CURVE),
    ("mana_curve.csv", MANA),
    ("prize_pace.csv", PACE),
    ("actions.csv", ACTIONS),
    ("matchups.csv", MATCHUPS),
    ("ratings.csv", RATINGS),
    ("cards.csv", CARDS),
];

/// The section id shown for each optional file.
const SECTIONS: [(&str, &str); 7] = [
    ("deck_curve.csv", "deck-curve"),
    ("mana_curve.csv", "mana-curve"),
    ("prize_pace.csv", "prize-pace"),
    ("actions.csv", "actions"),
    ("matchups.csv", "matchups"),
    ("ratings.csv", "ratings"),
    ("cards.csv", "cards"),
];

/// Writes the report of a run with `files` and returns the page.
fn page(files: &[(&str, &str)]) -> String {
    let dir = run_dir(files);
    let path = write_report(dir.path()).unwrap();
    assert_eq!(path, dir.path().join(REPORT));
    fs::read_to_string(path).unwrap()
}

fn all_files() -> Vec<(&'static str, &'static str)> {
    REQUIRED.iter().chain(&OPTIONAL).copied().collect()
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

fn has_section(html: &str, id: &str) -> bool {
    html.contains(&format!("<section id=\"{id}\">"))
}

#[test]
fn every_section_is_present_when_its_file_is() {
    let html = page(&all_files());
    for id in ["findings", "manifest", "summary"]
        .into_iter()
        .chain(SECTIONS.iter().map(|s| s.1))
    {
        assert!(has_section(&html, id), "no section {id}");
        assert!(
            html.contains(&format!("<a href=\"#{id}\">")),
            "no link to {id}"
        );
    }
    // One cost histogram, three mana charts, two prize-pace charts, two
    // action kinds, one rating chart.
    assert_eq!(html.matches("<svg").count(), 9);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.trim_end().ends_with("</html>"));
}

#[test]
fn each_optional_section_follows_its_own_file() {
    let html = page(&REQUIRED);
    for id in ["findings", "summary", "manifest"] {
        assert!(has_section(&html, id), "no section {id}");
    }
    for (_, id) in SECTIONS {
        assert!(!has_section(&html, id), "section {id} without its file");
    }
    assert!(!html.contains("<svg"));
    for (file, id) in SECTIONS {
        let mut files = REQUIRED.to_vec();
        files.push(*OPTIONAL.iter().find(|f| f.0 == file).unwrap());
        let html = page(&files);
        for (_, other) in SECTIONS {
            assert_eq!(has_section(&html, other), other == id, "{file}: {other}");
        }
    }
}

#[test]
fn manifest_is_shown() {
    let html = page(&REQUIRED);
    let m = between(&html, "<section id=\"manifest\">", "</section>");
    assert!(m.contains("decklab simulate --deck &#39;my deck.deck&#39; --games 300"));
    assert!(m.contains("250 of 300 requested"));
    assert!(m.contains("class=\"warn\">no: the run was interrupted"));
    assert!(m.contains("70f4f496c6d7e9f7bb93f39c299c79e06b85475a"));
    assert!(m.contains("b62513812064226461d0fd0073e9869e0faa4454f2f900d7ca15ea7198871b43"));
    assert!(m.contains("[&quot;Stack-O-Fox.health=3&quot;]"));
    assert!(m.contains("<dt>Seed</dt><dd>7</dd>"));
}

#[test]
fn summary_shows_the_interval() {
    let html = page(&REQUIRED);
    let s = between(&html, "<section id=\"summary\">", "</section>");
    assert!(s.contains("66.0% <small>(59.9% – 71.6%)</small>"), "{s}");
    assert!(s.contains("class=\"ci-range\" style=\"left:59.9%;width:11.7%\""));
    assert!(s.contains("165 – 85 – 0"));
    assert!(s.contains("85.5%") && s.contains("47.7%") && s.contains("16.0"));
}

#[test]
fn user_text_is_escaped() {
    let html = page(&all_files());
    assert!(!html.contains("<b>"), "unescaped deck name");
    assert!(!html.contains("<Co>"), "unescaped card name");
    assert!(html.contains("&lt;b&gt;Rush&lt;/b&gt;"));
    assert!(html.contains("Fox &amp; &lt;Co&gt;"));
    assert_eq!(html.matches("<script").count(), 1);
}

#[test]
fn page_is_self_contained() {
    let html = page(&all_files());
    let outside = html
        .replace("xmlns=\"http://www.w3.org/2000/svg\"", "")
        .to_lowercase();
    assert!(!outside.contains("http://"), "a network reference");
    assert!(!outside.contains("https://"), "a network reference");
    assert!(!outside.contains("<script src"));
    assert!(!outside.contains("<link"));
    assert!(!outside.contains("@import") && !outside.contains("url("));
}

#[test]
fn card_table_has_a_row_per_line_and_sortable_headers() {
    let html = page(&all_files());
    let t = between(&html, "<table id=\"cards-table\"", "</table>");
    assert!(t.starts_with("<table id=\"cards-table\" class=\"sortable\">"));
    let body = between(t, "<tbody>", "</tbody>");
    assert_eq!(body.matches("<tr>").count(), CARDS.lines().count() - 1);
    let head = between(t, "<thead>", "</thead>");
    // Plain headers, 17lands' names, one per shown figure.
    assert_eq!(head.matches("</th>").count(), 11);
    assert!(head.contains(">GIH WR</th>") && head.contains(">IWD</th>"));
    assert!(head.contains("<th title=\"Card\">Card</th>"));
    // Rates as percentages with the interval below, sorted by value.
    assert!(
        body.contains(
            "<td class=\"n\" data-sort=\"0.6579\">65.8%<br><small>59.4–71.7</small></td>"
        )
    );
    assert!(body.contains("data-sort=\"-0.0088\">-0.9<br><small>-20.0 to +15.0</small>"));
    // Undefined rates have an empty sort key, so they sort last.
    assert!(body.contains("<td class=\"n\" data-sort=\"\">—</td>"));
    assert!(html.contains("querySelectorAll(\"table.sortable th\")"));
}

#[test]
fn a_run_whose_cards_were_never_in_hand_has_no_card_table() {
    // Millennium Blades: no card in hand, every GNS WR the deck's.
    let never = "\
deck,card,copies,gih_games,gih_win_rate,gih_ci95_low,gih_ci95_high,gns_games,gns_win_rate,gns_ci95_low,gns_ci95_high,games_played,win_rate_played,played_ci95_low,played_ci95_high
blazing,Spark Whelp,1,0,,,,20,0.5167,0.3134,0.7146,0,,,
blazing,Ember Adept,1,0,,,,20,0.5167,0.3134,0.7146,6,0.8333,0.3627,0.9699
";
    let mut files = REQUIRED.to_vec();
    files.push(("cards.csv", never));
    let html = page(&files);
    assert!(!has_section(&html, "cards"));
    assert!(!html.contains("<a href=\"#cards\">"));
    // One card in hand in one game is enough for the table.
    let once = never.replacen("Spark Whelp,1,0,", "Spark Whelp,1,1,", 1);
    files.pop();
    files.push(("cards.csv", &once));
    assert!(has_section(&page(&files), "cards"));
}

#[test]
fn heat_map_is_a_grid_without_the_aggregate() {
    let html = page(&all_files());
    let t = between(&html, "<table id=\"matchups-table\"", "</table>");
    let body = between(t, "<tbody>", "</tbody>");
    // Rows and columns in name order: <b>Rush</b>, evolution;
    // evolution, prize-control.
    assert_eq!(body.matches("<tr>").count(), 2);
    let rush = body.find("&lt;b&gt;Rush").unwrap();
    assert!(rush < body.find(">evolution</th>").unwrap());
    let head = between(t, "<thead>", "</thead>");
    assert!(head.find(">evolution<").unwrap() < head.find(">prize-control<").unwrap());
    assert_eq!(
        between(t, "<thead>", "</thead>").matches("</th>").count(),
        3
    );
    assert_eq!(body.matches("<td").count(), 4);
    assert!(!t.contains(">ALL<"));
    assert!(t.contains("60.0%<small>100 games</small>"));
    // The colour follows the win rate.
    for rate in [0.45, 0.6, 0.7] {
        let (bg, fg) = heat(Some(rate));
        let cell = format!("background:{bg};color:{fg}\"");
        assert!(t.contains(&cell), "{cell} not in {t}");
    }
    let s = between(&html, "<section id=\"matchups\">", "</section>");
    assert!(s.contains("Against the whole field"));
    assert!(s.contains("52.5% <small>(45.6% – 59.3%)</small>"));
}

#[test]
fn ratings_have_a_table_and_a_chart() {
    let html = page(&all_files());
    let s = between(&html, "<section id=\"ratings\">", "</section>");
    let t = between(s, "<table id=\"ratings-table\"", "</table>");
    assert_eq!(between(t, "<tbody>", "</tbody>").matches("<tr>").count(), 3);
    assert!(t.contains("<td>1</td><td>evolution</td><td>1560</td><td>1500 – 1620</td>"));
    assert_eq!(s.matches("<svg").count(), 1);
}

#[test]
fn columns_are_found_by_name() {
    let summary = "\
extra,mean_turns,win_rate_a_second,win_rate_a_first,ci95_high,ci95_low,win_rate_a,draws,wins_b,wins_a,games,bot_b,deck_b,bot_a,deck_a
x,15.9767,0.4774,0.8552,0.7113,0.6047,0.6600,0,85,165,250,greedy,prize-control,greedy,hero-rush
";
    let html = page(&[("manifest.json", MANIFEST), ("summary.csv", summary)]);
    assert!(html.contains("<title>decklab report: hero-rush vs prize-control</title>"));
    assert!(html.contains("66.0% <small>(59.9% – 71.6%)</small>"));
}

/// Asserts that writing the report of a run with `files` fails with a
/// message containing `needles`, and leaves no file behind.
fn fails(files: &[(&str, &str)], needles: &[&str]) {
    let dir = run_dir(files);
    let err = format!("{:#}", write_report(dir.path()).unwrap_err());
    for n in needles {
        assert!(err.contains(n), "{n:?} not in {err:?}");
    }
    let mut left: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    let mut expected: Vec<String> = files.iter().map(|f| f.0.to_owned()).collect();
    expected.sort();
    assert_eq!(left, expected, "files left behind");
}

#[test]
fn required_files_are_named_when_missing() {
    fails(
        &[("summary.csv", SUMMARY)],
        &["manifest.json: no such file"],
    );
    fails(
        &[("manifest.json", MANIFEST)],
        &["summary.csv: no such file"],
    );
    let err = write_report(Path::new("/nonexistent/decklab-run")).unwrap_err();
    assert!(format!("{err:#}").contains("/nonexistent/decklab-run/manifest.json"));
}

#[test]
fn malformed_files_are_named_with_the_line() {
    let with = |name: &'static str, text: &'static str| {
        let mut files = all_files();
        files.retain(|f| f.0 != name);
        files.push((name, text));
        files
    };
    fails(
        &with("manifest.json", "{\n \"seed\": \"seven\"\n}"),
        &["manifest.json:2: invalid type"],
    );
    fails(&with("manifest.json", "[1,"), &["manifest.json:1:"]);
    let short = "deck,turn,games,mean_score,share_won_by_turn\nx,1,250,0.1,0.0\nx,2,250\n";
    fails(
        &with("prize_pace.csv", short),
        &["prize_pace.csv:3: 3 fields where the header has 5"],
    );
    let bad = "deck,rating,ci95_low,ci95_high,games,score\nx,1500,1400,1600,ten,0.5\n";
    fails(
        &with("ratings.csv", bad),
        &["ratings.csv:2: column games: \"ten\" is not a number"],
    );
    let nan = "deck,turn,kind,games,mean_actions\nx,1,summon,3,NaN\n";
    fails(
        &with("actions.csv", nan),
        &["actions.csv:2: column mean_actions: \"NaN\" is not a number"],
    );
    let missing = "deck,turn,games,mean_resource_max,mean_resource_spent\nx,1,2,1.0,1.0\n";
    fails(
        &with("mana_curve.csv", missing),
        &["mana_curve.csv:1: no column \"mean_resource_unspent\" in the header"],
    );
    fails(&with("summary.csv", ""), &["summary.csv:1: no header line"]);
    // A rate outside 0..1 is refused, not drawn as 750%.
    let edited = SUMMARY.replace(",0.6600,", ",7.5,");
    fails(
        &[
            ("manifest.json", MANIFEST),
            ("summary.csv", edited.as_str()),
        ],
        &["summary.csv:2: column win_rate_a: \"7.5\" is not a rate between 0 and 1"],
    );
    let edited = PACE.replace("0.4300,0.1000", "0.4300,-0.1");
    fails(
        &with("prize_pace.csv", edited.leak()),
        &["prize_pace.csv:3: column share_won_by_turn: \"-0.1\" is not a rate"],
    );
    let edited = MATCHUPS.replace("0.5020,0.6906", "0.5020,69.06");
    fails(
        &with("matchups.csv", edited.leak()),
        &["matchups.csv:2: column ci95_high: \"69.06\" is not a rate"],
    );
}

#[test]
fn rates_going_first_and_by_seat_show_their_intervals() {
    let summary = "\
deck_a,bot_a,deck_b,bot_b,games,wins_a,wins_b,draws,win_rate_a,ci95_low,ci95_high,games_a_first,win_rate_a_first,win_rate_a_first_ci95_low,win_rate_a_first_ci95_high,games_a_second,win_rate_a_second,win_rate_a_second_ci95_low,win_rate_a_second_ci95_high,mean_turns
rush,greedy,prize-control,greedy,250,165,85,0,0.6600,0.6047,0.7113,124,0.8552,0.7818,0.9068,126,0.4774,0.3935,0.5628,15.9767
";
    let html = page(&[("manifest.json", MANIFEST), ("summary.csv", summary)]);
    let row = between(&html, "<tbody>", "</tbody>");
    assert!(
        row.contains("<td>85.5%<br><small>78.2–90.7%</small></td>"),
        "{row}"
    );
    assert!(
        row.contains("<td>47.7%<br><small>39.4–56.3%</small></td>"),
        "{row}"
    );
    let table = "\
table,entry,deck,bot,games,win_share,win_share_ci95_low,win_share_ci95_high,rank_score,rank_score_ci95_low,rank_score_ci95_high,mean_score,draws,mean_turns,games_at_a,win_share_at_a,win_share_at_a_ci95_low,win_share_at_a_ci95_high,games_at_b,win_share_at_b,win_share_at_b_ci95_low,win_share_at_b_ci95_high,games_at_c,win_share_at_c,win_share_at_c_ci95_low,win_share_at_c_ci95_high,share_rank_1,share_rank_1_ci95_low,share_rank_1_ci95_high,share_rank_2,share_rank_2_ci95_low,share_rank_2_ci95_high,share_rank_3,share_rank_3_ci95_low,share_rank_3_ci95_high
x + y + z,a,x,greedy,30,0.4000,0.2459,0.5768,0.6000,0.45,0.75,10.0,0,50.0,10,0.6000,0.3127,0.8318,10,0.3000,0.1078,0.6032,10,0.3000,0.1078,0.6032,0.4000,0.2459,0.5768,0.4000,0.2459,0.5768,0.2000,0.0951,0.3731
x + y + z,b,y,greedy,30,0.3000,0.1667,0.4788,0.5000,0.35,0.65,9.0,0,50.0,10,0.3000,0.1078,0.6032,10,0.3000,0.1078,0.6032,10,0.3000,0.1078,0.6032,0.3000,0.1667,0.4788,0.4000,0.2459,0.5768,0.3000,0.1667,0.4788
";
    let html = page(&[("manifest.json", MANIFEST), ("summary.csv", table)]);
    let body = between(&html, "<tbody>", "</tbody>");
    // Three seat columns (not twelve: the interval and games columns are
    // the seat's, not seats of their own), each with its interval.
    let first = between(body, "<tr>", "</tr>");
    assert_eq!(first.matches("<td>").count(), 7 + 3, "{first}");
    assert!(
        first.contains("<td>60.0%<br><small>31.3–83.2%</small></td>"),
        "{first}"
    );
    assert!(
        first.contains("title=\"rank 1: 40.0% (24.6–57.7%)\""),
        "{first}"
    );
}

#[test]
fn invalid_utf8_is_named_with_the_line() {
    let dir = run_dir(&REQUIRED);
    fs::write(dir.path().join("cards.csv"), b"deck,card\nx,y\nx\xff,y\n").unwrap();
    let err = format!("{:#}", write_report(dir.path()).unwrap_err());
    assert!(err.contains("cards.csv:3: not valid UTF-8"), "{err}");
    assert!(!dir.path().join(REPORT).exists());
}

#[test]
fn a_failed_report_keeps_the_previous_page() {
    let dir = run_dir(&all_files());
    let path = write_report(dir.path()).unwrap();
    let before = fs::read_to_string(&path).unwrap();
    fs::write(dir.path().join("summary.csv"), "deck_a\n").unwrap();
    assert!(write_report(dir.path()).is_err());
    assert_eq!(fs::read_to_string(&path).unwrap(), before);
    let hidden = fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with('.')
        })
        .count();
    assert_eq!(hidden, 0, "temporary file left behind");
}

/// The ids of the page's sections, in order.
fn section_ids(html: &str) -> Vec<&str> {
    html.split("<section id=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect()
}

#[test]
fn the_answer_comes_first_and_the_settings_last() {
    let html = page(&all_files());
    assert_eq!(
        section_ids(&html),
        [
            "findings",
            "ratings",
            "matchups",
            "summary",
            "deck-curve",
            "mana-curve",
            "prize-pace",
            "actions",
            "cards",
            "manifest",
        ]
    );
    let nav = between(&html, "<nav>", "</nav>");
    assert!(
        nav.starts_with("<nav><a href=\"#findings\">Findings</a>"),
        "{nav}"
    );
    assert!(nav.ends_with("<a href=\"#manifest\">Run settings and inputs</a>"));
}

/// The sentences of the findings section.
fn findings(html: &str) -> Vec<&str> {
    between(html, "<ul class=\"findings\">", "</ul>")
        .split("<li>")
        .skip(1)
        .map(|li| &li[..li.find("</li>").unwrap()])
        .collect()
}

#[test]
fn a_duel_finding_states_the_winner_with_its_interval() {
    let html = page(&REQUIRED);
    assert_eq!(
        findings(&html),
        ["&lt;b&gt;Rush&lt;/b&gt; beats prize-control: 66.0% (59.9–71.6%) of 250 games."]
    );
}

#[test]
fn the_clear_strongest_deck_of_a_field_is_named() {
    let matchups = "\
deck,opponent,bot,opponent_bot,games,wins,losses,draws,win_rate,ci95_low,ci95_high
alpha,beta,greedy,greedy,200,150,50,0,0.7500,0.6855,0.8049
alpha,gamma,greedy,greedy,200,160,40,0,0.8000,0.7388,0.8498
beta,alpha,greedy,greedy,200,50,150,0,0.2500,0.1951,0.3145
beta,gamma,greedy,greedy,200,100,100,0,0.5000,0.4314,0.5686
gamma,alpha,greedy,greedy,200,40,160,0,0.2000,0.1502,0.2612
gamma,beta,greedy,greedy,200,100,100,0,0.5000,0.4314,0.5686
";
    let html = page(&[
        ("manifest.json", MANIFEST),
        ("summary.csv", SUMMARY),
        ("matchups.csv", matchups),
    ]);
    assert_eq!(
        findings(&html),
        [
            "alpha is the strongest deck: 77.5% (73.2–81.3%) against the field.",
            "gamma has the lowest win rate against the field, 35.0% (30.5–39.8%), not \
             significantly behind beta at 37.5% (32.9–42.3%).",
        ]
    );
}

#[test]
fn the_seat_advantage_is_stated_only_when_the_interval_excludes_par() {
    // 40 games; the seat moving first (seat b) wins 30 of them.
    let mut seats = String::from("game,seat,deck,bot,rank,score,first\n");
    for g in 0..40 {
        let first_wins = g < 30;
        seats += &format!("{g},a,x,greedy,{},0,0\n", if first_wins { 2 } else { 1 });
        seats += &format!("{g},b,y,greedy,{},0,1\n", if first_wins { 1 } else { 2 });
    }
    let html = page(&[
        ("manifest.json", MANIFEST),
        ("summary.csv", SUMMARY),
        ("seats.csv", &seats),
    ]);
    assert_eq!(
        findings(&html)[1],
        "The seat that moves first wins 75.0% (59.8–85.8%) of 40 two-seat games: an \
         advantage over par (50%)."
    );
    // Draws share the first place: 20 of 40 is par.
    let even = seats.replacen(",2,0,", ",1,0,", 20);
    let html = page(&[
        ("manifest.json", MANIFEST),
        ("summary.csv", SUMMARY),
        ("seats.csv", &even),
    ]);
    assert!(
        findings(&html)[1].ends_with("no significant seat advantage (par 50%)."),
        "{html}"
    );
    // A game where no seat moves first (Millennium Blades) says nothing
    // of a first seat.
    let unordered = seats.replace(",0,1\n", ",0,0\n");
    let html = page(&[
        ("manifest.json", MANIFEST),
        ("summary.csv", SUMMARY),
        ("seats.csv", &unordered),
    ]);
    assert!(
        !findings(&html).iter().any(|f| f.contains("moves first")),
        "{:?}",
        findings(&html)
    );
}

#[test]
fn the_cards_with_the_largest_and_lowest_iwd_are_named() {
    let html = page(&all_files());
    let f = findings(&html);
    // Ward Wall, in hand in no game, is left out.
    assert_eq!(
        f[f.len() - 3..f.len() - 1],
        [
            "Among cards in hand in 100 games or more and not in hand in as many, Cinder Imp \
             (&lt;b&gt;Rush&lt;/b&gt;) has the largest IWD: -0.9 points (-20.0 to +15.0), an \
             interval that holds 0.",
            "Among cards in hand in 100 games or more and not in hand in as many, Fox &amp; \
             &lt;Co&gt; (&lt;b&gt;Rush&lt;/b&gt;) has the lowest IWD: -8.7 points (-22.0 to \
             +6.0), an interval that holds 0.",
        ]
    );
    assert!(
        f[f.len() - 1].contains("does not show the card caused"),
        "{f:?}"
    );
}

#[test]
fn a_run_whose_cards_were_never_in_hand_has_no_iwd_finding() {
    // Millennium Blades: every card's GIH games 0, no IWD.
    let header = CARDS.lines().next().unwrap_or_default();
    let never = format!(
        "{header}\nblazing,Spark Whelp,1,0,,,,0,,,,0,,,,20,0.5167,0.3134,0.7146,,,,0,,,,\n"
    );
    let mut files = REQUIRED.to_vec();
    files.push(("cards.csv", &never));
    let html = page(&files);
    let f = findings(&html);
    assert!(!f.iter().any(|s| s.contains("IWD")), "{f:?}");
}

#[test]
fn a_card_seldom_missing_from_hand_is_not_ranked_by_iwd() {
    // IWD = GIH WR − GNS WR: a card not in hand in 8 games, all won, has a
    // "significant" IWD of −53 points that 8 games cannot carry.
    let few_unseen = CARDS.replace(
        ",0.7201,159,0.7156,0.5900,0.8165,-0.0873,-0.2200,0.0600,",
        ",0.7201,8,1.0000,0.6756,1.0000,-0.5310,-0.6010,-0.1990,",
    );
    let files: Vec<(&str, &str)> = all_files()
        .into_iter()
        .map(|(name, text)| {
            (
                name,
                if name == "cards.csv" {
                    &few_unseen
                } else {
                    text
                },
            )
        })
        .collect();
    let html = page(&files);
    let f = findings(&html);
    assert!(!f.iter().any(|s| s.contains("Fox")), "{f:?}");
    assert!(
        f.iter()
            .any(|s| s.contains("Cinder Imp") && s.contains("largest")),
        "{f:?}"
    );
}

/// `summary.csv` and the tallies of `stats.json` of a four-seat run
/// (`simulate --game millennium-blades --players 4 --games 50`): gale's
/// win share is 17 of 50, its Wilson interval 22.44%–47.846%, which the
/// file rounds to 0.4785.
const SUMMARY_4: &str = "\
table,entry,deck,bot,games,win_share,win_share_ci95_low,win_share_ci95_high,rank_score,rank_score_ci95_low,rank_score_ci95_high,mean_score,draws,mean_turns,games_at_a,win_share_at_a,win_share_at_a_ci95_low,win_share_at_a_ci95_high,games_at_b,win_share_at_b,win_share_at_b_ci95_low,win_share_at_b_ci95_high,games_at_c,win_share_at_c,win_share_at_c_ci95_low,win_share_at_c_ci95_high,games_at_d,win_share_at_d,win_share_at_d_ci95_low,win_share_at_d_ci95_high,share_rank_1,share_rank_1_ci95_low,share_rank_1_ci95_high,share_rank_2,share_rank_2_ci95_low,share_rank_2_ci95_high,share_rank_3,share_rank_3_ci95_low,share_rank_3_ci95_high,share_rank_4,share_rank_4_ci95_low,share_rank_4_ci95_high
blazing + tidal + gale + shade,a,blazing,greedy,50,0.2400,0.1430,0.3741,0.4933,0.3929,0.5947,101.0400,0,3.0000,13,0.2308,0.0818,0.5026,13,0.5385,0.2914,0.7679,12,0.1667,0.0470,0.4480,12,0.0000,0.0000,0.2425,0.2400,0.1430,0.3741,0.2400,0.1430,0.3741,0.2800,0.1747,0.4167,0.2400,0.1430,0.3741
blazing + tidal + gale + shade,b,tidal,greedy,50,0.2400,0.1430,0.3741,0.4933,0.3915,0.5961,98.7600,0,3.0000,12,0.3333,0.1381,0.6094,13,0.1538,0.0433,0.4223,13,0.2308,0.0818,0.5026,12,0.2500,0.0889,0.5323,0.2400,0.1430,0.3741,0.2600,0.1587,0.3955,0.2400,0.1430,0.3741,0.2600,0.1587,0.3955
blazing + tidal + gale + shade,c,gale,greedy,50,0.3400,0.2244,0.4785,0.5133,0.4018,0.6230,99.5400,0,3.0000,12,0.3333,0.1381,0.6094,12,0.4167,0.1933,0.6805,13,0.3846,0.1771,0.6448,13,0.2308,0.0818,0.5026,0.3400,0.2244,0.4785,0.1400,0.0695,0.2619,0.2400,0.1430,0.3741,0.2800,0.1747,0.4167
blazing + tidal + gale + shade,d,shade,greedy,50,0.1800,0.0977,0.3080,0.5000,0.4051,0.5949,99.0800,0,3.0000,13,0.0000,0.0000,0.2281,12,0.2500,0.0889,0.5323,12,0.2500,0.0889,0.5323,13,0.2308,0.0818,0.5026,0.1800,0.0977,0.3080,0.3600,0.2414,0.4986,0.2400,0.1430,0.3741,0.2200,0.1275,0.3524
";

const STATS_4: &str = r#"{"format": 2, "stats": {"matchups": [[{"decks": ["blazing", "tidal", "gale", "shade"], "bots": ["greedy", "greedy", "greedy", "greedy"]}, {"games": 50, "entries": [{"rank_score": {"games": 50, "units": 2960, "units_sq": 272000}, "win_share": {"games": 50, "units": 1440, "units_sq": 172800}, "first": {"games": 0, "units": 0, "units_sq": 0}, "second": {"games": 0, "units": 0, "units_sq": 0}, "final_score": 5052, "by_seat": [{"games": 13, "units": 360, "units_sq": 43200}, {"games": 13, "units": 840, "units_sq": 100800}, {"games": 12, "units": 240, "units_sq": 28800}, {"games": 12, "units": 0, "units_sq": 0}], "ranks": [12, 12, 14, 12]}, {"rank_score": {"games": 50, "units": 2960, "units_sq": 275200}, "win_share": {"games": 50, "units": 1440, "units_sq": 172800}, "first": {"games": 0, "units": 0, "units_sq": 0}, "second": {"games": 0, "units": 0, "units_sq": 0}, "final_score": 4938, "by_seat": [{"games": 12, "units": 480, "units_sq": 57600}, {"games": 13, "units": 240, "units_sq": 28800}, {"games": 13, "units": 360, "units_sq": 43200}, {"games": 12, "units": 360, "units_sq": 43200}], "ranks": [12, 13, 12, 13]}, {"rank_score": {"games": 50, "units": 3080, "units_sq": 308800}, "win_share": {"games": 50, "units": 2040, "units_sq": 244800}, "first": {"games": 0, "units": 0, "units_sq": 0}, "second": {"games": 0, "units": 0, "units_sq": 0}, "final_score": 4977, "by_seat": [{"games": 12, "units": 480, "units_sq": 57600}, {"games": 12, "units": 600, "units_sq": 72000}, {"games": 13, "units": 600, "units_sq": 72000}, {"games": 13, "units": 360, "units_sq": 43200}], "ranks": [17, 7, 12, 14]}, {"rank_score": {"games": 50, "units": 3000, "units_sq": 264000}, "win_share": {"games": 50, "units": 1080, "units_sq": 129600}, "first": {"games": 0, "units": 0, "units_sq": 0}, "second": {"games": 0, "units": 0, "units_sq": 0}, "final_score": 4954, "by_seat": [{"games": 13, "units": 0, "units_sq": 0}, {"games": 12, "units": 360, "units_sq": 43200}, {"games": 12, "units": 360, "units_sq": 43200}, {"games": 13, "units": 360, "units_sq": 43200}], "ranks": [9, 18, 12, 11]}], "rankings": [[[1, 2, 3, 4], 1], [[1, 2, 4, 3], 3], [[1, 3, 2, 4], 1], [[1, 3, 4, 2], 1], [[1, 4, 2, 3], 2], [[1, 4, 3, 2], 4], [[2, 1, 3, 4], 3], [[2, 1, 4, 3], 2], [[2, 3, 1, 4], 1], [[2, 3, 4, 1], 4], [[2, 4, 1, 3], 2], [[3, 1, 4, 2], 2], [[3, 2, 1, 4], 5], [[3, 2, 4, 1], 2], [[3, 4, 1, 2], 4], [[3, 4, 2, 1], 1], [[4, 1, 2, 3], 2], [[4, 1, 3, 2], 3], [[4, 2, 1, 3], 1], [[4, 2, 3, 1], 1], [[4, 3, 1, 2], 4], [[4, 3, 2, 1], 1]], "turns": 150, "reasons": {"victory_points": 50}}]], "decks": {}}}"#;

// docs/commands/report.md: with stats.json the page shows the figures
// the terminal printed (`22.4% – 47.8%`), not the 4-decimal table's
// rounded again (0.4785 as 47.9%).
#[test]
fn rates_come_from_the_tallies_not_the_rounded_tables() {
    let files = [("manifest.json", MANIFEST), ("summary.csv", SUMMARY_4)];
    let rounded = page(&files);
    assert!(
        findings(&rounded)[0].contains("34.0% (22.4–47.9%)"),
        "{:?}",
        findings(&rounded)
    );
    let mut files = files.to_vec();
    files.push(("stats.json", STATS_4));
    let html = page(&files);
    let f = findings(&html);
    assert!(
        f[0].starts_with("gale wins the most first places: 34.0% (22.4–47.8%) of 50"),
        "{f:?}"
    );
    // The summary table too (gale's win share and its share of first
    // places, the only figures of the file at 0.4785).
    assert!(!html.contains("47.9%"));
    assert_eq!(
        html.matches("47.8%").count(),
        rounded.matches("47.9%").count()
    );
}

#[test]
fn a_run_at_four_seats_has_findings_per_table() {
    let summary = "\
table,entry,deck,bot,games,win_share,win_share_ci95_low,win_share_ci95_high,rank_score,rank_score_ci95_low,rank_score_ci95_high,mean_score,draws,mean_turns,win_share_at_a,win_share_at_b,win_share_at_c,win_share_at_d,share_rank_1,share_rank_2,share_rank_3,share_rank_4
b + t + g + s,a,blazing,greedy,20,0.3500,0.1812,0.5671,0.6000,0.4457,0.7543,106.6000,0,131.7500,0.2000,0.0000,0.6000,0.6000,0.3500,0.2000,0.3500,0.1000
b + t + g + s,b,tidal,greedy,20,0.1500,0.0524,0.3604,0.4333,0.2754,0.5912,104.7000,0,131.7500,0.0000,0.0000,0.2000,0.4000,0.1500,0.3000,0.2500,0.3000
b + t + g + s,c,gale,greedy,20,0.2500,0.1119,0.4687,0.5333,0.3733,0.6934,103.5500,0,131.7500,0.0000,0.0000,0.6000,0.4000,0.2500,0.3000,0.2500,0.2000
b + t + g + s,d,shade,greedy,20,0.2500,0.1119,0.4687,0.4333,0.2492,0.6175,104.4500,0,131.7500,0.4000,0.0000,0.4000,0.2000,0.2500,0.2000,0.1500,0.4000
";
    let html = page(&[("manifest.json", MANIFEST), ("summary.csv", summary)]);
    assert_eq!(
        findings(&html),
        [
            "blazing wins the most first places: 35.0% (18.1–56.7%) of 20 four-seat games, \
             not significantly different from par (25%).",
            "tidal wins the fewest first places: 15.0% (5.2–36.0%) of 20 four-seat games, not \
             significantly different from par (25%).",
        ]
    );
    // One table: its name is the title, not a column.
    let head = between(&html, "<thead>", "</thead>");
    assert!(head.starts_with("<thead><tr><th>entry</th>"), "{head}");
}

#[test]
fn per_turn_lines_stop_where_fewer_than_20_games_reach_the_turn() {
    let html = page(&all_files());
    let s = between(&html, "<section id=\"mana-curve\">", "</section>");
    assert!(s.contains("A line stops at the first turn fewer than 20"));
    // Each deck's line has its two turns (the axes' and legend's lines
    // have two points too); without the stop, <b>Rush</b>'s has four.
    let longest = s
        .split("points=\"")
        .skip(1)
        .map(|p| p[..p.find('"').unwrap()].split_whitespace().count())
        .max();
    assert_eq!(longest, Some(2));
}

#[test]
fn chart_titles_name_the_resource_and_the_notes_say_what_a_turn_is() {
    let manifest = MANIFEST.replace(
        "\"seed\": 7,",
        "\"seed\": 7, \"terms\": {\"health\": \"money\", \"resource\": \"dollars\", \
         \"score\": \"victory points\", \"turn\": \"a round <of all>\"},",
    );
    let mut files = all_files();
    files[0] = ("manifest.json", &manifest);
    let html = page(&files);
    let mana = between(&html, "<section id=\"mana-curve\">", "</section>");
    for title in ["Dollars spent", "Dollars unspent", "Most dollars available"] {
        assert!(
            mana.contains(&format!(">\n{title}\n</text>")),
            "no title {title}"
        );
    }
    for id in ["mana-curve", "prize-pace", "actions"] {
        let s = between(&html, &format!("<section id=\"{id}\">"), "</section>");
        assert!(
            s.contains("A turn is a round &lt;of all&gt;. A line stops"),
            "{id}"
        );
    }
    // A manifest that does not say what a turn is: no such sentence.
    let html = page(&all_files());
    assert!(html.contains(">\nResource spent\n</text>"));
    assert!(!html.contains("A turn is"));
}

#[test]
fn the_share_won_is_banded_for_two_decks_and_drawn_as_lines_alone_for_more() {
    let html = page(&all_files());
    let s = between(&html, "<section id=\"prize-pace\">", "</section>");
    assert_eq!(s.matches("<polygon").count(), 2);
    assert!(s.contains("the shaded band is the 95% Wilson interval"));
    // Four decks (a Millennium Blades table): four bands would overlap
    // into one grey patch over the lines.
    let mut four = String::from(PACE);
    for deck in ["tidal", "gale"] {
        four.push_str(&format!(
            "{deck},1,250,0.1000,0.0000\n{deck},2,250,0.4000,0.2000\n"
        ));
    }
    let mut files = REQUIRED.to_vec();
    files.push(("prize_pace.csv", &four));
    let html = page(&files);
    let s = between(&html, "<section id=\"prize-pace\">", "</section>");
    assert_eq!(s.matches("<polygon").count(), 0);
    assert!(s.contains("shaded only for up to 2 decks (prize_pace.csv has it)"));
}

#[test]
fn the_deck_cost_histogram_has_a_bar_per_deck_and_cost() {
    let html = page(&all_files());
    let s = between(&html, "<section id=\"deck-curve\">", "</section>");
    assert!(s.contains("Cards in the list by cost"));
    // Four bars, two legend samples; the background and the legend's box
    // and border.
    assert_eq!(s.matches("<rect").count(), 4 + 2 + 3);
    // A ruleset without costs (all 0) has no histogram.
    let flat = "deck,cost,cards_in_list,mean_played_per_game\nx,0,40,0.0000\n";
    let html = page(&[
        ("manifest.json", MANIFEST),
        ("summary.csv", SUMMARY),
        ("deck_curve.csv", flat),
    ]);
    assert!(!has_section(&html, "deck-curve"));
}

#[test]
fn a_deck_with_an_all_line_is_measured_by_it() {
    // <b>Rush</b> has a line against ALL (its interval is the file's);
    // evolution's matchups are summed.
    let html = page(&all_files());
    assert_eq!(
        findings(&html)[..2],
        [
            "evolution is the strongest deck: 70.0% (60.4–78.1%) against the field.",
            "&lt;b&gt;Rush&lt;/b&gt; is the weakest deck: 52.5% (45.6–59.3%) against the field.",
        ]
    );
}

/// `mb_cards.csv` of `n` cards, card `k` of lift `(k - n/2) / 100` (its
/// interval ±0.05), so the first and last cards' lifts exclude 0.
fn store_cards(n: usize) -> String {
    let mut text = String::from(
        "card,set,tier,stars,price,games,seen_games,buy_rate,buy_rate_ci95_low,\
         buy_rate_ci95_high,lift,lift_ci95_low,lift_ci95_high,verdict\n",
    );
    for k in 0..n {
        let lift = (k as f64 - n as f64 / 2.0) / 100.0;
        let verdict = match lift {
            l if l > 0.05 => "under-priced",
            l if l < -0.05 => "over-priced",
            _ => "fair",
        };
        text.push_str(&format!(
            "Card {k:02},Core,core,{},{},40,30,0.5,0.4,0.6,{lift:.4},{:.4},{:.4},{verdict}\n",
            1 + k % 10,
            3 + k % 4,
            lift - 0.05,
            lift + 0.05
        ));
    }
    text
}

const STORE_ROUNDS: &str = "\
round,seat,games,tournaments,mean_vp_tournament,mean_vp_collection,mean_vp_money
1,a,40,40,14.0,3.5,0.0
1,b,40,40,12.0,4.5,0.0
2,a,40,40,18.0,5.0,0.0
2,b,40,40,16.0,6.0,0.0
3,a,40,40,28.0,6.0,30.0
3,b,40,40,26.0,8.0,28.0
";

const GRANT: &str = "\
rank,card,seat,games,effect,effect_ci95_low,effect_ci95_high
1,Card 39,a,40,0.3800,0.2700,0.4900
2,Card 01,a,40,-0.0100,-0.1200,0.1000
";

#[test]
fn the_store_page_ranks_cards_by_lift_and_draws_the_experiment() {
    let cards = store_cards(40);
    let mut files = REQUIRED.to_vec();
    assert!(
        !has_section(&page(&files), "store"),
        "a store page without mb_cards.csv"
    );
    files.push(("mb_cards.csv", &cards));
    let html = page(&files);
    let store = between(&html, "<section id=\"store\">", "</section>");
    // The scatter alone: no VP chart without mb_tournaments.csv, no grant.
    assert_eq!(store.matches("<svg").count(), 1);
    assert!(store.contains("Price against lift"));
    assert!(!store.contains("The grant experiment"));
    // The 15 cards of highest lift, highest first; then the 15 of lowest
    // lift, lowest first: cards 10 to 24 are in neither.
    let top = between(store, "cards of highest lift", "cards of lowest lift");
    let bottom = &store[store.find("cards of lowest lift").unwrap()..];
    let names = |text: &str| -> Vec<String> {
        text.split("<td>Card ")
            .skip(1)
            .map(|s| s[..2].to_owned())
            .collect()
    };
    let expect = |range: Vec<usize>| -> Vec<String> {
        range.into_iter().map(|k| format!("{k:02}")).collect()
    };
    assert_eq!(names(top), expect((25..40).rev().collect()));
    assert_eq!(names(bottom), expect((0..15).collect()));
    assert!(top.contains("+0.190 <small>(+0.140 to +0.240)</small>"));
    files.push(("mb_tournaments.csv", STORE_ROUNDS));
    files.push(("mb_grant.csv", GRANT));
    let html = page(&files);
    let store = between(&html, "<section id=\"store\">", "</section>");
    assert!(store.contains("VP per seat by source and round"));
    // Three rounds of three stacked sources.
    assert_eq!(store.matches("<svg").count(), 3);
    let grant = &store[store.find("The grant experiment").unwrap()..];
    assert!(grant.contains("2 of 2 cards"));
    let first = grant.find("Card 39 (seat a, 40 games)").unwrap();
    assert!(first < grant.find("Card 01 (seat a, 40 games)").unwrap());
    // Only the card whose interval excludes 0 is highlighted.
    assert_eq!(grant.matches("#fff3cd").count(), 1);
}

/// `stats.json` of a run whose store cards of [`store_cards`] were bought
/// in `bought(k)` seat-games and passed on in 60.
fn store_stats(n: usize, bought: impl Fn(usize) -> u64) -> String {
    use crate::stats::{RunStats, Score, StoreCardStats, StoreStats};
    let mut store = StoreStats::default();
    for k in 0..n {
        let card = StoreCardStats {
            bought: Score {
                games: bought(k),
                units: 0,
                units_sq: 0,
            },
            not_bought: Score {
                games: 60,
                units: 0,
                units_sq: 0,
            },
            ..StoreCardStats::default()
        };
        store.cards.insert(format!("Card {k:02}"), card);
    }
    let stats = RunStats {
        store: Some(store),
        ..RunStats::default()
    };
    serde_json::json!({ "format": crate::output::STATS_FORMAT, "stats": stats }).to_string()
}

/// The numbers a chart's axis labels print with a decimal point (the
/// lift axis of the price scatter; prices are whole).
fn decimal_labels(svg: &str) -> Vec<f64> {
    svg.split("</text>")
        .filter_map(|t| t.rsplit('>').next())
        .filter(|t| t.contains('.'))
        .filter_map(|t| t.trim().replace('\u{2212}', "-").parse().ok())
        .collect()
}

// docs/commands/report.md, the store page: the cards of highest and
// lowest lift are ranked among those bought and passed on in 10
// seat-games or more (a verdict's minimum), and the lift axis stays
// within [-1, 1], the range of any lift, even for an interval beyond it
// (as files written before the intervals were clipped have).
#[test]
fn lifts_are_ranked_among_cards_with_enough_games_on_an_axis_within_a_lift() {
    // Card 39, of the highest lift, bought in 2 games: its interval of a
    // t with 1 degree of freedom; cards 38 and 0 bought in 9.
    let cards = store_cards(40).replace(",0.1900,0.1400,0.2400,", ",0.1900,-3.2770,2.9436,");
    let stats = store_stats(40, |k| match k {
        39 => 2,
        38 | 0 => 9,
        _ => 30,
    });
    let mut files = REQUIRED.to_vec();
    files.push(("mb_cards.csv", &cards));
    files.push(("stats.json", &stats));
    let html = page(&files);
    let store = between(&html, "<section id=\"store\">", "</section>");
    let top = between(store, "cards of highest lift", "cards of lowest lift");
    let bottom = &store[store.find("cards of lowest lift").unwrap()..];
    let names = |text: &str| -> Vec<usize> {
        text.split("<td>Card ")
            .skip(1)
            .map(|s| s[..2].parse().unwrap())
            .collect()
    };
    assert_eq!(names(top), (23..38).rev().collect::<Vec<_>>());
    assert_eq!(names(bottom), (1..16).collect::<Vec<_>>());
    assert!(store.contains("Ranked among the 37 cards"), "{store}");
    assert!(store.contains("3 cards with fewer are left out"));
    // The scatter still shows every card, its axis from -1 to 1.
    let scatter = between(store, "<svg", "</svg>");
    let labels = decimal_labels(scatter);
    assert!(
        labels.contains(&-1.0) && labels.contains(&1.0),
        "{labels:?}"
    );
    assert!(labels.iter().all(|y| y.abs() <= 1.0), "{labels:?}");
    // Without stats.json, which holds the counts, every card is ranked.
    let html = page(&files[..3]);
    let store = between(&html, "<section id=\"store\">", "</section>");
    let top = between(store, "cards of highest lift", "cards of lowest lift");
    assert_eq!(names(top), (25..40).rev().collect::<Vec<_>>());
    assert!(!store.contains("Ranked among"));
}

// Duel Mode scores no VP: no chart of VP by source, whose bars would all
// be 0 on an axis of nothing.
#[test]
fn a_run_without_vp_has_no_vp_chart() {
    let cards = store_cards(10);
    let mut files = REQUIRED.to_vec();
    files.push(("mb_cards.csv", &cards));
    let no_vp = "round,seat,games,tournaments,mean_vp_tournament,mean_vp_collection,mean_vp_money
1,a,40,40,0.0,0.0,0.0
1,b,40,40,0.0,0.0,0.0
";
    files.push(("mb_tournaments.csv", no_vp));
    let html = page(&files);
    let store = between(&html, "<section id=\"store\">", "</section>");
    assert!(!store.contains("VP per seat by source and round"));
    assert_eq!(store.matches("<svg").count(), 1);
}
