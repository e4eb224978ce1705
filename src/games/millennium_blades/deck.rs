//! Starter decks: what `--deck` chooses for each seat (rules: "Game Setup",
//! step 5: each player gets a starter deck, "either randomly or of their
//! choice"). A list of 9 cards, written as players write them:
//!
//! ```text
//! # comments start with '#'
//! 1 Ember Squire
//! 1 Coin Pouch
//! ```
//!
//! The bundled starter decks are 6 singles, a deck box and 2 accessories;
//! any 9 cards that are not metagame cards make a legal starter deck, so a
//! designer can try others (a deck over the tournament limits is trimmed
//! at random, as the rulebook's "Illegal Decks" says).

use super::cards::{CardDb, CardId, Kind};
use crate::core::DeckList;
use crate::diagnostics::Diagnostic;

/// Cards in a starter deck.
pub const STARTER_SIZE: u32 = 9;

/// A legal starter deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// The deck's name (its file stem), as written in reports.
    pub name: String,
    /// (card, copies) in list order; copies add up to [`STARTER_SIZE`].
    pub cards: Vec<(CardId, u8)>,
}

impl Deck {
    /// Parses and checks a starter deck; `path` names it in messages.
    pub fn parse(text: &str, path: &str, db: &CardDb) -> Result<Deck, Vec<Diagnostic>> {
        let mut list = DeckList::parse(text, path, db, &[]);
        list.check_each(|c| match db.card(c).kind {
            k if k.is_meta() => Err(format!(
                "\"{}\" is a metagame card: it is never in a player's deck",
                db.card(c).name
            )),
            _ => Ok(()),
        });
        let total = list.total();
        if total != STARTER_SIZE {
            list.error(
                0,
                format!(
                    "the deck has {total} cards; a starter deck holds exactly {STARTER_SIZE} \
                     (rules: \"Components\": starter decks of 9 cards)"
                ),
            );
        }
        list.finish(|l| Deck {
            name: l.name.clone(),
            cards: l
                .cards()
                .into_iter()
                .map(|(c, n, _)| (c, n.min(255) as u8))
                .collect(),
        })
    }

    /// The singles of the deck.
    pub fn singles(&self, db: &CardDb) -> u32 {
        self.cards
            .iter()
            .filter(|(c, _)| db.card(*c).kind == Kind::Single)
            .map(|(_, n)| u32::from(*n))
            .sum()
    }
}
