//! Loaders never panic and always explain: arbitrary bytes, arbitrary
//! text, and mutations of the real files (dropped, doubled and swapped
//! lines, huge and negative numbers, unknown words, a 10 MB line) fed to
//! the deck parser, the card loader, the strategy loader and the `--set`
//! parser. Every case
//! must return quickly, and every error must name the file (and a line
//! when the problem has one).
//!
//! CI size (`cargo test --release`): 10,000 cases per loader (1,000 in a
//! debug build). A longer campaign:
//! `DECKLAB_FUZZ_CASES=1000000 cargo test --release --test fuzz_loaders`.

use std::time::{Duration, Instant};

use decklab::bots::FeatureSet;
use decklab::core::{CardDef, GameRng, below, rng_from_seed};
use decklab::games::Ruleset;
use decklab::games::nostalgix::cards::{BUNDLED_CARDS, CardDb};
use decklab::games::nostalgix::deck::Deck;
use decklab::games::nostalgix::{BUNDLED_DECKS, FEATURES, Nostalgix};

/// The fields `--set` takes.
const FIELDS: &[&str] = <Nostalgix as Ruleset>::Card::FIELDS;

const NOSTALGIX: FeatureSet = FeatureSet {
    game: "nostalgix",
    names: &FEATURES,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

const STRATEGY: &str = include_str!("../strategies/greedy.toml");

fn cases() -> u32 {
    std::env::var("DECKLAB_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// Words that make interesting TOML and deck lists.
const WORDS: [&str; 40] = [
    "[[fighter]]",
    "[[spell]]",
    "[[hero]]",
    "[[token]]",
    "[[surprise]]",
    "[[equipment]]",
    "[[arena]]",
    "name = \"X\"",
    "name = \"Pup\"",
    "health = 3",
    "health = 99999999999",
    "cost = -1",
    "level = 4",
    "evolves_from = \"X\"",
    "attacks = [{ name = \"a\", damage = 2 }]",
    "effects = [{ do = \"damage\" }]",
    "effects = [{ do = \"explode\" }]",
    "token = \"X\"",
    "trigger = \"enemy_attack\"",
    "keywords = [\"Taunt\"]",
    "when = { coin = \"heads\" }",
    "when = {}",
    "aura = { atk = 200 }",
    "kind = \"greedy\"",
    "kind = \"ismcts\"",
    "iterations = 0",
    "exploration = nan",
    "[weights.nostalgix]",
    "hero_health = 1e400",
    "Hero: Captain Ember",
    "4 Stack-O-Fox",
    "99999999999999999999 Stack-O-Fox",
    "0 X",
    "#",
    "=",
    "\"",
    "[",
    "{",
    "\u{0}",
    "\u{feff}",
];

fn random_text(rng: &mut GameRng) -> String {
    let mut s = String::new();
    for _ in 0..below(rng, 24) {
        match below(rng, 4) {
            0 => s.push(char::from_u32(below(rng, 0x3000)).unwrap_or('?')),
            1 => s.push('\n'),
            _ => {
                s.push_str(WORDS[below(rng, WORDS.len() as u32) as usize]);
                s.push(if below(rng, 2) == 0 { '\n' } else { ' ' });
            }
        }
    }
    s
}

/// A mutation of `text`: a line dropped, doubled or swapped, a number made
/// huge or negative, or a random word inserted.
fn mutate(rng: &mut GameRng, text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        return random_text(rng);
    }
    for _ in 0..=below(rng, 3) {
        let n = lines.len() as u32;
        let i = below(rng, n) as usize;
        match below(rng, 6) {
            0 => {
                lines.remove(i);
            }
            1 => lines.insert(i, lines[i].clone()),
            2 => lines.swap(i, below(rng, n) as usize),
            3 => lines[i] = lines[i].replace(|c: char| c.is_ascii_digit(), "9999999999"),
            4 => lines[i] = lines[i].replace('=', "= -"),
            _ => lines.insert(
                i,
                WORDS[below(rng, WORDS.len() as u32) as usize].to_string(),
            ),
        }
        if lines.is_empty() {
            break;
        }
    }
    lines.join("\n")
}

/// One input: arbitrary bytes, arbitrary UTF-8, token soup, or a
/// mutation of the real file `real` (by a seeded mutator).
fn input(real: &'static str) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..512),
        any::<String>().prop_map(String::into_bytes),
        any::<u64>().prop_map(|seed| random_text(&mut rng_from_seed(seed)).into_bytes()),
        any::<u64>().prop_map(move |seed| mutate(&mut rng_from_seed(seed), real).into_bytes()),
        any::<u64>().prop_map(move |seed| mutate(&mut rng_from_seed(seed), real).into_bytes()),
    ]
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Runs `check` on `input`; it must finish within a second.
fn bounded(check: impl FnOnce()) -> Result<(), TestCaseError> {
    let t = Instant::now();
    check();
    prop_assert!(
        t.elapsed() < Duration::from_secs(1),
        "took {:?}",
        t.elapsed()
    );
    Ok(())
}

fn assert_explained(path: &str, message: &str) {
    for line in message.lines() {
        assert!(line.starts_with(path), "unexplained error: {line}");
    }
}

fn check_deck(db: &CardDb, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Err(errors) = Deck::parse(&text, "fuzz.deck", db) {
        assert!(!errors.is_empty());
        for e in errors {
            assert_explained("fuzz.deck", &e.to_string());
        }
    }
}

fn check_cards(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Err(errors) = CardDb::parse(&text, "fuzz.toml") {
        assert!(!errors.0.is_empty());
        assert_explained("fuzz.toml", &errors.to_string());
    }
}

fn check_strategy(bytes: &[u8]) {
    if let Err(e) = decklab::bots::Strategy::parse("fuzz", "fuzz.toml", bytes, NOSTALGIX) {
        assert_explained("fuzz.toml", &e.to_string());
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn deck_lists(bytes in input(BUNDLED_DECKS[0].1)) {
        static DB: std::sync::OnceLock<CardDb> = std::sync::OnceLock::new();
        let db = DB.get_or_init(Nostalgix::bundled_cards);
        bounded(|| check_deck(db, &bytes))?;
    }

    #[test]
    fn card_files(bytes in input(BUNDLED_CARDS)) {
        bounded(|| check_cards(&bytes))?;
    }

    #[test]
    fn strategy_files(bytes in input(STRATEGY)) {
        bounded(|| check_strategy(&bytes))?;
    }

    #[test]
    fn set_overrides(spec in set_spec()) {
        static DB: std::sync::OnceLock<CardDb> = std::sync::OnceLock::new();
        let mut db = DB.get_or_init(Nostalgix::bundled_cards).clone();
        bounded(|| {
            // Either applied, or explained in words; never a panic.
            if let Err(message) = db.apply_override(&spec) {
                assert!(!message.is_empty());
            }
        })?;
    }
}

/// `--set` specs: arbitrary text, and mutations of a valid one.
fn set_spec() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ -~]{0,40}",
        any::<u64>()
            .prop_map(|seed| mutate(&mut rng_from_seed(seed), "Stack-O-Fox.attacks.0.damage=3")),
        // A known field (with N = 0), or a random one, and a random number.
        (0..=FIELDS.len(), "[a-z.0-9]{0,12}", "-?[0-9]{0,12}").prop_map(|(f, random, v)| {
            let field = FIELDS.get(f).map_or(random, |f| f.replace('N', "0"));
            format!("Stack-O-Fox.{field}={v}")
        }),
    ]
}

/// A 10 MB line appended to each real file: an error or a result, quickly.
#[test]
fn ten_megabyte_lines() {
    let long = "x".repeat(10 << 20);
    let db = Nostalgix::bundled_cards();
    let t = Instant::now();
    check_deck(&db, format!("{}\n{long}", BUNDLED_DECKS[0].1).as_bytes());
    check_cards(format!("{BUNDLED_CARDS}\n{long}").as_bytes());
    check_strategy(format!("{STRATEGY}\n{long}").as_bytes());
    assert!(
        t.elapsed() < Duration::from_secs(10),
        "took {:?}",
        t.elapsed()
    );
}
