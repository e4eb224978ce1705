//! Bradley-Terry ratings on the Elo scale (`ratings.csv`).
//!
//! Deck `i` has a strength `γ_i`; it scores against deck `j` with
//! probability `γ_i / (γ_i + γ_j)`. The strengths are fitted by maximum
//! likelihood with Hunter's (2004) minorization-maximization updates, a
//! draw counting as half a win. So that a deck that won every game still
//! gets a finite rating, every pair that met also gets one virtual draw (a
//! weak prior that thousands of games outweigh). Ratings are
//! `400 · log10(γ)`, centred so that their mean is 1500.
//!
//! Error bars come from the observed Fisher information of the log
//! strengths: its pseudo-inverse (the ratings are only defined up to a
//! common shift, fixed by the centring) gives each rating's variance, and
//! the interval is ± 1.96 standard deviations.

use super::Z95;

/// The rating every deck would have if all were equal.
pub const MEAN_RATING: f64 = 1500.0;

/// Elo points per unit of natural-log strength.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Games between two decks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairResult {
    /// One deck (an index into the deck list).
    pub i: usize,
    /// The other.
    pub j: usize,
    /// Games played between them.
    pub games: u64,
    /// Deck `i`'s points (a draw is half a point).
    pub points_i: f64,
}

/// One deck's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// The 95% interval's lower end.
    pub ci95_low: f64,
    /// Its upper end.
    pub ci95_high: f64,
}

/// Fits the ratings of `decks` decks from `results`. Decks that played no
/// game get the mean rating with an unbounded interval.
pub fn bradley_terry(decks: usize, results: &[PairResult]) -> Vec<Rating> {
    // Points and games with the prior's virtual draw per pair that met.
    let mut games = vec![vec![0.0; decks]; decks];
    let mut points = vec![0.0; decks];
    for r in results.iter().filter(|r| r.games > 0 && r.i != r.j) {
        let n = r.games as f64 + 1.0;
        games[r.i][r.j] += n;
        games[r.j][r.i] += n;
        points[r.i] += r.points_i + 0.5;
        points[r.j] += r.games as f64 - r.points_i + 0.5;
    }
    let mut gamma = vec![1.0; decks];
    for _ in 0..10_000 {
        let mut next = gamma.clone();
        for i in 0..decks {
            let denom: f64 = (0..decks)
                .filter(|&j| games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if denom > 0.0 {
                next[i] = points[i] / denom;
            }
        }
        normalize(&mut next);
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let variances = variances(&games, &gamma);
    gamma
        .iter()
        .zip(variances)
        .map(|(g, var)| {
            let rating = MEAN_RATING + ELO_PER_NAT * g.ln();
            let half = Z95 * ELO_PER_NAT * var.sqrt();
            Rating {
                rating,
                ci95_low: rating - half,
                ci95_high: rating + half,
            }
        })
        .collect()
}

/// Scales `gamma` to a geometric mean of 1 (mean rating [`MEAN_RATING`]).
fn normalize(gamma: &mut [f64]) {
    let mean_log = gamma.iter().map(|g| g.ln()).sum::<f64>() / gamma.len().max(1) as f64;
    let scale = (-mean_log).exp();
    gamma.iter_mut().for_each(|g| *g *= scale);
}

/// The variance of each log strength: the diagonal of the pseudo-inverse of
/// the Fisher information `L` (a weighted graph Laplacian), computed as
/// `(L + J/k)⁻¹ - J/k` (`J` all ones). Infinite for a deck that met no one,
/// or when the decks do not form one connected field.
fn variances(games: &[Vec<f64>], gamma: &[f64]) -> Vec<f64> {
    let k = gamma.len();
    let mut m = vec![vec![1.0 / k as f64; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j && games[i][j] > 0.0 {
                let p = gamma[i] / (gamma[i] + gamma[j]);
                let w = games[i][j] * p * (1.0 - p);
                m[i][j] -= w;
                m[i][i] += w;
            }
        }
    }
    match invert(m) {
        Some(inv) => (0..k)
            .map(|i| {
                let v = inv[i][i] - 1.0 / k as f64;
                if v > 0.0 { v } else { f64::INFINITY }
            })
            .collect(),
        None => vec![f64::INFINITY; k],
    }
}

/// The inverse of a square matrix by Gauss-Jordan elimination with partial
/// pivoting, or `None` if it is singular.
fn invert(mut m: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let d = m[col][col];
        for j in 0..n {
            m[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..n {
            if row != col {
                let f = m[row][col];
                if f != 0.0 {
                    for j in 0..n {
                        m[row][j] -= f * m[col][j];
                        inv[row][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(i: usize, j: usize, games: u64, points_i: f64) -> PairResult {
        PairResult {
            i,
            j,
            games,
            points_i,
        }
    }

    #[test]
    fn equal_decks_rate_equal() {
        let r = bradley_terry(
            3,
            &[
                pair(0, 1, 100, 50.0),
                pair(1, 2, 100, 50.0),
                pair(0, 2, 100, 50.0),
            ],
        );
        for x in &r {
            assert!((x.rating - MEAN_RATING).abs() < 1e-6, "{x:?}");
            assert!(x.ci95_low < x.rating && x.rating < x.ci95_high);
        }
    }

    #[test]
    fn a_75_percent_edge_is_about_191_elo() {
        // Two decks: the fit reproduces the observed rate exactly (with
        // the prior's one draw: 750.5 of 1001), and Elo's logistic maps 75%
        // to 400·log10(3) ≈ 190.8 points.
        let r = bradley_terry(2, &[pair(0, 1, 1000, 750.0)]);
        let p: f64 = 750.5 / 1001.0;
        let expected = 400.0 * (p / (1.0 - p)).log10();
        assert!((r[0].rating - r[1].rating - expected).abs() < 1e-6);
        assert!((r[0].rating + r[1].rating - 2.0 * MEAN_RATING).abs() < 1e-6);
        // Each rating's sd: half the difference's, whose variance is
        // 1/(n p (1-p)) in nats.
        let sd_diff = ELO_PER_NAT / (1001.0 * p * (1.0 - p)).sqrt();
        let half = r[0].ci95_high - r[0].rating;
        assert!((half - Z95 * sd_diff / 2.0).abs() < 1e-6, "{half}");
    }

    #[test]
    fn a_perfect_record_stays_finite_and_orders_the_field() {
        let r = bradley_terry(
            3,
            &[
                pair(0, 1, 50, 50.0),
                pair(1, 2, 50, 40.0),
                pair(0, 2, 50, 50.0),
            ],
        );
        assert!(
            r.iter()
                .all(|x| x.rating.is_finite() && x.ci95_high.is_finite())
        );
        assert!(r[0].rating > r[1].rating && r[1].rating > r[2].rating);
    }

    #[test]
    fn a_deck_that_never_played_has_no_bounds() {
        let r = bradley_terry(3, &[pair(0, 1, 10, 5.0)]);
        assert!(r[2].ci95_high.is_infinite());
    }
}
