//! A deck against a field: head-to-head results seen from one deck,
//! whichever seat it played (`matchups.csv` of `gauntlet` and
//! `round-robin`), and the equally weighted aggregate over a field.

use std::collections::BTreeMap;

use super::{RunStats, Score, Z95};

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

/// Every pairing of the run seen from each side. A mirror (same deck and
/// bot on both seats) is one pairing whose wins are seat a's.
pub fn head_to_head(stats: &RunStats) -> BTreeMap<Pairing, HeadToHead> {
    let mut out: BTreeMap<Pairing, HeadToHead> = BTreeMap::new();
    for (m, s) in &stats.matchups {
        let a = Pairing {
            deck: m.decks[0].clone(),
            opponent: m.decks[1].clone(),
            bot: m.bots[0].clone(),
            opponent_bot: m.bots[1].clone(),
        };
        let b = Pairing {
            deck: m.decks[1].clone(),
            opponent: m.decks[0].clone(),
            bot: m.bots[1].clone(),
            opponent_bot: m.bots[0].clone(),
        };
        let score_b = Score {
            games: s.score_a.games,
            half_points: 2 * s.score_a.games - s.score_a.half_points,
        };
        let mirror = a == b;
        let sides = [
            Some((a, s.score_a, s.wins[0], s.wins[1])),
            (!mirror).then_some((b, score_b, s.wins[1], s.wins[0])),
        ];
        for (key, score, wins, losses) in sides.into_iter().flatten() {
            let h = out.entry(key).or_default();
            h.score.merge(&score);
            h.wins += wins;
            h.losses += losses;
            h.draws += s.draws;
        }
    }
    out
}

/// The equally weighted mean of several win rates, with its 95% normal
/// interval (each rate's variance `p(1-p)/n`, the rates independent):
/// every opponent of a field counts the same whatever its number of games.
/// `None` if a rate has no game or there is none.
pub fn equal_weight_mean(scores: &[Score]) -> Option<(f64, f64, f64)> {
    if scores.is_empty() || scores.iter().any(|s| s.games == 0) {
        return None;
    }
    let k = scores.len() as f64;
    let rates: Vec<f64> = scores.iter().filter_map(Score::rate).collect();
    let mean = rates.iter().sum::<f64>() / k;
    let variance: f64 = scores
        .iter()
        .zip(&rates)
        .map(|(s, p)| p * (1.0 - p) / s.games as f64)
        .sum::<f64>()
        / (k * k);
    let half = Z95 * variance.sqrt();
    Some((mean, (mean - half).max(0.0), (mean + half).min(1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Outcome, Player};
    use crate::stats::{Matchup, MatchupStats};

    fn matchup(a: &str, b: &str, results: &[Option<Player>]) -> (Matchup, MatchupStats) {
        let mut s = MatchupStats::default();
        for &winner in results {
            s.add(
                &Outcome {
                    winner,
                    reason: "x",
                },
                Some(Player::A),
                10,
            );
        }
        let m = Matchup {
            decks: [a.into(), b.into()],
            bots: ["g".into(), "g".into()],
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
        assert_eq!(x.score.half_points, 11);
        let y = h[&key("y", "x")];
        assert_eq!((y.wins, y.losses, y.draws), (2, 5, 1));
        assert_eq!(x.score.half_points + y.score.half_points, 16);
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
    fn the_field_mean_weighs_opponents_equally() {
        let big = Score {
            games: 1000,
            half_points: 1800,
        };
        let small = Score {
            games: 10,
            half_points: 2,
        };
        let (mean, lo, hi) = equal_weight_mean(&[big, small]).unwrap();
        assert!((mean - 0.5).abs() < 1e-12, "{mean}");
        assert!(lo < mean && mean < hi);
        // The small sample dominates the width: sqrt(0.1*0.9/10)/2*1.96.
        assert!((hi - mean - Z95 * (0.009f64).sqrt() / 2.0).abs() < 1e-3);
        assert_eq!(equal_weight_mean(&[]), None);
    }
}
