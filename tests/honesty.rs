//! Bots never read hidden information: on Nostalgix, two states that differ
//! only in what the deciding player cannot see (the opponent's hand and the
//! order of the decks) produce the same decision, for every bundled
//! strategy, along the same path the runner uses (`determinize`, then
//! `choose`).

use decklab::bots::{Bot, FeatureSet, Strategy};
use decklab::core::{Game, NoObserver, Node, Player, Report, below, derive_rng, rng_from_seed};
use decklab::games::nostalgix::Nostalgix;
use decklab::games::nostalgix::state::State;

/// Random play from `seed` until `turn`, stopping at a decision of seat a.
fn position(game: &Nostalgix, seed: u64, turn: u32) -> State {
    let mut rng = rng_from_seed(seed);
    let mut s = game.new_state(&mut rng);
    let mut legal = Vec::new();
    while game.turns(&s) < turn || game.to_move(&s) != Node::Decision(Player::A) {
        if let Node::Terminal(_) = game.to_move(&s) {
            panic!("seed {seed} ended before turn {turn}");
        }
        game.legal_actions(&s, &mut legal);
        let a = legal[below(&mut rng, legal.len() as u32) as usize];
        game.apply(&mut s, a, &mut rng, &mut NoObserver);
    }
    s
}

/// The same position with b's hand and deck dealt differently.
fn reshuffled_for_b(s: &State) -> State {
    let mut other = *s;
    let b = &mut other.sides[Player::B];
    b.deck.reverse();
    // Swap a hand card a has not seen with a different card of the deck.
    let i = (0..b.hand.len()).find(|&i| !b.hand_known.contains(&b.hand[i]));
    let j = i.and_then(|i| (0..b.deck.len()).find(|&j| b.deck[j] != b.hand[i]));
    if let (Some(i), Some(j)) = (i, j) {
        std::mem::swap(&mut b.hand[i], &mut b.deck[j]);
    }
    other
}

#[test]
fn decisions_depend_only_on_what_the_bot_can_see() {
    let game = Nostalgix::bundled(1, 2);
    for (seed, turn) in [(1, 5), (2, 7), (3, 9)] {
        let s = position(&game, seed, turn);
        let other = reshuffled_for_b(&s);
        assert_ne!(s, other, "the hidden part differs");
        assert_eq!(
            game.info_key(&s, Player::A),
            game.info_key(&other, Player::A)
        );
        // What the runner hands the bot is the same view for both states.
        let view = |state: &State| game.determinize(state, Player::A, &mut derive_rng(seed, 7));
        assert_eq!(view(&s), view(&other));
        for name in ["random", "greedy", "ismcts-200"] {
            let strategy =
                Strategy::resolve(name, FeatureSet::of(&game)).expect("bundled strategy");
            let decide = |state: &State| {
                let mut bot = Bot::new(&game, &strategy);
                let view = game.determinize(state, Player::A, &mut derive_rng(seed, 7));
                bot.choose(&game, &view, Player::A, &mut derive_rng(seed, 8))
            };
            assert_eq!(decide(&s), decide(&other), "{name} at seed {seed}");
        }
    }
}
