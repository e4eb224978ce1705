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
use crate::core::deck_name;
use crate::diagnostics::{Diagnostic, unknown_name};

/// Copies of one card a deck may hold.
pub const MAX_COPIES: u8 = 1;

/// A legal deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// The deck's name (its file stem), as written in reports.
    pub name: String,
    /// (card, copies) in list order; copies add up to [`DECK_SIZE`].
    pub cards: Vec<(CardId, u8)>,
}

impl Deck {
    /// The cards, one entry per copy.
    pub fn card_list(&self) -> Vec<CardId> {
        self.cards
            .iter()
            .flat_map(|&(c, n)| std::iter::repeat_n(c, n as usize))
            .collect()
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
                        "expected `<count> <Card Name>` (e.g. `1 Ember Knight`), found \"{}\"",
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
        for &(id, n, line) in &cards {
            if n > MAX_COPIES {
                errors.push(Diagnostic::new(
                    path,
                    line,
                    format!(
                        "{n} copies of \"{}\": a deck holds one copy of each card",
                        db.card(id).name
                    ),
                ));
            }
        }
        let total: usize = cards.iter().map(|&(_, n, _)| n as usize).sum();
        if total != DECK_SIZE {
            errors.push(Diagnostic::new(
                path,
                0,
                format!("the deck has {total} cards; a deck holds exactly {DECK_SIZE}"),
            ));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Deck {
            name: deck_name(path),
            cards: cards.into_iter().map(|(c, n, _)| (c, n)).collect(),
        })
    }
}

fn truncate(s: &str) -> String {
    if s.chars().count() <= 60 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(60).collect::<String>())
    }
}
