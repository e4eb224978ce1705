//! The head-to-head summary of one matchup: wins, draws, the first/second
//! seat split, turns and the reasons games ended (`summary.csv`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Score;
use crate::core::{Outcome, Player};

/// Who played whom: the two decks and bots, seat `a` first.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Matchup {
    /// Deck names, by seat.
    pub decks: [String; 2],
    /// Bot (strategy) names, by seat.
    pub bots: [String; 2],
}

/// The tallies of one matchup. All counts: merging is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchupStats {
    /// Seat `a`'s score over all games.
    pub score_a: Score,
    /// Wins by seat.
    pub wins: [u64; 2],
    /// Drawn games.
    pub draws: u64,
    /// Seat `a`'s score in the games it went first.
    pub a_first: Score,
    /// Seat `a`'s score in the games it went second.
    pub a_second: Score,
    /// The sum of the games' turn counts (both players' turns).
    pub turns: u64,
    /// How many games ended for each reason.
    pub reasons: BTreeMap<String, u64>,
}

impl MatchupStats {
    /// Counts one finished game.
    pub fn add(&mut self, outcome: &Outcome, first: Option<Player>, turns: u32) {
        let half_points = (outcome.returns(Player::A) * 2.0) as u64;
        self.score_a.add(half_points);
        match outcome.winner {
            Some(w) if w.index() < 2 => self.wins[w.index()] += 1,
            _ => self.draws += 1,
        }
        match first {
            Some(Player::A) => self.a_first.add(half_points),
            Some(_) => self.a_second.add(half_points),
            None => {}
        }
        self.turns += u64::from(turns);
        *self.reasons.entry(outcome.reason.to_owned()).or_default() += 1;
    }

    /// Adds another tally of the same matchup.
    pub fn merge(&mut self, other: &MatchupStats) {
        self.score_a.merge(&other.score_a);
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.draws += other.draws;
        self.a_first.merge(&other.a_first);
        self.a_second.merge(&other.a_second);
        self.turns += other.turns;
        for (reason, n) in &other.reasons {
            *self.reasons.entry(reason.clone()).or_default() += n;
        }
    }

    /// The mean number of turns per game, or `None` without games.
    pub fn mean_turns(&self) -> Option<f64> {
        let games = self.score_a.games;
        (games > 0).then(|| self.turns as f64 / games as f64)
    }
}
