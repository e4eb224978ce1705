//! Merge laws and end-to-end figures of the run statistics.

use super::*;
use crate::core::{CardId, Metric, below, rng_from_seed};

fn lineup() -> Lineup {
    let card = |card: u16, name: &str, copies: u8, cost: u8| ListedCard {
        card: CardId(card),
        name: name.to_owned(),
        copies,
        cost,
    };
    Lineup {
        matchup: Matchup {
            decks: Seats::from_vec(vec!["red".into(), "blue".into()]),
            bots: Seats::from_vec(vec!["greedy".into(), "random".into()]),
        },
        lists: Seats::from_vec(vec![
            vec![card(0, "Imp", 3, 1), card(1, "Drake", 2, 3)],
            vec![card(2, "Wisp", 4, 1), card(0, "Imp", 1, 1)],
        ]),
        hands: true,
    }
}

/// A random but well-formed game: metrics, outcome and turn count.
fn random_game(seed: u64) -> (Outcome, u32, GameRecord) {
    let mut rng = rng_from_seed(seed);
    let mut rec = Recorder::new(2);
    rec.observe(Metric::GameStart);
    let turns = 1 + below(&mut rng, 12);
    let mut score = [0u32; 2];
    for t in 0..turns {
        let player = Player::new((t + below(&mut rng, 2) * (t == 0) as u32) as usize % 2);
        let mana = (t / 2 + 1).min(10);
        rec.observe(Metric::TurnStart {
            player,
            resource_max: mana,
            resource: mana,
        });
        for _ in 0..below(&mut rng, 3) {
            let card = CardId(below(&mut rng, 3) as u16);
            rec.observe(Metric::Drew { player, card });
            rec.observe(Metric::Played {
                player,
                card,
                cost: 1,
            });
        }
        if below(&mut rng, 3) == 0 {
            score[player.index()] += 1;
            rec.observe(Metric::Score {
                player,
                total: score[player.index()],
            });
        }
        if below(&mut rng, 4) > 0 {
            rec.observe(Metric::TurnEnd { player, unspent: 0 });
        }
    }
    let outcome = match below(&mut rng, 3) {
        0 => Outcome::win(2, Player::A, "prizes"),
        1 => Outcome::win(2, Player::B, "hero_ko"),
        _ => Outcome::draw(2, "turn_limit"),
    };
    (outcome, turns, rec.finish())
}

fn fold(seeds: std::ops::Range<u64>) -> RunStats {
    let lineup = lineup();
    let mut stats = RunStats::default();
    for seed in seeds {
        let (outcome, turns, record) = random_game(seed);
        let scores = Seats::from_vec(vec![1, 2]);
        stats.add_game(&lineup, 0, &outcome, &scores, turns, &record);
    }
    stats
}

fn merged(parts: &[&RunStats]) -> RunStats {
    let mut all = RunStats::default();
    parts.iter().for_each(|p| all.merge(p));
    all
}

#[test]
fn merge_is_associative_and_matches_a_single_fold() {
    let (x, y, z) = (fold(0..40), fold(40..90), fold(90..100));
    let whole = fold(0..100);
    let left = merged(&[&merged(&[&x, &y]), &z]);
    let right = merged(&[&x, &merged(&[&y, &z])]);
    assert_eq!(left, right);
    assert_eq!(left, whole);
    assert_eq!(merged(&[&z, &y, &x]), whole);
    assert_eq!(merged(&[&whole, &RunStats::default()]), whole);
}

#[test]
fn summary_counts_games_and_draws() {
    let stats = fold(0..100);
    let m = &stats.matchups[&lineup().matchup];
    let a = &m.entries[0];
    assert_eq!(a.rank_score.games, 100);
    assert_eq!(m.wins(0) + m.wins(1) + m.draws(), 100);
    assert_eq!(
        a.rank_score.points(),
        m.wins(0) as f64 + m.draws() as f64 / 2.0
    );
    assert_eq!(a.first.games + a.second.games, 100);
    assert_eq!(m.reasons.values().sum::<u64>(), 100);
    assert_eq!(m.mean_final_score(1), Some(2.0));
    let shares: f64 = m.entries.iter().map(|e| e.win_share.points()).sum();
    assert_eq!(shares, 100.0);
}

#[test]
fn card_rows_follow_the_list_and_split_games() {
    let stats = fold(0..100);
    let red = &stats.decks["red"];
    let rows = red.cards.rows();
    assert_eq!(rows[0].card, "Imp");
    assert_eq!(rows[1].card, "Drake");
    for r in &rows {
        assert_eq!(r.in_hand.games + r.not_seen.games, 100);
        assert!(r.opening_hand.games <= r.in_hand.games);
        assert!(r.drawn.games <= r.in_hand.games);
        assert!(r.opening_hand.games + r.drawn.games >= r.in_hand.games);
    }
    let curve = red.cards.curve_rows(red.score.games);
    assert_eq!(curve.iter().map(|r| r.cards_in_list).sum::<u64>(), 5);
    let pace = red.pace.rows();
    let last = pace.last().unwrap();
    let wins = stats.matchups[&lineup().matchup].wins(0) as f64;
    assert!((last.share_won_by_turn - wins / 100.0).abs() < 1e-12);
    assert!(pace.windows(2).all(|w| w[0].mean_score <= w[1].mean_score));
}
