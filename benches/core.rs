//! Speed of the game core on Nostalgix with the bundled decks:
//! state clone against a memcpy of the same size (the floor), a
//! `clone_from` into a scratch copy (what greedy pays per candidate),
//! legal-action generation, apply, and whole random games; and the cost
//! per action of random playouts in Pixel Tactics, Astrom Cross and the
//! Nintendo TCG.
//!
//! Run: `cargo bench --bench core`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use decklab::core::{Game, NoObserver, Node, Report, below, rng_from_seed};
use decklab::games::astrom_cross::AstromCross;
use decklab::games::nintendo_tcg::NintendoTcg;
use decklab::games::nostalgix::Nostalgix;
use decklab::games::nostalgix::state::State;
use decklab::games::pixel_tactics::PixelTactics;
use std::hint::black_box;

/// A mid-game position: random play from seed 1 up to turn 8.
fn mid_game(game: &Nostalgix) -> State {
    let mut rng = rng_from_seed(1);
    let mut s = game.new_state(&mut rng);
    let mut legal = Vec::new();
    while game.turns(&s) < 8 {
        if let Node::Terminal(_) = game.to_move(&s) {
            break;
        }
        game.legal_actions(&s, &mut legal);
        let a = legal[below(&mut rng, legal.len() as u32) as usize];
        game.apply(&mut s, a, &mut rng, &mut NoObserver);
    }
    s
}

/// One whole random game from `seed`; returns the actions played.
fn random_game<G: Game>(game: &G, seed: u64, legal: &mut Vec<G::Action>) -> u32 {
    let mut rng = rng_from_seed(seed);
    let mut s = game.new_state(&mut rng);
    let mut actions = 0;
    while let Node::Decision(_) = game.to_move(&s) {
        game.legal_actions(&s, legal);
        let a = legal[below(&mut rng, legal.len() as u32) as usize];
        game.apply(&mut s, a, &mut rng, &mut NoObserver);
        actions += 1;
    }
    actions
}

fn benches(c: &mut Criterion) {
    let game = Nostalgix::bundled(0, 1);
    let state = mid_game(&game);
    let size = std::mem::size_of::<State>();
    // Both copy into an existing destination, so they compare like for like.
    let mut copy = state;
    c.bench_function("state_clone", |b| {
        b.iter(|| {
            copy = *black_box(&state);
            black_box(&copy);
        })
    });
    // A scratch copy that last held another position (the deal), refilled
    // from the mid-game one, as `Evaluator::best_of` does per candidate.
    let mut scratch = game.new_state(&mut rng_from_seed(2));
    c.bench_function("state_clone_from", |b| {
        b.iter(|| {
            scratch.clone_from(black_box(&state));
            black_box(&scratch);
        })
    });
    let bytes = vec![7u8; size];
    let mut dst = vec![0u8; size];
    c.bench_function("memcpy_state_size", |b| {
        b.iter(|| {
            dst.copy_from_slice(black_box(&bytes));
            black_box(&dst);
        })
    });
    let mut legal = Vec::new();
    c.bench_function("legal_actions", |b| {
        b.iter(|| game.legal_actions(black_box(&state), &mut legal))
    });
    game.legal_actions(&state, &mut legal);
    let first = legal[0];
    let mut rng = rng_from_seed(3);
    c.bench_function("clone_and_apply", |b| {
        b.iter(|| {
            let mut s = state;
            game.apply(&mut s, black_box(first), &mut rng, &mut NoObserver);
            black_box(s)
        })
    });
    let mut seed = 0;
    c.bench_function("random_game", |b| {
        b.iter(|| {
            seed += 1;
            random_game(&game, seed, &mut legal)
        })
    });
    per_action(c, "per_action", &game, 2_000);
    per_action(
        c,
        "per_action_pixel_tactics",
        &PixelTactics::bundled(0, 1),
        1_000,
    );
    per_action(
        c,
        "per_action_astrom_cross",
        &AstromCross::bundled(0, 1),
        1_000,
    );
    per_action(
        c,
        "per_action_nintendo_tcg",
        &NintendoTcg::bundled(0, 1),
        1_000,
    );
}

/// Per action: whole random games (seeds `0..games`) divided by their
/// actions, as criterion's throughput in elements.
fn per_action<G: Game>(c: &mut Criterion, group: &str, game: &G, games: u64) {
    let mut legal = Vec::new();
    let actions: u32 = (0..games).map(|s| random_game(game, s, &mut legal)).sum();
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(u64::from(actions)));
    group.sample_size(10);
    group.bench_function(format!("random_playouts_{games}_games"), |b| {
        b.iter(|| {
            (0..games)
                .map(|s| random_game(game, s, &mut legal))
                .sum::<u32>()
        })
    });
    group.finish();
}

criterion_group!(core, benches);
criterion_main!(core);
