//! `decklab optimize` driven as a user would: real processes on
//! temporary directories, small plans (one field deck, a pool file of a
//! few cards) so that each run takes seconds.
//!
//! The weakened list is the hero-rush starter deck with two of its four
//! Thornback Boars replaced by Astral Archons, a Level 3 Fighter whose
//! lower levels (Wisp Seer…) hero-rush does not hold, so it can never be
//! played: rules/nostalgix.txt, "Fighter Evolution": "Fighters that are
//! Level 2 or Level 3 will need a lower level to be in play already,
//! before they can be played". Lighthouse Keeper (from Lantern Bearer) is
//! as dead in hero-rush and prize-control.

use std::collections::HashMap;
use std::fs;
use std::path::Path;
use std::process::Child;
use std::thread::sleep;
use std::time::{Duration, Instant};

use tempfile::TempDir;

mod common;
use common::{assert_fails, csv_rows, decklab, signal, spawn_decklab, stderr, wait};

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

fn hero_rush() -> String {
    fs::read_to_string(repo("decks/nostalgix/hero-rush.deck")).unwrap()
}

/// Writes the weakened list and the pool file into `dir`.
fn inputs(dir: &Path) {
    let weakened = hero_rush().replace("4 Thornback Boar\n", "2 Thornback Boar\n2 Astral Archon\n");
    assert_ne!(weakened, hero_rush());
    fs::write(dir.join("weak.deck"), weakened).unwrap();
    fs::write(
        dir.join("mine.pool"),
        "4 Thornback Boar\n4 Astral Archon\n4 Lighthouse Keeper\n",
    )
    .unwrap();
}

/// The plan of every run here: 30 rounds (60 games) for a race's first
/// stage and 1,000 rounds (2,000 games) for a confirmation. A step may
/// play up to 6,460 games, so a budget of 7,000 plays one step and one
/// of 14,000 two.
const PLAN: [&str; 8] = [
    "--field",
    "prize-control",
    "--pool",
    "mine.pool",
    "--screen",
    "30",
    "--confirm",
    "1000",
];

/// Runs optimize on `deck` in `dir` with the plan, `budget`, `threads`
/// and `out`; asserts success.
fn optimize(dir: &Path, deck: &str, budget: &str, threads: &str, out: &str) {
    let mut args = vec![
        "optimize", "--deck", deck, "--budget", budget, "-j", threads,
    ];
    args.extend(PLAN);
    args.extend(["--out", out, "--quiet"]);
    let o = decklab(dir, &args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
}

/// The lines of `optimize.csv` in `out`, each a map from column name to
/// field.
fn rows(dir: &Path, out: &str) -> Vec<HashMap<String, String>> {
    csv_rows(&dir.join(out).join("optimize.csv"))
}

/// Starts optimize on the weakened list into `out` with `budget`, on one
/// thread, with `confirm` rounds per confirmation (stderr piped).
fn spawn(dir: &Path, budget: &str, confirm: &str, out: &str) -> Child {
    let mut args = vec![
        "optimize",
        "--deck",
        "weak.deck",
        "--budget",
        budget,
        "-j",
        "1",
    ];
    args.extend(&PLAN[..PLAN.len() - 1]);
    args.extend([confirm, "--out", out, "--quiet"]);
    spawn_decklab(dir, &args)
}

fn read(dir: &Path, path: &str) -> String {
    fs::read_to_string(dir.join(path)).unwrap()
}

#[test]
fn a_weakened_list_gets_its_card_back_the_same_at_any_thread_count() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    inputs(d);
    optimize(d, "weak.deck", "7000", "1", "one");
    optimize(d, "weak.deck", "7000", "2", "two");
    let found = rows(d, "one");
    assert_eq!(found.len(), 1, "{found:?}");
    let r = &found[0];
    // A Thornback Boar comes back, for a gain the fresh seeds confirm.
    assert_eq!(
        (r["step"].as_str(), r["in"].as_str()),
        ("1", "Thornback Boar"),
        "{r:?}"
    );
    assert_eq!(r["accepted"], "true", "{r:?}");
    let x = |c: &str| -> f64 { r[c].parse().unwrap() };
    let (before, after) = (x("win_rate_before"), x("win_rate_after"));
    assert!(x("paired_low") > 0.0 && after > before, "{r:?}");
    assert_eq!(r["games"], "2000");
    // Each rate has its own interval, within which it lies.
    for rate in ["win_rate_before", "win_rate_after"] {
        let (low, high) = (
            x(&format!("{rate}_ci95_low")),
            x(&format!("{rate}_ci95_high")),
        );
        assert!(
            low < x(rate) && x(rate) < high && high - low < 0.1,
            "{rate}: {r:?}"
        );
    }
    // The improved list holds it, and validate accepts the file.
    let list = read(d, "one/weak-optimized.deck");
    assert!(list.contains("3 Thornback Boar\n"), "{list}");
    let o = decklab(d, &["validate", "one/weak-optimized.deck"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Threads change nothing.
    for file in ["optimize.csv", "weak-optimized.deck"] {
        assert_eq!(
            read(d, &format!("one/{file}")),
            read(d, &format!("two/{file}"))
        );
    }
    let page = read(d, "one/report.html");
    assert!(page.contains("Thornback Boar") && page.contains("<pre>"));
}

#[test]
fn a_run_stopped_by_its_budget_resumes_to_the_same_end() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    inputs(d);
    optimize(d, "weak.deck", "14000", "1", "straight");
    optimize(d, "weak.deck", "7000", "2", "resumed");
    assert_eq!(rows(d, "resumed").len(), 1);
    optimize(d, "weak.deck", "14000", "2", "resumed");
    let straight = rows(d, "straight");
    assert_eq!(straight.len(), 2, "{straight:?}");
    assert_eq!(
        read(d, "straight/optimize.csv"),
        read(d, "resumed/optimize.csv")
    );
    assert_eq!(
        read(d, "straight/weak-optimized.deck"),
        read(d, "resumed/weak-optimized.deck")
    );
    // Other settings into the same directory are refused.
    let o = decklab(
        d,
        &[
            "optimize",
            "--deck",
            "weak.deck",
            "--field",
            "evolution",
            "--pool",
            "mine.pool",
            "--out",
            "resumed",
        ],
    );
    assert_fails(
        &o,
        &["resumed holds an optimize run with other settings", "field"],
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_steps_done_and_the_same_command_resumes_them() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    inputs(d);
    optimize(d, "weak.deck", "14000", "1", "straight");
    // Ctrl-C as soon as the first step is written. The budget would allow
    // 30 steps; a step takes seconds, so the second is under way.
    let child = spawn(d, "200000", "1000", "stopped");
    let deadline = Instant::now() + Duration::from_secs(120);
    while !d.join("stopped/optimize.csv").exists() {
        assert!(Instant::now() < deadline, "no step was written");
        sleep(Duration::from_millis(2));
    }
    signal(&child, "-INT");
    let (status, err) = wait(child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.contains("stopped holds the first step (") && err.contains("run the same command"),
        "{err}"
    );
    assert_eq!(rows(d, "stopped").len(), 1);
    // The same command (here with the straight run's budget) goes on from
    // there and ends where one run ends.
    optimize(d, "weak.deck", "14000", "1", "stopped");
    for file in ["optimize.csv", "weak-optimized.deck"] {
        assert_eq!(
            read(d, &format!("straight/{file}")),
            read(d, &format!("stopped/{file}")),
            "{file}"
        );
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_before_the_first_step_ends_writes_nothing() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    inputs(d);
    // A confirmation of 200,000 games: the first step takes a minute.
    let child = spawn(d, "1000000", "100000", "early");
    sleep(Duration::from_secs(1));
    signal(&child, "-INT");
    let (status, err) = wait(child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("nothing written"), "{err}");
    assert!(!d.join("early").exists());
}

#[test]
fn a_starter_list_keeps_its_cards_when_only_dead_ones_are_offered() {
    // prize-control against hero-rush, offered only evolutions whose
    // lower levels it lacks: every swap trades a card for one that can
    // never be played (each of its cards has a positive IWD in cards.csv). The race still crowns one (the best of a few noisy
    // screening estimates, so likely above its true gain); the fresh
    // seeds must refuse it.
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    fs::write(
        d.join("mine.pool"),
        "4 Astral Archon\n4 Lighthouse Keeper\n",
    )
    .unwrap();
    let prize_control = fs::read_to_string(repo("decks/nostalgix/prize-control.deck")).unwrap();
    fs::write(d.join("prize-control.deck"), &prize_control).unwrap();
    let o = decklab(
        d,
        &[
            "optimize",
            "--deck",
            "prize-control.deck",
            "--field",
            "hero-rush",
            "--pool",
            "mine.pool",
            "--screen",
            "30",
            "--confirm",
            "1000",
            "--budget",
            "7000",
            "--quiet",
            "--out",
            "same",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let found = rows(d, "same");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["accepted"], "false", "{found:?}");
    let list = read(d, "same/prize-control-optimized.deck");
    assert_eq!(
        list.lines().skip(1).collect::<Vec<_>>(),
        prize_control.lines().collect::<Vec<_>>()
    );
}

#[test]
fn bad_input_exits_2_naming_the_file_and_line() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    inputs(d);
    let run = |args: &[&str]| {
        let mut all = vec!["optimize", "--field", "prize-control", "--budget", "1"];
        all.extend(args);
        decklab(d, &all)
    };
    assert_fails(
        &run(&["--deck", "missing.deck"]),
        &["deck file not found: missing.deck"],
    );
    fs::write(
        d.join("five.deck"),
        hero_rush().replace("4 Cinder Imp", "5 Cinder Imp"),
    )
    .unwrap();
    assert_fails(
        &run(&["--deck", "five.deck"]),
        &[
            "five.deck is not a legal deck",
            "five.deck:13: 5 copies of \"Cinder Imp\"",
        ],
    );
    fs::write(d.join("typo.pool"), "4 Thornback Boar\n2 Cinder Ipm\n").unwrap();
    assert_fails(
        &run(&["--deck", "weak.deck", "--pool", "typo.pool"]),
        &[
            "typo.pool is not a valid pool file",
            "typo.pool:2:",
            "Cinder Imp",
        ],
    );
    assert_fails(
        &run(&["--deck", "weak.deck", "--pool", "none.pool"]),
        &["cannot read the pool file none.pool"],
    );
    assert_fails(
        &run(&["--deck", "weak.deck", "--pool", "mine.pool"]),
        &["--budget 1: a step may play up to"],
    );
    assert_fails(
        &decklab(
            d,
            &[
                "optimize",
                "--deck",
                "prize-control",
                "--field",
                "prize-control",
            ],
        ),
        &["the field holds no deck but prize-control itself"],
    );
    // A copy under another name, its lines in another order, is the deck
    // itself too (the mirror, left out of the field).
    let text = hero_rush();
    let reversed: Vec<&str> = text.lines().rev().collect();
    fs::write(d.join("mine.deck"), reversed.join("\n")).unwrap();
    assert_fails(
        &decklab(
            d,
            &[
                "optimize",
                "--deck",
                "mine.deck",
                "--field",
                "hero-rush",
                "--budget",
                "1",
            ],
        ),
        &["the field holds no deck but mine itself"],
    );
    assert_fails(
        &decklab(
            d,
            &[
                "optimize",
                "--game",
                "millennium-blades",
                "--deck",
                "blazing",
                "--field",
                "tidal",
            ],
        ),
        &[
            "millennium-blades has no deck list to optimize",
            "starter deck",
        ],
    );
    // Nothing was written.
    assert!(!d.join("results").exists());
}

// docs/commands/optimize.md: Millennium Blades is refused, and the
// command the refusal suggests instead works (run here with 3 games per
// pairing, the suggestion's flags otherwise as given).
#[test]
fn the_millennium_blades_refusal_suggests_a_command_that_works() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let line = "optimize --game millennium-blades --deck blazing --field tidal";
    let o = decklab(d, &line.split(' ').collect::<Vec<_>>());
    assert_fails(&o, &["millennium-blades has no deck list to optimize"]);
    let err = stderr(&o);
    let suggested = err
        .split('`')
        .find(|part| part.starts_with("decklab "))
        .unwrap_or_else(|| panic!("no command suggested: {err}"));
    let mut line: Vec<&str> = suggested.split_whitespace().skip(1).collect();
    line.extend(["--games", "3", "--quiet", "--out", "suggested"]);
    let o = decklab(d, &line);
    assert!(o.status.success(), "{suggested}: {}", stderr(&o));
    assert!(d.join("suggested/ratings.csv").is_file());
}
