//! `decklab play`: a person plays one game against the bots, on a full
//! screen when stdin and stdout are a terminal, else (or with `--plain`) at
//! line prompts on stdin and stdout, and the game is saved as a run
//! directory that `decklab replay` and `decklab report` read like any
//! other.
//!
//! The person sits in seat a. Their choices are saved as a strategy file
//! of kind `moves` (`DIR/person.toml`, the seat's bot in the manifest), so
//! `decklab replay DIR 0` plays the same game again: everything else in it
//! comes from the game's seed, as in `simulate` (game 0 of `--seed S` is
//! the same deal as `decklab simulate --seed S`'s game 0).

mod person;
mod tui;

use std::io::{self, IsTerminal, StdinLock, StdoutLock, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use serde_json::Value;

use super::campaign::{Campaign, Pairing, Session, strategy_file};
use super::config::strategy;
use super::flags::{BotArgs, MatchArgs, RulesArgs, RunArgs};
use super::interrupt::INTERRUPTED;
use super::ruleset::DeckSource;
use super::with_ruleset;
use crate::bots::{Bot, FeatureSet, Sight, Strategy};
use crate::core::{Evaluate, Game, GameRng, Player, Report, game_seed};
use crate::games::Ruleset;
use crate::play::Describe;
use crate::sim::{Deciders, Decision, RunReport, Shard, UNFINISHED, play_at};
use person::Person;
use tui::{STOPPED, Tui, terminal_keys};

const EXAMPLES: &str = "\
You are seat a; the bots play the other seats. At each of your decisions
the screen shows the events, the table as your seat sees it, and your
actions numbered: type a number (or the start of an action's words) and
Enter; ? for help, q to quit. On a terminal it is a full screen (Enter
alone takes the highlighted action, arrows move it, PgUp/PgDn scroll the
events); through a pipe, or with --plain, line prompts. Quitting, or the
end of the input, saves the game as it stands, marked unfinished; Ctrl-C
saves nothing. A game can be scripted through a pipe.

Examples:
  decklab play
  decklab play --deck my.deck --opponent prize-control --opponent-bot ismcts-200 --seed 7
  decklab play --game pixel-tactics --seed 3 --out results/my-game
  decklab play --game millennium-blades --players 3
  decklab play --reveal      # teaching: every hidden card shown
  decklab play --plain       # line prompts on a terminal too
  yes 1 | decklab play --game astrom-cross --out results/scripted | tail -n 3
  decklab replay results/play 0 --text    # the game again, from its run directory
  decklab report results/play";

/// The arguments of `decklab play`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct PlayArgs {
    /// Your deck (seat a): a deck file or a deck name [default: the first
    /// bundled starter deck].
    #[arg(long, value_name = "PATH")]
    deck: Option<String>,
    /// The deck of every other seat [default: the bundled starter decks, in
    /// order].
    #[arg(long, value_name = "PATH")]
    opponent: Option<String>,
    /// The bot of every other seat: a strategy name or file.
    #[arg(long, value_name = "NAME|PATH", default_value = "greedy")]
    opponent_bot: String,
    /// The rules.
    #[command(flatten)]
    rules: RulesArgs,
    /// The seed: the same seed deals the same game.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Teaching only: show every hidden card (hands, decks, face-down
    /// cards) and the whole log.
    #[arg(long)]
    reveal: bool,
    /// Line prompts even on a terminal (the full screen is the default
    /// there).
    #[arg(long)]
    plain: bool,
    /// The output directory: the game's run directory.
    #[arg(short, long, value_name = "DIR", default_value = "results/play")]
    out: PathBuf,
}

/// Runs `decklab play`.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    with_ruleset!(args.rules.game, R => play::<R>(&args))
}

/// The person's seat.
const PERSON: Player = Player::A;

/// Plays the game at the prompts, then writes its run directory.
fn play<R: Ruleset + Describe>(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let matchup = MatchArgs {
        deck: args.deck.iter().cloned().collect(),
        opponent: args.opponent.clone(),
        bots: BotArgs {
            bot: Vec::new(),
            opponent_bot: args.opponent_bot.clone(),
        },
        rules: args.rules.clone(),
    };
    let (rules, table) = matchup.resolve::<R>()?;
    let players = rules.players;
    let entries: Vec<&DeckSource> = table.decks.iter().collect();
    let seats: Vec<usize> = (0..players).collect();
    let pairing = Pairing::new(&rules.pool, &entries, &seats, rules.options)?;
    let game = &pairing.games[0];
    let mut strategies = Vec::with_capacity(players);
    for bot in &table.bots[1..] {
        strategies.push(strategy(game, bot, "--opponent-bot")?);
    }
    let mut bots: Vec<Bot<R>> = strategies.iter().map(|s| Bot::new(game, s)).collect();
    let full_screen = !args.plain && io::stdin().is_terminal() && io::stdout().is_terminal();
    let mut person = if full_screen {
        At::Screen(Tui::new(
            ratatui::init(),
            terminal_keys,
            PERSON,
            args.reveal,
        ))
    } else {
        let lines = Person::new(io::stdin().lock(), io::stdout().lock(), PERSON, args.reveal);
        At::Lines(lines)
    };
    if let (true, At::Lines(lines)) = (args.reveal, &mut person) {
        writeln!(
            lines.output(),
            "--reveal: every hidden card is shown (teaching only)"
        )?;
    }
    let start = Instant::now();
    let seed = game_seed(args.seed, 0);
    let mut deciders = Table {
        game,
        person: &mut person,
        bots: &mut bots,
    };
    let played = play_at(game, seed, 0, true, rules.action_cap(), &mut deciders);
    let elapsed = start.elapsed();
    let outcome = match played.outcome.winner() {
        _ if played.outcome.reason == UNFINISHED => {
            "unfinished, stopped before its end (saved as a draw)".to_owned()
        }
        Some(p) if p == PERSON => format!("you win ({})", played.outcome.reason),
        Some(p) => format!("seat {p} wins ({})", played.outcome.reason),
        None => format!("a draw ({})", played.outcome.reason),
    };
    let over = format!(
        "Game over: {outcome} after {}.",
        super::turns_played(game, played.turns)
    );
    let (moves, failure) = match person {
        At::Lines(mut lines) => {
            lines.events(game, &played.log)?;
            writeln!(lines.output(), "\n{over}")?;
            (lines.moves().to_vec(), lines.error())
        }
        At::Screen(mut screen) => {
            if !screen.failed() {
                screen.game_over(game, &played.log, &over);
            }
            ratatui::restore();
            let moves = screen.moves().to_vec();
            match screen.error() {
                Some(e) if e.kind() == STOPPED => {
                    eprintln!("decklab: stopped by Ctrl-C: nothing saved");
                    return Ok(ExitCode::from(INTERRUPTED));
                }
                failure => {
                    println!("{over}");
                    (moves, failure)
                }
            }
        }
    };

    let person_file = args.out.join(crate::output::names::PERSON_TOML);
    strategies.insert(0, moves_strategy(game, &person_file, &moves)?);
    let mut files = rules.pool.files.clone();
    let mut settings = serde_json::Map::new();
    for (seat, (source, s)) in table.decks.iter().zip(&strategies).enumerate() {
        let letter = Player::new(seat).letter();
        files.push(source.input_file(&format!("deck_{letter}")));
        settings.insert(format!("deck_{letter}"), source.name.clone().into());
        settings.insert(format!("bot_{letter}"), s.name.clone().into());
    }
    for (seat, s) in strategies.iter().enumerate() {
        files.push(strategy_file(
            &format!("bot_{}", Player::new(seat).letter()),
            s,
        ));
    }
    rules.settings(&mut settings);
    settings.insert("person".into(), PERSON.to_string().into());
    settings.insert("reveal".into(), args.reveal.into());
    settings.insert(
        "finished".into(),
        (played.outcome.reason != UNFINISHED).into(),
    );
    let campaign = Campaign {
        command: "play",
        pairings: vec![pairing],
        strategies,
        block: 1,
        options: rules.options,
        files,
        settings: Value::Object(settings),
        followed: None,
    };
    let run = RunArgs {
        seed: args.seed,
        threads: Some(1),
        out: args.out.clone(),
        log: 1,
        shard: Shard::WHOLE,
        report: false,
        quiet: true,
    };
    let stop = AtomicBool::new(false);
    let mut session = Session::start(&campaign, &run, &stop, 1)?;
    session.record(0, &played)?;
    session.report = RunReport {
        games: 1,
        requested: 1,
        elapsed,
    };
    let text = campaign.strategies[0].text.clone();
    session.finish(|out, _| {
        let mut file = out.file(crate::output::names::PERSON_TOML)?;
        file.write_all(text.as_bytes()).map_err(|e| file.error(e))?;
        out.finish(file)
    })?;
    let mut stdout = io::stdout().lock();
    if let Some(e) = failure {
        return Err(e).context(format!("the game stopped, saved to {}", args.out.display()));
    }
    writeln!(
        stdout,
        "Saved to {dir}: decklab replay {dir} 0 --text plays it again, decklab report {dir} writes its page.",
        dir = args.out.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Where the person plays: line prompts, or the full screen.
enum At<'a, K> {
    Lines(Person<StdinLock<'a>, StdoutLock<'a>>),
    Screen(Tui<ratatui::backend::CrosstermBackend<io::Stdout>, K>),
}

/// The person in seat [`PERSON`], shown a view at every decision, and a
/// bot in every other seat.
struct Table<'a, 'p, G: Game + Evaluate, K> {
    game: &'a G,
    person: &'a mut At<'p, K>,
    bots: &'a mut [Bot<G>],
}

impl<G: Game + Evaluate + Describe, K: FnMut() -> io::Result<ratatui::crossterm::event::Event>>
    Deciders<G> for Table<'_, '_, G, K>
{
    fn sight(&self, player: Player) -> Sight {
        match player {
            PERSON => Sight::View,
            _ => self.bots[player.index() - 1].sight(),
        }
    }

    fn choose(&mut self, d: Decision<'_, G>) -> Option<G::Action> {
        let game = self.game;
        match (d.player, &mut *self.person) {
            (PERSON, At::Lines(lines)) => lines.decide(game, &d),
            (PERSON, At::Screen(screen)) => screen.decide(game, &d),
            (p, _) => self.bots[p.index() - 1].choose(game, d.view, d.legal, p, d.rng),
        }
    }

    fn pass(&mut self, player: Player, rng: &mut GameRng) {
        self.bots[player.index() - 1].pass(rng);
    }
}

/// The person's choices as a strategy file of kind `moves`, named
/// `person`, at `path`.
fn moves_strategy<G: Game + Report + crate::core::Evaluate>(
    game: &G,
    path: &Path,
    moves: &[u32],
) -> anyhow::Result<Strategy> {
    let numbers: Vec<String> = moves.iter().map(u32::to_string).collect();
    let text = format!(
        "# The person's choices in `decklab play`: each the number of an action\n\
         # among the legal ones. `decklab replay` plays them again.\n\
         kind = \"moves\"\nmoves = [{}]\n",
        numbers.join(", ")
    );
    let path = path.display().to_string();
    Strategy::parse("person", &path, text.as_bytes(), FeatureSet::of(game))
        .context("the person's moves")
}
