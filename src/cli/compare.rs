//! `decklab compare DIR_A DIR_B`: what changed between two runs (a
//! what-if `--set` against the original, say): per matchup and per card,
//! both win rates with their 95% intervals and the difference B − A.
//!
//! When the runs share their seed, they played the same deals: the
//! matchup rows are then compared **paired**, game by game from
//! `seats.csv` (the mean of the per-game differences and its interval, see
//! [`Paired`]), which sees a change that two independent intervals hide.
//! The card rows pair too, from the cards each seat had in hand
//! (`seats.csv`'s `in_hand`): a card's GIH WR is the deck's points over
//! its seats with a copy in hand, a ratio of two sums over games, and the
//! difference of the two runs' gets the cluster-robust interval of
//! [`Paired::of_ratios`] over the games either run had it in hand, as long
//! as those games are the ones `cards.csv` counted. A store card's buy
//! rate (`mb_cards.csv`) pairs the same way, from the cards each game saw
//! and bought (`games.csv`'s `store_seen` and `store_bought`). Otherwise
//! (other seeds, a run from before those columns) the difference has
//! Newcombe's interval for two independent rates. A `*`
//! flags every row whose change holds once all the rows compared are
//! accounted for (see [`adjust`]). With `--html FILE`, the same rows are
//! also drawn on a self-contained web page (see [`crate::report`]).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, anyhow};
use clap::Args;
use serde_json::json;

use super::flags::Format;
use super::table::write_table;
use crate::cli::field::{ALL, Field};
use crate::core::{MAX_PLAYERS, Outcome, Player, Seats, UNITS_PER_GAME};
use crate::output::STORE_COLUMNS;
use crate::output::names::{CARDS_CSV, GAMES_CSV, SEATS_CSV};
use crate::report::comparison::{Line, Part, Side};
use crate::report::read::{Estimate, Run, RunManifest, StoreCardRow, TableRow};
use crate::report::write_compare;
use crate::stats::{
    ClusterSums, Paired, Score, entry_pairing, holm, is_mask, mask_bit, newcombe_p, newcombe95,
};

const EXAMPLES: &str = "\
A row is flagged (*) when its change holds once every row compared is
accounted for (its p-value adjusted by Holm within each section and by the
number of sections is at most 0.05), so two runs that differ only by
chance flag nothing about 95 times in 100. Each interval is that row's
own 95%.

Exit status: 0 nothing flagged, 1 at least one row flagged, 2 bad input.

Examples:
  decklab simulate --games 500 --out results/before
  decklab simulate --games 500 --set \"Cinder Imp.health=4\" --out results/after
  decklab compare results/before results/after                # exit status 1: rows flagged
  decklab compare results/before results/after --only-changed # exit status 1: rows flagged
  decklab compare results/before results/after --format json  # exit status 1: rows flagged
  decklab compare results/before results/after --html results/compare.html  # exit status 1";

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
    /// The output: a text table, CSV (one line per row of every section:
    /// section,key,a_rate,a_games,b_rate,b_games,diff,diff_low,diff_high,paired,changed_games,flagged,p_value,p_adjusted,paired_games)
    /// or JSON (one object with the runs and every row).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also write the comparison as a self-contained web page to FILE: a
    /// dot-and-whisker chart of B − A per row, flagged rows highlighted,
    /// and both rates with their intervals.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

/// A win rate's tally, keyed by what it is the rate of.
type Rates = BTreeMap<Vec<String>, Score>;

/// Per key, the (A, B) scores of the games both runs played with it.
type Pairs = BTreeMap<Vec<String>, Vec<(f64, f64)>>;

/// Per card (deck, card), its GIH games in both runs: the sums of the
/// paired difference of the two GIH WRs ([`Paired::of_ratios`]: side `b`
/// run B, side `c` run A), over all of them and over the games whose
/// figures changed.
type CardPairs = BTreeMap<Vec<String>, (ClusterSums, ClusterSums)>;

/// What a section's rows pair on when the runs played the same deals.
#[derive(Clone, Copy)]
enum Pairing<'p> {
    /// Nothing: every row compared as independent samples.
    Unpaired,
    /// The games of each key, one score per game and run.
    Games(&'p Pairs),
    /// The games of each card, its GIH WR per run.
    Cards(&'p CardPairs),
}

/// One compared row.
struct Row {
    key: Vec<String>,
    a: Score,
    b: Score,
    /// The paired difference, when the runs played the same games.
    paired: Option<Paired>,
    /// B − A and its 95% interval (paired, else Newcombe's).
    diff: Option<(f64, f64, f64)>,
    /// The two-sided p-value of "no change", the test that goes with the
    /// interval.
    p: Option<f64>,
    /// `p` adjusted for the rows compared (see [`adjust`]).
    p_adjusted: Option<f64>,
}

impl Row {
    /// Whether the change holds once every row compared is accounted for.
    fn flagged(&self) -> bool {
        self.p_adjusted.is_some_and(|p| p <= ALPHA)
    }
}

/// The chance that two runs differing only by chance flag any row.
const ALPHA: f64 = 0.05;

/// Adjusts the p-values of every row for the number of rows compared, so
/// that two runs that differ only by chance flag a row in at most
/// [`ALPHA`] of comparisons: Holm's step-down procedure within each
/// section, times the number of sections with a row (Bonferroni between
/// them). Rows of a section move together (every card's GIH WR moves with
/// its deck's), which Holm allows; the sections stay apart so that the
/// many card rows do not drown the few matchup rows.
fn adjust(compared: &mut [(&str, Vec<Row>)]) {
    let sections = compared
        .iter()
        .filter(|(_, rows)| rows.iter().any(|r| r.p.is_some()))
        .count() as f64;
    for (_, rows) in compared.iter_mut() {
        let p: Vec<Option<f64>> = rows.iter().map(|r| r.p).collect();
        for (row, adjusted) in rows.iter_mut().zip(holm(&p)) {
            row.p_adjusted = adjusted.map(|p| (p * sections).min(1.0));
        }
    }
}

/// Runs `decklab compare`: exit 0 if no row is flagged, 1 if one is.
pub fn run(args: CompareArgs) -> anyhow::Result<ExitCode> {
    let runs = [Run::load(&args.a)?, Run::load(&args.b)?];
    let [a, b] = &runs;
    let same_seed = a.manifest.seed.is_some() && a.manifest.seed == b.manifest.seed;
    let seats = if same_seed {
        Some([seat_rows(&args.a)?, seat_rows(&args.b)?])
    } else {
        None
    };
    let mut pairs = seats.as_ref().map(|[sa, sb]| pair_games(sa, sb, &a.tables));
    let card_pairs = match &seats {
        Some([sa, sb]) => pair_cards(sa, sb, &card_lists(a), &card_lists(b)),
        None => None,
    };
    let store_pairs = match (&seats, &a.store_cards, &b.store_cards) {
        (Some([sa, sb]), Some(ca), Some(cb)) => {
            let names = |rows: &[StoreCardRow]| rows.iter().map(|r| r.card.clone()).collect();
            let masks = [store_masks(&args.a)?, store_masks(&args.b)?];
            pair_store_cards(sa, sb, &masks, [names(ca), names(cb)])
        }
        _ => None,
    };
    let (field_a, field_b) = (field(a), field(b));
    let gauntlet = a
        .manifest
        .command
        .as_deref()
        .and_then(|c| Field::from_manifest(c, &a.manifest.settings));
    if let (Some([_, both]), Some(Field::Gauntlet { deck, bot })) = (&mut pairs, &gauntlet) {
        pool_field(&field_a, deck, bot, both);
    }
    let [first_pairs, field_pairs] = match &pairs {
        Some([seat_a, both]) => [Pairing::Games(seat_a), Pairing::Games(both)],
        None => [Pairing::Unpaired, Pairing::Unpaired],
    };
    // Each section with the games its rows pair on: the matchups or
    // tables and the matchups over both seats per game, the cards by
    // their games in hand (when seats.csv says which), the store cards by
    // the games that saw them (when games.csv says which).
    let mut sections = vec![(
        "matchups (seat a's win rate)",
        matchups(a),
        matchups(b),
        first_pairs,
    )];
    if !a.tables.is_empty() || !b.tables.is_empty() {
        sections = vec![(
            "tables (each entry's win share)",
            tables(a),
            tables(b),
            first_pairs,
        )];
    }
    if let (Some(_), Some(_)) = (&a.matchups, &b.matchups) {
        sections.push(("matchups over both seats", field_a, field_b, field_pairs));
    }
    sections.push((
        "cards (GIH WR: win rate when in hand)",
        cards(a, &args.a)?,
        cards(b, &args.b)?,
        card_pairs
            .as_ref()
            .map_or(Pairing::Unpaired, Pairing::Cards),
    ));
    if let (Some(_), Some(_)) = (&a.store_cards, &b.store_cards) {
        sections.push((
            "store cards (buy rate: bought in the games it was seen)",
            store_cards(a),
            store_cards(b),
            store_pairs
                .as_ref()
                .map_or(Pairing::Unpaired, Pairing::Cards),
        ));
    }
    let mut compared = Vec::new();
    let mut unmatched = Vec::new();
    for (title, ra, rb, pairing) in sections {
        compared.push((title, rows(&ra, &rb, pairing)));
        unmatched.extend(
            ra.keys()
                .filter(|k| !rb.contains_key(*k))
                .map(|k| format!("{} (A only)", k.join(" / ")))
                .chain(
                    rb.keys()
                        .filter(|k| !ra.contains_key(*k))
                        .map(|k| format!("{} (B only)", k.join(" / "))),
                ),
        );
    }
    adjust(&mut compared);
    if compared[0].1.is_empty() {
        anyhow::bail!(
            "{} and {} have no matchup in common: runs of different decks or bots cannot be \
             compared",
            args.a.display(),
            args.b.display()
        );
    }
    if !unmatched.is_empty() {
        // Runs of partly different matchups: some rows are left out.
        const SHOWN: usize = 5;
        let more = unmatched.len().saturating_sub(SHOWN);
        unmatched.truncate(SHOWN);
        eprintln!(
            "decklab: warning: the runs' matchups or decks differ; not compared: {}{}",
            unmatched.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        );
    }
    // The rows a same-seed comparison cannot pair for want of a column.
    let mut unpaired = Vec::new();
    if card_pairs.is_none() {
        unpaired.push("the cards (seats.csv without in_hand)");
    }
    if a.store_cards.is_some() && b.store_cards.is_some() && store_pairs.is_none() {
        unpaired.push("the store cards (games.csv without store_seen and store_bought)");
    }
    let pairing = pairing(&runs, same_seed, &unpaired);
    if let Some(path) = &args.html {
        let names = [("A", &args.a), ("B", &args.b)].map(|(label, dir)| {
            let run = if label == "A" { a } else { b };
            format!("{label}: {}{}", dir.display(), what_if(&run.manifest))
        });
        write_compare(path, &names, &pairing, &parts(&compared, args.only_changed))?;
    }
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Text => write_text(&mut out, &args, &runs, &pairing, &compared)?,
        Format::Csv => write_csv(&mut out, &compared)?,
        Format::Json => write_json(&mut out, &args, &runs, same_seed, &compared)?,
    }
    let flagged = compared
        .iter()
        .any(|(_, rows)| rows.iter().any(Row::flagged));
    Ok(if flagged {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The text tables, one per section.
fn write_text(
    out: &mut impl Write,
    args: &CompareArgs,
    runs: &[Run; 2],
    pairing: &str,
    compared: &[(&str, Vec<Row>)],
) -> anyhow::Result<()> {
    for ((label, dir), run) in [("A", &args.a), ("B", &args.b)].into_iter().zip(runs) {
        writeln!(out, "{label}: {}{}", dir.display(), what_if(&run.manifest))?;
    }
    writeln!(out, "{pairing}")?;
    let mut shown = false;
    for (title, rows) in compared {
        let table = text_rows(rows, args.only_changed);
        // A section with no row to show (none, or none flagged) is left out.
        if table.len() > 1 {
            shown = true;
            writeln!(out, "\n{title}")?;
            write_table(out, &table, &[])?;
        }
    }
    if args.only_changed && !shown {
        writeln!(out, "\nno row changed significantly")?;
    }
    if let Some(path) = &args.html {
        writeln!(out, "\npage: {}", path.display())?;
    }
    Ok(())
}

/// How the runs are compared: paired (same seed) or as independent
/// samples, and which rows of a same-seed comparison stay unpaired for
/// want of a column (`unpaired`, each saying which).
fn pairing(runs: &[Run; 2], same_seed: bool, unpaired: &[&str]) -> String {
    let seed = runs[0].manifest.seed.unwrap_or_default();
    if !same_seed {
        return "unpaired: the seeds differ, so the runs are compared as independent samples"
            .to_owned();
    }
    let others = match unpaired {
        [] => String::new(),
        [rows @ .., last] if !rows.is_empty() => format!(", and {} and {last},", rows.join(", ")),
        rows => format!(", and {},", rows.join(", ")),
    };
    let sep = if unpaired.is_empty() {
        ", the"
    } else {
        "; the"
    };
    format!(
        "paired: both runs use seed {seed}, so rows whose games line up are compared game by \
         game (marked paired){sep} others{others} as independent samples"
    )
}

/// The sections of the web page: the same rows as the text tables.
fn parts(compared: &[(&str, Vec<Row>)], only_changed: bool) -> Vec<Part> {
    let side = |s: &Score| Side {
        rate: Estimate::wilson(s),
        games: s.games,
    };
    compared
        .iter()
        .map(|(title, rows)| Part {
            title: (*title).to_owned(),
            lines: rows
                .iter()
                .filter(|r| !only_changed || r.flagged())
                .map(|r| Line {
                    key: r.key.join(" / "),
                    a: side(&r.a),
                    b: side(&r.b),
                    diff: r.diff,
                    flagged: r.flagged(),
                    how: how(r),
                })
                .collect(),
        })
        // A section with no row to show (none, or none flagged) is left out.
        .filter(|part| !part.lines.is_empty())
        .collect()
}

/// How a row's difference was measured, and its p-values.
fn how(r: &Row) -> String {
    let how = r.paired.map_or_else(
        || "unpaired".to_owned(),
        |p| format!("paired, {} of {} games changed", p.changed, p.games),
    );
    match (r.p, r.p_adjusted) {
        (Some(p), Some(adjusted)) => {
            format!("{how}; p {}, adjusted {}", p_text(p), p_text(adjusted))
        }
        _ => how,
    }
}

/// A p-value to three significant digits (`<0.0001` below), so that
/// 0.0496 (flagged) and 0.0504 (not) read apart.
fn p_text(p: f64) -> String {
    if p < 1e-4 {
        return "<0.0001".to_owned();
    }
    let decimals = (2 - p.log10().floor() as i32).max(0) as usize;
    format!("{p:.decimals$}")
}

/// Every row of every section as CSV.
fn write_csv(out: &mut impl Write, compared: &[(&str, Vec<Row>)]) -> anyhow::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record([
        "section",
        "key",
        "a_rate",
        "a_games",
        "b_rate",
        "b_games",
        "diff",
        "diff_low",
        "diff_high",
        "paired",
        "changed_games",
        "flagged",
        "p_value",
        "p_adjusted",
        "paired_games",
    ])?;
    let number = |x: Option<f64>| x.map_or_else(String::new, |x| format!("{x:.4}"));
    // p-values span many orders of magnitude: three significant digits.
    let exp = |x: Option<f64>| x.map_or_else(String::new, |x| format!("{x:.2e}"));
    for (title, rows) in compared {
        for r in rows {
            w.write_record([
                title.to_string(),
                r.key.join(" / "),
                number(r.a.rate()),
                r.a.games.to_string(),
                number(r.b.rate()),
                r.b.games.to_string(),
                number(r.diff.map(|d| d.0)),
                number(r.diff.map(|d| d.1)),
                number(r.diff.map(|d| d.2)),
                r.paired.is_some().to_string(),
                r.paired.map_or_else(String::new, |p| p.changed.to_string()),
                r.flagged().to_string(),
                exp(r.p),
                exp(r.p_adjusted),
                r.paired.map_or_else(String::new, |p| p.games.to_string()),
            ])?;
        }
    }
    w.flush()?;
    Ok(())
}

/// The runs and every row as one JSON object.
fn write_json(
    out: &mut impl Write,
    args: &CompareArgs,
    runs: &[Run; 2],
    same_seed: bool,
    compared: &[(&str, Vec<Row>)],
) -> anyhow::Result<()> {
    let sections: Vec<_> = compared
        .iter()
        .map(|(title, rows)| {
            let rows: Vec<_> = rows
                .iter()
                .map(|r| {
                    json!({
                        "key": r.key,
                        "a": {"rate": r.a.rate(), "games": r.a.games},
                        "b": {"rate": r.b.rate(), "games": r.b.games},
                        "diff": r.diff.map(|d| json!({"mean": d.0, "low": d.1, "high": d.2})),
                        "paired": r.paired.map(|p| json!({"games": p.games, "changed_games": p.changed})),
                        "flagged": r.flagged(),
                        "p_value": r.p,
                        "p_adjusted": r.p_adjusted,
                    })
                })
                .collect();
            json!({"section": title, "rows": rows})
        })
        .collect();
    let value = json!({
        "a": {"dir": args.a.display().to_string(), "set": runs[0].manifest.settings["set"]},
        "b": {"dir": args.b.display().to_string(), "set": runs[1].manifest.settings["set"]},
        "paired": same_seed,
        "sections": sections,
    });
    serde_json::to_writer_pretty(&mut *out, &value)?;
    writeln!(out)?;
    Ok(())
}

/// The games both runs played with the same lineup: per key of the first
/// section (two seats: seat a's win rate, a draw half, keyed by the
/// matchup; more seats: each entry's win share keyed by table, entry, deck
/// and bot, `tables` being run A's table rows), and per key of the
/// matchups over both seats (each entry's score keyed by its deck and bot
/// then its opponents', as `matchups.csv` counts it).
fn pair_games(ga: &SeatRows, gb: &SeatRows, tables: &[TableRow]) -> [Pairs; 2] {
    let tables = TableEntries::of(tables);
    let (mut pairs, mut both_seats) = (Pairs::new(), Pairs::new());
    for (game, rows_a, rows_b) in same_games(ga, gb) {
        let (sa, sb) = (scores(rows_a), scores(rows_b));
        let Some(seated) = Seated::of(game, rows_a, &tables) else {
            continue;
        };
        if let Some(table) = seated.table {
            for (e, entry) in table.entries.iter().enumerate() {
                let key = [table.name, &entry.entry, &entry.deck, &entry.bot].map(str::to_owned);
                let seat = seated.seat_of[e];
                pairs
                    .entry(key.to_vec())
                    .or_default()
                    .push((sa[seat].1, sb[seat].1));
            }
        } else {
            let key = [
                &rows_a[0].deck,
                &rows_a[0].bot,
                &rows_a[1].deck,
                &rows_a[1].bot,
            ];
            let key = key.map(String::clone).to_vec();
            pairs.entry(key).or_default().push((sa[0].0, sb[0].0));
        }
        for (e, &seat) in seated.seat_of.iter().enumerate() {
            if let Some(p) = entry_pairing(&seated.decks, &seated.bots, e) {
                let key = vec![p.deck, p.bot, p.opponent, p.opponent_bot];
                both_seats
                    .entry(key)
                    .or_default()
                    .push((sa[seat].0, sb[seat].0));
            }
        }
    }
    [pairs, both_seats]
}

/// The games both runs played with the same lineup (each seat's deck and
/// bot), in game order, with their seats in each run. A damaged
/// `seats.csv` (a game with too few or too many seats) leaves its games
/// out.
fn same_games<'s>(
    ga: &'s SeatRows,
    gb: &'s SeatRows,
) -> impl Iterator<Item = (u64, &'s [SeatRow], &'s [SeatRow])> {
    let lineup = |rows: &[SeatRow]| -> Vec<(String, String)> {
        rows.iter()
            .map(|r| (r.deck.clone(), r.bot.clone()))
            .collect()
    };
    ga.iter().filter_map(move |(&game, rows_a)| {
        let rows_b = gb.get(&game)?;
        (lineup(rows_a) == lineup(rows_b) && (2..=MAX_PLAYERS).contains(&rows_a.len())).then_some((
            game,
            rows_a.as_slice(),
            rows_b.as_slice(),
        ))
    })
}

/// The `store_seen` and `store_bought` masks of each game of a run's
/// `games.csv` (see [`crate::stats::write_store_masks`]); `None` without
/// those columns (a run from before them).
fn store_masks(dir: &Path) -> anyhow::Result<Option<BTreeMap<u64, [String; 2]>>> {
    let (mut reader, header, shown) = open_for_pairing(dir, GAMES_CSV)?;
    let column = |name: &str| header.iter().position(|h| h == name);
    let (Some(game), Some(seen), Some(bought)) = (
        column("game"),
        column(STORE_COLUMNS[0]),
        column(STORE_COLUMNS[1]),
    ) else {
        return Ok(None);
    };
    let mut masks = BTreeMap::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let record = record.with_context(|| format!("{shown}:{line}: not a CSV row"))?;
        let field = |j: usize| record.get(j).unwrap_or_default();
        let index = field(game).parse().map_err(|_| {
            anyhow!(
                "{shown}:{line}: expected a game number, found {:?}",
                field(game)
            )
        })?;
        let mask = |j: usize, name: &str| {
            let mask = field(j);
            if is_mask(mask) {
                Ok(mask.to_owned())
            } else {
                Err(anyhow!(
                    "{shown}:{line}: expected a {name} mask (lowercase hex digits), found {mask:?}"
                ))
            }
        };
        masks.insert(
            index,
            [
                mask(seen, STORE_COLUMNS[0])?,
                mask(bought, STORE_COLUMNS[1])?,
            ],
        );
    }
    Ok(Some(masks))
}

/// Each store card's games in both runs, from the masks of `games.csv`
/// (`masks`, run A's then run B's; bit `i`: the card of the `i`-th row of
/// the run's `mb_cards.csv`, whose names `names` holds in order): per
/// card of both runs, over the games both played with the same lineup,
/// whether a seat bought a copy (the points, side `b` for run B and `c`
/// for run A) in a game that saw one (the count), and the games whose
/// figures changed (seen or bought in one run only). The buy rate is then
/// a ratio of two sums over games, as a card's GIH WR is in
/// [`pair_cards`]. `None` when a run's `games.csv` has no masks.
fn pair_store_cards(
    ga: &SeatRows,
    gb: &SeatRows,
    masks: &[Option<BTreeMap<u64, [String; 2]>>; 2],
    names: [Vec<String>; 2],
) -> Option<CardPairs> {
    let [Some(masks_a), Some(masks_b)] = masks else {
        return None;
    };
    let [names_a, names_b] = names;
    let cards: Vec<(String, usize, usize)> = names_a
        .into_iter()
        .enumerate()
        .filter_map(|(i, card)| {
            let j = names_b.iter().position(|c| *c == card)?;
            Some((card, i, j))
        })
        .collect();
    // Per card of `cards`, in its order: all its games, the changed ones.
    let mut tallies = vec![<(ClusterSums, ClusterSums)>::default(); cards.len()];
    for (game, _, _) in same_games(ga, gb) {
        let (Some(a), Some(b)) = (masks_a.get(&game), masks_b.get(&game)) else {
            continue;
        };
        let bit = |masks: &[String; 2], which: usize, i: usize| {
            u64::from(mask_bit(&masks[which], i).unwrap_or(false))
        };
        for ((_, i, j), tally) in cards.iter().zip(&mut tallies) {
            let (k, c) = (bit(a, 0, *i), bit(a, 1, *i) * UNITS_PER_GAME);
            let (m, b) = (bit(b, 0, *j), bit(b, 1, *j) * UNITS_PER_GAME);
            tally.0.add_game(b, m, c, k);
            if (k, c) != (m, b) {
                tally.1.add_game(b, m, c, k);
            }
        }
    }
    Some(
        cards
            .into_iter()
            .zip(tallies)
            .map(|((card, _, _), tally)| (vec![card], tally))
            .collect(),
    )
}

/// Each card's GIH games in both runs, from the `in_hand` masks of
/// `seats.csv` (bit `i`: the deck's card `i` in `lists`, the order of its
/// rows in `cards.csv`): per (deck, card) of both runs' lists, over the
/// games both runs played with the same lineup, the deck's points and
/// number of seats that had a copy in hand in run B (side `b` of the
/// sums) and in run A (side `c`), and the games whose figures changed (a
/// seat of the deck had a copy in hand in one run only, or in both and
/// placed differently). `None` when a run's `seats.csv` has no `in_hand`
/// (a run from before it).
fn pair_cards(
    ga: &SeatRows,
    gb: &SeatRows,
    lists_a: &CardLists,
    lists_b: &CardLists,
) -> Option<CardPairs> {
    let masks = |g: &SeatRows| g.values().flatten().all(|r| r.in_hand.is_some());
    if !masks(ga) || !masks(gb) {
        return None;
    }
    // Per deck, each card of both lists with its bit in A and in B.
    let mut decks: BTreeMap<&str, Vec<(&str, usize, usize)>> = BTreeMap::new();
    for (deck, cards_a) in lists_a {
        let Some(cards_b) = lists_b.get(deck) else {
            continue;
        };
        for (i, card) in cards_a.iter().enumerate() {
            if let Some(j) = cards_b.iter().position(|c| c == card) {
                decks.entry(deck).or_default().push((card, i, j));
            }
        }
    }
    let mut tallies: BTreeMap<(&str, &str), (ClusterSums, ClusterSums)> = BTreeMap::new();
    for (_, rows_a, rows_b) in same_games(ga, gb) {
        let (ua, ub) = (units(rows_a), units(rows_b));
        for (deck, cards) in &decks {
            let seats: Vec<usize> = (0..rows_a.len())
                .filter(|&s| rows_a[s].deck == *deck)
                .collect();
            if seats.is_empty() {
                continue;
            }
            for &(card, i, j) in cards {
                let (mut a, mut k, mut b, mut m, mut changed) = (0, 0, 0, 0, false);
                for &s in &seats {
                    let held = |rows: &[SeatRow], bit| {
                        rows[s]
                            .in_hand
                            .as_deref()
                            .and_then(|mask| mask_bit(mask, bit))
                            .unwrap_or(false)
                    };
                    let (in_a, in_b) = (held(rows_a, i), held(rows_b, j));
                    if in_a {
                        (a, k) = (a + ua[s], k + 1);
                    }
                    if in_b {
                        (b, m) = (b + ub[s], m + 1);
                    }
                    changed |= in_a != in_b || (in_a && ua[s] != ub[s]);
                }
                let tally = tallies.entry((deck, card)).or_default();
                tally.0.add_game(b, m, a, k);
                if changed {
                    tally.1.add_game(b, m, a, k);
                }
            }
        }
    }
    Some(
        tallies
            .into_iter()
            .map(|((deck, card), tally)| (vec![deck.to_owned(), card.to_owned()], tally))
            .collect(),
    )
}

/// Pairs a gauntlet's `ALL` row (`deck` with `bot` against the field, in
/// `field`) on the games against every other deck, pooled, when each of
/// them played as many: the pooled mean is then the equally weighted mean
/// the row reports, and the pooled games' spread holds the one between
/// opponents too, so the interval errs wide. The mirror is no opponent of
/// the field, as in `matchups.csv`.
fn pool_field(field: &Rates, deck: &str, bot: &str, pairs: &mut Pairs) {
    let mine = |k: &[String]| k.len() == 4 && k[0] == deck && k[1] == bot;
    let Some(key) = field.keys().find(|k| mine(k) && k[2] == ALL) else {
        return;
    };
    let against: Vec<&Vec<(f64, f64)>> = pairs
        .iter()
        .filter(|(k, _)| mine(k) && k[2] != deck && k[2] != ALL)
        .map(|(_, games)| games)
        .collect();
    if against.is_empty() || against.windows(2).any(|w| w[0].len() != w[1].len()) {
        return;
    }
    let pooled = against.into_iter().flatten().copied().collect();
    pairs.insert(key.clone(), pooled);
}

/// Who played which entry of a game: at two seats the entries are the
/// seats; at more, the game's table is the one whose entries are its
/// decks and bots, and entry `e` sat in seat `(e + game) mod N` (the
/// runner's seat rotation, `sim::run`), which the seats' decks and bots
/// must confirm.
struct Seated<'t, 'a> {
    /// The game's table, at more than two seats.
    table: Option<&'t Table<'a>>,
    /// The decks and bots by entry.
    decks: Seats<String>,
    bots: Seats<String>,
    /// The seat of each entry.
    seat_of: Vec<usize>,
}

impl<'t, 'a> Seated<'t, 'a> {
    fn of(game: u64, seats: &[SeatRow], tables: &'t TableEntries<'a>) -> Option<Self> {
        let n = seats.len();
        let names = |f: fn(&SeatRow) -> &String| seats.iter().map(f).cloned().collect::<Vec<_>>();
        if n == 2 {
            return Some(Seated {
                table: None,
                decks: Seats::from_vec(names(|r| &r.deck)),
                bots: Seats::from_vec(names(|r| &r.bot)),
                seat_of: vec![0, 1],
            });
        }
        let table = tables.table_of(seats)?;
        let rotation = (game % n as u64) as usize;
        let seat_of: Vec<usize> = (0..n).map(|e| (e + rotation) % n).collect();
        let confirmed =
            table.entries.iter().zip(&seat_of).all(|(entry, &seat)| {
                seats[seat].deck == entry.deck && seats[seat].bot == entry.bot
            });
        confirmed.then(|| Seated {
            table: Some(table),
            decks: Seats::from_vec(table.entries.iter().map(|e| e.deck.clone()).collect()),
            bots: Seats::from_vec(table.entries.iter().map(|e| e.bot.clone()).collect()),
            seat_of,
        })
    }
}

/// The entries of each table of a run at more than two seats, in entry
/// order, to tell which table a game was played at.
struct TableEntries<'a> {
    tables: Vec<Table<'a>>,
}

impl<'a> TableEntries<'a> {
    fn of(rows: &'a [TableRow]) -> TableEntries<'a> {
        let mut tables: Vec<Table> = Vec::new();
        for r in rows {
            match tables.iter_mut().find(|t| t.name == r.table) {
                Some(t) => t.entries.push(r),
                None => tables.push(Table {
                    name: &r.table,
                    entries: vec![r],
                    lineup: Vec::new(),
                }),
            }
        }
        for t in &mut tables {
            t.lineup = lineup(t.entries.iter().map(|e| (e.deck.as_str(), e.bot.as_str())));
        }
        TableEntries { tables }
    }

    /// The table whose entries are the decks and bots of `game`'s seats:
    /// `None` if no table, or more than one, has that lineup.
    fn table_of(&self, game: &[SeatRow]) -> Option<&Table<'a>> {
        let seats = lineup(game.iter().map(|r| (r.deck.as_str(), r.bot.as_str())));
        let mut found = self.tables.iter().filter(|t| t.lineup == seats);
        let table = found.next()?;
        found.next().is_none().then_some(table)
    }
}

/// The decks and bots of a table or a game, sorted.
fn lineup<'s>(seats: impl Iterator<Item = (&'s str, &'s str)>) -> Vec<(&'s str, &'s str)> {
    let mut lineup: Vec<_> = seats.collect();
    lineup.sort_unstable();
    lineup
}

/// One table of [`TableEntries`].
struct Table<'a> {
    name: &'a str,
    /// Its rows of `summary.csv`, in entry order.
    entries: Vec<&'a TableRow>,
    /// Its entries' decks and bots, sorted.
    lineup: Vec<(&'a str, &'a str)>,
}

/// One line of `seats.csv`.
struct SeatRow {
    deck: String,
    bot: String,
    rank: u8,
    /// The cards of the seat's list in hand (see
    /// [`crate::stats::write_in_hand`]); `None` without the column.
    in_hand: Option<String>,
}

/// The file `name` of the run in `dir`, which a paired comparison reads:
/// its reader, its header, and its path as messages show it.
fn open_for_pairing(
    dir: &Path,
    name: &str,
) -> anyhow::Result<(csv::Reader<std::fs::File>, csv::StringRecord, String)> {
    let shown = dir.join(name).display().to_string();
    let mut reader = csv::Reader::from_path(dir.join(name))
        .with_context(|| format!("cannot read {shown}, which a paired comparison needs"))?;
    let header = reader
        .headers()
        .with_context(|| format!("{shown}:1: cannot read the header"))?
        .clone();
    Ok((reader, header, shown))
}

/// The lines of a `seats.csv`, grouped by game, seats in order.
type SeatRows = BTreeMap<u64, Vec<SeatRow>>;

/// `seats.csv` of `dir`, grouped by game, seats in order.
fn seat_rows(dir: &Path) -> anyhow::Result<SeatRows> {
    let (mut reader, header, shown) = open_for_pairing(dir, SEATS_CSV)?;
    let in_hand = header.iter().position(|h| h == "in_hand");
    let mut games = SeatRows::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let record = record.with_context(|| format!("{shown}:{line}: not a CSV row"))?;
        let field = |j: usize| record.get(j).unwrap_or_default();
        let game = field(0).parse().map_err(|_| {
            anyhow!(
                "{shown}:{line}: expected a game number, found {:?}",
                field(0)
            )
        })?;
        let rank = field(4)
            .parse()
            .map_err(|_| anyhow!("{shown}:{line}: expected a rank, found {:?}", field(4)))?;
        let in_hand = match in_hand.map(field) {
            Some(mask) if !is_mask(mask) => {
                anyhow::bail!(
                    "{shown}:{line}: expected an in_hand mask (lowercase hex digits), found {mask:?}"
                )
            }
            mask => mask.map(str::to_owned),
        };
        games.entry(game).or_default().push(SeatRow {
            deck: field(2).to_owned(),
            bot: field(3).to_owned(),
            rank,
            in_hand,
        });
    }
    Ok(games)
}

/// The outcome of one game, from its seats' ranks.
fn outcome(rows: &[SeatRow]) -> Outcome {
    let keys: Vec<i32> = rows.iter().map(|r| -i32::from(r.rank)).collect();
    Outcome::ranked_by(&keys, "")
}

/// Each seat's rank score in one game, in units of `1 / UNITS_PER_GAME`
/// (as `cards.csv` counts them).
fn units(rows: &[SeatRow]) -> Vec<u64> {
    let outcome = outcome(rows);
    (0..rows.len())
        .map(|i| outcome.return_units(Player::new(i)))
        .collect()
}

/// Each seat's (rank score, win share) in one game.
fn scores(rows: &[SeatRow]) -> Vec<(f64, f64)> {
    let outcome = outcome(rows);
    (0..rows.len())
        .map(|i| {
            let p = Player::new(i);
            (
                outcome.returns(p),
                outcome.win_units(p) as f64 / UNITS_PER_GAME as f64,
            )
        })
        .collect()
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

/// The rows both runs have, paired where `pairing` has the key's games.
fn rows(a: &Rates, b: &Rates, pairing: Pairing) -> Vec<Row> {
    let mut rows = Vec::new();
    for (key, sa) in a {
        let Some(sb) = b.get(key) else { continue };
        // Nothing to compare (a card never in hand, as in Millennium Blades).
        if sa.games == 0 && sb.games == 0 {
            continue;
        }
        // Paired, each rate is summed from its games: the files' rates are
        // rounded to 4 decimals, and printing them rounds them again.
        let (paired, sa, sb) = match paired_row(key, sa, sb, pairing) {
            Some((paired, sa, sb)) => (Some(paired), sa, sb),
            None => (None, *sa, *sb),
        };
        let (diff, p) = match paired {
            Some(p) => (Some((p.mean, p.low, p.high)), Some(p.p)),
            None => (newcombe95(&sa, &sb), newcombe_p(&sa, &sb)),
        };
        rows.push(Row {
            key: key.clone(),
            a: sa,
            b: sb,
            paired,
            diff,
            p,
            p_adjusted: None,
        });
    }
    rows
}

/// The paired difference of the row `key` (A's and B's rates `sa`, `sb`
/// as the files have them) and both rates summed from its games, when
/// `pairing` has its games and they are the ones the files counted: as
/// many (a matchup), or the same games and points to the files' 4
/// decimals (a card); else `None`, and the row is compared unpaired.
fn paired_row(
    key: &[String],
    sa: &Score,
    sb: &Score,
    pairing: Pairing,
) -> Option<(Paired, Score, Score)> {
    match pairing {
        Pairing::Unpaired => None,
        Pairing::Games(pairs) => {
            let games = pairs
                .get(key)
                .filter(|games| games.len() as u64 == sa.games && sa.games == sb.games)?;
            let total = |side: fn(&(f64, f64)) -> f64| {
                Score::with_points(sa.games, games.iter().map(side).sum())
            };
            Some((Paired::of(games)?, total(|g| g.0), total(|g| g.1)))
        }
        Pairing::Cards(pairs) => {
            let (sums, changed) = pairs.get(key)?;
            let u = UNITS_PER_GAME as f64;
            let ra = Score::with_points(sums.k, sums.c as f64 / u);
            let rb = Score::with_points(sums.m, sums.b as f64 / u);
            if !as_written(&ra, sa) || !as_written(&rb, sb) {
                return None;
            }
            Some((Paired::of_ratios(sums, changed)?, ra, rb))
        }
    }
}

/// Whether the rate `counted` from the games is the one `written` read
/// from a file (see [`cards`]): the same games, and points that round to
/// the file's 4 decimals (a rate within 0.00005, so points within
/// 0.00005 × games, and the file's points rounded to the unit).
fn as_written(counted: &Score, written: &Score) -> bool {
    let slack = 0.000_05 * counted.games as f64 * UNITS_PER_GAME as f64 + 0.5;
    counted.games == written.games
        && (counted.units as f64 - written.units as f64).abs() <= slack + 1e-9
}

/// The text table of `rows`, header first (only the header when no row
/// is shown).
fn text_rows(rows: &[Row], only_changed: bool) -> Vec<Vec<String>> {
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
        ["", "A", "B", "B - A [95% CI]", "", ""]
            .map(String::from)
            .to_vec(),
    ];
    for r in rows {
        if only_changed && !r.flagged() {
            continue;
        }
        let diff = r.diff.map_or_else(
            || "-".to_owned(),
            |(d, lo, hi)| format!("{:+.1} [{:+.1}, {:+.1}]", 100.0 * d, 100.0 * lo, 100.0 * hi),
        );
        out.push(vec![
            r.key.join(" / "),
            rate(&r.a),
            rate(&r.b),
            diff,
            if r.flagged() {
                "*".into()
            } else {
                String::new()
            },
            how(r),
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

/// Each deck's score over both seats (`matchups.csv`): wins and half the
/// draws at two seats; at more, the file's `win_rate`, the rank score (a
/// draw there is a shared place, not half a win); for `ALL`, the file's
/// `win_rate`, each opponent weighted equally.
fn field(run: &Run) -> Rates {
    let two_seats = run.manifest.players.is_none_or(|n| n <= 2);
    run.matchups
        .iter()
        .flatten()
        .map(|r| {
            let key = [&r.deck, &r.bot, &r.opponent, &r.opponent_bot].map(String::clone);
            // `ALL` weighs each opponent equally: its rate, not its counts.
            let score = match r.win_rate.value {
                Some(rate) if !two_seats || r.opponent == ALL => {
                    Score::with_points(r.games, rate * r.games as f64)
                }
                _ => counted(r.games, r.wins, r.draws),
            };
            (key.to_vec(), score)
        })
        .collect()
}

/// Each store card's buy rate (`mb_cards.csv`: the games some seat bought
/// a copy in, of those it was seen in; the rate has 4 decimals, so the
/// count of games is exact to rounding).
fn store_cards(run: &Run) -> Rates {
    run.store_cards
        .iter()
        .flatten()
        .map(|r| {
            let rate = r.buy_rate.value.unwrap_or(0.0);
            let bought = (rate * r.seen_games as f64).round();
            (
                vec![r.card.clone()],
                Score::with_points(r.seen_games, bought),
            )
        })
        .collect()
}

/// Each deck's cards in the order of their rows in `cards.csv` (the
/// list order, which `seats.csv`'s `in_hand` bits follow).
type CardLists = BTreeMap<String, Vec<String>>;

/// The [`CardLists`] of a run (empty without `cards.csv` or its columns,
/// which [`cards`] reports).
fn card_lists(run: &Run) -> CardLists {
    let mut lists = CardLists::new();
    let Some(table) = &run.cards else {
        return lists;
    };
    let column = |name: &str| table.header.iter().position(|h| h == name);
    let (Some(deck), Some(card)) = (column("deck"), column("card")) else {
        return lists;
    };
    for row in &table.rows {
        let field = |c: usize| row.get(c).cloned().unwrap_or_default();
        lists.entry(field(deck)).or_default().push(field(card));
    }
    lists
}

/// Each card's score when in hand, 17lands' GIH (`cards.csv`, whose rate has 4 decimals:
/// the half-points are exact to rounding).
fn cards(run: &Run, dir: &Path) -> anyhow::Result<Rates> {
    let Some(table) = &run.cards else {
        return Ok(Rates::new());
    };
    let path = dir.join(CARDS_CSV);
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
        column("gih_games")?,
        column("gih_win_rate")?,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn row(p: Option<f64>) -> Row {
        Row {
            key: Vec::new(),
            a: Score::default(),
            b: Score::default(),
            paired: None,
            diff: None,
            p,
            p_adjusted: None,
        }
    }

    #[test]
    fn holm_within_a_section_and_bonferroni_between_sections() {
        let mut compared = vec![
            (
                "one",
                vec![row(Some(0.01)), row(Some(0.04)), row(Some(0.03))],
            ),
            ("two", vec![row(Some(0.02)), row(None)]),
            ("empty", vec![]),
        ];
        adjust(&mut compared);
        let adjusted =
            |s: usize| -> Vec<Option<f64>> { compared[s].1.iter().map(|r| r.p_adjusted).collect() };
        // Holm in "one": 3 × 0.01, then max(that, 2 × 0.03), then
        // max(…, 1 × 0.04); each times the 2 sections with a p-value.
        let close = |got: Vec<Option<f64>>, want: &[Option<f64>]| {
            for (g, w) in got.iter().zip(want) {
                match (g, w) {
                    (Some(g), Some(w)) => assert!((g - w).abs() < 1e-12, "{got:?}"),
                    _ => assert_eq!(g, w),
                }
            }
        };
        close(adjusted(0), &[Some(0.06), Some(0.12), Some(0.12)]);
        close(adjusted(1), &[Some(0.04), None]);
        let flagged: Vec<bool> = compared
            .iter()
            .flat_map(|(_, r)| r.iter().map(Row::flagged))
            .collect();
        assert_eq!(flagged, [false, false, false, true, false]);
    }

    #[test]
    fn the_field_row_pools_the_games_of_every_opponent_but_the_mirror() {
        let key = |o: &str| ["deck", "bot", o, "bot"].map(str::to_owned).to_vec();
        let field = Rates::from([(key(ALL), Score::default())]);
        // Two opponents whose games moved differently, and a mirror that
        // must not count: the pooled mean is the opponents' equal mean.
        let mut pairs = Pairs::from([
            (key("x"), vec![(0.0, 1.0), (0.0, 0.0)]),
            (key("y"), vec![(1.0, 1.0), (1.0, 0.0)]),
            (key("deck"), vec![(0.0, 1.0), (0.0, 1.0)]),
        ]);
        pool_field(&field, "deck", "bot", &mut pairs);
        let pooled = &pairs[&key(ALL)];
        assert_eq!(pooled.len(), 4);
        let mean = pooled.iter().map(|(a, b)| b - a).sum::<f64>() / 4.0;
        assert_eq!(mean, (0.5 + -0.5) / 2.0);
        // Opponents with different numbers of games: no pooled row, the
        // pooled mean would not be the equal one.
        let mut pairs = Pairs::from([
            (key("x"), vec![(0.0, 1.0)]),
            (key("y"), vec![(1.0, 1.0), (1.0, 0.0)]),
        ]);
        pool_field(&field, "deck", "bot", &mut pairs);
        assert!(!pairs.contains_key(&key(ALL)));
        // Another deck's field row is not this gauntlet's.
        let mut pairs = Pairs::from([(key("x"), vec![(0.0, 1.0)])]);
        pool_field(&field, "other", "bot", &mut pairs);
        assert!(!pairs.contains_key(&key(ALL)));
    }

    #[test]
    fn a_card_pairs_on_the_games_either_run_had_it_in_hand() {
        let seat = |deck: &str, rank: u8, mask: &str| SeatRow {
            deck: deck.to_owned(),
            bot: "bot".to_owned(),
            rank,
            in_hand: Some(mask.to_owned()),
        };
        let games = |games: Vec<Vec<SeatRow>>| -> SeatRows {
            games
                .into_iter()
                .enumerate()
                .map(|(g, s)| (g as u64, s))
                .collect()
        };
        // Run B lists deck x's cards in the other order: its bits follow.
        let a = games(vec![
            vec![seat("x", 1, "1"), seat("y", 2, "0")],
            vec![seat("x", 2, "3"), seat("y", 1, "0")],
            vec![seat("x", 1, "1"), seat("x", 2, "0")],
            vec![seat("x", 1, "1"), seat("y", 2, "0")],
        ]);
        let b = games(vec![
            // The same: c0 in hand, a win.
            vec![seat("x", 1, "2"), seat("y", 2, "0")],
            // The same cards in hand, the loss turned into a win.
            vec![seat("x", 1, "3"), seat("y", 2, "0")],
            // A mirror: c0 now in the loser's hand too.
            vec![seat("x", 1, "2"), seat("x", 2, "2")],
            // Other decks in the seats: not the same game.
            vec![seat("y", 1, "1"), seat("x", 2, "1")],
        ]);
        let list = |cards: &[&str]| -> CardLists {
            CardLists::from([
                (
                    "x".to_owned(),
                    cards.iter().map(|c| c.to_string()).collect(),
                ),
                ("y".to_owned(), vec!["d0".to_owned()]),
            ])
        };
        let pairs = pair_cards(&a, &b, &list(&["c0", "c1"]), &list(&["c1", "c0"])).unwrap();
        let key = |card: &str| vec!["x".to_owned(), card.to_owned()];
        let (c0, changed) = pairs[&key("c0")];
        let u = UNITS_PER_GAME;
        // A: won 2 of its 3 seat-games with c0 (games 0, 1, 2); B: 3 of 4.
        assert_eq!((c0.games, c0.c, c0.k, c0.b, c0.m), (3, 2 * u, 3, 3 * u, 4));
        assert_eq!(changed.games, 2);
        let (c1, changed) = pairs[&key("c1")];
        assert_eq!(
            (c1.games, c1.c, c1.k, c1.b, c1.m, changed.games),
            (1, 0, 1, u, 1, 1)
        );
        // The changed games' own sums: c1's one game is all of them.
        assert_eq!(changed, c1);
        // Never in hand: no game counted.
        assert_eq!(
            pairs[&["y".to_owned(), "d0".to_owned()].to_vec()].0.games,
            0
        );
        // A run without the column pairs no card.
        let mut old = games(vec![vec![seat("x", 1, "1"), seat("y", 2, "0")]]);
        old.values_mut().flatten().for_each(|s| s.in_hand = None);
        assert!(pair_cards(&old, &b, &list(&["c0"]), &list(&["c0"])).is_none());
        // A row pairs when the games are the ones cards.csv counted (its
        // rate to 4 decimals), and shows the rates summed from them.
        let file = |games: u64, rate: f64| Score::with_points(games, rate * games as f64);
        let (ra, rb) = (
            Rates::from([(key("c0"), file(3, 0.6667))]),
            Rates::from([(key("c0"), file(4, 0.75))]),
        );
        let row = &rows(&ra, &rb, Pairing::Cards(&pairs))[0];
        assert_eq!(row.paired.map(|p| (p.games, p.changed)), Some((3, 2)));
        assert_eq!(
            (row.a, row.b),
            (Score::with_points(3, 2.0), Score::with_points(4, 3.0))
        );
        assert!((row.diff.unwrap().0 - (0.75 - 2.0 / 3.0)).abs() < 1e-15);
        // Other games than the file's (another rate, another count): unpaired.
        for other in [file(3, 0.3333), file(4, 0.5)] {
            let ra = Rates::from([(key("c0"), other)]);
            let row = &rows(&ra, &rb, Pairing::Cards(&pairs))[0];
            assert_eq!((row.paired, row.a), (None, other));
        }
    }

    #[test]
    fn a_paired_row_sums_its_rates_from_the_games_not_the_rounded_files() {
        let key = vec!["table".to_owned()];
        // The files' 4 decimals: 1/3 written as 0.3333, 1/2 as 0.5000.
        let a = Rates::from([(key.clone(), Score::with_points(3, 0.3333 * 3.0))]);
        let b = Rates::from([(key.clone(), Score::with_points(3, 0.5 * 3.0))]);
        let games = vec![(1.0, 1.0), (0.0, 0.5), (0.0, 0.0)];
        let pairs = Pairs::from([(key.clone(), games)]);
        let paired = rows(&a, &b, Pairing::Games(&pairs));
        assert_eq!(paired[0].a, Score::with_points(3, 1.0));
        assert_eq!(paired[0].b, Score::with_points(3, 1.5));
        // Unpaired, the files' rates are all there is.
        let unpaired = rows(&a, &b, Pairing::Unpaired);
        assert_eq!(unpaired[0].a, a[&key]);
    }
}
