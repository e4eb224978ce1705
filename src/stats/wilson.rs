//! Win rates as exact half-point counts, and the Wilson score interval.
//!
//! A draw is worth half a win, so a rate is kept as `half_points / (2 ×
//! games)` in integers: folding games in any order gives the same figures.

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A score over some games: wins count 2 half-points, draws 1, losses 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) {
        assert!(
            (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5,
            "{a:?} vs {b:?}"
        );
    }

    #[test]
    fn known_values() {
        // Published values (e.g. Newcombe 1998, Table I; Wikipedia).
        close(wilson(0.0, 10, Z95).unwrap(), (0.0, 0.2775));
        close(wilson(5.0, 10, Z95).unwrap(), (0.2366, 0.7634));
        close(wilson(81.0, 263, Z95).unwrap(), (0.2553, 0.3662));
        close(wilson(15.0, 148, Z95).unwrap(), (0.0624, 0.1605));
        close(wilson(50.0, 100, Z95).unwrap(), (0.4038, 0.5962));
        close(wilson(10.0, 10, Z95).unwrap(), (0.7225, 1.0));
        assert_eq!(wilson(1.0, 0, Z95), None);
    }

    #[test]
    fn draws_count_half() {
        let mut s = Score::default();
        s.add(2);
        s.add(1);
        s.add(0);
        s.add(1);
        assert_eq!(s.rate(), Some(0.5));
        close(s.wilson95().unwrap(), wilson(2.0, 4, Z95).unwrap());
        assert_eq!(Score::default().rate(), None);
    }
}
