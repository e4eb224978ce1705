//! Runner tests on the toy game.

use super::*;
use crate::bots::{Bot, RandomBot};
use crate::core::toy::ToyGame;
use crate::core::{Game, Player};

fn uniform(_: Player) -> Bot<ToyGame> {
    Bot::Random(RandomBot::new())
}

fn config(games: u64) -> RunConfig {
    RunConfig {
        seed: 42,
        first: 0,
        games,
        shard: Shard::WHOLE,
        log_games: 2,
        action_cap: 1_000,
        progress: false,
    }
}

fn games(threads: usize, config: &RunConfig) -> Vec<String> {
    let pool = thread_pool(Some(threads)).unwrap();
    let mut out = Vec::new();
    run(&[ToyGame::duel()], &pool, config, uniform, |g| {
        out.push(format!("{g:?}"));
        Ok::<_, ()>(())
    })
    .unwrap();
    out
}

#[test]
fn results_are_in_order_and_independent_of_threads() {
    let config = config(300);
    let one = games(1, &config);
    assert_eq!(one.len(), 300);
    assert_eq!(one, games(3, &config));
    assert!(one[0].starts_with("PlayedGame { index: 0,"));
    assert!(one[299].starts_with("PlayedGame { index: 299,"));
}

#[test]
fn logs_only_the_first_games() {
    let pool = thread_pool(Some(2)).unwrap();
    let mut logged = Vec::new();
    run(&[ToyGame::duel()], &pool, &config(5), uniform, |g| {
        logged.push((g.index, g.log.len()));
        if let Some(first) = g.log.first() {
            assert_eq!(first["game"], g.index);
        }
        Ok::<_, ()>(())
    })
    .unwrap();
    assert!(logged[0].1 > 0 && logged[1].1 > 0);
    assert!(logged[2..].iter().all(|&(_, n)| n == 0));
}

#[test]
fn the_action_cap_cuts_a_game_as_a_draw() {
    let mut bots = [uniform(Player::A), uniform(Player::B)];
    let g = play_game(&ToyGame::duel(), &mut bots, 1, 0, false, 3);
    assert_eq!(g.outcome.winner(), None);
    assert_eq!(g.outcome.reason, CUT_REASON);
    let g = play_game(&ToyGame::duel(), &mut bots, 1, 0, false, 1_000);
    assert_ne!(g.outcome.reason, CUT_REASON);
}

#[test]
fn a_sink_error_stops_the_run() {
    let pool = thread_pool(Some(2)).unwrap();
    let mut seen = 0;
    let r = run(&[ToyGame::duel()], &pool, &config(1_000), uniform, |_| {
        seen += 1;
        if seen == 10 { Err("disk full") } else { Ok(()) }
    });
    assert_eq!(r, Err("disk full"));
    assert_eq!(seen, 10);
}

#[test]
fn a_stopped_run_plays_a_prefix_of_the_games() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let pool = thread_pool(Some(2)).unwrap();
    // Stopped before it starts: no game.
    let stop = AtomicBool::new(true);
    let r = run_until(
        &[ToyGame::duel()],
        &pool,
        &config(1_000),
        &stop,
        uniform,
        |_| Ok::<_, ()>(()),
    )
    .unwrap();
    assert_eq!((r.games, r.requested, r.complete()), (0, 1_000, false));

    // Stopped by the sink: the chunk in hand is finished, no other starts.
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let r = run_until(
        &[ToyGame::duel()],
        &pool,
        &config(100_000),
        &stop,
        uniform,
        |g| {
            seen.push(g.index);
            stop.store(true, Ordering::SeqCst);
            Ok::<_, ()>(())
        },
    )
    .unwrap();
    assert!(r.games > 0 && r.games < 100_000);
    assert_eq!(seen, (0..r.games).collect::<Vec<_>>());

    // Stopped from another thread in the middle of a chunk: still a prefix.
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(30));
            stop.store(true, Ordering::SeqCst);
        });
        run_until(
            &[ToyGame::duel()],
            &pool,
            &config(u64::MAX),
            &stop,
            uniform,
            |g| {
                seen.push(g.index);
                Ok::<_, ()>(())
            },
        )
        .unwrap()
    });
    assert!(!r.complete());
    assert_eq!(seen, (0..r.games).collect::<Vec<_>>());
}

#[test]
fn shards_play_the_same_games_as_the_whole_run() {
    let whole = games(2, &config(50));
    let mut sharded: Vec<(u64, String)> = Vec::new();
    for index in 0..3 {
        let shard = Shard { index, count: 3 };
        let pool = thread_pool(Some(2)).unwrap();
        let report = run(
            &[ToyGame::duel()],
            &pool,
            &RunConfig {
                shard,
                ..config(50)
            },
            uniform,
            |g| {
                assert_eq!(g.index % 3, index);
                sharded.push((g.index, format!("{g:?}")));
                Ok::<_, ()>(())
            },
        )
        .unwrap();
        assert_eq!(report.requested, shard.select(0, 50).1);
    }
    sharded.sort_by_key(|(i, _)| *i);
    let sharded: Vec<String> = sharded.into_iter().map(|(_, g)| g).collect();
    assert_eq!(sharded, whole);
}

#[test]
fn a_block_of_indices_plays_those_games() {
    // Logs are of the first games of a block: none here, to compare.
    let unlogged = RunConfig {
        log_games: 0,
        ..config(30)
    };
    let whole = games(1, &unlogged);
    let pool = thread_pool(Some(2)).unwrap();
    let mut block = Vec::new();
    let config = RunConfig {
        first: 10,
        games: 20,
        ..unlogged
    };
    run(&[ToyGame::duel()], &pool, &config, uniform, |g| {
        block.push(format!("{g:?}"));
        Ok::<_, ()>(())
    })
    .unwrap();
    assert_eq!(block, whole[10..]);
}

/// Records how each decision of a game reached it: asked (with the number
/// of legal actions, and whether the view was the state itself) or passed.
struct Recording {
    sight: [crate::bots::Sight; 2],
    asked: Vec<(Player, usize, bool)>,
    passed: Vec<Player>,
}

impl Recording {
    fn new(sight: [crate::bots::Sight; 2]) -> Self {
        Recording {
            sight,
            asked: Vec::new(),
            passed: Vec::new(),
        }
    }
}

impl<G: Game> Deciders<G> for Recording {
    fn sight(&self, player: Player) -> crate::bots::Sight {
        self.sight[player.index()]
    }

    fn choose(&mut self, d: Decision<'_, G>) -> Option<G::Action> {
        let undealt = std::ptr::eq(d.view, d.state);
        self.asked.push((d.player, d.legal.len(), undealt));
        d.legal.first().copied()
    }

    fn pass(&mut self, player: Player, _: &mut crate::core::GameRng) {
        self.passed.push(player);
    }
}

#[test]
fn a_lookahead_seat_with_one_legal_action_is_passed_and_shown_no_view() {
    use crate::bots::Sight;
    // A one-ply seat in a ruleset that never shows its lookahead blind (the
    // toy game keeps the default) is treated as a lookahead seat.
    for sight in [Sight::Lookahead, Sight::OnePly] {
        let mut table = Recording::new([sight, Sight::View]);
        let g = play_at(&ToyGame::duel(), 5, 0, false, 1_000, &mut table);
        assert_ne!(g.outcome.reason, UNFINISHED);
        // Seat a is asked only when it has a choice, and always shown a
        // view; its single-action decisions are passed (the last card of a
        // hand).
        assert!(!table.passed.is_empty(), "no single-action decision");
        assert!(table.passed.iter().all(|&p| p == Player::A));
        for &(p, legal, undealt) in &table.asked {
            assert!(!undealt, "{p} was handed the state itself");
            if p == Player::A {
                assert!(legal > 1, "seat a asked with {legal} legal action");
            }
        }
        // Seat b (a person's sight) is asked at every decision, one action
        // or not.
        assert!(
            table
                .asked
                .iter()
                .any(|&(p, legal, _)| p == Player::B && legal == 1)
        );
    }
    // A seat that reads only the legal actions is handed the state.
    let mut table = Recording::new([Sight::Actions, Sight::Actions]);
    play_at(&ToyGame::duel(), 5, 0, false, 1_000, &mut table);
    assert!(table.passed.is_empty());
    assert!(table.asked.iter().all(|&(_, _, undealt)| undealt));
}

#[test]
fn a_one_ply_seat_is_handed_the_state_where_one_ply_is_blind_else_a_view() {
    use crate::bots::Sight;
    use crate::games::nostalgix::Nostalgix;
    // hero-rush against prize-control: no card of theirs reveals or
    // searches, so every decision is blind; evolution's do, so some are not.
    for (decks, all_blind) in [((0, 1), true), ((2, 1), false)] {
        let game = Nostalgix::bundled(decks.0, decks.1);
        let mut table = Recording::new([Sight::OnePly, Sight::OnePly]);
        for index in 0..5 {
            play_at(&game, 7 + index, index, false, 10_000, &mut table);
        }
        let on_state = table.asked.iter().filter(|a| a.2).count();
        assert!(on_state > 0, "{decks:?}: never handed the state");
        assert_eq!(on_state == table.asked.len(), all_blind, "{decks:?}");
        assert!(table.asked.iter().all(|&(_, legal, _)| legal > 1));
        assert!(!table.passed.is_empty());
    }
}
