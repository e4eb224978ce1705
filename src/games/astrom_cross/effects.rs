//! The effect interpreter: what the verbs of the card files do.
//!
//! rules/astrom-cross.txt: "CASTING EVENTS & ITEMS" (an event's effect
//! resolves once the rival has had the chance to answer), "TECHNIQUE
//! STEP", "DAMAGE STEP" (trigger effects), "End Of Turn" 2–3 (damage to
//! warriors and "until the end of turn" bonuses last the turn).

use super::AstromCross;
use super::cards::{Effect, Op, Target};
use super::events::{Event, EventKind};
use super::state::{NONE, Pos, State, ZONES};
use crate::core::{FixedVec, GameRng, Observer, Player, below};

/// Whose effect it is and what it refers to.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ctx {
    /// The controller.
    pub p: Player,
    /// The zone of the warrior whose ability it is, or `NONE`.
    pub this: u8,
    /// The zone of the chosen warrior, or `NONE`.
    pub chosen: u8,
}

impl Ctx {
    /// A card effect of `p` with no warrior of its own.
    pub fn of(p: Player, chosen: u8) -> Ctx {
        Ctx {
            p,
            this: NONE,
            chosen,
        }
    }
}

/// A cap on bonuses, so counters stay in a `u8`.
const MAX_BOOST: u8 = 99;

impl AstromCross {
    /// Applies `effects` in order; stops once the game is over.
    pub(super) fn resolve(
        &self,
        s: &mut State,
        ctx: Ctx,
        effects: &[Effect],
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        for e in effects {
            if s.outcome.is_some() {
                return;
            }
            self.apply_effect(s, ctx, *e, rng, obs);
        }
    }

    /// The warriors (owner, zone) an effect's target names.
    pub(super) fn warriors(
        &self,
        s: &State,
        ctx: Ctx,
        target: Target,
    ) -> FixedVec<(Player, u8), 12> {
        let mut out = FixedVec::new();
        let mut one = |p: Player, z: u8| {
            if z != NONE && s.sides[p].warrior(z).is_some() {
                out.push((p, z));
            }
        };
        let battle = self.in_battle(s);
        let attacker = s.battle.attacker;
        let defender = self.defending_lead(s);
        let (a, r) = (s.active, s.active.opponent());
        match target {
            Target::This => one(ctx.p, ctx.this),
            Target::ChosenAlly => one(ctx.p, ctx.chosen),
            Target::ChosenEnemy => one(ctx.p.opponent(), ctx.chosen),
            Target::OwnBattler | Target::EnemyBattler if battle => {
                let own = target == Target::OwnBattler;
                if (ctx.p == a) == own {
                    one(a, attacker);
                } else {
                    one(r, defender);
                }
            }
            Target::OwnBattler | Target::EnemyBattler => {
                // Answering an event: the warrior it chose is the one
                // that battles it (docs/rulings/astrom-cross.md).
                if let Some((o, z)) = self.event_battler(s)
                    && (o == ctx.p) == (target == Target::OwnBattler)
                {
                    one(o, z);
                }
            }
            Target::Attacker if battle => one(a, attacker),
            Target::AllAllies | Target::AllEnemies => {
                let p = if target == Target::AllAllies {
                    ctx.p
                } else {
                    ctx.p.opponent()
                };
                for z in 0..ZONES as u8 {
                    one(p, z);
                }
            }
            _ => {}
        }
        out
    }

    fn apply_effect(
        &self,
        s: &mut State,
        ctx: Ctx,
        e: Effect,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let p = ctx.p;
        if e.op.on_warriors() {
            for (o, z) in self.warriors(s, ctx, e.target) {
                self.warrior_effect(s, o, z, e, obs);
            }
            return;
        }
        match e.op {
            Op::Draw => {
                self.draw(s, p, e.amount, obs);
            }
            Op::Soul => {
                for _ in 0..e.amount {
                    let side = &mut s.sides[p];
                    let Some(card) = side.deck.pop() else { break };
                    side.soul.push(card);
                    let from_strike = false;
                    self.emit(s, p, EventKind::Soul { card, from_strike }, obs);
                }
            }
            Op::Heal => {
                let side = &mut s.sides[p];
                let amount = e.amount.min(side.ancient_damage);
                side.ancient_damage -= amount;
                let total = side.ancient_damage;
                self.emit(s, p, EventKind::Heal { amount, total }, obs);
            }
            Op::Discard => {
                for _ in 0..e.amount {
                    let hand = &mut s.sides[p.opponent()].hand;
                    if hand.is_empty() {
                        break;
                    }
                    let i = below(rng, hand.len() as u32) as usize;
                    let card = hand.remove(i);
                    s.sides[p.opponent()].grave.push(card);
                    self.emit(s, p.opponent(), EventKind::Discard { card }, obs);
                }
            }
            Op::Negate => {
                if let Some((card, _)) = s.pending
                    && !s.negated
                {
                    s.negated = true;
                    self.emit(s, p, EventKind::Negated { card }, obs);
                }
            }
            _ => {}
        }
    }

    fn warrior_effect(
        &self,
        s: &mut State,
        o: Player,
        z: u8,
        e: Effect,
        obs: &mut impl Observer<Event>,
    ) {
        if !self.affects(s, o, z, &e) {
            return;
        }
        let Some(w) = s.sides[o].warrior_mut(z) else {
            return;
        };
        let (card, amount, zone) = (w.card, e.amount, z);
        match e.op {
            Op::Power => {
                w.boost = w.boost.saturating_add(amount).min(MAX_BOOST);
                let boost = w.boost;
                let power = EventKind::Power {
                    zone,
                    card,
                    amount,
                    boost,
                };
                self.emit(s, o, power, obs);
            }
            Op::Damage => {
                w.damage = w.damage.saturating_add(amount);
                let total = w.damage;
                let damage = EventKind::WarriorDamage {
                    zone,
                    card,
                    amount,
                    total,
                };
                self.emit(s, o, damage, obs);
                if amount > 0 && self.power(s, o, z) == 0 {
                    self.destroy(s, o, z, obs);
                }
            }
            Op::Destroy => self.destroy(s, o, z, obs),
            Op::Stun => {
                w.pos = Pos::Stun;
                let pos = Pos::Stun;
                self.emit(s, o, EventKind::Position { zone, card, pos }, obs);
            }
            Op::Rest => {
                w.pos = Pos::Rest;
                let pos = Pos::Rest;
                self.emit(s, o, EventKind::Position { zone, card, pos }, obs);
            }
            _ => {}
        }
    }

    /// Destroys `o`'s warrior in zone `z`: it and its gear go to the
    /// grave.
    pub(super) fn destroy(&self, s: &mut State, o: Player, z: u8, obs: &mut impl Observer<Event>) {
        let side = &mut s.sides[o];
        let Some(w) = side.zones[z as usize].warrior.take() else {
            return;
        };
        side.grave.push(w.card);
        if let Some(g) = w.gear {
            side.grave.push(g);
        }
        let card = w.card;
        self.emit(s, o, EventKind::Destroyed { zone: z, card }, obs);
    }

    /// `p` draws `n` cards; from an empty deck `p` loses (`deck_out`).
    /// Returns whether every card was drawn.
    pub(super) fn draw(
        &self,
        s: &mut State,
        p: Player,
        n: u8,
        obs: &mut impl Observer<Event>,
    ) -> bool {
        for _ in 0..n {
            match s.sides[p].deck.pop() {
                Some(card) => {
                    s.sides[p].hand.push(card);
                    self.emit(s, p, EventKind::Draw { card }, obs);
                }
                None => {
                    self.game_over(s, Some(p.opponent()), super::rules::DECK_OUT, obs);
                    return false;
                }
            }
        }
        true
    }
}
