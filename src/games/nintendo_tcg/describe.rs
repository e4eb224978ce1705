//! What `decklab play` shows of a Nintendo TCG table: each side's Vitality
//! Points, hand power, Characters (main Area and Sub-Area) with their
//! Items, Assistant and Constant Effect cards, the Area and Sub-Area, hand,
//! deck, extra deck and piles. Hidden from a seat: the rival's hand and
//! face-down Commander, both decks' order (see `view`), and in the log the
//! cards the rival draws (a search reveals its card).

use serde_json::{Map, Value};

use super::NintendoTcg;
use super::action::{Action, At};
use super::cards::CardId;
use super::state::{Char, Phase, State, Tgt, flag};
use crate::core::{Player, Report};
use crate::play::{
    Describe, card_text, deck_pile, hide_from_others, list, private_pile, public_pile,
};

impl NintendoTcg {
    /// A Character in words: name, HP left, AP/DP/SP, status.
    fn char_words(&self, s: &State, p: Player, c: &Char) -> String {
        let st = self.stats(s, p, c);
        let mut out = format!(
            "{} HP {}/{} AP {} DP {} SP {}",
            self.card_name(c.card),
            self.hp_left(s, p, c),
            st.hp,
            st.ap,
            st.dp,
            st.sp
        );
        for (f, word) in [
            (flag::TAPPED, "tapped"),
            (flag::FROZEN, "frozen"),
            (flag::POISONED, "poisoned"),
        ] {
            if c.has(f) {
                out.push_str(&format!(" {word}"));
            }
        }
        if !c.items.is_empty() {
            out.push_str(&format!(
                " with {}",
                list(c.items.iter().map(|&i| self.card_name(i)))
            ));
        }
        out
    }

    /// A Character of `p` by board id.
    fn char_name(&self, s: &State, p: Player, uid: u8) -> &str {
        s.sides[p].char(uid).map_or("?", |c| self.card_name(c.card))
    }

    /// A target in words, for the deciding seat.
    fn tgt_words(&self, s: &State, t: Tgt) -> String {
        let me = s.decider;
        match t {
            Tgt::None => String::new(),
            Tgt::Skip => " (not activated)".to_owned(),
            Tgt::Own(uid) => format!(" on your {}", self.char_name(s, me, uid)),
            Tgt::Foe(uid) => format!(" on the rival's {}", self.char_name(s, me.opponent(), uid)),
        }
    }
}

impl Describe for NintendoTcg {
    fn board(&self, s: &State, seat: Player, reveal: bool) -> Vec<String> {
        let mut lines = vec![format!("turn {}, seat {} to play", s.turns, s.active)];
        for p in [seat.opponent(), seat] {
            let side = &s.sides[p];
            let shown = p == seat || reveal;
            let you = if p == seat { " (you)" } else { "" };
            lines.push(format!(
                "seat {p}{you}: VP {}, hand power {}",
                side.vp, side.power
            ));
            for c in side.board.iter() {
                let area = if c.in_sub() { "Sub-Area" } else { "Area" };
                lines.push(format!("  {area}: {}", self.char_words(s, p, c)));
            }
            if let Some(a) = side.assistant {
                lines.push(format!("  Assistant: {}", self.card_name(a)));
            }
            if !side.constants.is_empty() {
                lines.push(format!(
                    "  Constant Effects: {}",
                    list(side.constants.iter().map(|&c| self.card_name(c)))
                ));
            }
            match side.pick {
                Some(c) if s.phase != Phase::Pick => lines.push(format!(
                    "  Commander revealed, to be paid for: {}",
                    self.card_name(c)
                )),
                Some(c) if shown => lines.push(format!(
                    "  Commander picked face down: {}",
                    self.card_name(c)
                )),
                Some(_) => lines.push("  a Commander picked face down".to_owned()),
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
                "extra deck",
                side.extra.iter().map(|&c| self.card_name(c)),
            ));
            lines.push(public_pile(
                "discard",
                side.discard.iter().map(|&c| self.card_name(c)),
            ));
            lines.push(public_pile(
                "removed",
                side.removed.iter().map(|&c| self.card_name(c)),
            ));
        }
        for (what, placed) in [("Area", s.area), ("Sub-Area card", s.sub)] {
            if let Some(pl) = placed {
                lines.push(format!(
                    "{what}: {} (seat {})",
                    self.card_name(pl.card),
                    pl.owner
                ));
            }
        }
        lines
    }

    fn action_words(&self, s: &State, action: Action) -> (String, Option<CardId>) {
        let me = s.decider;
        match action {
            Action::Pick(c) => (
                format!("Pick {} as your Commander, face down", self.card_name(c)),
                Some(c),
            ),
            Action::Search(Some(c)) => (
                format!("Take {} from your deck (the search)", self.card_name(c)),
                Some(c),
            ),
            Action::Search(None) => ("Take nothing (the search finds no card)".to_owned(), None),
            Action::Play { card, at, target } => {
                let place = match at {
                    At::Main => String::new(),
                    At::Sub => " into the Sub-Area".to_owned(),
                    At::On(uid) => format!(" onto your {}", self.char_name(s, me, uid)),
                };
                (
                    format!(
                        "Play {}{place}{}",
                        self.card_name(card),
                        self.tgt_words(s, target)
                    ),
                    Some(card),
                )
            }
            Action::Use {
                uid,
                ability,
                target,
            } => {
                let card = s.sides[me].char(uid).map(|c| c.card);
                (
                    format!(
                        "Use effect {} of {}{}",
                        ability + 1,
                        self.char_name(s, me, uid),
                        self.tgt_words(s, target)
                    ),
                    card,
                )
            }
            Action::UseItem { uid, item, target } => {
                let card = s.sides[me]
                    .char(uid)
                    .and_then(|c| c.items.get(item as usize).copied());
                let name = card.map_or("?", |c| self.card_name(c));
                (
                    format!(
                        "Use {name} held by {}{}",
                        self.char_name(s, me, uid),
                        self.tgt_words(s, target)
                    ),
                    card,
                )
            }
            Action::UseArea { sub, target } => {
                let placed = if sub { s.sub } else { s.area };
                let card = placed.map(|p| p.card);
                let name = card.map_or("?", |c| self.card_name(c));
                (
                    format!("Use the effect of {name}{}", self.tgt_words(s, target)),
                    card,
                )
            }
            Action::Move { uid } => (
                format!(
                    "Move {} between the Area and the Sub-Area",
                    self.char_name(s, me, uid)
                ),
                None,
            ),
            Action::EndTurn => ("End the turn".into(), None),
            Action::Answer {
                card,
                uid,
                ability,
                target,
            } => {
                let from = uid.map_or(String::new(), |u| {
                    format!(" of {}", self.char_name(s, me, u))
                });
                (
                    format!(
                        "Answer with {} (effect {}){from}{}",
                        self.card_name(card),
                        ability + 1,
                        self.tgt_words(s, target)
                    ),
                    Some(card),
                )
            }
            Action::Decline => ("Decline".into(), None),
            Action::NoReply => ("No reply".into(), None),
            Action::Attack {
                uid,
                target: Tgt::None,
            } => (
                format!(
                    "Attack the rival directly with {}",
                    self.char_name(s, me, uid)
                ),
                None,
            ),
            Action::Attack { uid, target } => (
                format!(
                    "Attack with {}{}",
                    self.char_name(s, me, uid),
                    self.tgt_words(s, target)
                ),
                None,
            ),
            Action::AttackPass { uid } => (
                format!("{} does not attack", self.char_name(s, me, uid)),
                None,
            ),
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
        // A search reveals its card ("He shows Mario his search was for
        // Rex"): only draws are hidden.
        if name == "draw" {
            hide_from_others(event, seat, "card");
        }
    }
}
