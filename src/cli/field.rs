//! What `gauntlet` and `round-robin` share: the decks of a field read from
//! folders and files, and the tables they add to a run (`matchups.csv`,
//! `ratings.csv`), which `decklab merge` rebuilds from the manifest.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, bail};
use serde_json::{Value, json};

use super::ruleset::{DeckSource, find_deck, same_list};
use super::table::write_table;
use crate::core::CardPool;
use crate::games::Ruleset;
use crate::output::{
    MatchupLine, OutputDir, OutputError, RatingLine, write_matchups, write_ratings,
};
use crate::stats::{
    HeadToHead, Pairing, RankedGames, RunStats, Score, equal_weight_mean, head_to_head,
    plackett_luce,
};

/// The opponent name of a gauntlet's aggregate line.
pub const ALL: &str = "ALL";

/// The field argument that names every bundled deck of the game (when no
/// file or folder of that name exists).
pub const BUNDLED: &str = "bundled";

/// The decks `args` name: each folder's `.deck` files in name order,
/// [`BUNDLED`] every bundled deck of the game (by name, so a local deck of
/// the same name replaces it), each other argument a deck file or name.
/// Decks with the same name must be the same list, read against `cards`
/// (one copy is kept; see [`same_list`]). Decks of different names with
/// the same list both stay, with a note on stderr: the field counts that
/// list twice.
pub fn field_decks<R: Ruleset>(
    args: &[String],
    cards: &CardPool<R::Card>,
) -> anyhow::Result<Vec<DeckSource>> {
    let mut decks: Vec<DeckSource> = Vec::new();
    for arg in args {
        let path = Path::new(arg);
        let found = if arg == BUNDLED && !path.exists() {
            R::bundled_decks()
                .iter()
                .map(|(name, _)| find_deck::<R>(name))
                .collect::<anyhow::Result<Vec<_>>>()?
        } else if path.is_dir() {
            let mut files: Vec<_> = std::fs::read_dir(path)
                .with_context(|| format!("cannot read the field folder {}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "deck"))
                .collect();
            files.sort();
            if files.is_empty() {
                bail!(
                    "{}: no .deck file in this folder (expected a folder of deck lists, \
                     a deck file or a deck name)",
                    path.display()
                );
            }
            files
                .iter()
                .map(|f| find_deck::<R>(&f.display().to_string()))
                .collect::<anyhow::Result<Vec<_>>>()?
        } else {
            vec![find_deck::<R>(arg)?]
        };
        for deck in found {
            if deck.name == ALL {
                bail!(
                    "{}: a deck named \"{ALL}\" would read as the whole field in \
                     matchups.csv (rename the file)",
                    deck.path
                );
            }
            match decks.iter().find(|d| d.name == deck.name) {
                Some(d) if same_list::<R>(d, &deck, cards) => {}
                Some(d) => bail!(
                    "two different decks are named \"{}\": {} and {} (rename one: a deck's name \
                     is its file name)",
                    deck.name,
                    d.path,
                    deck.path
                ),
                None => {
                    if let Some(d) = decks.iter().find(|d| same_list::<R>(d, &deck, cards)) {
                        // A closed stderr is no reason to stop.
                        let _ = writeln!(
                            io::stderr(),
                            "decklab: note: {} and {} hold the same list: both stay in the \
                             field, which counts that list twice",
                            d.path,
                            deck.path
                        );
                    }
                    decks.push(deck);
                }
            }
        }
    }
    Ok(decks)
}

/// Whether field deck `other` is `deck` itself: of its name or with its
/// list (see [`same_list`]). Against `deck` it is the mirror, no opponent
/// of the field.
pub fn is_mirror<R: Ruleset>(
    deck: &DeckSource,
    other: &DeckSource,
    cards: &CardPool<R::Card>,
) -> bool {
    other.name == deck.name || same_list::<R>(deck, other, cards)
}

/// The field `field` as a gauntlet of `deck` plays it: every field deck
/// that is `deck` itself (see [`is_mirror`]) becomes `deck`, kept once,
/// so that the mirror has its own line in `matchups.csv` (`opponent` =
/// the deck) and stays out of `ALL`. Also the paths of the field decks
/// that became `deck` under another name. A field deck of `deck`'s name
/// with another list is refused.
pub fn with_mirror<R: Ruleset>(
    deck: &DeckSource,
    field: &[DeckSource],
    cards: &CardPool<R::Card>,
) -> anyhow::Result<(Vec<DeckSource>, Vec<String>)> {
    let mut decks: Vec<DeckSource> = Vec::with_capacity(field.len());
    let mut renamed = Vec::new();
    for other in field {
        if !is_mirror::<R>(deck, other, cards) {
            decks.push(other.clone());
            continue;
        }
        if other.name == deck.name && !same_list::<R>(deck, other, cards) {
            bail!(
                "the deck under test and a field deck are both named \"{}\" but differ: {} and \
                 {} (rename one: a deck's name is its file name)",
                deck.name,
                deck.path,
                other.path
            );
        }
        if other.name != deck.name {
            renamed.push(other.path.clone());
        }
        if !decks.iter().any(|d| d.name == deck.name) {
            decks.push(deck.clone());
        }
    }
    Ok((decks, renamed))
}

/// What a field campaign reports beyond `simulate`'s tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// One deck (with its bot) against a field.
    Gauntlet {
        /// The deck under test.
        deck: String,
        /// Its bot.
        bot: String,
    },
    /// Every deck against every other.
    RoundRobin {
        /// The decks, in the order given.
        decks: Vec<String>,
    },
}

impl Field {
    /// The manifest settings that describe the field.
    pub fn settings(&self) -> Value {
        match self {
            Field::Gauntlet { deck, bot } => json!({ "deck": deck, "bot": bot }),
            Field::RoundRobin { decks } => json!({ "decks": decks }),
        }
    }

    /// The field of a run of `command` with manifest `settings`, if the
    /// command has one.
    pub fn from_manifest(command: &str, settings: &Value) -> Option<Field> {
        let text = |key: &str| settings.get(key)?.as_str().map(str::to_owned);
        match command {
            "gauntlet" => Some(Field::Gauntlet {
                deck: text("deck")?,
                bot: text("bot")?,
            }),
            "round-robin" => Some(Field::RoundRobin {
                decks: settings
                    .get("decks")?
                    .as_array()?
                    .iter()
                    .map(|d| d.as_str().map(str::to_owned))
                    .collect::<Option<_>>()?,
            }),
            _ => None,
        }
    }

    /// The lines of `matchups.csv`: a gauntlet's deck against each
    /// opponent then `ALL` (opponents weighted equally); every ordered pair
    /// of a round-robin.
    pub fn matchup_lines(&self, stats: &RunStats) -> Vec<MatchupLine> {
        let all = head_to_head(stats);
        let ranked = stats.matchups.keys().any(|m| m.players() > 2);
        match self {
            Field::Gauntlet { deck, bot } => {
                let mine: Vec<(&Pairing, &HeadToHead)> = all
                    .iter()
                    .filter(|(p, _)| &p.deck == deck && &p.bot == bot)
                    .collect();
                let mut lines: Vec<MatchupLine> = mine
                    .iter()
                    .map(|(p, h)| MatchupLine::new((*p).clone(), **h, ranked))
                    .collect();
                // The mirror keeps its own line but is no opponent of the
                // field: `ALL` is over the other decks.
                let others: Vec<_> = mine.iter().filter(|(p, _)| &p.opponent != deck).collect();
                if let Some((first, _)) = others.first() {
                    let mut total = HeadToHead::default();
                    for (_, h) in &others {
                        total.score.merge(&h.score);
                        total.wins += h.wins;
                        total.losses += h.losses;
                        total.draws += h.draws;
                    }
                    let scores: Vec<Score> = others.iter().map(|(_, h)| h.score).collect();
                    let mean = equal_weight_mean(&scores);
                    lines.push(MatchupLine {
                        pairing: Pairing {
                            opponent: ALL.to_owned(),
                            ..(*first).clone()
                        },
                        results: total,
                        rate: mean.map(|m| m.0),
                        ci95: mean.map(|m| (m.1, m.2)),
                    });
                }
                lines
            }
            Field::RoundRobin { .. } => all
                .into_iter()
                .filter(|(p, _)| p.deck != p.opponent)
                .map(|(p, h)| MatchupLine::new(p, h, ranked))
                .collect(),
        }
    }

    /// The lines of `ratings.csv`, best first: a round-robin's only.
    pub fn rating_lines(&self, stats: &RunStats) -> Option<Vec<RatingLine>> {
        let Field::RoundRobin { decks } = self else {
            return None;
        };
        let index: BTreeMap<&str, usize> = decks
            .iter()
            .enumerate()
            .map(|(i, d)| (d.as_str(), i))
            .collect();
        let mut results = Vec::new();
        let mut totals = vec![Score::default(); decks.len()];
        for (m, s) in &stats.matchups {
            let table: Option<Vec<usize>> = m
                .decks
                .iter()
                .map(|d| index.get(d.as_str()).copied())
                .collect();
            let Some(table) = table else { continue };
            for (&deck, entry) in table.iter().zip(&s.entries) {
                totals[deck].merge(&entry.rank_score);
            }
            results.extend(s.rankings.iter().map(|(ranks, &count)| RankedGames {
                decks: table.clone(),
                ranks: ranks.clone(),
                count,
            }));
        }
        let ratings = plackett_luce(decks.len(), &results);
        let mut lines: Vec<RatingLine> = decks
            .iter()
            .zip(ratings)
            .zip(&totals)
            .map(|((deck, r), total)| RatingLine {
                deck: deck.clone(),
                rating: (r.rating, r.ci95_low, r.ci95_high),
                games: total.games,
                score: total.rate(),
            })
            .collect();
        lines.sort_by(|a, b| b.rating.0.total_cmp(&a.rating.0).then(a.deck.cmp(&b.deck)));
        Some(lines)
    }

    /// Writes the field's tables into `out`.
    pub fn write(&self, out: &mut OutputDir, stats: &RunStats) -> Result<(), OutputError> {
        write_matchups(out, &self.matchup_lines(stats))?;
        if let Some(ratings) = self.rating_lines(stats) {
            write_ratings(out, &ratings)?;
        }
        Ok(())
    }

    /// Prints the field's results as a table: a gauntlet's matchups, a
    /// round-robin's ratings.
    pub fn print(&self, out: &mut impl Write, stats: &RunStats) -> io::Result<()> {
        let percent = |x: f64| format!("{:.1}%", 100.0 * x);
        let mut rows: Vec<Vec<String>> = Vec::new();
        if let Some(ratings) = self.rating_lines(stats) {
            rows.push(
                ["deck", "rating", "95% CI", "games", "score"]
                    .map(String::from)
                    .to_vec(),
            );
            for r in ratings {
                let (rating, lo, hi) = r.rating;
                rows.push(vec![
                    r.deck,
                    format!("{rating:.0}"),
                    if hi.is_finite() {
                        format!("{lo:.0} – {hi:.0}")
                    } else {
                        "-".into()
                    },
                    r.games.to_string(),
                    r.score.map_or_else(|| "-".into(), percent),
                ]);
            }
            return write_table(out, &rows, &[1, 3, 4]);
        }
        rows.push(
            ["deck", "opponent", "games", "win rate", "95% CI"]
                .map(String::from)
                .to_vec(),
        );
        for l in self.matchup_lines(stats) {
            let rate = l.rate.map_or_else(|| "-".into(), percent);
            let ci = l.ci95.map_or_else(
                || "-".into(),
                |(lo, hi)| format!("{} – {}", percent(lo), percent(hi)),
            );
            rows.push(vec![
                l.pairing.deck,
                l.pairing.opponent,
                l.results.score.games.to_string(),
                rate,
                ci,
            ]);
        }
        write_table(out, &rows, &[2, 3])
    }
}
