//! What the run commands print: per matchup, seat a's win rate with its
//! 95% interval, the first/second-seat split, mean turns and the reasons
//! games ended; then where the files are and the run's speed.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::sim::RunReport;
use crate::stats::RunStats;

fn percent(rate: Option<f64>) -> String {
    rate.map_or_else(|| "-".to_owned(), |r| format!("{:.1}%", 100.0 * r))
}

/// Writes, per matchup, seat a's results.
pub fn write_matchups(out: &mut impl Write, stats: &RunStats) -> io::Result<()> {
    for (m, s) in &stats.matchups {
        let (a, b) = (&m.decks, &m.bots);
        writeln!(out, "{} ({}) vs {} ({})", a[0], b[0], a[1], b[1])?;
        let ci = s.score_a.wilson95();
        let interval = ci.map_or_else(String::new, |(lo, hi)| {
            format!("  95% CI {} – {}", percent(Some(lo)), percent(Some(hi)))
        });
        let reasons: Vec<String> = s.reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
        let rows = [
            [
                "games".to_owned(),
                format!(
                    "{}  ({} wins a, {} wins b, {} draws)",
                    s.score_a.games, s.wins[0], s.wins[1], s.draws
                ),
            ],
            [
                format!("win rate {}", a[0]),
                format!("{}{interval}", percent(s.score_a.rate())),
            ],
            [
                format!("{} going first", a[0]),
                format!("{}  ({} games)", percent(s.a_first.rate()), s.a_first.games),
            ],
            [
                format!("{} going second", a[0]),
                format!(
                    "{}  ({} games)",
                    percent(s.a_second.rate()),
                    s.a_second.games
                ),
            ],
            [
                "mean turns".to_owned(),
                s.mean_turns()
                    .map_or_else(String::new, |t| format!("{t:.1}")),
            ],
            ["reasons".to_owned(), reasons.join(", ")],
        ];
        let width = rows.iter().map(|r| r[0].chars().count()).max().unwrap_or(0);
        for [label, value] in &rows {
            writeln!(out, "  {label:<width$}  {value}")?;
        }
    }
    Ok(())
}

/// Writes where the files `written` of a run in `dir` are, and its speed.
pub fn write_footer(
    out: &mut impl Write,
    dir: &Path,
    written: &[PathBuf],
    report: &RunReport,
) -> io::Result<()> {
    let names: Vec<String> = written
        .iter()
        .filter(|p| !p.starts_with(dir.join("logs")))
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    let logs = written.len() - names.len();
    write!(out, "files: {}/ ({})", dir.display(), names.join(", "))?;
    if logs > 0 {
        let plural = if logs == 1 { "" } else { "s" };
        write!(out, " and {logs} game log{plural} in logs/")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{} games in {:.2} s ({:.1} games/s)",
        report.games,
        report.elapsed.as_secs_f64(),
        report.games_per_second()
    )
}
