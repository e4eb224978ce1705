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
//! (as the grant experiment measures) what it caused.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Score;
use crate::core::{Ledger, Outcome, Player, SeatRound, StoreCatalog};

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
fn add_vec(sums: &mut Vec<u64>, values: impl Iterator<Item = u64>) {
    for (i, v) in values.enumerate() {
        if sums.len() <= i {
            sums.resize(i + 1, 0);
        }
        sums[i] += v;
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
            if !trail.seen {
                continue;
            }
            stats.seen_games += 1;
            stats.bought_games += u64::from(seats.iter().any(|t| t.bought() > 0));
            for (seat, t) in seats.iter().enumerate() {
                let units = outcome.return_units(Player::new(seat));
                if t.bought() > 0 {
                    stats.bought.add(units);
                } else if !t.owned {
                    stats.not_bought.add(units);
                }
            }
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{CardId, StoreCard};

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
}
