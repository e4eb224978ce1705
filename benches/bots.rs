//! Speed of the bots on Nostalgix with the bundled decks: a whole
//! greedy-vs-greedy game, one ismcts-1000 decision from a mid-game position,
//! and ISMCTS iterations per second on one core (throughput = iterations).
//!
//! Run: `cargo bench --bench bots`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use decklab::bots::strategy::{BUNDLED, Budget, Rollout};
use decklab::bots::{Bot, FeatureSet, Settings, Strategy};
use decklab::core::{Game, NoObserver, Node, Player, Report, below, rng_from_seed};
use decklab::games::nostalgix::Nostalgix;
use decklab::games::nostalgix::state::State;
use decklab::sim::play_game;

/// Iterations of one searched decision in these benches.
const ITERATIONS: u32 = 1000;

/// A bundled strategy, loaded for Nostalgix.
fn strategy(game: &Nostalgix, name: &str) -> Strategy {
    let (_, text) = BUNDLED
        .iter()
        .find(|(n, _)| *n == name)
        .expect("bundled strategy");
    Strategy::parse(name, name, text.as_bytes(), FeatureSet::of(game)).expect("valid strategy")
}

/// ismcts-1000 with `rollout_depth` changed (0 = random rollouts to the end).
fn ismcts(game: &Nostalgix, rollout_depth: u32) -> Bot<Nostalgix> {
    let mut s = strategy(game, "ismcts-1000");
    let Settings::Ismcts(settings) = &mut s.settings else {
        panic!("ismcts-1000 is an ismcts strategy")
    };
    assert_eq!(settings.budget, Budget::Iterations(ITERATIONS));
    assert_eq!(settings.rollout, Rollout::Random);
    settings.rollout_depth = rollout_depth;
    Bot::new(game, &s)
}

/// A mid-game decision: random play from seed 1 up to turn 8, then on to
/// the first decision with at least three legal actions (so the bot
/// searches rather than answering at once). Returns the state and who
/// decides.
fn mid_game(game: &Nostalgix) -> (State, Player) {
    let mut rng = rng_from_seed(1);
    let mut s = game.new_state(&mut rng);
    let mut legal = Vec::new();
    loop {
        let Node::Decision(player) = game.to_move(&s) else {
            panic!("the seeded random game ended before a mid-game decision")
        };
        game.legal_actions(&s, &mut legal);
        if game.turns(&s) >= 8 && legal.len() >= 3 {
            return (s, player);
        }
        let a = legal[below(&mut rng, legal.len() as u32) as usize];
        game.apply(&mut s, a, &mut rng, &mut NoObserver);
    }
}

fn benches(c: &mut Criterion) {
    let game = Nostalgix::bundled(0, 1);

    // A whole greedy-vs-greedy game, as the runner plays it (a
    // determinized view at each decision, kept across a seat's decisions
    // in a row while it holds), a different game every iteration.
    let greedy = strategy(&game, "greedy");
    let mut bots = [Bot::new(&game, &greedy), Bot::new(&game, &greedy)];
    let mut index = 0;
    c.bench_function("greedy_game", |b| {
        b.iter(|| {
            index += 1;
            let g = play_game(&game, &mut bots, 7, index, false, 110_000);
            black_box(g.turns)
        })
    });

    let (state, player) = mid_game(&game);
    let view = game.determinize(&state, player, &mut rng_from_seed(2));
    let mut legal = Vec::new();
    game.legal_actions(&view, &mut legal);
    // One ISMCTS decision from that view, with a fresh stream each time.
    let decide = |bot: &mut Bot<Nostalgix>| {
        bot.choose(
            &game,
            black_box(&view),
            &legal,
            player,
            &mut rng_from_seed(3),
        )
    };
    let mut group = c.benchmark_group("ismcts");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    group.warm_up_time(Duration::from_secs(1));

    // One decision of the shipped ismcts-1000 (random rollouts cut off after
    // 20 actions and scored by the weights), the same every iteration.
    let mut bot = ismcts(&game, 20);
    group.bench_function("ismcts1000_decision", |b| b.iter(|| decide(&mut bot)));

    // Iterations per second on one core: the same decision, reported as
    // ITERATIONS elements, with random rollouts to the end (the issue's
    // figure) and with the shipped cut-off after 20 actions.
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    for (name, depth) in [
        ("iterations_random_rollouts_to_end", 0),
        ("iterations_random_rollouts_depth20", 20),
    ] {
        let mut bot = ismcts(&game, depth);
        group.bench_function(name, |b| b.iter(|| decide(&mut bot)));
    }
    group.finish();
}

criterion_group!(bots, benches);
criterion_main!(bots);
