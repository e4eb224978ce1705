//! `decklab replay`: plays one game again from its own seed (the `seed`
//! column of `games.csv`) and prints its event log, the same JSON lines as
//! `logs/game-<i>.jsonl`.
//!
//! A game depends only on its seed, the decks, the bots, the card pool and
//! the turn limit (see [`crate::sim::play_seeded`]), so the same flags as
//! the run give the same game. The one difference is the `game` field,
//! the game's index in its run, which the seed does not tell: it is `null`
//! unless `--index I` is given, and then the output is byte for byte
//! `logs/game-I.jsonl`.

use std::io::{self, Write};

use anyhow::Context;
use clap::Args;
use serde_json::Value;

use super::matchup::MatchArgs;
use super::ruleset::load_match;
use super::simulate::{action_cap, strategy};
use super::with_ruleset;
use crate::bots::Bot;
use crate::core::{Evaluate, Game, Player, Report};
use crate::sim::play_seeded;

const EXAMPLES: &str = "\
The seed is a game's own seed, the `seed` column of games.csv (not the
run's --seed). Give the same decks, bots, --max-turns and --cards as the
run: the game is then the same, action for action. The event log goes to
stdout; a one-line outcome goes to stderr.

Examples:
  decklab replay --seed 1234567890123
  decklab replay --seed 1234567890123 --index 3 > game-3.jsonl
  decklab replay --deck my.deck --opponent prize-control --bot ismcts-200 \\
      --seed 1234567890123 | jq -c 'select(.event == \"attack\")'";

/// The arguments of `decklab replay`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ReplayArgs {
    /// The game's own seed: the `seed` column of games.csv.
    #[arg(long, value_name = "S")]
    seed: u64,
    /// The match: ruleset, decks, bots, turn limit, cards.
    #[command(flatten)]
    matchup: MatchArgs,
    /// The game's index in its run, written as the `game` field of every
    /// line [default: null].
    #[arg(long, value_name = "I")]
    index: Option<u64>,
}

/// Runs `decklab replay`.
pub fn run(args: ReplayArgs) -> anyhow::Result<()> {
    let m = &args.matchup;
    with_ruleset!(m.rules.game, R => {
        let options = m.rules.options::<R>()?;
        let players = m.rules.players::<R>()?;
        let decks = m.decks_by_seat(players)?;
        let game = load_match::<R>(&m.rules, &decks, options)?;
        replay(&game, &args, action_cap(options.max_turns))
    })
}

/// Plays the game and prints its log.
fn replay<G: Game + Report + Evaluate>(
    game: &G,
    args: &ReplayArgs,
    action_cap: u64,
) -> anyhow::Result<()> {
    let names = args.matchup.bots.by_seat(game.num_players())?;
    let mut bots: Vec<Bot<G>> = Vec::with_capacity(names.len());
    for (seat, name) in names.iter().enumerate() {
        let flag = if seat == 0 { "--bot" } else { "--opponent-bot" };
        bots.push(Bot::new(game, &strategy(game, name, flag)?));
    }
    let index = args.index.unwrap_or(0);
    let played = play_seeded(game, &mut bots, args.seed, index, true, action_cap);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for mut line in played.log {
        if args.index.is_none()
            && let Some(fields) = line.as_object_mut()
        {
            fields.insert("game".into(), Value::Null);
        }
        serde_json::to_writer(&mut out, &line).map_err(io::Error::from)?;
        out.write_all(b"\n")?;
    }
    out.flush().context("cannot write the log")?;
    let winner = played.outcome.winner().map_or_else(
        || "draw".to_owned(),
        |p: Player| format!("seat {} wins", p.letter()),
    );
    // The log is on stdout; a closed stderr is no reason to fail.
    let _ = writeln!(
        io::stderr(),
        "game seed {}: {winner} ({}) after {} turns",
        args.seed,
        played.outcome.reason,
        played.turns
    );
    Ok(())
}
