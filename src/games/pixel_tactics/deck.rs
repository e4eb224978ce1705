//! Deck lists, as players write them:
//!
//! ```text
//! # comments start with '#'
//! 1 Ember Knight
//! 1 Tide Oracle
//! ```
//!
//! rules/pixel-tactics.txt: "SETUP" ("each player shuffles his or her
//! Deck"), "The Next Game" (decks shrink by one card per trophy). The book
//! gives no deck size; decklab plays the printed game's decks of 25 cards,
//! one copy of each (see docs/rulings/pixel-tactics.md).

use super::cards::{CardDb, CardId};
use super::state::DECK_SIZE;
use crate::core::{DeckList, expand};
use crate::diagnostics::Diagnostic;

/// Copies of one card a deck may hold.
pub const MAX_COPIES: u8 = 1;

/// A legal deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// The deck's name (its file stem), as written in reports.
    pub name: String,
    /// (card, copies) in list order; copies add up to [`DECK_SIZE`].
    pub cards: Vec<(CardId, u8)>,
}

impl Deck {
    /// The cards, one entry per copy.
    pub fn card_list(&self) -> Vec<CardId> {
        expand(&self.cards)
    }

    /// Parses and checks a deck list; `path` names it in messages and its
    /// file stem names the deck. Every problem comes out in line order.
    pub fn parse(text: &str, path: &str, db: &CardDb) -> Result<Deck, Vec<Diagnostic>> {
        let mut list = DeckList::parse(text, path, db, &[]);
        list.check_copies(
            |id| db.card(id).name.clone(),
            |_| u32::from(MAX_COPIES),
            "ruling \"Deck size\": one copy of each",
        );
        // Every copy written counts, misspelled cards included.
        let total = list.total();
        if total as usize != DECK_SIZE {
            list.error(
                0,
                format!("the deck has {total} cards; a deck holds exactly {DECK_SIZE}"),
            );
        }
        list.finish(|list| Deck {
            name: list.name.clone(),
            // No problem: one copy of each card.
            cards: list
                .cards()
                .into_iter()
                .map(|(c, n, _)| (c, n as u8))
                .collect(),
        })
    }
}
