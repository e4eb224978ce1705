//! The flags that name what is played, shared by the commands: the
//! ruleset and its card pool (`RulesArgs`), the bots (`BotArgs`), and for
//! a single matchup the two decks (`MatchArgs`).

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::GameKind;
use super::ruleset::{Pool, load_pool};
use crate::games::Ruleset;

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
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The ruleset.
    #[arg(long, value_enum, default_value_t = GameKind::Nostalgix)]
    pub game: GameKind,
    /// Turns (both players' counted) after which a game is a draw.
    #[arg(long, value_name = "M", default_value_t = 100)]
    pub max_turns: u32,
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
    /// The card pool with `--match` then the `--set` overrides applied.
    pub fn pool<R: Ruleset>(&self) -> anyhow::Result<Pool<R>> {
        let mut pool = load_pool::<R>(self.cards.as_deref(), &self.set)?;
        if let Some(format) = self.match_format {
            let cards = std::sync::Arc::get_mut(&mut pool.cards)
                .ok_or_else(|| anyhow::anyhow!("the card pool is shared"))?;
            R::set_match(cards, format.name()).map_err(|e| anyhow::anyhow!("--match: {e}"))?;
        }
        Ok(pool)
    }
}

/// The bots of the two sides.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The bot of the deck under test (seat a): a strategy name or file.
    #[arg(long, value_name = "NAME|PATH", default_value = "greedy")]
    pub bot: String,
    /// The bot of its opponents (seat b).
    #[arg(long, value_name = "NAME|PATH", default_value = "greedy")]
    pub opponent_bot: String,
}

/// Who plays whom, with what, under which rules.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// Seat a's deck: a deck file or a deck name [default: the first
    /// bundled starter deck].
    #[arg(long, value_name = "PATH")]
    pub deck: Option<String>,
    /// Seat b's deck [default: the second bundled starter deck].
    #[arg(long, value_name = "PATH")]
    pub opponent: Option<String>,
    /// The bots.
    #[command(flatten)]
    pub bots: BotArgs,
    /// The rules.
    #[command(flatten)]
    pub rules: RulesArgs,
}
