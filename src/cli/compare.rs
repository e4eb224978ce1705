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
use crate::report::read::{Run, RunManifest};
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
    let runs = [Run::load(&args.a)?, Run::load(&args.b)?];
    let mut out = std::io::stdout().lock();
    for ((label, dir), run) in [("A", &args.a), ("B", &args.b)].into_iter().zip(&runs) {
        writeln!(out, "{label}: {}{}", dir.display(), what_if(&run.manifest))?;
    }
    let [a, b] = &runs;
    let mut sections = vec![("matchups (seat a's win rate)", matchups(a), matchups(b))];
    if !a.tables.is_empty() || !b.tables.is_empty() {
        sections = vec![("tables (each entry's win share)", tables(a), tables(b))];
    }
    if let (Some(_), Some(_)) = (&a.matchups, &b.matchups) {
        sections.push(("matchups over both seats", field(a), field(b)));
    }
    sections.push((
        "cards (win rate when drawn)",
        cards(a, &args.a)?,
        cards(b, &args.b)?,
    ));
    for (title, a, b) in sections {
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

/// The `--set` overrides of a run, from its manifest.
fn what_if(manifest: &RunManifest) -> String {
    let sets: Vec<String> = manifest.settings["set"]
        .as_array()
        .map(Vec::as_slice)
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

/// An exact score from counts of games, wins and draws.
fn counted(games: u64, wins: u64, draws: u64) -> Score {
    Score::with_points(games, wins as f64 + draws as f64 / 2.0)
}

/// Seat a's score per matchup (`summary.csv`).
fn matchups(run: &Run) -> Rates {
    run.summary
        .iter()
        .map(|r| {
            let key = [&r.deck_a, &r.bot_a, &r.deck_b, &r.bot_b].map(String::clone);
            (key.to_vec(), counted(r.games, r.wins_a, r.draws))
        })
        .collect()
}

/// Each entry's win share per table (`summary.csv` at more seats).
fn tables(run: &Run) -> Rates {
    run.tables
        .iter()
        .map(|r| {
            let key = [&r.table, &r.entry, &r.deck, &r.bot].map(String::clone);
            let share = r.win_share.value.unwrap_or(0.0);
            (
                key.to_vec(),
                Score::with_points(r.games, share * r.games as f64),
            )
        })
        .collect()
}

/// Each deck's score over both seats (`matchups.csv`).
fn field(run: &Run) -> Rates {
    run.matchups
        .iter()
        .flatten()
        .map(|r| {
            let key = [&r.deck, &r.bot, &r.opponent, &r.opponent_bot].map(String::clone);
            (key.to_vec(), counted(r.games, r.wins, r.draws))
        })
        .collect()
}

/// Each card's score when drawn (`cards.csv`, whose rate has 4 decimals:
/// the half-points are exact to rounding).
fn cards(run: &Run, dir: &Path) -> anyhow::Result<Rates> {
    let Some(table) = &run.cards else {
        return Ok(Rates::new());
    };
    let path = dir.join("cards.csv");
    let column = |name: &str| {
        table
            .header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| anyhow!("{}:1: expected a column \"{name}\"", path.display()))
    };
    let [deck, card, games, rate] = [
        column("deck")?,
        column("card")?,
        column("games_drawn")?,
        column("win_rate_drawn")?,
    ];
    let mut rates = Rates::new();
    for (i, row) in table.rows.iter().enumerate() {
        let number = |c: usize| -> anyhow::Result<f64> {
            let text = row.get(c).map_or("", String::as_str);
            if text.is_empty() {
                return Ok(0.0);
            }
            text.parse().map_err(|_| {
                anyhow!(
                    "{}:{}: expected a number, found \"{text}\"",
                    path.display(),
                    i + 2
                )
            })
        };
        let (n, r) = (number(games)?, number(rate)?);
        let field = |c: usize| row.get(c).cloned().unwrap_or_default();
        let key = vec![field(deck), field(card)];
        let score = Score::with_points(n as u64, r * n);
        rates.insert(key, score);
    }
    Ok(rates)
}
