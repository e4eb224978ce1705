//! The sentences that open the report: the strongest and weakest deck,
//! the seat advantage and the cards with the largest and lowest IWD, one
//! plain sentence each with its number and 95% interval. A sentence
//! claims a difference only when the interval excludes par (50% between
//! two decks, 1/N at N seats, 0 for an IWD).

use std::collections::BTreeMap;

use super::html::{esc, pct};
use super::read::{Estimate, MatchupRow, Run, SeatRow, TableRow, TextTable};
use crate::stats::Score;

/// Cards in hand in fewer games than this, or not in hand in fewer, are
/// left out of the IWD findings: IWD compares the two sets of games, and
/// a handful on either side ranks a card by chance (a card unseen in 8
/// games all won is not a drag).
pub const MIN_CARD_GAMES: u64 = 100;

/// The findings of `run`, as HTML sentences (text escaped).
pub fn findings(run: &Run) -> Vec<String> {
    let mut out = if !run.tables.is_empty() {
        tables(&run.tables)
    } else if let Some(rows) = run.matchups.as_deref().filter(|m| !m.is_empty()) {
        field(rows)
    } else {
        duels(run)
    };
    out.extend(run.seats.as_deref().and_then(seat));
    out.extend(run.cards.as_ref().map_or_else(Vec::new, cards));
    out
}

/// `58.4% (55.6–61.2%)`.
fn rate(e: &Estimate) -> String {
    match (e.low, e.high) {
        (Some(lo), Some(hi)) => format!("{} ({:.1}–{:.1}%)", pct(e.value), lo * 100.0, hi * 100.0),
        _ => pct(e.value),
    }
}

/// Where `e`'s interval lies against `par`: above (1), below (−1) or
/// holding it (0).
fn side(e: &Estimate, par: f64) -> i8 {
    match (e.low, e.high) {
        (Some(lo), _) if lo > par => 1,
        (_, Some(hi)) if hi < par => -1,
        _ => 0,
    }
}

/// Two seats, no field: a sentence per matchup of `summary.csv` (the
/// first five).
fn duels(run: &Run) -> Vec<String> {
    run.summary
        .iter()
        .take(5)
        .map(|s| {
            let (a, b) = if s.deck_a == s.deck_b {
                (
                    format!("{} ({})", s.deck_a, s.bot_a),
                    format!("{} ({})", s.deck_b, s.bot_b),
                )
            } else {
                (s.deck_a.clone(), s.deck_b.clone())
            };
            let (a, b) = (esc(&a), esc(&b));
            let r = rate(&s.win_rate_a);
            match side(&s.win_rate_a, 0.5) {
                1 => format!("{a} beats {b}: {r} of {} games.", s.games),
                -1 => format!("{b} beats {a}, which wins only {r} of {} games.", s.games),
                _ => format!(
                    "No significant difference between {a} and {b}: {a} wins {r} of {} games.",
                    s.games
                ),
            }
        })
        .collect()
}

/// Each deck's record against the field: its `ALL` line (with the
/// file's interval) when the file has one, else the sum of its matchups
/// (with the Wilson interval).
fn field(rows: &[MatchupRow]) -> Vec<String> {
    let mut sums: BTreeMap<(&str, &str), (u64, f64)> = BTreeMap::new();
    for r in rows
        .iter()
        .filter(|r| r.deck != "ALL" && r.opponent != "ALL")
    {
        let e = sums.entry((r.deck.as_str(), r.bot.as_str())).or_default();
        e.0 += r.games;
        e.1 += r.wins as f64 + r.draws as f64 / 2.0;
    }
    let mut decks: BTreeMap<(&str, &str), Estimate> = sums
        .into_iter()
        .filter(|(_, (games, _))| *games > 0)
        .map(|(k, (games, points))| (k, Estimate::wilson(&Score::with_points(games, points))))
        .collect();
    for r in rows
        .iter()
        .filter(|r| r.deck != "ALL" && r.opponent == "ALL")
    {
        decks.insert((r.deck.as_str(), r.bot.as_str()), r.win_rate);
    }
    let several_bots = decks
        .keys()
        .any(|a| decks.keys().any(|b| a.0 == b.0 && a.1 != b.1));
    let mut ranked: Vec<(String, Estimate)> = decks
        .iter()
        .map(|((deck, bot), e)| {
            let name = if several_bots {
                format!("{deck} ({bot})")
            } else {
                (*deck).to_owned()
            };
            (esc(&name), *e)
        })
        .collect();
    ranked.sort_by(|x, y| {
        y.1.value
            .unwrap_or(0.0)
            .total_cmp(&x.1.value.unwrap_or(0.0))
    });
    match ranked.as_slice() {
        [] => Vec::new(),
        [(deck, e)] => vec![match side(e, 0.5) {
            1 => format!("{deck} beats the field: {} of its games.", rate(e)),
            -1 => format!(
                "The field beats {deck}, which wins {} of its games.",
                rate(e)
            ),
            _ => format!(
                "{deck} is even with the field: it wins {} of its games, an interval that \
                 holds 50%.",
                rate(e)
            ),
        }],
        [first, .., last] => {
            let (second, next) = (&ranked[1], &ranked[ranked.len() - 2]);
            vec![
                extreme(first, second, first.1.low > second.1.high, true),
                extreme(last, next, last.1.high < next.1.low, false),
            ]
        }
    }
}

/// The sentence on the strongest (`top`) or weakest deck `(name, rate)`:
/// `clear` when its interval and its neighbour's do not overlap.
fn extreme(
    (name, e): &(String, Estimate),
    (neighbour, n): &(String, Estimate),
    clear: bool,
    top: bool,
) -> String {
    let (is, has, than) = if top {
        ("strongest", "highest", "ahead of")
    } else {
        ("weakest", "lowest", "behind")
    };
    if clear {
        format!("{name} is the {is} deck: {} against the field.", rate(e))
    } else {
        format!(
            "{name} has the {has} win rate against the field, {}, not significantly {than} \
             {neighbour} at {}.",
            rate(e),
            rate(n)
        )
    }
}

/// At more than two seats: per table, the entries with the most and the
/// fewest first places, against par (1/N).
fn tables(rows: &[TableRow]) -> Vec<String> {
    let mut by_table: Vec<(&str, Vec<&TableRow>)> = Vec::new();
    for r in rows {
        match by_table.iter_mut().find(|(t, _)| *t == r.table) {
            Some((_, entries)) => entries.push(r),
            None => by_table.push((&r.table, vec![r])),
        }
    }
    let one_table = by_table.len() == 1;
    let mut out = Vec::new();
    for (table, mut entries) in by_table {
        entries.sort_by(|x, y| {
            y.win_share
                .value
                .unwrap_or(0.0)
                .total_cmp(&x.win_share.value.unwrap_or(0.0))
        });
        let n = entries.len();
        let (Some(best), Some(worst)) = (entries.first(), entries.last()) else {
            continue;
        };
        if n < 2 {
            continue;
        }
        let par = 1.0 / n as f64;
        let at = if one_table {
            String::new()
        } else {
            format!(" at {}", esc(table))
        };
        let sentence = |r: &TableRow, most: bool| {
            let how = match side(&r.win_share, par) {
                1 => "significantly above",
                -1 => "significantly below",
                _ => "not significantly different from",
            };
            format!(
                "{} wins the {} first places{at}: {} of {} {} games, {how} par ({}).",
                esc(&r.deck),
                if most { "most" } else { "fewest" },
                rate(&r.win_share),
                r.games,
                seats(n),
                share(par),
            )
        };
        out.push(sentence(best, true));
        out.push(sentence(worst, false));
    }
    out
}

/// The seat that moves first: its share of first places (a shared first
/// place split), against par, over the games where a seat moved first
/// (none at all in a game without one, as Millennium Blades).
fn seat(rows: &[SeatRow]) -> Option<String> {
    // Per game: seats, first places, whether the first seat placed first,
    // whether a seat moved first.
    let mut games: BTreeMap<u64, (usize, usize, bool, bool)> = BTreeMap::new();
    for r in rows {
        let g = games.entry(r.game).or_default();
        g.0 += 1;
        if r.rank == 1 {
            g.1 += 1;
        }
        if r.first && r.rank == 1 {
            g.2 = true;
        }
        g.3 |= r.first;
    }
    let seats = games.values().map(|g| g.0).max()?;
    let (played, points) = games
        .values()
        .filter(|g| g.0 == seats && g.3)
        .fold((0u64, 0.0), |(n, p), g| {
            (n + 1, p + if g.2 { 1.0 / g.1 as f64 } else { 0.0 })
        });
    if played == 0 {
        return None;
    }
    let e = Estimate::wilson(&Score::with_points(played, points));
    let par = 1.0 / seats as f64;
    let start = format!(
        "The seat that moves first wins {} of {played} {} games",
        rate(&e),
        self::seats(seats)
    );
    Some(match side(&e, par) {
        1 => format!("{start}: an advantage over par ({}).", share(par)),
        -1 => format!("{start}: a disadvantage against par ({}).", share(par)),
        _ => format!(
            "{start}: no significant seat advantage (par {}).",
            share(par)
        ),
    })
}

/// `two-seat`, `four-seat`, `6-seat`.
fn seats(n: usize) -> String {
    const WORDS: [&str; 6] = ["no", "one", "two", "three", "four", "five"];
    WORDS
        .get(n)
        .map_or_else(|| format!("{n}-seat"), |w| format!("{w}-seat"))
}

/// A par as a percentage: `50%`, `33.3%`.
fn share(par: f64) -> String {
    let p = par * 100.0;
    if (p - p.round()).abs() < 1e-9 {
        format!("{p:.0}%")
    } else {
        format!("{p:.1}%")
    }
}

/// The cards with the largest and the lowest IWD among those in hand in
/// [`MIN_CARD_GAMES`] games or more and not in hand in as many, and a
/// reminder of what IWD does not say.
fn cards(table: &TextTable) -> Vec<String> {
    let column = |name: &str| table.header.iter().position(|h| h == name);
    let (Some(deck), Some(card), Some(games), Some(unseen), Some(iwd), Some(low), Some(high)) = (
        column("deck"),
        column("card"),
        column("gih_games"),
        column("gns_games"),
        column("iwd"),
        column("iwd_ci95_low"),
        column("iwd_ci95_high"),
    ) else {
        return Vec::new();
    };
    let number = |row: &[String], c: usize| row.get(c).and_then(|t| t.parse::<f64>().ok());
    let mut ranked: Vec<(String, Estimate)> = table
        .rows
        .iter()
        .filter(|row| {
            [games, unseen]
                .iter()
                .all(|&c| number(row, c).is_some_and(|g| g >= MIN_CARD_GAMES as f64))
        })
        .filter_map(|row| {
            let e = Estimate {
                value: Some(number(row, iwd)?),
                low: number(row, low),
                high: number(row, high),
            };
            let name = format!(
                "{} ({})",
                row.get(card).map_or("", String::as_str),
                row.get(deck).map_or("", String::as_str)
            );
            Some((esc(&name), e))
        })
        .collect();
    ranked.sort_by(|x, y| {
        y.1.value
            .unwrap_or(0.0)
            .total_cmp(&x.1.value.unwrap_or(0.0))
    });
    let points =
        |x: Option<f64>| x.map_or_else(|| "—".to_owned(), |x| format!("{:+.1}", x * 100.0));
    let sentence = |(name, e): &(String, Estimate), which: &str| {
        let meaning = match side(e, 0.0) {
            1 => "significantly above 0",
            -1 => "significantly below 0",
            _ => "an interval that holds 0",
        };
        format!(
            "Among cards in hand in {MIN_CARD_GAMES} games or more and not in hand in as many, \
             {name} has the {which} IWD: {} points ({} to {}), {meaning}.",
            points(e.value),
            points(e.low),
            points(e.high)
        )
    };
    // IWD compares games, not causes (17lands says as much): the games
    // that see a card are the longer ones, which a fast deck loses.
    let caveat = "IWD compares the games with a copy in hand with those without; it does not \
                  show the card caused the difference: longer games see more cards, so a deck \
                  that wins fast has mostly negative IWDs."
        .to_owned();
    match ranked.as_slice() {
        // No card ever in hand (Millennium Blades has no hands to count):
        // no IWD to speak of.
        [] if !super::page::ever_in_hand(table) => Vec::new(),
        [] => vec![format!(
            "No card with an IWD was in hand in {MIN_CARD_GAMES} games or more and not in hand \
             in as many: too few games to rank cards by IWD."
        )],
        [only] => vec![sentence(only, "largest"), caveat],
        [first, .., last] => vec![sentence(first, "largest"), sentence(last, "lowest"), caveat],
    }
}
