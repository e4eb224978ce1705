//! The invariant checker run after every action by the conformance tests:
//! cards conserved across zones, the field well formed, counters in
//! bounds, each phase's bookkeeping consistent.

use super::AstromCross;
use super::cards::{CardId, Keywords, Kind};
use super::state::{Phase, SET_LIMIT, State};
use crate::core::{Invariants, Player, check_conservation};

impl AstromCross {
    /// Every card `p` owns, wherever it is.
    fn cards_owned(&self, s: &State, p: Player) -> Vec<CardId> {
        let side = &s.sides[p];
        let mut cards: Vec<CardId> = Vec::with_capacity(64);
        cards.push(side.ancient);
        for zone in [
            &side.hand[..],
            &side.deck,
            &side.locations,
            &side.soul,
            &side.grave,
            &side.arcana,
            &side.set,
        ] {
            cards.extend_from_slice(zone);
        }
        for z in &side.zones {
            cards.extend(z.location);
            if let Some(w) = z.warrior {
                cards.push(w.card);
                cards.extend(w.gear);
            }
        }
        if p == s.active {
            cards.extend(s.revealed_location);
        } else {
            cards.extend_from_slice(&s.revealed);
        }
        cards
    }
}

impl Invariants for AstromCross {
    /// Checks every invariant; describes the first one broken.
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        for (p, side) in s.sides.enumerate() {
            check_conservation(
                &format!("seat {p}"),
                &mut self.cards_owned(s, p),
                &mut self.decks[p].card_list(),
                |c| self.db.card(c).name.clone(),
            )?;
            if side.ancient_damage > self.life(s, p) {
                return Err(format!("seat {p}: ancient damage beyond its limit"));
            }
            if side.ancient_damage >= self.life(s, p) && s.outcome.is_none() {
                return Err(format!("seat {p}: a destroyed ancient in a live game"));
            }
            if side
                .set
                .iter()
                .any(|&c| !self.db.card(c).keywords.has(Keywords::HIDE))
            {
                return Err(format!("seat {p}: a set card without [HIDE]"));
            }
            if side.set.len() > SET_LIMIT {
                return Err(format!("seat {p}: {} cards set", side.set.len()));
            }
            for (i, z) in side.zones.iter().enumerate() {
                if z.warrior.is_some() && z.location.is_none() {
                    return Err(format!(
                        "seat {p}: a warrior in zone {i} without a location"
                    ));
                }
                if z.wasteland && z.location.is_none() {
                    return Err(format!(
                        "seat {p}: a wasteland in zone {i} without a location"
                    ));
                }
                if let Some(l) = z.location
                    && self.db.card(l).kind != Kind::Location
                {
                    return Err(format!("seat {p}: zone {i} holds a non-location"));
                }
                if let Some(w) = z.warrior {
                    if self.db.card(w.card).kind != Kind::Warrior {
                        return Err(format!("seat {p}: zone {i} holds a non-warrior"));
                    }
                    if w.gear.is_some_and(|g| self.db.card(g).kind != Kind::Item) {
                        return Err(format!("seat {p}: zone {i} wears a non-item"));
                    }
                    let waiting = s.phase == Phase::Mulligan || s.phase == Phase::Location;
                    if waiting && s.outcome.is_none() && (w.damage > 0 || w.boost > 0) {
                        return Err(format!("seat {p}: turn effects outlived the turn"));
                    }
                }
            }
            if !side.arcana.is_empty() && s.phase == Phase::Location && s.outcome.is_none() {
                return Err(format!(
                    "seat {p}: an Arcana not emptied at the end of turn"
                ));
            }
        }
        let answering = match s.phase {
            Phase::Respond => s.pending.is_some(),
            Phase::Technique => true,
            _ => s.pending.is_none(),
        };
        if !answering && s.outcome.is_none() {
            return Err("a pending event or technique outside an answer".into());
        }
        if s.revealed_location.is_some() != (s.phase == Phase::Place) && s.outcome.is_none() {
            return Err("a revealed location outside the location phase".into());
        }
        if !s.revealed.is_empty() && s.phase != Phase::Trigger && s.outcome.is_none() {
            return Err("revealed strike cards outside the damage step".into());
        }
        if s.turns > self.options.max_turns {
            return Err(format!("{} turns past the limit", s.turns));
        }
        Ok(())
    }

    fn card_count(&self, s: &State, player: Player) -> usize {
        self.cards_owned(s, player).len()
    }
}
