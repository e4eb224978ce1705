//! Rule tests for Millennium Blades. Each cites the rulebook paragraph it
//! checks (`rules/millennium-blades.txt: "Section"`) or the ruling of
//! docs/rulings/millennium-blades.md it pins down. They play on a test
//! pool (`tests/pool.toml`) that exercises every mechanic, so they do not
//! depend on the bundled pool's balance.

use std::sync::Arc;

use super::cards::CardDb;
use super::deck::Deck;
use super::{MillenniumBlades, Mode, Options};
use crate::core::conformance::{Checks, random_games};

mod flow;
mod tournament;

/// The test pool.
pub(super) fn pool() -> CardDb {
    CardDb::parse(include_str!("pool.toml"), "tests/pool.toml").unwrap_or_else(|e| panic!("{e}"))
}

/// A match of `players` seats on the test pool, the two test starter
/// decks in turn.
pub(super) fn game(players: usize, options: Options) -> MillenniumBlades {
    let db = pool();
    let decks: Vec<Deck> = (0..players)
        .map(|p| {
            let text = [
                include_str!("starter-0.deck"),
                include_str!("starter-1.deck"),
            ][p % 2];
            Deck::parse(text, "starter.deck", &db).unwrap_or_else(|e| panic!("{e:?}"))
        })
        .collect();
    MillenniumBlades::new(Arc::new(db), decks, options)
}

/// Default options with `mode`.
pub(super) fn mode(mode: Mode) -> Options {
    Options {
        max_turns: 2000,
        mode,
        ..Options::default()
    }
}

#[test]
fn random_games_keep_every_invariant_at_every_table_size_and_mode() {
    for (m, sizes) in [
        (Mode::Standard, 2..=5),
        (Mode::TurnBased, 2..=5),
        (Mode::Duel, 2..=2),
    ] {
        for players in sizes {
            let g = game(players, mode(m));
            if let Err(v) = random_games(&g, 0, 20, 20_000, Checks::Full) {
                panic!("{m:?} at {players} seats: {v}");
            }
        }
    }
    let pre = Options {
        pre_release: true,
        ..mode(Mode::Standard)
    };
    if let Err(v) = random_games(&game(4, pre), 100, 20, 20_000, Checks::Full) {
        panic!("pre-release: {v}");
    }
}

#[test]
#[ignore]
fn debug_info_key() {
    use crate::core::{Game, NoObserver, Player, derive_rng};
    let g = game(2, mode(Mode::Standard));
    let seed = 0;
    let mut rng = derive_rng(seed, 0);
    let mut choice_rng = derive_rng(seed, 1);
    let mut s = g.new_state(&mut rng);
    let mut legal = Vec::new();
    for step in 0..2000 {
        if let crate::core::Node::Terminal(_) = g.to_move(&s) {
            break;
        }
        for o in [Player::A, Player::B] {
            let mut drng = derive_rng(seed, 2);
            let view = g.determinize(&s, o, &mut drng);
            if g.info_key(&view, o) != g.info_key(&s, o) {
                let mut a = s;
                g.redeal(&mut a, o, None);
                let mut b = view;
                g.redeal(&mut b, o, None);
                for i in 0..g.table.len() {
                    if a.zone[i] != b.zone[i] || a.known[i] != b.known[i] {
                        eprintln!(
                            "step {step} obs {o}: card {i} {}: {:?}/{} vs {:?}/{} (true {:?}/{})",
                            g.card(i as u16).name,
                            a.zone[i],
                            a.known[i],
                            b.zone[i],
                            b.known[i],
                            s.zone[i],
                            s.known[i]
                        );
                    }
                }
                eprintln!("store {:?}\n vs   {:?}", a.store, b.store);
                eprintln!("area {:?} vs {:?}", a.area, b.area);
                panic!("differs");
            }
        }
        g.legal_actions(&s, &mut legal);
        let a = legal[crate::core::below(&mut choice_rng, legal.len() as u32) as usize];
        g.apply(&mut s, a, &mut rng, &mut NoObserver);
    }
}
