//! Plackett–Luce ratings on the Elo scale (`ratings.csv`); at two seats
//! the model is Bradley–Terry.
//!
//! Deck `i` has a strength `γ_i`. A game's ranking is read as a sequence of
//! choices: first place is chosen among all the table's decks with
//! probability `γ_i / Σ γ`, second place among the rest, and so on (at two
//! seats: `i` beats `j` with probability `γ_i / (γ_i + γ_j)`). Seats that
//! tie are averaged over every order they could have finished in (a
//! two-seat draw counts half a win each way). The strengths are fitted by
//! maximum likelihood with Hunter's (2004) minorization-maximization
//! updates. So that a deck that won every game still gets a finite rating,
//! every pair of decks that met also gets one virtual draw (a weak prior
//! that thousands of games outweigh). Ratings are `400 · log10(γ)`,
//! centred so that their mean is 1500.
//!
//! Error bars come from the observed Fisher information of the log
//! strengths, `Σ w (diag(p) − p pᵀ)` over every choice (`p` the choosing
//! probabilities of the decks still in the running): its pseudo-inverse
//! (the ratings are only defined up to a common shift, fixed by the
//! centring) gives each rating's variance, and the interval is ± 1.96
//! standard deviations.

use std::collections::BTreeMap;

use super::Z95;

/// The rating every deck would have if all were equal.
pub const MEAN_RATING: f64 = 1500.0;

/// Elo points per unit of natural-log strength.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// How often one ranking of a table of decks occurred.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedGames {
    /// The decks of the table (indices into the deck list), by entry.
    pub decks: Vec<usize>,
    /// Each entry's rank, from 1 (tied entries share a rank).
    pub ranks: Vec<u8>,
    /// How many games ended this way.
    pub count: u64,
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

/// The choices a set of games makes: for each choice set (its decks,
/// sorted, repeated when a deck fills several seats) its total weight, and
/// each deck's weight of being chosen.
#[derive(Debug, Default)]
struct Choices {
    sets: BTreeMap<Vec<usize>, f64>,
    chosen: Vec<f64>,
}

impl Choices {
    fn new(decks: usize) -> Self {
        Choices {
            sets: BTreeMap::new(),
            chosen: vec![0.0; decks],
        }
    }

    /// Adds the choices of a finishing order `order` (best first) seen
    /// `weight` times: choosing `order[t]` among `order[t..]` for every `t`
    /// but the last. A choice among copies of one deck says nothing and is
    /// left out.
    fn add_order(&mut self, order: &[usize], weight: f64) {
        for t in 0..order.len().saturating_sub(1) {
            let mut set = order[t..].to_vec();
            set.sort_unstable();
            if set.iter().all(|&d| d == set[0]) {
                continue;
            }
            *self.sets.entry(set).or_default() += weight;
            self.chosen[order[t]] += weight;
        }
    }

    /// Adds `games` games ranked `ranks` (by entry, decks `decks`): every
    /// order the tied entries could have finished in, equally weighted.
    fn add_ranking(&mut self, decks: &[usize], ranks: &[u8], games: f64) {
        let mut entries: Vec<usize> = (0..decks.len()).collect();
        entries.sort_by_key(|&e| (ranks[e], e));
        let groups: Vec<Vec<usize>> = entries
            .chunk_by(|&x, &y| ranks[x] == ranks[y])
            .map(<[usize]>::to_vec)
            .collect();
        let orders = tie_orders(&groups);
        let weight = games / orders.len() as f64;
        for order in orders {
            let order: Vec<usize> = order.iter().map(|&e| decks[e]).collect();
            self.add_order(&order, weight);
        }
    }
}

/// Every finishing order of the entries consistent with the tie groups
/// (each group's entries in every order, groups in rank order).
fn tie_orders(groups: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut orders = vec![Vec::new()];
    for group in groups {
        let perms = permutations(group);
        orders = orders
            .iter()
            .flat_map(|o| {
                perms.iter().map(move |p| {
                    let mut o = o.clone();
                    o.extend(p);
                    o
                })
            })
            .collect();
    }
    orders
}

fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

/// Fits the ratings of `decks` decks from the rankings `games`. Decks that
/// played no game get the mean rating with an unbounded interval.
pub fn plackett_luce(decks: usize, games: &[RankedGames]) -> Vec<Rating> {
    let mut choices = Choices::new(decks);
    let mut met = vec![vec![false; decks]; decks];
    for g in games.iter().filter(|g| g.count > 0) {
        choices.add_ranking(&g.decks, &g.ranks, g.count as f64);
        for &i in &g.decks {
            for &j in &g.decks {
                met[i][j] |= i != j;
            }
        }
    }
    // The prior: one virtual draw between every two decks that met.
    for (i, row) in met.iter().enumerate() {
        for j in (i + 1..decks).filter(|&j| row[j]) {
            choices.add_ranking(&[i, j], &[1, 1], 1.0);
        }
    }
    let mut gamma = vec![1.0; decks];
    for _ in 0..10_000 {
        let mut denom = vec![0.0; decks];
        for (set, &w) in &choices.sets {
            let total: f64 = set.iter().map(|&d| gamma[d]).sum();
            for &d in set {
                denom[d] += w / total;
            }
        }
        let mut next = gamma.clone();
        for i in 0..decks {
            if denom[i] > 0.0 {
                next[i] = choices.chosen[i] / denom[i];
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
    let variances = variances(&choices, &gamma);
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
fn variances(choices: &Choices, gamma: &[f64]) -> Vec<f64> {
    let k = gamma.len();
    let mut m = vec![vec![1.0 / k as f64; k]; k];
    for (set, &w) in &choices.sets {
        let total: f64 = set.iter().map(|&d| gamma[d]).sum();
        for (x, &a) in set.iter().enumerate() {
            for (y, &b) in set.iter().enumerate() {
                if x != y && a != b {
                    let cov = w * (gamma[a] / total) * (gamma[b] / total);
                    m[a][b] -= cov;
                    m[a][a] += cov;
                }
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

    /// `games` two-seat games between `i` and `j`, `i` scoring `points_i`
    /// (wins, draws counting half).
    fn pair(i: usize, j: usize, games: u64, points_i: f64) -> Vec<RankedGames> {
        let wins = points_i.floor() as u64;
        let draws = ((points_i - wins as f64) * 2.0).round() as u64;
        let losses = games - wins - draws;
        [([1, 2], wins), ([1, 1], draws), ([2, 1], losses)]
            .into_iter()
            .map(|(ranks, count)| RankedGames {
                decks: vec![i, j],
                ranks: ranks.to_vec(),
                count,
            })
            .collect()
    }

    #[test]
    fn equal_decks_rate_equal() {
        let games = [
            pair(0, 1, 100, 50.0),
            pair(1, 2, 100, 50.0),
            pair(0, 2, 100, 50.0),
        ]
        .concat();
        let r = plackett_luce(3, &games);
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
        let r = plackett_luce(2, &pair(0, 1, 1000, 750.0));
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
        let games = [
            pair(0, 1, 50, 50.0),
            pair(1, 2, 50, 40.0),
            pair(0, 2, 50, 50.0),
        ]
        .concat();
        let r = plackett_luce(3, &games);
        assert!(
            r.iter()
                .all(|x| x.rating.is_finite() && x.ci95_high.is_finite())
        );
        assert!(r[0].rating > r[1].rating && r[1].rating > r[2].rating);
    }

    #[test]
    fn a_deck_that_never_played_has_no_bounds() {
        let r = plackett_luce(3, &pair(0, 1, 10, 5.0));
        assert!(r[2].ci95_high.is_infinite());
    }

    #[test]
    fn four_seat_rankings_recover_the_strengths() {
        // Decks 0..4 with strengths 8, 4, 2, 1: the expected frequency of
        // every finishing order (the model's own probabilities) is fitted
        // back to ratings 3·log2 apart, up to the prior's pull.
        let gamma = [8.0, 4.0, 2.0, 1.0];
        let mut games = Vec::new();
        for order in permutations(&[0, 1, 2, 3]) {
            let mut p = 1.0;
            for t in 0..4 {
                let rest: f64 = order[t..].iter().map(|&d| gamma[d]).sum();
                p *= gamma[order[t]] / rest;
            }
            let mut ranks = vec![0u8; 4];
            for (place, &d) in order.iter().enumerate() {
                ranks[d] = place as u8 + 1;
            }
            games.push(RankedGames {
                decks: vec![0, 1, 2, 3],
                ranks,
                count: (p * 1e6).round() as u64,
            });
        }
        let r = plackett_luce(4, &games);
        let step = 400.0 * 2f64.log10();
        for w in r.windows(2) {
            let gap = w[0].rating - w[1].rating;
            assert!((gap - step).abs() < 1.0, "{gap} vs {step}");
        }
    }

    #[test]
    fn ties_split_the_orders() {
        let mut c = Choices::new(3);
        c.add_ranking(&[0, 1, 2], &[1, 1, 3], 6.0);
        // Orders 0,1,2 and 1,0,2 three times each: 0 and 1 are chosen
        // first three times each, then each beats 2 three times.
        assert_eq!(c.chosen, vec![6.0, 6.0, 0.0]);
        assert_eq!(c.sets[&vec![0, 1, 2]], 6.0);
        assert_eq!(c.sets[&vec![0, 2]], 3.0);
        assert_eq!(c.sets[&vec![1, 2]], 3.0);
    }
}
