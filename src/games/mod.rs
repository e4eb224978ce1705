//! The rulesets, one folder each, the [`Ruleset`] trait through which the
//! commands load any of them from files, and the registry: the one list
//! of rulesets from which `--game`, the commands' dispatch and the
//! conformance test of every ruleset are generated.

pub mod astrom_cross;
pub mod millennium_blades;
pub mod nintendo_tcg;
pub mod nostalgix;
pub mod pixel_tactics;

use std::fmt::Debug;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::core::{CardDef, CardId, CardPool, Evaluate, Game, Invariants, Player, Report};
use crate::diagnostics::{Diagnostic, Diagnostics};

/// Declares the rulesets: `GameKind` (what `--game` takes), [`GAMES`],
/// the `with_ruleset!` dispatch macro and one conformance test per
/// ruleset. `$d` is a literal `$`, so that the macro can write a macro.
macro_rules! registry {
    ($d:tt; $( $variant:ident => $module:ident :: $ty:ident, $doc:literal; )*) => {
        /// The rulesets decklab can play, as `--game` names them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
        pub enum GameKind {
            $( #[doc = $doc] $variant, )*
        }

        impl GameKind {
            /// The name `--game` takes.
            pub fn name(self) -> &'static str {
                match self {
                    $( GameKind::$variant => $module::NAME, )*
                }
            }
        }

        /// The names of every ruleset, as `--game` and strategy files spell
        /// them.
        pub const GAMES: &[&str] = &[ $( $module::NAME, )* ];

        /// Runs `$body` with the type `$R` bound to the [`Ruleset`] that
        /// `$kind` names: the one place where a command meets a concrete
        /// ruleset.
        macro_rules! with_ruleset {
            ($d kind:expr, $d R:ident => $d body:expr) => {
                match $d kind {
                    $( $crate::games::GameKind::$variant => {
                        type $d R = $crate::games::$module::$ty;
                        $d body
                    } )*
                }
            };
        }
        pub(crate) use with_ruleset;

        /// One conformance test per ruleset, on its bundled decks.
        #[cfg(test)]
        mod conformance_tests {
            $(
                #[test]
                fn $module() {
                    super::conformance::<super::$module::$ty>();
                }
            )*
        }
    };
}

registry! { $;
    Nostalgix => nostalgix::Nostalgix, "Nostalgix.";
    MillenniumBlades => millennium_blades::MillenniumBlades, "Millennium Blades (2 to 5 players).";
    PixelTactics => pixel_tactics::PixelTactics, "Pixel Tactics.";
    AstromCross => astrom_cross::AstromCross, "Astrom Cross.";
    NintendoTcg => nintendo_tcg::NintendoTcg, "The Nintendo TCG (fan game by Pete Grigsby).";
}

/// A ruleset as the commands load it: a card pool and deck lists read from
/// files (or compiled in), turned into a [`Game`] for one match. Everything
/// the commands do beyond loading goes through the [`Game`] traits alone.
pub trait Ruleset: Game + Report + Evaluate + Invariants + Sized + 'static {
    /// A card of the pool; the pool itself, immutable once loaded and
    /// shared by every match, is the kit's [`CardPool`] of them.
    type Card: CardDef;
    /// A legal deck list of that pool.
    type Deck: Debug + Clone;

    /// The name `--game` takes; also the folder `decks/<NAME>/`.
    const NAME: &'static str;
    /// The bundled card file's text.
    const BUNDLED_CARDS: &'static str;
    /// How many seats a game may have.
    const PLAYERS: RangeInclusive<usize> = 2..=2;
    /// The most bytes a game state may take (checked by the conformance
    /// test, so that cloning stays a cheap copy).
    const STATE_BUDGET: usize;
    /// The keys of the `Key: Name` lines a deck list may hold besides its
    /// card lines (Nostalgix' `Hero`), as [`crate::core::DeckList::parse`]
    /// takes them.
    const DECK_KEYS: &'static [&'static str] = &[];

    /// The bundled starter decks as (name, list); the default matchup is
    /// the first ones.
    fn bundled_decks() -> &'static [(&'static str, &'static str)];

    /// The bundled card pool (`BUNDLED_CARDS`, named as
    /// `decks/<NAME>/cards.toml` in messages).
    fn bundled_cards() -> CardPool<Self::Card> {
        CardPool::bundled(
            Self::BUNDLED_CARDS,
            &format!("decks/{}/cards.toml", Self::NAME),
        )
    }

    /// The card files compiled into decklab, as (path, text), each named
    /// as the file it was compiled from: the one `decks/<NAME>/cards.toml`
    /// ([`Self::BUNDLED_CARDS`]) unless the pool is a folder of files. A
    /// run's manifest records each with its own hash, as it does the files
    /// of `--cards`.
    fn bundled_card_files() -> Vec<(String, &'static str)> {
        vec![(
            format!("decks/{}/cards.toml", Self::NAME),
            Self::BUNDLED_CARDS,
        )]
    }

    /// The card pool a clone keeps in the working directory, if there is
    /// one: `decks/<NAME>/cards.toml`, which replaces the bundled pool so
    /// that a designer editing it needs no flag.
    fn local_cards() -> Option<PathBuf> {
        let path = PathBuf::from(format!("decks/{}/cards.toml", Self::NAME));
        path.is_file().then_some(path)
    }

    /// Loads a card file, or every `.toml` file of a folder, reporting
    /// every problem as `path:line: message`.
    fn load_cards(path: &Path) -> Result<CardPool<Self::Card>, Diagnostics> {
        CardPool::load(path)
    }

    /// Applies one `--set "Card Name.field=value"` override, or says what
    /// is wrong with it (naming the closest card or field).
    fn apply_override(cards: &mut CardPool<Self::Card>, spec: &str) -> Result<(), String> {
        cards.apply_override(spec)
    }

    /// What an applied `--set` override `spec` changed, for the
    /// `overrides` column of `decklab cards`: each card it changed, with
    /// the change as "field=value" (the card it names and those that share
    /// the field with it, see [`CardPool::override_cards`]); none if it
    /// names no card.
    fn override_changes(cards: &CardPool<Self::Card>, spec: &str) -> Vec<(CardId, String)> {
        cards
            .override_cards(spec)
            .map_or_else(Vec::new, |(ids, field, value)| {
                let change = format!("{field}={value}");
                ids.into_iter().map(|id| (id, change.clone())).collect()
            })
    }

    /// Parses and checks a deck list against `cards`; `path` names it in
    /// messages, `name` in reports.
    fn parse_deck(
        text: &str,
        path: &str,
        name: &str,
        cards: &CardPool<Self::Card>,
    ) -> Result<Self::Deck, Vec<Diagnostic>>;

    /// Warnings about the legal deck list `text` (the file `path`): what
    /// the game will not play as written, as a Millennium Blades starter
    /// deck the Pre-Release trims. `decklab validate` prints them all
    /// (`options` `None`) and still passes the deck; `simulate` prints as
    /// notes those that `options` make true. The default: none.
    fn deck_warnings(
        _text: &str,
        _path: &str,
        _cards: &CardPool<Self::Card>,
        _options: Option<&Options>,
    ) -> Vec<Diagnostic> {
        Vec::new()
    }

    /// The pool as a table for `decklab cards`: a header row then one row
    /// per card, and the indices of the columns to right-align.
    fn card_table(cards: &CardPool<Self::Card>) -> (Vec<Vec<String>>, Vec<usize>) {
        (cards.table(), Self::Card::TABLE_RIGHT.to_vec())
    }

    /// Checks the options a match of this ruleset is asked for: by default
    /// single games only (`--match single`).
    fn check_options(options: &Options) -> Result<(), String> {
        if options.match_games != 1 {
            return Err(format!(
                "{} has no matches of several games (expected --match single)",
                Self::NAME
            ));
        }
        let defaults = Options::default();
        if options.mode != defaults.mode
            || options.ticks_per_minute != defaults.ticks_per_minute
            || options.pre_release
        {
            return Err(format!(
                "--mode, --ticks-per-minute and --pre-release are Millennium Blades options, not {}'s",
                Self::NAME
            ));
        }
        Ok(())
    }

    /// Checks that a table of `players` seats can play with `options`
    /// (e.g. a mode for two players only); by default any size of
    /// [`Ruleset::PLAYERS`] can.
    fn check_players(_options: &Options, _players: usize) -> Result<(), String> {
        Ok(())
    }

    /// The options of a match no flag changes (the turn limit…).
    fn default_options() -> Options {
        Options::default()
    }

    /// A match between legal decks, one per seat (as many as the table
    /// has seats).
    fn new_match(
        cards: Arc<CardPool<Self::Card>>,
        decks: Vec<Self::Deck>,
        options: Options,
    ) -> Self;
}

/// The options every ruleset's match takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Player-turns (every seat's counted) after which a game is a draw
    /// with reason `turn_limit`.
    pub max_turns: u16,
    /// Games in a match (`--match`: 1, best of 3 or best of 5), for the
    /// rulesets that play matches of several games.
    pub match_games: u8,
    /// The mode of the game, for rulesets with variants (Millennium
    /// Blades: the standard game, Turn-Based Mode, Duel Mode).
    pub mode: Mode,
    /// Millennium Blades: deckbuilding ticks per minute of the timers.
    pub ticks_per_minute: u8,
    /// Millennium Blades: start with a Pre-Release tournament.
    pub pre_release: bool,
    /// Millennium Blades: a store card given to a seat at setup (`--grant`).
    pub grant: Option<Grant>,
}

/// A store card given to a seat at setup, for the grant experiment
/// (`decklab simulate --grant`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The card.
    pub card: CardId,
    /// The seat that gets it.
    pub seat: Player,
}

/// A ruleset's mode of play (`--mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The game as printed.
    #[default]
    Standard,
    /// Millennium Blades' Turn-Based Mode.
    TurnBased,
    /// Millennium Blades' Duel Mode (two players).
    Duel,
}

impl Mode {
    /// The name `--mode` takes.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Standard => "standard",
            Mode::TurnBased => "turn-based",
            Mode::Duel => "duel",
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_turns: 100,
            match_games: 1,
            mode: Mode::Standard,
            ticks_per_minute: 1,
            pre_release: false,
            grant: None,
        }
    }
}

/// The bundled starter decks `seats` (indices into
/// [`Ruleset::bundled_decks`], wrapping) of ruleset `R` on the pool
/// `cards`, default options: the match tests, benches and the soak play.
pub fn bundled_match<R: Ruleset>(cards: CardPool<R::Card>, seats: &[usize]) -> R {
    let decks = R::bundled_decks();
    let deck = |i: usize| {
        let (name, text) = decks[i % decks.len()];
        // Checked by the test suite; a failure is a build defect.
        R::parse_deck(text, name, name, &cards)
            .unwrap_or_else(|e| panic!("bundled deck {name}: {e:?}"))
    };
    let list = seats.iter().map(|&i| deck(i)).collect();
    R::new_match(Arc::new(cards), list, R::default_options())
}

/// The conformance suite of ruleset `R` on its bundled decks: the
/// state-size budget, then random games with every check after every
/// action, each deck in each seat.
#[cfg(test)]
fn conformance<R: Ruleset>() {
    use crate::core::conformance::{Checks, random_games};
    let size = std::mem::size_of::<R::State>();
    assert!(
        size <= R::STATE_BUDGET,
        "{}: a state takes {size} bytes, over its budget of {}",
        R::NAME,
        R::STATE_BUDGET
    );
    let decks = R::bundled_decks().len();
    for a in 0..decks {
        let seats: Vec<usize> = (0..*R::PLAYERS.start()).map(|s| (a + s) % decks).collect();
        let game = bundled_match::<R>(R::bundled_cards(), &seats);
        if let Err(v) = random_games(&game, 1000 * a as u64, 20, 200_000, Checks::Full) {
            panic!("{} {seats:?}: {v}", R::NAME);
        }
    }
}

/// Reads a card file, or every `.toml` file of a folder in name order, and
/// hands their (path, text) pairs to `parse` with the label `path` names
/// the whole pool by. Unreadable files and empty folders are reported as
/// `path: message`.
pub fn load_card_files<T>(
    path: &Path,
    parse: impl FnOnce(&[(&str, &str)], &str) -> Result<T, Diagnostics>,
) -> Result<T, Diagnostics> {
    let label = path.display().to_string();
    let files = crate::core::card_files(path)?;
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    parse(&refs, &label)
}
