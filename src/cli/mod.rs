//! The command line: one module per subcommand, each turning its raw
//! arguments into a validated configuration before any work starts.

mod baseline;
mod campaign;
mod cards;
mod compare;
mod completions;
mod config;
mod defaults;
mod error;
mod field;
mod flags;
mod gauntlet;
mod grant;
mod guess;
mod interrupt;
mod man;
mod merge;
mod optimize;
mod play;
mod regress;
mod replay;
mod report;
mod round_robin;
mod ruleset;
mod simulate;
mod summary;
mod table;
mod validate;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

pub use error::{FAILURE, render, report};
pub use interrupt::INTERRUPTED;

const EXAMPLES: &str = "\
Examples:
  decklab simulate                                   # the two bundled starter decks, 1000 games
  decklab simulate --deck my.deck --opponent prize-control --games 500 --out results/my
  decklab simulate --game pixel-tactics --match best-of-3 --games 100
  decklab simulate --game millennium-blades --players 4 --games 50
  decklab gauntlet --deck my.deck --field decks/nostalgix --report
  decklab round-robin --field decks/nostalgix --games 50
  decklab regress --baseline results/baselines/nostalgix/hero-rush-vs-prize-control.csv
  decklab compare results/before results/after
  decklab optimize --deck my.deck --field token-swarm --budget 2000 --screen 1 --confirm 100 --seed 1
  decklab replay results/latest 3                   # game 3 of the last run again, event by event
  decklab play --opponent-bot ismcts-200 --seed 7     # you against the bot, at the prompt
  decklab validate my.deck
  decklab cards
  decklab report results/latest
  decklab completions bash > decklab.bash

Default flags: decklab.toml in the working directory ([defaults] for every
command, [simulate] and the like for one); a flag given on the command line
wins over the file, the file over decklab's default.";

/// decklab: an AI self-play simulator and deck evaluator for trading card
/// games.
#[derive(Debug, Parser)]
#[command(name = "decklab", version, after_help = EXAMPLES, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play many seeded games between two decks; write win rates, curves
    /// and card statistics.
    Simulate(simulate::SimulateArgs),
    /// Play one deck against every deck of a field, on both seats.
    Gauntlet(gauntlet::GauntletArgs),
    /// Play every deck against every other; rate them (Bradley-Terry,
    /// Elo scale).
    RoundRobin(round_robin::RoundRobinArgs),
    /// The CI gate: has a deck's win rate dropped below its baseline?
    /// (Wald's SPRT as fishtest's GSPRT; exit 1 on a regression.)
    Regress(regress::RegressArgs),
    /// What changed between two runs: win rates per matchup and card,
    /// with intervals.
    Compare(compare::CompareArgs),
    /// Improve a deck list against a field, one copy at a time: swaps
    /// raced on paired seeds, kept when fresh seeds confirm them.
    Optimize(optimize::OptimizeArgs),
    /// Join the output directories of a run's shards (--shard K/N) into
    /// the files of the whole run.
    Merge(merge::MergeArgs),
    /// Play a game yourself against the bots: full screen on a terminal,
    /// else line prompts; it is saved as a run directory.
    Play(play::PlayArgs),
    /// Play one game again from its seed (games.csv) and print its event
    /// log.
    Replay(replay::ReplayArgs),
    /// Check deck and card files.
    Validate(validate::ValidateArgs),
    /// List the card pool.
    Cards(cards::CardsArgs),
    /// Write a run's results as one self-contained web page,
    /// DIR/report.html.
    Report(report::ReportArgs),
    /// Print the shell completion script (bash, zsh, fish, elvish,
    /// powershell).
    Completions(completions::CompletionsArgs),
    /// Print the manual page, or write one per command (--out DIR).
    Man(man::ManArgs),
}

pub(crate) use crate::games::with_ruleset;

/// `n` and `noun`, plural unless `n` is 1: "1 swap", "2 swaps".
fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// The turns a game of `game` played, as its console lines say it: "3
/// rounds" where a turn is a round ([`Report::plays_in_rounds`]), "41
/// turns" elsewhere.
fn turns_played(game: &impl crate::core::Report, turns: u32) -> String {
    let noun = if game.plays_in_rounds() {
        "round"
    } else {
        "turn"
    };
    counted(turns as usize, noun)
}

/// decklab's command line. Every flag that takes a value also takes a
/// negative number, so that `--games -5` or `--seed -1` is refused by the
/// flag's own check (naming the flag and what it expects) rather than read
/// as an unknown flag `-5`.
pub fn command() -> clap::Command {
    fn negatives(c: clap::Command) -> clap::Command {
        c.mut_args(|a| {
            let takes = a.get_action().takes_values();
            a.allow_negative_numbers(takes)
        })
        .mut_subcommands(negatives)
    }
    // `optimize` refuses Millennium Blades, so its help leaves out the
    // flags only that ruleset reads.
    let no_seats = |c: clap::Command| {
        ["players", "mode", "ticks_per_minute", "pre_release"]
            .into_iter()
            .fold(c, |c, id| c.mut_arg(id, |a| a.hide(true)))
    };
    negatives(Cli::command()).mut_subcommand("optimize", no_seats)
}

/// Joins a flag that takes a value and a negative number after it into
/// one argument, `--h1 -5e-2` into `--h1=-5e-2`: clap reads `-5e-2` (an
/// exponent with a sign) as the short flags `-5e-2`, even where it takes
/// `-5` for a value. Joined, the value reaches the flag's own check,
/// which names the flag and what it expects.
fn join_negative_values(cli: &clap::Command, args: Vec<OsString>) -> Vec<OsString> {
    let Some(sub) = args
        .iter()
        .skip(1)
        .filter_map(|a| a.to_str())
        .find(|a| !a.starts_with('-'))
        .and_then(|name| cli.find_subcommand(name))
    else {
        return args;
    };
    // A flag that takes several values (`--field A B`) keeps its own
    // reading: joined, the values after the first would be stray words.
    let takes_value = |flag: &str| {
        sub.get_arguments().any(|a| {
            a.get_action().takes_values()
                && a.get_num_args().is_none_or(|n| n.max_values() == 1)
                && match flag.strip_prefix("--") {
                    Some(long) => a.get_long() == Some(long),
                    None => {
                        let short = flag.strip_prefix('-').unwrap_or_default();
                        a.get_short().is_some_and(|c| short == c.to_string())
                    }
                }
        })
    };
    let mut joined: Vec<OsString> = Vec::with_capacity(args.len());
    for arg in args {
        let number = arg
            .to_str()
            .is_some_and(|a| a.starts_with('-') && a.parse::<f64>().is_ok());
        match joined.last_mut() {
            Some(flag) if number && flag.to_str().is_some_and(takes_value) => {
                flag.push("=");
                flag.push(arg);
            }
            _ => joined.push(arg),
        }
    }
    joined
}

/// Parses the command line (with the defaults of `decklab.toml`) and runs
/// the command: exit status 0 on success, 2 on any error (reported on
/// stderr as `decklab: <message>`), 1 for `regress` on a regression and
/// `compare` with a flagged row, 130 for a run stopped by Ctrl-C.
pub fn main() -> ExitCode {
    let args = join_negative_values(&command(), std::env::args_os().collect());
    let args = match defaults::with_defaults(args) {
        Ok(args) => args,
        Err(e) => return report(&e),
    };
    let cli = match command()
        .try_get_matches_from(args)
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // `decklab` alone: the help, as a failure.
            let _ = e.print();
            return ExitCode::from(FAILURE);
        }
        Err(e) => {
            let text = e.to_string();
            let text = text.strip_prefix("error: ").unwrap_or(&text).trim_end();
            // Nothing more can be done if stderr itself is closed.
            let _ = writeln!(std::io::stderr(), "decklab: {text}");
            return ExitCode::from(FAILURE);
        }
    };
    let result = match cli.command {
        Command::Simulate(args) => simulate::run(args),
        Command::Gauntlet(args) => gauntlet::run(args),
        Command::RoundRobin(args) => round_robin::run(args),
        Command::Regress(args) => regress::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Merge(args) => merge::run(args).map(|()| ExitCode::SUCCESS),
        Command::Optimize(args) => optimize::run(args),
        Command::Play(args) => play::run(args),
        Command::Replay(args) => replay::run(args).map(|()| ExitCode::SUCCESS),
        Command::Validate(args) => validate::run(args).map(|()| ExitCode::SUCCESS),
        Command::Cards(args) => cards::run(args).map(|()| ExitCode::SUCCESS),
        Command::Report(args) => report::run(args).map(|()| ExitCode::SUCCESS),
        Command::Completions(args) => completions::run(args).map(|()| ExitCode::SUCCESS),
        Command::Man(args) => man::run(args).map(|()| ExitCode::SUCCESS),
    };
    match result {
        Ok(code) => code,
        Err(e) => report(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "swap"), "1 swap");
        assert_eq!(counted(0, "swap"), "0 swaps");
        assert_eq!(counted(2, "game log"), "2 game logs");
    }
}
