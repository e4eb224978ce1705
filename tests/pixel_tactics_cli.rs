//! The `decklab` executable on Pixel Tactics, driven as a user would: real
//! processes on temporary directories (random bots where only files or
//! messages are checked, so the file stays fast).

use std::fs;
use std::path::Path;

use tempfile::TempDir;

mod common;
use common::{REPORTS, decklab, stderr, stdout};

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

/// The games.csv rows of a run in `out`, fields split.
fn games(out: &Path) -> Vec<Vec<String>> {
    fs::read_to_string(out.join("games.csv"))
        .expect("games.csv")
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(String::from).collect())
        .collect()
}

#[test]
fn simulate_writes_every_report() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("pt-run");
    let o = decklab(
        dir.path(),
        &[
            "simulate",
            "--game",
            "pixel-tactics",
            "--games",
            "200",
            "--quiet",
            "--bot",
            "random",
            "--opponent-bot",
            "random",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    for report in REPORTS.iter().filter(|r| r.ends_with(".csv")) {
        let text = fs::read_to_string(out.join(report)).unwrap_or_default();
        assert!(text.lines().count() >= 2, "{report} is empty");
    }
    let rows = games(&out);
    assert_eq!(rows.len(), 200);
    for f in &rows {
        assert_eq!(&f[3..5], ["vanguard-wall", "arcane-rear"]);
        assert!(
            ["rout", "rout_tiebreak", "tie", "turn_limit"].contains(&f[8].as_str()),
            "{f:?}"
        );
    }
    let cards = fs::read_to_string(out.join("cards.csv")).unwrap();
    assert!(cards.contains("Ember Knight"));
}

#[test]
fn greedy_beats_random_and_ismcts_plays() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("g");
    let o = decklab(
        dir.path(),
        &[
            "simulate",
            "--game",
            "pixel-tactics",
            "--games",
            "40",
            "--quiet",
            "--bot",
            "greedy",
            "--opponent-bot",
            "random",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let wins = games(&out).iter().filter(|f| f[7] == "a").count();
    assert!(wins >= 36, "greedy won {wins} of 40 against random");

    let out = dir.path().join("i");
    let o = decklab(
        dir.path(),
        &[
            "simulate",
            "--game",
            "pixel-tactics",
            "--games",
            "4",
            "--quiet",
            "--bot",
            "ismcts-200",
            "--opponent-bot",
            "random",
            "--max-turns",
            "40",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert_eq!(games(&out).len(), 4);
}

#[test]
fn best_of_three_matches_run_through_match() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("m");
    let o = decklab(
        dir.path(),
        &[
            "simulate",
            "--game",
            "pixel-tactics",
            "--games",
            "20",
            "--quiet",
            "--bot",
            "greedy",
            "--opponent-bot",
            "random",
            "--match",
            "best-of-3",
            "--max-turns",
            "300",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let mut decided = 0;
    for f in games(&out) {
        if f[7] != "draw" {
            assert_eq!(f[8], "match", "{f:?}");
            let trophies = if f[7] == "a" { &f[12] } else { &f[13] };
            assert_eq!(trophies, "2", "{f:?}");
            decided += 1;
        }
    }
    assert!(decided >= 15, "only {decided} of 20 matches decided");
    let o = decklab(
        dir.path(),
        &[
            "simulate",
            "--game",
            "pixel-tactics",
            "--set",
            "match.games=best-of-3",
            "--out",
            "x",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--match"), "{}", stderr(&o));
    // Nostalgix has no matches of several games.
    let o = decklab(
        dir.path(),
        &["simulate", "--match", "best-of-5", "--out", "x"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("nostalgix has no matches"),
        "{}",
        stderr(&o)
    );
    assert!(!dir.path().join("x").exists());
}

#[test]
fn validate_cards_and_replay() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let o = decklab(
        d,
        &[
            "validate",
            "--game",
            "pixel-tactics",
            &repo("decks/pixel-tactics"),
        ],
    );
    assert!(
        o.status.success(),
        "stdout: {} stderr: {}",
        stdout(&o),
        stderr(&o)
    );

    fs::write(d.join("bad.deck"), "# mine\n1 Siege Orge\n2 Ember Knight\n").unwrap();
    let o = decklab(d, &["validate", "--game", "pixel-tactics", "bad.deck"]);
    assert_eq!(o.status.code(), Some(2));
    let text = stdout(&o) + &stderr(&o);
    assert!(
        text.contains("bad.deck:2: unknown card \"Siege Orge\""),
        "{text}"
    );
    assert!(text.contains("bad.deck:3:"), "{text}");

    let o = decklab(d, &["cards", "--game", "pixel-tactics"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert!(stdout(&o).contains("Siege Ogre"));

    let args = [
        "replay",
        "--game",
        "pixel-tactics",
        "--seed",
        "12345",
        "--bot",
        "random",
        "--opponent-bot",
        "random",
    ];
    let o = decklab(d, &args);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let log = stdout(&o);
    let first = log.lines().next().unwrap_or_default();
    assert!(first.contains("\"event\":\"game_start\""), "{first}");
    assert!(log.contains("\"event\":\"reveal\""));
    assert!(log.contains("\"event\":\"game_over\""));
    assert_eq!(
        decklab(d, &args).stdout,
        o.stdout,
        "replays are deterministic"
    );
}
