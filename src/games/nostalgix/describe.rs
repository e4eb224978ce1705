//! What `decklab play` shows of a Nostalgix table (rules/nostalgix.txt:
//! "Field Layout & Descriptions"): each side's Hero, Fighters and tokens,
//! back row, hand, deck and Void, and the Arena. Hidden from a seat: the
//! opponent's Hero until it flips (setup steps 2 and 8), hand and
//! face-down Surprises, both decks' order (see
//! `view`), and in the log the cards the opponent draws, sets aside or
//! sets face down (a card revealed before it is drawn is named to all by
//! its `reveal` line).

use serde_json::{Map, Value};

use super::Nostalgix;
use super::action::{Action, Tgt};
use super::cards::CardId;
use super::state::{BackCard, Entity, Phase, State};
use crate::core::{Game, Node, Player, Report};
use crate::play::{Describe, card_text, deck_pile, hide_from_others, list};

impl Nostalgix {
    /// An entity in words: `Cinder Imp 2/3 (atk +1)`, health now/maximum.
    fn entity_words(&self, e: &Entity) -> String {
        let mut out = format!("{} {}/{}", self.card_name(e.card), e.health(), e.max_health);
        let bonus = e.atk_bonus();
        if bonus != 0 {
            out.push_str(&format!(" atk {bonus:+}"));
        }
        let keywords = e.keywords.names();
        if !keywords.is_empty() {
            out.push_str(&format!(" [{}]", keywords.join(", ")));
        }
        out
    }

    /// A target in words.
    fn target_words(&self, s: &State, t: Tgt) -> String {
        let side = &s.sides[t.side];
        let e = if t.unit == Tgt::HERO {
            &side.hero
        } else {
            &s.units[t.side][t.unit as usize]
        };
        format!("{} ({})", self.card_name(e.card), t.side)
    }

    /// The seat that decides in `s` (the active one once the game is
    /// over).
    fn deciding(&self, s: &State) -> Player {
        match self.to_move(s) {
            Node::Decision(p) => p,
            Node::Terminal(_) => s.active,
        }
    }
}

impl Describe for Nostalgix {
    fn board(&self, s: &State, seat: Player, reveal: bool) -> Vec<String> {
        let mut lines = vec![format!("turn {}, seat {} to play", s.turn, s.active)];
        for p in [seat.opponent(), seat] {
            let side = &s.sides[p];
            let you = if p == seat { " (you)" } else { "" };
            let shown = p == seat || reveal;
            // Setup step 2: the Heroes stay face down until the coin.
            let face_down = matches!(s.phase, Phase::Mulligan | Phase::ChooseOrder);
            let hero = if shown || !face_down {
                self.entity_words(&side.hero)
            } else {
                "face down".to_owned()
            };
            lines.push(format!(
                "seat {p}{you}: Hero {hero}, mana {}/{}{}, prize counters {}/{}",
                side.mana,
                side.max_mana,
                if side.mana_token { " + token" } else { "" },
                side.prizes,
                s.prize_goal
            ));
            for e in s.units[p].iter() {
                let place = if e.token {
                    "token".to_owned()
                } else {
                    format!("slot {}", e.slot + 1)
                };
                lines.push(format!("  {place}: {}", self.entity_words(e)));
            }
            let back: Vec<String> = side
                .back
                .iter()
                .filter_map(|b| match *b {
                    BackCard::Empty => None,
                    BackCard::Surprise(c) if shown => {
                        Some(format!("Surprise {} (face down)", self.card_name(c)))
                    }
                    BackCard::Surprise(_) => Some("a face-down Surprise".to_owned()),
                    BackCard::Equipment(c, on) => Some(format!(
                        "{} on {}",
                        self.card_name(c),
                        s.entity(on).map_or("?", |e| self.card_name(e.card))
                    )),
                })
                .collect();
            lines.push(format!(
                "  back row: {}",
                list(back.iter().map(String::as_str))
            ));
            if shown {
                let hand = side.hand.iter().enumerate();
                let hand: Vec<String> = hand
                    .map(|(i, &c)| format!("{} {}", i + 1, self.card_name(c)))
                    .collect();
                lines.push(format!("  hand: {}", list(hand.iter().map(String::as_str))));
            } else {
                lines.push(format!("  hand: {} cards", side.hand.len()));
            }
            lines.push(deck_pile(
                side.deck.iter().map(|&c| self.card_name(c)),
                reveal,
            ));
            let void = side.void.iter().map(|&c| self.card_name(c));
            lines.push(format!("  Void: {}", list(void)));
        }
        if let Some((arena, owner)) = s.arena {
            lines.push(format!("Arena: {} (seat {owner})", self.card_name(arena)));
        }
        if s.phase == Phase::Mulligan && !s.sides[s.active].aside.is_empty() {
            let aside = s.sides[s.active].aside.iter();
            lines.push(format!(
                "set aside for the mulligan: {}",
                list(aside.map(|&c| self.card_name(c)))
            ));
        }
        lines
    }

    fn action_words(&self, s: &State, action: Action) -> (String, Option<CardId>) {
        let seat = self.deciding(s);
        let (me, my_units) = (&s.sides[seat], &s.units[seat]);
        let unit = |i: u8| {
            let e = if i == Tgt::HERO {
                &me.hero
            } else {
                &my_units[i as usize]
            };
            self.card_name(e.card)
        };
        let target = |t: Option<Tgt>| {
            t.map_or(String::new(), |t| {
                format!(" on {}", self.target_words(s, t))
            })
        };
        let card = |hand: u8| {
            let c = me.hand[hand as usize];
            (self.card_name(c), Some(c))
        };
        match action {
            Action::MulliganPick(h) => {
                let (name, c) = card(h);
                (format!("Set {name} aside for the mulligan"), c)
            }
            Action::MulliganDone { bottom: false } if me.aside.is_empty() => {
                ("Keep the hand".into(), None)
            }
            Action::MulliganDone { bottom: false } => (
                "Shuffle the cards set aside into the deck and draw as many".into(),
                None,
            ),
            Action::MulliganDone { bottom: true } => (
                "Put the cards set aside at the bottom of the deck and draw as many".into(),
                None,
            ),
            Action::ChooseOrder { go_first } => (
                format!("Go {}", if go_first { "first" } else { "second" }),
                None,
            ),
            Action::Summon { hand, slot } => {
                let (name, c) = card(hand);
                (format!("Summon {name} into slot {}", slot + 1), c)
            }
            Action::Evolve { hand, unit: u } => {
                let (name, c) = card(hand);
                (format!("Evolve {} into {name}", unit(u)), c)
            }
            Action::Stack { hand, unit: u } => {
                let (name, c) = card(hand);
                (format!("Stack {name} onto {}", unit(u)), c)
            }
            Action::Cast { hand, target: t } => {
                let (name, c) = card(hand);
                (format!("Cast {name}{}", target(t)), c)
            }
            Action::SetSurprise { hand } => {
                let (name, c) = card(hand);
                (format!("Set {name} face down"), c)
            }
            Action::Equip { hand, target: t } => {
                let (name, c) = card(hand);
                (format!("Equip {name}{}", target(Some(t))), c)
            }
            Action::PlayArena { hand } => {
                let (name, c) = card(hand);
                (format!("Play the Arena {name}"), c)
            }
            Action::ManaToken => ("Use the mana token".into(), None),
            Action::HeroAbility { target: t } => {
                let name = self.card_name(me.hero.card);
                (
                    format!("Use {name}'s ability{}", target(t)),
                    Some(me.hero.card),
                )
            }
            Action::UnitAbility {
                unit: u,
                ability,
                target: t,
            } => {
                let e = &my_units[u as usize];
                let ab = &self.db.card(e.card).abilities[ability as usize].name;
                (format!("Use {}'s {ab}{}", unit(u), target(t)), Some(e.card))
            }
            Action::Attack {
                attacker,
                attack,
                target: t,
            } => {
                let e = if attacker == Tgt::HERO {
                    &me.hero
                } else {
                    &my_units[attacker as usize]
                };
                let attacks = &self.db.card(e.card).attacks;
                let how = attacks.get(attack as usize).map_or(String::new(), |a| {
                    format!(" with {} ({})", a.name, a.damage)
                });
                (
                    format!(
                        "Attack {} with {}{how}",
                        self.target_words(s, t),
                        unit(attacker)
                    ),
                    Some(e.card),
                )
            }
            Action::Flip { slot, target: t } => match me.back[slot as usize] {
                BackCard::Surprise(c) => (
                    format!("Flip the Surprise {}{}", self.card_name(c), target(t)),
                    Some(c),
                ),
                _ => (format!("Flip back-row slot {}", slot + 1), None),
            },
            Action::Decline => ("Let the Surprise window pass".into(), None),
            Action::Discard(h) => {
                let (name, c) = card(h);
                (format!("Discard {name}"), c)
            }
            Action::Search(Some(c)) => {
                (format!("Take {} from the deck", self.card_name(c)), Some(c))
            }
            Action::Search(None) => ("Search finds nothing".into(), None),
            Action::EndTurn => ("End the turn".into(), None),
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
        let face_down = event.get("kind").and_then(Value::as_str) == Some("surprise");
        // A card drawn into a full hand goes to the Void face up: public.
        let to_void = event.get("to").and_then(Value::as_str) == Some("void");
        if (name == "draw" && !to_void) || name == "set_aside" || (name == "play" && face_down) {
            hide_from_others(event, seat, "card");
        }
    }
}
