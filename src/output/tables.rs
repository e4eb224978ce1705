//! The report tables of a run: `summary.csv`, `mana_curve.csv`,
//! `deck_curve.csv`, `prize_pace.csv`, `cards.csv` and `actions.csv`, with
//! their exact column names. Rates and means have 4 decimals; an undefined
//! rate (no game to compute it from) is an empty field.
//!
//! `summary.csv` has two shapes. At two seats, one line per matchup, seat
//! `a`'s view ([`SUMMARY`]). At more seats, one line per entry of each
//! table ([`SUMMARY_TABLE`], then per seat `games_at_a`, `win_share_at_a`
//! and its interval, then per rank `share_rank_1` and its interval): win
//! share (par 1/N) with its Wilson interval, rank score with its normal
//! interval, mean final score, the entry's win share in each seat it sat
//! in, and how often it finished at each rank. Every rate comes with its
//! 95% interval.

use super::atomic::{OutputDir, OutputError};
use super::csv::{CsvFile, fixed4, interval_cells};
use super::names::{
    ACTIONS_CSV, CARDS_CSV, DECK_CURVE_CSV, MANA_CURVE_CSV, PRIZE_PACE_CSV, SUMMARY_CSV,
};
use super::store::{write_grant_table, write_store_tables};
use crate::core::Player;
use crate::stats::{GameRate, RunStats, Score};

/// Columns of `summary.csv`.
pub const SUMMARY: [&str; 20] = [
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
    "games_a_first",
    "win_rate_a_first",
    "win_rate_a_first_ci95_low",
    "win_rate_a_first_ci95_high",
    "games_a_second",
    "win_rate_a_second",
    "win_rate_a_second_ci95_low",
    "win_rate_a_second_ci95_high",
    "mean_turns",
];

/// Columns of `summary.csv` at more than two seats, before the per-seat
/// `win_share_at_*` columns.
pub const SUMMARY_TABLE: [&str; 14] = [
    "table",
    "entry",
    "deck",
    "bot",
    "games",
    "win_share",
    "win_share_ci95_low",
    "win_share_ci95_high",
    "rank_score",
    "rank_score_ci95_low",
    "rank_score_ci95_high",
    "mean_score",
    "draws",
    "mean_turns",
];

/// Columns of `mana_curve.csv`.
pub const MANA_CURVE: [&str; 8] = [
    "deck",
    "turn",
    "games",
    "mean_resource_max",
    "mean_resource_spent",
    "mean_resource_unspent",
    "mean_cards_played",
    "mean_rating_played",
];

/// Columns of `deck_curve.csv`.
pub const DECK_CURVE: [&str; 4] = ["deck", "cost", "cards_in_list", "mean_played_per_game"];

/// Columns of `prize_pace.csv`.
pub const PRIZE_PACE: [&str; 7] = [
    "deck",
    "turn",
    "games",
    "mean_score",
    "share_won_by_turn",
    "share_won_by_turn_ci95_low",
    "share_won_by_turn_ci95_high",
];

/// Columns of `cards.csv`: 17lands' GIH, OH, GD and GNS (games, win
/// rate, 95% interval each), IWD, then the games played.
pub const CARDS: [&str; 27] = [
    "deck",
    "card",
    "copies",
    "gih_games",
    "gih_win_rate",
    "gih_ci95_low",
    "gih_ci95_high",
    "oh_games",
    "oh_win_rate",
    "oh_ci95_low",
    "oh_ci95_high",
    "gd_games",
    "gd_win_rate",
    "gd_ci95_low",
    "gd_ci95_high",
    "gns_games",
    "gns_win_rate",
    "gns_ci95_low",
    "gns_ci95_high",
    "iwd",
    "iwd_ci95_low",
    "iwd_ci95_high",
    "games_played",
    "win_rate_played",
    "played_ci95_low",
    "played_ci95_high",
    "mean_turn_played",
];

/// Columns of `actions.csv`.
pub const ACTIONS: [&str; 5] = ["deck", "turn", "kind", "games", "mean_actions"];

/// Writes the six report tables of `stats` (and the store and grant
/// tables of a run that has them), a run of tables of `players`
/// seats, into `out` (decks in name order, matchups in key order).
pub fn write_tables(
    out: &mut OutputDir,
    stats: &RunStats,
    players: usize,
) -> Result<(), OutputError> {
    if players == 2 {
        write_duel_summary(out, stats)?;
    } else {
        write_table_summary(out, stats, players)?;
    }

    let mut csv = CsvFile::create(out, MANA_CURVE_CSV, &MANA_CURVE)?;
    for (deck, d) in &stats.decks {
        for r in d.curve.rows() {
            csv.row([
                deck.clone(),
                r.turn.to_string(),
                r.games.to_string(),
                fixed4(Some(r.mean_resource_max)),
                fixed4(Some(r.mean_resource_spent)),
                fixed4(Some(r.mean_resource_unspent)),
                fixed4(Some(r.mean_cards_played)),
                fixed4(r.mean_rating_played),
            ])?;
        }
    }
    csv.finish(out)?;

    let mut csv = CsvFile::create(out, DECK_CURVE_CSV, &DECK_CURVE)?;
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

    let mut csv = CsvFile::create(out, PRIZE_PACE_CSV, &PRIZE_PACE)?;
    for (deck, d) in &stats.decks {
        for r in d.pace.rows() {
            let [share, low, high] = interval_cells(Some(r.share_won_by_turn), r.share_won_ci95);
            csv.row([
                deck.clone(),
                r.turn.to_string(),
                r.games.to_string(),
                fixed4(Some(r.mean_score)),
                share,
                low,
                high,
            ])?;
        }
    }
    csv.finish(out)?;

    let mut csv = CsvFile::create(out, CARDS_CSV, &CARDS)?;
    for (deck, d) in &stats.decks {
        for r in d.cards.rows() {
            let mut row = vec![deck.clone(), r.card, r.copies.to_string()];
            for rate in [r.in_hand, r.opening_hand, r.drawn, r.not_seen] {
                push_rate(&mut row, rate);
            }
            row.extend([
                fixed4(r.iwd.map(|i| i.0)),
                fixed4(r.iwd.map(|i| i.1)),
                fixed4(r.iwd.map(|i| i.2)),
            ]);
            push_rate(&mut row, r.played);
            row.push(fixed4(r.mean_turn_played));
            csv.row(row)?;
        }
    }
    csv.finish(out)?;

    let mut csv = CsvFile::create(out, ACTIONS_CSV, &ACTIONS)?;
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
    csv.finish(out)?;
    if let Some(store) = &stats.store {
        write_store_tables(out, store)?;
    }
    if let Some(grant) = &stats.grant {
        write_grant_table(out, grant)?;
    }
    Ok(())
}

/// `summary.csv` at two seats: one line per matchup, seat `a`'s view.
fn write_duel_summary(out: &mut OutputDir, stats: &RunStats) -> Result<(), OutputError> {
    let mut csv = CsvFile::create(out, SUMMARY_CSV, &SUMMARY)?;
    for (m, s) in &stats.matchups {
        let a = &s.entries[0];
        let ci = a.rank_score.wilson95();
        let mut row = vec![
            m.decks.as_slice()[0].clone(),
            m.bots.as_slice()[0].clone(),
            m.decks.as_slice()[1].clone(),
            m.bots.as_slice()[1].clone(),
            s.games.to_string(),
            s.wins(0).to_string(),
            s.wins(1).to_string(),
            s.draws().to_string(),
            fixed4(a.rank_score.rate()),
            fixed4(ci.map(|c| c.0)),
            fixed4(ci.map(|c| c.1)),
        ];
        push_rate(&mut row, GameRate::of(&a.first));
        push_rate(&mut row, GameRate::of(&a.second));
        row.push(fixed4(s.mean_turns()));
        csv.row(row)?;
    }
    csv.finish(out)
}

/// `summary.csv` at more seats: one line per entry of each table.
fn write_table_summary(
    out: &mut OutputDir,
    stats: &RunStats,
    players: usize,
) -> Result<(), OutputError> {
    let mut columns: Vec<String> = SUMMARY_TABLE.map(String::from).to_vec();
    for p in Player::all(players) {
        columns.push(format!("games_at_{}", p.letter()));
        columns.extend(with_interval(&format!("win_share_at_{}", p.letter())));
    }
    for r in 1..=players {
        columns.extend(with_interval(&format!("share_rank_{r}")));
    }
    let columns: Vec<&str> = columns.iter().map(String::as_str).collect();
    let mut csv = CsvFile::create(out, SUMMARY_CSV, &columns)?;
    for (m, s) in &stats.matchups {
        for (e, entry) in s.entries.iter().enumerate() {
            let share = entry.win_share.wilson95();
            let rank = entry.rank_score.normal95();
            let mut row = vec![
                m.table_name(),
                Player::new(e).letter().to_string(),
                m.decks.as_slice()[e].clone(),
                m.bots.as_slice()[e].clone(),
                s.games.to_string(),
                fixed4(entry.win_share.rate()),
                fixed4(share.map(|c| c.0)),
                fixed4(share.map(|c| c.1)),
                fixed4(entry.rank_score.rate()),
                fixed4(rank.map(|c| c.0)),
                fixed4(rank.map(|c| c.1)),
                fixed4(s.mean_final_score(e)),
                s.draws().to_string(),
                fixed4(s.mean_turns()),
            ];
            for seat in 0..players {
                let at_seat = entry.by_seat.get(seat).copied().unwrap_or_default();
                push_rate(&mut row, GameRate::of(&at_seat));
            }
            for r in 0..players {
                let n = entry.ranks.get(r).copied().unwrap_or(0);
                row.extend(rate_cells(GameRate::of(&Score::of_points(s.games, n))));
            }
            csv.row(row)?;
        }
    }
    csv.finish(out)
}

/// Appends a rate's four cells: games, rate, interval low and high.
fn push_rate(row: &mut Vec<String>, rate: GameRate) {
    row.push(rate.games.to_string());
    row.extend(rate_cells(rate));
}

/// A rate's three cells: the rate, its interval's low and high ends.
fn rate_cells(rate: GameRate) -> [String; 3] {
    interval_cells(rate.rate, rate.ci95)
}

/// The columns of a rate named `name` and of its 95% interval.
fn with_interval(name: &str) -> [String; 3] {
    [
        name.to_owned(),
        format!("{name}_ci95_low"),
        format!("{name}_ci95_high"),
    ]
}
