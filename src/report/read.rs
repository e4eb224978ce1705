//! Loading a run directory into typed rows: `manifest.json` and the CSV
//! tables. Columns are found by their header name, so extra columns and
//! a different column order are fine. Every error names the file, and the
//! line where there is one.
//!
//! The tables give rates to 4 decimals, and a percentage with one decimal
//! rounded from those can differ from the one the terminal printed
//! (0.47846 is 47.8%, its table's 0.4785 would be 47.9%). So where the
//! run's `stats.json` (its exact tallies) can be read, the rates of
//! `summary.csv` are computed again from it as the terminal computes
//! them (`Run::refine`), and the store cards learn whether they have
//! the seat-games a verdict needs; without it (or with one this decklab
//! cannot read) the tables' figures are shown as they are.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::{Context, anyhow, bail};
use serde::Deserialize;

use crate::core::Player;
use crate::diagnostics::csv_record_line;
use crate::output::names::{
    ACTIONS_CSV, CARDS_CSV, DECK_CURVE_CSV, MANA_CURVE_CSV, MANIFEST_JSON, MATCHUPS_CSV,
    MB_CARDS_CSV, MB_GRANT_CSV, MB_TOURNAMENTS_CSV, PRIZE_PACE_CSV, RATINGS_CSV, SEATS_CSV,
    STATS_JSON, SUMMARY_CSV,
};
use crate::output::{MATCHUPS, MIN_VERDICT_GAMES, RATINGS, SUMMARY, SUMMARY_TABLE, read_stats};
use crate::stats::{RunStats, Score};

mod store;

pub use store::{GrantRow, RoundVpRow, StoreCardRow};

/// One input file of the run, as `manifest.json` lists it.
#[derive(Clone, Debug, Deserialize)]
pub struct ManifestFile {
    /// What the file is (`cards`, `deck_a`…).
    #[serde(default)]
    pub role: String,
    /// Its path, or `bundled:<name>`.
    #[serde(default)]
    pub path: String,
    /// SHA-256 of its bytes, in hex.
    #[serde(default)]
    pub sha256: String,
}

/// What the report shows of `manifest.json`. Every field may be absent,
/// so that manifests of other commands (and other versions) still load.
#[derive(Clone, Debug, Deserialize)]
pub struct RunManifest {
    /// decklab's version.
    pub decklab_version: Option<String>,
    /// The git commit decklab was built from.
    pub git_commit: Option<String>,
    /// The command line, program name first.
    #[serde(default)]
    pub command_line: Vec<String>,
    /// The subcommand.
    pub command: Option<String>,
    /// The ruleset.
    pub game: Option<String>,
    /// The master seed.
    pub seed: Option<u64>,
    /// Games played.
    pub games: Option<u64>,
    /// Games asked for.
    pub games_requested: Option<u64>,
    /// Worker threads.
    pub threads: Option<u64>,
    /// Command-specific settings.
    #[serde(default)]
    pub settings: serde_json::Value,
    /// Seats at each table.
    pub players: Option<usize>,
    /// What the per-seat figures mean in the ruleset (`health`,
    /// `resource`, `score`) and what a turn is.
    #[serde(default)]
    pub terms: Option<Terms>,
    /// The input files, with their hashes.
    #[serde(default)]
    pub files: Vec<ManifestFile>,
    /// Wall-clock duration of the games, in seconds.
    pub elapsed_seconds: Option<f64>,
    /// Whether every requested game was played.
    pub complete: Option<bool>,
}

/// What the neutral per-seat figures mean, as `manifest.json` states.
#[derive(Clone, Debug, Deserialize)]
pub struct Terms {
    /// What `health` measures.
    pub health: String,
    /// What the turn's resource is.
    pub resource: String,
    /// What `score` counts.
    pub score: String,
    /// What a turn of the per-turn tables is (absent before it was
    /// stated).
    #[serde(default)]
    pub turn: Option<String>,
}

/// A line of `summary.csv`: one matchup, seen from seat a.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    /// Seat a's deck and bot.
    pub deck_a: String,
    /// Seat a's bot.
    pub bot_a: String,
    /// Seat b's deck.
    pub deck_b: String,
    /// Seat b's bot.
    pub bot_b: String,
    /// Games played.
    pub games: u64,
    /// Games won by seat a.
    pub wins_a: u64,
    /// Games won by seat b.
    pub wins_b: u64,
    /// Drawn games.
    pub draws: u64,
    /// Seat a's win rate, with its 95% interval.
    pub win_rate_a: Estimate,
    /// Seat a's win rate when going first, with its interval (older
    /// files have none).
    pub win_rate_a_first: Estimate,
    /// Seat a's win rate when going second.
    pub win_rate_a_second: Estimate,
    /// Mean game length in turns.
    pub mean_turns: Option<f64>,
}

/// A line of `summary.csv` at more than two seats: one entry of a table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    /// The table: its decks in entry order.
    pub table: String,
    /// The entry's letter (`a` is the first `--deck`).
    pub entry: String,
    /// The entry's deck.
    pub deck: String,
    /// Its bot.
    pub bot: String,
    /// Games played at the table.
    pub games: u64,
    /// The entry's share of first places, with its 95% interval.
    pub win_share: Estimate,
    /// Its rank score, with its 95% interval.
    pub rank_score: Estimate,
    /// Its mean final score.
    pub mean_score: Option<f64>,
    /// Games without a lone winner at the table.
    pub draws: u64,
    /// Mean game length in turns.
    pub mean_turns: Option<f64>,
    /// Its win share in each seat (`a` first).
    pub win_share_at: Vec<Estimate>,
    /// How often it finished at each rank (first place first).
    pub rank_shares: Vec<Estimate>,
}

/// A rate or rating with its 95% interval; each part undefined (`None`)
/// when the file has an empty field.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The point estimate.
    pub value: Option<f64>,
    /// The interval's lower end.
    pub low: Option<f64>,
    /// The interval's upper end.
    pub high: Option<f64>,
}

impl Estimate {
    /// The rate of `score` with its 95% Wilson interval.
    pub fn wilson(score: &Score) -> Estimate {
        let interval = score.wilson95();
        Estimate {
            value: score.rate(),
            low: interval.map(|i| i.0),
            high: interval.map(|i| i.1),
        }
    }

    /// The rate of `score` with its 95% normal interval (a rank score's,
    /// as `summary.csv` gives it).
    pub fn normal(score: &Score) -> Estimate {
        let interval = score.normal95();
        Estimate {
            value: score.rate(),
            low: interval.map(|i| i.0),
            high: interval.map(|i| i.1),
        }
    }
}

/// A line of `mana_curve.csv`: one deck's mean resource (mana) on one of
/// its turns.
#[derive(Clone, Debug, PartialEq)]
pub struct ManaRow {
    /// The deck.
    pub deck: String,
    /// The deck's own turn number.
    pub turn: u32,
    /// Games that reached the turn.
    pub games: u64,
    /// Mean most resource available.
    pub max: f64,
    /// Mean resource spent.
    pub spent: f64,
    /// Mean resource left unspent.
    pub unspent: f64,
}

/// A line of `prize_pace.csv`: one deck's score by one of its turns.
#[derive(Clone, Debug, PartialEq)]
pub struct PaceRow {
    /// The deck.
    pub deck: String,
    /// The deck's own turn number.
    pub turn: u32,
    /// Games counted (all the deck's games).
    pub games: u64,
    /// Mean score by then.
    pub mean_score: f64,
    /// Share of games won by then.
    pub share_won: f64,
}

/// A line of `actions.csv`: one deck's mean actions of one kind on one of
/// its turns.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionRow {
    /// The deck.
    pub deck: String,
    /// The deck's own turn number.
    pub turn: u32,
    /// The kind of action.
    pub kind: String,
    /// Games that reached the turn.
    pub games: u64,
    /// Mean actions of that kind on that turn.
    pub mean: f64,
}

/// A line of `deck_curve.csv`: how many cards of one cost a deck's list
/// holds.
#[derive(Clone, Debug, PartialEq)]
pub struct CostRow {
    /// The deck.
    pub deck: String,
    /// The cost.
    pub cost: u32,
    /// Cards of that cost in the list, copies counted.
    pub cards: u64,
}

/// A line of `seats.csv`: one seat of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    /// The game's number.
    pub game: u64,
    /// The seat's place (1 for first; equal places share it).
    pub rank: u32,
    /// Whether the seat moved first (`1` in the file).
    pub first: bool,
}

/// A line of `matchups.csv`: one deck against one opponent.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchupRow {
    /// The deck (`ALL` in an aggregate line).
    pub deck: String,
    /// The opponent (`ALL` in an aggregate line).
    pub opponent: String,
    /// The deck's bot.
    pub bot: String,
    /// The opponent's bot.
    pub opponent_bot: String,
    /// Games played.
    pub games: u64,
    /// Games won by the deck.
    pub wins: u64,
    /// Games lost by the deck.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
    /// The deck's win rate, with its 95% interval.
    pub win_rate: Estimate,
}

/// A line of `ratings.csv`: one deck's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The deck.
    pub deck: String,
    /// The rating, with its 95% interval.
    pub rating: Estimate,
    /// Games played.
    pub games: u64,
    /// The deck's score (wins plus half the draws, as a share).
    pub score: Option<f64>,
}

/// A CSV table kept as text: `cards.csv`, shown whole.
#[derive(Clone, Debug, PartialEq)]
pub struct TextTable {
    /// The header.
    pub header: Vec<String>,
    /// The records.
    pub rows: Vec<Vec<String>>,
}

/// Everything a report shows of a run directory; optional files that are
/// absent are `None`.
#[derive(Clone, Debug)]
pub struct Run {
    /// `manifest.json`.
    pub manifest: RunManifest,
    /// `summary.csv` of a two-seat run (empty at more seats).
    pub summary: Vec<SummaryRow>,
    /// `summary.csv` of a run at more seats (empty at two seats).
    pub tables: Vec<TableRow>,
    /// `mana_curve.csv`.
    pub mana: Option<Vec<ManaRow>>,
    /// `deck_curve.csv`.
    pub deck_curve: Option<Vec<CostRow>>,
    /// `prize_pace.csv`.
    pub pace: Option<Vec<PaceRow>>,
    /// `actions.csv`.
    pub actions: Option<Vec<ActionRow>>,
    /// `matchups.csv`.
    pub matchups: Option<Vec<MatchupRow>>,
    /// `ratings.csv`.
    pub ratings: Option<Vec<RatingRow>>,
    /// `cards.csv`.
    pub cards: Option<TextTable>,
    /// `seats.csv`.
    pub seats: Option<Vec<SeatRow>>,
    /// `mb_cards.csv` (a ruleset with a store).
    pub store_cards: Option<Vec<StoreCardRow>>,
    /// `mb_tournaments.csv`.
    pub store_rounds: Option<Vec<RoundVpRow>>,
    /// `mb_grant.csv` (a run of the grant experiment).
    pub grant: Option<Vec<GrantRow>>,
}

impl Run {
    /// Loads the run directory `dir`. `manifest.json` and `summary.csv` are
    /// required; the other files are read when present.
    pub fn load(dir: &Path) -> anyhow::Result<Run> {
        let manifest = load_manifest(dir)?;
        let csv = Csv::read(dir, SUMMARY_CSV)?.ok_or_else(|| missing(dir, SUMMARY_CSV))?;
        let (summary, tables) = if csv.header.iter().any(|h| h == "deck_a") {
            (csv.typed()?, Vec::new())
        } else {
            (Vec::new(), table_rows(csv)?)
        };
        let mut run = Run {
            manifest,
            summary,
            tables,
            mana: optional(dir, MANA_CURVE_CSV)?,
            deck_curve: optional(dir, DECK_CURVE_CSV)?,
            pace: optional(dir, PRIZE_PACE_CSV)?,
            actions: optional(dir, ACTIONS_CSV)?,
            matchups: optional(dir, MATCHUPS_CSV)?,
            ratings: optional(dir, RATINGS_CSV)?,
            cards: Csv::read(dir, CARDS_CSV)?.map(Csv::text),
            seats: optional(dir, SEATS_CSV)?,
            store_cards: optional(dir, MB_CARDS_CSV)?,
            store_rounds: optional(dir, MB_TOURNAMENTS_CSV)?,
            grant: optional(dir, MB_GRANT_CSV)?,
        };
        if let Ok(stats) = read_stats(&dir.join(STATS_JSON)) {
            run.refine(&stats);
        }
        Ok(run)
    }

    /// Replaces the rates of `summary.csv` (4 decimals) by the same rates
    /// computed from the run's tallies `stats`, as the terminal prints
    /// them: at two seats seat a's rate going first and second (its win
    /// rate is taken from the counts already), at more seats every
    /// entry's win share, rank score, win share by seat and share of each
    /// rank. Marks each store card that has [`MIN_VERDICT_GAMES`]
    /// seat-games bought and not bought ([`StoreCardRow::enough`]). Rows
    /// the tallies do not hold are left as read.
    fn refine(&mut self, stats: &RunStats) {
        for (m, s) in &stats.matchups {
            let (decks, bots) = (m.decks.as_slice(), m.bots.as_slice());
            if m.players() == 2 {
                let Some(a) = s.entries.first() else { continue };
                let of_matchup = |r: &&mut SummaryRow| {
                    [&r.deck_a, &r.deck_b] == [&decks[0], &decks[1]]
                        && [&r.bot_a, &r.bot_b] == [&bots[0], &bots[1]]
                };
                for row in self.summary.iter_mut().filter(of_matchup) {
                    row.win_rate_a_first = Estimate::wilson(&a.first);
                    row.win_rate_a_second = Estimate::wilson(&a.second);
                }
                continue;
            }
            let table = m.table_name();
            for (e, entry) in s.entries.iter().enumerate() {
                let letter = Player::new(e).letter().to_string();
                let of_entry = |r: &&mut TableRow| r.table == table && r.entry == letter;
                for row in self.tables.iter_mut().filter(of_entry) {
                    row.win_share = Estimate::wilson(&entry.win_share);
                    row.rank_score = Estimate::normal(&entry.rank_score);
                    for (seat, at) in row.win_share_at.iter_mut().enumerate() {
                        let score = entry.by_seat.get(seat).copied().unwrap_or_default();
                        *at = Estimate::wilson(&score);
                    }
                    for (rank, share) in row.rank_shares.iter_mut().enumerate() {
                        let n = entry.ranks.get(rank).copied().unwrap_or(0);
                        *share = Estimate::wilson(&Score::of_points(s.games, n));
                    }
                }
            }
        }
        if let (Some(rows), Some(store)) = (&mut self.store_cards, &stats.store) {
            for row in rows {
                row.enough = store
                    .cards
                    .get(&row.card)
                    .map(|c| c.bought.games.min(c.not_bought.games) >= MIN_VERDICT_GAMES);
            }
        }
    }
}

/// The rows of a `summary.csv` at more than two seats, with their
/// per-seat (`win_share_at_*`) and per-rank (`share_rank_*`) columns.
fn table_rows(csv: Csv) -> anyhow::Result<Vec<TableRow>> {
    // `win_share_at_a`, not `win_share_at_a_ci95_low`: the key is one word.
    let numbered = |prefix: &str| -> Vec<String> {
        let mut found: Vec<(String, String)> = csv
            .header
            .iter()
            .filter_map(|h| h.strip_prefix(prefix).map(|k| (k, h)))
            .filter(|(k, _)| !k.contains('_'))
            .map(|(k, h)| (k.to_owned(), h.clone()))
            .collect();
        found.sort();
        found.into_iter().map(|(_, h)| h).collect()
    };
    let (at_seat, at_rank) = (numbered("win_share_at_"), numbered("share_rank_"));
    type Shares = (Vec<Estimate>, Vec<Estimate>);
    let mut extras: Vec<Shares> = Vec::with_capacity(csv.records.len());
    for (line, fields) in &csv.records {
        let row = Row::loose(&csv, *line, fields);
        let rates = |columns: &[String]| -> anyhow::Result<Vec<Estimate>> {
            columns.iter().map(|c| row.named_estimate(c)).collect()
        };
        extras.push((rates(&at_seat)?, rates(&at_rank)?));
    }
    let mut rows: Vec<TableRow> = csv.typed()?;
    for (row, (seats, ranks)) in rows.iter_mut().zip(extras) {
        row.win_share_at = seats;
        row.rank_shares = ranks;
    }
    Ok(rows)
}

/// The error for a required file that is absent.
fn missing(dir: &Path, name: &str) -> anyhow::Error {
    anyhow!(
        "cannot read {}: no such file (is {} the output directory of a decklab run?)",
        dir.join(name).display(),
        dir.display()
    )
}

/// Reads and parses `manifest.json` of the run directory `dir`.
pub fn load_manifest(dir: &Path) -> anyhow::Result<RunManifest> {
    let path = dir.join(MANIFEST_JSON);
    let text = match fs::read_to_string(&path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(missing(dir, MANIFEST_JSON)),
        other => other.with_context(|| format!("cannot read {}", path.display()))?,
    };
    serde_json::from_str(&text).map_err(|e| anyhow!("{}:{}: {e}", path.display(), e.line()))
}

/// Loads the optional table `name` into typed rows.
fn optional<T: FromRow>(dir: &Path, name: &str) -> anyhow::Result<Option<Vec<T>>> {
    Csv::read(dir, name)?.map(|csv| csv.typed()).transpose()
}

/// A CSV file read whole, with the line number of each record.
struct Csv {
    path: PathBuf,
    header: Vec<String>,
    records: Vec<(u64, Vec<String>)>,
}

impl Csv {
    /// Reads `dir/name`: `None` if there is no such file.
    fn read(dir: &Path, name: &str) -> anyhow::Result<Option<Csv>> {
        let path = dir.join(name);
        let bytes = match fs::read(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            other => other.with_context(|| format!("cannot read {}", path.display()))?,
        };
        let at = |e: csv::Error| {
            let line = e.position().map_or(1, csv::Position::line);
            anyhow!("{}:{line}: {}", path.display(), csv_message(&e))
        };
        let mut reader = csv::ReaderBuilder::new().from_reader(bytes.as_slice());
        let header: Vec<String> = reader
            .headers()
            .map_err(at)?
            .iter()
            .map(str::to_owned)
            .collect();
        if header.iter().all(String::is_empty) {
            bail!("{}:1: no header line", path.display());
        }
        let mut records = Vec::new();
        for record in reader.records() {
            let record = record.map_err(at)?;
            let line = record
                .position()
                .map_or(0, |p| csv_record_line(&bytes, p) as u64);
            records.push((line, record.iter().map(str::to_owned).collect()));
        }
        Ok(Some(Csv {
            path,
            header,
            records,
        }))
    }

    /// The records as rows of `T`, once the header has every column `T`
    /// needs.
    fn typed<T: FromRow>(self) -> anyhow::Result<Vec<T>> {
        let columns = T::COLUMNS
            .iter()
            .map(|name| {
                self.header.iter().position(|h| h == name).ok_or_else(|| {
                    anyhow!(
                        "{}:1: no column {name:?} in the header",
                        self.path.display()
                    )
                })
            })
            .collect::<anyhow::Result<Vec<usize>>>()?;
        self.records
            .iter()
            .map(|(line, fields)| {
                T::from_row(&mut Row {
                    csv: &self,
                    line: *line,
                    fields,
                    names: T::COLUMNS,
                    columns: &columns,
                    next: 0,
                })
            })
            .collect()
    }

    /// The file as text, shown whole.
    fn text(self) -> TextTable {
        TextTable {
            header: self.header,
            rows: self.records.into_iter().map(|(_, r)| r).collect(),
        }
    }
}

/// The text of a CSV error without its position (given separately).
fn csv_message(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("{len} fields where the header has {expected_len}"),
        csv::ErrorKind::Utf8 { .. } => "not valid UTF-8".to_owned(),
        _ => e.to_string(),
    }
}

/// One record, read field by field in the order of [`FromRow::COLUMNS`].
struct Row<'a> {
    csv: &'a Csv,
    line: u64,
    fields: &'a [String],
    /// The names of the row's columns, and where each is in the file.
    names: &'static [&'static str],
    columns: &'a [usize],
    next: usize,
}

impl<'a> Row<'a> {
    /// The next column's name and text.
    fn field(&mut self) -> (&'static str, &'a str) {
        let i = self.next;
        self.next += 1;
        let name = self.names.get(i).copied().unwrap_or_default();
        let text = self
            .columns
            .get(i)
            .and_then(|&c| self.fields.get(c))
            .map_or("", String::as_str);
        (name, text)
    }

    /// The next field as text.
    fn text(&mut self) -> String {
        self.field().1.to_owned()
    }

    /// The next field as a number: an integer, or a finite decimal.
    fn number<N: FromStr + Finite>(&mut self) -> anyhow::Result<N> {
        let (name, text) = self.field();
        parse(text).ok_or_else(|| self.not_a_number(name, text))
    }

    /// The next field as a finite decimal, or `None` when it is empty (an
    /// undefined rate).
    fn optional(&mut self) -> anyhow::Result<Option<f64>> {
        let (name, text) = self.field();
        self.checked_number(name, text)
    }

    /// The next field as a rate: a decimal between 0 and 1, or `None`
    /// when it is empty.
    fn rate(&mut self) -> anyhow::Result<Option<f64>> {
        let (name, text) = self.field();
        self.checked_rate(name, text)
    }

    /// The next field as a rate that must be there.
    fn required_rate(&mut self) -> anyhow::Result<f64> {
        let (name, text) = self.field();
        self.checked_rate(name, text)?
            .ok_or_else(|| self.not_a_number(name, text))
    }

    /// The next three fields (value, lower end, upper end) as an
    /// [`Estimate`] of any figure (a rating).
    fn estimate(&mut self) -> anyhow::Result<Estimate> {
        Ok(Estimate {
            value: self.optional()?,
            low: self.optional()?,
            high: self.optional()?,
        })
    }

    /// The next three fields as an [`Estimate`] of a rate: each between
    /// 0 and 1.
    fn rate_estimate(&mut self) -> anyhow::Result<Estimate> {
        Ok(Estimate {
            value: self.rate()?,
            low: self.rate()?,
            high: self.rate()?,
        })
    }

    /// A row read by column name alone, for the columns a table may or
    /// may not have (per seat, per rank, or newer than the file).
    fn loose(csv: &'a Csv, line: u64, fields: &'a [String]) -> Row<'a> {
        Row {
            csv,
            line,
            fields,
            names: &[],
            columns: &[],
            next: 0,
        }
    }

    /// The field of column `column`, empty where the file has no such
    /// column.
    fn named(&self, column: &str) -> &'a str {
        self.csv
            .header
            .iter()
            .position(|h| h == column)
            .and_then(|c| self.fields.get(c))
            .map_or("", String::as_str)
    }

    /// The number in column `column`: `None` where the file has no such
    /// column or the field is empty.
    fn named_number(&self, column: &str) -> anyhow::Result<Option<f64>> {
        self.checked_number(column, self.named(column))
    }

    /// `text` of column `column` as a finite decimal: `None` when empty,
    /// an error naming the file, line and column when it is not a number.
    fn checked_number(&self, column: &str, text: &str) -> anyhow::Result<Option<f64>> {
        if text.trim().is_empty() {
            return Ok(None);
        }
        parse(text)
            .map(Some)
            .ok_or_else(|| self.not_a_number(column, text))
    }

    /// The rate in column `name` with its interval in `<name>_ci95_low`
    /// and `<name>_ci95_high`: each `None` where the file has no such
    /// column or the field is empty.
    fn named_estimate(&self, name: &str) -> anyhow::Result<Estimate> {
        let rate = |column: &str| self.checked_rate(column, self.named(column));
        Ok(Estimate {
            value: rate(name)?,
            low: rate(&format!("{name}_ci95_low"))?,
            high: rate(&format!("{name}_ci95_high"))?,
        })
    }

    /// `text` of column `column` as a rate: `None` when empty, an error
    /// naming the file, line and column when it is not a decimal between
    /// 0 and 1.
    fn checked_rate(&self, column: &str, text: &str) -> anyhow::Result<Option<f64>> {
        match self.checked_number(column, text)? {
            Some(x) if !(0.0..=1.0).contains(&x) => bail!(
                "{}:{}: column {column}: {text:?} is not a rate between 0 and 1",
                self.csv.path.display(),
                self.line
            ),
            x => Ok(x),
        }
    }

    fn not_a_number(&self, column: &str, text: &str) -> anyhow::Error {
        anyhow!(
            "{}:{}: column {column}: {text:?} is not a number",
            self.csv.path.display(),
            self.line
        )
    }
}

fn parse<N: FromStr + Finite>(text: &str) -> Option<N> {
    text.trim().parse::<N>().ok().filter(Finite::finite)
}

/// A number that may be read from a CSV field: NaN and infinities are not.
trait Finite {
    /// Whether the number is usable.
    fn finite(&self) -> bool;
}

impl Finite for f64 {
    fn finite(&self) -> bool {
        self.is_finite()
    }
}

impl Finite for u64 {
    fn finite(&self) -> bool {
        true
    }
}

impl Finite for u32 {
    fn finite(&self) -> bool {
        true
    }
}

/// A typed row of a CSV table.
trait FromRow: Sized {
    /// The columns the row is made of, in the order `from_row` reads them.
    const COLUMNS: &'static [&'static str];

    /// Builds the row from its fields, read in the order of `COLUMNS`.
    fn from_row(row: &mut Row) -> anyhow::Result<Self>;
}

impl FromRow for SummaryRow {
    /// The columns every version of [`SUMMARY`] begins with, up to the
    /// interval of `win_rate_a`; the others are read by name.
    const COLUMNS: &'static [&'static str] = SUMMARY.as_slice().split_at(11).0;

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        let (deck_a, bot_a, deck_b, bot_b) = (row.text(), row.text(), row.text(), row.text());
        let [games, wins_a, wins_b, draws] =
            [row.number()?, row.number()?, row.number()?, row.number()?];
        // Checked as read, then taken from the counts: the file's 4
        // decimals rounded again to 1 would disagree with the same rate
        // computed elsewhere (52.15% shown 52.1% beside 52.2%).
        row.rate_estimate()?;
        let points = wins_a as f64 + draws as f64 / 2.0;
        Ok(SummaryRow {
            deck_a,
            bot_a,
            deck_b,
            bot_b,
            games,
            wins_a,
            wins_b,
            draws,
            win_rate_a: Estimate::wilson(&Score::with_points(games, points)),
            win_rate_a_first: row.named_estimate("win_rate_a_first")?,
            win_rate_a_second: row.named_estimate("win_rate_a_second")?,
            mean_turns: row.named_number("mean_turns")?,
        })
    }
}

impl FromRow for TableRow {
    const COLUMNS: &'static [&'static str] = &SUMMARY_TABLE;

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(TableRow {
            table: row.text(),
            entry: row.text(),
            deck: row.text(),
            bot: row.text(),
            games: row.number()?,
            win_share: row.rate_estimate()?,
            rank_score: row.rate_estimate()?,
            mean_score: row.optional()?,
            draws: row.number()?,
            mean_turns: row.optional()?,
            win_share_at: Vec::new(),
            rank_shares: Vec::new(),
        })
    }
}

impl FromRow for ManaRow {
    const COLUMNS: &'static [&'static str] = &[
        "deck",
        "turn",
        "games",
        "mean_resource_max",
        "mean_resource_spent",
        "mean_resource_unspent",
    ];

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(ManaRow {
            deck: row.text(),
            turn: row.number()?,
            games: row.number()?,
            max: row.number()?,
            spent: row.number()?,
            unspent: row.number()?,
        })
    }
}

impl FromRow for PaceRow {
    const COLUMNS: &'static [&'static str] =
        &["deck", "turn", "games", "mean_score", "share_won_by_turn"];

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(PaceRow {
            deck: row.text(),
            turn: row.number()?,
            games: row.number()?,
            mean_score: row.number()?,
            share_won: row.required_rate()?,
        })
    }
}

impl FromRow for ActionRow {
    const COLUMNS: &'static [&'static str] = &["deck", "turn", "kind", "games", "mean_actions"];

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(ActionRow {
            deck: row.text(),
            turn: row.number()?,
            kind: row.text(),
            games: row.number()?,
            mean: row.number()?,
        })
    }
}

impl FromRow for CostRow {
    const COLUMNS: &'static [&'static str] = &["deck", "cost", "cards_in_list"];

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(CostRow {
            deck: row.text(),
            cost: row.number()?,
            cards: row.number()?,
        })
    }
}

impl FromRow for SeatRow {
    const COLUMNS: &'static [&'static str] = &["game", "rank", "first"];

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(SeatRow {
            game: row.number()?,
            rank: row.number()?,
            first: row.number::<u32>()? == 1,
        })
    }
}

impl FromRow for MatchupRow {
    const COLUMNS: &'static [&'static str] = &MATCHUPS;

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(MatchupRow {
            deck: row.text(),
            opponent: row.text(),
            bot: row.text(),
            opponent_bot: row.text(),
            games: row.number()?,
            wins: row.number()?,
            losses: row.number()?,
            draws: row.number()?,
            win_rate: row.rate_estimate()?,
        })
    }
}

impl FromRow for RatingRow {
    const COLUMNS: &'static [&'static str] = &RATINGS;

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(RatingRow {
            deck: row.text(),
            rating: row.estimate()?,
            games: row.number()?,
            score: row.optional()?,
        })
    }
}
