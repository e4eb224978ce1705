//! `decklab round-robin`: every deck against every other on both seats
//! (at more seats: every table of N different decks, going round the
//! table), with `matchups.csv` and `ratings.csv`, the decks'
//! Plackett–Luce ratings on the Elo scale (Bradley–Terry at two seats).

use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use serde_json::Value;

use super::campaign::{Campaign, Pairing, strategy_file};
use super::config::{from_file, strategy};
use super::field::{Field, field_decks};
use super::flags::{RulesArgs, RunArgs, games};
use super::gauntlet::play_field;
use super::ruleset::DeckSource;
use super::with_ruleset;
use crate::games::Ruleset;

const EXAMPLES: &str = "\
Each pair of decks plays --games games with each deck as seat a; at more
seats (--players N) every table of N different decks plays --games games,
each deck sitting in every seat equally often. Ratings are Plackett-Luce
strengths (Bradley-Terry at two seats) fitted by maximum likelihood, on the
Elo scale (a 75% expected score against one opponent is about 191 points),
centred on 1500, with 95% intervals.

Examples:
  decklab round-robin                        # the bundled starter decks
  decklab round-robin --field decks/nostalgix my-decks/ --games 50
  decklab round-robin --field hero-rush evolution --bot ismcts-200 --games 2 --report";

/// The arguments of `decklab round-robin`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct RoundRobinArgs {
    /// The field: folders of .deck files, deck files, deck names, or
    /// `bundled` for every bundled deck of the game [default: bundled].
    #[arg(long, value_name = "DIR|PATH", num_args = 1..)]
    field: Vec<String>,
    /// Games per pair and seat (at more than two seats: per table), 1 to
    /// 1,000,000,000.
    #[arg(short = 'n', long, value_name = "N", default_value_t = 100, value_parser = games())]
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
    with_ruleset!(args.rules.game, R => round_robin::<R>(&args))
}

fn round_robin<R: Ruleset>(args: &RoundRobinArgs) -> anyhow::Result<ExitCode> {
    let rules = args.rules.resolve::<R>()?;
    let (pool, options, players) = (&rules.pool, rules.options, rules.players);
    let names: Vec<String> = if args.field.is_empty() {
        R::bundled_decks()
            .iter()
            .map(|(n, _)| (*n).to_owned())
            .collect()
    } else {
        args.field.clone()
    };
    let decks = from_file("field", field_decks::<R>(&names, &pool.cards))?;
    if decks.len() < players {
        bail!(
            "a round-robin of {players}-seat tables needs at least {players} different decks (got {})",
            decks.len()
        );
    }
    let mut files = pool.files.clone();
    files.extend(decks.iter().map(|d| d.input_file("deck")));
    let mut pairings = Vec::new();
    let bots = vec![0; players];
    for table in combinations(decks.len(), players) {
        let entries: Vec<&DeckSource> = table.iter().map(|&i| &decks[i]).collect();
        if players == 2 {
            let swapped = [entries[1], entries[0]];
            pairings.push(Pairing::new(pool, &entries, &bots, options)?);
            pairings.push(Pairing::new(pool, &swapped, &bots, options)?);
        } else {
            pairings.push(Pairing::new(pool, &entries, &bots, options)?);
        }
    }
    let strategies = vec![strategy(&pairings[0].games[0], &args.bot, "--bot")?];
    files.push(strategy_file("bot", &strategies[0]));
    let spec = Field::RoundRobin {
        decks: decks.iter().map(|d| d.name.clone()).collect(),
    };
    let mut settings = spec.settings();
    if let Value::Object(fields) = &mut settings {
        fields.insert("bot".into(), strategies[0].name.clone().into());
        rules.settings(fields);
    }
    let campaign = Campaign {
        command: "round-robin",
        pairings,
        strategies,
        block: args.games,
        options,
        files,
        settings,
        followed: None,
    };
    play_field(&campaign, &args.run, &spec)
}

/// Every `k`-subset of `0..n`, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn extend(
        start: usize,
        n: usize,
        k: usize,
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            current.push(i);
            extend(i + 1, n, k, current, out);
            current.pop();
        }
    }
    extend(0, n, k, &mut current, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::combinations;

    #[test]
    fn tables_are_the_k_subsets_in_order() {
        assert_eq!(
            combinations(4, 2),
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        assert_eq!(combinations(5, 4).len(), 5);
        assert_eq!(combinations(3, 3), vec![vec![0, 1, 2]]);
    }
}
