//! Rule tests for Nostalgix. Each cites the rulebook paragraph it checks
//! (`rules/nostalgix.txt: "Section"`).

use std::sync::Arc;

use super::action::{Action, Tgt};
use super::cards::{CardDb, CardId};
use super::deck::Deck;
use super::state::*;
use super::{Nostalgix, Options, bundled_decks};
use rand_core::SeedableRng;

use crate::core::{Game, GameRng, NoObserver, Node, Player, conformance, rng_from_seed};

pub(super) fn bundled_game(a: usize, b: usize) -> Nostalgix {
    let db = Arc::new(CardDb::bundled());
    let deck = |i: usize| {
        let (name, text) = bundled_decks()[i];
        Deck::parse(text, &format!("{name}.deck"), &db).expect("bundled deck is legal")
    };
    Nostalgix::new(db.clone(), [deck(a), deck(b)], Options::default())
}

#[test]
fn random_games_pass_the_conformance_checks() {
    for (a, b) in [(0, 1), (2, 3), (1, 2), (3, 0)] {
        let game = bundled_game(a, b);
        let report = conformance::random_games(&game, 1000 * a as u64, 60, 20_000)
            .unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(report.games, 60);
    }
}

#[test]
#[ignore]
fn scratch_stats() {
    use crate::core::below;
    let game = bundled_game(0, 1);
    let mut reasons = std::collections::BTreeMap::new();
    let mut legal = Vec::new();
    let mut actions = 0;
    let mut turns = 0;
    for seed in 0..300 {
        let mut rng = rng_from_seed(seed);
        let mut s = game.new_state(&mut rng);
        loop {
            match game.to_move(&s) {
                Node::Terminal(o) => {
                    *reasons.entry(o.reason).or_insert(0) += 1;
                    break;
                }
                Node::Decision(_) => {}
            }
            game.legal_actions(&s, &mut legal);
            let a = legal[below(&mut rng, legal.len() as u32) as usize];
            game.apply(&mut s, a, &mut rng, &mut NoObserver);
            actions += 1;
        }
        turns += s.turn as u64;
    }
    println!(
        "{reasons:?} actions/game {} turns/game {}",
        actions / 300,
        turns / 300
    );
    let _ = (
        Player(0),
        Tgt::NONE,
        Action::EndTurn,
        CardId(0),
        GameRng::seed_from_u64(0),
    );
}
