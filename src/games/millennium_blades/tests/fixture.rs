//! A fixture for rule tests: a game of the test pool whose tournament
//! position the test arranges card by card, keeping the state's lists and
//! zones in step, then plays actions and checks the invariants after each.

use super::super::action::Action;
use super::super::events::{Event, EventKind};
use super::super::state::{Area, Phase, Slot, State, Zone};
use super::super::{MillenniumBlades, Mode, Options};
use super::{mode, pool};
use crate::core::{Game, GameRng, Invariants, Player, derive_rng};

/// A game in progress whose position a test sets up.
pub struct Fixture {
    /// The match.
    pub g: MillenniumBlades,
    /// The position.
    pub s: State,
    /// The rules' chance.
    pub rng: GameRng,
}

impl Fixture {
    /// A standard game of `players` seats whose tournament is about to
    /// begin: nothing in play, every player's cards back in the box,
    /// `extra` cards (by name, any copies) added to the match.
    pub fn tournament(players: usize, extra: &[&str]) -> Fixture {
        Self::with(players, extra, mode(Mode::Standard))
    }

    /// The same with `options`.
    pub fn with(players: usize, extra: &[&str], options: Options) -> Fixture {
        let db = pool();
        let cards: Vec<_> = extra
            .iter()
            .map(|n| (db.id(n).unwrap_or_else(|| panic!("no card {n}")), 1u8))
            .collect();
        let decks = (0..players)
            .map(|p| super::super::deck::Deck {
                name: format!("seat-{p}"),
                cards: if p == 0 { cards.clone() } else { Vec::new() },
            })
            .collect();
        let g = MillenniumBlades::new(std::sync::Arc::new(db), decks, options);
        let mut rng = derive_rng(7, 0);
        let mut s = g.new_state(&mut rng);
        // Clear the board: every player card to the box, a tournament
        // with nobody having played.
        for i in 0..g.table.len() {
            if s.zone(i as u16).owner().is_some()
                || s.zone(i as u16) == Zone::MARKET
                || s.zone(i as u16) == Zone::AREA
            {
                s.put(&g.table, i as u16, Zone::BOX);
                s.known[i] = u8::MAX;
            }
        }
        s.area.clear();
        s.market.clear();
        for p in s.players() {
            let seat = &mut s.seats[p];
            seat.tableau.clear();
            seat.board.clear();
            seat.slots = 6;
            seat.next.clear();
        }
        s.jobs.clear();
        s.prompt = None;
        s.phase = Phase::Tournament;
        s.active = Player::A;
        s.round = 1;
        Fixture { g, s, rng }
    }

    /// An instance of card `name` that is in the box or the store.
    pub fn free(&self, name: &str) -> u16 {
        let id = self
            .g
            .db
            .id(name)
            .unwrap_or_else(|| panic!("no card {name}"));
        (0..self.g.table.len() as u16)
            .find(|&i| {
                self.g.table.card(i) == id && matches!(self.s.zone(i), Zone::BOX | Zone::STORE)
            })
            .unwrap_or_else(|| panic!("no free copy of {name}"))
    }

    /// Takes instance `i` out of every list it is in.
    fn lift(&mut self, i: u16) {
        let s = &mut self.s;
        if let Some(at) = s.store.as_slice().iter().position(|&c| c == i) {
            let rest: Vec<u16> = s.store.as_slice()[at + 1..].to_vec();
            while s.store.len() > at {
                s.store.pop();
            }
            rest.into_iter().for_each(|c| s.store.push(c));
        }
        for p in s.players() {
            let seat = &mut s.seats[p];
            seat.tableau.retain(|t| t.card != i);
            seat.board.retain(|t| t.card != i);
        }
        s.market.retain(|l| l.card != i);
    }

    /// Puts a copy of `name` into `p`'s area `area` (hand or binder).
    pub fn give(&mut self, p: Player, name: &str, area: Area) -> u16 {
        let i = self.free(name);
        self.lift(i);
        self.s.put(&self.g.table, i, Zone::of(area, p));
        self.s.known[usize::from(i)] = if area == Area::Hand {
            1 << p.index()
        } else {
            u8::MAX
        };
        i
    }

    /// Puts a copy of `name` at the right of `p`'s tableau, face up or
    /// down.
    pub fn place(&mut self, p: Player, name: &str, up: bool) -> u16 {
        let i = self.free(name);
        self.lift(i);
        self.s.put(&self.g.table, i, Zone::of(Area::Tableau, p));
        self.s.known[usize::from(i)] = u8::MAX;
        self.s.seats[p].tableau.push(Slot {
            card: i,
            up,
            tokens: 0,
        });
        i
    }

    /// Puts a copy of `name` on `p`'s board (deck box or accessory).
    pub fn board(&mut self, p: Player, name: &str) -> u16 {
        let i = self.free(name);
        self.lift(i);
        self.s.put(&self.g.table, i, Zone::of(Area::Board, p));
        self.s.known[usize::from(i)] = u8::MAX;
        self.s.seats[p].board.push(Slot {
            card: i,
            up: true,
            tokens: 0,
        });
        i
    }

    /// Puts copies of `names` on top of the store deck, the last on top.
    pub fn stack_store(&mut self, names: &[&str]) {
        for name in names {
            let i = self.free(name);
            self.lift(i);
            self.s.put(&self.g.table, i, Zone::STORE);
            self.s.known[usize::from(i)] = 0;
            self.s.store.push(i);
        }
    }

    /// Plays `action` (which must be legal); checks the invariants, and that
    /// a game not over offers an action; returns the events.
    pub fn act(&mut self, action: Action) -> Vec<Event> {
        let mut legal = Vec::new();
        self.g.legal_actions(&self.s, &mut legal);
        assert!(
            legal.contains(&action),
            "{action:?} is not legal: {legal:?}"
        );
        let mut events = Vec::new();
        let mut obs = |e: &Event| events.push(*e);
        self.g.apply(&mut self.s, action, &mut self.rng, &mut obs);
        self.g
            .check_invariants(&self.s)
            .unwrap_or_else(|m| panic!("after {action:?}: {m}"));
        assert!(
            self.s.outcome.is_some() || !self.legal().is_empty(),
            "after {action:?}: no legal action in a live game"
        );
        events
    }

    /// The legal actions now.
    pub fn legal(&self) -> Vec<Action> {
        let mut legal = Vec::new();
        self.g.legal_actions(&self.s, &mut legal);
        legal
    }

    /// `p`'s RP.
    pub fn rp(&self, p: Player) -> u16 {
        self.s.seats[p].rp
    }

    /// Whether `p`'s card `i` is face up in its tableau.
    pub fn up(&self, p: Player, i: u16) -> bool {
        self.s.seats[p].tableau.iter().any(|t| t.card == i && t.up)
    }
}

/// The kinds of `events`, in order.
pub fn kinds(events: &[Event]) -> Vec<EventKind> {
    events.iter().map(|e| e.kind).collect()
}
