//! The flags that name what is played, shared by the commands: the
//! ruleset, its card pool and the table size (`RulesArgs`), the bots
//! (`BotArgs`), and for a single table the decks (`MatchArgs`).
//!
//! Seats are named in order by repeating a flag: `--deck A --deck B
//! --deck C` seats A at `a`, B at `b`, C at `c` (and `--bot` likewise).
//! `--opponent` and `--opponent-bot` fill every seat the repeated flags
//! leave out: at two seats, `--deck X --opponent Y` is X against Y.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::ruleset::{Pool, load_pool};
use crate::games::GameKind;
use crate::games::{Options, Ruleset};

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
    #[arg(long, value_enum, default_value_t = GameKind::Nostalgix)]
    pub game: GameKind,
    /// Seats at the table, where the ruleset allows more than two
    /// [default: the ruleset's smallest table].
    #[arg(long, value_name = "N")]
    pub players: Option<usize>,
    /// Turns (every seat's counted) after which a game is a draw [default:
    /// 100; Pixel Tactics: 200 per game of a match; Millennium Blades:
    /// 2000, counting deckbuilding ticks].
    #[arg(long, value_name = "M")]
    pub max_turns: Option<u32>,
    /// The mode, for rulesets with variants (Millennium Blades: standard,
    /// turn-based, duel).
    #[arg(long, value_enum, default_value_t = ModeArg::Standard)]
    pub mode: ModeArg,
    /// Millennium Blades: deckbuilding ticks per minute of its timers (7,
    /// 7 and 6 minutes); in every tick each player takes one action.
    #[arg(long, value_name = "T", default_value_t = 1)]
    pub ticks_per_minute: u8,
    /// Millennium Blades: play a Pre-Release tournament with the starter
    /// decks first (then two rounds).
    #[arg(long)]
    pub pre_release: bool,
    /// The card pool: a card file or a folder of them [default:
    /// decks/<game>/cards.toml in the working directory, else the bundled
    /// pool].
    #[arg(long, value_name = "PATH")]
    pub cards: Option<PathBuf>,
    /// What-if: change one card field for this run, as "Card Name.field=value"
    /// (repeatable). Nostalgix fields: cost, health, atk, level, type,
    /// weakness, resistance, keywords, prize_shield, attacks.N.damage,
    /// abilities.N.cost; Pixel Tactics: attack, life, leader.attack,
    /// leader.life. An unknown field names the ruleset's fields.
    #[arg(long = "set", value_name = "CARD.FIELD=VALUE")]
    pub set: Vec<String>,
    /// Games per match, for rulesets that play matches of several games
    /// (Pixel Tactics) [default: single].
    #[arg(long = "match", value_enum, value_name = "FORMAT")]
    pub match_format: Option<MatchFormat>,
}

impl RulesArgs {
    /// The number of seats: `--players`, checked against what the
    /// ruleset allows, else its smallest table.
    pub fn players<R: Ruleset>(&self) -> anyhow::Result<usize> {
        let allowed = R::PLAYERS;
        let n = self.players.unwrap_or(*allowed.start());
        let options = self.options::<R>()?;
        R::check_players(&options, n).map_err(anyhow::Error::msg)?;
        match self.players {
            None => Ok(*allowed.start()),
            Some(n) if allowed.contains(&n) => Ok(n),
            Some(n) if allowed.start() == allowed.end() => anyhow::bail!(
                "--players {n}: {} is played by exactly {} players",
                R::NAME,
                allowed.start()
            ),
            Some(n) => anyhow::bail!(
                "--players {n}: {} is played by {} to {} players",
                R::NAME,
                allowed.start(),
                allowed.end()
            ),
        }
    }

    /// The card pool with the `--set` overrides applied.
    pub fn pool<R: Ruleset>(&self) -> anyhow::Result<Pool<R>> {
        load_pool::<R>(self.cards.as_deref(), &self.set)
    }

    /// The match options: `--max-turns` and `--match`, checked against
    /// what the ruleset plays.
    pub fn options<R: Ruleset>(&self) -> anyhow::Result<Options> {
        let defaults = R::default_options();
        let max_turns = match self.max_turns.map(u16::try_from) {
            None => defaults.max_turns,
            Some(Ok(m)) if m >= 1 => m,
            Some(_) => anyhow::bail!(
                "--max-turns must be between 1 and {} (got {})",
                u16::MAX,
                self.max_turns.unwrap_or(0)
            ),
        };
        let options = Options {
            max_turns,
            match_games: self.match_format.map_or(1, MatchFormat::games),
            mode: self.mode.mode(),
            ticks_per_minute: self.ticks_per_minute,
            pre_release: self.pre_release,
            grant: None,
        };
        R::check_options(&options).map_err(anyhow::Error::msg)?;
        Ok(options)
    }
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
    /// The bot of each of `players` seats, as named by the flags.
    pub fn by_seat(&self, players: usize) -> anyhow::Result<Vec<&str>> {
        if self.bot.len() > players {
            anyhow::bail!(
                "{} --bot flags for a table of {players} seats (give at most one per seat)",
                self.bot.len()
            );
        }
        Ok((0..players)
            .map(|s| match self.bot.get(s) {
                Some(b) => b.as_str(),
                None if s == 0 => "greedy",
                None => self.opponent_bot.as_str(),
            })
            .collect())
    }

    /// The bot of the deck under test (the first `--bot`).
    pub fn first(&self) -> &str {
        self.bot.first().map_or("greedy", String::as_str)
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

impl MatchArgs {
    /// The deck argument of each of `players` seats: a `--deck`, else
    /// (seats after `a`) `--opponent`, else `None` (the ruleset's default
    /// for that seat).
    pub fn decks_by_seat(&self, players: usize) -> anyhow::Result<Vec<Option<&str>>> {
        if self.deck.len() > players {
            anyhow::bail!(
                "{} --deck flags for a table of {players} seats (give at most one per seat)",
                self.deck.len()
            );
        }
        Ok((0..players)
            .map(|s| match self.deck.get(s) {
                Some(d) => Some(d.as_str()),
                None if s == 0 => None,
                None => self.opponent.as_deref(),
            })
            .collect())
    }
}
