//! Loaders never panic and always explain: arbitrary bytes, arbitrary
//! text, and mutations of the real files (dropped, doubled and swapped
//! lines, huge and negative numbers, unknown words, a 10 MB line) fed to
//! the deck parser, the card loader and the strategy loader. Every case
//! must return quickly, and every error must name the file (and a line
//! when the problem has one).
//!
//! CI size (`cargo test --release`): 10,000 cases per loader (1,000 in a
//! debug build). A longer campaign:
//! `DECKLAB_FUZZ_CASES=1000000 cargo test --release --test fuzz_loaders`.

use std::time::{Duration, Instant};

use decklab::bots::Strategy;
use decklab::core::{GameRng, below, rng_from_seed};
use decklab::games::nostalgix::cards::{BUNDLED_CARDS, CardDb};
use decklab::games::nostalgix::deck::Deck;
use decklab::games::nostalgix::{FEATURES, bundled_decks};

const STRATEGY: &str = include_str!("../strategies/greedy.toml");

fn cases() -> u64 {
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
    "[weights]",
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

fn random_bytes(rng: &mut GameRng) -> Vec<u8> {
    (0..below(rng, 256))
        .map(|_| below(rng, 256) as u8)
        .collect()
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

/// Feeds `cases` inputs to `check`, each built by `input` from a seeded
/// RNG; each must finish within a second.
fn campaign(
    name: &str,
    mut input: impl FnMut(&mut GameRng, u64) -> Vec<u8>,
    check: impl Fn(&[u8]),
) {
    let mut rng = rng_from_seed(name.len() as u64);
    let started = Instant::now();
    for case in 0..cases() {
        let bytes = input(&mut rng, case);
        let t = Instant::now();
        check(&bytes);
        assert!(
            t.elapsed() < Duration::from_secs(1),
            "{name}: case {case} took {:?}",
            t.elapsed()
        );
    }
    eprintln!(
        "{name}: {} cases in {:.1} s",
        cases(),
        started.elapsed().as_secs_f64()
    );
}

/// Mixed inputs: bytes, text, mutations of `real`, and one 10 MB line.
fn inputs(real: &'static str) -> impl FnMut(&mut GameRng, u64) -> Vec<u8> {
    move |rng, case| match case {
        0 => format!("{}\n{}", real, "x".repeat(10 << 20)).into_bytes(),
        _ => match below(rng, 3) {
            0 => random_bytes(rng),
            1 => random_text(rng).into_bytes(),
            _ => mutate(rng, real).into_bytes(),
        },
    }
}

fn assert_explained(path: &str, message: &str) {
    for line in message.lines() {
        assert!(line.starts_with(path), "unexplained error: {line}");
    }
}

#[test]
fn deck_lists() {
    let db = CardDb::bundled();
    campaign("deck", inputs(bundled_decks()[0].1), |bytes| {
        let text = String::from_utf8_lossy(bytes);
        if let Err(errors) = Deck::parse(&text, "fuzz.deck", &db) {
            assert!(!errors.is_empty());
            for e in errors {
                assert_explained("fuzz.deck", &e.to_string());
            }
        }
    });
}

#[test]
fn card_files() {
    campaign("cards", inputs(BUNDLED_CARDS), |bytes| {
        let text = String::from_utf8_lossy(bytes);
        if let Err(errors) = CardDb::parse(&text, "fuzz.toml") {
            assert!(!errors.0.is_empty());
            assert_explained("fuzz.toml", &errors.to_string());
        }
    });
}

#[test]
fn strategy_files() {
    let names: &'static [&'static str] = &FEATURES;
    campaign("strategy", inputs(STRATEGY), |bytes| {
        if let Err(e) = Strategy::parse("fuzz", "fuzz.toml", bytes, names) {
            assert_explained("fuzz.toml", &e.to_string());
        }
    });
}
