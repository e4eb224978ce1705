//! What happens in an Astrom Cross game, for logs (`logs/game-<i>.jsonl`)
//! and the game-agnostic report metrics (the mapping is documented in
//! docs/rulings/astrom-cross.md, "Reports").

use serde_json::{Value, json};

use super::AstromCross;
use super::cards::CardId;
use super::state::{NONE, State};
use crate::core::{Metric, Observer, Player, Report, SeatSummary, SeatTerms, Seats};

/// One event: when (player-turns started so far, 0 during setup), whose,
/// what.
pub type Event = crate::core::Event<EventKind>;

/// The events of the log format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The game begins; `player` is the first player.
    GameStart {
        /// Seat a's and seat b's ancients.
        ancients: Seats<CardId, 2>,
    },
    /// A card drawn (the opening hand included).
    Draw {
        /// The card.
        card: CardId,
    },
    /// The player took a decision of this kind.
    Act {
        /// The kind (`summon`, `attack`, `pass`…).
        kind: &'static str,
    },
    /// A mulligan: so many cards to the bottom, shuffled, redrawn.
    Mulligan {
        /// Cards put back.
        count: u8,
    },
    /// A card put back from the hand into the deck by a mulligan.
    ReturnToDeck {
        /// The card.
        card: CardId,
    },
    /// A player's turn begins.
    TurnStart {
        /// Locations in play that are not wastelands.
        active: u8,
        /// Locations in play.
        locations: u8,
    },
    /// A location put into a zone (replacing `old`, sent to the bottom
    /// of the location deck).
    Location {
        /// The location.
        card: CardId,
        /// The zone.
        zone: u8,
        /// The exchanged location.
        old: Option<CardId>,
    },
    /// A card played from hand or flipped from the set cards.
    Play {
        /// The card.
        card: CardId,
        /// Its level (what `deck_curve.csv` reports).
        cost: u8,
    },
    /// Costs paid: souls plus locations consumed.
    Pay {
        /// Souls and locations.
        amount: u8,
    },
    /// A [HIDE] card set face down.
    Set {
        /// The card.
        card: CardId,
    },
    /// A soul charge: the card went from hand to the soul stock.
    SoulCharge {
        /// The card.
        card: CardId,
    },
    /// A warrior moved (switching with `to`'s warrior, if any).
    Move {
        /// From.
        from: u8,
        /// To.
        to: u8,
    },
    /// An attack declared.
    Attack {
        /// The lead attacker's zone.
        zone: u8,
        /// The lead attacker.
        card: CardId,
        /// The attacked warrior's zone, `NONE` for the ancient.
        target: u8,
    },
    /// A defender declared.
    Defend {
        /// Its zone.
        zone: u8,
        /// The card.
        card: CardId,
    },
    /// The combat step compared the teams' powers.
    Combat {
        /// The attacking team's power.
        attack: u16,
        /// The defending team's power.
        defense: u16,
    },
    /// A warrior of the player destroyed.
    Destroyed {
        /// Its zone.
        zone: u8,
        /// The card.
        card: CardId,
    },
    /// A strike revealed the top card of the player's deck.
    Strike {
        /// The card.
        card: CardId,
        /// Its Damage Value.
        damage: u8,
    },
    /// The player cast a revealed card's trigger.
    TriggerCast {
        /// The card.
        card: CardId,
    },
    /// The event `card` was negated.
    Negated {
        /// The event.
        card: CardId,
    },
    /// Damage applied to the player's ancient.
    AncientDamage {
        /// Damage added.
        amount: u8,
        /// Damage on it after.
        total: u8,
    },
    /// Damage removed from the player's ancient.
    Heal {
        /// Damage removed.
        amount: u8,
        /// Damage on it after.
        total: u8,
    },
    /// Damage the player has dealt to the rival's ancient, in all.
    Score {
        /// The total.
        total: u8,
    },
    /// A card discarded from hand.
    Discard {
        /// The card.
        card: CardId,
    },
    /// The player's turn ends.
    TurnEnd {
        /// Active locations (not wastelands) left.
        unspent: u8,
    },
    /// The game is over.
    GameOver {
        /// The winner.
        winner: Option<Player>,
        /// Why (`ancient_destroyed`, `deck_out`, `turn_limit`).
        reason: &'static str,
    },
}

fn zone(z: u8) -> Value {
    if z == NONE {
        json!("ancient")
    } else {
        json!(z)
    }
}

impl AstromCross {
    /// Sends an event to `obs`.
    #[inline]
    pub(super) fn emit(
        &self,
        s: &State,
        player: Player,
        kind: EventKind,
        obs: &mut impl Observer<Event>,
    ) {
        obs.event(&Event {
            turn: s.turns,
            player,
            kind,
        });
    }
}

/// What the reports read: metrics and log lines from the events, each
/// seat's ancient life and damage dealt, the cards' names and levels.
impl Report for AstromCross {
    fn terms(&self) -> SeatTerms {
        SeatTerms {
            health: "ancient damage limit less damage taken",
            resource: "active locations",
            score: "damage dealt to the rival ancient",
        }
    }

    fn metric(&self, e: &Event) -> Option<Metric> {
        let player = e.player;
        Some(match e.kind {
            EventKind::GameStart { .. } => Metric::GameStart,
            EventKind::TurnStart { active, locations } => Metric::TurnStart {
                player,
                resource_max: locations.into(),
                resource: active.into(),
            },
            EventKind::Draw { card } => Metric::Drew { player, card },
            EventKind::Play { card, cost } => Metric::Played {
                player,
                card,
                cost: cost.into(),
            },
            EventKind::Pay { amount } => Metric::Spent {
                player,
                amount: amount.into(),
            },
            EventKind::Act { kind } => Metric::Action { player, kind },
            EventKind::ReturnToDeck { card } => Metric::HandToDeck { player, card },
            EventKind::Score { total } => Metric::Score {
                player,
                total: total.into(),
            },
            EventKind::TurnEnd { unspent } => Metric::TurnEnd {
                player,
                unspent: unspent.into(),
            },
            _ => return None,
        })
    }

    fn event_json(&self, e: &Event) -> Value {
        let (name, fields) = match e.kind {
            EventKind::GameStart { ancients } => (
                "game_start",
                json!({"ancient_a": self.card_name(ancients[Player::A]), "ancient_b": self.card_name(ancients[Player::B]),
                       "first": e.player.to_string()}),
            ),
            EventKind::Draw { card } => ("draw", json!({"card": self.card_name(card)})),
            EventKind::Act { kind } => ("action", json!({"kind": kind})),
            EventKind::Mulligan { count } => ("mulligan", json!({"count": count})),
            EventKind::ReturnToDeck { card: c } => {
                ("return_to_deck", json!({"card": self.card_name(c)}))
            }
            EventKind::TurnStart { active, locations } => (
                "turn_start",
                json!({"active_locations": active, "locations": locations}),
            ),
            EventKind::Location { card, zone, old } => (
                "location",
                json!({"card": self.card_name(card), "zone": zone,
                       "exchanged": old.map(|c| self.card_name(c).to_string())}),
            ),
            EventKind::Play { card, cost } => {
                ("play", json!({"card": self.card_name(card), "cost": cost}))
            }
            EventKind::Pay { amount } => ("pay", json!({"amount": amount})),
            EventKind::Set { card } => ("set", json!({"card": self.card_name(card)})),
            EventKind::SoulCharge { card } => {
                ("soul_charge", json!({"card": self.card_name(card)}))
            }
            EventKind::Move { from, to } => ("move", json!({"from": from, "to": to})),
            EventKind::Attack {
                zone: z,
                card,
                target,
            } => (
                "attack",
                json!({"zone": z, "card": self.card_name(card), "target": zone(target)}),
            ),
            EventKind::Defend { zone, card } => (
                "defend",
                json!({"zone": zone, "card": self.card_name(card)}),
            ),
            EventKind::Combat { attack, defense } => {
                ("combat", json!({"attack": attack, "defense": defense}))
            }
            EventKind::Destroyed { zone, card } => (
                "destroyed",
                json!({"zone": zone, "card": self.card_name(card)}),
            ),
            EventKind::Strike { card, damage } => (
                "strike",
                json!({"card": self.card_name(card), "damage": damage}),
            ),
            EventKind::TriggerCast { card } => ("trigger", json!({"card": self.card_name(card)})),
            EventKind::Negated { card } => ("negated", json!({"card": self.card_name(card)})),
            EventKind::AncientDamage { amount, total } => {
                ("ancient_damage", json!({"amount": amount, "total": total}))
            }
            EventKind::Heal { amount, total } => {
                ("heal", json!({"amount": amount, "total": total}))
            }
            EventKind::Score { total } => ("score", json!({"total": total})),
            EventKind::Discard { card } => ("discard", json!({"card": self.card_name(card)})),
            EventKind::TurnEnd { unspent } => ("turn_end", json!({"unspent": unspent})),
            EventKind::GameOver { winner, reason } => (
                "game_over",
                json!({"winner": winner.map_or_else(|| "draw".to_string(), |w| w.to_string()), "reason": reason}),
            ),
        };
        e.json(name, fields)
    }

    /// Health: the ancient's damage limit less its damage. Score: the
    /// damage dealt to the rival's ancient.
    fn summary(&self, s: &State, player: Player) -> SeatSummary {
        let side = &s.sides[player];
        SeatSummary {
            health: i32::from(self.life(s, player)) - i32::from(side.ancient_damage),
            score: side.dealt.into(),
        }
    }

    fn turns(&self, s: &State) -> u32 {
        s.turns.into()
    }

    fn card_name(&self, card: CardId) -> &str {
        &self.db.card(card).name
    }

    fn card_cost(&self, card: CardId) -> u8 {
        self.db.card(card).level()
    }

    fn deck_list(&self, player: Player) -> Vec<(CardId, u8)> {
        self.decks[player].cards.clone()
    }
}
