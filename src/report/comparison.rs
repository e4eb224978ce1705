//! The page of `decklab compare --html`: the rows `compare` computed, a
//! section per table of rows, each a dot-and-whisker chart of B − A with
//! its interval and a table of both rates, flagged rows highlighted. The
//! page states figures; it computes none.

use std::fmt::Write;

use super::charts::{Whisker, whisker_chart};
use super::html::{esc, interval};
use super::read::Estimate;

/// One run's rate in a compared row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    /// The rate with its 95% interval.
    pub rate: Estimate,
    /// The games it is over.
    pub games: u64,
}

/// One compared row: what it is the rate of, both runs' rates and B − A.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The row's key (`deck / bot / opponent / bot`, `deck / card`).
    pub key: String,
    /// Run A's rate.
    pub a: Side,
    /// Run B's rate.
    pub b: Side,
    /// B − A and its 95% interval, as shares.
    pub diff: Option<(f64, f64, f64)>,
    /// Whether the change holds once every row compared is accounted for
    /// (its adjusted p-value is at most 0.05).
    pub flagged: bool,
    /// How the difference was measured (`paired, 87 of 1000 games
    /// changed`), or empty.
    pub how: String,
}

/// A table of compared rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// Its title (`matchups (seat a's win rate)`).
    pub title: String,
    /// Its rows.
    pub lines: Vec<Line>,
}

/// The whole page: `runs` are the lines naming run A and run B,
/// `pairing` says how the runs were compared.
pub fn render(runs: &[String; 2], pairing: &str, parts: &[Part]) -> String {
    let mut page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>decklab compare</title>\n<style>\n{}</style>\n</head>\n<body>\n\
         <h1>decklab compare</h1>\n<p>{}<br>{}</p>\n<p class=\"note\">{}. A row is flagged \
         (highlighted, ★) when its change holds once every row compared is accounted for: its p-value, adjusted by Holm's procedure within its section and by the number of sections, is at most 0.05 (the text output prints both p-values).</p>\n",
        super::page::CSS,
        esc(&runs[0]),
        esc(&runs[1]),
        esc(pairing),
    );
    if parts.is_empty() {
        // `--only-changed` with nothing flagged: every section is left out.
        page.push_str("<p class=\"note\">No row changed significantly.</p>\n");
    }
    for (i, part) in parts.iter().enumerate() {
        let _ = write!(
            page,
            "<section id=\"part-{i}\">\n<h2>{}</h2>\n",
            esc(&part.title)
        );
        let whiskers: Vec<Whisker> = part
            .lines
            .iter()
            .filter_map(|l| {
                let (value, low, high) = l.diff?;
                Some(Whisker {
                    label: l.key.clone(),
                    value: value * 100.0,
                    low: low * 100.0,
                    high: high * 100.0,
                    flagged: l.flagged,
                })
            })
            .collect();
        if !whiskers.is_empty() {
            let _ = write!(
                page,
                "<div class=\"charts\">\n{}</div>\n",
                whisker_chart(&whiskers, "B − A, percentage points")
            );
        }
        let _ = write!(
            page,
            "<table id=\"compare-{i}\" class=\"compare\">\n<thead><tr><th></th><th>A</th>\
             <th>B</th><th class=\"n\">B − A (95% interval)</th><th></th><th></th></tr>\
             </thead>\n<tbody>\n"
        );
        for l in &part.lines {
            let diff = l.diff.map_or_else(
                || "—".to_owned(),
                |(d, lo, hi)| {
                    format!(
                        "{:+.1} <small>({:+.1} to {:+.1})</small>",
                        100.0 * d,
                        100.0 * lo,
                        100.0 * hi
                    )
                },
            );
            let side = |s: &Side| match s.rate.value {
                Some(_) => format!("{} <small>n={}</small>", interval(&s.rate), s.games),
                None => format!("— <small>n={}</small>", s.games),
            };
            let _ = writeln!(
                page,
                "<tr{}><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{diff}</td><td>{}</td>\
                 <td>{}</td></tr>",
                if l.flagged { " class=\"flagged\"" } else { "" },
                esc(&l.key),
                side(&l.a),
                side(&l.b),
                if l.flagged { "★" } else { "" },
                esc(&l.how),
            );
        }
        page.push_str("</tbody>\n</table>\n</section>\n");
    }
    page.push_str("</body>\n</html>\n");
    page
}
