//! Paired comparison of two runs that played the same games: the
//! per-game differences of a score (B − A), their mean and its 95%
//! interval. Two runs with the same seed play the same deals, so most games
//! end the same way and the differences isolate what the change did; the
//! interval is far narrower than one comparing two independent rates.

use super::wilson::Z95;

/// The paired difference of one figure over the games both runs played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paired {
    /// Games played by both runs with the same lineup.
    pub games: u64,
    /// Games whose score differs between the runs.
    pub changed: u64,
    /// Mean of B − A.
    pub mean: f64,
    /// Lower end of the 95% interval of the mean (normal approximation,
    /// mean ± 1.96 · s/√n, or the `z` of [`Paired::at`]; exact 0 when no
    /// game changed).
    pub low: f64,
    /// Upper end of that interval.
    pub high: f64,
}

impl Paired {
    /// The paired difference of `pairs` (A's score, B's score), one per
    /// game; `None` without a game.
    pub fn of(pairs: &[(f64, f64)]) -> Option<Paired> {
        Paired::at(pairs, Z95)
    }

    /// [`Paired::of`] with the interval mean ± `z` · s/√n (`Z95` gives
    /// the 95% interval).
    pub fn at(pairs: &[(f64, f64)], z: f64) -> Option<Paired> {
        if pairs.is_empty() {
            return None;
        }
        let n = pairs.len() as f64;
        let diffs = pairs.iter().map(|(a, b)| b - a);
        let mean = diffs.clone().sum::<f64>() / n;
        let changed = diffs.clone().filter(|d| *d != 0.0).count() as u64;
        let half = if pairs.len() < 2 {
            0.0
        } else {
            let var = diffs.map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
            z * (var / n).sqrt()
        };
        Some(Paired {
            games: pairs.len() as u64,
            changed,
            mean,
            low: mean - half,
            high: mean + half,
        })
    }

    /// Whether the interval excludes 0: the change moved the figure.
    pub fn significant(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_runs_differ_by_exactly_zero() {
        let p = Paired::of(&[(1.0, 1.0), (0.0, 0.0), (0.5, 0.5)]).unwrap();
        assert_eq!(
            (p.games, p.changed, p.mean, p.low, p.high),
            (3, 0, 0.0, 0.0, 0.0)
        );
        assert!(!p.significant());
    }

    #[test]
    fn a_few_changed_games_in_many_are_significant_when_they_agree() {
        // 1,000 games, 40 turned from a loss into a win, 10 the other way:
        // +3 points, far clear of 0, though the two rates' own intervals
        // (about ±3 points each) overlap.
        let mut pairs = vec![(0.5, 0.5); 950];
        pairs.extend(std::iter::repeat_n((0.0, 1.0), 40));
        pairs.extend(std::iter::repeat_n((1.0, 0.0), 10));
        let p = Paired::of(&pairs).unwrap();
        assert_eq!(p.changed, 50);
        assert!((p.mean - 0.03).abs() < 1e-12);
        assert!(p.significant() && p.low > 0.01, "{p:?}");
    }

    #[test]
    fn changes_both_ways_that_cancel_are_not() {
        let mut pairs = vec![(0.0, 1.0); 20];
        pairs.extend(vec![(1.0, 0.0); 20]);
        let p = Paired::of(&pairs).unwrap();
        assert_eq!(p.mean, 0.0);
        assert!(!p.significant());
    }
}
