//! `manifest.json`: what produced a run's files, so it can be reproduced
//! and audited — the decklab version and commit, the command line, the
//! seed and sizes, the SHA-256 of every input file, and the timing.

use super::names::MANIFEST_JSON;
use std::io::Write;
use std::path::Path;
use std::process::Command;

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::atomic::{OutputDir, OutputError};
use crate::core::SeatTerms;

/// An input file of the run and its content hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InputFile {
    /// What the file is (`cards`, `deck_a`, `bot_b`…).
    pub role: String,
    /// Its path, or `bundled:<name>` for a copy compiled into decklab.
    pub path: String,
    /// SHA-256 of its bytes, in hex.
    pub sha256: String,
}

impl InputFile {
    /// Describes the file `path` whose content is `bytes`.
    pub fn new(role: &str, path: &str, bytes: &[u8]) -> Self {
        InputFile {
            role: role.to_owned(),
            path: path.to_owned(),
            sha256: sha256_hex(bytes),
        }
    }
}

/// The manifest of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Manifest {
    /// decklab's version.
    pub decklab_version: &'static str,
    /// The git commit decklab was built from, if known.
    pub git_commit: Option<String>,
    /// The full command line, program name first.
    pub command_line: Vec<String>,
    /// The subcommand (`simulate`…).
    pub command: &'static str,
    /// The ruleset.
    pub game: String,
    /// Seats at each table.
    pub players: usize,
    /// What the per-seat `health`, `score` and the curve's resource mean
    /// in this ruleset.
    pub terms: SeatTerms,
    /// The master seed.
    pub seed: u64,
    /// The shard (`K/N`), or `None` for a whole run.
    pub shard: Option<String>,
    /// Games played: games `0..games` (fewer than asked for if the run
    /// was interrupted).
    pub games: u64,
    /// Games asked for (`--games`).
    pub games_requested: u64,
    /// Worker threads.
    pub threads: usize,
    /// Command-specific settings (decks, bots, limits…).
    pub settings: serde_json::Value,
    /// Every input file, with its hash.
    pub files: Vec<InputFile>,
    /// Wall-clock duration of the games, in seconds.
    pub elapsed_seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
    /// Whether every requested game was played (`false` after Ctrl-C).
    pub complete: bool,
}

impl Manifest {
    /// Writes `manifest.json` into `out`.
    pub fn write(&self, out: &mut OutputDir) -> Result<(), OutputError> {
        write_json(out, MANIFEST_JSON, self, true)
    }
}

/// Writes `value` as the JSON file `name` of `out`, indented if `pretty`,
/// ending with a newline.
pub fn write_json(
    out: &mut OutputDir,
    name: &str,
    value: &impl Serialize,
    pretty: bool,
) -> Result<(), OutputError> {
    let mut file = out.file(name)?;
    let written = if pretty {
        serde_json::to_writer_pretty(&mut file, value)
    } else {
        serde_json::to_writer(&mut file, value)
    };
    written
        .map_err(std::io::Error::from)
        .and_then(|()| file.write_all(b"\n"))
        .map_err(|e| file.error(e))?;
    out.finish(file)
}

/// SHA-256 of `bytes`, as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The commit decklab was built from: `DECKLAB_GIT_COMMIT` at build time,
/// else `git rev-parse HEAD` in the source tree if it is still there, else
/// `None`.
pub fn git_commit() -> Option<String> {
    if let Some(c) = option_env!("DECKLAB_GIT_COMMIT") {
        return Some(c.to_owned());
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !src.join(".git").exists() {
        return None;
    }
    let out = Command::new("git")
        .arg("-C")
        .arg(src)
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()?;
    let commit = String::from_utf8(out.stdout).ok()?.trim().to_owned();
    (out.status.success() && !commit.is_empty()).then_some(commit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_known_input() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
