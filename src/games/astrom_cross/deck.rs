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
use crate::core::deck_name;
use crate::diagnostics::{Diagnostic, unknown_name};

/// Copies of one card a deck may hold.
pub const MAX_COPIES: u8 = 3;

/// A legal deck.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The main deck, one entry per copy.
    pub fn main_list(&self) -> Vec<CardId> {
        self.expand(false)
    }

    /// The location deck, one entry per copy.
    pub fn location_list(&self) -> Vec<CardId> {
        self.expand(true)
    }

    fn expand(&self, locations: bool) -> Vec<CardId> {
        self.cards
            .iter()
            .zip(&self.locations)
            .filter(|&(&(c, _), &l)| l == locations && c != self.ancient)
            .flat_map(|(&(c, n), _)| std::iter::repeat_n(c, n as usize))
            .collect()
    }

    /// Every card the deck holds (the ancient included), one per copy.
    pub fn card_list(&self) -> Vec<CardId> {
        let mut v = vec![self.ancient];
        v.extend(self.main_list());
        v.extend(self.location_list());
        v
    }

    /// Parses and checks a deck list; `path` names it in messages and its
    /// file stem names the deck.
    pub fn parse(text: &str, path: &str, db: &CardDb) -> Result<Deck, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let mut cards: Vec<(CardId, u8, usize)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let err = |m: String| Diagnostic::new(path, line, m);
            let (count, name) = match content.split_once(char::is_whitespace) {
                Some((n, rest)) => (n.trim_end_matches(['x', 'X']), rest.trim()),
                None => (content, ""),
            };
            let count: u8 = match count.parse() {
                Ok(n) if n >= 1 => n,
                _ => {
                    errors.push(err(format!(
                        "expected `<count> <Card Name>` (e.g. `3 Cinder Lancer`), found \"{}\"",
                        truncate(content)
                    )));
                    continue;
                }
            };
            if name.is_empty() {
                errors.push(err("expected a card name after the count".into()));
                continue;
            }
            let Some(id) = db.id_ignoring_case(name) else {
                errors.push(err(unknown_name("card", name, db.names())));
                continue;
            };
            match cards.iter_mut().find(|(c, _, _)| *c == id) {
                Some(entry) => entry.1 = entry.1.saturating_add(count),
                None => cards.push((id, count, line)),
            }
        }
        let mut ancients = Vec::new();
        let (mut main, mut locations) = (0usize, 0usize);
        for &(id, n, line) in &cards {
            let card = db.card(id);
            match card.kind {
                Kind::Ancient => ancients.push((id, n, line)),
                Kind::Location => locations += n as usize,
                _ => main += n as usize,
            }
            if n > MAX_COPIES && card.kind != Kind::Ancient {
                errors.push(Diagnostic::new(
                    path,
                    line,
                    format!(
                        "{n} copies of \"{}\": a deck holds at most {MAX_COPIES} of a card",
                        card.name
                    ),
                ));
            }
        }
        let ancient = match ancients.as_slice() {
            [(id, 1, _)] => Some(*id),
            [(_, n, line)] => {
                errors.push(Diagnostic::new(
                    path,
                    *line,
                    format!("{n} copies of the ancient: a deck has exactly one"),
                ));
                None
            }
            [] => {
                errors.push(Diagnostic::new(
                    path,
                    0,
                    "expected an ancient (a card of type \"ancient\")",
                ));
                None
            }
            [_, (_, _, line), ..] => {
                errors.push(Diagnostic::new(
                    path,
                    *line,
                    "a second ancient: a deck has exactly one",
                ));
                None
            }
        };
        if main != DECK_SIZE {
            errors.push(Diagnostic::new(
                path,
                0,
                format!("the main deck has {main} cards; it holds exactly {DECK_SIZE}"),
            ));
        }
        if locations != LOCATION_DECK_SIZE {
            errors.push(Diagnostic::new(
                path,
                0,
                format!(
                    "the location deck has {locations} cards; it holds exactly {LOCATION_DECK_SIZE}"
                ),
            ));
        }
        match ancient {
            Some(ancient) if errors.is_empty() => Ok(Deck {
                name: deck_name(path),
                ancient,
                locations: cards
                    .iter()
                    .map(|&(c, _, _)| db.card(c).kind == Kind::Location)
                    .collect(),
                cards: cards.into_iter().map(|(c, n, _)| (c, n)).collect(),
            }),
            _ => Err(errors),
        }
    }
}

fn truncate(s: &str) -> String {
    if s.chars().count() <= 60 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(60).collect::<String>())
    }
}
