use super::*;
use crate::core::{GameRng, below, rng_from_seed, shuffle};
use crate::stats::normal_upper_tail;

/// One game's sides: the rank scores (units) of the seats that bought the
/// card and of those that never owned it.
#[derive(Clone, Debug, Default)]
struct Game {
    bought: Vec<u64>,
    passed: Vec<u64>,
}

/// A game of `seats` seats in a random order (rank scores 1, …, 0 as
/// `Outcome::return_units` gives them without ties), each seat buying
/// with chance `buy` in 100, else never owning the card with chance
/// `pass` in 100 of the rest (else owning it unbought: on no side).
fn random_game(rng: &mut GameRng, seats: usize, buy: u32, pass: u32) -> Game {
    let step = UNITS_PER_GAME / (seats as u64 - 1);
    let mut units: Vec<u64> = (0..seats as u64).map(|place| place * step).collect();
    shuffle(rng, &mut units);
    let mut game = Game::default();
    for u in units {
        if below(rng, 100) < buy {
            game.bought.push(u);
        } else if below(rng, 100) < pass {
            game.passed.push(u);
        }
    }
    game
}

fn tally(games: &[Game]) -> ClusterSums {
    let mut sums = ClusterSums::default();
    for g in games {
        sums.add_game(
            g.bought.iter().sum(),
            g.bought.len() as u64,
            g.passed.iter().sum(),
            g.passed.len() as u64,
        );
    }
    sums
}

/// The two sides as independent samples of seat-games (Welch's test).
fn scores(games: &[Game]) -> (Score, Score) {
    let (mut bought, mut passed) = (Score::default(), Score::default());
    for g in games {
        g.bought.iter().for_each(|&u| bought.add(u));
        g.passed.iter().for_each(|&u| passed.add(u));
    }
    (bought, passed)
}

/// The lift and its cluster-robust standard error straight from the
/// definition: the residual of every game, one by one, in points.
fn direct(games: &[Game]) -> (f64, f64) {
    let u = UNITS_PER_GAME as f64;
    let points = |xs: &[u64]| xs.iter().map(|&x| x as f64 / u).sum::<f64>();
    let clusters: Vec<&Game> = games
        .iter()
        .filter(|g| !g.bought.is_empty() || !g.passed.is_empty())
        .collect();
    let m: f64 = clusters.iter().map(|g| g.bought.len() as f64).sum();
    let k: f64 = clusters.iter().map(|g| g.passed.len() as f64).sum();
    let mu_b = clusters.iter().map(|g| points(&g.bought)).sum::<f64>() / m;
    let mu_n = clusters.iter().map(|g| points(&g.passed)).sum::<f64>() / k;
    let sum_e2: f64 = clusters
        .iter()
        .map(|g| {
            let e = (points(&g.bought) - mu_b * g.bought.len() as f64) / m
                - (points(&g.passed) - mu_n * g.passed.len() as f64) / k;
            e * e
        })
        .sum();
    let n = clusters.len() as f64;
    (mu_b - mu_n, (n / (n - 1.0) * sum_e2).sqrt())
}

/// A two-seat game: the buyer's and the non-buyer's rank scores, points.
fn duel(bought: u64, passed: u64) -> Game {
    Game {
        bought: vec![bought * UNITS_PER_GAME],
        passed: vec![passed * UNITS_PER_GAME],
    }
}

#[test]
fn buyers_and_non_buyers_of_one_table_widen_the_interval_by_hand() {
    // Two seats, one buyer: whoever wins, the other loses. The buyer wins
    // 3 of 4 games: μB = 0.75, μN = 0.25, lift 0.5. The residuals are
    // (0.25 + 0.25)/4 = 0.125 in a won game and −(0.75 + 0.75)/4 =
    // −0.375 in the lost one: Σe² = 3·0.125² + 0.375² = 0.1875, and the
    // variance 4/3 · 0.1875 = 0.25, a standard error of 0.5. Welch sees
    // two independent samples of variance 0.25 each over 4 games: √(2 ·
    // 0.25/4) = 0.354, √2 too small.
    let games = [duel(1, 0), duel(1, 0), duel(0, 1), duel(1, 0)];
    let sums = tally(&games);
    assert_eq!(sums.lift(), Some(0.5));
    let se = sums.standard_error().unwrap();
    assert!((se - 0.5).abs() < 1e-15, "{se}");
    // A buyer and a non-buyer in each of the 4 games: 3 degrees of
    // freedom, t = 3.182.
    assert_eq!(sums.df(), Some(3));
    let (lift, low, high) = sums.lift95().unwrap();
    let t = 3.182_446_305;
    assert!((low - (0.5 - t * 0.5)).abs() < 1e-8 && (high - (0.5 + t * 0.5)).abs() < 1e-8);
    assert_eq!(lift, 0.5);
    let (bought, passed) = scores(&games);
    let (welch_lift, welch) = bought.lift_and_error(&passed).unwrap();
    assert_eq!(welch_lift, 0.5);
    assert!((welch - 0.125f64.sqrt()).abs() < 1e-15, "{welch}");
    assert!(se > welch * 1.41);
    // Even games, every win paired with a loss: lift 0, a standard error
    // of 1/√(G − 1) against Welch's 1/√(2(G − 1)).
    let games: Vec<Game> = (0..10).map(|g| duel(g % 2, 1 - g % 2)).collect();
    let sums = tally(&games);
    assert_eq!(sums.lift(), Some(0.0));
    assert!((sums.standard_error().unwrap() - 1.0 / 3.0).abs() < 1e-15);
    let (bought, passed) = scores(&games);
    let welch = bought.lift_and_error(&passed).unwrap().1;
    assert!((welch - (1.0f64 / 18.0).sqrt()).abs() < 1e-15, "{welch}");
}

#[test]
fn the_degrees_of_freedom_are_the_smaller_sides_games_less_one_by_hand() {
    // The buyer wins both games it is in, against one non-buyer; two more
    // games have only non-buyers, one first and one last. G = 4 games,
    // G_B = 2 with a buyer, G_N = 4 with a non-buyer: df = 1. μB = 1,
    // μN = 2/6 = 1/3, lift 2/3; the residuals are ±1/18 (the buyers'
    // games (0 − (0 − 1/3)/6), the others' −(1 − 2/3)/6), Σe² = 4/324,
    // the variance 4/3 · 4/324 = 4/243, the standard error 2/(9√3), and
    // t = lift/se = 3√3. The t with 1 degree of freedom is the Cauchy:
    // P(|T| > 3√3) = 1 − 2·atan(3√3)/π = 0.121, where the normal says
    // 2·10⁻⁷.
    let u = UNITS_PER_GAME;
    let mut sums = ClusterSums::default();
    let lone = Game {
        bought: vec![],
        passed: vec![u, 0],
    };
    let games = [duel(1, 0), duel(1, 0), lone.clone(), lone];
    for g in &games {
        sums.add_game(
            g.bought.iter().sum(),
            g.bought.len() as u64,
            g.passed.iter().sum(),
            g.passed.len() as u64,
        );
    }
    assert_eq!(
        (sums.games, sums.buyer_games, sums.passer_games),
        (4, Some(2), Some(4))
    );
    assert_eq!(sums.df(), Some(1));
    let se = sums.standard_error().unwrap();
    let expected_se = 2.0 / (9.0 * 3f64.sqrt());
    assert!((se - expected_se).abs() < 1e-15, "{se}");
    let t = 3.0 * 3f64.sqrt();
    let cauchy = 1.0 - 2.0 * t.atan() / std::f64::consts::PI;
    let p = sums.lift_p().unwrap();
    assert!(
        (p - cauchy).abs() < 1e-12 && (p - 0.121).abs() < 1e-3,
        "{p}"
    );
    assert!(2.0 * normal_upper_tail(t) < 1e-6);
    // The interval: ± 12.706 standard errors, holding 0 as p > 0.05 says.
    let (lift, low, high) = sums.lift95().unwrap();
    assert!((lift - 2.0 / 3.0).abs() < 1e-15);
    let t95 = 12.706_204_736;
    assert!((high - lift - t95 * se).abs() < 1e-8 && (lift - low - t95 * se).abs() < 1e-8);
    assert!(low < 0.0);
    // A third buying game: G_B = 3, df = 2. The smaller side is the
    // buyers' however many games the non-buyers are in.
    sums.add_game(u, 1, 0, 0);
    assert_eq!(
        (sums.buyer_games, sums.passer_games, sums.df()),
        (Some(3), Some(4), Some(2))
    );
    for _ in 0..50 {
        sums.add_game(0, 0, u, 2);
    }
    assert_eq!(sums.df(), Some(2));
    // And the non-buyers' when nearly every seat buys.
    let mut bought = ClusterSums::default();
    for g in 0..20 {
        bought.add_game(u * (g % 2), 2, if g < 3 { u } else { 0 }, u64::from(g < 3));
    }
    assert_eq!(
        (bought.buyer_games, bought.passer_games, bought.df()),
        (Some(20), Some(3), Some(2))
    );
    // One game on a side: no degree of freedom, no interval, no p-value,
    // though the standard error is defined.
    let mut one = ClusterSums::default();
    one.add_game(u, 1, 0, 1);
    for _ in 0..10 {
        one.add_game(0, 0, u, 2);
    }
    assert_eq!(one.df(), Some(0));
    assert!(one.standard_error().is_some());
    assert_eq!((one.lift95(), one.lift_p()), (None, None));
}

#[test]
fn the_integer_moments_give_the_residuals_of_every_game() {
    let mut rng = rng_from_seed(2026);
    for dataset in 0..200 {
        let games: Vec<Game> = (0..2 + below(&mut rng, 300))
            .map(|_| {
                let seats = 2 + below(&mut rng, 4) as usize;
                let buy = below(&mut rng, 60);
                random_game(&mut rng, seats, buy, 90)
            })
            .collect();
        let sums = tally(&games);
        let (bought, passed) = scores(&games);
        assert!(sums.covers(&bought, &passed));
        let Some(se) = sums.standard_error() else {
            assert!(sums.m == 0 || sums.k == 0 || sums.games < 2, "{sums:?}");
            continue;
        };
        let (lift, expected) = direct(&games);
        assert!(
            (sums.lift().unwrap() - lift).abs() < 1e-12,
            "dataset {dataset}"
        );
        assert!(
            (se - expected).abs() <= 1e-12 * expected.max(1e-3),
            "dataset {dataset}: {se} against {expected}"
        );
        // The point estimate is the independent samples' one.
        assert_eq!(sums.lift(), bought.lift_and_error(&passed).map(|l| l.0));
    }
}

#[test]
fn two_halves_merged_give_the_interval_of_all_the_games() {
    let mut rng = rng_from_seed(11);
    let games: Vec<Game> = (0..501).map(|_| random_game(&mut rng, 4, 30, 80)).collect();
    for cut in [1, 17, 250, 500] {
        let mut merged = tally(&games[..cut]);
        merged.merge(&tally(&games[cut..]));
        let all = tally(&games);
        assert_eq!(merged, all);
        assert_eq!(merged.df(), all.df());
        let (a, b) = (merged.lift95().unwrap(), all.lift95().unwrap());
        assert_eq!(
            (a.0.to_bits(), a.1.to_bits(), a.2.to_bits()),
            (b.0.to_bits(), b.1.to_bits(), b.2.to_bits())
        );
        assert_eq!(merged.lift_p(), all.lift_p());
    }
}

#[test]
fn the_p_value_is_below_5_percent_exactly_when_the_interval_excludes_0() {
    let mut rng = rng_from_seed(5);
    let mut excluded = 0;
    for _ in 0..300 {
        // Buyers who place higher than chance, by a random amount.
        let games: Vec<Game> = (0..40)
            .map(|_| {
                let mut g = random_game(&mut rng, 4, 30, 90);
                if below(&mut rng, 4) == 0 {
                    g.bought.iter_mut().for_each(|u| *u = UNITS_PER_GAME);
                }
                g
            })
            .collect();
        let sums = tally(&games);
        let (Some((_, low, high)), Some(p)) = (sums.lift95(), sums.lift_p()) else {
            continue;
        };
        assert!((0.0..=1.0).contains(&p));
        assert_eq!(p < 0.05, low > 0.0 || high < 0.0, "{p} [{low}, {high}]");
        excluded += usize::from(p < 0.05);
    }
    assert!(excluded > 10, "{excluded}");
}

#[test]
fn a_game_without_a_side_is_no_cluster_and_too_few_games_no_error() {
    let mut sums = ClusterSums::default();
    sums.add_game(0, 0, 0, 0);
    assert_eq!(sums, ClusterSums::default());
    assert_eq!(sums.lift(), None);
    // One game, two seats on each side: a lift, but no spread between
    // games to measure.
    sums.add_game(180, 2, 60, 2);
    assert_eq!(sums.lift(), Some(0.5));
    assert_eq!(sums.standard_error(), None);
    assert_eq!(sums.lift95(), None);
    sums.add_game(120, 1, 0, 1);
    assert!(sums.standard_error().is_some());
    // Buyers only: no lift.
    let mut only = ClusterSums::default();
    only.add_game(120, 1, 0, 0);
    only.add_game(60, 1, 0, 0);
    assert_eq!((only.lift(), only.standard_error()), (None, None));
}

#[test]
fn the_exact_form_falls_back_to_floating_point_beyond_i128() {
    let terms = [(1, u64::MAX, u64::MAX, u64::MAX), (-2, 3, 4, 5)];
    let big = u64::MAX as f64;
    assert_eq!(quadratic(&terms), big * big * big - 120.0);
    assert_eq!(quadratic(&[(1, 3, 4, 5), (-2, 1, 1, 7)]), 46.0);
}

/// How often the 95% interval of a card that does nothing covers its
/// lift of 0, Welch's and the cluster-robust one, over `runs` runs of
/// `games` four-seat games in which each seat buys with chance `buy` in
/// 100 (`None`: exactly one seat a game buys, the other three pass).
fn coverage(rng: &mut GameRng, runs: usize, games: usize, buy: Option<u32>) -> (f64, f64) {
    let (mut welch, mut robust, mut counted) = (0, 0, 0);
    for _ in 0..runs {
        let played: Vec<Game> = (0..games)
            .map(|_| match buy {
                Some(buy) => random_game(rng, 4, buy, 100),
                None => {
                    let mut g = random_game(rng, 4, 0, 100);
                    let buyer = below(rng, 4) as usize;
                    g.bought.push(g.passed.remove(buyer));
                    g
                }
            })
            .collect();
        let sums = tally(&played);
        let (bought, passed) = scores(&played);
        let (Some((_, low, high)), Some((_, w_low, w_high))) =
            (sums.lift95(), bought.lift95(&passed))
        else {
            continue;
        };
        counted += 1;
        robust += usize::from(low <= 0.0 && 0.0 <= high);
        welch += usize::from(w_low <= 0.0 && 0.0 <= w_high);
    }
    let share = |n: usize| n as f64 / counted as f64;
    (share(welch), share(robust))
}

/// The coverage under no effect, by simulation (seconds in release:
/// `cargo test --release --lib cluster -- --ignored --nocapture`). With
/// one buyer a game at four seats the non-buyers' scores are the rest of
/// the table's: Welch's interval is √(3/4) of the right width and covers
/// about 90%, the cluster-robust one about 94.5%. When each seat buys
/// independently of the others, Welch's errors cancel (two buyers at one
/// table cannot both place first, which it ignores too) and it covers
/// about 95%, as the cluster-robust one does. With 30 games the latter
/// covered 93–94.5% with the normal quantile (the sandwich's known
/// shortfall with few clusters); with the t of `min(G_B, G_N) − 1`
/// degrees of freedom, 94.7–95.6% (measured 2026-11-28).
#[test]
#[ignore]
fn coverage_of_a_card_that_does_nothing() {
    let mut rng = rng_from_seed(95);
    for (what, buy) in [
        ("one buyer a game", None),
        ("each seat buys 1 in 4", Some(25)),
        ("each seat buys 1 in 2", Some(50)),
    ] {
        for games in [30, 200] {
            let (welch, robust) = coverage(&mut rng, 10_000, games, buy);
            println!(
                "{what}, {games} games: Welch covers {:.1}%, cluster-robust {:.1}%",
                100.0 * welch,
                100.0 * robust
            );
            assert!((0.93..=0.96).contains(&robust), "{robust}");
            if buy.is_none() {
                assert!(welch < 0.925, "{welch}");
            }
        }
    }
}

#[test]
fn sums_without_the_per_side_games_keep_the_normal_interval_even_merged() {
    // As read from a stats.json written before `buyer_games` and
    // `passer_games` were kept: the fields are missing.
    let mut rng = rng_from_seed(12);
    let games: Vec<Game> = (0..40).map(|_| random_game(&mut rng, 4, 30, 80)).collect();
    let new = tally(&games);
    let mut json = serde_json::to_value(new).unwrap();
    let object = json.as_object_mut().unwrap();
    assert!(object.remove("buyer_games").is_some() && object.remove("passer_games").is_some());
    let old: ClusterSums = serde_json::from_value(json).unwrap();
    assert_eq!(
        (old.buyer_games, old.passer_games, old.df()),
        (None, None, None)
    );
    assert_eq!(
        ClusterSums {
            buyer_games: new.buyer_games,
            passer_games: new.passer_games,
            ..old
        },
        new
    );
    // The interval and test it was written with: ± Z95 standard errors.
    let (lift, se) = (old.lift().unwrap(), old.standard_error().unwrap());
    assert_eq!(old.lift95(), Some((lift, lift - Z95 * se, lift + Z95 * se)));
    assert_eq!(old.lift_p(), Some(normal_p(lift, se)));
    // With the counts, a t with more than 30 degrees of freedom: wider.
    assert!(new.df().unwrap() > 30);
    let t = t_upper_quantile(0.025, new.df().unwrap());
    assert_eq!(new.lift95(), Some((lift, lift - t * se, lift + t * se)));
    assert!(new.lift_p().unwrap() > old.lift_p().unwrap());
    // Merged with new games, either way round, the counts stay unknown:
    // adding only the new games' would give too few degrees of freedom.
    let more = tally(&games[..10]);
    for (mut a, b) in [(old, more), (more, old)] {
        a.merge(&b);
        assert_eq!((a.buyer_games, a.passer_games, a.df()), (None, None, None));
        assert_eq!(a.games, 50);
    }
    // A fresh tally keeps them (0 games of each), and merges exactly.
    let mut fresh = ClusterSums::default();
    assert_eq!((fresh.buyer_games, fresh.passer_games), (Some(0), Some(0)));
    fresh.merge(&new);
    assert_eq!(fresh, new);
}
