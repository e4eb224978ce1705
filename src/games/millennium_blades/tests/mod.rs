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
