//! Actions taken per own turn, by kind (`actions.csv`): what a ruleset
//! without mana spends its turns on (Pixel Tactics: recruit, attack,
//! spell…), and how a Nostalgix deck uses its turns.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::record::SeatRecord;

/// Counts of actions per kind and own turn, over the games of one deck.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionTally {
    /// Per kind: the number of actions taken at own turn `t` (index `t`;
    /// index 0 holds those taken before the seat's first turn).
    pub kinds: BTreeMap<String, Vec<u64>>,
}

/// One line of `actions.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionRow {
    /// The own turn (0: before the first turn).
    pub turn: u32,
    /// The ruleset's name for the kind of action.
    pub kind: String,
    /// Games in which the deck reached that turn.
    pub games: u64,
    /// Mean number of such actions at that turn, over those games.
    pub mean_actions: f64,
}

impl ActionTally {
    /// Counts the actions of one game of the deck.
    pub fn add(&mut self, seat: &SeatRecord) {
        for &(turn, kind) in &seat.actions {
            let counts = match self.kinds.get_mut(kind) {
                Some(c) => c,
                None => self.kinds.entry(kind.to_owned()).or_default(),
            };
            let t = turn as usize;
            if counts.len() <= t {
                counts.resize(t + 1, 0);
            }
            counts[t] += 1;
        }
    }

    /// Adds another tally of the same deck.
    pub fn merge(&mut self, other: &ActionTally) {
        for (kind, theirs) in &other.kinds {
            let ours = self.kinds.entry(kind.clone()).or_default();
            if ours.len() < theirs.len() {
                ours.resize(theirs.len(), 0);
            }
            for (a, b) in ours.iter_mut().zip(theirs) {
                *a += b;
            }
        }
    }

    /// The rows, turn by turn then kind by kind; `games(t)` is the number
    /// of games that reached own turn `t`. Turns no game reached are
    /// skipped.
    pub fn rows(&self, games: impl Fn(u32) -> u64) -> Vec<ActionRow> {
        let turns = self.kinds.values().map(Vec::len).max().unwrap_or(0);
        let mut rows = Vec::new();
        for turn in 0..turns as u32 {
            let reached = games(turn);
            if reached == 0 {
                continue;
            }
            for (kind, counts) in &self.kinds {
                if let Some(&n) = counts.get(turn as usize).filter(|&&n| n > 0) {
                    rows.push(ActionRow {
                        turn,
                        kind: kind.clone(),
                        games: reached,
                        mean_actions: n as f64 / reached as f64,
                    });
                }
            }
        }
        rows
    }
}
