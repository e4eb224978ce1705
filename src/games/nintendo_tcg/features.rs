//! Evaluation features for heuristic bots: each a number where more is
//! better for the player asking. Strategy files weight them by name.

use super::state::State;
use super::{NAME, NintendoTcg};
use crate::core::{Evaluate, Player};

/// The feature names, in the order [`Evaluate::features`] writes them.
pub const FEATURES: [&str; 14] = [
    "vitality",
    "opp_vitality",
    "board_ap",
    "opp_board_ap",
    "board_dp",
    "opp_board_dp",
    "board_hp",
    "opp_board_hp",
    "characters",
    "opp_characters",
    "hand_size",
    "opp_hand_size",
    "hand_power",
    "deck_size",
];

impl Evaluate for NintendoTcg {
    fn name(&self) -> &'static str {
        NAME
    }

    fn feature_names(&self) -> &'static [&'static str] {
        &FEATURES
    }

    /// Writes [`FEATURES`] for player `p` into `out`.
    fn features(&self, s: &State, p: Player, out: &mut [f64]) {
        let board = |q: Player| {
            let (mut ap, mut dp, mut hp, mut n) = (0.0, 0.0, 0.0, 0.0);
            for c in &s.sides[q].board {
                let st = self.stats(s, q, c);
                ap += f64::from(st.ap);
                dp += f64::from(st.dp);
                hp += f64::from(st.hp.saturating_sub(c.damage));
                n += 1.0;
            }
            (ap, dp, hp, n)
        };
        let (ap, dp, hp, n) = board(p);
        let (oap, odp, ohp, on) = board(p.opponent());
        let me = &s.sides[p];
        let foe = &s.sides[p.opponent()];
        let values = [
            f64::from(me.vp),
            -f64::from(foe.vp),
            ap,
            -oap,
            dp,
            -odp,
            hp,
            -ohp,
            n,
            -on,
            me.hand.len() as f64,
            -(foe.hand.len() as f64),
            f64::from(me.power),
            // A thin deck is a loss in waiting (rules: "12": no draw).
            (me.deck.len() as f64).min(5.0),
        ];
        for (o, v) in out.iter_mut().zip(values) {
            *o = v;
        }
    }
}
