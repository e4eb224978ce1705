//! Evaluation features for heuristic bots: each a number where more is
//! better for the player asking. Strategy files weight them by name.

use super::state::{Phase, Pos, State, ZONES};
use super::{AstromCross, NAME};
use crate::core::{Evaluate, Player};

/// The feature names, in the order [`Evaluate::features`] writes them.
pub const FEATURES: [&str; 14] = [
    "ancient_life",
    "opp_ancient_life",
    "field_power",
    "opp_field_power",
    "warriors",
    "opp_warriors",
    "ready_warriors",
    "opp_ready_warriors",
    "hand_size",
    "opp_hand_size",
    "souls",
    "active_locations",
    "opp_active_locations",
    "deck_size",
];

impl Evaluate for AstromCross {
    fn name(&self) -> &'static str {
        NAME
    }

    fn feature_names(&self) -> &'static [&'static str] {
        &FEATURES
    }

    /// Writes [`FEATURES`] for player `p` into `out`.
    fn features(&self, s: &State, p: Player, out: &mut [f64]) {
        let field = |q: Player| {
            let (mut power, mut count, mut ready) = (0.0, 0.0, 0.0);
            for z in 0..ZONES as u8 {
                if let Some(w) = s.sides[q].warrior(z) {
                    power += f64::from(self.power(s, q, z));
                    count += 1.0;
                    if w.pos == Pos::Ready {
                        ready += 1.0;
                    }
                }
            }
            (power, count, ready)
        };
        let life = |q: Player| f64::from(self.life(s, q)) - f64::from(s.sides[q].ancient_damage);
        let (my_power, my_count, my_ready) = field(p);
        let (op_power, op_count, op_ready) = field(p.opponent());
        // A revealed location waiting for its zone counts already, so a
        // one-ply search sees the worth of revealing.
        let placing = if s.phase == Phase::Place && s.active == p {
            1.0
        } else {
            0.0
        };
        let me = &s.sides[p];
        let foe = &s.sides[p.opponent()];
        let values = [
            life(p),
            -life(p.opponent()),
            my_power,
            -op_power,
            my_count,
            -op_count,
            my_ready,
            -op_ready,
            me.hand.len() as f64,
            -(foe.hand.len() as f64),
            me.soul.len() as f64,
            f64::from(self.locations(s, p).0) + placing,
            -f64::from(self.locations(s, p.opponent()).0),
            // Running out of cards loses the game: fewer is worse.
            me.deck.len().min(10) as f64,
        ];
        for (o, v) in out.iter_mut().zip(values) {
            *o = v;
        }
    }
}
