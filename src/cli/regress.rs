//! `decklab regress`: the CI gate. Plays a matchup in batches and applies
//! Wald's SPRT to the deck's win rate against a committed baseline,
//! stopping as soon as it decides: exit 0 for no regression, 1 for a
//! regression, 2 for bad input.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use serde_json::json;

use super::baseline::{Baseline, BaselineKind, Key, read_baseline};
use super::campaign::{Campaign, Finished, Pairing, RunArgs, Session, exit_status, strategy_file};
use super::interrupt::stop_flag;
use super::matchup::MatchArgs;
use super::ruleset::match_decks;
use super::simulate::{check_games, strategy};
use super::summary::write_footer;
use super::with_ruleset;
use crate::games::Ruleset;
use crate::stats::{HeadToHead, Score, Sprt, Verdict, head_to_head};

const EXAMPLES: &str = "\
The baseline is a summary.csv (the deck as seat a) or a matchups.csv (the
deck over both seats) with a row for the --deck/--opponent and bots given.
H0: the win rate is no worse than the baseline's minus --tolerance; H1: it
is worse by 2 × --tolerance or more.

Exit status: 0 no regression, 1 regression, 2 bad input (a missing or
mismatched baseline, bad flags), 130 interrupted.

Examples:
  decklab regress --write-baseline --baseline results/baselines/hero-rush.csv --games 2000
  decklab regress --baseline results/baselines/hero-rush.csv
  decklab regress --baseline results/baselines/hero-rush.csv --deck my.deck --tolerance 0.05";

/// The arguments of `decklab regress`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct RegressArgs {
    /// The baseline: a summary.csv or matchups.csv, e.g. under
    /// results/baselines/.
    #[arg(long, value_name = "FILE")]
    baseline: PathBuf,
    /// Record a new baseline instead: play --games games and write their
    /// summary.csv to FILE.
    #[arg(long)]
    write_baseline: bool,
    /// Games a new baseline is measured over (with --write-baseline).
    #[arg(long, value_name = "N", default_value_t = 2000)]
    games: u64,
    /// The win rate drop tolerated.
    #[arg(long, value_name = "T", default_value_t = 0.03)]
    tolerance: f64,
    /// The false alarm rate.
    #[arg(long, value_name = "A", default_value_t = 0.05)]
    alpha: f64,
    /// The missed regression rate.
    #[arg(long, value_name = "B", default_value_t = 0.05)]
    beta: f64,
    /// Games after which the test stops undecided (then the sign of the
    /// log-likelihood ratio decides).
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    max_games: u64,
    /// Games per batch: the test looks at the results after each.
    #[arg(long, value_name = "N", default_value_t = 200)]
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
    args.run.check()?;
    check_games(args.games)?;
    if args.max_games == 0 || args.batch == 0 {
        bail!("--max-games and --batch must be at least 1");
    }
    if !args.run.shard.is_whole() {
        bail!("regress decides after every batch, so it cannot be sharded: drop --shard");
    }
    with_ruleset!(args.matchup.rules.game, R => regress::<R>(&args))
}

fn regress<R: Ruleset>(args: &RegressArgs) -> anyhow::Result<ExitCode> {
    let m = &args.matchup;
    let pool = m.rules.pool::<R>()?;
    let options = m.rules.options::<R>()?;
    let decks = match_decks::<R>(&m.decks_by_seat(2)?)?;
    let (deck, opponent) = (&decks[0], &decks[1]);
    // The deck as seat a is always played; as seat b too against a
    // matchups.csv baseline.
    let mut pairings = vec![Pairing::new(&pool, &[deck, opponent], &[0, 1], options)?];
    let strategies = vec![
        strategy(&pairings[0].games[0], m.bots.first(), "--bot")?,
        strategy(
            &pairings[0].games[0],
            &m.bots.opponent_bot,
            "--opponent-bot",
        )?,
    ];
    let key = Key {
        deck: &deck.name,
        bot: &strategies[0].name,
        opponent: &opponent.name,
        opponent_bot: &strategies[1].name,
    };
    // Bad input is found before any game is played.
    let baseline = if args.write_baseline {
        None
    } else {
        Some(read_baseline(&args.baseline, &key)?)
    };
    let test = match &baseline {
        Some(b) => Some(
            Sprt::new(b.win_rate, args.tolerance, args.alpha, args.beta)
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("baseline {}", args.baseline.display()))?,
        ),
        None => None,
    };
    let both_seats = baseline
        .as_ref()
        .is_some_and(|b| b.kind == BaselineKind::Matchups);
    if both_seats {
        pairings.push(Pairing::new(&pool, &[opponent, deck], &[1, 0], options)?);
    }
    let mut files = pool.files.clone();
    files.push(deck.input_file("deck"));
    files.push(opponent.input_file("opponent"));
    files.push(strategy_file("bot", &strategies[0]));
    files.push(strategy_file("opponent_bot", &strategies[1]));
    let seatings = pairings.len() as u64;
    let per_pairing = |games: u64| games.div_ceil(seatings);
    let block = per_pairing(if test.is_some() {
        args.max_games
    } else {
        args.games
    });
    let campaign = Campaign {
        command: "regress",
        pairings,
        strategies: strategies.clone(),
        block,
        options,
        files,
        settings: json!({
            "deck": key.deck,
            "bot": key.bot,
            "opponent": key.opponent,
            "opponent_bot": key.opponent_bot,
            "baseline": args.baseline.display().to_string(),
            "set": m.rules.set,
            "match": m.rules.match_format.map(|f| f.name()),
        }),
    };
    let stop = stop_flag();
    let Some(test) = test else {
        return write_baseline(&campaign, args, stop, &key);
    };
    let baseline = baseline.unwrap_or(Baseline {
        kind: BaselineKind::Summary,
        win_rate: 0.0,
        games: 0,
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
            "tolerance": args.tolerance,
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
    let percent = |x: f64| format!("{:.1}%", 100.0 * x);
    let interval = |s: &Score| {
        s.wilson95().map_or_else(String::new, |(lo, hi)| {
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
        interval(&base_score),
        args.baseline.display()
    )?;
    writeln!(
        out,
        "  now        {} over {} games{}",
        score.rate().map_or_else(|| "-".into(), percent),
        score.games,
        interval(&score)
    )?;
    writeln!(
        out,
        "  SPRT       H0 win rate ≥ {} vs H1 ≤ {} (tolerance {}, alpha {}, beta {})",
        percent(test.p0),
        percent(test.p1),
        args.tolerance,
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
    write_footer(&mut out, &args.run.out, &f.written, &f.report)?;
    Ok(match verdict {
        Verdict::NoRegression => {
            writeln!(out, "verdict: no regression (H0 accepted)")?;
            ExitCode::SUCCESS
        }
        Verdict::Regression => {
            writeln!(out, "verdict: REGRESSION (H1 accepted)")?;
            ExitCode::from(1)
        }
    })
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
/// baseline file (atomically), beside the run's own files.
fn write_baseline<R: Ruleset>(
    campaign: &Campaign<R>,
    args: &RegressArgs,
    stop: &std::sync::atomic::AtomicBool,
    key: &Key<'_>,
) -> anyhow::Result<ExitCode> {
    let mut session = Session::start(campaign, &args.run, stop, campaign.block)?;
    session.play(0, 0, campaign.block)?;
    let finished: Option<Finished> = session.finish(|_, _| Ok(()))?;
    let Some(f) = finished.as_ref().filter(|f| f.report.complete()) else {
        return Ok(exit_status(finished.as_ref(), &args.run.out));
    };
    copy_atomically(&args.run.out.join("summary.csv"), &args.baseline)?;
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
        "baseline {}: {key}: win rate {} over {} games",
        args.baseline.display(),
        crate::output::fixed4(s.rate()),
        s.games
    )?;
    write_footer(&mut out, &args.run.out, &f.written, &f.report)?;
    Ok(ExitCode::SUCCESS)
}

/// Copies `from` to `to` through a temporary file beside `to`, renamed
/// into place: `to` is the old file or the new one, never a part.
fn copy_atomically(from: &Path, to: &Path) -> anyhow::Result<()> {
    let parent = match to.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let mut tmp = tempfile::NamedTempFile::new_in(&parent)
        .with_context(|| format!("cannot write to {}", parent.display()))?;
    let bytes = std::fs::read(from).with_context(|| format!("cannot read {}", from.display()))?;
    tmp.write_all(&bytes)
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", to.display()))?;
    tmp.persist(to)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot write {}", to.display()))?;
    Ok(())
}
