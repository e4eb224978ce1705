//! What a player can see: `determinize` resamples the rest, `info_key`
//! names the information set (see docs/rulings/millennium-blades.md,
//! "Hidden information").
//!
//! A player's personal area is on the table (rules: "your personal area":
//! cards are moved and sorted in the open; a card bought from the store is
//! turned over to "find out what it is"), so binders, decks and
//! collections are public, as are every face-up card (tableaux, boards,
//! the aftermarket, the revealed metagame cards), the sets in the game
//! (the promo sets of the fusion area and of the prizes included), money,
//! markers, VP and RP.
//!
//! Hidden: the store deck's order and the store area's face-down cards
//! (their backs show their set, as does the back of the store deck's top
//! card), the store discard's face-down cards, the order of the metagame,
//! promo and prize piles (a promo "is acquired from the top of its Promo
//! Deck": no one knows which until it is taken), and the cards in the
//! other players' hands that the
//! observer has not seen (cards drawn from the store in a tournament, the
//! hands of Turn-Based Mode).
//!
//! A determinization keeps everything public and deals the unseen cards
//! back into the unseen places at random, each store-area place (and the
//! store deck's top) taking a card of its set; the piles are shuffled.
//! Without an RNG the same steps take the first card every time: that
//! canonical deal is what `info_key` hashes.

use std::hash::{Hash, Hasher};

use super::MillenniumBlades;
use super::state::{Area, MAX_INSTANCES, State, Zone};
use crate::core::{GameRng, Player, shuffle};

impl MillenniumBlades {
    /// Redeals what `observer` cannot see: shuffled by `rng` if given (a
    /// determinization), else the canonical deal. The result depends only
    /// on what `observer` can see, and on `rng`.
    pub(super) fn redeal(&self, s: &mut State, observer: Player, mut rng: Option<&mut GameRng>) {
        // Piles of known contents: only their order is hidden.
        let piles = s.metas.iter_mut().chain(s.prizes.iter_mut());
        let promos = s.fusion.iter_mut().map(|pile| &mut pile[..]);
        for pile in piles.map(|pile| &mut pile[..]).chain(promos) {
            pile.sort_unstable();
            if let Some(r) = rng.as_deref_mut() {
                shuffle(r, pile);
            }
        }
        let sees = |i: usize| s.known[i] & (1 << observer.index()) != 0;
        let hidden_zone = |z: Zone| match z {
            Zone::STORE | Zone::AREA | Zone::DISCARD => true,
            _ => z.is_hand() && z.owner().is_some_and(|(_, q)| q != observer),
        };
        let unseen = |c: u16| hidden_zone(s.zone(c)) && !sees(usize::from(c));
        // The unseen places in an order the observer can tell: the store
        // area's slots, the store deck bottom to top, then the other
        // places by zone (places of one zone are alike).
        let mut places: Vec<u16> = Vec::with_capacity(self.table.len());
        places.extend(s.area.iter().copied().filter(|&c| unseen(c)));
        places.extend(s.store.as_slice().iter().copied().filter(|&c| unseen(c)));
        // The other unseen places: the store discard and the others' hands
        // (the test of `unseen` without the two zones above, in arithmetic
        // on the zone numbers, as it runs over every instance).
        let seat = observer.index() as u8;
        let bit = 1u8 << observer.index();
        let others_hand = |z: Zone| {
            let rel = z.0.wrapping_sub(Zone::PLAYER);
            rel >> 3 == Area::Hand as u8 && rel & 7 != seat
        };
        let rest = places.len();
        places.extend(
            s.live_zones()
                .iter()
                .zip(&s.known)
                .enumerate()
                .filter(|(_, (z, known))| {
                    (**z == Zone::DISCARD || others_hand(**z)) && **known & bit == 0
                })
                .map(|(c, _)| c as u16),
        );
        places[rest..].sort_by_key(|&c| (s.zone(c), s.known[usize::from(c)]));
        if places.is_empty() {
            return;
        }
        // The backs the observer sees: the store area's cards and the store
        // deck's top.
        let top = s.store.top();
        let shows_set = |c: u16| s.zone(c) == Zone::AREA || Some(c) == top;
        let mut pool = places.clone();
        pool.sort_unstable();
        if let Some(r) = rng {
            shuffle(r, &mut pool);
        }
        let mut taken = vec![false; pool.len()];
        // Places showing a set first, each taking a card of that set (each
        // set has at least as many unseen cards as places showing it: the
        // true deal), then the rest in pool order.
        let mut dealt: Vec<(u16, u16)> = Vec::with_capacity(places.len());
        for &place in places.iter().filter(|&&c| shows_set(c)) {
            let set = self.card(place).set;
            let i = (0..pool.len())
                .find(|&i| !taken[i] && self.card(pool[i]).set == set)
                .or_else(|| taken.iter().position(|t| !t))
                .unwrap_or(0);
            taken[i] = true;
            dealt.push((place, pool[i]));
        }
        let mut free = (0..pool.len()).filter(|&i| !taken[i]);
        for &place in places.iter().filter(|&&c| !shows_set(c)) {
            let i = free.next().unwrap_or(0);
            dealt.push((place, pool[i]));
        }
        self.move_cards(s, &dealt);
    }

    /// Puts card `new` where card `old` was, for every pair (a permutation
    /// of the unseen cards): zone, who knows it, and its place in the store
    /// deck or area.
    fn move_cards(&self, s: &mut State, dealt: &[(u16, u16)]) {
        let (zone, known) = (*s.zones(), s.known);
        let mut new_of = [u16::MAX; MAX_INSTANCES];
        for &(old, new) in dealt {
            new_of[usize::from(old)] = new;
            s.put(&self.table, new, zone[usize::from(old)]);
            s.known[usize::from(new)] = known[usize::from(old)];
        }
        let renamed = |c: u16| match new_of[usize::from(c)] {
            u16::MAX => c,
            n => n,
        };
        for c in s.store.as_mut_slice() {
            *c = renamed(*c);
        }
        for c in s.area.iter_mut() {
            *c = renamed(*c);
        }
    }

    /// A hash of everything `player` can see: the hash of the canonical
    /// deal of what it cannot.
    pub(super) fn info_hash(&self, s: &State, player: Player) -> u64 {
        let mut canonical = *s;
        self.redeal(&mut canonical, player, None);
        let mut h = std::hash::DefaultHasher::new();
        canonical.hash(&mut h);
        player.hash(&mut h);
        h.finish()
    }
}
