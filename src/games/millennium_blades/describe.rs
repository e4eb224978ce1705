//! What `decklab play` shows of a Millennium Blades table: each player's
//! money, VP and RP, binder, deck, collection (Duel and Turn-Based Mode:
//! both), hand, tableau and board (deck box, accessories), then the
//! store area, the aftermarket and the metagame. Hidden from a seat (see
//! `view`): the store area's face-down cards (shown by set), the store
//! deck, the other players' hands, and in the log the cards restocked face
//! down or drawn into another player's hand (Turn-Based Mode: dealt,
//! bought, fused or won into it too).

use serde_json::{Map, Value};

use super::action::Action;
use super::cards::CardId;
use super::events::symbol_names;
use super::state::{Area, Phase, Prompt, Slot, State, Zone};
use super::{MillenniumBlades, Mode};
use crate::core::{Player, Report};
use crate::play::{Describe, card_text, hide, hide_from_others, list};

/// The promo tiers of a fusion, by index.
const TIERS: [&str; 3] = ["bronze", "silver", "gold"];

/// What the status line of `decklab play` says of `phase`.
fn phase_in_words(phase: Phase) -> String {
    match phase {
        Phase::Setup => "setup".to_owned(),
        Phase::Deckbuilding => "deckbuilding".to_owned(),
        Phase::Fusing { tier, left, .. } => {
            let tier = TIERS.get(usize::from(tier)).copied().unwrap_or("");
            format!("card fusion for a {tier} promo, {left} more cards to give")
        }
        Phase::Finalize { collection: false } => "finalize the tournament deck".to_owned(),
        Phase::Finalize { collection: true } => "finalize the collection".to_owned(),
        Phase::Tournament => "tournament".to_owned(),
        Phase::TurnBased => "Turn-Based Mode turn".to_owned(),
        Phase::Over => "game over".to_owned(),
    }
}

impl MillenniumBlades {
    /// The name of instance `i`.
    fn instance_name(&self, i: u16) -> &str {
        self.card_name(self.table.card(i))
    }

    /// The names of the instances in `zone`.
    fn zone_names(&self, s: &State, zone: Zone) -> String {
        let names: Vec<&str> = s.in_zone(zone).map(|i| self.instance_name(i)).collect();
        list(names)
    }
}

impl Describe for MillenniumBlades {
    fn board(&self, s: &State, seat: Player, reveal: bool) -> Vec<String> {
        let mut lines = vec![format!(
            "round {}, timer {}, tick {}, phase {}, seat {} to play",
            s.round,
            s.timer,
            s.tick,
            phase_in_words(s.phase),
            self.decider(s)
        )];
        for p in s.players() {
            let me = &s.seats[p];
            let shown = p == seat || reveal;
            let you = if p == seat { " (you)" } else { "" };
            lines.push(format!(
                "seat {p}{you}: ${}, {} VP, {} RP, {} sell markers",
                me.money,
                me.vp.total(),
                me.rp,
                me.markers
            ));
            // Duel and Turn-Based Mode keep two collections, by element and
            // by type.
            let collections: &[(&str, Area)] = match self.options.mode {
                Mode::Standard => &[("collection", Area::Collection)],
                _ => &[
                    ("element collection", Area::Collection),
                    ("type collection", Area::Collection2),
                ],
            };
            let areas = [("binder", Area::Binder), ("deck", Area::Deck)];
            for &(what, area) in areas.iter().chain(collections) {
                lines.push(format!(
                    "  {what}: {}",
                    self.zone_names(s, Zone::of(area, p))
                ));
            }
            let hand = Zone::of(Area::Hand, p);
            if shown {
                lines.push(format!("  hand: {}", self.zone_names(s, hand)));
            } else {
                lines.push(format!("  hand: {} cards", s.count(hand)));
            }
            let slot_words = |slot: &Slot| match slot.up {
                true => format!(
                    "{} ({} stars)",
                    self.instance_name(slot.card),
                    self.stars_of(slot)
                ),
                false if shown => format!("{} (face down)", self.instance_name(slot.card)),
                false => "a face-down card".to_owned(),
            };
            // The tableau, then the deck box and accessories.
            for (what, slots) in [("tableau", &me.tableau[..]), ("board", &me.board[..])] {
                if !slots.is_empty() {
                    let words: Vec<String> = slots.iter().map(slot_words).collect();
                    lines.push(format!("  {what}: {}", words.join(", ")));
                }
            }
        }
        let area: Vec<String> = s
            .area
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let set = self.db.label(self.card(i).set);
                if reveal {
                    format!("{} {} ({set})", k + 1, self.instance_name(i))
                } else {
                    format!("{} a face-down {set} card", k + 1)
                }
            })
            .collect();
        lines.push(format!(
            "store area: {}",
            list(area.iter().map(String::as_str))
        ));
        let market: Vec<&str> = s
            .market
            .iter()
            .map(|l| self.instance_name(l.card))
            .collect();
        lines.push(format!("aftermarket: {}", list(market)));
        lines.push(format!("metagame: {}", self.zone_names(s, Zone::META_UP)));
        lines
    }

    fn action_words(&self, s: &State, action: Action) -> (String, Option<CardId>) {
        let card = |i: u16| Some(self.table.card(i));
        match action {
            Action::Pass => ("Pass".into(), None),
            Action::Buy(9) => ("Buy the top card of the store deck".into(), None),
            Action::Buy(k) => (
                format!("Buy the face-down card {} of the store area", k + 1),
                None,
            ),
            Action::Sell(i) => (format!("Sell {}", self.instance_name(i)), card(i)),
            Action::BuyListed(i) => (
                format!("Buy {} from the aftermarket", self.instance_name(i)),
                card(i),
            ),
            Action::Fuse(t) => (
                format!("Start a {} fusion", TIERS[usize::from(t).min(2)]),
                None,
            ),
            // A Turn-Based scoring's choice: keep the accessory or discard it.
            Action::Take(i) if matches!(s.prompt, Some((Prompt::Accessory, _))) => {
                (format!("Keep {}", self.instance_name(i)), card(i))
            }
            Action::Take(i) => (format!("Take {}", self.instance_name(i)), card(i)),
            Action::Play(i) => (format!("Play {}", self.instance_name(i)), card(i)),
            Action::Use(i) => (format!("Use {}", self.instance_name(i)), card(i)),
            Action::Seat(p) => (format!("Choose seat {p}"), None),
            Action::Card(p, at) => {
                let i = s.seats[p]
                    .tableau
                    .get(usize::from(at))
                    .map(|slot| slot.card);
                let name = i.map_or("?", |i| self.instance_name(i));
                (format!("Choose {name} of seat {p}"), i.and_then(card))
            }
            Action::Position(at) => (format!("Choose tableau position {}", at + 1), None),
            Action::React => ("Use the Reaction".into(), None),
            Action::Discard(i) => (format!("Discard {}", self.instance_name(i)), card(i)),
            Action::Collect(i, kind, symbol) => {
                let by = if kind == 0 { "element" } else { "type" };
                let name = self.instance_name(i);
                let (elements, types) = if kind == 0 { (symbol, 0) } else { (0, symbol) };
                let words = match symbol_names(elements, types).first() {
                    Some(declared) => format!("Collect {name} into the {declared} {by} collection"),
                    None => format!("Collect {name} by its {by}"),
                };
                (words, card(i))
            }
            Action::Score => ("Score the tableau and collections".into(), None),
        }
    }

    fn card_text(&self, card: CardId) -> String {
        card_text(&self.db, card)
    }

    fn redact(&self, event: &mut Map<String, Value>, seat: Player) {
        // Turn-Based Mode deals, buys, fuses and awards into the hand.
        let into_hand = self.options.mode == Mode::TurnBased;
        match event.get("event").and_then(Value::as_str) {
            Some("restock") => hide(event, "card"),
            Some("draw_store") => hide_from_others(event, seat, "card"),
            Some("dealt" | "buy" | "fused" | "prize") if into_hand => {
                hide_from_others(event, seat, "card")
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Phase, phase_in_words};
    use crate::core::Player;

    // What `decklab play --game millennium-blades` showed: `phase Finalize
    // { collection: false }, seat a to play`, `phase TurnBased` (Rust's
    // debug text); each phase now has its words.
    #[test]
    fn each_phase_is_put_in_words() {
        for (phase, words) in [
            (Phase::Setup, "setup"),
            (Phase::Deckbuilding, "deckbuilding"),
            (
                Phase::Fusing {
                    player: Player::new(1),
                    tier: 2,
                    left: 3,
                },
                "card fusion for a gold promo, 3 more cards to give",
            ),
            (
                Phase::Finalize { collection: false },
                "finalize the tournament deck",
            ),
            (
                Phase::Finalize { collection: true },
                "finalize the collection",
            ),
            (Phase::Tournament, "tournament"),
            (Phase::TurnBased, "Turn-Based Mode turn"),
            (Phase::Over, "game over"),
        ] {
            assert_eq!(phase_in_words(phase), words, "{phase:?}");
        }
    }
}
