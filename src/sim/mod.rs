//! The simulation runner: many seeded games in parallel, reproducible
//! whatever the number of threads (see [`play_game`] for the seeding).

mod play;
mod progress;
mod run;

pub use play::{CUT_REASON, PlayedGame, play_game, play_seeded};
pub use run::{RunConfig, RunReport, run, run_until, thread_pool};

#[cfg(test)]
mod tests;
