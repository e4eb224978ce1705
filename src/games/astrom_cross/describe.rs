//! What `decklab play` shows of an Astrom Cross table: each side's ancient,
//! its field of six terrain zones (two rows of three: locations and
//! warriors), hand, decks, soul stock, grave, Arcana and set cards. Hidden
//! from a seat: the rival's hand and set cards, every deck's order (see
//! `view`), and in the log the cards the rival draws, puts back or sets.

use serde_json::{Map, Value};

use super::AstromCross;
use super::action::Action;
use super::cards::CardId;
use super::state::{COLUMNS, NONE, Pos, State, ZONES};
use crate::core::{Game, Node, Player, Report};
use crate::play::{Describe, card_text, hide_from_others, list, private_pile, public_pile};

/// Zone `z` as the screen names it: `row 1 column 2`.
fn zone_name(z: u8) -> String {
    format!(
        "zone {}.{}",
        z as usize / COLUMNS + 1,
        z as usize % COLUMNS + 1
    )
}

/// A position in words.
fn pos_name(pos: Pos) -> &'static str {
    match pos {
        Pos::Ready => "ready",
        Pos::Rest => "resting",
        Pos::Stun => "stunned",
    }
}

/// The zones whose bits are set in `consume`, in words.
fn consumed(consume: u8) -> String {
    if consume == 0 {
        return String::new();
    }
    let zones: Vec<String> = (0..ZONES as u8)
        .filter(|z| consume & (1 << z) != 0)
        .map(zone_name)
        .collect();
    format!(", consuming {}", zones.join(" and "))
}

impl AstromCross {
    /// The seat that decides in `s` (the active one once the game is over).
    fn deciding(&self, s: &State) -> Player {
        match self.to_move(s) {
            Node::Decision(p) => p,
            Node::Terminal(_) => s.active,
        }
    }

    /// The warrior of `p`'s zone `z`, by name.
    fn warrior_name(&self, s: &State, p: Player, z: u8) -> &str {
        s.sides[p]
            .warrior(z)
            .map_or("-", |w| self.card_name(w.card))
    }
}

impl Describe for AstromCross {
    fn board(&self, s: &State, seat: Player, reveal: bool) -> Vec<String> {
        let mut lines = vec![format!("turn {}, seat {} to play", s.turns, s.active)];
        for p in [seat.opponent(), seat] {
            let side = &s.sides[p];
            let shown = p == seat || reveal;
            let you = if p == seat { " (you)" } else { "" };
            lines.push(format!(
                "seat {p}{you}: ancient {} ({}), damage {}",
                self.card_name(side.ancient),
                pos_name(side.ancient_pos),
                side.ancient_damage
            ));
            for (z, zone) in side.zones.iter().enumerate() {
                let place = match (zone.location, zone.wasteland) {
                    (_, true) => "wasteland".to_owned(),
                    (Some(c), false) => self.card_name(c).to_owned(),
                    (None, false) => "no location".to_owned(),
                };
                let warrior = zone.warrior.map_or(String::new(), |w| {
                    let gear = w
                        .gear
                        .map_or(String::new(), |g| format!(" with {}", self.card_name(g)));
                    format!(
                        ": {} power {} damage {} ({}){gear}",
                        self.card_name(w.card),
                        self.power(s, p, z as u8),
                        w.damage,
                        pos_name(w.pos)
                    )
                });
                lines.push(format!("  {}: {place}{warrior}", zone_name(z as u8)));
            }
            let hand = side.hand.iter().map(|&c| self.card_name(c));
            lines.push(private_pile("hand", hand, shown));
            let set = side.set.iter().map(|&c| self.card_name(c));
            lines.push(private_pile("set face down", set, shown));
            if reveal {
                let deck = side.deck.iter().rev().map(|&c| self.card_name(c));
                lines.push(format!("  deck (top first): {}", list(deck)));
            } else {
                lines.push(format!(
                    "  deck: {} cards, location deck: {} cards",
                    side.deck.len(),
                    side.locations.len()
                ));
            }
            lines.push(public_pile(
                "soul stock",
                side.soul.iter().map(|&c| self.card_name(c)),
            ));
            lines.push(public_pile(
                "grave",
                side.grave.iter().map(|&c| self.card_name(c)),
            ));
            lines.push(public_pile(
                "Arcana",
                side.arcana.iter().map(|&c| self.card_name(c)),
            ));
        }
        if let Some(c) = s.revealed_location {
            lines.push(format!("revealed location: {}", self.card_name(c)));
        }
        lines
    }

    fn action_words(&self, s: &State, action: Action) -> (String, Option<CardId>) {
        let me = self.deciding(s);
        let side = &s.sides[me];
        let rival = me.opponent();
        let named = |c: CardId| self.card_name(c).to_owned();
        match action {
            Action::Mulligan(0) => ("Keep the hand".into(), None),
            Action::Mulligan(bits) => {
                let cards = side
                    .hand
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| bits & (1 << i) != 0);
                let cards: Vec<&str> = cards.map(|(_, &c)| self.card_name(c)).collect();
                (format!("Mulligan: put back {}", cards.join(", ")), None)
            }
            Action::Reveal => ("Reveal the top location".into(), None),
            Action::SkipLocation => ("Skip the location phase and draw a card".into(), None),
            Action::Place(z) => (
                format!("Put the revealed location into {}", zone_name(z)),
                s.revealed_location,
            ),
            Action::Exchange(z) => (
                format!(
                    "Exchange the location of {} for the revealed one",
                    zone_name(z)
                ),
                s.revealed_location,
            ),
            Action::Summon {
                card,
                zone,
                consume,
            } => (
                format!(
                    "Summon {} into {}{}",
                    named(card),
                    zone_name(zone),
                    consumed(consume)
                ),
                Some(card),
            ),
            Action::Event {
                card,
                target,
                consume,
            } => {
                let on = if target == NONE {
                    String::new()
                } else {
                    format!(
                        " on {} ({} or {})",
                        zone_name(target),
                        self.warrior_name(s, me, target),
                        self.warrior_name(s, rival, target)
                    )
                };
                (
                    format!("Cast {}{on}{}", named(card), consumed(consume)),
                    Some(card),
                )
            }
            Action::Equip {
                card,
                zone,
                consume,
            } => (
                format!(
                    "Equip {} to {}{}",
                    named(card),
                    self.warrior_name(s, me, zone),
                    consumed(consume)
                ),
                Some(card),
            ),
            Action::Set(c) => (format!("Set {} face down", named(c)), Some(c)),
            Action::SoulCharge(c) => (
                format!("Soul charge {} (rest the ancient, draw a card)", named(c)),
                Some(c),
            ),
            Action::RestAbility { zone, target } => {
                let w = side.warrior(zone).map(|w| w.card);
                let on = if target == NONE {
                    String::new()
                } else {
                    format!(" on {}", zone_name(target))
                };
                (
                    format!(
                        "Rest {} for its ability{on}",
                        self.warrior_name(s, me, zone)
                    ),
                    w,
                )
            }
            Action::Move { from, to } => (
                format!(
                    "Move {} from {} to {}",
                    self.warrior_name(s, me, from),
                    zone_name(from),
                    zone_name(to)
                ),
                None,
            ),
            Action::ToBattle => ("Go to the battle phase".into(), None),
            Action::Attack { zone, target } => {
                let what = if target == NONE {
                    "the ancient".to_owned()
                } else {
                    format!(
                        "{} in {}",
                        self.warrior_name(s, rival, target),
                        zone_name(target)
                    )
                };
                (
                    format!("Attack {what} with {}", self.warrior_name(s, me, zone)),
                    side.warrior(zone).map(|w| w.card),
                )
            }
            Action::Join(z) => (
                format!("Join the team with {}", self.warrior_name(s, me, z)),
                None,
            ),
            Action::Go => ("Close the team".into(), None),
            Action::Defend(z) => (format!("Defend with {}", self.warrior_name(s, me, z)), None),
            Action::NoDefense => ("Declare no defender".into(), None),
            Action::Technique { card, consume } => (
                format!("Use the technique {}{}", named(card), consumed(consume)),
                Some(card),
            ),
            Action::Flip { index, consume } => {
                let card = side.set.get(index as usize).copied();
                let name = card.map_or("a set card", |c| self.card_name(c));
                (format!("Flip and use {name}{}", consumed(consume)), card)
            }
            Action::Pass => ("Pass".into(), None),
            Action::Trigger(true) => ("Cast the revealed card's trigger".into(), None),
            Action::Trigger(false) => ("Do not cast the trigger".into(), None),
            Action::EndBattle => ("End the battle phase".into(), None),
            Action::Discard(c) => (format!("Discard {}", named(c)), Some(c)),
        }
    }

    fn card_text(&self, card: CardId) -> String {
        card_text(&self.db, card)
    }

    fn redact(&self, event: &mut Map<String, Value>, seat: Player) {
        let name = event
            .get("event")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if matches!(name, "draw" | "return_to_deck" | "set") {
            hide_from_others(event, seat, "card");
        }
    }
}
