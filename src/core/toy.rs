//! "Bidding", a tiny hidden-information game for 2 to 5 seats, for unit
//! tests of the conformance suite, the bots, the runner and the reports
//! (compiled only for tests).
//!
//! Rules. Each seat owns eight bid cards (its deck: the values 1–8 in the
//! standard deck, another multiset of 1–8 in a test's own deck), shuffled,
//! and draws a hand of three, kept hidden. Eight prize cards valued 1–8 lie
//! face down. Each trick one prize is revealed at random; starting with the
//! leader and going clockwise, every seat bids one card face up; the
//! highest bid takes the prize's points, the earliest of equal bids
//! winning. The bids are discarded, every seat draws a card while its deck
//! lasts (the trick's winner first), and the lead passes clockwise. After
//! eight tricks the hands are empty; seats rank by points, equal points
//! sharing a rank.
//!
//! At two seats this is a duel of equal hands where skill decides much:
//! bid high on big prizes, win cheaply, throw away low cards on small
//! prizes, and count the cards the opponent has left.

use arrayvec::ArrayVec;
use serde_json::json;

use super::{
    CardId, Evaluate, Game, GameRng, Invariants, Metric, Node, Observer, Outcome, Player, Report,
    SeatSummary, SeatTerms, Seats,
};
use super::{below, shuffle, split_mix};

/// Bid cards per seat (values run from 1 to `CARDS`).
const CARDS: usize = 8;
/// The size of a starting hand, and the most a hand ever holds.
const HAND: usize = 3;
/// The highest prize (prizes are valued `1..=PRIZES`), also the number of
/// tricks.
const PRIZES: u8 = 8;
/// The sum of all prizes.
const PRIZE_TOTAL: u8 = PRIZES * (PRIZES + 1) / 2;
/// Card names, indexed by value.
const NAMES: [&str; CARDS + 1] = ["?", "1", "2", "3", "4", "5", "6", "7", "8"];
/// The standard deck.
pub const STANDARD: [u8; CARDS] = [1, 2, 3, 4, 5, 6, 7, 8];

/// The game definition: each seat's deck.
#[derive(Clone, Copy, Debug)]
pub struct ToyGame {
    decks: Seats<[u8; CARDS]>,
}

impl ToyGame {
    /// Two seats with the standard deck.
    pub fn duel() -> ToyGame {
        ToyGame::table(2)
    }

    /// `players` seats with the standard deck.
    pub fn table(players: usize) -> ToyGame {
        ToyGame::with_decks(&vec![STANDARD; players])
    }

    /// One seat per deck (each eight values from 1 to 8, sorted here).
    pub fn with_decks(decks: &[[u8; CARDS]]) -> ToyGame {
        let mut decks = Seats::from_vec(decks.to_vec());
        for d in decks.iter_mut() {
            assert!(d.iter().all(|&c| (1..=CARDS as u8).contains(&c)), "{d:?}");
            d.sort_unstable();
        }
        ToyGame { decks }
    }
}

/// A bid: the value of the card played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid(pub u8);

/// What happens in a game of Bidding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToyEvent {
    /// A trick begins with `leader` to bid first.
    Trick {
        /// The first bidder.
        leader: Player,
    },
    /// A prize is turned face up.
    Reveal {
        /// Its points.
        prize: u8,
    },
    /// `player` bids `card`.
    Bid {
        /// The bidder.
        player: Player,
        /// The card bid.
        card: u8,
    },
    /// `player` takes the prize and now has `total` points.
    Won {
        /// The winning bidder.
        player: Player,
        /// The prize's points.
        prize: u8,
        /// The player's points after taking it.
        total: u8,
    },
    /// `player` draws `card`.
    Drew {
        /// The drawing player.
        player: Player,
        /// The card drawn.
        card: u8,
    },
}

/// A position of Bidding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToyState {
    /// Each seat's undrawn cards, sorted (draws pick one at random).
    decks: Seats<ArrayVec<u8, CARDS>>,
    /// Each seat's hidden hand, sorted ascending.
    hands: Seats<ArrayVec<u8, HAND>>,
    /// Each seat's bid cards, sorted (the pending bid included).
    discards: Seats<ArrayVec<u8, CARDS>>,
    /// The prizes still face down, sorted (reveals pick one at random).
    prizes: ArrayVec<u8, { PRIZES as usize }>,
    /// The prize of the current trick (0 once the game is over).
    prize: u8,
    /// The best bid of the trick so far, and its bidder.
    best: Option<(u8, Player)>,
    /// Bids made in the current trick.
    bids: u8,
    /// The seat that bids first in this trick.
    leader: Player,
    /// Points taken so far.
    points: Seats<u8>,
    /// Tricks completed.
    tricks: u8,
}

/// Removes a uniformly random element of `set` (non-empty).
fn take_random<const N: usize>(set: &mut ArrayVec<u8, N>, rng: &mut GameRng) -> u8 {
    let i = below(rng, set.len() as u32) as usize;
    set.remove(i)
}

/// Inserts `card` into the sorted `cards`.
fn insert_sorted<const N: usize>(cards: &mut ArrayVec<u8, N>, card: u8) {
    let at = cards.partition_point(|&c| c < card);
    cards.insert(at, card);
}

impl ToyGame {
    /// `player` draws a random card of their deck, if any is left.
    fn draw(
        &self,
        state: &mut ToyState,
        player: Player,
        rng: &mut GameRng,
        observer: &mut impl Observer<ToyEvent>,
    ) {
        let deck = &mut state.decks[player];
        if deck.is_empty() {
            return;
        }
        let card = take_random(deck, rng);
        insert_sorted(&mut state.hands[player], card);
        observer.event(&ToyEvent::Drew { player, card });
    }

    /// Turns a random face-down prize up, if any is left.
    fn reveal(
        &self,
        state: &mut ToyState,
        rng: &mut GameRng,
        observer: &mut impl Observer<ToyEvent>,
    ) {
        if state.prizes.is_empty() {
            state.prize = 0;
            return;
        }
        state.prize = take_random(&mut state.prizes, rng);
        observer.event(&ToyEvent::Trick {
            leader: state.leader,
        });
        observer.event(&ToyEvent::Reveal { prize: state.prize });
    }

    /// The seat to bid next: the leader, then clockwise.
    fn bidder(&self, state: &ToyState) -> Player {
        let n = self.num_players();
        Player::new((state.leader.index() + usize::from(state.bids)) % n)
    }
}

impl Game for ToyGame {
    type State = ToyState;
    type Action = Bid;
    type Event = ToyEvent;

    fn num_players(&self) -> usize {
        self.decks.len()
    }

    fn start(&self, rng: &mut GameRng, _observer: &mut impl Observer<ToyEvent>) -> ToyState {
        let n = self.num_players();
        let mut state = ToyState {
            decks: self.decks.map(|d| d.iter().copied().collect()),
            hands: Seats::from_fn(n, |_| ArrayVec::new()),
            discards: Seats::from_fn(n, |_| ArrayVec::new()),
            prizes: (1..=PRIZES).collect(),
            prize: 0,
            best: None,
            bids: 0,
            leader: Player::A,
            points: Seats::filled(n, 0),
            tricks: 0,
        };
        for _ in 0..HAND {
            for p in Player::all(n) {
                self.draw(&mut state, p, rng, &mut |_: &ToyEvent| {});
            }
        }
        self.reveal(&mut state, rng, &mut |_: &ToyEvent| {});
        state
    }

    fn to_move(&self, state: &ToyState) -> Node {
        if state.tricks == PRIZES {
            return Node::Terminal(Outcome::ranked_by(state.points.as_slice(), "points"));
        }
        Node::Decision(self.bidder(state))
    }

    fn legal_actions(&self, state: &ToyState, out: &mut Vec<Bid>) {
        out.clear();
        if let Node::Decision(p) = self.to_move(state) {
            out.extend(state.hands[p].iter().map(|&c| Bid(c)));
            out.dedup();
        }
    }

    fn apply(
        &self,
        state: &mut ToyState,
        action: Bid,
        rng: &mut GameRng,
        observer: &mut impl Observer<ToyEvent>,
    ) {
        let Node::Decision(player) = self.to_move(state) else {
            return;
        };
        let hand = &mut state.hands[player];
        let Some(at) = hand.iter().position(|&c| c == action.0) else {
            return;
        };
        let card = hand.remove(at);
        insert_sorted(&mut state.discards[player], card);
        observer.event(&ToyEvent::Bid { player, card });
        if state.best.is_none_or(|(best, _)| card > best) {
            state.best = Some((card, player));
        }
        state.bids += 1;
        if usize::from(state.bids) < self.num_players() {
            return;
        }
        let Some((_, winner)) = state.best else {
            return;
        };
        state.points[winner] += state.prize;
        observer.event(&ToyEvent::Won {
            player: winner,
            prize: state.prize,
            total: state.points[winner],
        });
        state.best = None;
        state.bids = 0;
        state.tricks += 1;
        let n = self.num_players();
        let mut p = winner;
        for _ in 0..n {
            self.draw(state, p, rng, observer);
            p = p.next(n);
        }
        state.leader = state.leader.next(n);
        self.reveal(state, rng, observer);
    }

    fn resample_hidden(&self, view: &mut ToyState, observer: Player, rng: &mut GameRng) {
        for p in Player::all(self.num_players()).filter(|&p| p != observer) {
            let mut pool: ArrayVec<u8, CARDS> = view.decks[p].clone();
            pool.extend(view.hands[p].iter().copied());
            pool.sort_unstable();
            shuffle(rng, &mut pool);
            let n = view.hands[p].len();
            view.hands[p] = pool[..n].iter().copied().collect();
            view.hands[p].sort_unstable();
            view.decks[p] = pool[n..].iter().copied().collect();
            view.decks[p].sort_unstable();
        }
    }

    fn info_key(&self, state: &ToyState, player: Player) -> u64 {
        let mut h = split_mix(player.index() as u64);
        let mut mix = |x: u64| h = split_mix(h ^ x);
        for (p, hand) in state.hands.enumerate() {
            if p == player {
                hand.iter().for_each(|&c| mix(u64::from(c)));
            }
            mix(100 + hand.len() as u64);
            mix(200 + state.decks[p].len() as u64);
            state.discards[p]
                .iter()
                .for_each(|&c| mix(300 + u64::from(c)));
            mix(400 + u64::from(state.points[p]));
        }
        state.prizes.iter().for_each(|&c| mix(500 + u64::from(c)));
        mix(600 + u64::from(state.prize));
        mix(state
            .best
            .map_or(0, |(b, p)| 700 + u64::from(b) * 8 + p.index() as u64));
        mix(800 + u64::from(state.bids));
        mix(900 + state.leader.index() as u64);
        mix(1000 + u64::from(state.tricks));
        h
    }
}

impl Invariants for ToyGame {
    fn check_invariants(&self, state: &ToyState) -> Result<(), String> {
        for (p, deck) in self.decks.enumerate() {
            let mut held: Vec<u8> = state.hands[p].to_vec();
            held.extend(&state.decks[p]);
            held.extend(&state.discards[p]);
            held.sort_unstable();
            if held != deck {
                return Err(format!("seat {p}: holds {held:?}, owns {deck:?}"));
            }
            if !state.hands[p].is_sorted() || !state.decks[p].is_sorted() {
                return Err(format!("seat {p}: hand or deck not sorted"));
            }
        }
        let bids: usize = state.discards.iter().map(|d| d.len()).sum();
        let n = self.num_players();
        if bids != n * usize::from(state.tricks) + usize::from(state.bids) {
            return Err(format!("{bids} bids in {} tricks", state.tricks));
        }
        let prizes: u8 = state.points.iter().chain(&state.prizes).sum::<u8>() + state.prize;
        if prizes != PRIZE_TOTAL {
            return Err(format!("prize points sum to {prizes}"));
        }
        if state.tricks > PRIZES || (state.tricks == PRIZES) != (state.prize == 0) {
            return Err(format!("trick {} with prize {}", state.tricks, state.prize));
        }
        Ok(())
    }

    fn card_count(&self, state: &ToyState, player: Player) -> usize {
        state.hands[player].len() + state.decks[player].len() + state.discards[player].len()
    }
}

impl Report for ToyGame {
    fn terms(&self) -> SeatTerms {
        SeatTerms {
            health: "none (0)",
            resource: "none (0)",
            score: "points",
            turn: "a trick",
        }
    }

    fn metric(&self, event: &ToyEvent) -> Option<Metric> {
        match *event {
            ToyEvent::Reveal { .. } => None,
            ToyEvent::Trick { leader } => Some(Metric::TurnStart {
                player: leader,
                resource_max: 0,
                resource: 0,
            }),
            ToyEvent::Bid { player, card } => Some(Metric::Played {
                player,
                card: CardId(card.into()),
                cost: 0,
            }),
            ToyEvent::Won { player, total, .. } => Some(Metric::Score {
                player,
                total: total.into(),
            }),
            ToyEvent::Drew { player, card } => Some(Metric::Drew {
                player,
                card: CardId(card.into()),
            }),
        }
    }

    fn event_json(&self, event: &ToyEvent) -> serde_json::Value {
        match *event {
            ToyEvent::Trick { leader } => json!({ "event": "trick", "leader": leader.to_string() }),
            ToyEvent::Reveal { prize } => json!({ "event": "reveal", "prize": prize }),
            ToyEvent::Bid { player, card } => {
                json!({ "event": "bid", "player": player.to_string(), "card": card })
            }
            ToyEvent::Won {
                player,
                prize,
                total,
            } => json!({
                "event": "won", "player": player.to_string(), "prize": prize, "total": total
            }),
            ToyEvent::Drew { player, card } => {
                json!({ "event": "drew", "player": player.to_string(), "card": card })
            }
        }
    }

    fn summary(&self, state: &ToyState, player: Player) -> SeatSummary {
        SeatSummary {
            health: 0,
            score: state.points[player].into(),
        }
    }

    fn turns(&self, state: &ToyState) -> u32 {
        state.tricks.into()
    }

    fn card_name(&self, card: CardId) -> &str {
        NAMES.get(card.index()).copied().unwrap_or("?")
    }

    fn card_cost(&self, _card: CardId) -> u8 {
        0
    }

    fn deck_list(&self, player: Player) -> Vec<(CardId, u8)> {
        let mut list: Vec<(CardId, u8)> = Vec::new();
        for &c in &self.decks[player] {
            match list.last_mut() {
                Some((id, n)) if id.0 == u16::from(c) => *n += 1,
                _ => list.push((CardId(c.into()), 1)),
            }
        }
        list
    }
}

impl Evaluate for ToyGame {
    fn name(&self) -> &'static str {
        "toy"
    }

    fn feature_names(&self) -> &'static [&'static str] {
        &["points", "opp_points", "hand_total", "leading"]
    }

    /// Own points, the best other seat's points (negated), the own hand's
    /// total, and the prize of the trick if the seat holds its best bid.
    fn features(&self, state: &ToyState, player: Player, out: &mut [f64]) {
        let others = state
            .points
            .enumerate()
            .filter(|(p, _)| *p != player)
            .map(|(_, &x)| x)
            .max()
            .unwrap_or(0);
        let values = [
            f64::from(state.points[player]),
            -f64::from(others),
            state.hands[player].iter().map(|&c| f64::from(c)).sum(),
            match state.best {
                Some((_, p)) if p == player => f64::from(state.prize),
                _ => 0.0,
            },
        ];
        for (o, v) in out.iter_mut().zip(values) {
            *o = v;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{NoObserver, conformance, derive_rng};

    #[test]
    fn passes_the_conformance_checks_at_every_table_size() {
        for players in 2..=5 {
            let game = ToyGame::table(players);
            let report = conformance::random_games(&game, 0, 100, 200, conformance::Checks::Full)
                .unwrap_or_else(|v| panic!("{players} seats: {v}"));
            assert_eq!(report.games, 100);
            assert_eq!(report.actions, 100 * players as u64 * u64::from(PRIZES));
        }
    }

    #[test]
    fn determinize_hides_only_the_other_seats_cards() {
        let game = ToyGame::table(3);
        let state = game.new_state(&mut derive_rng(5, 0));
        let mut differs = [false; 3];
        for s in 0..20 {
            let view = game.determinize(&state, Player::B, &mut derive_rng(s, 9));
            assert_eq!(view.hands[Player::B], state.hands[Player::B]);
            assert_eq!(view.decks[Player::B], state.decks[Player::B]);
            assert_eq!(
                game.info_key(&view, Player::B),
                game.info_key(&state, Player::B)
            );
            for p in Player::all(3) {
                differs[p.index()] |= view.hands[p] != state.hands[p];
            }
        }
        assert_eq!(
            differs,
            [true, false, true],
            "only the others' hands resample"
        );
    }

    #[test]
    fn the_highest_bid_takes_the_prize_and_the_earliest_wins_ties() {
        let game = ToyGame::table(3);
        for seed in 0..20 {
            let mut rng = derive_rng(seed, 0);
            let mut state = game.new_state(&mut rng);
            let prize = state.prize;
            let bids: Vec<u8> = Player::all(3)
                .map(|p| state.hands[p][seed as usize % HAND])
                .collect();
            for &b in &bids {
                game.apply(&mut state, Bid(b), &mut rng, &mut NoObserver);
            }
            let best = *bids.iter().max().unwrap();
            let winner = Player::new(bids.iter().position(|&b| b == best).unwrap());
            for p in Player::all(3) {
                let expected = if p == winner { prize } else { 0 };
                assert_eq!(state.points[p], expected, "seed {seed}: {bids:?}");
                assert_eq!(state.hands[p].len(), HAND);
            }
            assert_eq!(state.leader, Player::B);
        }
    }

    #[test]
    fn seats_rank_by_points() {
        let game = ToyGame::table(4);
        let mut state = game.new_state(&mut derive_rng(1, 0));
        state.tricks = PRIZES;
        state.points = Seats::from_vec(vec![10, 20, 10, 6]);
        let Node::Terminal(o) = game.to_move(&state) else {
            panic!("the game is over")
        };
        assert_eq!(o.ranks().as_slice(), &[2, 1, 2, 4]);
        assert_eq!(o.winner(), Some(Player::B));
    }
}
