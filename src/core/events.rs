//! The event stream. A ruleset reports what happens through an [`Observer`];
//! search uses [`NoObserver`], whose empty inlined method makes the stream
//! free. Reports (mana curves, prize pace, card statistics) read the
//! game-agnostic [`Metric`] each ruleset derives from its own events.

use serde_json::{Value, json};

use super::{CardId, Player};

/// A ruleset's event: when it happened, whose it is, and what (the kind
/// is the ruleset's own enum).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event<K> {
    /// The turn counter when it happened, as the ruleset counts turns (0
    /// during setup).
    pub turn: u16,
    /// Who acts or owns the event.
    pub player: Player,
    /// What happened.
    pub kind: K,
}

impl<K> Event<K> {
    /// The event's log line: `turn`, `player` (its letter) and `event`
    /// (the kind's `name`), then the kind's own `fields` (a JSON object).
    pub fn json(&self, name: &str, fields: Value) -> Value {
        let mut line = json!({"turn": self.turn, "player": self.player.to_string(), "event": name});
        if let (Some(obj), Value::Object(extra)) = (line.as_object_mut(), fields) {
            obj.extend(extra);
        }
        line
    }
}

/// Receives a ruleset's events as they happen.
pub trait Observer<E> {
    /// Called once per event, in order.
    fn event(&mut self, event: &E);

    /// Whether this observer reads events at all: when it does not, a
    /// ruleset may skip working out what only an event would report.
    #[inline(always)]
    fn listens(&self) -> bool {
        true
    }
}

/// The observer of search and bulk play: ignores everything, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<E> Observer<E> for NoObserver {
    #[inline(always)]
    fn event(&mut self, _event: &E) {}

    #[inline(always)]
    fn listens(&self) -> bool {
        false
    }
}

impl<E, F: FnMut(&E)> Observer<E> for F {
    fn event(&mut self, event: &E) {
        self(event)
    }
}

/// The game-agnostic facts the reports are built from. Every ruleset maps
/// its events onto these; a ruleset without mana reports 0 for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// A new game began (also a Sudden Death re-game): reports start afresh.
    GameStart,
    /// `player` begins a turn with `resource` of its turn's resource
    /// available (Nostalgix: mana) out of at most `resource_max` (what
    /// the resource is, each ruleset's [`crate::core::SeatTerms`] says).
    TurnStart {
        player: Player,
        resource_max: u32,
        resource: u32,
    },
    /// `player` drew `card` from the deck. Before the game's first turn:
    /// the opening hand.
    Drew { player: Player, card: CardId },
    /// `card` reached `player`'s hand other than by a draw: searched,
    /// fetched or returned. Counts as in hand like a draw (17lands' "in
    /// hand however it got there").
    ToHand { player: Player, card: CardId },
    /// `card` went from `player`'s hand back into the deck (a mulligan):
    /// before the first turn it leaves the opening hand.
    HandToDeck { player: Player, card: CardId },
    /// `player` played `card` from hand, paying `cost` of the resource.
    Played {
        player: Player,
        card: CardId,
        cost: u32,
    },
    /// `player` played a card of rating `rating` (Millennium Blades: its
    /// star rating), summed per own turn in `mana_curve.csv`'s
    /// `mean_rating_played`. The runner sends it after each `Played` of a
    /// ruleset that rates its cards ([`crate::core::Report::card_rating`]);
    /// for the others the column stays empty.
    Rated { player: Player, rating: u32 },
    /// `player` paid `amount` of the resource for something other than
    /// playing a card (an ability).
    Spent { player: Player, amount: u32 },
    /// `player`'s score (Nostalgix: prize counters taken) is now `total`.
    Score { player: Player, total: u32 },
    /// `player` ends the turn with `unspent` of the resource left.
    TurnEnd { player: Player, unspent: u32 },
    /// `player` begins a turn of its own in a game whose
    /// [`Metric::TurnStart`] is a round every seat plays (see
    /// [`crate::stats::Recorder::in_rounds`]) yet whose seats also take
    /// turns in order (Millennium Blades' Turn-Based Mode): the game's
    /// first one names the seat that went first. Nothing else counts it.
    OwnTurn { player: Player },
    /// `player` took an action of the ruleset's kind `kind` (`summon`,
    /// `attack`, `recruit`, `pass`…), counted per own turn in
    /// `actions.csv`.
    Action { player: Player, kind: &'static str },
}
