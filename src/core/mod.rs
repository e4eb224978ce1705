//! The game-agnostic contract shared by every ruleset, bot and the runner.
//!
//! Nothing in this module knows about a particular card game: rulesets
//! implement [`Game`], bots and the runner only ever speak to that trait.

pub mod conformance;
mod events;
mod fixed;
mod game;
mod player;
mod rng;
#[cfg(test)]
pub mod toy;

pub use events::{Metric, NoObserver, Observer};
pub use fixed::FixedVec;
pub use game::{Game, IllegalAction, Node, Outcome, PlayerSummary};
pub use player::{MAX_PLAYERS, Player};
pub use rng::{GameRng, below, derive_rng, game_seed, rng_from_seed, shuffle, split_mix};
