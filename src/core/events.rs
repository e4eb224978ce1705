//! The event stream. A ruleset reports what happens through an [`Observer`];
//! search uses [`NoObserver`], whose empty inlined method makes the stream
//! free. Reports (mana curves, prize pace, card statistics) read the
//! game-agnostic [`Metric`] each ruleset derives from its own events.

use super::{CardId, Player};

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
    /// `player` begins a turn with `resource` of its turn's resource
    /// available (Nostalgix: mana) out of at most `resource_max` (what
    /// the resource is, each ruleset's [`crate::core::SeatTerms`] says).
    TurnStart {
        player: Player,
        resource_max: u32,
        resource: u32,
    },
    /// `player` drew `card`.
    Drew { player: Player, card: CardId },
    /// `player` played `card` from hand, paying `cost` of the resource.
    Played {
        player: Player,
        card: CardId,
        cost: u32,
    },
    /// `player` paid `amount` of the resource for something other than
    /// playing a card (an ability).
    Spent { player: Player, amount: u32 },
    /// `player`'s score (Nostalgix: prize counters taken) is now `total`.
    Score { player: Player, total: u32 },
    /// `player` ends the turn with `unspent` of the resource left.
    TurnEnd { player: Player, unspent: u32 },
    /// `player` took an action of the ruleset's kind `kind` (`summon`,
    /// `attack`, `recruit`, `pass`…), counted per own turn in
    /// `actions.csv`.
    Action { player: Player, kind: &'static str },
}
