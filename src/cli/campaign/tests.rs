//! A campaign at four seats on the toy game: every seat's deck and bot are
//! the ones asked for, `games.csv` and `seats.csv` hold every seat, win
//! shares add up to one, and a stronger deck or bot in any seat wins more
//! than a quarter of the games.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use tempfile::TempDir;

use super::*;
use crate::bots::FeatureSet;
use crate::core::toy::{STANDARD, ToyGame};
use crate::games::Options;
use crate::sim::Shard;

/// Entry decks, by name.
const LOW: [u8; 8] = [1, 1, 2, 2, 3, 3, 4, 4];
const HIGH: [u8; 8] = [5, 5, 6, 6, 7, 7, 8, 8];

fn strategy(name: &str, text: &str) -> Strategy {
    let features = FeatureSet::of(&ToyGame::duel());
    Strategy::parse(name, "test.toml", text.as_bytes(), features).expect("a valid strategy")
}

/// The toy table of `entries` (name, deck, strategy index), one game per
/// seat rotation as `Pairing::new` builds them.
fn pairing(entries: &[(&str, [u8; 8], usize)]) -> Pairing<ToyGame> {
    let n = entries.len();
    let games = (0..n)
        .map(|r| {
            let seated: Vec<[u8; 8]> = (0..n).map(|s| entries[(s + n - r) % n].1).collect();
            ToyGame::with_decks(&seated)
        })
        .collect();
    Pairing {
        games,
        decks: Seats::from_fn(n, |p| entries[p.index()].0.to_owned()),
        bots: Seats::from_fn(n, |p| entries[p.index()].2),
    }
}

fn run_args(out: &Path) -> RunArgs {
    RunArgs {
        seed: 3,
        threads: Some(2),
        out: out.to_path_buf(),
        log: 0,
        shard: Shard::WHOLE,
        report: false,
        quiet: true,
    }
}

/// Plays `games` games of `pairing` into `out`; returns the tallies.
fn play(pairing: Pairing<ToyGame>, games: u64, out: &Path) -> RunStats {
    let campaign = Campaign {
        command: "simulate",
        pairings: vec![pairing],
        strategies: vec![
            strategy("random", "kind = \"random\""),
            strategy(
                "greedy",
                "kind = \"greedy\"\n[weights.toy]\npoints = 1\nopp_points = 1\nhand_total = 0.05\nleading = 0.5\n",
            ),
        ],
        block: games,
        options: Options::default(),
        files: Vec::new(),
        settings: serde_json::json!({}),
        followed: None,
    };
    let args = run_args(out);
    let stop = AtomicBool::new(false);
    let mut session = Session::start(&campaign, &args, &stop, games).expect("a session");
    assert!(session.play(0, 0, games).expect("games"));
    session
        .finish(|_, _| Ok(()))
        .expect("files")
        .expect("games played")
        .stats
}

fn rows(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_path(path).expect("a CSV file");
    let header = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    (header, rows)
}

#[test]
fn four_seats_go_round_the_table_and_every_file_holds_every_seat() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("run");
    let entries = [
        ("low", LOW, 0),
        ("std-greedy", STANDARD, 1),
        ("high", HIGH, 0),
        ("std", STANDARD, 0),
    ];
    let games = 200;
    let stats = play(pairing(&entries), games, &out);

    let (header, lines) = rows(&out.join("games.csv"));
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("{name}"))
    };
    for seat in ["a", "b", "c", "d"] {
        for what in ["deck", "bot", "rank", "health", "score"] {
            col(&format!("{what}_{seat}"));
        }
    }
    assert_eq!(lines.len(), games as usize);
    let mut high_first = 0;
    for (i, line) in lines.iter().enumerate() {
        for s in 0..4 {
            let seat = Player::new(s).letter();
            // Game i seats entry e at seat (e + i) mod 4.
            let (name, _, bot) = entries[(s + 4 - i % 4) % 4];
            assert_eq!(
                line[col(&format!("deck_{seat}"))],
                name,
                "game {i} seat {seat}"
            );
            let bot_name = ["random", "greedy"][bot];
            assert_eq!(
                line[col(&format!("bot_{seat}"))],
                bot_name,
                "game {i} seat {seat}"
            );
            if name == "high" && line[col(&format!("rank_{seat}"))] == "1" {
                high_first += 1;
            }
        }
    }
    // The high deck really sits where games.csv says: it wins almost
    // every game from whichever seat.
    assert!(
        high_first > games * 8 / 10,
        "high deck first {high_first} of {games}"
    );

    let (header, seat_rows) = rows(&out.join("seats.csv"));
    assert_eq!(
        header,
        [
            "game", "seat", "deck", "bot", "rank", "score", "first", "in_hand"
        ]
    );
    assert_eq!(seat_rows.len(), 4 * games as usize);
    for (k, row) in seat_rows.iter().enumerate() {
        let (game, seat) = (k / 4, k % 4);
        let line = &lines[game];
        let letter = Player::new(seat).letter();
        assert_eq!(row[0], game.to_string());
        assert_eq!(row[1], letter.to_string());
        assert_eq!(row[2], line[col(&format!("deck_{letter}"))]);
        assert_eq!(row[3], line[col(&format!("bot_{letter}"))]);
        assert_eq!(row[4], line[col(&format!("rank_{letter}"))]);
        assert_eq!(row[5], line[col(&format!("score_{letter}"))]);
    }

    // Win shares add up to one game per game; every entry sat in every
    // seat a quarter of the time.
    let table = stats.matchups.values().next().unwrap();
    let shares: f64 = table.entries.iter().map(|e| e.win_share.points()).sum();
    assert!((shares - games as f64).abs() < 1e-9, "{shares}");
    for e in &table.entries {
        assert!(e.by_seat.iter().all(|s| s.games == games / 4));
    }
    let (header, summary) = rows(&out.join("summary.csv"));
    assert_eq!(summary.len(), 4);
    let share_col = header.iter().position(|h| h == "win_share").unwrap();
    let total: f64 = summary
        .iter()
        .map(|r| r[share_col].parse::<f64>().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 2e-4, "{total}");
}

#[test]
fn a_greedy_entry_wins_more_than_a_quarter_from_every_seat() {
    let dir = TempDir::new().unwrap();
    let entries = [
        ("std", STANDARD, 0),
        ("std", STANDARD, 0),
        ("std-greedy", STANDARD, 1),
        ("std", STANDARD, 0),
    ];
    let games = 800;
    let stats = play(pairing(&entries), games, &dir.path().join("run"));
    let table = stats.matchups.values().next().unwrap();
    let greedy = &table.entries[2];
    for (seat, share) in greedy.by_seat.iter().enumerate() {
        let rate = share.rate().unwrap();
        let (low, _) = share.wilson95().unwrap();
        assert!(
            low > 0.25,
            "greedy at seat {seat}: win share {rate} (95% low {low})"
        );
    }
}
