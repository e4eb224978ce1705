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
use super::state::{BackCard, Side, State};
use crate::core::{FixedVec, GameRng, Player, shuffle, sort_card_ids};

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

    /// Whether `player` sees the same in `a` and `b`: everything public,
    /// `player`'s own cards but the part of the deck above its known bottom
    /// (whose order the owner does not know), and the opponent's cards but
    /// the hidden ones; of those two, only the zones' sizes are compared.
    /// It reads of each state only what `player` may know.
    ///
    /// For a view that was of `player`'s information set before an action
    /// both states then played ([`Game::follow_view`]), this is exactly
    /// "their [`info_hash`](Self::info_hash) canonical forms are equal":
    /// no rule creates or destroys a card or hands it to another owner (the
    /// invariants count every card of each owner after every action), so
    /// with the seen cards equal, the unseen ones are the same multiset.
    pub(super) fn seen_alike(&self, a: &State, b: &State, player: Player) -> bool {
        // Every field named, so a new one cannot be forgotten here.
        let State {
            sides,
            units,
            arena,
            phase,
            active,
            turn,
            first,
            next_id,
            prize_goal,
            sudden_deaths,
            pending,
            windows,
            searches,
            capped,
            outcome,
            discards,
            wounded,
        } = a;
        let public = *units == b.units
            && *arena == b.arena
            && *phase == b.phase
            && *active == b.active
            && *turn == b.turn
            && *first == b.first
            && *next_id == b.next_id
            && *prize_goal == b.prize_goal
            && *sudden_deaths == b.sudden_deaths
            && *pending == b.pending
            && *windows == b.windows
            && *searches == b.searches
            && *capped == b.capped
            && *outcome == b.outcome
            && *discards == b.discards
            && *wounded == b.wounded;
        let foe = player.opponent();
        public
            && side_seen_alike(&sides[player], &b.sides[player], true)
            && side_seen_alike(&sides[foe], &b.sides[foe], false)
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

/// Whether two states' sides (their units apart: those are public) look
/// alike to a player but for the cards that player does not see: to their
/// owner (`own`) everything but the part of the deck above its known
/// bottom, whose size only is compared; to the opponent the public part
/// and the sizes of the hidden zones (see
/// [`Nostalgix::seen_alike`]).
fn side_seen_alike(a: &Side, b: &Side, own: bool) -> bool {
    // Every field named, so a new one cannot be forgotten here.
    let Side {
        hero,
        under,
        back,
        hand,
        hand_known,
        deck,
        bottom_known,
        aside,
        void,
        max_mana,
        mana,
        bound_mana,
        mana_token,
        prizes,
        turns,
        mulliganed,
    } = a;
    let public = *hero == b.hero
        && *under == b.under
        && *void == b.void
        && *max_mana == b.max_mana
        && *mana == b.mana
        && *bound_mana == b.bound_mana
        && *mana_token == b.mana_token
        && *prizes == b.prizes
        && *turns == b.turns
        && *mulliganed == b.mulliganed
        && same_revealed(hand_known, &b.hand_known)
        && hand.len() == b.hand.len()
        && deck.len() == b.deck.len()
        && aside.len() == b.aside.len();
    if !public {
        return false;
    }
    // The known bottom of a deck is its owner's to know: a view deals the
    // opponent's whole deck again.
    if own {
        let known = usize::from(*bottom_known).min(deck.len());
        return *bottom_known == b.bottom_known
            && *back == b.back
            && *hand == b.hand
            && *aside == b.aside
            && deck[..known] == b.deck[..known];
    }
    // Face-down Surprises show only where they are.
    let face_down = |c: &BackCard| match *c {
        BackCard::Surprise(_) => BackCard::Surprise(CardId(0)),
        other => other,
    };
    back.iter().map(face_down).eq(b.back.iter().map(face_down))
}

/// Whether two hands show the same revealed cards (at most 8), in any
/// order.
pub(super) fn same_revealed(a: &FixedVec<CardId, 8>, b: &FixedVec<CardId, 8>) -> bool {
    let (mut a, mut b) = (*a, *b);
    a.sort_unstable();
    b.sort_unstable();
    a == b
}
