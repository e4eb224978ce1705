//! Evaluation features for heuristic bots: each a number where more is
//! better for the player asking. Strategy files weight them by name.

use super::state::{LEADER, Occupant, SLOTS, State};
use super::{NAME, PixelTactics};
use crate::core::{Evaluate, Player};

/// The feature names, in the order [`Evaluate::features`] writes them.
pub const FEATURES: [&str; 12] = [
    "leader_life",
    "opp_leader_life",
    "unit_attack",
    "opp_unit_attack",
    "unit_life",
    "opp_unit_life",
    "living_heroes",
    "opp_living_heroes",
    "hand_size",
    "opp_hand_size",
    "trophies",
    "opp_trophies",
];

impl Evaluate for PixelTactics {
    fn name(&self) -> &'static str {
        NAME
    }

    fn feature_names(&self) -> &'static [&'static str] {
        &FEATURES
    }

    /// Writes [`FEATURES`] for player `p` into `out`.
    fn features(&self, s: &State, p: Player, out: &mut [f64]) {
        let unit = |q: Player| {
            let (mut attack, mut life, mut heroes) = (0.0, 0.0, 0.0);
            for slot in 0..SLOTS as u8 {
                let at = s.sides[q].unit()[slot as usize];
                let left = self.life_left(s, q, slot);
                // A Hero with lethal damage falls at the end of the Wave.
                if at.occupant != Occupant::Hero || left == 0 {
                    continue;
                }
                attack += f64::from(self.attack_strength(s, q, slot));
                life += f64::from(left);
                heroes += 1.0;
            }
            // A Leader picked face down counts at its life before the
            // reveal, so the first to pick weighs its choice as the
            // second does (ruling "Leader pick").
            let leader = match (s.sides[q].leader().occupant, s.sides[q].pick) {
                (Occupant::Leader, _) => f64::from(self.life_left(s, q, LEADER)),
                (_, Some(card)) => f64::from(self.db.card(card).leader_life),
                _ => 0.0,
            };
            (leader, attack, life, heroes)
        };
        let (my_leader, my_attack, my_life, my_heroes) = unit(p);
        let (op_leader, op_attack, op_life, op_heroes) = unit(p.opponent());
        let me = &s.sides[p];
        let foe = &s.sides[p.opponent()];
        let values = [
            my_leader,
            -op_leader,
            my_attack,
            -op_attack,
            my_life,
            -op_life,
            my_heroes,
            -op_heroes,
            me.hand.len() as f64,
            -(foe.hand.len() as f64),
            f64::from(me.trophies),
            -f64::from(foe.trophies),
        ];
        for (o, v) in out.iter_mut().zip(values) {
            *o = v;
        }
    }
}
