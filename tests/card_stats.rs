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
