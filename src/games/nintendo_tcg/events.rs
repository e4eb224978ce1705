//! What happens in a game, for logs (`logs/game-<i>.jsonl`) and the
//! game-agnostic report metrics (the mapping is documented in
//! docs/rulings/nintendo-tcg.md, "Reports").

use serde_json::{Value, json};

use super::NintendoTcg;
use super::cards::{CardId, Trigger};
use super::state::{START_VP, State};
use crate::core::{Metric, Observer, Player, Report, SeatSummary, SeatTerms, Seats};

/// One event: its turn (turns started so far, 0 during setup), who acts
/// or owns it, and what happened.
pub type Event = crate::core::Event<EventKind>;

/// The events of the log format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The game begins.
    GameStart,
    /// A Commander chosen face down from the deck (the log hides which
    /// until the reveal; the report counts it in the opening hand).
    Pick {
        /// The Commander.
        card: CardId,
    },
    /// A card of the extra deck, at the start of the game.
    ExtraDeck {
        /// The card.
        card: CardId,
    },
    /// The Commanders revealed; `first` goes first (by the coin).
    Reveal {
        /// Each seat's Commander.
        commanders: Seats<Option<CardId>, 2>,
        /// The first player.
        first: Player,
    },
    /// A coin flipped for an effect.
    Coin {
        /// Heads.
        heads: bool,
    },
    /// A turn begins with this hand power.
    TurnStart {
        /// Hand power after the turn's gain.
        power: u8,
    },
    /// A card drawn (the opening hand included).
    Draw {
        /// The card.
        card: CardId,
    },
    /// An action of this kind.
    Act {
        /// See [`super::action::Action::kind`].
        kind: &'static str,
    },
    /// Hand power paid for an effect.
    Pay {
        /// Amount.
        amount: u8,
    },
    /// A card played, for this hand cost.
    Play {
        /// The card.
        card: CardId,
        /// Hand power paid.
        cost: u8,
    },
    /// A Character entered play.
    Enter {
        /// The card.
        card: CardId,
        /// In the Sub-Area.
        sub: bool,
    },
    /// An Item attached.
    Attach {
        /// The Item.
        card: CardId,
    },
    /// A Character moved to (`sub`) or from the Sub-Area.
    Move {
        /// The Character.
        card: CardId,
        /// Now in the Sub-Area.
        sub: bool,
    },
    /// A card revealed by a search.
    Search {
        /// The card.
        card: CardId,
        /// Whether it went to the hand (else into play: a summon).
        to_hand: bool,
    },
    /// A window for Timed effects opens for the player.
    Window {
        /// Its trigger.
        trigger: Trigger,
    },
    /// An Effect card negated (and destroyed).
    Negated {
        /// The card.
        card: CardId,
    },
    /// The Battle Phase begins.
    BattleStart,
    /// An attack.
    Attack {
        /// The attacker.
        card: CardId,
        /// The defender (`None`: the player).
        target: Option<CardId>,
        /// DP depleted.
        absorbed: u8,
        /// Damage to HP (or VP).
        damage: u8,
    },
    /// Damage by effect to the player's Character.
    Damage {
        /// The Character.
        card: CardId,
        /// Amount.
        amount: u8,
    },
    /// The player's Character destroyed.
    Destroyed {
        /// The card.
        card: CardId,
    },
    /// The player's Character sent to the Removed Area.
    Banished {
        /// The card.
        card: CardId,
    },
    /// The player's Vitality Points changed.
    Vitality {
        /// VP left.
        vp: u8,
    },
    /// Vitality the player has taken from the rival in all.
    Score {
        /// Total.
        total: u8,
    },
    /// The turn ends with this hand power unspent.
    TurnEnd {
        /// Hand power left.
        unspent: u8,
    },
    /// The game ends.
    GameOver {
        /// The winner.
        winner: Option<Player>,
        /// Why (`vitality`, `deck_out`, `turn_limit`).
        reason: &'static str,
    },
}

impl NintendoTcg {
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
/// seat's Vitality Points and the vitality taken from the rival, the
/// cards' names and costs.
impl Report for NintendoTcg {
    fn terms(&self) -> SeatTerms {
        SeatTerms {
            health: "victory points left",
            resource: "hand power",
            score: "victory points taken from the opponent",
        }
    }

    fn metric(&self, e: &Event) -> Option<Metric> {
        let player = e.player;
        Some(match e.kind {
            EventKind::GameStart => Metric::GameStart,
            EventKind::TurnStart { power } => Metric::TurnStart {
                player,
                resource_max: power.into(),
                resource: power.into(),
            },
            EventKind::Draw { card } => Metric::Drew { player, card },
            EventKind::Pick { card }
            | EventKind::ExtraDeck { card }
            | EventKind::Search {
                card,
                to_hand: true,
            } => Metric::ToHand { player, card },
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
        let card = |c: CardId| self.card_name(c).to_string();
        let (name, fields) = match e.kind {
            EventKind::GameStart => ("game_start", json!({})),
            EventKind::Pick { .. } => ("pick", json!({})),
            EventKind::ExtraDeck { card: c } => ("extra_deck", json!({"card": card(c)})),
            EventKind::Reveal { commanders, first } => (
                "reveal",
                json!({"commander_a": commanders[Player::A].map(card), "commander_b": commanders[Player::B].map(card),
                       "first": first.to_string()}),
            ),
            EventKind::Coin { heads } => ("coin", json!({"heads": heads})),
            EventKind::TurnStart { power } => ("turn_start", json!({"power": power})),
            EventKind::Draw { card: c } => ("draw", json!({"card": card(c)})),
            EventKind::Act { kind } => ("action", json!({"kind": kind})),
            EventKind::Pay { amount } => ("pay", json!({"amount": amount})),
            EventKind::Play { card: c, cost } => ("play", json!({"card": card(c), "cost": cost})),
            EventKind::Enter { card: c, sub } => {
                ("enter", json!({"card": card(c), "sub_area": sub}))
            }
            EventKind::Attach { card: c } => ("attach", json!({"card": card(c)})),
            EventKind::Move { card: c, sub } => ("move", json!({"card": card(c), "sub_area": sub})),
            EventKind::Search { card: c, to_hand } => (
                "search",
                json!({"card": card(c), "to": if to_hand { "hand" } else { "play" }}),
            ),
            EventKind::Window { trigger } => ("window", json!({"trigger": trigger.name()})),
            EventKind::Negated { card: c } => ("negated", json!({"card": card(c)})),
            EventKind::BattleStart => ("battle", json!({})),
            EventKind::Attack {
                card: c,
                target,
                absorbed,
                damage,
            } => (
                "attack",
                json!({"card": card(c), "target": target.map(card), "dp_depleted": absorbed,
                       "damage": damage}),
            ),
            EventKind::Damage { card: c, amount } => {
                ("damage", json!({"card": card(c), "amount": amount}))
            }
            EventKind::Destroyed { card: c } => ("destroyed", json!({"card": card(c)})),
            EventKind::Banished { card: c } => ("removed", json!({"card": card(c)})),
            EventKind::Vitality { vp } => ("vitality", json!({"vp": vp})),
            EventKind::Score { total } => ("score", json!({"total": total})),
            EventKind::TurnEnd { unspent } => ("turn_end", json!({"unspent": unspent})),
            EventKind::GameOver { winner, reason } => (
                "game_over",
                json!({"winner": winner.map_or_else(|| "draw".to_string(), |w| w.to_string()), "reason": reason}),
            ),
        };
        e.json(name, fields)
    }

    fn summary(&self, s: &State, player: Player) -> SeatSummary {
        let foe = &s.sides[player.opponent()];
        SeatSummary {
            health: s.sides[player].vp.into(),
            score: i32::from(START_VP - foe.vp),
        }
    }

    fn turns(&self, s: &State) -> u32 {
        s.turns.into()
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
