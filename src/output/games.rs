//! `games.csv` (one line per game) and `seats.csv` (one line per seat of
//! every game), written as games complete, in game order.
//!
//! `games.csv` has one column per seat for each per-seat figure: `deck_a`,
//! `deck_b`… At two seats the columns are `game, seat, first, deck_a,
//! deck_b, bot_a, bot_b, winner, reason, turns, health_a, health_b,
//! score_a, score_b`; at more seats every seat's `rank_*` comes after
//! `turns`; a ruleset with a store (Millennium Blades) adds `store_seen`
//! and `store_bought` at the end (see [`crate::stats::write_store_masks`]).
//! `seats.csv` holds the same games in tidy form, with each
//! seat's `in_hand`: which cards of its list were in hand (see
//! [`crate::stats::write_in_hand`]).

use super::atomic::{OutputDir, OutputError};
use super::csv::CsvFile;
use super::names::{GAMES_CSV, SEATS_CSV};
use crate::core::{Outcome, Player, SeatSummary, Seats};

/// Columns of `seats.csv`.
pub const SEATS: [&str; 8] = [
    "game", "seat", "deck", "bot", "rank", "score", "first", "in_hand",
];

/// The columns of `games.csv` for a table of `players` seats, with the
/// store's columns if `store`.
pub fn games_columns(players: usize, store: bool) -> Vec<String> {
    let per_seat = |name: &str| -> Vec<String> {
        Player::all(players)
            .map(|p| format!("{name}_{}", p.letter()))
            .collect()
    };
    let mut columns: Vec<String> = ["game", "seed", "first"].map(String::from).to_vec();
    columns.extend(per_seat("deck"));
    columns.extend(per_seat("bot"));
    columns.extend(["winner", "reason", "turns"].map(String::from));
    if players > 2 {
        columns.extend(per_seat("rank"));
    }
    columns.extend(per_seat("health"));
    columns.extend(per_seat("score"));
    if store {
        columns.extend(STORE_COLUMNS.map(String::from));
    }
    columns
}

/// The columns of `games.csv` a ruleset with a store adds.
pub const STORE_COLUMNS: [&str; 2] = ["store_seen", "store_bought"];

/// One finished game, as `games.csv` and `seats.csv` report it.
#[derive(Clone, Copy, Debug)]
pub struct GameLine<'a> {
    /// The game's index in the run, from 0.
    pub game: u64,
    /// The game's seed.
    pub seed: u64,
    /// Who took the first turn (empty if no turn began).
    pub first: Option<Player>,
    /// The deck of each seat.
    pub decks: &'a Seats<&'a str>,
    /// The bot of each seat.
    pub bots: &'a Seats<&'a str>,
    /// The outcome.
    pub outcome: &'a Outcome,
    /// Turns played, every seat's counted.
    pub turns: u32,
    /// End-of-game figures by seat.
    pub summaries: &'a Seats<SeatSummary>,
    /// Which cards of its list each seat had in hand, by seat index
    /// ([`crate::stats::write_in_hand`]; empty strings where the ruleset
    /// has no hands).
    pub in_hand: &'a [String],
    /// The store cards the game saw and those a seat bought, as masks
    /// ([`crate::stats::write_store_masks`]); `None` without a store.
    pub store: Option<[&'a str; 2]>,
}

/// The `games.csv` and `seats.csv` files of a run.
#[derive(Debug)]
pub struct GamesCsv {
    games: CsvFile,
    seats: CsvFile,
    players: usize,
    store: bool,
}

impl GamesCsv {
    /// Starts `games.csv` and `seats.csv` in `out`, for tables of
    /// `players` seats, with the store's columns if `store`.
    pub fn create(out: &OutputDir, players: usize, store: bool) -> Result<Self, OutputError> {
        let columns = games_columns(players, store);
        let columns: Vec<&str> = columns.iter().map(String::as_str).collect();
        Ok(GamesCsv {
            games: CsvFile::create(out, GAMES_CSV, &columns)?,
            seats: CsvFile::create(out, SEATS_CSV, &SEATS)?,
            players,
            store,
        })
    }

    /// Appends one game.
    pub fn write(&mut self, g: &GameLine<'_>) -> Result<(), OutputError> {
        let letter = |p: Option<Player>| p.map_or_else(String::new, |p| p.letter().to_string());
        let seats = Player::all(self.players);
        let mut row: Vec<String> = vec![g.game.to_string(), g.seed.to_string(), letter(g.first)];
        row.extend(seats.clone().map(|p| g.decks[p].to_owned()));
        row.extend(seats.clone().map(|p| g.bots[p].to_owned()));
        row.push(
            g.outcome
                .winner()
                .map_or_else(|| "draw".to_owned(), |p| p.letter().to_string()),
        );
        row.push(g.outcome.reason.to_owned());
        row.push(g.turns.to_string());
        if self.players > 2 {
            row.extend(seats.clone().map(|p| g.outcome.rank(p).to_string()));
        }
        row.extend(seats.clone().map(|p| g.summaries[p].health.to_string()));
        row.extend(seats.clone().map(|p| g.summaries[p].score.to_string()));
        if self.store {
            row.extend(g.store.unwrap_or_default().map(str::to_owned));
        }
        self.games.row(row)?;
        let game = g.game.to_string();
        for p in seats {
            let mut letter = [0; 4];
            self.seats.row([
                game.as_str(),
                p.letter().encode_utf8(&mut letter),
                g.decks[p],
                g.bots[p],
                &g.outcome.rank(p).to_string(),
                &g.summaries[p].score.to_string(),
                if g.first == Some(p) { "1" } else { "0" },
                g.in_hand.get(p.index()).map_or("", String::as_str),
            ])?;
        }
        Ok(())
    }

    /// Completes both files.
    pub fn finish(self, out: &mut OutputDir) -> Result<(), OutputError> {
        self.games.finish(out)?;
        self.seats.finish(out)
    }
}
