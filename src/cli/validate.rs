//! `decklab validate PATH...`: checks deck files and card files without
//! playing. Every legal file is reported `path: ok` on stdout; every
//! problem as `path:line: message` on stderr, and the command fails.
//!
//! A `.toml` file (or a folder of them) is a card file; anything else is a
//! deck list, checked against the card pool (`--cards`, else
//! `decks/<game>/cards.toml` in the working directory, else the bundled
//! pool). A folder is checked as a card pool if it holds `.toml` files,
//! and each `.deck` file in it as a deck — against the folder's own pool
//! if it has one and `--cards` is not given.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};
use clap::Args;

use super::ruleset::load_pool;
use super::with_ruleset;
use crate::core::CardPool;
use crate::core::deck_name;
use crate::diagnostics::Diagnostics;
use crate::games::GameKind;
use crate::games::Ruleset;

const EXAMPLES: &str = "\
Examples:
  decklab validate decks/nostalgix/hero-rush.deck
  decklab validate my-decks/*.deck --cards my-cards.toml
  decklab validate decks/nostalgix          # the card pool and every deck in it";

/// The arguments of `decklab validate`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ValidateArgs {
    /// Deck files, card files (.toml) or folders of them.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The ruleset.
    #[arg(long, value_enum, default_value_t = GameKind::Nostalgix)]
    game: GameKind,
    /// The card pool decks are checked against (a .toml file or a folder).
    #[arg(long, value_name = "PATH")]
    cards: Option<PathBuf>,
}

/// One file to check.
enum Check {
    /// A card file or folder.
    Cards(PathBuf),
    /// A deck list, and the card folder it belongs to (if it is checked
    /// against that folder's pool rather than the default one).
    Deck(PathBuf, Option<PathBuf>),
}

/// The files to check, folders expanded, in the order given. Decks of a
/// folder with a card pool are checked against it unless `own_pools` is
/// false.
fn checks(paths: &[PathBuf], own_pools: bool) -> anyhow::Result<Vec<Check>> {
    let mut checks = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("cannot read {}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            let has = |ext: &str| {
                entries
                    .iter()
                    .any(|p| p.extension().is_some_and(|x| x == ext))
            };
            if has("toml") {
                checks.push(Check::Cards(path.clone()));
            }
            let decks = entries
                .iter()
                .filter(|p| p.extension().is_some_and(|x| x == "deck"));
            let pool = (own_pools && has("toml")).then(|| path.clone());
            checks.extend(decks.map(|d| Check::Deck(d.clone(), pool.clone())));
            if !has("toml") && !has("deck") {
                bail!(
                    "{}: no .toml card file or .deck file in this folder",
                    path.display()
                );
            }
        } else if path.extension().is_some_and(|x| x == "toml") {
            checks.push(Check::Cards(path.clone()));
        } else {
            checks.push(Check::Deck(path.clone(), None));
        }
    }
    Ok(checks)
}

fn lines(problems: Diagnostics) -> Vec<String> {
    problems.0.iter().map(ToString::to_string).collect()
}

/// The problems of a card file or folder (empty if it is valid).
fn card_problems<R: Ruleset>(path: &Path) -> Vec<String> {
    R::load_cards(path).err().map_or_else(Vec::new, lines)
}

/// The problems of a deck file (empty if it is legal).
fn deck_problems<R: Ruleset>(
    path: &Path,
    cards: &CardPool<R::Card>,
) -> anyhow::Result<Vec<String>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read deck file {}", path.display()))?;
    let label = path.display().to_string();
    Ok(R::parse_deck(&text, &label, &deck_name(&label), cards)
        .err()
        .map_or_else(Vec::new, |d| lines(Diagnostics(d))))
}

/// Runs `decklab validate`.
pub fn run(args: ValidateArgs) -> anyhow::Result<()> {
    with_ruleset!(args.game, R => validate::<R>(&args))
}

/// A loaded card pool of ruleset `R`, shared by the decks it checks.
type Pool<R> = Arc<CardPool<<R as Ruleset>::Card>>;

/// Checks every file of `args` as files of ruleset `R`.
fn validate<R: Ruleset>(args: &ValidateArgs) -> anyhow::Result<()> {
    let checks = checks(&args.paths, args.cards.is_none())?;
    // Pools are loaded only when a deck needs them, so a broken pool can
    // itself be validated. A folder's broken pool is reported with the
    // folder; its decks are then not checked.
    let mut pools: BTreeMap<Option<PathBuf>, Option<Pool<R>>> = BTreeMap::new();
    let (mut bad_files, mut count) = (0, 0);
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    for check in &checks {
        let (path, found) = match check {
            Check::Cards(path) => (path, card_problems::<R>(path)),
            Check::Deck(path, folder) => {
                let db = match pools.get(folder) {
                    Some(db) => db.clone(),
                    None => {
                        let db = match folder {
                            Some(f) => R::load_cards(f).ok().map(Arc::new),
                            None => Some(load_pool::<R>(args.cards.as_deref(), &[])?.cards),
                        };
                        pools.insert(folder.clone(), db.clone());
                        db
                    }
                };
                let found = match db {
                    Some(db) => deck_problems::<R>(path, &db)?,
                    None => vec![format!(
                        "{}: not checked: the card pool of its folder has problems",
                        path.display()
                    )],
                };
                (path, found)
            }
        };
        if found.is_empty() {
            writeln!(stdout, "{}: ok", path.display())?;
        } else {
            bad_files += 1;
            count += found.len();
            for p in found {
                writeln!(stderr, "{p}")?;
            }
        }
    }
    if bad_files > 0 {
        let s = |n: usize| if n == 1 { "" } else { "s" };
        bail!(
            "{count} problem{} in {bad_files} of {} file{}",
            s(count),
            checks.len(),
            s(checks.len())
        );
    }
    Ok(())
}
