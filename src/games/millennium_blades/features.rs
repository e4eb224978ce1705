//! Evaluation features for heuristic bots: each a number where more is
//! better for the player asking. Strategy files weight them by name.

use super::MillenniumBlades;
use super::state::{DECK_SINGLES, Phase, State};
use super::tally::Tally;
use crate::core::{Evaluate, Player};

/// The feature names, in the order [`Evaluate::features`] writes.
pub const FEATURES: [&str; 12] = [
    "vp",
    "opp_vp",
    "money",
    "rp",
    "opp_rp",
    "owned_stars",
    "deck_stars",
    "collection",
    "tableau_stars",
    "hand",
    "deck_rp",
    "best_deck_rp",
];

impl Evaluate for MillenniumBlades {
    fn name(&self) -> &'static str {
        super::NAME
    }

    fn feature_names(&self) -> &'static [&'static str] {
        &FEATURES
    }

    fn features(&self, s: &State, p: Player, out: &mut [f64]) {
        let best_other =
            |f: &dyn Fn(Player) -> u16| s.players().filter(|&q| q != p).map(f).max().unwrap_or(0);
        // Kept up to date as the cards move (tally.rs).
        let tally = s.tally(p);
        let seat = &s.seats[p];
        let tableau: u32 = seat
            .tableau
            .iter()
            .map(|t| u32::from(self.stars_of(t)))
            .sum();
        let in_tournament = matches!(s.phase, Phase::Tournament | Phase::TurnBased);
        // Only the store phases can lose a card the deck wants.
        let best_deck_rp = if in_tournament {
            0
        } else {
            self.best_deck_rp(&tally)
        };
        let values = [
            f64::from(self.final_score(s, p)),
            -f64::from(best_other(&|q| self.final_score(s, q))),
            f64::from(seat.money),
            if in_tournament {
                f64::from(seat.rp)
            } else {
                0.0
            },
            if in_tournament {
                -f64::from(best_other(&|q| s.seats[q].rp))
            } else {
                0.0
            },
            f64::from(tally.owned_stars),
            f64::from(tally.deck_stars),
            f64::from(tally.collection),
            f64::from(tableau),
            f64::from(tally.hand),
            f64::from(tally.deck_rp) / 10.0,
            f64::from(best_deck_rp) / 10.0,
        ];
        for (o, v) in out.iter_mut().zip(values) {
            *o = v;
        }
    }
}

impl MillenniumBlades {
    /// What the best deck a seat with `tally` could build from its binder
    /// and deck is worth: the RP worths (tenths, table.rs) of its best
    /// [`DECK_SINGLES`] singles, summed.
    fn best_deck_rp(&self, tally: &Tally) -> i32 {
        let t = &self.table;
        tally
            .best_singles(t)
            .take(DECK_SINGLES)
            .map(|i| i32::from(t.rp_worth[usize::from(i)]))
            .sum()
    }
}
