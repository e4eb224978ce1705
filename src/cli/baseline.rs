//! The baseline of `decklab regress`: a committed `summary.csv` (a deck as
//! seat a against one opponent; at more than two seats, entry a of a table
//! going round it) or `matchups.csv` (a deck against one opponent over
//! both seats), and the row of it the flags select.

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow, bail};

use serde_json::{Value, json};

use crate::bots::Strategy;
use crate::diagnostics::csv_record_line;
use crate::games::Options;
use crate::output::{InputFile, sha256_hex};

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
    /// The 95% interval of its rank score as the file gives it
    /// (`rank_score_ci95_low`, `rank_score_ci95_high`), at more than two
    /// seats: the mean ± 1.96·s/√n that needs the per-game values, which
    /// the row's figures alone do not give. `None` at two seats, where
    /// Wilson's interval follows from the rate and the games.
    pub ci95: Option<(f64, f64)>,
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

/// A baseline file read and checked whole: its kind and its rows.
struct Opened {
    kind: BaselineKind,
    rows: Vec<Line>,
}

/// One row of a baseline file.
struct Line {
    /// Its line number in the file.
    line: usize,
    /// Its key fields: deck, bot, opponent (or table), opponent's bot (or
    /// entry).
    fields: [String; 4],
    /// Its win rate (rank score), between 0 and 1.
    win_rate: f64,
    /// The games it was measured over.
    games: u64,
    /// The file's interval of a table's rank score, if it gives one.
    ci95: Option<(f64, f64)>,
}

/// The columns a baseline of each kind is read by (key fields, win rate,
/// games); a file may have more.
const READ: [(BaselineKind, [&str; 6]); 3] = [
    (
        BaselineKind::Summary,
        ["deck_a", "bot_a", "deck_b", "bot_b", "win_rate_a", "games"],
    ),
    (
        BaselineKind::Table,
        ["deck", "bot", "table", "entry", "rank_score", "games"],
    ),
    (
        BaselineKind::Matchups,
        [
            "deck",
            "bot",
            "opponent",
            "opponent_bot",
            "win_rate",
            "games",
        ],
    ),
];

/// The columns of each kind that must add up to its `games`, when the file
/// has them all: wins, losses (the other seat's wins) and draws.
const ADD_UP: [(BaselineKind, [&str; 3]); 2] = [
    (BaselineKind::Summary, ["wins_a", "wins_b", "draws"]),
    (BaselineKind::Matchups, ["wins", "losses", "draws"]),
];

/// Opens the baseline `path`, recognises its format and checks every row:
/// a win rate between 0 and 1, a number of games of at least one, wins,
/// losses and draws (if the file has them) adding up to the games, and no
/// key twice.
fn open(path: &Path) -> anyhow::Result<Opened> {
    let shown = path.display();
    let bytes = crate::diagnostics::read_input(path).with_context(|| {
        format!("cannot read the baseline {shown} (record one with --write-baseline)")
    })?;
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let header = reader
        .headers()
        .with_context(|| format!("{shown}:1: cannot read the header"))?
        .clone();
    let column = |name: &str| header.iter().position(|h| h == name);
    let Some((kind, at)) = READ.iter().find_map(|(kind, columns)| {
        let at: Option<Vec<usize>> = columns.iter().map(|c| column(c)).collect();
        at.map(|at| (*kind, at))
    }) else {
        bail!(
            "{shown}:1: expected the header of a summary.csv (with {}, or at more than two \
             seats {}) or a matchups.csv (with {})",
            READ[0].1.join(","),
            READ[1].1.join(","),
            READ[2].1.join(",")
        );
    };
    let add_up: Option<Vec<(&str, usize)>> = ADD_UP
        .iter()
        .find(|(k, _)| *k == kind)
        .and_then(|(_, names)| names.iter().map(|c| column(c).map(|at| (*c, at))).collect());
    let interval = match kind {
        BaselineKind::Table => column("rank_score_ci95_low").zip(column("rank_score_ci95_high")),
        _ => None,
    };
    let mut rows: Vec<Line> = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, csv::Position::line);
            anyhow!("{shown}:{line}: not a CSV row: {e}")
        })?;
        let line = record.position().map_or(0, |p| csv_record_line(&bytes, p));
        let field = |j: usize| record.get(at[j]).unwrap_or_default();
        let win_rate = field(4)
            .parse::<f64>()
            .ok()
            .filter(|w| (0.0..=1.0).contains(w))
            .ok_or_else(|| {
                anyhow!(
                    "{shown}:{line}: expected a win rate between 0 and 1, got {:?}",
                    field(4)
                )
            })?;
        let games: u64 = field(5).parse().map_err(|_| {
            anyhow!(
                "{shown}:{line}: expected a number of games, got {:?}",
                field(5)
            )
        })?;
        if games == 0 {
            bail!(
                "{shown}:{line}: expected a number of games of at least 1, got 0 (a figure over \
                 no games is no baseline)"
            );
        }
        if let Some(columns) = &add_up {
            let counts = columns
                .iter()
                .map(|(name, at)| {
                    let text = record.get(*at).unwrap_or_default();
                    text.parse::<u64>().map_err(|_| {
                        anyhow!("{shown}:{line}: expected a number of {name}, got {text:?}")
                    })
                })
                .collect::<anyhow::Result<Vec<u64>>>()?;
            let sum: u64 = counts.iter().sum();
            if sum != games {
                let names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
                let counts: Vec<String> = counts.iter().map(u64::to_string).collect();
                bail!(
                    "{shown}:{line}: expected {} to add up to games ({games}), got {} = {sum}",
                    names.join(" + "),
                    counts.join(" + ")
                );
            }
        }
        let ci95 = interval.and_then(|(lo, hi)| {
            let bound = |at: usize| record.get(at).and_then(|t| t.parse::<f64>().ok());
            bound(lo).zip(bound(hi))
        });
        let fields = [0, 1, 2, 3].map(|j| field(j).to_owned());
        if let Some(first) = rows.iter().find(|r| r.fields == fields) {
            bail!(
                "{shown}:{line}: a second row for {} (the first is line {}): which is the \
                 baseline?",
                fields.join(", "),
                first.line
            );
        }
        rows.push(Line {
            line,
            fields,
            win_rate,
            games,
            ci95,
        });
    }
    Ok(Opened { kind, rows })
}

/// Reads the baseline `path` and finds the row of `key`, or says why not.
pub fn read_baseline(path: &Path, key: &Key<'_>) -> anyhow::Result<Baseline> {
    let Opened { kind, rows } = open(path)?;
    let mut seen = Vec::new();
    for r in &rows {
        let f = &r.fields;
        let row = match kind {
            // Entry a of the table; the other entries are the rows below.
            BaselineKind::Table if f[3] != "a" => continue,
            BaselineKind::Table => Key {
                deck: &f[0],
                bot: &f[1],
                table: &f[2],
                ..*key
            },
            _ => Key {
                deck: &f[0],
                bot: &f[1],
                opponent: &f[2],
                opponent_bot: &f[3],
                table: "",
            },
        };
        if row == *key {
            return Ok(Baseline {
                kind,
                win_rate: r.win_rate,
                games: r.games,
                ci95: r.ci95,
            });
        }
        seen.push(row.to_string());
    }
    bail!(
        "{} has no row for {key}: the baseline's decks or bots do not match the flags \
         (its rows: {})",
        path.display(),
        if seen.is_empty() {
            "none".to_owned()
        } else {
            seen.join("; ")
        }
    )
}

/// The one matchup a baseline file measures, as a check of a baseline
/// folder needs it: the decks by seat (the deck under test first), the
/// deck's bot and the opponents'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    /// The decks, entry a (the deck under test) first.
    pub decks: Vec<String>,
    /// The deck's bot.
    pub bot: String,
    /// The opponents' bot.
    pub opponent_bot: String,
}

/// The one matchup of the baseline `path` (a file `--write-baseline`
/// wrote holds one), or why it cannot be told.
pub fn measured(path: &Path) -> anyhow::Result<Measured> {
    let shown = path.display();
    let Opened { kind, rows } = open(path)?;
    let mut found = Vec::new();
    for r in &rows {
        let field = |j: usize| r.fields[j].clone();
        match kind {
            BaselineKind::Table if field(3) == "a" => found.push(Measured {
                decks: field(2).split(" + ").map(str::to_owned).collect(),
                bot: field(1),
                opponent_bot: String::new(),
            }),
            // Entry b's bot is the opponents'.
            BaselineKind::Table => {
                if let Some(m) = found.last_mut().filter(|m| m.opponent_bot.is_empty()) {
                    m.opponent_bot = field(1);
                }
            }
            _ if field(2) == super::field::ALL => {}
            _ => found.push(Measured {
                decks: vec![field(0), field(2)],
                bot: field(1),
                opponent_bot: field(3),
            }),
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        n => bail!(
            "{shown} measures {n} matchups, so a baseline folder cannot tell which one to gate: \
             gate it with --baseline {shown} and the --deck/--opponent/--bot flags of one"
        ),
    }
}

/// The file beside a baseline that records what its figure depends on:
/// `x.csv` → `x.settings.json`.
pub fn settings_path(baseline: &Path) -> PathBuf {
    baseline.with_extension("settings.json")
}

/// The conditions a baseline's figure was measured under, besides the
/// seed: the ruleset and table size, every rule option, the `--set`
/// overrides, the SHA-256 of the opponents' decks (`files`, by role), and
/// of what each bot plays (`bots`, by role: the hash of
/// [`Strategy::fingerprint`], so only the strategy's settings and this
/// ruleset's weights count). The deck under test and the card files are
/// what the gate judges, so they may change (that is the point of a CI
/// gate); a `--set` override is a condition.
pub fn recorded_settings(
    game: &str,
    players: usize,
    options: &Options,
    set: &[String],
    decks: &[InputFile],
    bots: &[(String, &Strategy)],
) -> Value {
    let decks: serde_json::Map<String, Value> = decks
        .iter()
        .filter(|f| f.role != "deck" && f.role != "cards")
        .map(|f| (f.role.clone(), Value::from(f.sha256.clone())))
        .collect();
    let bots: serde_json::Map<String, Value> = bots
        .iter()
        .map(|(role, s)| (role.clone(), sha256_hex(s.fingerprint().as_bytes()).into()))
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
        "files": decks,
        "bots": bots,
    })
}

/// The key of a baseline's settings that records the `--deck`,
/// `--opponent`, `--bot` and `--opponent-bot` flags it was written with, as
/// typed (paths relative to the working directory), so that a check of a
/// baseline folder finds the same deck and strategy files. Not a condition
/// of the figure: [`check_settings`] leaves it out (the deck under test may
/// change, and may be given by another path).
pub const FLAGS: &str = "flags";

/// Checks the flags' `now` settings against those recorded beside the
/// baseline: an error naming every setting that differs (the figure would
/// not be comparable). A baseline recorded before settings were kept
/// passes with a warning.
pub fn check_settings(path: &Path, now: &Value) -> anyhow::Result<()> {
    let Some(recorded) = read_settings(path)? else {
        eprintln!(
            "decklab: warning: {} records no settings (no {}): re-record it with \
             --write-baseline to have them checked",
            path.display(),
            settings_path(path).display()
        );
        return Ok(());
    };
    let mut differ = Vec::new();
    let flat = |v: &Value| -> Vec<(String, Value)> {
        let mut out = Vec::new();
        for (k, x) in v.as_object().into_iter().flatten() {
            if k == FLAGS {
                continue;
            }
            match x.as_object() {
                Some(inner) => out.extend(
                    inner
                        .iter()
                        .map(|(role, hash)| (format!("{k}.{role}"), hash.clone())),
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

/// The settings recorded beside the baseline `path`, `None` if it has
/// none.
pub fn read_settings(path: &Path) -> anyhow::Result<Option<Value>> {
    let recorded_at = settings_path(path);
    let text = match std::fs::read_to_string(&recorded_at) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => bail!("cannot read {}: {e}", recorded_at.display()),
    };
    let recorded = serde_json::from_str(&text)
        .with_context(|| format!("{}: not the settings of a baseline", recorded_at.display()))?;
    Ok(Some(recorded))
}
