//! The baseline of `decklab regress`: a committed `summary.csv` (a deck as
//! seat a against one opponent; at more than two seats, entry a of a table
//! going round it) or `matchups.csv` (a deck against one opponent over
//! both seats), and the row of it the flags select.

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow, bail};

use serde_json::{Value, json};

use crate::games::Options;
use crate::output::{InputFile, MATCHUPS, SUMMARY, SUMMARY_TABLE};

/// How the baseline's win rate was measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaselineKind {
    /// `summary.csv`: seat a's win rate, the deck always seat a.
    Summary,
    /// `matchups.csv`: the deck's win rate over both seats.
    Matchups,
    /// `summary.csv` of a table of more than two seats: entry a's rank
    /// score, the entries going round the table.
    Table,
}

/// The baseline row of one matchup.
#[derive(Clone, Debug, PartialEq)]
pub struct Baseline {
    /// Which file format it came from.
    pub kind: BaselineKind,
    /// The baseline's win rate.
    pub win_rate: f64,
    /// The games it was measured over.
    pub games: u64,
}

/// The names a baseline row is looked up by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key<'a> {
    /// The deck under test.
    pub deck: &'a str,
    /// Its bot.
    pub bot: &'a str,
    /// The opponent's deck.
    pub opponent: &'a str,
    /// The opponent's bot.
    pub opponent_bot: &'a str,
    /// At more than two seats, the table's decks in entry order joined by
    /// ` + ` (`summary.csv`'s `table`); empty at two seats.
    pub table: &'a str,
}

impl std::fmt::Display for Key<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.table.is_empty() {
            write!(
                f,
                "{} ({}) vs {} ({})",
                self.deck, self.bot, self.opponent, self.opponent_bot
            )
        } else {
            write!(f, "{} ({}) at {}", self.deck, self.bot, self.table)
        }
    }
}

/// Reads the baseline `path` and finds the row of `key`, or says why not.
pub fn read_baseline(path: &Path, key: &Key<'_>) -> anyhow::Result<Baseline> {
    let shown = path.display();
    let mut reader = csv::Reader::from_path(path).with_context(|| {
        format!("cannot read the baseline {shown} (record one with --write-baseline)")
    })?;
    let header = reader
        .headers()
        .with_context(|| format!("{shown}:1: cannot read the header"))?
        .clone();
    let column = |name: &str| header.iter().position(|h| h == name);
    let (kind, columns) = if SUMMARY.iter().all(|c| column(c).is_some()) {
        (
            BaselineKind::Summary,
            ["deck_a", "bot_a", "deck_b", "bot_b", "win_rate_a"],
        )
    } else if SUMMARY_TABLE.iter().all(|c| column(c).is_some()) {
        (
            BaselineKind::Table,
            ["deck", "bot", "table", "entry", "rank_score"],
        )
    } else if MATCHUPS.iter().all(|c| column(c).is_some()) {
        (
            BaselineKind::Matchups,
            ["deck", "bot", "opponent", "opponent_bot", "win_rate"],
        )
    } else {
        bail!(
            "{shown}:1: expected the header of a summary.csv ({}, or at more than two seats {}) \
             or a matchups.csv ({})",
            SUMMARY.join(","),
            SUMMARY_TABLE.join(","),
            MATCHUPS.join(",")
        );
    };
    let at: Vec<usize> = columns.iter().filter_map(|c| column(c)).collect();
    let games_at = column("games").ok_or_else(|| anyhow!("{shown}:1: no games column"))?;
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let record = record.with_context(|| format!("{shown}:{line}: not a CSV row"))?;
        let field = |j: usize| record.get(at[j]).unwrap_or_default();
        let row = match kind {
            // Entry a of the table; the other entries are the rows below.
            BaselineKind::Table if field(3) != "a" => continue,
            BaselineKind::Table => Key {
                deck: field(0),
                bot: field(1),
                table: field(2),
                ..*key
            },
            _ => Key {
                deck: field(0),
                bot: field(1),
                opponent: field(2),
                opponent_bot: field(3),
                table: "",
            },
        };
        if row == *key {
            let win_rate: f64 = field(4).parse().map_err(|_| {
                anyhow!(
                    "{shown}:{line}: expected a win rate between 0 and 1, got {:?}",
                    field(4)
                )
            })?;
            let games: u64 = record
                .get(games_at)
                .and_then(|g| g.parse().ok())
                .ok_or_else(|| anyhow!("{shown}:{line}: expected a number of games"))?;
            if !(0.0..=1.0).contains(&win_rate) {
                bail!("{shown}:{line}: expected a win rate between 0 and 1, got {win_rate}");
            }
            return Ok(Baseline {
                kind,
                win_rate,
                games,
            });
        }
        rows.push(row.to_string());
    }
    bail!(
        "{shown} has no row for {key}: the baseline's decks or bots do not match the flags \
         (its rows: {})",
        if rows.is_empty() {
            "none".to_owned()
        } else {
            rows.join("; ")
        }
    )
}

/// The file beside a baseline that records what its figure depends on:
/// `x.csv` → `x.settings.json`.
pub fn settings_path(baseline: &Path) -> PathBuf {
    baseline.with_extension("settings.json")
}

/// The conditions a baseline's figure was measured under, besides the
/// seed: the ruleset and table size, every rule option, the `--set`
/// overrides, and the SHA-256 of the opponents' decks and of every bot's
/// strategy, by role. The deck under test and the card pool are what the
/// gate judges, so they may change (that is the point of a CI gate).
pub fn recorded_settings(
    game: &str,
    players: usize,
    options: &Options,
    set: &[String],
    files: &[InputFile],
) -> Value {
    let hashes: serde_json::Map<String, Value> = files
        .iter()
        .filter(|f| f.role != "deck" && f.role != "cards")
        .map(|f| (f.role.clone(), Value::from(f.sha256.clone())))
        .collect();
    json!({
        "game": game,
        "players": players,
        "max_turns": options.max_turns,
        "match_games": options.match_games,
        "mode": options.mode.name(),
        "ticks_per_minute": options.ticks_per_minute,
        "pre_release": options.pre_release,
        "set": set,
        "files": hashes,
    })
}

/// Checks the flags' `now` settings against those recorded beside the
/// baseline: an error naming every setting that differs (the figure would
/// not be comparable). A baseline recorded before settings were kept
/// passes with a warning.
pub fn check_settings(path: &Path, now: &Value) -> anyhow::Result<()> {
    let recorded_at = settings_path(path);
    let text = match std::fs::read_to_string(&recorded_at) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!(
                "decklab: warning: {} records no settings (no {}): re-record it with \
                 --write-baseline to have them checked",
                path.display(),
                recorded_at.display()
            );
            return Ok(());
        }
        Err(e) => bail!("cannot read {}: {e}", recorded_at.display()),
    };
    let recorded: Value = serde_json::from_str(&text)
        .with_context(|| format!("{}: not the settings of a baseline", recorded_at.display()))?;
    let mut differ = Vec::new();
    let flat = |v: &Value| -> Vec<(String, Value)> {
        let mut out = Vec::new();
        for (k, x) in v.as_object().into_iter().flatten() {
            match x.as_object() {
                Some(inner) if k == "files" => out.extend(
                    inner
                        .iter()
                        .map(|(role, hash)| (format!("files.{role}"), hash.clone())),
                ),
                _ => out.push((k.clone(), x.clone())),
            }
        }
        out
    };
    let (then, now) = (flat(&recorded), flat(now));
    for (key, value) in &now {
        let was = then.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        if was != Some(value) {
            let was = was.map_or_else(|| "nothing".to_owned(), Value::to_string);
            differ.push(format!("{key} (baseline {was}, now {value})"));
        }
    }
    for (key, value) in &then {
        if !now.iter().any(|(k, _)| k == key) {
            differ.push(format!("{key} (baseline {value}, now nothing)"));
        }
    }
    if differ.is_empty() {
        return Ok(());
    }
    bail!(
        "{} was recorded with other settings, so its figure does not apply: {}",
        path.display(),
        differ.join("; ")
    )
}
