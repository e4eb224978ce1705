//! The `decklab` executable on the Nintendo TCG, driven as a user would:
//! real processes on temporary directories.

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

fn simulate(dir: &Path, out: &str, extra: &[&str]) -> Vec<Vec<String>> {
    let out = dir.join(out);
    let mut args = vec![
        "simulate",
        "--game",
        "nintendo-tcg",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    let o = decklab(dir, &args);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    games(&out)
}

#[test]
fn simulate_writes_every_report() {
    let dir = TempDir::new().unwrap();
    let rows = simulate(
        dir.path(),
        "run",
        &[
            "--games",
            "100",
            "--bot",
            "random",
            "--opponent-bot",
            "random",
        ],
    );
    for report in REPORTS.iter().filter(|r| r.ends_with(".csv")) {
        let text = fs::read_to_string(dir.path().join("run").join(report)).unwrap_or_default();
        assert!(text.lines().count() >= 2, "{report} is empty");
    }
    assert_eq!(rows.len(), 100);
    for f in &rows {
        assert_eq!(&f[3..5], ["blaze-vanguard", "tide-court"]);
        assert!(
            ["vitality", "deck_out", "turn_limit"].contains(&f[8].as_str()),
            "{f:?}"
        );
    }
    let actions = fs::read_to_string(dir.path().join("run/actions.csv")).unwrap();
    for kind in ["play", "attack", "end_turn", "pick"] {
        assert!(actions.contains(kind), "{kind} not in actions.csv");
    }
}

#[test]
fn greedy_beats_random_and_ismcts_plays() {
    let dir = TempDir::new().unwrap();
    let rows = simulate(
        dir.path(),
        "g",
        &[
            "--games",
            "40",
            "--bot",
            "greedy",
            "--opponent-bot",
            "random",
        ],
    );
    let wins = rows.iter().filter(|f| f[7] == "a").count();
    assert!(wins >= 34, "greedy won {wins} of 40 against random");
    let rows = simulate(
        dir.path(),
        "i",
        &[
            "--games",
            "2",
            "--bot",
            "ismcts-200",
            "--opponent-bot",
            "random",
            "--max-turns",
            "30",
        ],
    );
    assert_eq!(rows.len(), 2);
}

#[test]
fn validate_cards_overrides_and_replay() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let o = decklab(
        d,
        &[
            "validate",
            "--game",
            "nintendo-tcg",
            &repo("decks/nintendo-tcg"),
        ],
    );
    assert!(
        o.status.success(),
        "stdout: {} stderr: {}",
        stdout(&o),
        stderr(&o)
    );

    fs::write(d.join("bad.deck"), "# mine\n3 Spark Imq\n4 Fireball\n").unwrap();
    let o = decklab(d, &["validate", "--game", "nintendo-tcg", "bad.deck"]);
    assert_eq!(o.status.code(), Some(2));
    let text = stdout(&o) + &stderr(&o);
    assert!(
        text.contains("bad.deck:2: unknown card \"Spark Imq\""),
        "{text}"
    );
    assert!(text.contains("bad.deck:3: 4 copies"), "{text}");

    let o = decklab(d, &["cards", "--game", "nintendo-tcg"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert!(stdout(&o).contains("Cinder Warlord"));

    let o = decklab(
        d,
        &[
            "simulate",
            "--game",
            "nintendo-tcg",
            "--set",
            "Spark Imp.app=3",
            "--out",
            "x",
        ],
    );
    assert_fails(&o, &["did you mean \"ap\""]);
    assert!(!d.join("x").exists());

    // A logged game, replayed from its seed, is the same game.
    let out = d.join("logged");
    let o = decklab(
        d,
        &[
            "simulate",
            "--game",
            "nintendo-tcg",
            "--games",
            "2",
            "--log",
            "1",
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
    let seed = games(&out)[0][1].clone();
    let logged = fs::read_to_string(out.join("logs/game-0.jsonl")).unwrap();
    let args = [
        "replay",
        "--game",
        "nintendo-tcg",
        "--seed",
        &seed,
        "--index",
        "0",
        "--bot",
        "random",
        "--opponent-bot",
        "random",
    ];
    let o = decklab(d, &args);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert_eq!(stdout(&o), logged, "the replay reproduces the log");
    assert!(logged.contains("\"event\":\"reveal\"") && logged.contains("\"event\":\"game_over\""));
}

/// A cost on a card's Instant ability is refused when the pool is read: a
/// ruling (an engine limitation, docs/rulings/nintendo-tcg.md, "No cost on
/// an Instant ability"). The book allows costs on effects
/// (rules/nintendo-tcg.txt: "14 – The Glossary", "Hand Cost": "The amount
/// of hand power you pay to play a card, activate an effect, etc."), but
/// an Instant happens as its card comes into play, where the engine has
/// no payment for it.
#[test]
fn a_cost_on_a_cards_instant_is_refused_with_its_line() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let pool = fs::read_to_string(repo("decks/nintendo-tcg/cards.toml")).unwrap();
    let costed = pool.replacen(
        "timing = \"instant\"\neffects = [{ do = \"search\", kind = \"character\", level = 1 }]",
        "timing = \"instant\"\ncost = 2\neffects = [{ do = \"search\", kind = \"character\", level = 1 }]",
        1,
    );
    assert_ne!(costed, pool, "the Quartermaster's Instant was found");
    fs::write(d.join("cards.toml"), &costed).unwrap();
    let o = decklab(d, &["validate", "--game", "nintendo-tcg", "cards.toml"]);
    assert_eq!(o.status.code(), Some(2));
    let text = stdout(&o) + &stderr(&o);
    // The card's `[[card]]` line, numbered from 1: the line above its name.
    let line = costed
        .lines()
        .position(|l| l == "name = \"Quartermaster\"")
        .unwrap();
    assert!(
        text.contains(&format!(
            "cards.toml:{line}: card \"Quartermaster\": an Instant ability cannot have a cost"
        )),
        "{text}"
    );
}
