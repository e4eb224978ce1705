//! Speed of Millennium Blades with the bundled pool and starter decks: a
//! whole 4-seat standard game between greedy bots (the target is
//! 5 ms on one core) and between random bots.
//!
//! Run: `cargo bench --bench millennium_blades`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use decklab::bots::strategy::BUNDLED;
use decklab::bots::{Bot, FeatureSet, Strategy};
use decklab::games::millennium_blades::MillenniumBlades;
use decklab::sim::play_game;

/// A bundled strategy, loaded for Millennium Blades.
fn strategy(game: &MillenniumBlades, name: &str) -> Strategy {
    let (_, text) = BUNDLED
        .iter()
        .find(|(n, _)| *n == name)
        .expect("bundled strategy");
    Strategy::parse(name, name, text.as_bytes(), FeatureSet::of(game)).expect("valid strategy")
}

fn benches(c: &mut Criterion) {
    let game = MillenniumBlades::bundled(&[0, 1, 2, 3]);
    for name in ["greedy", "random"] {
        let s = strategy(&game, name);
        let mut bots: Vec<Bot<MillenniumBlades>> = (0..4).map(|_| Bot::new(&game, &s)).collect();
        let mut index = 0;
        c.bench_function(&format!("mb_{name}_game_4_seats"), |b| {
            b.iter(|| {
                index += 1;
                let g = play_game(&game, &mut bots, 7, index, false, 200_000);
                black_box(g.turns)
            })
        });
    }
}

criterion_group!(millennium_blades, benches);
criterion_main!(millennium_blades);
