//! The flow of a game: the hidden Commander pick, the reveal, turns of
//! actions, reply windows, the end of a turn and the win conditions.
//!
//! rules/nintendo-tcg.txt: "2 – Where to start", "4 – Character's",
//! "5 – Assistant's", "6 – Area's", "7 – Placement", "8 – Effect Cards",
//! "9 – Required/Tokens", "10 – Battle Phase" (the turn's end; the battle
//! itself is in `battle`), "11 – Turn Priority via Effects", "12 –
//! Vitality Points", "13 – The Example Game".

use super::NintendoTcg;
use super::action::{Action, At};
use super::cards::{Ability, CardId, Kind, Timing, Trigger};
use super::events::{Event, EventKind, Slot, Source};
use super::state::{
    Answer, BOARD, Char, Ctx, DECK_SIZE, EXTRA, Held, MAX_POWER, OPENING_HAND, POWER_PER_TURN,
    Phase, Side, State, Tgt, Then, flag,
};
use crate::core::{
    FixedVec, Game, GameRng, Node, Observer, Outcome, Player, Seats, below, copies, distinct_ids,
    shuffle,
};

/// Why a game ended: a player's Vitality Points hit zero.
pub(super) const VITALITY: &str = "vitality";
/// A player could not draw at the start of the turn.
pub(super) const DECK_OUT: &str = "deck_out";
/// The turn limit cut the game: a draw.
pub(super) const TURN_LIMIT: &str = "turn_limit";

/// A card left `side`'s hand: a copy of it the rival knew of is no longer
/// there.
fn forget_known(side: &mut Side, card: CardId) {
    if let Some(i) = side.hand_known.iter().position(|&c| c == card) {
        side.hand_known.swap_remove(i);
    }
}

/// The flow of a game: setup, whose decision it is, the legal actions and
/// their effects; determinize and info_key come from `view`.
impl Game for NintendoTcg {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn num_players(&self) -> usize {
        2
    }

    /// A new game: decks in list order (shuffled after the Commander
    /// picks), seat a to pick a Commander.
    fn start(&self, _rng: &mut GameRng, observer: &mut impl Observer<Event>) -> State {
        // Nothing is random before the Commander picks: the decks are
        // shuffled once both are chosen.
        let mut s = State {
            sides: Seats::default(),
            area: None,
            sub: None,
            phase: Phase::Pick,
            active: Player::A,
            decider: Player::A,
            attackers: 0,
            battle_windows: Seats::default(),
            held: None,
            answer: None,
            search: None,
            then: Default::default(),
            turns: 0,
            outcome: None,
        };
        for p in Player::all(2) {
            for card in copies(&self.decks[p].cards) {
                let side = &mut s.sides[p];
                if self.card(card).extra() {
                    side.extra.push(card);
                } else {
                    side.deck.push(card);
                }
            }
        }
        self.announce(&s, observer);
        s
    }

    fn to_move(&self, s: &State) -> Node {
        match s.outcome {
            Some(outcome) => Node::Terminal(outcome),
            None => Node::Decision(s.decider),
        }
    }

    /// The legal actions of the player to decide.
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if s.outcome.is_some() {
            return;
        }
        let p = s.decider;
        match s.phase {
            Phase::Pick => {
                // In card order, so the choice never depends on the
                // (hidden) order of the deck.
                let commanders = s.sides[p]
                    .deck
                    .iter()
                    .copied()
                    .filter(|&c| self.card(c).commander);
                out.extend(distinct_ids::<DECK_SIZE>(commanders).map(Action::Pick));
            }
            Phase::Main => {
                self.main_actions(s, p, out);
                out.push(Action::EndTurn);
            }
            Phase::Reply(_) => {
                self.main_actions(s, p, out);
                out.push(Action::NoReply);
            }
            Phase::Window(trigger) => {
                self.answers(s, p, trigger, out);
                out.push(Action::Decline);
            }
            Phase::Battle => {
                for c in self.attackers(s) {
                    let uid = c.uid;
                    self.attack_options(s, p, c, |target| out.push(Action::Attack { uid, target }));
                    out.push(Action::AttackPass { uid });
                }
            }
            Phase::Search => {
                let Some(search) = s.search else { return };
                // Each card the search finds, once, in card order: the
                // choice never shows the deck's (hidden) order.
                let e = self.search_effect(&search);
                let cards = s.sides[p]
                    .deck
                    .iter()
                    .copied()
                    .filter(|&c| self.finds(s, p, e, c));
                out.extend(distinct_ids::<DECK_SIZE>(cards).map(|c| Action::Search(Some(c))));
                // A determinized deck may hold no such card.
                if out.is_empty() {
                    out.push(Action::Search(None));
                }
            }
        }
    }

    /// Plays a legal action.
    fn apply(&self, s: &mut State, a: Action, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        if s.outcome.is_some() {
            return;
        }
        let p = s.decider;
        self.emit(s, p, EventKind::Act { kind: a.kind() }, obs);
        match (s.phase, a) {
            (_, Action::Pick(card)) => self.pick(s, card, rng, obs),
            (_, Action::EndTurn) => self.end_turn(s, obs),
            (Phase::Window(trigger), Action::Decline) => self.after_window(s, trigger, rng, obs),
            (
                Phase::Window(trigger),
                Action::Answer {
                    card,
                    uid,
                    ability,
                    target,
                },
            ) => self.answer(
                s,
                p,
                Answer {
                    card,
                    uid,
                    ability,
                    owner: p,
                    target,
                },
                trigger,
                rng,
                obs,
            ),
            (Phase::Reply(trigger), _) => {
                if a != Action::NoReply {
                    self.main_action(s, p, a, false, rng, obs);
                }
                self.then(s, Then::Answer, rng, obs);
                self.then(s, Then::AfterWindow(trigger), rng, obs);
            }
            (Phase::Search, Action::Search(card)) => self.searched(s, card, rng, obs),
            (Phase::Battle, Action::Attack { uid, target }) => self.attack(s, uid, target, obs),
            (Phase::Battle, Action::AttackPass { uid }) => self.attack_pass(s, uid, obs),
            (Phase::Battle, _) => {}
            _ => self.main_action(s, p, a, true, rng, obs),
        }
        // An aura may have gone with the action (a Character moved out of
        // its place, an Area replaced, an Item or Character left): a
        // Character whose HP it held up is destroyed now ("4 –
        // Character's": "If a character's HP hits zero, they are
        // destroyed"). Only a pool with an HP aura can do this.
        if self.hp_auras && s.outcome.is_none() {
            self.sweep(s, obs);
        }
    }

    fn resample_hidden(&self, view: &mut State, observer: Player, rng: &mut GameRng) {
        self.redeal(view, observer, Some(rng));
    }

    fn info_key(&self, s: &State, player: Player) -> u64 {
        self.info_hash(s, player)
    }
}

impl NintendoTcg {
    /// Reports the game start, and each extra deck with it: its cards are
    /// played as others are from hand.
    fn announce(&self, s: &State, obs: &mut impl Observer<Event>) {
        let decks = s.sides.map(|side| side.deck.len() as u8);
        self.emit(s, Player::A, EventKind::GameStart { decks }, obs);
        for p in Player::all(2) {
            for &card in &s.sides[p].extra {
                self.emit(s, p, EventKind::ExtraDeck { card }, obs);
            }
        }
    }

    /// Ends the game.
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
        self.emit(s, s.decider, EventKind::GameOver { winner, reason }, obs);
    }

    // -----------------------------------------------------------------
    // Legal actions.

    /// Calls `push` with every target choice of `a` used by `p` from place
    /// `sub` (Tgt::None when it chooses nothing); returns how many.
    pub(super) fn ability_targets(
        &self,
        s: &State,
        p: Player,
        a: &Ability,
        sub: bool,
        mut push: impl FnMut(Tgt),
    ) -> usize {
        let Some(kind) = a.chosen() else {
            push(Tgt::None);
            return 1;
        };
        let elements = a
            .effects
            .iter()
            .find(|e| e.target == kind)
            .map_or(0, |e| e.elements.0);
        let mut n = 0;
        self.choices(
            s,
            p,
            kind == super::cards::Target::ChosenEnemy,
            sub,
            elements,
            |t| {
                n += 1;
                push(t)
            },
        );
        n
    }

    /// The card's first ability of `timing`, with its index.
    pub(super) fn ability_of(&self, card: CardId, timing: Timing) -> Option<(u8, &Ability)> {
        self.card(card)
            .abilities
            .iter()
            .enumerate()
            .find(|(_, a)| a.timing == timing)
            .map(|(i, a)| (i as u8, a))
    }

    /// An optional Instant's choices: declined, or used on each target.
    fn instant_choices(
        &self,
        s: &State,
        p: Player,
        card: CardId,
        sub: bool,
        mut push: impl FnMut(Tgt),
    ) {
        match self.ability_of(card, Timing::Instant) {
            None => push(Tgt::None),
            Some((_, a)) => {
                push(Tgt::Skip);
                self.ability_targets(s, p, a, sub, &mut push);
            }
        }
    }

    /// The Normal and Attack effects untapped Character `c` of `p` may use,
    /// its own and its Items'.
    fn effect_actions(&self, s: &State, p: Player, c: &Char, out: &mut Vec<Action>) {
        let power = s.sides[p].power;
        for (i, a) in self.card(c.card).abilities.iter().enumerate() {
            if matches!(a.timing, Timing::Normal | Timing::Attack)
                && c.used & (1 << i) == 0
                && a.cost <= power
                && self.does_something(s, p, a, Some(c.uid))
            {
                let (uid, ability) = (c.uid, i as u8);
                self.ability_targets(s, p, a, c.in_sub(), |target| {
                    out.push(Action::Use {
                        uid,
                        ability,
                        target,
                    })
                });
            }
        }
        for (k, &item) in c.items.iter().enumerate() {
            if let Some((_, a)) = self.ability_of(item, Timing::Attack)
                && a.cost <= power
                && self.does_something(s, p, a, Some(c.uid))
            {
                let (uid, item) = (c.uid, k as u8);
                self.ability_targets(s, p, a, c.in_sub(), |target| {
                    out.push(Action::UseItem { uid, item, target })
                });
            }
        }
    }

    /// Whether Character `c` can use effects (a Token cannot).
    fn acts(&self, c: &Char) -> bool {
        self.card(c.card).kind != Kind::Token
    }

    /// The actions of a turn (and of a reply), End Turn aside.
    fn main_actions(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        let side = &s.sides[p];
        let power = side.power;
        let discount = self.discount(s, p);
        let mut seen: FixedVec<CardId, { DECK_SIZE + EXTRA }> = FixedVec::new();
        let extra = side
            .extra
            .iter()
            .filter(|&&c| self.requirement_met(s, p, c));
        for &card in side.hand.iter().chain(extra) {
            let c = self.card(card);
            // Tokens come into play by effects only.
            if c.kind == Kind::Token || seen.contains(&card) || self.cost_with(c, discount) > power
            {
                continue;
            }
            seen.push(card);
            let mut play = |at: At, target: Tgt| out.push(Action::Play { card, at, target });
            match c.kind {
                Kind::Token => {}
                Kind::Character => {
                    if !self.may_enter(s, p, card) {
                        continue;
                    }
                    let places: &[(At, bool)] = if s.sub.is_some() {
                        &[(At::Main, false), (At::Sub, true)]
                    } else {
                        &[(At::Main, false)]
                    };
                    for &(at, sub) in places {
                        self.instant_choices(s, p, card, sub, |t| play(at, t));
                    }
                }
                Kind::Assistant => {
                    if !side.assisted {
                        self.instant_choices(s, p, card, false, |t| play(At::Main, t));
                    }
                }
                Kind::Area => {
                    // One Sub-Area at a time (docs/rulings/nintendo-tcg.md).
                    let fits = c.sub_area_of.is_none_or(|parent| {
                        s.sub.is_none() && s.area.is_some_and(|a| a.card == parent)
                    });
                    if fits {
                        play(At::Main, Tgt::None);
                    }
                }
                Kind::Item => {
                    for host in &side.board {
                        if !self.may_hold(s, p, host.uid, card) {
                            continue;
                        }
                        let at = At::On(host.uid);
                        match self.ability_of(card, Timing::Instant) {
                            Some((_, a)) => {
                                let ctx_sub = host.in_sub();
                                self.ability_targets(s, p, a, ctx_sub, |t| play(at, t));
                            }
                            None => play(at, Tgt::None),
                        }
                    }
                }
                Kind::Effect => {
                    let Some(a) = c.abilities.first() else {
                        if c.timing == Timing::Constant && !side.constants.is_full() {
                            play(At::Main, Tgt::None);
                        }
                        continue;
                    };
                    match c.timing {
                        Timing::Instant if !c.song => {
                            // "play cards in the sub-area or out of it".
                            self.ability_targets(s, p, a, false, |t| play(At::Main, t));
                            if s.sub.is_some() {
                                self.ability_targets(s, p, a, true, |t| play(At::Sub, t));
                            }
                        }
                        Timing::Instant | Timing::Attack => {
                            for host in &side.board {
                                let ok = if c.song {
                                    !host.has(flag::SUNG)
                                        && host.items.iter().any(|&i| self.card(i).instrument)
                                } else {
                                    !host.has(flag::TAPPED)
                                };
                                if ok && self.acts(host) {
                                    let at = At::On(host.uid);
                                    self.ability_targets(s, p, a, host.in_sub(), |t| play(at, t));
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        for c in &side.board {
            if c.has(flag::TAPPED) {
                continue;
            }
            if self.acts(c) {
                self.effect_actions(s, p, c, out);
            }
            // A move is a movement, not an effect: Tokens move too.
            if s.sub.is_some() && !c.has(flag::MOVED) {
                out.push(Action::Move { uid: c.uid });
            }
        }
        if !side.area_used {
            for (placed, sub) in [(s.area, false), (s.sub, true)] {
                if let Some(pl) = placed
                    && let Some((_, a)) = self.ability_of(pl.card, Timing::Normal)
                    && a.cost <= power
                    && self.does_something(s, p, a, None)
                {
                    self.ability_targets(s, p, a, sub, |target| {
                        out.push(Action::UseArea { sub, target })
                    });
                }
            }
        }
    }

    /// The Timed effects `p` may answer `trigger` with.
    fn answers(&self, s: &State, p: Player, trigger: Trigger, out: &mut Vec<Action>) {
        let side = &s.sides[p];
        let mut seen: FixedVec<CardId, DECK_SIZE> = FixedVec::new();
        for &card in &side.hand {
            let c = self.card(card);
            if seen.contains(&card) || c.kind != Kind::Effect || c.cost > side.power {
                continue;
            }
            seen.push(card);
            for (i, a) in c.abilities.iter().enumerate() {
                if a.trigger == Some(trigger) {
                    self.ability_targets(s, p, a, false, |target| {
                        out.push(Action::Answer {
                            card,
                            uid: None,
                            ability: i as u8,
                            target,
                        })
                    });
                }
            }
        }
        for ch in &side.board {
            if !self.acts(ch) {
                continue;
            }
            for (i, a) in self.card(ch.card).abilities.iter().enumerate() {
                if a.timing == Timing::Timed
                    && a.trigger == Some(trigger)
                    && ch.used & (1 << i) == 0
                    && a.cost <= side.power
                    && self.does_something(s, p, a, Some(ch.uid))
                {
                    let (card, uid) = (ch.card, Some(ch.uid));
                    self.ability_targets(s, p, a, ch.in_sub(), |target| {
                        out.push(Action::Answer {
                            card,
                            uid,
                            ability: i as u8,
                            target,
                        })
                    });
                }
            }
        }
    }

    // -----------------------------------------------------------------
    // Applying an action.

    /// Reports the use of `ctx`'s ability: the card, the Character using
    /// or holding it, which ability, the chosen target (its effects
    /// follow; an answer on the rival's turn, after the reply).
    fn emit_ability(&self, s: &State, ctx: Ctx, obs: &mut impl Observer<Event>) {
        let p = ctx.owner;
        let target = chosen(s, p, ctx.target);
        let kind = EventKind::Ability {
            card: ctx.card,
            uid: ctx.source,
            ability: ctx.ability,
            target,
        };
        self.emit(s, p, kind, obs);
    }

    /// Pays `amount` of `p`'s hand power.
    fn pay(&self, s: &mut State, p: Player, amount: u8, obs: &mut impl Observer<Event>) {
        let side = &mut s.sides[p];
        side.power = side.power.saturating_sub(amount);
        if amount > 0 {
            self.emit(s, p, EventKind::Pay { amount }, obs);
        }
    }

    /// A turn action of `p`; `windows`: whether the rival's reply windows
    /// open (not during a reply: windows do not nest).
    fn main_action(
        &self,
        s: &mut State,
        p: Player,
        a: Action,
        windows: bool,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        match a {
            Action::Play { card, at, target } => {
                self.play_card(s, p, card, at, target, windows, rng, obs)
            }
            Action::Use {
                uid,
                ability,
                target,
            } => {
                let Some(c) = s.sides[p].char(uid).copied() else {
                    return;
                };
                let Some(ab) = self.card(c.card).abilities.get(ability as usize) else {
                    return;
                };
                self.pay(s, p, ab.cost, obs);
                if let Some(ch) = s.sides[p].char_mut(uid) {
                    ch.used |= 1 << ability;
                }
                let ctx = Ctx {
                    card: c.card,
                    ability,
                    owner: p,
                    source: Some(uid),
                    sub: c.in_sub(),
                    target,
                };
                self.emit_ability(s, ctx, obs);
                self.resolve(s, ctx, rng, obs);
                if ab.timing == Timing::Attack {
                    self.then(s, Then::Tap { player: p, uid }, rng, obs);
                }
            }
            Action::UseItem { uid, item, target } => {
                let Some(c) = s.sides[p].char(uid).copied() else {
                    return;
                };
                let Some(&card) = c.items.get(item as usize) else {
                    return;
                };
                let Some((ability, ab)) = self.ability_of(card, Timing::Attack) else {
                    return;
                };
                self.pay(s, p, ab.cost, obs);
                let ctx = Ctx {
                    card,
                    ability,
                    owner: p,
                    source: Some(uid),
                    sub: c.in_sub(),
                    target,
                };
                self.emit_ability(s, ctx, obs);
                self.resolve(s, ctx, rng, obs);
                self.then(s, Then::Tap { player: p, uid }, rng, obs);
            }
            Action::UseArea { sub, target } => {
                let placed = if sub { s.sub } else { s.area };
                let Some(pl) = placed else { return };
                let Some((ability, ab)) = self.ability_of(pl.card, Timing::Normal) else {
                    return;
                };
                s.sides[p].area_used = true;
                self.pay(s, p, ab.cost, obs);
                let ctx = Ctx {
                    card: pl.card,
                    ability,
                    owner: p,
                    source: None,
                    sub,
                    target,
                };
                self.emit_ability(s, ctx, obs);
                self.resolve(s, ctx, rng, obs);
            }
            Action::Move { uid } => {
                if let Some(c) = s.sides[p].char_mut(uid) {
                    c.flags ^= flag::SUB;
                    c.flags |= flag::MOVED;
                    let sub = c.in_sub();
                    let card = c.card;
                    self.emit(s, p, EventKind::Move { card, uid, sub }, obs);
                }
            }
            _ => {}
        }
    }

    /// Plays `card` (from hand, or a Required card from the extra deck).
    #[allow(clippy::too_many_arguments)]
    fn play_card(
        &self,
        s: &mut State,
        p: Player,
        card: CardId,
        at: At,
        target: Tgt,
        windows: bool,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let cost = self.cost_of(s, p, card);
        let side = &mut s.sides[p];
        let from = match side.hand.iter().position(|&c| c == card) {
            Some(i) => {
                side.hand.remove(i);
                forget_known(side, card);
                Source::Hand
            }
            None => match side.extra.iter().position(|&c| c == card) {
                Some(i) => {
                    side.extra.remove(i);
                    Source::Extra
                }
                None => return,
            },
        };
        let side = &mut s.sides[p];
        side.power = side.power.saturating_sub(cost);
        let play = EventKind::Play {
            card,
            cost,
            from,
            uid: match at {
                At::On(uid) => Some(uid),
                _ => None,
            },
            sub: at == At::Sub,
            target: chosen(s, p, target),
        };
        self.emit(s, p, play, obs);
        let c = self.card(card);
        let instant = self.ability_of(card, Timing::Instant).map(|(i, _)| i);
        let ctx = |source: Option<u8>, sub: bool, ability: u8| Ctx {
            card,
            ability,
            owner: p,
            source,
            sub,
            target,
        };
        match c.kind {
            Kind::Character | Kind::Token => {
                let sub = at == At::Sub;
                let uid = self.enter(s, p, card, sub, obs);
                if let Some(ability) = instant
                    && target != Tgt::Skip
                {
                    self.resolve(s, ctx(Some(uid), sub, ability), rng, obs);
                }
                self.character_played(s, p, rng, obs);
            }
            Kind::Assistant => {
                let side = &mut s.sides[p];
                side.assistant = Some(card);
                side.assisted = true;
                let at = Slot::Assistant;
                self.emit(s, p, EventKind::Placed { card, at }, obs);
                if let Some(ability) = instant
                    && target != Tgt::Skip
                {
                    self.resolve(s, ctx(None, false, ability), rng, obs);
                }
            }
            Kind::Area => self.place_area(s, p, card, obs),
            Kind::Item => {
                let At::On(host) = at else {
                    return self.to_discard(s, p, card, obs);
                };
                let Some(h) = s.sides[p].char_mut(host) else {
                    return self.to_discard(s, p, card, obs);
                };
                h.items.push(card);
                let sub = h.in_sub();
                self.emit(s, p, EventKind::Attach { card, uid: host }, obs);
                if let Some(ability) = instant {
                    self.resolve(s, ctx(Some(host), sub, ability), rng, obs);
                    // "Right when the item is attached, the effect is
                    // activated and the item is discarded."
                    let (player, uid) = (p, host);
                    self.then(s, Then::DropItem { player, uid, card }, rng, obs);
                }
            }
            Kind::Effect => {
                let host = match at {
                    At::On(uid) => Some(uid),
                    _ => None,
                };
                if c.song
                    && let Some(h) = host.and_then(|u| s.sides[p].char_mut(u))
                {
                    h.flags |= flag::SUNG;
                }
                let held = Held {
                    card,
                    owner: p,
                    host,
                    sub: at == At::Sub,
                    target,
                };
                if windows && self.answerable[p.opponent()][1] {
                    s.held = Some(held);
                    self.open_window(s, p.opponent(), Trigger::EffectCard, obs);
                } else {
                    self.resolve_held(s, held, rng, obs);
                }
            }
        }
    }

    /// `p` played a Character: from hand or the extra deck, or by an
    /// effect (a summon, a fetched Required Character, a Token: "If you
    /// play a card by another method (effect, etc.)"). The rival's
    /// `character_played` window opens once the action's flow is done
    /// (after the Character's Instant, after a search it holds up), if the
    /// rival's deck can answer, during the active player's turn of actions
    /// only: not during setup (the starting Commanders), nor in a window or
    /// a reply (windows do not nest), nor while one is already open.
    pub(super) fn character_played(
        &self,
        s: &mut State,
        p: Player,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let flow = s.search.map_or(s.phase, |x| x.phase);
        if flow == Phase::Main && self.answerable[p.opponent()][0] {
            let (player, trigger) = (p.opponent(), Trigger::CharacterPlayed);
            self.then(s, Then::Window { player, trigger }, rng, obs);
        }
    }

    /// Opens `trigger`'s window for `p`.
    pub(super) fn open_window(
        &self,
        s: &mut State,
        p: Player,
        trigger: Trigger,
        obs: &mut impl Observer<Event>,
    ) {
        s.phase = Phase::Window(trigger);
        s.decider = p;
        self.emit(s, p, EventKind::Window { trigger }, obs);
    }

    /// Resolves an Effect card that was not negated.
    fn resolve_held(
        &self,
        s: &mut State,
        h: Held,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let c = self.card(h.card);
        if c.timing == Timing::Constant {
            // A reply may have filled the last place meanwhile: then the
            // card is discarded (docs/rulings/nintendo-tcg.md).
            if s.sides[h.owner].constants.push(h.card) {
                let (card, at) = (h.card, Slot::Constant);
                self.emit(s, h.owner, EventKind::Placed { card, at }, obs);
            } else {
                self.to_discard(s, h.owner, h.card, obs);
            }
            return;
        }
        let host = h.host.and_then(|u| s.sides[h.owner].char(u).copied());
        if h.host.is_some() && host.is_none() {
            // Its Character left play meanwhile: no effect.
            return self.to_discard(s, h.owner, h.card, obs);
        }
        if !c.abilities.is_empty() {
            let sub = host.map_or(h.sub, |c| c.in_sub());
            let ctx = Ctx {
                card: h.card,
                ability: 0,
                owner: h.owner,
                source: h.host,
                sub,
                target: h.target,
            };
            self.resolve(s, ctx, rng, obs);
        }
        self.then(s, Then::Resolved(h), rng, obs);
    }

    /// After Effect card `h` resolved: an Attack card taps its Character;
    /// the card goes to its pile.
    pub(super) fn resolved(&self, s: &mut State, h: Held, obs: &mut impl Observer<Event>) {
        if self.card(h.card).timing == Timing::Attack
            && let Some(uid) = h.host
        {
            self.tap(s, h.owner, uid, obs);
        }
        self.to_discard(s, h.owner, h.card, obs);
    }

    /// `p` answers a window: pays, then the effect resolves at once on
    /// `p`'s own turn, or after the active player's one reply.
    #[allow(clippy::too_many_arguments)]
    fn answer(
        &self,
        s: &mut State,
        p: Player,
        ans: Answer,
        trigger: Trigger,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let c = self.card(ans.card);
        match ans.uid {
            None => {
                // The hand cost is paid with the play, as any card's.
                let side = &mut s.sides[p];
                if let Some(i) = side.hand.iter().position(|&x| x == ans.card) {
                    side.hand.remove(i);
                    forget_known(side, ans.card);
                }
                let (card, cost, from) = (ans.card, c.cost, Source::Hand);
                side.power = side.power.saturating_sub(cost);
                let play = EventKind::play_unhosted(card, cost, from, chosen(s, p, ans.target));
                self.emit(s, p, play, obs);
            }
            Some(uid) => {
                if let Some(ch) = s.sides[p].char_mut(uid) {
                    ch.used |= 1 << ans.ability;
                }
                let cost = c.abilities.get(ans.ability as usize).map_or(0, |a| a.cost);
                self.pay(s, p, cost, obs);
            }
        }
        let ctx = Ctx {
            card: ans.card,
            ability: ans.ability,
            owner: p,
            source: ans.uid,
            sub: false,
            target: ans.target,
        };
        self.emit_ability(s, ctx, obs);
        s.answer = Some(ans);
        if p != s.active {
            // rules: "11 – Turn Priority via Effects".
            s.phase = Phase::Reply(trigger);
            s.decider = s.active;
        } else {
            self.resolve_answer(s, rng, obs);
            self.then(s, Then::AfterWindow(trigger), rng, obs);
        }
    }

    /// Resolves the pending answer. An Effect card answered from hand goes
    /// to its owner's pile whether or not it takes effect (its Character
    /// gone, or the game already over after the reply).
    pub(super) fn resolve_answer(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(ans) = s.answer.take() else { return };
        self.answer_effect(s, ans, rng, obs);
        if ans.uid.is_none() {
            let (player, card) = (ans.owner, ans.card);
            self.then(s, Then::Discard { player, card }, rng, obs);
        }
    }

    /// The effect of answer `ans`, if it still has one.
    fn answer_effect(
        &self,
        s: &mut State,
        ans: Answer,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if s.outcome.is_some() {
            // The reply ended the game.
            return;
        }
        if self.card(ans.card).abilities.len() <= ans.ability as usize {
            return;
        }
        let sub = match ans.uid {
            None => false,
            Some(uid) => match s.sides[ans.owner].char(uid) {
                Some(c) => c.in_sub(),
                // Its Character left play during the reply: no effect.
                None => return,
            },
        };
        let ctx = Ctx {
            card: ans.card,
            ability: ans.ability,
            owner: ans.owner,
            source: ans.uid,
            sub,
            target: ans.target,
        };
        self.resolve(s, ctx, rng, obs);
    }

    /// Goes on after a window closes.
    pub(super) fn after_window(
        &self,
        s: &mut State,
        trigger: Trigger,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if s.outcome.is_some() {
            return;
        }
        s.phase = Phase::Main;
        s.decider = s.active;
        match trigger {
            Trigger::EffectCard => {
                if let Some(h) = s.held.take() {
                    self.resolve_held(s, h, rng, obs);
                }
            }
            Trigger::CharacterPlayed => {}
            Trigger::BattleStart => self.next_battle_window(s, obs),
        }
    }

    /// Runs `step` of the flow now, or, while a search waits for its
    /// player's choice, after it ([`NintendoTcg::searched`]).
    pub(super) fn then(
        &self,
        s: &mut State,
        step: Then,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if s.search.is_some() {
            let held = s.then.push(step);
            assert!(held, "a search held up more than THEN steps");
            return;
        }
        match step {
            Then::Effects { ctx, next } => self.resolve_from(s, ctx, next.into(), rng, obs),
            Then::Tap { player, uid } => self.tap(s, player, uid, obs),
            Then::DropItem { player, uid, card } => {
                if let Some(h) = s.sides[player].char_mut(uid)
                    && let Some(i) = h.items.iter().position(|&x| x == card)
                {
                    h.items.remove(i);
                    self.emit(s, player, EventKind::Detach { card, uid }, obs);
                    self.to_discard(s, player, card, obs);
                }
            }
            Then::Resolved(h) => self.resolved(s, h, obs),
            Then::Discard { player, card } => self.to_discard(s, player, card, obs),
            Then::Window { player, trigger } => {
                // Already open (a Character put into play by the action
                // opened it): one window for the action.
                let open = s.phase == Phase::Window(trigger) && s.decider == player;
                if s.outcome.is_none() && !open {
                    self.open_window(s, player, trigger, obs);
                }
            }
            Then::Answer => self.resolve_answer(s, rng, obs),
            Then::AfterWindow(trigger) => self.after_window(s, trigger, rng, obs),
            Then::Commander(p) => self.reveal_commander(s, p, rng, obs),
            Then::FirstTurn(p) => self.start_turn(s, p, obs),
        }
    }

    // -----------------------------------------------------------------
    // Setup, turns.

    /// "2 – Where to start": a Commander chosen face down from the deck;
    /// once both are, decks shuffled, five cards each, a coin for the
    /// first player, Commanders revealed and paid for.
    fn pick(&self, s: &mut State, card: CardId, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let p = s.decider;
        let side = &mut s.sides[p];
        if let Some(i) = side.deck.iter().position(|&c| c == card) {
            side.deck.remove(i);
            side.pick = Some(card);
        }
        self.emit(s, p, EventKind::Pick { card }, obs);
        if s.sides[p.opponent()].pick.is_none() {
            s.decider = p.opponent();
            return;
        }
        for q in Player::all(2) {
            shuffle(rng, &mut s.sides[q].deck);
            for _ in 0..OPENING_HAND {
                self.draw(s, q, obs);
            }
        }
        let first = Player::new(below(rng, 2) as usize);
        let commanders = s.sides.map(|side| side.pick);
        self.emit(s, first, EventKind::Reveal { commanders, first }, obs);
        for q in [first, first.opponent()] {
            self.then(s, Then::Commander(q), rng, obs);
        }
        self.then(s, Then::FirstTurn(first), rng, obs);
    }

    /// `p`'s revealed Commander is paid for and played, or shuffled into
    /// the deck when it cannot be.
    pub(super) fn reveal_commander(
        &self,
        s: &mut State,
        p: Player,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(card) = s.sides[p].pick.take() else {
            return;
        };
        let cost = self.cost_of(s, p, card);
        if cost <= s.sides[p].power && self.may_enter(s, p, card) {
            s.sides[p].power -= cost;
            let from = Source::Pick;
            self.emit(s, p, EventKind::play_unhosted(card, cost, from, None), obs);
            let uid = self.enter(s, p, card, false, obs);
            self.instant_on_entry(s, p, uid, rng, obs);
        } else {
            let side = &mut s.sides[p];
            side.deck.push(card);
            shuffle(rng, &mut side.deck);
            self.emit(s, p, EventKind::ShuffleIn { card }, obs);
        }
    }

    /// Starts `p`'s turn: both players gain hand power, `p` draws (or
    /// loses); or the turn limit ends the game.
    pub(super) fn start_turn(&self, s: &mut State, p: Player, obs: &mut impl Observer<Event>) {
        s.active = p;
        s.decider = p;
        s.phase = Phase::Main;
        if s.turns >= self.options.max_turns {
            return self.game_over(s, None, TURN_LIMIT, obs);
        }
        s.turns += 1;
        for side in s.sides.iter_mut() {
            side.power = side.power.saturating_add(POWER_PER_TURN).min(MAX_POWER);
        }
        let (power, rival_power) = (s.sides[p].power, s.sides[p.opponent()].power);
        self.emit(s, p, EventKind::TurnStart { power, rival_power }, obs);
        // The turn's change switches the [Timed] Items' auras on or off.
        if self.hp_auras {
            self.sweep(s, obs);
        }
        if !self.draw(s, p, obs) {
            self.game_over(s, Some(p.opponent()), DECK_OUT, obs);
        }
    }

    /// End Turn: the Battle Phase (not on the game's very first turn),
    /// preceded by the battle-start windows.
    fn end_turn(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        if s.turns <= 1 {
            return self.finish_turn(s, obs);
        }
        s.battle_windows = self.answerable.map(|seat| seat[2]);
        self.next_battle_window(s, obs);
    }

    /// Opens the next battle-start window (the active player's first), or
    /// begins the battle.
    fn next_battle_window(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        let a = s.active;
        for q in [a, a.opponent()] {
            if s.battle_windows[q] {
                s.battle_windows[q] = false;
                return self.open_window(s, q, Trigger::BattleStart, obs);
            }
        }
        self.begin_battle(s, obs);
    }

    /// Between turns: the Assistant leaves, Poison bites, every Character
    /// untaps (Frozen ones once later), the next turn begins.
    pub(super) fn finish_turn(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        let p = s.active;
        let unspent = s.sides[p].power;
        self.emit(s, p, EventKind::TurnEnd { unspent }, obs);
        if let Some(card) = s.sides[p].assistant.take() {
            let at = Slot::Assistant;
            self.emit(s, p, EventKind::Leaves { card, at }, obs);
            self.to_discard(s, p, card, obs);
        }
        for q in Player::all(2) {
            let poisoned: arrayvec::ArrayVec<u8, BOARD> = s.sides[q]
                .board
                .iter()
                .filter(|c| c.has(flag::POISONED))
                .map(|c| c.uid)
                .collect();
            for uid in poisoned {
                if let Some(c) = s.sides[q].char_mut(uid) {
                    c.damage = c.damage.saturating_add(1);
                    let card = c.card;
                    let amount = 1;
                    self.emit(s, q, EventKind::Damage { card, uid, amount }, obs);
                }
            }
        }
        self.sweep(s, obs);
        for side in s.sides.iter_mut() {
            for c in side.board.iter_mut() {
                let keep = if c.has(flag::FROZEN) { flag::TAPPED } else { 0 };
                c.flags = (c.flags & (flag::SUB | flag::POISONED)) | keep;
                c.used = 0;
            }
            side.assisted = false;
            side.area_used = false;
        }
        self.emit(s, p, EventKind::Untap, obs);
        self.start_turn(s, p.opponent(), obs);
    }
}

/// The Character `p` chose with `target`: its side, board id and card
/// (`None`: no choice, or it is no longer in play).
fn chosen(s: &State, p: Player, target: Tgt) -> Option<(Player, u8, CardId)> {
    match target {
        Tgt::Own(uid) => Some((p, uid)),
        Tgt::Foe(uid) => Some((p.opponent(), uid)),
        Tgt::None | Tgt::Skip => None,
    }
    .and_then(|(q, uid)| s.sides[q].char(uid).map(|c| (q, uid, c.card)))
}
