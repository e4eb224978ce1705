//! `decklab play` driven as a person would, from a script of moves on its
//! stdin: a whole game of every ruleset, its run directory read by
//! `replay` and `report`; quitting and the end of the input; and a screen
//! that never shows a hidden card.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;
use tempfile::TempDir;

mod common;
use common::{decklab, stderr, stdout};

/// Runs `decklab play` in `dir` with `args`, `input` on its stdin.
fn play(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_decklab"))
        .arg("play")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("decklab runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    // The game may end before the script does: a closed pipe is no error.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// A script that always picks the first action, after a few lines that
/// name none (each must be refused and asked again).
fn first_actions(n: usize) -> String {
    let mut s = String::from("0\nnothing starts like this\n?\n\n");
    s.push_str(&"1\n".repeat(n));
    s
}

fn manifest(run: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(run.join("manifest.json")).unwrap()).unwrap()
}

/// The `reason` of the one game of `run`'s games.csv.
fn reason(run: &Path) -> String {
    let text = fs::read_to_string(run.join("games.csv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(lines.next(), None, "one game");
    let at = header.iter().position(|h| *h == "reason").unwrap();
    row[at].to_owned()
}

/// `replay RUN 0` prints the run's log byte for byte, and `report RUN`
/// writes its page.
fn replay_and_report_accept(dir: &Path, run: &str) {
    let o = decklab(dir, &["replay", run, "0"]);
    assert!(o.status.success(), "replay: {}", stderr(&o));
    let log = fs::read(Path::new(dir).join(run).join("logs/game-0.jsonl")).unwrap();
    assert!(!log.is_empty());
    assert_eq!(o.stdout, log, "replay {run} 0 is not the saved game");
    let o = decklab(dir, &["replay", run, "0", "--text"]);
    assert!(o.status.success(), "replay --text: {}", stderr(&o));
    let o = decklab(dir, &["report", run]);
    assert!(o.status.success(), "report: {}", stderr(&o));
    assert!(dir.join(run).join("report.html").is_file());
}

#[test]
fn a_whole_game_of_each_ruleset_from_a_script_replays_and_reports() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let games: [&[&str]; 5] = [
        &["--game", "nostalgix"],
        &["--game", "pixel-tactics", "--opponent-bot", "random"],
        &["--game", "astrom-cross", "--seed", "4"],
        &["--game", "nintendo-tcg", "--opponent-bot", "random"],
        &["--game", "millennium-blades", "--players", "3"],
    ];
    for args in games {
        let run = format!("run-{}", args[1]);
        let mut all = args.to_vec();
        all.extend(["--out", run.as_str()]);
        let o = play(d, &all, &first_actions(50_000));
        let screen = stdout(&o);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(
            screen.contains("a> there is no action 0: type a number from 1 to"),
            "{args:?}"
        );
        assert!(screen.contains("a> no action starts with \"nothing starts like this\""));
        assert!(
            screen.contains("  q   quit: the game is saved"),
            "? prints the help"
        );
        assert!(screen.contains("\nGame over: "), "{args:?}");
        let run_dir = d.join(&run);
        assert_ne!(
            reason(&run_dir),
            "unfinished",
            "{args:?}: the script ran out"
        );
        let m = manifest(&run_dir);
        assert_eq!(m["command"], "play");
        assert_eq!(m["settings"]["finished"], true);
        assert_eq!(m["settings"]["bot_a"], "person");
        assert_eq!(m["complete"], true);
        // One recorded move per screen of the person's.
        let decisions = screen.matches("\n== decision ").count();
        let moves = fs::read_to_string(run_dir.join("person.toml")).unwrap();
        let listed = moves.split("moves = [").nth(1).unwrap();
        assert_eq!(listed.matches('1').count(), decisions, "{args:?}");
        assert!(decisions > 3, "{args:?}: {decisions} decisions");
        replay_and_report_accept(d, &run);
    }
    let seats = manifest(&d.join("run-millennium-blades"))["players"].clone();
    assert_eq!(seats, 3);
}

#[test]
fn quitting_or_the_end_of_the_input_saves_an_unfinished_game() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    for (input, said) in [
        ("1\n1\nq\n", "(quit: the game is saved"),
        ("1\n", "(end of input"),
    ] {
        let o = play(d, &["--out", "quit"], input);
        assert!(o.status.success(), "{input:?}: {}", stderr(&o));
        assert!(stdout(&o).contains(said), "{input:?}");
        assert!(stdout(&o).contains("Game over: unfinished"));
        let run = d.join("quit");
        assert_eq!(reason(&run), "unfinished");
        assert_eq!(manifest(&run)["settings"]["finished"], false);
        replay_and_report_accept(d, "quit");
    }
}

/// The card names of a Nostalgix deck file (`N Name` lines and the Hero).
fn deck_names(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| match l.split_once(' ') {
            Some((n, name)) if n.parse::<u32>().is_ok() => Some(name.trim().to_owned()),
            _ => l.split_once(':').map(|(_, name)| name.trim().to_owned()),
        })
        .collect()
}

/// The screens of a `play` transcript: for each of the person's
/// decisions, the number of event lines shown up to and including it, and
/// its text.
fn screens(transcript: &str) -> Vec<(usize, String)> {
    let mut events = 0;
    let mut out = Vec::new();
    for screen in transcript.split("\n== decision ").skip(1) {
        events += screen
            .lines()
            .filter(|l| l.starts_with("  a  ") || l.starts_with("  b  "))
            .count();
        out.push((events, screen.to_owned()));
    }
    out
}

// rules/nostalgix.txt, "Field Layout & Descriptions": the hand and the
// deck are the player's own; docs/events.md: "The log is omniscient: it
// names face-down Surprises, the cards set aside in a mulligan and every
// card drawn". So a card of seat b becomes public in the first log line
// that names it other than b's `draw`, `set_aside` and face-down `play`.
#[test]
fn the_screen_never_shows_a_hidden_card_unless_revealed() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let decks = Path::new(env!("CARGO_MANIFEST_DIR")).join("decks/nostalgix");
    let mine = deck_names(&decks.join("hero-rush.deck"));
    let theirs: Vec<String> = deck_names(&decks.join("prize-control.deck"))
        .into_iter()
        .filter(|n| !mine.contains(n))
        .collect();
    assert!(theirs.len() > 10, "the decks share too much: {theirs:?}");
    let args = [
        "--deck",
        "hero-rush",
        "--opponent",
        "prize-control",
        "--seed",
        "11",
    ];
    let script = first_actions(20_000);
    let hidden_run = play(d, &[&args[..], &["--out", "hidden"]].concat(), &script);
    let shown_run = play(
        d,
        &[&args[..], &["--out", "shown", "--reveal"]].concat(),
        &script,
    );
    assert!(hidden_run.status.success() && shown_run.status.success());
    let log = fs::read_to_string(d.join("hidden/logs/game-0.jsonl")).unwrap();
    assert_eq!(
        log,
        fs::read_to_string(d.join("shown/logs/game-0.jsonl")).unwrap(),
        "--reveal changes what is shown, not the game"
    );
    // The log line from which each of b's names is public.
    let lines: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let public_from = |name: &str| {
        lines.iter().position(|line| {
            let private = line["player"] == "b"
                && (line["event"] == "draw"
                    || line["event"] == "set_aside"
                    || (line["event"] == "play" && line["kind"] == "surprise"));
            !private && line.to_string().contains(&format!("\"{name}\""))
        })
    };
    let leaks = |transcript: &str| -> Vec<(usize, String)> {
        let mut found = Vec::new();
        for (i, (shown_events, screen)) in screens(transcript).into_iter().enumerate() {
            for name in &theirs {
                let public = public_from(name).is_some_and(|at| at < shown_events);
                if screen.contains(name.as_str()) && !public {
                    found.push((i + 1, name.clone()));
                }
            }
        }
        found
    };
    let hidden = leaks(&stdout(&hidden_run));
    assert!(
        screens(&stdout(&hidden_run)).len() > 20,
        "a game of many decisions"
    );
    assert_eq!(
        hidden,
        Vec::new(),
        "hidden cards on the screen (decision, card)"
    );
    let shown = leaks(&stdout(&shown_run));
    assert!(
        shown.len() > 20,
        "--reveal shows seat b's hand and deck: {shown:?}"
    );
}

#[test]
fn bad_flags_fail_before_the_game() {
    let dir = TempDir::new().unwrap();
    let o = play(dir.path(), &["--opponent-bot", "nobody"], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--opponent-bot nobody"),
        "{}",
        stderr(&o)
    );
    let o = play(dir.path(), &["--game", "nostalgix", "--players", "3"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(!PathBuf::from(dir.path()).join("results/play").exists());
}
