//! What a player can see: `determinize` resamples the rest, `info_key`
//! names the information set.
//!
//! Hidden from `observer`: the opponent's hand (except cards revealed to
//! it), the opponent's face-down Surprises, the order of both decks (except
//! the bottom cards the observer itself put there in a chosen order). Both
//! deck lists are public (see docs/rulings/nostalgix.md), so the opponent's
//! unseen cards form a known multiset that we deal out again at random.

use std::hash::{Hash, Hasher};

use arrayvec::ArrayVec;

use super::Nostalgix;
use super::cards::{CardId, Kind};
use super::state::{BackCard, State};
use crate::core::{GameRng, Player, shuffle, sort_card_ids};

/// The unseen cards of one player, as a multiset in canonical order.
type Pool = ArrayVec<CardId, 128>;

impl Nostalgix {
    /// Rearranges the hidden cards of `s` from `observer`'s point of view:
    /// sorted (canonical, for `info_key`) and then shuffled by `rng` if
    /// given (a determinization). The result depends only on what
    /// `observer` can see, and on `rng`.
    pub(super) fn redeal(&self, s: &mut State, observer: Player, mut rng: Option<&mut GameRng>) {
        // Own deck: the known bottom stays, the rest is unknown order.
        let me = &mut s.sides[observer];
        let known = me.bottom_known as usize;
        let unknown = &mut me.deck[known..];
        sort_card_ids(unknown);
        if let Some(rng) = rng.as_deref_mut() {
            shuffle(rng, unknown);
        }
        // Opponent: hand (less revealed cards), deck and face-down
        // Surprises are one pool.
        let foe = observer.opponent();
        let side = &mut s.sides[foe];
        let mut pool = Pool::new();
        let mut known_hand = side.hand_known;
        let mut hidden_in_hand = 0;
        for &c in &side.hand {
            if let Some(i) = known_hand.iter().position(|&k| k == c) {
                known_hand.swap_remove(i);
            } else {
                pool.push(c);
                hidden_in_hand += 1;
            }
        }
        pool.extend(side.deck.iter().copied());
        pool.extend(side.aside.iter().copied());
        let mut face_down = 0;
        for b in &side.back {
            if let BackCard::Surprise(c) = *b {
                pool.push(c);
                face_down += 1;
            }
        }
        sort_card_ids(&mut pool);
        if let Some(rng) = rng {
            shuffle(rng, &mut pool);
        }
        // Face-down slots take Surprises (they are known to be Surprises).
        let mut surprises: ArrayVec<CardId, 8> = ArrayVec::new();
        for _ in 0..face_down {
            if let Some(i) = pool
                .iter()
                .position(|&c| self.db.card(c).kind == Kind::Surprise)
            {
                surprises.push(pool.remove(i));
            }
        }
        let mut surprises = surprises.into_iter();
        for b in side.back.iter_mut() {
            if let BackCard::Surprise(c) = b {
                *c = surprises.next().unwrap_or(*c);
            }
        }
        // The hand keeps its revealed cards, the rest comes from the pool,
        // as do the cards set aside during a mulligan.
        side.hand.clear();
        side.hand.extend(side.hand_known.iter().copied());
        let mut pool = pool.into_iter();
        side.hand.extend(pool.by_ref().take(hidden_in_hand));
        let aside = side.aside.len();
        side.aside.clear();
        side.aside.extend(pool.by_ref().take(aside));
        side.deck.clear();
        side.deck.extend(pool);
        side.bottom_known = 0;
    }

    /// A hash of everything `player` can see.
    pub(super) fn info_hash(&self, s: &State, player: Player) -> u64 {
        let mut canonical = *s;
        self.redeal(&mut canonical, player, None);
        let foe = &mut canonical.sides[player.opponent()];
        sort_card_ids(&mut foe.hand);
        sort_card_ids(&mut foe.hand_known);
        sort_card_ids(&mut canonical.sides[player].hand_known);
        let mut h = std::hash::DefaultHasher::new();
        canonical.hash(&mut h);
        player.hash(&mut h);
        h.finish()
    }
}
