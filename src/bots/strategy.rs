//! Strategy files (`strategies/*.toml`): which bot plays, with what settings.
//!
//! ```toml
//! kind = "ismcts"            # "random" | "greedy" | "ismcts" | "moves"
//! iterations = 200           # ismcts budget (default 1000), or
//! # milliseconds = 50        #   a wall-clock budget (not reproducible)
//! exploration = 0.7          # UCB1 constant (default 0.7)
//! rollout = "greedy"         # "random" (default) | "greedy"
//! rollout_depth = 20         # 0 (default) = play rollouts to the end
//! final_choice = "most_visited"  # or "best_value"
//!
//! [weights.nostalgix]        # greedy: required; ismcts: for rollouts/cut-offs
//! hero_health = 0.12         # feature name (of that game) = weight
//! ```
//!
//! `kind = "moves"` with `moves = [1, 3, 1, …]` replays a recorded list of
//! choices, each the 1-based number of an action among the legal ones in
//! their order: what `decklab play` saves for the person's seat, so that
//! `decklab replay` plays a person's game again.
//!
//! Features differ from game to game, so weights are given per game, one
//! `[weights.<game>]` table each: one file serves every ruleset it has
//! weights for. Every problem is reported as `path:line: what was
//! expected`; the table of the game being played is checked against its
//! feature names, and the other tables must name known games.
//! `--bot NAME|PATH` is resolved by [`Strategy::resolve`].

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::core::Evaluate;
use crate::diagnostics::{Diagnostic, line_of, toml_error, unknown_name};
use crate::games::GAMES;

/// The strategies compiled into the binary, by name.
pub const BUNDLED: [(&str, &str); 4] = [
    ("random", include_str!("../../strategies/random.toml")),
    ("greedy", include_str!("../../strategies/greedy.toml")),
    (
        "ismcts-200",
        include_str!("../../strategies/ismcts-200.toml"),
    ),
    (
        "ismcts-1000",
        include_str!("../../strategies/ismcts-1000.toml"),
    ),
];

/// The ISMCTS budget when a file names none.
const DEFAULT_ITERATIONS: u32 = 1000;
/// The UCB1 exploration constant when a file names none.
const DEFAULT_EXPLORATION: f64 = 0.7;

/// A loaded, validated strategy.
#[derive(Clone, Debug, PartialEq)]
pub struct Strategy {
    /// The display name (the file stem), for CSV columns.
    pub name: String,
    /// The file read, as the user named it (bundled copies are named
    /// `strategies/NAME.toml`).
    pub path: String,
    /// Whether the built-in copy was used rather than a file on disk.
    pub bundled: bool,
    /// The file's exact text, for the run manifest's hash.
    pub text: String,
    /// What the file asks for.
    pub settings: Settings,
}

/// The bot a strategy describes.
#[derive(Clone, Debug, PartialEq)]
pub enum Settings {
    /// Uniformly random legal actions.
    Random,
    /// One-ply lookahead over a weighted evaluation.
    Greedy(Weights),
    /// Information Set MCTS.
    Ismcts(IsmctsSettings),
    /// A recorded list of choices: 1-based numbers into the legal actions.
    Moves(Vec<u32>),
}

/// The settings of an ISMCTS bot.
#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsSettings {
    /// How long each decision searches.
    pub budget: Budget,
    /// The UCB1 exploration constant (returns lie in `[0, 1]`).
    pub exploration: f64,
    /// How rollouts pick actions.
    pub rollout: Rollout,
    /// Actions per rollout before the position is evaluated; 0 plays to the
    /// end.
    pub rollout_depth: u32,
    /// How the action is picked once the search is done.
    pub final_choice: FinalChoice,
    /// Weights for greedy rollouts and cut-off evaluation.
    pub weights: Weights,
}

/// The search budget of one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations: reproducible for a given seed.
    Iterations(u32),
    /// Wall-clock milliseconds: results depend on machine load, so runs are
    /// not reproducible.
    Milliseconds(u64),
}

/// The rollout policy of ISMCTS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Uniformly random legal actions.
    Random,
    /// "Greedy-lite": of two random legal actions, the one whose result
    /// scores higher under the weights.
    Greedy,
    /// No playout: the new leaf is scored with the weights at once (a
    /// value-function search).
    None,
}

/// How ISMCTS picks its action from the searched root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinalChoice {
    /// The most visited action (the robust child).
    MostVisited,
    /// The action with the highest mean return.
    BestValue,
}

/// The game a strategy is loaded for: its name (which `[weights.<game>]`
/// table applies) and its evaluation features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureSet {
    /// The game's name, as [`Evaluate::name`] gives it.
    pub game: &'static str,
    /// Its feature names, as [`Evaluate::feature_names`] gives them.
    pub names: &'static [&'static str],
}

impl FeatureSet {
    /// The features of `game`.
    pub fn of<G: Evaluate>(game: &G) -> Self {
        FeatureSet {
            game: game.name(),
            names: game.feature_names(),
        }
    }
}

/// Evaluation weights, one per feature of the game they were loaded for
/// (features a file does not name weigh 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    features: &'static [&'static str],
    values: Vec<f64>,
}

impl Weights {
    /// All-zero weights over `features`.
    pub fn zero(features: &'static [&'static str]) -> Self {
        Weights {
            features,
            values: vec![0.0; features.len()],
        }
    }

    /// The feature names the weights were validated against, in order.
    pub fn features(&self) -> &'static [&'static str] {
        self.features
    }

    /// The weights, in the order of [`Weights::features`].
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    /// Whether every weight is 0.
    pub fn is_zero(&self) -> bool {
        self.values.iter().all(|&w| w == 0.0)
    }
}

/// Why a strategy could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum StrategyError {
    /// A problem inside the file, as `path:line: message`.
    #[error("{0}")]
    Invalid(Diagnostic),
    /// The file could not be read.
    #[error("{path}: cannot read the strategy file")]
    Io {
        /// The file, as the user named it.
        path: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// `--bot NAME` matched neither a file nor a built-in strategy.
    #[error(
        "{}; known strategies: {}",
        unknown_name("strategy", name, known.iter().map(String::as_str)),
        known.join(", ")
    )]
    UnknownName {
        /// The name asked for.
        name: String,
        /// The names that would have worked, sorted.
        known: Vec<String>,
    },
}

impl Strategy {
    /// What the strategy makes a bot do in the game it was loaded for, as
    /// canonical text: its kind, its settings and this game's weights, and
    /// nothing else of the file (other rulesets' tables, comments, layout).
    /// A baseline records its hash, so tuning one ruleset's weights leaves
    /// the other rulesets' baselines valid.
    pub fn fingerprint(&self) -> String {
        let weights = |w: &Weights| -> String {
            w.features()
                .iter()
                .zip(w.values())
                .map(|(name, value)| format!("{name} = {value}\n"))
                .collect()
        };
        match &self.settings {
            Settings::Random => "kind = random\n".to_owned(),
            Settings::Greedy(w) => format!("kind = greedy\n{}", weights(w)),
            Settings::Ismcts(s) => {
                let budget = match s.budget {
                    Budget::Iterations(n) => format!("iterations = {n}"),
                    Budget::Milliseconds(ms) => format!("milliseconds = {ms}"),
                };
                let rollout = match s.rollout {
                    Rollout::Random => "random",
                    Rollout::Greedy => "greedy",
                    Rollout::None => "none",
                };
                let choice = match s.final_choice {
                    FinalChoice::MostVisited => "most_visited",
                    FinalChoice::BestValue => "best_value",
                };
                format!(
                    "kind = ismcts\n{budget}\nexploration = {}\nrollout = {rollout}\n\
                     rollout_depth = {}\nfinal_choice = {choice}\n{}",
                    s.exploration,
                    s.rollout_depth,
                    weights(&s.weights)
                )
            }
            Settings::Moves(moves) => {
                let moves: Vec<String> = moves.iter().map(u32::to_string).collect();
                format!("kind = moves\nmoves = {}\n", moves.join(","))
            }
        }
    }

    /// Resolves `--bot ARG` against the current directory; see
    /// [`Strategy::resolve_in`].
    pub fn resolve(arg: &str, features: FeatureSet) -> Result<Self, StrategyError> {
        Self::resolve_in(Path::new("."), arg, features)
    }

    /// Resolves `--bot ARG` relative to `dir`: an argument ending in
    /// `.toml` or containing a path separator is a file; otherwise
    /// `strategies/ARG.toml` is read if it exists, else the built-in copy
    /// of that name. Weights are validated against `features`.
    pub fn resolve_in(dir: &Path, arg: &str, features: FeatureSet) -> Result<Self, StrategyError> {
        if arg.ends_with(".toml") || arg.contains('/') || arg.contains(std::path::MAIN_SEPARATOR) {
            let stem = Path::new(arg)
                .file_stem()
                .map_or_else(|| arg.to_string(), |s| s.to_string_lossy().into_owned());
            return Self::load(&dir.join(arg), arg, &stem, features);
        }
        let local = dir.join("strategies").join(format!("{arg}.toml"));
        if local.is_file() {
            return Self::load(&local, &format!("strategies/{arg}.toml"), arg, features);
        }
        match BUNDLED.iter().find(|(name, _)| *name == arg) {
            Some((name, text)) => {
                let path = format!("strategies/{name}.toml");
                let mut strategy = Self::parse(name, &path, text.as_bytes(), features)?;
                strategy.bundled = true;
                Ok(strategy)
            }
            None => Err(StrategyError::UnknownName {
                name: arg.to_string(),
                known: known_names(dir),
            }),
        }
    }

    /// Reads the strategy file `file`, named `path` in messages and `name`
    /// in outputs.
    pub fn load(
        file: &Path,
        path: &str,
        name: &str,
        features: FeatureSet,
    ) -> Result<Self, StrategyError> {
        let bytes = crate::diagnostics::read_input(file).map_err(|source| StrategyError::Io {
            path: path.to_string(),
            source,
        })?;
        Self::parse(name, path, &bytes, features)
    }

    /// Parses and validates a strategy from the bytes of a file. Never
    /// panics, whatever the bytes.
    pub fn parse(
        name: &str,
        path: &str,
        bytes: &[u8],
        features: FeatureSet,
    ) -> Result<Self, StrategyError> {
        let invalid =
            |line, message: String| StrategyError::Invalid(Diagnostic::new(path, line, message));
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            invalid(line, "expected UTF-8 text".into())
        })?;
        let raw: Raw =
            toml::from_str(text).map_err(|e| StrategyError::Invalid(toml_error(path, text, &e)))?;
        let settings = Checker {
            text,
            path,
            features,
        }
        .settings(raw)?;
        Ok(Strategy {
            name: name.to_string(),
            path: path.to_string(),
            bundled: false,
            text: text.to_string(),
            settings,
        })
    }
}

/// The built-in names and those of `dir/strategies/*.toml`, sorted.
fn known_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = BUNDLED.iter().map(|(n, _)| n.to_string()).collect();
    if let Ok(entries) = std::fs::read_dir(dir.join("strategies")) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "toml")
                && let Some(stem) = path.file_stem().and_then(|s| s.to_str())
            {
                names.push(stem.to_string());
            }
        }
    }
    names.sort();
    names.dedup();
    names
}

/// A strategy file as written, before validation.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    kind: Spanned<String>,
    iterations: Option<Spanned<u32>>,
    milliseconds: Option<Spanned<u64>>,
    exploration: Option<Spanned<f64>>,
    rollout: Option<Spanned<String>>,
    rollout_depth: Option<Spanned<u32>>,
    final_choice: Option<Spanned<String>>,
    weights: Option<Spanned<BTreeMap<Spanned<String>, Spanned<WeightTable>>>>,
    search: Option<Spanned<BTreeMap<Spanned<String>, Spanned<SearchTable>>>>,
    moves: Option<Spanned<Vec<u32>>>,
}

/// One `[search.<game>]` table as written: the search settings that, for
/// that game, replace the file's top-level ones.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchTable {
    exploration: Option<Spanned<f64>>,
    rollout: Option<Spanned<String>>,
    rollout_depth: Option<Spanned<u32>>,
    final_choice: Option<Spanned<String>>,
}

/// One `[weights.<game>]` table as written.
type WeightTable = BTreeMap<Spanned<String>, Spanned<f64>>;

/// Turns a [`Raw`] file into [`Settings`], locating every problem.
struct Checker<'a> {
    text: &'a str,
    path: &'a str,
    features: FeatureSet,
}

impl Checker<'_> {
    /// A problem at the line of byte `span.start`.
    fn error_at(&self, span: Range<usize>, message: impl Into<String>) -> StrategyError {
        let line = line_of(self.text, span.start);
        StrategyError::Invalid(Diagnostic::new(self.path, line, message))
    }

    /// A problem with the value `at`.
    fn error<T>(&self, at: &Spanned<T>, message: impl Into<String>) -> StrategyError {
        self.error_at(at.span(), message)
    }

    fn settings(&self, raw: Raw) -> Result<Settings, StrategyError> {
        let kinds = ["random", "greedy", "ismcts", "moves"];
        let kind = raw.kind.get_ref().as_str();
        if !kinds.contains(&kind) {
            let message = unknown_name("kind", kind, kinds);
            return Err(self.error(&raw.kind, format!("{message}; expected one of {kinds:?}")));
        }
        if kind != "ismcts" {
            let search_only = [
                ("iterations", raw.iterations.as_ref().map(Spanned::span)),
                ("milliseconds", raw.milliseconds.as_ref().map(Spanned::span)),
                ("exploration", raw.exploration.as_ref().map(Spanned::span)),
                ("rollout", raw.rollout.as_ref().map(Spanned::span)),
                (
                    "rollout_depth",
                    raw.rollout_depth.as_ref().map(Spanned::span),
                ),
                ("final_choice", raw.final_choice.as_ref().map(Spanned::span)),
                ("search", raw.search.as_ref().map(Spanned::span)),
            ];
            if let Some((key, Some(span))) = search_only.into_iter().find(|(_, s)| s.is_some()) {
                let message =
                    format!("`{key}` is a setting of kind = \"ismcts\", not of kind = \"{kind}\"");
                return Err(self.error_at(span, message));
            }
        }
        if let Some(m) = raw.moves.as_ref().filter(|_| kind != "moves") {
            let message =
                format!("`moves` is a setting of kind = \"moves\", not of kind = \"{kind}\"");
            return Err(self.error(m, message));
        }
        let game = self.features.game;
        match kind {
            "moves" => self.moves(raw),
            "random" => match &raw.weights {
                Some(w) => Err(self.error(w, "kind = \"random\" takes no [weights]")),
                None => Ok(Settings::Random),
            },
            "greedy" => match self.weights(&raw.weights)? {
                Some(w) => Ok(Settings::Greedy(w)),
                None => Err(self.error(
                    &raw.kind,
                    format!("kind = \"greedy\" expects a [weights.{game}] table to play {game}"),
                )),
            },
            _ => self.ismcts(raw).map(Settings::Ismcts),
        }
    }

    fn moves(&self, raw: Raw) -> Result<Settings, StrategyError> {
        if let Some(w) = &raw.weights {
            return Err(self.error(w, "kind = \"moves\" takes no [weights]"));
        }
        let Some(moves) = raw.moves else {
            return Err(self.error(
                &raw.kind,
                "kind = \"moves\" expects a list `moves = [1, 2, …]`",
            ));
        };
        if moves.get_ref().contains(&0) {
            return Err(self.error(&moves, "expected action numbers from 1"));
        }
        Ok(Settings::Moves(moves.into_inner()))
    }

    fn ismcts(&self, raw: Raw) -> Result<IsmctsSettings, StrategyError> {
        let budget = match (&raw.iterations, &raw.milliseconds) {
            (Some(_), Some(ms)) => {
                return Err(self.error(
                    ms,
                    "expected either `iterations` or `milliseconds`, not both",
                ));
            }
            (Some(n), None) if *n.get_ref() == 0 => {
                return Err(self.error(n, "expected a positive number of iterations"));
            }
            (None, Some(ms)) if *ms.get_ref() == 0 => {
                return Err(self.error(ms, "expected a positive number of milliseconds"));
            }
            (Some(n), None) => Budget::Iterations(*n.get_ref()),
            (None, Some(ms)) => Budget::Milliseconds(*ms.get_ref()),
            (None, None) => Budget::Iterations(DEFAULT_ITERATIONS),
        };
        let ours = self.search_table(&raw.search)?;
        let exploration = match ours
            .and_then(|t| t.exploration.as_ref())
            .or(raw.exploration.as_ref())
        {
            Some(c) if !(c.get_ref().is_finite() && *c.get_ref() >= 0.0) => {
                return Err(self.error(c, "expected a finite, non-negative exploration constant"));
            }
            Some(c) => *c.get_ref(),
            None => DEFAULT_EXPLORATION,
        };
        let raw_rollout = ours
            .and_then(|t| t.rollout.as_ref())
            .or(raw.rollout.as_ref());
        let rollout = match raw_rollout.map(|r| (r, r.get_ref().as_str())) {
            None | Some((_, "random")) => Rollout::Random,
            Some((_, "greedy")) => Rollout::Greedy,
            Some((_, "none")) => Rollout::None,
            Some((r, other)) => {
                let names = ["random", "greedy", "none"];
                return Err(self.error(
                    r,
                    format!(
                        "{}; expected one of {names:?}",
                        unknown_name("rollout policy", other, names)
                    ),
                ));
            }
        };
        let raw_choice = ours
            .and_then(|t| t.final_choice.as_ref())
            .or(raw.final_choice.as_ref());
        let final_choice = match raw_choice.map(|f| (f, f.get_ref().as_str())) {
            None | Some((_, "most_visited")) => FinalChoice::MostVisited,
            Some((_, "best_value")) => FinalChoice::BestValue,
            Some((f, other)) => {
                let names = ["most_visited", "best_value"];
                return Err(self.error(
                    f,
                    format!(
                        "{}; expected one of {names:?}",
                        unknown_name("final choice", other, names)
                    ),
                ));
            }
        };
        let raw_depth = ours
            .and_then(|t| t.rollout_depth.as_ref())
            .or(raw.rollout_depth.as_ref());
        let rollout_depth = raw_depth.map_or(0, |d| *d.get_ref());
        let weights = self
            .weights(&raw.weights)?
            .unwrap_or_else(|| Weights::zero(self.features.names));
        if weights.is_zero() {
            let needs = match (raw_rollout, raw_depth) {
                (Some(r), _) if rollout != Rollout::Random => {
                    Some((r.span(), format!("rollout = \"{}\"", r.get_ref())))
                }
                (_, Some(d)) if rollout_depth > 0 => {
                    Some((d.span(), "rollout_depth > 0".to_owned()))
                }
                _ => None,
            };
            if let Some((span, what)) = needs {
                let message = format!(
                    "{what} expects a [weights.{}] table with a non-zero weight",
                    self.features.game
                );
                return Err(self.error_at(span, message));
            }
        }
        Ok(IsmctsSettings {
            budget,
            exploration,
            rollout,
            rollout_depth,
            final_choice,
            weights,
        })
    }

    /// The `[search.<game>]` table of the game being played, if any; every
    /// table must name a known game.
    fn search_table<'t>(
        &self,
        tables: &'t Option<Spanned<BTreeMap<Spanned<String>, Spanned<SearchTable>>>>,
    ) -> Result<Option<&'t SearchTable>, StrategyError> {
        let mut ours = None;
        for (name, table) in tables.iter().flat_map(|t| t.get_ref()) {
            if name.get_ref() == self.features.game {
                ours = Some(table.get_ref());
            } else if !GAMES.contains(&name.get_ref().as_str()) {
                let message = unknown_name("game", name.get_ref(), GAMES.iter().copied());
                return Err(self.error(
                    name,
                    format!("{message}; expected [search.<game>] with a game of {GAMES:?}"),
                ));
            }
        }
        Ok(ours)
    }

    /// The weights of the game being played, if the file has a table for
    /// it; every table must name a known game.
    fn weights(
        &self,
        tables: &Option<Spanned<BTreeMap<Spanned<String>, Spanned<WeightTable>>>>,
    ) -> Result<Option<Weights>, StrategyError> {
        let Some(tables) = tables else {
            return Ok(None);
        };
        let game = self.features.game;
        let mut ours = None;
        for (name, table) in tables.get_ref() {
            if name.get_ref() == game {
                ours = Some(table);
            } else if !GAMES.contains(&name.get_ref().as_str()) {
                let message = unknown_name("game", name.get_ref(), GAMES.iter().copied());
                return Err(self.error(
                    name,
                    format!("{message}; expected [weights.<game>] with a game of {GAMES:?}"),
                ));
            }
        }
        ours.map(|table| self.game_weights(table)).transpose()
    }

    /// Checks one game's table against its features.
    fn game_weights(&self, table: &Spanned<WeightTable>) -> Result<Weights, StrategyError> {
        let names = self.features.names;
        let mut weights = Weights::zero(names);
        for (name, value) in table.get_ref() {
            let Some(i) = names.iter().position(|f| f == name.get_ref()) else {
                let mut message = unknown_name("feature", name.get_ref(), names.iter().copied());
                if !message.contains("did you mean") {
                    message = format!(
                        "{message}; the features of {} are {names:?}",
                        self.features.game
                    );
                }
                return Err(self.error(name, message));
            };
            if !value.get_ref().is_finite() {
                return Err(self.error(value, "expected a finite number"));
            }
            weights.values[i] = *value.get_ref();
        }
        Ok(weights)
    }
}

#[cfg(test)]
mod tests;
