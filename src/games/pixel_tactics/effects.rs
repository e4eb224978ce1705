//! The effect interpreter: Spells, Orders, Leader actions and reactions.
//!
//! rules/pixel-tactics.txt: "Spells", "Passive Powers", "Reactions" (they
//! happen after the triggering condition has completely resolved), "Other
//! Terms & Effects" (Forerunner, Supporter, Defeat a Hero, Apply Damage,
//! Discard), "Ceasefire" (rivals cannot interact with your hand or Unit).

use super::PixelTactics;
use super::action::Tgt;
use super::cards::{Effect, Op, Per, Target, Trigger};
use super::events::{Event, EventKind};
use super::queries::slots;
use super::state::{LEADER, Occupant, SLOTS, Slot, State};
use crate::core::{GameRng, Observer, Player, Seats, below};

/// Actions a turn may hold at most (effects that gain actions stop here).
pub const MAX_ACTIONS: u8 = 9;
/// Damage counters a Hero or Leader may hold at most.
pub const MAX_DAMAGE: u8 = 200;

/// Who uses an effect, from where, at what.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ctx {
    /// The controller.
    pub owner: Player,
    /// The slot of the Hero or Leader whose power it is (`None` for an
    /// Order).
    pub source: Option<u8>,
    /// The chosen target.
    pub chosen: Tgt,
    /// The attacker (owner, slot) that triggered an `attacked` reaction.
    pub attacker: Option<(Player, u8)>,
}

impl PixelTactics {
    /// Resolves `effects` in order, then the `ally_defeated` reactions to
    /// the Heroes they defeated (rules: "Reactions": "These effects always
    /// happen after the triggering condition is completely resolved").
    pub(super) fn resolve(
        &self,
        s: &mut State,
        effects: &[Effect],
        ctx: Ctx,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let mut fallen = Seats::<u8, 2>::default();
        for e in effects {
            if s.outcome.is_some() {
                return;
            }
            self.effect(s, *e, ctx, &mut fallen, rng, obs);
        }
        for p in [ctx.owner, ctx.owner.opponent()] {
            for _ in 0..fallen[p] {
                self.react_all(s, p, Trigger::AllyDefeated, rng, obs);
            }
        }
    }

    /// The units (owner, slot) an effect's target names, living or (for a
    /// Corpse target) dead.
    fn units(&self, s: &State, target: Target, ctx: Ctx) -> arrayvec::ArrayVec<(Player, u8), 9> {
        let me = ctx.owner;
        let mut out = arrayvec::ArrayVec::new();
        let standing = |p: Player, slot: u8| s.sides[p].unit()[slot as usize].is_standing();
        let hero =
            |p: Player, slot: u8| s.sides[p].unit()[slot as usize].occupant == Occupant::Hero;
        match target {
            Target::This => out.extend(ctx.source.map(|slot| (me, slot))),
            Target::OwnLeader => out.push((me, LEADER)),
            Target::RivalLeader => out.push((me.opponent(), LEADER)),
            Target::ChosenAlly | Target::ChosenOwnCorpse => {
                if let Tgt::Own(slot) = ctx.chosen {
                    out.push((me, slot));
                }
            }
            Target::ChosenEnemy | Target::ChosenEnemyHero => {
                if let Tgt::Rival(slot) = ctx.chosen {
                    out.push((me.opponent(), slot));
                }
            }
            Target::AllAllies => {
                out.extend((0..SLOTS as u8).filter(|&t| hero(me, t)).map(|t| (me, t)))
            }
            Target::AllEnemies => out.extend(
                (0..SLOTS as u8)
                    .filter(|&t| hero(me.opponent(), t))
                    .map(|t| (me.opponent(), t)),
            ),
            Target::Forerunner => {
                if let Some(slot) = ctx.source.filter(|&x| x >= 3 && hero(me, x - 3)) {
                    out.push((me, slot - 3));
                }
            }
            Target::Supporter => {
                if let Some(slot) = ctx.source.filter(|&x| x < 6 && hero(me, x + 3)) {
                    out.push((me, slot + 3));
                }
            }
            Target::Attacker => out.extend(ctx.attacker),
            Target::Controller | Target::Rival => {}
        }
        if target != Target::ChosenOwnCorpse {
            out.retain(|&mut (p, slot)| standing(p, slot));
        }
        out
    }

    /// Resolves one effect; Heroes it defeats are counted in `fallen`
    /// (by owner) for the reactions that follow the whole ability.
    fn effect(
        &self,
        s: &mut State,
        e: Effect,
        ctx: Ctx,
        fallen: &mut Seats<u8, 2>,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if s.ceasefire() && e.target.is_rival() {
            return;
        }
        let me = ctx.owner;
        let amount = match e.per {
            Per::One => e.amount,
            Per::OwnCorpse => e.amount.saturating_mul(self.corpses(s, me)),
        };
        match e.op {
            Op::Draw => {
                let p = if e.target == Target::Rival {
                    me.opponent()
                } else {
                    me
                };
                for _ in 0..amount {
                    self.draw(s, p, obs);
                }
            }
            Op::Discard => {
                let p = if e.target == Target::Controller {
                    me
                } else {
                    me.opponent()
                };
                for _ in 0..amount {
                    let side = &mut s.sides[p];
                    if side.hand.is_empty() {
                        break;
                    }
                    let i = below(rng, side.hand.len() as u32) as usize;
                    let card = side.hand.remove(i);
                    side.discard.push(card);
                    self.emit(s, p, EventKind::Discard { card }, obs);
                }
            }
            Op::GainActions => {
                let before = s.actions;
                s.actions = s.actions.saturating_add(amount).min(MAX_ACTIONS);
                let actions = s.actions;
                let kind = EventKind::GainActions {
                    amount: actions - before,
                    actions,
                };
                self.emit(s, me, kind, obs);
            }
            Op::Damage => {
                for (p, slot) in self.units(s, e.target, ctx) {
                    self.damage(s, me, p, slot, amount, obs);
                }
            }
            Op::Heal => {
                for (p, slot) in self.units(s, e.target, ctx) {
                    let damage = s.sides[p].damage_mut(slot);
                    let healed = (*damage).min(amount);
                    *damage -= healed;
                    let after = *damage;
                    self.emit(
                        s,
                        p,
                        EventKind::Heal {
                            slot,
                            amount: healed,
                            damage: after,
                        },
                        obs,
                    );
                }
            }
            Op::Revive => {
                for (p, slot) in self.units(s, e.target, ctx) {
                    let at = s.sides[p].unit()[slot as usize];
                    if at.occupant == Occupant::Corpse {
                        let hero = Slot {
                            occupant: Occupant::Hero,
                            damage: 0,
                            acted: true,
                            ..at
                        };
                        s.sides[p].set_slot(slot, hero);
                        let card = at.card;
                        self.emit(s, p, EventKind::Revive { slot, card }, obs);
                    }
                }
            }
            Op::Defeat => {
                for (p, slot) in self.units(s, e.target, ctx) {
                    if s.sides[p].unit()[slot as usize].occupant == Occupant::Hero
                        && self.life_left(s, p, slot) <= amount
                    {
                        self.defeat(s, p, slot, obs);
                        fallen[p] += 1;
                    }
                }
            }
        }
    }

    /// Applies `amount` damage from `by` to the occupant of `slot` of `p`
    /// (not an Attack), reporting the score when it is `by`'s rival's
    /// Leader.
    pub(super) fn damage(
        &self,
        s: &mut State,
        by: Player,
        p: Player,
        slot: u8,
        amount: u8,
        obs: &mut impl Observer<Event>,
    ) {
        let damage = s.sides[p].damage_mut(slot);
        *damage = damage.saturating_add(amount).min(MAX_DAMAGE);
        let after = *damage;
        self.emit(
            s,
            p,
            EventKind::Damage {
                slot,
                amount,
                damage: after,
            },
            obs,
        );
        if p != by && slot == LEADER {
            self.score(s, by, amount, obs);
        }
    }

    /// `by` dealt `amount` damage to the rival Leader.
    pub(super) fn score(
        &self,
        s: &mut State,
        by: Player,
        amount: u8,
        obs: &mut impl Observer<Event>,
    ) {
        if amount == 0 {
            return;
        }
        let side = &mut s.sides[by];
        side.leader_damage = side.leader_damage.saturating_add(amount.into());
        let total = side.leader_damage;
        self.emit(s, by, EventKind::Score { total }, obs);
    }

    /// The Hero in `slot` of `p` is defeated: it becomes a Corpse, its
    /// damage removed (rules: "DAMAGE & CASUALTIES").
    pub(super) fn defeat(
        &self,
        s: &mut State,
        p: Player,
        slot: u8,
        obs: &mut impl Observer<Event>,
    ) {
        let at = s.sides[p].unit()[slot as usize];
        let corpse = Slot {
            occupant: Occupant::Corpse,
            damage: 0,
            ..at
        };
        s.sides[p].set_slot(slot, corpse);
        let card = at.card;
        self.emit(s, p, EventKind::Defeated { slot, card }, obs);
    }

    /// `p` draws the top card of the deck, if any and if the hand has
    /// room.
    pub(super) fn draw(&self, s: &mut State, p: Player, obs: &mut impl Observer<Event>) {
        let side = &mut s.sides[p];
        if side.hand.is_full() {
            return;
        }
        if let Some(card) = side.deck.pop() {
            side.hand.push(card);
            self.emit(s, p, EventKind::Draw { card }, obs);
        }
    }

    /// Fires the reaction to `trigger` of the occupant of slot `slot` of
    /// `p`'s Unit (`at = (p, slot)`), if its power in force has one.
    pub(super) fn react(
        &self,
        s: &mut State,
        (p, slot): (Player, u8),
        trigger: Trigger,
        attacker: Option<(Player, u8)>,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(reaction) = self.power(s, p, slot).and_then(|pw| pw.reaction.as_ref()) else {
            return;
        };
        if reaction.on != trigger || s.outcome.is_some() {
            return;
        }
        let card = s.sides[p].unit()[slot as usize].card;
        self.emit(
            s,
            p,
            EventKind::Reaction {
                slot,
                card,
                trigger,
            },
            obs,
        );
        let ctx = Ctx {
            owner: p,
            source: Some(slot),
            chosen: Tgt::None,
            attacker,
        };
        self.resolve(s, &reaction.effects, ctx, rng, obs);
    }

    /// Fires the reactions to `trigger` of every living Hero and the
    /// Leader of `p`, in slot order.
    pub(super) fn react_all(
        &self,
        s: &mut State,
        p: Player,
        trigger: Trigger,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        // The slots standing now are the only ones that can react: no
        // effect makes a slot standing but a Revive of a chosen Corpse,
        // and reactions choose no target. A Hero a reaction defeats is
        // visited and has no power in force.
        for slot in slots(s.sides[p].masks().standing) {
            self.react(s, (p, slot), trigger, None, rng, obs);
        }
    }
}
