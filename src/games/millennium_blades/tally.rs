//! Each seat's tally of its cards: the counts the bots' features read
//! (stars held, the deck's stars and RP worth, the collection, the hand,
//! the singles it could build a deck from), kept up to date as cards move
//! rather than counted over every instance for every position a bot
//! scores. [`State::put`](super::state::State::put) is the one way a
//! card moves; the invariants compare the tallies with a fresh count
//! ([`Table::tally`]) after every action of the soaks.

use super::state::{Area, MAX_INSTANCES, Zone};
use super::table::Table;
use crate::core::MAX_PLAYERS;

/// One seat's counts. Sums wrap, as the counts always fit: at most
/// [`MAX_INSTANCES`] cards of 10 stars, and a deck's worths are bounded
/// ([`super::table::MAX_WORTH`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Stars of every card the seat holds, in any of its areas.
    pub owned_stars: u16,
    /// Stars of the singles in its deck.
    pub deck_stars: u16,
    /// Cards in its collections.
    pub collection: u16,
    /// Cards in its hand.
    pub hand: u16,
    /// What the cards in its deck are worth, in tenths of an RP
    /// ([`Table::rp_worth`]).
    pub deck_rp: i16,
    /// The singles worth more than nothing in its binder or deck: bit `r`
    /// for the `r`-th of [`Table::singles_by_worth`], so the best come
    /// first.
    pub deck_pool: [u64; MAX_INSTANCES / 64],
}

impl Tally {
    /// The singles of [`Tally::deck_pool`], best first (instances).
    pub fn best_singles<'t>(&self, t: &'t Table) -> impl Iterator<Item = u16> + 't {
        let words = self.deck_pool;
        (0..words.len()).flat_map(move |w| {
            let mut bits = words[w];
            std::iter::from_fn(move || {
                let b = bits.trailing_zeros() as usize;
                bits &= bits.wrapping_sub(1);
                (b < 64).then(|| t.singles_by_worth[w * 64 + b])
            })
        })
    }

    /// Counts instance `i` of `t` in this seat's area `area`, or takes it
    /// off (`sign` −1).
    fn count(&mut self, t: &Table, i: usize, area: Area, sign: i16) {
        let stars = u16::from(t.stars[i]).wrapping_mul(sign as u16);
        let one = sign as u16;
        self.owned_stars = self.owned_stars.wrapping_add(stars);
        if matches!(area, Area::Binder | Area::Deck)
            && let Some(&rank) = t.worth_rank.get(i).filter(|&&r| r != u16::MAX)
            && let Some(word) = self.deck_pool.get_mut(usize::from(rank) / 64)
        {
            let bit = 1 << (rank % 64);
            *word = if sign > 0 { *word | bit } else { *word & !bit };
        }
        match area {
            Area::Deck => {
                if t.singles[i] {
                    self.deck_stars = self.deck_stars.wrapping_add(stars);
                }
                self.deck_rp = self.deck_rp.wrapping_add(t.rp_worth[i].wrapping_mul(sign));
            }
            Area::Collection | Area::Collection2 => {
                self.collection = self.collection.wrapping_add(one);
            }
            Area::Hand => self.hand = self.hand.wrapping_add(one),
            Area::Binder | Area::Tableau | Area::Board => {}
        }
    }
}

/// Counts instance `i` of `t` in `zone` into `tallies` (`sign` 1), or
/// out of them (−1); only player zones count.
pub(super) fn count(
    tallies: &mut [Tally; MAX_PLAYERS],
    t: &Table,
    i: usize,
    zone: Zone,
    sign: i16,
) {
    if let Some((area, p)) = zone.owner()
        && let Some(tally) = tallies.get_mut(p.index())
    {
        tally.count(t, i, area, sign);
    }
}

impl Table {
    /// Every seat's tally counted afresh from where the instances are.
    pub fn tally(&self, zones: &[Zone; MAX_INSTANCES]) -> [Tally; MAX_PLAYERS] {
        let mut tallies = [Tally::default(); MAX_PLAYERS];
        for (i, &zone) in zones.iter().enumerate().take(self.len()) {
            count(&mut tallies, self, i, zone, 1);
        }
        tallies
    }
}
