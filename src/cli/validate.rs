//! `decklab validate PATH...`: checks deck files and card files without
//! playing. Every legal file is reported `path: ok` on stdout; every
//! problem as `path:line: message` on stderr, and the command fails (with
//! `--format json`, one document on stdout instead). A legal deck the
//! game will not play as written (a Millennium Blades starter deck the
//! Pre-Release trims) is still `ok`, its warnings printed
//! `path:line: warning: message` on stderr.
//!
//! A `.toml` file is a card file; anything else is a deck list, checked
//! against the card pool (`--cards`, else the pool of its folder if the
//! folder holds `.toml` files, else `decks/<game>/cards.toml` in the
//! working directory (Millennium Blades: the set files of
//! `decks/millennium-blades/`), else the bundled pool). A folder is walked
//! recursively: its card pool if it holds `.toml` files, each `.deck`
//! file, then each subfolder.
//!
//! Each file's ruleset is `--game` if given; else the ruleset a folder of
//! its path is named after (`decks/pixel-tactics/…`); else the ruleset
//! under which the file has the fewest problems (Nostalgix first on a
//! tie). A file read that way that has problems is said to be read as
//! that ruleset before its problems, unless the choice is plain: the
//! file reads better there than under any other ruleset (see
//! [`super::guess`]; a `Hero:` line is read by Nostalgix alone).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use serde_json::json;

use super::flags::Format;
use super::guess::{Fit, Input, fittest, warnings};
use super::with_ruleset;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::games::GameKind;

const EXAMPLES: &str = "\
Examples:
  decklab validate decks/nostalgix/hero-rush.deck
  decklab validate my-decks/*.deck --cards my-cards.toml
  decklab validate decks/nostalgix          # the card pool and every deck in it
  decklab validate decks                    # every ruleset's folder, each with its own rules
  decklab validate decks/pixel-tactics --format json
  decklab validate typo.deck                # exit status 2: a problem per line at fault";

/// The arguments of `decklab validate`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ValidateArgs {
    /// Deck files, card files (.toml) or folders of them (walked
    /// recursively).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The ruleset [default: inferred for each file: from a folder of its
    /// path named after a ruleset, else from its content].
    #[arg(short, long, value_enum)]
    game: Option<GameKind>,
    /// The card pool decks are checked against (a .toml file or a folder).
    #[arg(long, value_name = "PATH")]
    cards: Option<PathBuf>,
    /// The output: `path: ok` lines and problems on stderr (text), one
    /// line per problem (csv: path,game,line,message), or one JSON
    /// document.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// What a file is checked as.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// A card file or folder.
    Cards,
    /// A deck list, and the card folder it belongs to (if it is checked
    /// against that folder's pool rather than the default one).
    Deck(Option<PathBuf>),
}

/// One file to check.
#[derive(Debug)]
struct Check {
    path: PathBuf,
    kind: Kind,
}

/// The files to check, folders walked, in the order given. Decks of a
/// folder with a card pool are checked against it unless `own_pools` is
/// false.
fn checks(paths: &[PathBuf], own_pools: bool) -> anyhow::Result<Vec<Check>> {
    let mut checks = Vec::new();
    for path in paths {
        if path.is_dir() {
            let before = checks.len();
            walk(path, own_pools, &mut checks)?;
            if checks.len() == before {
                bail!(
                    "{}: no .toml card file or .deck file in this folder or below",
                    path.display()
                );
            }
        } else {
            let kind = if path.extension().is_some_and(|x| x == "toml") {
                Kind::Cards
            } else {
                Kind::Deck(None)
            };
            checks.push(Check {
                path: path.clone(),
                kind,
            });
        }
    }
    Ok(checks)
}

/// Adds the checks of folder `dir`: its pool, its decks, its subfolders.
fn walk(dir: &Path, own_pools: bool, checks: &mut Vec<Check>) -> anyhow::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    let with = |ext: &'static str| {
        entries
            .iter()
            .filter(move |p| p.is_file() && p.extension().is_some_and(|x| x == ext))
    };
    let has_pool = with("toml").next().is_some();
    if has_pool {
        checks.push(Check {
            path: dir.to_path_buf(),
            kind: Kind::Cards,
        });
    }
    let pool = (own_pools && has_pool).then(|| dir.to_path_buf());
    checks.extend(with("deck").map(|d| Check {
        path: d.clone(),
        kind: Kind::Deck(pool.clone()),
    }));
    for sub in entries.iter().filter(|p| p.is_dir()) {
        walk(sub, own_pools, checks)?;
    }
    Ok(())
}

/// The ruleset a folder of `path` is named after, nearest first.
fn game_of_path(path: &Path) -> Option<GameKind> {
    path.ancestors()
        .filter_map(|a| a.file_name()?.to_str())
        .find_map(|name| GameKind::from_str(name, false).ok())
}

/// The ruleset `check` is checked under (see [`fittest`]: among every
/// ruleset unless `--game` or a folder of its path names one), how it
/// reads there, and a legal deck's warnings there (see
/// [`crate::games::Ruleset::deck_warnings`]).
fn verdict(check: &Check, args: &ValidateArgs) -> anyhow::Result<(Fit, Vec<Diagnostic>)> {
    let candidates: Vec<GameKind> = match args.game.or_else(|| game_of_path(&check.path)) {
        Some(g) => vec![g],
        None => GameKind::value_variants().to_vec(),
    };
    let label = check.path.display().to_string();
    let text;
    let input = match &check.kind {
        Kind::Cards => Input::Cards(&check.path),
        Kind::Deck(folder) => {
            text = crate::diagnostics::read_input_text(&check.path);
            Input::Deck {
                label: &label,
                text: text.as_deref(),
                folder: folder.as_deref(),
                cards: args.cards.as_deref(),
            }
        }
    };
    let fit = fittest(&input, &candidates)?;
    let warnings = if fit.problems.is_empty() {
        with_ruleset!(fit.game, R => warnings::<R>(&input))?
    } else {
        Vec::new()
    };
    Ok((fit, warnings))
}

/// Runs `decklab validate`.
pub fn run(args: ValidateArgs) -> anyhow::Result<()> {
    let checks = checks(&args.paths, args.cards.is_none())?;
    let mut results = Vec::with_capacity(checks.len());
    let mut warned = Vec::with_capacity(checks.len());
    for check in &checks {
        let (fit, warnings) = verdict(check, &args)?;
        results.push(fit);
        warned.push(warnings);
    }
    let mut stdout = std::io::stdout().lock();
    match args.format {
        Format::Text => {
            let mut stderr = std::io::stderr().lock();
            for ((check, fit), warnings) in checks.iter().zip(&results).zip(&warned) {
                if fit.problems.is_empty() {
                    writeln!(stdout, "{}: ok", check.path.display())?;
                    // A legal deck that will not play as written.
                    for w in warnings {
                        let w = Diagnostic::new(&w.path, w.line, format!("warning: {}", w.message));
                        writeln!(stderr, "{w}")?;
                    }
                } else {
                    if fit.doubtful {
                        // A close guess: say which rules the problems are of.
                        writeln!(
                            stderr,
                            "{}: read as {} (the ruleset under which it has the fewest \
                             problems; --game chooses)",
                            check.path.display(),
                            fit.game.name()
                        )?;
                    }
                    writeln!(stderr, "{}", Diagnostics(fit.problems.clone()))?;
                }
            }
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(&mut stdout);
            w.write_record(["path", "game", "line", "message"])?;
            for ((check, fit), warnings) in checks.iter().zip(&results).zip(&warned) {
                let path = check.path.display().to_string();
                for d in &fit.problems {
                    let line = d.line.to_string();
                    w.write_record([path.as_str(), fit.game.name(), &line, &d.message])?;
                }
                for d in warnings {
                    let (line, message) = (d.line.to_string(), format!("warning: {}", d.message));
                    w.write_record([path.as_str(), fit.game.name(), &line, &message])?;
                }
            }
            w.flush()?;
        }
        Format::Json => {
            let entries = |list: &[Diagnostic]| -> Vec<serde_json::Value> {
                list.iter()
                    .map(|d| json!({ "line": d.line, "message": d.message }))
                    .collect()
            };
            let files: Vec<_> = checks
                .iter()
                .zip(&results)
                .zip(&warned)
                .map(|((check, fit), warnings)| {
                    json!({
                        "path": check.path.display().to_string(),
                        "kind": if check.kind == Kind::Cards { "cards" } else { "deck" },
                        "game": fit.game.name(),
                        "ok": fit.problems.is_empty(),
                        "problems": entries(&fit.problems),
                        "warnings": entries(warnings),
                    })
                })
                .collect();
            serde_json::to_writer_pretty(&mut stdout, &json!({ "files": files }))?;
            writeln!(stdout)?;
        }
    }
    let bad_files = results.iter().filter(|f| !f.problems.is_empty()).count();
    if bad_files > 0 {
        let count: usize = results.iter().map(|f| f.problems.len()).sum();
        bail!(
            "{} in {bad_files} of {}",
            super::counted(count, "problem"),
            super::counted(checks.len(), "file")
        );
    }
    Ok(())
}
