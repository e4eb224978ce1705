//! `--shard K/N`: the games of a run split across machines. Shard `K` of
//! `N` plays the game indices `i ≡ K (mod N)`, each with the seed it has in
//! the whole run, so the shards together play exactly the games of the
//! unsharded run and `decklab merge` can rebuild its files byte for byte.

use std::fmt;
use std::str::FromStr;

/// One shard of a run: indices `≡ index (mod count)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    /// `K`, from 0 to `count - 1`.
    pub index: u64,
    /// `N`, at least 1.
    pub count: u64,
}

impl Shard {
    /// The whole run: `0/1`.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether this is the whole run.
    pub fn is_whole(self) -> bool {
        self.count == 1
    }

    /// The indices of `first..first + len` this shard plays, as (the first
    /// of them, how many); consecutive ones are `count` apart.
    pub fn select(self, first: u64, len: u64) -> (u64, u64) {
        let offset = (self.index + self.count - first % self.count) % self.count;
        let start = first + offset;
        let end = first + len;
        if start >= end {
            (start, 0)
        } else {
            (start, (end - 1 - start) / self.count + 1)
        }
    }
}

impl Default for Shard {
    fn default() -> Self {
        Shard::WHOLE
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why a `--shard` value was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "invalid shard \"{0}\": expected K/N with N at least 1 and K from 0 to N-1 (e.g. 0/4 ... 3/4)"
)]
pub struct ShardError(String);

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Self, ShardError> {
        let bad = || ShardError(s.to_owned());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!("0/1".parse(), Ok(Shard::WHOLE));
        for bad in ["3/2", "2/2", "1/0", "a/2", "1", "-1/2", "1/2/3", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(Shard { index: 1, count: 3 }.to_string(), "1/3");
    }

    #[test]
    fn the_shards_partition_any_range() {
        for (first, len) in [(0, 10), (7, 13), (5, 0), (3, 1), (100, 7)] {
            for count in 1..6 {
                let mut all: Vec<u64> = Vec::new();
                for index in 0..count {
                    let (start, n) = Shard { index, count }.select(first, len);
                    let mine: Vec<u64> = (0..n).map(|j| start + j * count).collect();
                    assert!(mine.iter().all(|i| i % count == index));
                    all.extend(mine);
                }
                all.sort_unstable();
                assert_eq!(all, (first..first + len).collect::<Vec<_>>());
            }
        }
    }
}
