//! The page `decklab optimize` writes beside `optimize.csv`: what a deck
//! builder asks first — the swaps kept, each with its gain and interval
//! on fresh seeds, the list they give, the games spent and why the search
//! stopped. The page states the search's figures; it computes none.

use std::fmt::Write;

use super::charts::{Whisker, whisker_chart};
use super::html::{esc, pct_ci, table};
use super::read::Estimate;
use crate::optimize::Row;

/// What the page shows.
#[derive(Clone, Debug)]
pub struct Page<'a> {
    /// The deck's name.
    pub deck: &'a str,
    /// The field's deck names.
    pub field: &'a [&'a str],
    /// The steps' lines of `optimize.csv`.
    pub rows: &'a [Row],
    /// The list as it stands, as its file reads.
    pub list: &'a str,
    /// The games played.
    pub games: u64,
    /// The budget.
    pub budget: u64,
    /// Why the search stopped, in words.
    pub ended: String,
}

/// The whole page.
pub fn render(p: &Page<'_>) -> String {
    let kept: Vec<&Row> = p.rows.iter().filter(|r| r.accepted).collect();
    let points = |x: f64| format!("{:+.1}", 100.0 * x);
    let mut page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>decklab optimize: {deck}</title>\n<style>\n{}</style>\n</head>\n<body>\n\
         <h1>decklab optimize: {deck}</h1>\n<p>Against {} on both seats: {} swaps kept in {} \
         steps, {} of {} games played. Stopped: {}.</p>\n\
         <p class=\"note\">Each step races one-copy swaps on paired seeds, then plays the \
         best against the list as it stood on fresh seeds; the figures below are those of \
         the fresh seeds. A swap is kept when the low end of its interval is above 0 \
         (the interval's level is the step's share of the run's false-keep rate, \
         column z of optimize.csv).</p>\n",
        super::page::CSS,
        esc(&p.field.join(", ")),
        kept.len(),
        p.rows.len(),
        p.games,
        p.budget,
        esc(&p.ended),
        deck = esc(p.deck),
    );
    page.push_str("<section id=\"steps\">\n<h2>Swaps</h2>\n");
    if p.rows.is_empty() {
        page.push_str("<p class=\"note\">No swap was confirmed or refused yet.</p>\n");
    } else {
        let whiskers: Vec<Whisker> = p
            .rows
            .iter()
            .map(|r| Whisker {
                label: format!("{}. −1 {} +1 {}", r.step, r.out, r.into),
                value: 100.0 * (r.after - r.before),
                low: 100.0 * r.low,
                high: 100.0 * r.high,
                flagged: r.accepted,
            })
            .collect();
        let _ = write!(
            page,
            "<div class=\"charts\">\n{}</div>\n",
            whisker_chart(&whiskers, "gain in win rate, percentage points")
        );
        let header: Vec<String> = [
            "step", "out", "in", "before", "after", "gain", "interval", "games", "kept",
        ]
        .iter()
        .map(|h| (*h).to_owned())
        .collect();
        let rows: Vec<Vec<String>> = p
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.step.to_string(),
                    esc(&r.out),
                    esc(&r.into),
                    rate_cell(r.before, r.before_ci95),
                    rate_cell(r.after, r.after_ci95),
                    points(r.after - r.before),
                    format!("{} to {}", points(r.low), points(r.high)),
                    r.games.to_string(),
                    if r.accepted { "yes" } else { "no" }.to_owned(),
                ]
            })
            .collect();
        page.push_str(&table(Some("optimize"), "compare", &header, &rows));
    }
    let _ = write!(
        page,
        "</section>\n<section id=\"list\">\n<h2>The list</h2>\n<pre>{}</pre>\n</section>\n\
         </body>\n</html>\n",
        esc(p.list)
    );
    page
}

/// A win rate as a percentage with its 95% interval, when known.
fn rate_cell(rate: f64, ci95: Option<(f64, f64)>) -> String {
    pct_ci(&Estimate {
        value: Some(rate),
        low: ci95.map(|c| c.0),
        high: ci95.map(|c| c.1),
    })
}
