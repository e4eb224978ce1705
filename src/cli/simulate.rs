//! `decklab simulate`: thousands of seeded games between two decks, with
//! the CSV reports, the manifest and optional game logs written to `--out`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, bail};
use clap::Args;
use serde_json::json;

use super::interrupt::{INTERRUPTED, stop_flag};
use super::matchup::MatchArgs;
use super::ruleset::{LoadedMatch, load_match};
use super::summary::write_summary;
use super::{GameKind, with_ruleset};
use crate::bots::strategy::Budget;
use crate::bots::{Bot, FeatureSet, Settings, Strategy};
use crate::core::Game;
use crate::output::{
    GameLine, GamesCsv, InputFile, Manifest, OutputDir, OutputError, git_commit, write_log,
    write_tables,
};
use crate::sim::{self, RunConfig, RunReport, thread_pool};
use crate::stats::{Lineup, RunStats};

const EXAMPLES: &str = "\
Decks: a path to a deck file, or the name of a deck in decks/<game>/ in the
working directory or of a bundled starter deck (hero-rush, prize-control,
evolution, token-swarm). Bots: a strategy name (strategies/NAME.toml in the
working directory, else the bundled copy: random, greedy, ismcts-200,
ismcts-1000) or a path to a strategy file.

Examples:
  decklab simulate
  decklab simulate --deck my.deck --opponent prize-control --games 5000
  decklab simulate --bot ismcts-200 --opponent-bot greedy --games 200 --log 5
  decklab simulate --cards my-cards.toml --seed 7 --threads 4 --out results/try-7

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
    /// Master seed: the same seed and flags give the same files.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Worker threads [default: all cores].
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    /// The output directory.
    #[arg(long, value_name = "DIR", default_value = "results/latest")]
    out: PathBuf,
    /// Write the event log of the first K games to DIR/logs/.
    #[arg(long, value_name = "K", default_value_t = 0)]
    log: u64,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// The checked settings of a run.
#[derive(Debug)]
struct Config {
    game: GameKind,
    decks: [Option<String>; 2],
    bots: [String; 2],
    games: u64,
    seed: u64,
    threads: Option<usize>,
    max_turns: u16,
    out: PathBuf,
    log: u64,
    progress: bool,
    cards: Option<PathBuf>,
    sets: Vec<String>,
}

impl Config {
    /// Checks the flags that need no file.
    fn new(args: SimulateArgs) -> anyhow::Result<Config> {
        if args.games == 0 {
            bail!("--games must be at least 1 (got 0)");
        }
        if args.threads == Some(0) {
            bail!("--threads must be at least 1 (got 0); leave it out to use every core");
        }
        let m = args.matchup;
        let max_turns = check_max_turns(m.max_turns)?;
        Ok(Config {
            game: m.game,
            decks: [m.deck, m.opponent],
            bots: [m.bot, m.opponent_bot],
            games: args.games,
            seed: args.seed,
            threads: args.threads,
            max_turns,
            out: args.out,
            log: args.log,
            progress: !args.quiet,
            cards: m.cards,
            sets: m.set,
        })
    }

    /// The runner's settings. The action cap is a safety net far above any
    /// real game of `max_turns` turns.
    fn run_config(&self) -> RunConfig {
        RunConfig {
            seed: self.seed,
            games: self.games,
            log_games: self.log,
            action_cap: action_cap(self.max_turns),
            progress: self.progress,
        }
    }
}

/// Checks `--max-turns`.
pub(super) fn check_max_turns(max_turns: u32) -> anyhow::Result<u16> {
    match u16::try_from(max_turns) {
        Ok(m) if m >= 1 => Ok(m),
        _ => bail!(
            "--max-turns must be between 1 and {} (got {max_turns})",
            u16::MAX,
        ),
    }
}

/// The runner's action cap for games of `max_turns` turns: a safety net
/// far above any real game.
pub(super) fn action_cap(max_turns: u16) -> u64 {
    u64::from(max_turns) * 1_000 + 10_000
}

/// Runs `decklab simulate`: exit status 0, or 130 if interrupted.
pub fn run(args: SimulateArgs) -> anyhow::Result<ExitCode> {
    let config = Config::new(args)?;
    let stop = stop_flag();
    let decks = [config.decks[0].as_deref(), config.decks[1].as_deref()];
    with_ruleset!(config.game, R => {
        let LoadedMatch { game, names, files } = load_match::<R>(
            config.cards.as_deref(),
            &config.sets,
            decks,
            config.max_turns,
        )?;
        simulate(&game, &config, names, files, stop)
    })
}

/// Loads a strategy for `game`, warning if it cannot be reproduced.
pub(super) fn strategy<G: Game>(game: &G, arg: &str, flag: &str) -> anyhow::Result<Strategy> {
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

/// Plays the games and writes every file, all or nothing; after `stop`,
/// the files of the games played.
fn simulate<G: Game>(
    game: &G,
    config: &Config,
    decks: [String; 2],
    mut files: Vec<InputFile>,
    stop: &AtomicBool,
) -> anyhow::Result<ExitCode> {
    let strategies = [
        strategy(game, &config.bots[0], "--bot")?,
        strategy(game, &config.bots[1], "--opponent-bot")?,
    ];
    for (s, role) in strategies.iter().zip(["bot_a", "bot_b"]) {
        let path = if s.bundled {
            format!("bundled:{}", s.path)
        } else {
            s.path.clone()
        };
        files.push(InputFile::new(role, &path, s.text.as_bytes()));
    }
    let lineup = Lineup::new(game, decks, strategies.clone().map(|s| s.name));
    let pool = thread_pool(config.threads).context("cannot start the worker threads")?;
    let mut out = OutputDir::create(&config.out)?;
    out.own_files("logs", "game-", ".jsonl");
    let mut games_csv = GamesCsv::create(&out)?;
    let mut stats = RunStats::default();
    let run_config = config.run_config();
    let report = sim::run_until(
        game,
        &pool,
        &run_config,
        stop,
        |seat| Bot::new(game, &strategies[seat.index()]),
        |g| {
            games_csv.write(&GameLine {
                game: g.index,
                seed: g.seed,
                first: g.record.first,
                matchup: &lineup.matchup,
                outcome: &g.outcome,
                turns: g.turns,
                summaries: &g.summaries,
            })?;
            if !g.log.is_empty() {
                write_log(&mut out, g.index, &g.log)?;
            }
            stats.add_game(&lineup, &g.outcome, g.turns, &g.record);
            Ok::<_, OutputError>(())
        },
    )?;
    if report.games == 0 {
        // Interrupted before a game was played: the staging directory is
        // dropped, the output directory stays as it was.
        let _ = writeln!(
            std::io::stderr(),
            "decklab: interrupted before any game was played: nothing written ({} is as it was)",
            config.out.display()
        );
        return Ok(ExitCode::from(INTERRUPTED));
    }
    games_csv.finish(&mut out)?;
    write_tables(&mut out, &stats)?;
    let threads = pool.current_num_threads();
    manifest(game, config, &lineup, files, threads, &report).write(&mut out)?;
    let written = out.commit()?;
    write_summary(
        &mut std::io::stdout().lock(),
        &stats,
        &config.out,
        &written,
        &report,
    )?;
    if report.complete() {
        return Ok(ExitCode::SUCCESS);
    }
    let _ = writeln!(
        std::io::stderr(),
        "decklab: interrupted: {} of {} games played; {} holds complete files for those games \
         (manifest.json: \"complete\": false)",
        report.games,
        report.requested,
        config.out.display()
    );
    Ok(ExitCode::from(INTERRUPTED))
}

/// The manifest of a finished run.
fn manifest<G: Game>(
    game: &G,
    config: &Config,
    lineup: &Lineup,
    files: Vec<InputFile>,
    threads: usize,
    report: &RunReport,
) -> Manifest {
    let m = &lineup.matchup;
    Manifest {
        decklab_version: env!("CARGO_PKG_VERSION"),
        git_commit: git_commit(),
        command_line: std::env::args_os()
            .map(|a| a.to_string_lossy().into_owned())
            .collect(),
        command: "simulate",
        game: game.name().to_owned(),
        seed: config.seed,
        games: report.games,
        games_requested: report.requested,
        threads,
        settings: json!({
            "deck_a": m.decks[0],
            "deck_b": m.decks[1],
            "bot_a": m.bots[0],
            "bot_b": m.bots[1],
            "max_turns": config.max_turns,
            "action_cap": config.run_config().action_cap,
            "log": config.log.min(report.games),
            "set": config.sets,
        }),
        files,
        elapsed_seconds: report.elapsed.as_secs_f64(),
        games_per_second: report.games_per_second(),
        complete: report.complete(),
    }
}
