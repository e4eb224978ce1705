//! What the run commands print: per matchup, seat a's win rate with its
//! 95% interval, the first/second-seat split, mean turns and the reasons
//! games ended; then where the files are and the run's speed.

use std::io::{self, Write};
use std::path::Path;

use super::campaign::Finished;
use super::table::write_table;
use crate::core::Player;
use crate::stats::{Matchup, MatchupStats, RunStats, Score};

fn percent(rate: Option<f64>) -> String {
    rate.map_or_else(|| "-".to_owned(), |r| format!("{:.1}%", 100.0 * r))
}

/// Writes, per table, its results: at two seats seat a's, at more seats
/// every entry's.
pub fn write_matchups(out: &mut impl Write, stats: &RunStats) -> io::Result<()> {
    for (m, s) in &stats.matchups {
        if m.players() == 2 {
            write_duel(out, m, s)?;
        } else {
            write_table_result(out, m, s)?;
        }
    }
    Ok(())
}

/// A two-seat matchup, seat a's view.
fn write_duel(out: &mut impl Write, m: &Matchup, s: &MatchupStats) -> io::Result<()> {
    let (d, b) = (m.decks.as_slice(), m.bots.as_slice());
    writeln!(out, "{} ({}) vs {} ({})", d[0], b[0], d[1], b[1])?;
    let a = &s.entries[0];
    let ci = a.rank_score.wilson95();
    let interval = ci.map_or_else(String::new, |(lo, hi)| {
        format!("  95% CI {} – {}", percent(Some(lo)), percent(Some(hi)))
    });
    let mut rows = vec![
        [
            "games".to_owned(),
            format!(
                "{}  ({} wins a, {} wins b, {} draws)",
                s.games,
                s.wins(0),
                s.wins(1),
                s.draws()
            ),
        ],
        [
            format!("win rate {}", d[0]),
            format!("{}{interval}", percent(a.rank_score.rate())),
        ],
    ];
    // A game of rounds (Millennium Blades) has no first seat.
    if a.first.games + a.second.games > 0 {
        rows.push([
            format!("{} going first", d[0]),
            format!("{}  ({} games)", percent(a.first.rate()), a.first.games),
        ]);
        rows.push([
            format!("{} going second", d[0]),
            format!("{}  ({} games)", percent(a.second.rate()), a.second.games),
        ]);
    }
    rows.push([
        "mean turns".to_owned(),
        s.mean_turns()
            .map_or_else(String::new, |t| format!("{t:.1}")),
    ]);
    rows.push(["reasons".to_owned(), reasons(s)]);
    let width = rows.iter().map(|r| r[0].chars().count()).max().unwrap_or(0);
    for [label, value] in &rows {
        writeln!(out, "  {label:<width$}  {value}")?;
    }
    Ok(())
}

/// A table of more seats: every entry's win share (par 1/N), rank score,
/// mean final score and win share by seat.
fn write_table_result(out: &mut impl Write, m: &Matchup, s: &MatchupStats) -> io::Result<()> {
    let n = m.players();
    writeln!(
        out,
        "{} ({n} seats, {} games, mean turns {}; par win share {})",
        m.table_name(),
        s.games,
        s.mean_turns()
            .map_or_else(|| "-".to_owned(), |t| format!("{t:.1}")),
        percent(Some(1.0 / n as f64))
    )?;
    let mut rows = vec![
        [
            "entry",
            "deck",
            "bot",
            "win share",
            "95% CI",
            "rank score",
            "95% CI",
            "mean score",
        ]
        .map(String::from)
        .to_vec(),
    ];
    rows[0].extend(Player::all(n).map(|p| format!("wins at {p}")));
    let interval = |ci: Option<(f64, f64)>| {
        ci.map_or_else(
            || "-".to_owned(),
            |(lo, hi)| format!("{} – {}", percent(Some(lo)), percent(Some(hi))),
        )
    };
    for (e, entry) in s.entries.iter().enumerate() {
        let mut row = vec![
            Player::new(e).letter().to_string(),
            m.decks.as_slice()[e].clone(),
            m.bots.as_slice()[e].clone(),
            percent(entry.win_share.rate()),
            interval(entry.win_share.wilson95()),
            format!("{:.3}", entry.rank_score.rate().unwrap_or(0.0)),
            entry
                .rank_score
                .normal95()
                .map_or_else(|| "-".to_owned(), |(lo, hi)| format!("{lo:.3} – {hi:.3}")),
            s.mean_final_score(e)
                .map_or_else(|| "-".to_owned(), |x| format!("{x:.1}")),
        ];
        row.extend((0..n).map(|seat| percent(entry.by_seat.get(seat).and_then(Score::rate))));
        rows.push(row);
    }
    let right: Vec<usize> = (3..rows[0].len()).collect();
    write_table(out, &rows, &right)?;
    writeln!(out, "  reasons: {}", reasons(s))
}

/// How many games ended for each reason.
fn reasons(s: &MatchupStats) -> String {
    let r: Vec<String> = s.reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    r.join(", ")
}

/// Writes where the files of a finished run in `dir` are, and its speed:
/// every game played counts, the other arms of an experiment included.
pub fn write_footer(out: &mut impl Write, dir: &Path, finished: &Finished) -> io::Result<()> {
    let names: Vec<String> = finished
        .written
        .iter()
        .filter(|p| !p.starts_with(dir.join("logs")))
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    let logs = finished.written.len() - names.len();
    write!(out, "files: {}/ ({})", dir.display(), names.join(", "))?;
    if logs > 0 {
        write!(out, " and {} in logs/", super::counted(logs, "game log"))?;
    }
    writeln!(out)?;
    let report = &finished.report;
    let seconds = report.elapsed.as_secs_f64();
    if finished.arm_games == 0 {
        writeln!(
            out,
            "{} games in {seconds:.2} s ({:.1} games/s)",
            report.games,
            report.games_per_second()
        )
    } else {
        let all = report.games + finished.arm_games;
        writeln!(
            out,
            "{} games, and {} of the grant experiment, in {seconds:.2} s ({:.1} games/s)",
            report.games,
            finished.arm_games,
            all as f64 / seconds.max(1e-9)
        )
    }
}
