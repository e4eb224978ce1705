//! A campaign: the games of one or more pairings (a table of entries,
//! each a deck and a bot) played into one run directory, as `simulate`,
//! `gauntlet`, `round-robin` and `regress` all do.
//!
//! Pairing `p` of a campaign owns the game indices `p·B..(p+1)·B` (`B`
//! the campaign's block size), so each of its games has its own seed and
//! `--shard K/N` splits any campaign by index. At more than two seats the
//! entries go round the table game by game (see [`crate::sim::run`]).
//! Games are written in index order; the statistics are integer tallies,
//! so the files depend only on the games played, never on threads or
//! shards.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;
use rayon::ThreadPool;

use super::config::action_cap;
use super::flags::RunArgs;
use super::interrupt::INTERRUPTED;
use super::ruleset::{DeckSource, Pool, build_match};
use crate::bots::{Bot, Strategy};
use crate::core::{Evaluate, Game, Player, Report, Seats, StoreCatalog};
use crate::games::{Options, Ruleset};
use crate::output::{
    GameLine, GamesCsv, InputFile, Manifest, OutputDir, OutputError, git_commit, write_log,
    write_stats, write_tables,
};
use crate::sim::{PlayedGame, Progress, RunConfig, RunReport, run_with_bar, thread_pool};
use crate::stats::{Lineup, RunStats, write_in_hand, write_store_masks};

/// A table: its entries (decks and their bots, entry a first) and the
/// game of every seat rotation.
#[derive(Debug)]
pub struct Pairing<G> {
    /// The games, one per seat rotation: `games[r]` seats entry `e` in
    /// seat `(e + r) mod N`. One game (no rotation) at two seats.
    pub games: Vec<G>,
    /// Deck names by entry.
    pub decks: Seats<String>,
    /// Indices into the campaign's strategies, by entry.
    pub bots: Seats<usize>,
}

impl<R: Ruleset> Pairing<R> {
    /// The decks `entries` of `pool`, named as their sources, played by
    /// the campaign's strategies `bots` (one per entry).
    pub fn new(
        pool: &Pool<R>,
        entries: &[&DeckSource],
        bots: &[usize],
        options: Options,
    ) -> anyhow::Result<Self> {
        let n = entries.len();
        let rotations = if n > 2 { n } else { 1 };
        let games = (0..rotations)
            .map(|r| {
                let seated: Vec<DeckSource> =
                    (0..n).map(|s| entries[(s + n - r) % n].clone()).collect();
                build_match(pool, &seated, options)
            })
            .collect::<anyhow::Result<Vec<R>>>()?;
        Ok(Pairing {
            games,
            decks: Seats::from_fn(n, |p| entries[p.index()].name.clone()),
            bots: Seats::from_vec(bots.to_vec()),
        })
    }
}

impl<G> Pairing<G> {
    /// The entry sitting in `seat` of a game played with `rotation`.
    pub fn entry_at(&self, seat: Player, rotation: usize) -> usize {
        let n = self.decks.len();
        (seat.index() + n - rotation % n) % n
    }
}

/// Everything a campaign plays and records.
#[derive(Debug)]
pub struct Campaign<G> {
    /// The subcommand, for the manifest.
    pub command: &'static str,
    /// The pairings, in index-block order.
    pub pairings: Vec<Pairing<G>>,
    /// The strategies the pairings refer to.
    pub strategies: Vec<Strategy>,
    /// Game indices per pairing.
    pub block: u64,
    /// The match options (the turn limit…).
    pub options: Options,
    /// Card, deck and strategy files, for the manifest (see
    /// [`strategy_file`]).
    pub files: Vec<InputFile>,
    /// Command-specific settings, for the manifest.
    pub settings: serde_json::Value,
    /// The deck whose running win rate the progress lines give (the deck
    /// under test), if any.
    pub followed: Option<String>,
}

impl<G: Game> Campaign<G> {
    /// Seats at each table.
    pub fn players(&self) -> usize {
        self.pairings.first().map_or(2, |p| p.decks.len())
    }

    /// How many of games `first..first + games` of pairing `pairing`'s
    /// block (relative to the block's start) this shard plays.
    pub fn selected(&self, args: &RunArgs, pairing: usize, first: u64, games: u64) -> u64 {
        let start = pairing as u64 * self.block + first;
        self.run_config(args, start, games).selected().1
    }

    /// The runner's settings for games `first..first + games` of `args`.
    fn run_config(&self, args: &RunArgs, first: u64, games: u64) -> RunConfig {
        RunConfig {
            seed: args.seed,
            first,
            games,
            shard: args.shard,
            log_games: args.log,
            action_cap: action_cap(self.options.max_turns),
            progress: !args.quiet,
        }
    }
}

/// A strategy's file for the manifest, under `role`.
pub fn strategy_file(role: &str, s: &Strategy) -> InputFile {
    let path = if s.bundled {
        format!("bundled:{}", s.path)
    } else {
        s.path.clone()
    };
    InputFile::new(role, &path, s.text.as_bytes())
}

/// A campaign being played: the output directory and tallies so far.
pub struct Session<'a, G: Game + Report + Evaluate> {
    campaign: &'a Campaign<G>,
    args: &'a RunArgs,
    stop: &'a AtomicBool,
    pool: Arc<ThreadPool>,
    out: OutputDir,
    games_csv: GamesCsv,
    lineups: Vec<Lineup>,
    /// Each seat's `in_hand` of the game being written (`seats.csv`),
    /// kept from game to game so that writing one allocates nothing.
    in_hand: Vec<String>,
    /// The game's `store_seen` and `store_bought` (`games.csv`), kept the
    /// same way.
    store_masks: [String; 2],
    catalog: Option<StoreCatalog>,
    returns: Option<(Player, Vec<u64>)>,
    arm_games: u64,
    progress: Progress,
    logged: u64,
    notes: serde_json::Map<String, serde_json::Value>,
    /// The tallies of the games played so far.
    pub stats: RunStats,
    /// Games played and asked for, and the time spent, so far.
    pub report: RunReport,
}

impl<'a, G: Game + Report + Evaluate> Session<'a, G> {
    /// Starts a campaign that will play `total` games (this shard's), with
    /// a progress bar over them.
    pub fn start(
        campaign: &'a Campaign<G>,
        args: &'a RunArgs,
        stop: &'a AtomicBool,
        total: u64,
    ) -> anyhow::Result<Self> {
        if total == 0 && !args.shard.is_whole() {
            anyhow::bail!(
                "--shard {}: this shard gets none of the run's games (shard K of N plays the \
                 games numbered K, K+N, K+2N…); use at most as many shards as games",
                args.shard
            );
        }
        let pool = thread_pool(args.threads).context("cannot start the worker threads")?;
        let pool = Arc::new(pool);
        let out = OutputDir::create(&args.out)?;
        let catalog = campaign.pairings[0].games[0].store_catalog();
        let games_csv = GamesCsv::create(&out, campaign.players(), catalog.is_some())?;
        let lineups = campaign
            .pairings
            .iter()
            .map(|p| {
                let bots = p.bots.map(|&b| campaign.strategies[b].name.clone());
                Lineup::new(&p.games[0], p.decks.clone(), bots)
            })
            .collect();
        Ok(Session {
            campaign,
            args,
            stop,
            pool,
            out,
            games_csv,
            lineups,
            in_hand: vec![String::new(); campaign.players()],
            store_masks: Default::default(),
            catalog,
            returns: None,
            arm_games: 0,
            progress: Progress::new(total, !args.quiet, campaign.followed.clone()),
            logged: 0,
            notes: serde_json::Map::new(),
            stats: RunStats::default(),
            report: RunReport {
                games: 0,
                requested: 0,
                elapsed: Duration::ZERO,
            },
        })
    }

    /// Plays games `first..first + games` of pairing `pairing`'s block
    /// (those of this shard). Returns whether every one was played (false
    /// once interrupted).
    pub fn play(&mut self, pairing: usize, first: u64, games: u64) -> anyhow::Result<bool> {
        if self.stop.load(Ordering::SeqCst) {
            self.report.requested += self.campaign.selected(self.args, pairing, first, games);
            return Ok(false);
        }
        let campaign = self.campaign;
        let p = &campaign.pairings[pairing];
        let start = pairing as u64 * campaign.block + first;
        let config = campaign.run_config(self.args, start, games);
        let (pool, stop, bar) = (self.pool.clone(), self.stop, self.progress.bar().clone());
        let report = run_with_bar(
            &p.games,
            &pool,
            &config,
            stop,
            &bar,
            |entry| Bot::new(&p.games[0], &campaign.strategies[p.bots[entry]]),
            |g| self.record(pairing, &g),
        )?;
        self.report.games += report.games;
        self.report.requested += report.requested;
        self.report.elapsed += report.elapsed;
        Ok(report.complete())
    }

    /// Writes game `g` of pairing `pairing`: its line of `games.csv`, its
    /// log if it has one, the progress of the followed deck, the tallies.
    /// [`Session::play`] records every game it plays; a command that plays
    /// a game itself (`decklab play`) records it with this.
    pub fn record(&mut self, pairing: usize, g: &PlayedGame) -> Result<(), OutputError> {
        let campaign = self.campaign;
        let p = &campaign.pairings[pairing];
        let lineup = &self.lineups[pairing];
        let entry = |seat: Player| p.entry_at(seat, g.rotation);
        let players = p.decks.len();
        let decks = Seats::from_fn(players, |s| p.decks.as_slice()[entry(s)].as_str());
        let bots = Seats::from_fn(players, |s| {
            lineup.matchup.bots.as_slice()[entry(s)].as_str()
        });
        self.in_hand.resize(players, String::new());
        for (s, mask) in self.in_hand.iter_mut().enumerate() {
            let seat = Player::new(s);
            match g.record.seats.get(s) {
                Some(record) if lineup.hands => {
                    write_in_hand(&lineup.lists.as_slice()[entry(seat)], record, mask);
                }
                _ => mask.clear(),
            }
        }
        let store = self.catalog.as_ref().map(|catalog| {
            let [seen, bought] = &mut self.store_masks;
            write_store_masks(catalog, &g.ledger, players, seen, bought);
            [seen.as_str(), bought.as_str()]
        });
        self.games_csv.write(&GameLine {
            game: g.index,
            seed: g.seed,
            first: g.record.first,
            decks: &decks,
            bots: &bots,
            outcome: &g.outcome,
            turns: g.turns,
            summaries: &g.summaries,
            in_hand: &self.in_hand,
            store,
        })?;
        if !g.log.is_empty() {
            write_log(&mut self.out, g.index, &g.log)?;
            self.logged += 1;
        }
        if let Some(deck) = campaign.followed.as_deref() {
            for seat in Player::all(players) {
                if p.decks.as_slice()[entry(seat)] == deck {
                    let won = match g.outcome.winner() {
                        Some(w) => Some(w == seat),
                        None if g.outcome.rank(seat) == 1 => None,
                        None => Some(false),
                    };
                    self.progress.record(won);
                }
            }
        }
        let scores = g.summaries.map(|s| s.score);
        self.stats
            .add_game(lineup, g.rotation, &g.outcome, &scores, g.turns, &g.record);
        if let Some((seat, units)) = &mut self.returns {
            units.push(g.outcome.return_units(*seat));
        }
        if let Some(catalog) = &self.catalog {
            let store = self.stats.store.get_or_insert_default();
            store.add_game(catalog, &g.ledger, &g.outcome, players);
        }
        Ok(())
    }

    /// Whether the run was interrupted (Ctrl-C).
    pub fn interrupted(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// Keeps the rank score of `seat` (in units) of every game played
    /// from now on, in game order: [`Session::returns`].
    pub fn keep_returns(&mut self, seat: Player) {
        self.returns = Some((seat, Vec::new()));
    }

    /// The rank scores kept since [`Session::keep_returns`].
    pub fn returns(&self) -> &[u64] {
        self.returns.as_ref().map_or(&[], |r| &r.1)
    }

    /// Plays the games of pairing 0's block again with `games` in place of
    /// its games (the same seeds, seats and bots; another card pool or
    /// options), writing nothing, and returns `seat`'s rank score (in
    /// units) of each game in game order: one arm of a paired experiment.
    pub fn play_arm(&mut self, games: &[G], seat: Player) -> anyhow::Result<Vec<u64>> {
        let campaign = self.campaign;
        let p = &campaign.pairings[0];
        if self.stop.load(Ordering::SeqCst) {
            return Ok(Vec::new());
        }
        let config = RunConfig {
            log_games: 0,
            ..campaign.run_config(self.args, 0, campaign.block)
        };
        let mut units = Vec::new();
        let report = run_with_bar(
            games,
            &self.pool,
            &config,
            self.stop,
            self.progress.bar(),
            |entry| Bot::new(&games[0], &campaign.strategies[p.bots[entry]]),
            |g| {
                units.push(g.outcome.return_units(seat));
                Ok::<_, OutputError>(())
            },
        )?;
        self.report.elapsed += report.elapsed;
        self.arm_games += report.games;
        Ok(units)
    }

    /// Adds `value` to the manifest's settings under `key`.
    pub fn note(&mut self, key: &str, value: serde_json::Value) {
        self.notes.insert(key.to_owned(), value);
    }

    /// Writes the tables, `extra` ones, the manifest, and swaps the
    /// directory in. `None` if no game was played (nothing is written).
    pub fn finish(
        mut self,
        extra: impl FnOnce(&mut OutputDir, &RunStats) -> Result<(), OutputError>,
    ) -> anyhow::Result<Option<Finished>> {
        self.progress.finish();
        if self.report.games == 0 {
            return Ok(None);
        }
        let manifest = self.manifest();
        let args = self.args;
        let players = self.campaign.players();
        let Session {
            mut out,
            games_csv,
            stats,
            report,
            arm_games,
            ..
        } = self;
        games_csv.finish(&mut out)?;
        write_tables(&mut out, &stats, players)?;
        extra(&mut out, &stats)?;
        write_stats(&mut out, &stats)?;
        manifest.write(&mut out)?;
        out.keep_inputs(manifest.files.iter().map(|f| f.path.as_str()));
        let mut written = out.commit()?;
        if args.report {
            written.push(crate::report::write_report(&args.out)?);
        }
        Ok(Some(Finished {
            stats,
            written,
            report,
            arm_games,
        }))
    }

    /// The manifest of the games played.
    fn manifest(&self) -> Manifest {
        let c = self.campaign;
        let mut settings = c.settings.clone();
        if let Some(fields) = settings.as_object_mut() {
            fields.insert("max_turns".into(), c.options.max_turns.into());
            fields.insert("mode".into(), c.options.mode.name().into());
            fields.insert("ticks_per_minute".into(), c.options.ticks_per_minute.into());
            fields.insert("pre_release".into(), c.options.pre_release.into());
            fields.insert("action_cap".into(), action_cap(c.options.max_turns).into());
            fields.insert("log".into(), self.logged.into());
            fields.insert("log_requested".into(), self.args.log.into());
            fields.insert("games_per_pairing".into(), c.block.into());
            fields.extend(self.notes.clone());
        }
        Manifest {
            decklab_version: env!("CARGO_PKG_VERSION"),
            git_commit: git_commit(),
            command_line: super::defaults::command_line(),
            command: c.command,
            game: c
                .pairings
                .first()
                .map_or("", |p| p.games[0].name())
                .to_owned(),
            players: c.players(),
            terms: c.pairings[0].games[0].terms(),
            seed: self.args.seed,
            shard: (!self.args.shard.is_whole()).then(|| self.args.shard.to_string()),
            games: self.report.games,
            games_requested: self.report.requested,
            threads: self.pool.current_num_threads(),
            settings,
            files: c.files.clone(),
            elapsed_seconds: self.report.elapsed.as_secs_f64(),
            games_per_second: self.report.games_per_second(),
            complete: self.report.complete(),
        }
    }
}

/// A campaign whose files are written.
#[derive(Debug)]
pub struct Finished {
    /// The tallies of every game played.
    pub stats: RunStats,
    /// The files written.
    pub written: Vec<PathBuf>,
    /// Games played and asked for, and the time spent.
    pub report: RunReport,
    /// Games played besides, for the other arms of an experiment (see
    /// [`Session::play_arm`]); their time is in `report`.
    pub arm_games: u64,
}

/// The exit status of a campaign, with the interruption messages on
/// stderr: 0 when complete, 130 when interrupted.
pub fn exit_status(finished: Option<&Finished>, out: &std::path::Path) -> ExitCode {
    // A closed stderr is no reason to fail.
    let mut stderr = std::io::stderr();
    match finished {
        None => {
            let _ = writeln!(
                stderr,
                "decklab: interrupted before any game was played: nothing written ({} is as it was)",
                out.display()
            );
            ExitCode::from(INTERRUPTED)
        }
        Some(f) if f.report.complete() => ExitCode::SUCCESS,
        Some(f) => {
            let _ = writeln!(
                stderr,
                "decklab: interrupted: {} of {} games played; {} holds complete files for those \
                 games (manifest.json: \"complete\": false)",
                f.report.games,
                f.report.requested,
                out.display()
            );
            ExitCode::from(INTERRUPTED)
        }
    }
}

#[cfg(test)]
mod tests;
