//! Per-card statistics of a deck (`cards.csv`) and its cost curve
//! (`deck_curve.csv`).
//!
//! For each card of the list: the games in which at least one copy was
//! drawn (the opening hand included) and the deck's win rate in them, the
//! same for the games in which no copy was drawn, and their difference,
//! IWD ("improvement when drawn", as 17lands defines it: the win rate when
//! drawn minus the win rate when not drawn). Draws count half. Drawn and
//! played cards include those of a Sudden Death re-game.

use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;

use super::Score;
use super::record::CardRecord;

/// The tallies of one card in one deck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardStats {
    /// Position of the card in the deck list (rows follow the list).
    pub list_index: u32,
    /// Copies in the list.
    pub copies: u8,
    /// The card's cost.
    pub cost: u8,
    /// The deck's score in games where a copy was drawn.
    pub drawn: Score,
    /// The deck's score in games where no copy was drawn.
    pub not_drawn: Score,
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
        if record.drawn > 0 {
            self.drawn.add(units);
        } else {
            self.not_drawn.add(units);
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
        self.drawn.merge(&other.drawn);
        self.not_drawn.merge(&other.not_drawn);
        self.played.merge(&other.played);
        self.times_played += other.times_played;
        self.turn_sum += other.turn_sum;
    }
}

/// One line of `cards.csv`. Rates are `None` when there is no game to
/// compute them from.
#[derive(Clone, Debug, PartialEq)]
pub struct CardRow {
    /// The card's name.
    pub card: String,
    /// Copies in the list.
    pub copies: u8,
    /// Games in which a copy was drawn.
    pub games_drawn: u64,
    /// Win rate in those games.
    pub win_rate_drawn: Option<f64>,
    /// Games in which no copy was drawn.
    pub games_not_drawn: u64,
    /// Win rate in those games.
    pub win_rate_not_drawn: Option<f64>,
    /// `win_rate_drawn - win_rate_not_drawn`.
    pub iwd: Option<f64>,
    /// Games in which a copy was played.
    pub games_played: u64,
    /// Win rate in those games.
    pub win_rate_played: Option<f64>,
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
            .map(|(name, s)| {
                let (drawn, not_drawn) = (s.drawn.rate(), s.not_drawn.rate());
                CardRow {
                    card: name.clone(),
                    copies: s.copies,
                    games_drawn: s.drawn.games,
                    win_rate_drawn: drawn,
                    games_not_drawn: s.not_drawn.games,
                    win_rate_not_drawn: not_drawn,
                    iwd: drawn.zip(not_drawn).map(|(d, n)| d - n),
                    games_played: s.played.games,
                    win_rate_played: s.played.rate(),
                    mean_turn_played: (s.times_played > 0)
                        .then(|| s.turn_sum as f64 / s.times_played as f64),
                }
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
