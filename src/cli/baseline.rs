//! The baseline of `decklab regress`: a committed `summary.csv` (a deck as
//! seat a against one opponent) or `matchups.csv` (a deck against one
//! opponent over both seats), and the row of it the flags select.

use std::path::Path;

use anyhow::{Context, anyhow, bail};

use crate::output::{MATCHUPS, SUMMARY};

/// How the baseline's win rate was measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaselineKind {
    /// `summary.csv`: seat a's win rate, the deck always seat a.
    Summary,
    /// `matchups.csv`: the deck's win rate over both seats.
    Matchups,
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
}

impl std::fmt::Display for Key<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}) vs {} ({})",
            self.deck, self.bot, self.opponent, self.opponent_bot
        )
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
    } else if MATCHUPS.iter().all(|c| column(c).is_some()) {
        (
            BaselineKind::Matchups,
            ["deck", "bot", "opponent", "opponent_bot", "win_rate"],
        )
    } else {
        bail!(
            "{shown}:1: expected the header of a summary.csv ({}) or a matchups.csv ({})",
            SUMMARY.join(","),
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
        let row = Key {
            deck: field(0),
            bot: field(1),
            opponent: field(2),
            opponent_bot: field(3),
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
