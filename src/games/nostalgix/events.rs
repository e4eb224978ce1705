//! What happens in a Nostalgix game, for logs (`logs/game-<i>.jsonl`) and
//! the game-agnostic report metrics.

use serde_json::{Value, json};

use super::Nostalgix;
use super::cards::{CardId, Keywords, Kind, SurpriseTrigger};
use super::state::{State, hero_seat};
use crate::core::{Metric, Player, Report, SeatSummary, SeatTerms, Seats};

/// One event: its turn (1-based, both players' turns counted; 0 during
/// setup), who acts or owns it, and what happened.
pub type Event = crate::core::Event<EventKind>;

/// The events of the log format (see README, "logs").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum EventKind {
    Start {
        first: Player,
        heroes: Seats<CardId, 2>,
        health: Seats<u8, 2>,
    },
    Mulligan {
        count: u8,
        bottom: bool,
    },
    TurnStart {
        max_mana: u8,
        mana: u8,
        hand: u8,
        deck: u8,
    },
    Draw {
        card: Option<CardId>,
    },
    /// A search of the deck: the card found (`None`: no card matched) and
    /// whether it went to the hand (else to the Void: the hand was full).
    Search {
        card: Option<CardId>,
        to_hand: bool,
    },
    Play {
        card: CardId,
        kind: Kind,
        cost: u8,
        mana_left: u8,
        id: Option<u16>,
        keywords: Keywords,
    },
    Evolve {
        card: CardId,
        id: u16,
        cost: u8,
        mana_left: u8,
        keywords: Keywords,
    },
    Token {
        card: CardId,
        id: u16,
        atk: i16,
        health: i16,
        keywords: Keywords,
    },
    ManaToken {
        mana: u8,
    },
    Attack {
        attacker: u16,
        attacker_card: CardId,
        target: u16,
        target_card: CardId,
        attack: Option<u8>,
        base: i16,
        atk_counters: i16,
        weakness: bool,
        resistance: bool,
        damage: i16,
    },
    Damage {
        target: u16,
        amount: u8,
        health_after: i16,
        source: Option<u16>,
    },
    Heal {
        target: u16,
        amount: u8,
        health_after: i16,
    },
    Destroy {
        id: u16,
        card: CardId,
        owner: Player,
        token: bool,
    },
    Prize {
        total: u8,
    },
    Surprise {
        card: CardId,
        trigger: SurpriseTrigger,
    },
    Ability {
        source: u16,
        card: CardId,
        ability: u8,
    },
    Pay {
        amount: u8,
    },
    EquipBreak {
        card: CardId,
        target: u16,
    },
    EndTurn {
        hand: u8,
        discarded: u8,
        mana_left: u8,
    },
    GameOver {
        winner: Option<Player>,
        reason: &'static str,
    },
}

/// Entity ids as logs write them: `hero_a`/`hero_b` for Heroes.
fn entity(id: u16) -> Value {
    match hero_seat(id) {
        Some(p) => json!(format!("hero_{p}")),
        None => json!(id),
    }
}

/// What the reports read: metrics and log lines from the events, each
/// seat's Hero health and prize counters, the cards' names and costs.
impl Report for Nostalgix {
    fn terms(&self) -> SeatTerms {
        SeatTerms {
            health: "Hero health",
            resource: "mana",
            score: "prize counters taken",
        }
    }

    fn metric(&self, e: &Event) -> Option<Metric> {
        let player = e.player;
        Some(match e.kind {
            EventKind::Start { .. } => Metric::GameStart,
            EventKind::TurnStart { max_mana, mana, .. } => Metric::TurnStart {
                player,
                resource_max: max_mana.into(),
                resource: mana.into(),
            },
            EventKind::Draw { card: Some(c) } => Metric::Drew { player, card: c },
            EventKind::Search {
                card: Some(c),
                to_hand: true,
            } => Metric::ToHand { player, card: c },
            EventKind::Play { card, cost, .. } | EventKind::Evolve { card, cost, .. } => {
                Metric::Played {
                    player,
                    card,
                    cost: cost.into(),
                }
            }
            EventKind::Pay { amount } => Metric::Spent {
                player,
                amount: amount.into(),
            },
            EventKind::Prize { total } => Metric::Score {
                player,
                total: total.into(),
            },
            EventKind::EndTurn { mana_left, .. } => Metric::TurnEnd {
                player,
                unspent: mana_left.into(),
            },
            // The actions that are not a card played (those are in the
            // mana curve): `actions.csv`.
            EventKind::Attack { .. } => Metric::Action {
                player,
                kind: "attack",
            },
            EventKind::Ability { .. } => Metric::Action {
                player,
                kind: "ability",
            },
            EventKind::Surprise { .. } => Metric::Action {
                player,
                kind: "surprise",
            },
            EventKind::Mulligan { count, .. } if count > 0 => Metric::Action {
                player,
                kind: "mulligan",
            },
            _ => return None,
        })
    }

    fn event_json(&self, e: &Event) -> Value {
        let kw = |k: Keywords| json!(k.names());
        let (name, fields) = match e.kind {
            EventKind::Start {
                first,
                heroes,
                health,
            } => (
                "start",
                json!({"first": first.to_string(), "hero_a": self.card_name(heroes[Player::A]), "hero_b": self.card_name(heroes[Player::B]),
                       "health_a": health[Player::A], "health_b": health[Player::B]}),
            ),
            EventKind::Mulligan { count, bottom } => (
                "mulligan",
                json!({"count": count, "mode": if count == 0 { "keep" } else if bottom { "bottom" } else { "shuffle" }}),
            ),
            EventKind::TurnStart {
                max_mana,
                mana,
                hand,
                deck,
            } => (
                "turn_start",
                json!({"max_mana": max_mana, "mana": mana, "hand": hand, "deck": deck}),
            ),
            EventKind::Draw { card: Some(c) } => ("draw", json!({"card": self.card_name(c)})),
            EventKind::Draw { card: None } => ("draw", json!({"empty": true})),
            EventKind::Search {
                card: Some(c),
                to_hand,
            } => (
                "search",
                json!({"card": self.card_name(c), "to": if to_hand { "hand" } else { "void" }}),
            ),
            EventKind::Search { card: None, .. } => ("search", json!({"found": false})),
            EventKind::Play {
                card,
                kind,
                cost,
                mana_left,
                id,
                keywords,
            } => (
                "play",
                json!({"card": self.card_name(card), "kind": kind.name(), "cost": cost, "mana_left": mana_left,
                       "id": id.map(entity), "keywords": kw(keywords)}),
            ),
            EventKind::Evolve {
                card,
                id,
                cost,
                mana_left,
                keywords,
            } => (
                "evolve",
                json!({"card": self.card_name(card), "id": id, "cost": cost, "mana_left": mana_left, "keywords": kw(keywords)}),
            ),
            EventKind::Token {
                card,
                id,
                atk,
                health,
                keywords,
            } => (
                "token",
                json!({"name": self.card_name(card), "id": id, "atk": atk, "health": health, "keywords": kw(keywords)}),
            ),
            EventKind::ManaToken { mana } => ("mana_token", json!({"mana": mana})),
            EventKind::Attack {
                attacker,
                attacker_card,
                target,
                target_card,
                attack,
                base,
                atk_counters,
                weakness,
                resistance,
                damage,
            } => {
                let attack_name = attack.map_or("", |a| {
                    self.db.card(attacker_card).attacks[a as usize]
                        .name
                        .as_str()
                });
                (
                    "attack",
                    json!({"attacker": entity(attacker), "attacker_name": self.card_name(attacker_card),
                           "target": entity(target), "target_name": self.card_name(target_card),
                           "attack": attack_name, "base": base, "atk_counters": atk_counters,
                           "weakness": weakness, "resistance": resistance, "damage": damage}),
                )
            }
            EventKind::Damage {
                target,
                amount,
                health_after,
                source,
            } => (
                "damage",
                json!({"target": entity(target), "amount": amount, "health_after": health_after,
                       "source": source.map(entity)}),
            ),
            EventKind::Heal {
                target,
                amount,
                health_after,
            } => (
                "heal",
                json!({"target": entity(target), "amount": amount, "health_after": health_after}),
            ),
            EventKind::Destroy {
                id,
                card,
                owner,
                token,
            } => (
                "destroy",
                json!({"id": id, "card": self.card_name(card), "owner": owner.to_string(), "token": token}),
            ),
            EventKind::Prize { total } => (
                "prize",
                json!({"taken_by": e.player.to_string(), "total": total}),
            ),
            EventKind::Surprise { card, trigger } => (
                "surprise",
                json!({"card": self.card_name(card), "trigger": trigger.name()}),
            ),
            EventKind::Ability {
                source,
                card,
                ability,
            } => {
                let name = self
                    .db
                    .card(card)
                    .abilities
                    .get(ability as usize)
                    .map_or("", |a| a.name.as_str());
                (
                    "ability",
                    json!({"source": entity(source), "card": self.card_name(card), "name": name}),
                )
            }
            EventKind::Pay { amount } => ("pay", json!({"amount": amount})),
            EventKind::EquipBreak { card, target } => (
                "equip_break",
                json!({"card": self.card_name(card), "target": entity(target)}),
            ),
            EventKind::EndTurn {
                hand,
                discarded,
                mana_left,
            } => (
                "end_turn",
                json!({"hand": hand, "discarded": discarded, "mana_left": mana_left}),
            ),
            EventKind::GameOver { winner, reason } => (
                "game_over",
                json!({"winner": winner.map_or_else(|| "draw".to_string(), |w| w.to_string()), "reason": reason}),
            ),
        };
        e.json(name, fields)
    }

    fn summary(&self, s: &State, player: Player) -> SeatSummary {
        let side = &s.sides[player];
        SeatSummary {
            health: self.health(s, &side.hero).into(),
            score: side.prizes.into(),
        }
    }

    fn turns(&self, s: &State) -> u32 {
        s.turn.into()
    }

    fn card_name(&self, card: CardId) -> &str {
        &self.db.card(card).name
    }

    fn card_cost(&self, card: CardId) -> u8 {
        self.db.card(card).cost
    }

    fn deck_list(&self, player: Player) -> Vec<(CardId, u8)> {
        self.decks[player].cards.clone()
    }
}
