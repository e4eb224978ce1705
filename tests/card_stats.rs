//! `cards.csv` means what 17lands means: a card played was in hand first,
//! however it got there (drawn, searched, fetched, the opening hand), and
//! the four game sets GIH, OH, GD and GNS fit together.

use tempfile::TempDir;

mod common;
use common::{decklab, stderr};

/// The `cards.csv` of a round-robin of every bundled deck of `game`.
fn round_robin_cards(game: &str) -> Vec<csv::StringRecord> {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("run");
    let o = decklab(
        dir.path(),
        &[
            "round-robin",
            "--game",
            game,
            "--games",
            "60",
            "--seed",
            "3",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{game}: {}", stderr(&o));
    let mut reader = csv::Reader::from_path(out.join("cards.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    assert_eq!(&header[3], "gih_games");
    reader.records().map(Result::unwrap).collect()
}

#[test]
fn every_card_played_was_in_hand_and_the_game_sets_add_up() {
    // Nostalgix' bundled decks search (Burrow Mole, Seek the Lineage); the
    // Nintendo TCG's search, fetch from the extra deck and pick a
    // Commander from the deck.
    for game in ["nostalgix", "pixel-tactics", "astrom-cross", "nintendo-tcg"] {
        let rows = round_robin_cards(game);
        assert!(!rows.is_empty(), "{game}: no card row");
        let mut games_of_deck = std::collections::BTreeMap::new();
        for r in &rows {
            let n = |i: usize| r[i].parse::<u64>().unwrap();
            let (gih, oh, gd, gns, played) = (n(3), n(7), n(11), n(15), n(22));
            let what = format!("{game} {} {}", &r[0], &r[1]);
            assert!(
                gih >= played,
                "{what}: in hand in {gih} games, played in {played}"
            );
            assert!(
                oh <= gih && gd <= gih && oh + gd >= gih,
                "{what}: OH/GD vs GIH"
            );
            let games = *games_of_deck.entry(r[0].to_owned()).or_insert(gih + gns);
            assert_eq!(gih + gns, games, "{what}: GIH + GNS = the deck's games");
        }
    }
}

/// Each card's GIH games and win rate of `cards.csv`, recounted from the
/// `in_hand` masks of `seats.csv` (bit `i`: the deck's `i`-th row).
fn gih_from_seats(run: &std::path::Path) -> Vec<(String, String, u64, String)> {
    let cards = common::csv_rows(&run.join("cards.csv"));
    let seats = common::csv_rows(&run.join("seats.csv"));
    let mut games: std::collections::BTreeMap<u64, Vec<&_>> = Default::default();
    for s in &seats {
        games.entry(s["game"].parse().unwrap()).or_default().push(s);
    }
    cards
        .iter()
        .map(|row| {
            let deck = &row["deck"];
            let index = cards
                .iter()
                .filter(|r| &r["deck"] == deck)
                .position(|r| r["card"] == row["card"])
                .unwrap();
            let (mut n, mut units) = (0u64, 0u64);
            for seats in games.values() {
                for s in seats.iter().filter(|s| &s["deck"] == deck) {
                    let mask = &s["in_hand"];
                    assert!(
                        !mask.is_empty()
                            && mask.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')),
                        "{mask}"
                    );
                    let digit = mask.len().checked_sub(1 + index / 4);
                    let value = digit.map_or(0, |d| u32::from_str_radix(&mask[d..=d], 16).unwrap());
                    if value >> (index % 4) & 1 == 1 {
                        // Two seats: a lone first place wins, a shared one draws.
                        let firsts = seats.iter().filter(|o| o["rank"] == "1").count();
                        n += 1;
                        units += match (s["rank"].as_str(), firsts) {
                            ("1", 1) => 2,
                            ("1", _) => 1,
                            _ => 0,
                        };
                    }
                }
            }
            let rate = if n == 0 {
                String::new()
            } else {
                format!("{:.4}", units as f64 / (2 * n) as f64)
            };
            (deck.clone(), row["card"].clone(), n, rate)
        })
        .collect()
}

#[test]
fn seats_csv_in_hand_recounts_every_gih_figure() {
    // Every ruleset with hands, and a mirror, whose two seats both count.
    let runs: [&[&str]; 5] = [
        &["--game", "nostalgix"],
        &[
            "--game",
            "nostalgix",
            "--deck",
            "hero-rush",
            "--opponent",
            "hero-rush",
        ],
        &["--game", "pixel-tactics"],
        &["--game", "astrom-cross"],
        &["--game", "nintendo-tcg"],
    ];
    for (i, extra) in runs.iter().enumerate() {
        let dir = TempDir::new().unwrap();
        let out = format!("run{i}");
        let mut args = vec!["simulate", "--games", "40", "--quiet", "--out", &out];
        args.extend_from_slice(extra);
        let o = decklab(dir.path(), &args);
        assert!(o.status.success(), "{extra:?}: {}", stderr(&o));
        let run = dir.path().join(&out);
        let file: Vec<_> = common::csv_rows(&run.join("cards.csv"))
            .iter()
            .map(|r| {
                let n = r["gih_games"].parse().unwrap();
                (
                    r["deck"].clone(),
                    r["card"].clone(),
                    n,
                    r["gih_win_rate"].clone(),
                )
            })
            .collect();
        assert!(file.iter().any(|c| c.2 > 0), "{extra:?}: no card in hand");
        assert_eq!(gih_from_seats(&run), file, "{extra:?}");
    }
}
