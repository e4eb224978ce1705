//! What a player can see: `determinize` resamples the rest, `info_key`
//! names the information set.
//!
//! Hidden from `observer`: the rival's hand, the rival's face-down Leader
//! pick until both are revealed (rules: "SETUP": "Both players put their
//! Leaders face-down, then reveal them at the same time"), and the order of
//! both decks. Deck lists are public (see docs/rulings/pixel-tactics.md),
//! so the rival's unseen cards form a known multiset dealt out again at
//! random.

use std::hash::{Hash, Hasher};

use arrayvec::ArrayVec;

use super::PixelTactics;
use super::cards::CardId;
use super::state::{DECK_SIZE, State};
use crate::core::{GameRng, Player, shuffle, sort_card_ids};

impl PixelTactics {
    /// Rearranges the hidden cards of `s` from `observer`'s point of view:
    /// sorted (canonical, for `info_key`) and then shuffled by `rng` if
    /// given (a determinization).
    pub(super) fn redeal(&self, s: &mut State, observer: Player, mut rng: Option<&mut GameRng>) {
        let me = &mut s.sides[observer];
        sort_card_ids(&mut me.deck);
        if let Some(rng) = rng.as_deref_mut() {
            shuffle(rng, &mut me.deck);
        }
        let foe = &mut s.sides[observer.opponent()];
        let mut pool: ArrayVec<CardId, DECK_SIZE> = ArrayVec::new();
        pool.extend(foe.hand.iter().copied());
        pool.extend(foe.deck.iter().copied());
        pool.extend(foe.pick);
        sort_card_ids(&mut pool);
        if let Some(rng) = rng {
            shuffle(rng, &mut pool);
        }
        let mut pool = pool.into_iter();
        let hand = foe.hand.len();
        foe.hand.clear();
        foe.hand.extend(pool.by_ref().take(hand));
        if foe.pick.is_some() {
            foe.pick = pool.next();
        }
        foe.deck.clear();
        foe.deck.extend(pool);
    }

    /// A hash of everything `player` can see.
    pub(super) fn info_hash(&self, s: &State, player: Player) -> u64 {
        let mut canonical = *s;
        self.redeal(&mut canonical, player, None);
        let mut h = std::hash::DefaultHasher::new();
        canonical.hash(&mut h);
        player.hash(&mut h);
        h.finish()
    }
}
