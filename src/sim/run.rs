//! The parallel runner: games are played on a dedicated rayon pool in
//! bounded chunks; each chunk's results come back in game order and are
//! handed to a sink one by one, so files are written as games complete, in
//! game order, and memory stays bounded whatever the number of games.
//!
//! Memory: the sink (the calling thread) takes chunk `k` while the workers
//! play chunk `k + 1`, and chunk `k + 2` starts only when both are done. So
//! the only buffers between the workers and the sink are two chunks'
//! results (`CHUNK_PER_THREAD` games per worker each). There is no queue or
//! channel that could grow with the number of games.
//!
//! Stopping: [`run_until`] takes a flag (set by a Ctrl-C handler). Within a
//! chunk the workers claim game indices in increasing order from a shared
//! counter and look at the flag before each claim, so once it is set no new
//! game starts, every game already started is finished, and the games
//! played are always the first `n` of the run's indices for some `n`.
//!
//! Indices: a run plays the indices `first..first + games` its [`Shard`]
//! selects (all of them by default). A command that plays several
//! matchups gives each its own block of indices, so every game of every
//! matchup has its own seed.
//!
//! Seats: a run is given the table's entries (each a deck and a bot) as
//! one game per seat rotation, `games[r]` seating entry `e` in seat `(e +
//! r) mod N`. Game index `i` is played with rotation `i mod
//! games.len()`, so with one game per rotation every entry sits in every
//! seat equally often (two-seat runs pass one game: no rotation).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use rayon::{ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder};

use super::play::{PlayedGame, play_game};
use super::progress::progress_bar;
use super::shard::Shard;
use crate::bots::Bot;
use crate::core::{Evaluate, Game, Player, Report};

/// Games per chunk per worker thread.
const CHUNK_PER_THREAD: usize = 4 * 16;

/// What to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunConfig {
    /// The master seed.
    pub seed: u64,
    /// The first game index.
    pub first: u64,
    /// Number of game indices (`first..first + games`).
    pub games: u64,
    /// Which of those indices to play.
    pub shard: Shard,
    /// Log the events of the first `log_games` indices (from `first`).
    pub log_games: u64,
    /// The most actions a game may take before it is cut (a safety net:
    /// rulesets enforce their own turn limit).
    pub action_cap: u64,
    /// Show a progress bar (on a terminal only).
    pub progress: bool,
}

impl RunConfig {
    /// The indices played, as (the first, how many); consecutive ones are
    /// `shard.count` apart.
    pub fn selected(&self) -> (u64, u64) {
        self.shard.select(self.first, self.games)
    }
}

/// How a run went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunReport {
    /// Games played: the first `games` indices of the run.
    pub games: u64,
    /// Games asked for (of this shard).
    pub requested: u64,
    /// Wall-clock time of the games.
    pub elapsed: Duration,
}

impl RunReport {
    /// Whether every game asked for was played.
    pub fn complete(&self) -> bool {
        self.games == self.requested
    }

    /// Games per second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// A pool of `threads` workers, or as many as there are cores if `None`.
pub fn thread_pool(threads: Option<usize>) -> Result<ThreadPool, ThreadPoolBuildError> {
    ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .thread_name(|i| format!("decklab-{i}"))
        .build()
}

/// Plays the games of `config` on `pool`, entry `e` played by a bot from
/// `bot(e)` (one per entry and worker, reused across games) and seated by
/// the rotation of the game's index among `games` (see the module
/// documentation), and hands every finished game to `sink` in game order.
/// Stops at the first error of the sink.
pub fn run<G, F, E>(
    games: &[G],
    pool: &ThreadPool,
    config: &RunConfig,
    bot: F,
    sink: impl FnMut(PlayedGame) -> Result<(), E>,
) -> Result<RunReport, E>
where
    G: Game + Report + Evaluate,
    F: Fn(Player) -> Bot<G> + Sync,
{
    run_until(games, pool, config, &AtomicBool::new(false), bot, sink)
}

/// [`run`], stopping early once `stop` is set: no game starts after that,
/// the games in flight are finished and handed to `sink`, and the report
/// says how many games were played (always the first `n` indices).
pub fn run_until<G, F, E>(
    games: &[G],
    pool: &ThreadPool,
    config: &RunConfig,
    stop: &AtomicBool,
    bot: F,
    sink: impl FnMut(PlayedGame) -> Result<(), E>,
) -> Result<RunReport, E>
where
    G: Game + Report + Evaluate,
    F: Fn(Player) -> Bot<G> + Sync,
{
    let bar = progress_bar(config.selected().1, config.progress);
    let report = run_with_bar(games, pool, config, stop, &bar, bot, sink);
    bar.finish_and_clear();
    report
}

/// [`run_until`], advancing `bar` (which the caller owns, so that several
/// runs can share one bar) rather than a bar of its own.
pub fn run_with_bar<G, F, E>(
    games: &[G],
    pool: &ThreadPool,
    config: &RunConfig,
    stop: &AtomicBool,
    bar: &ProgressBar,
    bot: F,
    mut sink: impl FnMut(PlayedGame) -> Result<(), E>,
) -> Result<RunReport, E>
where
    G: Game + Report + Evaluate,
    F: Fn(Player) -> Bot<G> + Sync,
{
    let start = Instant::now();
    let (base, selected) = config.selected();
    let step = config.shard.count;
    let chunk = (CHUNK_PER_THREAD * pool.current_num_threads()) as u64;
    let players = games[0].num_players();
    let rotations = games.len() as u64;
    // Plays the chunk starting at the `from`-th selected game, or what of it
    // starts before `stop`; returns its games in order.
    let play_chunk = |from: u64| -> Vec<PlayedGame> {
        let end = selected.min(from + chunk);
        let next = AtomicU64::new(from);
        // One call per worker thread; each plays games until the chunk is
        // claimed or the run is stopped.
        let mut played: Vec<PlayedGame> = pool
            .broadcast(|_| {
                let mut bots: Vec<Bot<G>> = Player::all(players).map(&bot).collect();
                let mut mine = Vec::new();
                while !stop.load(Ordering::SeqCst) {
                    let nth = next.fetch_add(1, Ordering::SeqCst);
                    if nth >= end {
                        break;
                    }
                    let index = base + nth * step;
                    let log = index - config.first < config.log_games;
                    let rotation = (index % rotations) as usize;
                    // Entry e sits in seat (e + rotation) mod N.
                    bots.rotate_right(rotation);
                    let game = &games[rotation];
                    let mut g =
                        play_game(game, &mut bots, config.seed, index, log, config.action_cap);
                    bots.rotate_left(rotation);
                    g.rotation = rotation;
                    bar.inc(1);
                    mine.push(g);
                }
                mine
            })
            .into_iter()
            .flatten()
            .collect();
        played.sort_unstable_by_key(|g| g.index);
        played
    };
    // The sink takes chunk k while the workers play chunk k + 1: at most
    // two chunks of results exist at any time.
    let mut played = 0;
    let mut in_hand: Vec<PlayedGame> = Vec::new();
    loop {
        let more = played < selected && !stop.load(Ordering::SeqCst);
        let (next, sunk) = std::thread::scope(|s| {
            let next = more.then(|| s.spawn(|| play_chunk(played)));
            let sunk = in_hand.drain(..).try_for_each(&mut sink);
            (next.map(|h| h.join()), sunk)
        });
        // On a sink error the chunk in flight was finished and is dropped.
        sunk?;
        match next {
            None => break,
            Some(Ok(chunk)) => {
                played += chunk.len() as u64;
                in_hand = chunk;
            }
            Some(Err(panic)) => std::panic::resume_unwind(panic),
        }
    }
    Ok(RunReport {
        games: played,
        requested: selected,
        elapsed: start.elapsed(),
    })
}
