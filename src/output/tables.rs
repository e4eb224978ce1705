//! The report tables of a run: `summary.csv`, `mana_curve.csv`,
//! `deck_curve.csv`, `prize_pace.csv`, `cards.csv` and `actions.csv`, with their exact
//! column names. Rates and means have 4 decimals; an undefined rate (no
//! game to compute it from) is an empty field.

use super::atomic::{OutputDir, OutputError};
use super::csv::{CsvFile, fixed4};
use crate::stats::RunStats;

/// Columns of `summary.csv`.
pub const SUMMARY: [&str; 14] = [
    "deck_a",
    "bot_a",
    "deck_b",
    "bot_b",
    "games",
    "wins_a",
    "wins_b",
    "draws",
    "win_rate_a",
    "ci95_low",
    "ci95_high",
    "win_rate_a_first",
    "win_rate_a_second",
    "mean_turns",
];

/// Columns of `mana_curve.csv`.
pub const MANA_CURVE: [&str; 7] = [
    "deck",
    "turn",
    "games",
    "mean_max_mana",
    "mean_mana_spent",
    "mean_mana_unspent",
    "mean_cards_played",
];

/// Columns of `deck_curve.csv`.
pub const DECK_CURVE: [&str; 4] = ["deck", "cost", "cards_in_list", "mean_played_per_game"];

/// Columns of `prize_pace.csv`.
pub const PRIZE_PACE: [&str; 5] = ["deck", "turn", "games", "mean_prizes", "share_won_by_turn"];

/// Columns of `cards.csv`.
pub const CARDS: [&str; 11] = [
    "deck",
    "card",
    "copies",
    "games_drawn",
    "win_rate_drawn",
    "games_not_drawn",
    "win_rate_not_drawn",
    "iwd",
    "games_played",
    "win_rate_played",
    "mean_turn_played",
];

/// Columns of `actions.csv`.
pub const ACTIONS: [&str; 5] = ["deck", "turn", "kind", "games", "mean_actions"];

/// Writes the six report tables of `stats` into `out` (decks in name
/// order, matchups in key order).
pub fn write_tables(out: &mut OutputDir, stats: &RunStats) -> Result<(), OutputError> {
    let mut csv = CsvFile::create(out, "summary.csv", &SUMMARY)?;
    for (m, s) in &stats.matchups {
        let ci = s.score_a.wilson95();
        csv.row([
            m.decks[0].clone(),
            m.bots[0].clone(),
            m.decks[1].clone(),
            m.bots[1].clone(),
            s.score_a.games.to_string(),
            s.wins[0].to_string(),
            s.wins[1].to_string(),
            s.draws.to_string(),
            fixed4(s.score_a.rate()),
            fixed4(ci.map(|c| c.0)),
            fixed4(ci.map(|c| c.1)),
            fixed4(s.a_first.rate()),
            fixed4(s.a_second.rate()),
            fixed4(s.mean_turns()),
        ])?;
    }
    csv.finish(out)?;

    let mut csv = CsvFile::create(out, "mana_curve.csv", &MANA_CURVE)?;
    for (deck, d) in &stats.decks {
        for r in d.curve.rows() {
            csv.row([
                deck.clone(),
                r.turn.to_string(),
                r.games.to_string(),
                fixed4(Some(r.mean_max_mana)),
                fixed4(Some(r.mean_mana_spent)),
                fixed4(Some(r.mean_mana_unspent)),
                fixed4(Some(r.mean_cards_played)),
            ])?;
        }
    }
    csv.finish(out)?;

    let mut csv = CsvFile::create(out, "deck_curve.csv", &DECK_CURVE)?;
    for (deck, d) in &stats.decks {
        for r in d.cards.curve_rows(d.score.games) {
            csv.row([
                deck.clone(),
                r.cost.to_string(),
                r.cards_in_list.to_string(),
                fixed4(Some(r.mean_played_per_game)),
            ])?;
        }
    }
    csv.finish(out)?;

    let mut csv = CsvFile::create(out, "prize_pace.csv", &PRIZE_PACE)?;
    for (deck, d) in &stats.decks {
        for r in d.pace.rows() {
            csv.row([
                deck.clone(),
                r.turn.to_string(),
                r.games.to_string(),
                fixed4(Some(r.mean_prizes)),
                fixed4(Some(r.share_won_by_turn)),
            ])?;
        }
    }
    csv.finish(out)?;

    let mut csv = CsvFile::create(out, "cards.csv", &CARDS)?;
    for (deck, d) in &stats.decks {
        for r in d.cards.rows() {
            csv.row([
                deck.clone(),
                r.card,
                r.copies.to_string(),
                r.games_drawn.to_string(),
                fixed4(r.win_rate_drawn),
                r.games_not_drawn.to_string(),
                fixed4(r.win_rate_not_drawn),
                fixed4(r.iwd),
                r.games_played.to_string(),
                fixed4(r.win_rate_played),
                fixed4(r.mean_turn_played),
            ])?;
        }
    }
    csv.finish(out)?;

    let mut csv = CsvFile::create(out, "actions.csv", &ACTIONS)?;
    for (deck, d) in &stats.decks {
        let reached = |turn: u32| match turn {
            0 => d.score.games,
            t => d.curve.cells.get(t as usize - 1).map_or(0, |c| c.games),
        };
        for r in d.actions.rows(reached) {
            csv.row([
                deck.clone(),
                r.turn.to_string(),
                r.kind,
                r.games.to_string(),
                fixed4(Some(r.mean_actions)),
            ])?;
        }
    }
    csv.finish(out)
}
