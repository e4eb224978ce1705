//! Deck lists, as players write them:
//!
//! ```text
//! # comments start with '#'
//! Hero: Captain Ember
//! 4 Stack-O-Fox
//! 2 Ember Drake
//! ```
//!
//! rules/nostalgix.txt: "Deck" — "Each deck contains 50 cards + 1 Hero";
//! "Deck Building" — "you may only have up to 4 of any given card in your
//! deck, and only 1 Hero".

use super::cards::{CardDb, CardId, Kind};
use crate::core::{DeckList, expand};
use crate::diagnostics::Diagnostic;

/// Cards in a deck besides the Hero.
pub const DECK_SIZE: usize = 50;
/// Copies of one card a deck may hold.
pub const MAX_COPIES: u8 = 4;
/// The `Key: Name` lines of a deck list: its Hero.
pub const KEYS: &[&str] = &["Hero"];

/// A legal deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// The deck's name (its file stem), as written in reports.
    pub name: String,
    /// Its Hero.
    pub hero: CardId,
    /// (card, copies) in list order; copies add up to [`DECK_SIZE`].
    pub cards: Vec<(CardId, u8)>,
}

impl Deck {
    /// The 50 cards, one entry per copy.
    pub fn card_list(&self) -> Vec<CardId> {
        expand(&self.cards)
    }

    /// Parses and checks a deck list; `path` names it in messages and its
    /// file stem names the deck.
    pub fn parse(text: &str, path: &str, db: &CardDb) -> Result<Deck, Vec<Diagnostic>> {
        let mut list = DeckList::parse(text, path, db, KEYS);
        // A `Hero:` line names a Hero, and only one does (an unknown name
        // is already reported on its line).
        let mut hero_named = false;
        for h in list.headers.clone() {
            let Some(c) = h.card.map(|id| db.card(id)) else {
                continue;
            };
            if c.kind != Kind::Hero {
                list.error(
                    h.line,
                    format!("\"{}\" is a {}, not a Hero", c.name, c.kind),
                );
            } else if hero_named {
                list.error(h.line, "a deck has only 1 Hero (rules: \"Deck Building\")");
            }
            hero_named |= c.kind == Kind::Hero;
        }
        list.check_each(|id| {
            let c = db.card(id);
            match c.kind {
                Kind::Hero => Err(format!(
                    "\"{}\" is a Hero: write it as `Hero: {}`",
                    c.name, c.name
                )),
                Kind::Token => Err(format!(
                    "\"{}\" is a Token: tokens are summoned by effects, not put in decks",
                    c.name
                )),
                _ => Ok(()),
            }
        });
        // Heroes and Tokens listed as cards are already refused above.
        list.check_copies(
            |id| db.card(id).name.clone(),
            |id| match db.card(id).kind {
                Kind::Hero | Kind::Token => u32::MAX,
                _ => u32::from(MAX_COPIES),
            },
            "rules: \"Deck Building\"",
        );
        // Every copy written counts, misspelled cards included.
        let total = list.total();
        if total as usize != DECK_SIZE {
            list.error(
                0,
                format!("the deck has {total} cards besides its Hero; a deck holds exactly {DECK_SIZE} + 1 Hero (rules: \"Deck\")"),
            );
        }
        // A misspelled `Hero:` line still is the deck's Hero line.
        if list.headers.is_empty() {
            list.error(0, "no `Hero: Name` line; a deck has exactly 1 Hero");
        }
        list.finish(|list| Deck {
            name: list.name.clone(),
            // No problem: exactly one Hero line, naming a Hero.
            hero: list.headers[0].card.unwrap_or_default(),
            // No problem: at most 4 copies of each card.
            cards: list
                .cards()
                .into_iter()
                .map(|(c, n, _)| (c, n as u8))
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn db() -> CardDb {
        <super::super::Nostalgix as crate::games::Ruleset>::bundled_cards()
    }

    #[test]
    fn more_than_four_copies_is_illegal() {
        let mut text = String::from("# test\nHero: Captain Ember\n");
        for _ in 0..12 {
            text.push_str("4 Stack-O-Fox\n");
        }
        text.push_str("2 stack-o-fox\n");
        // 50 copies of one card breaks the copy limit; check the message.
        let errs = Deck::parse(&text, "t.deck", &db()).unwrap_err();
        assert!(
            errs.iter().any(|e| e.message.contains("at most 4")),
            "{errs:?}"
        );
    }

    #[test]
    fn unknown_names_get_a_suggestion_and_a_line() {
        let errs =
            Deck::parse("Hero: Captain Ember\n4 Stack-O-Fax\n", "t.deck", &db()).unwrap_err();
        assert_eq!(
            errs[0].to_string(),
            "t.deck:2: unknown card \"Stack-O-Fax\" (did you mean \"Stack-O-Fox\"?)"
        );
    }

    #[test]
    fn size_and_hero_are_required() {
        // rules/nostalgix.txt: "Deck": "Each deck contains 50 cards + 1 Hero."
        let errs = Deck::parse("4 Stack-O-Fox\n", "t.deck", &db()).unwrap_err();
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert!(
            text.iter().any(|e| e.contains("exactly 50 + 1 Hero")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|e| e.contains("no `Hero: Name`")),
            "{text:?}"
        );
    }

    #[test]
    fn one_error_per_mistake_in_line_order() {
        // A misspelled card still counts its copies (no size error), a
        // misspelled Hero line still is the Hero line (no "no Hero" error).
        let mut text = String::from("Hero: Captain Embr\n");
        for _ in 0..11 {
            text.push_str("4 Stack-O-Fox\n");
        }
        text.push_str("5 Stack-O-Fax\n1 Captain Ember\n");
        let errs = Deck::parse(&text, "t.deck", &db()).unwrap_err();
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert_eq!(text.len(), 4, "{text:?}");
        assert!(
            text[0].starts_with("t.deck:1: Hero: unknown card"),
            "{text:?}"
        );
        assert!(text[1].starts_with("t.deck:2: 44 copies"), "{text:?}");
        assert!(text[2].starts_with("t.deck:13: unknown card"), "{text:?}");
        assert_eq!(
            text[3],
            "t.deck:14: \"Captain Ember\" is a Hero: write it as `Hero: Captain Ember`"
        );
    }

    #[test]
    fn a_deck_has_one_hero_and_it_is_a_hero() {
        // rules/nostalgix.txt: "Deck Building" — "and only 1 Hero"
        let mut text = String::from("Hero: Captain Ember\nHero: Stack-O-Fox\nHero: Marshal Dray\n");
        for _ in 0..12 {
            text.push_str("4 Stack-O-Fox\n");
        }
        text.push_str("2 Ember Drake\n");
        let errs = Deck::parse(&text, "t.deck", &db()).unwrap_err();
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            text[..2],
            [
                "t.deck:2: \"Stack-O-Fox\" is a fighter, not a Hero",
                "t.deck:3: a deck has only 1 Hero (rules: \"Deck Building\")"
            ],
            "{text:?}"
        );
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for text in [
            "\u{0}\u{1}",
            "x",
            "99999999999 A",
            "-1 Stack-O-Fox",
            "Hero:",
            "4",
        ] {
            assert!(Deck::parse(text, "t.deck", &db()).is_err());
        }
    }
}
