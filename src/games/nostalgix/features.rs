//! Evaluation features for heuristic bots: each a number where more is
//! better for the player asking. Strategy files weight them by name.

use super::action::Action;
use super::cards::CardDb;
use super::state::{BackCard, Pending, State};
use super::{NAME, Nostalgix};
use crate::core::{CardId, Evaluate, Player, weighted};

/// The feature names, in the order [`Evaluate::features`] writes them.
pub const FEATURES: [&str; 15] = [
    "hero_health",
    "opp_hero_health",
    "prizes_taken",
    "prizes_lost",
    "board_attack",
    "opp_board_attack",
    "board_health",
    "opp_board_health",
    "fighters",
    "opp_fighters",
    "hand_size",
    "opp_hand_size",
    "mana_unspent",
    "back_row",
    "opp_back_row",
];

impl Evaluate for Nostalgix {
    fn name(&self) -> &'static str {
        NAME
    }

    fn feature_names(&self) -> &'static [&'static str] {
        &FEATURES
    }

    /// Writes [`FEATURES`] for player `p` into `out`.
    fn features(&self, s: &State, p: Player, out: &mut [f64]) {
        for (o, v) in out.iter_mut().zip(self.feature_values(s, p)) {
            *o = v;
        }
    }

    /// The same sum as the default, without writing the features out.
    fn weighted_sum(&self, s: &State, p: Player, weights: &[f64], _: &mut Vec<f64>) -> f64 {
        weighted(weights, &self.feature_values(s, p))
    }

    /// Actions whose results no feature tells apart, so a lookahead keeps
    /// the first of each kind:
    /// - summoning one card into different empty slots gives positions that
    ///   differ only in the new Fighter's slot number, which no feature reads
    ///   and only Adjacent effects do: when neither the card nor any card in
    ///   play has one, its first slot stands for the others;
    /// - setting different Surprises face down, or setting different cards
    ///   aside in a mulligan, gives positions that differ only in which card
    ///   went where: the features count cards in hand and in the back row,
    ///   they never read which, and neither action fires anything.
    fn drop_lookalikes(&self, s: &State, actions: &mut Vec<Action>) {
        // Whether a card in play reads slots, found at the first repeated
        // summon only: most decisions offer none.
        let mut slots_read = None;
        let hand = &s.sides[s.active].hand;
        let (mut summoned, mut set_face_down, mut set_aside) = (0u64, false, false);
        actions.retain(|a| match *a {
            Action::Summon { hand: i, .. } => {
                // An index the hand does not have is kept, not judged.
                let Some(&card) = hand.get(usize::from(i)) else {
                    return true;
                };
                let bit = 1u64 << i; // i < hand.len() ≤ MAX_HAND = 32
                let first = summoned & bit == 0;
                summoned |= bit;
                first
                    || self.db.card(card).reads_slots
                    || *slots_read.get_or_insert_with(|| self.slots_read_in_play(s))
            }
            Action::SetSurprise { .. } => !std::mem::replace(&mut set_face_down, true),
            Action::MulliganPick(_) => !std::mem::replace(&mut set_aside, true),
            _ => true,
        });
    }

    /// The features count the cards in hands and decks and never read
    /// which they are, so a one-ply lookahead reads a hidden card only
    /// through an effect that looks at one: a Reveal (the top of a deck
    /// decides whether it is drawn) or a Search (what a deck holds decides
    /// what is found). It is blind unless a search is under way or such an
    /// effect is on a card that can act before the next decision: the
    /// decider's hand and face-down Surprises, anything in play on either
    /// side (Heroes, units, the cards beneath them, Equipment, the Arena),
    /// the Spell waiting on a Surprise window, or a token one of them
    /// summons. The opponent's hidden cards cannot act before the opponent
    /// decides. It reads only what `player` sees.
    fn one_ply_is_blind(&self, s: &State, player: Player) -> bool {
        if !self.decks_read_hidden {
            return true;
        }
        if !s.searches.is_empty() {
            return false;
        }
        let spell = match s.pending {
            Pending::Spell { card, .. } => Some(card),
            _ => None,
        };
        let in_play = s.sides.players().flat_map(|q| {
            let side = &s.sides[q];
            let back = side.back.iter().filter_map(move |b| match *b {
                BackCard::Empty => None,
                BackCard::Equipment(c, _) => Some(c),
                BackCard::Surprise(c) => (q == player).then_some(c),
            });
            std::iter::once(side.hero.card)
                .chain(s.units[q].iter().map(|u| u.card))
                .chain(side.under.iter().flatten().copied())
                .chain(back)
        });
        let mut can_act = s
            .arena
            .map(|(c, _)| c)
            .into_iter()
            .chain(spell)
            .chain(s.sides[player].hand.iter().copied())
            .chain(in_play);
        !can_act.any(|c| may_read_hidden(&self.db, c))
    }
}

impl Nostalgix {
    /// [`FEATURES`] for player `p`, in order.
    fn feature_values(&self, s: &State, p: Player) -> [f64; FEATURES.len()] {
        // One walk over each side's units: attack, health, count, back row.
        let board = |q: Player| {
            let (side, units) = (&s.sides[q], &s.units[q]);
            let (mut attack, mut health) = (0i32, 0i32);
            for u in units.iter() {
                attack += i32::from(self.best_attack(u));
                health += i32::from(u.health().max(0));
            }
            let back = side.back.iter().filter(|b| **b != BackCard::Empty).count();
            (
                f64::from(attack),
                f64::from(health),
                units.len() as f64,
                back as f64,
            )
        };
        let (my_attack, my_health, my_units, my_back) = board(p);
        let (op_attack, op_health, op_units, op_back) = board(p.opponent());
        let me = &s.sides[p];
        let foe = &s.sides[p.opponent()];
        let unspent = if s.active == p {
            f64::from(me.mana)
        } else {
            0.0
        };
        [
            f64::from(me.hero.health()),
            -f64::from(foe.hero.health()),
            f64::from(me.prizes),
            -f64::from(foe.prizes),
            my_attack,
            -op_attack,
            my_health,
            -op_health,
            my_units,
            -op_units,
            me.hand.len() as f64,
            -(foe.hand.len() as f64),
            -unspent,
            my_back,
            -op_back,
        ]
    }

    /// Whether a card in play that can act before the next decision (a
    /// unit, a Hero, the Arena, an Equipment card of either side) has an
    /// effect that reads Fighter slots. A face-down Surprise acts only when
    /// its owner flips it, a decision of its own, and which card it is the
    /// opponent cannot see: it is not read.
    fn slots_read_in_play(&self, s: &State) -> bool {
        let reads = |c| self.db.card(c).reads_slots;
        s.arena.is_some_and(|(c, _)| reads(c))
            || s.sides.players().any(|q| {
                let side = &s.sides[q];
                reads(side.hero.card)
                    || s.units[q].iter().any(|u| reads(u.card))
                    || side.back.iter().any(|b| match *b {
                        BackCard::Empty | BackCard::Surprise(_) => false,
                        BackCard::Equipment(c, _) => reads(c),
                    })
            })
    }
}

/// Whether an effect of `card`, or of a token it summons (and so on; past
/// 4 tokens deep, assumed), reads a hidden card: what
/// [`Evaluate::one_ply_is_blind`] looks for, and what the match looks for
/// in its decks once ([`Nostalgix::decks_read_hidden`]).
pub(super) fn may_read_hidden(db: &CardDb, card: CardId) -> bool {
    fn deep(db: &CardDb, card: CardId, depth: u8) -> bool {
        let c = db.card(card);
        c.reads_hidden
            || c.summons_tokens
                && (depth >= 4
                    || c.all_effects()
                        .filter_map(|e| e.token)
                        .any(|t| deep(db, t, depth + 1)))
    }
    deep(db, card, 0)
}
