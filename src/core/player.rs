//! Seats at the table.

use std::fmt;

/// The most seats any ruleset may use (Millennium Blades seats up to five).
pub const MAX_PLAYERS: usize = 5;

/// A seat at the table, numbered from 0. Two-player rulesets call seat 0 `a`
/// and seat 1 `b` in their outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(pub u8);

impl Player {
    /// Seat 0, called `a` in two-player outputs.
    pub const A: Player = Player(0);
    /// Seat 1, called `b` in two-player outputs.
    pub const B: Player = Player(1);

    /// The seat index, for indexing per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The other seat of a two-player game.
    #[inline]
    pub fn opponent(self) -> Player {
        Player(self.0 ^ 1)
    }

    /// The seat's letter (`a`, `b`, `c`…), as used in CSV columns and logs.
    pub fn letter(self) -> char {
        (b'a' + self.0) as char
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
