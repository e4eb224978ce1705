//! The `decklab` executable on Astrom Cross, driven as a user would: real
//! processes on temporary directories.

use std::fs;
use std::path::Path;

use tempfile::TempDir;

mod common;
use common::{REPORTS, assert_fails, decklab, stderr, stdout};

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

fn simulate(dir: &Path, out: &str, count: &str, bot: &str, extra: &[&str]) -> Vec<Vec<String>> {
    let mut args = vec![
        "simulate",
        "--game",
        "astrom-cross",
        "--games",
        count,
        "--quiet",
        "--bot",
        bot,
        "--opponent-bot",
        "random",
        "--out",
        out,
    ];
    args.extend(extra);
    let o = decklab(dir, &args);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    games(&dir.join(out))
}

#[test]
fn random_simulation_writes_every_report() {
    let dir = TempDir::new().unwrap();
    let rows = simulate(dir.path(), "r", "100", "random", &[]);
    for report in REPORTS.iter().filter(|r| r.ends_with(".csv")) {
        let text = fs::read_to_string(dir.path().join("r").join(report)).unwrap_or_default();
        assert!(text.lines().count() >= 2, "{report} is empty");
    }
    assert_eq!(rows.len(), 100);
    for f in &rows {
        assert_eq!(&f[3..5], ["ember-assault", "tide-bastion"]);
        assert!(
            ["ancient_destroyed", "deck_out", "turn_limit"].contains(&f[8].as_str()),
            "{f:?}"
        );
    }
    let cards = fs::read_to_string(dir.path().join("r/cards.csv")).unwrap();
    assert!(cards.contains("Cinder Scout"));
    let actions = fs::read_to_string(dir.path().join("r/actions.csv")).unwrap();
    assert!(
        actions.contains("summon") && actions.contains("attack"),
        "{actions}"
    );
}

#[test]
fn greedy_beats_random_and_ismcts_plays() {
    let dir = TempDir::new().unwrap();
    let rows = simulate(dir.path(), "g", "40", "greedy", &[]);
    let wins = rows.iter().filter(|f| f[7] == "a").count();
    assert!(wins >= 36, "greedy won {wins} of 40 against random");
    let rows = simulate(dir.path(), "i", "2", "ismcts-200", &["--max-turns", "30"]);
    assert_eq!(rows.len(), 2);
}

#[test]
fn set_overrides_are_checked() {
    let dir = TempDir::new().unwrap();
    let rows = simulate(
        dir.path(),
        "s",
        "5",
        "random",
        &["--set", "Thalassa, Tide Matriarch.life=1"],
    );
    assert_eq!(rows.len(), 5);
    let o = decklab(
        dir.path(),
        &[
            "simulate",
            "--game",
            "astrom-cross",
            "--set",
            "Cinder Scout.powe=3",
            "--out",
            "x",
        ],
    );
    assert_fails(&o, &["did you mean \"power\""]);
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
            "astrom-cross",
            &repo("decks/astrom-cross"),
        ],
    );
    assert!(
        o.status.success(),
        "stdout: {} stderr: {}",
        stdout(&o),
        stderr(&o)
    );

    fs::write(
        d.join("bad.deck"),
        "# mine\n1 Veyra, Ember Sovereign\n3 Cinder Scot\n",
    )
    .unwrap();
    let o = decklab(d, &["validate", "--game", "astrom-cross", "bad.deck"]);
    assert_eq!(o.status.code(), Some(2));
    let text = stdout(&o) + &stderr(&o);
    assert!(
        text.contains("bad.deck:3: unknown card \"Cinder Scot\" (did you mean \"Cinder Scout\"?)"),
        "{text}"
    );

    let o = decklab(d, &["cards", "--game", "astrom-cross"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert!(stdout(&o).contains("Stormcaller Vex"));
    assert!(stdout(&o).contains("ancient"));

    // A logged game, replayed from its seed.
    let matchup = [
        "--game",
        "astrom-cross",
        "--bot",
        "greedy",
        "--opponent-bot",
        "random",
    ];
    let mut args = vec!["simulate", "--quiet", "--out", "out", "--seed", "5"];
    args.extend(["--games", "3", "--log", "3"]);
    args.extend(matchup);
    let o = decklab(d, &args);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let rows = games(&d.join("out"));
    let seed = rows[2][1].clone();
    let logged = fs::read_to_string(d.join("out/logs/game-2.jsonl")).unwrap();
    let mut args = vec!["replay", "--seed", seed.as_str(), "--index", "2"];
    args.extend(matchup);
    let o = decklab(d, &args);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert!(
        stdout(&o) == logged,
        "replay differs from logs/game-2.jsonl"
    );
    let first = logged.lines().next().unwrap_or_default();
    assert!(first.contains("\"event\":\"game_start\""), "{first}");
    assert!(logged.contains("\"event\":\"game_over\""));
}
