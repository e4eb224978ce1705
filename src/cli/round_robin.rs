//! `decklab round-robin`: every deck against every other on both seats,
//! with `matchups.csv` for every ordered pair and `ratings.csv`, the
//! decks' Bradley-Terry ratings on the Elo scale.

use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use serde_json::Value;

use super::campaign::{Campaign, Pairing, RunArgs, strategy_file};
use super::field::{Field, field_decks};
use super::gauntlet::play_field;
use super::matchup::RulesArgs;
use super::simulate::{check_games, check_max_turns, strategy};
use super::with_ruleset;
use crate::games::Ruleset;

const EXAMPLES: &str = "\
Each pair of decks plays --games games with each deck as seat a. Ratings
are Bradley-Terry strengths fitted by maximum likelihood, on the Elo scale
(a 75% expected score is about 191 points), centred on 1500, with 95%
intervals.

Examples:
  decklab round-robin                        # the bundled starter decks
  decklab round-robin decks/nostalgix my-decks/ --games 200
  decklab round-robin hero-rush evolution token-swarm --bot ismcts-200 --games 50 --report";

/// The arguments of `decklab round-robin`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct RoundRobinArgs {
    /// Folders of .deck files, deck files or deck names [default: the
    /// bundled starter decks].
    #[arg(value_name = "DIR|PATH")]
    decks: Vec<String>,
    /// Games per pair and seat.
    #[arg(long, value_name = "N", default_value_t = 100)]
    games: u64,
    /// The bot of every deck: a strategy name or file.
    #[arg(long, value_name = "NAME|PATH", default_value = "greedy")]
    bot: String,
    /// The rules.
    #[command(flatten)]
    rules: RulesArgs,
    /// Seeds, threads, output.
    #[command(flatten)]
    run: RunArgs,
}

/// Runs `decklab round-robin`: exit status 0, or 130 if interrupted.
pub fn run(args: RoundRobinArgs) -> anyhow::Result<ExitCode> {
    check_games(args.games)?;
    args.run.check()?;
    let max_turns = check_max_turns(args.rules.max_turns)?;
    with_ruleset!(args.rules.game, R => round_robin::<R>(&args, max_turns))
}

fn round_robin<R: Ruleset>(args: &RoundRobinArgs, max_turns: u16) -> anyhow::Result<ExitCode> {
    let pool = args.rules.pool::<R>()?;
    let names: Vec<String> = if args.decks.is_empty() {
        R::bundled_decks()
            .iter()
            .map(|(n, _)| (*n).to_owned())
            .collect()
    } else {
        args.decks.clone()
    };
    let decks = field_decks::<R>(&names)?;
    if decks.len() < 2 {
        bail!(
            "a round-robin needs at least two different decks (got {})",
            decks.len()
        );
    }
    let mut files = pool.files.clone();
    files.extend(decks.iter().map(|d| d.input_file("deck")));
    let mut pairings = Vec::new();
    for (i, a) in decks.iter().enumerate() {
        for b in &decks[i + 1..] {
            for seats in [[a, b], [b, a]] {
                pairings.push(Pairing::new(&pool, seats, [0, 0], max_turns)?);
            }
        }
    }
    let strategies = vec![strategy(&pairings[0].game, &args.bot, "--bot")?];
    files.push(strategy_file("bot", &strategies[0]));
    let spec = Field::RoundRobin {
        decks: decks.iter().map(|d| d.name.clone()).collect(),
    };
    let mut settings = spec.settings();
    if let Value::Object(fields) = &mut settings {
        fields.insert("bot".into(), strategies[0].name.clone().into());
        fields.insert("set".into(), args.rules.set.clone().into());
        let format = args.rules.match_format.map(|f| f.name());
        fields.insert("match".into(), format.into());
    }
    let campaign = Campaign {
        command: "round-robin",
        pairings,
        strategies,
        block: args.games,
        max_turns,
        files,
        settings,
    };
    play_field(&campaign, &args.run, &spec)
}
