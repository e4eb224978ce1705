//! `games.csv`: one line per game, written as games complete, in game
//! order.

use super::atomic::{OutputDir, OutputError};
use super::csv::CsvFile;
use crate::core::{Outcome, Player, PlayerSummary};
use crate::stats::Matchup;

/// Columns of `games.csv`.
pub const GAMES: [&str; 14] = [
    "game",
    "seed",
    "first",
    "deck_a",
    "deck_b",
    "bot_a",
    "bot_b",
    "winner",
    "reason",
    "turns",
    "hero_health_a",
    "hero_health_b",
    "prizes_a",
    "prizes_b",
];

/// One finished game, as `games.csv` reports it.
#[derive(Clone, Copy, Debug)]
pub struct GameLine<'a> {
    /// The game's index in the run, from 0.
    pub game: u64,
    /// The game's seed.
    pub seed: u64,
    /// Who took the first turn (empty if no turn began).
    pub first: Option<Player>,
    /// The decks and bots.
    pub matchup: &'a Matchup,
    /// The outcome.
    pub outcome: &'a Outcome,
    /// Turns played, both players' counted.
    pub turns: u32,
    /// End-of-game figures by seat.
    pub summaries: &'a [PlayerSummary],
}

/// The `games.csv` file of a run.
#[derive(Debug)]
pub struct GamesCsv {
    csv: CsvFile,
}

impl GamesCsv {
    /// Starts `games.csv` in `out`.
    pub fn create(out: &OutputDir) -> Result<Self, OutputError> {
        Ok(GamesCsv {
            csv: CsvFile::create(out, "games.csv", &GAMES)?,
        })
    }

    /// Appends one game.
    pub fn write(&mut self, g: &GameLine<'_>) -> Result<(), OutputError> {
        let seat = |p: Option<Player>| p.map_or_else(String::new, |p| p.letter().to_string());
        let summary = |i: usize| g.summaries.get(i).copied().unwrap_or_default();
        let (a, b) = (summary(0), summary(1));
        self.csv.row([
            g.game.to_string(),
            g.seed.to_string(),
            seat(g.first),
            g.matchup.decks[0].clone(),
            g.matchup.decks[1].clone(),
            g.matchup.bots[0].clone(),
            g.matchup.bots[1].clone(),
            g.outcome
                .winner
                .map_or_else(|| "draw".to_owned(), |p| p.letter().to_string()),
            g.outcome.reason.to_owned(),
            g.turns.to_string(),
            a.health.to_string(),
            b.health.to_string(),
            a.score.to_string(),
            b.score.to_string(),
        ])
    }

    /// Completes the file.
    pub fn finish(self, out: &mut OutputDir) -> Result<(), OutputError> {
        self.csv.finish(out)
    }
}
