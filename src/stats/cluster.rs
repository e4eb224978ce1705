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

use serde::{Deserialize, Serialize};

use super::{Score, Z95, wilson::normal_p};
use crate::core::UNITS_PER_GAME;

/// The per-game sums behind the cluster-robust standard error of a lift
/// (games as clusters; see the module documentation). Rank scores are in
/// units of `1 / UNITS_PER_GAME`; `b`, `m` are a game's buyers' summed
/// units and number, `c`, `k` the non-buyers'.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterSums {
    /// Games with a seat on either side: the clusters, `G`.
    pub games: u64,
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

    /// The sum of two tallies (other games, another shard).
    pub fn merge(&mut self, o: &ClusterSums) {
        self.games += o.games;
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

    /// The lift with its 95% normal interval (± `Z95` standard errors):
    /// `None` as for [`ClusterSums::standard_error`].
    pub fn lift95(&self) -> Option<(f64, f64, f64)> {
        let (lift, se) = (self.lift()?, self.standard_error()?);
        Some((lift, lift - Z95 * se, lift + Z95 * se))
    }

    /// The two-sided p-value of "no lift" that goes with
    /// [`ClusterSums::lift95`] (below 0.05 exactly when that interval
    /// excludes 0).
    pub fn lift_p(&self) -> Option<f64> {
        Some(normal_p(self.lift()?, self.standard_error()?))
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
