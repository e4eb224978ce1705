//! Seats at the table: [`Player`] names one, [`Seats`] holds one value per
//! seat and is indexed by [`Player`] only, so a seat number never travels
//! as a bare integer.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most seats any ruleset may use (Millennium Blades seats up to five).
pub const MAX_PLAYERS: usize = 5;

/// A seat at the table, numbered from 0 in clockwise order. Outputs call
/// the seats `a`, `b`, `c`…
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    /// Seat 0, called `a` in outputs.
    pub const A: Player = Player(0);
    /// Seat 1, called `b` in outputs.
    pub const B: Player = Player(1);

    /// Seat `index` (from 0).
    ///
    /// # Panics
    /// If `index` is not below [`MAX_PLAYERS`] (a programming error).
    #[inline]
    pub fn new(index: usize) -> Player {
        assert!(index < MAX_PLAYERS, "seat {index} out of range");
        Player(index as u8)
    }

    /// The seat index, from 0.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The other seat of a two-seat game ("the opponent" of the two-player
    /// rulebooks). Only two-seat rulesets call it.
    #[inline]
    pub fn opponent(self) -> Player {
        debug_assert!(
            self.0 < 2,
            "opponent() of seat {self} in a game of more seats"
        );
        Player(self.0 ^ 1)
    }

    /// The next seat clockwise at a table of `players` seats.
    #[inline]
    pub fn next(self, players: usize) -> Player {
        Player(((self.index() + 1) % players) as u8)
    }

    /// The seats of a table of `players` seats, in order.
    pub fn all(players: usize) -> impl DoubleEndedIterator<Item = Player> + Clone {
        (0..players.min(MAX_PLAYERS) as u8).map(Player)
    }

    /// The seat's letter (`a`, `b`, `c`…), as used in CSV columns and logs.
    pub fn letter(self) -> char {
        (b'a' + self.0) as char
    }

    /// The seat a letter names (`a` to `e`).
    pub fn from_letter(letter: char) -> Option<Player> {
        let i = (letter as u32).checked_sub('a' as u32)? as usize;
        (i < MAX_PLAYERS).then_some(Player(i as u8))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One value per seat of a table of at most `N` seats: plain data (`Copy`
/// when `T` is), indexed by [`Player`]. Slots beyond the table's seats hold
/// `T::default()` and are never seen through the API.
#[derive(Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seats<T, const N: usize = MAX_PLAYERS> {
    items: [T; N],
    len: u8,
}

impl<T: Clone, const N: usize> Clone for Seats<T, N> {
    fn clone(&self) -> Self {
        Seats {
            items: self.items.clone(),
            len: self.len,
        }
    }

    /// Seat by seat with `T::clone_from`, so a `T` that copies only its
    /// used part (a game state's side) does so here too.
    fn clone_from(&mut self, source: &Self) {
        for (mine, theirs) in self.items.iter_mut().zip(&source.items) {
            mine.clone_from(theirs);
        }
        self.len = source.len;
    }
}

impl<T: Default, const N: usize> Seats<T, N> {
    /// The value `f(p)` for each seat `p` of a table of `players` seats.
    ///
    /// # Panics
    /// If `players` exceeds `N` (a programming error).
    pub fn from_fn(players: usize, mut f: impl FnMut(Player) -> T) -> Self {
        assert!(players <= N, "{players} seats in a table of at most {N}");
        Seats {
            items: std::array::from_fn(|i| {
                if i < players {
                    f(Player(i as u8))
                } else {
                    T::default()
                }
            }),
            len: players as u8,
        }
    }

    /// The same value for every seat of a table of `players` seats.
    pub fn filled(players: usize, value: T) -> Self
    where
        T: Clone,
    {
        Self::from_fn(players, |_| value.clone())
    }

    /// The values of `items`, seat `a` first.
    ///
    /// # Panics
    /// If there are more than `N` (a programming error).
    pub fn from_vec(items: Vec<T>) -> Self {
        let players = items.len();
        let mut items = items.into_iter();
        Self::from_fn(players, |_| items.next().unwrap_or_default())
    }

    /// Applies `f` to every seat's value.
    pub fn map<U: Default>(&self, mut f: impl FnMut(&T) -> U) -> Seats<U, N> {
        Seats::from_fn(self.len(), |p| f(&self[p]))
    }
}

impl<T, const N: usize> Seats<T, N> {
    /// The number of seats.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the table has no seat.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The seats, in order.
    pub fn players(&self) -> impl DoubleEndedIterator<Item = Player> + Clone + use<T, N> {
        Player::all(self.len())
    }

    /// The values, seat `a` first.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }

    /// The values, seat `a` first, mutably.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }

    /// The values, seat `a` first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    /// The values, seat `a` first, mutably.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.as_mut_slice().iter_mut()
    }

    /// (seat, value) pairs, seat `a` first.
    pub fn enumerate(&self) -> impl DoubleEndedIterator<Item = (Player, &T)> {
        self.as_slice()
            .iter()
            .enumerate()
            .map(|(i, t)| (Player(i as u8), t))
    }

    /// The two values of distinct seats `p` and `q`, mutably.
    ///
    /// # Panics
    /// If `p == q`.
    pub fn pair_mut(&mut self, p: Player, q: Player) -> (&mut T, &mut T) {
        assert_ne!(p, q, "pair_mut of one seat");
        let (lo, hi) = if p < q { (p, q) } else { (q, p) };
        let (left, right) = self.items.split_at_mut(hi.index());
        let (l, r) = (&mut left[lo.index()], &mut right[0]);
        if p < q { (l, r) } else { (r, l) }
    }
}

impl<T, const N: usize> Index<Player> for Seats<T, N> {
    type Output = T;
    #[inline]
    fn index(&self, p: Player) -> &T {
        debug_assert!(p.0 < self.len, "seat {p} of a {}-seat table", self.len);
        &self.items[p.index()]
    }
}

impl<T, const N: usize> IndexMut<Player> for Seats<T, N> {
    #[inline]
    fn index_mut(&mut self, p: Player) -> &mut T {
        debug_assert!(p.0 < self.len, "seat {p} of a {}-seat table", self.len);
        &mut self.items[p.index()]
    }
}

impl<T: Default, const N: usize> Default for Seats<T, N> {
    /// A table of `N` seats, each holding `T::default()`.
    fn default() -> Self {
        Seats::from_fn(N, |_| T::default())
    }
}

impl<T: fmt::Debug, const N: usize> fmt::Debug for Seats<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a Seats<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Serialize, const N: usize> Serialize for Seats<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de, T: Deserialize<'de> + Default, const N: usize> Deserialize<'de> for Seats<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(d)?;
        if items.len() > N {
            return Err(serde::de::Error::custom(format!(
                "{} seats, at most {N}",
                items.len()
            )));
        }
        Ok(Seats::from_vec(items))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_indexed_by_player_only_within_the_table() {
        let mut s: Seats<u32, 5> = Seats::from_fn(3, |p| p.index() as u32 * 10);
        assert_eq!(s.len(), 3);
        assert_eq!(s.as_slice(), &[0, 10, 20]);
        s[Player::new(2)] += 1;
        assert_eq!(s[Player::new(2)], 21);
        let (a, c) = s.pair_mut(Player::A, Player::new(2));
        std::mem::swap(a, c);
        assert_eq!(s.as_slice(), &[21, 10, 0]);
        assert_eq!(s.players().map(Player::letter).collect::<String>(), "abc");
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, "[21,10,0]");
        let back: Seats<u32, 5> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn seats_go_round_the_table() {
        let d = Player::new(3);
        assert_eq!(d.next(4), Player::A);
        assert_eq!(d.next(5), Player::new(4));
        assert_eq!(Player::B.opponent(), Player::A);
        assert_eq!(Player::from_letter('c'), Some(Player::new(2)));
        assert_eq!(Player::from_letter('f'), None);
    }
}
