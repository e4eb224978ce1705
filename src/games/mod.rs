//! The rulesets, one folder each, and the [`Ruleset`] trait through which
//! the commands load any of them from files.

pub mod astrom_cross;
pub mod nintendo_tcg;
pub mod nostalgix;
pub mod pixel_tactics;

use std::fmt::Debug;
use std::path::Path;
use std::sync::Arc;

use crate::core::Game;
use crate::diagnostics::{Diagnostic, Diagnostics};

/// The names of every ruleset, as `--game` and strategy files spell them.
pub const GAMES: [&str; 4] = [
    nostalgix::NAME,
    pixel_tactics::NAME,
    astrom_cross::NAME,
    nintendo_tcg::NAME,
];

/// A ruleset as the commands load it: a card pool and deck lists read from
/// files (or compiled in), turned into a [`Game`] for one match. Everything
/// the commands do beyond loading goes through [`Game`] alone.
pub trait Ruleset: Game + Sized + 'static {
    /// The card pool: immutable once loaded, shared by every match.
    type Cards: Debug + Send + Sync + 'static;
    /// A legal deck list of that pool.
    type Deck: Debug + Clone;

    /// The name `--game` takes; also the folder `decks/<NAME>/`.
    const NAME: &'static str;
    /// The bundled card file's text.
    const BUNDLED_CARDS: &'static str;
    /// The fields `--set "Card.field=value"` may change, for `--help` and
    /// error messages.
    const OVERRIDE_FIELDS: &'static [&'static str];

    /// The bundled starter decks as (name, list); the default matchup is
    /// the first two.
    fn bundled_decks() -> &'static [(&'static str, &'static str)];

    /// The bundled card pool.
    fn bundled_cards() -> Self::Cards;

    /// Loads a card file, or every `.toml` file of a folder, reporting
    /// every problem as `path:line: message`.
    fn load_cards(path: &Path) -> Result<Self::Cards, Diagnostics>;

    /// Applies one `--set "Card Name.field=value"` override, or says what
    /// is wrong with it (naming the closest card or field).
    fn apply_override(cards: &mut Self::Cards, spec: &str) -> Result<(), String>;

    /// Parses and checks a deck list against `cards`; `path` names it in
    /// messages, `name` in reports.
    fn parse_deck(
        text: &str,
        path: &str,
        name: &str,
        cards: &Self::Cards,
    ) -> Result<Self::Deck, Vec<Diagnostic>>;

    /// The pool as a table for `decklab cards`: a header row then one row
    /// per card, and the indices of the columns to right-align.
    fn card_table(cards: &Self::Cards) -> (Vec<Vec<String>>, Vec<usize>);

    /// Sets how many games a match has (`--match single|best-of-3|
    /// best-of-5`). A ruleset without matches of several games takes only
    /// `single`.
    fn set_match(_cards: &mut Self::Cards, games: &str) -> Result<(), String> {
        match games {
            "single" => Ok(()),
            _ => Err(format!(
                "{} has no matches of several games (expected --match single)",
                Self::NAME
            )),
        }
    }

    /// A match between two legal decks, cut as a draw after `max_turns`
    /// turns.
    fn new_match(cards: Arc<Self::Cards>, decks: [Self::Deck; 2], max_turns: u16) -> Self;
}

/// The options every ruleset's match takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Player-turns (both players' counted, over the whole match) after
    /// which the game is a draw with reason `turn_limit`.
    pub max_turns: u16,
}

impl Default for Options {
    fn default() -> Self {
        Options { max_turns: 100 }
    }
}

/// The bundled starter decks `a` and `b` (indices into
/// [`Ruleset::bundled_decks`], wrapping) of ruleset `R` on the pool `cards`,
/// default options: the match tests, benches and the soak play.
pub fn bundled_match<R: Ruleset>(cards: R::Cards, a: usize, b: usize) -> R {
    let decks = R::bundled_decks();
    let deck = |i: usize| {
        let (name, text) = decks[i % decks.len()];
        // Checked by the test suite; a failure is a build defect.
        R::parse_deck(text, name, name, &cards)
            .unwrap_or_else(|e| panic!("bundled deck {name}: {e:?}"))
    };
    let pair = [deck(a), deck(b)];
    R::new_match(Arc::new(cards), pair, Options::default().max_turns)
}

/// A deck's name for reports: the file stem of its path.
pub fn deck_name(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned())
}

/// Reads a card file, or every `.toml` file of a folder in name order, and
/// hands their (path, text) pairs to `parse` with the label `path` names
/// the whole pool by. Unreadable files and empty folders are reported as
/// `path: message`.
pub fn load_card_files<T>(
    path: &Path,
    parse: impl FnOnce(&[(&str, &str)], &str) -> Result<T, Diagnostics>,
) -> Result<T, Diagnostics> {
    let label = path.display().to_string();
    let files = card_files(path)?;
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    parse(&refs, &label)
}

/// The (path, text) of a card file, or of every `.toml` file of a folder
/// in name order.
pub fn card_files(path: &Path) -> Result<Vec<(String, String)>, Diagnostics> {
    let cannot = |p: &Path, e: std::io::Error| {
        Diagnostics(vec![Diagnostic::new(
            &p.display().to_string(),
            0,
            format!("cannot read: {e}"),
        )])
    };
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| cannot(p, e));
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
