//! What happens in a Pixel Tactics match, for logs
//! (`logs/game-<i>.jsonl`) and the game-agnostic report metrics (the
//! mapping is documented in docs/rulings/pixel-tactics.md, "Reports").

use serde_json::{Value, json};

use super::PixelTactics;
use super::action::Tgt;
use super::cards::{CardId, Row, Trigger};
use super::state::{LEADER, Occupant, State};
use crate::core::{CardDef, Metric, Observer, Player, Report, SeatSummary, SeatTerms, Seats};

/// One event: when (player-turns started so far in the match, 0 during
/// the first setup), whose, what.
pub type Event = crate::core::Event<EventKind>;

/// The events of the log format: every change of a zone, counter or the
/// action count is one of them (docs/events.md, "Pixel Tactics").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A game of the match begins (before the opening hands).
    GameStart {
        /// The game's number in the match (1-based).
        game: u8,
        /// Trophies of seats a and b.
        trophies: Seats<u8, 2>,
    },
    /// The player's cards out of the trophies (hand, discard pile, Unit)
    /// shuffled into the deck for a game, before its opening hand.
    Shuffle {
        /// The deck's size after.
        deck: u8,
    },
    /// The player's own Leader set aside in a trophy for the rest of the
    /// match.
    SetAside {
        /// The Leader.
        card: CardId,
    },
    /// A card drawn (the opening hand included).
    Draw {
        /// The card.
        card: CardId,
    },
    /// The player took an action of this kind, costing this many actions.
    Act {
        /// `recruit`, `attack`, `spell`, `draw`, `order`, `clear`, `move`,
        /// `switch`, `pass`, or `leader` for the Leader pick.
        kind: &'static str,
        /// Actions it took.
        cost: u8,
    },
    /// Actions paid for something other than a card from hand.
    Pay {
        /// Actions.
        amount: u8,
    },
    /// A card played from hand: recruited (with its slot) or an Order
    /// (which goes to the discard pile once resolved).
    Play {
        /// The card.
        card: CardId,
        /// Actions it took.
        cost: u8,
        /// The slot recruited into; `None` for an Order.
        slot: Option<u8>,
        /// An Order's chosen target.
        target: Tgt,
    },
    /// A Leader picked face down (which one stays hidden until revealed).
    Pick,
    /// Both Leaders revealed; `first` takes the first turn.
    Reveal {
        /// Seat a's and seat b's Leaders.
        leaders: Seats<CardId, 2>,
        /// The first player.
        first: Player,
    },
    /// A player's turn begins.
    TurnStart {
        /// The round of the game.
        round: u16,
        /// The Wave.
        wave: Row,
        /// Actions available.
        actions: u8,
    },
    /// An Attack.
    Attack {
        /// The attacker's slot.
        from: u8,
        /// The attacker.
        card: CardId,
        /// The target's slot (rival Unit).
        target: u8,
        /// The target.
        target_card: CardId,
        /// Damage dealt.
        damage: u8,
        /// Whether the target was out of Melee reach (a Ranged Attack).
        ranged: bool,
    },
    /// A Spell (or, from the Leader's slot, a Leader's Spell or action).
    Spell {
        /// The caster's slot.
        from: u8,
        /// The caster.
        card: CardId,
        /// The chosen target.
        target: Tgt,
    },
    /// Actions gained by an effect.
    GainActions {
        /// Actions gained (beyond the cap: not gained).
        amount: u8,
        /// Actions left after.
        actions: u8,
    },
    /// Damage applied to the player's Hero or Leader in `slot`.
    Damage {
        /// The slot.
        slot: u8,
        /// Damage added.
        amount: u8,
        /// Damage counters after.
        damage: u8,
    },
    /// Damage removed.
    Heal {
        /// The slot.
        slot: u8,
        /// Damage removed.
        amount: u8,
        /// Damage counters after.
        damage: u8,
    },
    /// A Hero of the player defeated: now a Corpse.
    Defeated {
        /// The slot.
        slot: u8,
        /// The Hero.
        card: CardId,
    },
    /// A Corpse of the player revived.
    Revive {
        /// The slot.
        slot: u8,
        /// The Hero.
        card: CardId,
    },
    /// A card discarded from the player's hand.
    Discard {
        /// The card.
        card: CardId,
    },
    /// A Corpse cleared to the discard pile.
    Clear {
        /// The slot.
        slot: u8,
        /// The card.
        card: CardId,
    },
    /// A Hero moved.
    Move {
        /// From.
        from: u8,
        /// To.
        to: u8,
    },
    /// Two Heroes or Corpses switched.
    Switch {
        /// One slot.
        a: u8,
        /// The other.
        b: u8,
    },
    /// A reaction fires.
    Reaction {
        /// The reacting slot.
        slot: u8,
        /// Its card.
        card: CardId,
        /// What it reacts to.
        trigger: Trigger,
    },
    /// Damage dealt to the rival Leader in this game, in all.
    Score {
        /// The total.
        total: u32,
    },
    /// The player's turn ends.
    TurnEnd {
        /// Actions left unused.
        unspent: u8,
    },
    /// A game of the match ends.
    GameOver {
        /// The game's winner.
        winner: Option<Player>,
        /// Why (`rout`, `rout_tiebreak`, `tie`, `turn_limit`).
        reason: &'static str,
        /// Trophies of seats a and b after it.
        trophies: Seats<u8, 2>,
    },
}

impl PixelTactics {
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

    fn name_of(&self, c: CardId) -> &str {
        &self.db.card(c).name
    }
}

/// A chosen target as logs write it: `null`, or the side (`own`,
/// `rival`, from the acting player's point of view) and the slot.
fn target_json(t: Tgt) -> Value {
    match t {
        Tgt::None => Value::Null,
        Tgt::Own(slot) => json!({"side": "own", "slot": slot}),
        Tgt::Rival(slot) => json!({"side": "rival", "slot": slot}),
    }
}

impl Report for PixelTactics {
    fn terms(&self) -> SeatTerms {
        SeatTerms {
            health: "Leader life left (0 between games of a match)",
            resource: "actions",
            score: "games won in the match (trophies)",
            turn: "one seat's turn",
        }
    }

    /// rules/pixel-tactics.txt, "Rout": a game is settled only at the end
    /// of a Wave, both seats having just played their turn of one number,
    /// so its win is dated to that turn.
    fn ends_with_rounds_of_turns(&self) -> bool {
        true
    }

    fn metric(&self, e: &Event) -> Option<Metric> {
        let player = e.player;
        Some(match e.kind {
            EventKind::GameStart { .. } => Metric::GameStart,
            EventKind::TurnStart { actions, .. } => Metric::TurnStart {
                player,
                resource_max: actions.into(),
                resource: actions.into(),
            },
            EventKind::Draw { card } => Metric::Drew { player, card },
            EventKind::Play { card, cost, .. } => Metric::Played {
                player,
                card,
                cost: cost.into(),
            },
            EventKind::Pay { amount } => Metric::Spent {
                player,
                amount: amount.into(),
            },
            EventKind::Act { kind, .. } => Metric::Action { player, kind },
            // The score is the trophies (see `terms`): a game of the match
            // won. Damage to the Leader (`Score` events) is not.
            EventKind::GameOver {
                winner: Some(w),
                trophies,
                ..
            } => Metric::Score {
                player: w,
                total: trophies[w].into(),
            },
            EventKind::TurnEnd { unspent } => Metric::TurnEnd {
                player,
                unspent: unspent.into(),
            },
            _ => return None,
        })
    }

    /// An event as a JSON log line (without `game`).
    fn event_json(&self, e: &Event) -> Value {
        let (name, fields) = match e.kind {
            EventKind::GameStart { game, trophies } => (
                "game_start",
                json!({"match_game": game, "trophies_a": trophies[Player::A], "trophies_b": trophies[Player::B]}),
            ),
            EventKind::Shuffle { deck } => ("shuffle", json!({"deck": deck})),
            EventKind::SetAside { card } => ("set_aside", json!({"card": self.name_of(card)})),
            EventKind::Draw { card } => ("draw", json!({"card": self.name_of(card)})),
            EventKind::Act { kind, cost } => ("action", json!({"kind": kind, "cost": cost})),
            EventKind::Pay { amount } => ("pay", json!({"amount": amount})),
            EventKind::Play {
                card,
                cost,
                slot,
                target,
            } => (
                "play",
                json!({"card": self.name_of(card), "cost": cost, "slot": slot, "target": target_json(target)}),
            ),
            EventKind::Pick => ("pick", json!({})),
            EventKind::Reveal { leaders, first } => (
                "reveal",
                json!({"leader_a": self.name_of(leaders[Player::A]),
                       "leader_b": self.name_of(leaders[Player::B]), "first": first.to_string()}),
            ),
            EventKind::TurnStart {
                round,
                wave,
                actions,
            } => (
                "turn_start",
                json!({"round": round, "wave": wave.name(), "actions": actions}),
            ),
            EventKind::Attack {
                from,
                card,
                target,
                target_card,
                damage,
                ranged,
            } => (
                "attack",
                json!({"from": from, "card": self.name_of(card), "target": target,
                       "target_card": self.name_of(target_card), "damage": damage, "ranged": ranged}),
            ),
            EventKind::Spell { from, card, target } => (
                "spell",
                json!({"from": from, "card": self.name_of(card), "target": target_json(target)}),
            ),
            EventKind::GainActions { amount, actions } => (
                "gain_actions",
                json!({"amount": amount, "actions": actions}),
            ),
            EventKind::Damage {
                slot,
                amount,
                damage,
            } => (
                "damage",
                json!({"slot": slot, "amount": amount, "damage": damage}),
            ),
            EventKind::Heal {
                slot,
                amount,
                damage,
            } => (
                "heal",
                json!({"slot": slot, "amount": amount, "damage": damage}),
            ),
            EventKind::Defeated { slot, card } => (
                "defeated",
                json!({"slot": slot, "card": self.name_of(card)}),
            ),
            EventKind::Revive { slot, card } => {
                ("revive", json!({"slot": slot, "card": self.name_of(card)}))
            }
            EventKind::Discard { card } => ("discard", json!({"card": self.name_of(card)})),
            EventKind::Clear { slot, card } => {
                ("clear", json!({"slot": slot, "card": self.name_of(card)}))
            }
            EventKind::Move { from, to } => ("move", json!({"from": from, "to": to})),
            EventKind::Switch { a, b } => ("switch", json!({"a": a, "b": b})),
            EventKind::Reaction {
                slot,
                card,
                trigger,
            } => (
                "reaction",
                json!({"slot": slot, "card": self.name_of(card), "on": trigger.name()}),
            ),
            EventKind::Score { total } => ("score", json!({"total": total})),
            EventKind::TurnEnd { unspent } => ("turn_end", json!({"unspent": unspent})),
            EventKind::GameOver {
                winner,
                reason,
                trophies,
            } => (
                "game_over",
                json!({"winner": winner.map_or_else(|| "draw".to_string(), |w| w.to_string()), "reason": reason,
                       "trophies_a": trophies[Player::A], "trophies_b": trophies[Player::B]}),
            ),
        };
        e.json(name, fields)
    }

    fn summary(&self, s: &State, player: Player) -> SeatSummary {
        let side = &s.sides[player];
        // The Leader's life left, 0 once routed (damage beyond its life is
        // not life); 0 between games of a match, when no Leader stands.
        let health = if side.leader().occupant == Occupant::Leader {
            (i32::from(self.life(s, player, LEADER)) - i32::from(side.leader().damage)).max(0)
        } else {
            0
        };
        SeatSummary {
            health,
            score: side.trophies.into(),
        }
    }

    fn turns(&self, s: &State) -> u32 {
        s.turns.into()
    }

    fn card_name(&self, card: CardId) -> &str {
        self.name_of(card)
    }

    fn card_cost(&self, card: CardId) -> u8 {
        self.db.card(card).cost()
    }

    fn deck_list(&self, player: Player) -> Vec<(CardId, u8)> {
        self.decks[player].cards.clone()
    }
}
