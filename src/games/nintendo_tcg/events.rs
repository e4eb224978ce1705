//! What happens in a game, for logs (`logs/game-<i>.jsonl`) and the
//! game-agnostic report metrics (the mapping is documented in
//! docs/rulings/nintendo-tcg.md, "Reports").

use serde_json::{Value, json};

use super::NintendoTcg;
use super::cards::{CardId, Stat, Trigger};
use super::state::{START_POWER, START_VP, State};
use crate::core::{Metric, Observer, Player, Report, SeatSummary, SeatTerms, Seats};

/// One event: its turn (turns started so far, 0 during setup), who acts
/// or owns it, and what happened.
pub type Event = crate::core::Event<EventKind>;

/// The events of the log format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The game begins (with [`START_VP`] Vitality Points and
    /// [`START_POWER`] hand power each).
    GameStart {
        /// Each seat's deck size (the extra deck apart).
        decks: Seats<u8, 2>,
    },
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
    /// A turn begins: both players gained hand power.
    TurnStart {
        /// The player's hand power after the turn's gain.
        power: u8,
        /// The rival's hand power after the turn's gain.
        rival_power: u8,
    },
    /// The player's hand power changed by an effect.
    HandPower {
        /// Hand power after.
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
        /// Where it came from.
        from: Source,
        /// The player's Character it is played on (an Item's holder, an
        /// Attack Effect card's or a Song's Character), else `None`.
        uid: Option<u8>,
        /// Played in the Sub-Area (a Character or an Effect card).
        sub: bool,
        /// The chosen Character (an Effect card's, or a Character's
        /// Instant's): its side, board id and card.
        target: Option<(Player, u8, CardId)>,
    },
    /// A starting Commander that could not be paid, shuffled into the
    /// deck.
    ShuffleIn {
        /// The Commander.
        card: CardId,
    },
    /// A card taken from the extra deck by an effect (then it enters or
    /// is attached).
    Fetch {
        /// The card.
        card: CardId,
    },
    /// A Token put into play by an effect: its reference card stays in
    /// the extra deck (then it enters).
    Token {
        /// The Token's card.
        card: CardId,
    },
    /// A Character entered play.
    Enter {
        /// The card.
        card: CardId,
        /// Its board id.
        uid: u8,
        /// In the Sub-Area.
        sub: bool,
    },
    /// An Item attached to the player's Character `uid`.
    Attach {
        /// The Item.
        card: CardId,
        /// The holder's board id.
        uid: u8,
    },
    /// An Item taken off the player's Character `uid` (an Instant Item
    /// once used; then to its pile).
    Detach {
        /// The Item.
        card: CardId,
        /// The holder's board id.
        uid: u8,
    },
    /// A card of the player put out on the table (an Assistant, an Area
    /// or Sub-Area, a Constant Effect card).
    Placed {
        /// The card.
        card: CardId,
        /// Where.
        at: Slot,
    },
    /// A card of the player taken off the table (then to its pile).
    Leaves {
        /// The card.
        card: CardId,
        /// From where.
        at: Slot,
    },
    /// A card of the player into a pile.
    ToPile {
        /// The card.
        card: CardId,
        /// Which.
        pile: Pile,
    },
    /// A Character moved to (`sub`) or from the Sub-Area.
    Move {
        /// The Character.
        card: CardId,
        /// Its board id.
        uid: u8,
        /// Now in the Sub-Area.
        sub: bool,
    },
    /// A search that found no card: the deck is shuffled.
    SearchNone,
    /// The use of an ability: a Character's, an Item's or an Area's
    /// effect, or a Timed answer (its effects follow; an answer on the
    /// rival's turn, after the active player's reply).
    Ability {
        /// The card whose ability it is.
        card: CardId,
        /// The player's Character using it or holding the card (`None`:
        /// an Area's, or an Effect card's from hand).
        uid: Option<u8>,
        /// The ability's index on the card, from 0.
        ability: u8,
        /// The chosen Character: its side, board id and card.
        target: Option<(Player, u8, CardId)>,
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
    /// The player's Character does not attack: chosen ("Attack Pass"), or
    /// it has no target.
    AttackPass {
        /// The Character.
        card: CardId,
        /// Its board id.
        uid: u8,
        /// It had no target (it passed by itself).
        no_target: bool,
    },
    /// The Battle Phase ends: every Character's DP depleted in it comes
    /// back.
    BattleEnd,
    /// An attack by the player's Character.
    Attack {
        /// The attacker.
        card: CardId,
        /// Its board id.
        uid: u8,
        /// The defender (`None`: the player).
        target: Option<CardId>,
        /// The defender's board id.
        target_uid: Option<u8>,
        /// DP depleted.
        absorbed: u8,
        /// Damage to HP (or VP).
        damage: u8,
    },
    /// Damage by effect to the player's Character.
    Damage {
        /// The Character.
        card: CardId,
        /// Its board id.
        uid: u8,
        /// Amount.
        amount: u8,
    },
    /// Damage healed on the player's Character.
    Heal {
        /// The Character.
        card: CardId,
        /// Its board id.
        uid: u8,
        /// Damage removed.
        amount: u8,
        /// Damage left.
        damage: u8,
    },
    /// A stat of the player's Character reduced or boosted for good.
    StatChange {
        /// The Character.
        card: CardId,
        /// Its board id.
        uid: u8,
        /// The stat.
        stat: Stat,
        /// The change.
        delta: i8,
        /// The stat's change in all, after.
        total: i8,
    },
    /// The player's Character tapped, frozen or poisoned.
    Status {
        /// The Character.
        card: CardId,
        /// Its board id.
        uid: u8,
        /// Which.
        status: Status,
    },
    /// The player's Character destroyed (its Items and the card then go
    /// to their piles; a Token goes nowhere: its reference card never left
    /// the extra deck).
    Destroyed {
        /// The card.
        card: CardId,
        /// Its board id.
        uid: u8,
    },
    /// The player's Character sent out of play to the Removed Area (its
    /// Items and the card then go to their piles).
    Banished {
        /// The card.
        card: CardId,
        /// Its board id.
        uid: u8,
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
    /// Between turns, after Poison: every Character untaps (a Frozen one
    /// stays tapped once and thaws), forgets the turn's moves, songs and
    /// effects used; the turn's Assistant and Area uses are reset. (DP
    /// depleted in a battle came back at [`EventKind::BattleEnd`].)
    Untap,
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

/// Where a played card came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The hand.
    Hand,
    /// The extra deck (a Required card).
    Extra,
    /// The Commander picked face down at the start.
    Pick,
}

/// A place on the table for cards that are not Characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The player's Assistant of the turn.
    Assistant,
    /// The Area.
    Area,
    /// The Sub-Area.
    SubArea,
    /// The player's Constant Effect cards.
    Constant,
}

/// A pile cards go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    /// The discard pile.
    Discard,
    /// The extra deck (Required cards and Tokens).
    Extra,
    /// The Removed Area.
    Removed,
}

/// A status a Character takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Tapped (by an effect, or after an Attack effect).
    Tapped,
    /// Frozen (and tapped).
    Frozen,
    /// Poisoned.
    Poisoned,
}

impl EventKind {
    /// The `play` of a card put on none of its player's Characters, in no
    /// Sub-Area (an answer from hand, the starting Commander), aimed at
    /// `target` if it chose one.
    pub(super) fn play_unhosted(
        card: CardId,
        cost: u8,
        from: Source,
        target: Option<(Player, u8, CardId)>,
    ) -> Self {
        EventKind::Play {
            card,
            cost,
            from,
            uid: None,
            sub: false,
            target,
        }
    }
}

impl Source {
    fn name(self) -> &'static str {
        match self {
            Source::Hand => "hand",
            Source::Extra => "extra_deck",
            Source::Pick => "pick",
        }
    }
}

impl Slot {
    fn name(self) -> &'static str {
        match self {
            Slot::Assistant => "assistant",
            Slot::Area => "area",
            Slot::SubArea => "sub_area",
            Slot::Constant => "constant",
        }
    }
}

impl Pile {
    fn name(self) -> &'static str {
        match self {
            Pile::Discard => "discard",
            Pile::Extra => "extra_deck",
            Pile::Removed => "removed",
        }
    }
}

impl Status {
    fn name(self) -> &'static str {
        match self {
            Status::Tapped => "tapped",
            Status::Frozen => "frozen",
            Status::Poisoned => "poisoned",
        }
    }
}

/// A stat's name in logs.
fn stat_name(stat: Stat) -> &'static str {
    match stat {
        Stat::Ap => "ap",
        Stat::Dp => "dp",
        Stat::Sp => "sp",
        Stat::Hp => "hp",
    }
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
            health: "Vitality Points left",
            resource: "hand power",
            score: "Vitality Points taken from the opponent",
            turn: "one seat's turn",
        }
    }

    fn metric(&self, e: &Event) -> Option<Metric> {
        let player = e.player;
        Some(match e.kind {
            EventKind::GameStart { .. } => Metric::GameStart,
            EventKind::TurnStart { power, .. } => Metric::TurnStart {
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
            EventKind::Play { card, cost, .. } => Metric::Played {
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
            EventKind::GameStart { decks } => (
                "game_start",
                json!({"deck_a": decks[Player::A], "deck_b": decks[Player::B],
                       "vp": START_VP, "power": START_POWER}),
            ),
            EventKind::Pick { .. } => ("pick", json!({})),
            EventKind::ExtraDeck { card: c } => ("extra_deck", json!({"card": card(c)})),
            EventKind::Reveal { commanders, first } => (
                "reveal",
                json!({"commander_a": commanders[Player::A].map(card), "commander_b": commanders[Player::B].map(card),
                       "first": first.to_string()}),
            ),
            EventKind::Coin { heads } => ("coin", json!({"heads": heads})),
            EventKind::TurnStart { power, rival_power } => (
                "turn_start",
                json!({"power": power, "rival_power": rival_power}),
            ),
            EventKind::HandPower { power } => ("hand_power", json!({"power": power})),
            EventKind::Draw { card: c } => ("draw", json!({"card": card(c)})),
            EventKind::Act { kind } => ("action", json!({"kind": kind})),
            EventKind::Pay { amount } => ("pay", json!({"amount": amount})),
            EventKind::Play {
                card: c,
                cost,
                from,
                uid,
                sub,
                target,
            } => (
                "play",
                json!({"card": card(c), "cost": cost, "from": from.name(),
                       "uid": uid, "sub_area": sub,
                       "target": target.map(|(_, _, t)| card(t)),
                       "target_seat": target.map(|(q, _, _)| q.to_string()),
                       "target_uid": target.map(|(_, u, _)| u)}),
            ),
            EventKind::ShuffleIn { card: c } => ("shuffle_in", json!({"card": card(c)})),
            EventKind::Fetch { card: c } => ("fetch", json!({"card": card(c)})),
            EventKind::Token { card: c } => ("token", json!({"card": card(c)})),
            EventKind::Enter { card: c, uid, sub } => (
                "enter",
                json!({"card": card(c), "uid": uid, "sub_area": sub}),
            ),
            EventKind::Attach { card: c, uid } => ("attach", json!({"card": card(c), "uid": uid})),
            EventKind::Detach { card: c, uid } => ("detach", json!({"card": card(c), "uid": uid})),
            EventKind::Placed { card: c, at } => {
                ("placed", json!({"card": card(c), "at": at.name()}))
            }
            EventKind::Leaves { card: c, at } => {
                ("leaves", json!({"card": card(c), "at": at.name()}))
            }
            EventKind::ToPile { card: c, pile } => {
                ("to_pile", json!({"card": card(c), "pile": pile.name()}))
            }
            EventKind::Move { card: c, uid, sub } => (
                "move",
                json!({"card": card(c), "uid": uid, "sub_area": sub}),
            ),
            EventKind::Search { card: c, to_hand } => (
                "search",
                json!({"card": card(c), "to": if to_hand { "hand" } else { "play" }}),
            ),
            EventKind::SearchNone => ("search", json!({"found": false})),
            EventKind::Ability {
                card: c,
                uid,
                ability,
                target,
            } => (
                "ability",
                json!({"card": card(c), "uid": uid, "ability": ability,
                       "target": target.map(|(_, _, t)| card(t)),
                       "target_seat": target.map(|(q, _, _)| q.to_string()),
                       "target_uid": target.map(|(_, u, _)| u)}),
            ),
            EventKind::Window { trigger } => ("window", json!({"trigger": trigger.name()})),
            EventKind::Negated { card: c } => ("negated", json!({"card": card(c)})),
            EventKind::BattleStart => ("battle", json!({})),
            EventKind::AttackPass {
                card: c,
                uid,
                no_target,
            } => (
                "attack_pass",
                json!({"card": card(c), "uid": uid, "no_target": no_target}),
            ),
            EventKind::BattleEnd => ("battle_end", json!({})),
            EventKind::Attack {
                card: c,
                uid,
                target,
                target_uid,
                absorbed,
                damage,
            } => (
                "attack",
                json!({"card": card(c), "uid": uid, "target": target.map(card),
                       "target_uid": target_uid, "dp_depleted": absorbed, "damage": damage}),
            ),
            EventKind::Damage {
                card: c,
                uid,
                amount,
            } => (
                "damage",
                json!({"card": card(c), "uid": uid, "amount": amount}),
            ),
            EventKind::Heal {
                card: c,
                uid,
                amount,
                damage,
            } => (
                "heal",
                json!({"card": card(c), "uid": uid, "amount": amount, "damage": damage}),
            ),
            EventKind::StatChange {
                card: c,
                uid,
                stat,
                delta,
                total,
            } => (
                "stat",
                json!({"card": card(c), "uid": uid, "stat": stat_name(stat), "delta": delta,
                       "total": total}),
            ),
            EventKind::Status {
                card: c,
                uid,
                status,
            } => (
                "status",
                json!({"card": card(c), "uid": uid, "status": status.name()}),
            ),
            EventKind::Destroyed { card: c, uid } => {
                ("destroyed", json!({"card": card(c), "uid": uid}))
            }
            EventKind::Banished { card: c, uid } => {
                ("removed", json!({"card": card(c), "uid": uid}))
            }
            EventKind::Vitality { vp } => ("vitality", json!({"vp": vp})),
            EventKind::Score { total } => ("score", json!({"total": total})),
            EventKind::Untap => ("untap", json!({})),
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
