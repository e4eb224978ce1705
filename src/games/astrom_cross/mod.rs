//! Astrom Cross (summary in `docs/rules/astrom-cross.md`) as a
//! [`Game`](crate::core::Game): two
//! players, each with an ancient, a grid of terrain zones filled from a
//! location deck, warriors summoned by counting location attributes, and
//! turns of ready, draw, location, main, battle (attacking, defending,
//! technique, combat and damage steps) and end phases. Strikes on an
//! ancient move cards from the top of its owner's deck to the soul stock,
//! each checked for a trigger; their Damage Values destroy the ancient.
//!
//! One idea per module: `cards` (the data model and its loader on the
//! kit), `deck` (deck lists), `state` (plain-data state), `action`
//! (decisions), `rules` (setup, turn phases, legal decisions:
//! [`Game`](crate::core::Game)), `battle` (the battle phase), `effects`
//! (the effect interpreter), `queries` (derived figures), `view` (hidden
//! information), `events` (logs and metrics:
//! [`Report`](crate::core::Report)), `invariants` (the checker:
//! [`Invariants`](crate::core::Invariants)), `features` (evaluation
//! features: [`Evaluate`](crate::core::Evaluate)), `ruleset` (loading from
//! files).

pub mod action;
mod battle;
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
pub const NAME: &str = "astrom-cross";

/// The bundled starter decks: (name, deck list), compiled into the binary.
/// The default matchup is the first two.
pub const BUNDLED_DECKS: [(&str, &str); 2] = [
    (
        "ember-assault",
        include_str!("../../../decks/astrom-cross/ember-assault.deck"),
    ),
    (
        "tide-bastion",
        include_str!("../../../decks/astrom-cross/tide-bastion.deck"),
    ),
];

/// An Astrom Cross game: the card pool, the decks of seats a and b,
/// options.
#[derive(Clone, Debug)]
pub struct AstromCross {
    /// The card pool.
    pub db: Arc<CardDb>,
    /// Deck of seat a, then seat b.
    pub decks: Seats<Deck, 2>,
    /// Game options.
    pub options: Options,
}

impl AstromCross {
    /// The bundled starter decks `a` and `b` (indices into
    /// [`BUNDLED_DECKS`]) on `db`, default options.
    pub fn bundled_on(db: CardDb, a: usize, b: usize) -> AstromCross {
        bundled_match(db, &[a, b])
    }

    /// The bundled starter decks `a` and `b` on the bundled pool, default
    /// options.
    pub fn bundled(a: usize, b: usize) -> AstromCross {
        AstromCross::bundled_on(AstromCross::bundled_cards(), a, b)
    }
}
