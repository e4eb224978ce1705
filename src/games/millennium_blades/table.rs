//! The physical cards of a match: every copy of every card of the pool's
//! sets, and each seat's starter deck, numbered as instances. The table is
//! built once per match (it is immutable, shared by every game); setup
//! then chooses which sets go into the store, which promos are fused or
//! given as prizes, and shuffles the metagame stacks (rules: "Game
//! Setup").

use super::cards::{CardDb, CardId, Kind, Tier};
use super::deck::Deck;
use super::state::MAX_INSTANCES;
use crate::core::Seats;

/// The most an instance's [`Table::rp_worth`] may be, either way: 200
/// RP, beyond any card worth playing (the features sum a deck's worths
/// in 16 bits).
pub const MAX_WORTH: f32 = 2000.0;

/// The instances of one set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetCards {
    /// The set's name (a label of the pool).
    pub label: u8,
    /// Its tier.
    pub tier: Tier,
    /// Its instances, in pool order.
    pub cards: Vec<u16>,
}

/// Every physical card of a match.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Table {
    /// The card of each instance.
    pub cards: Vec<CardId>,
    /// The printed star rating of each instance's card (what the bots'
    /// features read for every instance, kept beside the ids).
    pub stars: Vec<u8>,
    /// Whether each instance's card is a single.
    pub singles: Vec<bool>,
    /// What each instance's effects are worth to its owner, in tenths of
    /// an RP, as the bots estimate it ([`super::cards::Card::rp_worth`]),
    /// within ±[`MAX_WORTH`].
    pub rp_worth: Vec<i16>,
    /// The singles worth more than nothing, by worth (highest first; ties
    /// in instance order).
    pub singles_by_worth: Vec<u16>,
    /// Each instance's place in [`Table::singles_by_worth`], or `u16::MAX`
    /// for the rest.
    pub worth_rank: Vec<u16>,
    /// What each instance costs if it comes up in the store: its set's
    /// buy cost, or for a set without one (promos, starters) the highest
    /// star rating of its set (a ruling; one price per set, as a card's
    /// back shows only its set).
    pub prices: Vec<u8>,
    /// The sets of the pool (starters excluded), in pool order.
    pub sets: Vec<SetCards>,
    /// The elemental and the type metagame cards.
    pub metas: [Vec<u16>; 2],
    /// Each seat's starter deck.
    pub starters: Seats<Vec<u16>>,
}

impl Table {
    /// The table of `db` with the starter decks `decks`, one per seat.
    ///
    /// # Panics
    /// If the pool and decks hold more than [`MAX_INSTANCES`] cards: the
    /// pool's loader refuses such pools.
    pub fn new(db: &CardDb, decks: &[Deck]) -> Table {
        let mut t = Table::default();
        let price = |card: CardId| -> u8 {
            let c = db.card(card);
            if c.price > 0 {
                return c.price;
            }
            let same_set = db.cards().filter(|(_, o)| o.set == c.set);
            same_set.map(|(_, o)| o.stars).max().unwrap_or(c.stars)
        };
        let add = |t: &mut Table, card: CardId| -> u16 {
            assert!(t.cards.len() < MAX_INSTANCES, "too many cards in the game");
            t.cards.push(card);
            t.stars.push(db.card(card).stars);
            t.singles.push(db.card(card).kind == Kind::Single);
            t.rp_worth
                .push((db.card(card).rp_worth() * 10.0).round() as i16);
            t.prices.push(price(card));
            (t.cards.len() - 1) as u16
        };
        for (id, card) in db.cards() {
            if card.tier == Tier::Starter {
                continue;
            }
            for _ in 0..card.copies {
                let i = add(&mut t, id);
                match card.kind {
                    Kind::ElementMeta => t.metas[0].push(i),
                    Kind::TypeMeta => t.metas[1].push(i),
                    _ => match t.sets.iter_mut().find(|s| s.label == card.set) {
                        Some(s) => s.cards.push(i),
                        None => t.sets.push(SetCards {
                            label: card.set,
                            tier: card.tier,
                            cards: vec![i],
                        }),
                    },
                }
            }
        }
        let starters: Vec<Vec<u16>> = decks
            .iter()
            .map(|d| {
                d.cards
                    .iter()
                    .flat_map(|&(c, n)| std::iter::repeat_n(c, usize::from(n)))
                    .map(|c| add(&mut t, c))
                    .collect()
            })
            .collect();
        t.starters = Seats::from_vec(starters);
        let mut singles: Vec<u16> = (0..t.len() as u16)
            .filter(|&i| t.singles[usize::from(i)] && t.rp_worth[usize::from(i)] > 0)
            .collect();
        singles.sort_by_key(|&i| std::cmp::Reverse(t.rp_worth[usize::from(i)]));
        t.worth_rank = vec![u16::MAX; t.len()];
        for (rank, &i) in singles.iter().enumerate() {
            t.worth_rank[usize::from(i)] = rank as u16;
        }
        t.singles_by_worth = singles;
        t
    }

    /// The card of instance `i`.
    #[inline]
    pub fn card(&self, i: u16) -> CardId {
        self.cards[usize::from(i)]
    }

    /// What `card` costs in the store: its set's price (see
    /// [`Table::prices`]); 0 for a card with no copy on the table.
    pub fn set_price(&self, card: CardId) -> u8 {
        self.cards
            .iter()
            .position(|&c| c == card)
            .map_or(0, |i| self.prices[i])
    }

    /// The number of instances.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the table is empty (never: the core set is required).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The sets of tier `tier`.
    pub fn sets_of(&self, tier: Tier) -> impl Iterator<Item = &SetCards> {
        self.sets.iter().filter(move |s| s.tier == tier)
    }
}
