//! Seeding and chance. All randomness in decklab flows from one master seed:
//! game `i` gets `game_seed(master, i)`, and everything inside that game
//! (shuffles, coins, bots) draws from RNGs derived from it. No global state.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The one RNG type of the project: fast, small, and reproducible.
pub type GameRng = Xoshiro256PlusPlus;

/// One step of SplitMix64: a bijective mix with good avalanche, used to
/// split seeds.
#[inline]
pub fn split_mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` of a run with master seed `master`. It depends
/// only on those two numbers, so shards and thread counts cannot change it.
pub fn game_seed(master: u64, index: u64) -> u64 {
    split_mix(split_mix(master) ^ split_mix(index.wrapping_add(0x5851_F42D_4C95_7F2D)))
}

/// A fresh RNG from a 64-bit seed.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// An independent RNG for a named purpose (`stream`) within one game, e.g.
/// the rules' chance, or one seat's bot.
pub fn derive_rng(seed: u64, stream: u64) -> GameRng {
    rng_from_seed(split_mix(seed ^ split_mix(stream.wrapping_add(1))))
}

/// A uniform integer in `0..n` (`n > 0`), by Lemire's multiply-shift with
/// rejection, so there is no modulo bias. The rejection threshold
/// (`2^32 mod n`, below `n`) needs a division, so it is computed only when
/// the low half of the product is below `n`, the one case where it can
/// reject: the same draws and the same result as always computing it.
#[inline]
pub fn below(rng: &mut GameRng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// Fisher–Yates shuffle.
pub fn shuffle<T>(rng: &mut GameRng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_seeds_differ_by_index_and_master() {
        assert_ne!(game_seed(0, 0), game_seed(0, 1));
        assert_ne!(game_seed(0, 1), game_seed(1, 0));
        assert_eq!(game_seed(7, 3), game_seed(7, 3));
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = rng_from_seed(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[below(&mut rng, 6) as usize] += 1;
        }
        for c in counts {
            assert!((9_400..10_600).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn below_draws_as_lemire_with_the_threshold_always_computed() {
        // The textbook form: the threshold first, then reject below it.
        fn reference(rng: &mut GameRng, n: u32) -> u32 {
            let threshold = n.wrapping_neg() % n;
            loop {
                let m = u64::from(rng.next_u32()) * u64::from(n);
                if (m as u32) >= threshold {
                    return (m >> 32) as u32;
                }
            }
        }
        // Large n reject often (2^31 + 1: almost half the draws).
        for n in [
            1,
            2,
            3,
            6,
            7,
            50,
            1 << 31,
            (1 << 31) + 1,
            3_000_000_000,
            u32::MAX,
        ] {
            let (mut fast, mut slow) = (rng_from_seed(u64::from(n)), rng_from_seed(u64::from(n)));
            for _ in 0..2_000 {
                assert_eq!(below(&mut fast, n), reference(&mut slow, n), "n = {n}");
            }
            // The same number of draws: the streams are still in step.
            assert_eq!(fast.next_u64(), slow.next_u64(), "n = {n}");
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = rng_from_seed(2);
        let mut v: Vec<u32> = (0..50).collect();
        shuffle(&mut rng, &mut v);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }
}
