//! What a player can see: `determinize` resamples the rest, `info_key`
//! names the information set.
//!
//! Hidden from `observer`: the rival's hand (but the cards a search
//! revealed, `hand_known`), the rival's face-down
//! Commander until the reveal (rules: "2 – Where to start"; once revealed,
//! a Commander still waiting to be paid for is public), and the order of
//! both decks. Deck lists and extra decks are public (see
//! docs/rulings/nintendo-tcg.md), so the rival's unseen cards form a known
//! multiset dealt out again at random; a face-down pick is redrawn among
//! the Commanders of that multiset.

use std::hash::{Hash, Hasher};

use arrayvec::ArrayVec;

use super::NintendoTcg;
use super::cards::CardId;
use super::state::{DECK_SIZE, Phase, State};
use crate::core::{GameRng, Player, below, shuffle, sort_card_ids};

/// Stands for a face-down pick in the canonical form of `info_key`.
const HIDDEN: CardId = CardId(u16::MAX);

impl NintendoTcg {
    /// Rearranges the hidden cards of `s` from `observer`'s point of view:
    /// sorted (canonical, for `info_key`), then dealt at random by `rng`
    /// if given (a determinization).
    pub(super) fn redeal(&self, s: &mut State, observer: Player, mut rng: Option<&mut GameRng>) {
        let me = &mut s.sides[observer];
        sort_card_ids(&mut me.deck);
        if let Some(rng) = rng.as_deref_mut() {
            shuffle(rng, &mut me.deck);
        }
        // The picks are face down until the reveal, which ends the Pick
        // phase; a Commander revealed but not yet paid for (the first
        // player's Instant searches) is public.
        let face_down = s.phase == Phase::Pick;
        let foe = &mut s.sides[observer.opponent()];
        // The rival's hand: the cards a search revealed stay; the others
        // are dealt again with the deck.
        sort_card_ids(&mut foe.hand_known);
        let mut pool: ArrayVec<CardId, { 2 * DECK_SIZE }> = ArrayVec::new();
        let mut known = foe.hand_known;
        for &c in &foe.hand {
            match known.iter().position(|&k| k == c) {
                Some(i) => {
                    known.swap_remove(i);
                }
                None => pool.push(c),
            }
        }
        let hidden_in_hand = foe.hand.len() - foe.hand_known.len();
        pool.extend(foe.deck.iter().copied());
        let picked = face_down && foe.pick.is_some();
        if picked {
            pool.extend(foe.pick.take());
        }
        sort_card_ids(&mut pool);
        if let Some(rng) = rng {
            if picked {
                let commanders: ArrayVec<usize, { 2 * DECK_SIZE }> = pool
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| self.card(**c).commander)
                    .map(|(i, _)| i)
                    .collect();
                if !commanders.is_empty() {
                    let i = commanders[below(rng, commanders.len() as u32) as usize];
                    foe.pick = Some(pool.remove(i));
                }
            }
            shuffle(rng, &mut pool);
        } else if picked {
            foe.pick = Some(HIDDEN);
        }
        let mut pool = pool.into_iter();
        foe.hand.clear();
        foe.hand.extend(foe.hand_known.iter().copied());
        foe.hand.extend(pool.by_ref().take(hidden_in_hand));
        foe.deck.clear();
        foe.deck.extend(pool);
    }

    /// A hash of everything `player` can see.
    pub(super) fn info_hash(&self, s: &State, player: Player) -> u64 {
        let mut canonical = *s;
        self.redeal(&mut canonical, player, None);
        sort_card_ids(&mut canonical.sides[player].hand_known);
        let mut h = std::hash::DefaultHasher::new();
        canonical.hash(&mut h);
        player.hash(&mut h);
        h.finish()
    }
}
