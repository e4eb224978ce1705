//! Millennium Blades' designer tables mean what docs/outputs.md says:
//! every count of `mb_cards.csv`, its lift intervals and the money of
//! `mb_economy.csv` are recounted here from the JSONL logs of the same
//! games (a reader independent of the engine), and a shard split merges
//! into the same files.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use serde_json::Value;
use tempfile::TempDir;

mod common;
use common::{csv_rows, decklab, stderr};
use decklab::stats::mask_bit;

const GAMES: usize = 16;

/// Plays `games` 4-seat games of seed 11 into `dir/name` with `extra`
/// flags.
fn run(dir: &Path, name: &str, games: usize, extra: &[&str]) -> std::path::PathBuf {
    run_seeded(dir, name, games, 11, extra)
}

/// [`run`] with another seed.
fn run_seeded(
    dir: &Path,
    name: &str,
    games: usize,
    seed: u64,
    extra: &[&str],
) -> std::path::PathBuf {
    let out = dir.join(name);
    let (games, seed) = (games.to_string(), seed.to_string());
    let mut args = vec![
        "simulate",
        "--game",
        "millennium-blades",
        "--players",
        "4",
        "--games",
        &games,
        "--seed",
        &seed,
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let o = decklab(dir, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    out
}

/// Merges the shards `shards` into `dir/merged`.
fn merge(dir: &Path, shards: &[&Path]) -> std::path::PathBuf {
    let merged = dir.join("merged");
    let mut args = vec!["merge", "--out", merged.to_str().unwrap()];
    args.extend(shards.iter().map(|s| s.to_str().unwrap()));
    let o = decklab(dir, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    merged
}

/// What the logs say of one card.
#[derive(Clone, Default, Debug)]
struct Recount {
    seen_games: u64,
    bought_games: u64,
    bought_store: u64,
    bought_aftermarket: u64,
    paid: u64,
    sold: u64,
    sold_for: u64,
    fused: u64,
    collected: u64,
    decked: u64,
    played: u64,
    tournaments: u64,
    place_sum: u64,
    /// Rank scores of the seats that bought it / never owned it.
    bought_scores: Vec<f64>,
    not_bought_scores: Vec<f64>,
    /// Per game seen with a seat on either side: the sums of those
    /// scores and the numbers of seats, (bought, buyers, not bought,
    /// non-buyers).
    per_game: Vec<(f64, f64, f64, f64)>,
    /// The games that saw it, and those of them where a seat bought it.
    seen_in: BTreeSet<u64>,
    bought_in: BTreeSet<u64>,
}

/// The lift's 95% interval with the cluster-robust standard error, games
/// as clusters, from each game's residual (docs/outputs.md): ± the upper
/// 2.5% quantile of Student's t with `min(G_B, G_N) − 1` degrees of
/// freedom (`G_B` games with a buyer, `G_N` with a non-buyer; none below
/// 1), or with `normal` of the normal (what a `stats.json` without the
/// per-side game counts gives).
fn clustered_interval(games: &[(f64, f64, f64, f64)], normal: bool) -> Option<(f64, f64)> {
    let sum = |f: fn(&(f64, f64, f64, f64)) -> f64| games.iter().map(f).sum::<f64>();
    let (m, k) = (sum(|g| g.1), sum(|g| g.3));
    if m < 2.0 || k < 2.0 || games.len() < 2 {
        return None;
    }
    let g_b = games.iter().filter(|g| g.1 > 0.0).count() as u64;
    let g_n = games.iter().filter(|g| g.3 > 0.0).count() as u64;
    let df = g_b.min(g_n).saturating_sub(1);
    if df < 1 && !normal {
        return None;
    }
    let (mu_b, mu_n) = (sum(|g| g.0) / m, sum(|g| g.2) / k);
    let e2: f64 = games
        .iter()
        .map(|&(b, buyers, c, passers)| {
            ((b - mu_b * buyers) / m - (c - mu_n * passers) / k).powi(2)
        })
        .sum();
    let n = games.len() as f64;
    let se = (n / (n - 1.0) * e2).sqrt();
    let q = if normal {
        1.959_963_984_540_054
    } else {
        decklab::stats::t_upper_quantile(0.025, df)
    };
    Some((mu_b - mu_n - q * se, mu_b - mu_n + q * se))
}

/// Rank scores by game and seat, from `seats.csv`.
fn rank_scores(run: &Path) -> BTreeMap<(u64, String), f64> {
    let seats = csv_rows(&run.join("seats.csv"));
    let mut by_game: BTreeMap<u64, Vec<(String, f64)>> = BTreeMap::new();
    for r in &seats {
        by_game
            .entry(r["game"].parse().unwrap())
            .or_default()
            .push((r["seat"].clone(), r["rank"].parse().unwrap()));
    }
    let mut out = BTreeMap::new();
    for (game, seats) in by_game {
        let n = seats.len() as f64;
        for (seat, rank) in &seats {
            // Tied seats share the best rank of their group and the mean
            // of the places it covers.
            let tied = seats.iter().filter(|(_, r)| r == rank).count() as f64;
            let place = rank + (tied - 1.0) / 2.0;
            out.insert((game, seat.clone()), (n - place) / (n - 1.0));
        }
    }
    out
}

fn mean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64)
}

fn fixed4(x: Option<f64>) -> String {
    x.map_or(String::new(), |x| format!("{x:.4}"))
}

/// (round, seat) -> (dollars spent, earned by selling), summed over
/// games.
type Money = BTreeMap<(String, String), (u64, u64)>;

/// What the logs of the `games` games of the run `out` say of each card
/// (`store`: the store cards' names), and of the money.
fn recount_logs(
    out: &Path,
    games: usize,
    store: &BTreeSet<String>,
) -> (BTreeMap<String, Recount>, Money) {
    let scores = rank_scores(out);
    let mut recount: BTreeMap<String, Recount> = BTreeMap::new();
    let mut money = Money::new();
    for game in 0..games as u64 {
        let log = std::fs::read_to_string(out.join(format!("logs/game-{game}.jsonl"))).unwrap();
        let mut seen = BTreeSet::new();
        let mut bought: BTreeSet<(String, String)> = BTreeSet::new();
        let mut owned: BTreeSet<(String, String)> = BTreeSet::new();
        let mut deck: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut round = String::new();
        for line in log.lines() {
            let e: Value = serde_json::from_str(line).unwrap();
            let kind = e["event"].as_str().unwrap();
            let seat = e["player"].as_str().unwrap_or_default().to_owned();
            let card = e["card"].as_str().unwrap_or_default().to_owned();
            let price = e["price"].as_u64().unwrap_or(0);
            let is_store = store.contains(&card);
            let r = recount.entry(card.clone()).or_default();
            match kind {
                "round_start" => round = e["round"].to_string(),
                "restock" | "dealt" | "draw_store" => {
                    seen.insert(card.clone());
                }
                "setup_card" if is_store => {
                    seen.insert(card.clone());
                }
                "buy" | "buy_listed" => {
                    seen.insert(card.clone());
                    bought.insert((card.clone(), seat.clone()));
                    if kind == "buy" {
                        r.bought_store += 1;
                    } else {
                        r.bought_aftermarket += 1;
                    }
                    r.paid += price;
                    money.entry((round.clone(), seat.clone())).or_default().0 += price;
                }
                "sell" => {
                    seen.insert(card.clone());
                    r.sold += 1;
                    r.sold_for += price;
                    money.entry((round.clone(), seat.clone())).or_default().1 += price;
                }
                "fuse_card" => r.fused += 1,
                "collection_add" => r.collected += 1,
                "deck_add" => {
                    r.decked += 1;
                    deck.entry(seat.clone()).or_default().push(card.clone());
                }
                "deck_trim" => {
                    let d = deck.entry(seat.clone()).or_default();
                    let at = d.iter().position(|c| *c == card).unwrap();
                    d.swap_remove(at);
                }
                "play" => r.played += 1,
                "placed" => {
                    let place = e["place"].as_u64().unwrap();
                    for c in deck.remove(&seat).unwrap_or_default() {
                        let r = recount.entry(c).or_default();
                        r.tournaments += 1;
                        r.place_sum += place;
                    }
                }
                _ => {}
            }
            if matches!(
                kind,
                "setup_card" | "dealt" | "draw_store" | "buy" | "buy_listed" | "grant" | "prize"
            ) {
                owned.insert((card, seat));
            }
        }
        for card in &seen {
            let r = recount.entry(card.clone()).or_default();
            r.seen_games += 1;
            let mut any = false;
            let mut sums = (0.0, 0.0, 0.0, 0.0);
            for seat in ["a", "b", "c", "d"] {
                let key = (card.clone(), seat.to_owned());
                let score = scores[&(game, seat.to_owned())];
                if bought.contains(&key) {
                    any = true;
                    r.bought_scores.push(score);
                    (sums.0, sums.1) = (sums.0 + score, sums.1 + 1.0);
                } else if !owned.contains(&key) {
                    r.not_bought_scores.push(score);
                    (sums.2, sums.3) = (sums.2 + score, sums.3 + 1.0);
                }
            }
            if sums.1 + sums.3 > 0.0 {
                r.per_game.push(sums);
            }
            r.bought_games += u64::from(any);
            r.seen_in.insert(game);
            if any {
                r.bought_in.insert(game);
            }
        }
    }
    (recount, money)
}

#[test]
fn every_count_of_mb_cards_and_the_money_of_mb_economy_reconcile_with_the_logs() {
    let dir = TempDir::new().unwrap();
    let games = GAMES.to_string();
    let out = run(dir.path(), "run", GAMES, &["--log", &games]);
    let cards = csv_rows(&out.join("mb_cards.csv"));
    let store: BTreeSet<String> = cards.iter().map(|r| r["card"].clone()).collect();
    let (recount, money) = recount_logs(&out, GAMES, &store);
    let (mut checked, mut intervals) = (0, 0);
    for row in &cards {
        let r = recount.get(&row["card"]).cloned().unwrap_or_default();
        let ratio = |a: u64, b: u64| fixed4((b > 0).then(|| a as f64 / b as f64));
        let expect = [
            ("seen_games", r.seen_games.to_string()),
            ("bought_games", r.bought_games.to_string()),
            ("bought_store", r.bought_store.to_string()),
            ("bought_aftermarket", r.bought_aftermarket.to_string()),
            (
                "mean_price_paid",
                ratio(r.paid, r.bought_store + r.bought_aftermarket),
            ),
            ("sold", r.sold.to_string()),
            ("mean_sold_price", ratio(r.sold_for, r.sold)),
            ("fused", r.fused.to_string()),
            ("collected", r.collected.to_string()),
            ("decked", r.decked.to_string()),
            ("played", r.played.to_string()),
            ("tournaments_in_deck", r.tournaments.to_string()),
            ("mean_place_in_deck", ratio(r.place_sum, r.tournaments)),
            ("rank_score_bought", fixed4(mean(&r.bought_scores))),
            ("rank_score_not_bought", fixed4(mean(&r.not_bought_scores))),
        ];
        for (column, value) in expect {
            assert_eq!(row[column], value, "{} {column}", row["card"]);
        }
        checked += usize::from(r.seen_games > 0);
        // The lift's interval: games as clusters, a t quantile (to the
        // last printed digit; Welch's interval is several digits off, and
        // so is the normal quantile's).
        match clustered_interval(&r.per_game, false) {
            Some((low, high)) => {
                assert_interval_printed(row, low, high);
                intervals += 1;
            }
            None => assert_eq!(row["lift_ci95_low"], "", "{}", row["card"]),
        }
    }
    assert!(checked > 100, "only {checked} cards seen");
    assert!(intervals > 100, "only {intervals} lift intervals");
    // Game by game, games.csv's masks say which store cards the game saw
    // and which a seat bought: bit i for the i-th row of mb_cards.csv.
    let (mut seen_bits, mut bought_bits) = (0, 0);
    for line in csv_rows(&out.join("games.csv")) {
        let game: u64 = line["game"].parse().unwrap();
        for (i, row) in cards.iter().enumerate() {
            let r = recount.get(&row["card"]).cloned().unwrap_or_default();
            let bit = |column: &str| mask_bit(&line[column], i).unwrap();
            assert_eq!(
                bit("store_seen"),
                r.seen_in.contains(&game),
                "{}",
                row["card"]
            );
            assert_eq!(
                bit("store_bought"),
                r.bought_in.contains(&game),
                "{}",
                row["card"]
            );
            seen_bits += usize::from(bit("store_seen"));
            bought_bits += usize::from(bit("store_bought"));
        }
    }
    assert!(
        seen_bits > bought_bits && bought_bits > 100,
        "{seen_bits} {bought_bits}"
    );
    // The economy: dollars spent and earned by selling, per round and seat.
    for row in csv_rows(&out.join("mb_economy.csv")) {
        let (spent, earned) = money
            .get(&(row["round"].clone(), row["seat"].clone()))
            .copied()
            .unwrap_or_default();
        let games: f64 = row["games"].parse().unwrap();
        let what = format!("round {} seat {}", row["round"], row["seat"]);
        assert_eq!(
            row["mean_spent"],
            fixed4(Some(spent as f64 / games)),
            "{what}"
        );
        assert_eq!(
            row["mean_earned_selling"],
            fixed4(Some(earned as f64 / games)),
            "{what}"
        );
    }
}

/// A seat's money in one round of one game, as its log tells it.
#[derive(Default, Debug)]
struct RoundMoney {
    start: u64,
    end: u64,
    spent: u64,
    earned: u64,
    /// Dollars an infinite loop paid for the cards it took away (a flow
    /// `mb_economy.csv` has no column for).
    looped: u64,
    /// Whether the round ended (`round_end`).
    ended: bool,
}

/// `mb_economy.csv`'s money adds up in every mode: for every seat and
/// round of every game, as the logs tell it, money at the start − spent +
/// earned by selling (+ an infinite loop's dollars) = money at the end, and
/// the table's means are those of the logs. A Turn-Based seat's round is
/// its own, from its `round_start` to its `round_end` (its scoring), while
/// the others may be in another round (docs/outputs.md): money it spent
/// once another seat had begun its round 2 is still its round 1's.
#[test]
fn the_money_of_mb_economy_adds_up_seat_by_seat_and_round_by_round_in_every_mode() {
    let dir = TempDir::new().unwrap();
    let games = 6;
    for (name, flags) in [
        ("standard", &["--players", "4"][..]),
        ("pre-release", &["--players", "3", "--pre-release"]),
        ("turn-based", &["--players", "3", "--mode", "turn-based"]),
        ("duel", &["--players", "2", "--mode", "duel"]),
    ] {
        let out = dir.path().join(name);
        let n = games.to_string();
        let mut args = vec!["simulate", "--game", "millennium-blades", "--games", &n];
        args.extend_from_slice(flags);
        args.extend(["--log", &n, "--seed", "11", "--quiet", "--out"]);
        args.push(out.to_str().unwrap());
        let o = decklab(dir.path(), &args);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        for game in csv_rows(&out.join("games.csv")) {
            assert_ne!(game["reason"], "turn_limit", "{name}: a game cut short");
        }
        // (round, seat) -> each game's money.
        let mut money: BTreeMap<(String, String), Vec<RoundMoney>> = BTreeMap::new();
        for game in 0..games {
            let log = std::fs::read_to_string(out.join(format!("logs/game-{game}.jsonl"))).unwrap();
            // Each seat's round: its own `round_start`, or the round of the
            // tournament under way (the Pre-Release's 0 has no deckbuilding).
            let mut round: BTreeMap<String, String> = BTreeMap::new();
            let mut this: BTreeMap<(String, String), RoundMoney> = BTreeMap::new();
            for line in log.lines() {
                let e: Value = serde_json::from_str(line).unwrap();
                let kind = e["event"].as_str().unwrap();
                let seat = e["player"].as_str().unwrap_or_default().to_owned();
                let amount = |field: &str| e[field].as_u64().unwrap_or(0);
                if kind == "tournament_start" {
                    for s in ["a", "b", "c", "d"] {
                        round.insert(s.to_owned(), e["round"].to_string());
                    }
                }
                if kind == "round_start" {
                    round.insert(seat.clone(), e["round"].to_string());
                }
                let Some(r) = round.get(&seat) else { continue };
                let m = this.entry((r.clone(), seat.clone())).or_default();
                match kind {
                    "round_start" => m.start = amount("money"),
                    "buy" | "buy_listed" => m.spent += amount("price"),
                    "sell" => m.earned += amount("price"),
                    "infinite_loop" => m.looped += amount("money"),
                    "round_end" => (m.end, m.ended) = (amount("money"), true),
                    _ => {}
                }
            }
            for (key, m) in this {
                let what = format!("{name} game {game} round {} seat {}", key.0, key.1);
                assert!(m.ended, "{what}: no round_end");
                assert_eq!(
                    m.start + m.earned + m.looped,
                    m.end + m.spent,
                    "{what}: start {} − spent {} + earned {} + loop {} ≠ end {}",
                    m.start,
                    m.spent,
                    m.earned,
                    m.looped,
                    m.end
                );
                money.entry(key).or_default().push(m);
            }
        }
        let rows = csv_rows(&out.join("mb_economy.csv"));
        assert_eq!(rows.len(), money.len(), "{name}: a row per round and seat");
        for row in &rows {
            let key = (row["round"].clone(), row["seat"].clone());
            let what = format!("{name} round {} seat {}", key.0, key.1);
            let logged = &money[&key];
            assert_eq!(row["games"], logged.len().to_string(), "{what}");
            let mean = |f: fn(&RoundMoney) -> u64| {
                let total: u64 = logged.iter().map(f).sum();
                fixed4(Some(total as f64 / logged.len() as f64))
            };
            for (column, value) in [
                ("mean_money_start", mean(|m| m.start)),
                ("mean_money_end", mean(|m| m.end)),
                ("mean_spent", mean(|m| m.spent)),
                ("mean_earned_selling", mean(|m| m.earned)),
            ] {
                assert_eq!(row[column], value, "{what}: {column}");
            }
        }
    }
}

/// Turn-Based Mode has a first player, at random (rulings: "Turn-Based
/// Mode"): `games.csv`'s `first` and `seats.csv`'s `first` name the seat
/// whose `turn_start` comes first in the log, and at two seats
/// `summary.csv` splits seat a's games by it. The standard game, whose
/// rounds every seat plays at once, names none (docs/outputs.md).
#[test]
fn turn_based_games_name_their_first_player_and_the_standard_game_none() {
    let dir = TempDir::new().unwrap();
    let simulate = |name: &str, flags: &[&str], games: usize| {
        let out = dir.path().join(name);
        let n = games.to_string();
        let mut args = vec!["simulate", "--game", "millennium-blades", "--games", &n];
        args.extend_from_slice(flags);
        args.extend(["--log", &n, "--quiet", "--out", out.to_str().unwrap()]);
        let o = decklab(dir.path(), &args);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        out
    };
    let out = simulate("tb3", &["--players", "3", "--mode", "turn-based"], 6);
    let seats = csv_rows(&out.join("seats.csv"));
    let mut firsts = BTreeSet::new();
    for game in csv_rows(&out.join("games.csv")) {
        let log =
            std::fs::read_to_string(out.join(format!("logs/game-{}.jsonl", game["game"]))).unwrap();
        let first = log
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .find(|e| e["event"] == "turn_start")
            .map(|e| e["player"].as_str().unwrap().to_owned())
            .expect("a turn");
        assert_eq!(game["first"], first, "game {}", game["game"]);
        for seat in seats.iter().filter(|s| s["game"] == game["game"]) {
            let expect = if seat["seat"] == first { "1" } else { "0" };
            assert_eq!(seat["first"], expect, "game {} {:?}", game["game"], seat);
        }
        firsts.insert(first);
    }
    assert!(firsts.len() > 1, "a random seat, not always {firsts:?}");
    let out = simulate("tb2", &["--players", "2", "--mode", "turn-based"], 6);
    let summary = &csv_rows(&out.join("summary.csv"))[0];
    let count = |column: &str| summary[column].parse::<u32>().unwrap();
    assert_eq!(count("games_a_first") + count("games_a_second"), 6);
    assert!(!summary["win_rate_a_first"].is_empty() || count("games_a_first") == 0);
    let out = simulate("standard", &["--players", "4"], 2);
    for game in csv_rows(&out.join("games.csv")) {
        assert_eq!(game["first"], "", "game {}", game["game"]);
    }
    assert!(
        csv_rows(&out.join("seats.csv"))
            .iter()
            .all(|s| s["first"] == "0")
    );
}

/// A price is a set's (the number on the back of its cards): `--set` on
/// one card's price sets its whole set's, and the set's name does too;
/// the games then buy at it (the logs' `buy` prices) and the tables list
/// it. (It was refused: the override of one card broke the set's one
/// price.)
#[test]
fn a_price_set_on_a_card_or_its_set_is_the_whole_sets_in_the_games_and_tables() {
    let dir = TempDir::new().unwrap();
    let out = run(
        dir.path(),
        "core",
        4,
        &["--set", "Flare Oracle.price=1", "--log", "4"],
    );
    let set_of: HashMap<String, String> = csv_rows(&out.join("mb_cards.csv"))
        .into_iter()
        .map(|r| {
            if r["set"] == "Eternal Core" {
                assert_eq!(r["price"], "1", "{}", r["card"]);
            } else {
                assert_ne!(r["price"], "1", "{}: another set", r["card"]);
            }
            (r["card"].clone(), r["set"].clone())
        })
        .collect();
    let mut core_buys = 0;
    for game in 0..4 {
        let log = std::fs::read_to_string(out.join(format!("logs/game-{game}.jsonl"))).unwrap();
        for line in log.lines() {
            let e: Value = serde_json::from_str(line).unwrap();
            if e["event"] == "buy" && set_of[e["card"].as_str().unwrap()] == "Eternal Core" {
                assert_eq!(e["price"], 1, "{e}");
                core_buys += 1;
            }
        }
    }
    assert!(core_buys > 0, "no Eternal Core card bought");
    let out = run(dir.path(), "parade", 2, &["--set", "mouse parade.price=5"]);
    let parade: Vec<_> = csv_rows(&out.join("mb_cards.csv"))
        .into_iter()
        .filter(|r| r["set"] == "Mouse Parade")
        .collect();
    assert!(parade.len() > 1);
    assert!(parade.iter().all(|r| r["price"] == "5"), "{parade:?}");
    // A set's name takes its price only; a price keeps to 1..=30.
    for (set, needle) in [
        (
            "Mouse Parade.stars=5",
            "\"Mouse Parade\" is a set, not a card",
        ),
        ("Flare Oracle.price=31", "from 1 to 30"),
    ] {
        let bad = dir.path().join("bad");
        let o = decklab(
            dir.path(),
            &[
                "simulate",
                "--game",
                "millennium-blades",
                "--set",
                set,
                "--out",
                bad.to_str().unwrap(),
            ],
        );
        common::assert_fails(&o, &[needle]);
    }
}

/// A Millennium Blades turn is a round (docs/outputs.md), in every file:
/// `games.csv`'s `turns` and the summary's `mean_turns` count the rounds
/// the per-turn tables number (not the deckbuilding ticks and tournament
/// turns of `--max-turns`, 132 at four seats).
#[test]
fn a_turn_is_a_round_in_games_csv_the_summary_and_the_per_turn_tables() {
    let dir = TempDir::new().unwrap();
    for (name, flags, rounds) in [
        ("four", &["--players", "4"][..], 3),
        ("pre-release", &["--players", "2", "--pre-release"], 2),
        ("turn-based", &["--players", "3", "--mode", "turn-based"], 3),
    ] {
        let out = dir.path().join(name);
        let mut args = vec!["simulate", "--game", "millennium-blades", "--games", "3"];
        args.extend_from_slice(flags);
        args.extend(["--quiet", "--out", out.to_str().unwrap()]);
        let o = decklab(dir.path(), &args);
        assert!(o.status.success(), "{}", stderr(&o));
        let per_turn = csv_rows(&out.join("mana_curve.csv"));
        let last = per_turn
            .iter()
            .map(|r| r["turn"].parse::<u32>().unwrap())
            .max();
        assert_eq!(last, Some(rounds), "{name}: mana_curve.csv");
        for game in csv_rows(&out.join("games.csv")) {
            assert_eq!(game["turns"], rounds.to_string(), "{name}: games.csv");
        }
        for line in csv_rows(&out.join("summary.csv")) {
            assert_eq!(
                line["mean_turns"],
                format!("{rounds}.0000"),
                "{name}: summary.csv"
            );
        }
    }
}

/// The store tables, and `games.csv` with its store masks, of two shards
/// merge into the files of the whole run, byte for byte.
#[test]
fn the_store_tables_of_two_shards_merge_into_those_of_one_run() {
    let dir = TempDir::new().unwrap();
    let whole = run(dir.path(), "whole", GAMES, &[]);
    let s0 = run(dir.path(), "s0", GAMES, &["--shard", "0/2"]);
    let s1 = run(dir.path(), "s1", GAMES, &["--shard", "1/2"]);
    let merged = merge(dir.path(), &[&s1, &s0]);
    for file in [
        "games.csv",
        "mb_cards.csv",
        "mb_sets.csv",
        "mb_value_curve.csv",
        "mb_tournaments.csv",
        "mb_economy.csv",
    ] {
        let a = std::fs::read(whole.join(file)).unwrap();
        let b = std::fs::read(merged.join(file)).unwrap();
        assert!(a == b, "{file} differs after the merge");
    }
}

/// A shard whose `stats.json` was written before the tallies kept each
/// card's games with a buyer and with a non-buyer (no `buyer_games`,
/// `passer_games`) still merges, and the merged lift intervals are the
/// normal ones those files were written with, ± 1.96 cluster-robust
/// standard errors, recounted from the logs: not a t whose degrees of
/// freedom count only the other shard's games.
#[test]
fn a_shard_without_the_per_side_games_merges_into_the_normal_interval() {
    fn strip(v: &mut Value) -> usize {
        match v {
            Value::Object(o) => {
                let here = usize::from(o.remove("buyer_games").is_some())
                    + usize::from(o.remove("passer_games").is_some());
                here + o.values_mut().map(strip).sum::<usize>()
            }
            Value::Array(a) => a.iter_mut().map(strip).sum(),
            _ => 0,
        }
    }
    let dir = TempDir::new().unwrap();
    let games = GAMES.to_string();
    let s0 = run(
        dir.path(),
        "s0",
        GAMES,
        &["--shard", "0/2", "--log", &games],
    );
    let s1 = run(
        dir.path(),
        "s1",
        GAMES,
        &["--shard", "1/2", "--log", &games],
    );
    let path = s0.join("stats.json");
    let mut stats: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(
        strip(&mut stats) > 200,
        "every card's, set's, tier's and cell's counts"
    );
    std::fs::write(&path, serde_json::to_string(&stats).unwrap()).unwrap();
    let merged = merge(dir.path(), &[&s0, &s1]);
    let cards = csv_rows(&merged.join("mb_cards.csv"));
    let store: BTreeSet<String> = cards.iter().map(|r| r["card"].clone()).collect();
    let (mut recount, _) = recount_logs(&merged, GAMES, &store);
    let (mut intervals, mut narrower) = (0, 0);
    for row in &cards {
        let r = recount.remove(&row["card"]).unwrap_or_default();
        let Some((low, high)) = clustered_interval(&r.per_game, true) else {
            assert_eq!(row["lift_ci95_low"], "", "{}", row["card"]);
            continue;
        };
        assert_interval_printed(row, low, high);
        intervals += 1;
        let t = clustered_interval(&r.per_game, false);
        narrower += usize::from(t.is_none_or(|(l, h)| h - l > high - low + 1e-3));
    }
    assert!(intervals > 100, "only {intervals} lift intervals");
    assert_eq!(narrower, intervals, "each narrower than the t interval");
    // The merged stats.json keeps the counts unknown, so merging it again
    // cannot mistake them for whole.
    let text = std::fs::read_to_string(merged.join("stats.json")).unwrap();
    assert!(text.contains("\"buyer_games\":null") || text.contains("\"buyer_games\": null"));
}

#[test]
fn the_grant_experiment_is_the_same_whatever_the_threads_and_shards() {
    let dir = TempDir::new().unwrap();
    let grant = |name: &str, extra: &[&str]| {
        let flags = [&["--grant-all"], extra].concat();
        run(dir.path(), name, 4, &flags)
    };
    let one = grant("one", &["--threads", "1"]);
    let two = grant("two", &["--threads", "2"]);
    let s0 = grant("s0", &["--shard", "0/2"]);
    let s1 = grant("s1", &["--shard", "1/2"]);
    let merged = merge(dir.path(), &[&s0, &s1]);
    let table = std::fs::read(one.join("mb_grant.csv")).unwrap();
    assert_eq!(
        csv_rows(&one.join("mb_grant.csv")).len(),
        149,
        "every store card"
    );
    for other in [&two, &merged] {
        assert!(table == std::fs::read(other.join("mb_grant.csv")).unwrap());
    }
}

/// A card made deliberately over-powered with `--set` (Gust Hawk: 8
/// stars instead of 3 at the same $3, and 30 RP instead of 3 when
/// played) tops the grant experiment's ranking, clear of every other
/// card, and is under-priced in `mb_value_curve.csv` and `mb_cards.csv`.
#[test]
fn an_over_powered_card_tops_the_grant_ranking_and_is_under_priced() {
    let dir = TempDir::new().unwrap();
    let op = [
        "--set",
        "Gust Hawk.stars=8",
        "--set",
        "Gust Hawk.effects.0.amount=30",
        "--grant-all",
    ];
    // 32 games a card: at 24, with the 149 store cards of the book-sized
    // core set, Gust Hawk still ranked first but its lower bound (0.186)
    // fell under the second card's effect (0.208); at 32, 0.290 vs 0.219.
    let out = run(dir.path(), "op", 32, &op);
    let grant = csv_rows(&out.join("mb_grant.csv"));
    let number =
        |row: &HashMap<String, String>, column: &str| -> f64 { row[column].parse().unwrap() };
    assert_eq!(grant[0]["card"], "Gust Hawk", "{:?}", grant[0]);
    assert!(number(&grant[0], "effect_ci95_low") > number(&grant[1], "effect"));
    assert!(number(&grant[0], "effect_ci95_low") > 0.0);
    // Every card's rank lies in the range its interval allows; the cards
    // the over-powered one stands clear of can only rank below it.
    for row in &grant {
        let (rank, best, worst) = (
            number(row, "rank"),
            number(row, "rank_best"),
            number(row, "rank_worst"),
        );
        assert!(best <= rank && rank <= worst, "{row:?}");
    }
    let clear = grant
        .iter()
        .filter(|r| number(r, "effect_ci95_high") < number(&grant[0], "effect_ci95_low"))
        .count();
    assert!(clear > 0);
    assert_eq!(
        number(&grant[0], "rank_worst") as usize,
        grant.len() - clear
    );
    let curve = csv_rows(&out.join("mb_value_curve.csv"));
    let bucket = curve
        .iter()
        .find(|r| r["stars"] == "8" && r["price"] == "3")
        .expect("a value-curve line for 8 stars at $3");
    assert_eq!(bucket["card_names"], "Gust Hawk");
    assert_eq!(bucket["verdict"], "under-priced");
    let cards = csv_rows(&out.join("mb_cards.csv"));
    let hawk = cards.iter().find(|r| r["card"] == "Gust Hawk").unwrap();
    assert_eq!(hawk["verdict"], "under-priced");
}

/// The same card nerfed (1 star, no RP when played) is worth about
/// nothing as a gift, like a dozen of the pool's cheapest cards: at 2,000
/// games a card it ranks in the bottom quarter of `mb_grant.csv`, below
/// the median card. Not on a small run: at 1,000 games a card its place
/// among those cards moves with the seed from 57th to 120th of 120
/// (docs/performance.md, "The nerfed card at 2,000 games a card, a fresh
/// seed"). About 10 minutes on two cores:
/// `cargo test --release --test store_tables -- --ignored`.
#[test]
#[ignore]
fn a_nerfed_card_ranks_in_the_bottom_quarter_of_the_grant_ranking() {
    let dir = TempDir::new().unwrap();
    let nerf = [
        "--set",
        "Gust Hawk.stars=1",
        "--set",
        "Gust Hawk.effects.0.amount=0",
        "--grant-all",
    ];
    let out = run_seeded(dir.path(), "nerf", 2000, 14, &nerf);
    let grant = csv_rows(&out.join("mb_grant.csv"));
    let number =
        |row: &HashMap<String, String>, column: &str| -> f64 { row[column].parse().unwrap() };
    let hawk = grant.iter().find(|r| r["card"] == "Gust Hawk").unwrap();
    let rank = number(hawk, "rank") as usize;
    assert!(rank > grant.len() * 3 / 4, "{hawk:?}");
    let median = &grant[grant.len() / 2];
    assert!(
        number(hawk, "effect") < number(median, "effect"),
        "{hawk:?}"
    );
}

/// The greedy bots value a tournament deck partly by what its cards'
/// effects are worth (`Card::rp_worth`, the `deck_rp` feature). For the
/// cards whose effects only gain their owner RP, that estimate is near
/// what the effect yields per play in the bots' own games, recounted
/// from the event logs. An estimate far above it made a gift hurt its
/// receiver (docs/performance.md, "What a card's effect is worth to the
/// bots"): "2 RP per face-down card" taken as 4 RP yields 0.2.
#[test]
fn the_bots_worth_of_an_effect_is_near_what_it_yields_in_their_games() {
    use decklab::games::Ruleset;
    use decklab::games::millennium_blades::MillenniumBlades;
    use decklab::games::millennium_blades::cards::{Effect, Op, When, Who};
    let dir = TempDir::new().unwrap();
    let out = run(dir.path(), "worth", 150, &["--log", "150"]);
    let (mut plays, mut gained) = (HashMap::new(), HashMap::new());
    for entry in std::fs::read_dir(out.join("logs")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text.lines() {
            let e: Value = serde_json::from_str(line).unwrap();
            match e["event"].as_str().unwrap() {
                "play" => {
                    *plays
                        .entry(e["card"].as_str().unwrap().to_owned())
                        .or_insert(0.0) += 1.0
                }
                "rp" if e["delta"].as_i64().unwrap() > 0 => {
                    let source = e["source"].as_str().unwrap_or_default().to_owned();
                    *gained.entry(source).or_insert(0.0) += e["delta"].as_f64().unwrap();
                }
                _ => {}
            }
        }
    }
    // Effects that only gain their owner RP, whose RP the log credits to
    // the card itself (a Next effect's goes to the next card).
    let own_rp = |e: &Effect| {
        e.op == Op::GainRp && e.who == Who::You && e.condition.is_none() && e.when != When::Next
    };
    let pool = MillenniumBlades::bundled_cards();
    let mut errors = Vec::new();
    for (_, card) in pool.cards() {
        let played = plays.get(&card.name).copied().unwrap_or(0.0);
        if card.effects.is_empty() || !card.effects.iter().all(own_rp) || played < 30.0 {
            continue;
        }
        let yielded = gained.get(&card.name).copied().unwrap_or(0.0) / played;
        errors.push((card.name.clone(), card.rp_worth(), yielded));
    }
    assert!(errors.len() >= 30, "{errors:?}");
    let off = |(_, worth, yielded): &(String, f32, f64)| (f64::from(*worth) - yielded).abs();
    let mean = errors.iter().map(off).sum::<f64>() / errors.len() as f64;
    assert!(mean <= 1.0, "mean error {mean:.2} RP: {errors:?}");
    for e in &errors {
        assert!(off(e) <= 4.0, "{e:?}");
    }
}

#[test]
fn a_grant_outside_a_store_or_of_an_unknown_card_is_refused() {
    let dir = TempDir::new().unwrap();
    let o = decklab(dir.path(), &["simulate", "--grant", "Ember Pup", "-n", "2"]);
    common::assert_fails(&o, &["--grant", "millennium-blades"]);
    let o = decklab(
        dir.path(),
        &[
            "simulate",
            "-g",
            "millennium-blades",
            "--players",
            "4",
            "--grant",
            "Ember Pupp",
            "-n",
            "2",
        ],
    );
    common::assert_fails(&o, &["did you mean \"Ember Pup\"?"]);
}

/// `row`'s printed lift interval is `[low, high]` clipped to [-1, 1], the
/// range of a lift (docs/outputs.md), to its last digit.
fn assert_interval_printed(row: &HashMap<String, String>, low: f64, high: f64) {
    let (low, high) = (low.max(-1.0), high.min(1.0));
    for (column, value) in [("lift_ci95_low", low), ("lift_ci95_high", high)] {
        let printed: f64 = row[column].parse().unwrap();
        assert!(
            (printed - value).abs() <= 0.5e-4 + 1e-9,
            "{} {column}: {printed} against {value}",
            row["card"]
        );
    }
}
