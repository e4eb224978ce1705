//! The flow of a game: setup and mulligan, the turn's phases (beginning of
//! turn, draw, location, main, battle, end), the legal decisions of each,
//! and the end of the game.
//!
//! rules/astrom-cross.txt: "Beginning of the game", "Beginning Of Turn",
//! "Draw Phase", "Location Phase", "Main Phase", "End Of Turn", "End Of
//! Game". The battle phase is in `battle`.

use super::AstromCross;
use super::action::Action;
use super::cards::{CardId, Keywords, Kind, When};
use super::effects::Ctx;
use super::events::{Event, EventKind, To};
use super::state::{Battle, DECK_SIZE, NONE, Phase, Pos, SET_LIMIT, Side, State, ZONES, adjacent};
use crate::core::{
    FixedVec, Game, GameRng, Node, Observer, Outcome, Player, Seats, below, shuffle,
};

/// Why a game ended: an ancient reached its damage limit.
pub const ANCIENT_DESTROYED: &str = "ancient_destroyed";
/// Why a game ended: a player had to take a card from an empty deck.
pub const DECK_OUT: &str = "deck_out";
/// Why a game ended: the turn limit cut the game, a draw.
pub const TURN_LIMIT: &str = "turn_limit";

impl Game for AstromCross {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn num_players(&self) -> usize {
        2
    }

    /// A new game: ancients revealed, decks shuffled, hands drawn, the
    /// first player drawn by lot and asked for a mulligan.
    fn start(&self, rng: &mut GameRng, observer: &mut impl Observer<Event>) -> State {
        let first = Player::new(below(rng, 2) as usize);
        let mut s = State {
            sides: Seats::filled(2, Side::default()),
            phase: Phase::Mulligan,
            active: first,
            first,
            turns: 0,
            moved: false,
            revealed_location: None,
            pending: None,
            negated: false,
            battle: Battle::default(),
            revealed: Default::default(),
            outcome: None,
        };
        for p in Player::all(2) {
            let deck = &self.decks[p];
            let hand = self.db.card(deck.ancient).hand_size;
            let side = &mut s.sides[p];
            side.ancient = deck.ancient;
            side.deck.extend(deck.main_list());
            side.locations.extend(deck.location_list());
            shuffle(rng, &mut side.deck);
            shuffle(rng, &mut side.locations);
            for _ in 0..hand {
                if let Some(c) = side.deck.pop() {
                    side.hand.push(c);
                }
            }
        }
        self.announce(&s, observer);
        s
    }

    fn to_move(&self, s: &State) -> Node {
        match s.outcome {
            Some(o) => Node::Terminal(o),
            None => Node::Decision(self.decider(s)),
        }
    }

    /// The legal actions of the player to decide.
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if s.outcome.is_some() {
            return;
        }
        let p = self.decider(s);
        let side = &s.sides[p];
        match s.phase {
            Phase::Mulligan => {
                for mask in 0..(1u16 << side.hand.len()) {
                    out.push(Action::Mulligan(mask as u8));
                }
            }
            Phase::Location => {
                if !side.locations.is_empty() {
                    out.push(Action::Reveal);
                }
                out.push(Action::SkipLocation);
            }
            Phase::Place => {
                for z in 0..ZONES as u8 {
                    out.push(match side.zones[z as usize].location {
                        None => Action::Place(z),
                        Some(_) => Action::Exchange(z),
                    });
                }
            }
            Phase::Main => self.main_actions(s, p, out),
            Phase::Respond => {
                self.techniques(s, p, out);
                out.push(Action::Pass);
            }
            Phase::Technique => {
                self.techniques(s, p, out);
                self.rest_abilities(s, p, out);
                out.push(Action::Pass);
            }
            Phase::Attack => {
                for z in 0..ZONES as u8 {
                    let Some(w) = side.warrior(z) else { continue };
                    if w.pos != Pos::Ready || w.attacked {
                        continue;
                    }
                    out.push(Action::Attack {
                        zone: z,
                        target: NONE,
                    });
                    for t in 0..ZONES as u8 {
                        let open = s.sides[p.opponent()]
                            .warrior(t)
                            .is_some_and(|w| w.pos != Pos::Ready);
                        if open {
                            out.push(Action::Attack { zone: z, target: t });
                        }
                    }
                }
                out.push(Action::EndBattle);
            }
            Phase::Team => {
                let bits = self.team_candidates(s, p, s.battle.attacker, s.battle.team, true);
                push_bits(bits, out);
                out.push(Action::Go);
            }
            Phase::Defend => {
                let bits = self.defenders(s);
                for z in 0..ZONES as u8 {
                    if bits & (1 << z) != 0 {
                        out.push(Action::Defend(z));
                    }
                }
                out.push(Action::NoDefense);
            }
            Phase::Support => {
                let lead = self.defending_lead(s);
                let bits = self.team_candidates(s, p, lead, s.battle.support, false);
                push_bits(bits, out);
                out.push(Action::Go);
            }
            Phase::Trigger => {
                out.push(Action::Trigger(true));
                out.push(Action::Trigger(false));
            }
            Phase::Discard => {
                for c in self.distinct_hand(s, p) {
                    out.push(Action::Discard(c));
                }
            }
        }
    }

    /// Plays a legal action, then every automatic step up to the next
    /// decision.
    fn apply(
        &self,
        s: &mut State,
        action: Action,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if s.outcome.is_some() {
            return;
        }
        let p = self.decider(s);
        self.emit(
            s,
            p,
            EventKind::Act {
                kind: action.kind(),
            },
            obs,
        );
        match action {
            Action::Mulligan(mask) => self.mulligan(s, mask, rng, obs),
            Action::Reveal => {
                s.revealed_location = s.sides[p].locations.pop();
                if let Some(card) = s.revealed_location {
                    self.emit(s, p, EventKind::RevealLocation { card }, obs);
                }
                s.phase = Phase::Place;
            }
            Action::SkipLocation => {
                if self.draw(s, p, 1, obs) {
                    s.phase = Phase::Main;
                }
            }
            Action::Place(z) | Action::Exchange(z) => self.place(s, z, obs),
            Action::Summon {
                card,
                zone,
                consume,
            } => {
                self.pay_and_play(s, p, card, consume, To::Zone(zone), obs);
                s.sides[p].zones[zone as usize].warrior = Some(super::state::Warrior {
                    card,
                    ..Default::default()
                });
                let ctx = Ctx {
                    p,
                    this: zone,
                    chosen: NONE,
                };
                self.abilities(s, ctx, When::Summoned, rng, obs);
            }
            Action::Event {
                card,
                target,
                consume,
            } => {
                self.pay_and_play(s, p, card, consume, To::Arcana, obs);
                s.sides[p].arcana.push(card);
                s.pending = Some((card, target));
                s.negated = false;
                s.phase = Phase::Respond;
            }
            Action::Equip {
                card,
                zone,
                consume,
            } => {
                self.pay_and_play(s, p, card, consume, To::Gear(zone), obs);
                if let Some(w) = s.sides[p].warrior_mut(zone) {
                    w.gear = Some(card);
                }
            }
            Action::Set(card) => {
                take(&mut s.sides[p], card);
                s.sides[p].set.push(card);
                self.emit(s, p, EventKind::Set { card }, obs);
            }
            Action::SoulCharge(card) => {
                let side = &mut s.sides[p];
                side.ancient_pos = Pos::Rest;
                take(side, card);
                side.soul.push(card);
                self.emit(s, p, EventKind::SoulCharge { card }, obs);
                self.draw(s, p, 1, obs);
            }
            Action::RestAbility { zone, target } => {
                let Some(w) = s.sides[p].warrior_mut(zone) else {
                    return;
                };
                w.pos = Pos::Rest;
                let card = w.card;
                let pos = Pos::Rest;
                self.emit(s, p, EventKind::Position { zone, card, pos }, obs);
                let ctx = Ctx {
                    p,
                    this: zone,
                    chosen: target,
                };
                for a in self.db.card(card).abilities_on(When::Rest) {
                    self.resolve(s, ctx, &a.effects, rng, obs);
                }
                if s.phase == Phase::Technique && s.outcome.is_none() {
                    self.answered(s, rng, obs);
                }
            }
            Action::Move { from, to } => {
                let zones = &mut s.sides[p].zones;
                let moving = zones[from as usize].warrior;
                zones[from as usize].warrior = zones[to as usize].warrior;
                zones[to as usize].warrior = moving;
                s.moved = true;
                self.emit(s, p, EventKind::Move { from, to }, obs);
            }
            Action::ToBattle => s.phase = Phase::Attack,
            Action::Technique { card, consume } => {
                self.use_technique(s, p, card, None, consume, rng, obs)
            }
            Action::Flip { index, consume } => {
                let card = s.sides[p].set.get(index as usize).copied();
                if let Some(card) = card {
                    self.use_technique(s, p, card, Some(index), consume, rng, obs);
                }
            }
            Action::Pass if s.phase == Phase::Respond => self.resolve_event(s, rng, obs),
            Action::Discard(card) => {
                take(&mut s.sides[p], card);
                s.sides[p].grave.push(card);
                self.emit(s, p, EventKind::Discard { card }, obs);
                if s.sides[p].hand.len() <= self.hand_size(s, p) {
                    self.finish_turn(s, rng, obs);
                }
            }
            Action::EndBattle => self.end_turn(s, rng, obs),
            _ => self.battle_action(s, action, rng, obs),
        }
    }

    fn resample_hidden(&self, view: &mut State, observer: Player, rng: &mut GameRng) {
        self.redeal(view, observer, Some(rng));
    }

    fn info_key(&self, s: &State, player: Player) -> u64 {
        self.info_hash(s, player)
    }
}

impl AstromCross {
    /// Reports the game start and the opening hands.
    fn announce(&self, s: &State, obs: &mut impl Observer<Event>) {
        let ancients = s.sides.map(|side| side.ancient);
        let life = Seats::from_fn(2, |p| self.life(s, p));
        let decks = s
            .sides
            .map(|side| (side.deck.len() + side.hand.len()) as u8);
        let locations = s.sides.map(|side| side.locations.len() as u8);
        let start = EventKind::GameStart {
            ancients,
            life,
            decks,
            locations,
        };
        self.emit(s, s.first, start, obs);
        for p in Player::all(2) {
            for card in s.sides[p].hand {
                self.emit(s, p, EventKind::Draw { card }, obs);
            }
        }
    }

    /// Whose decision it is: the rival answers events, defends, and
    /// checks triggers; the technique step alternates.
    fn decider(&self, s: &State) -> Player {
        match s.phase {
            Phase::Respond | Phase::Defend | Phase::Support | Phase::Trigger => s.active.opponent(),
            Phase::Technique => s.battle.to_act,
            _ => s.active,
        }
    }

    /// The distinct cards of `p`'s hand, in hand order.
    fn distinct_hand(&self, s: &State, p: Player) -> impl Iterator<Item = CardId> {
        let hand = &s.sides[p].hand;
        hand.iter()
            .enumerate()
            .filter(move |&(i, c)| !hand[..i].contains(c))
            .map(|(_, &c)| c)
    }

    /// The zones of `p`'s warriors a chosen target may name.
    fn warrior_zones(&self, s: &State, p: Player) -> impl Iterator<Item = u8> {
        let side = &s.sides[p];
        (0..ZONES as u8).filter(move |&z| side.warrior(z).is_some())
    }

    /// The targets a card or rest ability with this chosen target kind
    /// offers (`[NONE]` without one, nothing if none is there): the
    /// warriors one of its chosen effects acts on now (rules: "CASTING
    /// EVENTS & ITEMS", "choose its target"; a "Ready rival warrior", one
    /// "with 5 power or less").
    fn chosen_targets(&self, s: &State, p: Player, card: CardId) -> FixedVec<u8, ZONES> {
        use super::cards::Target;
        let card = self.db.card(card);
        let mut out = FixedVec::new();
        let Some(target) = card.chosen_target() else {
            out.push(NONE);
            return out;
        };
        let o = if target == Target::ChosenAlly {
            p
        } else {
            p.opponent()
        };
        for z in self.warrior_zones(s, o) {
            if card.chosen_effects().any(|e| self.affects(s, o, z, e)) {
                out.push(z);
            }
        }
        out
    }

    /// Techniques `p` may use now: `Technique` for castable hand cards,
    /// `Flip` for castable set cards, each with every choice of the
    /// locations to consume; only techniques with an effect that has
    /// something to act on now (docs/rulings/astrom-cross.md).
    fn techniques(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        for c in self.distinct_hand(s, p) {
            let card = self.db.card(c);
            if card.kind == Kind::Technique && self.usable(s, p, card) {
                for consume in self.consume_choices(s, p, card) {
                    out.push(Action::Technique { card: c, consume });
                }
            }
        }
        for (i, &c) in s.sides[p].set.iter().enumerate() {
            let card = self.db.card(c);
            if self.usable(s, p, card) {
                for consume in self.consume_choices(s, p, card) {
                    let index = i as u8;
                    out.push(Action::Flip { index, consume });
                }
            }
        }
    }

    /// Whether `p` can pay `card` and one of its effects acts now.
    fn usable(&self, s: &State, p: Player, card: &super::cards::Card) -> bool {
        self.can_pay(s, p, card) && card.effects.iter().any(|e| self.acts_now(s, p, e))
    }

    /// The rest abilities `p`'s Ready warriors offer.
    fn rest_abilities(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        let side = &s.sides[p];
        for z in 0..ZONES as u8 {
            let Some(w) = side.warrior(z) else { continue };
            if w.pos == Pos::Ready
                && self
                    .db
                    .card(w.card)
                    .abilities_on(When::Rest)
                    .next()
                    .is_some()
            {
                for t in self.chosen_targets(s, p, w.card) {
                    out.push(Action::RestAbility { zone: z, target: t });
                }
            }
        }
    }

    /// The main phase's actions (rules: "Main Phase").
    fn main_actions(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        let side = &s.sides[p];
        for c in self.distinct_hand(s, p) {
            let card = self.db.card(c);
            let payable = self.can_pay(s, p, card);
            let consumes = self.consume_choices(s, p, card).filter(|_| payable);
            for consume in consumes {
                match card.kind {
                    Kind::Warrior => {
                        for z in 0..ZONES as u8 {
                            let zone = &side.zones[z as usize];
                            if zone.location.is_some() && zone.warrior.is_none() {
                                let (card, zone) = (c, z);
                                out.push(Action::Summon {
                                    card,
                                    zone,
                                    consume,
                                });
                            }
                        }
                    }
                    Kind::Event => {
                        for target in self.chosen_targets(s, p, c) {
                            let card = c;
                            out.push(Action::Event {
                                card,
                                target,
                                consume,
                            });
                        }
                    }
                    Kind::Item => {
                        for z in 0..ZONES as u8 {
                            if side.warrior(z).is_some_and(|w| w.gear.is_none()) {
                                let (card, zone) = (c, z);
                                out.push(Action::Equip {
                                    card,
                                    zone,
                                    consume,
                                });
                            }
                        }
                    }
                    _ => {}
                }
            }
            if card.keywords.has(Keywords::HIDE) && side.set.len() < SET_LIMIT {
                out.push(Action::Set(c));
            }
            if side.ancient_pos == Pos::Ready {
                out.push(Action::SoulCharge(c));
            }
        }
        self.rest_abilities(s, p, out);
        if !s.moved {
            for from in 0..ZONES as u8 {
                if side.warrior(from).is_none() {
                    continue;
                }
                for to in 0..ZONES as u8 {
                    if adjacent(from, to) && side.zones[to as usize].location.is_some() {
                        out.push(Action::Move { from, to });
                    }
                }
            }
        }
        out.push(Action::ToBattle);
    }

    /// rules: "Beginning of the game" (Mulligan): the chosen cards go to
    /// the bottom, the deck is shuffled, as many are drawn; then the other
    /// player chooses, or the first turn begins.
    fn mulligan(&self, s: &mut State, mask: u8, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let p = s.active;
        let side = &mut s.sides[p];
        let mut back: FixedVec<CardId, DECK_SIZE> = FixedVec::new();
        let mut keep: FixedVec<CardId, DECK_SIZE> = FixedVec::new();
        for (i, &c) in side.hand.iter().enumerate() {
            if mask & (1 << i) != 0 {
                back.push(c);
            } else {
                keep.push(c);
            }
        }
        side.hand.clear();
        side.hand.extend(keep);
        for c in &back {
            side.deck.insert(0, *c);
        }
        side.mulliganed = true;
        let count = back.len() as u8;
        if count > 0 {
            shuffle(rng, &mut s.sides[p].deck);
        }
        for card in back {
            self.emit(s, p, EventKind::ReturnToDeck { card }, obs);
        }
        self.emit(s, p, EventKind::Mulligan { count }, obs);
        self.draw(s, p, count, obs);
        if !s.sides[p.opponent()].mulliganed {
            s.active = p.opponent();
        } else {
            self.start_turn(s, s.first, rng, obs);
        }
    }

    /// rules: "Location Phase": the revealed location goes to zone `z`,
    /// sending the location there (if any) to the bottom of the location
    /// deck. A warrior standing there stays, on the new location.
    fn place(&self, s: &mut State, z: u8, obs: &mut impl Observer<Event>) {
        let p = s.active;
        let Some(card) = s.revealed_location.take() else {
            return;
        };
        let zone = &mut s.sides[p].zones[z as usize];
        let old = zone.location.replace(card);
        zone.wasteland = false;
        if let Some(o) = old {
            s.sides[p].locations.insert(0, o);
        }
        self.emit(s, p, EventKind::Location { card, zone: z, old }, obs);
        s.phase = Phase::Main;
    }

    /// Takes `card` from `p`'s hand to `to`, consuming the locations of
    /// the zones of `consume` (bits) and paying its souls.
    fn pay_and_play(
        &self,
        s: &mut State,
        p: Player,
        card: CardId,
        consume: u8,
        to: To,
        obs: &mut impl Observer<Event>,
    ) {
        take(&mut s.sides[p], card);
        self.pay(s, p, card, consume, false, to, obs);
    }

    /// Reports the play of `card` (from hand or, `from_set`, from the set
    /// cards) to `to`, then pays its costs: the locations of the zones of
    /// `consume` (bits, chosen by the player) to wastelands, souls from the
    /// top of the stock to the grave.
    #[allow(clippy::too_many_arguments)]
    fn pay(
        &self,
        s: &mut State,
        p: Player,
        card: CardId,
        consume: u8,
        from_set: bool,
        to: To,
        obs: &mut impl Observer<Event>,
    ) {
        let c = self.db.card(card);
        let cost = c.level();
        let play = EventKind::Play {
            card,
            cost,
            from_set,
            to,
        };
        self.emit(s, p, play, obs);
        let mut paid = 0u8;
        for zone in 0..ZONES as u8 {
            let z = &mut s.sides[p].zones[zone as usize];
            if consume & (1 << zone) != 0
                && let Some(card) = z.location
            {
                z.wasteland = true;
                paid += 1;
                self.emit(s, p, EventKind::Consume { zone, card }, obs);
            }
        }
        for _ in 0..c.souls {
            let side = &mut s.sides[p];
            if let Some(card) = side.soul.pop() {
                side.grave.push(card);
                paid += 1;
                self.emit(s, p, EventKind::PaySoul { card }, obs);
            }
        }
        if paid > 0 {
            self.emit(s, p, EventKind::Pay { amount: paid }, obs);
        }
    }

    /// Uses a technique from hand or (index `set`) from the set cards:
    /// costs paid, into the Arcana. In answer to an event or to the
    /// rival's technique it resolves at once, then what it answers
    /// (unless negated); else (the technique step) it waits for the
    /// rival's answer.
    #[allow(clippy::too_many_arguments)]
    fn use_technique(
        &self,
        s: &mut State,
        p: Player,
        card: CardId,
        set: Option<u8>,
        consume: u8,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        match set {
            Some(i) => {
                s.sides[p].set.remove(i as usize);
                self.pay(s, p, card, consume, true, To::Arcana, obs);
            }
            None => self.pay_and_play(s, p, card, consume, To::Arcana, obs),
        }
        s.sides[p].arcana.push(card);
        if s.phase == Phase::Technique && s.pending.is_none() {
            s.pending = Some((card, NONE));
            s.negated = false;
            return self.technique_used(s);
        }
        let effects = &self.db.card(card).effects;
        self.resolve(s, Ctx::of(p, NONE), effects, rng, obs);
        if s.outcome.is_some() {
            return;
        }
        if s.phase == Phase::Respond {
            self.resolve_event(s, rng, obs);
        } else {
            self.answered(s, rng, obs);
        }
    }

    /// The pending event resolves (unless negated); back to the main
    /// phase.
    fn resolve_event(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        s.phase = Phase::Main;
        self.resolve_pending(s, s.active, rng, obs);
    }

    /// The event or technique of `owner` waiting for an answer resolves,
    /// unless negated.
    pub(super) fn resolve_pending(
        &self,
        s: &mut State,
        owner: Player,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if let Some((card, target)) = s.pending.take()
            && !s.negated
        {
            let effects = &self.db.card(card).effects;
            self.resolve(s, Ctx::of(owner, target), effects, rng, obs);
        }
        s.negated = false;
    }

    /// Applies the abilities at timing `on` of the warrior `ctx.this`
    /// (none while stunned).
    pub(super) fn abilities(
        &self,
        s: &mut State,
        ctx: Ctx,
        on: When,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(w) = s.sides[ctx.p].warrior(ctx.this).copied() else {
            return;
        };
        if w.pos == Pos::Stun {
            return;
        }
        for a in self.db.card(w.card).abilities_on(on) {
            self.resolve(s, ctx, &a.effects, rng, obs);
        }
    }

    /// Applies the abilities at timing `on` of every warrior of `p`.
    fn all_abilities(
        &self,
        s: &mut State,
        p: Player,
        on: When,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        for z in 0..ZONES as u8 {
            let ctx = Ctx {
                p,
                this: z,
                chosen: NONE,
            };
            self.abilities(s, ctx, on, rng, obs);
        }
    }

    /// rules: "Beginning Of Turn" (ready every Rest or Stun card, then the
    /// "beginning of turn" effects) and "Draw Phase"; the turn limit ends
    /// the game first.
    pub(super) fn start_turn(
        &self,
        s: &mut State,
        p: Player,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if s.turns >= self.options.max_turns {
            self.game_over(s, None, TURN_LIMIT, obs);
            return;
        }
        s.turns += 1;
        s.active = p;
        s.moved = false;
        s.battle = Battle::default();
        let side = &mut s.sides[p];
        side.ancient_pos = Pos::Ready;
        for zone in side.zones.iter_mut() {
            if let Some(w) = zone.warrior.as_mut() {
                w.pos = Pos::Ready;
                w.attacked = false;
            }
        }
        let (active, locations) = self.locations(s, p);
        self.emit(s, p, EventKind::TurnStart { active, locations }, obs);
        s.phase = Phase::Location;
        self.all_abilities(s, p, When::TurnStart, rng, obs);
        if s.outcome.is_none() {
            self.draw(s, p, 1, obs);
        }
    }

    /// rules: "End Of Turn" 1–4 (end-of-turn effects; damage to warriors
    /// recovered and the turn's bonuses ended, on both sides; the Arcana
    /// to the grave), then 5 (discard to the hand size).
    pub(super) fn end_turn(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let p = s.active;
        s.phase = Phase::Main;
        s.battle = Battle::default();
        self.all_abilities(s, p, When::TurnEnd, rng, obs);
        if s.outcome.is_some() {
            return;
        }
        for side in s.sides.iter_mut() {
            for zone in side.zones.iter_mut() {
                if let Some(w) = zone.warrior.as_mut() {
                    w.damage = 0;
                    w.boost = 0;
                }
            }
            let arcana = side.arcana;
            side.grave.extend(arcana);
            side.arcana.clear();
        }
        self.emit(s, p, EventKind::Recovery, obs);
        if s.sides[p].hand.len() > self.hand_size(s, p) {
            s.phase = Phase::Discard;
        } else {
            self.finish_turn(s, rng, obs);
        }
    }

    /// The turn is over: the rival's begins.
    fn finish_turn(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let p = s.active;
        let unspent = self.locations(s, p).0;
        self.emit(s, p, EventKind::TurnEnd { unspent }, obs);
        self.start_turn(s, p.opponent(), rng, obs);
    }

    /// The game is over.
    pub(super) fn game_over(
        &self,
        s: &mut State,
        winner: Option<Player>,
        reason: &'static str,
        obs: &mut impl Observer<Event>,
    ) {
        if s.outcome.is_some() {
            return;
        }
        s.outcome = Some(match winner {
            Some(w) => Outcome::win(2, w, reason),
            None => Outcome::draw(2, reason),
        });
        self.emit(
            s,
            winner.unwrap_or(s.active),
            EventKind::GameOver { winner, reason },
            obs,
        );
    }
}

/// Pushes `Join(z)` for every bit `z` of `bits`.
fn push_bits(bits: u8, out: &mut Vec<Action>) {
    for z in 0..ZONES as u8 {
        if bits & (1 << z) != 0 {
            out.push(Action::Join(z));
        }
    }
}

/// Removes one copy of `card` from the hand.
fn take(side: &mut Side, card: CardId) {
    if let Some(i) = side.hand.iter().position(|&c| c == card) {
        side.hand.remove(i);
    }
}
