//! The store tables' lift (the mean rank score of the seats that bought a
//! card minus that of the seats that saw it and never owned one) with a
//! cluster-robust standard error, games as clusters.
//!
//! A card's buyers and non-buyers sit at the same tables, and in one game
//! their rank scores are dependent: when a buyer places higher, someone
//! else places lower. The interval of two independent means (Welch's,
//! [`Score::lift95`]) ignores this (and that two buyers at one table
//! cannot both place first): when one seat of four buys a card in each
//! game and the other three pass, its interval is √(3/4) of the right
//! width, 15% too narrow. Here the games are the independent units
//! instead. In game `g`, the buyers' rank scores
//! sum to `b_g` over `m_g` buying seats, the non-buyers' to `c_g` over
//! `k_g` seats; over the `G` games with a seat on either side, `M = Σ m_g`,
//! `K = Σ k_g`, `μB = Σ b_g / M`, `μN = Σ c_g / K`, and the lift is
//! `μB − μN`. Its linearised residual in game `g` (the delta method for a
//! difference of two ratio means) is
//!
//! `e_g = (b_g − μB·m_g) / M − (c_g − μN·k_g) / K`,
//!
//! and its variance is estimated by `G / (G − 1) · Σ e_g²` (the sandwich
//! estimator, with the usual small-sample factor). `Σ e_g²` is a quadratic
//! form in sums over games of `b, m, c, k` and their products, which
//! [`ClusterSums`] keeps as integers (rank scores in units of
//! `1 / UNITS_PER_GAME`): folding games in any order, or merging shards,
//! gives the same sums and so the same figures to the last bit.
//!
//! **The reference distribution.** The interval is the lift ± `t`
//! standard errors, and the p-value the t test's, `t` from Student's t
//! with `df = min(G_B, G_N) − 1` degrees of freedom, where `G_B` counts
//! the games with a buying seat and `G_N` those with a seat that never
//! owned the card (each at most `G`; a game can count in both). A
//! sandwich variance estimated from a few dozen clusters is itself
//! noisy, and the normal quantile ignores that: its tails are too thin
//! exactly where Holm's correction over a table's ~120 cards looks (an
//! adjusted p-value of 0.05 is a raw one near 0.0004). Why this `df`:
//!
//! - With clusters the rule of thumb is a t with `G − 1` degrees of
//!   freedom (the `G/(G − 1)` factor above is its companion), but for a
//!   contrast between two groups of clusters what counts is the smaller
//!   group: Bell and McCaffrey's (2002) degrees-of-freedom correction,
//!   and Imbens and Kolesár (2016) after them, show the effective degrees
//!   of freedom of such a contrast fall towards the number of clusters
//!   on its smaller side, however many there are on the other.
//! - Here `Σ e_g²` is the buyers' part, estimated only from the `G_B`
//!   games with a buyer, plus the non-buyers', from the `G_N` games with
//!   one (and a cross term from the games with both). By Welch and
//!   Satterthwaite, the degrees of freedom of such a sum (the cross term
//!   set aside) lie between the smaller part's
//!   (`min(G_B, G_N) − 1`) and the two added: the lower bound is the
//!   cautious choice. A card bought in a few games of many (`G_B` small)
//!   is the common case, and there the buyers' part is most of the
//!   variance, so the bound is near the truth; a card that nearly every
//!   table buys has `G_N` small instead.
//! - It needs only two counts, kept as integers and merged by adding,
//!   so the figures stay the same whatever the threads and shards.
//!   Bell and McCaffrey's own `df` needs the cluster sizes' leverages,
//!   which no fixed set of sums gives.
//!
//! Measured under no effect (one 200-game four-seat run of the bundled
//! game, seed 11, the places shuffled within each game, twice 2,000
//! times): with the normal quantile some card of `mb_cards.csv` got a
//! verdict in 10.2% and 10.3% of runs against Holm's 5%; with this t, in
//! 5.6% and 6.2%, and the cards' intervals covered 0 in 94.7% of cases
//! against 94.0%. The rest over 5% (about 1 point; each figure is ±0.5
//! points of noise) this rule does not remove: the sandwich's own
//! downward bias with few clusters, which the `G/(G − 1)` factor
//! corrects only in part, is a likely cause (not measured).
//!
//! With `df < 1` (a side in fewer than two games) there is no interval
//! and no p-value, as with fewer than two games. Tallies read from a
//! `stats.json` written before the per-side counts were kept (or merged
//! with one) have them `None` and keep the normal quantile, the interval
//! they were written with: never a `df` from a partial count.
//!
//! The same sums serve `decklab compare`'s paired card rows
//! ([`super::Paired::of_ratios`]): there the two sides are the two runs
//! of the same games, `b_g`, `m_g` run B's points and seats with a copy of
//! the card in hand, `c_g`, `k_g` run A's, and the "lift" is B's GIH WR
//! minus A's.

use serde::{Deserialize, Serialize};

use super::dist::{t_upper_quantile, t_upper_tail};
use super::{Score, Z95, wilson::normal_p};
use crate::core::UNITS_PER_GAME;

/// The per-game sums behind the cluster-robust standard error of a lift
/// (games as clusters; see the module documentation). Rank scores are in
/// units of `1 / UNITS_PER_GAME`; `b`, `m` are a game's buyers' summed
/// units and number, `c`, `k` the non-buyers'.
///
/// `Default` is the tally of no games, with both per-side game counts
/// kept (0); a tally read from a `stats.json` written before those counts
/// were kept has them `None` (see [`ClusterSums::df`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterSums {
    /// Games with a seat on either side: the clusters, `G`.
    pub games: u64,
    /// Games with a buying seat (`m_g > 0`), `G_B`; `None` when not kept
    /// (a `stats.json` written before, or merged with one).
    #[serde(default)]
    pub buyer_games: Option<u64>,
    /// Games with a seat that never owned the card (`k_g > 0`), `G_N`;
    /// `None` as for `buyer_games`.
    #[serde(default)]
    pub passer_games: Option<u64>,
    /// `Σ b_g`: the buyers' rank scores, in units.
    pub b: u64,
    /// `Σ m_g = M`: the buyers' seat-games.
    pub m: u64,
    /// `Σ c_g`: the non-buyers' rank scores, in units.
    pub c: u64,
    /// `Σ k_g = K`: the non-buyers' seat-games.
    pub k: u64,
    /// `Σ b_g²`.
    pub bb: u64,
    /// `Σ m_g²`.
    pub mm: u64,
    /// `Σ b_g·m_g`.
    pub bm: u64,
    /// `Σ c_g²`.
    pub cc: u64,
    /// `Σ k_g²`.
    pub kk: u64,
    /// `Σ c_g·k_g`.
    pub ck: u64,
    /// `Σ b_g·c_g`.
    pub bc: u64,
    /// `Σ b_g·k_g`.
    pub bk: u64,
    /// `Σ m_g·c_g`.
    pub mc: u64,
    /// `Σ m_g·k_g`.
    pub mk: u64,
}

impl Default for ClusterSums {
    fn default() -> Self {
        ClusterSums {
            games: 0,
            buyer_games: Some(0),
            passer_games: Some(0),
            b: 0,
            m: 0,
            c: 0,
            k: 0,
            bb: 0,
            mm: 0,
            bm: 0,
            cc: 0,
            kk: 0,
            ck: 0,
            bc: 0,
            bk: 0,
            mc: 0,
            mk: 0,
        }
    }
}

impl ClusterSums {
    /// Counts one game whose `buyers` seats bought the card with rank
    /// scores summing to `bought` units, and whose `passers` seats saw it
    /// and never owned it with `passed` units. A game with no seat on
    /// either side is no cluster and is not counted.
    pub fn add_game(&mut self, bought: u64, buyers: u64, passed: u64, passers: u64) {
        if buyers + passers == 0 {
            return;
        }
        let (b, m, c, k) = (bought, buyers, passed, passers);
        self.games += 1;
        self.buyer_games = self.buyer_games.map(|g| g + u64::from(m > 0));
        self.passer_games = self.passer_games.map(|g| g + u64::from(k > 0));
        self.b += b;
        self.m += m;
        self.c += c;
        self.k += k;
        self.bb += b * b;
        self.mm += m * m;
        self.bm += b * m;
        self.cc += c * c;
        self.kk += k * k;
        self.ck += c * k;
        self.bc += b * c;
        self.bk += b * k;
        self.mc += m * c;
        self.mk += m * k;
    }

    /// The sum of two tallies (other games, another shard). A per-side
    /// game count that either lacks stays unknown (`None`): a partial
    /// count would give a wrong `df`.
    pub fn merge(&mut self, o: &ClusterSums) {
        self.games += o.games;
        self.buyer_games = self.buyer_games.zip(o.buyer_games).map(|(a, b)| a + b);
        self.passer_games = self.passer_games.zip(o.passer_games).map(|(a, b)| a + b);
        self.b += o.b;
        self.m += o.m;
        self.c += o.c;
        self.k += o.k;
        self.bb += o.bb;
        self.mm += o.mm;
        self.bm += o.bm;
        self.cc += o.cc;
        self.kk += o.kk;
        self.ck += o.ck;
        self.bc += o.bc;
        self.bk += o.bk;
        self.mc += o.mc;
        self.mk += o.mk;
    }

    /// Whether these sums cover exactly the seat-games of `bought` and
    /// `not_bought`: tallied from the same games, not missing (tallies
    /// from before the sums were kept have none).
    pub fn covers(&self, bought: &Score, not_bought: &Score) -> bool {
        (self.m, self.b, self.k, self.c)
            == (
                bought.games,
                bought.units,
                not_bought.games,
                not_bought.units,
            )
    }

    /// The lift `μB − μN` (in points: a rank score is in `[0, 1]`).
    /// `None` without a seat-game on either side.
    pub fn lift(&self) -> Option<f64> {
        if self.m == 0 || self.k == 0 {
            return None;
        }
        let u = UNITS_PER_GAME as f64;
        Some(self.b as f64 / u / self.m as f64 - self.c as f64 / u / self.k as f64)
    }

    /// The cluster-robust standard error of [`ClusterSums::lift`], in
    /// points: `√(G / (G − 1) · Σ e_g²)`. `None` without a seat-game on
    /// either side or with fewer than two games.
    pub fn standard_error(&self) -> Option<f64> {
        if self.m == 0 || self.k == 0 || self.games < 2 {
            return None;
        }
        let (b, m, c, k) = (self.b, self.m, self.c, self.k);
        // M²·Σ(b_g − μB·m_g)² = Σ(M·b_g − B·m_g)², its like for the
        // non-buyers, and M·K·Σ(b_g − μB·m_g)(c_g − μN·k_g).
        let bought = quadratic(&[(1, m, m, self.bb), (-2, m, b, self.bm), (1, b, b, self.mm)]);
        let passed = quadratic(&[(1, k, k, self.cc), (-2, k, c, self.ck), (1, c, c, self.kk)]);
        let cross = quadratic(&[
            (1, m, k, self.bc),
            (-1, m, c, self.bk),
            (-1, b, k, self.mc),
            (1, b, c, self.mk),
        ]);
        // Σe² = bought/M⁴ + passed/K⁴ − 2·cross/(M²K²), in units².
        let (m2, k2) = ((m as f64).powi(2), (k as f64).powi(2));
        let units = bought / (m2 * m2) + passed / (k2 * k2) - 2.0 * cross / (m2 * k2);
        let g = self.games as f64;
        Some((g / (g - 1.0) * units.max(0.0)).sqrt() / UNITS_PER_GAME as f64)
    }

    /// The degrees of freedom of the lift's t interval and test,
    /// `min(G_B, G_N) − 1` (see the module documentation; 0 when a side
    /// has fewer than two games, and then no interval). `None` for a
    /// tally without the per-side game counts (read from a `stats.json`
    /// written before they were kept, or merged with one): its interval
    /// and test stay the normal ones it was written with.
    pub fn df(&self) -> Option<u64> {
        let fewer = self.buyer_games?.min(self.passer_games?);
        Some(fewer.saturating_sub(1))
    }

    /// The lift with its 95% interval, ± `t` standard errors, `t` the
    /// upper 2.5% quantile of Student's t with [`ClusterSums::df`]
    /// degrees of freedom (`Z95`, the normal's, without the per-side game
    /// counts): `None` as for [`ClusterSums::standard_error`], or with
    /// fewer than 1 degree of freedom.
    pub fn lift95(&self) -> Option<(f64, f64, f64)> {
        let (lift, se) = (self.lift()?, self.standard_error()?);
        let t = match self.df() {
            None => Z95,
            Some(0) => return None,
            Some(df) => t_upper_quantile(TAIL95, df),
        };
        Some((lift, lift - t * se, lift + t * se))
    }

    /// The two-sided p-value of "no lift" that goes with
    /// [`ClusterSums::lift95`] (the t test of the same lift, standard
    /// error and degrees of freedom, or the normal test without the
    /// per-side game counts: below 0.05 exactly when that interval
    /// excludes 0); `None` when the interval is.
    pub fn lift_p(&self) -> Option<f64> {
        let (lift, se) = (self.lift()?, self.standard_error()?);
        match self.df() {
            None => Some(normal_p(lift, se)),
            Some(0) => None,
            Some(df) => Some(t_p(lift, se, df)),
        }
    }
}

/// The upper tail of each end of the 95% interval.
const TAIL95: f64 = 0.025;

/// The two-sided p-value of "the true difference is 0" for a difference
/// `diff` with standard error `se` by the t test with `df` ≥ 1 degrees of
/// freedom (below 0.05 exactly when `diff ± t·se` excludes 0, `t` the
/// upper 2.5% quantile): 0 or 1 when `se` is 0, as `normal_p`.
fn t_p(diff: f64, se: f64, df: u64) -> f64 {
    if se > 0.0 {
        (2.0 * t_upper_tail(diff.abs() / se, df)).min(1.0)
    } else if diff == 0.0 {
        1.0
    } else {
        0.0
    }
}

/// `Σ sign·x·y·sum` over `terms` (`sign`, `x`, `y`, `sum`), computed
/// exactly in integers (then rounded once) when it fits in an `i128`, as
/// it does for any run (the largest, a tier's cards pooled, would need
/// some 10⁸ games to overflow), else in floating point.
fn quadratic(terms: &[(i8, u64, u64, u64)]) -> f64 {
    let exact = terms.iter().try_fold(0i128, |total, &(sign, x, y, sum)| {
        let term = i128::from(sign)
            .checked_mul(i128::from(x))?
            .checked_mul(i128::from(y))?
            .checked_mul(i128::from(sum))?;
        total.checked_add(term)
    });
    match exact {
        Some(total) => total as f64,
        None => terms
            .iter()
            .map(|&(sign, x, y, sum)| f64::from(sign) * x as f64 * y as f64 * sum as f64)
            .sum(),
    }
}

#[cfg(test)]
mod tests;
