//! Deck lists as players write them, for every ruleset:
//!
//! ```text
//! # comments start with '#'
//! Hero: Captain Ember        # a `Key: Name` line, where the ruleset has one
//! 4 Stack-O-Fox              # `<count> <Card Name>` (or `4x Stack-O-Fox`)
//! ```
//!
//! [`DeckList::parse`] reads every line (a UTF-8 byte-order mark and CRLF
//! line ends are accepted), resolves names against the pool ignoring case
//! and reports one problem per faulty line, naming the closest card. A
//! line whose card is unknown still counts its copies, so a size check
//! counts what the user wrote. The ruleset then checks its own deck rules
//! (sizes, copy limits, card kinds) with the helpers here, and
//! [`DeckList::finish`] returns every problem in line order.

use std::path::Path;

use super::{CardDef, CardId, CardPool};
use crate::diagnostics::Diagnostic;

/// A `Key: Name` line (Nostalgix' `Hero: Captain Ember`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderLine {
    /// The key, as the ruleset spells it.
    pub key: &'static str,
    /// The card named, if it exists.
    pub card: Option<CardId>,
    /// The line number.
    pub line: usize,
}

/// A `<count> <Card Name>` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardLine {
    /// The card named, if it exists.
    pub card: Option<CardId>,
    /// The copies listed.
    pub copies: u32,
    /// The line number.
    pub line: usize,
}

/// What a deck list holds, however it is written: comments, the order of
/// its lines and how a card's copies are split over them play no part, so
/// two legal lists with the same contents are the same deck. Unknown names
/// are left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckContents {
    /// The cards of its `Key: Name` lines, with their keys, sorted.
    pub headers: Vec<(&'static str, CardId)>,
    /// Its cards, with their copies added up across lines, sorted.
    pub cards: Vec<(CardId, u32)>,
}

/// A deck list read line by line, with the problems found so far.
#[derive(Clone, Debug)]
pub struct DeckList {
    /// The deck's name for reports: the file stem of its path.
    pub name: String,
    /// The path, as the user named it, for messages.
    pub path: String,
    /// The `Key: Name` lines, in order.
    pub headers: Vec<HeaderLine>,
    /// The card lines, in order.
    pub lines: Vec<CardLine>,
    problems: Vec<Diagnostic>,
}

impl DeckList {
    /// Reads `text`, the deck file `path`, against `pool`. `keys` are the
    /// `Key: Name` lines the ruleset accepts (matched ignoring case).
    pub fn parse<C: CardDef>(
        text: &str,
        path: &str,
        pool: &CardPool<C>,
        keys: &[&'static str],
    ) -> DeckList {
        let mut deck = DeckList {
            name: deck_name(path),
            path: path.to_owned(),
            headers: Vec::new(),
            lines: Vec::new(),
            problems: Vec::new(),
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            if let Some((key, name)) = header(content, keys) {
                let card = match pool.find(name.trim(), |_| true) {
                    Ok(id) => Some(id),
                    Err(m) => {
                        deck.error(line, format!("{key}: {m}"));
                        None
                    }
                };
                deck.headers.push(HeaderLine { key, card, line });
                continue;
            }
            let (count, name) = match content.split_once(char::is_whitespace) {
                Some((n, rest)) => (n.trim_end_matches(['x', 'X']), rest.trim()),
                None => (content, ""),
            };
            let copies = match count.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    let expected = keys
                        .iter()
                        .map(|k| format!("`{k}: Name`, "))
                        .collect::<String>();
                    deck.error(
                        line,
                        format!(
                            "expected {expected}`<count> <Card Name>` (e.g. `2 {}`), found \"{}\"",
                            pool.names().next().unwrap_or("Card Name"),
                            truncate(content)
                        ),
                    );
                    continue;
                }
            };
            if name.is_empty() {
                deck.error(line, "expected a card name after the count");
                continue;
            }
            let card = match pool.find(name, |_| true) {
                Ok(id) => Some(id),
                Err(m) => {
                    deck.error(line, m);
                    None
                }
            };
            deck.lines.push(CardLine { card, copies, line });
        }
        deck
    }

    /// Reports a problem at `line` (0: the whole deck).
    pub fn error(&mut self, line: usize, message: impl Into<String>) {
        self.problems
            .push(Diagnostic::new(&self.path, line, message));
    }

    /// Whether a problem has been reported.
    pub fn has_problems(&self) -> bool {
        !self.problems.is_empty()
    }

    /// Every copy listed, unknown cards included.
    pub fn total(&self) -> u32 {
        self.lines.iter().map(|l| l.copies).sum()
    }

    /// Every copy listed on the lines `keep` accepts (by card), unknown
    /// cards counted only if `unknown` says so.
    pub fn total_where(&self, unknown: bool, keep: impl Fn(CardId) -> bool) -> u32 {
        self.lines
            .iter()
            .filter(|l| l.card.map_or(unknown, &keep))
            .map(|l| l.copies)
            .sum()
    }

    /// What the list holds, however it is written (see [`DeckContents`]).
    pub fn contents(&self) -> DeckContents {
        let mut headers: Vec<(&'static str, CardId)> = self
            .headers
            .iter()
            .filter_map(|h| Some((h.key, h.card?)))
            .collect();
        headers.sort_unstable();
        let mut cards: Vec<(CardId, u32)> =
            self.cards().into_iter().map(|(c, n, _)| (c, n)).collect();
        cards.sort_unstable();
        DeckContents { headers, cards }
    }

    /// The known cards, merged across lines in list order: (card, copies,
    /// first line).
    pub fn cards(&self) -> Vec<(CardId, u32, usize)> {
        let mut merged: Vec<(CardId, u32, usize)> = Vec::new();
        for l in &self.lines {
            let Some(card) = l.card else { continue };
            match merged.iter_mut().find(|(c, _, _)| *c == card) {
                Some(m) => m.1 += l.copies,
                None => merged.push((card, l.copies, l.line)),
            }
        }
        merged
    }

    /// Reports every card listed more than `max(card)` times, at its first
    /// line; `rule` names the rule broken (e.g. `rules: "Deck Building"`).
    pub fn check_copies(
        &mut self,
        name: impl Fn(CardId) -> String,
        max: impl Fn(CardId) -> u32,
        rule: &str,
    ) {
        for (card, copies, line) in self.cards() {
            let limit = max(card);
            if copies > limit {
                let name = name(card);
                self.error(
                    line,
                    format!("{copies} copies of \"{name}\": at most {limit} of any card ({rule})"),
                );
            }
        }
    }

    /// Reports a card line whose card `allowed` refuses, with its reason.
    pub fn check_each(&mut self, allowed: impl Fn(CardId) -> Result<(), String>) {
        let refused: Vec<(usize, String)> = self
            .lines
            .iter()
            .filter_map(|l| Some((l.line, allowed(l.card?).err()?)))
            .collect();
        for (line, message) in refused {
            self.error(line, message);
        }
    }

    /// The deck the ruleset builds from the list if no problem was found,
    /// else every problem in line order (whole-deck problems last).
    pub fn finish<D>(mut self, build: impl FnOnce(&DeckList) -> D) -> Result<D, Vec<Diagnostic>> {
        if self.problems.is_empty() {
            return Ok(build(&self));
        }
        self.problems
            .sort_by_key(|d| if d.line == 0 { usize::MAX } else { d.line });
        Err(self.problems)
    }
}

/// The (card, copies) of a deck, one entry per copy.
pub fn expand(cards: &[(CardId, u8)]) -> Vec<CardId> {
    copies(cards).collect()
}

/// The (card, copies) of a deck, one item per copy, without allocating
/// (what a deal reads at the start of every game).
pub fn copies(cards: &[(CardId, u8)]) -> impl Iterator<Item = CardId> + '_ {
    cards
        .iter()
        .flat_map(|&(c, n)| std::iter::repeat_n(c, usize::from(n)))
}

/// A deck's name for reports: the file stem of its path.
pub fn deck_name(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned())
}

/// The key and the rest of a `Key: Name` line, if `content` is one.
fn header<'a>(content: &'a str, keys: &[&'static str]) -> Option<(&'static str, &'a str)> {
    let (head, rest) = content.split_once(':')?;
    let key = keys.iter().find(|k| k.eq_ignore_ascii_case(head.trim()))?;
    Some((key, rest))
}

fn truncate(s: &str) -> String {
    if s.chars().count() <= 60 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(60).collect::<String>())
    }
}

/// Checks that the cards `owned` (in any order) are exactly the cards
/// `expected`, describing the first card whose count differs; `who` names
/// the holder in the message. Both are sorted in place.
pub fn check_conservation(
    who: &str,
    owned: &mut [CardId],
    expected: &mut [CardId],
    name: impl Fn(CardId) -> String,
) -> Result<(), String> {
    owned.sort_unstable();
    expected.sort_unstable();
    if owned == expected {
        return Ok(());
    }
    let count = |v: &[CardId], c: CardId| v.iter().filter(|&&x| x == c).count();
    let differs = owned
        .iter()
        .chain(expected.iter())
        .copied()
        .find(|&c| count(owned, c) != count(expected, c));
    let detail = differs.map_or_else(String::new, |c| {
        format!(
            ": \"{}\" {} times, expected {}",
            name(c),
            count(owned, c),
            count(expected, c)
        )
    });
    Err(format!(
        "{who}: cards not conserved ({} held, {} expected){detail}",
        owned.len(),
        expected.len()
    ))
}
