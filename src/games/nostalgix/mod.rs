//! Nostalgix (`../shared/rules/nostalgix.txt`), decklab's flagship game.

pub mod cards;
pub mod deck;
