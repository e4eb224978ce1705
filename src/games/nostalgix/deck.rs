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
use crate::core::deck_name;
use crate::diagnostics::{Diagnostic, unknown_name};

/// Cards in a deck besides the Hero.
pub const DECK_SIZE: usize = 50;
/// Copies of one card a deck may hold.
pub const MAX_COPIES: u8 = 4;

/// A legal deck.
#[derive(Clone, Debug, PartialEq, Eq)]
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
        self.cards
            .iter()
            .flat_map(|&(c, n)| std::iter::repeat_n(c, n as usize))
            .collect()
    }

    /// Parses and checks a deck list; `path` names it in messages and its
    /// file stem names the deck.
    pub fn parse(text: &str, path: &str, db: &CardDb) -> Result<Deck, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let mut hero: Option<(CardId, usize)> = None;
        let mut cards: Vec<(CardId, u8, usize)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let err = |m: String| Diagnostic::new(path, line, m);
            if let Some(rest) = strip_prefix_ignoring_case(content, "hero:") {
                let name = rest.trim();
                match db.id_ignoring_case(name) {
                    Some(id) if db.card(id).kind == Kind::Hero => {
                        if hero.is_some() {
                            errors.push(err(
                                "a deck has only 1 Hero (rules: \"Deck Building\")".into()
                            ));
                        }
                        hero = Some((id, line));
                    }
                    Some(id) => errors.push(err(format!(
                        "\"{}\" is a {}, not a Hero",
                        db.card(id).name,
                        db.card(id).kind
                    ))),
                    None => errors.push(err(unknown_name(
                        "Hero",
                        name,
                        db.cards()
                            .filter(|(_, c)| c.kind == Kind::Hero)
                            .map(|(_, c)| c.name.as_str()),
                    ))),
                }
                continue;
            }
            let (count, name) = match content.split_once(char::is_whitespace) {
                Some((n, rest)) => (n.trim_end_matches(['x', 'X']), rest.trim()),
                None => (content, ""),
            };
            let count: u8 = match count.parse() {
                Ok(n) if n >= 1 => n,
                _ => {
                    errors.push(err(format!(
                        "expected `Hero: Name` or `<count> <Card Name>` (e.g. `4 Stack-O-Fox`), found \"{}\"",
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
                let candidates = db
                    .cards()
                    .filter(|(_, c)| !matches!(c.kind, Kind::Hero | Kind::Token))
                    .map(|(_, c)| c.name.as_str());
                errors.push(err(unknown_name("card", name, candidates)));
                continue;
            };
            match db.card(id).kind {
                Kind::Hero => errors.push(err(format!(
                    "\"{}\" is a Hero: write it as `Hero: {}`",
                    db.card(id).name,
                    db.card(id).name
                ))),
                Kind::Token => errors.push(err(format!(
                    "\"{}\" is a Token: tokens are summoned by effects, not put in decks",
                    db.card(id).name
                ))),
                _ => match cards.iter_mut().find(|(c, _, _)| *c == id) {
                    Some(entry) => entry.1 = entry.1.saturating_add(count),
                    None => cards.push((id, count, line)),
                },
            }
        }
        for &(id, n, line) in &cards {
            if n > MAX_COPIES {
                errors.push(Diagnostic::new(
                    path,
                    line,
                    format!(
                        "{n} copies of \"{}\": at most {MAX_COPIES} of any card (rules: \"Deck Building\")",
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
                format!("the deck has {total} cards besides its Hero; a deck holds exactly {DECK_SIZE} + 1 Hero (rules: \"Deck\")"),
            ));
        }
        if hero.is_none() {
            errors.push(Diagnostic::new(
                path,
                0,
                "no `Hero: Name` line; a deck has exactly 1 Hero",
            ));
        }
        match hero {
            Some((hero, _)) if errors.is_empty() => Ok(Deck {
                name: deck_name(path),
                hero,
                cards: cards.into_iter().map(|(c, n, _)| (c, n)).collect(),
            }),
            _ => Err(errors),
        }
    }
}

fn strip_prefix_ignoring_case<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

fn truncate(s: &str) -> String {
    if s.chars().count() <= 60 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(60).collect::<String>())
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
