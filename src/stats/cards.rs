//! Per-card statistics of a deck (`cards.csv`) and its cost curve
//! (`deck_curve.csv`).
//!
//! The card figures are 17lands' (see docs/outputs.md): for each card of
//! the list, the deck's win rate in the games where a copy was in hand at
//! any point however it got there (GIH), in the kept opening hand (OH),
//! reached the hand after the opening hand — drawn, searched, fetched or
//! returned (GD) — and where no copy was ever in hand (GNS); IWD, the
//! improvement when drawn, is GIH − GNS. Each rate has its game count and a
//! 95% Wilson interval (IWD: Newcombe's interval of the difference). Draws
//! count half. Cards of a Sudden Death re-game count as well (its hand
//! as drawn).
//!
//! Per game, `seats.csv`'s `in_hand` says which cards of each seat's list
//! were in hand (see [`write_in_hand`]), so that two runs of the same
//! deals can compare a card's GIH WR game by game (`decklab compare`).

use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;

use super::mask::write_mask;
use super::record::{CardRecord, SeatRecord};
use super::{ListedCard, Score, newcombe95};

/// The tallies of one card in one deck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardStats {
    /// Position of the card in the deck list (rows follow the list).
    pub list_index: u32,
    /// Copies in the list.
    pub copies: u8,
    /// The card's cost.
    pub cost: u8,
    /// The deck's score in games where a copy was in hand at any point.
    pub in_hand: Score,
    /// The deck's score in games where a copy was in the opening hand.
    pub opening_hand: Score,
    /// The deck's score in games where a copy reached the hand after the
    /// opening hand.
    pub drawn: Score,
    /// The deck's score in games where no copy was ever in hand.
    pub not_seen: Score,
    /// The deck's score in games where a copy was played.
    pub played: Score,
    /// Copies played in all.
    pub times_played: u64,
    /// The sum of the own turn numbers at which copies were played.
    pub turn_sum: u64,
}

impl CardStats {
    /// Counts one game: what happened to the card and the deck's return in
    /// half-points.
    pub fn add(&mut self, record: Option<&CardRecord>, units: u64) {
        let record = record.copied().unwrap_or_default();
        if record.in_hand() {
            self.in_hand.add(units);
        } else {
            self.not_seen.add(units);
        }
        if record.opening > 0 {
            self.opening_hand.add(units);
        }
        if record.drawn > 0 {
            self.drawn.add(units);
        }
        if record.played > 0 {
            self.played.add(units);
        }
        self.times_played += u64::from(record.played);
        self.turn_sum += record.turn_sum;
    }

    /// Adds another tally of the same card.
    pub fn merge(&mut self, other: &CardStats) {
        self.list_index = self.list_index.min(other.list_index);
        self.copies = self.copies.max(other.copies);
        self.cost = self.cost.max(other.cost);
        self.in_hand.merge(&other.in_hand);
        self.opening_hand.merge(&other.opening_hand);
        self.drawn.merge(&other.drawn);
        self.not_seen.merge(&other.not_seen);
        self.played.merge(&other.played);
        self.times_played += other.times_played;
        self.turn_sum += other.turn_sum;
    }
}

/// Writes into `out` which cards of `list` a seat had in hand at any
/// point of its game `seat` (the test of GIH, [`CardRecord::in_hand`]):
/// `seats.csv`'s `in_hand`, a mask ([`write_mask`]) whose bit `i` is
/// `list[i]` (`list` is in list order, the order of the deck's rows in
/// `cards.csv`). Empty for an empty list.
pub fn write_in_hand(list: &[ListedCard], seat: &SeatRecord, out: &mut String) {
    let held = |i: usize| {
        list.get(i).is_some_and(|listed| {
            seat.cards
                .iter()
                .find(|c| c.card == listed.card)
                .is_some_and(CardRecord::in_hand)
        })
    };
    write_mask(list.len(), held, out);
}

/// A rate over a set of games: the count, the rate and its 95% interval
/// (`None` without games).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameRate {
    /// The games counted.
    pub games: u64,
    /// The deck's score in them.
    pub rate: Option<f64>,
    /// The 95% Wilson interval of the rate.
    pub ci95: Option<(f64, f64)>,
}

impl GameRate {
    /// The games, rate and 95% Wilson interval of `score`.
    pub fn of(score: &Score) -> GameRate {
        GameRate {
            games: score.games,
            rate: score.rate(),
            ci95: score.wilson95(),
        }
    }
}

/// One line of `cards.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct CardRow {
    /// The card's name.
    pub card: String,
    /// Copies in the list.
    pub copies: u8,
    /// GIH: games where a copy was in hand at any point.
    pub in_hand: GameRate,
    /// OH: games where a copy was in the opening hand.
    pub opening_hand: GameRate,
    /// GD: games where a copy reached the hand after the opening hand.
    pub drawn: GameRate,
    /// GNS: games where no copy was ever in hand.
    pub not_seen: GameRate,
    /// IWD = GIH − GNS, with Newcombe's 95% interval of the difference.
    pub iwd: Option<(f64, f64, f64)>,
    /// Games in which a copy was played.
    pub played: GameRate,
    /// Mean own turn number at which a copy was played.
    pub mean_turn_played: Option<f64>,
}

/// One line of `deck_curve.csv`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeckCurveRow {
    /// The cost.
    pub cost: u8,
    /// Cards of that cost in the list (copies counted).
    pub cards_in_list: u64,
    /// Mean number of cards of that cost played per game.
    pub mean_played_per_game: f64,
}

/// The cards of a deck, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardTable {
    /// Per card name.
    pub cards: BTreeMap<String, CardStats>,
}

impl CardTable {
    /// Adds another table of the same deck.
    pub fn merge(&mut self, other: &CardTable) {
        for (name, stats) in &other.cards {
            match self.cards.get_mut(name) {
                Some(mine) => mine.merge(stats),
                None => {
                    self.cards.insert(name.clone(), *stats);
                }
            }
        }
    }

    /// The `cards.csv` rows, in list order.
    pub fn rows(&self) -> Vec<CardRow> {
        let mut cards: Vec<_> = self.cards.iter().collect();
        cards.sort_by_key(|(name, s)| (s.list_index, name.as_str()));
        cards
            .into_iter()
            .map(|(name, s)| CardRow {
                card: name.clone(),
                copies: s.copies,
                in_hand: GameRate::of(&s.in_hand),
                opening_hand: GameRate::of(&s.opening_hand),
                drawn: GameRate::of(&s.drawn),
                not_seen: GameRate::of(&s.not_seen),
                iwd: newcombe95(&s.not_seen, &s.in_hand),
                played: GameRate::of(&s.played),
                mean_turn_played: (s.times_played > 0)
                    .then(|| s.turn_sum as f64 / s.times_played as f64),
            })
            .collect()
    }

    /// The `deck_curve.csv` rows, cheapest first, over `games` games.
    pub fn curve_rows(&self, games: u64) -> Vec<DeckCurveRow> {
        let mut by_cost: BTreeMap<u8, (u64, u64)> = BTreeMap::new();
        for s in self.cards.values() {
            let e = by_cost.entry(s.cost).or_default();
            e.0 += u64::from(s.copies);
            e.1 += s.times_played;
        }
        by_cost
            .into_iter()
            .map(|(cost, (cards_in_list, played))| DeckCurveRow {
                cost,
                cards_in_list,
                mean_played_per_game: if games == 0 {
                    0.0
                } else {
                    played as f64 / games as f64
                },
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::CardId;
    use crate::stats::mask_bit;

    #[test]
    fn in_hand_is_a_hex_mask_of_the_list_in_list_order() {
        let list: Vec<ListedCard> = (0..9)
            .map(|i| ListedCard {
                card: CardId(10 + i),
                name: format!("card {i}"),
                copies: 1,
                cost: 1,
            })
            .collect();
        let record = |card: u16, opening: u32, drawn: u32, played: u32| CardRecord {
            card: CardId(card),
            opening,
            drawn,
            played,
            turn_sum: 0,
        };
        // Cards 0 (opening hand) and 2 (drawn) and 8 (both) in hand; card
        // 5 played without a record of reaching the hand (a card put back
        // by a mulligan: opening 0) is not; a card of no list is ignored.
        let seat = SeatRecord {
            cards: vec![
                record(12, 0, 1, 0),
                record(10, 1, 0, 1),
                record(15, 0, 0, 1),
                record(99, 1, 1, 0),
                record(18, 1, 2, 0),
            ],
            ..SeatRecord::default()
        };
        let mut mask = String::from("stale");
        write_in_hand(&list, &seat, &mut mask);
        assert_eq!(mask, "105");
        let bits: Vec<bool> = (0..12).map(|i| mask_bit(&mask, i).unwrap()).collect();
        let want: Vec<bool> = (0..12).map(|i| [0, 2, 8].contains(&i)).collect();
        assert_eq!(bits, want);
        // The test is GIH's: the table counts the same cards in hand.
        let mut table = CardTable::default();
        for (i, listed) in list.iter().enumerate() {
            let stats = table.cards.entry(listed.name.clone()).or_default();
            stats.list_index = i as u32;
            stats.add(seat.cards.iter().find(|c| c.card == listed.card), 120);
        }
        let gih: Vec<bool> = table.rows().iter().map(|r| r.in_hand.games == 1).collect();
        assert_eq!(gih, want[..9]);
        // No card in hand: 0; no list (no hands): nothing.
        write_in_hand(&list, &SeatRecord::default(), &mut mask);
        assert_eq!(mask, "0");
        write_in_hand(&[], &seat, &mut mask);
        assert_eq!(mask, "");
    }
}
