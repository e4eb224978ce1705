//! Deck lists, as players write them: one ancient, the main deck and the
//! location deck in one file.
//!
//! ```text
//! # comments start with '#'
//! 1 Veyra, Ember Sovereign   # the ancient
//! 3 Cinder Lancer
//! 4 Ashfall Ridge            # a location
//! ```
//!
//! rules/astrom-cross.txt: "Beginning of the game" (each player reveals
//! their ancient), "Location Phase" (the location deck). The book gives
//! no deck sizes; decklab plays main decks of 40 cards and location decks
//! of 10, at most 3 copies of a card (see docs/rulings/astrom-cross.md).

use super::cards::{CardDb, CardId, Kind};
use super::state::{DECK_SIZE, LOCATION_DECK_SIZE};
use crate::core::DeckList;
use crate::diagnostics::Diagnostic;

/// Copies of one card a deck may hold.
pub const MAX_COPIES: u8 = 3;

/// A legal deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// The deck's name (its file stem), as written in reports.
    pub name: String,
    /// The ancient.
    pub ancient: CardId,
    /// (card, copies) in list order: the ancient, main-deck cards and
    /// locations.
    pub cards: Vec<(CardId, u8)>,
    /// Whether each entry of `cards` is a location.
    locations: Vec<bool>,
}

impl Deck {
    /// The main deck, one entry per copy (without allocating: a deal reads
    /// it at the start of every game).
    pub fn main_list(&self) -> impl Iterator<Item = CardId> + '_ {
        self.copies(false)
    }

    /// The location deck, one entry per copy.
    pub fn location_list(&self) -> impl Iterator<Item = CardId> + '_ {
        self.copies(true)
    }

    fn copies(&self, locations: bool) -> impl Iterator<Item = CardId> + '_ {
        self.cards
            .iter()
            .zip(&self.locations)
            .filter(move |&(&(c, _), &l)| l == locations && c != self.ancient)
            .flat_map(|(&(c, n), _)| std::iter::repeat_n(c, n as usize))
    }

    /// Every card the deck holds (the ancient included), one per copy.
    pub fn card_list(&self) -> Vec<CardId> {
        let mut v = vec![self.ancient];
        v.extend(self.main_list());
        v.extend(self.location_list());
        v
    }

    /// Parses and checks a deck list; `path` names it in messages and its
    /// file stem names the deck. Every problem comes out in line order.
    pub fn parse(text: &str, path: &str, db: &CardDb) -> Result<Deck, Vec<Diagnostic>> {
        let mut list = DeckList::parse(text, path, db, &[]);
        // The ancient is not a deck card: it has no copy limit of its own.
        list.check_copies(
            |id| db.card(id).name.clone(),
            |id| match db.card(id).kind {
                Kind::Ancient => u32::MAX,
                _ => u32::from(MAX_COPIES),
            },
            "decklab's deck rules, docs/rulings/astrom-cross.md",
        );
        let ancients: Vec<(CardId, u32, usize)> = list
            .cards()
            .into_iter()
            .filter(|&(id, _, _)| db.card(id).kind == Kind::Ancient)
            .collect();
        match ancients.as_slice() {
            [(_, 1, _)] => {}
            [(_, n, line)] => list.error(
                *line,
                format!("{n} copies of the ancient: a deck has exactly one"),
            ),
            [] => list.error(0, "expected an ancient (a card of type \"ancient\")"),
            [_, (_, _, line), ..] => {
                list.error(*line, "a second ancient: a deck has exactly one");
            }
        }
        // Every copy written counts, a misspelled card in the main deck.
        let kind = |id: CardId| db.card(id).kind;
        let main = list.total_where(true, |id| kind(id).in_main_deck());
        let locations = list.total_where(false, |id| kind(id) == Kind::Location);
        if main as usize != DECK_SIZE {
            list.error(
                0,
                format!("the main deck has {main} cards; it holds exactly {DECK_SIZE}"),
            );
        }
        if locations as usize != LOCATION_DECK_SIZE {
            list.error(
                0,
                format!(
                    "the location deck has {locations} cards; it holds exactly {LOCATION_DECK_SIZE}"
                ),
            );
        }
        list.finish(|list| {
            // No problem: at most 3 copies of each card, one ancient.
            let cards: Vec<(CardId, u8)> = list
                .cards()
                .into_iter()
                .map(|(c, n, _)| (c, n as u8))
                .collect();
            Deck {
                name: list.name.clone(),
                ancient: ancients[0].0,
                locations: cards
                    .iter()
                    .map(|&(c, _)| kind(c) == Kind::Location)
                    .collect(),
                cards,
            }
        })
    }
}
