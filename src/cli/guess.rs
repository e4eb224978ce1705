//! Which ruleset a deck list or card file is written for, from how well
//! each ruleset reads it: `validate` checks a file under the ruleset with
//! the fewest problems when nothing names one, and the commands that load
//! a file under `--game` name a ruleset that reads it better in a hint
//! when it fails.

use std::collections::BTreeSet;
use std::io;
use std::path::Path;
use std::sync::Arc;

use anyhow::anyhow;
use clap::ValueEnum;

use super::ruleset::load_pool;
use super::with_ruleset;
use crate::core::deck_name;
use crate::diagnostics::Diagnostic;
use crate::games::{GameKind, Ruleset};

/// A file read under a ruleset not known in advance.
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    /// A card file, or a folder of them.
    Cards(&'a Path),
    /// A deck list.
    Deck {
        /// The path that names it in messages.
        label: &'a str,
        /// Its text, or why it could not be read.
        text: Result<&'a str, &'a io::Error>,
        /// The card folder whose pool it is checked against; `None`: the
        /// pool [`load_pool`] loads from `cards`.
        folder: Option<&'a Path>,
        /// `--cards`, for [`load_pool`].
        cards: Option<&'a Path>,
    },
}

impl Input<'_> {
    /// What the file is, for messages.
    fn what(&self) -> &'static str {
        match self {
            Input::Cards(_) => "card file",
            Input::Deck { .. } => "deck",
        }
    }

    /// The path that names the file in messages.
    fn label(&self) -> String {
        match self {
            Input::Cards(path) => path.display().to_string(),
            Input::Deck { label, .. } => (*label).to_owned(),
        }
    }
}

/// The problems of `input` under ruleset `R` (empty if it is legal), or
/// an error if the card pool a deck is checked against cannot be loaded
/// (`--cards` of another game).
pub fn problems<R: Ruleset>(input: &Input) -> anyhow::Result<Vec<Diagnostic>> {
    let (label, text, folder, cards) = match *input {
        Input::Cards(path) => return Ok(R::load_cards(path).err().map_or_else(Vec::new, |d| d.0)),
        Input::Deck {
            label,
            text,
            folder,
            cards,
        } => (label, text, folder, cards),
    };
    let pool = match folder {
        Some(f) => match R::load_cards(f) {
            Ok(pool) => Arc::new(pool),
            Err(_) => {
                return Ok(vec![Diagnostic::new(
                    label,
                    0,
                    "not checked: the card pool of its folder has problems",
                )]);
            }
        },
        None => load_pool::<R>(cards, &[])?.cards,
    };
    // An unreadable file is one more problem to report, beside the others.
    let text = match text {
        Ok(text) => text,
        Err(e) => {
            let why = format!("cannot read this deck file: {e}");
            return Ok(vec![Diagnostic::new(label, 0, why)]);
        }
    };
    Ok(R::parse_deck(text, label, &deck_name(label), &pool)
        .err()
        .unwrap_or_default())
}

/// The warnings of `input` under ruleset `R` if it is a legal deck (see
/// [`Ruleset::deck_warnings`]; all of them, whatever the options of a
/// run); none for a card file or a deck with problems.
pub fn warnings<R: Ruleset>(input: &Input) -> anyhow::Result<Vec<Diagnostic>> {
    let Input::Deck {
        label,
        text: Ok(text),
        folder,
        cards,
    } = *input
    else {
        return Ok(Vec::new());
    };
    let pool = match folder {
        Some(f) => match R::load_cards(f) {
            Ok(pool) => Arc::new(pool),
            Err(_) => return Ok(Vec::new()),
        },
        None => load_pool::<R>(cards, &[])?.cards,
    };
    if R::parse_deck(text, label, &deck_name(label), &pool).is_err() {
        return Ok(Vec::new());
    }
    Ok(R::deck_warnings(text, label, &pool, None))
}

/// How a file reads under the ruleset that reads it best.
#[derive(Debug)]
pub struct Fit {
    /// The ruleset under which the file has the fewest problems (the
    /// first of those asked on a tie).
    pub game: GameKind,
    /// Its problems there.
    pub problems: Vec<Diagnostic>,
    /// Whether the choice needs saying: the rulesets disagree on the
    /// number of problems, yet the file does not read better (see
    /// [`reads_better`]) under this ruleset than under each other one.
    pub doubtful: bool,
}

/// The ruleset of `games` under which `input` has the fewest problems. A
/// ruleset that cannot load the pool a deck is checked against is out of
/// the running; if every one is, the last such error.
pub fn fittest(input: &Input, games: &[GameKind]) -> anyhow::Result<Fit> {
    let mut readings: Vec<(GameKind, Vec<Diagnostic>)> = Vec::new();
    let mut failure = None;
    for &game in games {
        match with_ruleset!(game, R => problems::<R>(input)) {
            Ok(found) => readings.push((game, found)),
            Err(e) => failure = Some(e),
        }
    }
    // The first of the fewest.
    let best = readings
        .iter()
        .enumerate()
        .min_by_key(|(_, (_, found))| found.len())
        .map(|(i, _)| i);
    let Some(best) = best else {
        return Err(
            failure.unwrap_or_else(|| anyhow!("no ruleset to check {} with", input.label()))
        );
    };
    let (game, problems) = readings.remove(best);
    let disagree = readings.iter().any(|(_, p)| p.len() != problems.len());
    let clear = readings.iter().all(|(_, p)| reads_better(&problems, p));
    Ok(Fit {
        game,
        problems,
        doubtful: disagree && !clear,
    })
}

/// Whether a file reads better with the problems `better` than with the
/// problems `worse`: every line (of every file) at fault in `better` is at
/// fault in `worse` too, and some line is at fault in `worse` only. A
/// Nostalgix deck with a misspelt card reads better under Nostalgix than
/// under Pixel Tactics (its `Hero:` line and other cards are at fault
/// there), whatever the numbers of problems; an empty deck reads no
/// better under one ruleset than another.
fn reads_better(better: &[Diagnostic], worse: &[Diagnostic]) -> bool {
    let lines = |found: &[Diagnostic]| -> BTreeSet<(String, usize)> {
        found.iter().map(|d| (d.path.clone(), d.line)).collect()
    };
    let (better, worse) = (lines(better), lines(worse));
    better.is_subset(&worse) && better.len() < worse.len()
}

/// The hint for `input`, which fails under the ruleset named `game` with
/// the problems `found`: `this looks like a <game> deck: pass --game
/// <game>` when the ruleset of the others under which it has the fewest
/// problems (its deck checked against that ruleset's default pool) reads
/// it better (see [`reads_better`]).
pub fn hint(input: &Input, game: &str, found: &[Diagnostic]) -> Option<String> {
    let others: Vec<GameKind> = GameKind::value_variants()
        .iter()
        .copied()
        .filter(|g| g.name() != game)
        .collect();
    let fit = fittest(input, &others).ok()?;
    reads_better(&fit.problems, found).then(|| {
        let other = fit.game.name();
        format!(
            "this looks like a {other} {}: pass --game {other}",
            input.what()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(lines: &[usize]) -> Vec<Diagnostic> {
        lines
            .iter()
            .map(|&l| Diagnostic::new("x", l, "m"))
            .collect()
    }

    #[test]
    fn a_file_reads_better_with_fewer_lines_at_fault_and_no_others() {
        assert!(reads_better(&at(&[3, 4, 0]), &at(&[1, 2, 3, 4, 0])));
        assert!(reads_better(&at(&[]), &at(&[5])));
        // Fewer problems, but one on a line the other reads.
        assert!(!reads_better(&at(&[6]), &at(&[1, 2])));
        // The same lines at fault, whatever the counts.
        assert!(!reads_better(&at(&[0]), &at(&[0, 0])));
        assert!(!reads_better(&at(&[]), &at(&[])));
    }
}
