//! What happens in an Astrom Cross game, for logs (`logs/game-<i>.jsonl`)
//! and the game-agnostic report metrics (the mapping is documented in
//! docs/rulings/astrom-cross.md, "Reports").

use serde_json::{Value, json};

use super::AstromCross;
use super::cards::CardId;
use super::state::{NONE, Pos, State};
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
        /// Each ancient's damage limit.
        life: Seats<u8, 2>,
        /// Each main deck's size before the opening hands.
        decks: Seats<u8, 2>,
        /// Each location deck's size.
        locations: Seats<u8, 2>,
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
    /// The top card of the location deck revealed (it waits for a zone).
    RevealLocation {
        /// The location.
        card: CardId,
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
        /// It was flipped from the set cards (else it came from the hand).
        from_set: bool,
        /// Where it goes.
        to: To,
    },
    /// A cost paid by consuming the location of this zone to a wasteland.
    Consume {
        /// The zone.
        zone: u8,
        /// The location.
        card: CardId,
    },
    /// A soul cost paid: the top soul of the stock to the grave.
    PaySoul {
        /// The soul.
        card: CardId,
    },
    /// Costs paid: souls plus locations consumed.
    Pay {
        /// Souls and locations.
        amount: u8,
    },
    /// A \[HIDE\] card set face down.
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
    /// A warrior rested to join the attacking team (the player is the
    /// active one: it counts as having attacked) or the defending team.
    Join {
        /// Its zone.
        zone: u8,
        /// The card.
        card: CardId,
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
    /// A warrior of the player put in a position by an effect or by
    /// resting it for its rest ability.
    Position {
        /// Its zone.
        zone: u8,
        /// The card.
        card: CardId,
        /// The new position.
        pos: Pos,
    },
    /// Power added to a warrior of the player until the end of the turn.
    Power {
        /// Its zone.
        zone: u8,
        /// The card.
        card: CardId,
        /// Power added.
        amount: u8,
        /// The turn's bonus on it after.
        boost: u8,
    },
    /// Damage dealt to a warrior of the player (recovered at the end of
    /// the turn).
    WarriorDamage {
        /// Its zone.
        zone: u8,
        /// The card.
        card: CardId,
        /// Damage added.
        amount: u8,
        /// Damage on it after.
        total: u8,
    },
    /// A warrior of the player destroyed (to the grave with its gear).
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
    /// A card into the player's soul stock: from the top of the deck (a
    /// soul effect) or from the cards the strikes revealed.
    Soul {
        /// The card.
        card: CardId,
        /// It came from the strikes' revealed cards (else from the deck).
        from_strike: bool,
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
        /// The strike's damage: the sum of the revealed cards' Damage
        /// Values. An overkill adds less to `total`, which stops at the
        /// ancient's life.
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
    /// End of turn 2–4: damage on every warrior recovered, the turn's
    /// power bonuses ended, both Arcanas to their graves.
    Recovery,
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

/// Where a played card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum To {
    /// A warrior summoned into this zone (Ready).
    Zone(u8),
    /// An item gear cast onto the warrior of this zone.
    Gear(u8),
    /// An event or technique into the Arcana.
    Arcana,
}

/// A position's name in logs.
pub fn pos_name(pos: Pos) -> &'static str {
    match pos {
        Pos::Ready => "ready",
        Pos::Rest => "rest",
        Pos::Stun => "stun",
    }
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
            turn: "one seat's turn",
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
            // What a play spends is its `Pay` (souls paid plus locations
            // consumed, below); its level is a requirement, counted but not
            // spent (see "Reports" in docs/rulings/astrom-cross.md), and
            // `deck_curve.csv` takes it from `card_cost`.
            EventKind::Play { card, .. } => Metric::Played {
                player,
                card,
                cost: 0,
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
            EventKind::GameStart {
                ancients,
                life,
                decks,
                locations,
            } => (
                "game_start",
                json!({"ancient_a": self.card_name(ancients[Player::A]), "ancient_b": self.card_name(ancients[Player::B]),
                       "life_a": life[Player::A], "life_b": life[Player::B],
                       "deck_a": decks[Player::A], "deck_b": decks[Player::B],
                       "locations_a": locations[Player::A], "locations_b": locations[Player::B],
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
            EventKind::RevealLocation { card } => {
                ("reveal_location", json!({"card": self.card_name(card)}))
            }
            EventKind::Location { card, zone, old } => (
                "location",
                json!({"card": self.card_name(card), "zone": zone,
                       "exchanged": old.map(|c| self.card_name(c).to_string())}),
            ),
            EventKind::Play {
                card,
                cost,
                from_set,
                to,
            } => {
                let (to, z) = match to {
                    To::Zone(z) => ("zone", Some(z)),
                    To::Gear(z) => ("gear", Some(z)),
                    To::Arcana => ("arcana", None),
                };
                (
                    "play",
                    json!({"card": self.card_name(card), "cost": cost,
                           "from": if from_set { "set" } else { "hand" }, "to": to, "zone": z}),
                )
            }
            EventKind::Consume { zone, card } => (
                "consume",
                json!({"zone": zone, "card": self.card_name(card)}),
            ),
            EventKind::PaySoul { card } => ("pay_soul", json!({"card": self.card_name(card)})),
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
            EventKind::Join { zone, card } => {
                ("join", json!({"zone": zone, "card": self.card_name(card)}))
            }
            EventKind::Defend { zone, card } => (
                "defend",
                json!({"zone": zone, "card": self.card_name(card)}),
            ),
            EventKind::Combat { attack, defense } => {
                ("combat", json!({"attack": attack, "defense": defense}))
            }
            EventKind::Position { zone, card, pos } => (
                "position",
                json!({"zone": zone, "card": self.card_name(card), "pos": pos_name(pos)}),
            ),
            EventKind::Power {
                zone,
                card,
                amount,
                boost,
            } => (
                "power",
                json!({"zone": zone, "card": self.card_name(card), "amount": amount, "boost": boost}),
            ),
            EventKind::WarriorDamage {
                zone,
                card,
                amount,
                total,
            } => (
                "warrior_damage",
                json!({"zone": zone, "card": self.card_name(card), "amount": amount, "total": total}),
            ),
            EventKind::Destroyed { zone, card } => (
                "destroyed",
                json!({"zone": zone, "card": self.card_name(card)}),
            ),
            EventKind::Strike { card, damage } => (
                "strike",
                json!({"card": self.card_name(card), "damage": damage}),
            ),
            EventKind::Soul { card, from_strike } => (
                "soul",
                json!({"card": self.card_name(card), "from": if from_strike { "strike" } else { "deck" }}),
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
            EventKind::Recovery => ("recovery", json!({})),
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
