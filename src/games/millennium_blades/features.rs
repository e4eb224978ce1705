//! Evaluation features for heuristic bots: each a number where more is
//! better for the player asking. Strategy files weight them by name.

use super::MillenniumBlades;
use super::state::{Area, DECK_SINGLES, Phase, State, Zone};
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
        // 16-bit sums, so the loop below runs 8 or 16 instances a step:
        // at most MAX_INSTANCES cards of MAX_STARS stars (5,120), and a
        // deck of at most 11 cards of |worth| ≤ MAX_WORTH (22,000).
        let (mut owned, mut deck, mut collection, mut hand) = (0u16, 0u16, 0u16, 0u16);
        // What the deck's effects are worth (tenths of an RP, table.rs).
        let mut deck_rp = 0i16;
        let seat_bits = p.index() as u8;
        let t = &self.table;
        // Branch-free over every instance (the compiler vectorizes it):
        // player zones are PLAYER + 8·area + seat (state.rs).
        let cards = s.zone[..t.len()].iter().zip(&t.stars).zip(&t.singles);
        for (((z, &stars), &single), &worth) in cards.zip(&t.rp_worth) {
            let rel = z.0.wrapping_sub(Zone::PLAYER);
            let mine = u16::from(rel & 7 == seat_bits && rel < Zone::PLAYER_END - Zone::PLAYER);
            let area = rel >> 3;
            let stars = u16::from(stars) * mine;
            let in_deck = mine * u16::from(area == Area::Deck as u8);
            owned = owned.wrapping_add(stars);
            deck = deck.wrapping_add(stars * u16::from(area == Area::Deck as u8 && single));
            collection = collection.wrapping_add(
                mine * u16::from(area == Area::Collection as u8 || area == Area::Collection2 as u8),
            );
            hand = hand.wrapping_add(mine * u16::from(area == Area::Hand as u8));
            deck_rp = deck_rp.wrapping_add(worth.wrapping_mul(in_deck as i16));
        }
        let seat = &s.seats[p];
        let tableau: u32 = seat
            .tableau
            .iter()
            .map(|t| u32::from(self.stars_of(t)))
            .sum();
        let in_tournament = matches!(s.phase, Phase::Tournament | Phase::TurnBased);
        // Only the store phases can lose a card the deck wants (a
        // separate, scalar pass: it would stop the loop above vectorizing).
        let best_deck_rp = if in_tournament {
            0
        } else {
            self.best_deck_rp(s, p)
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
            f64::from(owned),
            f64::from(deck),
            f64::from(collection),
            f64::from(tableau),
            f64::from(hand),
            f64::from(deck_rp) / 10.0,
            f64::from(best_deck_rp) / 10.0,
        ];
        for (o, v) in out.iter_mut().zip(values) {
            *o = v;
        }
    }
}

impl MillenniumBlades {
    /// What the best deck `p` could build from its binder and deck is
    /// worth: the RP worths (tenths, table.rs) of its best
    /// [`DECK_SINGLES`] singles, summed. The table lists the singles by
    /// worth, so the first ones `p` holds are the best.
    fn best_deck_rp(&self, s: &State, p: Player) -> i32 {
        let (binder, deck) = (Zone::of(Area::Binder, p), Zone::of(Area::Deck, p));
        let t = &self.table;
        t.singles_by_worth
            .iter()
            .filter(|&&i| {
                let z = s.zone[usize::from(i)];
                z == binder || z == deck
            })
            .take(DECK_SINGLES)
            .map(|&i| i32::from(t.rp_worth[usize::from(i)]))
            .sum()
    }
}
