//! Prize pace: per own turn of a deck, its score (Nostalgix' prize
//! counters taken; what it is, each ruleset's terms say) by the end of
//! that turn and the share of its games it had already won
//! (`prize_pace.csv`).
//!
//! Every row is over *all* the deck's games: a game that ended earlier
//! carries its final score forward, and counts as won from the turn
//! it was won (see [`SeatRecord::win_turn`]). Main game only (see
//! [`super::record`]).

use serde::{Deserialize, Serialize};

use super::record::SeatRecord;
use super::wilson::{Z95, wilson};

/// Counts at one own-turn number `t`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaceCell {
    /// Games in which the deck began its turn `t`.
    pub alive: u64,
    /// Sum of the scores at the end of turn `t` over those games.
    pub alive_score: u64,
    /// Games whose main game ended after exactly `t` own turns.
    pub ended: u64,
    /// Sum of the final scores of those games.
    pub ended_score: u64,
    /// Games won by the end of own turn `t` but not before.
    pub wins: u64,
}

/// A deck's prize pace: cell `t` is its own turn `t` (cell 0 holds games
/// that ended before its first turn).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizePace {
    /// Games counted.
    pub games: u64,
    /// One cell per own-turn number, from 0.
    pub cells: Vec<PaceCell>,
}

/// One line of `prize_pace.csv`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PaceRow {
    /// The deck's own turn number, from 1.
    pub turn: u32,
    /// The deck's games (every row counts all of them).
    pub games: u64,
    /// Mean score by the end of the turn.
    pub mean_score: f64,
    /// Share of the games already won by the end of the turn.
    pub share_won_by_turn: f64,
    /// The 95% Wilson interval of that share.
    pub share_won_ci95: Option<(f64, f64)>,
}

impl PrizePace {
    fn cell(&mut self, t: usize) -> &mut PaceCell {
        if self.cells.len() <= t {
            self.cells.resize(t + 1, PaceCell::default());
        }
        &mut self.cells[t]
    }

    /// Counts one game of the deck; `won` tells whether the deck won it.
    pub fn add(&mut self, seat: &SeatRecord, won: bool) {
        self.games += 1;
        for (i, t) in seat.turns.iter().enumerate() {
            let cell = self.cell(i + 1);
            cell.alive += 1;
            cell.alive_score += u64::from(t.score);
        }
        let ended = self.cell(seat.turns.len());
        ended.ended += 1;
        ended.ended_score += u64::from(seat.final_score);
        if won {
            self.cell(seat.win_turn() as usize).wins += 1;
        }
    }

    /// Adds another pace of the same deck.
    pub fn merge(&mut self, other: &PrizePace) {
        self.games += other.games;
        for (t, b) in other.cells.iter().enumerate() {
            let a = self.cell(t);
            a.alive += b.alive;
            a.alive_score += b.alive_score;
            a.ended += b.ended;
            a.ended_score += b.ended_score;
            a.wins += b.wins;
        }
    }

    /// The rows, from turn 1 to the last turn any game reached or was won
    /// by.
    pub fn rows(&self) -> Vec<PaceRow> {
        let last = self
            .cells
            .iter()
            .rposition(|c| c.alive > 0 || c.wins > 0)
            .unwrap_or(0);
        let n = self.games as f64;
        let mut rows = Vec::with_capacity(last);
        let (mut ended_score, mut wins) = (0u64, 0u64);
        for t in 1..=last {
            ended_score += self.cells[t - 1].ended_score;
            wins += self.cells[t].wins;
            rows.push(PaceRow {
                turn: t as u32,
                games: self.games,
                mean_score: (self.cells[t].alive_score + ended_score) as f64 / n,
                share_won_by_turn: wins as f64 / n,
                share_won_ci95: wilson(wins as f64, self.games, Z95),
            });
        }
        rows
    }
}
