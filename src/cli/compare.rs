//! `decklab compare DIR_A DIR_B`: what changed between two runs (a
//! what-if `--set` against the original, say): per matchup and per card,
//! both win rates with their 95% intervals and the difference B − A with
//! Newcombe's interval. A `*` flags the rows whose two intervals do not
//! overlap.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::anyhow;
use clap::Args;

use super::table::write_table;
use crate::output::CsvTable;
use crate::stats::{Score, newcombe95};

const EXAMPLES: &str = "\
Examples:
  decklab simulate --out results/before
  decklab simulate --set \"Stack-O-Fox.health=3\" --out results/after
  decklab compare results/before results/after
  decklab compare results/before results/after --only-changed";

/// The arguments of `decklab compare`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct CompareArgs {
    /// The first run's output directory.
    #[arg(value_name = "DIR_A")]
    a: PathBuf,
    /// The second run's output directory.
    #[arg(value_name = "DIR_B")]
    b: PathBuf,
    /// Show only the rows flagged as changed.
    #[arg(long)]
    only_changed: bool,
}

/// A win rate's tally, keyed by what it is the rate of.
type Rates = BTreeMap<Vec<String>, Score>;

/// Runs `decklab compare`.
pub fn run(args: CompareArgs) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    for (label, dir) in [("A", &args.a), ("B", &args.b)] {
        writeln!(out, "{label}: {}{}", dir.display(), what_if(dir))?;
    }
    let sections = [
        (
            "matchups (seat a's win rate)",
            "summary.csv",
            matchups as Reader,
        ),
        ("matchups over both seats", "matchups.csv", field),
        ("cards (win rate when drawn)", "cards.csv", cards),
    ];
    for (title, file, read) in sections {
        let (pa, pb) = (args.a.join(file), args.b.join(file));
        if file == "matchups.csv" && !(pa.is_file() && pb.is_file()) {
            continue;
        }
        let (a, b) = (read(&pa)?, read(&pb)?);
        writeln!(out, "\n{title}")?;
        write_table(&mut out, &rows(&a, &b, args.only_changed), &[])?;
        let only: Vec<String> = a
            .keys()
            .filter(|k| !b.contains_key(*k))
            .map(|k| format!("{} (A only)", k.join(" / ")))
            .chain(
                b.keys()
                    .filter(|k| !a.contains_key(*k))
                    .map(|k| format!("{} (B only)", k.join(" / "))),
            )
            .collect();
        if !only.is_empty() {
            writeln!(out, "not compared: {}", only.join(", "))?;
        }
    }
    Ok(())
}

/// A reader of one kind of table.
type Reader = fn(&Path) -> anyhow::Result<Rates>;

/// The `--set` overrides of a run, from its manifest.
fn what_if(dir: &Path) -> String {
    let manifest = std::fs::read_to_string(dir.join("manifest.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok());
    let sets: Vec<String> = manifest
        .as_ref()
        .and_then(|m| m["settings"]["set"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|s| s.as_str().map(|s| format!("--set \"{s}\"")))
        .collect();
    if sets.is_empty() {
        String::new()
    } else {
        format!("  ({})", sets.join(" "))
    }
}

/// The comparison rows, header first.
fn rows(a: &Rates, b: &Rates, only_changed: bool) -> Vec<Vec<String>> {
    let percent = |x: f64| format!("{:.1}%", 100.0 * x);
    let rate = |s: &Score| match (s.rate(), s.wilson95()) {
        (Some(r), Some((lo, hi))) => format!(
            "{} [{}, {}] n={}",
            percent(r),
            percent(lo),
            percent(hi),
            s.games
        ),
        _ => "-".to_owned(),
    };
    let mut out = vec![
        ["", "A", "B", "B - A [95% CI]", ""]
            .map(String::from)
            .to_vec(),
    ];
    for (key, sa) in a {
        let Some(sb) = b.get(key) else { continue };
        let apart = match (sa.wilson95(), sb.wilson95()) {
            (Some((la, ha)), Some((lb, hb))) => ha < lb || hb < la,
            _ => false,
        };
        if only_changed && !apart {
            continue;
        }
        let diff = newcombe95(sa, sb).map_or_else(
            || "-".to_owned(),
            |(d, lo, hi)| format!("{:+.1} [{:+.1}, {:+.1}]", 100.0 * d, 100.0 * lo, 100.0 * hi),
        );
        out.push(vec![
            key.join(" / "),
            rate(sa),
            rate(sb),
            diff,
            if apart { "*".into() } else { String::new() },
        ]);
    }
    out
}

/// Reads named columns of `path` for every row.
fn read_rows<const N: usize>(
    path: &Path,
    keys: [&str; N],
    score: impl Fn(&CsvTable, usize) -> Result<Score, String>,
) -> anyhow::Result<Rates> {
    let t = CsvTable::read(path).map_err(|e| anyhow!(e))?;
    let at: Vec<usize> = keys
        .iter()
        .map(|k| t.column(k))
        .collect::<Result<_, _>>()
        .map_err(|e| anyhow!(e))?;
    let mut rates = Rates::new();
    for row in 0..t.rows().len() {
        let key = at.iter().map(|&c| t.text(row, c).to_owned()).collect();
        rates.insert(key, score(&t, row).map_err(|e| anyhow!(e))?);
    }
    Ok(rates)
}

/// An exact score from counts of games, wins and draws.
fn counted(t: &CsvTable, row: usize, [games, wins, draws]: [&str; 3]) -> Result<Score, String> {
    let n =
        |c: &str| -> Result<u64, String> { Ok(t.number(row, t.column(c)?)?.unwrap_or(0.0) as u64) };
    Ok(Score {
        games: n(games)?,
        half_points: 2 * n(wins)? + n(draws)?,
    })
}

fn matchups(path: &Path) -> anyhow::Result<Rates> {
    read_rows(path, ["deck_a", "bot_a", "deck_b", "bot_b"], |t, r| {
        counted(t, r, ["games", "wins_a", "draws"])
    })
}

fn field(path: &Path) -> anyhow::Result<Rates> {
    read_rows(path, ["deck", "bot", "opponent", "opponent_bot"], |t, r| {
        counted(t, r, ["games", "wins", "draws"])
    })
}

fn cards(path: &Path) -> anyhow::Result<Rates> {
    read_rows(path, ["deck", "card"], |t, r| {
        let games = t.number(r, t.column("games_drawn")?)?.unwrap_or(0.0);
        let rate = t.number(r, t.column("win_rate_drawn")?)?.unwrap_or(0.0);
        // The rate has 4 decimals: the half-points are exact to rounding.
        Ok(Score {
            games: games as u64,
            half_points: (rate * 2.0 * games).round() as u64,
        })
    })
}
