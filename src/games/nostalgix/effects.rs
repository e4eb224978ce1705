//! The interpreter of the effect vocabulary, and the primitive changes
//! every rule is built from: damage, healing, counters, destruction,
//! drawing, binding.
//!
//! rules/nostalgix.txt: "Card Effect Keyword Glossary".

use arrayvec::ArrayVec;

use super::Nostalgix;
use super::cards::{CardId, Condition, Effect, Keywords, Op, SurpriseTrigger, Target, Trigger};
use super::events::{Event, EventKind};
use super::state::{
    BackCard, Entity, MAX_HAND, MAX_TOKENS, MAX_UNITS, Pending, Search, State, TOKEN_SLOT, Window,
    hero_id, hero_seat,
};
use crate::core::{GameRng, Observer, Player, below, shuffle};

/// Where an effect comes from, and what it may refer to.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Ctx {
    /// The player whose card it is.
    pub controller: Player,
    /// The entity the effect belongs to (`This`), if any.
    pub source: Option<u16>,
    /// The target chosen when the card was played.
    pub chosen: Option<u16>,
    /// The defender of the attack the effect belongs to.
    pub defender: Option<u16>,
    /// The entity that opened a Surprise window (attacker, summoned).
    pub subject: Option<u16>,
}

/// How damage is dealt.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hit {
    /// The player whose card deals it.
    pub by: Player,
    /// The entity dealing it, if any.
    pub source: Option<u16>,
    /// Dealt by a direct attack (breaks Equipment on a Hero).
    pub attack: bool,
    /// The source has Deathtouch.
    pub deathtouch: bool,
}

/// Entity ids an effect applies to: at most every unit and both Heroes.
pub(super) type Ids = ArrayVec<u16, { 2 * MAX_UNITS + 2 }>;

/// Health bonuses of entities in play: (entity id, bonus).
pub(super) type Bonuses = ArrayVec<(u16, i16), { 2 * MAX_UNITS + 2 }>;

impl Nostalgix {
    /// Emits an event.
    #[inline]
    pub(super) fn emit(
        &self,
        s: &State,
        player: Player,
        kind: EventKind,
        obs: &mut impl Observer<Event>,
    ) {
        obs.event(&Event {
            turn: s.turn,
            player,
            kind,
        });
    }

    /// Deals `amount` damage to entity `id`; returns the damage actually
    /// dealt (never more than its remaining health).
    ///
    /// rules: "Immune" (no damage), "Deathtouch" (any damage to a Fighter
    /// destroys it; Heroes are immune), "Equipment" (Equipment on a Hero
    /// breaks when that Hero is damaged by a direct attack).
    pub(super) fn damage(
        &self,
        s: &mut State,
        id: u16,
        amount: i16,
        hit: Hit,
        obs: &mut impl Observer<Event>,
    ) -> u8 {
        let Some((owner, index)) = s.locate(id) else {
            return 0;
        };
        let t = match index {
            Some(i) => &mut s.units[owner][i],
            None => &mut s.sides[owner].hero,
        };
        if amount <= 0 || t.keywords.has(Keywords::IMMUNE) {
            return 0;
        }
        let health = t.health().max(0);
        let dealt = amount.min(health).min(i16::from(u8::MAX)) as u8;
        let lethal = hit.deathtouch && id >= 2;
        // Health counters are spent first, so healing never restores
        // health above the printed maximum (rules: "Heal (Restore)").
        let from_counters = dealt.min(t.health_counters);
        t.health_counters -= from_counters;
        t.damage = if lethal {
            u8::MAX
        } else {
            t.damage.saturating_add(dealt - from_counters)
        };
        t.hurt_by = Some(hit.by);
        let after = t.health();
        // Only a Fighter left without health has anything to clean up.
        s.wounded |= index.is_some() && after <= 0;
        self.emit(
            s,
            owner,
            EventKind::Damage {
                target: id,
                amount: dealt,
                health_after: after,
                source: hit.source,
                lethal,
            },
            obs,
        );
        if id < 2 && dealt > 0 {
            if hit.attack {
                self.break_hero_equipment(s, id, obs);
            }
            self.open_window(s, owner, SurpriseTrigger::HeroDamaged, None, obs);
        }
        dealt
    }

    fn break_hero_equipment(&self, s: &mut State, hero: u16, obs: &mut impl Observer<Event>) {
        if hero_seat(hero).is_some() {
            self.break_equipment(s, hero, obs);
        }
    }

    /// Sends every Equipment attached to entity `id`, which stays in play,
    /// to the Void of the player who played it, seat a's back row first,
    /// slot by slot: a Hero's broken by a direct attack (rules:
    /// "Equipment"), or any entity's sent there by an effect
    /// ([`Op::DestroyEquipment`]). Each is an `equip_break` event; the
    /// entity's derived figures are refreshed and the damage a lost health
    /// bonus absorbed goes with it ([`Nostalgix::shed_bonus`]).
    pub(super) fn break_equipment(&self, s: &mut State, id: u16, obs: &mut impl Observer<Event>) {
        for p in Player::all(2) {
            for i in 0..s.sides[p].back.len() {
                if let BackCard::Equipment(card, on) = s.sides[p].back[i]
                    && on == id
                {
                    let Some(e) = s.entity(id) else { return };
                    let before = self.health_bonus(s, e);
                    s.sides[p].back[i] = BackCard::Empty;
                    if let Some(e) = s.entity_mut(id) {
                        e.equipped -= 1;
                    }
                    self.refresh(s, id);
                    s.sides[p].void.push(card);
                    let health_after = s.entity(id).map_or(0, |e| e.health());
                    let kind = EventKind::EquipBreak {
                        card,
                        target: id,
                        slot: i as u8,
                        health_after,
                    };
                    self.emit(s, p, kind, obs);
                    self.shed_bonus(s, id, before, obs);
                }
            }
        }
    }

    /// Sends the Arena in play to its owner's Void (an `arena_void`
    /// event): replaced by a new one (rules: "Arenas") or destroyed by an
    /// effect ([`Op::DestroyArena`]). Returns the health bonuses its aura
    /// gave (entity, [`Nostalgix::health_bonus`] before), for
    /// [`Nostalgix::shed_arena_bonuses`] once the derived figures are
    /// refreshed.
    pub(super) fn arena_to_void(&self, s: &mut State, obs: &mut impl Observer<Event>) -> Bonuses {
        let bonuses = self.arena_bonuses(s);
        if let Some((old, owner)) = s.arena.take() {
            s.sides[owner].void.push(old);
            let kind = EventKind::ArenaReplaced { card: old, owner };
            self.emit(s, owner, kind, obs);
        }
        bonuses
    }

    /// The health bonus of every entity in play that the Arena's aura
    /// raises (none unless the Arena adds health): what its leaving may
    /// take away.
    fn arena_bonuses(&self, s: &State) -> Bonuses {
        let mut bonuses = Bonuses::new();
        if s.arena
            .is_some_and(|(a, _)| self.db.card(a).aura_health > 0)
        {
            for p in s.sides.players() {
                let side = std::iter::once(&s.sides[p].hero).chain(s.units[p].iter());
                for e in side {
                    bonuses.push((e.id, self.health_bonus(s, e)));
                }
            }
        }
        bonuses
    }

    /// [`shed_bonus`](Self::shed_bonus) for each of the Arena's `bonuses`
    /// ([`arena_to_void`](Self::arena_to_void)), once the derived figures
    /// are refreshed.
    pub(super) fn shed_arena_bonuses(
        &self,
        s: &mut State,
        bonuses: Bonuses,
        obs: &mut impl Observer<Event>,
    ) {
        for (id, before) in bonuses {
            self.shed_bonus(s, id, before, obs);
        }
    }

    /// Entity `id`'s health bonus ([`Nostalgix::health_bonus`]) was
    /// `before` and has just shrunk (Equipment broken, the Arena replaced,
    /// an evolution its aura no longer matches): the damage the lost bonus
    /// absorbed goes with it. Damage counters fall by the bonus lost, down
    /// to 0, so the entity keeps its health up to its new maximum (plus
    /// Health Counters): a 20-health Hero with a +3♥ Helm that took 2 is
    /// at 20, not 18, when the Helm breaks (docs/rulings/nostalgix.md,
    /// "Health bonuses").
    pub(super) fn shed_bonus(
        &self,
        s: &mut State,
        id: u16,
        before: i16,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(e) = s.entity(id) else { return };
        let lost = before - self.health_bonus(s, e);
        // Lethal damage (Deathtouch) stays lethal.
        if lost <= 0 || e.damage == 0 || e.damage == u8::MAX {
            return;
        }
        let amount = lost.min(i16::from(e.damage)) as u8;
        let Some(e) = s.entity_mut(id) else { return };
        e.damage -= amount;
        let health_after = e.health();
        let kind = EventKind::BonusLost {
            target: id,
            amount,
            health_after,
        };
        self.emit(s, self.owner(s, id), kind, obs);
    }

    /// Heals entity `id` by up to `amount`: removes damage, never beyond
    /// the maximum health printed on its card (rules: "Heal (Restore)";
    /// health that Equipment, the Arena or Health Counters add is above
    /// that maximum). Returns the health restored. Healing a Hero triggers
    /// Divinity.
    pub(super) fn heal(
        &self,
        s: &mut State,
        id: u16,
        amount: i16,
        obs: &mut impl Observer<Event>,
    ) -> u8 {
        let room = self.room_to_heal(s, id);
        let Some(e) = s.entity_mut(id) else { return 0 };
        let healed = amount.clamp(0, room) as u8;
        e.damage -= healed;
        if healed > 0 {
            let kind = EventKind::Heal {
                target: id,
                amount: healed,
                health_after: self.health_of(s, id),
            };
            self.emit(s, self.owner(s, id), kind, obs);
            self.divinity(s, id, obs);
        }
        healed
    }

    /// Places `n` Health Counters (rules: "Health Counters" — "If a card
    /// tells you to place these on a Hero or Fighter that is below maximum
    /// health, simply heal it by this amount").
    pub(super) fn add_health_counters(
        &self,
        s: &mut State,
        id: u16,
        n: u8,
        obs: &mut impl Observer<Event>,
    ) {
        if self.room_to_heal(s, id) > 0 {
            self.heal(s, id, n.into(), obs);
            return;
        }
        let Some(e) = s.entity_mut(id) else { return };
        e.health_counters = e.health_counters.saturating_add(n);
        if n > 0 {
            let kind = EventKind::HealthCounters {
                target: id,
                amount: n,
                health_after: self.health_of(s, id),
            };
            self.emit(s, self.owner(s, id), kind, obs);
            self.divinity(s, id, obs);
        }
    }

    /// Puts `amount` ATK counters on entity `id`: +1ATK ones, or -1ATK
    /// ones when `amount` is negative (they do not cancel each other out).
    pub(super) fn add_atk_counters(
        &self,
        s: &mut State,
        id: u16,
        amount: i8,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(e) = s.entity_mut(id) else { return };
        if amount == 0 {
            return;
        }
        if amount > 0 {
            e.atk_plus = e.atk_plus.saturating_add(amount.unsigned_abs());
        } else {
            e.atk_minus = e.atk_minus.saturating_add(amount.unsigned_abs());
        }
        let total = e.atk_counters();
        let kind = EventKind::AtkCounters {
            target: id,
            amount,
            total,
        };
        self.emit(s, self.owner(s, id), kind, obs);
    }

    /// Divinity, after entity `id` gained health (rules: "Divinity" — when
    /// your Hero is healed or gains health, each of your Fighters gets a
    /// Health Counter and a +1ATK Counter): once for each of the owner's
    /// Hero and Fighters that has Divinity.
    fn divinity(&self, s: &mut State, id: u16, obs: &mut impl Observer<Event>) {
        let Some(owner) = hero_seat(id) else { return };
        let sources = std::iter::once(&s.sides[owner].hero)
            .chain(s.units[owner].iter())
            .filter(|e| e.keywords.has(Keywords::DIVINITY))
            .count();
        for _ in 0..sources {
            let units: ArrayVec<u16, MAX_UNITS> = s.units[owner].iter().map(|u| u.id).collect();
            for unit in units {
                self.add_health_counters(s, unit, 1, obs);
                self.add_atk_counters(s, unit, 1, obs);
            }
        }
    }

    /// Who controls entity `id` (seat a if it is not in play).
    pub(super) fn owner(&self, s: &State, id: u16) -> Player {
        s.locate(id).map_or(Player::A, |(p, _)| p)
    }

    /// How much health a heal can restore to entity `id`: its damage, up to
    /// the maximum printed on its card (0 if it is not in play). An entity
    /// with room to heal is "below maximum health" (rules: "Health
    /// Counters").
    fn room_to_heal(&self, s: &State, id: u16) -> i16 {
        s.entity(id).map_or(0, |e| {
            let printed = i16::from(self.card_of(e).health);
            (printed - e.health()).clamp(0, i16::from(e.damage))
        })
    }

    /// The health of entity `id` (0 if it is not in play).
    fn health_of(&self, s: &State, id: u16) -> i16 {
        s.entity(id).map_or(0, |e| e.health())
    }

    /// Binds entity `id`: it may not attack during its controller's next
    /// turn (rules: "Binding"), unless Immune to Binding.
    pub(super) fn bind(&self, s: &mut State, id: u16, obs: &mut impl Observer<Event>) {
        let Some((owner, _)) = s.locate(id) else {
            return;
        };
        let Some(e) = s.entity(id) else { return };
        if e.keywords.has(Keywords::IMMUNE_BINDING) {
            return;
        }
        // The controller's next turn: this one's successor if it is the
        // opponent's turn now, else the one after the opponent's.
        let next = s.turn.saturating_add(if s.active == owner { 2 } else { 1 });
        if let Some(e) = s.entity_mut(id) {
            e.bound_turn = next;
        }
        self.emit(
            s,
            owner,
            EventKind::Bind {
                target: id,
                turn: next,
            },
            obs,
        );
    }

    /// Draws `n` cards for `p`. An empty deck does not lose: the opponent
    /// takes a prize counter per card that could not be drawn (rules:
    /// "Draw a Card").
    pub(super) fn draw(&self, s: &mut State, p: Player, n: u8, obs: &mut impl Observer<Event>) {
        for _ in 0..n {
            let side = &mut s.sides[p];
            match side.deck.pop() {
                Some(card) => {
                    side.bottom_known = side.bottom_known.min(side.deck.len() as u8);
                    let kind = if side.hand.len() < MAX_HAND {
                        side.hand.push(card);
                        EventKind::Draw { card: Some(card) }
                    } else {
                        // Face up in the Void: every seat sees it.
                        side.void.push(card);
                        EventKind::DrawToVoid { card }
                    };
                    self.emit(s, p, kind, obs);
                }
                None => {
                    self.emit(s, p, EventKind::Draw { card: None }, obs);
                    self.take_prize(s, p.opponent(), obs);
                }
            }
        }
    }

    /// `p` takes one prize counter.
    pub(super) fn take_prize(&self, s: &mut State, p: Player, obs: &mut impl Observer<Event>) {
        // There are only so many prize counters to take.
        let goal = s.prize_goal;
        let side = &mut s.sides[p];
        side.prizes = (side.prizes + 1).min(goal);
        let total = side.prizes;
        self.emit(s, p, EventKind::Prize { total }, obs);
    }

    /// Sends unit `id` to the Void with everything under and on it. `by`,
    /// the player whose card destroyed it, takes a prize counter if it was
    /// the opponent's, unless it is a token or shielded by a stacked card
    /// (rules: "How to Win" — "One Prize Counter is awarded for every
    /// Fighter of your opponent's that you destroy", "Stacked"). Immune
    /// units are not destroyed by effects (`forced` is false); lethal
    /// damage is forced.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn destroy(
        &self,
        s: &mut State,
        id: u16,
        forced: bool,
        by: Player,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let Some((owner, Some(i))) = s.locate(id) else {
            return;
        };
        let unit = s.units[owner][i];
        if !forced && unit.keywords.has(Keywords::IMMUNE) {
            return;
        }
        s.units[owner].remove(i);
        let side = &mut s.sides[owner];
        let under = side.take_under(&unit);
        if !unit.token {
            side.void.extend(under);
            side.void.push(unit.card);
        }
        self.emit(
            s,
            owner,
            EventKind::Destroy {
                id,
                card: unit.card,
                owner,
                token: unit.token,
            },
            obs,
        );
        if !unit.token && !unit.prize_shield && by != owner {
            self.take_prize(s, by, obs);
        }
        // Its own and its Equipment's "when destroyed" abilities, then the
        // Equipment goes to the Void.
        let ctx = Ctx {
            controller: owner,
            ..Ctx::default()
        };
        self.fire(s, &unit, Trigger::OnDestroyed, ctx, rng, obs);
        for p in Player::all(2) {
            for slot in 0..s.sides[p].back.len() {
                if let BackCard::Equipment(card, on) = s.sides[p].back[slot]
                    && on == id
                {
                    s.sides[p].back[slot] = BackCard::Empty;
                    s.sides[p].void.push(card);
                    let kind = EventKind::EquipLost {
                        card,
                        target: id,
                        slot: slot as u8,
                    };
                    self.emit(s, p, kind, obs);
                }
            }
        }
        self.open_window(s, owner, SurpriseTrigger::AllyDestroyed, None, obs);
    }

    /// Summons `n` tokens of `card` for `p` (rules: "Token"; tokens are not
    /// limited to the 7 slots). Tokens are Fighters ("All tokens are Neutral
    /// Fighters"): each one summoned fires its own `on_summon` abilities, as
    /// a summoned Fighter does, then opens the opponent's `enemy_summon`
    /// window.
    pub(super) fn summon_tokens(
        &self,
        s: &mut State,
        p: Player,
        card: CardId,
        n: u8,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        for _ in 0..n {
            // Tokens never take the room the 7 Fighter slots need.
            let tokens = s.units[p].iter().filter(|u| u.token).count();
            if tokens >= MAX_TOKENS {
                return self.cap(s, p, "token", obs);
            }
            let id = s.fresh_id();
            let e = self.spawn(s, id, card, TOKEN_SLOT, s.turn, true);
            s.units[p].push(e);
            let atk = self.best_attack(&e);
            let health = e.health();
            let keywords = e.keywords;
            self.emit(
                s,
                p,
                EventKind::Token {
                    card,
                    id,
                    atk,
                    health,
                    keywords,
                },
                obs,
            );
            self.entered(s, p, id, rng, obs);
        }
    }

    /// A cap dropped `what`: logged, and an error the invariants report.
    pub(super) fn cap(
        &self,
        s: &mut State,
        p: Player,
        what: &'static str,
        obs: &mut impl Observer<Event>,
    ) {
        s.capped = true;
        self.emit(s, p, EventKind::Capped { what }, obs);
    }

    /// Opens a Surprise window for `owner` if they hold a face-down
    /// Surprise with this trigger (rules: "Surprises" — "activated any time
    /// the effect on the card can be used, even if it is your opponent's
    /// turn").
    pub(super) fn open_window(
        &self,
        s: &mut State,
        owner: Player,
        trigger: SurpriseTrigger,
        subject: Option<u16>,
        obs: &mut impl Observer<Event>,
    ) {
        // Whether a face-down card fits the trigger is the owner's secret:
        // the window opens for any face-down Surprise, and the owner flips
        // or declines.
        let has = s.sides[owner].has_face_down();
        let window = Window {
            owner,
            trigger,
            subject,
        };
        // A window like one already waiting adds nothing: the owner may
        // flip as many Surprises as it likes in that one.
        if !has || s.windows.contains(&window) {
            return;
        }
        if !s.windows.push(window) {
            self.cap(s, owner, "window", obs);
        }
    }

    /// Whether `e` can have an ability on `trigger`: its card has one, or
    /// it carries Equipment (which may).
    #[inline]
    fn may_fire(&self, e: &Entity, trigger: Trigger) -> bool {
        e.equipped > 0 || self.card_of(e).has_trigger(trigger)
    }

    /// Fires `trigger` for each unit of `p` in play when it starts, in
    /// order (a unit that leaves play meanwhile still resolves, as the
    /// abilities were triggered together).
    pub(super) fn fire_units(
        &self,
        s: &mut State,
        p: Player,
        trigger: Trigger,
        ctx: Ctx,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let units = &s.units[p];
        // Most turns nothing fires: skip the copy.
        if !units.iter().any(|u| self.may_fire(u, trigger)) {
            return;
        }
        // Filled in place: a collected array would be copied out whole.
        let mut firing: ArrayVec<Entity, MAX_UNITS> = ArrayVec::new();
        for u in units.iter().filter(|u| self.may_fire(u, trigger)) {
            firing.push(*u);
        }
        for u in &firing {
            self.fire(s, u, trigger, ctx, rng, obs);
        }
    }

    /// Fires the abilities of `e`'s card (and of Equipment on it) that have
    /// `trigger`. Mostly none do: this test is all that costs.
    #[inline(always)]
    pub(super) fn fire(
        &self,
        s: &mut State,
        e: &Entity,
        trigger: Trigger,
        ctx: Ctx,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if self.may_fire(e, trigger) {
            self.fire_abilities(s, e, trigger, ctx, rng, obs);
        }
    }

    /// [`fire`](Self::fire) for an entity that may have such abilities.
    #[inline(never)]
    fn fire_abilities(
        &self,
        s: &mut State,
        e: &Entity,
        trigger: Trigger,
        ctx: Ctx,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let equipment: ArrayVec<CardId, 12> = self.equipment_on(s, e).collect();
        for card in std::iter::once(e.card).chain(equipment) {
            for (i, ability) in self.db.card(card).abilities.iter().enumerate() {
                if ability.trigger == trigger {
                    self.emit(
                        s,
                        ctx.controller,
                        EventKind::Ability {
                            source: e.id,
                            card,
                            ability: i as u8,
                            // A triggered ability chooses no target.
                            target: None,
                        },
                        obs,
                    );
                    let ctx = Ctx {
                        source: Some(e.id),
                        ..ctx
                    };
                    self.resolve(s, &ability.effects, ctx, rng, obs);
                }
            }
        }
    }

    /// Resolves a list of effects in order.
    pub(super) fn resolve(
        &self,
        s: &mut State,
        effects: &[Effect],
        ctx: Ctx,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        for effect in effects {
            if self.holds(s, effect.condition, ctx, rng, obs) {
                self.apply_effect(s, effect, ctx, rng, obs);
            }
        }
    }

    /// Whether a condition holds. A coin flip draws from `rng` and is
    /// logged (a `coin` event for the effect's controller).
    pub(super) fn holds(
        &self,
        s: &State,
        c: Condition,
        ctx: Ctx,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) -> bool {
        match c {
            Condition::Always => true,
            Condition::CoinHeads => {
                let heads = below(rng, 2) == 0;
                let kind = EventKind::Coin {
                    heads,
                    turn_order: false,
                };
                self.emit(s, ctx.controller, kind, obs);
                heads
            }
            Condition::DefenderIsHero => ctx.defender.is_some_and(|d| d < 2),
            Condition::DefenderIsFighter => ctx.defender.is_some_and(|d| d >= 2),
            Condition::DefenderElement(el) => ctx
                .defender
                .and_then(|d| s.entity(d))
                .is_some_and(|d| self.element(d) == Some(el)),
            Condition::AlliesWithSubtype(t, n) => {
                let count = s.units[ctx.controller]
                    .iter()
                    .filter(|u| self.card_of(u).subtype == Some(t))
                    .count();
                count >= n as usize
            }
            Condition::HeroHealthAtMost(n) => s.sides[ctx.controller].hero.health() <= i16::from(n),
        }
    }

    /// The entities an effect's target names.
    pub(super) fn targets(&self, s: &State, effect: &Effect, ctx: Ctx) -> Ids {
        let me = ctx.controller;
        let mut ids = Ids::new();
        let units_of = |p: Player, ids: &mut Ids| {
            for u in &s.units[p] {
                if self.matches(effect.filter, u.card) {
                    ids.push(u.id);
                }
            }
        };
        match effect.target {
            Target::This => ids.extend(ctx.source.or(Some(hero_id(me)))),
            Target::OwnHero => ids.push(hero_id(me)),
            Target::EnemyHero => ids.push(hero_id(me.opponent())),
            Target::ChosenEnemy
            | Target::ChosenEnemyFighter
            | Target::ChosenAllyFighter
            | Target::ChosenFighter => ids.extend(ctx.chosen),
            Target::AllEnemyFighters => units_of(me.opponent(), &mut ids),
            Target::AllAllyFighters => units_of(me, &mut ids),
            Target::AllFighters => {
                units_of(me, &mut ids);
                units_of(me.opponent(), &mut ids);
            }
            Target::Adjacent => {
                if let Some((p, Some(i))) = ctx.source.and_then(|id| s.locate(id)) {
                    let slot = s.units[p][i].slot;
                    if slot != TOKEN_SLOT {
                        for u in &s.units[p] {
                            if u.slot != TOKEN_SLOT && u.slot.abs_diff(slot) == 1 {
                                ids.push(u.id);
                            }
                        }
                    }
                }
            }
            Target::Defender => ids.extend(ctx.defender),
            Target::Attacker | Target::Summoned => ids.extend(ctx.subject),
            Target::Controller | Target::Opponent => {}
        }
        ids.retain(|id| s.entity(*id).is_some());
        ids
    }

    fn apply_effect(
        &self,
        s: &mut State,
        effect: &Effect,
        ctx: Ctx,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let player = if effect.target == Target::Opponent {
            ctx.controller.opponent()
        } else {
            ctx.controller
        };
        let amount = effect.amount;
        let n = amount.max(0) as u8;
        match effect.op {
            Op::Draw => return self.draw(s, player, n, obs),
            Op::Discard => {
                for _ in 0..n {
                    let hand = &mut s.sides[player].hand;
                    if hand.is_empty() {
                        break;
                    }
                    let i = below(rng, hand.len() as u32) as usize;
                    let card = hand.remove(i);
                    forget_known(s, player, card);
                    s.sides[player].void.push(card);
                    let kind = EventKind::Discard { card, random: true };
                    self.emit(s, player, kind, obs);
                }
                return;
            }
            Op::SummonToken => {
                if let Some(token) = effect.token {
                    self.summon_tokens(s, player, token, n, rng, obs);
                }
                return;
            }
            Op::BindMana => {
                let side = &mut s.sides[player];
                let before = side.bound_mana;
                side.bound_mana = before.saturating_add(n).min(super::state::MANA_CAP);
                let total = side.bound_mana;
                // The mana actually bound: none past the cap.
                let amount = total - before;
                let kind = EventKind::BindMana { amount, total };
                return self.emit(s, player, kind, obs);
            }
            Op::GainMana => {
                let side = &mut s.sides[player];
                side.mana = side.mana.saturating_add(n);
                let mana = side.mana;
                let kind = EventKind::GainMana { amount: n, mana };
                return self.emit(s, player, kind, obs);
            }
            Op::Search => return self.search(s, player, effect, rng, obs),
            // rules: "Reveal" — shown to all players, then put back, or
            // drawn if it matches.
            Op::Reveal => {
                let Some(card) = s.sides[player].deck.last().copied() else {
                    return;
                };
                self.emit(s, player, EventKind::Reveal { card }, obs);
                if self.matches(effect.filter, card) {
                    let before = s.sides[player].hand.len();
                    self.draw(s, player, 1, obs);
                    if s.sides[player].hand.len() > before {
                        remember_known(s, player, card);
                    }
                }
                return;
            }
            Op::Counter => {
                if let Pending::Spell { card, target, .. } = s.pending {
                    s.pending = Pending::Spell {
                        card,
                        target,
                        countered: true,
                    };
                }
                return;
            }
            Op::BonusDamage => return, // attack step 3, read by the attack itself
            // rules: "Arenas" — destroyed "by certain card effects": to its
            // owner's Void, as when it is replaced.
            Op::DestroyArena => {
                if s.arena.is_some_and(|(_, owner)| owner == player) {
                    let bonuses = self.arena_to_void(s, obs);
                    self.refresh_all(s);
                    self.shed_arena_bonuses(s, bonuses, obs);
                }
                return;
            }
            _ => {}
        }
        for id in self.targets(s, effect, ctx) {
            match effect.op {
                Op::Damage => {
                    let deathtouch = ctx
                        .source
                        .and_then(|src| s.entity(src))
                        .is_some_and(|e| e.keywords.has(Keywords::DEATHTOUCH));
                    let hit = Hit {
                        by: ctx.controller,
                        source: ctx.source,
                        attack: false,
                        deathtouch,
                    };
                    self.damage(s, id, amount.into(), hit, obs);
                }
                Op::Heal => {
                    self.heal(s, id, amount.into(), obs);
                }
                Op::HealthCounters => self.add_health_counters(s, id, n, obs),
                Op::AtkCounters => self.add_atk_counters(s, id, amount, obs),
                Op::Bind => self.bind(s, id, obs),
                Op::Destroy if id >= 2 => self.destroy(s, id, false, ctx.controller, rng, obs),
                Op::DestroyEquipment => self.break_equipment(s, id, obs),
                _ => {}
            }
        }
    }

    /// A search of `p`'s deck for a card passing the effect's filter: `p`
    /// chooses the card ([`Nostalgix::take_searched`]) once the effects
    /// that ordered it have resolved. With no such card in the deck, it
    /// finds nothing and the deck is shuffled.
    fn search(
        &self,
        s: &mut State,
        p: Player,
        effect: &Effect,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let search = Search {
            player: p,
            filter: effect.filter,
        };
        if !s.sides[p]
            .deck
            .iter()
            .any(|&c| self.matches(search.filter, c))
        {
            return self.take_searched(s, search, None, rng, obs);
        }
        if !s.searches.push(search) {
            self.cap(s, p, "search", obs);
        }
    }

    /// Ends a search with the card chosen (`None`: nothing matched).
    /// rules: "Reveal" — the card is shown to both players, so it becomes
    /// known in hand; the deck is shuffled afterwards.
    pub(super) fn take_searched(
        &self,
        s: &mut State,
        search: Search,
        card: Option<CardId>,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let p = search.player;
        let side = &mut s.sides[p];
        let found = card.and_then(|c| side.deck.iter().position(|&d| d == c));
        let mut to_hand = false;
        if let Some(i) = found {
            let card = side.deck.remove(i);
            to_hand = side.hand.len() < MAX_HAND;
            if to_hand {
                side.hand.push(card);
                remember_known(s, p, card);
            } else {
                side.void.push(card);
            }
        }
        let kind = EventKind::Search {
            card: found.and(card),
            to_hand,
        };
        self.emit(s, p, kind, obs);
        let side = &mut s.sides[p];
        shuffle(rng, &mut side.deck);
        side.bottom_known = 0;
    }
}

/// Records that the opponent has seen `card` in `p`'s hand.
pub(super) fn remember_known(s: &mut State, p: Player, card: CardId) {
    let known = &mut s.sides[p].hand_known;
    if !known.is_full() {
        known.push(card);
    }
}

/// A card left `p`'s hand: if the opponent knew a copy of it, that copy is
/// no longer there.
pub(super) fn forget_known(s: &mut State, p: Player, card: CardId) {
    let known = &mut s.sides[p].hand_known;
    if let Some(i) = known.iter().position(|&c| c == card) {
        known.swap_remove(i);
    }
}
