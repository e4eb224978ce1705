//! "Bidding duel", a tiny two-player hidden-information game for unit tests
//! of the bots and the runner (compiled only for tests).
//!
//! Rules. Each player owns eight bid cards valued 1–8, shuffled into their
//! own deck, and draws a hand of three, kept hidden. Eight prize cards
//! valued 1–8 lie face down. Each trick one prize is revealed at random;
//! the leader bids a card face up, then the follower bids; the higher bid
//! takes the prize's points, the leader winning ties. Both bids are
//! discarded, each player draws a card while their deck lasts, and the lead
//! passes to the other seat. After eight tricks the hands are empty and the
//! most points win (a 18–18 tie is a draw).
//!
//! Both players hold the same cards, so skill decides much of it: bid high
//! on big prizes, win cheaply, throw away low cards on small prizes, and
//! count the cards the opponent has left.

use arrayvec::ArrayVec;
use serde_json::json;

use super::{Game, GameRng, Metric, Node, Observer, Outcome, Player, PlayerSummary};
use super::{below, shuffle, split_mix};

/// The highest bid card: each player owns one card of each value `1..=CARDS`.
const CARDS: u8 = 8;
/// The size of a starting hand, and the most a hand ever holds.
const HAND: usize = 3;
/// The highest prize (prizes are valued `1..=PRIZES`), also the number of
/// tricks.
const PRIZES: u8 = CARDS;
/// The sum of all prizes.
const PRIZE_TOTAL: u8 = PRIZES * (PRIZES + 1) / 2;
/// Every card value, as a bit set (bit `v` for value `v`).
const ALL_CARDS: u16 = (1 << (CARDS + 1)) - 2;
/// Card names, indexed by value.
const NAMES: [&str; CARDS as usize + 1] = ["?", "1", "2", "3", "4", "5", "6", "7", "8"];

/// The game definition: it has no options.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToyGame;

/// A bid: the value of the card played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bid(pub u8);

/// What happens in a game of Bidding duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToyEvent {
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

/// A position of Bidding duel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToyState {
    /// Each player's undrawn cards, sorted (draws pick one at random).
    decks: [ArrayVec<u8, { CARDS as usize }>; 2],
    /// Each player's hidden hand, sorted ascending.
    hands: [ArrayVec<u8, HAND>; 2],
    /// The prizes still face down, sorted (reveals pick one at random).
    prizes: ArrayVec<u8, { PRIZES as usize }>,
    /// The prize of the current trick (0 once the game is over).
    prize: u8,
    /// The leader's bid, once made.
    bid: Option<u8>,
    /// The player who bids first in this trick.
    leader: Player,
    /// Points taken so far.
    points: [u8; 2],
    /// The cards each player has bid (bit `v` for value `v`), including the
    /// pending bid.
    discards: [u16; 2],
    /// Tricks completed.
    tricks: u8,
}

/// Removes a uniformly random element of `set` (non-empty).
fn take_random<const N: usize>(set: &mut ArrayVec<u8, N>, rng: &mut GameRng) -> u8 {
    let i = below(rng, set.len() as u32) as usize;
    set.remove(i)
}

/// Inserts `card` into the sorted `hand`.
fn insert_sorted(hand: &mut ArrayVec<u8, HAND>, card: u8) {
    let at = hand.partition_point(|&c| c < card);
    hand.insert(at, card);
}

/// The bit set of `cards`.
fn bits(cards: &[u8]) -> u16 {
    cards.iter().fold(0, |b, &c| b | 1 << c)
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
        let deck = &mut state.decks[player.index()];
        if deck.is_empty() {
            return;
        }
        let card = take_random(deck, rng);
        insert_sorted(&mut state.hands[player.index()], card);
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
        observer.event(&ToyEvent::Reveal { prize: state.prize });
    }
}

impl Game for ToyGame {
    type State = ToyState;
    type Action = Bid;
    type Event = ToyEvent;

    fn name(&self) -> &'static str {
        "toy"
    }

    fn num_players(&self) -> usize {
        2
    }

    fn new_state(&self, rng: &mut GameRng) -> ToyState {
        let mut state = ToyState {
            decks: [(1..=CARDS).collect(), (1..=CARDS).collect()],
            hands: [ArrayVec::new(), ArrayVec::new()],
            prizes: (1..=PRIZES).collect(),
            prize: 0,
            bid: None,
            leader: Player::A,
            points: [0; 2],
            discards: [0; 2],
            tricks: 0,
        };
        for _ in 0..HAND {
            for p in [Player::A, Player::B] {
                self.draw(&mut state, p, rng, &mut |_: &ToyEvent| {});
            }
        }
        self.reveal(&mut state, rng, &mut |_: &ToyEvent| {});
        state
    }

    fn to_move(&self, state: &ToyState) -> Node {
        if state.tricks == PRIZES {
            let [a, b] = state.points;
            let winner = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(Player::A),
                std::cmp::Ordering::Less => Some(Player::B),
                std::cmp::Ordering::Equal => None,
            };
            return Node::Terminal(Outcome {
                winner,
                reason: "points",
            });
        }
        match state.bid {
            None => Node::Decision(state.leader),
            Some(_) => Node::Decision(state.leader.opponent()),
        }
    }

    fn legal_actions(&self, state: &ToyState, out: &mut Vec<Bid>) {
        out.clear();
        if let Node::Decision(p) = self.to_move(state) {
            out.extend(state.hands[p.index()].iter().map(|&c| Bid(c)));
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
        let hand = &mut state.hands[player.index()];
        let Some(at) = hand.iter().position(|&c| c == action.0) else {
            return;
        };
        let card = hand.remove(at);
        state.discards[player.index()] |= 1 << card;
        observer.event(&ToyEvent::Bid { player, card });
        let Some(lead) = state.bid else {
            state.bid = Some(card);
            return;
        };
        let winner = if lead >= card { state.leader } else { player };
        state.points[winner.index()] += state.prize;
        observer.event(&ToyEvent::Won {
            player: winner,
            prize: state.prize,
            total: state.points[winner.index()],
        });
        state.bid = None;
        state.tricks += 1;
        self.draw(state, winner, rng, observer);
        self.draw(state, winner.opponent(), rng, observer);
        state.leader = state.leader.opponent();
        self.reveal(state, rng, observer);
    }

    fn determinize(&self, state: &ToyState, observer: Player, rng: &mut GameRng) -> ToyState {
        let opp = observer.opponent().index();
        let mut pool: ArrayVec<u8, { CARDS as usize }> = state.decks[opp].clone();
        pool.extend(state.hands[opp].iter().copied());
        pool.sort_unstable();
        shuffle(rng, &mut pool);
        let mut view = state.clone();
        let n = state.hands[opp].len();
        view.hands[opp] = pool[..n].iter().copied().collect();
        view.hands[opp].sort_unstable();
        view.decks[opp] = pool[n..].iter().copied().collect();
        view.decks[opp].sort_unstable();
        view
    }

    fn info_key(&self, state: &ToyState, player: Player) -> u64 {
        let (me, opp) = (player.index(), player.opponent().index());
        let public = [
            u64::from(player.0),
            u64::from(bits(&state.hands[me])),
            state.hands[opp].len() as u64,
            state.decks[opp].len() as u64,
            u64::from(bits(&state.prizes)),
            u64::from(state.prize),
            state.bid.map_or(0, |b| u64::from(b) + 1),
            u64::from(state.leader.0),
            u64::from(state.points[0]) << 8 | u64::from(state.points[1]),
            u64::from(state.discards[0]) << 16 | u64::from(state.discards[1]),
            u64::from(state.tricks),
        ];
        public.iter().fold(0, |h, &x| split_mix(h ^ x))
    }

    fn check_invariants(&self, state: &ToyState) -> Result<(), String> {
        for p in 0..2 {
            let (hand, deck) = (&state.hands[p], &state.decks[p]);
            let mut seen = state.discards[p];
            for &c in hand.iter().chain(deck) {
                if c == 0 || c > CARDS || seen & (1 << c) != 0 {
                    return Err(format!("seat {p}: card {c} out of range or held twice"));
                }
                seen |= 1 << c;
            }
            if seen != ALL_CARDS {
                return Err(format!("seat {p}: cards lost: {seen:#b}"));
            }
            if !hand.is_sorted() || !deck.is_sorted() {
                return Err(format!("seat {p}: hand or deck not sorted"));
            }
        }
        let bids = state.discards[0].count_ones() + state.discards[1].count_ones();
        if bids != 2 * u32::from(state.tricks) + u32::from(state.bid.is_some()) {
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
        let p = player.index();
        state.hands[p].len() + state.decks[p].len() + state.discards[p].count_ones() as usize
    }

    fn metric(&self, event: &ToyEvent) -> Option<Metric> {
        match *event {
            ToyEvent::Reveal { .. } => None,
            ToyEvent::Bid { player, card } => Some(Metric::Played {
                player,
                card: card.into(),
                cost: 0,
            }),
            ToyEvent::Won { player, total, .. } => Some(Metric::Score { player, total }),
            ToyEvent::Drew { player, card } => Some(Metric::Drew {
                player,
                card: card.into(),
            }),
        }
    }

    fn event_json(&self, event: &ToyEvent) -> serde_json::Value {
        match *event {
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

    fn summary(&self, state: &ToyState, player: Player) -> PlayerSummary {
        PlayerSummary {
            health: 0,
            score: state.points[player.index()].into(),
        }
    }

    fn turns(&self, state: &ToyState) -> u32 {
        state.tricks.into()
    }

    fn card_name(&self, card: u16) -> &str {
        NAMES.get(usize::from(card)).copied().unwrap_or("?")
    }

    fn card_cost(&self, _card: u16) -> u8 {
        0
    }

    fn deck_list(&self, _player: Player) -> Vec<(u16, u8)> {
        (1..=u16::from(CARDS)).map(|c| (c, 1)).collect()
    }

    fn feature_names(&self) -> &'static [&'static str] {
        &["points", "opp_points", "hand_total"]
    }

    fn features(&self, state: &ToyState, player: Player, out: &mut [f64]) {
        let hand = &state.hands[player.index()];
        let values = [
            f64::from(state.points[player.index()]),
            -f64::from(state.points[player.opponent().index()]),
            hand.iter().map(|&c| f64::from(c)).sum(),
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
    fn passes_the_conformance_checks() {
        let report =
            conformance::random_games(&ToyGame, 0, 300, 100, conformance::Checks::Full).unwrap();
        assert_eq!(report.games, 300);
        assert_eq!(report.actions, 300 * 2 * u64::from(PRIZES));
    }

    #[test]
    fn determinize_hides_only_the_opponents_cards() {
        let game = ToyGame;
        let state = game.new_state(&mut derive_rng(5, 0));
        let mut differs = false;
        for s in 0..20 {
            let view = game.determinize(&state, Player::A, &mut derive_rng(s, 9));
            assert_eq!(view.hands[0], state.hands[0]);
            assert_eq!(view.decks[0], state.decks[0]);
            assert_eq!(
                game.info_key(&view, Player::A),
                game.info_key(&state, Player::A)
            );
            differs |= view.hands[1] != state.hands[1];
        }
        assert!(differs, "the opponent's hand is never resampled");
    }

    #[test]
    fn the_higher_bid_takes_the_prize_and_the_leader_wins_ties() {
        let game = ToyGame;
        for seed in 0..20 {
            let mut rng = derive_rng(seed, 0);
            let mut state = game.new_state(&mut rng);
            let prize = state.prize;
            let lead = state.hands[0][0];
            let follow = state.hands[1][seed as usize % HAND];
            game.apply(&mut state, Bid(lead), &mut rng, &mut NoObserver);
            game.apply(&mut state, Bid(follow), &mut rng, &mut NoObserver);
            let winner = usize::from(follow > lead);
            assert_eq!(state.points[winner], prize);
            assert_eq!(state.points[1 - winner], 0);
            assert_eq!(state.leader, Player::B);
            assert_eq!(state.hands[0].len(), HAND);
        }
    }
}
