//! Deck lists, as players write them:
//!
//! ```text
//! # comments start with '#'
//! 3 Ember Squire
//! 2 Sprout Token      # Required cards and Tokens go to the extra deck
//! ```
//!
//! rules/nintendo-tcg.txt: "2 – Where to start" ("40 card decks … the max
//! of 3 multiples per card … The only 1 card that is required in a deck is
//! a Commander"), "4" ("You can only run 3 multiples of cards with the
//! exact same name"), "9 – Required/Tokens" (the extra deck: any number of
//! Required cards and Tokens, apart from the 40; decklab caps it at 16).

use super::cards::{CardDb, CardId};
use super::state::{DECK_SIZE, EXTRA, MAX_COPIES};
use crate::core::{DeckList, expand};
use crate::diagnostics::Diagnostic;

/// A legal deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// The deck's name (its file stem), as written in reports.
    pub name: String,
    /// (card, copies) in list order: the 40 cards, then or among them
    /// the extra deck's.
    pub cards: Vec<(CardId, u8)>,
}

impl Deck {
    /// The cards, one entry per copy (extra deck included).
    pub fn card_list(&self) -> Vec<CardId> {
        expand(&self.cards)
    }

    /// Parses and checks a deck list; `path` names it in messages and its
    /// file stem names the deck.
    pub fn parse(text: &str, path: &str, db: &CardDb) -> Result<Deck, Vec<Diagnostic>> {
        let mut list = DeckList::parse(text, path, db, &[]);
        // Required cards and Tokens have no copy limit: the extra deck's
        // own cap applies to them.
        list.check_copies(
            |id| db.card(id).name.clone(),
            |id| {
                if db.card(id).extra() {
                    u32::MAX
                } else {
                    u32::from(MAX_COPIES)
                }
            },
            "rules: \"2 – Where to start\"",
        );
        // Every copy written counts, misspelled cards among the 40.
        let main = list.total_where(true, |id| !db.card(id).extra());
        if main as usize != DECK_SIZE {
            list.error(
                0,
                format!(
                    "the deck has {main} cards; a deck holds exactly {DECK_SIZE} (extra deck aside)"
                ),
            );
        }
        let extra = list.total_where(false, |id| db.card(id).extra());
        if extra as usize > EXTRA {
            list.error(
                0,
                format!("the extra deck has {extra} cards; decklab allows at most {EXTRA}"),
            );
        }
        let commander = list
            .lines
            .iter()
            .filter_map(|l| l.card)
            .any(|id| db.card(id).commander && !db.card(id).extra());
        if !commander {
            list.error(0, "a deck needs at least one Commander");
        }
        list.finish(|list| Deck {
            name: list.name.clone(),
            // No problem: at most 3 copies of a deck card, at most 16
            // extra-deck cards.
            cards: list
                .cards()
                .into_iter()
                .map(|(c, n, _)| (c, n as u8))
                .collect(),
        })
    }
}
