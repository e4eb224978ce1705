//! `decklab cards`: the card pool as a table, CSV or JSON.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde_json::{Map, Value};

use super::flags::Format;
use super::ruleset::load_pool;
use super::table::write_table;
use super::with_ruleset;
use crate::core::CardDef;
use crate::games::GameKind;
use crate::games::Ruleset;

const EXAMPLES: &str = "\
Examples:
  decklab cards
  decklab cards --cards my-cards.toml | grep fighter
  decklab cards --game pixel-tactics --format csv > pixel-tactics-cards.csv
  decklab cards --set \"Cinder Imp.cost=2\" --format json";

/// The arguments of `decklab cards`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct CardsArgs {
    /// The ruleset.
    #[arg(short, long, value_enum, default_value_t = GameKind::Nostalgix)]
    game: GameKind,
    /// A card file or folder to list instead of the pool in use.
    #[arg(long, value_name = "PATH")]
    cards: Option<PathBuf>,
    /// What-if: change one card field, as "Card Name.field=value"
    /// (repeatable; the fields are listed in `decklab simulate --help`);
    /// a last column, `overrides`, lists each changed card's changes (a
    /// Millennium Blades price is set-wide: every card of the set).
    #[arg(long = "set", value_name = "CARD.FIELD=VALUE")]
    set: Vec<String>,
    /// The output: an aligned table, CSV (the table's columns), or JSON
    /// (an array of objects keyed by the table's columns; whole numbers as
    /// numbers, empty cells as null).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs `decklab cards`.
pub fn run(args: CardsArgs) -> anyhow::Result<()> {
    let (mut rows, right, changed) = with_ruleset!(args.game, R => {
        let pool = load_pool::<R>(args.cards.as_deref(), &args.set)?;
        // Each override by the card's own name, however it was typed, on
        // every card it changed (a Millennium Blades price: its set's).
        let changed: Vec<(String, String)> = args
            .set
            .iter()
            .flat_map(|s| R::override_changes(&pool.cards, s))
            .map(|(id, change)| (CardDef::name(pool.cards.card(id)).to_owned(), change))
            .collect();
        let (rows, right) = R::card_table(&pool.cards);
        (rows, right, changed)
    });
    if !changed.is_empty() {
        with_overrides(&mut rows, &changed);
    }
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Text => write_table(&mut out, &rows, &right)?,
        Format::Csv => {
            let mut w = csv::Writer::from_writer(&mut out);
            for row in &rows {
                w.write_record(row)?;
            }
            w.flush()?;
        }
        Format::Json => {
            let (header, cards) = rows.split_first().context("no card table")?;
            let objects: Vec<Value> = cards
                .iter()
                .map(|row| {
                    let fields: Map<String, Value> = header
                        .iter()
                        .zip(row)
                        .map(|(k, v)| (k.clone(), cell(v)))
                        .collect();
                    Value::Object(fields)
                })
                .collect();
            serde_json::to_writer_pretty(&mut out, &objects)?;
            writeln!(out)?;
        }
    }
    Ok(())
}

/// Adds the column `overrides`: the `--set` changes (card name, then
/// `field=value`) of each card (the first column is its name), since a
/// card's text is as printed and does not show a changed effect. A change
/// of a field several cards share is listed on each of them (a Millennium
/// Blades price, marked set-wide).
fn with_overrides(rows: &mut [Vec<String>], changed: &[(String, String)]) {
    let Some((header, cards)) = rows.split_first_mut() else {
        return;
    };
    header.push("overrides".to_owned());
    for row in cards {
        let name = row.first().cloned().unwrap_or_default();
        let mine: Vec<&str> = changed
            .iter()
            .filter(|(card, _)| *card == name)
            .map(|(_, change)| change.as_str())
            .collect();
        row.push(mine.join("; "));
    }
}

/// A table cell as JSON: a whole number, null for an empty cell, else
/// the text.
fn cell(text: &str) -> Value {
    match text.parse::<i64>() {
        Ok(n) => Value::from(n),
        Err(_) if text.is_empty() => Value::Null,
        Err(_) => Value::from(text),
    }
}
