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
//!
//! A rate over a subset of each run's games that the change itself moves
//! (a card's GIH WR: the deck's win rate in the games where a copy was in
//! hand, and a change alters what is drawn) is no mean of per-game
//! differences: it is a difference of two ratio means over the same
//! games, and [`Paired::of_ratios`] gives it the cluster-robust standard
//! error of [`ClusterSums`] (games as clusters), with the same t quantile.

use super::ClusterSums;
use super::dist::{normal_upper_tail, t_upper_quantile, t_upper_tail};
use super::wilson::Z95;
use crate::core::UNITS_PER_GAME;

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

    /// The paired difference `p_B − p_A` of two ratio means over the same
    /// games: `sums` holds, per game `g`, run B's points `b_g` over its
    /// `m_g` seat-games and run A's `c_g` over `k_g` (a card's GIH WR: the
    /// deck's points and number of seats that had a copy in hand), and
    /// `changed` the same sums over the games whose figures differ between
    /// the runs alone. Its standard error is [`ClusterSums::standard_error`]'s,
    /// `√(G/(G−1) · Σ e_g²)` with `e_g = (b_g − p_B·m_g)/M − (c_g −
    /// p_A·k_g)/K` over the `G` games of `sums` (the delta method, games as
    /// clusters), but at least the spread the changed games' shares of the
    /// difference, `b_g/M − c_g/K`, would have if their signs were coin
    /// tosses, as [`Paired::of`] has: changed games that all moved alike
    /// (a card's 3 games all lost in A and all won in B) have no spread of
    /// their own, and that is not certainty. The interval and test use
    /// Student's t with one degree of freedom fewer than the games that
    /// changed (at least one). `games` is `G`. `None` when either side has
    /// no seat-game or there are fewer than two games.
    pub fn of_ratios(sums: &ClusterSums, changed: &ClusterSums) -> Option<Paired> {
        let (mean, se) = (sums.lift()?, sums.standard_error()?);
        let df = changed.games.saturating_sub(1).max(1);
        let (m, k) = (sums.m as f64, sums.k as f64);
        let shares = changed.bb as f64 / (m * m) - 2.0 * changed.bc as f64 / (m * k)
            + changed.cc as f64 / (k * k);
        let by_signs = shares.max(0.0).sqrt() / UNITS_PER_GAME as f64;
        let se = se.max(by_signs);
        let (half, p) = if changed.games == 0 || se == 0.0 {
            // Nothing changed, or nothing that moves the figure: both
            // runs' figures are the same to the bit.
            (0.0, 1.0)
        } else {
            let p = (2.0 * t_upper_tail(mean.abs() / se, df)).min(1.0);
            (t_upper_quantile(normal_upper_tail(Z95), df) * se, p)
        };
        Some(Paired {
            games: sums.games,
            changed: changed.games,
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

    /// Sums of games given as (B's points, B's seats, A's points, A's
    /// seats), points in halves.
    fn ratio_sums(games: &[(u64, u64, u64, u64)]) -> ClusterSums {
        let half = crate::core::UNITS_PER_GAME / 2;
        let mut sums = ClusterSums::default();
        for &(b, m, a, k) in games {
            sums.add_game(b * half, m, a * half, k);
        }
        sums
    }

    #[test]
    fn a_difference_of_ratio_means_by_hand() {
        // A card in four games: both runs had it in hand and won game 1;
        // game 2 turned from a loss into a win; in game 3 only B drew it,
        // and lost; game 4 both drew (a draw). A: 1.5 of 3 = 0.5; B: 2.5
        // of 4 = 0.625. Games 2 and 3 changed.
        let sums = ratio_sums(&[(2, 1, 2, 1), (2, 1, 0, 1), (0, 1, 0, 0), (1, 1, 1, 1)]);
        let changed = ratio_sums(&[(2, 1, 0, 1), (0, 1, 0, 0)]);
        let p = Paired::of_ratios(&sums, &changed).unwrap();
        assert_eq!((p.games, p.changed), (4, 2));
        assert!((p.mean - 0.125).abs() < 1e-15, "{p:?}");
        // e_g = (b_g − 0.625·m_g)/4 − (c_g − 0.5·k_g)/3, summing to 0.
        let e = [
            0.375 / 4.0 - 0.5 / 3.0,
            0.375 / 4.0 + 0.5 / 3.0,
            -0.625 / 4.0,
            -0.125 / 4.0,
        ];
        assert!(e.iter().sum::<f64>().abs() < 1e-15);
        let se = (4.0 / 3.0 * e.iter().map(|e| e * e).sum::<f64>()).sqrt();
        assert!((se - 0.362_444_4).abs() < 1e-6, "{se}");
        // Two games changed: t with 1 degree of freedom (12.706), and the
        // Cauchy tail beyond 0.125/se: 2·(1/2 − atan(t)/π).
        let half = 12.706_204_736 * se;
        assert!((p.high - p.mean - half).abs() < 1e-6, "{p:?}");
        assert!((p.mean - p.low - half).abs() < 1e-6, "{p:?}");
        let t = 0.125 / se;
        let want = 2.0 * (0.5 - t.atan() / std::f64::consts::PI);
        assert!((p.p - want).abs() < 1e-6, "{p:?} {want}");
        assert!(!p.significant());
        // Many such games, most unchanged (a card in hand in both runs,
        // the same result): the interval narrows, and the same t quantile
        // makes interval and p-value agree.
        let mut changed = vec![(2, 1, 0, 1); 30];
        changed.extend(vec![(0, 1, 2, 1); 5]);
        let mut games = vec![(2, 1, 2, 1); 300];
        games.extend(vec![(0, 1, 0, 1); 300]);
        games.extend(changed.iter().copied());
        let p = Paired::of_ratios(&ratio_sums(&games), &ratio_sums(&changed)).unwrap();
        assert!((p.mean - 25.0 / 635.0).abs() < 1e-12, "{p:?}");
        assert!(p.significant() && p.p < 0.05, "{p:?}");
    }

    #[test]
    fn under_no_change_a_ratio_interval_holds_0_about_95_times_in_100() {
        // 1,000 games of a card in hand 70% of the time, won 60% of them;
        // in a few to a tenth of the games, run B draws its hand and its
        // result afresh from the same chances.
        use rand_core::Rng;
        let mut rng = crate::core::rng_from_seed(7);
        let mut next = move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let draw =
            |next: &mut dyn FnMut() -> f64| (u64::from(next() < 0.7), 2 * u64::from(next() < 0.6));
        for redrawn in [0.005, 0.01, 0.03, 0.1] {
            let trials = 2000;
            let mut flagged = 0;
            for _ in 0..trials {
                let (mut games, mut changed) = (Vec::new(), Vec::new());
                for _ in 0..1000 {
                    let (k, c) = draw(&mut next);
                    let (m, b) = if next() < redrawn {
                        draw(&mut next)
                    } else {
                        (k, c)
                    };
                    let game = (b * m, m, c * k, k);
                    if (m, b * m) != (k, c * k) {
                        changed.push(game);
                    }
                    games.push(game);
                }
                let (games, changed) = (ratio_sums(&games), ratio_sums(&changed));
                let Some(p) = Paired::of_ratios(&games, &changed) else {
                    continue;
                };
                assert_eq!(p.significant(), p.p < 0.05, "{p:?}");
                flagged += usize::from(p.significant());
            }
            let rate = flagged as f64 / trials as f64;
            assert!(rate < 0.065, "{redrawn}: {rate}");
        }
    }

    #[test]
    fn the_same_ratio_means_differ_by_exactly_zero() {
        let games: Vec<_> = (0..50u64)
            .map(|g| (g % 3, 1 + g % 2, g % 3, 1 + g % 2))
            .collect();
        let none = ClusterSums::default();
        let p = Paired::of_ratios(&ratio_sums(&games), &none).unwrap();
        assert_eq!(
            (p.games, p.changed, p.mean, p.low, p.high, p.p),
            (50, 0, 0.0, 0.0, 0.0, 1.0)
        );
        // Without a seat-game on one side, or a second game: no pairing.
        let one_sided = ratio_sums(&[(2, 1, 0, 0); 5]);
        assert_eq!(Paired::of_ratios(&one_sided, &one_sided), None);
        assert_eq!(Paired::of_ratios(&ratio_sums(&[(2, 1, 2, 1)]), &none), None);
    }

    #[test]
    fn a_few_changed_games_that_moved_alike_are_not_certainty() {
        // A card in hand in 3 games, all
        // lost in A and all won in B. The sandwich has no spread to see
        // (every residual is 0); the coin-toss floor gives √3/3 and, with
        // 2 degrees of freedom, p = 2·(1 − F₂(√3)) ≈ 0.225.
        let games = ratio_sums(&[(2, 1, 0, 1); 3]);
        assert_eq!(games.standard_error(), Some(0.0));
        let p = Paired::of_ratios(&games, &games).unwrap();
        assert_eq!((p.changed, p.mean), (3, 1.0));
        assert!((p.p - 0.225_403).abs() < 1e-4, "{p:?}");
        assert!(!p.significant(), "{p:?}");
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
