//! `stats.json`: the raw tallies every table of a run is computed from
//! (integer counts only), so that `decklab merge` can add the tallies of
//! shards and write the same tables the unsharded run writes.

use super::names::STATS_JSON;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::atomic::{OutputDir, OutputError};
use super::manifest::write_json;
use crate::stats::RunStats;

/// The version of the `stats.json` format.
pub const STATS_FORMAT: u32 = 2;

/// The file as read.
#[derive(Deserialize)]
struct StatsFile {
    format: u32,
    stats: RunStats,
}

/// The file as written: the same fields, the tallies borrowed.
#[derive(Serialize)]
struct StatsFileRef<'a> {
    format: u32,
    stats: &'a RunStats,
}

/// Writes `stats.json` into `out`.
pub fn write_stats(out: &mut OutputDir, stats: &RunStats) -> Result<(), OutputError> {
    let body = StatsFileRef {
        format: STATS_FORMAT,
        stats,
    };
    write_json(out, STATS_JSON, &body, false)
}

/// Reads the `stats.json` at `path`, saying what is wrong with it.
pub fn read_stats(path: &Path) -> Result<RunStats, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let file: StatsFile = serde_json::from_str(&text).map_err(|e| {
        format!(
            "{}:{}: not a decklab stats.json ({e})",
            path.display(),
            e.line()
        )
    })?;
    if file.format != STATS_FORMAT {
        return Err(format!(
            "{}: stats.json format {} (this decklab reads format {STATS_FORMAT})",
            path.display(),
            file.format
        ));
    }
    Ok(file.stats)
}
