//! The report's store page, for a ruleset with a store (Millennium
//! Blades): the price-versus-lift scatter that makes over- and
//! under-priced cards stand out, the VP of each source stacked per
//! round, the cards with the highest and lowest lift, and the grant
//! experiment's ranking when the run made one.

use std::cmp::Ordering;

use super::charts::{Axes, Bars, Dot, Series, Whisker, bar_chart, scatter_chart, whisker_chart};
use super::html::{esc, interval, num, table};
use super::page;
use super::read::{GrantRow, RoundVpRow, Run, StoreCardRow};
use crate::output::MIN_VERDICT_GAMES;
use crate::stats::LIFT_RANGE;

/// How many cards each end of a ranking shows.
pub const ENDS: usize = 15;

/// The scatter's groups, in the order of their colours.
const VERDICTS: [&str; 3] = ["under-priced", "over-priced", "fair"];

/// The store page's body, or `None` when the run has no `mb_cards.csv`.
pub fn store_page(run: &Run) -> anyhow::Result<Option<String>> {
    let Some(cards) = &run.store_cards else {
        return Ok(None);
    };
    let mut out = String::from(
        "<p class=\"note\">Each store card's <b>lift</b>: the mean rank score (1 first, 0 \
         last) of the players who bought it minus that of the players who saw it and did \
         not, with its 95% interval (mb_cards.csv; buyers and non-buyers share tables, so \
         the games are the independent units: a cluster-robust standard error, games as \
         clusters). A lift above 0 that holds once every card is accounted for (its \
         p-value adjusted by Holm's procedure over the cards is at most 0.05) is \
         <b>under-priced</b> (buying it went with finishing higher), below 0 \
         <b>over-priced</b>; a lift whose own interval just excludes 0 can be \
         <b>fair</b>. Lift is a correlation, not a cause: the grant experiment \
         (<code>--grant-all</code>) measures what a card causes.</p>\n",
    );
    let mut charts = vec![price_scatter(cards)?];
    // Duel Mode scores no VP: no chart of nothing.
    let scored = |rows: &&Vec<RoundVpRow>| {
        rows.iter()
            .any(|r| r.tournament + r.collection + r.money > 0.0)
    };
    if let Some(rounds) = run.store_rounds.as_ref().filter(scored) {
        charts.push(vp_by_round(rounds)?);
    }
    out.push_str(&page::charts(&charts));
    out.push_str(&lift_ends(cards));
    if let Some(grant) = run.grant.as_ref().filter(|g| !g.is_empty()) {
        out.push_str(&grant_ranking(grant));
    }
    Ok(Some(out))
}

/// Price against lift, one dot per card with a lift, its interval a
/// vertical line; cards of the same price are spread side by side in
/// order of stars. Every lift lies in `[−1, 1]` ([`LIFT_RANGE`]), and so
/// does the y axis at most: an interval beyond it (a file written before
/// the intervals were clipped) is drawn clipped.
fn price_scatter(cards: &[StoreCardRow]) -> anyhow::Result<String> {
    let mut rated: Vec<&StoreCardRow> = cards.iter().filter(|c| lift(c).is_some()).collect();
    rated.sort_by(|a, b| (a.price, a.stars, &a.card).cmp(&(b.price, b.stars, &b.card)));
    let mut dots = Vec::new();
    for same_price in rated.chunk_by(|a, b| a.price == b.price) {
        let n = same_price.len();
        for (at, c) in same_price.iter().enumerate() {
            let (y, low, high) = lift(c).unwrap_or_default();
            let (low, high) = (low.max(LIFT_RANGE.0), high.min(LIFT_RANGE.1));
            let spread = if n > 1 {
                (at as f64 / (n - 1) as f64 - 0.5) * 0.7
            } else {
                0.0
            };
            dots.push(Dot {
                x: f64::from(c.price) + spread,
                y,
                low,
                high,
                group: VERDICTS.iter().position(|v| *v == c.verdict).unwrap_or(2),
            });
        }
    }
    scatter_chart(
        Axes {
            title: "Price against lift",
            x: "price in the store ($)",
            y: "lift (rank score)",
            share: false,
        },
        &VERDICTS,
        &dots,
    )
}

/// A card's lift and its interval, when all three are defined.
fn lift(c: &StoreCardRow) -> Option<(f64, f64, f64)> {
    Some((c.lift.value?, c.lift.low?, c.lift.high?))
}

/// The mean VP a seat took from each source in each round, stacked (a
/// run that scored no VP, as Duel Mode scores none, has no such chart).
fn vp_by_round(rows: &[RoundVpRow]) -> anyhow::Result<String> {
    let mut rounds: Vec<u32> = rows.iter().map(|r| r.round).collect();
    rounds.sort_unstable();
    rounds.dedup();
    type Source = (&'static str, fn(&RoundVpRow) -> f64);
    let sources: [Source; 3] = [
        ("tournament", |r| r.tournament),
        ("collections", |r| r.collection),
        ("money", |r| r.money),
    ];
    let series: Vec<Series> = sources
        .iter()
        .map(|(name, vp)| Series {
            name: (*name).to_owned(),
            points: rounds
                .iter()
                .map(|&round| {
                    let of = rows.iter().filter(|r| r.round == round);
                    let n: u64 = of.clone().map(|r| r.tournaments).sum();
                    let sum: f64 = of.map(|r| vp(r) * r.tournaments as f64).sum();
                    (f64::from(round), sum / n.max(1) as f64)
                })
                .collect(),
            band: Vec::new(),
        })
        .collect();
    bar_chart(
        Axes {
            title: "VP per seat by source and round",
            x: "round",
            y: "mean VP",
            share: false,
        },
        &series,
        Bars::Stacked,
    )
}

/// The cards of highest and lowest lift, as two tables, ranked among the
/// cards that have the seat-games a verdict needs on each side
/// ([`MIN_VERDICT_GAMES`]; every card with a lift when the run's
/// `stats.json`, which tells, is missing): a card bought in two games
/// has a lift of ±0.5 by chance alone.
fn lift_ends(cards: &[StoreCardRow]) -> String {
    let with_lift = cards.iter().filter(|c| c.lift.value.is_some());
    let mut rated: Vec<&StoreCardRow> = with_lift
        .clone()
        .filter(|c| c.enough != Some(false))
        .collect();
    let left_out = with_lift.count() - rated.len();
    let note = if left_out > 0 {
        format!(
            "<p class=\"note\">Ranked among the {} cards bought and passed on in at least \
             {MIN_VERDICT_GAMES} seat-games each, as a verdict needs; {left_out} cards with \
             fewer are left out (the chart and mb_cards.csv show them).</p>\n",
            rated.len()
        )
    } else {
        String::new()
    };
    rated.sort_by(|a, b| {
        b.lift
            .value
            .partial_cmp(&a.lift.value)
            .unwrap_or(Ordering::Equal)
            .then_with(|| a.card.cmp(&b.card))
    });
    let header: Vec<String> = [
        "card", "set", "tier", "stars", "price", "seen", "buy rate", "lift", "verdict",
    ]
    .iter()
    .map(|h| (*h).to_owned())
    .collect();
    let rows = |cards: &[&StoreCardRow]| -> Vec<Vec<String>> {
        cards
            .iter()
            .map(|c| {
                vec![
                    esc(&c.card),
                    esc(&c.set),
                    esc(&c.tier),
                    c.stars.to_string(),
                    c.price.to_string(),
                    c.seen_games.to_string(),
                    interval(&c.buy_rate),
                    format!(
                        "{} <small>({} to {})</small>",
                        signed(c.lift.value),
                        signed(c.lift.low),
                        signed(c.lift.high)
                    ),
                    esc(&c.verdict),
                ]
            })
            .collect()
    };
    if rated.len() <= 2 * ENDS {
        let every = if left_out > 0 {
            "Every card with enough games, by lift"
        } else {
            "Every card by lift"
        };
        return format!(
            "<h3>{every}</h3>\n{note}{}",
            table(None, "", &header, &rows(&rated))
        );
    }
    let bottom: Vec<&StoreCardRow> = rated[rated.len() - ENDS..].iter().rev().copied().collect();
    format!(
        "<h3>The {ENDS} cards of highest lift</h3>\n{note}{}<h3>The {ENDS} cards of lowest lift \
         (lowest first)</h3>\n{}",
        table(None, "", &header, &rows(&rated[..ENDS])),
        table(None, "", &header, &rows(&bottom))
    )
}

/// A rank-score difference with its sign and three decimals.
fn signed(x: Option<f64>) -> String {
    x.map_or_else(|| num(None, 3), |x| format!("{x:+.3}"))
}

/// The grant experiment's cards of greatest and least effect (all of
/// them when there are few), as a dot-and-whisker chart.
fn grant_ranking(rows: &[GrantRow]) -> String {
    let mut ranked: Vec<&GrantRow> = rows.iter().filter(|r| r.effect.value.is_some()).collect();
    ranked.sort_by(|a, b| {
        b.effect
            .value
            .partial_cmp(&a.effect.value)
            .unwrap_or(Ordering::Equal)
    });
    let shown: Vec<&GrantRow> = if ranked.len() <= 2 * ENDS {
        ranked
    } else {
        ranked[..ENDS]
            .iter()
            .chain(&ranked[ranked.len() - ENDS..])
            .copied()
            .collect()
    };
    let whiskers: Vec<Whisker> = shown
        .iter()
        .map(|r| {
            let value = r.effect.value.unwrap_or_default();
            let low = r.effect.low.unwrap_or(value);
            let high = r.effect.high.unwrap_or(value);
            Whisker {
                label: format!("{} (seat {}, {} games)", r.card, r.seat, r.games),
                value,
                low,
                high,
                flagged: low > 0.0 || high < 0.0,
            }
        })
        .collect();
    format!(
        "<h3>The grant experiment</h3>\n<p class=\"note\">What a card causes: the seat given \
         a copy at setup, against the same games without it (mb_grant.csv); the paired \
         difference in its rank score with its 95% interval, highlighted where the \
         interval excludes 0 (each card on its own: among 120 cards of no effect, about 6 \
         would be). {} of {} cards, greatest effect first.</p>\n{}",
        whiskers.len(),
        rows.len(),
        whisker_chart(&whiskers, "paired difference in rank score")
    )
}
