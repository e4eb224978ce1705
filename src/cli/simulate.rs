//! `decklab simulate`: thousands of seeded games between two decks, with
//! the CSV reports, the manifest and optional game logs written to `--out`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use serde_json::json;

use super::campaign::{Campaign, Pairing, RunArgs, Session, exit_status, strategy_file};
use super::grant::{Experiment, GrantArgs, write_grant_summary};
use super::interrupt::stop_flag;
use super::matchup::MatchArgs;
use super::ruleset::{DeckSource, match_decks};
use super::summary::{write_footer, write_matchups};
use super::with_ruleset;
use crate::bots::strategy::Budget;
use crate::bots::{FeatureSet, Settings, Strategy};
use crate::core::{Evaluate, Player};
use crate::games::Ruleset;

const EXAMPLES: &str = "\
Decks: a path to a deck file, or the name of a deck in decks/<game>/ in the
working directory or of a bundled starter deck (Nostalgix: hero-rush,
prize-control, evolution, token-swarm). Bots: a strategy name
(strategies/NAME.toml in the working directory, else the bundled copy:
random, greedy, ismcts-200, ismcts-1000) or a path to a strategy file.

Examples:
  decklab simulate
  decklab simulate --deck my.deck --opponent prize-control --games 500
  decklab simulate --bot ismcts-200 --opponent-bot greedy --games 4 --log 2
  decklab simulate --cards my-cards.toml --seed 7 --threads 4 --games 500 --out results/try-7
  decklab simulate --set \"Stack-O-Fox.health=3\" --games 500 --out results/fox-3 --report
  decklab simulate --games 4000 --shard 2/8 --out results/shard-2   # then decklab merge
  decklab simulate --game millennium-blades --players 4 --games 50
  decklab simulate --game millennium-blades --players 3 --mode turn-based --games 50

Ctrl-C stops the run: the games in flight finish, the files are written for
the games played and manifest.json says \"complete\": false (exit status
130). A second Ctrl-C quits at once and writes nothing. The output
directory is replaced in one atomic step, so a run killed at any moment
leaves the previous results or the new ones, never a mix.";

/// The arguments of `decklab simulate`, as typed.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct SimulateArgs {
    /// The match: ruleset, decks, bots, turn limit, cards.
    #[command(flatten)]
    matchup: MatchArgs,
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: u64,
    /// The grant experiment (Millennium Blades).
    #[command(flatten)]
    grant: GrantArgs,
    /// Seeds, threads, output.
    #[command(flatten)]
    run: RunArgs,
}

/// Checks `--games`.
pub(super) fn check_games(games: u64) -> anyhow::Result<()> {
    if games == 0 {
        bail!("--games must be at least 1 (got 0)");
    }
    Ok(())
}

/// The runner's action cap for games of `max_turns` turns: a safety net
/// far above any real game.
pub(super) fn action_cap(max_turns: u16) -> u64 {
    u64::from(max_turns) * 1_000 + 10_000
}

/// Runs `decklab simulate`: exit status 0, or 130 if interrupted.
pub fn run(args: SimulateArgs) -> anyhow::Result<ExitCode> {
    check_games(args.games)?;
    args.run.check()?;
    with_ruleset!(args.matchup.rules.game, R => simulate::<R>(&args))
}

/// Loads a strategy for `game`, warning if it cannot be reproduced.
pub(super) fn strategy<G: Evaluate>(game: &G, arg: &str, flag: &str) -> anyhow::Result<Strategy> {
    let s = Strategy::resolve(arg, FeatureSet::of(game))
        .with_context(|| format!("{flag} {arg}: cannot load the strategy"))?;
    if let Settings::Ismcts(i) = &s.settings
        && let Budget::Milliseconds(_) = i.budget
    {
        // A closed stderr is no reason to stop.
        let _ = writeln!(
            std::io::stderr(),
            "decklab: warning: strategy {} has a wall-clock budget: results will not be reproducible",
            s.name
        );
    }
    Ok(s)
}

/// Plays the games and writes every file, all or nothing; after Ctrl-C,
/// the files of the games played.
fn simulate<R: Ruleset>(args: &SimulateArgs) -> anyhow::Result<ExitCode> {
    let m = &args.matchup;
    let options = m.rules.options::<R>()?;
    let players = m.rules.players::<R>()?;
    let decks = m.decks_by_seat(players)?;
    let bots = m.bots.by_seat(players)?;
    let pool = m.rules.pool::<R>()?;
    let sources = match_decks::<R>(&decks)?;
    let entries: Vec<&DeckSource> = sources.iter().collect();
    let seats: Vec<usize> = (0..players).collect();
    let mut pairing = Pairing::new(&pool, &entries, &seats, options)?;
    let experiment = args.grant.experiment(&pairing.games[0], players)?;
    if let Some(e) = experiment.as_ref().filter(|e| e.granted_run) {
        pairing = Pairing::new(&pool, &entries, &seats, e.options(options, &e.cards[0]))?;
    }
    let probe = &pairing.games[0];
    let mut files = pool.files.clone();
    let mut settings = serde_json::Map::new();
    let mut strategies = Vec::with_capacity(players);
    for (seat, (source, bot)) in sources.iter().zip(&bots).enumerate() {
        let letter = Player::new(seat).letter();
        let flag = if seat == 0 { "--bot" } else { "--opponent-bot" };
        strategies.push(strategy(probe, bot, flag)?);
        files.push(source.input_file(&format!("deck_{letter}")));
        settings.insert(format!("deck_{letter}"), source.name.clone().into());
    }
    for (seat, s) in strategies.iter().enumerate() {
        let letter = Player::new(seat).letter();
        files.push(strategy_file(&format!("bot_{letter}"), s));
        settings.insert(format!("bot_{letter}"), s.name.clone().into());
    }
    if let Some(e) = &experiment {
        let grant = args.grant.grant.as_deref().unwrap_or("all");
        settings.insert("grant".into(), grant.into());
        settings.insert("grant_seat".into(), e.seat.to_string().into());
    }
    settings.insert("set".into(), json!(m.rules.set));
    settings.insert(
        "match".into(),
        json!(m.rules.match_format.map(|f| f.name())),
    );
    let campaign = Campaign {
        command: "simulate",
        pairings: vec![pairing],
        strategies,
        block: args.games,
        options,
        files,
        settings: serde_json::Value::Object(settings),
    };
    let stop = stop_flag();
    let arms = experiment.as_ref().map_or(0, Experiment::arms);
    let total = campaign.selected(&args.run, 0, 0, args.games) * (1 + arms);
    let mut session = Session::start(&campaign, &args.run, stop, total)?;
    if let Some(e) = &experiment {
        session.keep_returns(e.seat);
    }
    session.play(0, 0, args.games)?;
    if let Some(e) = &experiment {
        let grant = e.play(&mut session, &pool, &entries, &seats, options)?;
        session.stats.grant = Some(grant);
    }
    let finished = session.finish(|_, _| Ok(()))?;
    if let Some(f) = &finished {
        let mut stdout = std::io::stdout().lock();
        write_matchups(&mut stdout, &f.stats)?;
        if let Some(grant) = &f.stats.grant {
            write_grant_summary(&mut stdout, grant)?;
        }
        write_footer(&mut stdout, &args.run.out, &f.written, &f.report)?;
    }
    Ok(exit_status(finished.as_ref(), &args.run.out))
}
