//! The `decklab` executable, driven as a user would: real processes on
//! temporary directories. Runs that only check files or messages use random
//! bots, so the whole file stays fast in debug builds.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use tempfile::TempDir;

mod common;
use common::{REPORTS, assert_fails, csv_rows, decklab, files, stderr, stdout};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn quick<'a>(out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "simulate",
        "--quiet",
        "--bot",
        "random",
        "--opponent-bot",
        "random",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    args
}

#[test]
fn default_run_writes_every_file_and_a_summary() {
    let dir = TempDir::new().unwrap();
    let o = decklab(dir.path(), &["simulate", "--games", "40", "--quiet"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let out = dir.path().join("results/latest");
    let mut expected: Vec<PathBuf> = REPORTS.iter().map(PathBuf::from).collect();
    expected.push("manifest.json".into());
    expected.sort();
    assert_eq!(files(&out), expected);

    let header = |name: &str| {
        let text = fs::read_to_string(out.join(name)).unwrap();
        text.lines().next().unwrap_or_default().to_owned()
    };
    assert_eq!(
        header("games.csv"),
        "game,seed,first,deck_a,deck_b,bot_a,bot_b,winner,reason,turns,health_a,health_b,score_a,score_b"
    );
    assert_eq!(
        header("summary.csv"),
        "deck_a,bot_a,deck_b,bot_b,games,wins_a,wins_b,draws,win_rate_a,ci95_low,ci95_high,\
         games_a_first,win_rate_a_first,win_rate_a_first_ci95_low,win_rate_a_first_ci95_high,\
         games_a_second,win_rate_a_second,win_rate_a_second_ci95_low,win_rate_a_second_ci95_high,\
         mean_turns"
    );
    assert_eq!(
        header("mana_curve.csv"),
        "deck,turn,games,mean_resource_max,mean_resource_spent,mean_resource_unspent,mean_cards_played,mean_rating_played"
    );
    assert_eq!(
        header("seats.csv"),
        "game,seat,deck,bot,rank,score,first,in_hand"
    );
    assert_eq!(
        header("deck_curve.csv"),
        "deck,cost,cards_in_list,mean_played_per_game"
    );
    assert_eq!(
        header("prize_pace.csv"),
        "deck,turn,games,mean_score,share_won_by_turn,share_won_by_turn_ci95_low,share_won_by_turn_ci95_high"
    );
    assert_eq!(
        header("cards.csv"),
        "deck,card,copies,gih_games,gih_win_rate,gih_ci95_low,gih_ci95_high,oh_games,oh_win_rate,oh_ci95_low,oh_ci95_high,gd_games,gd_win_rate,gd_ci95_low,gd_ci95_high,gns_games,gns_win_rate,gns_ci95_low,gns_ci95_high,iwd,iwd_ci95_low,iwd_ci95_high,games_played,win_rate_played,played_ci95_low,played_ci95_high,mean_turn_played"
    );

    let games = fs::read_to_string(out.join("games.csv")).unwrap();
    assert_eq!(games.lines().count(), 41);
    for (i, line) in games.lines().skip(1).enumerate() {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f[0], i.to_string());
        assert_eq!(&f[3..7], ["hero-rush", "prize-control", "greedy", "greedy"]);
        assert!(["a", "b", "draw"].contains(&f[7]), "{line}");
        assert!(
            ["hero_ko", "prizes", "sudden_death", "turn_limit"].contains(&f[8]),
            "{line}"
        );
    }
    let summary = fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(
        summary
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("hero-rush,greedy,prize-control,greedy,40,")
    );

    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["games"], 40);
    assert_eq!(manifest["seed"], 0);
    assert_eq!(manifest["command_line"][1], "simulate");
    let roles: Vec<&str> = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["cards", "deck_a", "deck_b", "bot_a", "bot_b"]);
    assert!(manifest["files"][0]["sha256"].as_str().unwrap().len() == 64);

    let text = stdout(&o);
    assert!(
        text.contains("hero-rush (greedy) vs prize-control (greedy)"),
        "{text}"
    );
    assert!(text.contains("95% CI"), "{text}");
    assert!(text.contains("results/latest"), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("40 games in ") && last.ends_with(" games/s)"),
        "{last}"
    );
}

#[test]
fn same_seed_same_files_whatever_the_threads() {
    let dir = TempDir::new().unwrap();
    let runs = [("t1", Some("1")), ("t2", Some("2")), ("tn", None)];
    for (out, threads) in runs {
        // The default greedy bots: they keep buffers across games, which
        // must not leak into results.
        let mut args = vec!["simulate", "--quiet", "--out", out];
        args.extend(["--games", "100", "--seed", "7", "--log", "3"]);
        if let Some(t) = threads {
            args.extend(["--threads", t]);
        }
        let o = decklab(dir.path(), &args);
        assert!(o.status.success(), "stderr: {}", stderr(&o));
    }
    let base = dir.path().join("t1");
    let mut names: Vec<PathBuf> = REPORTS.iter().map(PathBuf::from).collect();
    names.extend((0..3).map(|i| PathBuf::from(format!("logs/game-{i}.jsonl"))));
    for (out, _) in &runs[1..] {
        for name in &names {
            let a = fs::read(base.join(name)).unwrap();
            let b = fs::read(dir.path().join(out).join(name)).unwrap();
            assert!(a == b, "{} differs between t1 and {out}", name.display());
        }
    }
    // A different seed gives different games.
    let o = decklab(
        dir.path(),
        &[
            "simulate", "--quiet", "--out", "s8", "--games", "100", "--seed", "8",
        ],
    );
    assert!(o.status.success());
    let a = fs::read(base.join("games.csv")).unwrap();
    assert_ne!(a, fs::read(dir.path().join("s8/games.csv")).unwrap());
}

#[test]
fn logs_are_json_lines_for_the_first_games() {
    let dir = TempDir::new().unwrap();
    let o = decklab(dir.path(), &quick("out", &["--games", "5", "--log", "2"]));
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let logs: Vec<PathBuf> = files(&dir.path().join("out/logs"));
    assert_eq!(
        logs,
        [PathBuf::from("game-0.jsonl"), PathBuf::from("game-1.jsonl")]
    );
    let text = fs::read_to_string(dir.path().join("out/logs/game-1.jsonl")).unwrap();
    assert!(text.lines().count() > 10);
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["game"], 1, "{line}");
        assert!(v.get("event").is_some(), "{line}");
    }
    // A later run without logs removes the stale ones.
    let o = decklab(dir.path(), &quick("out", &["--games", "5"]));
    assert!(o.status.success());
    assert!(files(&dir.path().join("out/logs")).is_empty());
}

#[test]
fn local_deck_folder_replaces_the_bundled_files() {
    let dir = TempDir::new().unwrap();
    let local = dir.path().join("decks/nostalgix");
    fs::create_dir_all(&local).unwrap();
    fs::copy(repo("decks/nostalgix/cards.toml"), local.join("cards.toml")).unwrap();
    fs::copy(
        repo("decks/nostalgix/evolution.deck"),
        local.join("mine.deck"),
    )
    .unwrap();
    let o = decklab(
        dir.path(),
        &quick("out", &["--games", "3", "--deck", "mine"]),
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let manifest = fs::read_to_string(dir.path().join("out/manifest.json")).unwrap();
    assert!(
        manifest.contains("\"decks/nostalgix/cards.toml\""),
        "{manifest}"
    );
    assert!(
        manifest.contains("\"decks/nostalgix/mine.deck\""),
        "{manifest}"
    );
    let games = fs::read_to_string(dir.path().join("out/games.csv")).unwrap();
    assert!(
        games
            .lines()
            .nth(1)
            .unwrap()
            .contains(",mine,prize-control,")
    );
}

#[test]
fn a_local_millennium_blades_folder_of_set_files_replaces_the_bundled_pool() {
    // README "card pool", docs/commands/simulate.md "Card pool": a clone's
    // set files are read without a flag, as a clone's cards.toml is.
    let dir = TempDir::new().unwrap();
    let local = dir.path().join("decks/millennium-blades");
    fs::create_dir_all(&local).unwrap();
    for entry in fs::read_dir(repo("decks/millennium-blades")).unwrap() {
        let path = entry.unwrap().path();
        fs::copy(&path, local.join(path.file_name().unwrap())).unwrap();
    }
    let core = local.join("core.toml");
    let text = fs::read_to_string(&core).unwrap();
    let edited = text.replacen("stars = 1\n", "stars = 9\n", 1);
    assert_ne!(edited, text, "core.toml has a one-star card");
    fs::write(&core, edited).unwrap();
    let shown = |d: &Path| {
        let o = decklab(d, &["cards", "--game", "millennium-blades"]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let elsewhere = TempDir::new().unwrap();
    assert_ne!(
        shown(dir.path()),
        shown(elsewhere.path()),
        "the edit is read"
    );
    let o = decklab(
        dir.path(),
        &[
            "simulate",
            "--game",
            "millennium-blades",
            "--games",
            "1",
            "--quiet",
            "--out",
            "out",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // A stray .toml there is read as a set file: the error says why the
    // folder was read and how to choose another pool.
    fs::write(local.join("notes.toml"), "[simulate]\ngames = 3\n").unwrap();
    assert_fails(
        &decklab(dir.path(), &["cards", "--game", "millennium-blades"]),
        &[
            "decks/millennium-blades/notes.toml:1:",
            "was read because it is in the working directory",
            "pass --cards",
        ],
    );
    fs::remove_file(local.join("notes.toml")).unwrap();
    let manifest = fs::read_to_string(dir.path().join("out/manifest.json")).unwrap();
    assert!(
        manifest.contains("\"decks/millennium-blades/core.toml\"")
            && !manifest.contains("bundled:decks/millennium-blades/core.toml"),
        "{manifest}"
    );
}

#[test]
fn a_deck_naming_a_card_the_partial_local_set_folder_lacks_says_the_folder_was_read() {
    // A clone's decks/millennium-blades/*.toml replace the whole built-in
    // pool without a flag: with some set files left out, a starter deck
    // naming their cards fails as "unknown card", and the error says the
    // folder was read, which built-in set file it lacks and how to choose.
    let dir = TempDir::new().unwrap();
    let local = dir.path().join("decks/millennium-blades");
    fs::create_dir_all(&local).unwrap();
    for file in ["core.toml", "starter-blazing.toml", "starter-gale.toml"] {
        let from = repo("decks/millennium-blades").join(file);
        fs::copy(from, local.join(file)).unwrap();
    }
    let run = |extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "--game",
            "millennium-blades",
            "--games",
            "1",
            "--quiet",
            "--out",
            "out",
            "--deck",
            "tidal",
        ];
        args.extend(extra);
        decklab(dir.path(), &args)
    };
    let o = run(&[]);
    assert_fails(
        &o,
        &[
            "bundled:decks/millennium-blades/tidal.deck is not a legal deck",
            "bundled:decks/millennium-blades/tidal.deck:2: unknown card \"Puddle Newt\"",
            "decks/millennium-blades was read because it is in the working directory",
            "it lacks 9 cards of the built-in pool this deck names (\"Puddle Newt\"",
            "from the built-in starter-tidal.toml it does not hold (it holds 3 of the ",
            "pass --cards <path> to choose another pool, or restore the missing files",
        ],
    );
    assert!(!dir.path().join("out").exists());
    // The problems keep their path:line form, the hint on a line after them.
    let err = stderr(&o);
    let last = err.trim_end().lines().last().unwrap();
    assert!(
        last.starts_with("decks/millennium-blades was read"),
        "{err}"
    );
    // A pool chosen with --cards, or a card the built-in pool lacks too (a
    // typo), is the deck's problem alone: no such hint.
    let o = run(&["--cards", "decks/millennium-blades"]);
    assert_fails(&o, &["tidal.deck:2: unknown card \"Puddle Newt\""]);
    assert!(!stderr(&o).contains("working directory"), "{}", stderr(&o));
    let from = repo("decks/millennium-blades/starter-tidal.toml");
    fs::copy(from, local.join("starter-tidal.toml")).unwrap();
    let tidal = fs::read_to_string(repo("decks/millennium-blades/tidal.deck")).unwrap();
    let typo = tidal.replace("Puddle Newt", "Puddle Nwet");
    assert_ne!(typo, tidal);
    fs::write(dir.path().join("typo.deck"), typo).unwrap();
    let o = run(&["--deck", "typo.deck"]);
    assert_fails(&o, &["typo.deck:2: unknown card \"Puddle Nwet\""]);
    assert!(!stderr(&o).contains("working directory"), "{}", stderr(&o));
}

#[test]
fn replay_reproduces_a_logged_game_from_its_seed() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // Greedy keeps buffers across games in a worker; random does not.
    let matchup = [
        "--deck",
        "evolution",
        "--opponent",
        "token-swarm",
        "--bot",
        "greedy",
        "--opponent-bot",
        "random",
        "--max-turns",
        "80",
    ];
    let mut args = vec!["simulate", "--quiet", "--out", "out", "--seed", "21"];
    args.extend(["--games", "5", "--log", "5"]);
    args.extend(matchup);
    let o = decklab(d, &args);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let games = fs::read_to_string(d.join("out/games.csv")).unwrap();
    let row: Vec<&str> = games.lines().nth(4).unwrap().split(',').collect();
    assert_eq!(row[0], "3");
    let seed = row[1];
    let logged = fs::read_to_string(d.join("out/logs/game-3.jsonl")).unwrap();

    // Without --index, `game` is null; every other field is the same.
    let mut args = vec!["replay", "--seed", seed];
    args.extend(matchup);
    let o = decklab(d, &args);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let replayed = stdout(&o);
    assert_eq!(replayed.lines().count(), logged.lines().count());
    for (n, (a, b)) in replayed.lines().zip(logged.lines()).enumerate() {
        let mut a: serde_json::Value = serde_json::from_str(a).unwrap();
        let mut b: serde_json::Value = serde_json::from_str(b).unwrap();
        assert_eq!(a["game"], serde_json::Value::Null);
        assert_eq!(b["game"], 3);
        a["game"] = 3.into();
        b["game"] = 3.into();
        assert_eq!(a, b, "line {}", n + 1);
    }
    let winner = match row[7] {
        "draw" => "draw".to_owned(),
        seat => format!("seat {seat} wins"),
    };
    let outcome = format!("{winner} ({}) after {} turns", row[8], row[9]);
    assert!(stderr(&o).contains(&outcome), "{}", stderr(&o));

    // With --index 3, the very bytes of the log file.
    args.extend(["--index", "3"]);
    let o = decklab(d, &args);
    assert!(
        stdout(&o) == logged,
        "replay --index 3 differs from logs/game-3.jsonl"
    );

    // Another bot gives another game; a bad seed is an error.
    let o = decklab(d, &["replay", "--seed", seed, "--deck", "evolution"]);
    assert!(stdout(&o) != replayed);
    let o = decklab(d, &["replay", "--seed", "-1"]);
    assert_fails(&o, &["--seed"]);

    // Where a turn is a round, the line counts rounds.
    let o = decklab(d, &["replay", "--game", "millennium-blades", "--seed", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains(" after 3 rounds"), "{}", stderr(&o));
}

/// The `seed` column of game `index` in `run/games.csv`.
fn seed_of(run: &Path, index: usize) -> String {
    let games = fs::read_to_string(run.join("games.csv")).unwrap();
    let row: Vec<&str> = games.lines().nth(index + 1).unwrap().split(',').collect();
    assert_eq!(row[0], index.to_string());
    row[1].to_owned()
}

// docs/commands/replay.md, "Seats at more than two seats": the run's
// entries in the run's order, seated by --index as the runner seated them
// (entry e in seat (e + I) mod N), give the very bytes of the log.
#[test]
fn replay_with_an_index_seats_a_tables_entries_as_the_run_did() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let rules = ["--game", "millennium-blades", "--players", "3"];
    let entries = ["--deck", "blazing", "--deck", "tidal", "--deck", "gale"];
    let mut args = vec!["simulate", "--quiet", "--out", "sim", "--seed", "5"];
    args.extend(["--games", "3", "--log", "3"]);
    args.extend(rules);
    args.extend(entries);
    let o = decklab(d, &args);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    for game in 0..3 {
        let seed = seed_of(&d.join("sim"), game);
        let index = game.to_string();
        let mut line = vec!["replay", "--seed", &seed, "--index", &index];
        line.extend(rules);
        line.extend(entries);
        let o = decklab(d, &line);
        assert!(o.status.success(), "stderr: {}", stderr(&o));
        let logged = fs::read_to_string(d.join(format!("sim/logs/game-{game}.jsonl"))).unwrap();
        assert!(
            stdout(&o) == logged,
            "replay --index {game} differs from logs/game-{game}.jsonl"
        );
    }
    // A round-robin of 3-seat tables: game I of any table is seated by
    // its index in the run, the table's decks in the field's order.
    let mut args = vec!["round-robin", "--quiet", "--out", "rr", "--seed", "8"];
    args.extend(["--games", "2", "--log", "2"]);
    args.extend(rules);
    args.extend(["--field", "blazing", "--field", "tidal"]);
    args.extend(["--field", "gale", "--field", "shade"]);
    let o = decklab(d, &args);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    // The tables in order: blazing + tidal + gale (games 0, 1), blazing +
    // tidal + shade (2, 3), blazing + gale + shade (4, 5)…
    for (game, table) in [
        (3, ["blazing", "tidal", "shade"]),
        (5, ["blazing", "gale", "shade"]),
    ] {
        let seed = seed_of(&d.join("rr"), game);
        let index = game.to_string();
        let mut line = vec!["replay", "--seed", &seed, "--index", &index];
        line.extend(rules);
        for deck in table {
            line.extend(["--deck", deck]);
        }
        let o = decklab(d, &line);
        assert!(o.status.success(), "stderr: {}", stderr(&o));
        let logged = fs::read_to_string(d.join(format!("rr/logs/game-{game}.jsonl"))).unwrap();
        assert!(
            stdout(&o) == logged,
            "replay --index {game} differs from the round-robin's log"
        );
        // And from the run directory.
        let o = decklab(d, &["replay", "rr", &index]);
        assert!(stdout(&o) == logged, "replay rr {game}: {}", stderr(&o));
    }
}

#[test]
fn replay_reads_every_setting_from_the_run_directory() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // A what-if with a short turn cap and a deck file: the run directory
    // alone tells replay all of it.
    fs::copy(repo("decks/nostalgix/evolution.deck"), d.join("mine.deck")).unwrap();
    let o = decklab(
        d,
        &[
            "simulate",
            "--deck",
            "mine.deck",
            "--set",
            "Cinder Imp.health=4",
            "--max-turns",
            "60",
            "--games",
            "6",
            "--log",
            "6",
            "--quiet",
            "--out",
            "run",
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    for game in ["1", "4"] {
        let o = decklab(d, &["replay", "run", game]);
        assert!(o.status.success(), "stderr: {}", stderr(&o));
        let logged = fs::read_to_string(d.join(format!("run/logs/game-{game}.jsonl"))).unwrap();
        assert!(
            stdout(&o) == logged,
            "replay run {game} differs from its log"
        );
    }
    // --text: the same game as readable text, turn by turn.
    let o = decklab(d, &["replay", "run", "1", "--text"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("setup\n") && text.contains("\nturn 1\n"),
        "{text}"
    );
    assert!(text.contains("  a  draw           card "), "{text}");
    assert!(!text.contains('{'), "no JSON: {text}");
    // Four seats going round the table, Turn-Based Mode.
    let o = decklab(
        d,
        &[
            "simulate",
            "--game",
            "millennium-blades",
            "--players",
            "4",
            "--mode",
            "turn-based",
            "--games",
            "4",
            "--log",
            "4",
            "--quiet",
            "--out",
            "table",
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let o = decklab(d, &["replay", "table", "3"]);
    let logged = fs::read_to_string(d.join("table/logs/game-3.jsonl")).unwrap();
    assert!(stdout(&o) == logged, "replay table 3 differs from its log");
    assert_fails(
        &decklab(d, &["replay", "run", "9"]),
        &["run/games.csv has no game 9"],
    );
    assert_fails(&decklab(d, &["replay", "nowhere", "0"]), &["nowhere"]);
    // The run directory gives every setting: a flag beside it would be
    // ignored, so it is refused.
    for (flag, named) in [
        (&["--deck", "x.deck"][..], "'--deck <PATH>'"),
        (&["--bot", "random"], "'--bot <NAME|PATH>'"),
        (
            &["--set", "Cinder Imp.cost=1"],
            "'--set <CARD.FIELD=VALUE>'",
        ),
        (&["--index", "3"], "'--index <I>'"),
    ] {
        let mut line = vec!["replay", "run", "1"];
        line.extend(flag);
        let o = decklab(d, &line);
        assert_fails(&o, &["the argument '[RUN_DIR]' cannot be used with", named]);
        assert!(
            !stderr(&o).contains("--players"),
            "only the flag typed: {}",
            stderr(&o)
        );
    }
    // A deck edited since the run would replay another game: refused.
    let mut deck = fs::read_to_string(d.join("mine.deck")).unwrap();
    deck.push_str("# edited\n");
    fs::write(d.join("mine.deck"), deck).unwrap();
    assert_fails(
        &decklab(d, &["replay", "run", "1"]),
        &[
            "mine.deck (deck_a) changed since the run",
            "not be the same game",
        ],
    );
    fs::remove_file(d.join("mine.deck")).unwrap();
    assert_fails(
        &decklab(d, &["replay", "run", "1"]),
        &["cannot read mine.deck (deck_a)"],
    );
    // A card folder read whole: a card file added since changes the pool.
    let pool = fs::read_to_string(repo("decks/nostalgix/cards.toml")).unwrap();
    let (heroes, fighters) = pool.split_at(pool.find("[[fighter]]").unwrap());
    fs::create_dir(d.join("pool")).unwrap();
    fs::write(d.join("pool/a.toml"), heroes).unwrap();
    fs::write(d.join("pool/b.toml"), fighters).unwrap();
    let o = decklab(
        d,
        &[
            "simulate", "--cards", "pool", "--games", "2", "--quiet", "--out", "folder",
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let o = decklab(d, &["replay", "folder", "1"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    fs::write(d.join("pool/c.toml"), "# more cards to come\n").unwrap();
    assert_fails(
        &decklab(d, &["replay", "folder", "1"]),
        &["pool/c.toml was added to the card folder pool since the run"],
    );
}

/// A failing run into `out` must leave what was there before untouched.
fn assert_untouched(dir: &Path, before: &[(PathBuf, Vec<u8>)]) {
    let now: Vec<(PathBuf, Vec<u8>)> = files(dir)
        .into_iter()
        .map(|f| {
            let bytes = fs::read(dir.join(&f)).unwrap();
            (f, bytes)
        })
        .collect();
    assert!(now == before, "output directory changed");
}

#[test]
fn bad_input_fails_cleanly_and_writes_nothing() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    fs::write(d.join("short.deck"), "Hero: Nobody\n3 Cinder Imp\n").unwrap();
    fs::write(d.join("bad.toml"), "kind = \n").unwrap();
    fs::write(d.join("plain-file"), "").unwrap();
    fs::write(d.join("junk.deck"), [0xff, 0xfe, 0x00, 0x80]).unwrap();
    fs::write(
        d.join("cards.toml"),
        "[[spell]]\nname = \"S\"\ncost = \"two\"\n",
    )
    .unwrap();
    fs::write(
        d.join("weights.toml"),
        "kind = \"greedy\"\n[weights.nostalgix]\nhero_helth = 1\n",
    )
    .unwrap();

    // One case per error class of the README's catalogue.
    let cases: [(&[&str], &[&str]); 17] = [
        (&["--deck", "missing/none.deck"], &["missing/none.deck"]),
        (
            &["--deck", "hero-rsh"],
            &["hero-rsh", "did you mean \"hero-rush\""],
        ),
        (
            &["--opponent", "short.deck"],
            &["short.deck", "short.deck:1:"],
        ),
        (&["--bot", "grredy"], &["--bot grredy", "greedy"]),
        (
            &["--opponent-bot", "bad.toml"],
            &["--opponent-bot", "bad.toml:1"],
        ),
        (&["--deck", "."], &[". is a folder, not a deck file"]),
        (&["--games", "0"], &["--games"]),
        // A negative number is a bad value of its flag, not a flag.
        (&["--seed", "-1"], &["'-1' for '--seed"]),
        (&["--log", "-3"], &["'-3' for '--log"]),
        (
            &["--game", "millennium-blades", "--players", "6"],
            &["--players 6: millennium-blades is played by 2 to 5 players"],
        ),
        // Turn-Based Mode has no deckbuilding clock and no Pre-Release.
        (
            &[
                "--game",
                "millennium-blades",
                "--players",
                "3",
                "--mode",
                "turn-based",
                "--ticks-per-minute",
                "2",
            ],
            &["--ticks-per-minute 2", "--mode turn-based does not have"],
        ),
        (
            &[
                "--game",
                "millennium-blades",
                "--mode",
                "turn-based",
                "--pre-release",
            ],
            &["--pre-release is a rule of the standard game"],
        ),
        (&["--threads", "0"], &["--threads"]),
        (&["--max-turns", "0"], &["--max-turns"]),
        (&["--deck", "junk.deck"], &["junk.deck", "UTF-8"]),
        (
            &["--cards", "cards.toml"],
            &["cards.toml:3:", "expected u8"],
        ),
        (
            &["--bot", "weights.toml"],
            &["weights.toml:3:", "did you mean \"hero_health\""],
        ),
    ];
    for (extra, needles) in cases {
        let mut args = vec!["simulate", "--quiet", "--games", "2", "--out", "out"];
        args.extend_from_slice(extra);
        let o = decklab(d, &args);
        assert_fails(&o, needles);
        assert!(
            !d.join("out").exists(),
            "{extra:?} created the output directory"
        );
    }

    let o = decklab(d, &["simulate", "--games", "-5", "--out", "out"]);
    assert_fails(&o, &["'-5' for '--games <N>': -5 is not in 1..="]);
    assert!(!d.join("out").exists());
    // An exponent with a sign is a number too, not the short flags `-5e-2`,
    // after a long flag and after a short one.
    let o = decklab(d, &["regress", "--baseline", "b.csv", "--h1", "-5e-2"]);
    assert_fails(
        &o,
        &["'-5e-2' for '--h1 <DROP>': -5e-2 is not between 0 and 1"],
    );
    let o = decklab(d, &["simulate", "-n", "-5e-2", "--out", "out"]);
    assert_fails(&o, &["'-5e-2' for '--games <N>'"]);
    assert!(!d.join("out").exists());
    // A flag of several values keeps them all: `-1` is a deck name here.
    let o = decklab(
        d,
        &[
            "gauntlet",
            "--deck",
            "hero-rush",
            "--field",
            "-1",
            "hero-rush",
            "--out",
            "out",
        ],
    );
    assert_fails(&o, &["deck file not found: -1"]);
    // A deck named ALL would read as the whole field in matchups.csv.
    let deck = Path::new(env!("CARGO_MANIFEST_DIR")).join("decks/nostalgix/hero-rush.deck");
    fs::copy(deck, d.join("ALL.deck")).unwrap();
    let o = decklab(
        d,
        &[
            "gauntlet",
            "--deck",
            "hero-rush",
            "--field",
            "ALL.deck",
            "--out",
            "out",
        ],
    );
    assert_fails(
        &o,
        &["ALL.deck: a deck named \"ALL\" would read as the whole field"],
    );
    assert!(!d.join("out").exists());

    // An output directory that cannot be created.
    let o = decklab(d, &quick("plain-file/out", &["--games", "2"]));
    assert_fails(&o, &["plain-file/out"]);

    // A failed run keeps the previous results whole.
    let o = decklab(d, &quick("out", &["--games", "3", "--log", "1"]));
    assert!(o.status.success());
    let before: Vec<(PathBuf, Vec<u8>)> = files(&d.join("out"))
        .into_iter()
        .map(|f| {
            let bytes = fs::read(d.join("out").join(&f)).unwrap();
            (f, bytes)
        })
        .collect();
    let o = decklab(d, &quick("out", &["--games", "3", "--deck", "short.deck"]));
    assert_fails(&o, &["short.deck"]);
    assert_untouched(&d.join("out"), &before);

    // Clap's own errors use the same prefix and status.
    let o = decklab(d, &["simulate", "--seed", "soon"]);
    assert_fails(&o, &["--seed"]);
}

#[test]
fn validate_reports_each_problem_with_its_line() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let good = repo("decks/nostalgix/hero-rush.deck");
    let cards = repo("decks/nostalgix/cards.toml");
    let o = decklab(
        d,
        &["validate", good.to_str().unwrap(), cards.to_str().unwrap()],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert_eq!(stdout(&o).matches(": ok").count(), 2);

    fs::write(
        d.join("bad.deck"),
        "Hero: Nobody\n4 Cinder Imp\n4 Not A Card\n",
    )
    .unwrap();
    fs::write(d.join("bad-cards.toml"), "[[card]]\nname = 3\n").unwrap();
    let o = decklab(
        d,
        &[
            "validate",
            "bad.deck",
            "bad-cards.toml",
            good.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("bad.deck:1: "), "{err}");
    assert!(err.contains("bad.deck:3: "), "{err}");
    assert!(err.contains("bad-cards.toml:"), "{err}");
    assert!(
        err.lines().last().unwrap().starts_with("decklab: "),
        "{err}"
    );
    assert!(stdout(&o).contains("hero-rush.deck: ok"));

    let o = decklab(d, &["validate", "no-such.deck"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("no-such.deck: cannot read this deck file: "),
        "{}",
        stderr(&o)
    );
    // An unreadable deck is one problem among the others: the files after
    // it are still checked, and the JSON document still written.
    let o = decklab(
        d,
        &[
            "validate",
            "no-such.deck",
            good.to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let files = doc["files"].as_array().unwrap();
    assert_eq!(files.len(), 2, "{doc}");
    assert_eq!(files[0]["ok"], false);
    let why = files[0]["problems"][0]["message"].as_str().unwrap();
    assert!(why.starts_with("cannot read this deck file: "), "{why}");
    assert_eq!(files[1]["ok"], true);

    // A folder: its card pool, then its decks against that pool.
    let folder = d.join("pool");
    fs::create_dir(&folder).unwrap();
    fs::copy(&cards, folder.join("cards.toml")).unwrap();
    fs::copy(&good, folder.join("mine.deck")).unwrap();
    let o = decklab(d, &["validate", "pool"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert_eq!(stdout(&o), "pool: ok\npool/mine.deck: ok\n");
    fs::write(folder.join("cards.toml"), "[[hero]]\n").unwrap();
    let o = decklab(d, &["validate", "pool"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("pool/mine.deck: not checked"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn cards_lists_the_pool_and_help_has_examples() {
    let dir = TempDir::new().unwrap();
    let o = decklab(dir.path(), &["cards"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let text = stdout(&o);
    assert!(text.lines().next().unwrap().starts_with("name"));
    assert!(text.contains("Cinder Imp"));
    for command in ["simulate", "replay", "validate", "cards"] {
        let o = decklab(dir.path(), &[command, "--help"]);
        assert!(o.status.success());
        assert!(stdout(&o).contains("Examples:"), "{command} --help");
    }
}

#[test]
fn optimize_help_leaves_out_the_flags_only_millennium_blades_reads() {
    let dir = TempDir::new().unwrap();
    let flags = ["--players", "--mode", "--ticks-per-minute", "--pre-release"];
    let help = stdout(&decklab(dir.path(), &["optimize", "--help"]));
    assert!(help.contains("--budget"), "{help}");
    assert!(!flags.iter().any(|f| help.contains(f)), "{help}");
    let help = stdout(&decklab(dir.path(), &["simulate", "--help"]));
    assert!(flags.iter().all(|f| help.contains(f)), "{help}");
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let dir = TempDir::new().unwrap();
    // The table and the JSON writer (whose error hides the I/O error).
    for args in [&["cards"][..], &["cards", "--format", "json"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_decklab"))
            .args(args)
            .current_dir(dir.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end before decklab has written its output.
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        assert!(o.status.success(), "{args:?}: stderr: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

#[test]
fn set_changes_a_card_for_one_run_and_is_recorded() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let o = decklab(
        d,
        &quick("out", &["--games", "4", "--set", "Cinder Imp.health=1"]),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let manifest = fs::read_to_string(d.join("out/manifest.json")).unwrap();
    assert!(manifest.contains("Cinder Imp.health=1"), "{manifest}");
    let o = decklab(d, &quick("bad", &["--set", "Cinder Imps.health=1"]));
    assert_fails(&o, &["--set", "did you mean \"Cinder Imp\""]);
    let o = decklab(d, &quick("bad", &["--set", "Cinder Imp.helth=1"]));
    assert_fails(&o, &["--set", "did you mean \"health\""]);
    assert!(!d.join("bad").exists());
    let o = decklab(d, &["cards", "--set", "Stack-O-Fox.health=9"]);
    assert!(
        stdout(&o)
            .lines()
            .any(|l| l.starts_with("Stack-O-Fox") && l.contains(" 9"))
    );
    // A change the printed text does not show is listed with the card.
    let o = decklab(
        d,
        &[
            "cards",
            "--game",
            "millennium-blades",
            "--set",
            "Ember Pup.effects.0.amount=3",
            "--format",
            "csv",
        ],
    );
    let text = stdout(&o);
    assert!(
        text.lines().next().unwrap().ends_with(",overrides"),
        "{text}"
    );
    let pup = text.lines().find(|l| l.starts_with("Ember Pup,")).unwrap();
    assert!(pup.ends_with(",effects.0.amount=3"), "{pup}");
    // The card named as --set reads it: case and spaces aside.
    let o = decklab(
        d,
        &["cards", "--set", " cinder imp .health=4", "--format", "csv"],
    );
    let text = stdout(&o);
    let imp = text.lines().find(|l| l.starts_with("Cinder Imp,")).unwrap();
    assert!(imp.ends_with(",health=4"), "{imp}");
}

#[test]
fn cards_lists_a_price_override_on_every_card_of_the_set() {
    // A Millennium Blades price is its set's (docs/commands/simulate.md,
    // "What-if: --set"): `--set` on one card's price prices the whole set,
    // so `decklab cards` marks the change on each card of the set, not on
    // the named card alone, and says it is set-wide.
    let dir = TempDir::new().unwrap();
    let list = |set: &[&str]| -> Vec<HashMap<String, String>> {
        let mut args = vec!["cards", "--game", "millennium-blades", "--format", "csv"];
        for s in set {
            args.extend(["--set", s]);
        }
        let o = decklab(dir.path(), &args);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header = reader.headers().unwrap().clone();
        reader
            .records()
            .map(|r| {
                header
                    .iter()
                    .zip(r.unwrap().iter())
                    .map(|(h, v)| (h.to_owned(), v.to_owned()))
                    .collect()
            })
            .collect()
    };
    let before = list(&[]);
    for (spec, set, price) in [
        ("Gust Hawk.price=1", "Eternal Core", "1"),
        ("Mouse Parade.price=5", "Mouse Parade", "5"),
    ] {
        let after = list(&[spec]);
        assert_eq!(after.len(), before.len());
        let mates = after.iter().filter(|r| r["set"] == set).count();
        assert!(mates > 1, "{set}: {mates} cards");
        for (old, new) in before.iter().zip(&after) {
            assert_eq!(old["name"], new["name"]);
            if new["set"] == set {
                // The figure listed is the set's new price, on each card.
                assert_eq!(new["price"], price, "{spec}: {new:?}");
                assert_eq!(
                    new["overrides"],
                    format!("price={price} (set-wide)"),
                    "{spec}: {new:?}"
                );
            } else {
                assert_eq!(old["price"], new["price"], "{spec}: {new:?}");
                assert_eq!(new["overrides"], "", "{spec}: {new:?}");
            }
        }
    }
    // A card's own field stays the card's.
    let after = list(&["Gust Hawk.stars=5"]);
    for row in &after {
        let expected = if row["name"] == "Gust Hawk" {
            "stars=5"
        } else {
            ""
        };
        assert_eq!(row["overrides"], expected, "{row:?}");
    }
}

/// Runs decklab in `dir` with `args` and the environment `env`.
fn decklab_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_decklab"))
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied())
        .output()
        .expect("decklab runs")
}

#[test]
fn absurd_numbers_fail_at_once_with_one_message() {
    let dir = TempDir::new().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["simulate", "--threads", "100000000"], "--threads"),
        (&["simulate", "-j", "0"], "--threads"),
        (&["simulate", "--games", "99999999999999999"], "--games"),
        (&["simulate", "-n", "0"], "--games"),
        (&["simulate", "--log", "999999999"], "--log"),
        (&["simulate", "--max-turns", "70000"], "--max-turns"),
        (&["simulate", "--players", "1000"], "--players"),
        (
            &[
                "simulate",
                "-g",
                "millennium-blades",
                "--ticks-per-minute",
                "9",
            ],
            "--ticks-per-minute",
        ),
        (
            &[
                "gauntlet",
                "--deck",
                "hero-rush",
                "--field",
                "bundled",
                "-n",
                "0",
            ],
            "--games",
        ),
        (&["round-robin", "--threads", "5000"], "--threads"),
        (
            &["regress", "--baseline", "x.csv", "--alpha", "2"],
            "--alpha",
        ),
        (
            &["regress", "--baseline", "x.csv", "--batch", "0"],
            "--batch",
        ),
        (
            &["replay", "--seed", "1", "--max-turns", "0"],
            "--max-turns",
        ),
    ];
    let mut slowest = 0.0f64;
    for (args, flag) in cases {
        let started = std::time::Instant::now();
        let o = decklab(dir.path(), args);
        let seconds = started.elapsed().as_secs_f64();
        slowest = slowest.max(seconds);
        assert_fails(&o, &[flag]);
        // One message: the error and clap's pointer to --help.
        assert!(stderr(&o).lines().count() <= 3, "{args:?}: {}", stderr(&o));
        // At once: nothing was started (a generous bound for a busy CI
        // machine; it takes some 10 ms).
        assert!(seconds < 5.0, "{args:?} took {seconds:.2} s");
        assert!(files(dir.path()).is_empty(), "{args:?} wrote files");
    }
    eprintln!("slowest refusal: {slowest:.3} s");
}

#[test]
fn progress_lines_when_stderr_is_not_a_terminal_and_none_when_quiet() {
    let dir = TempDir::new().unwrap();
    let env = [("DECKLAB_PROGRESS_SECONDS", "0.02")];
    let o = decklab_env(dir.path(), &["simulate", "-n", "1500", "-j", "1"], &env);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert!(!lines.is_empty(), "no progress line");
    for l in &lines {
        assert!(
            l.starts_with("decklab: ")
                && l.contains(" of 1500 games (")
                && l.contains(" games/s")
                && l.contains("ETA "),
            "{l}"
        );
        assert!(!l.contains('\x1b'), "a terminal escape in a log: {l:?}");
    }
    assert!(
        lines.iter().any(|l| l.contains("hero-rush win rate ")),
        "{err}"
    );
    let o = decklab_env(
        dir.path(),
        &["simulate", "-n", "1500", "-j", "1", "-q"],
        &env,
    );
    assert!(o.status.success());
    assert_eq!(stderr(&o), "");
}

#[test]
fn short_flags_are_the_long_ones() {
    let dir = TempDir::new().unwrap();
    let long = [
        "simulate",
        "--games",
        "30",
        "--threads",
        "1",
        "--out",
        "long",
        "--quiet",
        "--game",
        "pixel-tactics",
    ];
    let short = [
        "simulate",
        "-n",
        "30",
        "-j",
        "1",
        "-o",
        "short",
        "-q",
        "-g",
        "pixel-tactics",
    ];
    for args in [&long[..], &short[..]] {
        let o = decklab(dir.path(), args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
    for name in REPORTS {
        let a = fs::read(dir.path().join("long").join(name)).unwrap();
        assert!(
            a == fs::read(dir.path().join("short").join(name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn validate_infers_each_ruleset_and_walks_folders() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    copy_tree(&repo("decks"), &d.join("decks"));
    let o = decklab(d, &["validate", "decks"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let decks = fs::read_dir(repo("decks"))
        .unwrap()
        .flatten()
        .flat_map(|g| fs::read_dir(g.path()).unwrap().flatten())
        .filter(|f| f.path().extension().is_some_and(|e| e == "deck"))
        .count();
    // Every deck and every ruleset's pool, each under its own rules.
    assert_eq!(stdout(&o).lines().count(), decks + 5, "{}", stdout(&o));
    // Outside a folder named after its ruleset: inferred from its cards.
    fs::copy(
        repo("decks/pixel-tactics/vanguard-wall.deck"),
        d.join("wall.deck"),
    )
    .unwrap();
    let o = decklab(d, &["validate", "wall.deck", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["files"][0]["game"], "pixel-tactics");
    assert_eq!(v["files"][0]["ok"], true);
    // Saved with a byte-order mark and Windows line ends: still legal.
    let text = fs::read_to_string(repo("decks/nostalgix/hero-rush.deck")).unwrap();
    let windows = format!("\u{feff}{}", text.replace('\n', "\r\n"));
    fs::write(d.join("bom.deck"), windows).unwrap();
    let o = decklab(d, &["validate", "bom.deck"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A file that fits no ruleset says which one its problems are of.
    fs::write(d.join("empty.deck"), "").unwrap();
    let o = decklab(d, &["validate", "empty.deck"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(
            "empty.deck: read as millennium-blades (the ruleset under which it has the fewest \
             problems; --game chooses)\n"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn validate_names_the_ruleset_only_when_the_guess_is_close() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // docs/commands/validate.md's typo.deck: its `Hero:` line and known
    // cards are read by Nostalgix alone, so its problems are Nostalgix's
    // without saying so.
    fs::write(
        d.join("typo.deck"),
        "Hero: Sable Quickfuse\n4 Cinder Imp\n5 Flame Sprinter\n2 Scorched Plians\n",
    )
    .unwrap();
    let o = decklab(d, &["validate", "typo.deck"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "typo.deck:3: 5 copies of \"Flame Sprinter\": at most 4 of any card (rules: \"Deck \
         Building\")\n\
         typo.deck:4: unknown card \"Scorched Plians\" (did you mean \"Scorched Plains\"?)\n\
         typo.deck: the deck has 11 cards besides its Hero; a deck holds exactly 50 + 1 Hero \
         (rules: \"Deck\")\n\
         decklab: 3 problems in 1 of 1 file\n"
    );
}

#[test]
fn a_deck_or_card_file_of_another_game_gets_a_hint() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let path = |p: &str| repo(p).display().to_string();
    let run = |args: &[&str]| decklab(d, &quick("out", args));
    let ends = |o: &std::process::Output, hint: &str| {
        assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
        assert!(stderr(o).ends_with(&format!("\n{hint}\n")), "{}", stderr(o));
    };
    // A Pixel Tactics deck under Nostalgix, the default: its problems as
    // before, then the hint.
    let o = run(&["--deck", &path("decks/pixel-tactics/arcane-rear.deck")]);
    assert_fails(
        &o,
        &["arcane-rear.deck is not a legal deck:\n", "unknown card"],
    );
    ends(
        &o,
        "this looks like a pixel-tactics deck: pass --game pixel-tactics",
    );
    // The same through the other commands that load decks.
    let pt_deck = path("decks/pixel-tactics/vanguard-wall.deck");
    for args in [
        &[
            "gauntlet",
            "--deck",
            "hero-rush",
            "--field",
            &pt_deck,
            "--games",
            "1",
            "--quiet",
        ][..],
        &[
            "round-robin",
            "--field",
            "hero-rush",
            &pt_deck,
            "--games",
            "1",
            "--quiet",
        ],
        &[
            "optimize",
            "--deck",
            &pt_deck,
            "--field",
            "hero-rush",
            "--budget",
            "1",
        ],
    ] {
        let o = decklab(d, args);
        ends(
            &o,
            "this looks like a pixel-tactics deck: pass --game pixel-tactics",
        );
    }
    // A Nostalgix deck with mistakes, under Pixel Tactics: fewer problems
    // as Nostalgix, and no line Pixel Tactics reads that Nostalgix does not.
    fs::write(
        d.join("typo.deck"),
        "Hero: Sable Quickfuse\n4 Cinder Imp\n5 Flame Sprinter\n2 Scorched Plians\n",
    )
    .unwrap();
    let o = run(&["--game", "pixel-tactics", "--deck", "typo.deck"]);
    ends(
        &o,
        "this looks like a nostalgix deck: pass --game nostalgix",
    );
    // A card file of another game.
    let o = run(&["--cards", &path("decks/pixel-tactics/cards.toml")]);
    assert_fails(
        &o,
        &[
            "cards.toml is not a valid card file",
            "unknown field `card`",
        ],
    );
    ends(
        &o,
        "this looks like a pixel-tactics card file: pass --game pixel-tactics",
    );
    // Millennium Blades names the first table it does not know (`[[hero]]`
    // on line 27), not the first in name order (`[[arena]]`).
    let o = run(&[
        "--game",
        "millennium-blades",
        "--cards",
        &path("decks/nostalgix/cards.toml"),
    ]);
    assert_fails(&o, &["cards.toml:27: unknown field `hero`, expected `set`"]);
    ends(
        &o,
        "this looks like a nostalgix card file: pass --game nostalgix",
    );
    // No hint where no other ruleset reads the file better: a misspelt
    // card, an empty deck.
    fs::write(d.join("empty.deck"), "").unwrap();
    fs::write(
        d.join("typos.deck"),
        fs::read_to_string(repo("decks/nostalgix/hero-rush.deck"))
            .unwrap()
            .replacen("4 Cinder Imp", "4 Cinder Inp", 1),
    )
    .unwrap();
    for deck in ["empty.deck", "typos.deck"] {
        let o = run(&["--deck", deck]);
        assert_fails(&o, &[&format!("{deck} is not a legal deck")]);
        assert!(!stderr(&o).contains("this looks like"), "{}", stderr(&o));
    }
}

#[test]
fn deck_errors_are_one_per_mistake_in_line_order() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let text = fs::read_to_string(repo("decks/nostalgix/hero-rush.deck")).unwrap();
    // A misspelt Hero and two misspelt cards of a 50-card list.
    let bad = text
        .replace("Hero: Sable Quickfuse", "Hero: Sable Quickfuze")
        .replacen("4 Cinder Imp\n", "4 Cinder Inp\n", 1)
        .replacen("4 Flame Sprinter\n", "4 Flame Sprintr\n", 1);
    assert_ne!(bad, text);
    fs::write(d.join("typos.deck"), &bad).unwrap();
    let o = decklab(d, &["validate", "-g", "nostalgix", "typos.deck"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let problems: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("typos.deck"))
        .collect();
    assert_eq!(problems.len(), 3, "{err}");
    assert!(
        problems[0].contains("did you mean \"Sable Quickfuse\""),
        "{err}"
    );
    assert!(!err.contains("no `Hero: Name` line"), "{err}");
    // The count counts every line: no false "too few cards".
    assert!(!err.contains("cards besides its Hero"), "{err}");
    let lines: Vec<usize> = problems
        .iter()
        .map(|p| p.split(':').nth(1).unwrap().parse().unwrap())
        .collect();
    assert!(lines.is_sorted() && lines[0] > 0, "{lines:?}");
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            fs::copy(e.path(), target).unwrap();
        }
    }
}

#[test]
fn completions_and_manual_pages() {
    let dir = TempDir::new().unwrap();
    for (shell, mark) in [
        ("bash", "_decklab()"),
        ("zsh", "#compdef decklab"),
        ("fish", "complete -c decklab"),
    ] {
        let o = decklab(dir.path(), &["completions", shell]);
        assert!(o.status.success(), "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        assert!(script.contains(mark), "{shell}");
        assert!(
            script.contains("round-robin") && script.contains("threads"),
            "{shell}"
        );
    }
    let o = decklab(dir.path(), &["man"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains(".TH decklab 1"));
    let o = decklab(dir.path(), &["man", "--out", "man"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // In section 1 of a man tree, where `MANPATH=$PWD/man:` finds it.
    let page = fs::read_to_string(dir.path().join("man/man1/decklab-simulate.1")).unwrap();
    assert!(
        page.contains("threads") && page.contains("Examples"),
        "{page}"
    );
}

#[test]
fn decklab_toml_gives_defaults_that_a_flag_overrides() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    fs::write(
        d.join("decklab.toml"),
        "[defaults]\nthreads = 1\nquiet = true\n\n[simulate]\ngames = 12\nout = \"from-file\"\nbot = \"random\"\n",
    )
    .unwrap();
    let games = |out: &str| {
        let text = fs::read_to_string(d.join(out).join("games.csv")).unwrap();
        text.lines().count() - 1
    };
    let o = decklab(d, &["simulate"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(games("from-file"), 12);
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(d.join("from-file/manifest.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["threads"], 1);
    assert_eq!(manifest["settings"]["bot_a"], "random");
    // A flag wins over the file.
    let o = decklab(d, &["simulate", "-n", "5", "--out", "typed"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(games("typed"), 5);
    // [defaults] applies where the flag exists; [simulate] names only its
    // own flags.
    assert!(decklab(d, &["cards"]).status.success());
    fs::write(d.join("decklab.toml"), "[simulate]\ngamez = 3\n").unwrap();
    assert_fails(&decklab(d, &["simulate"]), &["decklab.toml:2:", "--gamez"]);
    // A value clap refuses is reported at its line of the file, not as a
    // flag the user never typed.
    fs::write(
        d.join("decklab.toml"),
        "[defaults]\nquiet = true\n\n[simulate]\n# fewer\ngames = 12\nthreads = 0\n",
    )
    .unwrap();
    assert_fails(
        &decklab(d, &["simulate"]),
        &["decklab.toml:7: [simulate] threads = 0: invalid value '0' for '--threads <T>'"],
    );
    fs::write(d.join("decklab.toml"), "[defaults]\nmax_turns = \"many\"\n").unwrap();
    assert_fails(
        &decklab(d, &["simulate", "--games", "2"]),
        &["decklab.toml:2: [defaults] max_turns = \"many\""],
    );
    // clap's hints come along; a key outside any table is placed too; so
    // is the second of two defaults that cannot go together.
    fs::write(d.join("decklab.toml"), "[simulate]\nmode = \"dual\"\n").unwrap();
    assert_fails(
        &decklab(d, &["simulate", "--games", "2"]),
        &[
            "decklab.toml:2: [simulate] mode = \"dual\": invalid value 'dual'",
            "'duel'",
        ],
    );
    fs::write(d.join("decklab.toml"), "# mine\nthreads = 1\n[simulate]\n").unwrap();
    assert_fails(
        &decklab(d, &["simulate", "--games", "2"]),
        &["decklab.toml:2: threads is outside any table"],
    );
    fs::write(
        d.join("decklab.toml"),
        "[simulate]\ngrant = \"Gust Hawk\"\ngrant_all = true\n",
    )
    .unwrap();
    assert_fails(
        &decklab(
            d,
            &["simulate", "--game", "millennium-blades", "--games", "2"],
        ),
        &["decklab.toml:3: [simulate] grant_all = true: the argument '--grant"],
    );
    fs::write(d.join("decklab.toml"), "[defaults]\nthreads = {a = 1}\n").unwrap();
    assert_fails(
        &decklab(d, &["simulate", "--games", "2"]),
        &["decklab.toml:2: [defaults] threads = { a = 1 }: expected a string"],
    );
    // A default deck does not stop a replay that takes its decks from a
    // run directory.
    fs::remove_file(d.join("decklab.toml")).unwrap();
    let o = decklab(d, &["simulate", "--games", "2", "--quiet", "--out", "run"]);
    assert!(o.status.success(), "{}", stderr(&o));
    fs::write(
        d.join("decklab.toml"),
        "[defaults]\ndeck = \"token-swarm\"\n",
    )
    .unwrap();
    let o = decklab(d, &["replay", "run", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

// docs/configuration.md: a value of decklab.toml that a ruleset refuses
// (clap takes any --players; the ruleset knows its seats) is reported at
// its line, as clap's refusals are; a typed value is named as typed.
#[test]
fn decklab_toml_values_a_ruleset_refuses_are_placed_at_their_line() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let mb = ["simulate", "--game", "millennium-blades", "--games", "2"];
    let file = |text: &str| fs::write(d.join("decklab.toml"), text).unwrap();
    file("[simulate]\ngame = \"millennium-blades\"\nplayers = 9\n");
    let o = decklab(d, &["simulate", "--games", "2"]);
    assert_fails(
        &o,
        &[
            "decklab: decklab.toml:3: [simulate] players = 9: millennium-blades is played by 2 to 5 players",
        ],
    );
    // The same value typed: named as the flag it is.
    let o = decklab(d, &["simulate", "--games", "2", "--players", "7"]);
    assert_fails(
        &o,
        &["decklab: --players 7: millennium-blades is played by 2 to 5 players"],
    );
    // Duel Mode's two seats: at the line of whichever the file gave.
    file("[simulate]\nplayers = 3\n");
    let mut line = mb.to_vec();
    line.extend(["--mode", "duel"]);
    assert_fails(
        &decklab(d, &line),
        &["decklab: decklab.toml:2: [simulate] players = 3: --mode duel is for 2 players"],
    );
    file("[defaults]\nthreads = 1\nmode = \"duel\"\n");
    let mut line = mb.to_vec();
    line.extend(["--players", "3"]);
    assert_fails(
        &decklab(d, &line),
        &["decklab: decklab.toml:3: [defaults] mode = \"duel\": --mode duel is for 2 players"],
    );
    // A rule option the ruleset refuses, and a --set it cannot apply.
    file("[simulate]\npre_release = true\nmode = \"turn-based\"\n");
    assert_fails(
        &decklab(d, &mb),
        &[
            "decklab: decklab.toml:2: [simulate] pre_release = true: --pre-release is a rule of the standard game",
        ],
    );
    file("[simulate]\nset = [\"Nobody.stars=2\"]\n");
    assert_fails(
        &decklab(d, &mb),
        &[
            "decklab: decklab.toml:2: [simulate] set = [\"Nobody.stars=2\"]: --set \"Nobody.stars=2\": ",
        ],
    );
}

#[test]
fn help_lists_what_a_command_takes() {
    let dir = TempDir::new().unwrap();
    let help = |args: &[&str]| stdout(&decklab(dir.path(), args));
    // regress refuses --shard, so it does not offer it.
    assert!(!help(&["regress", "--help"]).contains("--shard"));
    // --set names the fields of every ruleset, as each ruleset says them.
    let text = help(&["simulate", "--help"]);
    for (game, card) in [
        ("nostalgix", "Captain Ember"),
        ("millennium-blades", "Ember Pup"),
        ("pixel-tactics", "Ember Knight"),
        ("astrom-cross", "Veyra, Ember Sovereign"),
        ("nintendo-tcg", "Blaze Marshal"),
    ] {
        let set = format!("{card}.nosuchfield=1");
        let o = decklab(dir.path(), &["cards", "--game", game, "--set", &set]);
        let err = stderr(&o);
        let fields = err.split("fields: ").nth(1).unwrap().trim();
        assert!(
            text.contains(&format!("{game}: {fields}")),
            "{game}: {fields}"
        );
    }
}

#[test]
fn cards_show_attacks_and_text_and_speak_json() {
    let dir = TempDir::new().unwrap();
    let o = decklab(dir.path(), &["cards", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let cards: Vec<serde_json::Value> = serde_json::from_slice(&o.stdout).unwrap();
    let fighters: Vec<&serde_json::Value> =
        cards.iter().filter(|c| c["kind"] == "fighter").collect();
    assert!(!fighters.is_empty());
    for f in &fighters {
        assert!(f["attacks"].is_string(), "{f}");
        assert!(f["cost"].is_number(), "{f}");
    }
    let ember = cards.iter().find(|c| c["name"] == "Captain Ember").unwrap();
    assert_eq!(
        ember["text"],
        "Kindle (2): deal 1 damage to an enemy Fighter."
    );
    let o = decklab(dir.path(), &["cards", "--format", "csv"]);
    let header = stdout(&o).lines().next().unwrap().to_owned();
    assert_eq!(
        header,
        "name,kind,cost,type,level,health,atk,attacks,keywords,text,weakness,resistance,evolves_from"
    );
}

/// Every rate of `summary.csv` and `prize_pace.csv` comes with its game
/// count and 95% interval, and the figures agree with the games.
#[test]
fn every_rate_of_the_summary_has_its_games_and_interval() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let o = decklab(d, &["simulate", "--games", "60", "--quiet", "--out", "two"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let num = |row: &std::collections::HashMap<String, String>, c: &str| -> f64 {
        row[c]
            .parse()
            .unwrap_or_else(|_| panic!("{c} = {:?}", row[c]))
    };
    let summary = &csv_rows(&d.join("two/summary.csv"))[0];
    let games = csv_rows(&d.join("two/games.csv"));
    for (side, went_first) in [("first", "a"), ("second", "b")] {
        let mine: Vec<_> = games.iter().filter(|g| g["first"] == went_first).collect();
        let won = mine.iter().filter(|g| g["winner"] == "a").count() as f64;
        let drawn = mine.iter().filter(|g| g["winner"] == "draw").count() as f64;
        assert_eq!(num(summary, &format!("games_a_{side}")), mine.len() as f64);
        let rate = num(summary, &format!("win_rate_a_{side}"));
        assert!((rate - (won + drawn / 2.0) / mine.len() as f64).abs() < 1e-4);
        let low = num(summary, &format!("win_rate_a_{side}_ci95_low"));
        let high = num(summary, &format!("win_rate_a_{side}_ci95_high"));
        assert!(
            low < rate && rate < high && high - low < 0.5,
            "{low} {rate} {high}"
        );
    }
    for row in csv_rows(&d.join("two/prize_pace.csv")) {
        let share = num(&row, "share_won_by_turn");
        let (low, high) = (
            num(&row, "share_won_by_turn_ci95_low"),
            num(&row, "share_won_by_turn_ci95_high"),
        );
        assert!(low <= share && share <= high && high > low, "{row:?}");
    }
    // At four seats: each seat's games and win share, each rank's share.
    let o = decklab(
        d,
        &[
            "simulate",
            "--game",
            "millennium-blades",
            "--players",
            "4",
            "--games",
            "8",
            "--quiet",
            "--out",
            "four",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    for row in csv_rows(&d.join("four/summary.csv")) {
        let seats: f64 = ["a", "b", "c", "d"]
            .iter()
            .map(|s| num(&row, &format!("games_at_{s}")))
            .sum();
        assert_eq!(seats, num(&row, "games"));
        let ranks: f64 = (1..=4).map(|r| num(&row, &format!("share_rank_{r}"))).sum();
        assert!((ranks - 1.0).abs() < 1e-3, "{row:?}");
        for rate in ["win_share_at_a", "share_rank_1", "share_rank_4"] {
            let (v, low, high) = (
                num(&row, rate),
                num(&row, &format!("{rate}_ci95_low")),
                num(&row, &format!("{rate}_ci95_high")),
            );
            assert!(low <= v && v <= high && high > low, "{rate}: {row:?}");
        }
    }
}

/// A Millennium Blades starter deck may be any 9 cards but metagame cards
/// (rulings), so `validate` passes it; what the game will not play as
/// written comes as warnings: copies the Pre-Release trims to one (rules:
/// "Build your Deck", "Illegal Decks"), a store card in place of a starter
/// card. `simulate --pre-release` then notes the trim once per deck,
/// however many seats play it, and not without a Pre-Release.
#[test]
fn a_starter_deck_the_pre_release_trims_is_warned_about_and_noted() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    fs::write(d.join("m3.deck"), "9 Spark Whelp\n").unwrap();
    let blazing = fs::read_to_string(repo("decks/millennium-blades/blazing.deck")).unwrap();
    let store = blazing.replace("1 Blazing Charm", "1 Flare Oracle");
    assert_ne!(store, blazing);
    fs::write(d.join("m2.deck"), &store).unwrap();
    let line = store
        .lines()
        .position(|l| l.contains("Flare Oracle"))
        .unwrap()
        + 1;
    let o = decklab(
        d,
        &[
            "validate",
            "--game",
            "millennium-blades",
            "m3.deck",
            "m2.deck",
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    assert_eq!(stdout(&o), "m3.deck: ok\nm2.deck: ok\n");
    let err = stderr(&o);
    assert!(
        err.contains(
            "m3.deck:1: warning: 9 copies of \"Spark Whelp\" (its set \"Blazing Starter\" prints \
             1): a deck holds one copy of a card (rules: \"Build your Deck\"), so the Pre-Release \
             (--pre-release) plays 1 and puts 8 in the binder (rules: \"Illegal Decks\")"
        ),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "m2.deck:{line}: warning: \"Flare Oracle\" is a card of the core set \"Eternal Core\", \
             not a starter card"
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 2, "{err}");
    let o = decklab(
        d,
        &[
            "validate",
            "--game",
            "millennium-blades",
            "m3.deck",
            "--format",
            "json",
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let file = &doc["files"][0];
    assert_eq!(file["ok"], true);
    assert_eq!(file["problems"].as_array().unwrap().len(), 0);
    assert_eq!(file["warnings"][0]["line"], 1);
    let simulate = |deck: &str, pre_release: bool| {
        let mut args = vec![
            "simulate",
            "--game",
            "millennium-blades",
            "--deck",
            deck,
            "--opponent",
            deck,
            "--games",
            "2",
            "--quiet",
            "--out",
            "out",
        ];
        if pre_release {
            args.push("--pre-release");
        }
        let o = decklab(d, &args);
        assert!(o.status.success(), "stderr: {}", stderr(&o));
        stderr(&o)
    };
    let notes = simulate("m3.deck", true);
    assert_eq!(
        notes
            .lines()
            .filter(|l| l.starts_with("decklab: note: m3.deck:1: 9 copies of \"Spark Whelp\""))
            .count(),
        1,
        "{notes}"
    );
    assert!(!simulate("m3.deck", false).contains("note"));
    // A store card is played as it is: nothing trimmed, nothing noted.
    assert!(!simulate("m2.deck", true).contains("note"));
}

// docs/errors.md: a card file's problem that needs the whole pool (an
// evolution naming a Fighter of the wrong level) is placed at its card's
// line, as every other card-file problem is.
#[test]
fn a_card_file_cross_card_problem_is_placed_at_its_card() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let card = |name: &str, level: u8, from: Option<&str>| {
        let from = from.map_or(String::new(), |f| format!("evolves_from = \"{f}\"\n"));
        format!(
            "[[fighter]]\nname = \"{name}\"\nlevel = {level}\n{from}cost = 1\nhealth = 2\n\
             attacks = [{{ name = \"x\", damage = 1 }}]\n\n"
        )
    };
    let text = [
        card("Ember Pup", 1, None),
        card("Ember Hound", 2, Some("Ember Pup")),
        card("Blaze Hound", 2, Some("Ember Hound")),
    ]
    .concat();
    let line = text
        .lines()
        .position(|l| l.contains("Blaze Hound"))
        .unwrap();
    fs::write(d.join("c.toml"), &text).unwrap();
    let o = decklab(d, &["cards", "--game", "nostalgix", "--cards", "c.toml"]);
    // The card's table starts on the line before its name.
    assert_fails(
        &o,
        &[&format!(
            "c.toml:{line}: card \"Blaze Hound\": `evolves_from` must name a level 1 Fighter"
        )],
    );
}

// docs/configuration.md: a value of decklab.toml that clap takes but that
// fails later (a deck not found, an unknown strategy, a field deck) is
// reported at its line; typed, it is named as typed.
#[test]
fn decklab_toml_values_that_fail_later_are_placed_at_their_line() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let file = |text: &str| fs::write(d.join("decklab.toml"), text).unwrap();
    file("[simulate]\ngames = 2\ndeck = \"nope\"\n");
    assert_fails(
        &decklab(d, &["simulate"]),
        &["decklab: decklab.toml:3: [simulate] deck = \"nope\": deck file not found: nope"],
    );
    assert_fails(
        &decklab(d, &["simulate", "--deck", "nada"]),
        &["decklab: deck file not found: nada"],
    );
    file("[defaults]\nthreads = 1\n[simulate]\ngames = 2\nbot = \"greedyy\"\n");
    assert_fails(
        &decklab(d, &["simulate"]),
        &[
            "decklab: decklab.toml:5: [simulate] bot = \"greedyy\": --bot greedyy: cannot load the strategy: unknown strategy \"greedyy\"",
        ],
    );
    file("[gauntlet]\nfield = [\"nope\"]\n");
    assert_fails(
        &decklab(d, &["gauntlet", "--deck", "hero-rush", "--games", "2"]),
        &["decklab: decklab.toml:2: [gauntlet] field = [\"nope\"]: deck file not found: nope"],
    );
    file("[simulate]\nopponent = \"nope\"\n");
    assert_fails(
        &decklab(d, &["simulate", "--games", "2"]),
        &["decklab: decklab.toml:2: [simulate] opponent = \"nope\": deck file not found: nope"],
    );
    // A typed value is not placed at the line of another one the file
    // gives: seat b's bot named by a second --bot, not by opponent_bot…
    file("[simulate]\nopponent_bot = \"greedy\"\n");
    assert_fails(
        &decklab(
            d,
            &[
                "simulate", "--bot", "greedy", "--bot", "nope", "--games", "2",
            ],
        ),
        &["decklab: --bot nope: cannot load the strategy"],
    );
    // …and --h1 beside the file's alpha.
    file("[regress]\nalpha = 0.05\n");
    let baseline = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("results/baselines/nostalgix/hero-rush-vs-prize-control.csv");
    let baseline = baseline.to_str().unwrap();
    let o = decklab(d, &["regress", "--baseline", baseline, "--h1", "0.0001"]);
    assert_fails(&o, &["--h0 and --h1 must be"]);
    assert!(!stderr(&o).contains("decklab.toml"), "{}", stderr(&o));
}

// docs/errors.md: an input that is not a regular file (a device, which may
// never end) or that is too large is refused at once, exit status 2.
#[test]
fn inputs_that_are_not_regular_files_or_too_large_are_refused() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let child = common::spawn_decklab(d, &["validate", "--game", "nostalgix", "/dev/zero"]);
    let (status, err) = common::wait(child, std::time::Duration::from_secs(20));
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(
        err.contains("/dev/zero: cannot read this deck file: not a regular file"),
        "{err}"
    );
    assert_fails(
        &decklab(d, &["simulate", "--games", "2", "--deck", "/dev/null"]),
        &["cannot read deck file /dev/null: not a regular file"],
    );
    assert_fails(
        &decklab(d, &["cards", "--game", "nostalgix", "--cards", "/dev/zero"]),
        &["/dev/zero: cannot read: not a regular file"],
    );
    let big = fs::File::create(d.join("big.deck")).unwrap();
    big.set_len(17 * 1024 * 1024).unwrap();
    assert_fails(
        &decklab(d, &["simulate", "--games", "2", "--deck", "big.deck"]),
        &["cannot read deck file big.deck: larger than 16 MiB"],
    );
}
