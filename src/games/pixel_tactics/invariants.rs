//! The invariant checker run after every action by the conformance tests:
//! cards conserved across zones, the Unit well formed and its kept masks
//! equal to a count from scratch, counters in bounds.

use super::PixelTactics;
use super::cards::CardId;
use super::effects::{MAX_ACTIONS, MAX_DAMAGE};
use super::state::{LEADER, Occupant, Phase, State, UnitMasks};
use crate::core::{Invariants, Player, check_conservation};

impl PixelTactics {
    /// Every card `p` owns, wherever it is (trophies included).
    pub(super) fn cards_owned(&self, s: &State, p: Player) -> Vec<CardId> {
        let side = &s.sides[p];
        let mut cards: Vec<CardId> = Vec::with_capacity(32);
        cards.extend(&side.hand);
        cards.extend(&side.deck);
        cards.extend(&side.discard);
        cards.extend(&side.set_aside);
        cards.extend(side.pick);
        cards.extend(
            side.unit()
                .iter()
                .filter(|u| u.occupant != Occupant::Empty)
                .map(|u| u.card),
        );
        cards
    }
}

impl Invariants for PixelTactics {
    /// Checks every invariant; describes the first one broken.
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        let trophies: u32 = s.sides.iter().map(|x| u32::from(x.trophies)).sum();
        for p in s.sides.players() {
            let side = &s.sides[p];
            check_conservation(
                &format!("seat {p}"),
                &mut self.cards_owned(s, p),
                &mut self.decks[p].card_list(),
                |c| self.db.card(c).name.clone(),
            )?;
            let aside = side.set_aside.len() as u32;
            if aside != trophies && (s.outcome.is_none() || aside > trophies) {
                return Err(format!(
                    "seat {p}: {} cards set aside for {trophies} trophies",
                    side.set_aside.len()
                ));
            }
            if side.masks() != UnitMasks::of(side.unit()) {
                return Err(format!(
                    "seat {p}: the Unit's kept masks {:?} are not its slots' {:?}",
                    side.masks(),
                    UnitMasks::of(side.unit())
                ));
            }
            for (i, u) in side.unit().iter().enumerate() {
                let leader_slot = i == LEADER as usize;
                if (u.occupant == Occupant::Leader)
                    != (leader_slot && u.occupant != Occupant::Empty)
                {
                    return Err(format!("seat {p}: slot {i} holds {:?}", u.occupant));
                }
                if u.damage > MAX_DAMAGE
                    || (u.damage > 0 && !matches!(u.occupant, Occupant::Hero | Occupant::Leader))
                {
                    return Err(format!("seat {p}: slot {i} has {} damage", u.damage));
                }
            }
            let leader = side.leader().occupant == Occupant::Leader;
            let playing = s.phase == Phase::Turn && s.outcome.is_none();
            if playing && !leader {
                return Err(format!("seat {p}: no Leader during a turn"));
            }
            if s.phase == Phase::PickLeader
                && (leader || side.unit().iter().any(|u| u.occupant != Occupant::Empty))
            {
                return Err(format!("seat {p}: a Unit in play while picking Leaders"));
            }
            if s.phase == Phase::Turn && side.pick.is_some() {
                return Err(format!("seat {p}: an unrevealed Leader during a turn"));
            }
        }
        if s.actions > MAX_ACTIONS {
            return Err(format!("{} actions left", s.actions));
        }
        if s.outcome.is_none() && s.phase == Phase::Turn {
            if s.actions == 0 && !self.free_action_left(s) {
                return Err("a turn with no action left, Free ones included".into());
            }
            if s.round == 0 || s.game_turns > self.options.max_turns || s.game_turns > s.turns {
                return Err(format!(
                    "round {} at turn {} of the game ({} of the match)",
                    s.round, s.game_turns, s.turns
                ));
            }
        }
        let goal = self.trophies_to_win();
        if s.outcome.is_none() && s.sides.iter().any(|x| x.trophies >= goal) {
            return Err("a match won but not over".into());
        }
        Ok(())
    }

    fn card_count(&self, s: &State, player: Player) -> usize {
        self.cards_owned(s, player).len()
    }
}
