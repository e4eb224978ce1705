//! How a game ended: a ranking of the seats and a reason.
//!
//! Every seat gets a final rank from 1 (standard competition ranking: seats
//! that tie share the best rank of their group, and the next rank skips,
//! "1, 1, 3"). A seat's **return** is its rank score `(N − position) / (N −
//! 1)`, where `position` is its rank averaged over the places its tie group
//! covers: exactly 1 for a win, 0 for a loss and 0.5 for a draw at two
//! seats, and in `[0, 1]` at every table size. Its **win share** is `1/k`
//! when it shares first place with `k − 1` others, else 0. Both are exact
//! multiples of `1 / UNITS_PER_GAME`, so tallies of them are integers.

use super::{MAX_PLAYERS, Player, Seats};

/// Returns and win shares are exact multiples of `1 / UNITS_PER_GAME` at
/// every table size from 2 to 5 seats (the least common multiple of the
/// denominators `2(N − 1)` and `k`).
pub const UNITS_PER_GAME: u64 = 120;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Each seat's rank, from 1; tied seats share a rank.
    ranks: Seats<u8>,
    /// Why it ended, in the ruleset's words (`hero_ko`, `prizes`,
    /// `turn_limit`…), as written to `games.csv`.
    pub reason: &'static str,
}

impl Outcome {
    /// `winner` ranks first, every other seat shares second place.
    pub fn win(players: usize, winner: Player, reason: &'static str) -> Outcome {
        Outcome {
            ranks: Seats::from_fn(players, |p| if p == winner { 1 } else { 2 }),
            reason,
        }
    }

    /// Every seat shares first place.
    pub fn draw(players: usize, reason: &'static str) -> Outcome {
        Outcome {
            ranks: Seats::filled(players, 1),
            reason,
        }
    }

    /// Ranked by `keys`, higher first; equal keys share a rank. A ruleset
    /// with tie-breakers folds them into the key (e.g. a tuple).
    pub fn ranked_by<K: PartialOrd>(keys: &[K], reason: &'static str) -> Outcome {
        Outcome {
            ranks: Seats::from_fn(keys.len(), |p| {
                let ahead = keys.iter().filter(|k| **k > keys[p.index()]).count();
                1 + ahead as u8
            }),
            reason,
        }
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.ranks.len()
    }

    /// The rank of `p`, from 1.
    pub fn rank(&self, p: Player) -> u8 {
        self.ranks[p]
    }

    /// Every seat's rank.
    pub fn ranks(&self) -> &Seats<u8> {
        &self.ranks
    }

    /// The seat that ranked first alone, if one did.
    pub fn winner(&self) -> Option<Player> {
        let mut firsts = self.ranks.enumerate().filter(|(_, r)| **r == 1);
        match (firsts.next(), firsts.next()) {
            (Some((p, _)), None) => Some(p),
            _ => None,
        }
    }

    /// How many seats share `p`'s rank (itself included).
    fn tied_with(&self, p: Player) -> u64 {
        let r = self.ranks[p];
        self.ranks.iter().filter(|&&q| q == r).count() as u64
    }

    /// `p`'s return (rank score) in units of `1 / UNITS_PER_GAME`.
    pub fn return_units(&self, p: Player) -> u64 {
        let n = self.players() as u64;
        if n < 2 {
            return UNITS_PER_GAME;
        }
        // 2(N − 1) × (N − position), position = rank + (tied − 1) / 2.
        let doubled = 2 * n - 2 * u64::from(self.ranks[p]) - (self.tied_with(p) - 1);
        doubled * UNITS_PER_GAME / (2 * (n - 1))
    }

    /// `p`'s return: its rank score in `[0, 1]` (1 win, 0 loss, 0.5 draw
    /// at two seats).
    pub fn returns(&self, p: Player) -> f64 {
        self.return_units(p) as f64 / UNITS_PER_GAME as f64
    }

    /// Every seat's return.
    pub fn all_returns(&self) -> Seats<f64> {
        Seats::from_fn(self.players(), |p| self.returns(p))
    }

    /// `p`'s share of first place in units of `1 / UNITS_PER_GAME`: all of
    /// it for a lone winner, `1/k` of it when `k` seats share first place.
    pub fn win_units(&self, p: Player) -> u64 {
        if self.ranks[p] == 1 {
            UNITS_PER_GAME / self.tied_with(p)
        } else {
            0
        }
    }
}

const _: () = assert!(
    MAX_PLAYERS <= 5,
    "UNITS_PER_GAME covers tables of at most 5 seats"
);

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: usize) -> Player {
        Player::new(i)
    }

    #[test]
    fn two_seats_score_one_zero_and_a_half() {
        let win = Outcome::win(2, Player::B, "x");
        assert_eq!((win.returns(Player::A), win.returns(Player::B)), (0.0, 1.0));
        assert_eq!(win.winner(), Some(Player::B));
        let draw = Outcome::draw(2, "x");
        assert_eq!(draw.returns(Player::A), 0.5);
        assert_eq!(draw.winner(), None);
        assert_eq!(draw.win_units(Player::A), UNITS_PER_GAME / 2);
    }

    #[test]
    fn ranks_share_ties_and_returns_average_the_places() {
        // Scores 9, 5, 5, 1: ranks 1, 2, 2, 4.
        let o = Outcome::ranked_by(&[9, 5, 5, 1], "vp");
        assert_eq!(o.ranks().as_slice(), &[1, 2, 2, 4]);
        // Positions 1, 2.5, 2.5, 4 of 4: returns 1, 0.5, 0.5, 0.
        let r: Vec<f64> = o.all_returns().iter().copied().collect();
        assert_eq!(r, vec![1.0, 0.5, 0.5, 0.0]);
        // Returns of a table always sum to N/2.
        for keys in [vec![3, 3, 3], vec![1, 2, 3, 4, 5], vec![2, 2, 1, 1, 0]] {
            let o = Outcome::ranked_by(&keys, "x");
            let total: u64 = Player::all(keys.len()).map(|s| o.return_units(s)).sum();
            assert_eq!(total * 2, keys.len() as u64 * UNITS_PER_GAME);
            let wins: u64 = Player::all(keys.len()).map(|s| o.win_units(s)).sum();
            assert_eq!(wins, UNITS_PER_GAME);
        }
        let lone = Outcome::win(4, p(2), "x");
        assert_eq!(lone.ranks().as_slice(), &[2, 2, 1, 2]);
        assert!((lone.returns(p(0)) - 1.0 / 3.0).abs() < 1e-12);
    }
}
