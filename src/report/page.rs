//! The report page: the answer first (the findings, the ratings and the
//! matchup heat map), then one section per table of the run, each present
//! only when its file is, and the run's settings and input files last;
//! a self-contained HTML document (inline CSS, inline SVG charts, a few
//! lines of inline JavaScript to sort tables).

use std::fmt::Write;

use super::charts::{Axes, Bar, Bars, Series, bar_chart, interval_chart, line_chart, series_by};
use super::findings::{MIN_CARD_GAMES, findings};
use super::html::{esc, heat, interval, num, pct, pct_ci, range, table};
use super::read::{
    ActionRow, CostRow, Estimate, ManaRow, MatchupRow, PaceRow, RatingRow, Run, RunManifest,
    SummaryRow, TableRow, TextTable,
};
use super::store::store_page;
use crate::core::Player;
use crate::stats::Score;

/// Per-turn lines stop at the first turn fewer games than this reached:
/// a mean over a handful of long games is noise.
pub const MIN_TURN_GAMES: u64 = 20;

/// The most lines of a per-turn chart drawn with their interval as a
/// shaded band: more bands overlap into one grey patch that hides the
/// lines, so a chart of more decks draws the lines alone.
const MAX_BANDS: usize = 2;

/// The style sheet of the report and compare pages.
pub const CSS: &str = include_str!("report.css");
const JS: &str = include_str!("sort.js");

/// A section of the page: its id (the anchor), title and HTML body.
struct Section {
    id: &'static str,
    title: &'static str,
    body: String,
}

/// The whole page for `run`.
pub fn render(run: &Run) -> anyhow::Result<String> {
    let terms = run.manifest.terms.as_ref();
    let resource = terms.map_or_else(|| "resource".to_owned(), |t| t.resource.clone());
    let score = terms.map_or_else(|| "points".to_owned(), |t| t.score.clone());
    let turn = terms.and_then(|t| t.turn.as_deref());
    let mut sections = vec![Section {
        id: "findings",
        title: "Findings",
        body: findings_list(run),
    }];
    if let Some(rows) = &run.ratings {
        sections.push(Section {
            id: "ratings",
            title: "Ratings",
            body: ratings(rows)?,
        });
    }
    if let Some(rows) = &run.matchups {
        sections.push(Section {
            id: "matchups",
            title: "Matchups",
            body: matchups(rows),
        });
    }
    sections.push(Section {
        id: "summary",
        title: "Summary",
        body: if run.tables.is_empty() {
            summary(&run.summary)
        } else {
            tables(&run.tables)
        },
    });
    // A ruleset whose cards have no cost writes them all at cost 0.
    if let Some(rows) = run
        .deck_curve
        .as_ref()
        .filter(|r| r.iter().any(|r| r.cost > 0))
    {
        sections.push(Section {
            id: "deck-curve",
            title: "Deck cost histogram",
            body: deck_curve(rows)?,
        });
    }
    if let Some(rows) = &run.mana {
        sections.push(Section {
            id: "mana-curve",
            title: "Resource per turn",
            body: mana(rows, &resource, turn)?,
        });
    }
    if let Some(rows) = &run.pace {
        sections.push(Section {
            id: "prize-pace",
            title: "Prize pace",
            body: pace(rows, &score, turn)?,
        });
    }
    if let Some(rows) = &run.actions {
        sections.push(Section {
            id: "actions",
            title: "Actions per turn",
            body: actions(rows, turn)?,
        });
    }
    if let Some(cards) = run.cards.as_ref().filter(|c| ever_in_hand(c)) {
        sections.push(Section {
            id: "cards",
            title: "Cards",
            body: card_table(cards),
        });
    }
    if let Some(body) = store_page(run)? {
        sections.push(Section {
            id: "store",
            title: "Store",
            body,
        });
    }
    sections.push(Section {
        id: "manifest",
        title: "Run settings and inputs",
        body: manifest(&run.manifest),
    });

    let title = format!("decklab report: {}", headline(run));
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{t}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n<h1>{t}</h1>\n<nav>",
        t = esc(&title)
    );
    for s in &sections {
        let _ = write!(page, "<a href=\"#{}\">{}</a>", s.id, s.title);
    }
    page.push_str("</nav>\n");
    for s in &sections {
        let _ = write!(
            page,
            "<section id=\"{}\">\n<h2>{}</h2>\n{}</section>\n",
            s.id, s.title, s.body
        );
    }
    let _ = write!(page, "<script>\n{JS}</script>\n</body>\n</html>\n");
    Ok(page)
}

/// What the run was: `deck vs opponent` for a single matchup, else the
/// command.
fn headline(run: &Run) -> String {
    let tables: Vec<&str> = run.tables.iter().map(|t| t.table.as_str()).collect();
    if let [first, rest @ ..] = tables.as_slice()
        && rest.iter().all(|t| t == first)
    {
        return (*first).to_owned();
    }
    match run.summary.as_slice() {
        [s] => format!("{} vs {}", s.deck_a, s.deck_b),
        _ => run
            .manifest
            .command
            .clone()
            .unwrap_or_else(|| "run".to_owned()),
    }
}

/// The findings as a list of sentences, and how to read them.
fn findings_list(run: &Run) -> String {
    let mut out = String::from("<ul class=\"findings\">\n");
    for f in findings(run) {
        let _ = writeln!(out, "<li>{f}</li>");
    }
    out.push_str("</ul>\n");
    let _ = writeln!(
        out,
        "<p class=\"note\">Each figure is followed by its 95% interval; a difference is \
         called significant only when the interval excludes par (50% between two decks, 1/N \
         at N seats, 0 for an IWD). Cards count when in hand in {MIN_CARD_GAMES} games or \
         more and not in hand in as many.</p>"
    );
    out
}

fn manifest(m: &RunManifest) -> String {
    let mut items: Vec<(&str, String)> = Vec::new();
    let command_line: Vec<String> = m.command_line.iter().map(|a| shell_word(a)).collect();
    items.push((
        "Command line",
        format!("<code>{}</code>", esc(&command_line.join(" "))),
    ));
    let text = |x: &Option<String>| x.as_deref().map_or_else(|| "—".to_owned(), esc);
    items.push(("Command", text(&m.command)));
    items.push(("Game", text(&m.game)));
    items.push(("Seed", m.seed.map_or("—".to_owned(), |s| s.to_string())));
    let games = match (m.games, m.games_requested) {
        (Some(g), Some(r)) if g != r => format!("{g} of {r} requested"),
        (Some(g), _) => g.to_string(),
        (None, _) => "—".to_owned(),
    };
    items.push(("Games", games));
    items.push((
        "Complete",
        match m.complete {
            Some(true) => "yes".to_owned(),
            Some(false) => "<span class=\"warn\">no: the run was interrupted; the files cover \
                            the games played</span>"
                .to_owned(),
            None => "—".to_owned(),
        },
    ));
    if let Some(t) = m.threads {
        items.push(("Threads", t.to_string()));
    }
    if let Some(e) = m.elapsed_seconds {
        items.push(("Elapsed", format!("{e:.2} s")));
    }
    items.push(("decklab version", text(&m.decklab_version)));
    items.push((
        "Commit",
        m.git_commit
            .as_deref()
            .map_or("—".to_owned(), |c| format!("<code>{}</code>", esc(c))),
    ));
    let mut out = String::from("<dl class=\"manifest\">\n");
    for (k, v) in items {
        let _ = writeln!(out, "<dt>{k}</dt><dd>{v}</dd>");
    }
    out.push_str("</dl>\n");

    if let Some(settings) = m.settings.as_object().filter(|s| !s.is_empty()) {
        let rows: Vec<Vec<String>> = settings
            .iter()
            .map(|(k, v)| {
                let v = v.as_str().map_or_else(|| v.to_string(), str::to_owned);
                vec![format!("<code>{}</code>", esc(k)), esc(&v)]
            })
            .collect();
        out.push_str("<h3>Settings</h3>\n");
        out.push_str(&table(
            None,
            "settings",
            &["setting".into(), "value".into()],
            &rows,
        ));
    }
    if !m.files.is_empty() {
        let rows: Vec<Vec<String>> = m
            .files
            .iter()
            .map(|f| {
                vec![
                    esc(&f.role),
                    format!("<code>{}</code>", esc(&f.path)),
                    format!("<code>{}</code>", esc(&f.sha256)),
                ]
            })
            .collect();
        out.push_str("<h3>Input files</h3>\n");
        out.push_str(&table(
            None,
            "files",
            &["role".into(), "path".into(), "SHA-256".into()],
            &rows,
        ));
    }
    out
}

/// `arg` as a shell would need it typed: quoted when it holds anything but
/// plain characters.
fn shell_word(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        arg.to_owned()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

fn summary(rows: &[SummaryRow]) -> String {
    let header = [
        "deck (bot)",
        "opponent (bot)",
        "games",
        "won – lost – drawn",
        "win rate, 95% interval",
        "going first",
        "going second",
        "mean turns",
    ]
    .map(String::from);
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|s| {
            vec![
                format!("{} <small>({})</small>", esc(&s.deck_a), esc(&s.bot_a)),
                format!("{} <small>({})</small>", esc(&s.deck_b), esc(&s.bot_b)),
                s.games.to_string(),
                format!("{} – {} – {}", s.wins_a, s.wins_b, s.draws),
                interval(&s.win_rate_a),
                pct_ci(&s.win_rate_a_first),
                pct_ci(&s.win_rate_a_second),
                num(s.mean_turns, 1),
            ]
        })
        .collect();
    let mut out = table(Some("summary-table"), "summary", &header, &rows);
    out.push_str(
        "<p class=\"note\">Win rates are the deck's, counting a draw as half a win. The bar \
         runs from 0% to 100% with a tick at 50%; the shaded part is the 95% Wilson \
         interval. Going first and second: the deck's win rate in those games, its 95% \
         Wilson interval below.</p>\n",
    );
    out
}

/// A row of charts.
/// The summary of a run at more than two seats: every entry of every
/// table, with its win share (par 1/N), rank score, mean score, win share
/// by seat, and its rank distribution as a stacked bar.
fn tables(rows: &[TableRow]) -> String {
    let seats = rows.iter().map(|r| r.win_share_at.len()).max().unwrap_or(0);
    // One table is named in the page's title: no column for it.
    let one_table = rows.iter().all(|r| r.table == rows[0].table);
    let mut header = [
        "table",
        "entry",
        "deck (bot)",
        "games",
        "win share, 95% interval",
        "rank score, 95% interval",
        "mean score",
        "ranks (1st … last)",
    ]
    .map(String::from)
    .to_vec();
    if one_table {
        header.remove(0);
    }
    header.extend((0..seats).map(|s| format!("wins at seat {}", Player::new(s).letter())));
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let mut row = vec![
                esc(&r.table),
                esc(&r.entry),
                format!("{} <small>({})</small>", esc(&r.deck), esc(&r.bot)),
                r.games.to_string(),
                interval(&r.win_share),
                interval(&r.rank_score),
                num(r.mean_score, 1),
                rank_bar(&r.rank_shares),
            ];
            if one_table {
                row.remove(0);
            }
            row.extend(r.win_share_at.iter().map(pct_ci));
            row
        })
        .collect();
    let mut out = table(Some("summary-table"), "summary", &header, &body);
    let par = if seats > 0 {
        format!("{:.0}%", 100.0 / seats as f64)
    } else {
        "1/N".to_owned()
    };
    out.push_str(&format!(
        "<p class=\"note\">Each entry of a table is a deck and its bot; the seats go round the \
         table game by game, so every entry sits in every seat equally often. Win share is the \
         share of first places (a first place shared by k seats counts 1/k; par {par}), with \
         its 95% Wilson interval. Rank score is (N − place) / (N − 1) averaged over the games \
         (1 first, 0 last, 0.5 a two-seat draw), with its 95% normal interval. The ranks bar \
         shows how often the entry finished first (darkest) to last (each rank's share and \
         interval when pointed at); the wins at each seat have their 95% Wilson interval \
         below.</p>\n"
    ));
    out
}

/// A stacked bar of the shares of each rank, first place darkest.
fn rank_bar(shares: &[Estimate]) -> String {
    let n = shares.len().max(1);
    let mut bar = String::from("<span class=\"ranks\">");
    for (r, share) in shares.iter().enumerate() {
        let title = match range(share) {
            Some(r) => format!("{} ({r})", pct(share.value)),
            None => pct(share.value),
        };
        let share = share.value.unwrap_or(0.0).clamp(0.0, 1.0);
        let light = 25 + 60 * r / n;
        bar.push_str(&format!(
            "<span style=\"width:{:.1}%;background:hsl(215,55%,{light}%)\" title=\"rank {}: {title}\"></span>",
            100.0 * share,
            r + 1,
        ));
    }
    bar.push_str("</span>");
    bar
}

/// Charts side by side (wrapping on narrow screens).
pub(super) fn charts(svgs: &[String]) -> String {
    format!("<div class=\"charts\">\n{}</div>\n", svgs.concat())
}

/// The per-turn rows a line shows: each deck's turns up to the first one
/// fewer than [`MIN_TURN_GAMES`] games reached.
fn reached<T>(rows: &[T], deck: impl Fn(&T) -> &str, games: impl Fn(&T) -> u64) -> Vec<&T> {
    let mut stopped: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for r in rows {
        if stopped.contains(&deck(r)) {
            continue;
        }
        if games(r) < MIN_TURN_GAMES {
            stopped.push(deck(r));
        } else {
            out.push(r);
        }
    }
    out
}

/// The note under per-turn charts: what a turn is, when the run says
/// (`turn`, see [`crate::core::SeatTerms::turn`]), and where the lines
/// stop.
fn stop_note(turn: Option<&str>) -> String {
    let what = turn.map_or_else(String::new, |t| format!("A turn is {}. ", esc(t)));
    format!(
        "{what}A line stops at the first turn fewer than {MIN_TURN_GAMES} of the deck's \
         games reached."
    )
}

fn mana(rows: &[ManaRow], resource: &str, turn: Option<&str>) -> anyhow::Result<String> {
    let rows = reached(rows, |r| &r.deck, |r| r.games);
    let by =
        |f: fn(&ManaRow) -> f64| series_by(&rows, |r| &r.deck, move |r| (f64::from(r.turn), f(r)));
    let chart = |title, f| {
        line_chart(
            Axes {
                title,
                x: "own turn",
                y: resource,
                share: false,
            },
            &by(f),
        )
    };
    let spent = format!("{} spent", capitalized(resource));
    let unspent = format!("{} unspent", capitalized(resource));
    let max = format!("Most {resource} available");
    Ok(format!(
        "<p class=\"note\">Means over the games that reached each of the deck's own turns. \
         {}</p>\n{}",
        stop_note(turn),
        charts(&[
            chart(&spent, |r| r.spent)?,
            chart(&unspent, |r| r.unspent)?,
            chart(&max, |r| r.max)?,
        ])
    ))
}

fn pace(rows: &[PaceRow], score: &str, turn: Option<&str>) -> anyhow::Result<String> {
    let rows = reached(rows, |r| &r.deck, |r| r.games);
    let prizes = series_by(&rows, |r| &r.deck, |r| (f64::from(r.turn), r.mean_score));
    let title = format!("Mean score ({score})");
    let mut won = series_by(&rows, |r| &r.deck, |r| (f64::from(r.turn), r.share_won));
    let banded = won.len() <= MAX_BANDS;
    for s in won.iter_mut().filter(|_| banded) {
        s.band = rows
            .iter()
            .filter(|r| r.deck == s.name)
            .filter_map(|r| {
                let wins = Score::with_points(r.games, r.share_won * r.games as f64);
                let (lo, hi) = wins.wilson95()?;
                Some((f64::from(r.turn), lo, hi))
            })
            .collect();
    }
    let bands = if banded {
        "the shaded band is the 95% Wilson interval of the share won".to_owned()
    } else {
        format!(
            "the 95% Wilson interval of the share won is shaded only for up to {MAX_BANDS} \
             decks (prize_pace.csv has it)"
        )
    };
    Ok(format!(
        "<p class=\"note\">By the end of each of the deck's own turns, over all its games; \
         {bands}. {}</p>\n{}",
        stop_note(turn),
        charts(&[
            line_chart(
                Axes {
                    title: &title,
                    x: "own turn",
                    y: "score",
                    share: false,
                },
                &prizes,
            )?,
            line_chart(
                Axes {
                    title: "Share of games won",
                    x: "own turn",
                    y: "share",
                    share: true,
                },
                &won,
            )?,
        ])
    ))
}

fn actions(rows: &[ActionRow], turn: Option<&str>) -> anyhow::Result<String> {
    let mut kinds: Vec<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let svgs = kinds
        .iter()
        .map(|&kind| {
            let of_kind: Vec<&ActionRow> = rows.iter().filter(|r| r.kind == kind).collect();
            let of_kind = reached(&of_kind, |r| &r.deck, |r| r.games);
            let series: Vec<Series> =
                series_by(&of_kind, |r| &r.deck, |r| (f64::from(r.turn), r.mean));
            line_chart(
                Axes {
                    title: kind,
                    x: "own turn",
                    y: "mean actions",
                    share: false,
                },
                &series,
            )
        })
        .collect::<anyhow::Result<Vec<String>>>()?;
    Ok(format!(
        "<p class=\"note\">Mean actions of each kind on each of the deck's own turns. {}</p>\n{}",
        stop_note(turn),
        charts(&svgs)
    ))
}

/// The deck cost histogram: how many cards of each cost each list holds.
fn deck_curve(rows: &[CostRow]) -> anyhow::Result<String> {
    let series = series_by(rows, |r| &r.deck, |r| (f64::from(r.cost), r.cards as f64));
    let chart = bar_chart(
        Axes {
            title: "Cards in the list by cost",
            x: "cost",
            y: "cards",
            share: false,
        },
        &series,
        Bars::Grouped,
    )?;
    Ok(format!(
        "<p class=\"note\">What players call the mana curve: the cards of each cost in each \
         deck's list, copies counted (deck_curve.csv).</p>\n{}",
        charts(&[chart])
    ))
}

/// Whether a matchup line is an aggregate (`ALL`), not a cell of the grid.
fn aggregate(r: &MatchupRow) -> bool {
    r.deck == "ALL" || r.opponent == "ALL"
}

fn matchups(rows: &[MatchupRow]) -> String {
    let grid: Vec<&MatchupRow> = rows.iter().filter(|r| !aggregate(r)).collect();
    let decks = labels(grid.iter().map(|r| (r.deck.as_str(), r.bot.as_str())));
    let opponents = labels(
        grid.iter()
            .map(|r| (r.opponent.as_str(), r.opponent_bot.as_str())),
    );
    let mut out = String::from(
        "<table id=\"matchups-table\" class=\"heat\">\n<thead><tr><th>deck ↓ vs opponent →</th>",
    );
    for o in &opponents {
        let _ = write!(out, "<th scope=\"col\">{}</th>", esc(&o.text));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for d in &decks {
        let _ = write!(out, "<tr><th scope=\"row\">{}</th>", esc(&d.text));
        for o in &opponents {
            let cell = grid.iter().find(|r| {
                (r.deck.as_str(), r.bot.as_str()) == d.key
                    && (r.opponent.as_str(), r.opponent_bot.as_str()) == o.key
            });
            match cell {
                Some(r) => {
                    let (bg, fg) = heat(r.win_rate.value);
                    let _ = write!(
                        out,
                        "<td style=\"background:{bg};color:{fg}\" title=\"{} vs {}: won {}, lost \
                         {}, drawn {}; 95% interval {} – {}\">{}<small>{} games</small></td>",
                        esc(&d.text),
                        esc(&o.text),
                        r.wins,
                        r.losses,
                        r.draws,
                        pct(r.win_rate.low),
                        pct(r.win_rate.high),
                        pct(r.win_rate.value),
                        r.games,
                    );
                }
                None => out.push_str("<td></td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out.push_str(
        "<p class=\"note\">Each cell is the row deck's win rate against the column deck \
         (draws count half): blue above 50%, red below. Hover for the record and the 95% \
         interval.</p>\n",
    );
    let totals: Vec<Vec<String>> = rows
        .iter()
        .filter(|r| aggregate(r))
        .map(|r| {
            vec![
                format!("{} <small>({})</small>", esc(&r.deck), esc(&r.bot)),
                format!(
                    "{} <small>({})</small>",
                    esc(&r.opponent),
                    esc(&r.opponent_bot)
                ),
                r.games.to_string(),
                format!("{} – {} – {}", r.wins, r.losses, r.draws),
                interval(&r.win_rate),
            ]
        })
        .collect();
    if !totals.is_empty() {
        out.push_str("<h3>Against the whole field</h3>\n");
        let header = [
            "deck (bot)",
            "opponent (bot)",
            "games",
            "won – lost – drawn",
            "win rate, 95% interval",
        ]
        .map(String::from);
        out.push_str(&table(None, "totals", &header, &totals));
    }
    out
}

/// A row or column of the heat map: a deck and bot, shown as the deck
/// alone unless some deck appears with several bots. Rows and columns are
/// in name order, so a round robin's grid is symmetric.
struct Label<'a> {
    key: (&'a str, &'a str),
    text: String,
}

fn labels<'a>(keys: impl Iterator<Item = (&'a str, &'a str)>) -> Vec<Label<'a>> {
    let mut distinct: Vec<(&str, &str)> = Vec::new();
    for k in keys {
        if !distinct.contains(&k) {
            distinct.push(k);
        }
    }
    distinct.sort_unstable();
    let several_bots = distinct
        .iter()
        .any(|a| distinct.iter().any(|b| a.0 == b.0 && a.1 != b.1));
    distinct
        .into_iter()
        .map(|key| Label {
            key,
            text: if several_bots {
                format!("{} ({})", key.0, key.1)
            } else {
                key.0.to_owned()
            },
        })
        .collect()
}

fn ratings(rows: &[RatingRow]) -> anyhow::Result<String> {
    let header = ["rank", "deck", "rating", "95% interval", "games", "score"].map(String::from);
    let body: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            vec![
                (i + 1).to_string(),
                esc(&r.deck),
                num(r.rating.value, 0),
                format!("{} – {}", num(r.rating.low, 0), num(r.rating.high, 0)),
                r.games.to_string(),
                pct(r.score),
            ]
        })
        .collect();
    let mut out = table(Some("ratings-table"), "ratings", &header, &body);
    let bars: Vec<Bar> = rows
        .iter()
        .filter_map(|r| {
            let value = r.rating.value?;
            Some(Bar {
                name: r.deck.clone(),
                value,
                low: r.rating.low.unwrap_or(value),
                high: r.rating.high.unwrap_or(value),
            })
        })
        .collect();
    if !bars.is_empty() {
        out.push_str(&charts(&[interval_chart(
            "Ratings with 95% intervals",
            "rating",
            &bars,
        )?]));
    }
    out.push_str(
        "<p class=\"note\">Bradley–Terry ratings on the Elo scale: a 100-point gap means \
         about a 64% expected score.</p>\n",
    );
    Ok(out)
}

/// How a column of the card table shows `cards.csv`.
enum CardCell {
    /// A text column as it is.
    Text(&'static str),
    /// A count as it is.
    Number(&'static str),
    /// A mean, with one decimal.
    Mean(&'static str),
    /// A rate (`<prefix>win_rate` or the given column) as a percentage,
    /// its 95% interval below it.
    Rate {
        rate: &'static str,
        low: &'static str,
        high: &'static str,
    },
    /// A difference of rates in percentage points, its interval below.
    Points {
        value: &'static str,
        low: &'static str,
        high: &'static str,
    },
}

/// The card table's columns: plain headers over `cards.csv`'s columns,
/// 17lands' names first ("GIH WR" and so on), the raw file having them
/// all.
const CARD_COLUMNS: [(&str, &str, CardCell); 11] = [
    ("Deck", "", CardCell::Text("deck")),
    ("Card", "", CardCell::Text("card")),
    ("Copies", "", CardCell::Number("copies")),
    (
        "GIH WR",
        "win rate in the games where a copy was in hand at any point",
        CardCell::Rate {
            rate: "gih_win_rate",
            low: "gih_ci95_low",
            high: "gih_ci95_high",
        },
    ),
    (
        "# GIH",
        "games where a copy was in hand",
        CardCell::Number("gih_games"),
    ),
    (
        "OH WR",
        "win rate when a copy was in the opening hand",
        CardCell::Rate {
            rate: "oh_win_rate",
            low: "oh_ci95_low",
            high: "oh_ci95_high",
        },
    ),
    (
        "GD WR",
        "win rate when a copy reached the hand after the opening hand",
        CardCell::Rate {
            rate: "gd_win_rate",
            low: "gd_ci95_low",
            high: "gd_ci95_high",
        },
    ),
    (
        "GNS WR",
        "win rate when no copy was ever in hand",
        CardCell::Rate {
            rate: "gns_win_rate",
            low: "gns_ci95_low",
            high: "gns_ci95_high",
        },
    ),
    (
        "IWD",
        "improvement when drawn: GIH WR − GNS WR, in percentage points",
        CardCell::Points {
            value: "iwd",
            low: "iwd_ci95_low",
            high: "iwd_ci95_high",
        },
    ),
    (
        "Played WR",
        "win rate when a copy was played",
        CardCell::Rate {
            rate: "win_rate_played",
            low: "played_ci95_low",
            high: "played_ci95_high",
        },
    ),
    (
        "Turn played",
        "mean own turn at which copies were played",
        CardCell::Mean("mean_turn_played"),
    ),
];

/// Whether some card of `cards.csv` was ever in hand (a `gih_games`
/// above 0), or the file does not say. Without one the card table is
/// noise: no GIH, OH or GD figure, and every GNS WR its deck's win rate
/// (Millennium Blades, whose deck cards are never in a hand).
pub(super) fn ever_in_hand(cards: &TextTable) -> bool {
    let Some(column) = cards.header.iter().position(|h| h == "gih_games") else {
        return true;
    };
    cards.rows.iter().any(|row| {
        row.get(column)
            .and_then(|n| n.parse::<u64>().ok())
            .is_some_and(|n| n > 0)
    })
}

/// The card table: the columns of [`CARD_COLUMNS`] that `cards.csv` holds,
/// rates as percentages with their intervals; each cell sorts by its
/// value (`data-sort`).
fn card_table(cards: &TextTable) -> String {
    let column = |name: &str| cards.header.iter().position(|h| h == name);
    let shown: Vec<_> = CARD_COLUMNS
        .iter()
        .filter(|(_, _, cell)| {
            column(match cell {
                CardCell::Text(c) | CardCell::Number(c) | CardCell::Mean(c) => c,
                CardCell::Rate { rate, .. } => rate,
                CardCell::Points { value, .. } => value,
            })
            .is_some()
        })
        .collect();
    let mut out = format!(
        "<p class=\"note\">{} lines of cards.csv, 17lands' figures: a card's deck wins \
         GIH WR of the games where a copy was in hand (opening hand, drawn, searched), \
         GNS WR of those where none was; IWD is the difference. Small figures are 95% \
         intervals. Click a column header to sort; click again to reverse.</p>\n\
         <div class=\"scroll\">\n<table id=\"cards-table\" class=\"sortable\">\n<thead><tr>",
        cards.rows.len()
    );
    for (label, help, cell) in &shown {
        let class = if matches!(cell, CardCell::Text(_)) {
            ""
        } else {
            " class=\"n\""
        };
        let title = if help.is_empty() { label } else { help };
        let _ = write!(
            out,
            "<th{class} title=\"{}\">{}</th>",
            esc(title),
            esc(label)
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &cards.rows {
        let text = |name: &str| {
            column(name)
                .and_then(|c| row.get(c))
                .map_or("", String::as_str)
        };
        let value = |name: &str| text(name).parse::<f64>().ok();
        out.push_str("<tr>");
        for (_, _, cell) in &shown {
            match cell {
                CardCell::Text(c) => {
                    let _ = write!(out, "<td>{}</td>", esc(text(c)));
                }
                CardCell::Number(c) => {
                    let _ = write!(out, "<td class=\"n\">{}</td>", esc(text(c)));
                }
                CardCell::Mean(c) => card_cell(&mut out, value(c), num(value(c), 1), None),
                CardCell::Rate { rate, low, high } => {
                    let (v, lo, hi) = (value(rate), value(low), value(high));
                    card_cell(
                        &mut out,
                        v,
                        pct(v),
                        lo.zip(hi).map(|(l, h)| {
                            format!("{}–{}", num(Some(l * 100.0), 1), num(Some(h * 100.0), 1))
                        }),
                    );
                }
                CardCell::Points {
                    value: c,
                    low,
                    high,
                } => {
                    let (v, lo, hi) = (value(c), value(low), value(high));
                    let points = |x: f64| format!("{:+.1}", x * 100.0);
                    card_cell(
                        &mut out,
                        v,
                        v.map_or_else(|| "—".to_owned(), points),
                        lo.zip(hi)
                            .map(|(l, h)| format!("{} to {}", points(l), points(h))),
                    );
                }
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</div>\n");
    out
}

/// A numeric cell of the card table: `shown`, the interval on a second
/// line, sorted by `value` (empty when undefined, so it sorts last).
fn card_cell(out: &mut String, value: Option<f64>, shown: String, interval: Option<String>) {
    let sort = value.map_or_else(String::new, |v| v.to_string());
    let _ = write!(out, "<td class=\"n\" data-sort=\"{sort}\">{}", esc(&shown));
    if let Some(i) = interval {
        let _ = write!(out, "<br><small>{}</small>", esc(&i));
    }
    out.push_str("</td>");
}

/// `text` with its first letter in upper case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
