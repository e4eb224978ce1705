//! `decklab simulate`: thousands of seeded games between two decks, with
//! the CSV reports, the manifest and optional game logs written to `--out`.

use std::process::ExitCode;

use clap::Args;

use super::campaign::{Campaign, Pairing, Session, exit_status, strategy_file};
use super::config::strategy;
use super::flags::{MatchArgs, RunArgs, games};
use super::grant::{Experiment, GrantArgs, write_grant_summary};
use super::interrupt::stop_flag;
use super::ruleset::{DeckSource, note_deck_warnings};
use super::summary::{write_footer, write_matchups};
use super::with_ruleset;
use crate::core::Player;
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
  decklab simulate --set \"Cinder Imp.health=4\" --games 500 --out results/imp-4 --report
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
    /// Number of games, 1 to 1,000,000,000.
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1000, value_parser = games())]
    games: u64,
    /// The grant experiment (Millennium Blades).
    #[command(flatten)]
    grant: GrantArgs,
    /// Seeds, threads, output.
    #[command(flatten)]
    run: RunArgs,
}

/// Runs `decklab simulate`: exit status 0, or 130 if interrupted.
pub fn run(args: SimulateArgs) -> anyhow::Result<ExitCode> {
    with_ruleset!(args.matchup.rules.game, R => simulate::<R>(&args))
}

/// Plays the games and writes every file, all or nothing; after Ctrl-C,
/// the files of the games played.
fn simulate<R: Ruleset>(args: &SimulateArgs) -> anyhow::Result<ExitCode> {
    let (rules, table) = args.matchup.resolve::<R>()?;
    let players = rules.players;
    let entries: Vec<&DeckSource> = table.decks.iter().collect();
    let seats: Vec<usize> = (0..players).collect();
    let (pool, options) = (&rules.pool, rules.options);
    let mut pairing = Pairing::new(pool, &entries, &seats, options)?;
    note_deck_warnings::<R>(&table.decks, &pool.cards, &options);
    let experiment = args.grant.experiment(&pairing.games[0], players)?;
    if let Some(e) = experiment.as_ref().filter(|e| e.granted_run) {
        pairing = Pairing::new(pool, &entries, &seats, e.options(options, &e.cards[0]))?;
    }
    let probe = &pairing.games[0];
    let mut files = rules.pool.files.clone();
    let mut settings = serde_json::Map::new();
    let mut strategies = Vec::with_capacity(players);
    for (seat, (source, bot)) in table.decks.iter().zip(&table.bots).enumerate() {
        let letter = Player::new(seat).letter();
        let flag = args.matchup.bots.flag_of(seat);
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
    rules.settings(&mut settings);
    let campaign = Campaign {
        command: "simulate",
        pairings: vec![pairing],
        strategies,
        block: args.games,
        options: rules.options,
        files,
        settings: serde_json::Value::Object(settings),
        followed: Some(table.decks[0].name.clone()),
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
        let grant = e.play(&mut session, pool, &entries, &seats, options)?;
        session.stats.grant = Some(grant);
    }
    let finished = session.finish(|_, _| Ok(()))?;
    if let Some(f) = &finished {
        let mut stdout = std::io::stdout().lock();
        write_matchups(&mut stdout, &f.stats)?;
        if let Some(grant) = &f.stats.grant {
            write_grant_summary(&mut stdout, grant)?;
        }
        write_footer(&mut stdout, &args.run.out, f)?;
    }
    Ok(exit_status(finished.as_ref(), &args.run.out))
}
