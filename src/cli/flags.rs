//! The flags the commands share, as typed: the ruleset, its card pool and
//! the table size (`RulesArgs`), the bots (`BotArgs`), for a single table
//! the decks (`MatchArgs`), and how many games are played, seeded how and
//! written where (`RunArgs`).
//!
//! Every numeric flag is bounded here, by its clap value parser, so a
//! command line with an absurd value fails at once with exit status 2,
//! before anything is read or played. What needs the ruleset to check
//! (seats, rule options, decks, card pool) is checked by [`super::config`],
//! which turns these flags into a command's configuration.
//!
//! Seats are named in order by repeating a flag: `--deck A --deck B
//! --deck C` seats A at `a`, B at `b`, C at `c` (and `--bot` likewise).
//! `--opponent` and `--opponent-bot` fill every seat the repeated flags
//! leave out: at two seats, `--deck X --opponent Y` is X against Y.

use std::path::PathBuf;

use clap::builder::{RangedI64ValueParser, RangedU64ValueParser};
use clap::{Args, ValueEnum};

use crate::games::GameKind;
use crate::sim::Shard;

/// The most games one command line may ask for (per pairing): about a
/// week of a fast ruleset on one core, far beyond any real run.
pub const MAX_GAMES: u64 = 1_000_000_000;

/// The most worker threads `--threads` may ask for.
pub const MAX_THREADS: usize = 1024;

/// The most games whose event logs `--log` may ask for.
pub const MAX_LOGS: u64 = 100_000;

/// The parser of a number of games (`--games`, `--max-games`,
/// `--batch`): 1 to [`MAX_GAMES`]. Read as a signed number first, so that
/// `-5` is refused as out of range rather than as "invalid digit".
pub fn games() -> RangedI64ValueParser<u64> {
    RangedI64ValueParser::new().range(1..=MAX_GAMES as i64)
}

/// Parses a number of seats: any whole number, the ruleset checking which
/// it plays (so that `--players 6` says which counts it does).
fn seats(text: &str) -> Result<usize, String> {
    text.trim().parse().map_err(|_| {
        format!("{text} is not a number of seats (expected a whole number, such as 3)")
    })
}

/// Parses a fraction strictly between 0 and 1 (a rate, a probability).
pub fn fraction(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x < 1.0 => Ok(x),
        Ok(_) => Err(format!("{text} is not between 0 and 1 (exclusive)")),
        Err(_) => Err(format!("{text} is not a number")),
    }
}

/// The output formats of the read-only commands (`cards`, `validate`,
/// `compare`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned tables (`validate`: `path: ok` and `path:line: message`).
    Text,
    /// CSV, one line per row (`validate`: per problem).
    Csv,
    /// JSON, one document.
    Json,
}

/// The modes `--mode` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    /// The game as printed.
    Standard,
    /// Millennium Blades' Turn-Based Mode.
    #[value(name = "turn-based")]
    TurnBased,
    /// Millennium Blades' Duel Mode (2 players).
    Duel,
}

impl ModeArg {
    /// The mode.
    pub fn mode(self) -> crate::games::Mode {
        match self {
            ModeArg::Standard => crate::games::Mode::Standard,
            ModeArg::TurnBased => crate::games::Mode::TurnBased,
            ModeArg::Duel => crate::games::Mode::Duel,
        }
    }
}

/// How many games make a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MatchFormat {
    /// One game.
    Single,
    /// The first to two wins.
    #[value(name = "best-of-3")]
    BestOf3,
    /// The first to three wins.
    #[value(name = "best-of-5")]
    BestOf5,
}

impl MatchFormat {
    /// The number of games of the match.
    pub fn games(self) -> u8 {
        match self {
            MatchFormat::Single => 1,
            MatchFormat::BestOf3 => 3,
            MatchFormat::BestOf5 => 5,
        }
    }

    /// The name `--match` takes.
    pub fn name(self) -> &'static str {
        match self {
            MatchFormat::Single => "single",
            MatchFormat::BestOf3 => "best-of-3",
            MatchFormat::BestOf5 => "best-of-5",
        }
    }
}

/// The ruleset, its card pool, the `--set` overrides and the turn limit.
#[derive(Clone, Debug, Args)]
pub struct RulesArgs {
    /// The ruleset.
    #[arg(short, long, value_enum, default_value_t = GameKind::Nostalgix)]
    pub game: GameKind,
    /// Seats at the table, where the ruleset allows more than two
    /// [default: the ruleset's smallest table].
    // Any count parses: the ruleset says which it plays.
    #[arg(long, value_name = "N", value_parser = seats)]
    pub players: Option<usize>,
    /// Turns (every seat's counted) after which a game is a draw, 1 to
    /// 65535 [default: 100; Pixel Tactics: 200 per game of a match;
    /// Millennium Blades: 2000, counting deckbuilding ticks].
    #[arg(long, value_name = "M",
          value_parser = RangedU64ValueParser::<u16>::new().range(1..=u64::from(u16::MAX)))]
    pub max_turns: Option<u16>,
    /// The mode, for rulesets with variants (Millennium Blades: standard,
    /// turn-based, duel).
    #[arg(long, value_enum, default_value_t = ModeArg::Standard)]
    pub mode: ModeArg,
    /// Millennium Blades: deckbuilding ticks per minute of its timers (7,
    /// 7 and 6 minutes), 1 to 4; in every tick each player takes one
    /// action (not with --mode turn-based, which has no timers).
    #[arg(long, value_name = "T", default_value_t = 1,
          value_parser = RangedU64ValueParser::<u8>::new().range(1..=4))]
    pub ticks_per_minute: u8,
    /// Millennium Blades: play a Pre-Release tournament with the starter
    /// decks first (then two rounds; the standard game only).
    #[arg(long)]
    pub pre_release: bool,
    /// The card pool: a card file or a folder of them [default:
    /// decks/<game>/cards.toml in the working directory (Millennium
    /// Blades: the set files of decks/millennium-blades/), else the
    /// bundled pool].
    #[arg(long, value_name = "PATH")]
    pub cards: Option<PathBuf>,
    /// What-if: change one card field for this run, as "Card Name.field=value"
    /// (repeatable).
    #[arg(long = "set", value_name = "CARD.FIELD=VALUE", long_help = super::config::set_help())]
    pub set: Vec<String>,
    /// Games per match, for rulesets that play matches of several games
    /// (Pixel Tactics) [default: single].
    #[arg(long = "match", value_enum, value_name = "FORMAT")]
    pub match_format: Option<MatchFormat>,
}

/// The bots, by seat.
#[derive(Clone, Debug, Args)]
pub struct BotArgs {
    /// The bot of seat a (the deck under test): a strategy name or file.
    /// Repeat it to name the bots of seats b, c… in order [default:
    /// greedy].
    #[arg(long, value_name = "NAME|PATH")]
    pub bot: Vec<String>,
    /// The bot of every seat that `--bot` does not name (the opponents).
    #[arg(long, value_name = "NAME|PATH", default_value = "greedy")]
    pub opponent_bot: String,
}

impl BotArgs {
    /// The flag that named the bot of `seat`, for messages: `--bot` for
    /// the seats it names (and seat a), `--opponent-bot` for the others.
    pub fn flag_of(&self, seat: usize) -> &'static str {
        if seat < self.bot.len().max(1) {
            "--bot"
        } else {
            "--opponent-bot"
        }
    }
}

/// Who plays whom, with what, under which rules.
#[derive(Clone, Debug, Args)]
pub struct MatchArgs {
    /// Seat a's deck: a deck file or a deck name. Repeat it to name the
    /// decks of seats b, c… in order [default: the bundled starter decks,
    /// in order].
    #[arg(long, value_name = "PATH")]
    pub deck: Vec<String>,
    /// The deck of every seat that `--deck` does not name (at two seats:
    /// seat b's).
    #[arg(long, value_name = "PATH")]
    pub opponent: Option<String>,
    /// The bots.
    #[command(flatten)]
    pub bots: BotArgs,
    /// The rules.
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The flags of every command that plays games: how many, seeded how,
/// where the files go.
#[derive(Clone, Debug, Args)]
pub struct RunArgs {
    /// Master seed: the same seed and flags give the same files.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Worker threads, 1 to 1024 [default: all cores].
    #[arg(short = 'j', long, value_name = "T",
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64))]
    pub threads: Option<usize>,
    /// The output directory.
    #[arg(short, long, value_name = "DIR", default_value = "results/latest")]
    pub out: PathBuf,
    /// Write the event log of the first K games of each pairing to
    /// DIR/logs/ (K up to 100000).
    #[arg(long, value_name = "K", default_value_t = 0,
          value_parser = RangedU64ValueParser::<u64>::new().range(0..=MAX_LOGS))]
    pub log: u64,
    /// Play only the game indices ≡ K (mod N), K from 0 to N-1, with the
    /// seeds they have in the whole run; `decklab merge` joins the shards.
    #[arg(long, value_name = "K/N", default_value = "0/1")]
    pub shard: Shard,
    /// Also write DIR/report.html (see `decklab report`).
    #[arg(long)]
    pub report: bool,
    /// No progress: neither the bar (on a terminal) nor the progress
    /// lines (otherwise).
    #[arg(short, long)]
    pub quiet: bool,
}
