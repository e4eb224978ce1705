//! `decklab cards`: the card pool as a table.

use std::path::PathBuf;

use clap::Args;

use super::ruleset::load_pool;
use super::table::write_table;
use super::with_ruleset;
use crate::games::GameKind;
use crate::games::Ruleset;

const EXAMPLES: &str = "\
Examples:
  decklab cards
  decklab cards --cards my-cards.toml | grep fighter";

/// The arguments of `decklab cards`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct CardsArgs {
    /// The ruleset.
    #[arg(long, value_enum, default_value_t = GameKind::Nostalgix)]
    game: GameKind,
    /// A card file or folder to list instead of the pool in use.
    #[arg(long, value_name = "PATH")]
    cards: Option<PathBuf>,
    /// What-if: change one card field, as "Card Name.field=value"
    /// (repeatable; see `decklab simulate --help`).
    #[arg(long = "set", value_name = "CARD.FIELD=VALUE")]
    set: Vec<String>,
}

/// Runs `decklab cards`.
pub fn run(args: CardsArgs) -> anyhow::Result<()> {
    with_ruleset!(args.game, R => {
        let pool = load_pool::<R>(args.cards.as_deref(), &args.set)?;
        let (rows, right) = R::card_table(&pool.cards);
        write_table(&mut std::io::stdout().lock(), &rows, &right)?;
        Ok(())
    })
}
