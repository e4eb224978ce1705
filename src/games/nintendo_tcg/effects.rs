//! The effect interpreter and the moves between zones: damage by effect,
//! destruction, the Removed Area, the extra deck, searches, Areas and
//! Sub-Areas.
//!
//! rules/nintendo-tcg.txt: "4 – Character's" ("Damage by effect … goes
//! straight to the character's HP. If a character's HP hits zero, they
//! are destroyed and sent to the discard pile"), "6 – Area's" ("if a new
//! area is played, discard the current one"; "If a Sub-Area is destroyed
//! … all cards in that Sub-Area go to the same destination"), "9 –
//! Required/Tokens" (they return to the extra deck), "14 – The Glossary"
//! (Reveal, Negate, Removed Area, Status, Reduce).

use super::NintendoTcg;
use super::cards::{Ability, CardId, Effect, Kind, Op, Stat, Target};
use super::events::{Event, EventKind, Pile, Slot, Status};
use super::rules::VITALITY;
use super::state::{BOARD, Char, Ctx, MAX_POWER, Phase, Placed, Search, State, Tgt, Then, flag};
use crate::core::{FixedVec, GameRng, Observer, Player, below, shuffle};

/// The Characters an effect reaches, as (side, board id).
type Reached = FixedVec<(Player, u8), { 2 * BOARD }>;

/// Where a Character leaving play goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dest {
    /// The discard pile (the extra deck for Required cards and Tokens).
    Discard,
    /// The Removed Area (the extra deck for Required cards and Tokens).
    Removed,
}

impl NintendoTcg {
    /// The ability `ctx` uses.
    pub(super) fn ability(&self, ctx: Ctx) -> &Ability {
        &self.card(ctx.card).abilities[ctx.ability as usize]
    }

    /// Resolves the ability of `ctx`: its coin first, then its effects.
    pub(super) fn resolve(
        &self,
        s: &mut State,
        ctx: Ctx,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if self.ability(ctx).coin {
            let heads = below(rng, 2) == 0;
            self.emit(s, ctx.owner, EventKind::Coin { heads }, obs);
            if !heads {
                return;
            }
        }
        self.resolve_from(s, ctx, 0, rng, obs);
    }

    /// Resolves the effects of `ctx`'s ability from index `from`; a search
    /// among them holds up the rest ([`Then::Effects`]).
    pub(super) fn resolve_from(
        &self,
        s: &mut State,
        ctx: Ctx,
        from: usize,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        for (i, e) in self.ability(ctx).effects.iter().enumerate().skip(from) {
            if s.outcome.is_some() {
                return;
            }
            if s.search.is_some() {
                let next = i as u8;
                return self.then(s, Then::Effects { ctx, next }, rng, obs);
            }
            let p = ctx.owner;
            match e.op {
                Op::Draw | Op::Power | Op::Vitality => {
                    let q = if e.target == Target::Controller {
                        p
                    } else {
                        p.opponent()
                    };
                    match e.op {
                        Op::Draw => {
                            for _ in 0..e.amount {
                                self.draw(s, q, obs);
                            }
                        }
                        Op::Power => {
                            let side = &mut s.sides[q];
                            side.power = side.power.saturating_add(e.amount).min(MAX_POWER);
                            let power = side.power;
                            self.emit(s, q, EventKind::HandPower { power }, obs);
                        }
                        _ => self.lose_vp(s, q, e.amount, obs),
                    }
                }
                Op::Search | Op::Summon => self.search(s, ctx, i as u8, rng, obs),
                Op::Token | Op::Fetch => {
                    let Some(card) = e.card else { continue };
                    self.take_extra(s, p, card, e.amount, ctx, rng, obs);
                }
                Op::Negate => {
                    if let Some(h) = s.held.take() {
                        self.emit(s, h.owner, EventKind::Negated { card: h.card }, obs);
                        self.to_discard(s, h.owner, h.card, obs);
                    }
                }
                Op::DestroyArea => self.destroy_area(s, ctx.sub, obs),
                _ => {
                    for (q, uid) in self.targets(s, e.target, e.elements.0, ctx) {
                        self.hit(s, q, uid, e.op, e.stat, e.amount, obs);
                    }
                }
            }
            self.sweep(s, obs);
        }
    }

    /// The Characters an effect on `target` reaches, as (side, board id):
    /// those still in play and in the effect's place when it resolves (a
    /// chosen target may have moved or left meanwhile).
    fn targets(&self, s: &State, target: Target, elements: u16, ctx: Ctx) -> Reached {
        let p = ctx.owner;
        let reached = |q: Player, uid: u8| {
            s.sides[q]
                .char(uid)
                .is_some_and(|c| self.reaches(c, ctx.sub, elements))
        };
        let mut v = Reached::new();
        match (target, ctx.target) {
            (Target::This, _) => {
                if let Some(u) = ctx.source.filter(|&u| reached(p, u)) {
                    v.push((p, u));
                }
            }
            (Target::ChosenEnemy, Tgt::Foe(u)) if reached(p.opponent(), u) => {
                v.push((p.opponent(), u));
            }
            (Target::ChosenAlly, Tgt::Own(u)) if reached(p, u) => {
                v.push((p, u));
            }
            (Target::AllEnemies | Target::AllAllies | Target::All, _) => {
                for q in [p, p.opponent()] {
                    let reached = match target {
                        Target::AllEnemies => q != p,
                        Target::AllAllies => q == p,
                        _ => true,
                    };
                    if !reached {
                        continue;
                    }
                    for c in &s.sides[q].board {
                        if self.reaches(c, ctx.sub, elements) {
                            v.push((q, c.uid));
                        }
                    }
                }
            }
            _ => {}
        }
        v
    }

    /// Applies a Character-targeted op.
    #[allow(clippy::too_many_arguments)]
    fn hit(
        &self,
        s: &mut State,
        q: Player,
        uid: u8,
        op: Op,
        stat: Stat,
        amount: u8,
        obs: &mut impl Observer<Event>,
    ) {
        if op == Op::Banish {
            return self.leave_play(s, q, uid, Dest::Removed, obs);
        }
        let Some(c) = s.sides[q].char_mut(uid) else {
            return;
        };
        let card = c.card;
        let delta = amount.min(99) as i8;
        let event = match op {
            Op::Damage => {
                c.damage = c.damage.saturating_add(amount);
                EventKind::Damage { card, uid, amount }
            }
            Op::Heal => {
                let amount = amount.min(c.damage);
                c.damage -= amount;
                let damage = c.damage;
                EventKind::Heal {
                    card,
                    uid,
                    amount,
                    damage,
                }
            }
            Op::Reduce | Op::Boost => {
                let delta = if op == Op::Reduce { -delta } else { delta };
                let field = match stat {
                    Stat::Ap => &mut c.ap,
                    Stat::Dp => &mut c.dp,
                    Stat::Sp => &mut c.sp,
                    Stat::Hp => &mut c.hp,
                };
                *field = field.saturating_add(delta).clamp(-99, 99);
                let total = *field;
                EventKind::StatChange {
                    card,
                    uid,
                    stat,
                    delta,
                    total,
                }
            }
            Op::Tap | Op::Freeze | Op::Poison => {
                let (bits, status) = match op {
                    Op::Tap => (flag::TAPPED, Status::Tapped),
                    Op::Freeze => (flag::TAPPED | flag::FROZEN, Status::Frozen),
                    _ => (flag::POISONED, Status::Poisoned),
                };
                c.flags |= bits;
                EventKind::Status { card, uid, status }
            }
            _ => return,
        };
        self.emit(s, q, event, obs);
    }

    /// Taps `p`'s Character `uid` (after an Attack effect).
    pub(super) fn tap(&self, s: &mut State, p: Player, uid: u8, obs: &mut impl Observer<Event>) {
        if let Some(c) = s.sides[p].char_mut(uid) {
            c.flags |= flag::TAPPED;
            let (card, status) = (c.card, Status::Tapped);
            self.emit(s, p, EventKind::Status { card, uid, status }, obs);
        }
    }

    /// Destroys every Character whose HP is gone.
    pub(super) fn sweep(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        for q in Player::all(2) {
            loop {
                let dead = s.sides[q]
                    .board
                    .iter()
                    .find(|c| self.destroyed(s, q, c))
                    .map(|c| c.uid);
                match dead {
                    Some(uid) => self.leave_play(s, q, uid, Dest::Discard, obs),
                    None => break,
                }
            }
        }
    }

    /// Puts `card` of `p` in its pile: the extra deck for Required cards
    /// and Tokens, else the discard pile.
    pub(super) fn to_discard(
        &self,
        s: &mut State,
        p: Player,
        card: CardId,
        obs: &mut impl Observer<Event>,
    ) {
        let side = &mut s.sides[p];
        let pile = if self.card(card).extra() {
            side.extra.push(card);
            Pile::Extra
        } else {
            side.discard.push(card);
            Pile::Discard
        };
        self.emit(s, p, EventKind::ToPile { card, pile }, obs);
    }

    /// Character `uid` of `p` leaves play for `dest`, its Items to the
    /// discard pile; Generals left without their Commander then follow if
    /// the Commander rule is broken.
    pub(super) fn leave_play(
        &self,
        s: &mut State,
        p: Player,
        uid: u8,
        dest: Dest,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(i) = s.sides[p].find(uid) else {
            return;
        };
        let c = s.sides[p].board.remove(i);
        let (card, removed) = (c.card, dest == Dest::Removed);
        let token = self.card(card).kind == Kind::Token;
        let left = if removed {
            EventKind::Banished { card, uid }
        } else {
            EventKind::Destroyed { card, uid }
        };
        self.emit(s, p, left, obs);
        for &item in &c.items {
            self.to_discard(s, p, item, obs);
        }
        // A Token goes nowhere: its reference card never left the extra
        // deck.
        if removed && !self.card(card).extra() {
            s.sides[p].removed.push(card);
            let pile = Pile::Removed;
            self.emit(s, p, EventKind::ToPile { card, pile }, obs);
        } else if !token {
            self.to_discard(s, p, card, obs);
        }
        if self.commanders(s, p, None) > 1 {
            let board = &s.sides[p].board;
            let orphan = board.iter().find(|o| {
                self.card(o.card)
                    .general_to
                    .is_some_and(|chief| !board.iter().any(|x| x.card == chief))
            });
            if let Some(o) = orphan.map(|o| o.uid) {
                self.leave_play(s, p, o, Dest::Discard, obs);
            }
        }
    }

    /// Puts Character `card` into play for `p` (the caller checked
    /// [`NintendoTcg::may_enter`]); returns its board id.
    pub(super) fn enter(
        &self,
        s: &mut State,
        p: Player,
        card: CardId,
        sub: bool,
        obs: &mut impl Observer<Event>,
    ) -> u8 {
        let side = &mut s.sides[p];
        let uid = side.fresh_uid();
        side.board.push(Char {
            card,
            uid,
            flags: if sub { flag::SUB } else { 0 },
            ..Char::default()
        });
        self.emit(s, p, EventKind::Enter { card, uid, sub }, obs);
        uid
    }

    /// `p` draws one card; an empty deck gives nothing.
    pub(super) fn draw(&self, s: &mut State, p: Player, obs: &mut impl Observer<Event>) -> bool {
        let side = &mut s.sides[p];
        let Some(card) = side.deck.pop() else {
            return false;
        };
        side.hand.push(card);
        self.emit(s, p, EventKind::Draw { card }, obs);
        true
    }

    /// `p` loses `amount` Vitality Points; at zero the rival wins.
    pub(super) fn lose_vp(
        &self,
        s: &mut State,
        p: Player,
        amount: u8,
        obs: &mut impl Observer<Event>,
    ) {
        let side = &mut s.sides[p];
        side.vp = side.vp.saturating_sub(amount);
        let vp = side.vp;
        self.emit(s, p, EventKind::Vitality { vp }, obs);
        let total = super::state::START_VP - vp;
        self.emit(s, p.opponent(), EventKind::Score { total }, obs);
        if vp == 0 {
            self.game_over(s, Some(p.opponent()), VITALITY, obs);
        }
    }

    /// Whether `search`/`summon` effect `e` of `p` finds `card`: it
    /// matches the filter, and a summoned Character may enter.
    pub(super) fn finds(&self, s: &State, p: Player, e: &Effect, card: CardId) -> bool {
        e.filter.matches(self.card(card)) && (e.op != Op::Summon || self.may_enter(s, p, card))
    }

    /// The search (or summon) effect a waiting search makes.
    pub(super) fn search_effect(&self, search: &Search) -> &Effect {
        &self.ability(search.ctx).effects[search.effect as usize]
    }

    /// `search`/`summon` (effect `effect` of `ctx`'s ability): when the
    /// deck holds a card it finds, the flow stops for the controller to
    /// choose one ([`Phase::Search`]); else the deck is shuffled
    /// ([`EventKind::SearchNone`]).
    fn search(
        &self,
        s: &mut State,
        ctx: Ctx,
        effect: u8,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let p = ctx.owner;
        let e = &self.ability(ctx).effects[effect as usize];
        if s.sides[p].deck.iter().any(|&c| self.finds(s, p, e, c)) {
            s.search = Some(Search {
                ctx,
                effect,
                phase: s.phase,
                decider: s.decider,
            });
            s.phase = Phase::Search;
            s.decider = p;
        } else {
            shuffle(rng, &mut s.sides[p].deck);
            self.emit(s, p, EventKind::SearchNone, obs);
        }
    }

    /// The searching player chose `card` (`None`: the deck, as a
    /// determinization dealt it, holds no card the search finds): it is
    /// revealed and put into hand, or played (a summon); the deck is
    /// shuffled; then the flow the search held up goes on.
    pub(super) fn searched(
        &self,
        s: &mut State,
        card: Option<CardId>,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(search) = s.search.take() else {
            return;
        };
        // Taken first: a summoned Character's Instant may search again,
        // holding up its own steps before these.
        let held = std::mem::take(&mut s.then);
        s.phase = search.phase;
        s.decider = search.decider;
        let p = search.ctx.owner;
        let summon = self.search_effect(&search).op == Op::Summon;
        let found = card.and_then(|c| s.sides[p].deck.iter().position(|&d| d == c));
        match found {
            Some(i) => {
                let card = s.sides[p].deck.remove(i);
                let to_hand = !summon;
                self.emit(s, p, EventKind::Search { card, to_hand }, obs);
                shuffle(rng, &mut s.sides[p].deck);
                if summon {
                    let uid = self.enter(s, p, card, search.ctx.sub, obs);
                    self.instant_on_entry(s, p, uid, rng, obs);
                    self.character_played(s, p, rng, obs);
                } else {
                    // Revealed: the rival knows it is in the hand.
                    let side = &mut s.sides[p];
                    side.hand.push(card);
                    if !side.hand_known.is_full() {
                        side.hand_known.push(card);
                    }
                }
            }
            None => {
                shuffle(rng, &mut s.sides[p].deck);
                self.emit(s, p, EventKind::SearchNone, obs);
            }
        }
        self.sweep(s, obs);
        for step in held {
            self.then(s, step, rng, obs);
        }
    }

    /// The <Instant> of `p`'s Character `uid`, put into play other than
    /// from hand (a starting Commander, a summon, a fetch), used on its
    /// first legal target (docs/rulings/nintendo-tcg.md).
    pub(super) fn instant_on_entry(
        &self,
        s: &mut State,
        p: Player,
        uid: u8,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(c) = s.sides[p].char(uid).copied() else {
            return;
        };
        if self.card(c.card).kind == Kind::Token {
            return;
        }
        let Some((ability, a)) = self.ability_of(c.card, super::cards::Timing::Instant) else {
            return;
        };
        let mut first = None;
        self.ability_targets(s, p, a, c.in_sub(), |t| {
            first.get_or_insert(t);
        });
        if let Some(target) = first {
            let ctx = Ctx {
                card: c.card,
                ability,
                owner: p,
                source: Some(uid),
                sub: c.in_sub(),
                target,
            };
            self.resolve(s, ctx, rng, obs);
        }
    }

    /// Whether a `token`/`fetch` effect of `p` (its Character `source`)
    /// can put `card` into play now: the card is in the extra deck (a
    /// Token's reference card), and there is room for it (on the board;
    /// on `source` for an Item).
    pub(super) fn extra_fits(
        &self,
        s: &State,
        p: Player,
        card: CardId,
        source: Option<u8>,
    ) -> bool {
        s.sides[p].extra.contains(&card)
            && if self.card(card).kind == Kind::Item {
                source.is_some_and(|uid| self.may_hold(s, p, uid, card))
            } else {
                self.may_enter(s, p, card)
            }
    }

    /// Whether using ability `a` of `p` (its Character `source`) would do
    /// anything: not when all it does is put extra-deck cards into play
    /// and none fits ([`NintendoTcg::extra_fits`]), so that no cost is
    /// paid for nothing.
    pub(super) fn does_something(
        &self,
        s: &State,
        p: Player,
        a: &Ability,
        source: Option<u8>,
    ) -> bool {
        a.effects.iter().any(|e| match (e.op, e.card) {
            (Op::Token | Op::Fetch, Some(card)) => self.extra_fits(s, p, card, source),
            _ => true,
        })
    }

    /// `token`/`fetch`: `card` from `p`'s extra deck into play (a Required
    /// Item is attached to the effect's Character); a `token` plays
    /// `amount` Tokens, as many as the board has room for. A Token's card
    /// is its reference: it stays in the extra deck and stands for any
    /// number of Tokens ("9 – Required/Tokens": "use those as the tokens,
    /// with 1 reference").
    #[allow(clippy::too_many_arguments)]
    fn take_extra(
        &self,
        s: &mut State,
        p: Player,
        card: CardId,
        amount: u8,
        ctx: Ctx,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(i) = s.sides[p].extra.iter().position(|&c| c == card) else {
            return;
        };
        if self.card(card).kind == Kind::Token {
            for _ in 0..amount {
                if !self.may_enter(s, p, card) {
                    break;
                }
                self.emit(s, p, EventKind::Token { card }, obs);
                self.enter(s, p, card, ctx.sub, obs);
                self.character_played(s, p, rng, obs);
            }
        } else if self.card(card).kind == Kind::Item {
            let Some(uid) = ctx.source else { return };
            if !self.may_hold(s, p, uid, card) {
                return;
            }
            s.sides[p].extra.remove(i);
            self.emit(s, p, EventKind::Fetch { card }, obs);
            if let Some(c) = s.sides[p].char_mut(uid) {
                c.items.push(card);
            }
            self.emit(s, p, EventKind::Attach { card, uid }, obs);
        } else if self.may_enter(s, p, card) {
            s.sides[p].extra.remove(i);
            self.emit(s, p, EventKind::Fetch { card }, obs);
            let uid = self.enter(s, p, card, ctx.sub, obs);
            self.instant_on_entry(s, p, uid, rng, obs);
            self.character_played(s, p, rng, obs);
        }
    }

    /// Whether Character `uid` of `p` can take Item `item` (room; one Mask).
    pub(super) fn may_hold(&self, s: &State, p: Player, uid: u8, item: CardId) -> bool {
        s.sides[p].char(uid).is_some_and(|c| {
            let second_mask = self.card(item).mask && c.items.iter().any(|&i| self.card(i).mask);
            !c.items.is_full() && !second_mask
        })
    }

    /// Destroys the place an effect acting in the Sub-Area (`sub`) or the
    /// main Area is in: the Sub-Area with every card in it; or the Area,
    /// unless a Sub-Area is out, which would go with it (glossary,
    /// "Sub-Area": "Character's and cards in a sub-area can only be
    /// targeted and affected by cards in that sub-area"; see
    /// docs/rulings/nintendo-tcg.md).
    pub(super) fn destroy_area(&self, s: &mut State, sub: bool, obs: &mut impl Observer<Event>) {
        if sub {
            self.clear_sub(s, obs);
        } else if s.sub.is_none()
            && let Some(a) = s.area.take()
        {
            self.discard_placed(s, a, Slot::Area, obs);
        }
    }

    /// `placed` leaves `at` for its owner's discard pile.
    fn discard_placed(
        &self,
        s: &mut State,
        placed: Placed,
        at: Slot,
        obs: &mut impl Observer<Event>,
    ) {
        let (card, owner) = (placed.card, placed.owner);
        self.emit(s, owner, EventKind::Leaves { card, at }, obs);
        self.to_discard(s, owner, card, obs);
    }

    /// The Sub-Area leaves play; every Character in it goes to the
    /// discard pile too (glossary: "all cards in that Sub-Area go to the
    /// same destination").
    pub(super) fn clear_sub(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        let Some(sub) = s.sub.take() else { return };
        self.discard_placed(s, sub, Slot::SubArea, obs);
        for q in Player::all(2) {
            while let Some(uid) = s.sides[q].board.iter().find(|c| c.in_sub()).map(|c| c.uid) {
                self.leave_play(s, q, uid, Dest::Discard, obs);
            }
        }
    }

    /// Plays Area `card` of `p`. A Sub-Area joins the Area it belongs to
    /// (the caller checked there is none yet: nothing leaves). A new Area
    /// discards the current one ("6 – Area's"); the Sub-Area goes with
    /// it, its cards too, unless the new Area is also its Area (a Sub-Area
    /// "becomes the sub-area to it" when its Area is played).
    pub(super) fn place_area(
        &self,
        s: &mut State,
        p: Player,
        card: CardId,
        obs: &mut impl Observer<Event>,
    ) {
        let placed = Placed { card, owner: p };
        if self.card(card).sub_area_of.is_some() {
            s.sub = Some(placed);
            self.emit(
                s,
                p,
                EventKind::Placed {
                    card,
                    at: Slot::SubArea,
                },
                obs,
            );
            return;
        }
        let kept = s
            .sub
            .is_some_and(|sub| self.card(sub.card).sub_area_of == Some(card));
        if !kept {
            self.clear_sub(s, obs);
        }
        if let Some(old) = s.area.take() {
            self.discard_placed(s, old, Slot::Area, obs);
        }
        s.area = Some(placed);
        self.emit(
            s,
            p,
            EventKind::Placed {
                card,
                at: Slot::Area,
            },
            obs,
        );
    }
}
