//! What the commands read for a ruleset: the card pool and the deck lists.
//!
//! The card pool is, in order of preference: the file or folder given with
//! `--cards`; `decks/<game>/cards.toml` in the working directory (for
//! designers editing cards; Millennium Blades: the set files of
//! `decks/millennium-blades/`, [`Ruleset::local_cards`]); the pool
//! compiled into decklab.
//!
//! A deck argument is a path to a deck file; a bare name (`hero-rush`) that
//! is not a file names `decks/<game>/<name>.deck` in the working directory
//! if it exists, else the bundled starter deck of that name.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, anyhow, bail};

use super::config::at_file_line;
use super::guess::{Input, hint};
use crate::core::{CardDef, CardId, CardPool};
use crate::core::{DeckList, Player, card_files, deck_name, declared_names};
use crate::diagnostics::{Diagnostics, closest};
use crate::games::{Options, Ruleset};
use crate::output::InputFile;

/// The folder, relative to the working directory, whose files replace the
/// bundled ones of ruleset `R`.
pub fn local_dir<R: Ruleset>() -> String {
    format!("decks/{}", R::NAME)
}

/// A loaded card pool and the files it came from.
#[derive(Debug)]
pub struct Pool<R: Ruleset> {
    /// The cards.
    pub cards: Arc<CardPool<R::Card>>,
    /// The card files read (or the bundled pool), with their hashes.
    pub files: Vec<InputFile>,
    /// The working directory's card file or folder the pool was read from
    /// without `--cards` ([`Ruleset::local_cards`]), if it was: a deck
    /// naming a card of the built-in pool it lacks is told so.
    pub local: Option<PathBuf>,
}

/// Why the card pool `path` was read although no flag named it.
fn read_from_working_dir(path: &Path) -> String {
    format!(
        "{} was read because it is in the working directory (a clone's card pool replaces the \
         built-in one)",
        path.display()
    )
}

/// Loads the card pool (see the module documentation), then applies the
/// `--set` overrides `sets` in order.
pub fn load_pool<R: Ruleset>(cards: Option<&Path>, sets: &[String]) -> anyhow::Result<Pool<R>> {
    let local = if cards.is_none() {
        R::local_cards()
    } else {
        None
    };
    let path = cards.map(Path::to_path_buf).or_else(|| local.clone());
    let (mut db, files) = match path {
        Some(path) => {
            let db = R::load_cards(&path).map_err(|d| {
                let mut hint = hint(&Input::Cards(&path), R::NAME, &d.0);
                if cards.is_none() {
                    // Read without a flag: say why, and how to choose.
                    let why = format!(
                        "{}; pass --cards to choose another pool",
                        read_from_working_dir(&path)
                    );
                    hint = Some(hint.map_or(why.clone(), |h| format!("{h}\n{why}")));
                }
                invalid_with("card file", &path, d, hint)
            })?;
            (db, hash_card_files(&path)?)
        }
        None => (R::bundled_cards(), bundled_files::<R>()),
    };
    for set in sets {
        R::apply_override(&mut db, set)
            .map_err(|m| at_file_line(&["set"], format!("--set \"{set}\": {m}")))?;
    }
    Ok(Pool {
        cards: Arc::new(db),
        files,
        local,
    })
}

/// The compiled-in card files as a manifest records them:
/// `bundled:<path>`, each with its own hash.
fn bundled_files<R: Ruleset>() -> Vec<InputFile> {
    R::bundled_card_files()
        .into_iter()
        .map(|(path, text)| InputFile::new("cards", &format!("bundled:{path}"), text.as_bytes()))
        .collect()
}

/// Hashes a card file, or every `.toml` file of a card folder.
fn hash_card_files(path: &Path) -> anyhow::Result<Vec<InputFile>> {
    let files = card_files(path).map_err(|d| invalid("card file", path, d))?;
    Ok(files
        .iter()
        .map(|(p, text)| InputFile::new("cards", p, text.as_bytes()))
        .collect())
}

/// The error of an input file with problems, listed one per line.
pub fn invalid(what: &str, path: &Path, problems: Diagnostics) -> anyhow::Error {
    invalid_with(what, path, problems, None)
}

/// [`invalid`], with `hint` (if any) on a line after the problems.
fn invalid_with(
    what: &str,
    path: &Path,
    problems: Diagnostics,
    hint: Option<String>,
) -> anyhow::Error {
    hinted(problems, hint).context(format!("{} is not a valid {what}", path.display()))
}

/// Problems, then a hint on a line of its own.
#[derive(Debug)]
struct Hinted {
    problems: Diagnostics,
    hint: String,
}

impl fmt::Display for Hinted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}", self.problems, self.hint)
    }
}

impl std::error::Error for Hinted {}

/// The error of `problems`, with `hint` (if any) after them.
fn hinted(problems: Diagnostics, hint: Option<String>) -> anyhow::Error {
    match hint {
        Some(hint) => anyhow::Error::new(Hinted { problems, hint }),
        None => anyhow::Error::new(problems),
    }
}

/// A deck list's text and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckSource {
    /// The path as the user gave it, or `bundled:decks/<game>/<name>.deck`.
    pub path: String,
    /// The deck's name for reports.
    pub name: String,
    /// The list.
    pub text: String,
}

impl DeckSource {
    /// The deck file's hash for the manifest, under `role`.
    pub fn input_file(&self, role: &str) -> InputFile {
        InputFile::new(role, &self.path, self.text.as_bytes())
    }
}

/// The default deck of seat `seat`: the bundled starter decks in order,
/// going round when the table has more seats than there are decks.
pub fn default_deck<R: Ruleset>(seat: usize) -> anyhow::Result<&'static str> {
    match R::bundled_decks() {
        [] => bail!("decklab was built without starter decks; pass --deck"),
        decks => Ok(decks[seat % decks.len()].0),
    }
}

/// Finds the deck list `arg` names (see the module documentation).
pub fn find_deck<R: Ruleset>(arg: &str) -> anyhow::Result<DeckSource> {
    let path = Path::new(arg);
    let local_dir = local_dir::<R>();
    let read = |path: &Path, name: String| -> anyhow::Result<DeckSource> {
        let text = crate::diagnostics::read_input_text(path)
            .with_context(|| format!("cannot read deck file {}", path.display()))?;
        Ok(DeckSource {
            path: path.display().to_string(),
            name,
            text,
        })
    };
    // Anything but a folder or a missing path is read, so that a device
    // or a pipe is refused as what it is rather than as not found.
    if path.is_file() || (path.exists() && !path.is_dir()) {
        return read(path, deck_name(arg));
    }
    let bare = path.components().count() == 1 && path.extension().is_none();
    if bare {
        let local = Path::new(&local_dir).join(format!("{arg}.deck"));
        if local.is_file() {
            return read(&local, arg.to_owned());
        }
        if let Some((name, text)) = R::bundled_decks().iter().find(|(n, _)| *n == arg) {
            return Ok(DeckSource {
                path: format!("bundled:{local_dir}/{name}.deck"),
                name: (*name).to_owned(),
                text: (*text).to_owned(),
            });
        }
    }
    let names: Vec<&str> = R::bundled_decks().iter().map(|(n, _)| *n).collect();
    if path.is_dir() {
        bail!(
            "{arg} is a folder, not a deck file (expected one deck file, or the name of a deck \
             in {local_dir}/ or of a bundled deck: {}; a folder of decks goes to the --field of \
             gauntlet and round-robin)",
            names.join(", ")
        );
    }
    let hint = match closest(arg, names.iter().copied()) {
        Some(c) if bare => format!("did you mean \"{c}\"? "),
        _ => String::new(),
    };
    Err(anyhow!(
        "deck file not found: {arg} ({hint}expected a deck file path, or the name of a deck in \
         {local_dir}/ or of a bundled deck: {})",
        names.join(", ")
    ))
}

/// Parses and checks a deck list against the pool. An illegal list is
/// also read under the other rulesets, for a hint when one reads it
/// better (see [`super::guess::hint`]), and, if the pool was read from the
/// working directory, against the built-in pool, for a hint when the
/// working directory's lacks cards the deck names (see [`lacking`]): a
/// check repeated in a loop calls [`Ruleset::parse_deck`] instead.
pub fn parse_deck<R: Ruleset>(source: &DeckSource, pool: &Pool<R>) -> anyhow::Result<R::Deck> {
    R::parse_deck(&source.text, &source.path, &source.name, &pool.cards).map_err(|problems| {
        let input = Input::Deck {
            label: &source.path,
            text: Ok(&source.text),
            folder: None,
            cards: None,
        };
        let hints: Vec<String> = [
            hint(&input, R::NAME, &problems),
            pool.local
                .as_deref()
                .and_then(|local| lacking::<R>(source, &pool.cards, local)),
        ]
        .into_iter()
        .flatten()
        .collect();
        let hint = (!hints.is_empty()).then(|| hints.join("\n"));
        hinted(Diagnostics(problems), hint).context(format!("{} is not a legal deck", source.path))
    })
}

/// The hint for deck `source` when the pool `cards`, read from the
/// working directory's `local` without a flag, lacks cards of the built-in
/// pool the deck names (a clone's partial folder of Millennium Blades set
/// files): which cards, which built-in card files hold them that `local`
/// does not, and how to choose another pool. `None` when every unknown
/// card of the deck is unknown to the built-in pool too (a typo).
fn lacking<R: Ruleset>(
    source: &DeckSource,
    cards: &CardPool<R::Card>,
    local: &Path,
) -> Option<String> {
    let built_in = R::bundled_cards();
    let here = DeckList::parse(&source.text, &source.path, cards, R::DECK_KEYS);
    let there = DeckList::parse(&source.text, &source.path, &built_in, R::DECK_KEYS);
    let at_line = |line: usize| -> Option<CardId> {
        let header = here.headers.iter().find(|h| h.line == line).map(|h| h.card);
        let card = here.lines.iter().find(|l| l.line == line).map(|l| l.card);
        header.or(card)?
    };
    let mut missing: Vec<&str> = Vec::new();
    let found = there.headers.iter().map(|h| (h.card, h.line));
    let found = found.chain(there.lines.iter().map(|l| (l.card, l.line)));
    for (card, line) in found {
        if let Some(card) = card
            && at_line(line).is_none()
        {
            let name = CardDef::name(built_in.card(card));
            if !missing.contains(&name) {
                missing.push(name);
            }
        }
    }
    if missing.is_empty() {
        return None;
    }
    // The built-in card files by file name, and those `local` holds.
    let file_name = |p: &str| {
        Path::new(p)
            .file_name()
            .map_or_else(|| p.to_owned(), |n| n.to_string_lossy().into_owned())
    };
    let built_in_files = R::bundled_card_files();
    let held: Vec<String> = card_files(local)
        .map(|files| files.iter().map(|(p, _)| file_name(p)).collect())
        .unwrap_or_default();
    let absent: Vec<(String, Vec<String>)> = built_in_files
        .iter()
        .map(|(p, text)| (file_name(p), *text))
        .filter(|(name, _)| !held.contains(name))
        .map(|(name, text)| (name, declared_names::<R::Card>(text)))
        .collect();
    let mut holding: Vec<&str> = Vec::new();
    for name in &missing {
        let file = absent
            .iter()
            .find(|(_, names)| names.iter().any(|n| n == name));
        if let Some((file, _)) = file
            && !holding.contains(&file.as_str())
        {
            holding.push(file);
        }
    }
    let shown: Vec<String> = missing.iter().take(3).map(|n| format!("\"{n}\"")).collect();
    let more = match missing.len() {
        n if n > 3 => format!(" and {} more", n - 3),
        _ => String::new(),
    };
    let mut text = format!(
        "{}, and it lacks {} of the built-in pool this deck names ({}{more})",
        read_from_working_dir(local),
        super::counted(missing.len(), "card"),
        shown.join(", ")
    );
    if holding.is_empty() {
        text.push_str("; pass --cards <path> to choose another pool");
    } else {
        text.push_str(&format!(
            ", from the built-in {} it does not hold (it holds {} of the {} built-in card \
             files); pass --cards <path> to choose another pool, or restore the missing files",
            holding.join(", "),
            built_in_files.len() - absent.len(),
            built_in_files.len()
        ));
    }
    Some(text)
}

/// Prints on stderr, once for each deck of `sources` (legal decks), what a
/// run with `options` will not play as written (see
/// [`Ruleset::deck_warnings`]: a Millennium Blades starter deck the
/// Pre-Release trims), as `decklab: note: path:line: …` lines, as the
/// other notes are (with `--quiet` too).
pub fn note_deck_warnings<R: Ruleset>(
    sources: &[DeckSource],
    cards: &CardPool<R::Card>,
    options: &Options,
) {
    let mut seen: Vec<&str> = Vec::new();
    for s in sources {
        if seen.contains(&s.path.as_str()) {
            continue;
        }
        seen.push(&s.path);
        for w in R::deck_warnings(&s.text, &s.path, cards, Some(options)) {
            // A closed stderr is no reason to stop.
            let _ = writeln!(std::io::stderr(), "decklab: note: {w}");
        }
    }
}

/// Whether the deck lists `a` and `b` are the same deck, read against
/// `cards`: the same cards in the same numbers, and the same cards on
/// their `Key: Name` lines (Nostalgix' Hero), whatever their names, the
/// order of their lines or their comments (see [`DeckList::contents`]).
pub fn same_list<R: Ruleset>(a: &DeckSource, b: &DeckSource, cards: &CardPool<R::Card>) -> bool {
    let contents =
        |s: &DeckSource| DeckList::parse(&s.text, &s.path, cards, R::DECK_KEYS).contents();
    contents(a) == contents(b)
}

/// The decks `decks` names by seat (the seat's default where `None`),
/// named for reports (see [`deck_labels`]).
pub fn match_decks<R: Ruleset>(decks: &[Option<(&str, &str)>]) -> anyhow::Result<Vec<DeckSource>> {
    let mut sources = Vec::with_capacity(decks.len());
    for (seat, arg) in decks.iter().enumerate() {
        sources.push(match arg {
            Some((a, flag)) => super::config::from_file(flag, find_deck::<R>(a))?,
            None => find_deck::<R>(default_deck::<R>(seat)?)?,
        });
    }
    let labels = deck_labels(&sources);
    for (s, label) in sources.iter_mut().zip(labels) {
        s.name = label;
    }
    Ok(sources)
}

/// The game between the decks `sources` of `pool` (one per seat, in seat
/// order).
pub fn build_match<R: Ruleset>(
    pool: &Pool<R>,
    sources: &[DeckSource],
    options: Options,
) -> anyhow::Result<R> {
    let decks = sources
        .iter()
        .map(|s| parse_deck::<R>(s, pool))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(R::new_match(pool.cards.clone(), decks, options))
}

/// The decks' names for reports: their own, unless an earlier seat's
/// different list has the same name, in which case the later one gets
/// ` (b)`, ` (c)`… after its seat.
fn deck_labels(sources: &[DeckSource]) -> Vec<String> {
    sources
        .iter()
        .enumerate()
        .map(|(seat, s)| {
            let clash = sources[..seat]
                .iter()
                .any(|e| e.name == s.name && e.text != s.text);
            if clash {
                format!("{} ({})", s.name, Player::new(seat).letter())
            } else {
                s.name.clone()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nostalgix::Nostalgix;

    fn source(name: &str, text: &str) -> DeckSource {
        DeckSource {
            path: format!("{name}.deck"),
            name: name.to_owned(),
            text: text.to_owned(),
        }
    }

    #[test]
    fn the_same_list_is_the_same_cards_and_hero_however_written() {
        let cards = Nostalgix::bundled_cards();
        let rush = find_deck::<Nostalgix>("hero-rush").unwrap();
        let lines: Vec<&str> = rush.text.lines().collect();
        // Another name, the lines reversed, a comment, a card's copies split
        // over two lines: the same deck.
        let mut copy: Vec<String> = lines.iter().rev().map(|l| l.to_string()).collect();
        copy.insert(0, "# my copy".into());
        let copy = copy
            .join("\n")
            .replacen("4 Cinder Imp", "3 Cinder Imp\n1 cinder imp", 1);
        assert!(same_list::<Nostalgix>(&rush, &source("my", &copy), &cards));
        // Another Hero, or one copy fewer: another deck.
        let hero = rush
            .text
            .replace("Hero: Sable Quickfuse", "Hero: Captain Ember");
        assert_ne!(hero, rush.text);
        assert!(!same_list::<Nostalgix>(&rush, &source("h", &hero), &cards));
        let fewer = rush.text.replacen("4 Cinder Imp", "3 Cinder Imp", 1);
        assert_ne!(fewer, rush.text);
        assert!(!same_list::<Nostalgix>(&rush, &source("f", &fewer), &cards));
        let other = find_deck::<Nostalgix>("prize-control").unwrap();
        assert!(!same_list::<Nostalgix>(&rush, &other, &cards));
    }

    // docs/outputs.md, `manifest.json`: one `cards` entry per card file,
    // the built-in pool's too. Millennium Blades' pool is a folder of set
    // files: each is recorded with its own hash, as `--cards
    // decks/millennium-blades` records them (no phantom `cards.toml`
    // hashed from nothing).
    #[test]
    fn the_built_in_pool_records_each_card_file_with_its_own_hash() {
        use crate::games::millennium_blades::MillenniumBlades;
        let built_in = bundled_files::<MillenniumBlades>();
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("decks/millennium-blades");
        let read = hash_card_files(&folder).unwrap();
        let by_name = |files: &[InputFile], prefix: &str| -> Vec<(String, String)> {
            let mut named: Vec<(String, String)> = files
                .iter()
                .map(|f| {
                    assert_eq!(f.role, "cards");
                    let name = f.path.strip_prefix(prefix).expect(&f.path);
                    (name.to_owned(), f.sha256.clone())
                })
                .collect();
            named.sort();
            named
        };
        let folder_prefix = format!("{}/", folder.display());
        let built_in = by_name(&built_in, "bundled:decks/millennium-blades/");
        assert!(built_in.len() > 1, "{built_in:?}");
        assert_eq!(built_in, by_name(&read, &folder_prefix));
        let empty = crate::output::sha256_hex(b"");
        assert!(built_in.iter().all(|(_, hash)| *hash != empty));
        // A ruleset of one card file: that file.
        let one = Nostalgix::bundled_card_files();
        let text = std::fs::read_to_string(folder.with_file_name("nostalgix/cards.toml")).unwrap();
        assert_eq!(
            one,
            [("decks/nostalgix/cards.toml".to_owned(), text.as_str())]
        );
    }
}
