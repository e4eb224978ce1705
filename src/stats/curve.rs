//! The mana curve of a deck: per own turn, the turn's resource (Nostalgix'
//! mana; what it is, each ruleset's terms say) available, paid, left
//! unused, the cards played and their ratings (Millennium Blades' star
//! ratings, where a ruleset rates cards), summed over the games that reached that
//! turn (`mana_curve.csv`). Main game only (see [`super::record`]).

use serde::{Deserialize, Serialize};

use super::record::SeatRecord;

/// Sums over the games in which a deck had its `t`-th turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CurveCell {
    /// Games that reached the turn.
    pub games: u64,
    /// Sum of the most resource available.
    pub resource_max: u64,
    /// Sum of the resource paid.
    pub spent: u64,
    /// Sum of the resource left unused.
    pub unspent: u64,
    /// Sum of the cards played.
    pub played: u64,
    /// Sum of the ratings of the cards played (see
    /// [`crate::core::Metric::Rated`]).
    #[serde(default)]
    pub rating: u64,
}

/// A deck's mana curve: cell `t - 1` is its own turn `t`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManaCurve {
    /// One cell per own turn, from turn 1.
    pub cells: Vec<CurveCell>,
    /// Whether the ruleset rates the cards played (else the rating column
    /// is empty).
    #[serde(default)]
    pub rated: bool,
}

/// One line of `mana_curve.csv`, for one deck's own turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CurveRow {
    /// The deck's own turn number, from 1.
    pub turn: u32,
    /// Games that reached the turn.
    pub games: u64,
    /// Mean most resource available.
    pub mean_resource_max: f64,
    /// Mean resource paid.
    pub mean_resource_spent: f64,
    /// Mean resource left unused.
    pub mean_resource_unspent: f64,
    /// Mean cards played.
    pub mean_cards_played: f64,
    /// Mean sum of the ratings of the cards played, where the ruleset
    /// rates cards (Millennium Blades: star ratings).
    pub mean_rating_played: Option<f64>,
}

impl ManaCurve {
    /// Counts one game of the deck.
    pub fn add(&mut self, seat: &SeatRecord) {
        if self.cells.len() < seat.turns.len() {
            self.cells.resize(seat.turns.len(), CurveCell::default());
        }
        for (cell, t) in self.cells.iter_mut().zip(&seat.turns) {
            cell.games += 1;
            cell.resource_max += u64::from(t.resource_max);
            cell.spent += u64::from(t.spent);
            cell.unspent += u64::from(t.unspent_or_left());
            cell.played += u64::from(t.played);
            cell.rating += u64::from(t.rating);
        }
        self.rated |= seat.rated;
    }

    /// Adds another curve of the same deck.
    pub fn merge(&mut self, other: &ManaCurve) {
        if self.cells.len() < other.cells.len() {
            self.cells.resize(other.cells.len(), CurveCell::default());
        }
        for (a, b) in self.cells.iter_mut().zip(&other.cells) {
            a.games += b.games;
            a.resource_max += b.resource_max;
            a.spent += b.spent;
            a.unspent += b.unspent;
            a.played += b.played;
            a.rating += b.rating;
        }
        self.rated |= other.rated;
    }

    /// The rows, turn 1 first.
    pub fn rows(&self) -> Vec<CurveRow> {
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.games > 0)
            .map(|(i, c)| {
                let n = c.games as f64;
                CurveRow {
                    turn: i as u32 + 1,
                    games: c.games,
                    mean_resource_max: c.resource_max as f64 / n,
                    mean_resource_spent: c.spent as f64 / n,
                    mean_resource_unspent: c.unspent as f64 / n,
                    mean_cards_played: c.played as f64 / n,
                    mean_rating_played: self.rated.then(|| c.rating as f64 / n),
                }
            })
            .collect()
    }
}
