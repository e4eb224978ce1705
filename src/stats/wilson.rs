//! Win rates as exact half-point counts, and the Wilson score interval.
//!
//! A draw is worth half a win, so a rate is kept as `half_points / (2 ×
//! games)` in integers: folding games in any order gives the same figures.

use serde::{Deserialize, Serialize};

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A score over some games: wins count 2 half-points, draws 1, losses 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Games counted.
    pub games: u64,
    /// Twice the points scored (a draw is one half-point).
    pub half_points: u64,
}

impl Score {
    /// Counts one game whose return was `half_points / 2` (0, 1 or 2).
    pub fn add(&mut self, half_points: u64) {
        self.games += 1;
        self.half_points += half_points;
    }

    /// The sum of two scores.
    pub fn merge(&mut self, other: &Score) {
        self.games += other.games;
        self.half_points += other.half_points;
    }

    /// The mean return, or `None` without games.
    pub fn rate(&self) -> Option<f64> {
        (self.games > 0).then(|| self.half_points as f64 / (2 * self.games) as f64)
    }

    /// The 95% Wilson score interval of the rate, or `None` without games.
    pub fn wilson95(&self) -> Option<(f64, f64)> {
        wilson(self.half_points as f64 / 2.0, self.games, Z95)
    }
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
    let (pa, pb) = (a.rate()?, b.rate()?);
    let ((la, ua), (lb, ub)) = (a.wilson95()?, b.wilson95()?);
    let d = pb - pa;
    let low = d - ((pb - lb).powi(2) + (ua - pa).powi(2)).sqrt();
    let high = d + ((ub - pb).powi(2) + (pa - la).powi(2)).sqrt();
    Some((d, low, high))
}

#[cfg(test)]
mod tests;
