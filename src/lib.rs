//! decklab: an AI self-play simulator and deck evaluator for trading card
//! games. See `README.md` for the commands and `docs/development.md` for the
//! source layout.

pub mod bots;
pub mod cli;
pub mod core;
pub mod diagnostics;
pub mod games;
pub mod optimize;
pub mod output;
pub mod play;
pub mod report;
pub mod sim;
pub mod stats;
