//! The designer tables of a ruleset with a store (Millennium Blades):
//! `mb_cards.csv`, `mb_sets.csv`, `mb_value_curve.csv`,
//! `mb_tournaments.csv`, `mb_economy.csv`, and the grant experiment's
//! `mb_grant.csv`. docs/outputs.md describes every column. Rates have
//! their Wilson interval, rank scores their normal interval, lifts the
//! t interval of a difference with a cluster-robust standard error
//! (games as clusters, `min(G_B, G_N) − 1` degrees of freedom, clipped
//! to `[−1, 1]`: [`StoreCardStats::lift95`]), effects
//! the paired interval; an undefined figure is an empty field.

use super::names::{
    MB_CARDS_CSV, MB_ECONOMY_CSV, MB_GRANT_CSV, MB_SETS_CSV, MB_TOURNAMENTS_CSV, MB_VALUE_CURVE_CSV,
};
use std::collections::BTreeMap;

use super::atomic::{OutputDir, OutputError};
use super::csv::{CsvFile, fixed4};
use crate::stats::{GrantStats, RoundStats, Score, StoreCardStats, StoreStats, holm};

/// The card figures shared by `mb_cards.csv`, `mb_sets.csv` and
/// `mb_value_curve.csv`.
const CARD_FIGURES: [&str; 26] = [
    "seen_games",
    "bought_games",
    "buy_rate",
    "buy_rate_ci95_low",
    "buy_rate_ci95_high",
    "bought_store",
    "bought_aftermarket",
    "mean_price_paid",
    "sold",
    "mean_sold_price",
    "fused",
    "collected",
    "decked",
    "played",
    "rank_score_bought",
    "rank_score_bought_ci95_low",
    "rank_score_bought_ci95_high",
    "rank_score_not_bought",
    "rank_score_not_bought_ci95_low",
    "rank_score_not_bought_ci95_high",
    "lift",
    "lift_ci95_low",
    "lift_ci95_high",
    "tournaments_in_deck",
    "mean_place_in_deck",
    "verdict",
];

/// Columns of `mb_cards.csv` before the card figures (`CARD_FIGURES`).
pub const MB_CARDS: [&str; 6] = ["card", "set", "tier", "stars", "price", "games"];

/// Columns of `mb_sets.csv` before the card figures (`CARD_FIGURES`).
pub const MB_SETS: [&str; 4] = ["group", "name", "tier", "cards"];

/// Columns of `mb_value_curve.csv` before the card figures (`CARD_FIGURES`).
pub const MB_VALUE_CURVE: [&str; 4] = ["stars", "price", "cards", "card_names"];

/// Columns of `mb_tournaments.csv` before the `mix_<symbol>` columns
/// (mean cards of each element, then type, in the deck) and
/// [`MB_TOURNAMENTS_AFTER`].
pub const MB_TOURNAMENTS: [&str; 6] = [
    "round",
    "seat",
    "games",
    "tournaments",
    "mean_deck_cards",
    "mean_deck_stars",
];

/// Columns of `mb_tournaments.csv` after the `mix_<symbol>` columns.
pub const MB_TOURNAMENTS_AFTER: [&str; 13] = [
    "mean_clashes",
    "clash_win_rate",
    "clash_win_rate_ci95_low",
    "clash_win_rate_ci95_high",
    "mean_place",
    "first_place_rate",
    "first_place_ci95_low",
    "first_place_ci95_high",
    "mean_rp",
    "mean_vp_tournament",
    "mean_vp_collection",
    "mean_vp_money",
    "mean_vp_total",
];

/// Columns of `mb_economy.csv`.
pub const MB_ECONOMY: [&str; 15] = [
    "round",
    "seat",
    "games",
    "mean_money_start",
    "mean_money_end",
    "mean_spent",
    "mean_earned_selling",
    "mean_vp_money",
    "mean_collections",
    "collection_rate",
    "collection_ci95_low",
    "collection_ci95_high",
    "mean_collection_cards",
    "mean_vp_collection",
    "mean_vp_per_collection",
];

/// Columns of `mb_grant.csv`.
pub const MB_GRANT: [&str; 16] = [
    "rank",
    "rank_best",
    "rank_worst",
    "card",
    "set",
    "tier",
    "stars",
    "price",
    "seat",
    "games",
    "games_changed",
    "rank_score_baseline",
    "rank_score_granted",
    "effect",
    "effect_ci95_low",
    "effect_ci95_high",
];

/// Writes the store tables of `stats` into `out`.
pub fn write_store_tables(out: &mut OutputDir, stats: &StoreStats) -> Result<(), OutputError> {
    let header = |first: &[&'static str]| -> Vec<&'static str> {
        first.iter().chain(CARD_FIGURES.iter()).copied().collect()
    };
    let mut cards: Vec<(&String, &StoreCardStats)> = stats.cards.iter().collect();
    cards.sort_by_key(|(_, c)| c.pool_index);
    let mut csv = CsvFile::create(out, MB_CARDS_CSV, &header(&MB_CARDS))?;
    let card_verdicts = verdicts(cards.iter().map(|(_, c)| *c));
    for ((name, c), verdict) in cards.iter().zip(card_verdicts) {
        let mut row = vec![
            (*name).clone(),
            c.set.clone(),
            c.tier.clone(),
            c.stars.to_string(),
            c.price.to_string(),
            stats.games.to_string(),
        ];
        row.extend(card_figures(c, verdict));
        csv.row(row)?;
    }
    csv.finish(out)?;

    let mut csv = CsvFile::create(out, MB_SETS_CSV, &header(&MB_SETS))?;
    let mut groups: Vec<(&str, String, String, u32, StoreCardStats)> = Vec::new();
    for (group, key, clusters) in [
        (
            "set",
            (|c: &StoreCardStats| c.set.clone()) as fn(&StoreCardStats) -> String,
            &stats.set_clusters,
        ),
        (
            "tier",
            |c: &StoreCardStats| c.tier.clone(),
            &stats.tier_clusters,
        ),
    ] {
        let first = groups.len();
        for (_, c) in &cards {
            let name = key(c);
            match groups.iter_mut().find(|g| g.0 == group && g.1 == name) {
                Some(g) => {
                    g.3 += 1;
                    g.4.merge(c);
                }
                None => groups.push((group, name, c.tier.clone(), 1, (*c).clone())),
            }
        }
        // A group's games are its clusters, not each card's games apart.
        for g in &mut groups[first..] {
            g.4.clusters = clusters.get(&g.1).copied().unwrap_or_default();
        }
    }
    let group_verdicts = verdicts(groups.iter().map(|g| &g.4));
    for ((group, name, tier, n, total), verdict) in groups.iter().zip(group_verdicts) {
        let mut row = vec![
            (*group).to_owned(),
            name.clone(),
            tier.clone(),
            n.to_string(),
        ];
        row.extend(card_figures(total, verdict));
        csv.row(row)?;
    }
    csv.finish(out)?;

    let mut curve: BTreeMap<(u8, u8), (Vec<&str>, StoreCardStats)> = BTreeMap::new();
    for (name, c) in &cards {
        match curve.get_mut(&(c.stars, c.price)) {
            Some((names, total)) => {
                names.push(name.as_str());
                total.merge(c);
            }
            None => {
                curve.insert((c.stars, c.price), (vec![name.as_str()], (*c).clone()));
            }
        }
    }
    for (cell, (_, total)) in &mut curve {
        total.clusters = stats.curve_clusters.get(cell).copied().unwrap_or_default();
    }
    let mut csv = CsvFile::create(out, MB_VALUE_CURVE_CSV, &header(&MB_VALUE_CURVE))?;
    let curve_verdicts = verdicts(curve.values().map(|(_, total)| total));
    for (((stars, price), (names, total)), verdict) in curve.iter().zip(curve_verdicts) {
        let mut row = vec![
            stars.to_string(),
            price.to_string(),
            names.len().to_string(),
            names.join("; "),
        ];
        row.extend(card_figures(total, verdict));
        csv.row(row)?;
    }
    csv.finish(out)?;

    write_rounds(out, stats)
}

/// The figures of [`CARD_FIGURES`] for one card or group of cards, with
/// its `verdict` (see [`verdicts`]).
fn card_figures(c: &StoreCardStats, verdict: &str) -> Vec<String> {
    let ratio = |a: u64, b: u64| (b > 0).then(|| a as f64 / b as f64);
    let buy = c.buy_rate();
    let (buy_low, buy_high) = split(buy.wilson95());
    let (b_low, b_high) = split(c.bought.normal95());
    let (n_low, n_high) = split(c.not_bought.normal95());
    let lift = c.lift();
    let (lift_low, lift_high) = split(c.lift95());
    vec![
        c.seen_games.to_string(),
        c.bought_games.to_string(),
        fixed4(buy.rate()),
        buy_low,
        buy_high,
        c.bought_store.to_string(),
        c.bought_market.to_string(),
        fixed4(ratio(c.paid, c.copies_bought())),
        c.sold.to_string(),
        fixed4(ratio(c.sold_for, c.sold)),
        c.fused.to_string(),
        c.collected.to_string(),
        c.decked.to_string(),
        c.played.to_string(),
        fixed4(c.bought.rate()),
        b_low,
        b_high,
        fixed4(c.not_bought.rate()),
        n_low,
        n_high,
        fixed4(lift),
        lift_low,
        lift_high,
        c.tournaments.to_string(),
        fixed4(ratio(c.place_sum, c.tournaments)),
        verdict.to_owned(),
    ]
}

/// The chance that a table whose cards are all fairly priced calls any of
/// them under- or over-priced.
pub const VERDICT_ALPHA: f64 = 0.05;

/// The seat-games a row needs on each side (bought, seen and not bought)
/// for a verdict other than `fair`: two buyers who both placed first have
/// no spread, and a p-value of 0 that no adjustment undoes.
pub const MIN_VERDICT_GAMES: u64 = 10;

/// The verdict of each row of one table (its cards, or its groups of
/// cards), in order: the rows are one family of tests, each lift's
/// p-value ([`StoreCardStats::lift_p`]: the t test with the
/// cluster-robust standard error, games as clusters, since a card's
/// buyers and non-buyers share games, and one degree of freedom fewer
/// than the games of its smaller side) adjusted for all the rows with a
/// lift by Holm's procedure ([`holm`], as `decklab compare` does), so
/// that a table of fairly priced cards has a verdict other than `fair` in
/// at most [`VERDICT_ALPHA`] of runs, as far as the p-values are right
/// (the normal test's were too small over a few dozen games; the t
/// test's are near right, see [`crate::stats::ClusterSums`]). A row with
/// fewer than `MIN_VERDICT_GAMES` on a side is `fair` and not counted.
/// See [`verdict`].
pub fn verdicts<'a>(rows: impl Iterator<Item = &'a StoreCardStats>) -> Vec<&'static str> {
    let (lifts, p): (Vec<_>, Vec<_>) = rows
        .map(|c| {
            let enough = c.bought.games.min(c.not_bought.games) >= MIN_VERDICT_GAMES;
            (c.lift(), c.lift_p().filter(|_| enough))
        })
        .unzip();
    lifts
        .into_iter()
        .zip(holm(&p))
        .map(|(lift, adjusted)| verdict(lift, adjusted))
        .collect()
}

/// What a `lift` with its `adjusted` p-value says of a price:
/// `under-priced` when the lift is above 0 and the p-value at most
/// [`VERDICT_ALPHA`] (buying the card went with finishing higher),
/// `over-priced` when below 0, `fair` otherwise, empty without a lift.
pub fn verdict(lift: Option<f64>, adjusted: Option<f64>) -> &'static str {
    match (lift, adjusted) {
        (Some(lift), Some(p)) if p <= VERDICT_ALPHA && lift > 0.0 => "under-priced",
        (Some(lift), Some(p)) if p <= VERDICT_ALPHA && lift < 0.0 => "over-priced",
        (Some(_), _) => "fair",
        (None, _) => "",
    }
}

/// An interval as two fields.
fn split(interval: Option<(f64, f64)>) -> (String, String) {
    (fixed4(interval.map(|i| i.0)), fixed4(interval.map(|i| i.1)))
}

/// `mb_tournaments.csv` and `mb_economy.csv`.
fn write_rounds(out: &mut OutputDir, stats: &StoreStats) -> Result<(), OutputError> {
    let mix: Vec<String> = stats.symbols.iter().map(|s| format!("mix_{s}")).collect();
    let header: Vec<&str> = MB_TOURNAMENTS
        .iter()
        .copied()
        .chain(mix.iter().map(String::as_str))
        .chain(MB_TOURNAMENTS_AFTER.iter().copied())
        .collect();
    let mut t = CsvFile::create(out, MB_TOURNAMENTS_CSV, &header)?;
    let mut e = CsvFile::create(out, MB_ECONOMY_CSV, &MB_ECONOMY)?;
    for (round, seats) in &stats.rounds {
        for (seat, r) in seats {
            let per_game = |x: u64| fixed4((r.games > 0).then(|| x as f64 / r.games as f64));
            let per_tournament =
                |x: u64| fixed4((r.tournaments > 0).then(|| x as f64 / r.tournaments as f64));
            let lead = [round.to_string(), seat.to_string(), r.games.to_string()];
            if r.tournaments > 0 {
                t.row(tournament_row(&lead, r, &per_game, &per_tournament))?;
            }
            let collections = Score::of_points(r.games, r.collection_games);
            let (c_low, c_high) = split(collections.wilson95());
            let per_collection =
                (r.collections > 0).then(|| r.vp_collection as f64 / r.collections as f64);
            let mut row = lead.to_vec();
            row.extend([
                per_game(r.money_start),
                per_game(r.money_end),
                per_game(r.spent),
                per_game(r.earned_selling),
                per_game(r.vp_money),
                per_game(r.collections),
                fixed4(collections.rate()),
                c_low,
                c_high,
                per_game(r.collection_cards),
                per_game(r.vp_collection),
                fixed4(per_collection),
            ]);
            e.row(row)?;
        }
    }
    t.finish(out)?;
    e.finish(out)
}

/// One row of `mb_tournaments.csv`.
fn tournament_row(
    lead: &[String; 3],
    r: &RoundStats,
    per_game: &dyn Fn(u64) -> String,
    per_tournament: &dyn Fn(u64) -> String,
) -> Vec<String> {
    let clashes = Score::of_points(r.clashes, r.clashes_won);
    let (cl_low, cl_high) = split(clashes.wilson95());
    let firsts = Score::of_points(r.tournaments, r.first_places);
    let (f_low, f_high) = split(firsts.wilson95());
    let vp = r.vp_tournament + r.vp_collection + r.vp_money;
    let mut row = lead.to_vec();
    row.extend([
        r.tournaments.to_string(),
        per_tournament(r.deck_cards),
        per_tournament(r.deck_stars),
    ]);
    row.extend(r.deck_symbols.iter().map(|&n| per_tournament(n)));
    row.extend([
        per_tournament(r.clashes),
        fixed4(clashes.rate()),
        cl_low,
        cl_high,
        per_tournament(r.place_sum),
        fixed4(firsts.rate()),
        f_low,
        f_high,
        per_tournament(r.rp),
        per_game(r.vp_tournament),
        per_game(r.vp_collection),
        per_game(r.vp_money),
        per_game(vp),
    ]);
    row
}

/// Writes `mb_grant.csv`: the granted cards ranked by effect.
pub fn write_grant_table(out: &mut OutputDir, stats: &GrantStats) -> Result<(), OutputError> {
    let mut csv = CsvFile::create(out, MB_GRANT_CSV, &MB_GRANT)?;
    let ranked = stats.ranked();
    let ranges = GrantStats::rank_ranges(&ranked);
    for (rank, ((name, t), (best, worst))) in ranked.into_iter().zip(ranges).enumerate() {
        let effect = t.effect95();
        csv.row([
            (rank + 1).to_string(),
            best.to_string(),
            worst.to_string(),
            name.clone(),
            t.set.clone(),
            t.tier.clone(),
            t.stars.to_string(),
            t.price.to_string(),
            t.seat.to_string(),
            t.granted.games.to_string(),
            t.changed.to_string(),
            fixed4(t.baseline.rate()),
            fixed4(t.granted.rate()),
            fixed4(effect.map(|e| e.0)),
            fixed4(effect.map(|e| e.1)),
            fixed4(effect.map(|e| e.2)),
        ])?;
    }
    csv.finish(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{UNITS_PER_GAME, below, rng_from_seed};

    /// A card seen in `games` four-seat games with one buyer and one
    /// passer each, whose rank scores are each drawn by `rank` (0 last …
    /// 3 first).
    fn card(games: u64, mut rank: impl FnMut(bool) -> u64) -> StoreCardStats {
        let mut c = StoreCardStats::default();
        for _ in 0..games {
            let (bought, passed) = (
                rank(true) * UNITS_PER_GAME / 3,
                rank(false) * UNITS_PER_GAME / 3,
            );
            c.bought.add(bought);
            c.not_bought.add(passed);
            c.clusters.add_game(bought, 1, passed, 1);
        }
        c.seen_games = games;
        c
    }

    /// The `verdict` column of the store table `file` written for
    /// `stats`.
    fn verdict_column(stats: &StoreStats, file: &str) -> Vec<String> {
        column(stats, file, "verdict")
    }

    /// The column `name` of the store table `file` written for `stats`.
    fn column(stats: &StoreStats, file: &str, name: &str) -> Vec<String> {
        let dir = tempfile::TempDir::new().unwrap();
        let mut out = OutputDir::create(dir.path()).unwrap();
        write_store_tables(&mut out, stats).unwrap();
        out.commit().unwrap();
        let text = std::fs::read_to_string(dir.path().join(file)).unwrap();
        let mut lines = text.lines().map(|l| l.split(',').collect::<Vec<_>>());
        let column = lines.next().unwrap().iter().position(|h| *h == name);
        lines.map(|l| l[column.unwrap()].to_owned()).collect()
    }

    #[test]
    fn fairly_priced_cards_get_no_verdict_by_chance_a_strongly_priced_one_does() {
        // 200 cards whose buyers place like everyone else: uncorrected,
        // about 10 would be called under- or over-priced by chance.
        let mut rng = rng_from_seed(7);
        let mut stats = StoreStats::default();
        for i in 0..200u32 {
            let c = card(40, |_| u64::from(below(&mut rng, 4)));
            stats.cards.insert(format!("Fair {i:03}"), c);
        }
        let uncorrected = stats
            .cards
            .values()
            .filter(|c| c.lift_p().is_some_and(|p| p < 0.05))
            .count();
        assert!(uncorrected >= 5, "{uncorrected} cards flagged uncorrected");
        // One card whose buyers mostly win and passers mostly lose.
        let mut strong = card(40, |bought| {
            let r = u64::from(below(&mut rng, 4));
            if bought {
                3.min(r + 2)
            } else {
                r.saturating_sub(2)
            }
        });
        strong.pool_index = 200;
        stats.cards.insert("Strong".into(), strong);
        let verdicts = verdict_column(&stats, "mb_cards.csv");
        assert_eq!(verdicts.len(), 201);
        assert_eq!(verdicts.last().map(String::as_str), Some("under-priced"));
        assert!(
            verdicts[..200].iter().all(|v| v == "fair"),
            "{:?}",
            verdicts.iter().filter(|v| *v != "fair").collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_row_without_a_lift_has_no_verdict_and_is_not_counted() {
        let lifted = card(30, |bought| if bought { 3 } else { 0 });
        let rows = [StoreCardStats::default(), lifted];
        assert_eq!(verdicts(rows.iter()), ["", "under-priced"]);
        assert_eq!(verdict(Some(-0.2), Some(0.01)), "over-priced");
        assert_eq!(verdict(Some(0.2), Some(0.06)), "fair");
    }

    #[test]
    fn a_few_buyers_who_all_won_are_no_verdict() {
        // Buyers alike have no spread: a p-value of 0 on 2 games, or 9.
        for games in [2, MIN_VERDICT_GAMES - 1] {
            let few = card(games, |bought| if bought { 3 } else { 0 });
            assert_eq!(few.lift_p(), Some(0.0));
            assert_eq!(verdicts([few].iter()), ["fair"], "{games} games");
        }
        let enough = card(MIN_VERDICT_GAMES, |bought| if bought { 3 } else { 0 });
        assert_eq!(verdicts([enough].iter()), ["under-priced"]);
    }

    #[test]
    fn a_verdict_takes_the_games_as_the_independent_units() {
        // Ten four-seat games, one buyer a game and the other three seats
        // passing: the buyer places first 6 times, second twice and last
        // twice, and the passers take the other places of the same table.
        // The lift is 0.311; as two independent samples its p-value is
        // 0.030, under-priced; with the games as clusters the standard
        // error is 0.173 against 0.144, the p-value 0.072 by the normal
        // test and 0.105 by the t with 9 degrees of freedom (10 games on
        // each side): fair.
        let mut c = StoreCardStats::default();
        for (place, games) in [(0, 6), (1, 2), (3, 2)] {
            for _ in 0..games {
                let units = |p: u64| (3 - p) * UNITS_PER_GAME / 3;
                c.bought.add(units(place));
                let others: Vec<u64> = (0..4).filter(|&p| p != place).map(units).collect();
                others.iter().for_each(|&u| c.not_bought.add(u));
                c.clusters.add_game(units(place), 1, others.iter().sum(), 3);
            }
        }
        assert!((c.lift().unwrap() - 0.3111).abs() < 1e-4);
        let welch = c.bought.lift_p(&c.not_bought).unwrap();
        assert!((welch - 0.0302).abs() < 1e-4, "{welch}");
        let robust = c.lift_p().unwrap();
        assert!((robust - 0.1053).abs() < 1e-4, "{robust}");
        assert_eq!(c.clusters.df(), Some(9));
        let se = c.clusters.standard_error().unwrap();
        let normal = 2.0 * crate::stats::normal_upper_tail(c.lift().unwrap() / se);
        assert!((normal - 0.0717).abs() < 1e-4, "{normal}");
        let (low, high) = c.lift95().unwrap();
        assert!(low < 0.0 && high > 0.0);
        assert_eq!(verdicts([&c].into_iter()), ["fair"]);
        // Without the per-game sums (an older stats.json): Welch's verdict.
        let mut old = c.clone();
        old.clusters = Default::default();
        assert_eq!(verdicts([&old].into_iter()), ["under-priced"]);
    }

    #[test]
    fn a_group_of_cards_takes_its_own_games_as_clusters() {
        // Two cards of one set, seen in the same 30 games; in each, one
        // seat buys both (its rank score counts twice in the set's row)
        // and another passes both.
        let mut rng = rng_from_seed(9);
        let mut stats = StoreStats::default();
        let mut set = crate::stats::ClusterSums::default();
        let mut cards = [StoreCardStats::default(), StoreCardStats::default()];
        for (i, c) in cards.iter_mut().enumerate() {
            (c.pool_index, c.set, c.tier, c.stars, c.price) =
                (i as u32, "S".into(), "core".into(), 2, 3);
        }
        for _ in 0..30 {
            let bought = u64::from(below(&mut rng, 4)) * UNITS_PER_GAME / 3;
            let passed = u64::from(below(&mut rng, 4)) * UNITS_PER_GAME / 3;
            for c in &mut cards {
                c.bought.add(bought);
                c.not_bought.add(passed);
                c.clusters.add_game(bought, 1, passed, 1);
            }
            set.add_game(2 * bought, 2, 2 * passed, 2);
        }
        for (name, c) in ["One", "Two"].into_iter().zip(cards) {
            stats.cards.insert(name.into(), c);
        }
        stats.set_clusters.insert("S".into(), set);
        stats.tier_clusters.insert("core".into(), set);
        stats.curve_clusters.insert((2, 3), set);
        // The set's 30 games, each with a buyer and a non-buyer: a t with
        // 29 degrees of freedom.
        let (lift, se) = (set.lift().unwrap(), set.standard_error().unwrap());
        assert_eq!(set.df(), Some(29));
        let t = crate::stats::t_upper_quantile(0.025, 29);
        let expected = [fixed4(Some(lift - t * se)), fixed4(Some(lift + t * se))];
        // The cards pooled without the set's games: each game counted
        // twice as if independent, an interval √2 too narrow.
        let mut pooled = stats.cards["One"].clone();
        pooled.merge(&stats.cards["Two"]);
        let narrow = pooled.clusters.lift95().unwrap();
        assert!(narrow.2 - narrow.1 < 0.75 * 2.0 * t * se);
        for (file, rows) in [("mb_sets.csv", 2), ("mb_value_curve.csv", 1)] {
            let low = column(&stats, file, "lift_ci95_low");
            let high = column(&stats, file, "lift_ci95_high");
            assert_eq!(low.len(), rows);
            for (low, high) in low.iter().zip(&high) {
                assert_eq!([low, high], [&expected[0], &expected[1]], "{file}");
            }
        }
    }
}
