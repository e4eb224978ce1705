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
//! In Turn-Based Mode a promo that a fusion or a scoring put into another
//! player's hand is dealt with its pile only: each promo pile's cards and
//! its promos in those hands go back into the pile and those hand places,
//! and the other places of those hands take no promo.
//! Without an RNG the same steps take the first card every time: that
//! canonical deal is what `info_key` hashes.

use std::hash::{Hash, Hasher};

use super::cards::Tier;
use super::state::{Area, MAX_INSTANCES, State, Zone};
use super::{MillenniumBlades, Mode};
use crate::core::{GameRng, Player, shuffle};

impl MillenniumBlades {
    /// Redeals what `observer` cannot see: shuffled by `rng` if given (a
    /// determinization), else the canonical deal; the promos in the others'
    /// Turn-Based hands only with their piles (see the module doc). The
    /// result depends only on what `observer` can see, and on `rng`.
    pub(super) fn redeal(&self, s: &mut State, observer: Player, mut rng: Option<&mut GameRng>) {
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
        // Turn-Based Mode's promos in the others' hands, which a fusion or
        // a scoring put there, and in the store discard, where a scoring
        // sends a hand: the observer knows which pile each came from, not
        // which card. They are dealt with their piles, not with the rest,
        // by pile, then in the order above.
        let turn_based = self.options.mode == Mode::TurnBased;
        let held_zone = |z: Zone| z.is_hand() || z == Zone::DISCARD;
        let mut held: Vec<u16> = Vec::new();
        if turn_based {
            let promo = |c: &u16| held_zone(s.zone(*c)) && self.card(*c).tier.is_promo();
            held.extend(places.iter().copied().filter(promo));
            places.retain(|c| !promo(c));
            held.sort_by_key(|&c| self.promo_pile(c));
        }
        // Piles of known contents: only their order is hidden. Each promo
        // pile is dealt with its promos held in hands; those of a pile now
        // empty are dealt among their own places.
        let mut dealt: Vec<(u16, u16)> = Vec::with_capacity(places.len());
        for pile in s.metas.iter_mut().map(|pile| &mut pile[..]) {
            deal_pile(pile, &[], rng.as_deref_mut(), &mut dealt);
        }
        let promos = s.prizes.iter_mut().map(|pile| &mut pile[..]);
        for pile in promos.chain(s.fusion.iter_mut().map(|pile| &mut pile[..])) {
            let hands: Vec<u16> = match pile.first() {
                Some(&c) if !held.is_empty() => {
                    let key = self.promo_pile(c);
                    held.extract_if(.., |h| self.promo_pile(*h) == key)
                        .collect()
                }
                _ => Vec::new(),
            };
            deal_pile(pile, &hands, rng.as_deref_mut(), &mut dealt);
        }
        while let Some(&first) = held.first() {
            let key = self.promo_pile(first);
            let hands: Vec<u16> = held
                .extract_if(.., |h| self.promo_pile(*h) == key)
                .collect();
            deal_pile(&mut [], &hands, rng.as_deref_mut(), &mut dealt);
        }
        let mut pool = places.clone();
        pool.sort_unstable();
        if let Some(r) = rng {
            shuffle(r, &mut pool);
        }
        // In Turn-Based Mode the store discard and the others' hands, the
        // last places, hold no promo but those dealt above.
        let hands_from = if turn_based {
            places.partition_point(|&c| !held_zone(s.zone(c)))
        } else {
            places.len()
        };
        let (places, hands) = places.split_at(hands_from);
        let mut taken = vec![false; pool.len()];
        // The places whose backs the observer sees first, the store area's
        // cards and the store deck's top, each taking a card of its set
        // (each set has at least as many unseen cards as places showing
        // it: the true deal); then the hands above, each taking a card that
        // is no promo; then the rest in pool order.
        let top = s.store.top();
        let shows_set = |c: u16| s.zone(c) == Zone::AREA || Some(c) == top;
        for &place in places.iter().filter(|&&c| shows_set(c)) {
            let set = self.card(place).set;
            let card = take(&pool, &mut taken, |c| self.card(c).set == set);
            dealt.push((place, card));
        }
        for &place in hands {
            let card = take(&pool, &mut taken, |c| !self.card(c).tier.is_promo());
            dealt.push((place, card));
        }
        let mut free = (0..pool.len()).filter(|&i| !taken[i]);
        for &place in places.iter().filter(|&&c| !shows_set(c)) {
            let i = free.next().unwrap_or(0);
            dealt.push((place, pool[i]));
        }
        if !dealt.is_empty() {
            self.move_cards(s, &dealt);
        }
    }

    /// The Turn-Based promo pile that promo card `c` is of, as a key
    /// (`setup_promos`): the bronze pile holds both bronze sets, shuffled
    /// together; each other pile holds one set.
    fn promo_pile(&self, c: u16) -> u16 {
        let card = self.card(c);
        if card.tier == Tier::Bronze {
            u16::MAX
        } else {
            u16::from(card.set)
        }
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

/// Deals `pile`'s cards and its promos held in the hand places `hands`
/// back into the same places, shuffled by `rng` if given (else sorted):
/// the pile in place, and with promos in hands, the moves of every card
/// of the deal into `dealt`.
fn deal_pile(
    pile: &mut [u16],
    hands: &[u16],
    rng: Option<&mut GameRng>,
    dealt: &mut Vec<(u16, u16)>,
) {
    if hands.is_empty() {
        pile.sort_unstable();
        if let Some(r) = rng {
            shuffle(r, pile);
        }
        return;
    }
    let places: Vec<u16> = pile.iter().chain(hands).copied().collect();
    let mut cards = places.clone();
    cards.sort_unstable();
    if let Some(r) = rng {
        shuffle(r, &mut cards);
    }
    pile.copy_from_slice(&cards[..pile.len()]);
    dealt.extend(places.into_iter().zip(cards));
}

/// The first card of `pool` not `taken` that `fits` (else the first not
/// taken), now taken.
fn take(pool: &[u16], taken: &mut [bool], fits: impl Fn(u16) -> bool) -> u16 {
    let i = (0..pool.len())
        .find(|&i| !taken[i] && fits(pool[i]))
        .or_else(|| taken.iter().position(|t| !t))
        .unwrap_or(0);
    taken[i] = true;
    pool[i]
}
