//! The soak: many games with the invariant checker after every action.
//!
//! CI size (in `cargo test --release`): 20,000 random games and 200 greedy
//! games over the four starter decks. The long campaign (1,000,000 random
//! and 10,000 greedy games):
//! `cargo test --release --test soak -- --ignored --nocapture soak`.
//! A violation prints the seed and the actions that lead to it.

use std::time::Instant;

use decklab::bots::{Bot, Strategy};
use decklab::core::conformance::{Checks, Report, games_with, random_games};
use decklab::core::{Game, Player};
use decklab::games::nostalgix::Nostalgix;

/// The four matchups of the starter decks, each deck once in each seat.
fn matchups() -> Vec<Nostalgix> {
    [(0, 1), (2, 3), (1, 2), (3, 0)]
        .into_iter()
        .map(|(a, b)| Nostalgix::bundled(a, b))
        .collect()
}

fn random_soak(games_per_matchup: u64) -> Report {
    let mut total = Report::default();
    for (i, game) in matchups().iter().enumerate() {
        let first = i as u64 * games_per_matchup;
        let r = random_games(game, first, games_per_matchup, 50_000, Checks::Invariants)
            .unwrap_or_else(|v| panic!("violation: {v}"));
        total.games += r.games;
        total.actions += r.actions;
    }
    total
}

fn greedy_soak(games_per_matchup: u64) -> Report {
    let mut total = Report::default();
    for (i, game) in matchups().iter().enumerate() {
        let strategy = Strategy::resolve("greedy", game.feature_names()).expect("greedy");
        let mut bots = [Bot::new(game, &strategy), Bot::new(game, &strategy)];
        let first = 1_000_000 + i as u64 * games_per_matchup;
        let choose = |g: &Nostalgix, s: &_, _: &[_], rng: &mut _| {
            let player = match g.to_move(s) {
                decklab::core::Node::Decision(p) => p,
                decklab::core::Node::Terminal(_) => Player::A,
            };
            let view = g.determinize(s, player, rng);
            bots[player.index()].choose(g, &view, player, rng)
        };
        let r = games_with(
            game,
            first..first + games_per_matchup,
            50_000,
            Checks::Invariants,
            choose,
        )
        .unwrap_or_else(|v| panic!("violation: {v}"));
        total.games += r.games;
        total.actions += r.actions;
    }
    total
}

fn report(what: &str, run: impl FnOnce() -> Report) {
    let t = Instant::now();
    let r = run();
    eprintln!(
        "{what}: {} games, {} actions, 0 violations, 0 panics in {:.1} s",
        r.games,
        r.actions,
        t.elapsed().as_secs_f64()
    );
}

#[test]
fn ci_soak() {
    let scale = if cfg!(debug_assertions) { 10 } else { 1 };
    report("random", || random_soak(5_000 / scale));
    report("greedy", || greedy_soak(50 / scale));
}

#[test]
#[ignore]
fn soak() {
    report("random", || random_soak(250_000));
    report("greedy", || greedy_soak(2_500));
}
