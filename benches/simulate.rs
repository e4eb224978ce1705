//! Throughput of the simulation runner (`decklab::sim`, what `decklab
//! simulate` drives): 200 greedy-vs-greedy Nostalgix games on a rayon pool
//! of 1 and of 2 threads (throughput = games). The speed-up is the ratio of
//! the two medians.
//!
//! Run: `cargo bench --bench simulate`.

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use decklab::bots::strategy::BUNDLED;
use decklab::bots::{Bot, FeatureSet, Strategy};
use decklab::games::nostalgix::Nostalgix;
use decklab::sim::{RunConfig, Shard, run, thread_pool};

/// Games per measured run.
const GAMES: u64 = 200;

fn benches(c: &mut Criterion) {
    let game = Nostalgix::bundled(0, 1);
    let (_, text) = BUNDLED.iter().find(|(n, _)| *n == "greedy").unwrap();
    let greedy = Strategy::parse("greedy", "greedy", text.as_bytes(), FeatureSet::of(&game))
        .expect("valid strategy");
    // As `decklab simulate --games 200 --seed 0` runs them (same action cap).
    let config = RunConfig {
        first: 0,
        shard: Shard::WHOLE,
        seed: 0,
        games: GAMES,
        log_games: 0,
        action_cap: 110_000,
        progress: false,
    };
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(5));
    for threads in [1, 2] {
        let pool = thread_pool(Some(threads)).expect("thread pool");
        group.bench_with_input(
            BenchmarkId::new("greedy_200_games_threads", threads),
            &threads,
            |b, _| {
                b.iter(|| {
                    let mut turns = 0u64;
                    run(
                        std::slice::from_ref(&game),
                        &pool,
                        &config,
                        |_| Bot::new(&game, &greedy),
                        |g| {
                            turns += u64::from(g.turns);
                            Ok::<_, ()>(())
                        },
                    )
                    .unwrap();
                    turns
                })
            },
        );
    }
    group.finish();
}

criterion_group!(simulate, benches);
criterion_main!(simulate);
