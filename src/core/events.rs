//! The event stream. A ruleset reports what happens through an [`Observer`];
//! search uses [`NoObserver`], whose empty inlined method makes the stream
//! free. Reports (mana curves, prize pace, card statistics) read the
//! game-agnostic [`Metric`] each ruleset derives from its own events.

use super::Player;

/// Receives a ruleset's events as they happen.
pub trait Observer<E> {
    /// Called once per event, in order.
    fn event(&mut self, event: &E);
}

/// The observer of search and bulk play: ignores everything, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<E> Observer<E> for NoObserver {
    #[inline(always)]
    fn event(&mut self, _event: &E) {}
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
    /// `player` begins a turn with this resource ("mana") available.
    TurnStart {
        player: Player,
        max_mana: u8,
        mana: u8,
    },
    /// `player` drew `card` (an id into the ruleset's card list).
    Drew { player: Player, card: u16 },
    /// `player` played `card` from hand, paying `cost`.
    Played { player: Player, card: u16, cost: u8 },
    /// `player` paid `amount` for something other than a card (an ability).
    Spent { player: Player, amount: u8 },
    /// `player`'s score ("prize counters taken") is now `total`.
    Score { player: Player, total: u8 },
    /// `player` ends the turn with `unspent` mana left.
    TurnEnd { player: Player, unspent: u8 },
    /// `player` took an action of the ruleset's kind `kind` (`summon`,
    /// `attack`, `recruit`, `pass`…), counted per own turn in
    /// `actions.csv`.
    Action { player: Player, kind: &'static str },
}
