//! Pixel Tactics (summary in `docs/rules/pixel-tactics.md`) as a [`Game`](crate::core::Game): two
//! players, a Leader at the centre of a 3×3 Unit, rounds of three Waves,
//! turns of two actions, casualties at the end of each Wave, and matches
//! of one, three or five games — the whole match is one [`State`](state::State).
//!
//! One idea per module: `cards` (the data model and loader), `deck` (deck
//! lists), `state` (plain-data state), `action` (decisions), `rules` (the
//! flow of a match), `effects` (the effect interpreter), `queries`
//! (derived figures), `view` (hidden information), `events` (logs and
//! metrics), `invariants` (the checker), `features` (evaluation
//! features); `ruleset` loads them through the kit.

pub mod action;
pub mod cards;
pub mod deck;
mod describe;
mod effects;
pub mod events;
mod features;
mod invariants;
mod queries;
pub mod rules;
mod ruleset;
pub mod state;
mod view;

#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use features::FEATURES;

use cards::CardDb;
use deck::Deck;

use crate::core::Seats;
pub use crate::games::Options;
use crate::games::{Ruleset, bundled_match};

/// The ruleset's name, as `--game` takes it.
pub const NAME: &str = "pixel-tactics";

/// The bundled starter decks: (name, deck list), compiled into the binary.
/// The default matchup is the first two.
pub const BUNDLED_DECKS: [(&str, &str); 2] = [
    (
        "vanguard-wall",
        include_str!("../../../decks/pixel-tactics/vanguard-wall.deck"),
    ),
    (
        "arcane-rear",
        include_str!("../../../decks/pixel-tactics/arcane-rear.deck"),
    ),
];

/// A Pixel Tactics match: the card pool, the decks of seats a and b,
/// options (the match format among them).
#[derive(Clone, Debug)]
pub struct PixelTactics {
    /// The card pool.
    pub db: Arc<CardDb>,
    /// The decks of seats a and b.
    pub decks: Seats<Deck, 2>,
    /// Match options.
    pub options: Options,
}

impl PixelTactics {
    /// A match between two legal decks of `db`.
    pub fn new(db: Arc<CardDb>, decks: [Deck; 2], options: Options) -> PixelTactics {
        let decks = Seats::from_vec(decks.into());
        PixelTactics { db, decks, options }
    }

    /// The bundled starter decks `a` and `b` (indices into
    /// [`BUNDLED_DECKS`]) on `db`, default options.
    pub fn bundled_on(db: CardDb, a: usize, b: usize) -> PixelTactics {
        bundled_match(db, &[a, b])
    }

    /// The bundled starter decks `a` and `b` on the bundled pool, default
    /// options: the match tests, benches and examples use.
    pub fn bundled(a: usize, b: usize) -> PixelTactics {
        PixelTactics::bundled_on(PixelTactics::bundled_cards(), a, b)
    }
}
