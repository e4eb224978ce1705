//! `decklab gauntlet`: one deck against every deck of a field, on both
//! seats, with `matchups.csv` (each opponent, then `ALL`) beside the files
//! of `simulate`, aggregated over the field.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use serde_json::Value;

use super::campaign::{Campaign, Pairing, Session, exit_status, strategy_file};
use super::config::{from_file, strategy};
use super::field::{ALL, Field, field_decks, with_mirror};
use super::flags::{BotArgs, RulesArgs, RunArgs, games};
use super::interrupt::stop_flag;
use super::ruleset::find_deck;
use super::summary::write_footer;
use super::with_ruleset;
use crate::games::Ruleset;

const EXAMPLES: &str = "\
At two seats the deck plays every field deck --games times as seat a and
--games times as seat b. At more seats (--players N) it plays --games games
against N-1 copies of each field deck, going round the table so that it
sits in every seat equally often. --bot plays the deck, --opponent-bot the
field. `--field bundled` is every bundled deck of the game. When the field
holds the deck itself (a deck of its name, or of its list under another
name), the mirror gets its own line, opponent = the deck, and stays out of
ALL.

Examples:
  decklab gauntlet --deck my.deck --field decks/nostalgix
  decklab gauntlet --deck hero-rush --field bundled --games 20
  decklab gauntlet --deck hero-rush --field prize-control evolution token-swarm --games 200
  decklab gauntlet --deck my.deck --field prize-control token-swarm --bot ismcts-200 --games 2 --report";

/// The arguments of `decklab gauntlet`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct GauntletArgs {
    /// The deck under test: a deck file or name.
    #[arg(long, value_name = "PATH")]
    deck: String,
    /// The field: folders of .deck files, deck files, deck names, or
    /// `bundled` for every bundled deck of the game.
    #[arg(long, value_name = "DIR|PATH", required = true, num_args = 1..)]
    field: Vec<String>,
    /// Games per opponent and seat (at more than two seats: per
    /// opponent), 1 to 1,000,000,000.
    #[arg(short = 'n', long, value_name = "N", default_value_t = 100, value_parser = games())]
    games: u64,
    /// The bots.
    #[command(flatten)]
    bots: BotArgs,
    /// The rules.
    #[command(flatten)]
    rules: RulesArgs,
    /// Seeds, threads, output.
    #[command(flatten)]
    run: RunArgs,
}

/// Runs `decklab gauntlet`: exit status 0, or 130 if interrupted.
pub fn run(args: GauntletArgs) -> anyhow::Result<ExitCode> {
    with_ruleset!(args.rules.game, R => gauntlet::<R>(&args))
}

fn gauntlet<R: Ruleset>(args: &GauntletArgs) -> anyhow::Result<ExitCode> {
    let rules = args.rules.resolve::<R>()?;
    let (pool, options, players) = (&rules.pool, rules.options, rules.players);
    let deck = from_file("deck", find_deck::<R>(&args.deck))?;
    let given = from_file("field", field_decks::<R>(&args.field, &pool.cards))?;
    let (field, renamed) = with_mirror::<R>(&deck, &given, &pool.cards)?;
    for path in renamed {
        // A closed stderr is no reason to stop.
        let _ = writeln!(
            std::io::stderr(),
            "decklab: note: {path} holds the list of {}: played as the mirror, \
             {} against itself, which stays out of {ALL}",
            deck.path,
            deck.name
        );
    }
    let mut files = pool.files.clone();
    files.push(deck.input_file("deck"));
    files.extend(given.iter().map(|d| d.input_file("field")));
    let mut pairings = Vec::new();
    for opponent in &field {
        if players == 2 {
            for (seats, bots) in [([&deck, opponent], [0, 1]), ([opponent, &deck], [1, 0])] {
                pairings.push(Pairing::new(pool, &seats, &bots, options)?);
            }
        } else {
            let mut entries = vec![&deck];
            entries.resize(players, opponent);
            let mut bots = vec![0];
            bots.resize(players, 1);
            pairings.push(Pairing::new(pool, &entries, &bots, options)?);
        }
    }
    let Some(first) = pairings.first() else {
        anyhow::bail!("the field is empty");
    };
    let strategies = vec![
        strategy(&first.games[0], args.bots.first(), "--bot")?,
        strategy(&first.games[0], &args.bots.opponent_bot, "--opponent-bot")?,
    ];
    files.push(strategy_file("bot", &strategies[0]));
    files.push(strategy_file("opponent_bot", &strategies[1]));
    let spec = Field::Gauntlet {
        deck: deck.name.clone(),
        bot: strategies[0].name.clone(),
    };
    let mut settings = spec.settings();
    if let Value::Object(fields) = &mut settings {
        fields.insert("opponent_bot".into(), strategies[1].name.clone().into());
        let names: Vec<&str> = field.iter().map(|d| d.name.as_str()).collect();
        fields.insert("field".into(), names.into());
        rules.settings(fields);
    }
    let campaign = Campaign {
        command: "gauntlet",
        pairings,
        strategies,
        block: args.games,
        options,
        files,
        settings,
        followed: Some(deck.name.clone()),
    };
    play_field(&campaign, &args.run, &spec)
}

/// Plays every pairing of a field campaign in full and writes its files
/// with the field's tables; prints the field's table.
pub(super) fn play_field<R: Ruleset>(
    campaign: &Campaign<R>,
    run: &RunArgs,
    spec: &Field,
) -> anyhow::Result<ExitCode> {
    let games = campaign.block;
    let total = (0..campaign.pairings.len())
        .map(|p| campaign.selected(run, p, 0, games))
        .sum();
    let mut session = Session::start(campaign, run, stop_flag(), total)?;
    for p in 0..campaign.pairings.len() {
        if !session.play(p, 0, games)? {
            // Interrupted: count what the remaining pairings asked for.
            for rest in p + 1..campaign.pairings.len() {
                session.play(rest, 0, games)?;
            }
            break;
        }
    }
    let finished = session.finish(|out, stats| spec.write(out, stats))?;
    if let Some(f) = &finished {
        let mut stdout = std::io::stdout().lock();
        spec.print(&mut stdout, &f.stats)?;
        write_footer(&mut stdout, &run.out, f)?;
    }
    Ok(exit_status(finished.as_ref(), &run.out))
}
