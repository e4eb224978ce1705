//! The invariant checker run after every action by the conformance tests
//! and the soak: cards conserved across zones, counters within bounds.

use super::Nostalgix;
use super::cards::{CardId, Kind};
use super::state::{BACK_ROW, BackCard, HAND_LIMIT, MANA_CAP, Phase, SLOTS, State, TOKEN_SLOT};
use crate::core::{Invariants, Player, check_conservation};

impl Nostalgix {
    /// Every card `p` owns, wherever it is (tokens are not cards).
    fn cards_owned(&self, s: &State, p: Player) -> Vec<CardId> {
        let side = &s.sides[p];
        let mut cards: Vec<CardId> = Vec::with_capacity(64);
        cards.extend(&side.hand);
        cards.extend(&side.deck);
        cards.extend(&side.aside);
        cards.extend(&side.void);
        for u in s.units[p].iter().filter(|u| !u.token) {
            cards.push(u.card);
            cards.extend(side.under_cards(u));
        }
        for b in &side.back {
            match *b {
                BackCard::Surprise(c) | BackCard::Equipment(c, _) => cards.push(c),
                BackCard::Empty => {}
            }
        }
        if let Some((arena, owner)) = s.arena
            && owner == p
        {
            cards.push(arena);
        }
        cards
    }
}

impl Invariants for Nostalgix {
    /// Checks every invariant; describes the first one broken.
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        if s.capped {
            return Err(
                "a cap dropped a token, a Surprise window, a search or a card beneath a Fighter"
                    .into(),
            );
        }
        if s.wounded {
            return Err("a decision with the clean-up still to run".into());
        }
        for (p, side) in s.sides.enumerate() {
            check_conservation(
                &format!("seat {p}"),
                &mut self.cards_owned(s, p),
                &mut self.decks[p].card_list(),
                |c| self.db.card(c).name.clone(),
            )?;
            if side.max_mana > MANA_CAP {
                return Err(format!(
                    "seat {p}: maximum mana {} above {MANA_CAP}",
                    side.max_mana
                ));
            }
            if side.prizes > s.prize_goal {
                return Err(format!(
                    "seat {p}: {} prize counters of {}",
                    side.prizes, s.prize_goal
                ));
            }
            if side.hand_known.len() > side.hand.len() {
                return Err(format!("seat {p}: more known cards than cards in hand"));
            }
            // The hand limit holds at the end of a player's own turn: the
            // discard step lasts while the hand is over it. In the
            // opponent's turn a hand may grow past it (a Surprise that
            // draws), so nothing is checked then (docs/rulings/nostalgix.md,
            // "Hand capacity"); the log reader checks each `end_turn`.
            if s.phase == Phase::Discard && p == s.active && side.hand.len() <= HAND_LIMIT {
                return Err(format!(
                    "seat {p}: discarding with {} cards in hand",
                    side.hand.len()
                ));
            }
            let mut slots = [false; SLOTS as usize];
            for u in &s.units[p] {
                if u.slot != TOKEN_SLOT {
                    if u.slot >= SLOTS || slots[u.slot as usize] {
                        return Err(format!(
                            "seat {p}: Fighter slot {} invalid or shared",
                            u.slot
                        ));
                    }
                    slots[u.slot as usize] = true;
                }
                if u.token != (u.slot == TOKEN_SLOT)
                    || u.token != (self.db.card(u.card).kind == Kind::Token)
                {
                    return Err(format!("seat {p}: entity {} is half token", u.id));
                }
                if s.outcome.is_none() && u.health() <= 0 {
                    return Err(format!("seat {p}: entity {} alive with no health", u.id));
                }
            }
            if side.back.len() != BACK_ROW {
                return Err("back row size".into());
            }
            for b in &side.back {
                if let BackCard::Equipment(_, on) = *b
                    && s.entity(on).is_none()
                {
                    return Err(format!(
                        "seat {p}: Equipment attached to missing entity {on}"
                    ));
                }
            }
            for e in std::iter::once(&side.hero).chain(&s.units[p]) {
                let attached = s
                    .sides
                    .iter()
                    .flat_map(|q| q.back.iter())
                    .filter(|b| matches!(b, BackCard::Equipment(_, on) if *on == e.id))
                    .count();
                if attached != e.equipped as usize {
                    return Err(format!(
                        "seat {p}: entity {} counts {} Equipment, has {attached}",
                        e.id, e.equipped
                    ));
                }
                let mut fresh = *e;
                self.derive(s, &mut fresh);
                if fresh != *e {
                    return Err(format!(
                        "seat {p}: entity {} keeps stale derived figures \
                         (keywords {:?}, max health {}, gear attack {}; \
                         recomputed {:?}, {}, {})",
                        e.id,
                        e.keywords,
                        e.max_health,
                        e.gear_atk,
                        fresh.keywords,
                        fresh.max_health,
                        fresh.gear_atk
                    ));
                }
            }
        }
        Ok(())
    }

    fn card_count(&self, s: &State, player: Player) -> usize {
        self.cards_owned(s, player).len()
    }
}
