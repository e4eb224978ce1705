//! The Nostalgix fixture decks, `tests/fixtures/nostalgix/*.deck`: test
//! decks, not starter decks, that hold every card of the bundled pool the
//! four starter decks leave out, so the whole-game checks (conformance,
//! soak, log reader, honesty) play every card of the pool
//! (`tests/nostalgix_pool.rs` checks that none is left out).

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;

use decklab::games::Ruleset;
use decklab::games::nostalgix::cards::CardDb;
use decklab::games::nostalgix::deck::Deck;
use decklab::games::nostalgix::{Nostalgix, Options};

/// The folder of the fixture decks.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/nostalgix")
}

/// Every fixture deck as (name, text), in name order.
pub fn texts() -> Vec<(String, String)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/fixtures/nostalgix")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "deck"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let name = p
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            (name, text)
        })
        .collect()
}

/// Every fixture deck, parsed and checked against `db`.
pub fn decks(db: &CardDb) -> Vec<Deck> {
    texts()
        .iter()
        .map(|(name, text)| {
            Nostalgix::parse_deck(text, name, name, db)
                .unwrap_or_else(|e| panic!("fixture deck {name}: {e:?}"))
        })
        .collect()
}

/// The fixture matchups on the bundled pool, default options: each
/// fixture deck against the next one (the last against the first), so
/// each deck sits once in each seat.
pub fn matchups() -> Vec<Nostalgix> {
    let db = Nostalgix::bundled_cards();
    let decks = decks(&db);
    assert!(decks.len() >= 2, "at least two fixture decks");
    let db = Arc::new(db);
    (0..decks.len())
        .map(|i| {
            let seats = vec![decks[i].clone(), decks[(i + 1) % decks.len()].clone()];
            Nostalgix::new_match(db.clone(), seats, Options::default())
        })
        .collect()
}
