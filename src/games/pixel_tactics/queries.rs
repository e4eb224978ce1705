//! Derived figures: the powers in force, Attack Strength, life, armor,
//! keywords, who is in Melee and who is shielded by an Interceptor.
//!
//! rules/pixel-tactics.txt: "CARD LAYOUT" (a Hero's power by its row, a
//! Leader's power for the whole Unit), "Melee Attacks", "Ranged Attacks",
//! "Intercepting Ranged Attacks".

use super::PixelTactics;
use super::cards::{Aura, Keywords, Power};
use super::state::{Occupant, SLOTS, State, UnitMasks, row_of};
use crate::core::Player;

impl PixelTactics {
    /// The power in force for the occupant of `slot` of `p`'s Unit: a
    /// Hero's power of its row, the Leader's power; `None` for an empty
    /// slot or a Corpse.
    #[inline]
    pub(super) fn power(&self, s: &State, p: Player, slot: u8) -> Option<&Power> {
        let at = s.sides[p].unit()[slot as usize];
        match at.occupant {
            Occupant::Hero => Some(self.db.card(at.card).power(row_of(slot))),
            Occupant::Leader => Some(&self.db.card(at.card).leader),
            Occupant::Empty | Occupant::Corpse => None,
        }
    }

    /// The Leader's aura as it applies to the Hero in `slot`, if any.
    #[inline(always)]
    fn aura(&self, s: &State, p: Player, slot: u8) -> Option<Aura> {
        let side = &s.sides[p];
        if side.unit()[slot as usize].occupant != Occupant::Hero
            || side.leader().occupant != Occupant::Leader
        {
            return None;
        }
        let aura = self.db.card(side.leader().card).leader.aura?;
        aura.row.is_none_or(|r| r == row_of(slot)).then_some(aura)
    }

    /// Corpses in `p`'s Unit.
    pub(super) fn corpses(&self, s: &State, p: Player) -> u8 {
        s.sides[p]
            .unit()
            .iter()
            .filter(|u| u.occupant == Occupant::Corpse)
            .count() as u8
    }

    /// Living Heroes in `p`'s Unit (Heroes with lethal damage still count
    /// until the end of the Wave).
    pub(super) fn living_heroes(&self, s: &State, p: Player) -> u8 {
        s.sides[p]
            .unit()
            .iter()
            .filter(|u| u.occupant == Occupant::Hero)
            .count() as u8
    }

    /// The Attack Strength of the occupant of `slot`.
    pub(super) fn attack_strength(&self, s: &State, p: Player, slot: u8) -> u8 {
        let at = s.sides[p].unit()[slot as usize];
        let card = self.db.card(at.card);
        let Some(power) = self.power(s, p, slot) else {
            return 0;
        };
        let base = if at.occupant == Occupant::Leader {
            card.leader_attack
        } else {
            card.attack
        };
        let aura = self.aura(s, p, slot).map_or(0, |a| i32::from(a.attack));
        let corpses = i32::from(power.attack_per_corpse) * i32::from(self.corpses(s, p));
        (i32::from(base) + i32::from(power.attack) + aura + corpses).clamp(0, 255) as u8
    }

    /// The life total of the occupant of `slot`. A Hero's may be 0 (a
    /// Leader's aura of negative life: it falls at the end of the Wave,
    /// its damage, none or more, "equal to or exceeding" its life); a
    /// Leader's is at least 1 (the card file's).
    #[inline(always)]
    pub(super) fn life(&self, s: &State, p: Player, slot: u8) -> u8 {
        let at = s.sides[p].unit()[slot as usize];
        let card = self.db.card(at.card);
        match at.occupant {
            Occupant::Leader => card.leader_life,
            Occupant::Hero => {
                let aura = self.aura(s, p, slot).map_or(0, |a| i32::from(a.life));
                (i32::from(card.life) + aura).clamp(0, 255) as u8
            }
            Occupant::Empty | Occupant::Corpse => 0,
        }
    }

    /// Life left (0 when damage has reached the life total).
    pub(super) fn life_left(&self, s: &State, p: Player, slot: u8) -> u8 {
        self.life(s, p, slot)
            .saturating_sub(s.sides[p].unit()[slot as usize].damage)
    }

    /// Damage prevented from each Attack on the occupant of `slot`.
    pub(super) fn armor(&self, s: &State, p: Player, slot: u8) -> u8 {
        let own = self.power(s, p, slot).map_or(0, |pw| pw.armor);
        own.saturating_add(self.aura(s, p, slot).map_or(0, |a| a.armor))
    }

    /// The keywords of the occupant of `slot`.
    #[inline(always)]
    pub(super) fn keywords(&self, s: &State, p: Player, slot: u8) -> Keywords {
        let own = self
            .power(s, p, slot)
            .map_or(Keywords::NONE, |pw| pw.keywords);
        own.with(self.aura(s, p, slot).map_or(Keywords::NONE, |a| a.keywords))
    }

    /// Whether the occupant of `slot` is in Melee: a living Hero or the
    /// Leader with no living Hero (or Leader) in front of it in its column
    /// (Corpses do not block).
    pub(super) fn in_melee(&self, s: &State, p: Player, slot: u8) -> bool {
        s.sides[p].masks().melee() & bit(slot) != 0
    }

    /// The slots of `p`'s Unit that a Hero with Intercept stands in front
    /// of in their column, so rival Ranged Attacks cannot reach them.
    fn intercepted(&self, s: &State, p: Player, heroes: u16) -> u16 {
        let interceptors = slots(heroes)
            .filter(|&f| self.keywords(s, p, f).has(Keywords::INTERCEPT))
            .fold(0, |mask, f| mask | bit(f));
        behind(interceptors)
    }

    /// The slots of `p`'s rival that the occupant of `from` may Attack, as
    /// a mask; `reach` holds what is known of both Units.
    pub(super) fn attack_targets(&self, s: &State, p: Player, from: u8, reach: &mut Reach) -> u16 {
        let mut targets = 0;
        if reach.own.melee() & bit(from) != 0 {
            targets |= reach.rival.melee();
        }
        if self.keywords(s, p, from).has(Keywords::RANGED) {
            let rival = reach.rival;
            let intercepted = *reach
                .rival_intercepted
                .get_or_insert_with(|| self.intercepted(s, p.opponent(), rival.heroes));
            targets |= rival.standing & !intercepted;
        }
        targets
    }

    /// The slots that act in the current Wave, as a mask: its row, and
    /// the Leader in the Flank Wave (rules: "Attack with a Hero/Leader").
    pub(super) fn wave_slots(&self, s: &State) -> u16 {
        0b111 << (3 * s.wave as u16)
    }
}

/// Every slot of a Unit, as a mask.
const ALL_SLOTS: u16 = (1 << SLOTS) - 1;

/// Slot `slot` as a mask (bit `slot`).
#[inline]
pub(super) fn bit(slot: u8) -> u16 {
    1 << slot
}

/// The slots of `mask`, in slot order.
#[inline]
pub(super) fn slots(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let slot = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            slot
        })
    })
}

/// The slots behind any slot of `mask` in its column.
#[inline]
fn behind(mask: u16) -> u16 {
    ((mask << 3) | (mask << 6)) & ALL_SLOTS
}

impl UnitMasks {
    /// The slots in Melee: standing, with nothing standing in front of
    /// them in their column (Corpses do not block).
    pub fn melee(self) -> u16 {
        self.standing & !behind(self.standing)
    }
}

/// Both Units as the acting player's Attacks see them, read once per
/// legal-action generation; which rival slots are intercepted is worked
/// out at the first Ranged attacker only.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reach {
    /// The acting player's Unit.
    pub own: UnitMasks,
    /// The rival's Unit.
    pub rival: UnitMasks,
    /// The rival's slots behind an Interceptor, once known.
    pub rival_intercepted: Option<u16>,
}
