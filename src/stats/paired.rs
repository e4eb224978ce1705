//! Paired comparison of two runs that played the same games: the
//! per-game differences of a score (B − A), their mean and its 95%
//! interval. Two runs with the same seed play the same deals, so most games
//! end the same way and the differences isolate what the change did; the
//! interval is far narrower than one comparing two independent rates.
//!
//! The games that did not change say nothing about how much the others
//! vary, so the interval and the test use Student's t with one degree of
//! freedom fewer than the games that changed (at least one): with a
//! handful of changed games the normal quantile would claim far more than
//! they show (4 games of 1,000 turned the same way: a normal interval
//! excludes 0, while the chance of that under no change is 1 in 8).

use super::dist::{normal_upper_tail, t_upper_quantile, t_upper_tail};
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
    /// Lower end of the 95% interval of the mean (mean ± t · s/√n, the
    /// t quantile of the normal quantile's tail, 1.96 by default, see the
    /// module documentation; exact 0 when no game changed).
    pub low: f64,
    /// Upper end of that interval.
    pub high: f64,
    /// The two-sided p-value of "the change moved nothing" (mean 0): 1
    /// when fewer than two games were played or none changed.
    pub p: f64,
}

impl Paired {
    /// The paired difference of `pairs` (A's score, B's score), one per
    /// game; `None` without a game.
    pub fn of(pairs: &[(f64, f64)]) -> Option<Paired> {
        Paired::at(pairs, Z95)
    }

    /// [`Paired::of`] with the interval whose two tails each hold the
    /// normal tail beyond `z` (`Z95`: the 95% interval).
    pub fn at(pairs: &[(f64, f64)], z: f64) -> Option<Paired> {
        if pairs.is_empty() {
            return None;
        }
        let n = pairs.len() as f64;
        let diffs = pairs.iter().map(|(a, b)| b - a);
        let mean = diffs.clone().sum::<f64>() / n;
        let changed = diffs.clone().filter(|d| *d != 0.0).count() as u64;
        let df = changed.saturating_sub(1).max(1);
        let (half, p) = if pairs.len() < 2 || changed == 0 {
            (0.0, 1.0)
        } else {
            let var = diffs.clone().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
            // At least the spread the changes would have if their signs
            // were coin tosses, √(Σd²)/n: games that all changed alike
            // (2 of 2 games won instead of lost) have no spread of their
            // own, and that is not certainty.
            let by_signs = diffs.map(|d| d * d).sum::<f64>().sqrt() / n;
            let se = (var / n).sqrt().max(by_signs);
            let p = (2.0 * t_upper_tail(mean.abs() / se, df)).min(1.0);
            (t_upper_quantile(normal_upper_tail(z), df) * se, p)
        };
        Some(Paired {
            games: pairs.len() as u64,
            changed,
            mean,
            low: mean - half,
            high: mean + half,
            p,
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
            (p.games, p.changed, p.mean, p.low, p.high, p.p),
            (3, 0, 0.0, 0.0, 0.0, 1.0)
        );
        assert!(!p.significant());
    }

    #[test]
    fn a_handful_of_changed_games_is_not_enough() {
        // 4 of 1,000 games turned the same way: by chance alone that
        // happens 1 time in 8 (each changed game a fair coin), so the
        // interval holds 0; a normal quantile would exclude it.
        let mut pairs = vec![(0.0, 0.0); 996];
        pairs.extend([(0.0, 1.0); 4]);
        let p = Paired::of(&pairs).unwrap();
        assert!(!p.significant() && p.low < 0.0, "{p:?}");
        assert!(p.p > 0.1 && p.p < 0.2, "{p:?}");
        let se = (p.high - p.mean) / 3.182_446_305; // t with 3 degrees of freedom
        assert!(
            p.mean - Z95 * se > 0.0,
            "the normal interval would exclude 0"
        );
        // Ten, all the same way (1 in 512 by chance): significant.
        pairs.extend([(0.0, 1.0); 6]);
        let p = Paired::of(&pairs).unwrap();
        assert!(p.significant() && p.p < 0.05, "{p:?}");
    }

    #[test]
    fn games_that_all_changed_alike_are_not_certain() {
        // 2 of 2 games turned from a loss into a win: a coin does that
        // half the time.
        let p = Paired::of(&[(0.0, 1.0), (0.0, 1.0)]).unwrap();
        assert!(!p.significant() && p.p > 0.3, "{p:?}");
        // 12 of 12: 1 in 2,048 by chance.
        let p = Paired::of(&[(0.0, 1.0); 12]).unwrap();
        assert!(p.significant() && p.p < 0.01, "{p:?}");
    }

    #[test]
    fn under_no_change_the_interval_holds_0_about_95_times_in_100() {
        // Games that change by chance, each way alike: 1,000 games, of
        // which a few to fifty changed, with values of a win, a draw or a
        // four-seat rank score.
        let mut state = 1u64;
        let mut next = || {
            state = crate::core::split_mix(state);
            state
        };
        for values in [&[1.0][..], &[0.5, 1.0], &[1.0 / 3.0, 2.0 / 3.0, 1.0]] {
            for changed in [2usize, 3, 4, 5, 6, 8, 12, 20, 22, 34, 50] {
                let trials = 4000;
                let mut flagged = 0;
                for _ in 0..trials {
                    let mut pairs = vec![(0.5, 0.5); 1000 - changed];
                    for _ in 0..changed {
                        let r = next();
                        let v = values[(r % values.len() as u64) as usize];
                        let d = if r >> 63 == 1 { v } else { -v };
                        pairs.push((0.5, 0.5 + d / 2.0));
                    }
                    let p = Paired::of(&pairs).unwrap();
                    flagged += usize::from(p.significant());
                    assert_eq!(p.significant(), p.p < 0.05, "{p:?}");
                }
                // A normal-based test on a few discrete changes is at 5%
                // only roughly: the exact rate for ±1 changes reaches
                // 5.8% at some counts (34 of 1,000 games).
                let rate = flagged as f64 / trials as f64;
                assert!(rate < 0.065, "{values:?} {changed}: {rate}");
            }
        }
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
