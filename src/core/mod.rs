//! The game-agnostic contract shared by every ruleset, bot and the runner,
//! and the ruleset kit: what every ruleset needs and writes only once.
//!
//! Nothing in this module knows about a particular card game: rulesets
//! implement [`Game`] (and [`Report`], [`Evaluate`], [`Invariants`]); bots
//! and the runner only ever speak to those traits. The kit gives every
//! ruleset its [`CardId`] and [`CardPool`] (card files, names, `--set`),
//! its deck lists ([`DeckList`]) and the card-conservation check.

mod cards;
pub mod conformance;
mod deck;
mod events;
mod fixed;
mod game;
mod ledger;
mod outcome;
mod player;
mod rng;
#[cfg(test)]
pub mod toy;

pub use cards::{
    Build, CardDef, CardId, CardPool, Entry, FirstCopies, card_files, declared_names, distinct_ids,
    field_index, first_copies, lookup, number_in, sort_card_ids,
};
pub use deck::{
    CardLine, DeckContents, DeckList, HeaderLine, check_conservation, copies, deck_name, expand,
};
pub use events::{Event, Metric, NoObserver, Observer};
pub use fixed::FixedVec;
pub use game::{
    Evaluate, Game, IllegalAction, Invariants, Node, Report, SeatSummary, SeatTerms, weighted,
};
pub use ledger::{
    CardTrail, DeckMix, Ledger, MAX_SYMBOLS, SeatRound, SeatTrail, StoreCard, StoreCatalog,
};
pub use outcome::{Outcome, UNITS_PER_GAME};
pub use player::{MAX_PLAYERS, Player, Seats};
pub use rng::{GameRng, below, derive_rng, game_seed, rng_from_seed, shuffle, split_mix};
