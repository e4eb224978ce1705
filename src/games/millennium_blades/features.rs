//! Evaluation features for heuristic bots: each a number where more is
//! better for the player asking. Strategy files weight them by name.

use super::MillenniumBlades;
use super::state::{Area, Phase, State, Zone};
use crate::core::{Evaluate, Player};

/// The feature names, in the order [`Evaluate::features`] writes.
pub const FEATURES: [&str; 11] = [
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
        let (mut owned, mut deck, mut collection, mut hand) = (0u32, 0u32, 0u32, 0u32);
        // What the deck's effects are worth (tenths of an RP, table.rs).
        let mut deck_rp = 0i32;
        let seat_bits = p.index() as u8;
        let t = &self.table;
        // Branch-free over every instance (the compiler vectorizes it):
        // player zones are PLAYER + 8·area + seat (state.rs).
        let cards = s.zone[..t.len()].iter().zip(&t.stars).zip(&t.singles);
        for (((z, &stars), &single), &worth) in cards.zip(&t.rp_worth) {
            let rel = z.0.wrapping_sub(Zone::PLAYER);
            let mine = u32::from(rel & 7 == seat_bits && rel < Zone::PLAYER_END - Zone::PLAYER);
            let area = rel >> 3;
            let stars = u32::from(stars) * mine;
            owned += stars;
            deck += stars * u32::from(area == Area::Deck as u8 && single);
            collection +=
                mine * u32::from(area == Area::Collection as u8 || area == Area::Collection2 as u8);
            hand += mine * u32::from(area == Area::Hand as u8);
            deck_rp += i32::from(worth) * (mine * u32::from(area == Area::Deck as u8)) as i32;
        }
        let seat = &s.seats[p];
        let tableau: u32 = seat
            .tableau
            .iter()
            .map(|t| u32::from(self.stars_of(t)))
            .sum();
        let in_tournament = matches!(s.phase, Phase::Tournament | Phase::TurnBased);
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
            f64::from(owned),
            f64::from(deck),
            f64::from(collection),
            f64::from(tableau),
            f64::from(hand),
            f64::from(deck_rp) / 10.0,
        ];
        for (o, v) in out.iter_mut().zip(values) {
            *o = v;
        }
    }
}
