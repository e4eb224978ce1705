//! `logs/game-<i>.jsonl`: the event log of one game, one JSON object per
//! line. Each line is the ruleset's [`crate::core::Game::event_json`] (which
//! carries `turn`, `player` and `event`) with the game's index added as
//! `game`.

use std::io::Write;

use serde_json::{Map, Value};

use super::atomic::{OutputDir, OutputError};
use super::names::{LOG_DIR, LOG_PREFIX, LOG_SUFFIX};

/// The log line of an event of game `game`: `game` first, then the event's
/// own fields (a non-object event is kept under `data`).
pub fn log_line(game: u64, event: Value) -> Value {
    let mut line = Map::new();
    line.insert("game".into(), Value::from(game));
    match event {
        Value::Object(fields) => line.extend(fields),
        other => {
            line.insert("data".into(), other);
        }
    }
    Value::Object(line)
}

/// The log file name of game `game`, relative to the output directory.
pub fn log_name(game: u64) -> String {
    format!("{LOG_DIR}/{LOG_PREFIX}{game}{LOG_SUFFIX}")
}

/// Writes the log of game `game` into `out`.
pub fn write_log(out: &mut OutputDir, game: u64, lines: &[Value]) -> Result<(), OutputError> {
    let mut file = out.file(&log_name(game))?;
    for line in lines {
        serde_json::to_writer(&mut file, line)
            .map_err(std::io::Error::from)
            .and_then(|()| file.write_all(b"\n"))
            .map_err(|e| file.error(e))?;
    }
    out.finish(file)
}
