//! The battle phase: attacking, defending, technique, combat and damage
//! steps, repeated until the active player ends it.
//!
//! rules/astrom-cross.txt: "Battle Phase" — "ATTACKING STEP" (rest the
//! attacker or team, declare a Rest warrior or the ancient; "when
//! attacking" abilities), "DEFENDING STEP" (the rival may declare a Ready
//! defender for an attack on the ancient and team up with the defending
//! warrior; "when defending" abilities), "TECHNIQUE STEP" (the active
//! player has priority), "COMBAT STEP" (compare powers: the lower is
//! destroyed, both on a tie), "DAMAGE STEP" (strikes move cards from the
//! top of the damaged player's deck, each checked for a trigger, to the
//! soul stock; their Damage Values damage the ancient), "END STEP".

use super::AstromCross;
use super::action::Action;
use super::cards::{Keywords, When};
use super::effects::Ctx;
use super::events::{Event, EventKind};
use super::rules::{ANCIENT_DESTROYED, DECK_OUT};
use super::state::{Battle, NONE, Phase, Pos, State, ZONES};
use crate::core::{GameRng, Observer, Player};

impl AstromCross {
    /// Plays a battle decision.
    pub(super) fn battle_action(
        &self,
        s: &mut State,
        action: Action,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let a = s.active;
        match action {
            Action::Attack { zone, target } => {
                let Some(w) = s.sides[a].warrior_mut(zone) else {
                    return;
                };
                w.pos = Pos::Rest;
                w.attacked = true;
                let card = w.card;
                s.battle = Battle {
                    attacker: zone,
                    target,
                    team: 1 << zone,
                    defender: NONE,
                    support: 0,
                    to_act: a,
                    passes: 0,
                    strikes: 0,
                };
                self.emit(s, a, EventKind::Attack { zone, card, target }, obs);
                s.phase = Phase::Team;
                if self.team_candidates(s, a, zone, s.battle.team, true) == 0 {
                    self.close_team(s, rng, obs);
                }
            }
            Action::Join(z) if s.phase == Phase::Team => {
                if let Some(w) = s.sides[a].warrior_mut(z) {
                    w.pos = Pos::Rest;
                    w.attacked = true;
                    let card = w.card;
                    self.emit(s, a, EventKind::Join { zone: z, card }, obs);
                }
                s.battle.team |= 1 << z;
                if self.team_candidates(s, a, s.battle.attacker, s.battle.team, true) == 0 {
                    self.close_team(s, rng, obs);
                }
            }
            Action::Go if s.phase == Phase::Team => self.close_team(s, rng, obs),
            Action::Defend(z) => {
                let r = a.opponent();
                if let Some(w) = s.sides[r].warrior_mut(z) {
                    w.pos = Pos::Rest;
                    let card = w.card;
                    s.battle.defender = z;
                    self.emit(s, r, EventKind::Defend { zone: z, card }, obs);
                }
                self.support_step(s, rng, obs);
            }
            Action::NoDefense => self.support_step(s, rng, obs),
            Action::Join(z) => {
                if let Some(w) = s.sides[a.opponent()].warrior_mut(z) {
                    w.pos = Pos::Rest;
                    let card = w.card;
                    let r = a.opponent();
                    self.emit(s, r, EventKind::Join { zone: z, card }, obs);
                }
                s.battle.support |= 1 << z;
                let lead = self.defending_lead(s);
                if self.team_candidates(s, a.opponent(), lead, s.battle.support, false) == 0 {
                    self.close_support(s, rng, obs);
                }
            }
            Action::Go => self.close_support(s, rng, obs),
            Action::Pass => {
                if s.pending.is_some() {
                    // Unanswered, the rival's technique resolves.
                    self.resolve_pending(s, s.battle.to_act.opponent(), rng, obs);
                    if s.outcome.is_some() {
                        return;
                    }
                    if s.sides[a].warrior(s.battle.attacker).is_none() {
                        return self.back_to_attack(s);
                    }
                }
                s.battle.passes += 1;
                if s.battle.passes >= 2 {
                    self.combat(s, obs);
                } else {
                    s.battle.to_act = s.battle.to_act.opponent();
                }
            }
            Action::Trigger(cast) => {
                let r = a.opponent();
                if cast && let Some(&card) = s.revealed.last() {
                    self.emit(s, r, EventKind::TriggerCast { card }, obs);
                    let effects = &self.db.card(card).trigger;
                    self.resolve(s, Ctx::of(r, NONE), effects, rng, obs);
                }
                if s.outcome.is_none() {
                    self.strikes(s, obs);
                }
            }
            _ => {}
        }
    }

    /// The attacking team is complete: its "when attacking" and "when
    /// battling" abilities apply, then the defending step.
    fn close_team(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let a = s.active;
        let team = s.battle.team;
        self.team_abilities(s, a, team, When::Attacking, rng, obs);
        if s.outcome.is_some() {
            return;
        }
        if s.sides[a].warrior(s.battle.attacker).is_none() {
            return self.back_to_attack(s);
        }
        if self.defenders(s) != 0 {
            s.phase = Phase::Defend;
        } else {
            self.support_step(s, rng, obs);
        }
    }

    /// Abilities at `on` (and "battling") of `p`'s warriors in `team`.
    fn team_abilities(
        &self,
        s: &mut State,
        p: Player,
        team: u8,
        on: When,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        for z in 0..ZONES as u8 {
            if team & (1 << z) != 0 {
                let ctx = Ctx {
                    p,
                    this: z,
                    chosen: NONE,
                };
                self.abilities(s, ctx, on, rng, obs);
                self.abilities(s, ctx, When::Battling, rng, obs);
            }
        }
    }

    /// After a defender is declared (or not): the defending warrior's team
    /// may form.
    fn support_step(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let r = s.active.opponent();
        let lead = self.defending_lead(s);
        if lead == NONE || s.sides[r].warrior(lead).is_none() {
            return self.close_support(s, rng, obs);
        }
        s.battle.support = 1 << lead;
        if self.team_candidates(s, r, lead, s.battle.support, false) != 0 {
            s.phase = Phase::Support;
        } else {
            self.close_support(s, rng, obs);
        }
    }

    /// The defending team is complete: its "when defending" and "when
    /// battling" abilities apply, then the technique step.
    fn close_support(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        s.phase = Phase::Support;
        let support = s.battle.support;
        self.team_abilities(s, s.active.opponent(), support, When::Defending, rng, obs);
        if s.outcome.is_some() {
            return;
        }
        s.phase = Phase::Technique;
        s.battle.to_act = s.active;
        s.battle.passes = 0;
    }

    /// `to_act` used a technique or rest ability in the technique step,
    /// resolved at once: the rival's technique it answered (if any)
    /// resolves now, unless negated; then as [`Self::technique_used`].
    pub(super) fn answered(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if s.pending.is_some() {
            self.resolve_pending(s, s.battle.to_act.opponent(), rng, obs);
            if s.outcome.is_some() {
                return;
            }
        }
        self.technique_used(s);
    }

    /// A technique was used: the other player may answer; the battle ends
    /// if the lead attacker is gone.
    pub(super) fn technique_used(&self, s: &mut State) {
        if s.sides[s.active].warrior(s.battle.attacker).is_none() {
            return self.back_to_attack(s);
        }
        s.battle.passes = 0;
        s.battle.to_act = s.battle.to_act.opponent();
    }

    /// rules: "COMBAT STEP": the teams' powers compared.
    fn combat(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        let (a, r) = (s.active, s.active.opponent());
        let lead = s.battle.attacker;
        if s.sides[a].warrior(lead).is_none() {
            return self.back_to_attack(s);
        }
        let attack = self.team_power(s, a, s.battle.team);
        let target = s.battle.target;
        if target != NONE && s.sides[r].warrior(target).is_none() {
            // The attacked warrior left the field: nothing to fight.
            return self.back_to_attack(s);
        }
        let (mut defending, mut support) = (self.defending_lead(s), s.battle.support);
        if s.sides[r].warrior(defending).is_none() {
            if target == NONE {
                let strikes = self.team_strikes(s);
                return self.damage_step(s, strikes, obs);
            }
            // A Guard that defended another warrior left: the attacked
            // warrior leads what is left of the defending team.
            (defending, support) = (target, support | 1 << target);
        }
        let defense = self.team_power(s, r, support);
        self.emit(s, a, EventKind::Combat { attack, defense }, obs);
        if attack >= defense {
            self.destroy(s, r, defending, obs);
        }
        if attack <= defense {
            self.destroy(s, a, lead, obs);
        }
        let pierce = attack > defense
            && s.battle.target == NONE
            && self.keywords(s, a, lead).has(Keywords::PIERCE);
        if pierce {
            let strikes = s.sides[a]
                .warrior(lead)
                .map_or(0, |w| self.db.card(w.card).strikes);
            return self.damage_step(s, strikes, obs);
        }
        self.back_to_attack(s);
    }

    /// The strikes of the attacking team still on the field.
    fn team_strikes(&self, s: &State) -> u8 {
        let side = &s.sides[s.active];
        (0..ZONES as u8)
            .filter(|z| s.battle.team & (1 << z) != 0)
            .filter_map(|z| side.warrior(z))
            .map(|w| self.db.card(w.card).strikes)
            .sum()
    }

    /// rules: "DAMAGE STEP": `strikes` cards to reveal from the top of the
    /// damaged player's deck.
    fn damage_step(&self, s: &mut State, strikes: u8, obs: &mut impl Observer<Event>) {
        s.battle.strikes = strikes;
        s.revealed.clear();
        s.phase = Phase::Trigger;
        self.strikes(s, obs);
    }

    /// Reveals the next strikes until one shows a trigger (a decision for
    /// the damaged player); after the last, the revealed cards go to the
    /// soul stock and their Damage Values damage the ancient.
    fn strikes(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        let r = s.active.opponent();
        while s.battle.strikes > 0 {
            s.battle.strikes -= 1;
            let Some(card) = s.sides[r].deck.pop() else {
                return self.game_over(s, Some(s.active), DECK_OUT, obs);
            };
            s.revealed.push(card);
            let c = self.db.card(card);
            self.emit(
                s,
                r,
                EventKind::Strike {
                    card,
                    damage: c.damage,
                },
                obs,
            );
            if !c.trigger.is_empty() {
                return;
            }
        }
        let mut amount = 0u8;
        let revealed = s.revealed;
        for &card in &revealed {
            amount = amount.saturating_add(self.db.card(card).damage);
            s.sides[r].soul.push(card);
            let from_strike = true;
            self.emit(s, r, EventKind::Soul { card, from_strike }, obs);
        }
        s.revealed.clear();
        let life = self.life(s, r);
        let side = &mut s.sides[r];
        side.ancient_damage = side.ancient_damage.saturating_add(amount).min(life);
        let total = side.ancient_damage;
        self.emit(s, r, EventKind::AncientDamage { amount, total }, obs);
        let dealt = s.sides[s.active].dealt.saturating_add(amount);
        s.sides[s.active].dealt = dealt;
        self.emit(s, s.active, EventKind::Score { total: dealt }, obs);
        if total >= life {
            return self.game_over(s, Some(s.active), ANCIENT_DESTROYED, obs);
        }
        self.back_to_attack(s);
    }

    /// After the damage step (or a battle that ended early): back to the
    /// attacking step.
    fn back_to_attack(&self, s: &mut State) {
        s.battle = Battle::default();
        s.phase = Phase::Attack;
    }
}
