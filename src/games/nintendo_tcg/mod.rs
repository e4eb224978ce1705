//! The Nintendo TCG (rule version 1.0; summary in `docs/rules/nintendo-tcg.md`)
//! as a [`Game`](crate::core::Game): two players with 40-card decks and an extra deck, a
//! Commander chosen face down, hand power (+2 a turn) paid for cards and
//! effects, a turn of actions closed by an automatic Battle Phase ordered
//! by speed, one-action reply windows for Timed effects, coin flips, and
//! 10 Vitality Points.
//!
//! One idea per module: `cards` (the data model and loader), `deck` (deck
//! lists), `state` (plain-data state), `action` (decisions), `rules` (the
//! flow of a game, windows: `Game`), `battle` (the Battle Phase),
//! `effects` (the effect interpreter and zone moves), `queries` (derived
//! figures), `view` (hidden information), `events` (logs and metrics:
//! `Report`), `invariants` (the checker: `Invariants`), `features`
//! (evaluation features: `Evaluate`).

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
pub const NAME: &str = "nintendo-tcg";

/// The bundled starter decks: (name, deck list), compiled into the binary.
/// The default matchup is the first two.
pub const BUNDLED_DECKS: [(&str, &str); 2] = [
    (
        "blaze-vanguard",
        include_str!("../../../decks/nintendo-tcg/blaze-vanguard.deck"),
    ),
    (
        "tide-court",
        include_str!("../../../decks/nintendo-tcg/tide-court.deck"),
    ),
];

/// A Nintendo TCG game: the card pool, the decks of seats a and b,
/// options.
#[derive(Clone, Debug)]
pub struct NintendoTcg {
    /// The card pool.
    pub db: Arc<CardDb>,
    /// The deck of each seat.
    pub decks: Seats<Deck, 2>,
    /// Game options.
    pub options: Options,
    /// Per seat and [`cards::Trigger::ALL`] index: whether the seat's deck list
    /// holds a card that can answer the trigger (public: windows open only
    /// then, so whether one opens reveals nothing hidden).
    answerable: Seats<[bool; 3], 2>,
    /// Whether an aura of the pool lowers HP; if none does, a Character
    /// whose HP before auras exceeds its damage is alive whatever the
    /// auras ([`NintendoTcg::destroyed`]).
    auras_lower_hp: bool,
    /// Whether an aura of the pool changes HP at all; if none does, no
    /// aura can come or go and leave a Character at 0 HP, so the game
    /// need not look for one after every action ([`Game::apply`]) and at
    /// every turn's change.
    ///
    /// [`Game::apply`]: crate::core::Game::apply
    hp_auras: bool,
    /// Per card id: whether its aura changes a stat, so that the stats
    /// look up only those cards' auras ([`NintendoTcg::stats`]).
    stat_auras: Vec<bool>,
}

impl NintendoTcg {
    /// The bundled starter decks `a` and `b` (indices into
    /// [`BUNDLED_DECKS`]) on `db`, default options.
    pub fn bundled_on(db: CardDb, a: usize, b: usize) -> NintendoTcg {
        bundled_match(db, &[a, b])
    }

    /// The bundled starter decks `a` and `b` on the bundled pool.
    pub fn bundled(a: usize, b: usize) -> NintendoTcg {
        NintendoTcg::bundled_on(NintendoTcg::bundled_cards(), a, b)
    }
}
