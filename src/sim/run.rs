//! The parallel runner: games are played on a dedicated rayon pool in
//! bounded chunks; each chunk's results come back in game order and are
//! handed to a sink one by one, so files are written as games complete, in
//! game order, and memory stays bounded whatever the number of games.

use std::time::{Duration, Instant};

use rayon::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder};

use super::play::{PlayedGame, play_game};
use super::progress::progress_bar;
use crate::bots::Bot;
use crate::core::{Game, Player};

/// Games per chunk per worker thread.
const CHUNK_PER_THREAD: usize = 4 * 16;

/// What to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunConfig {
    /// The master seed.
    pub seed: u64,
    /// Number of games (indices `0..games`).
    pub games: u64,
    /// Log the events of games `0..log_games`.
    pub log_games: u64,
    /// The most actions a game may take before it is cut (a safety net:
    /// rulesets enforce their own turn limit).
    pub action_cap: u64,
    /// Show a progress bar (on a terminal only).
    pub progress: bool,
}

/// How a run went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunReport {
    /// Games played.
    pub games: u64,
    /// Wall-clock time of the games.
    pub elapsed: Duration,
}

impl RunReport {
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

/// Plays the games of `config` on `pool`, seat `p` played by a bot from
/// `bot(p)` (one per seat and worker, reused across games), and hands every finished game to `sink` in game
/// order. Stops at the first error of the sink.
pub fn run<G, F, E>(
    game: &G,
    pool: &ThreadPool,
    config: &RunConfig,
    bot: F,
    mut sink: impl FnMut(PlayedGame) -> Result<(), E>,
) -> Result<RunReport, E>
where
    G: Game,
    F: Fn(Player) -> Bot<G> + Sync,
{
    let start = Instant::now();
    let bar = progress_bar(config.games, config.progress);
    let chunk = (CHUNK_PER_THREAD * pool.current_num_threads()) as u64;
    let players = game.num_players();
    let mut next = 0;
    while next < config.games {
        let end = config.games.min(next + chunk);
        let played: Vec<PlayedGame> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map_init(
                    || {
                        (0..players)
                            .map(|p| bot(Player(p as u8)))
                            .collect::<Vec<_>>()
                    },
                    |bots, index| {
                        let log = index < config.log_games;
                        let g = play_game(game, bots, config.seed, index, log, config.action_cap);
                        bar.inc(1);
                        g
                    },
                )
                .collect()
        });
        played.into_iter().try_for_each(&mut sink)?;
        next = end;
    }
    bar.finish_and_clear();
    Ok(RunReport {
        games: config.games,
        elapsed: start.elapsed(),
    })
}
