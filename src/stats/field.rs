//! A deck against a field: head-to-head results seen from one deck,
//! whichever seat it played (`matchups.csv` of `gauntlet` and
//! `round-robin`), and the equally weighted aggregate over a field.

use std::collections::BTreeMap;

use super::{RunStats, Score, Z95};
use crate::core::Seats;

/// A deck and its bot against an opponent deck and its bot.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pairing {
    /// The deck whose results these are.
    pub deck: String,
    /// The opposing deck.
    pub opponent: String,
    /// The deck's bot.
    pub bot: String,
    /// The opponent's bot.
    pub opponent_bot: String,
}

/// The deck's results in a [`Pairing`], over both seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeadToHead {
    /// The deck's score (draws are half a win).
    pub score: Score,
    /// Games the deck won.
    pub wins: u64,
    /// Games the deck lost.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
}

/// What the entries other than `e` of a table are called: the one name
/// they share, or their names joined by ` + ` in entry order.
fn others(names: &Seats<String>, e: usize) -> String {
    let rest: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != e)
        .map(|(_, n)| n.as_str())
        .collect();
    if rest.iter().all(|n| *n == rest[0]) {
        rest[0].to_owned()
    } else {
        rest.join(" + ")
    }
}

/// Entry `e` of a table (its entries' decks and bots, in entry order) seen
/// from that entry: its deck and bot against the others. A mirror (every
/// entry the same deck and bot) is one pairing, entry a's: `None` for its
/// other entries.
pub fn entry_pairing(decks: &Seats<String>, bots: &Seats<String>, e: usize) -> Option<Pairing> {
    let (d, b) = (decks.as_slice(), bots.as_slice());
    let mirror = d.iter().all(|x| *x == d[0]) && b.iter().all(|x| *x == b[0]);
    (e < d.len() && !(mirror && e > 0)).then(|| Pairing {
        deck: d[e].clone(),
        opponent: others(decks, e),
        bot: b[e].clone(),
        opponent_bot: others(bots, e),
    })
}

/// Every entry of every table of the run, seen from that entry (see
/// [`entry_pairing`]; at two seats, each side of a matchup).
pub fn head_to_head(stats: &RunStats) -> BTreeMap<Pairing, HeadToHead> {
    let mut out: BTreeMap<Pairing, HeadToHead> = BTreeMap::new();
    for (m, s) in &stats.matchups {
        for (e, entry) in s.entries.iter().enumerate() {
            let Some(key) = entry_pairing(&m.decks, &m.bots, e) else {
                continue;
            };
            let wins = s.wins(e);
            let shared = s
                .rankings
                .iter()
                .filter(|(r, _)| r[e] == 1 && r.iter().filter(|&&x| x == 1).count() > 1)
                .map(|(_, n)| n)
                .sum::<u64>();
            let h = out.entry(key).or_default();
            h.score.merge(&entry.rank_score);
            h.wins += wins;
            h.draws += shared;
            h.losses += s.games - wins - shared;
        }
    }
    out
}

/// The equally weighted mean of several win rates, with its 95% normal
/// interval (the rates independent, each with the variance of its mean
/// over its games and z²/2 pseudo-games at 0 and at 1, `ñ = n + z²`, as
/// [`super::bounded_mean95`]: for games worth 0 or 1 that is the
/// Agresti–Coull `p̃(1-p̃)/ñ`, and a rate of 0% or 100% still has a width;
/// draws and rank scores, which vary less, count for what they are): every
/// opponent of a field counts the same whatever its number of games.
/// `None` if a rate has no game or there is none.
pub fn equal_weight_mean(scores: &[Score]) -> Option<(f64, f64, f64)> {
    if scores.is_empty() || scores.iter().any(|s| s.games == 0) {
        return None;
    }
    let k = scores.len() as f64;
    let rates: Vec<f64> = scores.iter().filter_map(Score::rate).collect();
    let mean = rates.iter().sum::<f64>() / k;
    let z2 = Z95 * Z95;
    let variance: f64 = scores
        .iter()
        .map(|s| {
            let n = s.games as f64 + z2;
            let p = (s.points() + z2 / 2.0) / n;
            let square = (s.points_squared() + z2 / 2.0) / n;
            (square - p * p).max(0.0) / n
        })
        .sum::<f64>()
        / (k * k);
    let half = Z95 * variance.sqrt();
    Some((mean, (mean - half).max(0.0), (mean + half).min(1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Outcome, Player, Seats};
    use crate::stats::{Matchup, MatchupStats};

    fn matchup(a: &str, b: &str, results: &[Option<Player>]) -> (Matchup, MatchupStats) {
        let mut s = MatchupStats::default();
        for &winner in results {
            let o = match winner {
                Some(w) => Outcome::win(2, w, "x"),
                None => Outcome::draw(2, "x"),
            };
            s.add(&o, 0, Some(Player::A), &Seats::filled(2, 0), 10);
        }
        let m = Matchup {
            decks: Seats::from_vec(vec![a.into(), b.into()]),
            bots: Seats::filled(2, "g".into()),
        };
        (m, s)
    }

    #[test]
    fn both_seats_add_up_from_each_side() {
        let (a, b) = (Some(Player::A), Some(Player::B));
        let mut stats = RunStats::default();
        for (m, s) in [
            matchup("x", "y", &[a, a, b, None]),
            matchup("y", "x", &[a, b, b, b]),
        ] {
            stats.matchups.insert(m, s);
        }
        let h = head_to_head(&stats);
        let key = |d: &str, o: &str| Pairing {
            deck: d.into(),
            opponent: o.into(),
            bot: "g".into(),
            opponent_bot: "g".into(),
        };
        let x = h[&key("x", "y")];
        // x as seat a: 2 wins, 1 loss, 1 draw; as seat b: 3 wins, 1 loss.
        assert_eq!((x.wins, x.losses, x.draws, x.score.games), (5, 2, 1, 8));
        assert_eq!(x.score.points(), 5.5);
        let y = h[&key("y", "x")];
        assert_eq!((y.wins, y.losses, y.draws), (2, 5, 1));
        assert_eq!(x.score.points() + y.score.points(), 8.0);
    }

    #[test]
    fn a_mirror_is_counted_once() {
        let mut stats = RunStats::default();
        let (m, s) = matchup(
            "x",
            "x",
            &[Some(Player::A), Some(Player::B), Some(Player::A)],
        );
        stats.matchups.insert(m, s);
        let h = head_to_head(&stats);
        assert_eq!(h.len(), 1);
        let x = h.values().next().unwrap();
        assert_eq!((x.wins, x.losses, x.score.games), (2, 1, 3));
    }

    #[test]
    fn a_four_seat_table_is_seen_from_each_entry() {
        // x against three copies of y; x wins one game, y (entry c) one,
        // and the third game's first place is shared by x and entry b.
        let mut s = MatchupStats::default();
        for keys in [[9, 1, 1, 1], [1, 2, 9, 3], [5, 5, 1, 1]] {
            let o = Outcome::ranked_by(&keys, "vp");
            s.add(&o, 0, None, &Seats::from_vec(keys.to_vec()), 10);
        }
        let m = Matchup {
            decks: Seats::from_vec(vec!["x".into(), "y".into(), "y".into(), "y".into()]),
            bots: Seats::filled(4, "g".into()),
        };
        let mut stats = RunStats::default();
        stats.matchups.insert(m, s);
        let h = head_to_head(&stats);
        let x = h
            .iter()
            .find(|(p, _)| p.deck == "x")
            .map(|(p, h)| (p.opponent.clone(), *h))
            .unwrap();
        assert_eq!(x.0, "y");
        assert_eq!((x.1.wins, x.1.draws, x.1.losses), (1, 1, 1));
    }

    #[test]
    fn the_field_mean_weighs_opponents_equally() {
        let big = Score::of_points(1000, 900);
        let small = Score::of_points(10, 1);
        let (mean, lo, hi) = equal_weight_mean(&[big, small]).unwrap();
        assert!((mean - 0.5).abs() < 1e-12, "{mean}");
        assert!(lo < mean && mean < hi);
        // Each rate's Agresti-Coull variance; the small sample dominates.
        let z2 = Z95 * Z95;
        let ac = |x: f64, n: f64| {
            let p = (x + z2 / 2.0) / (n + z2);
            p * (1.0 - p) / (n + z2)
        };
        let half = Z95 * (ac(900.0, 1000.0) + ac(1.0, 10.0)).sqrt() / 2.0;
        assert!((hi - mean - half).abs() < 1e-12, "{hi} {half}");
        assert!((mean - lo - half).abs() < 1e-12, "{lo} {half}");
        // Two opponents beaten in all 4 games: 100%, but not known to be
        // (Wilson puts each at [51%, 100%]).
        let (mean, lo, hi) = equal_weight_mean(&[Score::of_points(4, 4); 2]).unwrap();
        assert_eq!((mean, hi), (1.0, 1.0));
        assert!(lo < 0.85, "{lo}");
        assert_eq!(equal_weight_mean(&[]), None);
    }
}
