//! The card pool every ruleset shares: [`CardId`]s into an immutable
//! [`CardPool`], loaded from TOML card files with every problem reported as
//! `path:line: message`, names looked up with "did you mean", and
//! `--set "Card Name.field=value"` overrides.
//!
//! A ruleset describes only its own card: how a file's entries are read
//! ([`CardDef::File`], [`CardDef::entries`]) and how an entry becomes a
//! card ([`CardDef::build`]). Reading files, numbering cards, rejecting
//! empty or duplicate names, resolving references between cards, and the
//! override syntax happen here, once.

use std::collections::HashMap;
use std::fmt::Debug;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::diagnostics::{Diagnostic, Diagnostics, LineStarts, closest, toml_error, unknown_name};

/// An index into a ruleset's [`CardPool`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct CardId(pub u16);

impl CardId {
    /// The id as an index into the pool's cards.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Sorts card ids into increasing order: the result of `sort_unstable`, by
/// counting. Determinizations put every hidden zone into this canonical
/// order at every decision of every bot, so it is on the hot path; ids of
/// pools larger than `COUNTED_IDS`, and more than 255 copies of one id,
/// fall back to `sort_unstable`.
pub fn sort_card_ids(ids: &mut [CardId]) {
    if ids.len() < 8 || ids.len() > usize::from(u8::MAX) {
        return ids.sort_unstable();
    }
    let mut counts = [0u8; COUNTED_IDS];
    let mut seen = [0u64; COUNTED_IDS / 64];
    for &id in ids.iter() {
        let i = id.index();
        if i >= COUNTED_IDS {
            return ids.sort_unstable();
        }
        counts[i] += 1;
        seen[i / 64] |= 1 << (i % 64);
    }
    let mut at = 0;
    for (word, &bits) in seen.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let i = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let n = usize::from(counts[i]);
            ids[at..at + n].fill(CardId(i as u16));
            at += n;
        }
    }
}

/// Each card of `cards` once, in id order, without allocating: how a choice
/// among the cards of a hidden zone (a search of the deck) is listed, so
/// that it never shows the zone's order. `cards` yields at most `N` items.
pub fn distinct_ids<const N: usize>(
    cards: impl IntoIterator<Item = CardId>,
) -> impl Iterator<Item = CardId> {
    let mut ids: arrayvec::ArrayVec<CardId, N> = cards.into_iter().collect();
    sort_card_ids(&mut ids);
    let mut last = None;
    ids.into_iter().filter(move |&c| last.replace(c) != Some(c))
}

/// The index of the first copy of each card of `cards`, in order: how a
/// hand holding several copies of a card offers that card once.
pub fn first_copies(cards: &[CardId]) -> impl Iterator<Item = usize> + '_ {
    let mut seen = FirstCopies::default();
    (0..cards.len()).filter(move |&i| seen.first(cards, i))
}

/// Which card ids of a hand were met already, so that a hand holding
/// several copies of a card offers that card once. A set of seen ids keeps
/// it linear; ids beyond `COUNTED_IDS` are looked up in the cards before.
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstCopies([u64; COUNTED_IDS / 64]);

impl FirstCopies {
    /// Whether `cards[i]` is the first copy of its id asked about, and marks
    /// it met. A caller may skip cards for a property of the card itself
    /// (its cost): all copies of an id are then skipped alike.
    #[inline]
    pub fn first(&mut self, cards: &[CardId], i: usize) -> bool {
        let card = cards[i];
        let id = card.index();
        match self.0.get_mut(id / 64) {
            Some(word) => {
                let bit = 1 << (id % 64);
                let first = *word & bit == 0;
                *word |= bit;
                first
            }
            None => !cards[..i].contains(&card),
        }
    }
}

/// The card ids [`sort_card_ids`] sorts by counting.
pub const COUNTED_IDS: usize = 256;

/// One entry of a card file: the raw table and where it starts.
#[derive(Debug)]
pub struct Entry<R> {
    /// The table as serde read it.
    pub raw: R,
    /// Byte offset of the table in the file, for its line number.
    pub start: usize,
}

impl<R> Entry<R> {
    /// The entry of a `toml::Spanned` table.
    pub fn spanned(s: toml::Spanned<R>) -> Self {
        let start = s.span().start;
        Entry {
            raw: s.into_inner(),
            start,
        }
    }
}

/// A ruleset's card, as the kit loads, overrides and lists it.
pub trait CardDef: Sized + Debug + Clone + Send + Sync + 'static {
    /// A whole card file as serde reads it (reject unknown keys).
    type File: DeserializeOwned;
    /// One card's table.
    type Raw;

    /// The card tables of a file, in file order.
    fn entries(file: Self::File) -> Vec<Entry<Self::Raw>>;

    /// The name an entry declares (trimmed by the loader).
    fn raw_name(raw: &Self::Raw) -> &str;

    /// Builds the card an entry describes, reporting problems through
    /// `at` (which also resolves the names of other cards).
    fn build(raw: &Self::Raw, at: &mut Build<'_>) -> Self;

    /// The card's name.
    fn name(&self) -> &str;

    /// The card's cost, for `deck_curve.csv` (0 where cards have none).
    fn cost(&self) -> u8;

    /// The fields `--set` can change, for `--help` and messages.
    const FIELDS: &'static [&'static str];

    /// What `--help` adds to [`Self::FIELDS`], if anything (a field that
    /// is not the card's own, as [`Self::shares_field`] says).
    const FIELDS_NOTE: &'static str = "";

    /// Sets `field` to `value` (`--set`), or says what was expected.
    /// Unknown fields need not be handled: the kit checks [`Self::FIELDS`]
    /// first.
    fn set_field(&mut self, field: &str, value: &str) -> Result<(), String>;

    /// Whether `field` of this card is also `other`'s: a field that
    /// belongs to a group of cards rather than to one (Millennium Blades'
    /// `price`, its set's), which an override of one card then sets on
    /// every card of the group. The default: no field is shared.
    fn shares_field(&self, _field: &str, _other: &Self) -> bool {
        false
    }

    /// The column names of `decklab cards`.
    const TABLE_HEADER: &'static [&'static str];
    /// The columns of `decklab cards` to right-align.
    const TABLE_RIGHT: &'static [usize];

    /// The card's row of `decklab cards`, one value per column of
    /// [`Self::TABLE_HEADER`].
    fn table_row(&self, pool: &CardPool<Self>) -> Vec<String>;

    /// Checks that need the whole pool, once every card is built (e.g. a
    /// card that must refer to a card of some kind): each problem with the
    /// card it is reported at (`path:line` of that card's table), its
    /// message naming the card; the default finds none.
    fn check_pool(_pool: &CardPool<Self>) -> Vec<(CardId, String)> {
        Vec::new()
    }
}

/// An immutable card pool: cards by [`CardId`] and by name, and the labels
/// (subtypes, set names…) its cards refer to by index.
#[derive(Clone, Debug)]
pub struct CardPool<C> {
    cards: Vec<C>,
    by_name: HashMap<String, CardId>,
    labels: Vec<String>,
    source: String,
}

impl<C: CardDef> CardPool<C> {
    /// The card with id `id`.
    #[inline]
    pub fn card(&self, id: CardId) -> &C {
        &self.cards[id.index()]
    }

    /// Every card, in file order, with its id.
    pub fn cards(&self) -> impl Iterator<Item = (CardId, &C)> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| (CardId(i as u16), c))
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the pool is empty (never, once loaded).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The id of the card named `name`, exactly.
    pub fn id(&self, name: &str) -> Option<CardId> {
        self.by_name.get(name).copied()
    }

    /// The id of `name`, ignoring case, for lists written by hand.
    pub fn id_ignoring_case(&self, name: &str) -> Option<CardId> {
        self.id(name).or_else(|| {
            self.cards
                .iter()
                .position(|c| c.name().eq_ignore_ascii_case(name))
                .map(|i| CardId(i as u16))
        })
    }

    /// The id of `name` (ignoring case), or "unknown card … (did you mean
    /// …?)" with the closest name among the cards `eligible` accepts.
    pub fn find(&self, name: &str, eligible: impl Fn(&C) -> bool) -> Result<CardId, String> {
        self.id_ignoring_case(name).ok_or_else(|| {
            let names = self.cards.iter().filter(|c| eligible(c)).map(C::name);
            unknown_name("card", name, names)
        })
    }

    /// Every card name, in file order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.cards.iter().map(C::name)
    }

    /// The label with index `i` (see [`Build::label`]).
    pub fn label(&self, i: u8) -> &str {
        &self.labels[usize::from(i)]
    }

    /// Where the pool was read from, for messages.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Loads a card file or every `.toml` file of a folder.
    pub fn load(path: &Path) -> Result<Self, Diagnostics> {
        let files = card_files(path)?;
        let refs: Vec<(&str, &str)> = files
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect();
        Self::parse_many(&refs, &path.display().to_string())
    }

    /// Parses one card file's text; `path` names it in messages.
    pub fn parse(text: &str, path: &str) -> Result<Self, Diagnostics> {
        Self::parse_many(&[(path, text)], path)
    }

    /// The bundled pool `text` (its file name `path`).
    ///
    /// # Panics
    /// If the bundled file is invalid: the test suite checks it, so this
    /// is a build defect, not user input.
    pub fn bundled(text: &str, path: &str) -> Self {
        Self::parse(text, path).unwrap_or_else(|e| panic!("bundled card pool is invalid:\n{e}"))
    }

    /// Parses several card files (path, text) into one pool; `source`
    /// names the whole pool. Every problem of every file is reported.
    pub fn parse_many(files: &[(&str, &str)], source: &str) -> Result<Self, Diagnostics> {
        let mut errors = Vec::new();
        let mut parsed = Vec::new();
        for &(path, text) in files {
            let text = text.strip_prefix('\u{feff}').unwrap_or(text);
            match toml::from_str::<C::File>(text) {
                Ok(f) => parsed.push((path, LineStarts::new(text), C::entries(f))),
                Err(e) => errors.push(toml_error(path, text, &e)),
            }
        }
        if !errors.is_empty() {
            // Cards of the other files may refer to the unreadable ones.
            return Err(Diagnostics(errors));
        }
        // First pass: names and ids, so that cards may refer to later ones.
        let mut by_name = HashMap::new();
        let mut declared = Vec::new();
        for (f, (path, lines, entries)) in parsed.iter().enumerate() {
            for (i, e) in entries.iter().enumerate() {
                let line = lines.line_of(e.start);
                let name = C::raw_name(&e.raw).trim();
                if name.is_empty() {
                    errors.push(Diagnostic::new(path, line, "a card needs a non-empty name"));
                } else if by_name.contains_key(name) {
                    errors.push(Diagnostic::new(
                        path,
                        line,
                        format!("card \"{name}\" is defined twice"),
                    ));
                } else if declared.len() >= usize::from(u16::MAX) {
                    errors.push(Diagnostic::new(
                        path,
                        line,
                        "too many cards (at most 65535)",
                    ));
                } else {
                    by_name.insert(name.to_owned(), CardId(declared.len() as u16));
                    declared.push((f, i));
                }
            }
        }
        // Second pass: every card, in id order.
        let mut labels = Vec::new();
        let mut cards = Vec::with_capacity(declared.len());
        for &(f, i) in &declared {
            let (path, lines, entries) = &parsed[f];
            let entry = &entries[i];
            let mut at = Build {
                path,
                line: lines.line_of(entry.start),
                name: C::raw_name(&entry.raw).trim(),
                by_name: &by_name,
                labels: &mut labels,
                errors: &mut errors,
            };
            cards.push(C::build(&entry.raw, &mut at));
        }
        if errors.is_empty() && cards.is_empty() {
            errors.push(Diagnostic::new(source, 0, "the card file defines no card"));
        }
        if !errors.is_empty() {
            return Err(Diagnostics(errors));
        }
        let pool = CardPool {
            cards,
            by_name,
            labels,
            source: source.to_owned(),
        };
        let problems = C::check_pool(&pool);
        if !problems.is_empty() {
            // Each at its card's table: ids number `declared`.
            let d = problems
                .into_iter()
                .map(|(id, m)| match declared.get(id.index()) {
                    Some(&(f, i)) => {
                        let (path, lines, entries) = &parsed[f];
                        Diagnostic::new(path, lines.line_of(entries[i].start), m)
                    }
                    None => Diagnostic::new(source, 0, m),
                })
                .collect();
            return Err(Diagnostics(d));
        }
        Ok(pool)
    }

    /// The card, field and value of a `--set "Card Name.field=value"`
    /// override, the card named as [`CardPool::apply_override`] reads it
    /// (case and spaces aside); `None` if it names no card.
    pub fn override_target<'s>(&self, spec: &'s str) -> Option<(CardId, &'s str, &'s str)> {
        let (target, value) = spec.split_once('=')?;
        let (id, field) = self.card_and_field(target.trim())?;
        Some((id, field, value.trim()))
    }

    /// The cards a `--set "Card Name.field=value"` override changes, with
    /// the field and the value: the card it names (as
    /// [`CardPool::override_target`] reads it) and the cards that share
    /// the field with it ([`CardDef::shares_field`]: a Millennium Blades
    /// price, its whole set), in id order; `None` if it names no card.
    pub fn override_cards<'s>(&self, spec: &'s str) -> Option<(Vec<CardId>, &'s str, &'s str)> {
        let (id, field, value) = self.override_target(spec)?;
        Some((self.sharing(id, field).collect(), field, value))
    }

    /// Card `id` and the cards whose `field` is also its own (see
    /// [`CardDef::shares_field`]), in id order: what an override of that
    /// field of `id` changes.
    fn sharing<'a>(&'a self, id: CardId, field: &'a str) -> impl Iterator<Item = CardId> + 'a {
        let named = &self.cards[id.index()];
        self.cards()
            .filter(move |&(i, c)| i == id || named.shares_field(field, c))
            .map(|(i, _)| i)
    }

    /// The card `target` ("Card Name.field") names and the field: the
    /// card is the longest prefix that names one, so card names may
    /// themselves contain dots.
    fn card_and_field<'s>(&self, target: &'s str) -> Option<(CardId, &'s str)> {
        target.match_indices('.').rev().find_map(|(i, _)| {
            self.id_ignoring_case(target[..i].trim())
                .map(|id| (id, target[i + 1..].trim()))
        })
    }

    /// Applies one `--set "Card Name.field=value"` override, or says what
    /// is wrong with it (naming the closest card or field).
    pub fn apply_override(&mut self, spec: &str) -> Result<(), String> {
        let (target, value) = spec
            .split_once('=')
            .ok_or_else(|| format!("expected \"Card Name.field=value\", found \"{spec}\""))?;
        let (target, value) = (target.trim(), value.trim());
        let (id, field) = self.card_and_field(target).ok_or_else(|| {
            let card = target.split_once('.').map_or(target, |(c, _)| c);
            let known = unknown_name("card", card, self.names());
            format!("{known} (expected \"Card Name.field=value\")")
        })?;
        let known = C::FIELDS.iter().any(|f| field_matches(f, field));
        if !known {
            let hint = closest(field, C::FIELDS.iter().copied())
                .map_or(String::new(), |c| format!(" (did you mean \"{c}\"?)"));
            return Err(format!(
                "unknown field \"{field}\"{hint}; fields: {}",
                C::FIELDS.join(", ")
            ));
        }
        // The card, and the cards that share the field with it (a
        // Millennium Blades set's price is on the back of all its cards).
        let group: Vec<usize> = self.sharing(id, field).map(CardId::index).collect();
        let before: Vec<C> = group.iter().map(|&i| self.cards[i].clone()).collect();
        let undo = |cards: &mut Vec<C>| {
            for (&i, card) in group.iter().zip(&before) {
                cards[i] = card.clone();
            }
        };
        // The named card first: its error names it.
        let order =
            std::iter::once(id.index()).chain(group.iter().copied().filter(|&i| i != id.index()));
        for i in order {
            if let Err(e) = self.cards[i].set_field(field, value) {
                undo(&mut self.cards);
                return Err(e);
            }
        }
        // A change is checked as the card file is: an override that breaks
        // a rule of the whole pool is refused and undone.
        let problems: Vec<String> = C::check_pool(self).into_iter().map(|(_, m)| m).collect();
        if !problems.is_empty() {
            undo(&mut self.cards);
            return Err(problems.join("; "));
        }
        Ok(())
    }

    /// The pool as a table for `decklab cards`: a header row then one row
    /// per card.
    pub fn table(&self) -> Vec<Vec<String>> {
        let mut rows = vec![C::TABLE_HEADER.iter().map(|h| (*h).to_owned()).collect()];
        rows.extend(self.cards.iter().map(|c| c.table_row(self)));
        rows
    }
}

/// Whether `field` matches the pattern `pattern`, where `N` stands for a
/// number (`attacks.N.damage` matches `attacks.1.damage`).
fn field_matches(pattern: &str, field: &str) -> bool {
    let (p, f): (Vec<&str>, Vec<&str>) = (pattern.split('.').collect(), field.split('.').collect());
    p.len() == f.len()
        && p.iter()
            .zip(&f)
            .all(|(p, f)| p == f || (*p == "N" && f.parse::<usize>().is_ok()))
}

/// Parses an override's `value` as a whole number from `min` to `max`.
pub fn number_in<T>(field: &str, value: &str, min: T, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    value
        .parse::<T>()
        .ok()
        .filter(|n| *n >= min && *n <= max)
        .ok_or_else(|| {
            format!("{field} expects a whole number from {min} to {max}, found \"{value}\"")
        })
}

/// The `N` of an override field `<prefix>N<suffix>` (such as
/// `effects.0.amount`), if `field` has that shape.
pub fn field_index(field: &str, prefix: &str, suffix: &str) -> Option<usize> {
    field
        .strip_prefix(prefix)?
        .strip_suffix(suffix)?
        .parse()
        .ok()
}

/// Where a card is being built: reports its problems as `path:line: card
/// "Name": …` and resolves the names of other cards.
pub struct Build<'a> {
    path: &'a str,
    line: usize,
    name: &'a str,
    by_name: &'a HashMap<String, CardId>,
    labels: &'a mut Vec<String>,
    errors: &'a mut Vec<Diagnostic>,
}

impl Build<'_> {
    /// The card's name, trimmed.
    pub fn name(&self) -> &str {
        self.name
    }

    /// The value `table` gives `name` (ignoring ASCII case, as card files
    /// may spell keywords and the like), or `None` with the problem
    /// reported, naming the closest `what`.
    pub fn named<T: Copy>(&mut self, what: &str, name: &str, table: &[(&str, T)]) -> Option<T> {
        lookup(what, name, table).map_err(|m| self.error(m)).ok()
    }

    /// Reports a problem with the card.
    pub fn error(&mut self, message: impl std::fmt::Display) {
        self.errors.push(Diagnostic::new(
            self.path,
            self.line,
            format!("card \"{}\": {message}", self.name),
        ));
    }

    /// Whether a problem has been reported for any card so far.
    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    /// The id of the card named `name` (exactly, or ignoring case), which
    /// `field` of this card refers to; an unknown name is reported.
    pub fn reference(&mut self, field: &str, name: &str) -> Option<CardId> {
        let name = name.trim();
        let found = self.by_name.get(name).copied().or_else(|| {
            self.by_name
                .iter()
                .filter(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, id)| *id)
                .min()
        });
        if found.is_none() {
            let mut names: Vec<&str> = self.by_name.keys().map(String::as_str).collect();
            names.sort_unstable();
            let message = unknown_name("card", name, names);
            self.error(format_args!("{field}: {message}"));
        }
        found
    }

    /// The index of `label` in the pool's label table (interned: the same
    /// text gets the same index).
    pub fn label(&mut self, label: &str) -> u8 {
        match self.labels.iter().position(|l| l == label) {
            Some(i) => i as u8,
            None if self.labels.len() < usize::from(u8::MAX) => {
                self.labels.push(label.to_owned());
                (self.labels.len() - 1) as u8
            }
            None => {
                self.error("too many distinct labels (at most 255)");
                0
            }
        }
    }

    /// Like [`Build::label`], but a label equal to an interned one ignoring
    /// ASCII case gets that one's index (its first spelling is kept): for
    /// names card files may spell in any case, such as subtypes.
    pub fn label_ignoring_case(&mut self, label: &str) -> u8 {
        match self
            .labels
            .iter()
            .position(|l| l.eq_ignore_ascii_case(label))
        {
            Some(i) => i as u8,
            None => self.label(label),
        }
    }
}

/// The (path, text) of a card file, or of every `.toml` file of a folder
/// in name order. Unreadable files and empty folders are reported as
/// `path: message`.
pub fn card_files(path: &Path) -> Result<Vec<(String, String)>, Diagnostics> {
    let cannot = |p: &Path, e: std::io::Error| {
        Diagnostics(vec![Diagnostic::new(
            &p.display().to_string(),
            0,
            format!("cannot read: {e}"),
        )])
    };
    let read = |p: &Path| crate::diagnostics::read_input_text(p).map_err(|e| cannot(p, e));
    if !path.is_dir() {
        return Ok(vec![(path.display().to_string(), read(path)?)]);
    }
    let mut files: Vec<_> = std::fs::read_dir(path)
        .map_err(|e| cannot(path, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(Diagnostics(vec![Diagnostic::new(
            &path.display().to_string(),
            0,
            "no .toml card file in this folder",
        )]));
    }
    files
        .iter()
        .map(|f| Ok((f.display().to_string(), read(f)?)))
        .collect()
}

/// The names of the cards the card file `text` declares, trimmed, in file
/// order; none if it is not a readable card file of `C`. (Which file of a
/// pool holds a card, for messages.)
pub fn declared_names<C: CardDef>(text: &str) -> Vec<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    toml::from_str::<C::File>(text).map_or_else(
        |_| Vec::new(),
        |file| {
            C::entries(file)
                .iter()
                .map(|e| C::raw_name(&e.raw).trim().to_owned())
                .collect()
        },
    )
}

/// The value `table` gives `name`, ignoring ASCII case, or a message
/// naming the closest `what` (for `--set` values and card files alike).
pub fn lookup<T: Copy>(what: &str, name: &str, table: &[(&str, T)]) -> Result<T, String> {
    table
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|&(_, value)| value)
        .ok_or_else(|| unknown_name(what, name, table.iter().map(|(n, _)| *n)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn counting_sort_matches_sort_unstable(
            mut ids in proptest::collection::vec(0u16..300, 0..300),
            span in 1u16..300,
        ) {
            // Ids within one span, some beyond COUNTED_IDS (the fallback).
            let mut ids: Vec<CardId> = ids.drain(..).map(|i| CardId(i % span)).collect();
            let mut expected = ids.clone();
            expected.sort_unstable();
            sort_card_ids(&mut ids);
            prop_assert_eq!(ids, expected);
        }

        #[test]
        fn first_copies_are_the_first_index_of_each_id(
            ids in proptest::collection::vec(240u16..280, 0..40),
            skipped in 240u16..280,
        ) {
            // Ids on both sides of COUNTED_IDS; one id skipped by the
            // caller, as an unaffordable card is.
            let hand: Vec<CardId> = ids.into_iter().map(CardId).collect();
            let first = |i: usize| !hand[..i].contains(&hand[i]);
            let expected: Vec<usize> = (0..hand.len()).filter(|&i| first(i)).collect();
            prop_assert_eq!(first_copies(&hand).collect::<Vec<_>>(), expected);
            let mut offered = FirstCopies::default();
            let asked: Vec<usize> = (0..hand.len())
                .filter(|&i| hand[i].0 != skipped && offered.first(&hand, i))
                .collect();
            let expected: Vec<usize> = (0..hand.len())
                .filter(|&i| hand[i].0 != skipped && first(i))
                .collect();
            prop_assert_eq!(asked, expected);
        }
    }

    #[test]
    fn distinct_ids_lists_each_card_once_in_id_order() {
        let ids = [7, 2, 7, 7, 0, 2].map(CardId);
        let listed: Vec<u16> = distinct_ids::<8>(ids).map(|c| c.0).collect();
        assert_eq!(listed, [0, 2, 7]);
        assert_eq!(distinct_ids::<8>([]).count(), 0);
    }

    #[test]
    fn counting_sort_keeps_every_copy() {
        let mut ids: Vec<CardId> = [9, 3, 9, 0, 255, 3, 3, 9, 64, 63, 65, 0]
            .into_iter()
            .map(CardId)
            .collect();
        sort_card_ids(&mut ids);
        let raw: Vec<u16> = ids.iter().map(|c| c.0).collect();
        assert_eq!(raw, [0, 0, 3, 3, 3, 9, 9, 9, 63, 64, 65, 255]);
    }
}
