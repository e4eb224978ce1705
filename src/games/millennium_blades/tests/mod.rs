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

mod fixture;
mod flow;
mod rulebook;
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
fn a_grant_gives_the_seat_one_copy_and_changes_nothing_else_of_the_setup() {
    use super::Grant;
    use super::state::{Area, Zone};
    use crate::core::{Game, NoObserver, Player, rng_from_seed};
    let plain = game(3, mode(Mode::Standard));
    let card = plain
        .store_catalog_card()
        .expect("the test pool has a store card");
    let granted = game(
        3,
        Options {
            grant: Some(Grant {
                card,
                seat: Player::B,
            }),
            ..mode(Mode::Standard)
        },
    );
    for seed in 0..20 {
        let a = plain.start(&mut rng_from_seed(seed), &mut NoObserver);
        let b = granted.start(&mut rng_from_seed(seed), &mut NoObserver);
        let binder = Zone::of(Area::Binder, Player::B);
        let holds = |s: &super::state::State| {
            (0..plain.table.len())
                .filter(|&i| plain.table.card(i as u16) == card && s.zone(i as u16) == binder)
                .collect::<Vec<usize>>()
        };
        assert!(!holds(&b).is_empty(), "seed {seed}: seat b holds no copy");
        // No randomness used: a copy from the box moves alone; one from
        // the store deck can only shift the cards dealt after it (3 and 6
        // per seat, 9 in the store area).
        let moved: Vec<usize> = (0..plain.table.len())
            .filter(|&i| a.zone(i as u16) != b.zone(i as u16))
            .collect();
        let from_box: Vec<usize> = holds(&b)
            .into_iter()
            .filter(|&i| a.zone(i as u16) == Zone::BOX)
            .collect();
        if from_box.is_empty() {
            assert!(moved.len() <= 1 + 3 * 9 + 9, "seed {seed}: {moved:?}");
        } else {
            assert_eq!(moved, from_box, "seed {seed}");
        }
    }
}
