//! The flags that name a match, shared by `simulate` and `replay`: the
//! ruleset, the two decks and bots, the turn limit, the card pool and the
//! `--set` overrides.

use std::path::PathBuf;

use clap::Args;

use super::GameKind;

/// Who plays whom, with what, under which rules.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The ruleset.
    #[arg(long, value_enum, default_value_t = GameKind::Nostalgix)]
    pub game: GameKind,
    /// Seat a's deck: a deck file or a deck name [default: the first
    /// bundled starter deck].
    #[arg(long, value_name = "PATH")]
    pub deck: Option<String>,
    /// Seat b's deck [default: the second bundled starter deck].
    #[arg(long, value_name = "PATH")]
    pub opponent: Option<String>,
    /// Seat a's bot: a strategy name or file.
    #[arg(long, value_name = "NAME|PATH", default_value = "greedy")]
    pub bot: String,
    /// Seat b's bot.
    #[arg(long, value_name = "NAME|PATH", default_value = "greedy")]
    pub opponent_bot: String,
    /// Turns (both players' counted) after which a game is a draw.
    #[arg(long, value_name = "M", default_value_t = 100)]
    pub max_turns: u32,
    /// The card pool: a card file or a folder of them [default:
    /// decks/<game>/cards.toml in the working directory, else the bundled
    /// pool].
    #[arg(long, value_name = "PATH")]
    pub cards: Option<PathBuf>,
    /// What-if: change one card field for this run, as "Card Name.field=value"
    /// (repeatable). Fields: cost, health, atk, level, type, weakness,
    /// resistance, keywords, prize_shield, attacks.N.damage, abilities.N.cost.
    #[arg(long = "set", value_name = "CARD.FIELD=VALUE")]
    pub set: Vec<String>,
}
