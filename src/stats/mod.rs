//! Mergeable statistics of a run: everything the CSV reports are computed
//! from.
//!
//! A game is folded in from its [`Outcome`], turn count and
//! [`GameRecord`] (built from the [`crate::core::Metric`] stream, see
//! [`record`] for how Sudden Death re-games count). Every accumulator holds
//! integer counts keyed by names, and `merge` is associative and
//! commutative, so the figures do not depend on the order games are folded
//! in: a parallel reduce, or the merge of shards run on different machines,
//! gives exactly the same files.

mod actions;
mod cards;
mod cluster;
mod curve;
mod dist;
mod field;
mod grant;
mod mask;
mod multiple;
mod pace;
mod paired;
mod ratings;
pub mod record;
mod sprt;
mod store;
mod summary;
mod wilson;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use actions::{ActionRow, ActionTally};
pub use cards::{CardRow, CardStats, CardTable, DeckCurveRow, GameRate, write_in_hand};
pub use cluster::ClusterSums;
pub use curve::{CurveCell, CurveRow, ManaCurve};
pub use dist::{normal_upper_tail, t_upper_quantile, t_upper_tail, upper_quantile};
pub use field::{HeadToHead, Pairing, entry_pairing, equal_weight_mean, head_to_head};
pub use grant::{GrantStats, GrantTally};
pub use mask::{is_mask, mask_bit, write_mask};
pub use multiple::holm;
pub use pace::{PaceCell, PaceRow, PrizePace};
pub use paired::Paired;
pub use ratings::{MEAN_RATING, RankedGames, Rating, plackett_luce};
pub use record::{GameRecord, Recorder};
pub use sprt::{Sprt, Verdict};
pub use store::{LIFT_RANGE, RoundStats, StoreCardStats, StoreStats, write_store_masks};
pub use summary::{EntryStats, Matchup, MatchupStats};
pub use wilson::{Score, Z95, bounded_mean95, newcombe_p, newcombe95, wilson};

use crate::core::{CardId, Outcome, Player, Report, Seats};

/// A card of a deck list, as the reports name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedCard {
    /// The card's id in the ruleset.
    pub card: CardId,
    /// The card's name.
    pub name: String,
    /// Copies in the list.
    pub copies: u8,
    /// The card's cost.
    pub cost: u8,
}

/// Who plays whom, with each entry's deck list: what folding a game
/// needs beyond its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lineup {
    /// The deck and bot names, by entry.
    pub matchup: Matchup,
    /// The deck list of each entry, in list order.
    pub lists: Seats<Vec<ListedCard>>,
    /// Whether the lists' cards reach a hand ([`Report::tracks_hand`]):
    /// `seats.csv`'s `in_hand` is empty otherwise.
    pub hands: bool,
}

impl Lineup {
    /// The lineup of `game` as its seats are dealt (entry `e` in seat
    /// `e`), with deck and bot names by entry.
    pub fn new<G: Report>(game: &G, decks: Seats<String>, bots: Seats<String>) -> Self {
        let list = |seat: Player| {
            game.deck_list(seat)
                .into_iter()
                .map(|(card, copies)| ListedCard {
                    card,
                    name: game.card_name(card).to_owned(),
                    copies,
                    cost: game.card_cost(card),
                })
                .collect()
        };
        Lineup {
            lists: Seats::from_fn(decks.len(), list),
            matchup: Matchup { decks, bots },
            hands: game.tracks_hand(),
        }
    }

    /// The seat entry `e` sits in under `rotation` (see the `summary`
    /// module).
    pub fn seat_of(&self, entry: usize, rotation: usize) -> Player {
        Player::new((entry + rotation) % self.matchup.players())
    }
}

/// Everything known about one deck over a run. A deck that plays both
/// seats (a mirror match) counts each seat's game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckStats {
    /// The deck's score over its games.
    pub score: Score,
    /// Per own turn: mana and cards played.
    pub curve: ManaCurve,
    /// Per own turn: prizes taken and games won.
    pub pace: PrizePace,
    /// Per card of the list.
    pub cards: CardTable,
    /// Per own turn: actions by kind.
    pub actions: ActionTally,
}

impl DeckStats {
    /// Counts the game seat `seat` played with the deck list `list`.
    fn add_game(
        &mut self,
        list: &[ListedCard],
        seat: Player,
        outcome: &Outcome,
        record: &GameRecord,
    ) {
        let units = outcome.return_units(seat);
        self.score.add(units);
        let Some(rec) = record.seats.get(seat.index()) else {
            return;
        };
        self.curve.add(rec);
        self.pace.add(rec, outcome.winner() == Some(seat));
        self.actions.add(rec);
        for (index, listed) in list.iter().enumerate() {
            let stats = match self.cards.cards.get_mut(&listed.name) {
                Some(s) => s,
                None => self
                    .cards
                    .cards
                    .entry(listed.name.clone())
                    .or_insert(CardStats {
                        list_index: index as u32,
                        copies: listed.copies,
                        cost: listed.cost,
                        ..CardStats::default()
                    }),
            };
            stats.add(rec.cards.iter().find(|c| c.card == listed.card), units);
        }
    }

    /// Adds another tally of the same deck.
    pub fn merge(&mut self, other: &DeckStats) {
        self.score.merge(&other.score);
        self.curve.merge(&other.curve);
        self.pace.merge(&other.pace);
        self.cards.merge(&other.cards);
        self.actions.merge(&other.actions);
    }
}

/// The statistics of a whole run (or shard): per matchup and per deck.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunStats {
    /// Head-to-head tallies, per matchup.
    #[serde(with = "entries")]
    pub matchups: BTreeMap<Matchup, MatchupStats>,
    /// Per deck name.
    pub decks: BTreeMap<String, DeckStats>,
    /// The store tallies of a ruleset with a store (Millennium Blades).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub store: Option<StoreStats>,
    /// The grant experiment (`simulate --grant`, `--grant-all`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grant: Option<GrantStats>,
}

impl RunStats {
    /// Folds in one finished game played by `lineup` seated under
    /// `rotation` (entry `e` in seat `(e + rotation) mod N`), with the
    /// seats' final `scores`.
    pub fn add_game(
        &mut self,
        lineup: &Lineup,
        rotation: usize,
        outcome: &Outcome,
        scores: &Seats<i32>,
        turns: u32,
        record: &GameRecord,
    ) {
        let matchup = &lineup.matchup;
        match self.matchups.get_mut(matchup) {
            Some(m) => m,
            None => self.matchups.entry(matchup.clone()).or_default(),
        }
        .add(outcome, rotation, record.first, scores, turns);
        for (e, (deck, list)) in matchup.decks.iter().zip(&lineup.lists).enumerate() {
            let stats = match self.decks.get_mut(deck) {
                Some(s) => s,
                None => self.decks.entry(deck.clone()).or_default(),
            };
            stats.add_game(list, lineup.seat_of(e, rotation), outcome, record);
        }
    }

    /// Adds the statistics of another run or shard.
    pub fn merge(&mut self, other: &RunStats) {
        for (m, s) in &other.matchups {
            self.matchups.entry(m.clone()).or_default().merge(s);
        }
        for (d, s) in &other.decks {
            self.decks.entry(d.clone()).or_default().merge(s);
        }
        if let Some(o) = &other.store {
            self.store.get_or_insert_default().merge(o);
        }
        if let Some(o) = &other.grant {
            self.grant.get_or_insert_default().merge(o);
        }
    }
}

/// A map with structured keys as a JSON list of `[key, value]` pairs (JSON
/// object keys must be strings).
pub(crate) mod entries {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<K, V, S>(map: &BTreeMap<K, V>, s: S) -> Result<S::Ok, S::Error>
    where
        K: Serialize,
        V: Serialize,
        S: Serializer,
    {
        s.collect_seq(map.iter())
    }

    pub fn deserialize<'de, K, V, D>(d: D) -> Result<BTreeMap<K, V>, D::Error>
    where
        K: Deserialize<'de> + Ord,
        V: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        Vec::<(K, V)>::deserialize(d).map(|pairs| pairs.into_iter().collect())
    }
}

#[cfg(test)]
mod tests;
