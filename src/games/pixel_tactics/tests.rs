//! Rule tests for Pixel Tactics. Each cites the rulebook paragraph it
//! checks (`rules/pixel-tactics.txt: "Section"`).

use super::PixelTactics;
use super::state::*;
use crate::core::{Game, conformance};

#[test]
fn random_games_pass_the_conformance_checks() {
    let games = if cfg!(debug_assertions) { 40 } else { 500 };
    for (a, b) in [(0, 1), (1, 0)] {
        let game = PixelTactics::bundled(a, b);
        let report = conformance::random_games(
            &game,
            1000 * a as u64,
            games,
            20_000,
            conformance::Checks::Full,
        )
        .unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(report.games, games);
    }
}

#[test]
fn state_is_small_plain_data() {
    fn copy<T: Copy>() {}
    copy::<State>();
    let size = std::mem::size_of::<State>();
    assert!(size <= 512, "State is {size} bytes");
    let _ = PixelTactics::bundled(0, 1).name();
}
