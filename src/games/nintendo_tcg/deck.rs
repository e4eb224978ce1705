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
use crate::core::deck_name;
use crate::diagnostics::{Diagnostic, unknown_name};

/// A legal deck.
#[derive(Clone, Debug, PartialEq, Eq)]
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
                        "expected `<count> <Card Name>` (e.g. `3 Ember Squire`), found \"{}\"",
                        content.chars().take(60).collect::<String>()
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
        let (mut main, mut extra) = (0usize, 0usize);
        for &(id, n, line) in &cards {
            let card = db.card(id);
            if card.extra() {
                extra += n as usize;
            } else {
                main += n as usize;
                if n > MAX_COPIES {
                    errors.push(Diagnostic::new(
                        path,
                        line,
                        format!(
                            "{n} copies of \"{}\": a deck holds at most {MAX_COPIES} of a name",
                            card.name
                        ),
                    ));
                }
            }
        }
        if main != DECK_SIZE {
            errors.push(Diagnostic::new(
                path,
                0,
                format!(
                    "the deck has {main} cards; a deck holds exactly {DECK_SIZE} (extra deck aside)"
                ),
            ));
        }
        if extra > EXTRA {
            errors.push(Diagnostic::new(
                path,
                0,
                format!("the extra deck has {extra} cards; decklab allows at most {EXTRA}"),
            ));
        }
        if !cards
            .iter()
            .any(|&(id, _, _)| db.card(id).commander && !db.card(id).extra())
        {
            errors.push(Diagnostic::new(
                path,
                0,
                "a deck needs at least one Commander",
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
