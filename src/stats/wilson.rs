//! Rates as exact counts, and their intervals.
//!
//! A game's return (its rank score: a win 1, a draw 0.5, a loss 0 at two
//! seats) or its win share is an exact multiple of `1 / UNITS_PER_GAME`,
//! so a [`Score`] keeps integer sums and folding games in any order gives
//! the same figures.

use serde::{Deserialize, Serialize};

use crate::core::UNITS_PER_GAME;

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A rate over some games, as integer sums of per-game values in units of
/// `1 / UNITS_PER_GAME`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Games counted.
    pub games: u64,
    /// The sum of the games' values, in units.
    pub units: u64,
    /// The sum of their squares, in units², for the variance.
    pub units_sq: u64,
}

impl Score {
    /// Counts one game worth `units / UNITS_PER_GAME`.
    pub fn add(&mut self, units: u64) {
        self.games += 1;
        self.units += units;
        self.units_sq += units * units;
    }

    /// A score of `games` games, `points` of them won (value 1) and the
    /// rest lost: what a draw-free tally or a test needs.
    pub fn of_points(games: u64, points: u64) -> Score {
        Score {
            games,
            units: points * UNITS_PER_GAME,
            units_sq: points * UNITS_PER_GAME * UNITS_PER_GAME,
        }
    }

    /// A score read back from a file: `games` games worth `points` in all
    /// (rounded to the unit). The sum of squares is taken as if every game
    /// were worth 0 or 1, which [`Score::wilson95`] does not use.
    pub fn with_points(games: u64, points: f64) -> Score {
        let units = (points * UNITS_PER_GAME as f64).round().max(0.0) as u64;
        Score {
            games,
            units,
            units_sq: units * UNITS_PER_GAME,
        }
    }

    /// The score of the other side of a two-seat tally (value `1 − v` per
    /// game).
    pub fn complement(&self) -> Score {
        let g = self.games;
        Score {
            games: g,
            units: g * UNITS_PER_GAME - self.units,
            units_sq: g * UNITS_PER_GAME * UNITS_PER_GAME - 2 * UNITS_PER_GAME * self.units
                + self.units_sq,
        }
    }

    /// The sum of two scores.
    pub fn merge(&mut self, other: &Score) {
        self.games += other.games;
        self.units += other.units;
        self.units_sq += other.units_sq;
    }

    /// The sum of the values, in points (a win is one).
    pub fn points(&self) -> f64 {
        self.units as f64 / UNITS_PER_GAME as f64
    }

    /// The sum of the squared values, in points².
    pub fn points_squared(&self) -> f64 {
        let u = UNITS_PER_GAME as f64;
        self.units_sq as f64 / (u * u)
    }

    /// The mean value, or `None` without games.
    pub fn rate(&self) -> Option<f64> {
        (self.games > 0).then(|| self.units as f64 / (UNITS_PER_GAME * self.games) as f64)
    }

    /// The 95% Wilson score interval of the rate, or `None` without games
    /// (for a win rate or a win share: values in `[0, 1]`).
    pub fn wilson95(&self) -> Option<(f64, f64)> {
        wilson(self.points(), self.games, Z95)
    }

    /// The 95% interval of the mean of per-game values in `[0, 1]` (a rank
    /// score, whose values are not just 0 or 1): [`bounded_mean95`] over
    /// the games. `None` with fewer than two games.
    pub fn normal95(&self) -> Option<(f64, f64)> {
        bounded_mean95(self.games, self.points(), self.points_squared())
    }

    /// The mean value and the variance of that mean (the sample variance
    /// over the games, divided by their number); `None` with fewer than
    /// two games.
    pub fn mean_and_variance(&self) -> Option<(f64, f64)> {
        if self.games < 2 {
            return None;
        }
        let n = self.games as f64;
        let u = UNITS_PER_GAME as f64;
        let mean = self.units as f64 / u / n;
        let sq = self.units_sq as f64 / (u * u);
        let var = ((sq - n * mean * mean) / (n - 1.0)).max(0.0);
        Some((mean, var / n))
    }

    /// The difference of the means `self − other` of two independent
    /// samples, with its 95% normal interval (Welch: the two variances
    /// of the means added); `None` if either has fewer than two games.
    /// The store tables' buyers and non-buyers of a card are not
    /// independent (they share games): their lift takes a cluster-robust
    /// standard error instead (`ClusterSums`, via
    /// [`StoreCardStats::lift95`](super::StoreCardStats::lift95)).
    pub fn lift95(&self, other: &Score) -> Option<(f64, f64, f64)> {
        let (lift, se) = self.lift_and_error(other)?;
        let half = Z95 * se;
        Some((lift, lift - half, lift + half))
    }

    /// The two-sided p-value of "the two means are equal" that goes with
    /// [`Score::lift95`] (the normal test of the same difference and
    /// standard error: the interval excludes 0 exactly when this is below
    /// 0.05); `None` if either has fewer than two games.
    pub fn lift_p(&self, other: &Score) -> Option<f64> {
        let (lift, se) = self.lift_and_error(other)?;
        Some(normal_p(lift, se))
    }

    /// The difference of the means `self − other` and its standard error
    /// as for two independent samples (Welch's, see [`Score::lift95`]);
    /// `None` if either has fewer than two games.
    pub fn lift_and_error(&self, other: &Score) -> Option<(f64, f64)> {
        let ((a, va), (b, vb)) = (self.mean_and_variance()?, other.mean_and_variance()?);
        Some((a - b, (va + vb).sqrt()))
    }
}

/// The two-sided p-value of "the true difference is 0" for a difference
/// `diff` with standard error `se`, by the normal test (below 0.05
/// exactly when `diff ± Z95·se` excludes 0): 0 or 1 when `se` is 0.
pub(super) fn normal_p(diff: f64, se: f64) -> f64 {
    if se > 0.0 {
        (2.0 * super::dist::normal_upper_tail(diff.abs() / se)).min(1.0)
    } else if diff == 0.0 {
        1.0
    } else {
        0.0
    }
}

/// The 95% interval of the mean of `n` values in `[0, 1]` whose sum is
/// `sum` and sum of squares `sum_sq`, clamped to `[0, 1]`: mean ± z·s/√n
/// over the values and z²/2 pseudo-values at 0 and z²/2 at 1 (the
/// Agresti–Coull adjustment; for 0/1 values it is that interval exactly),
/// so values that are all alike still leave a width. `None` with fewer
/// than two values.
pub fn bounded_mean95(n: u64, sum: f64, sum_sq: f64) -> Option<(f64, f64)> {
    if n < 2 {
        return None;
    }
    let z2 = Z95 * Z95;
    let n = n as f64 + z2;
    let mean = (sum + z2 / 2.0) / n;
    let square = (sum_sq + z2 / 2.0) / n;
    let half = Z95 * ((square - mean * mean).max(0.0) / n).sqrt();
    Some(((mean - half).max(0.0), (mean + half).min(1.0)))
}

/// The Wilson score interval of `successes` out of `n` trials at normal
/// quantile `z` (successes may be fractional: a draw is half a success).
/// `None` when `n` is 0.
pub fn wilson(successes: f64, n: u64, z: f64) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let p = successes / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = p + z2 / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some((
        ((centre - half) / denom).max(0.0),
        ((centre + half) / denom).min(1.0),
    ))
}

/// Newcombe's hybrid score interval (method 10) for the difference `b - a`
/// of two independent rates, from their Wilson intervals: `None` if either
/// has no game.
pub fn newcombe95(a: &Score, b: &Score) -> Option<(f64, f64, f64)> {
    newcombe(a, b, Z95)
}

/// [`newcombe95`] at normal quantile `z`.
fn newcombe(a: &Score, b: &Score, z: f64) -> Option<(f64, f64, f64)> {
    let (pa, pb) = (a.rate()?, b.rate()?);
    let (la, ua) = wilson(a.points(), a.games, z)?;
    let (lb, ub) = wilson(b.points(), b.games, z)?;
    let d = pb - pa;
    let low = d - ((pb - lb).powi(2) + (ua - pa).powi(2)).sqrt();
    let high = d + ((ub - pb).powi(2) + (pa - la).powi(2)).sqrt();
    Some((d, low, high))
}

/// The two-sided p-value of "the two rates are equal" that goes with
/// [`newcombe95`]: twice the normal tail beyond the `z` at which Newcombe's
/// interval just reaches 0 (found by bisection: the interval widens with
/// `z`). `None` if either rate has no game.
pub fn newcombe_p(a: &Score, b: &Score) -> Option<f64> {
    let (d, ..) = newcombe(a, b, 0.0)?;
    if d == 0.0 {
        return Some(1.0);
    }
    let clear = |z: f64| {
        newcombe(a, b, z).is_some_and(|(_, low, high)| if d > 0.0 { low > 0.0 } else { high < 0.0 })
    };
    let (mut low, mut high) = (0.0, 40.0);
    if clear(high) {
        return Some(0.0);
    }
    for _ in 0..100 {
        let mid = (low + high) / 2.0;
        if clear(mid) {
            low = mid;
        } else {
            high = mid;
        }
    }
    Some((2.0 * super::dist::normal_upper_tail(low)).min(1.0))
}

#[cfg(test)]
mod tests;
