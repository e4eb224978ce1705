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

// docs/commands/play.md: the Millennium Blades status line names its
// phase in words, not as the program's internal text (`phase Finalize {
// collection: false }`, `phase TurnBased` were shown).
#[test]
fn the_millennium_blades_phase_is_shown_in_words() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    for (mode, expected) in [
        ("standard", "phase finalize the tournament deck, seat "),
        ("turn-based", "phase Turn-Based Mode turn, seat "),
    ] {
        let args = [
            "--game",
            "millennium-blades",
            "--players",
            "3",
            "--mode",
            mode,
        ];
        let o = play(
            d,
            &[&args[..], &["--out", mode]].concat(),
            &"1\n".repeat(50_000),
        );
        assert!(o.status.success(), "{mode}: {}", stderr(&o));
        let screen = stdout(&o);
        let status: Vec<&str> = screen.lines().filter(|l| l.starts_with("round ")).collect();
        assert!(!status.is_empty(), "{mode}");
        for line in &status {
            let phase = line.split(", phase ").nth(1).expect(line);
            assert!(
                !phase.contains(['{', '}', '(']) && !phase.contains("TurnBased"),
                "{mode}: {line}"
            );
        }
        assert!(
            status.iter().any(|l| l.contains(expected)),
            "{mode}: {status:?}"
        );
    }
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

/// The card names of a deck file (`N Name` lines, and `Hero: Name`).
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

/// The card names of the Millennium Blades set files (`[[set.card]]`
/// tables; a set's own name is public: the store shows it).
fn store_card_names() -> Vec<String> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("decks/millennium-blades");
    let mut names = Vec::new();
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let file: toml::Table = toml::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        let sets = file.get("set").and_then(toml::Value::as_array);
        for set in sets.into_iter().flatten() {
            let cards = set.get("card").and_then(toml::Value::as_array);
            for card in cards.into_iter().flatten() {
                names.extend(
                    card.get("name")
                        .and_then(toml::Value::as_str)
                        .map(str::to_owned),
                );
            }
        }
    }
    names.sort();
    names.dedup();
    assert!(names.len() > 100, "{names:?}");
    names
}

/// The screens of a `play` transcript: for each of the person's
/// decisions, the number of event lines shown up to and including it, and
/// its text. An event line starts with its seat's letter.
fn screens(transcript: &str) -> Vec<(usize, String)> {
    let mut events = 0;
    let mut out = Vec::new();
    for screen in transcript.split("\n== decision ").skip(1) {
        events += screen
            .lines()
            .filter(|l| {
                let b = l.as_bytes();
                b.len() > 5 && &b[..2] == b"  " && b[2].is_ascii_lowercase() && &b[3..5] == b"  "
            })
            .count();
        out.push((events, screen.to_owned()));
    }
    out
}

/// One ruleset's hidden-card check: the game to play and which log lines
/// name a card that seat a may not see.
struct Hidden {
    args: &'static [&'static str],
    /// The cards to look for on seat a's screen: cards a does not know from
    /// its own deck list.
    candidates: Vec<String>,
    /// Whether a log line names a card hidden from seat a.
    secret: fn(&Value) -> bool,
}

fn event(line: &Value) -> &str {
    line["event"].as_str().unwrap_or_default()
}

fn not_a(line: &Value) -> bool {
    line["player"] != "a"
}

/// The cards of `theirs` not in `mine` (two-player rulesets: seat a knows
/// its own deck list).
fn only_theirs(game: &str, mine: &str, theirs: &str) -> Vec<String> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("decks")
        .join(game);
    let mine = deck_names(&folder.join(format!("{mine}.deck")));
    let theirs: Vec<String> = deck_names(&folder.join(format!("{theirs}.deck")))
        .into_iter()
        .filter(|n| !mine.contains(n))
        .collect();
    assert!(
        theirs.len() >= 5,
        "{game}: the decks share too much: {theirs:?}"
    );
    theirs
}

/// The rulesets' hidden information, each from its rulebook.
fn hidden_information() -> Vec<Hidden> {
    vec![
        // rules/nostalgix.txt, "Field Layout & Descriptions": the hand and
        // the deck are the player's own; a Surprise is set face down.
        // docs/events.md: the log names face-down Surprises, the cards set
        // aside in a mulligan and every card drawn.
        Hidden {
            args: &[
                "--game",
                "nostalgix",
                "--deck",
                "hero-rush",
                "--opponent",
                "prize-control",
            ],
            candidates: only_theirs("nostalgix", "hero-rush", "prize-control"),
            secret: |l| {
                not_a(l)
                    && (matches!(event(l), "draw" | "set_aside")
                        || (event(l) == "play" && l["kind"] == "surprise"))
            },
        },
        // rules/pixel-tactics.txt: "Both players put their Leaders
        // face-down, then reveal them at the same time"; the hand is drawn
        // from the player's own deck.
        Hidden {
            args: &[
                "--game",
                "pixel-tactics",
                "--deck",
                "vanguard-wall",
                "--opponent",
                "arcane-rear",
            ],
            candidates: only_theirs("pixel-tactics", "vanguard-wall", "arcane-rear"),
            secret: |l| not_a(l) && event(l) == "draw",
        },
        // rules/astrom-cross.txt, "SET AN ENTITY": a [HIDE] card is put
        // face down into the field; hands and the mulligan's put-back cards
        // are the player's own.
        Hidden {
            args: &[
                "--game",
                "astrom-cross",
                "--deck",
                "ember-assault",
                "--opponent",
                "tide-bastion",
            ],
            candidates: only_theirs("astrom-cross", "ember-assault", "tide-bastion"),
            secret: |l| not_a(l) && matches!(event(l), "draw" | "return_to_deck" | "set"),
        },
        // rules/nintendo-tcg.txt: the Commander is laid face down before the
        // game; the cards drawn are the player's own.
        Hidden {
            args: &[
                "--game",
                "nintendo-tcg",
                "--deck",
                "blaze-vanguard",
                "--opponent",
                "tide-court",
            ],
            candidates: only_theirs("nintendo-tcg", "blaze-vanguard", "tide-court"),
            // A search reveals its card ("He shows Mario his search was
            // for Rex").
            secret: |l| not_a(l) && event(l) == "draw",
        },
        // rules/millennium-blades.txt: "Cards in the Store are face-down";
        // docs/rulings/millennium-blades.md, "Hidden information": a
        // player's area is public except the hand.
        Hidden {
            args: &["--game", "millennium-blades", "--players", "3"],
            candidates: store_card_names(),
            secret: |l| event(l) == "restock" || (not_a(l) && event(l) == "draw_store"),
        },
        // rules/millennium-blades.txt: "Turn-Based Mode": the players deal,
        // buy, fuse and win cards into a hand of at most 7.
        Hidden {
            args: &[
                "--game",
                "millennium-blades",
                "--players",
                "3",
                "--mode",
                "turn-based",
            ],
            candidates: store_card_names(),
            secret: |l| {
                event(l) == "restock"
                    || (not_a(l)
                        && matches!(event(l), "draw_store" | "dealt" | "buy" | "fused" | "prize"))
            },
        },
    ]
}

// Each rulebook's hidden cards (see `hidden_information`): a card becomes
// public to seat a in the first log line that names it other than the
// lines that name it to its owner alone. No screen of seat a may name a
// card before then; with `--reveal`, the screens do.
#[test]
fn the_screen_never_shows_a_hidden_card_unless_revealed() {
    for hidden in hidden_information() {
        let game = hidden.args[1];
        let dir = TempDir::new().unwrap();
        let d = dir.path();
        let args = [hidden.args, &["--seed", "11"]].concat();
        let script = first_actions(50_000);
        let hidden_run = play(d, &[&args[..], &["--out", "hidden"]].concat(), &script);
        let shown_run = play(
            d,
            &[&args[..], &["--out", "shown", "--reveal"]].concat(),
            &script,
        );
        assert!(
            hidden_run.status.success() && shown_run.status.success(),
            "{game}: {}",
            stderr(&hidden_run)
        );
        let log = fs::read_to_string(d.join("hidden/logs/game-0.jsonl")).unwrap();
        assert_eq!(
            log,
            fs::read_to_string(d.join("shown/logs/game-0.jsonl")).unwrap(),
            "{game}: --reveal changes what is shown, not the game"
        );
        let lines: Vec<Value> = log
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        // The log line from which each candidate is public to seat a.
        let public_from = |name: &str| {
            let quoted = format!("\"{name}\"");
            lines
                .iter()
                .position(|line| !(hidden.secret)(line) && line.to_string().contains(&quoted))
        };
        let leaks = |transcript: &str| -> Vec<(usize, String)> {
            let mut found = Vec::new();
            for (i, (shown_events, screen)) in screens(transcript).into_iter().enumerate() {
                for name in &hidden.candidates {
                    let public = public_from(name).is_some_and(|at| at < shown_events);
                    if screen.contains(name.as_str()) && !public {
                        found.push((i + 1, name.clone()));
                    }
                }
            }
            found
        };
        let transcript = stdout(&hidden_run);
        assert!(
            screens(&transcript).len() > 20,
            "{game}: a game of many decisions"
        );
        assert_eq!(
            leaks(&transcript),
            Vec::new(),
            "{game}: hidden cards on the screen (decision, card)"
        );
        let shown = leaks(&stdout(&shown_run));
        assert!(
            shown.len() > 20,
            "{game}: --reveal shows the others' hidden cards: {shown:?}"
        );
    }
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
