//! The designer tallies of a ruleset with a store (Millennium Blades):
//! per store card, per round and seat, folded from each game's
//! [`Ledger`]. Integer counts keyed by names, merged by adding, like every
//! tally of a run.
//!
//! **Bought vs not bought.** For a card seen in a game, every seat that
//! bought a copy counts its rank score in `bought`; every seat that never
//! owned a copy counts it in `not_bought`; a seat that owned a copy without
//! buying one (dealt, drawn, granted) counts in neither. The lift is
//! `bought − not_bought`: what having paid for the card went with, not
//! (as the grant experiment measures) what it caused. Buyers and
//! non-buyers sit at the same tables, so the lift's interval and test
//! take the games as the independent units: a cluster-robust standard
//! error, games as clusters, and Student's t with one degree of freedom
//! fewer than the games of the smaller side ([`ClusterSums`]), from sums
//! kept game by game per card and per group of cards (set, tier, star
//! rating and price). A
//! group's row pools its cards' seat-games, and one seat that buys
//! several of them in a game counts once for each, so a group's clusters
//! are its games, not its cards' games apart.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{ClusterSums, Score, write_mask};
use crate::core::{CardTrail, Ledger, Outcome, Player, SeatRound, StoreCatalog};

/// The range of every lift, a difference of two mean rank scores (each
/// in `[0, 1]`): the lift's interval is clipped to it
/// ([`StoreCardStats::lift95`]).
pub const LIFT_RANGE: (f64, f64) = (-1.0, 1.0);

/// What a run's games did with one store card (all copies).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreCardStats {
    /// The card's place in the pool, for the row order.
    pub pool_index: u32,
    /// Its set.
    pub set: String,
    /// Its set's tier.
    pub tier: String,
    /// Its star rating.
    pub stars: u8,
    /// Its store price.
    pub price: u8,
    /// Games in which a copy was seen.
    pub seen_games: u64,
    /// Games in which some seat bought a copy.
    pub bought_games: u64,
    /// Copies bought from the store.
    pub bought_store: u64,
    /// Copies bought from the aftermarket.
    pub bought_market: u64,
    /// Dollars paid for the copies bought.
    pub paid: u64,
    /// Copies sold to the aftermarket.
    pub sold: u64,
    /// Dollars the sales brought.
    pub sold_for: u64,
    /// Copies given to card fusions.
    pub fused: u64,
    /// Copies put in collections.
    pub collected: u64,
    /// Copies put in tournament decks.
    pub decked: u64,
    /// Copies played in tournaments.
    pub played: u64,
    /// Tournaments a copy was in a deck for (seat by seat).
    pub tournaments: u64,
    /// The sum of the places of those decks.
    pub place_sum: u64,
    /// Rank scores of the seats that bought a copy (see the module
    /// documentation).
    pub bought: Score,
    /// Rank scores of the seats that saw it and never owned a copy.
    pub not_bought: Score,
    /// The same rank scores summed game by game, for the lift's
    /// cluster-robust standard error (games as clusters).
    #[serde(default)]
    pub clusters: ClusterSums,
}

impl StoreCardStats {
    /// Adds the tallies of another card (or the same card in another
    /// shard): counts add, the attributes of `self` stay.
    pub fn merge(&mut self, o: &StoreCardStats) {
        self.seen_games += o.seen_games;
        self.bought_games += o.bought_games;
        self.bought_store += o.bought_store;
        self.bought_market += o.bought_market;
        self.paid += o.paid;
        self.sold += o.sold;
        self.sold_for += o.sold_for;
        self.fused += o.fused;
        self.collected += o.collected;
        self.decked += o.decked;
        self.played += o.played;
        self.tournaments += o.tournaments;
        self.place_sum += o.place_sum;
        self.bought.merge(&o.bought);
        self.not_bought.merge(&o.not_bought);
        self.clusters.merge(&o.clusters);
    }

    /// Copies bought, from the store and the aftermarket.
    pub fn copies_bought(&self) -> u64 {
        self.bought_store + self.bought_market
    }

    /// The buy rate: games it was bought in of those it was seen in, with
    /// its Wilson interval.
    pub fn buy_rate(&self) -> Score {
        Score::of_points(self.seen_games, self.bought_games)
    }

    /// The lift `bought − not_bought`: `None` if either side has fewer
    /// than two seat-games.
    pub fn lift(&self) -> Option<f64> {
        self.bought
            .lift_and_error(&self.not_bought)
            .map(|(lift, _)| lift)
    }

    /// The 95% interval of [`StoreCardStats::lift`]: cluster-robust, games
    /// as clusters, ± Student's t quantile with `min(G_B, G_N) − 1`
    /// degrees of freedom ([`ClusterSums::lift95`]); `None` without a lift
    /// or with a side in fewer than two games. Tallies without the
    /// per-game sums (a `stats.json` written before they were kept) fall
    /// back to the interval of two independent means ([`Score::lift95`]),
    /// and those with the sums but without the per-side game counts to
    /// the normal quantile ([`ClusterSums::df`]): each the interval it
    /// was written with.
    ///
    /// The interval is clipped to [`LIFT_RANGE`], where every lift lies (a
    /// difference of two mean rank scores, each in `[0, 1]`): ± `t`
    /// standard errors of a card bought in two or three games can reach
    /// far beyond it, and the true lift is inside it, so the clipped
    /// interval covers the truth whenever the whole one does. The p-value
    /// ([`StoreCardStats::lift_p`]) is that of the whole interval: the
    /// clipped one excludes 0 exactly when the whole one does.
    pub fn lift95(&self) -> Option<(f64, f64)> {
        self.lift()?;
        let (_, low, high) = if self.clustered() {
            self.clusters.lift95()?
        } else {
            self.bought.lift95(&self.not_bought)?
        };
        let (min, max) = LIFT_RANGE;
        Some((low.max(min), high.min(max)))
    }

    /// The two-sided p-value of "no lift" that goes with
    /// [`StoreCardStats::lift95`] (the test of the same lift, standard
    /// error and reference distribution: below 0.05 exactly when the
    /// interval excludes 0).
    pub fn lift_p(&self) -> Option<f64> {
        self.lift()?;
        if self.clustered() {
            self.clusters.lift_p()
        } else {
            self.bought.lift_p(&self.not_bought)
        }
    }

    /// Whether the per-game sums cover this card's seat-games (not a
    /// tally from before they were kept).
    fn clustered(&self) -> bool {
        self.clusters.covers(&self.bought, &self.not_bought)
    }
}

/// One seat position's round, summed over games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundStats {
    /// Games in which the seat played the round.
    pub games: u64,
    /// Sums of [`SeatRound`]'s money figures.
    pub money_start: u64,
    /// See [`SeatRound::money_end`].
    pub money_end: u64,
    /// See [`SeatRound::spent`].
    pub spent: u64,
    /// See [`SeatRound::earned_selling`].
    pub earned_selling: u64,
    /// Collections turned in.
    pub collections: u64,
    /// Games with at least one collection turned in.
    pub collection_games: u64,
    /// Cards in them.
    pub collection_cards: u64,
    /// VP from collections.
    pub vp_collection: u64,
    /// VP from tournament placements.
    pub vp_tournament: u64,
    /// VP from money at the end.
    pub vp_money: u64,
    /// Games with a tournament this round.
    pub tournaments: u64,
    /// Cards in the tournament decks.
    pub deck_cards: u64,
    /// The sum of their star ratings.
    pub deck_stars: u64,
    /// Cards with each symbol of [`StoreStats::symbols`].
    pub deck_symbols: Vec<u64>,
    /// Clashes taken part in.
    pub clashes: u64,
    /// Clashes won.
    pub clashes_won: u64,
    /// The sum of the tournament places.
    pub place_sum: u64,
    /// Tournaments won (placed first, ties included).
    pub first_places: u64,
    /// The sum of the RP.
    pub rp: u64,
}

impl RoundStats {
    fn add(&mut self, r: &SeatRound) {
        self.games += 1;
        self.money_start += u64::from(r.money_start);
        self.money_end += u64::from(r.money_end);
        self.spent += u64::from(r.spent);
        self.earned_selling += u64::from(r.earned_selling);
        self.collections += u64::from(r.collections);
        self.collection_games += u64::from(r.collections > 0);
        self.collection_cards += u64::from(r.collection_cards);
        self.vp_collection += u64::from(r.vp_collection);
        self.vp_tournament += u64::from(r.vp_tournament);
        self.vp_money += u64::from(r.vp_money);
        if r.place > 0 {
            self.tournaments += 1;
            self.place_sum += u64::from(r.place);
            self.first_places += u64::from(r.place == 1);
            self.rp += u64::from(r.rp);
            self.deck_cards += u64::from(r.deck.cards);
            self.deck_stars += u64::from(r.deck.stars);
            self.clashes += u64::from(r.clashes);
            self.clashes_won += u64::from(r.clashes_won);
            add_vec(
                &mut self.deck_symbols,
                r.deck.symbols.iter().map(|&n| u64::from(n)),
            );
        }
    }

    fn merge(&mut self, o: &RoundStats) {
        self.games += o.games;
        self.money_start += o.money_start;
        self.money_end += o.money_end;
        self.spent += o.spent;
        self.earned_selling += o.earned_selling;
        self.collections += o.collections;
        self.collection_games += o.collection_games;
        self.collection_cards += o.collection_cards;
        self.vp_collection += o.vp_collection;
        self.vp_tournament += o.vp_tournament;
        self.vp_money += o.vp_money;
        self.tournaments += o.tournaments;
        self.deck_cards += o.deck_cards;
        self.deck_stars += o.deck_stars;
        add_vec(&mut self.deck_symbols, o.deck_symbols.iter().copied());
        self.clashes += o.clashes;
        self.clashes_won += o.clashes_won;
        self.place_sum += o.place_sum;
        self.first_places += o.first_places;
        self.rp += o.rp;
    }
}

/// Adds `values` to `sums` element by element, growing it as needed.
/// Whether a seat of a game of `players` seats bought a copy of the card
/// of `trail` (from the store or the aftermarket), if the game saw the
/// card; `None` if it did not: the games `mb_cards.csv` counts in
/// `seen_games` and `bought_games`.
fn seen_and_bought(trail: &CardTrail, players: usize) -> Option<bool> {
    trail
        .seen
        .then(|| trail.seats[..players].iter().any(|t| t.bought() > 0))
}

/// Writes one game's `games.csv` fields `store_seen` and `store_bought`:
/// the masks ([`write_mask`]) of the store cards the game saw and of those
/// a seat bought, bit `i` standing for `catalog.cards[i]`, the `i`-th row
/// of `mb_cards.csv`. Game by game, they hold the counts `mb_cards.csv`
/// sums (`seen_games`, `bought_games`), so two runs on the same seeds can
/// compare each card's buy rate paired.
pub fn write_store_masks(
    catalog: &StoreCatalog,
    ledger: &Ledger,
    players: usize,
    seen: &mut String,
    bought: &mut String,
) {
    let of = |i: usize| {
        catalog
            .cards
            .get(i)
            .and_then(|c| ledger.cards.get(c.card.index()))
            .and_then(|trail| seen_and_bought(trail, players))
    };
    write_mask(catalog.cards.len(), |i| of(i).is_some(), seen);
    write_mask(catalog.cards.len(), |i| of(i) == Some(true), bought);
}

fn add_vec(sums: &mut Vec<u64>, values: impl Iterator<Item = u64>) {
    for (i, v) in values.enumerate() {
        if sums.len() <= i {
            sums.resize(i + 1, 0);
        }
        sums[i] += v;
    }
}

/// Counts one game of each named group's `sums` (bought units, buyers,
/// passed units, passers) in `clusters`.
fn fold_groups(clusters: &mut BTreeMap<String, ClusterSums>, sums: BTreeMap<&str, [u64; 4]>) {
    for (name, [b, m, c, k]) in sums {
        let group = match clusters.get_mut(name) {
            Some(g) => g,
            None => clusters.entry(name.to_owned()).or_default(),
        };
        group.add_game(b, m, c, k);
    }
}

/// The store tallies of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreStats {
    /// Games folded in.
    pub games: u64,
    /// The names of the deck-mix symbols (elements, then types).
    pub symbols: Vec<String>,
    /// Per store card, by name.
    pub cards: BTreeMap<String, StoreCardStats>,
    /// Per round, then seat letter.
    pub rounds: BTreeMap<u8, BTreeMap<char, RoundStats>>,
    /// Per set, its cards' rank scores summed game by game (a game's sums
    /// over all the set's cards seen in it): the clusters of the set's
    /// lift, as [`StoreCardStats::clusters`] are a card's.
    #[serde(default)]
    pub set_clusters: BTreeMap<String, ClusterSums>,
    /// The same per tier.
    #[serde(default)]
    pub tier_clusters: BTreeMap<String, ClusterSums>,
    /// The same per star rating and price.
    #[serde(default, with = "super::entries")]
    pub curve_clusters: BTreeMap<(u8, u8), ClusterSums>,
}

impl StoreStats {
    /// Folds in one game of `players` seats with its `ledger` and
    /// `outcome`, the cards described by `catalog`.
    pub fn add_game(
        &mut self,
        catalog: &StoreCatalog,
        ledger: &Ledger,
        outcome: &Outcome,
        players: usize,
    ) {
        self.games += 1;
        if self.symbols.is_empty() {
            self.symbols = catalog.symbols.iter().map(|s| (*s).to_owned()).collect();
        }
        // This game's sums of each group's cards: (bought units, buyers,
        // passed units, passers).
        let mut sets: BTreeMap<&str, [u64; 4]> = BTreeMap::new();
        let mut tiers: BTreeMap<&str, [u64; 4]> = BTreeMap::new();
        let mut curve: BTreeMap<(u8, u8), [u64; 4]> = BTreeMap::new();
        for (index, card) in catalog.cards.iter().enumerate() {
            let stats = match self.cards.get_mut(&card.name) {
                Some(s) => s,
                None => self
                    .cards
                    .entry(card.name.clone())
                    .or_insert_with(|| StoreCardStats {
                        pool_index: index as u32,
                        set: card.set.clone(),
                        tier: card.tier.to_owned(),
                        stars: card.stars,
                        price: card.price,
                        ..StoreCardStats::default()
                    }),
            };
            let Some(trail) = ledger.cards.get(card.card.index()) else {
                continue;
            };
            let seats = &trail.seats[..players];
            for t in seats {
                stats.bought_store += u64::from(t.bought_store);
                stats.bought_market += u64::from(t.bought_market);
                stats.paid += u64::from(t.paid);
                stats.sold += u64::from(t.sold);
                stats.sold_for += u64::from(t.sold_for);
                stats.fused += u64::from(t.fused);
                stats.collected += u64::from(t.collected);
                stats.decked += u64::from(t.decked);
                stats.played += u64::from(t.played);
                stats.tournaments += u64::from(t.tournaments);
                stats.place_sum += u64::from(t.place_sum);
            }
            let Some(bought) = seen_and_bought(trail, players) else {
                continue;
            };
            stats.seen_games += 1;
            stats.bought_games += u64::from(bought);
            let mut game = [0u64; 4];
            for (seat, t) in seats.iter().enumerate() {
                let units = outcome.return_units(Player::new(seat));
                if t.bought() > 0 {
                    stats.bought.add(units);
                    game[0] += units;
                    game[1] += 1;
                } else if !t.owned {
                    stats.not_bought.add(units);
                    game[2] += units;
                    game[3] += 1;
                }
            }
            let [b, m, c, k] = game;
            stats.clusters.add_game(b, m, c, k);
            for sums in [
                sets.entry(&card.set).or_default(),
                tiers.entry(card.tier).or_default(),
                curve.entry((card.stars, card.price)).or_default(),
            ] {
                sums.iter_mut().zip(game).for_each(|(s, x)| *s += x);
            }
        }
        fold_groups(&mut self.set_clusters, sets);
        fold_groups(&mut self.tier_clusters, tiers);
        for (cell, [b, m, c, k]) in curve {
            self.curve_clusters
                .entry(cell)
                .or_default()
                .add_game(b, m, c, k);
        }
        for (round, seats) in ledger.rounds.iter().enumerate() {
            for (seat, r) in seats.iter().enumerate().take(players) {
                if r.played {
                    self.rounds
                        .entry(round as u8)
                        .or_default()
                        .entry(Player::new(seat).letter())
                        .or_default()
                        .add(r);
                }
            }
        }
    }

    /// Adds the tallies of another run or shard.
    pub fn merge(&mut self, other: &StoreStats) {
        self.games += other.games;
        if self.symbols.is_empty() {
            self.symbols.clone_from(&other.symbols);
        }
        for (name, c) in &other.cards {
            match self.cards.get_mut(name) {
                Some(s) => s.merge(c),
                None => {
                    self.cards.insert(name.clone(), c.clone());
                }
            }
        }
        for (round, seats) in &other.rounds {
            for (seat, r) in seats {
                self.rounds
                    .entry(*round)
                    .or_default()
                    .entry(*seat)
                    .or_default()
                    .merge(r);
            }
        }
        for (set, c) in &other.set_clusters {
            self.set_clusters.entry(set.clone()).or_default().merge(c);
        }
        for (tier, c) in &other.tier_clusters {
            self.tier_clusters.entry(tier.clone()).or_default().merge(c);
        }
        for (cell, c) in &other.curve_clusters {
            self.curve_clusters.entry(*cell).or_default().merge(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{CardId, StoreCard, UNITS_PER_GAME, below, rng_from_seed};
    use crate::stats::{Z95, t_upper_quantile};

    fn catalog() -> StoreCatalog {
        let card = |i: u16, name: &str| StoreCard {
            card: CardId(i),
            name: name.into(),
            set: "Set".into(),
            tier: "core",
            stars: 3,
            price: 4,
        };
        StoreCatalog {
            cards: vec![card(0, "Alpha"), card(1, "Beta")],
            symbols: vec!["fire"],
        }
    }

    /// A random four-seat game of [`catalog`]'s cards: each seen with
    /// chance 3 in 4, each seat buying a seen card with chance 1 in 3, or
    /// else owning it unbought with chance 1 in 6; random places.
    fn random_game(rng: &mut crate::core::GameRng) -> (Ledger, Outcome) {
        let mut ledger = Ledger::default();
        for card in [CardId(0), CardId(1)] {
            ledger.card(card).seen = below(rng, 4) > 0;
            for seat in Player::all(4) {
                match below(rng, 6) {
                    0 | 1 => {
                        ledger.seat(card, seat).bought_store = 1;
                        ledger.owned(card, seat);
                    }
                    2 => ledger.owned(card, seat),
                    _ => {}
                }
            }
        }
        let keys: Vec<u32> = (0..4).map(|_| below(rng, 4)).collect();
        (ledger, Outcome::ranked_by(&keys, "score"))
    }

    #[test]
    fn buyers_and_seats_that_never_owned_it_are_compared_the_rest_left_out() {
        let mut ledger = Ledger::default();
        ledger.card(CardId(0)).seen = true;
        ledger.seat(CardId(0), Player::A).bought_store = 1;
        ledger.owned(CardId(0), Player::A);
        // Seat b was dealt a copy: owned, not bought.
        ledger.owned(CardId(0), Player::B);
        let outcome = Outcome::ranked_by(&[3, 2, 1], "score");
        let mut stats = StoreStats::default();
        stats.add_game(&catalog(), &ledger, &outcome, 3);
        let alpha = &stats.cards["Alpha"];
        assert_eq!((alpha.seen_games, alpha.bought_games), (1, 1));
        assert_eq!(alpha.bought.games, 1);
        assert_eq!(alpha.bought.rate(), Some(1.0));
        // Only seat c (last) never owned it.
        assert_eq!(alpha.not_bought.games, 1);
        assert_eq!(alpha.not_bought.rate(), Some(0.0));
        // Beta was never seen: a row without games.
        assert_eq!(stats.cards["Beta"].seen_games, 0);
    }

    #[test]
    fn merging_two_halves_equals_folding_all() {
        let mut ledger = Ledger::default();
        ledger.card(CardId(1)).seen = true;
        ledger.seat(CardId(1), Player::B).sold = 2;
        ledger.this_round(Player::A).spent = 7;
        let outcome = Outcome::ranked_by(&[1, 2], "score");
        let (mut all, mut half) = (StoreStats::default(), StoreStats::default());
        for _ in 0..2 {
            all.add_game(&catalog(), &ledger, &outcome, 2);
        }
        half.add_game(&catalog(), &ledger, &outcome, 2);
        let mut merged = half.clone();
        merged.merge(&half);
        assert_eq!(merged, all);
        assert_eq!(all.rounds[&0][&'a'].spent, 14);
        assert_eq!(all.cards["Beta"].sold, 4);
    }

    #[test]
    fn a_group_is_clustered_by_game_over_all_its_cards() {
        // Seat a buys both cards of the set and places first; b and c saw
        // them and never owned one.
        let mut ledger = Ledger::default();
        for card in [CardId(0), CardId(1)] {
            ledger.card(card).seen = true;
            ledger.seat(card, Player::A).bought_store = 1;
            ledger.owned(card, Player::A);
        }
        let (first, second) = (
            Outcome::ranked_by(&[3, 2, 1], "score"),
            Outcome::ranked_by(&[1, 2, 3], "score"),
        );
        let mut stats = StoreStats::default();
        stats.add_game(&catalog(), &ledger, &first, 3);
        stats.add_game(&catalog(), &ledger, &second, 3);
        let u = UNITS_PER_GAME;
        let mut card = ClusterSums::default();
        card.add_game(u, 1, u / 2, 2);
        card.add_game(0, 1, u / 2 + u, 2);
        assert_eq!(stats.cards["Alpha"].clusters, card);
        assert!(stats.cards["Alpha"].clusters.covers(
            &stats.cards["Alpha"].bought,
            &stats.cards["Alpha"].not_bought
        ));
        // The set's two games, each with both cards' seats: not four
        // games of one card each.
        let mut group = ClusterSums::default();
        group.add_game(2 * u, 2, u, 4);
        group.add_game(0, 2, 2 * (u / 2 + u), 4);
        assert_eq!(stats.set_clusters["Set"], group);
        assert_eq!(stats.tier_clusters["core"], group);
        assert_eq!(stats.curve_clusters[&(3, 4)], group);
        let mut merged = stats.cards["Alpha"].clusters;
        merged.merge(&stats.cards["Beta"].clusters);
        assert_eq!(merged.games, 4);
        assert_ne!(merged, group);
    }

    #[test]
    fn two_halves_merged_give_the_lift_intervals_of_all_the_games() {
        let mut rng = rng_from_seed(3);
        let games: Vec<(Ledger, Outcome)> = (0..60).map(|_| random_game(&mut rng)).collect();
        let fold = |games: &[(Ledger, Outcome)]| {
            let mut stats = StoreStats::default();
            for (ledger, outcome) in games {
                stats.add_game(&catalog(), ledger, outcome, 4);
            }
            stats
        };
        let all = fold(&games);
        let mut merged = fold(&games[25..]);
        merged.merge(&fold(&games[..25]));
        assert_eq!(merged, all);
        for (name, card) in &all.cards {
            let other = &merged.cards[name];
            assert!(card.clusters.games >= 40, "{name}: {card:?}");
            assert!(card.clusters.covers(&card.bought, &card.not_bought));
            let interval = card.lift95().unwrap();
            assert_eq!(interval, other.lift95().unwrap(), "{name}");
            assert_eq!(card.lift_p(), other.lift_p(), "{name}");
            // The interval is the cluster-robust one, not Welch's, with a
            // t of one degree of freedom fewer than the games of its
            // smaller side (a card's games with a buyer are its
            // `bought_games`).
            let (lift, welch) = card.bought.lift_and_error(&card.not_bought).unwrap();
            let se = card.clusters.standard_error().unwrap();
            assert_ne!(se, welch);
            let (g_b, g_n) = (card.clusters.buyer_games, card.clusters.passer_games);
            assert_eq!(g_b, Some(card.bought_games));
            let df = g_b.unwrap().min(g_n.unwrap()) - 1;
            assert_eq!(card.clusters.df(), Some(df));
            let t = t_upper_quantile(0.025, df);
            assert_eq!(interval, (lift - t * se, lift + t * se));
        }
        let group = &all.set_clusters["Set"];
        assert_eq!(group, &merged.set_clusters["Set"]);
        assert_eq!(
            group.m,
            all.cards.values().map(|c| c.bought.games).sum::<u64>()
        );
    }

    // docs/outputs.md, the lift's interval: clipped to [-1, 1], where
    // every lift lies. A card bought in two games has a t with 1 degree of
    // freedom (12.7 standard errors each way): far beyond the range.
    #[test]
    fn a_lift_interval_is_clipped_to_the_range_of_a_lift() {
        let mut stats = StoreStats::default();
        for keys in [[3, 2, 1], [1, 3, 2]] {
            let mut ledger = Ledger::default();
            ledger.card(CardId(0)).seen = true;
            ledger.seat(CardId(0), Player::A).bought_store = 1;
            ledger.owned(CardId(0), Player::A);
            stats.add_game(&catalog(), &ledger, &Outcome::ranked_by(&keys, "score"), 3);
        }
        let alpha = &stats.cards["Alpha"];
        assert_eq!(alpha.clusters.df(), Some(1));
        let (lift, low, high) = alpha.clusters.lift95().unwrap();
        assert!(low < -1.0 && high > 1.0, "{low} {high}");
        assert_eq!(alpha.lift(), Some(lift));
        assert_eq!(alpha.lift95(), Some(LIFT_RANGE));
        // The test is the whole interval's: the clipped one holds 0 too.
        assert_eq!(alpha.lift_p(), alpha.clusters.lift_p());
        assert!(alpha.lift_p().unwrap() > 0.05);
        // Within the range, an interval is left as it is.
        let mut rng = rng_from_seed(3);
        let mut wide = StoreStats::default();
        for _ in 0..60 {
            let (ledger, outcome) = random_game(&mut rng);
            wide.add_game(&catalog(), &ledger, &outcome, 4);
        }
        for card in wide.cards.values() {
            let (_, low, high) = card.clusters.lift95().unwrap();
            assert!(low > -1.0 && high < 1.0);
            assert_eq!(card.lift95(), Some((low, high)));
        }
    }

    #[test]
    fn tallies_without_the_per_game_sums_keep_welchs_interval() {
        // As read from a stats.json written before the sums were kept.
        let mut rng = rng_from_seed(4);
        let mut stats = StoreStats::default();
        for _ in 0..30 {
            let (ledger, outcome) = random_game(&mut rng);
            stats.add_game(&catalog(), &ledger, &outcome, 4);
        }
        let mut old = stats.cards["Alpha"].clone();
        old.clusters = ClusterSums::default();
        let (lift, welch) = old.bought.lift_and_error(&old.not_bought).unwrap();
        let (_, low, high) = old.bought.lift95(&old.not_bought).unwrap();
        assert_eq!(old.lift(), Some(lift));
        assert_eq!(old.lift95(), Some((low, high)));
        assert_eq!(old.lift_p(), old.bought.lift_p(&old.not_bought));
        assert!((high - low - 2.0 * Z95 * welch).abs() < 1e-12);
        // And the same lift with the sums.
        assert_eq!(stats.cards["Alpha"].lift(), Some(lift));
        assert_ne!(stats.cards["Alpha"].lift95(), Some((low, high)));
    }

    #[test]
    fn an_old_stats_json_without_the_per_side_games_keeps_the_normal_interval() {
        // The tallies as a stats.json written before `buyer_games` and
        // `passer_games` were kept holds them: every ClusterSums without
        // the two fields.
        fn strip(v: &mut serde_json::Value) {
            match v {
                serde_json::Value::Object(o) => {
                    o.remove("buyer_games");
                    o.remove("passer_games");
                    o.values_mut().for_each(strip);
                }
                serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
                _ => {}
            }
        }
        let mut rng = rng_from_seed(5);
        let mut stats = StoreStats::default();
        for _ in 0..40 {
            let (ledger, outcome) = random_game(&mut rng);
            stats.add_game(&catalog(), &ledger, &outcome, 4);
        }
        let mut json = serde_json::to_value(&stats).unwrap();
        strip(&mut json);
        let text = json.to_string();
        assert!(!text.contains("buyer_games") && text.contains("\"bc\""));
        let old: StoreStats = serde_json::from_str(&text).unwrap();
        let clusters = old
            .cards
            .values()
            .map(|c| &c.clusters)
            .chain(old.set_clusters.values())
            .chain(old.tier_clusters.values())
            .chain(old.curve_clusters.values());
        for c in clusters {
            assert_eq!((c.buyer_games, c.passer_games, c.df()), (None, None, None));
        }
        for (name, card) in &old.cards {
            // The cluster-robust standard error with the normal quantile:
            // the interval and p-value that file was written with.
            let new = &stats.cards[name];
            let lift = card.lift().unwrap();
            let se = card.clusters.standard_error().unwrap();
            assert_eq!(card.lift(), new.lift());
            assert_eq!(se, new.clusters.standard_error().unwrap());
            assert_eq!(card.lift95(), Some((lift - Z95 * se, lift + Z95 * se)));
            assert_eq!(
                card.lift_p(),
                Some(crate::stats::wilson::normal_p(lift, se))
            );
            let (low, high) = new.lift95().unwrap();
            assert!(
                high - low > 2.0 * Z95 * se,
                "{name}: the t interval is wider"
            );
        }
        // Merged with a shard that has the counts: still the normal
        // interval, not a t with the other shard's games only.
        let mut merged = old.clone();
        merged.merge(&stats);
        let alpha = &merged.cards["Alpha"];
        assert_eq!(alpha.clusters.df(), None);
        assert_eq!(
            alpha.clusters.games,
            2 * stats.cards["Alpha"].clusters.games
        );
        let (lift, se) = (
            alpha.lift().unwrap(),
            alpha.clusters.standard_error().unwrap(),
        );
        assert_eq!(alpha.lift95(), Some((lift - Z95 * se, lift + Z95 * se)));
        assert_eq!(merged.set_clusters["Set"].df(), None);
    }
}
