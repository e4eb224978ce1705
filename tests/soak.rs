//! The soak: many games with the invariant checker after every action.
//!
//! CI size (in `cargo test --release`): 20,000 random games and 200 greedy
//! games over the four Nostalgix starter-deck matchups and 120 random and
//! 12 greedy over the matchups of its fixture decks (the cards the starter
//! decks leave out, `tests/fixtures/nostalgix/`), 4,000 random and
//! 100 greedy games of each other two-seat ruleset, and 200 random and 5
//! greedy games of each of the ten Millennium Blades tables. The long
//! campaign (1,000,000 random and 10,000 greedy Nostalgix and Pixel
//! Tactics games, of Astrom Cross and of the Nintendo TCG 1,000,000 random
//! and 5,000 greedy games, 100,000 and 1,000 of each Millennium Blades
//! table):
//! `cargo test --release --test soak -- --ignored --nocapture` (one test
//! per ruleset, `soak_campaign_<game>`).
//! A violation prints the seed and the actions that lead to it.
//!
//! The checks are generic over the core: a new ruleset joins the soak with
//! one more `soak(&its_matchups(), …)` line in each test.

#[path = "common/nostalgix_fixtures.rs"]
mod nostalgix_fixtures;

use std::time::Instant;

use decklab::bots::{Bot, FeatureSet, Strategy};
use decklab::core::conformance::{Checks, Report, games_with, random_games};
use decklab::core::{Evaluate, Game, Invariants, Node, Player};
use decklab::games::astrom_cross::AstromCross;
use decklab::games::millennium_blades::MillenniumBlades;
use decklab::games::nintendo_tcg::NintendoTcg;
use decklab::games::nostalgix::Nostalgix;
use decklab::games::pixel_tactics::PixelTactics;
use decklab::games::{Mode, Options};

/// The four Nostalgix matchups of the starter decks, each deck once in
/// each seat.
fn nostalgix() -> Vec<Nostalgix> {
    [(0, 1), (2, 3), (1, 2), (3, 0)]
        .into_iter()
        .map(|(a, b)| Nostalgix::bundled(a, b))
        .collect()
}

/// The Pixel Tactics starter decks, each in each seat.
fn pixel_tactics() -> Vec<PixelTactics> {
    vec![PixelTactics::bundled(0, 1), PixelTactics::bundled(1, 0)]
}

/// The Astrom Cross starter decks, each in each seat.
fn astrom_cross() -> Vec<AstromCross> {
    vec![AstromCross::bundled(0, 1), AstromCross::bundled(1, 0)]
}

/// The Nintendo TCG starter decks, each in each seat.
fn nintendo_tcg() -> Vec<NintendoTcg> {
    vec![NintendoTcg::bundled(0, 1), NintendoTcg::bundled(1, 0)]
}

/// Millennium Blades in every mode at every table size it allows: the
/// standard game and Turn-Based Mode at 2 to 5 seats, the standard game
/// with the Pre-Release tournament at 4, Duel Mode at 2; the bundled
/// starter decks in seat order.
fn millennium_blades() -> Vec<MillenniumBlades> {
    let with = |players: usize, mode: Mode, pre_release: bool| {
        let options = Options {
            max_turns: 2000,
            mode,
            pre_release,
            ..Options::default()
        };
        MillenniumBlades::bundled_with(&(0..players).collect::<Vec<_>>(), options)
    };
    let mut games = Vec::new();
    for players in 2..=5 {
        games.push(with(players, Mode::Standard, false));
        games.push(with(players, Mode::TurnBased, false));
    }
    games.push(with(4, Mode::Standard, true));
    games.push(with(2, Mode::Duel, false));
    games
}

/// Plays `random` uniformly random and `greedy` greedy-vs-greedy games per
/// matchup, checking the invariants after every action, and prints the
/// totals.
fn soak<G: Game + Evaluate + Invariants>(name: &str, matchups: &[G], random: u64, greedy: u64) {
    let mut totals = [Report::default(); 2];
    let started = Instant::now();
    for (i, game) in matchups.iter().enumerate() {
        let first = i as u64 * random;
        let r = random_games(game, first, random, 50_000, Checks::Invariants)
            .unwrap_or_else(|v| panic!("{name}: violation: {v}"));
        eprintln!(
            "{name} table {i} random: {} games, {} actions, 0 violations ({:.0} s)",
            r.games,
            r.actions,
            started.elapsed().as_secs_f64()
        );
        add(&mut totals[0], r);
        let strategy = Strategy::resolve("greedy", FeatureSet::of(game)).expect("greedy");
        let mut bots: Vec<Bot<G>> = Player::all(game.num_players())
            .map(|_| Bot::new(game, &strategy))
            .collect();
        let choose = |g: &G, s: &G::State, legal: &[G::Action], rng: &mut _| {
            let Node::Decision(player) = g.to_move(s) else {
                unreachable!("the checker asks only in live states")
            };
            let view = g.determinize(s, player, rng);
            bots[player.index()]
                .choose(g, &view, legal, player, rng)
                .expect("a searching bot always moves")
        };
        let first = 1_000_000 + i as u64 * greedy;
        let r = games_with(
            game,
            first..first + greedy,
            50_000,
            Checks::Invariants,
            choose,
        )
        .unwrap_or_else(|v| panic!("{name}: violation: {v}"));
        add(&mut totals[1], r);
    }
    for (bots, r) in ["random", "greedy"].iter().zip(totals) {
        eprintln!(
            "{name} {bots}: {} games, {} actions, 0 violations, 0 panics",
            r.games, r.actions
        );
    }
    eprintln!("{name}: {:.1} s", started.elapsed().as_secs_f64());
}

fn add(total: &mut Report, r: Report) {
    total.games += r.games;
    total.actions += r.actions;
}

#[test]
fn ci_soak() {
    let scale = if cfg!(debug_assertions) { 10 } else { 1 };
    soak("nostalgix", &nostalgix(), 5_000 / scale, 50 / scale);
    let fixtures = nostalgix_fixtures::matchups();
    soak("nostalgix-fixtures", &fixtures, 40 / scale, 4 / scale);
    soak("pixel-tactics", &pixel_tactics(), 2_000 / scale, 50 / scale);
    soak("astrom-cross", &astrom_cross(), 2_000 / scale, 50 / scale);
    soak("nintendo-tcg", &nintendo_tcg(), 2_000 / scale, 50 / scale);
    soak(
        "millennium-blades",
        &millennium_blades(),
        200 / scale,
        5 / scale,
    );
}

#[test]
#[ignore]
fn soak_campaign_nostalgix() {
    soak("nostalgix", &nostalgix(), 250_000, 2_500);
    soak(
        "nostalgix-fixtures",
        &nostalgix_fixtures::matchups(),
        50_000,
        500,
    );
}

/// 500,000 random and 5,000 greedy games with each starter deck in each
/// seat: 1,000,000 random games in all.
#[test]
#[ignore]
fn soak_campaign_pixel_tactics() {
    soak("pixel-tactics", &pixel_tactics(), 500_000, 5_000);
}

#[test]
#[ignore]
fn soak_campaign_astrom_cross() {
    soak("astrom-cross", &astrom_cross(), 500_000, 2_500);
}

#[test]
#[ignore]
fn soak_campaign_nintendo_tcg() {
    soak("nintendo-tcg", &nintendo_tcg(), 500_000, 2_500);
}

/// 100,000 random games and 1,000 greedy ones per Millennium Blades table
/// (mode × seats, see [`millennium_blades`]).
#[test]
#[ignore]
fn soak_campaign_millennium_blades() {
    soak("millennium-blades", &millennium_blades(), 100_000, 1_000);
}
