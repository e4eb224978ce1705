//! `decklab replay`: plays one game again from its own seed (the `seed`
//! column of `games.csv`) and prints its event log, the same JSON lines as
//! `logs/game-<i>.jsonl`.
//!
//! A game depends only on its seed, the decks, the bots, the card pool and
//! the rule options (see [`crate::sim::play_seeded`]), so the same flags
//! as the run give the same game. `decklab replay RUN_DIR GAME` takes them
//! all from the run: its `manifest.json` (ruleset, seats, `--set`, turn
//! limit, mode, card pool, deck and strategy files) and the game's line of
//! `games.csv` (seed, deck and bot per seat). The `game` field, the game's
//! index in its run, which the seed does not tell, is `null` unless
//! `--index I` is given (or the game comes from a run directory), and then
//! the output is byte for byte `logs/game-I.jsonl`.
//!
//! Seats: at more than two seats a run seats its table's entries (the
//! decks and bots in the order the run was given them) by the game's
//! index, entry `e` in seat `(e + I) mod N` (see [`crate::sim::run`]), so
//! `--deck` and `--bot` name the entries in that order and `--index I`
//! seats them as the run did ([`seat_rotation`]).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow, bail};
use clap::{Args, Parser};
use serde_json::Value;

use super::config::strategy;
use super::flags::MatchArgs;
use super::ruleset::{build_match, invalid};
use super::with_ruleset;
use crate::bots::Bot;
use crate::core::card_files;
use crate::core::{Evaluate, Game, MAX_PLAYERS, Player, Report};
use crate::output::names::GAMES_CSV;
use crate::output::sha256_hex;
use crate::report::read::{ManifestFile, load_manifest};
use crate::sim::play_seeded;

const EXAMPLES: &str = "\
With a run directory and a game index, everything is read from the run
(manifest.json and games.csv): the same game, action for action. Else the
seed is a game's own seed, the `seed` column of games.csv (not the run's
--seed): give the same decks, bots, --set, --max-turns, --mode and --cards
as the run. The event log goes to stdout; a one-line outcome to stderr.

Examples:
  decklab simulate --games 10 --out results/try
  decklab replay results/try 3
  decklab replay results/try 3 --text
  decklab replay --seed 17941800867649396312 --index 3 > game-3.jsonl  # game 3 of the default simulate
  decklab replay --deck my.deck --opponent prize-control --bot ismcts-200 \\
      --seed 1234567890123 | jq -c 'select(.event == \"attack\")'";

/// The arguments of `decklab replay`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ReplayArgs {
    /// A run's output directory: replay its game GAME with every setting
    /// of the run.
    #[arg(
        value_name = "RUN_DIR",
        requires = "game_index",
        conflicts_with_all = [
            "seed", "index", "deck", "opponent", "bot", "opponent_bot", "game", "players",
            "max_turns", "mode", "ticks_per_minute", "pre_release", "cards", "set", "match_format",
        ]
    )]
    run: Option<PathBuf>,
    /// The game's index in the run (the `game` column of games.csv).
    #[arg(value_name = "GAME")]
    game_index: Option<u64>,
    /// The game's own seed: the `seed` column of games.csv.
    #[arg(
        long,
        value_name = "S",
        required_unless_present = "run",
        allow_negative_numbers = true
    )]
    seed: Option<u64>,
    /// The match: ruleset, decks, bots, turn limit, cards.
    #[command(flatten)]
    matchup: MatchArgs,
    /// The game's index in its run, written as the `game` field of every
    /// line; at more than two seats it also seats the entries (--deck,
    /// --bot, in the run's order) as that game of the run was seated
    /// [default: null].
    #[arg(long, value_name = "I")]
    index: Option<u64>,
    /// Print the log as readable text, turn by turn, instead of JSON
    /// lines.
    #[arg(long)]
    text: bool,
}

/// `replay` as a command line of its own, to re-read the flags a run
/// directory implies.
#[derive(Debug, Parser)]
#[command(name = "replay")]
struct ReplayLine {
    #[command(flatten)]
    args: ReplayArgs,
}

/// Runs `decklab replay`.
pub fn run(args: ReplayArgs) -> anyhow::Result<()> {
    if let (Some(dir), Some(index)) = (&args.run, args.game_index) {
        let line = flags_of_run(dir, index)?;
        let mut parsed = ReplayLine::try_parse_from(&line).with_context(|| {
            format!(
                "{}: cannot replay with {}",
                dir.display(),
                line[1..].join(" ")
            )
        })?;
        parsed.args.text = args.text;
        return run(parsed.args);
    }
    with_ruleset!(args.matchup.rules.game, R => {
        let (rules, mut table) = args.matchup.resolve::<R>()?;
        let rotation = seat_rotation(args.index, rules.players);
        table.decks.rotate_right(rotation);
        table.bots.rotate_right(rotation);
        let game = build_match(&rules.pool, &table.decks, rules.options)?;
        replay(&game, &args, &table.bots, rotation, rules.action_cap())
    })
}

/// The seat rotation of game `index` at a table of `players` seats, as
/// the runner seats a run's entries ([`crate::sim::run`]): entry `e` sits
/// in seat `(e + rotation) mod N`. Two seats never rotate, nor does a
/// game without an index.
fn seat_rotation(index: Option<u64>, players: usize) -> usize {
    match index {
        Some(i) if players > 2 => (i % players as u64) as usize,
        _ => 0,
    }
}

/// Plays the game and prints its log; `names` are the seats' bots,
/// seated by `rotation` (see [`seat_rotation`]).
fn replay<G: Game + Report + Evaluate>(
    game: &G,
    args: &ReplayArgs,
    names: &[String],
    rotation: usize,
    action_cap: u64,
) -> anyhow::Result<()> {
    let mut bots: Vec<Bot<G>> = Vec::with_capacity(names.len());
    let n = names.len();
    for (seat, name) in names.iter().enumerate() {
        let entry = (seat + n - rotation) % n;
        let flag = if entry == 0 {
            "--bot"
        } else {
            "--opponent-bot"
        };
        bots.push(Bot::new(game, &strategy(game, name, flag)?));
    }
    let index = args.index.unwrap_or(0);
    let seed = args
        .seed
        .ok_or_else(|| anyhow!("give --seed S, or a run directory and a game index"))?;
    let played = play_seeded(game, &mut bots, seed, index, true, action_cap);
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.text {
        write_text(&mut out, &played.log)?;
    } else {
        for mut line in played.log {
            if args.index.is_none()
                && let Some(fields) = line.as_object_mut()
            {
                fields.insert("game".into(), Value::Null);
            }
            serde_json::to_writer(&mut out, &line).map_err(io::Error::from)?;
            out.write_all(b"\n")?;
        }
    }
    out.flush().context("cannot write the log")?;
    let winner = played.outcome.winner().map_or_else(
        || "draw".to_owned(),
        |p: Player| format!("seat {} wins", p.letter()),
    );
    // The log is on stdout; a closed stderr is no reason to fail.
    let _ = writeln!(
        io::stderr(),
        "game seed {seed}: {winner} ({}) after {}",
        played.outcome.reason,
        super::turns_played(game, played.turns)
    );
    Ok(())
}

/// Writes `log` as text: a heading at every new turn, then one line per
/// event, `seat  event  field value, …` (the fields in the log's order,
/// names with spaces, lists joined by commas).
pub(super) fn write_text(out: &mut impl Write, log: &[Value]) -> io::Result<()> {
    let mut turn = None;
    for line in log {
        let Some(fields) = line.as_object() else {
            continue;
        };
        let now = fields.get("turn").and_then(Value::as_u64);
        if now != turn {
            turn = now;
            match now {
                Some(0) => writeln!(out, "setup")?,
                Some(t) => writeln!(out, "turn {t}")?,
                None => {}
            }
        }
        let seat = fields.get("player").and_then(Value::as_str).unwrap_or("-");
        let event = fields.get("event").and_then(Value::as_str).unwrap_or("?");
        let details: Vec<String> = fields
            .iter()
            .filter(|(k, _)| !matches!(k.as_str(), "game" | "turn" | "player" | "event"))
            .map(|(k, v)| format!("{} {}", k.replace('_', " "), plain(v)))
            .collect();
        writeln!(out, "  {seat}  {event:<14} {}", details.join(", "))?;
    }
    Ok(())
}

/// A JSON value as text: strings unquoted, lists joined by `/`, objects
/// as `key value` pairs.
fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => "-".to_owned(),
        Value::Array(items) => items.iter().map(plain).collect::<Vec<_>>().join("/"),
        Value::Object(fields) => fields
            .iter()
            .map(|(k, v)| format!("{k} {}", plain(v)))
            .collect::<Vec<_>>()
            .join(" "),
        other => other.to_string(),
    }
}

/// The `replay` command line that plays game `index` of the run in `dir`
/// again: its seed and seats from `games.csv` (the decks and bots given in
/// entry order, which `--index` seats again as the run did), everything
/// else from `manifest.json`, once every input file the run read is
/// checked to be the same (its SHA-256 as the manifest records it).
fn flags_of_run(dir: &Path, index: u64) -> anyhow::Result<Vec<String>> {
    let manifest = load_manifest(dir)?;
    check_inputs(dir, &manifest.files)?;
    let path = dir.join(GAMES_CSV);
    let shown = path.display();
    let mut reader =
        csv::Reader::from_path(&path).with_context(|| format!("cannot read {shown}"))?;
    let header = reader
        .headers()
        .with_context(|| format!("{shown}:1: no header"))?
        .clone();
    let column = |name: &str| header.iter().position(|h| h == name);
    let row = reader
        .records()
        .filter_map(Result::ok)
        .find(|r| column("game").and_then(|c| r.get(c)) == Some(&index.to_string()))
        .ok_or_else(|| anyhow!("{shown} has no game {index}"))?;
    let field = |name: &str| column(name).and_then(|c| row.get(c)).unwrap_or_default();
    let settings = &manifest.settings;
    let setting = |key: &str| settings.get(key).and_then(Value::as_str);
    // A seat's deck or bot: the file the run read for the entry of that
    // name (`bundled:` files by their name), else the name itself.
    let source = |kind: &str, name: &str| -> String {
        let entry = (0..MAX_PLAYERS)
            .map(|e| Player::new(e).letter())
            .find(|e| setting(&format!("{kind}_{e}")) == Some(name));
        let file = entry.and_then(|e| {
            manifest
                .files
                .iter()
                .find(|f| f.role == format!("{kind}_{e}"))
        });
        match file {
            Some(f) if !f.path.starts_with("bundled:") => f.path.clone(),
            _ => name.to_owned(),
        }
    };
    let game = manifest
        .game
        .clone()
        .ok_or_else(|| anyhow!("{}: the manifest names no game", dir.display()))?;
    let players = manifest.players.unwrap_or(2);
    let mut line = vec![
        "replay".to_owned(),
        "--game".into(),
        game,
        "--players".into(),
    ];
    line.push(players.to_string());
    // Entry e sat in seat (e + rotation) mod N.
    let rotation = seat_rotation(Some(index), players);
    for entry in 0..players {
        let letter = Player::new((entry + rotation) % players).letter();
        line.extend([
            "--deck".into(),
            source("deck", field(&format!("deck_{letter}"))),
        ]);
        line.extend([
            "--bot".into(),
            source("bot", field(&format!("bot_{letter}"))),
        ]);
    }
    if let Some(cards) = card_source(&manifest.files) {
        line.extend(["--cards".into(), cards.display().to_string()]);
    }
    for set in settings
        .get("set")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if let Some(set) = set.as_str() {
            line.extend(["--set".into(), set.to_owned()]);
        }
    }
    if let Some(turns) = settings.get("max_turns").and_then(Value::as_u64) {
        line.extend(["--max-turns".into(), turns.to_string()]);
    }
    if let Some(format) = setting("match") {
        line.extend(["--match".into(), format.to_owned()]);
    }
    if let Some(mode) = setting("mode") {
        line.extend(["--mode".into(), mode.to_owned()]);
    }
    if let Some(ticks) = settings.get("ticks_per_minute").and_then(Value::as_u64) {
        line.extend(["--ticks-per-minute".into(), ticks.to_string()]);
    }
    if settings.get("pre_release").and_then(Value::as_bool) == Some(true) {
        line.push("--pre-release".into());
    }
    line.extend(["--seed".into(), field("seed").to_owned()]);
    line.extend(["--index".into(), index.to_string()]);
    Ok(line)
}

/// The card files a run read: their paths (`bundled:` ones aside).
fn card_paths(files: &[ManifestFile]) -> Vec<&str> {
    files
        .iter()
        .filter(|f| f.role == "cards" && !f.path.starts_with("bundled:"))
        .map(|f| f.path.as_str())
        .collect()
}

/// What `--cards` named in a run: its one card file, or the folder of its
/// several; `None` for the bundled pool.
fn card_source(files: &[ManifestFile]) -> Option<PathBuf> {
    match card_paths(files).as_slice() {
        [] => None,
        [one] => Some(PathBuf::from(one)),
        [first, ..] => Some(
            Path::new(first)
                .parent()
                .unwrap_or(Path::new("."))
                .to_path_buf(),
        ),
    }
}

/// Checks that every input file of a run (`bundled:` ones aside) still has
/// the bytes the run read, and that a card folder holds no other card
/// file: a changed deck, card pool or strategy would replay a different
/// game.
fn check_inputs(dir: &Path, files: &[ManifestFile]) -> anyhow::Result<()> {
    for f in files.iter().filter(|f| !f.path.starts_with("bundled:")) {
        let bytes = crate::diagnostics::read_input(Path::new(&f.path)).with_context(|| {
            format!(
                "{}: cannot read {} ({}), an input of the run: replay from the directory the \
                 run was started in",
                dir.display(),
                f.path,
                f.role
            )
        })?;
        let now = sha256_hex(&bytes);
        if !f.sha256.is_empty() && now != f.sha256 {
            bail!(
                "{}: {} ({}) changed since the run (SHA-256 {now}, the run read {}): the \
                 replay would not be the same game",
                dir.display(),
                f.path,
                f.role,
                f.sha256
            );
        }
    }
    if let Some(folder) = card_source(files).filter(|f| f.is_dir()) {
        let read = card_paths(files);
        let now = card_files(&folder).map_err(|d| invalid("card folder", &folder, d))?;
        if let Some((added, _)) = now.iter().find(|(p, _)| !read.contains(&p.as_str())) {
            bail!(
                "{}: {added} was added to the card folder {} since the run: the replay would \
                 not be the same game",
                dir.display(),
                folder.display()
            );
        }
    }
    Ok(())
}
