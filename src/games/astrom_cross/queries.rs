//! Derived figures: a warrior's power and keywords, what a card needs and
//! whether it can be paid, the teams of a battle.
//!
//! rules/astrom-cross.txt: "SUMMONING WARRIORS", "CASTING EVENTS &
//! ITEMS" (count the locations with the required attributes), "CONSUME TO
//! WASTELAND" (a wasteland loses its attributes but still counts for
//! non-attribute costs), "SOUL COST", "Positioning rules" (a stunned
//! card loses all abilities).

use super::AstromCross;
use super::cards::{Card, Effect, Keywords, Need, Op, Target};
use super::effects::Ctx;
use super::state::{NONE, Phase, Pos, State, ZONES, adjacent};
use crate::core::Player;

impl AstromCross {
    /// The power of `p`'s warrior in zone `z` (0 if none): printed power,
    /// its gear's bonus, its location's bonus (not a wasteland's), the
    /// bonuses of the turn, less the damage of the turn.
    pub(super) fn power(&self, s: &State, p: Player, z: u8) -> u8 {
        let side = &s.sides[p];
        let Some(w) = side.warrior(z) else {
            return 0;
        };
        let mut power = u16::from(self.db.card(w.card).power) + u16::from(w.boost);
        if let Some(g) = w.gear {
            power += u16::from(self.db.card(g).power);
        }
        let zone = &side.zones[z as usize];
        if let (Some(loc), false) = (zone.location, zone.wasteland) {
            power += u16::from(self.db.card(loc).power);
        }
        power.saturating_sub(u16::from(w.damage)).min(255) as u8
    }

    /// The keywords of `p`'s warrior in zone `z`: its own and its gear's;
    /// none while stunned.
    pub(super) fn keywords(&self, s: &State, p: Player, z: u8) -> Keywords {
        match s.sides[p].warrior(z) {
            Some(w) if w.pos != Pos::Stun => {
                let own = self.db.card(w.card).keywords;
                w.gear.map_or(own, |g| own.with(self.db.card(g).keywords))
            }
            _ => Keywords::NONE,
        }
    }

    /// How many of `p`'s locations count for `need`: for an attribute,
    /// the locations (not wastelands) that have it; for `any`, every
    /// location, wastelands included.
    pub(super) fn count(&self, s: &State, p: Player, need: Need) -> u8 {
        s.sides[p]
            .zones
            .iter()
            .filter(|z| match (z.location, need.attr) {
                (None, _) => false,
                (Some(_), None) => true,
                (Some(l), Some(a)) => !z.wasteland && self.db.card(l).attrs.has(a),
            })
            .count() as u8
    }

    /// Whether `p` meets `card`'s requirements and can pay its costs.
    pub(super) fn can_pay(&self, s: &State, p: Player, card: &Card) -> bool {
        card.requires
            .iter()
            .all(|&n| self.count(s, p, n) >= n.count)
            && card.consume.is_none_or(|n| self.count(s, p, n) >= n.count)
            && s.sides[p].soul.len() >= card.souls as usize
    }

    /// The ways `p` can pay `card`'s consume cost, as bits of the zones to
    /// flip: every set of exactly as many of the locations that count for
    /// it (not wastelands; for `any`, every location not yet a
    /// wasteland); `[0]` for a card without one. The player chooses
    /// (docs/rulings/astrom-cross.md).
    pub(super) fn consume_choices(
        &self,
        s: &State,
        p: Player,
        card: &Card,
    ) -> impl Iterator<Item = u8> {
        // Without a cost, nothing fits and none is needed: only `0` passes.
        let (mut fits, count) = (0u8, card.consume.map_or(0, |n| n.count));
        if let Some(need) = card.consume {
            for (z, zone) in s.sides[p].zones.iter().enumerate() {
                let ok = zone.location.is_some_and(|l| {
                    !zone.wasteland && need.attr.is_none_or(|a| self.db.card(l).attrs.has(a))
                });
                if ok {
                    fits |= 1 << z;
                }
            }
        }
        (0..1u8 << ZONES).filter(move |&m| m & !fits == 0 && m.count_ones() == u32::from(count))
    }

    /// Whether effect `e` used by `p` has something to act on now: a
    /// battler or the attacker when there is one, a negation only with
    /// an event or technique waiting for `p`'s answer.
    pub(super) fn acts_now(&self, s: &State, p: Player, e: &Effect) -> bool {
        match (e.op, e.target) {
            (Op::Negate, _) => s.pending.is_some() && !s.negated,
            (_, Target::OwnBattler | Target::EnemyBattler | Target::Attacker) => {
                !self.warriors(s, Ctx::of(p, NONE), e.target).is_empty()
            }
            _ => true,
        }
    }

    /// Whether effect `e` would change `o`'s warrior in zone `z` now: a
    /// Destroy only a warrior of its amount's power or less, a Rest only a
    /// Ready warrior (docs/rulings/astrom-cross.md, "A chosen target is
    /// one the card acts on").
    pub(super) fn affects(&self, s: &State, o: Player, z: u8, e: &Effect) -> bool {
        match e.op {
            Op::Destroy => self.power(s, o, z) <= e.amount,
            Op::Rest => s.sides[o].warrior(z).is_some_and(|w| w.pos == Pos::Ready),
            _ => true,
        }
    }

    /// The warrior (owner, zone) the event waiting for an answer chose,
    /// if it chose one.
    pub(super) fn event_battler(&self, s: &State) -> Option<(Player, u8)> {
        let (card, zone) = s.pending.filter(|_| s.phase == Phase::Respond)?;
        let owner = match self.db.card(card).chosen_target()? {
            Target::ChosenAlly => s.active,
            _ => s.active.opponent(),
        };
        s.sides[owner].warrior(zone).map(|_| (owner, zone))
    }

    /// The active locations (not wastelands) of `p`, and all of them.
    pub(super) fn locations(&self, s: &State, p: Player) -> (u8, u8) {
        let zones = &s.sides[p].zones;
        let all = zones.iter().filter(|z| z.location.is_some()).count() as u8;
        let wastes = zones.iter().filter(|z| z.wasteland).count() as u8;
        (all - wastes, all)
    }

    /// Whether a battle is being fought (from the attacking team to the
    /// damage step).
    pub(super) fn in_battle(&self, s: &State) -> bool {
        matches!(
            s.phase,
            Phase::Team | Phase::Defend | Phase::Support | Phase::Technique | Phase::Trigger
        )
    }

    /// The zone of the rival's warrior that leads the defence: the
    /// declared defender, else the attacked warrior ([`NONE`] for an
    /// undefended ancient).
    pub(super) fn defending_lead(&self, s: &State) -> u8 {
        if s.battle.defender != NONE {
            s.battle.defender
        } else {
            s.battle.target
        }
    }

    /// The zones of `p`'s Ready warriors that may join a team led from
    /// `lead` (adjacent to it, not in `team`; attackers must not have
    /// attacked this turn).
    pub(super) fn team_candidates(
        &self,
        s: &State,
        p: Player,
        lead: u8,
        team: u8,
        attacking: bool,
    ) -> u8 {
        let mut bits = 0;
        for z in 0..ZONES as u8 {
            let ok = s.sides[p]
                .warrior(z)
                .is_some_and(|w| w.pos == Pos::Ready && !(attacking && w.attacked));
            if ok && team & (1 << z) == 0 && adjacent(lead, z) {
                bits |= 1 << z;
            }
        }
        bits
    }

    /// The zones of the rival's warriors that may defend the current
    /// attack: Ready ones against an attack on the ancient; Ready ones with
    /// Guard against an attack on a warrior.
    pub(super) fn defenders(&self, s: &State) -> u8 {
        let r = s.active.opponent();
        let mut bits = 0;
        for z in 0..ZONES as u8 {
            let ready = s.sides[r].warrior(z).is_some_and(|w| w.pos == Pos::Ready);
            let may = s.battle.target == NONE || self.keywords(s, r, z).has(Keywords::GUARD);
            if ready && may && z != s.battle.target {
                bits |= 1 << z;
            }
        }
        bits
    }

    /// The sum of the powers of `p`'s warriors in `team`.
    pub(super) fn team_power(&self, s: &State, p: Player, team: u8) -> u16 {
        (0..ZONES as u8)
            .filter(|z| team & (1 << z) != 0)
            .map(|z| u16::from(self.power(s, p, z)))
            .sum()
    }

    /// The hand size of `p`'s ancient.
    pub(super) fn hand_size(&self, s: &State, p: Player) -> usize {
        self.db.card(s.sides[p].ancient).hand_size as usize
    }

    /// The damage limit of `p`'s ancient.
    pub(super) fn life(&self, s: &State, p: Player) -> u8 {
        self.db.card(s.sides[p].ancient).life
    }
}
