//! The simulation runner: many seeded games in parallel, reproducible
//! whatever the number of threads (see [`play_game`] for the seeding).

mod play;
mod progress;
mod run;
mod shard;
mod views;

pub use play::{
    CUT_REASON, Deciders, Decision, PlayedGame, UNFINISHED, play_at, play_game, play_seeded,
    play_with,
};
pub use progress::{Progress, progress_bar};
pub use run::{RunConfig, RunReport, run, run_until, run_with_bar, thread_pool};
pub use shard::{Shard, ShardError};
pub use views::Views;

#[cfg(test)]
mod tests;
