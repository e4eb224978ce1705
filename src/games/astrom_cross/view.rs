//! What a player can see: `determinize` resamples the rest, `info_key`
//! names the information set.
//!
//! Hidden from `observer`: the rival's hand and the rival's cards set face
//! down ([HIDE]: the observer knows only that they are [HIDE] cards), and
//! the order of all four decks (both main decks and
//! both location decks). Deck lists are public (see
//! docs/rulings/astrom-cross.md), so the rival's unseen cards form a known
//! multiset dealt out again at random. Everything else (the field, the
//! soul stocks, the graves, the Arcana, revealed cards) is face up.

use std::hash::{Hash, Hasher};

use super::AstromCross;
use super::cards::{CardId, Keywords};
use super::state::State;
use crate::core::{GameRng, Player, shuffle, sort_card_ids};

impl AstromCross {
    /// Rearranges the hidden cards of `s` from `observer`'s point of view:
    /// sorted (canonical, for `info_key`) and then shuffled by `rng` if
    /// given (a determinization).
    pub(super) fn redeal(&self, s: &mut State, observer: Player, mut rng: Option<&mut GameRng>) {
        for p in Player::all(2) {
            let side = &mut s.sides[p];
            sort_card_ids(&mut side.locations);
            if let Some(rng) = rng.as_deref_mut() {
                shuffle(rng, &mut side.locations);
            }
        }
        let me = &mut s.sides[observer];
        sort_card_ids(&mut me.deck);
        if let Some(rng) = rng.as_deref_mut() {
            shuffle(rng, &mut me.deck);
        }
        let foe = &mut s.sides[observer.opponent()];
        let mut pool: Vec<CardId> = Vec::with_capacity(64);
        pool.extend(foe.hand.iter().copied());
        pool.extend(foe.set.iter().copied());
        pool.extend(foe.deck.iter().copied());
        sort_card_ids(&mut pool);
        if let Some(rng) = rng {
            shuffle(rng, &mut pool);
        }
        // Set cards are known to be [HIDE] cards: they come from those.
        let (hand, set) = (foe.hand.len(), foe.set.len());
        foe.set.clear();
        pool.retain(|&c| {
            let hide = self.db.card(c).keywords.has(Keywords::HIDE);
            !(hide && foe.set.len() < set && foe.set.push(c))
        });
        let mut pool = pool.into_iter();
        foe.hand.clear();
        foe.hand.extend(pool.by_ref().take(hand));
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
