//! The tables of a deck against a field: `matchups.csv` (gauntlet and
//! round-robin) and `ratings.csv` (round-robin).

use super::atomic::{OutputDir, OutputError};
use super::csv::{CsvFile, fixed4};
use super::names::{MATCHUPS_CSV, RATINGS_CSV};
use crate::stats::{HeadToHead, Pairing};

/// Columns of `matchups.csv`.
pub const MATCHUPS: [&str; 11] = [
    "deck",
    "opponent",
    "bot",
    "opponent_bot",
    "games",
    "wins",
    "losses",
    "draws",
    "win_rate",
    "ci95_low",
    "ci95_high",
];

/// Columns of `ratings.csv`.
pub const RATINGS: [&str; 6] = ["deck", "rating", "ci95_low", "ci95_high", "games", "score"];

/// One line of `matchups.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchupLine {
    /// Who played whom (`opponent` is `ALL` for a field's aggregate).
    pub pairing: Pairing,
    /// The deck's results.
    pub results: HeadToHead,
    /// The win rate, if there were games.
    pub rate: Option<f64>,
    /// Its 95% interval, if there were enough games for one.
    pub ci95: Option<(f64, f64)>,
}

impl MatchupLine {
    /// A line whose rate is the deck's score, with its interval as
    /// `summary.csv` gives it: Wilson's for a win rate at two seats, the
    /// rank score's ([`crate::stats::Score::normal95`]) at more, where a game is worth
    /// more than 0 or 1 and Wilson's would be too wide.
    pub fn new(pairing: Pairing, results: HeadToHead, ranked: bool) -> Self {
        let score = &results.score;
        let ci95 = if ranked {
            score.normal95()
        } else {
            score.wilson95()
        };
        MatchupLine {
            pairing,
            rate: score.rate(),
            ci95,
            results,
        }
    }
}

/// One line of `ratings.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingLine {
    /// The deck.
    pub deck: String,
    /// Its rating and 95% interval.
    pub rating: (f64, f64, f64),
    /// Games it played.
    pub games: u64,
    /// Its mean score over them.
    pub score: Option<f64>,
}

/// Writes `matchups.csv`.
pub fn write_matchups(out: &mut OutputDir, lines: &[MatchupLine]) -> Result<(), OutputError> {
    let mut csv = CsvFile::create(out, MATCHUPS_CSV, &MATCHUPS)?;
    for l in lines {
        let (p, r) = (&l.pairing, &l.results);
        csv.row([
            p.deck.clone(),
            p.opponent.clone(),
            p.bot.clone(),
            p.opponent_bot.clone(),
            r.score.games.to_string(),
            r.wins.to_string(),
            r.losses.to_string(),
            r.draws.to_string(),
            fixed4(l.rate),
            fixed4(l.ci95.map(|x| x.0)),
            fixed4(l.ci95.map(|x| x.1)),
        ])?;
    }
    csv.finish(out)
}

/// Writes `ratings.csv`, in the order given (best first).
pub fn write_ratings(out: &mut OutputDir, lines: &[RatingLine]) -> Result<(), OutputError> {
    let mut csv = CsvFile::create(out, RATINGS_CSV, &RATINGS)?;
    let one = |x: f64| {
        if x.is_finite() {
            format!("{x:.1}")
        } else {
            String::new()
        }
    };
    for l in lines {
        csv.row([
            l.deck.clone(),
            one(l.rating.0),
            one(l.rating.1),
            one(l.rating.2),
            l.games.to_string(),
            fixed4(l.score),
        ])?;
    }
    csv.finish(out)
}
