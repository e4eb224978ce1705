//! What `decklab play` shows of a Pixel Tactics table (rules: "OVERVIEW"):
//! each Unit as its three Waves (Vanguard, Flank, Rear) of three slots,
//! the Leader in the centre, then hands, decks, discard piles and
//! trophies. Hidden from a seat: the rival's hand and face-down Leader
//! pick, both decks' order (see `view`), and in the log the rival's draws.

use serde_json::{Map, Value};

use super::PixelTactics;
use super::action::{Action, Tgt};
use super::cards::{CardId, Row};
use super::state::{Occupant, State, row_of};
use crate::core::{Player, Report};
use crate::play::{Describe, card_text, deck_pile, hide_from_others, private_pile, public_pile};

/// Slot `slot` as the screen names it: `Vanguard 2` (column 1 to 3).
fn slot_name(slot: u8) -> String {
    format!("{} {}", row_of(slot).name(), slot % 3 + 1)
}

impl PixelTactics {
    /// The occupant of `p`'s slot `slot`, in words.
    fn slot_words(&self, s: &State, p: Player, slot: u8) -> String {
        let at = &s.sides[p].unit()[slot as usize];
        let name = self.card_name(at.card);
        match at.occupant {
            Occupant::Empty => "-".to_owned(),
            Occupant::Corpse => format!("corpse of {name}"),
            Occupant::Hero | Occupant::Leader => format!(
                "{}{name} {}/{} atk {}{}",
                if at.occupant == Occupant::Leader {
                    "Leader "
                } else {
                    ""
                },
                self.life_left(s, p, slot),
                self.life(s, p, slot),
                self.attack_strength(s, p, slot),
                if at.acted { " (acted)" } else { "" }
            ),
        }
    }

    /// A chosen target in words.
    fn tgt_words(&self, s: &State, t: Tgt) -> String {
        match t {
            Tgt::None => String::new(),
            Tgt::Own(slot) => format!(
                " on your {} ({})",
                slot_name(slot),
                self.slot_words(s, s.active, slot)
            ),
            Tgt::Rival(slot) => {
                let rival = s.active.opponent();
                format!(
                    " on the rival's {} ({})",
                    slot_name(slot),
                    self.slot_words(s, rival, slot)
                )
            }
        }
    }
}

impl Describe for PixelTactics {
    fn board(&self, s: &State, seat: Player, reveal: bool) -> Vec<String> {
        let mut lines = vec![format!(
            "game {} of the match, round {}, Wave {}, seat {} to play, {} actions left",
            s.game,
            s.round,
            s.wave.name(),
            s.active,
            s.actions
        )];
        for p in [seat.opponent(), seat] {
            let side = &s.sides[p];
            let shown = p == seat || reveal;
            let you = if p == seat { " (you)" } else { "" };
            lines.push(format!("seat {p}{you}: trophies {}", side.trophies));
            for row in Row::ALL {
                let base = row as u8 * 3;
                let slots: Vec<String> = (base..base + 3)
                    .map(|slot| self.slot_words(s, p, slot))
                    .collect();
                lines.push(format!("  {:<9} {}", row.name(), slots.join(" | ")));
            }
            match side.pick {
                Some(c) if shown => {
                    lines.push(format!("  Leader picked face down: {}", self.card_name(c)))
                }
                Some(_) => lines.push("  a Leader picked face down".to_owned()),
                None => {}
            }
            lines.push(private_pile(
                "hand",
                side.hand.iter().map(|&c| self.card_name(c)),
                shown,
            ));
            lines.push(deck_pile(
                side.deck.iter().map(|&c| self.card_name(c)),
                reveal,
            ));
            lines.push(public_pile(
                "discard",
                side.discard.iter().map(|&c| self.card_name(c)),
            ));
        }
        lines
    }

    fn action_words(&self, s: &State, action: Action) -> (String, Option<CardId>) {
        let me = s.active;
        let at = |slot: u8| s.sides[me].unit()[slot as usize].card;
        match action {
            Action::Leader(c) => (
                format!("Pick {} as your Leader", self.card_name(c)),
                Some(c),
            ),
            Action::Draw => ("Draw a card".into(), None),
            Action::Recruit { card, slot } => (
                format!("Recruit {} into {}", self.card_name(card), slot_name(slot)),
                Some(card),
            ),
            Action::Attack { from, target } => {
                let rival = self.slot_words(s, me.opponent(), target);
                (
                    format!(
                        "Attack the rival's {} ({rival}) with {}",
                        slot_name(target),
                        self.card_name(at(from))
                    ),
                    Some(at(from)),
                )
            }
            Action::Spell { from, target } => (
                format!(
                    "Cast the spell of {}{}",
                    self.card_name(at(from)),
                    self.tgt_words(s, target)
                ),
                Some(at(from)),
            ),
            Action::LeaderAction { target } => {
                let leader = at(super::state::LEADER);
                (
                    format!(
                        "Use the action of your Leader {}{}",
                        self.card_name(leader),
                        self.tgt_words(s, target)
                    ),
                    Some(leader),
                )
            }
            Action::Order { card, target } => (
                format!(
                    "Play the Order {}{}",
                    self.card_name(card),
                    self.tgt_words(s, target)
                ),
                Some(card),
            ),
            Action::Clear { slot } => (format!("Clear the corpse in {}", slot_name(slot)), None),
            Action::Move { from, to } => (
                format!(
                    "Move {} from {} to {}",
                    self.card_name(at(from)),
                    slot_name(from),
                    slot_name(to)
                ),
                None,
            ),
            Action::Switch { a, b } => (
                format!("Switch {} and {}", slot_name(a), slot_name(b)),
                None,
            ),
            Action::Pass => ("Pass the remaining actions".into(), None),
        }
    }

    fn card_text(&self, card: CardId) -> String {
        card_text(&self.db, card)
    }

    fn redact(&self, event: &mut Map<String, Value>, seat: Player) {
        if event.get("event").and_then(Value::as_str) == Some("draw") {
            hide_from_others(event, seat, "card");
        }
    }
}
