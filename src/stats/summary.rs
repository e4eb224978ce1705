//! The summary of one table of decks (`summary.csv`): for every entry of
//! the table (a deck and its bot), its win share, rank score, final score
//! and the seat positions it played; for the table, the games, turns, the
//! reasons games ended and how often each ranking occurred.
//!
//! **Entries and seats.** A table lists its entries in the order the user
//! gave them (entry `a` is the first `--deck`). At two seats entry `a`
//! always sits in seat `a`. At more seats the seating rotates game by game
//! (game `i` puts entry `e` in seat `(e + i) mod N`), so that every entry
//! sits in every seat equally often; [`MatchupStats::add`] takes the
//! rotation and counts everything by entry.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Score;
use crate::core::{MAX_PLAYERS, Outcome, Player, Seats};

/// Who played whom: the deck and bot of each entry, entry `a` first.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Matchup {
    /// Deck names, by entry.
    pub decks: Seats<String>,
    /// Bot (strategy) names, by entry.
    pub bots: Seats<String>,
}

impl Matchup {
    /// The number of entries (seats at the table).
    pub fn players(&self) -> usize {
        self.decks.len()
    }

    /// The table's name: its decks in entry order, joined by ` + `.
    pub fn table_name(&self) -> String {
        let names: Vec<&str> = self.decks.iter().map(String::as_str).collect();
        names.join(" + ")
    }
}

/// The tallies of one entry of a table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryStats {
    /// Its rank score (its return: 1 win, 0.5 draw, 0 loss at two seats).
    pub rank_score: Score,
    /// Its share of first place.
    pub win_share: Score,
    /// Its rank score in the games it took the first turn.
    pub first: Score,
    /// Its rank score in the games another seat took the first turn.
    pub second: Score,
    /// The sum of its final scores.
    pub final_score: i64,
    /// Its share of first place by the seat it sat in (`a` first).
    pub by_seat: Vec<Score>,
    /// How often it finished at each rank (rank 1 first).
    pub ranks: Vec<u64>,
}

/// The tallies of one table. All counts: merging is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchupStats {
    /// Games played.
    pub games: u64,
    /// Per entry.
    pub entries: Vec<EntryStats>,
    /// How often each ranking occurred: the ranks of the entries, entry
    /// `a` first (`[1, 2]`: entry `a` won a two-seat game).
    #[serde(with = "super::entries")]
    pub rankings: BTreeMap<Vec<u8>, u64>,
    /// The sum of the games' turn counts (every seat's turns).
    pub turns: u64,
    /// How many games ended for each reason.
    pub reasons: BTreeMap<String, u64>,
}

impl MatchupStats {
    /// Counts one finished game in which entry `e` sat in seat `(e +
    /// rotation) mod N`; `first` is the seat that took the first turn,
    /// `scores` the seats' final scores.
    pub fn add(
        &mut self,
        outcome: &Outcome,
        rotation: usize,
        first: Option<Player>,
        scores: &Seats<i32>,
        turns: u32,
    ) {
        let n = outcome.players();
        if self.entries.len() < n {
            self.entries.resize_with(n, EntryStats::default);
        }
        let seat_of = |e: usize| Player::new((e + rotation) % n);
        let mut ranking = Vec::with_capacity(n);
        for (e, entry) in self.entries.iter_mut().enumerate().take(n) {
            let seat = seat_of(e);
            let units = outcome.return_units(seat);
            entry.rank_score.add(units);
            entry.win_share.add(outcome.win_units(seat));
            match first {
                Some(f) if f == seat => entry.first.add(units),
                Some(_) => entry.second.add(units),
                None => {}
            }
            entry.final_score += i64::from(scores[seat]);
            if entry.by_seat.len() < n {
                entry.by_seat.resize(n, Score::default());
            }
            entry.by_seat[seat.index()].add(outcome.win_units(seat));
            let rank = outcome.rank(seat);
            if entry.ranks.len() < n {
                entry.ranks.resize(n, 0);
            }
            entry.ranks[usize::from(rank) - 1] += 1;
            ranking.push(rank);
        }
        *self.rankings.entry(ranking).or_default() += 1;
        self.games += 1;
        self.turns += u64::from(turns);
        *self.reasons.entry(outcome.reason.to_owned()).or_default() += 1;
    }

    /// Adds another tally of the same table.
    pub fn merge(&mut self, other: &MatchupStats) {
        if self.entries.len() < other.entries.len() {
            self.entries
                .resize_with(other.entries.len(), EntryStats::default);
        }
        for (a, b) in self.entries.iter_mut().zip(&other.entries) {
            a.rank_score.merge(&b.rank_score);
            a.win_share.merge(&b.win_share);
            a.first.merge(&b.first);
            a.second.merge(&b.second);
            a.final_score += b.final_score;
            if a.by_seat.len() < b.by_seat.len() {
                a.by_seat.resize(b.by_seat.len(), Score::default());
            }
            for (x, y) in a.by_seat.iter_mut().zip(&b.by_seat) {
                x.merge(y);
            }
            if a.ranks.len() < b.ranks.len() {
                a.ranks.resize(b.ranks.len(), 0);
            }
            for (x, y) in a.ranks.iter_mut().zip(&b.ranks) {
                *x += y;
            }
        }
        for (ranking, n) in &other.rankings {
            *self.rankings.entry(ranking.clone()).or_default() += n;
        }
        self.games += other.games;
        self.turns += other.turns;
        for (reason, n) in &other.reasons {
            *self.reasons.entry(reason.clone()).or_default() += n;
        }
    }

    /// Games entry `e` won alone (first place not shared).
    pub fn wins(&self, e: usize) -> u64 {
        self.rankings
            .iter()
            .filter(|(r, _)| r.get(e) == Some(&1) && r.iter().filter(|&&x| x == 1).count() == 1)
            .map(|(_, n)| n)
            .sum()
    }

    /// Games no entry won alone (every two-seat draw).
    pub fn draws(&self) -> u64 {
        self.rankings
            .iter()
            .filter(|(r, _)| r.iter().filter(|&&x| x == 1).count() > 1)
            .map(|(_, n)| n)
            .sum()
    }

    /// The mean number of turns per game, or `None` without games.
    pub fn mean_turns(&self) -> Option<f64> {
        (self.games > 0).then(|| self.turns as f64 / self.games as f64)
    }

    /// Entry `e`'s mean final score, or `None` without games.
    pub fn mean_final_score(&self, e: usize) -> Option<f64> {
        let entry = self.entries.get(e)?;
        (self.games > 0).then(|| entry.final_score as f64 / self.games as f64)
    }
}

const _: () = assert!(MAX_PLAYERS < 10, "rankings are keyed by small vectors");
