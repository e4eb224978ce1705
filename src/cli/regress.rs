//! `decklab regress`: the CI gate. Plays a matchup in batches and applies
//! Wald's SPRT (fishtest's GSPRT) to the deck's win rate against a committed baseline,
//! stopping as soon as it decides: exit 0 for no regression, 1 for a
//! regression, 2 for bad input.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use serde_json::json;

use clap::ValueEnum;

use super::baseline::{
    Baseline, BaselineKind, FLAGS, Key, check_settings, measured, read_baseline, read_settings,
    recorded_settings, settings_path,
};
use super::campaign::{Campaign, Finished, Pairing, Session, exit_status, strategy_file};
use super::config::strategy;
use super::flags::{MatchArgs, MatchFormat, ModeArg, RunArgs, fraction, games};
use super::interrupt::{INTERRUPTED, stop_flag};
use super::ruleset::DeckSource;
use super::summary::write_footer;
use super::with_ruleset;
use crate::games::{GameKind, Ruleset};
use crate::output::names::SUMMARY_CSV;
use crate::stats::{HeadToHead, Score, Sprt, Verdict, head_to_head};

const EXAMPLES: &str = "\
The baseline is a summary.csv (the deck as seat a) or a matchups.csv (the
deck over both seats) with a row for the --deck/--opponent and bots given.
Wald's SPRT (fishtest's GSPRT), H0: the win rate is the baseline's minus --h0 (0.03) or
better; H1: the baseline's minus --h1 (0.06) or worse; a drop in between
may go either way. At more than two seats (--players) the
gate is the deck's rank score, (N − rank)/(N − 1), not its win share.

--write-baseline also writes FILE's conditions beside it (x.csv ->
x.settings.json: ruleset, seats, rule options, --set, and the hashes of the
opponents' decks and the strategies). A check under other conditions exits
2 naming each one that differs; the deck under test and the card files
may change, since they are what the gate judges (a --set what-if may not:
run it with decklab compare, or edit a card file). The --deck, --opponent,
--bot and --opponent-bot flags are kept too, as typed, for a folder check.

--baseline DIR gates every .csv under DIR, each with the game, rules, decks
and bots of its settings file (of an older one without flags, the names
of its row), and exits with the worst status.

Exit status: 0 no regression, 1 regression, 2 bad input (a missing or
mismatched baseline, bad flags), 130 interrupted.

Examples:
  decklab regress --write-baseline --baseline results/baselines/hero-rush.csv --games 1000
  decklab regress --baseline results/baselines/hero-rush.csv
  decklab regress --write-baseline --deck my.deck --baseline results/baselines/my.csv --games 1000
  decklab regress --baseline results/baselines/my.csv --deck my.deck --h0 0.02 --h1 0.05
  decklab regress --baseline results/baselines/nostalgix";

/// The arguments of `decklab regress`.
#[derive(Clone, Debug, Args)]
// A sequential test decides after every batch: it cannot be sharded, so
// the shared --shard flag is hidden here (and refused if given).
#[command(after_help = EXAMPLES, mut_arg("shard", |a| a.hide(true)))]
pub struct RegressArgs {
    /// The baseline: a summary.csv or matchups.csv, e.g. under
    /// results/baselines/; or a folder of them, each gated with its own
    /// recorded settings.
    #[arg(long, value_name = "FILE")]
    baseline: PathBuf,
    /// Record a new baseline instead: play --games games and write their
    /// summary.csv to FILE.
    #[arg(long)]
    write_baseline: bool,
    /// Games a new baseline is measured over (with --write-baseline).
    #[arg(short = 'n', long, value_name = "N", default_value_t = 2000, value_parser = games())]
    games: u64,
    /// H0, the drop that passes: the test accepts "no regression" for a
    /// win rate (rank score) of the baseline's minus this or better.
    #[arg(long, value_name = "DROP", default_value_t = 0.03, value_parser = fraction)]
    h0: f64,
    /// H1, the drop that fails: the test accepts "regression" for the
    /// baseline's minus this or worse. Between --h0 and --h1 either verdict
    /// may come.
    #[arg(long, value_name = "DROP", default_value_t = 0.06, value_parser = fraction)]
    h1: f64,
    /// The false alarm rate.
    #[arg(long, value_name = "A", default_value_t = 0.05, value_parser = fraction)]
    alpha: f64,
    /// The missed regression rate.
    #[arg(long, value_name = "B", default_value_t = 0.05, value_parser = fraction)]
    beta: f64,
    /// Games after which the test stops undecided (then the sign of the
    /// log-likelihood ratio decides).
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = games())]
    max_games: u64,
    /// Games per batch: the test looks at the results after each.
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = games())]
    batch: u64,
    /// The match.
    #[command(flatten)]
    matchup: MatchArgs,
    /// Seeds, threads, output.
    #[command(flatten)]
    run: RunArgs,
}

/// Runs `decklab regress`.
pub fn run(args: RegressArgs) -> anyhow::Result<ExitCode> {
    if !args.run.shard.is_whole() {
        let why = "regress decides after every batch, so it cannot be sharded";
        match super::defaults::at_line("shard") {
            Some(place) => bail!("{place}: {why}: remove it from decklab.toml"),
            None => bail!("{why}: drop --shard"),
        }
    }
    if args.baseline.is_dir() {
        return regress_folder(&args);
    }
    with_ruleset!(args.matchup.rules.game, R => regress::<R>(&args))
}

/// Gates every baseline of a folder (its `.csv` files, recursively), each
/// with the decks, bots and rules it records, into its own output folder
/// under `--out`; prints a line per baseline and exits with the worst
/// status: 2 if any could not be checked, else 1 if any regressed, else 0
/// (130 if interrupted).
fn regress_folder(args: &RegressArgs) -> anyhow::Result<ExitCode> {
    let m = &args.matchup;
    let r = &m.rules;
    if args.write_baseline {
        bail!(
            "--write-baseline needs a baseline file, not the folder {}",
            args.baseline.display()
        );
    }
    if !m.deck.is_empty()
        || m.opponent.is_some()
        || !m.bots.bot.is_empty()
        || r.game != GameKind::Nostalgix
        || r.players.is_some()
        || r.max_turns.is_some()
        || r.cards.is_some()
        || !r.set.is_empty()
        || r.match_format.is_some()
    {
        bail!(
            "with a baseline folder each file's settings choose the game, decks, bots and rules: \
             drop --game, --deck, --opponent, --bot, --players, --max-turns, --cards, --set and \
             --match (or gate one file with --baseline FILE)"
        );
    }
    let files = baseline_files(&args.baseline)?;
    if files.is_empty() {
        bail!(
            "{}: no baseline (.csv) in this folder",
            args.baseline.display()
        );
    }
    let mut verdicts = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&args.baseline).unwrap_or(file);
        println!("== {}", file.display());
        let status = folder_entry(args, file, relative).unwrap_or_else(|e| {
            eprintln!("decklab: {}: {e:#}", file.display());
            ExitCode::from(2)
        });
        let interrupted = status == ExitCode::from(INTERRUPTED);
        verdicts.push((relative.display().to_string(), status));
        if interrupted {
            break;
        }
    }
    let verdict = |status: &ExitCode| match status {
        s if *s == ExitCode::SUCCESS => "ok",
        s if *s == ExitCode::from(1) => "REGRESSION",
        s if *s == ExitCode::from(INTERRUPTED) => "interrupted",
        _ => "not checked",
    };
    println!(
        "regress: {} in {}",
        super::counted(files.len(), "baseline"),
        args.baseline.display()
    );
    for (name, status) in &verdicts {
        println!("  {:<12}{name}", verdict(status));
    }
    let worst = [INTERRUPTED, 2, 1]
        .into_iter()
        .find(|code| verdicts.iter().any(|(_, s)| *s == ExitCode::from(*code)));
    Ok(worst.map_or(ExitCode::SUCCESS, ExitCode::from))
}

/// The `.csv` files under `dir`, recursively, in path order.
fn baseline_files(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    for entry in entries {
        let path = entry
            .with_context(|| format!("cannot read {}", dir.display()))?
            .path();
        if path.is_dir() {
            found.extend(baseline_files(&path)?);
        } else if path.extension().is_some_and(|x| x == "csv") {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// Gates the baseline `file` of a folder with the arguments it records.
fn folder_entry(args: &RegressArgs, file: &Path, relative: &Path) -> anyhow::Result<ExitCode> {
    let Some(settings) = read_settings(file)? else {
        bail!(
            "no {} beside it, so its game and rules are unknown: re-record it with \
             --write-baseline",
            settings_path(file).display()
        );
    };
    let measured = measured(file)?;
    let text = |key: &str| settings.get(key).and_then(serde_json::Value::as_str);
    let number = |key: &str| settings.get(key).and_then(serde_json::Value::as_u64);
    let game = text("game").unwrap_or_default();
    let mut one = args.clone();
    one.baseline = file.to_path_buf();
    one.run.out = args.run.out.join(relative.with_extension(""));
    let m = &mut one.matchup;
    m.rules.game = GameKind::from_str(game, false)
        .map_err(|_| anyhow::anyhow!("{}: unknown game {game:?}", settings_path(file).display()))?;
    m.rules.players = number("players").map(|n| n as usize);
    m.rules.max_turns = number("max_turns").and_then(|n| u16::try_from(n).ok());
    if let Some(mode) = text("mode") {
        m.rules.mode = ModeArg::from_str(mode, false).map_err(anyhow::Error::msg)?;
    }
    if let Some(ticks) = number("ticks_per_minute") {
        m.rules.ticks_per_minute = ticks as u8;
    }
    m.rules.pre_release = settings.get("pre_release") == Some(&serde_json::Value::Bool(true));
    m.rules.set = settings
        .get("set")
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    m.rules.match_format = match number("match_games") {
        Some(3) => Some(MatchFormat::BestOf3),
        Some(5) => Some(MatchFormat::BestOf5),
        _ => None,
    };
    match settings.get(FLAGS) {
        // The flags it was recorded with: deck and strategy files are
        // found where they were.
        Some(flags) => {
            let strings = |key: &str| -> Vec<String> {
                flags
                    .get(key)
                    .and_then(serde_json::Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            };
            let string = |key: &str| flags.get(key).and_then(|v| v.as_str().map(str::to_owned));
            m.deck = strings("deck");
            m.opponent = string("opponent");
            m.bots.bot = strings("bot");
            m.bots.opponent_bot = string("opponent_bot").unwrap_or_else(|| "greedy".to_owned());
            // The card pool it was measured on, if a flag named it.
            m.rules.cards = string("cards").map(PathBuf::from);
        }
        // A baseline of an earlier version: the names of its row.
        None => {
            m.deck = measured.decks;
            m.bots.bot = vec![measured.bot];
            m.bots.opponent_bot = measured.opponent_bot;
        }
    }
    with_ruleset!(m.rules.game, R => regress::<R>(&one))
}

fn regress<R: Ruleset>(args: &RegressArgs) -> anyhow::Result<ExitCode> {
    let (rules, table) = args.matchup.resolve::<R>()?;
    let (pool, options, players) = (&rules.pool, rules.options, rules.players);
    let decks = &table.decks;
    let (deck, opponent) = (&decks[0], &decks[1]);
    // The deck as seat a is always played; as seat b too against a
    // matchups.csv baseline. At more than two seats the entries go round
    // the table.
    let entries: Vec<&DeckSource> = decks.iter().collect();
    let seats: Vec<usize> = (0..players).collect();
    let mut pairings = vec![Pairing::new(pool, &entries, &seats, options)?];
    let strategies = table
        .bots
        .iter()
        .enumerate()
        .map(|(seat, bot)| {
            let flag = args.matchup.bots.flag_of(seat);
            strategy(&pairings[0].games[0], bot, flag)
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let table = if players > 2 {
        let names: Vec<&str> = decks.iter().map(|d| d.name.as_str()).collect();
        names.join(" + ")
    } else {
        String::new()
    };
    let key = Key {
        deck: &deck.name,
        bot: &strategies[0].name,
        opponent: &opponent.name,
        opponent_bot: &strategies[1].name,
        table: &table,
    };
    // Bad input is found before any game is played.
    let baseline = if args.write_baseline {
        None
    } else {
        Some(read_baseline(&args.baseline, &key).map_err(|e| other_game::<R>(&args.baseline, e))?)
    };
    let test = match &baseline {
        Some(b) => Some(
            Sprt::new(b.win_rate, args.h0, args.h1, args.alpha, args.beta)
                .map_err(|m| {
                    // Placed at the line of a flag the message names.
                    let named: Vec<&str> = ["h0", "h1", "alpha", "beta"]
                        .into_iter()
                        .filter(|f| m.contains(&format!("--{f}")))
                        .collect();
                    super::config::at_file_line(&named, m)
                })
                .with_context(|| format!("baseline {}", args.baseline.display()))?,
        ),
        None => None,
    };
    let both_seats = baseline
        .as_ref()
        .is_some_and(|b| b.kind == BaselineKind::Matchups);
    if both_seats {
        pairings.push(Pairing::new(pool, &[opponent, deck], &[1, 0], options)?);
    }
    let mut files = pool.files.clone();
    files.push(deck.input_file("deck"));
    files.push(opponent.input_file("opponent"));
    let mut bots = vec![
        ("bot".to_owned(), &strategies[0]),
        ("opponent_bot".to_owned(), &strategies[1]),
    ];
    for (seat, (source, s)) in decks.iter().zip(&strategies).enumerate().skip(2) {
        let letter = crate::core::Player::new(seat).letter();
        files.push(source.input_file(&format!("deck_{letter}")));
        bots.push((format!("bot_{letter}"), s));
    }
    // What the figure depends on besides the seed: recorded with a new
    // baseline, checked against an existing one before any game.
    let mut settings = recorded_settings(R::NAME, players, &options, &rules.set, &files, &bots);
    files.extend(bots.iter().map(|(role, s)| strategy_file(role, s)));
    if baseline.is_some() {
        check_settings(&args.baseline, &settings)?;
    } else if let Some(fields) = settings.as_object_mut() {
        // Where the decks and strategies came from, for a folder check.
        let m = &args.matchup;
        fields.insert(
            FLAGS.to_owned(),
            json!({
                "deck": m.deck,
                "opponent": m.opponent,
                "bot": m.bots.bot,
                "opponent_bot": m.bots.opponent_bot,
                "cards": m.rules.cards,
            }),
        );
    }
    let seatings = pairings.len() as u64;
    let per_pairing = |games: u64| games.div_ceil(seatings);
    let block = per_pairing(if test.is_some() {
        args.max_games
    } else {
        args.games
    });
    let mut manifest_settings = json!({
        "deck": key.deck,
        "bot": key.bot,
        "opponent": key.opponent,
        "opponent_bot": key.opponent_bot,
        "baseline": args.baseline.display().to_string(),
    });
    if let Some(fields) = manifest_settings.as_object_mut() {
        rules.settings(fields);
    }
    let campaign = Campaign {
        command: "regress",
        pairings,
        strategies: strategies.clone(),
        block,
        options,
        files,
        settings: manifest_settings,
        followed: Some(deck.name.clone()),
    };
    let stop = stop_flag();
    let Some(test) = test else {
        return write_baseline(&campaign, args, stop, &key, &settings);
    };
    let baseline = baseline.unwrap_or(Baseline {
        kind: BaselineKind::Summary,
        win_rate: 0.0,
        games: 0,
        ci95: None,
    });
    let mut session = Session::start(
        &campaign,
        &args.run,
        stop,
        campaign.block * campaign.pairings.len() as u64,
    )?;
    let mut played = 0;
    let mut verdict = None;
    let mut score = Score::default();
    let mut complete = true;
    while played < block && verdict.is_none() && complete {
        let batch = per_pairing(args.batch).min(block - played);
        for p in 0..campaign.pairings.len() {
            complete &= session.play(p, played, batch)?;
        }
        played += batch;
        score = deck_score(&session.stats, &key, both_seats);
        verdict = test.decide(test.llr(&score));
    }
    let llr = test.llr(&score);
    let truncated = verdict.is_none();
    let verdict = verdict.unwrap_or(if llr > 0.0 {
        Verdict::Regression
    } else {
        Verdict::NoRegression
    });
    session.note(
        "sprt",
        json!({
            "baseline_win_rate": baseline.win_rate,
            "h0_drop": args.h0,
            "h1_drop": args.h1,
            "alpha": args.alpha,
            "beta": args.beta,
            "h0": test.p0,
            "h1": test.p1,
            "llr": llr,
            "lower": test.lower,
            "upper": test.upper,
            "games": score.games,
            "win_rate": score.rate(),
            "truncated": truncated,
            "verdict": match verdict {
                Verdict::Regression => "regression",
                Verdict::NoRegression => "no_regression",
            },
        }),
    );
    let finished = session.finish(|_, _| Ok(()))?;
    let Some(f) = finished.as_ref().filter(|f| f.report.complete()) else {
        return Ok(exit_status(finished.as_ref(), &args.run.out));
    };
    let mut out = std::io::stdout().lock();
    let measure = measure(campaign.players());
    let percent = |x: f64| format!("{:.1}%", 100.0 * x);
    // The interval summary.csv gives the same figure: Wilson's for a win
    // rate at two seats, the rank score's mean ± 1.96·s/√n at more.
    let ranked = campaign.players() > 2;
    let interval = |ci: Option<(f64, f64)>| {
        ci.map_or_else(String::new, |(lo, hi)| {
            format!(" (95% CI {} – {})", percent(lo), percent(hi))
        })
    };
    writeln!(
        out,
        "regress: {key}{}",
        if both_seats { ", both seats" } else { "" }
    )?;
    let base_score = Score::with_points(baseline.games, baseline.win_rate * baseline.games as f64);
    writeln!(
        out,
        "  baseline   {} over {} games{}  ({})",
        percent(baseline.win_rate),
        baseline.games,
        interval(if ranked {
            baseline.ci95
        } else {
            base_score.wilson95()
        }),
        args.baseline.display()
    )?;
    writeln!(
        out,
        "  now        {} over {} games{}",
        score.rate().map_or_else(|| "-".into(), percent),
        score.games,
        interval(if ranked {
            score.normal95()
        } else {
            score.wilson95()
        })
    )?;
    writeln!(
        out,
        "  SPRT       H0 {measure} ≥ {} vs H1 ≤ {} (--h0 {}, --h1 {}, alpha {}, beta {})",
        percent(test.p0),
        percent(test.p1),
        args.h0,
        args.h1,
        args.alpha,
        args.beta
    )?;
    writeln!(
        out,
        "  LLR        {llr:.3}, bounds [{:.3}, {:.3}]{}",
        test.lower,
        test.upper,
        if truncated {
            format!(
                " — undecided at --max-games {}: the LLR's sign decides",
                args.max_games
            )
        } else {
            String::new()
        }
    )?;
    write_footer(&mut out, &args.run.out, f)?;
    // A bound crossed accepts a hypothesis; at --max-games neither was.
    let (h0, h1) = if truncated {
        (
            "undecided, the LLR's sign leans to H0",
            "undecided, the LLR's sign leans to H1",
        )
    } else {
        ("H0 accepted", "H1 accepted")
    };
    Ok(match verdict {
        Verdict::NoRegression => {
            writeln!(out, "verdict: no regression ({h0})")?;
            ExitCode::SUCCESS
        }
        Verdict::Regression => {
            writeln!(out, "verdict: REGRESSION ({h1})")?;
            ExitCode::from(1)
        }
    })
}

/// The error `e` of a baseline without a row for the flags, with a hint
/// when its settings name another game than the run's (`--game` not given,
/// or another).
fn other_game<R: Ruleset>(path: &Path, e: anyhow::Error) -> anyhow::Error {
    let recorded = read_settings(path).ok().flatten();
    match recorded.as_ref().and_then(|s| s.get("game")?.as_str()) {
        Some(game) if game != R::NAME => anyhow::anyhow!(
            "{e:#}\n{} says it was recorded in {game}, and this run plays {}: add --game {game}",
            settings_path(path).display(),
            R::NAME
        ),
        _ => e,
    }
}

/// What the gate measures: at two seats the deck's win rate (a draw
/// counting half), at more its mean rank score (`(N − rank)/(N − 1)`, the
/// same figure at two seats). Win share is not gated: its variance at N
/// seats makes the test slower for the same tolerance.
fn measure(players: usize) -> &'static str {
    if players > 2 {
        "rank score"
    } else {
        "win rate"
    }
}

/// The score of the deck of `key` over the games played: as seat a, or
/// over both seats.
fn deck_score(stats: &crate::stats::RunStats, key: &Key<'_>, both_seats: bool) -> Score {
    if !both_seats {
        return stats
            .matchups
            .values()
            .next()
            .map(|s| s.entries[0].rank_score)
            .unwrap_or_default();
    }
    head_to_head(stats)
        .into_iter()
        .find(|(p, _)| p.deck == key.deck && p.bot == key.bot && p.opponent == key.opponent)
        .map(|(_, h): (_, HeadToHead)| h.score)
        .unwrap_or_default()
}

/// Plays the baseline's games and writes their `summary.csv` to the
/// baseline file and the settings it depends on beside it (atomically),
/// and the run's own files.
fn write_baseline<R: Ruleset>(
    campaign: &Campaign<R>,
    args: &RegressArgs,
    stop: &std::sync::atomic::AtomicBool,
    key: &Key<'_>,
    settings: &serde_json::Value,
) -> anyhow::Result<ExitCode> {
    check_writable(&args.baseline)?;
    let mut session = Session::start(campaign, &args.run, stop, campaign.block)?;
    session.play(0, 0, campaign.block)?;
    let finished: Option<Finished> = session.finish(|_, _| Ok(()))?;
    let Some(f) = finished.as_ref().filter(|f| f.report.complete()) else {
        return Ok(exit_status(finished.as_ref(), &args.run.out));
    };
    let summary = args.run.out.join(SUMMARY_CSV);
    let bytes =
        std::fs::read(&summary).with_context(|| format!("cannot read {}", summary.display()))?;
    write_atomically(&args.baseline, &bytes)?;
    let recorded = serde_json::to_string_pretty(settings)? + "\n";
    write_atomically(&settings_path(&args.baseline), recorded.as_bytes())?;
    let mut out = std::io::stdout().lock();
    let s = f
        .stats
        .matchups
        .values()
        .next()
        .map(|m| m.entries[0].rank_score)
        .unwrap_or_default();
    writeln!(
        out,
        "baseline {}: {key}: {} {} over {} games",
        args.baseline.display(),
        measure(campaign.players()),
        crate::output::fixed4(s.rate()),
        s.games
    )?;
    write_footer(&mut out, &args.run.out, f)?;
    Ok(ExitCode::SUCCESS)
}

/// Whether a new baseline can be written to `to`, checked before any game
/// and leaving nothing behind: `to` is not a directory, and its nearest
/// existing folder is a folder that takes a new file.
fn check_writable(to: &Path) -> anyhow::Result<()> {
    let shown = to.display();
    if to.is_dir() {
        bail!("--baseline {shown}: a directory; a new baseline is a file (e.g. {shown}/mine.csv)");
    }
    let mut folder = to.parent();
    while let Some(dir) = folder.filter(|d| !d.as_os_str().is_empty() && !d.exists()) {
        folder = dir.parent();
    }
    let folder = folder
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !folder.is_dir() {
        bail!(
            "--baseline {shown}: {} is a file, so the baseline cannot go under it",
            folder.display()
        );
    }
    tempfile::NamedTempFile::new_in(folder)
        .map(drop)
        .with_context(|| format!("--baseline {shown}: cannot write in {}", folder.display()))
}

/// Writes `bytes` to `to` through a temporary file beside it, renamed
/// into place: `to` is the old file or the new one, never a part.
fn write_atomically(to: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let parent = match to.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let mut tmp = tempfile::NamedTempFile::new_in(&parent)
        .with_context(|| format!("cannot write to {}", parent.display()))?;
    tmp.write_all(bytes)
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", to.display()))?;
    tmp.persist(to)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot write {}", to.display()))?;
    Ok(())
}
