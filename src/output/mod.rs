//! Everything decklab writes to disk: CSV tables (one place creates CSV
//! writers), JSONL game logs, the raw tallies and the run manifest, all through an
//! [`OutputDir`] so that nothing is half-written when a run fails or is
//! killed.

mod atomic;
mod csv;
mod field;
mod games;
mod logs;
mod manifest;
pub mod names;
mod raw;
mod store;
mod tables;

pub use atomic::{OutputDir, OutputError, OutputFile, abandon_all};
pub use csv::{CsvFile, fixed4, interval_cells};
pub use field::{MATCHUPS, MatchupLine, RATINGS, RatingLine, write_matchups, write_ratings};
pub use games::{GameLine, GamesCsv, SEATS, STORE_COLUMNS, games_columns};
pub use logs::{log_line, log_name, write_log};
pub use manifest::{InputFile, Manifest, git_commit, sha256_hex, write_json};
pub use raw::{STATS_FORMAT, read_stats, write_stats};
pub use store::{
    MB_CARDS, MB_ECONOMY, MB_GRANT, MB_SETS, MB_TOURNAMENTS, MB_TOURNAMENTS_AFTER, MB_VALUE_CURVE,
    MIN_VERDICT_GAMES, VERDICT_ALPHA, verdict, verdicts,
};
pub use tables::{
    ACTIONS, CARDS, DECK_CURVE, MANA_CURVE, PRIZE_PACE, SUMMARY, SUMMARY_TABLE, write_tables,
};
