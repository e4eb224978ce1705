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

/// The events of the log format: every change of a zone, counter or
/// resource is one of them (docs/events.md, "Nostalgix").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum EventKind {
    /// A seat's cards dealt for a game (setup steps 2–5, also at a Sudden
    /// Death restart): everything of the seat's back in its deck, the Hero
    /// fresh at `health`, mana 0, no prize counters, `hand` cards drawn.
    Deal {
        hand: u8,
        deck: u8,
        health: u8,
        prize_goal: u8,
    },
    /// Both players won at once: Sudden Death game number `number` starts
    /// (its `deal` events follow).
    SuddenDeath {
        number: u8,
    },
    /// A coin flipped: for the turn order (setup step 7; `player` won the
    /// toss and chooses) or for an effect's `coin = "heads"` condition
    /// (`player` controls the effect; it applies on heads).
    Coin {
        heads: bool,
        turn_order: bool,
    },
    /// A card of the hand set aside for the mulligan.
    SetAside {
        card: CardId,
    },
    Mulligan {
        count: u8,
        bottom: bool,
    },
    Start {
        first: Player,
        heroes: Seats<CardId, 2>,
        health: Seats<u8, 2>,
    },
    /// A card of the opening hand (after mulligans), reported once the
    /// game starts: it is already in hand.
    Opening {
        card: CardId,
    },
    TurnStart {
        max_mana: u8,
        mana: u8,
        bound: u8,
        hand: u8,
        deck: u8,
    },
    Draw {
        card: Option<CardId>,
    },
    /// A card drawn into a full hand (32 cards): it goes to the Void, face
    /// up, so every seat sees it (a `draw` with `to: void`, not redacted).
    DrawToVoid {
        card: CardId,
    },
    /// A search of the deck: the card chosen (`None`: no card matched) and
    /// whether it went to the hand (else to the Void: the hand was full).
    Search {
        card: Option<CardId>,
        to_hand: bool,
    },
    /// The top card of the deck shown to every player (rules: glossary
    /// "Reveal"); it stays there unless the `draw` that follows takes it.
    Reveal {
        card: CardId,
    },
    /// A card played from the hand; `target` is a Spell's chosen target
    /// (logged as the Spell is cast, so a countered Spell keeps it).
    Play {
        card: CardId,
        kind: Kind,
        cost: u8,
        mana_left: u8,
        id: Option<u16>,
        slot: Option<u8>,
        keywords: Keywords,
        target: Option<u16>,
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
    /// Mana gained by an effect: current mana is now `mana`.
    GainMana {
        amount: u8,
        mana: u8,
    },
    /// Mana bound: `total` will not refill at the player's next turn.
    BindMana {
        amount: u8,
        total: u8,
    },
    /// An attack declared (rules: "Parts of an Attack", steps 1–2): the
    /// attacker has used its attack; the opponent's Surprise window for it
    /// comes next, then its `attack` (or `fizzle`). `attack` is the chosen
    /// attack of a Fighter (`None` for a Hero or a token).
    AttackDeclared {
        attacker: u16,
        attacker_card: CardId,
        target: u16,
        target_card: CardId,
        attack: Option<u8>,
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
    /// A declared attack that does not happen: its attacker or defender
    /// left play during the Surprise window, or the game ended in it
    /// (logged just before the `game_over` or `sudden_death`).
    Fizzle {
        attacker: u16,
        defender: u16,
    },
    Damage {
        target: u16,
        amount: u8,
        health_after: i16,
        source: Option<u16>,
        lethal: bool,
    },
    Heal {
        target: u16,
        amount: u8,
        health_after: i16,
    },
    /// Health Counters placed on an undamaged entity.
    HealthCounters {
        target: u16,
        amount: u8,
        health_after: i16,
    },
    /// ATK counters put on an entity: +1ATK ones, or -1ATK ones when
    /// `amount` is negative; `total` is the net count after (+1ATK less
    /// -1ATK).
    AtkCounters {
        target: u16,
        amount: i8,
        total: i16,
    },
    /// The `amount` -1ATK counters of an entity that evolution removed
    /// (its +1ATK ones stay); `total` is the net count left.
    AtkCountersRemoved {
        target: u16,
        amount: u8,
        total: i16,
    },
    /// An entity bound: it may not attack during turn `turn`.
    Bind {
        target: u16,
        turn: u16,
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
    /// A Surprise flipped from back-row `slot`; `target` is its chosen
    /// target, when it chooses one (logged as it is flipped, before its
    /// effects act on it).
    Surprise {
        card: CardId,
        slot: u8,
        trigger: SurpriseTrigger,
        target: Option<u16>,
    },
    /// A Spell that does nothing (it is in the Void): cancelled by a
    /// Surprise, or left unresolved by a game that ended in its window
    /// (logged just before the `game_over` or `sudden_death`).
    Countered {
        card: CardId,
    },
    /// An ability used (activated) or triggered: `source` and its card,
    /// the ability's index on the card; `target` is an activated
    /// ability's chosen target, when it chooses one (logged as it is used,
    /// before its effects act on it).
    Ability {
        source: u16,
        card: CardId,
        ability: u8,
        target: Option<u16>,
    },
    Pay {
        amount: u8,
    },
    /// A card sent from the hand to the Void: at random by an effect, or
    /// chosen at the end of the turn.
    Discard {
        card: CardId,
        random: bool,
    },
    EquipBreak {
        card: CardId,
        target: u16,
        slot: u8,
        health_after: i16,
    },
    /// A health bonus of `target` (Equipment, an Arena's aura) left: the
    /// damage it had absorbed goes with it, `amount` damage counters
    /// removed (docs/rulings/nostalgix.md, "Health bonuses").
    BonusLost {
        target: u16,
        amount: u8,
        health_after: i16,
    },
    /// Equipment sent to the Void with the entity it was attached to.
    EquipLost {
        card: CardId,
        target: u16,
        slot: u8,
    },
    /// The Arena in play replaced: to its owner's Void.
    ArenaReplaced {
        card: CardId,
        owner: Player,
    },
    /// A cap dropped something (`token`, `window`, `search` or `under`, a
    /// card beneath a Fighter): an error the invariants report.
    Capped {
        what: &'static str,
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
            turn: "one seat's turn",
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
            EventKind::Draw { card: Some(c) }
            | EventKind::DrawToVoid { card: c }
            | EventKind::Opening { card: c } => Metric::Drew { player, card: c },
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
            EventKind::Deal {
                hand,
                deck,
                health,
                prize_goal,
            } => (
                "deal",
                json!({"hand": hand, "deck": deck, "health": health, "prize_goal": prize_goal}),
            ),
            EventKind::SuddenDeath { number } => ("sudden_death", json!({"number": number})),
            EventKind::Coin { heads, turn_order } => (
                "coin",
                json!({"heads": heads, "for": if turn_order { "turn_order" } else { "effect" }}),
            ),
            EventKind::SetAside { card } => ("set_aside", json!({"card": self.card_name(card)})),
            EventKind::Opening { card } => (
                "draw",
                json!({"card": self.card_name(card), "opening": true}),
            ),
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
                bound,
                hand,
                deck,
            } => (
                "turn_start",
                json!({"max_mana": max_mana, "mana": mana, "bound": bound, "hand": hand, "deck": deck}),
            ),
            EventKind::Draw { card: Some(c) } => ("draw", json!({"card": self.card_name(c)})),
            EventKind::Draw { card: None } => ("draw", json!({"empty": true})),
            EventKind::DrawToVoid { card } => {
                ("draw", json!({"card": self.card_name(card), "to": "void"}))
            }
            EventKind::Search {
                card: Some(c),
                to_hand,
            } => (
                "search",
                json!({"card": self.card_name(c), "to": if to_hand { "hand" } else { "void" }}),
            ),
            EventKind::Search { card: None, .. } => ("search", json!({"found": false})),
            EventKind::Reveal { card } => ("reveal", json!({"card": self.card_name(card)})),
            EventKind::Play {
                card,
                kind,
                cost,
                mana_left,
                id,
                slot,
                keywords,
                target,
            } => (
                "play",
                json!({"card": self.card_name(card), "kind": kind.name(), "cost": cost, "mana_left": mana_left,
                       "id": id.map(entity), "slot": slot, "keywords": kw(keywords), "target": target.map(entity)}),
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
            EventKind::GainMana { amount, mana } => {
                ("gain_mana", json!({"amount": amount, "mana": mana}))
            }
            EventKind::BindMana { amount, total } => {
                ("bind_mana", json!({"amount": amount, "total": total}))
            }
            EventKind::AttackDeclared {
                attacker,
                attacker_card,
                target,
                target_card,
                attack,
            } => {
                let attack_name = attack.map_or("", |a| {
                    self.db.card(attacker_card).attacks[a as usize]
                        .name
                        .as_str()
                });
                (
                    "attack_declared",
                    json!({"attacker": entity(attacker), "attacker_name": self.card_name(attacker_card),
                           "target": entity(target), "target_name": self.card_name(target_card),
                           "attack": attack_name}),
                )
            }
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
            EventKind::Fizzle { attacker, defender } => (
                "fizzle",
                json!({"attacker": entity(attacker), "target": entity(defender)}),
            ),
            EventKind::Damage {
                target,
                amount,
                health_after,
                source,
                lethal,
            } => (
                "damage",
                json!({"target": entity(target), "amount": amount, "health_after": health_after,
                       "source": source.map(entity), "lethal": lethal}),
            ),
            EventKind::Heal {
                target,
                amount,
                health_after,
            } => (
                "heal",
                json!({"target": entity(target), "amount": amount, "health_after": health_after}),
            ),
            EventKind::HealthCounters {
                target,
                amount,
                health_after,
            } => (
                "health_counters",
                json!({"target": entity(target), "amount": amount, "health_after": health_after}),
            ),
            EventKind::AtkCounters {
                target,
                amount,
                total,
            } => (
                "atk_counters",
                json!({"target": entity(target), "amount": amount, "total": total}),
            ),
            EventKind::AtkCountersRemoved {
                target,
                amount,
                total,
            } => (
                "atk_counters_removed",
                json!({"target": entity(target), "amount": amount, "total": total}),
            ),
            EventKind::Bind { target, turn } => {
                ("bind", json!({"target": entity(target), "turn": turn}))
            }
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
            EventKind::Surprise {
                card,
                slot,
                trigger,
                target,
            } => (
                "surprise",
                json!({"card": self.card_name(card), "slot": slot, "trigger": trigger.name(),
                       "target": target.map(entity)}),
            ),
            EventKind::Countered { card } => ("countered", json!({"card": self.card_name(card)})),
            EventKind::Ability {
                source,
                card,
                ability,
                target,
            } => {
                let name = self
                    .db
                    .card(card)
                    .abilities
                    .get(ability as usize)
                    .map_or("", |a| a.name.as_str());
                (
                    "ability",
                    json!({"source": entity(source), "card": self.card_name(card), "name": name,
                           "target": target.map(entity)}),
                )
            }
            EventKind::Pay { amount } => ("pay", json!({"amount": amount})),
            EventKind::Discard { card, random } => (
                "discard",
                json!({"card": self.card_name(card), "random": random}),
            ),
            EventKind::EquipBreak {
                card,
                target,
                slot,
                health_after,
            } => (
                "equip_break",
                json!({"card": self.card_name(card), "target": entity(target), "slot": slot,
                       "health_after": health_after}),
            ),
            EventKind::BonusLost {
                target,
                amount,
                health_after,
            } => (
                "bonus_lost",
                json!({"target": entity(target), "amount": amount, "health_after": health_after}),
            ),
            EventKind::EquipLost { card, target, slot } => (
                "equip_void",
                json!({"card": self.card_name(card), "target": entity(target), "slot": slot}),
            ),
            EventKind::ArenaReplaced { card, owner } => (
                "arena_void",
                json!({"card": self.card_name(card), "owner": owner.to_string()}),
            ),
            EventKind::Capped { what } => ("capped", json!({"what": what})),
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
            health: side.hero.health().into(),
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
