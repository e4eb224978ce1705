//! The Millennium Blades log explains the game: an independent reader
//! rebuilds each seat's money, sell markers, Ranking Points, score, tableau
//! (every card in order, face up or down, with its star tokens) and board
//! (deck box and accessories, face up or down) from the events alone
//! (docs/events.md, "Millennium Blades"), and matches the engine after
//! every action, in the standard game at 4 seats, Turn-Based Mode at 3 and
//! Duel Mode.
//!
//! 40 random and 40 greedy games of each mode run in `cargo test
//! --release` (about a second; a fifth in a debug build); `--nocapture`
//! prints the events read by kind.

#[path = "common/log_replay.rs"]
mod log_replay;

use decklab::core::{Game, Player};
use decklab::games::Ruleset;
use decklab::games::millennium_blades::cards::Kind;
use decklab::games::millennium_blades::events::{Event, EventKind};
use decklab::games::millennium_blades::state::{Slot, State};
use decklab::games::millennium_blades::{MillenniumBlades, Mode, Options};
use log_replay::{LogReader, Replayed, replay};

/// A card in a tableau or on a board as the log shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Card {
    card: u16,
    up: bool,
    tokens: u8,
}

impl Card {
    fn new(card: u16) -> Card {
        Card {
            card,
            up: true,
            tokens: 0,
        }
    }
}

/// One seat as the log describes it.
#[derive(Clone, Debug, Default)]
struct Seat {
    money: u16,
    markers: u8,
    rp: u16,
    score: u16,
    /// The tournament deck, as `deck_add` and `deck_trim` built it.
    deck: Vec<u16>,
    tableau: Vec<Card>,
    board: Vec<Card>,
}

/// The table as the log describes it.
#[derive(Clone, Debug)]
struct Reader {
    mode: Mode,
    /// Sell markers a seat gets back at each deckbuilding phase (rules:
    /// "Game Setup" step 5, 3 a player or 4 at three; "Duel Mode": 6),
    /// worked out here from the rules, not read from the engine.
    markers: u8,
    seats: Vec<Seat>,
    /// The aftermarket's listings: the card and the seat whose marker is
    /// on it.
    market: Vec<(u16, Option<Player>)>,
    /// Cards a clash revealed, listed when the clash ends.
    revealed: Vec<u16>,
    /// The seat whose turn began (`turn_start`) and has not ended
    /// (`turn_end`).
    turn: Option<Player>,
}

impl Reader {
    fn new(game: &MillenniumBlades) -> Reader {
        let players = game.num_players();
        let markers = match (game.options.mode, players) {
            (Mode::Duel, _) => 6,
            (_, 3) => 4,
            _ => 3,
        };
        Reader {
            mode: game.options.mode,
            markers,
            seats: vec![Seat::default(); players],
            market: Vec::new(),
            revealed: Vec::new(),
            turn: None,
        }
    }

    fn kind(game: &MillenniumBlades, card: u16) -> Kind {
        game.db.card(game.table.card(card)).kind
    }

    /// The card `card` in play (any seat's tableau or board).
    fn in_play(&mut self, card: u16) -> Option<&mut Card> {
        self.seats
            .iter_mut()
            .flat_map(|t| t.tableau.iter_mut().chain(t.board.iter_mut()))
            .find(|c| c.card == card)
    }
}

impl LogReader<MillenniumBlades> for Reader {
    fn apply(&mut self, game: &MillenniumBlades, e: &Event) {
        let p = e.player;
        let seat = &mut self.seats[p.index()];
        match e.kind {
            EventKind::Income { amount } => seat.money += amount,
            EventKind::TurnStart => {
                assert_eq!(self.turn, None, "{e:?}: a turn began in a turn");
                self.turn = Some(p);
            }
            EventKind::TurnEnd => {
                assert_eq!(self.turn, Some(p), "{e:?}: not the turn begun");
                self.turn = None;
            }
            EventKind::RoundStart { money, .. } => {
                seat.money = money;
                seat.markers = self.markers;
                seat.rp = 0;
                // Turn-Based Mode: the markers come off the cards still for
                // sale; the cards stay.
                for listing in self.market.iter_mut().filter(|l| l.1 == Some(p)) {
                    listing.1 = None;
                }
                if self.mode != Mode::TurnBased {
                    seat.tableau.clear();
                    seat.board.clear();
                }
            }
            EventKind::Buy { money, .. } => seat.money = money,
            EventKind::Sell { card, money, .. } => {
                seat.money = money;
                seat.markers -= 1;
                self.market.push((card, Some(p)));
            }
            EventKind::BuyListed {
                card,
                money,
                seller,
                ..
            } => {
                seat.money = money;
                self.market.retain(|l| l.0 != card);
                if let Some(q) = seller {
                    self.seats[q.index()].markers += 1;
                }
            }
            EventKind::Fused { .. } => seat.markers -= 1,
            EventKind::Loop { money } => seat.money += money,
            EventKind::DeckAdd { card } => seat.deck.push(card),
            EventKind::DeckTrim { card } => seat.deck.retain(|&c| c != card),
            EventKind::Cleanup { .. } if self.mode == Mode::TurnBased => {
                // A scoring: the tableau and deck box go, the accessories
                // wait for their owner's choice (`accessory`).
                seat.tableau.clear();
                seat.board
                    .retain(|c| Self::kind(game, c.card) == Kind::Accessory);
            }
            EventKind::Accessory { card, kept } => {
                assert!(seat.board.iter().any(|c| c.card == card), "{e:?}");
                if !kept {
                    seat.board.retain(|c| c.card != card);
                }
            }
            EventKind::Cleanup { .. } => self.market.clear(),
            EventKind::TournamentStart { .. } => {
                for t in &mut self.seats {
                    t.rp = 0;
                    t.tableau.clear();
                    let deck = std::mem::take(&mut t.deck);
                    t.board = deck
                        .into_iter()
                        .filter(|&c| Self::kind(game, c) != Kind::Single)
                        .map(Card::new)
                        .collect();
                }
            }
            EventKind::Play { card, slot } => {
                assert_eq!(usize::from(slot), seat.tableau.len(), "{e:?}");
                seat.tableau.push(Card::new(card));
            }
            EventKind::Board { card } => seat.board.push(Card::new(card)),
            EventKind::Scurry { card, slot } => {
                let from = seat.tableau.iter().position(|c| c.card == card);
                let from = from.unwrap_or_else(|| panic!("{e:?}: not in the tableau"));
                let moved = seat.tableau.remove(from);
                seat.tableau.insert(usize::from(slot), moved);
            }
            EventKind::Flip { card, .. } => {
                let c = self.in_play(card);
                c.unwrap_or_else(|| panic!("{e:?}: not in play")).up = false;
            }
            EventKind::Stars { card, amount } => {
                let c = self.in_play(card);
                c.unwrap_or_else(|| panic!("{e:?}: not in play")).tokens += amount;
            }
            EventKind::Rp { total, .. } => seat.rp = total,
            EventKind::ClashReveal { card, .. } => self.revealed.push(card),
            EventKind::MarketFull { .. } => {
                for (_, marker) in self.market.drain(..) {
                    if let Some(q) = marker {
                        self.seats[q.index()].markers += 1;
                    }
                }
            }
            EventKind::Clash { .. } => {
                let revealed = std::mem::take(&mut self.revealed);
                self.market.extend(revealed.into_iter().map(|c| (c, None)));
            }
            EventKind::Placed { score, .. }
            | EventKind::Collection { score, .. }
            | EventKind::MoneyVp { score, .. }
            | EventKind::GameOver { score, .. } => seat.score = score,
            EventKind::Banked { total, .. } => {
                seat.score = total;
                seat.rp = 0;
            }
            EventKind::RoundEnd { money } => {
                assert_eq!(money, seat.money, "{e:?}: the money the log counted");
            }
            _ => {}
        }
    }

    fn compare(&self, _game: &MillenniumBlades, state: &State) -> Result<(), String> {
        for p in state.players() {
            let (read, t) = (&self.seats[p.index()], &state.seats[p]);
            let score = match self.mode {
                Mode::Standard => t.vp.total(),
                _ => t.banked,
            };
            let engine = (t.money, t.markers, t.rp, score);
            let log = (read.money, read.markers, read.rp, read.score);
            if engine != log {
                return Err(format!(
                    "seat {p}: (money, markers, rp, score) {engine:?}, the log says {log:?}"
                ));
            }
            let tableau = cards(&t.tableau);
            if tableau != read.tableau {
                return Err(format!(
                    "seat {p}: tableau {tableau:?}, the log says {:?}",
                    read.tableau
                ));
            }
            let mut board = cards(&t.board);
            let mut read_board = read.board.clone();
            board.sort();
            read_board.sort();
            if board != read_board {
                return Err(format!(
                    "seat {p}: board {board:?}, the log says {read_board:?}"
                ));
            }
        }
        Ok(())
    }
}

/// The engine's slots as the reader keeps them.
fn cards(slots: &[Slot]) -> Vec<Card> {
    slots
        .iter()
        .map(|s| Card {
            card: s.card,
            up: s.up,
            tokens: s.tokens,
        })
        .collect()
}

/// Plays `games` games of `mode` at `seats` seats with `bot` in every
/// seat, the reader checking after every action.
fn replay_mode(mode: Mode, seats: &[usize], bot: &str, games: u64) -> Replayed {
    let options = Options {
        mode,
        ..MillenniumBlades::default_options()
    };
    let game = MillenniumBlades::bundled_with(seats, options);
    let done = replay(&game, bot, 0..games, Reader::new).unwrap_or_else(|m| panic!("{m}"));
    eprintln!(
        "millennium-blades {mode:?} {bot}: {} games, {} actions, {} events, 0 mismatches; \
         by kind: {:?}",
        done.games,
        done.actions,
        done.total_events(),
        done.events
    );
    done
}

#[test]
fn the_log_rebuilds_every_seat_after_every_action() {
    let scale = if cfg!(debug_assertions) { 5 } else { 1 };
    let mut all = Replayed::default();
    for bot in ["random", "greedy"] {
        all.add(replay_mode(Mode::Standard, &[0, 1, 2, 3], bot, 40 / scale));
        all.add(replay_mode(Mode::TurnBased, &[0, 1, 2], bot, 40 / scale));
        all.add(replay_mode(Mode::Duel, &[0, 1], bot, 40 / scale));
    }
    assert_eq!(all.games, 240 / scale);
    // The changes the reader applies all happen in these games.
    for kind in [
        "Income",
        "RoundStart",
        "Buy",
        "Sell",
        "BuyListed",
        "Fused",
        "DeckAdd",
        "Cleanup",
        "Accessory",
        "Pass",
        "TurnStart",
        "TurnEnd",
        "Decline",
        "TournamentStart",
        "Play",
        "Board",
        "Scurry",
        "Flip",
        "Stars",
        "Rp",
        "ClashReveal",
        "MarketFull",
        "Clash",
        "Placed",
        "Collection",
        "MoneyVp",
        "Banked",
        "GameOver",
    ] {
        assert!(
            all.events.contains_key(kind),
            "no {kind} event: {:?}",
            all.events
        );
    }
}
