//! The flow of a match: setup, rounds of three Waves, turns of two
//! actions, the end of a Wave, rout, trophies and the next game.
//!
//! rules/pixel-tactics.txt: "SETUP", "GAME FLOW", "Ceasefire", "ACTIONS",
//! "AttackING", "DAMAGE & CASUALTIES", "ENDING THE GAME" ("Rout", "The
//! Next Game").

use super::PixelTactics;
use super::action::{Action, Tgt};
use super::cards::{Ability, CardId, Cost, Row, Target, Trigger};
use super::effects::Ctx;
use super::events::{Event, EventKind};
use super::queries::{Reach, bit, slots};
use super::state::{
    ACTIONS, DECK_SIZE, DRAW_LIMIT, LEADER, OPENING_HAND, Occupant, Phase, SLOTS, Slot, State,
    UnitMasks,
};
use crate::core::{Game, GameRng, Node, Observer, Outcome, Player, Seats, below, copies, shuffle};

/// One Leader routed.
const ROUT: &str = "rout";
/// Both Leaders routed; the Unit with more living Heroes won.
const ROUT_TIEBREAK: &str = "rout_tiebreak";
/// Both Leaders routed with as many living Heroes: a tie.
const TIE: &str = "tie";
/// The turn limit cut the match: a draw.
const TURN_LIMIT: &str = "turn_limit";
/// A player claimed the trophies a best-of-3 or best-of-5 match needs.
const MATCH: &str = "match";

impl Game for PixelTactics {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn num_players(&self) -> usize {
        2
    }

    /// A new match: decks shuffled, hands of five, seat a to pick a Leader;
    /// the game's start and the opening hands go to `observer`.
    fn start(&self, rng: &mut GameRng, observer: &mut impl Observer<Event>) -> State {
        let mut s = State {
            sides: Seats::default(),
            phase: Phase::PickLeader,
            active: Player::A,
            first: Player::A,
            round: 0,
            wave: Row::Vanguard,
            actions: 0,
            limited_used: 0,
            turns: 0,
            game_turns: 0,
            game: 1,
            next_first: None,
            outcome: None,
        };
        for p in s.sides.players() {
            s.sides[p].deck.extend(copies(&self.decks[p].cards));
        }
        self.deal(&mut s, rng);
        self.announce(&s, observer);
        s
    }

    fn to_move(&self, s: &State) -> Node {
        match s.outcome {
            Some(outcome) => Node::Terminal(outcome),
            None => Node::Decision(s.active),
        }
    }

    /// The legal actions of the player to decide.
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        self.each_legal_action(s, |a| out.push(a));
    }

    /// Plays a legal action.
    fn apply(&self, s: &mut State, a: Action, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        if s.outcome.is_some() {
            return;
        }
        let p = s.active;
        let cost = self.cost(s, a).min(s.actions);
        self.emit(
            s,
            p,
            EventKind::Act {
                kind: a.kind(),
                cost,
            },
            obs,
        );
        match a {
            Action::Recruit { card, slot } => {
                let kind = EventKind::Play {
                    card,
                    cost,
                    slot: Some(slot),
                    target: Tgt::None,
                };
                self.emit(s, p, kind, obs);
            }
            Action::Order { card, target } => {
                let kind = EventKind::Play {
                    card,
                    cost,
                    slot: None,
                    target,
                };
                self.emit(s, p, kind, obs);
            }
            _ if cost > 0 => self.emit(s, p, EventKind::Pay { amount: cost }, obs),
            _ => {}
        }
        s.actions -= cost;
        match a {
            Action::Leader(card) => return self.pick(s, card, rng, obs),
            Action::Pass => return self.end_turn(s, rng, obs),
            Action::Draw => self.draw(s, p, obs),
            Action::Recruit { card, slot } => {
                self.take_from_hand(s, p, card);
                let hero = Slot {
                    occupant: Occupant::Hero,
                    card,
                    damage: 0,
                    acted: true,
                };
                s.sides[p].set_slot(slot, hero);
                self.react(s, (p, slot), Trigger::Recruited, None, rng, obs);
                self.react(s, (p, LEADER), Trigger::Recruited, None, rng, obs);
            }
            Action::Attack { from, target } => self.attack(s, from, target, rng, obs),
            Action::Spell { from, target } => {
                let at = s.sides[p].unit()[from as usize];
                s.sides[p].mark_acted(from);
                let Some(spell) = self.power(s, p, from).and_then(|pw| pw.spell.as_ref()) else {
                    return;
                };
                if spell.limited {
                    s.limited_used |= limited_spell_bit(from);
                }
                let card = at.card;
                self.emit(s, p, EventKind::Spell { from, card, target }, obs);
                let ctx = Ctx {
                    owner: p,
                    source: Some(from),
                    chosen: target,
                    attacker: None,
                };
                self.resolve(s, &spell.effects, ctx, rng, obs);
            }
            Action::LeaderAction { target } => {
                let Some(action) = self.power(s, p, LEADER).and_then(|pw| pw.action.as_ref())
                else {
                    return;
                };
                if action.limited {
                    s.limited_used |= 1 << LEADER;
                }
                let card = s.sides[p].leader().card;
                let kind = EventKind::Spell {
                    from: LEADER,
                    card,
                    target,
                };
                self.emit(s, p, kind, obs);
                let ctx = Ctx {
                    owner: p,
                    source: Some(LEADER),
                    chosen: target,
                    attacker: None,
                };
                self.resolve(s, &action.effects, ctx, rng, obs);
            }
            Action::Order { card, target } => {
                // "For the moment while an Order is activating, it is
                // neither in your Hand nor in your Discard Pile."
                self.take_from_hand(s, p, card);
                if let Some(order) = &self.db.card(card).order {
                    let ctx = Ctx {
                        owner: p,
                        source: None,
                        chosen: target,
                        attacker: None,
                    };
                    self.resolve(s, &order.effects, ctx, rng, obs);
                }
                s.sides[p].discard.push(card);
            }
            Action::Clear { slot } => {
                let side = &mut s.sides[p];
                let card = side.unit()[slot as usize].card;
                side.set_slot(slot, Slot::EMPTY);
                side.discard.push(card);
                self.emit(s, p, EventKind::Clear { slot, card }, obs);
            }
            Action::Move { from, to } => {
                let side = &mut s.sides[p];
                side.set_slot(to, side.unit()[from as usize]);
                side.mark_acted(to);
                side.set_slot(from, Slot::EMPTY);
                self.emit(s, p, EventKind::Move { from, to }, obs);
            }
            Action::Switch { a: x, b: y } => {
                let side = &mut s.sides[p];
                side.swap_slots(x, y);
                for slot in [x, y] {
                    if side.unit()[slot as usize].occupant == Occupant::Hero {
                        side.mark_acted(slot);
                    }
                }
                self.emit(s, p, EventKind::Switch { a: x, b: y }, obs);
            }
        }
        if s.outcome.is_none()
            && s.phase == Phase::Turn
            && s.actions == 0
            && !self.free_action_left(s)
        {
            self.end_turn(s, rng, obs);
        }
    }

    fn resample_hidden(&self, view: &mut State, observer: Player, rng: &mut GameRng) {
        self.redeal(view, observer, Some(rng));
    }

    fn info_key(&self, s: &State, player: Player) -> u64 {
        self.info_hash(s, player)
    }
}

impl PixelTactics {
    /// The trophies that win the match (rules: "The Next Game"): one in a
    /// single game, two in a best of 3, three in a best of 5
    /// (`--match`).
    pub fn trophies_to_win(&self) -> u8 {
        self.options.match_games / 2 + 1
    }

    /// "SETUP" for a game of the match: every card not in a trophy back
    /// into the deck, shuffled; five cards drawn, plus one per trophy of
    /// the rival ("The Next Game").
    fn deal(&self, s: &mut State, rng: &mut GameRng) {
        for p in s.sides.players() {
            let extra = usize::from(s.sides[p.opponent()].trophies);
            let side = &mut s.sides[p];
            let mut cards: arrayvec::ArrayVec<CardId, DECK_SIZE> =
                side.hand.iter().chain(&side.discard).copied().collect();
            cards.extend(
                side.unit()
                    .iter()
                    .filter(|u| u.occupant != Occupant::Empty)
                    .map(|u| u.card),
            );
            cards.extend(side.pick);
            side.deck.extend(cards);
            side.hand.clear();
            side.discard.clear();
            side.clear_unit();
            side.pick = None;
            side.leader_damage = 0;
            shuffle(rng, &mut side.deck);
            for _ in 0..OPENING_HAND + extra {
                if let Some(c) = side.deck.pop() {
                    side.hand.push(c);
                }
            }
        }
        s.phase = Phase::PickLeader;
        s.active = Player::A;
        s.game_turns = 0;
        s.round = 0;
        s.wave = Row::Vanguard;
        s.actions = 0;
    }

    /// Reports the start of the current game and its opening hands.
    fn announce(&self, s: &State, obs: &mut impl Observer<Event>) {
        let trophies = s.sides.map(|x| x.trophies);
        let game = s.game;
        self.emit(s, Player::A, EventKind::GameStart { game, trophies }, obs);
        for p in s.sides.players() {
            let side = &s.sides[p];
            let deck = (side.deck.len() + side.hand.len()) as u8;
            self.emit(s, p, EventKind::Shuffle { deck }, obs);
        }
        for p in s.sides.players() {
            for card in s.sides[p].hand {
                self.emit(s, p, EventKind::Draw { card }, obs);
            }
        }
    }

    /// Calls `push` with every legal action of the player to decide, in
    /// the order bots index them.
    fn each_legal_action(&self, s: &State, mut push: impl FnMut(Action)) {
        if s.outcome.is_some() {
            return;
        }
        let p = s.active;
        let side = &s.sides[p];
        if s.phase == Phase::PickLeader {
            for (i, &c) in side.hand.iter().enumerate() {
                if !side.hand[..i].contains(&c) {
                    push(Action::Leader(c));
                }
            }
            return;
        }
        let mut reach = Reach {
            own: s.sides[p].masks(),
            rival: s.sides[p.opponent()].masks(),
            rival_intercepted: None,
        };
        let (own, rival) = (reach.own, reach.rival);
        let fits = |cost: Cost| cost.actions() <= s.actions;
        // Once both actions are spent only Free ones remain (rules: "Free
        // Actions … do not take up one of your actions to use").
        let one = s.actions >= 1;
        let wave = self.wave_slots(s);
        // Draw a Card.
        if one && !side.deck.is_empty() && side.hand.len() < DRAW_LIMIT {
            push(Action::Draw);
        }
        // Recruit a Hero; Play an Order.
        let recruit_slots = if one { wave & own.empty } else { 0 };
        for (i, &card) in side.hand.iter().enumerate() {
            if side.hand[..i].contains(&card) {
                continue;
            }
            for slot in slots(recruit_slots) {
                push(Action::Recruit { card, slot });
            }
            if let Some(order) = &self.db.card(card).order
                && !s.ceasefire()
                && fits(order.cost)
            {
                targets(order, own, rival, |target| {
                    push(Action::Order { card, target })
                });
            }
        }
        if !s.ceasefire() {
            for from in slots(wave & own.standing & !own.acted) {
                let Some(power) = self.power(s, p, from) else {
                    continue;
                };
                // Attack with a Hero/Leader.
                if fits(power.attack_cost) {
                    for target in slots(self.attack_targets(s, p, from, &mut reach)) {
                        push(Action::Attack { from, target });
                    }
                }
                // Cast a Spell (Heroes; a Leader's own ability is an action).
                if let Some(spell) = &power.spell
                    && fits(spell.cost)
                    && !(spell.limited && s.limited_used & limited_spell_bit(from) != 0)
                {
                    targets(spell, own, rival, |target| {
                        push(Action::Spell { from, target })
                    });
                }
            }
        }
        // A Leader-specific action, in any Wave.
        if let Some(action) = self.power(s, p, LEADER).and_then(|pw| pw.action.as_ref())
            && fits(action.cost)
            && !(action.limited && s.limited_used & (1 << LEADER) != 0)
            && !(s.ceasefire() && action.touches_rival())
        {
            targets(action, own, rival, |target| {
                push(Action::LeaderAction { target })
            });
        }
        if one {
            // Clear a Corpse (any Wave).
            for slot in slots(own.corpses) {
                push(Action::Clear { slot });
            }
            // Move a Hero into an empty slot.
            for from in slots(own.heroes & !own.acted) {
                for to in slots(own.empty) {
                    push(Action::Move { from, to });
                }
            }
        }
        // Switch two Heroes or Corpses (a Long action).
        if s.actions >= 2 {
            let movable = own.corpses | (own.heroes & !own.acted);
            for a in slots(movable) {
                for b in slots(movable & !((bit(a) << 1) - 1)) {
                    push(Action::Switch { a, b });
                }
            }
        }
        push(Action::Pass);
    }

    /// What an action costs, in actions.
    pub(super) fn cost(&self, s: &State, a: Action) -> u8 {
        let p = s.active;
        match a {
            Action::Leader(_) | Action::Pass => 0,
            Action::Draw | Action::Recruit { .. } | Action::Clear { .. } | Action::Move { .. } => 1,
            Action::Switch { .. } => 2,
            Action::Attack { from, .. } => self
                .power(s, p, from)
                .map_or(1, |pw| pw.attack_cost.actions()),
            Action::Spell { from, .. } => self
                .power(s, p, from)
                .and_then(|pw| pw.spell.as_ref())
                .map_or(1, |sp| sp.cost.actions()),
            Action::LeaderAction { .. } => self
                .power(s, p, LEADER)
                .and_then(|pw| pw.action.as_ref())
                .map_or(1, |ac| ac.cost.actions()),
            Action::Order { card, .. } => self
                .db
                .card(card)
                .order
                .as_ref()
                .map_or(1, |o| o.cost.actions()),
        }
    }

    /// Whether the active player, with no action left, still has a Free
    /// action to use (rules: "You can use Free Actions as often as you
    /// want"): the turn then ends only by Pass.
    pub(super) fn free_action_left(&self, s: &State) -> bool {
        let mut free = false;
        self.each_legal_action(s, |a| free |= a != Action::Pass);
        free
    }

    fn take_from_hand(&self, s: &mut State, p: Player, card: CardId) {
        let hand = &mut s.sides[p].hand;
        if let Some(i) = hand.iter().position(|&c| c == card) {
            hand.remove(i);
        }
    }

    /// "SETUP": a Leader picked face down; once both are, they are
    /// revealed together and the first round begins.
    fn pick(&self, s: &mut State, card: CardId, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let p = s.active;
        self.take_from_hand(s, p, card);
        s.sides[p].pick = Some(card);
        self.emit(s, p, EventKind::Pick, obs);
        if s.sides[p.opponent()].pick.is_none() {
            s.active = p.opponent();
            return;
        }
        let leaders = s.sides.map(|side| side.pick.unwrap_or_default());
        for side in s.sides.iter_mut() {
            let card = side.pick.take().unwrap_or_default();
            let leader = Slot {
                occupant: Occupant::Leader,
                card,
                damage: 0,
                acted: false,
            };
            side.set_slot(LEADER, leader);
        }
        // "GAME FLOW": "After setup, randomly determine which player will
        // take the first turn"; "The player who won the previous game is
        // always the First Player at the start of the next game."
        let first = s
            .next_first
            .unwrap_or_else(|| Player::new(below(rng, 2) as usize));
        self.emit(s, first, EventKind::Reveal { leaders, first }, obs);
        s.first = first;
        s.round = 1;
        s.wave = Row::Vanguard;
        s.phase = Phase::Turn;
        self.start_turn(s, first, obs);
    }

    /// Starts `p`'s turn of two actions, or ends the match at the turn
    /// limit (ruling "Turn limit": player-turns of the current game, or
    /// the match's 16-bit turn counter full: a tied game is played again,
    /// so no `--max-turns` bounds the games of a match).
    fn start_turn(&self, s: &mut State, p: Player, obs: &mut impl Observer<Event>) {
        if s.game_turns >= self.options.max_turns || s.turns == u16::MAX {
            s.outcome = Some(Outcome::draw(2, TURN_LIMIT));
            let trophies = s.sides.map(|x| x.trophies);
            self.emit(
                s,
                p,
                EventKind::GameOver {
                    winner: None,
                    reason: TURN_LIMIT,
                    trophies,
                },
                obs,
            );
            return;
        }
        s.turns = s.turns.saturating_add(1);
        s.game_turns = s.game_turns.saturating_add(1);
        s.phase = Phase::Turn;
        s.active = p;
        s.actions = ACTIONS;
        s.limited_used = 0;
        s.sides[p].clear_acted();
        let (round, wave) = (s.round, s.wave);
        self.emit(
            s,
            p,
            EventKind::TurnStart {
                round,
                wave,
                actions: ACTIONS,
            },
            obs,
        );
    }

    /// Ends the active player's turn: the second player's turn follows,
    /// or the Wave ends.
    fn end_turn(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let p = s.active;
        let unspent = s.actions;
        s.actions = 0;
        self.emit(s, p, EventKind::TurnEnd { unspent }, obs);
        if p == s.first {
            self.start_turn(s, p.opponent(), obs);
        } else {
            self.end_wave(s, rng, obs);
        }
    }

    /// The end of a Wave: wave-end reactions, casualties, rout, then the
    /// next Wave (the next round after the Rear Wave, first and second
    /// players swapping).
    fn end_wave(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let order = [s.first, s.first.opponent()];
        for p in order {
            self.react_all(s, p, Trigger::WaveEnd, rng, obs);
        }
        // "At the end of each Wave, casualties are checked", then the
        // `ally_defeated` reactions, once per fallen Hero; damage those
        // reactions apply is checked again before the Wave is over.
        loop {
            let mut fallen = Seats::<u8, 2>::default();
            for p in order {
                for slot in slots(s.sides[p].masks().heroes) {
                    let damage = s.sides[p].unit()[slot as usize].damage;
                    // A Hero of life 0 (a negative aura) falls undamaged.
                    if damage >= self.life(s, p, slot) {
                        self.defeat(s, p, slot, obs);
                        fallen[p] += 1;
                    }
                }
            }
            if fallen.iter().all(|&n| n == 0) {
                break;
            }
            for p in order {
                for _ in 0..fallen[p] {
                    self.react_all(s, p, Trigger::AllyDefeated, rng, obs);
                }
            }
        }
        // "Rout".
        let routed = [Player::A, Player::B].map(|p| {
            let leader = s.sides[p].leader();
            leader.damage >= self.life(s, p, LEADER)
        });
        match routed {
            [false, false] => {}
            [true, true] => {
                let a = self.living_heroes(s, Player::A);
                let b = self.living_heroes(s, Player::B);
                if a == b {
                    return self.game_over(s, None, TIE, rng, obs);
                }
                let winner = if b > a { Player::B } else { Player::A };
                return self.game_over(s, Some(winner), ROUT_TIEBREAK, rng, obs);
            }
            [a_routed, _] => {
                let winner = if a_routed { Player::B } else { Player::A };
                return self.game_over(s, Some(winner), ROUT, rng, obs);
            }
        }
        if s.wave == Row::Rear {
            s.round += 1;
            s.first = s.first.opponent();
            s.wave = Row::Vanguard;
        } else {
            s.wave = Row::ALL[s.wave as usize + 1];
        }
        self.start_turn(s, s.first, obs);
    }

    /// A game of the match is over: the winner claims a trophy; the match
    /// ends (the last Units stay on the table for the summary), or both
    /// Leaders are set aside for the rest of the match and the next game
    /// begins.
    fn game_over(
        &self,
        s: &mut State,
        winner: Option<Player>,
        reason: &'static str,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if let Some(w) = winner {
            s.sides[w].trophies += 1;
        }
        let trophies = s.sides.map(|x| x.trophies);
        let p = winner.unwrap_or(s.active);
        self.emit(
            s,
            p,
            EventKind::GameOver {
                winner,
                reason,
                trophies,
            },
            obs,
        );
        let goal = self.trophies_to_win();
        match winner {
            Some(w) if goal == 1 => s.outcome = Some(Outcome::win(2, w, reason)),
            None if goal == 1 => s.outcome = Some(Outcome::draw(2, reason)),
            Some(w) if s.sides[w].trophies >= goal => s.outcome = Some(Outcome::win(2, w, MATCH)),
            _ => {
                // "The Next Game" (a tie claims no trophy: the game is
                // played again, lots drawn for the first player). The
                // trophy's Leaders stay out of the decks.
                if winner.is_some() {
                    for p in s.sides.players() {
                        let side = &mut s.sides[p];
                        let card = side.leader().card;
                        side.set_slot(LEADER, Slot::EMPTY);
                        side.set_aside.push(card);
                        self.emit(s, p, EventKind::SetAside { card }, obs);
                    }
                }
                s.game = s.game.saturating_add(1);
                s.next_first = winner;
                self.deal(s, rng);
                self.announce(s, obs);
            }
        }
    }

    /// An Attack (rules: "AttackING"): the attacker deals its Attack
    /// Strength (less the target's armor) to the target; then the
    /// target's and the attacker's reactions.
    fn attack(
        &self,
        s: &mut State,
        from: u8,
        target: u8,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let p = s.active;
        let r = p.opponent();
        let ranged = !(self.in_melee(s, p, from) && self.in_melee(s, r, target));
        let damage = self
            .attack_strength(s, p, from)
            .saturating_sub(self.armor(s, r, target));
        s.sides[p].mark_acted(from);
        let card = s.sides[p].unit()[from as usize].card;
        let target_card = s.sides[r].unit()[target as usize].card;
        self.emit(
            s,
            p,
            EventKind::Attack {
                from,
                card,
                target,
                target_card,
                damage,
                ranged,
            },
            obs,
        );
        self.damage(s, p, r, target, damage, obs);
        self.react(s, (r, target), Trigger::Attacked, Some((p, from)), rng, obs);
        self.react(s, (p, from), Trigger::AfterAttack, None, rng, obs);
    }
}

/// Calls `push` with every chosen target `ability` may take (once with
/// [`Tgt::None`] when it chooses none), given the acting player's Unit
/// `own` and the rival's.
fn targets(ability: &Ability, own: UnitMasks, rival: UnitMasks, mut push: impl FnMut(Tgt)) {
    match ability.chosen_target() {
        None => push(Tgt::None),
        Some(Target::ChosenAlly) => slots(own.standing).for_each(|t| push(Tgt::Own(t))),
        Some(Target::ChosenOwnCorpse) => slots(own.corpses).for_each(|t| push(Tgt::Own(t))),
        Some(Target::ChosenEnemy) => slots(rival.standing).for_each(|t| push(Tgt::Rival(t))),
        Some(_) => slots(rival.heroes).for_each(|t| push(Tgt::Rival(t))),
    }
}

/// The bit of `limited_used` for a Limited Spell cast from slot `from`: the
/// slot's own, but for the Leader, whose own bit is its Limited action's
/// (each Limited ability once per turn; docs/rulings/pixel-tactics.md,
/// "Limited").
fn limited_spell_bit(from: u8) -> u16 {
    if from == LEADER {
        1 << SLOTS
    } else {
        1 << from
    }
}
