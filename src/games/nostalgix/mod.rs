//! Nostalgix (`rules/nostalgix.txt`), decklab's flagship game, as a
//! [`Game`](crate::core::Game): two players, a Hero each, mana 0..10, 10
//! prize counters.
//!
//! One idea per module: `cards` (the data model and its loader on the
//! kit), `deck` (deck lists), `state` (plain-data state), `action`
//! (decisions), `rules` (the flow of a game: [`Game`](crate::core::Game)),
//! `effects` (the effect interpreter), `queries` (derived figures), `view`
//! (hidden information), `events` (logs and metrics:
//! [`Report`](crate::core::Report)), `invariants` (the checker:
//! [`Invariants`](crate::core::Invariants)), `features` (evaluation
//! features: [`Evaluate`](crate::core::Evaluate)), `ruleset` (loading from
//! files).

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
pub const NAME: &str = "nostalgix";

/// The bundled starter decks: (name, deck list), compiled into the binary.
/// The default matchup is the first two.
pub const BUNDLED_DECKS: [(&str, &str); 4] = [
    (
        "hero-rush",
        include_str!("../../../decks/nostalgix/hero-rush.deck"),
    ),
    (
        "prize-control",
        include_str!("../../../decks/nostalgix/prize-control.deck"),
    ),
    (
        "evolution",
        include_str!("../../../decks/nostalgix/evolution.deck"),
    ),
    (
        "token-swarm",
        include_str!("../../../decks/nostalgix/token-swarm.deck"),
    ),
];

/// A Nostalgix match: the card pool, the decks of seats a and b, options.
#[derive(Clone, Debug)]
pub struct Nostalgix {
    /// The card pool.
    pub db: Arc<CardDb>,
    /// The deck of each seat.
    pub decks: Seats<Deck, 2>,
    /// Match options.
    pub options: Options,
    /// Whether a card of either deck (a Hero, a card of the list, a token
    /// one of them summons) has an effect that reads a hidden card: a
    /// Reveal or a Search. Without one, a one-ply lookahead is always
    /// blind ([`crate::core::Evaluate::one_ply_is_blind`]); the deck lists
    /// are public (docs/rulings/nostalgix.md, "Information").
    pub decks_read_hidden: bool,
}

impl Nostalgix {
    /// The bundled starter decks `a` and `b` (indices into
    /// [`BUNDLED_DECKS`]) on the bundled pool, default options: the match
    /// tests, benches and examples use.
    pub fn bundled(a: usize, b: usize) -> Nostalgix {
        bundled_match(Nostalgix::bundled_cards(), &[a, b])
    }
}
