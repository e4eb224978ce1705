//! The invariant checker run after every action by the conformance tests:
//! cards conserved across zones, the board well formed, counters in
//! bounds, the phase consistent.

use super::NintendoTcg;
use super::cards::{CardId, Kind};
use super::state::{MAX_POWER, Phase, START_VP, State, Then};
use crate::core::{Invariants, Player, check_conservation};

impl NintendoTcg {
    /// Every card `p` owns, wherever it is.
    fn cards_owned(&self, s: &State, p: Player) -> Vec<CardId> {
        let side = &s.sides[p];
        let mut cards: Vec<CardId> = Vec::with_capacity(64);
        cards.extend(&side.deck);
        cards.extend(&side.hand);
        cards.extend(&side.discard);
        cards.extend(&side.removed);
        cards.extend(&side.extra);
        cards.extend(&side.constants);
        cards.extend(side.assistant);
        cards.extend(side.pick);
        for c in &side.board {
            // A Token in play is no card: its reference card stays in the
            // extra deck.
            if self.card(c.card).kind != Kind::Token {
                cards.push(c.card);
            }
            cards.extend(&c.items);
        }
        for placed in [s.area, s.sub].into_iter().flatten() {
            if placed.owner == p {
                cards.push(placed.card);
            }
        }
        if let Some(h) = s.held
            && h.owner == p
        {
            cards.push(h.card);
        }
        if let Some(a) = s.answer
            && a.owner == p
            && a.uid.is_none()
        {
            cards.push(a.card);
        }
        // Effect cards between resolving and their pile, held up by a
        // search.
        for step in &s.then {
            match *step {
                Then::Resolved(h) if h.owner == p => cards.push(h.card),
                Then::Discard { player, card } if player == p => cards.push(card),
                _ => {}
            }
        }
        cards
    }
}

impl Invariants for NintendoTcg {
    /// Checks every invariant; describes the first one broken.
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        for p in Player::all(2) {
            let side = &s.sides[p];
            check_conservation(
                &format!("seat {p}"),
                &mut self.cards_owned(s, p),
                &mut self.decks[p].card_list(),
                |c| self.card(c).name.clone(),
            )?;
            for zone in [&side.deck, &side.hand, &side.discard, &side.removed] {
                if zone.iter().any(|&c| self.card(c).extra()) {
                    return Err(format!(
                        "seat {p}: an extra-deck card outside play and the extra deck"
                    ));
                }
            }
            let mut hand = side.hand;
            for &k in &side.hand_known {
                match hand.iter().position(|&c| c == k) {
                    Some(i) => {
                        hand.swap_remove(i);
                    }
                    None => return Err(format!("seat {p}: a known card not in the hand")),
                }
            }
            if side.extra.iter().any(|&c| !self.card(c).extra()) {
                return Err(format!("seat {p}: a deck card in the extra deck"));
            }
            for (i, c) in side.board.iter().enumerate() {
                if !self.card(c.card).is_character() {
                    return Err(format!("seat {p}: a non-character on the board"));
                }
                if side.board.iter().skip(i + 1).any(|o| o.uid == c.uid) {
                    return Err(format!("seat {p}: board id {} twice", c.uid));
                }
                if self.hp_left(s, p, c) == 0 {
                    return Err(format!(
                        "seat {p}: {} stands with no HP",
                        self.card(c.card).name
                    ));
                }
                if c.in_sub() && s.sub.is_none() {
                    return Err(format!(
                        "seat {p}: a Character in a Sub-Area that is not there"
                    ));
                }
                if c.items.iter().any(|&i| self.card(i).kind != Kind::Item)
                    || c.items.iter().filter(|&&i| self.card(i).mask).count() > 1
                {
                    return Err(format!("seat {p}: bad items on {}", self.card(c.card).name));
                }
            }
            if self.commanders(s, p, None) > 1 {
                return Err(format!("seat {p}: more than one Commander out"));
            }
            if side.power > MAX_POWER || side.vp > START_VP {
                return Err(format!("seat {p}: power {} vp {}", side.power, side.vp));
            }
            if s.outcome.is_none() && side.vp == 0 {
                return Err(format!("seat {p}: no vitality left but the game goes on"));
            }
            if s.turns > 0 && side.pick.is_some() {
                return Err(format!("seat {p}: an unrevealed Commander after setup"));
            }
            if side.assistant.is_some() && p != s.active {
                return Err(format!("seat {p}: an Assistant out on the rival's turn"));
            }
        }
        if s.sub.is_some() && s.area.is_none() {
            return Err("a Sub-Area without an Area".into());
        }
        if s.outcome.is_none() {
            let ok = match s.phase {
                Phase::Pick => s.turns == 0,
                Phase::Main => s.decider == s.active && s.answer.is_none() && s.held.is_none(),
                Phase::Window(_) => s.decider != s.active || s.held.is_none(),
                Phase::Reply(_) => s.decider == s.active && s.answer.is_some(),
                Phase::Battle => {
                    let board = s.sides[s.decider].board.len();
                    s.attackers != 0 && u32::from(s.attackers) >> board == 0
                }
                Phase::Search => s.search.is_some_and(|x| x.ctx.owner == s.decider),
            };
            if !ok || (s.phase != Phase::Search && (s.search.is_some() || !s.then.is_empty())) {
                return Err(format!("inconsistent phase {:?}", s.phase));
            }
            if s.turns > self.options.max_turns {
                return Err(format!("turn {} beyond the limit", s.turns));
            }
        }
        Ok(())
    }

    fn card_count(&self, s: &State, player: Player) -> usize {
        self.cards_owned(s, player).len()
    }
}
