//! Wald's sequential probability ratio test on a win rate, for `decklab
//! regress`: is the deck still as strong as its baseline?
//!
//! H0: the win rate is `baseline - h0` (a drop small enough to pass);
//! H1: it is `baseline - h1` (a regression), `h0 < h1`. A true drop
//! between the two is the test's indifference zone, as in fishtest's and
//! cutechess' SPRT (whose `elo0`/`elo1` these drops play the part of).
//! The log-likelihood ratio is fishtest's generalized SPRT (GSPRT): the
//! normal approximation `(p1 − p0)·(S − n·(p0 + p1)/2) / σ̂²` after `n`
//! games of total score `S`, `σ̂²` the variance of a game's score as
//! observed. A game's score is a win or a loss, a draw's half, or at more
//! than two seats a rank score between 0 and 1; the variance observed
//! counts each for what it is, where a win/loss likelihood
//! (`x·ln(p1/p0) + (1−x)·ln((1−p1)/(1−p0))`) would take every game for a
//! coin toss of variance `p(1−p)` and spend more games than needed (about
//! 70% more on four-seat rank scores). On games won or lost the two agree.
//! The test accepts H1 once the ratio reaches `ln((1-β)/α)` and H0 once it
//! falls to `ln(β/(1-α))`, with error rates about `α` (a false alarm) and
//! `β` (a missed regression).

use super::{Score, Z95};

/// A configured test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The win rate under H0.
    pub p0: f64,
    /// The win rate under H1.
    pub p1: f64,
    /// The bound at or below which H0 is accepted.
    pub lower: f64,
    /// The bound at or above which H1 is accepted.
    pub upper: f64,
}

/// What the test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H0 accepted: no regression.
    NoRegression,
    /// H1 accepted: a regression.
    Regression,
}

impl Sprt {
    /// The test of a deck whose baseline win rate is `baseline`, or why it
    /// cannot be set up.
    pub fn new(baseline: f64, h0: f64, h1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        let open = |x: f64| x > 0.0 && x < 1.0;
        if !(0.0..1.0).contains(&h0) || !open(h1) || h0 >= h1 {
            return Err(format!(
                "--h0 and --h1 must be drops between 0 and 1 with --h0 below --h1 (got {h0} and {h1})"
            ));
        }
        if !open(alpha) || !open(beta) || alpha + beta >= 1.0 {
            return Err(format!(
                "--alpha and --beta must be between 0 and 1 with a sum below 1 (got {alpha} and {beta})"
            ));
        }
        let (p0, p1) = (baseline - h0, baseline - h1);
        if !(open(p0) && open(p1)) {
            return Err(format!(
                "the baseline win rate {baseline:.4} leaves no room to test a regression of {h1} \
                 (H0 {p0:.4}, H1 {p1:.4} must be between 0 and 1): use a smaller --h1"
            ));
        }
        Ok(Sprt {
            p0,
            p1,
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
        })
    }

    /// The log-likelihood ratio of H1 to H0 after `score` (the GSPRT,
    /// see the module documentation); 0 without games.
    pub fn llr(&self, score: &Score) -> f64 {
        if score.games == 0 {
            return 0.0;
        }
        let n = score.games as f64;
        let sum = score.points();
        // The variance with z²/2 pseudo-games at 0 and at 1 (as the
        // intervals' Agresti–Coull adjustment): never 0, so a few games
        // scored alike do not make the ratio infinite; negligible over a
        // batch of games.
        let pseudo = Z95 * Z95;
        let m = n + pseudo;
        let mean = (sum + pseudo / 2.0) / m;
        let variance = (score.points_squared() + pseudo / 2.0) / m - mean * mean;
        (self.p1 - self.p0) * (sum - n * (self.p0 + self.p1) / 2.0) / variance
    }

    /// The verdict once `llr` crosses a bound, else `None`.
    pub fn decide(&self, llr: f64) -> Option<Verdict> {
        if llr >= self.upper {
            Some(Verdict::Regression)
        } else if llr <= self.lower {
            Some(Verdict::NoRegression)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{GameRng, UNITS_PER_GAME, below, rng_from_seed};

    #[test]
    fn bounds_follow_alpha_and_beta() {
        let t = Sprt::new(0.6, 0.03, 0.06, 0.05, 0.05).unwrap();
        assert!((t.upper - 19f64.ln()).abs() < 1e-12);
        assert!((t.lower + 19f64.ln()).abs() < 1e-12);
        assert_eq!((t.p0, t.p1), (0.6 - 0.03, 0.6 - 0.06));
        assert!(Sprt::new(0.05, 0.03, 0.06, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.6, 0.03, 0.03, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.6, 0.03, 0.06, 0.6, 0.5).is_err());
    }

    #[test]
    fn wins_push_towards_h0_and_losses_towards_h1() {
        let t = Sprt::new(0.6, 0.03, 0.06, 0.05, 0.05).unwrap();
        let all_wins = Score::of_points(10, 10);
        let all_losses = Score::of_points(10, 0);
        assert!(t.llr(&all_wins) < 0.0 && t.llr(&all_losses) > 0.0);
        assert_eq!(t.llr(&Score::default()), 0.0);
    }

    #[test]
    fn on_games_won_or_lost_it_is_close_to_the_binomial_ratio() {
        let t = Sprt::new(0.6, 0.03, 0.06, 0.05, 0.05).unwrap();
        for (games, wins) in [(200, 110), (400, 215), (1000, 560)] {
            let s = Score::of_points(games, wins);
            let (x, n) = (wins as f64, games as f64);
            let exact = x * (t.p1 / t.p0).ln() + (n - x) * ((1.0 - t.p1) / (1.0 - t.p0)).ln();
            assert!(
                (t.llr(&s) - exact).abs() < 0.05 * exact.abs().max(1.0),
                "{games} {wins}"
            );
        }
    }

    #[test]
    fn scores_that_vary_less_than_a_coin_decide_sooner() {
        // The same mean score, 0.5: half the games won and half lost, or
        // every game a draw-like half point with a few wins and losses.
        let t = Sprt::new(0.6, 0.03, 0.06, 0.05, 0.05).unwrap();
        let coin = Score::of_points(200, 100);
        let mut steady = Score::default();
        for i in 0..200 {
            steady.add(match i % 10 {
                0 => UNITS_PER_GAME,
                1 => 0,
                _ => UNITS_PER_GAME / 2,
            });
        }
        assert_eq!(coin.points(), steady.points());
        assert!(
            t.llr(&steady) > 2.0 * t.llr(&coin),
            "{} {}",
            t.llr(&steady),
            t.llr(&coin)
        );
    }

    /// Runs the test on simulated games won with probability `p`.
    fn run(t: &Sprt, p: f64, rng: &mut GameRng) -> Verdict {
        let mut score = Score::default();
        loop {
            let win = (below(rng, 1_000_000) as f64) < p * 1e6;
            score.add(if win { UNITS_PER_GAME } else { 0 });
            if let Some(v) = t.decide(t.llr(&score)) {
                return v;
            }
        }
    }

    #[test]
    fn error_rates_are_near_alpha_and_beta() {
        let t = Sprt::new(0.6, 0.03, 0.06, 0.05, 0.05).unwrap();
        let mut rng = rng_from_seed(7);
        let trials = 400;
        let false_alarms = (0..trials)
            .filter(|_| run(&t, t.p0, &mut rng) == Verdict::Regression)
            .count();
        let missed = (0..trials)
            .filter(|_| run(&t, t.p1, &mut rng) == Verdict::NoRegression)
            .count();
        // Wald's bounds keep each error rate at or below about 5%: allow
        // sampling noise over 400 trials (sd ≈ 1.1%).
        assert!(
            false_alarms <= 36,
            "{false_alarms} false alarms of {trials}"
        );
        assert!(missed <= 36, "{missed} missed of {trials}");
        // And a deck at its baseline is almost never flagged.
        let at_baseline = (0..100)
            .filter(|_| run(&t, 0.6, &mut rng) == Verdict::Regression)
            .count();
        assert!(at_baseline <= 3, "{at_baseline}");
    }
}
