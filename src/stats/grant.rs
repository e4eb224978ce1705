//! The grant experiment's tallies (`decklab simulate --grant`,
//! `--grant-all`): for each granted card, the same games played with and
//! without the card given to a seat at setup, and the paired difference of
//! that seat's rank score. Integer sums in units of `1 / UNITS_PER_GAME`,
//! merged by adding, so shards give the files of the whole run.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Score, Z95};
use crate::core::UNITS_PER_GAME;

/// One granted card's paired games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrantTally {
    /// The card's set.
    pub set: String,
    /// Its set's tier.
    pub tier: String,
    /// Its star rating.
    pub stars: u8,
    /// Its store price.
    pub price: u8,
    /// The seat given the card (`a`…).
    pub seat: char,
    /// The seat's rank score without the card.
    pub baseline: Score,
    /// The same games' rank score with it.
    pub granted: Score,
    /// Games whose rank score differs.
    pub changed: u64,
    /// The sum of the differences (granted − baseline), in units.
    pub diff: i64,
    /// The sum of their squares, in units².
    pub diff_sq: u64,
}

impl GrantTally {
    /// Counts one game: the seat's rank score in units without and with
    /// the card.
    pub fn add(&mut self, baseline: u64, granted: u64) {
        self.baseline.add(baseline);
        self.granted.add(granted);
        let d = granted as i64 - baseline as i64;
        self.changed += u64::from(d != 0);
        self.diff += d;
        self.diff_sq += d.unsigned_abs() * d.unsigned_abs();
    }

    /// Adds another shard's tallies of the same card.
    pub fn merge(&mut self, o: &GrantTally) {
        self.baseline.merge(&o.baseline);
        self.granted.merge(&o.granted);
        self.changed += o.changed;
        self.diff += o.diff;
        self.diff_sq += o.diff_sq;
    }

    /// The effect (mean paired difference of the rank score) with its 95%
    /// interval (mean ± 1.96·s/√n); `None` without games, the interval
    /// the point itself with one game.
    pub fn effect95(&self) -> Option<(f64, f64, f64)> {
        let n = self.granted.games;
        if n == 0 {
            return None;
        }
        let u = UNITS_PER_GAME as f64;
        let nf = n as f64;
        let mean = self.diff as f64 / u / nf;
        if n < 2 {
            return Some((mean, mean, mean));
        }
        let sq = self.diff_sq as f64 / (u * u);
        let var = ((sq - nf * mean * mean) / (nf - 1.0)).max(0.0);
        let half = Z95 * (var / nf).sqrt();
        Some((mean, mean - half, mean + half))
    }
}

/// The grant experiment of a run: per card, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrantStats {
    /// Per granted card.
    pub cards: BTreeMap<String, GrantTally>,
}

impl GrantStats {
    /// Adds another shard's tallies.
    pub fn merge(&mut self, other: &GrantStats) {
        for (name, t) in &other.cards {
            match self.cards.get_mut(name) {
                Some(s) => s.merge(t),
                None => {
                    self.cards.insert(name.clone(), t.clone());
                }
            }
        }
    }

    /// The cards ranked by effect, largest first (ties by name; cards
    /// without games last).
    pub fn ranked(&self) -> Vec<(&String, &GrantTally)> {
        let mut rows: Vec<_> = self.cards.iter().collect();
        let key = |t: &GrantTally| t.effect95().map_or(f64::NEG_INFINITY, |e| e.0);
        rows.sort_by(|a, b| key(b.1).total_cmp(&key(a.1)).then_with(|| a.0.cmp(b.0)));
        rows
    }

    /// The ranks each card of `ranked` (as [`ranked`](Self::ranked) orders
    /// them) could take, given the 95% intervals of the effects: no better
    /// than one past the cards whose whole interval lies above its own, no
    /// worse than the count of cards less those whose whole interval lies
    /// below it. Cards whose ranges overlap are not told apart at this many
    /// games; a card without games could take any rank.
    pub fn rank_ranges(ranked: &[(&String, &GrantTally)]) -> Vec<(usize, usize)> {
        let interval = |t: &GrantTally| {
            t.effect95()
                .map_or((f64::NEG_INFINITY, f64::INFINITY), |e| (e.1, e.2))
        };
        let intervals: Vec<(f64, f64)> = ranked.iter().map(|r| interval(r.1)).collect();
        intervals
            .iter()
            .map(|&(low, high)| {
                let above = intervals.iter().filter(|o| o.0 > high).count();
                let below = intervals.iter().filter(|o| o.1 < low).count();
                (1 + above, intervals.len() - below)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const U: u64 = UNITS_PER_GAME;

    #[test]
    fn the_effect_is_the_mean_paired_difference() {
        let mut t = GrantTally::default();
        // 10 games: 3 turned from last (0) to first (1), 7 unchanged.
        for _ in 0..3 {
            t.add(0, U);
        }
        for _ in 0..7 {
            t.add(U / 2, U / 2);
        }
        let (mean, low, high) = t.effect95().unwrap();
        assert!((mean - 0.3).abs() < 1e-12);
        assert!(low < 0.3 && high > 0.3 && low > 0.0);
        assert_eq!(t.changed, 3);
    }

    #[test]
    fn identical_games_have_an_effect_of_exactly_zero() {
        let mut t = GrantTally::default();
        for units in [0, U / 3, U] {
            t.add(units, units);
        }
        assert_eq!(t.effect95(), Some((0.0, 0.0, 0.0)));
    }

    #[test]
    fn a_rank_range_spans_the_cards_whose_intervals_overlap() {
        // Effects in units: a clear +1 (every game), two cards around 0
        // with wide intervals, a clear −1, and a card without games.
        let mut g = GrantStats::default();
        let card = |g: &mut GrantStats, name: &str, pairs: &[(u64, u64)]| {
            let t = g.cards.entry(name.into()).or_default();
            for &(b, x) in pairs {
                t.add(b, x);
            }
        };
        card(&mut g, "up", &[(0, U); 20]);
        card(&mut g, "noisy", &[(0, U), (U, 0), (0, U), (U, 0), (0, 0)]);
        card(&mut g, "flat", &[(0, U), (U, 0), (U, U), (0, 0)]);
        card(&mut g, "down", &[(U, 0); 20]);
        card(&mut g, "unplayed", &[]);
        let ranked = g.ranked();
        let names: Vec<&str> = ranked.iter().map(|r| r.0.as_str()).collect();
        assert_eq!(names, ["up", "flat", "noisy", "down", "unplayed"]);
        // "up" lies above the three played others; the two around 0 cannot
        // be told apart from each other or from a card without games.
        assert_eq!(
            GrantStats::rank_ranges(&ranked),
            [(1, 2), (2, 4), (2, 4), (4, 5), (1, 5)]
        );
    }

    #[test]
    fn ranking_puts_the_largest_effect_first() {
        let mut g = GrantStats::default();
        for (name, d) in [("low", 0), ("high", U), ("mid", U / 2)] {
            g.cards.entry(name.into()).or_default().add(0, d);
        }
        let order: Vec<&str> = g.ranked().iter().map(|r| r.0.as_str()).collect();
        assert_eq!(order, ["high", "mid", "low"]);
    }
}
