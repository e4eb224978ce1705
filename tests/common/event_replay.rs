//! The driver of the log-reader tests: plays seeded games (uniformly
//! random or greedy against greedy), turns every event into its log line
//! (`Report::event_json`, exactly what `logs/game-<i>.jsonl` holds), feeds
//! the lines to a ruleset's independent reader and, after every action,
//! compares the reader's picture of each seat with the engine's state.
//!
//! The reader sees only the log lines: it never calls the engine. The
//! comparison on the other side reads the engine's state.

use std::ops::Range;

use decklab::bots::{Bot, FeatureSet, Strategy};
use decklab::core::{Evaluate, Game, Node, Player, Report, below, derive_rng};
use serde_json::Value;

/// A ruleset's log reader: a picture of the game rebuilt from log lines.
pub trait LogReader<G: Game>: Default {
    /// Applies one log line.
    fn read(&mut self, line: &Value);

    /// Where the picture differs from `state` (`game` only names cards and
    /// gives the engine's figures), or `Ok`.
    fn compare(&self, game: &G, state: &G::State) -> Result<(), String>;
}

/// What a replay checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played to the end.
    pub games: u64,
    /// Actions, each followed by a comparison.
    pub actions: u64,
    /// Log lines read.
    pub lines: u64,
}

/// The player a log line names.
pub fn seat(line: &Value) -> usize {
    match line["player"].as_str() {
        Some("a") => 0,
        Some("b") => 1,
        other => panic!("a line without a two-seat player: {other:?} in {line}"),
    }
}

/// A log line's field as a number.
pub fn num(line: &Value, field: &str) -> i64 {
    line[field]
        .as_i64()
        .unwrap_or_else(|| panic!("no number {field:?} in {line}"))
}

/// A log line's field as text.
pub fn text<'a>(line: &'a Value, field: &str) -> &'a str {
    line[field]
        .as_str()
        .unwrap_or_else(|| panic!("no text {field:?} in {line}"))
}

/// Plays one game per seed (random choices, or greedy bots in every seat)
/// and checks reader `R` against the state after every action; panics on
/// the first mismatch with the seed, the action count and the lines of
/// the action.
pub fn replay<G, R>(game: &G, seeds: Range<u64>, greedy: bool) -> Tally
where
    G: Game + Report + Evaluate,
    R: LogReader<G>,
{
    let strategy = Strategy::resolve("greedy", FeatureSet::of(game)).expect("greedy");
    let mut tally = Tally::default();
    let mut legal = Vec::new();
    for seed in seeds {
        let mut rng = derive_rng(seed, 0);
        let mut choice = derive_rng(seed, 1);
        let mut bots: Vec<Bot<G>> = Player::all(game.num_players())
            .map(|_| Bot::new(game, &strategy))
            .collect();
        let mut reader = R::default();
        let mut lines = Vec::new();
        let mut state = game.start(&mut rng, &mut |e: &G::Event| lines.push(game.event_json(e)));
        for line in &lines {
            reader.read(line);
        }
        tally.lines += lines.len() as u64;
        if let Err(m) = reader.compare(game, &state) {
            panic!("seed {seed}: after the start: {m}");
        }
        for step in 0.. {
            let Node::Decision(player) = game.to_move(&state) else {
                break;
            };
            assert!(step < 100_000, "seed {seed}: the game did not end");
            game.legal_actions(&state, &mut legal);
            let action = if greedy {
                let view = game.determinize(&state, player, &mut choice);
                bots[player.index()]
                    .choose(game, &view, &legal, player, &mut choice)
                    .expect("a searching bot always moves")
            } else {
                legal[below(&mut choice, legal.len() as u32) as usize]
            };
            let mut lines = Vec::new();
            let mut log = |e: &G::Event| lines.push(game.event_json(e));
            game.apply(&mut state, action, &mut rng, &mut log);
            for line in &lines {
                reader.read(line);
            }
            tally.actions += 1;
            tally.lines += lines.len() as u64;
            if let Err(m) = reader.compare(game, &state) {
                let lines: Vec<String> = lines.iter().map(Value::to_string).collect();
                panic!(
                    "seed {seed} ({}), after action {step} ({action:?}): {m}\nits lines:\n{}",
                    if greedy { "greedy" } else { "random" },
                    lines.join("\n")
                );
            }
        }
        tally.games += 1;
    }
    tally
}
