//! `decklab optimize`: improves a deck list against a field, one copy at
//! a time (the search is [`crate::optimize`]'s), and writes what it kept:
//! `optimize.csv`, the improved list, a report page, and the state a run
//! stopped by Ctrl-C or its budget resumes from.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, bail};
use clap::Args;
use clap::builder::RangedU64ValueParser;
use indicatif::ProgressBar;
use rayon::ThreadPool;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::campaign::strategy_file;
use super::config::{action_cap, from_file, strategy};
use super::field::{field_decks, is_mirror};
use super::flags::{BotArgs, RulesArgs, RunArgs, fraction, games};
use super::interrupt::{INTERRUPTED, stop_flag};
use super::ruleset::{DeckSource, Pool, build_match, find_deck, invalid, parse_deck};
use super::with_ruleset;
use crate::bots::{Bot, Strategy};
use crate::core::{CardDef, CardId, DeckList, Player, Seats};
use crate::diagnostics::Diagnostics;
use crate::games::{GameKind, Options, Ruleset};
use crate::optimize::{Arena, End, Plan, Played, Search, Stepped, list};
use crate::output::{CsvFile, InputFile, OutputDir, fixed4, interval_cells, write_json};
use crate::sim::{Progress, RunConfig, Shard, run_with_bar, thread_pool};
use crate::stats::{Lineup, RunStats};

const EXAMPLES: &str = "\
A round is one game against each field deck on each seat. Each step races
one-copy swaps on paired seeds (the candidate and the list as it stands
play the same games) and keeps the best only if a fresh block of seeds
confirms its gain (docs/commands/optimize.md). Rerunning the same command
into the same --out resumes a stopped run (Ctrl-C, or a larger --budget).

Examples:
  decklab optimize --deck weaker/my.deck --field prize-control --pool my.pool --budget 6000 --screen 4 --confirm 200
  decklab optimize --deck my.deck --field bundled --budget 6000 --screen 1 --confirm 50 --out results/opt
  decklab optimize --game pixel-tactics --deck arcane-rear --field vanguard-wall --budget 3000 --screen 2 --confirm 100";

/// The `--out` default, a pattern filled in with the deck's name and the
/// seed.
const DEFAULT_OUT: &str = "results/optimize/<deck>-<seed>";

/// The state file, beside the outputs.
const STATE: &str = crate::output::names::OPTIMIZE_JSON;

/// The format of [`STATE`].
const FORMAT: u32 = 1;

/// The most rounds of a race's first stage.
const MAX_SCREEN: u64 = 10_000;

/// Game indices of a seed block: `block << BLOCK_BITS | pairing <<
/// ROUND_BITS | round`.
const BLOCK_BITS: u32 = 44;
const ROUND_BITS: u32 = 32;

/// The arguments of `decklab optimize`.
#[derive(Debug, Args)]
// Each step decides on the games before it: no shards; the page and the
// deck's logs are not those of a run (no --report, --log).
#[command(
    after_help = EXAMPLES,
    mut_arg("shard", |a| a.hide(true)),
    mut_arg("log", |a| a.hide(true)),
    mut_arg("report", |a| a.hide(true)),
    mut_arg("out", |a| a.default_value(DEFAULT_OUT)),
)]
pub struct OptimizeArgs {
    /// The deck to improve: a deck file or name.
    #[arg(long, value_name = "PATH")]
    deck: String,
    /// The field: folders of .deck files, deck files, deck names, or
    /// `bundled` for every bundled deck of the game (a field deck of the
    /// deck's name or list is left out).
    #[arg(long, value_name = "DIR|PATH", required = true, num_args = 1..)]
    field: Vec<String>,
    /// The cards that may come in: `all` of the card pool, or a file of
    /// `<count> <Card Name>` lines (the cards you own; the count is the
    /// most copies the list may then hold).
    #[arg(long, value_name = "all|PATH", default_value = "all")]
    pool: String,
    /// The most games to play, every game counted (the list's own and the
    /// candidates'); a step starts only if its most costly course fits.
    #[arg(long, value_name = "GAMES", default_value_t = 200_000, value_parser = games())]
    budget: u64,
    /// Rounds a candidate plays in a race's first stage (each later stage
    /// doubles them for the better half), 1 to 10000.
    #[arg(long, value_name = "R", default_value_t = 8,
          value_parser = RangedU64ValueParser::<u64>::new().range(1..=MAX_SCREEN))]
    screen: u64,
    /// Rounds of a confirmation on fresh seeds, 1 to 100000000.
    #[arg(long, value_name = "R", default_value_t = 500,
          value_parser = RangedU64ValueParser::<u64>::new().range(1..=100_000_000))]
    confirm: u64,
    /// The chance, over the whole run, of keeping a swap that does not
    /// help.
    #[arg(long, value_name = "A", default_value_t = 0.05, value_parser = fraction)]
    alpha: f64,
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

/// Runs `decklab optimize`: exit status 0, 130 if interrupted.
pub fn run(args: OptimizeArgs) -> anyhow::Result<ExitCode> {
    if !args.run.shard.is_whole() || args.run.log > 0 || args.run.report {
        bail!(
            "optimize decides each step on the games before it and writes its own page: drop \
             --shard, --log and --report"
        );
    }
    if args.rules.game == GameKind::MillenniumBlades {
        bail!(
            "millennium-blades has no deck list to optimize: every player starts with a printed \
             9-card starter deck (rules: \"Setup\", step 5: \"Give each player a starter deck\") \
             and builds the deck during the game from the store; compare the starter decks with \
             `decklab round-robin --game millennium-blades` instead"
        );
    }
    if args.bots.bot.len() > 1 {
        bail!("optimize takes one --bot (the deck's) and --opponent-bot for the field");
    }
    with_ruleset!(args.rules.game, R => optimize::<R>(&args))
}

/// The state a run saves after each step: the settings it ran with (a
/// resumed run must match them) and the search.
#[derive(Debug, Serialize, Deserialize)]
struct State {
    format: u32,
    settings: Value,
    search: Search,
}

fn optimize<R: Ruleset>(args: &OptimizeArgs) -> anyhow::Result<ExitCode> {
    let rules = args.rules.resolve::<R>()?;
    if rules.players != 2 {
        bail!(
            "optimize plays two-seat games (got --players {})",
            rules.players
        );
    }
    let pool = &rules.pool;
    let deck = from_file("deck", find_deck::<R>(&args.deck))?;
    parse_deck::<R>(&deck, pool)?;
    let field: Vec<DeckSource> = from_file("field", field_decks::<R>(&args.field, &pool.cards))?
        .into_iter()
        .filter(|d| !is_mirror::<R>(&deck, d, &pool.cards))
        .collect();
    if field.is_empty() {
        bail!(
            "the field holds no deck but {} itself (expected other decks to play against)",
            deck.name
        );
    }
    if field.len() >= 1 << (BLOCK_BITS - ROUND_BITS - 1) {
        bail!("a field of {} decks is too large for optimize", field.len());
    }
    let (owned, pool_file) = from_file("pool", owned_cards::<R>(&args.pool, pool))?.unzip();
    let first = build_match(pool, &[deck.clone(), field[0].clone()], rules.options)?;
    let strategies = [
        strategy(&first, args.bots.first(), "--bot")?,
        strategy(&first, &args.bots.opponent_bot, "--opponent-bot")?,
    ];
    let plan = Plan {
        screen: args.screen,
        confirm: args.confirm,
        alpha: args.alpha,
    };
    let settings = settings(
        &rules,
        &deck,
        &field,
        pool_file,
        &strategies,
        args.run.seed,
        &plan,
    );
    let out = if args.run.out == Path::new(DEFAULT_OUT) {
        PathBuf::from(format!("results/optimize/{}-{}", deck.name, args.run.seed))
    } else {
        args.run.out.clone()
    };
    let mut search = match read_state(&out)? {
        Some(state) => resume(state, &settings, &out)?,
        None => Search::new(plan, deck.text.clone()),
    };
    let stop = stop_flag();
    let show = !args.run.quiet;
    let mut progress = Progress::new(args.budget.saturating_sub(search.games), show, None);
    let mut arena = Games {
        pool,
        owned,
        deck: &deck,
        field: &field,
        options: rules.options,
        strategies: &strategies,
        threads: thread_pool(args.run.threads).context("cannot start the worker threads")?,
        seed: args.run.seed,
        stop,
        bar: progress.bar().clone(),
    };
    let outputs = Outputs {
        deck: &deck,
        field: &field,
        settings: &settings,
        budget: args.budget,
    };
    let note = |text: String| {
        if show {
            if std::io::stderr().is_terminal() {
                progress.bar().println(text);
            } else {
                // A closed stderr only loses the line.
                let _ = writeln!(std::io::stderr(), "{text}");
            }
        }
    };
    let mut next_step = None;
    while search.end.is_none() {
        match search.step(&mut arena, args.budget)? {
            Stepped::Done => {
                outputs.write(&search, None, &out)?;
                note(step_line(&search, args.budget));
            }
            Stepped::Budget(cost) => {
                next_step = Some(cost);
                break;
            }
            Stepped::Interrupted => {
                progress.finish();
                let text = if search.steps == 0 {
                    format!(
                        "decklab: interrupted before the first step ended: nothing written ({} is \
                         as it was)",
                        out.display()
                    )
                } else {
                    let steps = match search.steps {
                        1 => "first step".to_owned(),
                        n => format!("first {n} steps"),
                    };
                    format!(
                        "decklab: interrupted: {} holds the {steps} ({} games); run the same \
                         command again to resume",
                        out.display(),
                        search.games
                    )
                };
                // A closed stderr only loses the message.
                let _ = writeln!(std::io::stderr(), "{text}");
                return Ok(ExitCode::from(INTERRUPTED));
            }
        }
    }
    progress.finish();
    if search.steps == 0
        && let Some(cost) = next_step
    {
        bail!(
            "--budget {}: a step may play up to {cost} games, so none can start (raise --budget, \
             or lower --screen or --confirm)",
            args.budget
        );
    }
    let written = outputs.write(&search, next_step, &out)?;
    print_summary(
        &deck,
        &field,
        &search,
        args.budget,
        next_step,
        &out,
        &written,
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The cards `--pool` lets in, the most copies of each and the pool
/// file; `None` for the whole card pool.
fn owned_cards<R: Ruleset>(
    arg: &str,
    pool: &Pool<R>,
) -> anyhow::Result<Option<(BTreeMap<CardId, u32>, InputFile)>> {
    let path = Path::new(arg);
    if arg == "all" && !path.exists() {
        return Ok(None);
    }
    let text = crate::diagnostics::read_input_text(path)
        .with_context(|| format!("cannot read the pool file {}", path.display()))?;
    let list = DeckList::parse(&text, arg, &pool.cards, &[]);
    let cards = list
        .finish(|l| l.cards())
        .map_err(|problems| invalid("pool file", path, Diagnostics(problems)))?;
    if cards.is_empty() {
        bail!(
            "{}: no card (expected `<count> <Card Name>` lines: the cards that may come in)",
            path.display()
        );
    }
    let owned = cards.into_iter().map(|(c, n, _)| (c, n)).collect();
    Ok(Some((owned, InputFile::new("pool", arg, text.as_bytes()))))
}

/// What a run depends on, for its state file: a resumed run must match
/// all of it (the budget, threads and progress may change).
fn settings<R: Ruleset>(
    rules: &super::config::Rules<R>,
    deck: &DeckSource,
    field: &[DeckSource],
    pool: Option<InputFile>,
    strategies: &[Strategy; 2],
    seed: u64,
    plan: &Plan,
) -> Value {
    let mut settings = json!({
        "game": R::NAME,
        "deck": deck.input_file("deck"),
        "field": field.iter().map(|d| d.input_file("field")).collect::<Vec<_>>(),
        "pool": pool,
        "cards": rules.pool.files,
        "bot": strategy_file("bot", &strategies[0]),
        "opponent_bot": strategy_file("opponent_bot", &strategies[1]),
        "max_turns": rules.options.max_turns,
        "seed": seed,
        "screen": plan.screen,
        "confirm": plan.confirm,
        "alpha": plan.alpha,
    });
    if let Value::Object(fields) = &mut settings {
        rules.settings(fields);
    }
    settings
}

/// The paths of the input files `settings` names (every `path` of an
/// [`InputFile`] in it), which the run's output directory must keep.
fn input_paths<'a>(settings: &'a Value, out: &mut Vec<&'a str>) {
    match settings {
        Value::Object(fields) => {
            if let Some(Value::String(path)) = fields.get("path") {
                out.push(path);
            }
            fields.values().for_each(|v| input_paths(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| input_paths(v, out)),
        _ => {}
    }
}

/// The state in `out`, if a run left one.
fn read_state(out: &Path) -> anyhow::Result<Option<State>> {
    let path = out.join(STATE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let state: State = serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not the state of an optimize run (remove it, or pass another --out)",
            path.display()
        )
    })?;
    if state.format != FORMAT {
        bail!(
            "{}: format {} (expected {FORMAT}): remove it, or pass another --out",
            path.display(),
            state.format
        );
    }
    Ok(Some(state))
}

/// The search of `state`, if it ran with `settings`.
fn resume(state: State, settings: &Value, out: &Path) -> anyhow::Result<Search> {
    let (Value::Object(saved), Value::Object(now)) = (&state.settings, settings) else {
        bail!("{}: no settings", out.join(STATE).display());
    };
    let differ: Vec<&str> = now
        .keys()
        .chain(saved.keys())
        .filter(|k| saved.get(*k) != now.get(*k))
        .map(String::as_str)
        .collect();
    if !differ.is_empty() {
        let mut differ = differ;
        differ.sort_unstable();
        differ.dedup();
        bail!(
            "{} holds an optimize run with other settings ({} differ): pass another --out to \
             start a new run, or the same flags and files to resume it",
            out.display(),
            differ.join(", ")
        );
    }
    Ok(state.search)
}

/// The games of a search: the deck's candidates against the field.
struct Games<'a, R: Ruleset> {
    pool: &'a Pool<R>,
    owned: Option<BTreeMap<CardId, u32>>,
    deck: &'a DeckSource,
    field: &'a [DeckSource],
    options: Options,
    strategies: &'a [Strategy; 2],
    threads: ThreadPool,
    seed: u64,
    stop: &'a AtomicBool,
    bar: ProgressBar,
}

impl<R: Ruleset> Games<'_, R> {
    fn name(&self, card: CardId) -> String {
        self.pool.cards.card(card).name().to_owned()
    }

    /// The deck under test with the list `text`.
    fn source(&self, text: &str) -> DeckSource {
        DeckSource {
            text: text.to_owned(),
            ..self.deck.clone()
        }
    }
}

impl<R: Ruleset> Arena for Games<'_, R> {
    fn pairings(&self) -> usize {
        2 * self.field.len()
    }

    fn cards(&self, deck: &str) -> Vec<String> {
        list::cards(deck, &self.pool.cards)
            .into_iter()
            .map(|(c, _)| self.name(c))
            .collect()
    }

    fn pool(&self) -> Vec<String> {
        match &self.owned {
            Some(owned) => owned.keys().map(|&c| self.name(c)).collect(),
            None => self
                .pool
                .cards
                .cards()
                .map(|(_, c)| c.name().to_owned())
                .collect(),
        }
    }

    fn swap(&self, deck: &str, out: &str, into: &str) -> Option<String> {
        let cards = &self.pool.cards;
        let (out, into) = (cards.id(out)?, cards.id(into)?);
        let text = list::swap(deck, cards, out, into)?;
        if let Some(owned) = &self.owned {
            let held = list::cards(&text, cards)
                .into_iter()
                .find(|(c, _)| *c == into)
                .map_or(0, |(_, n)| n);
            if held > owned.get(&into).copied().unwrap_or(0) {
                return None;
            }
        }
        // Checked without parse_deck's hint: many candidates are illegal.
        R::parse_deck(&text, &self.deck.path, &self.deck.name, cards).ok()?;
        Some(text)
    }

    fn play(
        &mut self,
        deck: &str,
        block: u64,
        rounds: Range<u64>,
        iwd: bool,
    ) -> anyhow::Result<Option<Played>> {
        if rounds.end > 1 << ROUND_BITS || block >= 1 << (64 - BLOCK_BITS) {
            bail!("optimize ran out of seeds (lower --screen, or --budget)");
        }
        let me = self.source(deck);
        let mut played = Played::default();
        let mut stats = RunStats::default();
        for (f, opponent) in self.field.iter().enumerate() {
            for seat in Player::all(2) {
                let p = (2 * f + seat.index()) as u64;
                let seated = if seat.index() == 0 {
                    [me.clone(), opponent.clone()]
                } else {
                    [opponent.clone(), me.clone()]
                };
                let game = build_match(self.pool, &seated, self.options)?;
                let names = Seats::from_fn(2, |s| seated[s.index()].name.clone());
                let bots =
                    Seats::from_fn(2, |s| self.strategies[usize::from(s != seat)].name.clone());
                let lineup = Lineup::new(&game, names, bots);
                let config = RunConfig {
                    seed: self.seed,
                    first: block << BLOCK_BITS | p << ROUND_BITS | rounds.start,
                    games: rounds.end - rounds.start,
                    shard: Shard::WHOLE,
                    log_games: 0,
                    action_cap: action_cap(self.options.max_turns),
                    progress: false,
                };
                let mut units = Vec::new();
                let report = run_with_bar(
                    std::slice::from_ref(&game),
                    &self.threads,
                    &config,
                    self.stop,
                    &self.bar,
                    |s| Bot::new(&game, &self.strategies[usize::from(s != seat)]),
                    |g| {
                        units.push(g.outcome.return_units(seat));
                        if iwd {
                            let scores = g.summaries.map(|s| s.score);
                            stats.add_game(
                                &lineup, g.rotation, &g.outcome, &scores, g.turns, &g.record,
                            );
                        }
                        Ok::<_, anyhow::Error>(())
                    },
                )?;
                if !report.complete() {
                    return Ok(None);
                }
                played.units.push(units);
            }
        }
        if let Some(mine) = stats.decks.get(&self.deck.name) {
            played.iwd = mine
                .cards
                .rows()
                .into_iter()
                .filter_map(|row| Some((row.card, row.iwd?.0)))
                .collect();
        }
        Ok(Some(played))
    }
}

/// Everything a run writes into `--out`.
struct Outputs<'a> {
    deck: &'a DeckSource,
    field: &'a [DeckSource],
    settings: &'a Value,
    budget: u64,
}

/// The columns of `optimize.csv`.
pub const COLUMNS: [&str; 17] = [
    "step",
    "out",
    "in",
    "win_rate_before",
    "win_rate_before_ci95_low",
    "win_rate_before_ci95_high",
    "win_rate_after",
    "win_rate_after_ci95_low",
    "win_rate_after_ci95_high",
    "paired_low",
    "paired_high",
    "games",
    "accepted",
    "z",
    "candidates",
    "step_games",
    "total_games",
];

impl Outputs<'_> {
    /// The improved list's file name.
    fn deck_file(&self) -> String {
        format!(
            "{}{}",
            self.deck.name,
            crate::output::names::OPTIMIZED_DECK_SUFFIX
        )
    }

    /// Writes `search`'s `optimize.csv`, improved list, `report.html` and
    /// state into `out`, replacing what was there in one step;
    /// `next_step` is the games the next step would need when the budget
    /// stopped the run.
    fn write(
        &self,
        search: &Search,
        next_step: Option<u64>,
        out: &Path,
    ) -> anyhow::Result<Vec<PathBuf>> {
        let mut dir = OutputDir::create(out)?;
        let mut csv = CsvFile::create(&dir, crate::output::names::OPTIMIZE_CSV, &COLUMNS)?;
        for r in &search.rows {
            let mut row = vec![r.step.to_string(), r.out.clone(), r.into.clone()];
            row.extend(interval_cells(Some(r.before), r.before_ci95));
            row.extend(interval_cells(Some(r.after), r.after_ci95));
            row.extend([
                fixed4(Some(r.low)),
                fixed4(Some(r.high)),
                r.games.to_string(),
                r.accepted.to_string(),
                fixed4(Some(r.z)),
                r.candidates.to_string(),
                r.step_games.to_string(),
                r.total_games.to_string(),
            ]);
            csv.row(row)?;
        }
        csv.finish(&mut dir)?;
        let mut file = dir.file(&self.deck_file())?;
        let header = format!(
            "# {} after decklab optimize ({} kept; see optimize.csv)\n",
            self.deck.name,
            super::counted(search.kept().count(), "swap")
        );
        file.write_all(header.as_bytes())
            .and_then(|()| file.write_all(search.deck.as_bytes()))
            .map_err(|e| file.error(e))?;
        dir.finish(file)?;
        let mut file = dir.file(crate::report::REPORT)?;
        file.write_all(self.page(search, next_step).as_bytes())
            .map_err(|e| file.error(e))?;
        dir.finish(file)?;
        let state = State {
            format: FORMAT,
            settings: self.settings.clone(),
            search: search.clone(),
        };
        write_json(&mut dir, STATE, &state, true)?;
        let mut inputs = Vec::new();
        input_paths(self.settings, &mut inputs);
        dir.keep_inputs(inputs);
        Ok(dir.commit()?)
    }

    /// The report page.
    fn page(&self, search: &Search, next_step: Option<u64>) -> String {
        let field: Vec<&str> = self.field.iter().map(|d| d.name.as_str()).collect();
        crate::report::optimize::render(&crate::report::optimize::Page {
            deck: &self.deck.name,
            field: &field,
            rows: &search.rows,
            list: &search.deck,
            games: search.games,
            budget: self.budget,
            ended: ending(search, self.budget, next_step),
        })
    }
}

/// Why the search stopped, in words (or that it goes on).
fn ending(search: &Search, budget: u64, next_step: Option<u64>) -> String {
    match (search.end, next_step) {
        (Some(End::NotConfirmed), _) => {
            "the best swap of the last step was not confirmed on fresh seeds".to_owned()
        }
        (Some(End::NoCandidate), _) => "no legal swap was left to try".to_owned(),
        (None, Some(cost)) => format!(
            "the budget: the next step may play up to {cost} games and {} are left \
             (a larger --budget resumes the run)",
            budget - search.games
        ),
        (None, None) => "in progress".to_owned(),
    }
}

/// The progress line of a step.
fn step_line(search: &Search, budget: u64) -> String {
    let done = format!("{} of {budget} games", search.games);
    match search.rows.last().filter(|r| r.step == search.steps) {
        Some(r) => format!(
            "decklab: step {}: -1 {} +1 {} {}: {:+.1} points [{:+.1}, {:+.1}], win rate {:.1}% -> \
             {:.1}%; {done}",
            r.step,
            r.out,
            r.into,
            if r.accepted { "kept" } else { "not kept" },
            100.0 * (r.after - r.before),
            100.0 * r.low,
            100.0 * r.high,
            100.0 * r.before,
            100.0 * r.after
        ),
        None => format!(
            "decklab: step {}: no swap left to try; {done}",
            search.steps
        ),
    }
}

/// The summary on stdout.
fn print_summary(
    deck: &DeckSource,
    field: &[DeckSource],
    search: &Search,
    budget: u64,
    next_step: Option<u64>,
    out: &Path,
    written: &[PathBuf],
) -> anyhow::Result<()> {
    let mut o = std::io::stdout().lock();
    let names: Vec<&str> = field.iter().map(|d| d.name.as_str()).collect();
    writeln!(
        o,
        "optimize: {} against {} (both seats)",
        deck.name,
        names.join(", ")
    )?;
    for r in &search.rows {
        writeln!(
            o,
            "  step {:<3} -1 {}  +1 {}  {:.1}% -> {:.1}%  {:+.1} [{:+.1}, {:+.1}]  {}",
            r.step,
            r.out,
            r.into,
            100.0 * r.before,
            100.0 * r.after,
            100.0 * (r.after - r.before),
            100.0 * r.low,
            100.0 * r.high,
            if r.accepted { "kept" } else { "not kept" }
        )?;
    }
    writeln!(
        o,
        "  {} kept; stopped: {}",
        super::counted(search.kept().count(), "swap"),
        ending(search, budget, next_step)
    )?;
    writeln!(o, "  games {} of --budget {budget}", search.games)?;
    let files: Vec<String> = written
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    writeln!(o, "files: {}/ ({})", out.display(), files.join(", "))?;
    Ok(())
}
