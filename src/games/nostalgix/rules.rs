//! The flow of a Nostalgix game: setup, turns, the actions of step 3,
//! attacks, Surprise windows, and the end of the game.
//!
//! rules/nostalgix.txt: "Setting up to Play", "Parts of a Turn", "Turn
//! Actions Detailed", "Parts of an Attack", "How to Win", "Specialty Rules".

use super::Nostalgix;
use super::action::{Action, Tgt};
use super::cards::{CardId, Keywords, Kind, Op, SURPRISE_COST, Target, Trigger};
use super::deck::DECK_SIZE;
use super::effects::{Ctx, Hit, forget_known};
use super::events::{Event, EventKind};
use super::state::*;
use crate::core::{
    FirstCopies, Game, GameRng, NoObserver, Node, Observer, Outcome, Player, Seats, below, copies,
    distinct_ids, first_copies, shuffle,
};

// Reasons a game ends, as `games.csv` writes them.
/// A Hero's health fell to 0.
const HERO_KO: &str = "hero_ko";
/// A player took every prize counter.
const BY_PRIZES: &str = "prizes";
/// A Sudden Death game was won.
const SUDDEN_DEATH: &str = "sudden_death";
/// The turn limit was reached: a draw.
const TURN_LIMIT: &str = "turn_limit";

impl Game for Nostalgix {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn num_players(&self) -> usize {
        2
    }

    /// A new game up to the first mulligan decision (setup steps 1–5).
    fn start(&self, rng: &mut GameRng, observer: &mut impl Observer<Event>) -> State {
        // `deal` puts the Heroes in.
        let side = |_| Side {
            hero: Entity::default(),
            under: Default::default(),
            back: [BackCard::Empty; BACK_ROW],
            hand: Default::default(),
            hand_known: Default::default(),
            deck: Default::default(),
            bottom_known: 0,
            aside: Default::default(),
            void: Default::default(),
            max_mana: 0,
            mana: 0,
            bound_mana: 0,
            mana_token: false,
            prizes: 0,
            turns: 0,
            mulliganed: false,
        };
        let mut s = State {
            sides: Seats::from_fn(2, side),
            units: Seats::from_fn(2, |_| Units::new()),
            arena: None,
            phase: Phase::Mulligan,
            active: Player::A,
            turn: 0,
            first: Player::A,
            next_id: 2,
            prize_goal: PRIZES,
            sudden_deaths: 0,
            pending: Pending::None,
            windows: Default::default(),
            searches: Default::default(),
            capped: false,
            outcome: None,
            discards: 0,
            wounded: false,
        };
        self.deal(&mut s, rng, observer);
        s
    }

    fn to_move(&self, s: &State) -> Node {
        match s.outcome {
            Some(outcome) => Node::Terminal(outcome),
            None => Node::Decision(self.decider(s)),
        }
    }

    /// All legal actions, deterministic order. Identical cards in hand give
    /// one action (the first copy's index).
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if s.outcome.is_some() {
            return;
        }
        if let Some(search) = s.searches.first() {
            let deck = &s.sides[search.player].deck;
            let cards = deck
                .iter()
                .copied()
                .filter(|&c| self.matches(search.filter, c));
            out.extend(distinct_ids::<DECK_SIZE>(cards).map(|c| Action::Search(Some(c))));
            // A determinized deck may hold no such card.
            if out.is_empty() {
                out.push(Action::Search(None));
            }
            return;
        }
        if let Some(w) = s.windows.first() {
            self.legal_flips(s, *w, out);
            out.push(Action::Decline);
            return;
        }
        let p = s.active;
        let side = &s.sides[p];
        match s.phase {
            Phase::Mulligan => {
                if !side.aside.is_full() {
                    for i in first_copies(&side.hand) {
                        out.push(Action::MulliganPick(i as u8));
                    }
                }
                out.push(Action::MulliganDone { bottom: false });
                if !side.aside.is_empty() {
                    out.push(Action::MulliganDone { bottom: true });
                }
            }
            Phase::ChooseOrder => {
                out.push(Action::ChooseOrder { go_first: true });
                out.push(Action::ChooseOrder { go_first: false });
            }
            Phase::Discard => {
                for i in first_copies(&side.hand) {
                    out.push(Action::Discard(i as u8));
                }
            }
            Phase::Main => self.legal_main(s, p, out),
            Phase::Ending => {}
        }
    }

    /// Applies a legal action and runs the game on to the next decision.
    fn apply(
        &self,
        s: &mut State,
        action: Action,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let p = self.decider(s);
        match action {
            Action::MulliganPick(i) => {
                let side = &mut s.sides[p];
                if (i as usize) < side.hand.len() && !side.aside.is_full() {
                    let card = side.hand.remove(i as usize);
                    side.aside.push(card);
                    self.emit(s, p, EventKind::SetAside { card }, obs);
                }
            }
            Action::MulliganDone { bottom } => self.finish_mulligan(s, p, bottom, rng, obs),
            Action::ChooseOrder { go_first } => {
                let first = if go_first { p } else { p.opponent() };
                self.begin(s, first, obs);
            }
            Action::Summon { hand, slot } => self.summon(s, p, hand, slot, rng, obs),
            Action::Evolve { hand, unit } => self.evolve(s, p, hand, unit, rng, obs),
            // rules: "Stacked" — the card joins the Fighter: its ATK, its
            // prize shield; the Fighter is not summoned again, so its "when
            // summoned" abilities do not fire.
            Action::Stack { hand, unit } => {
                let card = self.take_from_hand(s, p, hand);
                let c = self.db.card(card);
                let u = &mut s.units[p][unit as usize];
                u.prize_shield |= c.prize_shield;
                let u = *u;
                let id = u.id;
                self.pay_card(s, p, card, Played::On(Some(id), None), obs);
                self.put_under(s, p, &u, card, obs);
                let atk = i8::try_from(c.atk).unwrap_or(i8::MAX);
                self.add_atk_counters(s, id, atk, obs);
            }
            Action::Cast { hand, target } => {
                let card = self.take_from_hand(s, p, hand);
                s.sides[p].void.push(card);
                let target = target.and_then(|t| self.target_id(s, t));
                self.pay_card(s, p, card, Played::Spell(target), obs);
                s.pending = Pending::Spell {
                    card,
                    target,
                    countered: false,
                };
                self.open_window(
                    s,
                    p.opponent(),
                    super::cards::SurpriseTrigger::EnemySpell,
                    None,
                    obs,
                );
            }
            Action::SetSurprise { hand } => {
                let card = s.sides[p].hand.remove(hand as usize);
                // The opponent sees a card go face down, not which: every
                // Surprise it knew of in that hand may be the one.
                let db = &self.db;
                s.sides[p]
                    .hand_known
                    .retain(|c| db.card(*c).kind != Kind::Surprise);
                let slot = self.put_back(s, p, BackCard::Surprise(card));
                self.pay(s, p, SURPRISE_COST);
                let mana_left = s.sides[p].mana;
                let kind = EventKind::Play {
                    card,
                    kind: Kind::Surprise,
                    cost: SURPRISE_COST,
                    mana_left,
                    id: None,
                    slot,
                    keywords: Keywords::NONE,
                    target: None,
                };
                self.emit(s, p, kind, obs);
            }
            Action::Equip { hand, target } => {
                let card = self.take_from_hand(s, p, hand);
                let on = self.target_id(s, target).unwrap_or(hero_id(p));
                let slot = self.put_back(s, p, BackCard::Equipment(card, on));
                if let Some(e) = s.entity_mut(on) {
                    e.equipped += 1;
                }
                self.refresh(s, on);
                self.pay_card(s, p, card, Played::On(Some(on), slot), obs);
            }
            Action::PlayArena { hand } => {
                let card = self.take_from_hand(s, p, hand);
                // The Arena replaced leaves, with its health bonuses.
                let bonuses = self.arena_to_void(s, obs);
                s.arena = Some((card, p));
                self.refresh_all(s);
                self.pay_card(s, p, card, Played::On(None, None), obs);
                self.shed_arena_bonuses(s, bonuses, obs);
            }
            Action::ManaToken => {
                let side = &mut s.sides[p];
                side.mana_token = false;
                side.mana = side.mana.saturating_add(1);
                let mana = side.mana;
                self.emit(s, p, EventKind::ManaToken { mana }, obs);
            }
            Action::HeroAbility { target } => {
                let hero = s.sides[p].hero;
                let ability = &self.card_of(&hero).abilities[0];
                s.sides[p].hero.ability_used = true;
                self.pay_ability(s, p, ability.cost, obs);
                let chosen = target.and_then(|t| self.target_id(s, t));
                self.emit(
                    s,
                    p,
                    EventKind::Ability {
                        source: hero.id,
                        card: hero.card,
                        ability: 0,
                        target: chosen,
                    },
                    obs,
                );
                let ctx = Ctx {
                    controller: p,
                    source: Some(hero.id),
                    chosen,
                    ..Ctx::default()
                };
                self.resolve(s, &ability.effects, ctx, rng, obs);
            }
            Action::UnitAbility {
                unit,
                ability,
                target,
            } => {
                let u = s.units[p][unit as usize];
                let a = &self.card_of(&u).abilities[ability as usize];
                s.units[p][unit as usize].ability_used = true;
                self.pay_ability(s, p, a.cost, obs);
                let chosen = target.and_then(|t| self.target_id(s, t));
                self.emit(
                    s,
                    p,
                    EventKind::Ability {
                        source: u.id,
                        card: u.card,
                        ability,
                        target: chosen,
                    },
                    obs,
                );
                let ctx = Ctx {
                    controller: p,
                    source: Some(u.id),
                    chosen,
                    ..Ctx::default()
                };
                self.resolve(s, &a.effects, ctx, rng, obs);
            }
            Action::Attack {
                attacker,
                attack,
                target,
            } => {
                let a = if attacker == Tgt::HERO {
                    &mut s.sides[p].hero
                } else {
                    &mut s.units[p][attacker as usize]
                };
                a.attacked = true;
                let (attacker, attacker_card) = (a.id, a.card);
                let defender = self.target_id(s, target).unwrap_or(hero_id(p.opponent()));
                let attack = if attacker < 2 { u8::MAX } else { attack };
                s.pending = Pending::Attack {
                    attacker,
                    attack,
                    defender,
                };
                // Steps 1–2 happen now, before any Surprise answers them.
                if obs.listens() {
                    let named = self.db.card(attacker_card).kind == Kind::Fighter;
                    let kind = EventKind::AttackDeclared {
                        attacker,
                        attacker_card,
                        target: defender,
                        target_card: s.entity(defender).map_or(attacker_card, |d| d.card),
                        attack: named.then_some(attack),
                    };
                    self.emit(s, p, kind, obs);
                }
                self.open_window(
                    s,
                    p.opponent(),
                    super::cards::SurpriseTrigger::EnemyAttack,
                    Some(attacker),
                    obs,
                );
            }
            Action::Flip { slot, target } => self.flip(s, p, slot, target, rng, obs),
            Action::Decline => {
                s.windows.remove(0);
            }
            Action::Discard(i) => {
                let card = self.take_from_hand(s, p, i);
                s.sides[p].void.push(card);
                let kind = EventKind::Discard {
                    card,
                    random: false,
                };
                self.emit(s, p, kind, obs);
                s.discards += 1;
                if s.sides[p].hand.len() <= HAND_LIMIT {
                    self.next_turn(s, rng, obs);
                }
            }
            Action::EndTurn => self.end_turn(s, p, rng, obs),
            Action::Search(card) => {
                let search = s.searches.remove(0);
                self.take_searched(s, search, card, rng, obs);
            }
        }
        self.settle(s, rng, obs);
    }

    fn resample_hidden(&self, view: &mut State, observer: Player, rng: &mut GameRng) {
        self.redeal(view, observer, Some(rng));
    }

    fn info_key(&self, s: &State, player: Player) -> u64 {
        self.info_hash(s, player)
    }

    fn follow_view(
        &self,
        view: &mut State,
        action: Action,
        state: &State,
        player: Player,
        rng: &mut GameRng,
    ) -> bool {
        self.apply(view, action, rng, &mut NoObserver);
        // The view was alike before this action: what is seen decides.
        self.seen_alike(view, state, player)
    }
}

impl Nostalgix {
    /// Setup steps 2–5 for both players: Heroes fresh, mana 0, decks
    /// shuffled, six cards drawn. Also starts a Sudden Death game.
    fn deal(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        for p in s.sides.players() {
            s.units[p].clear();
            let side = &mut s.sides[p];
            side.under = Default::default();
            side.back = [BackCard::Empty; BACK_ROW];
            side.hand.clear();
            side.hand_known.clear();
            side.aside.clear();
            side.void.clear();
            side.deck.clear();
            side.deck.extend(copies(&self.decks[p].cards));
            shuffle(rng, &mut side.deck);
            side.bottom_known = 0;
            side.max_mana = 0;
            side.mana = 0;
            side.bound_mana = 0;
            side.mana_token = false;
            side.prizes = 0;
            side.turns = 0;
            side.mulliganed = false;
            for _ in 0..6 {
                if let Some(c) = side.deck.pop() {
                    side.hand.push(c);
                }
            }
        }
        s.arena = None;
        s.phase = Phase::Mulligan;
        s.active = Player::A;
        s.pending = Pending::None;
        s.windows.clear();
        s.searches.clear();
        for p in s.sides.players() {
            let mut hero = self.spawn(s, hero_id(p), self.decks[p].hero, TOKEN_SLOT, 0, false);
            // rules: "Specialty Rules" — a Sudden Death game's Heroes start
            // with 5 health; their maximum stays the one printed ("Heal
            // (Restore)"), so the rest is damage a heal can restore.
            if s.sudden_deaths > 0 {
                let above = hero.health() - i16::from(SUDDEN_DEATH_HEALTH);
                hero.damage = u8::try_from(above.max(0)).unwrap_or(u8::MAX);
            }
            s.sides[p].hero = hero;
        }
        for p in s.sides.players() {
            let side = &s.sides[p];
            let kind = EventKind::Deal {
                hand: side.hand.len() as u8,
                deck: side.deck.len() as u8,
                health: side.hero.health().max(0) as u8,
                prize_goal: s.prize_goal,
            };
            self.emit(s, p, kind, obs);
        }
    }

    /// Who decides now: a searching player, else the owner of the oldest
    /// Surprise window, else the active player.
    #[inline]
    fn decider(&self, s: &State) -> Player {
        match (s.searches.first(), s.windows.first()) {
            (Some(search), _) => search.player,
            (None, Some(w)) => w.owner,
            (None, None) => s.active,
        }
    }

    // -----------------------------------------------------------------
    // Legal actions

    fn legal_main(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        let (side, units) = (&s.sides[p], &s.units[p]);
        let back_free = side.back.contains(&BackCard::Empty);
        // One walk over the units: the slots they fill, and which of them
        // may use an activated ability or attack (as bits in unit order,
        // the order their actions come in).
        const { assert!(MAX_UNITS <= 64) };
        let (mut occupied, mut activated, mut attackers) = (0u8, 0u64, 0u64);
        for (u, unit) in units.iter().enumerate() {
            if unit.slot < SLOTS {
                occupied |= 1 << unit.slot;
            }
            let ready = !unit.ability_used && self.card_of(unit).has_trigger(Trigger::Activated);
            activated |= u64::from(ready) << u;
            attackers |= u64::from(self.can_attack(s, unit)) << u;
        }
        // Affordability first, in a tight loop of its own (most cards in a
        // hand are not affordable): every copy of a card costs the same.
        const { assert!(MAX_HAND <= 64) };
        let mut affordable = 0u64;
        for (i, &id) in side.hand.iter().enumerate() {
            affordable |= u64::from(self.db.card(id).cost <= side.mana) << i;
        }
        let mut offered = FirstCopies::default();
        while affordable != 0 {
            let i = affordable.trailing_zeros() as usize;
            affordable &= affordable - 1;
            if !offered.first(&side.hand, i) {
                continue;
            }
            let card = self.db.card(side.hand[i]);
            let hand = i as u8;
            match card.kind {
                Kind::Fighter => {
                    if card.level == 1 {
                        let mut free = !occupied & ((1 << SLOTS) - 1);
                        while free != 0 {
                            let slot = free.trailing_zeros() as u8;
                            free &= free - 1;
                            out.push(Action::Summon { hand, slot });
                        }
                    }
                    let stacks = card.keywords.has(Keywords::STACKED);
                    if card.evolves_from.is_none() && !stacks {
                        continue;
                    }
                    for (u, unit) in units.iter().enumerate() {
                        if unit.token {
                            continue;
                        }
                        if card.evolves_from == Some(unit.card) {
                            out.push(Action::Evolve {
                                hand,
                                unit: u as u8,
                            });
                        }
                        if stacks && self.card_of(unit).subtype == card.subtype {
                            out.push(Action::Stack {
                                hand,
                                unit: u as u8,
                            });
                        }
                    }
                }
                Kind::Spell if back_free => {
                    let chosen = card.chosen_target();
                    self.push_targets(s, p, chosen, Keywords::IMMUNE_SPELLS, out, |target| {
                        Action::Cast { hand, target }
                    });
                }
                // Affordable: a Surprise's card cost is SURPRISE_COST.
                Kind::Surprise if back_free => out.push(Action::SetSurprise { hand }),
                Kind::Equipment if back_free => {
                    for q in Player::all(2) {
                        out.push(Action::Equip {
                            hand,
                            target: Tgt::hero(q),
                        });
                        out.extend((0..s.units[q].len()).map(|u| Action::Equip {
                            hand,
                            target: Tgt::unit(q, u),
                        }));
                    }
                }
                Kind::Arena => out.push(Action::PlayArena { hand }),
                _ => {}
            }
        }
        if side.mana_token {
            out.push(Action::ManaToken);
        }
        if let Some(ability) = self.card_of(&side.hero).abilities.first()
            && !side.hero.ability_used
            && ability.cost <= side.mana
        {
            let chosen = ability
                .effects
                .iter()
                .map(|e| e.target)
                .find(|t| t.is_chosen());
            self.push_targets(s, p, chosen, Keywords::NONE, out, |target| {
                Action::HeroAbility { target }
            });
        }
        while activated != 0 {
            let u = activated.trailing_zeros() as usize;
            activated &= activated - 1;
            let card = self.card_of(&units[u]);
            for (a, ability) in card.abilities.iter().enumerate() {
                if ability.trigger == Trigger::Activated && ability.cost <= side.mana {
                    let chosen = ability
                        .effects
                        .iter()
                        .map(|e| e.target)
                        .find(|t| t.is_chosen());
                    let (unit, ability) = (u as u8, a as u8);
                    self.push_targets(s, p, chosen, Keywords::NONE, out, |target| {
                        Action::UnitAbility {
                            unit,
                            ability,
                            target,
                        }
                    });
                }
            }
        }
        self.legal_attacks(s, p, attackers, out);
        out.push(Action::EndTurn);
    }

    /// rules: "Attack with any Fighter that does not have Summoning
    /// Sickness", "Attack with your Hero, if they have any attack points",
    /// "Charge", "Binding", "Taunt".
    /// `attackers`: bit `u` set for each unit `u` of `p` that may attack.
    fn legal_attacks(&self, s: &State, p: Player, mut attackers: u64, out: &mut Vec<Action>) {
        let (side, units) = (&s.sides[p], &s.units[p]);
        let foe = p.opponent();
        let taunt = self.side_has(s, foe, Keywords::TAUNT);
        let mut targets: arrayvec::ArrayVec<Tgt, { MAX_UNITS + 1 }> = arrayvec::ArrayVec::new();
        let foe_side = &s.sides[foe];
        if !taunt || foe_side.hero.keywords.has(Keywords::TAUNT) {
            targets.push(Tgt::hero(foe));
        }
        for (u, unit) in s.units[foe].iter().enumerate() {
            if !taunt || unit.keywords.has(Keywords::TAUNT) {
                targets.push(Tgt::unit(foe, u));
            }
        }
        while attackers != 0 {
            let u = attackers.trailing_zeros() as usize;
            attackers &= attackers - 1;
            let attacks = self.card_of(&units[u]).attacks.len().max(1);
            for a in 0..attacks {
                // One reservation for the whole run of targets.
                out.extend(targets.iter().map(|&target| Action::Attack {
                    attacker: u as u8,
                    attack: a as u8,
                    target,
                }));
            }
        }
        if self.can_attack(s, &side.hero) && side.hero.atk_bonus() > 0 {
            out.extend(targets.iter().map(|&target| Action::Attack {
                attacker: Tgt::HERO,
                attack: 0,
                target,
            }));
        }
    }

    fn can_attack(&self, s: &State, e: &Entity) -> bool {
        let sick = e.id >= 2 && e.entered_turn >= s.turn && !e.keywords.has(Keywords::CHARGE);
        !e.attacked && !sick && e.bound_turn != s.turn
    }

    /// Pushes one action per legal chosen target (or one with no target).
    /// Entities immune to the card type are not targetable.
    fn push_targets(
        &self,
        s: &State,
        p: Player,
        chosen: Option<Target>,
        immune: Keywords,
        out: &mut Vec<Action>,
        make: impl Fn(Option<Tgt>) -> Action,
    ) {
        let Some(t) = chosen else {
            out.push(make(None));
            return;
        };
        let (sides, heroes): (&[Player], bool) = match t {
            Target::ChosenEnemy => (&[p.opponent()], true),
            Target::ChosenEnemyFighter => (&[p.opponent()], false),
            Target::ChosenAllyFighter => (&[p], false),
            _ => (&[Player::A, Player::B], false),
        };
        for &q in sides {
            let side = &s.sides[q];
            if heroes && !side.hero.keywords.has(immune) {
                out.push(make(Some(Tgt::hero(q))));
            }
            for (u, unit) in s.units[q].iter().enumerate() {
                if !unit.keywords.has(immune) {
                    out.push(make(Some(Tgt::unit(q, u))));
                }
            }
        }
    }

    fn legal_flips(&self, s: &State, w: Window, out: &mut Vec<Action>) {
        let side = &s.sides[w.owner];
        for (slot, b) in side.back.iter().enumerate() {
            let BackCard::Surprise(c) = *b else { continue };
            let card = self.db.card(c);
            if card.surprise_trigger != Some(w.trigger) {
                continue;
            }
            if let Some(subject) = w.subject.and_then(|id| s.entity(id)) {
                let aimed = card
                    .effects
                    .iter()
                    .any(|e| matches!(e.target, Target::Attacker | Target::Summoned));
                if aimed && subject.keywords.has(Keywords::IMMUNE_SURPRISES) {
                    continue;
                }
            }
            let slot = slot as u8;
            self.push_targets(
                s,
                w.owner,
                card.chosen_target(),
                Keywords::IMMUNE_SURPRISES,
                out,
                |target| Action::Flip { slot, target },
            );
        }
    }

    // -----------------------------------------------------------------
    // Applying actions

    fn take_from_hand(&self, s: &mut State, p: Player, i: u8) -> CardId {
        let card = s.sides[p].hand.remove(i as usize);
        forget_known(s, p, card);
        card
    }

    /// Puts `card` in the first free back-row slot; returns the slot.
    fn put_back(&self, s: &mut State, p: Player, card: BackCard) -> Option<u8> {
        let back = &mut s.sides[p].back;
        let slot = back.iter().position(|b| *b == BackCard::Empty)?;
        back[slot] = card;
        Some(slot as u8)
    }

    fn pay(&self, s: &mut State, p: Player, amount: u8) {
        let side = &mut s.sides[p];
        side.mana = side.mana.saturating_sub(amount);
    }

    fn pay_ability(&self, s: &mut State, p: Player, amount: u8, obs: &mut impl Observer<Event>) {
        self.pay(s, p, amount);
        if amount > 0 {
            self.emit(s, p, EventKind::Pay { amount }, obs);
        }
    }

    /// Pays a card's cost and logs it as played ([`Played`]).
    fn pay_card(
        &self,
        s: &mut State,
        p: Player,
        card: CardId,
        played: Played,
        obs: &mut impl Observer<Event>,
    ) {
        let c = self.db.card(card);
        self.pay(s, p, c.cost);
        // The rest only reports the play: skipped when nobody reads it.
        if !obs.listens() {
            return;
        }
        let (id, slot, target) = match played {
            Played::On(id, slot) => (id, slot, None),
            Played::Spell(target) => (None, None, target),
        };
        let mana_left = s.sides[p].mana;
        let keywords = id
            .and_then(|id| s.entity(id))
            .map_or(c.keywords, |e| e.keywords);
        self.emit(
            s,
            p,
            EventKind::Play {
                card,
                kind: c.kind,
                cost: c.cost,
                mana_left,
                id,
                slot,
                keywords,
                target,
            },
            obs,
        );
    }

    /// The entity id a [`Tgt`] names now.
    pub(super) fn target_id(&self, s: &State, t: Tgt) -> Option<u16> {
        if t.unit == Tgt::HERO {
            Some(s.sides[t.side].hero.id)
        } else {
            s.units[t.side].get(t.unit as usize).map(|u| u.id)
        }
    }

    /// Setup step 6: the mulligan, once per player.
    fn finish_mulligan(
        &self,
        s: &mut State,
        p: Player,
        bottom: bool,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let side = &mut s.sides[p];
        let count = side.aside.len() as u8;
        if bottom {
            // The first card set aside ends at the very bottom.
            let aside = std::mem::take(&mut side.aside);
            for (i, c) in aside.into_iter().enumerate() {
                side.deck.insert(i, c);
            }
            side.bottom_known = count;
        } else {
            let aside = std::mem::take(&mut side.aside);
            side.deck.extend(aside);
            shuffle(rng, &mut side.deck);
            side.bottom_known = 0;
        }
        for _ in 0..count {
            if let Some(c) = side.deck.pop() {
                side.hand.push(c);
            }
        }
        side.bottom_known = side.bottom_known.min(side.deck.len() as u8);
        side.mulliganed = true;
        self.emit(s, p, EventKind::Mulligan { count, bottom }, obs);
        if !s.sides[p.opponent()].mulliganed {
            s.active = p.opponent();
        } else {
            // Setup step 7: a coin decides who chooses the turn order.
            let heads = below(rng, 2) == 0;
            s.active = if heads { Player::A } else { Player::B };
            s.phase = Phase::ChooseOrder;
            let kind = EventKind::Coin {
                heads,
                turn_order: true,
            };
            self.emit(s, s.active, kind, obs);
        }
    }

    /// Setup step 8: the second player keeps the mana token, Heroes flip,
    /// the first turn starts.
    fn begin(&self, s: &mut State, first: Player, obs: &mut impl Observer<Event>) {
        s.first = first;
        s.sides[first.opponent()].mana_token = true;
        s.phase = Phase::Main;
        let heroes = s.sides.map(|side| side.hero.card);
        let health = s.sides.map(|side| side.hero.health().max(0) as u8);
        self.emit(
            s,
            first,
            EventKind::Start {
                first,
                heroes,
                health,
            },
            obs,
        );
        // The opening hands (after the mulligans) count as drawn.
        for p in [first, first.opponent()] {
            for card in s.sides[p].hand {
                self.emit(s, p, EventKind::Opening { card }, obs);
            }
        }
        s.active = first.opponent(); // start_turn passes the turn to `first`
        self.start_turn_of(s, first, obs);
    }

    fn next_turn(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let p = s.active;
        let hand = s.sides[p].hand.len() as u8;
        let mana_left = s.sides[p].mana;
        self.emit(
            s,
            p,
            EventKind::EndTurn {
                hand,
                discarded: s.discards,
                mana_left,
            },
            obs,
        );
        s.discards = 0;
        s.phase = Phase::Main;
        self.start_turn_of(s, p.opponent(), obs);
        // A win in the draw step (the last prize counter taken for a card
        // that could not be drawn) ends the game before the new turn's
        // effects: they come after it, not at the same time.
        if s.outcome.is_some() || Player::all(2).any(|q| wins(s, q)) {
            return;
        }
        let ctx = Ctx {
            controller: p.opponent(),
            ..Ctx::default()
        };
        self.fire_units(s, p.opponent(), Trigger::StartOfTurn, ctx, rng, obs);
        let hero = s.sides[p.opponent()].hero;
        self.fire(s, &hero, Trigger::StartOfTurn, ctx, rng, obs);
        if let Some((arena, _)) = s.arena {
            self.resolve(s, &self.db.card(arena).effects, ctx, rng, obs);
        }
    }

    /// "Parts of a Turn" steps 1–2: draw, then maximum mana +1 (up to 10)
    /// and refill, less any bound mana (rules: "Binding").
    fn start_turn_of(&self, s: &mut State, p: Player, obs: &mut impl Observer<Event>) {
        if s.turn >= self.options.max_turns {
            s.outcome = Some(Outcome::draw(2, TURN_LIMIT));
            return;
        }
        s.turn += 1;
        s.active = p;
        let side = &mut s.sides[p];
        side.turns += 1;
        for e in std::iter::once(&mut side.hero).chain(s.units[p].iter_mut()) {
            e.attacked = false;
            e.ability_used = false;
        }
        self.draw(s, p, 1, obs);
        let side = &mut s.sides[p];
        side.max_mana = (side.max_mana + 1).min(MANA_CAP);
        side.mana = side.max_mana.saturating_sub(side.bound_mana);
        let bound = std::mem::take(&mut side.bound_mana);
        let (max_mana, mana, hand, deck) = (
            side.max_mana,
            side.mana,
            side.hand.len() as u8,
            side.deck.len() as u8,
        );
        self.emit(
            s,
            p,
            EventKind::TurnStart {
                max_mana,
                mana,
                bound,
                hand,
                deck,
            },
            obs,
        );
    }

    /// "End your turn": end-of-turn effects, then discard down to 10.
    fn end_turn(
        &self,
        s: &mut State,
        p: Player,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let ctx = Ctx {
            controller: p,
            ..Ctx::default()
        };
        self.fire_units(s, p, Trigger::EndOfTurn, ctx, rng, obs);
        let hero = s.sides[p].hero;
        self.fire(s, &hero, Trigger::EndOfTurn, ctx, rng, obs);
        s.phase = Phase::Ending;
    }

    fn summon(
        &self,
        s: &mut State,
        p: Player,
        hand: u8,
        slot: u8,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let card = self.take_from_hand(s, p, hand);
        let id = s.fresh_id();
        let turn = s.turn;
        let unit = self.spawn(s, id, card, slot, turn, false);
        s.units[p].push(unit);
        self.pay_card(s, p, card, Played::On(Some(id), Some(slot)), obs);
        self.entered(s, p, id, rng, obs);
    }

    /// rules: "Fighter Evolution" — stacked on the lower level; Equipment,
    /// +1ATK counters and damage stay; Binding and -ATK counters ("negative
    /// temporary conditions") are removed; Summoning Sickness follows the
    /// entity, not the card.
    fn evolve(
        &self,
        s: &mut State,
        p: Player,
        hand: u8,
        unit: u8,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let card = self.take_from_hand(s, p, hand);
        // An aura that matched the old level may not match the new one.
        let before = self.health_bonus(s, &s.units[p][unit as usize]);
        let u = &mut s.units[p][unit as usize];
        let old = u.card;
        u.card = card;
        u.bound_turn = 0;
        // The -1ATK counters go, every one of them; the +1ATK ones stay.
        let removed = std::mem::take(&mut u.atk_minus);
        let u = *u;
        let id = u.id;
        self.refresh(s, id);
        let c = self.db.card(card);
        self.pay(s, p, c.cost);
        let mana_left = s.sides[p].mana;
        let keywords = s.entity(id).map_or(c.keywords, |e| e.keywords);
        self.emit(
            s,
            p,
            EventKind::Evolve {
                card,
                id,
                cost: c.cost,
                mana_left,
                keywords,
            },
            obs,
        );
        if removed > 0 {
            let kind = EventKind::AtkCountersRemoved {
                target: id,
                amount: removed,
                total: u.atk_counters(),
            };
            self.emit(s, p, kind, obs);
        }
        self.shed_bonus(s, id, before, obs);
        self.put_under(s, p, &u, old, obs);
        self.entered(s, p, id, rng, obs);
    }

    /// Puts `card` beneath `unit` of `p` (evolution, stacking). At most
    /// [`MAX_UNDER`] cards fit beneath a Fighter: one beyond is not kept,
    /// and never silently (docs/rulings/nostalgix.md, "Cards beneath a
    /// Fighter").
    fn put_under(
        &self,
        s: &mut State,
        p: Player,
        unit: &Entity,
        card: CardId,
        obs: &mut impl Observer<Event>,
    ) {
        if !s.sides[p].push_under(unit, card) {
            self.cap(s, p, "under", obs);
        }
    }

    /// Fires the `on_summon` abilities of entity `id`, which has just
    /// entered play for `p`: a Fighter summoned or evolved into, or a token
    /// summoned (rules: glossary "Token"); then opens the opponent's window
    /// for Surprises "when an enemy Fighter is summoned" (the same reading
    /// of "summoned": docs/rulings/nostalgix.md, "Evolution").
    pub(super) fn entered(
        &self,
        s: &mut State,
        p: Player,
        id: u16,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if let Some(e) = s.entity(id).cloned() {
            let ctx = Ctx {
                controller: p,
                ..Ctx::default()
            };
            self.fire(s, &e, Trigger::OnSummon, ctx, rng, obs);
        }
        let trigger = super::cards::SurpriseTrigger::EnemySummon;
        self.open_window(s, p.opponent(), trigger, Some(id), obs);
    }

    /// rules: "Surprises" — flip face up, resolve, send to the Void.
    fn flip(
        &self,
        s: &mut State,
        p: Player,
        slot: u8,
        target: Option<Tgt>,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let BackCard::Surprise(card) = s.sides[p].back[slot as usize] else {
            return;
        };
        let w = s.windows[0];
        s.sides[p].back[slot as usize] = BackCard::Empty;
        s.sides[p].void.push(card);
        let chosen = target.and_then(|t| self.target_id(s, t));
        self.emit(
            s,
            p,
            EventKind::Surprise {
                card,
                slot,
                trigger: w.trigger,
                target: chosen,
            },
            obs,
        );
        let ctx = Ctx {
            controller: p,
            chosen,
            subject: w.subject,
            ..Ctx::default()
        };
        self.resolve(s, &self.db.card(card).effects, ctx, rng, obs);
    }

    /// Runs the game on until someone must decide: closes windows nobody
    /// can use, resolves suspended attacks and spells, sends defeated
    /// Fighters to the Void and checks for a winner once the searches and
    /// Surprise windows an action opened are over (docs/rulings/nostalgix.md,
    /// "Winning": a Surprise may still answer the damage that would win),
    /// and so also after the windows that answer a declared attack or a
    /// Spell, before it resolves.
    fn settle(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        loop {
            self.clean_up(s, rng, obs);
            // A finished game (the turn limit) asks nobody anything more.
            let live = s.outcome.is_none();
            if live && !s.searches.is_empty() {
                return;
            }
            if live && let Some(w) = s.windows.first() {
                if s.sides[w.owner].has_face_down() {
                    return;
                }
                s.windows.remove(0);
                continue;
            }
            if self.check_winner(s, rng, obs) {
                return;
            }
            match std::mem::replace(&mut s.pending, Pending::None) {
                // End of turn, once its effects have settled: discard down
                // to 10, then the next turn.
                Pending::None if s.phase == Phase::Ending => {
                    if s.sides[s.active].hand.len() > HAND_LIMIT {
                        s.phase = Phase::Discard;
                        return;
                    }
                    self.next_turn(s, rng, obs);
                }
                Pending::None => return,
                Pending::Attack {
                    attacker,
                    attack,
                    defender,
                } => self.resolve_attack(s, attacker, attack, defender, rng, obs),
                Pending::Spell {
                    card,
                    target,
                    countered,
                } => {
                    let p = s.active;
                    if countered {
                        self.emit(s, p, EventKind::Countered { card }, obs);
                    } else {
                        let ctx = Ctx {
                            controller: p,
                            chosen: target,
                            ..Ctx::default()
                        };
                        self.resolve(s, &self.db.card(card).effects, ctx, rng, obs);
                    }
                }
            }
        }
    }

    /// Runs the end-of-resolution checks (tests build positions by hand).
    #[cfg(test)]
    pub(super) fn clean_up_for_tests(&self, s: &mut State, rng: &mut GameRng) {
        // Positions built by hand may hold units without health.
        s.wounded = true;
        self.settle(s, rng, &mut crate::core::NoObserver);
    }

    /// Sends every Fighter with no health left to the Void (step 8). Most
    /// steps hurt nobody: this test is all they pay for.
    #[inline(always)]
    fn clean_up(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        if s.wounded || s.arena.is_some() {
            self.send_the_fallen_to_the_void(s, rng, obs);
        }
    }

    /// The clean-up of a step that may have left a Fighter without health.
    #[inline(never)]
    fn send_the_fallen_to_the_void(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        // An Arena that takes health can defeat undamaged Fighters.
        let arena = s.arena.filter(|&(a, _)| self.db.card(a).aura_health < 0);
        if !s.wounded && arena.is_none() {
            return;
        }
        while let Some((owner, u)) = first_defeated(s, arena.is_some()) {
            // Destroyed by whoever dealt it damage last, or by the Arena's
            // player when the Arena took its last health.
            let by = u
                .hurt_by
                .filter(|_| u.damage > 0)
                .or(arena.map(|(_, p)| p))
                .unwrap_or(owner.opponent());
            self.destroy(s, u.id, true, by, rng, obs);
        }
        s.wounded = false;
    }

    /// rules: "How to Win" and "Specialty Rules": a win by Hero health 0
    /// or all prize counters; both at once starts a Sudden Death game.
    /// It runs before a suspended attack or Spell resolves, once the
    /// windows that answer it have closed (docs/rulings/nostalgix.md,
    /// "Winning"): a game that ends then closes it in the log first
    /// ([`Nostalgix::close_unresolved`]).
    fn check_winner(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) -> bool {
        if let Some(outcome) = s.outcome {
            self.close_unresolved(s, obs);
            self.emit(
                s,
                s.active,
                EventKind::GameOver {
                    winner: outcome.winner(),
                    reason: outcome.reason,
                },
                obs,
            );
            return true;
        }
        match (wins(s, Player::A), wins(s, Player::B)) {
            (false, false) => false,
            (true, true) => {
                self.close_unresolved(s, obs);
                s.sudden_deaths = s.sudden_deaths.saturating_add(1);
                s.prize_goal = SUDDEN_DEATH_PRIZES;
                let number = s.sudden_deaths;
                self.emit(s, s.active, EventKind::SuddenDeath { number }, obs);
                self.deal(s, rng, obs);
                false
            }
            (a_wins, _) => {
                let w = if a_wins { Player::A } else { Player::B };
                let reason = if s.sudden_deaths > 0 {
                    SUDDEN_DEATH
                } else if knocks_out(s, w) {
                    HERO_KO
                } else {
                    BY_PRIZES
                };
                s.outcome = Some(Outcome::win(2, w, reason));
                self.close_unresolved(s, obs);
                self.emit(
                    s,
                    w,
                    EventKind::GameOver {
                        winner: Some(w),
                        reason,
                    },
                    obs,
                );
                true
            }
        }
    }

    /// Logs the end of the attack or Spell still waiting to resolve when
    /// the game ends (a Surprise in its window won it, or made both players
    /// win): it never resolves, so the attack's `fizzle`, or the Spell's
    /// `countered` (it does nothing), as when it is cancelled — every
    /// `attack_declared` and every Spell's `play` is closed before the
    /// `game_over` or `sudden_death` (docs/events.md). The state is left
    /// as it is: nothing reads it once the game is over, and a Sudden Death
    /// deal clears it.
    fn close_unresolved(&self, s: &State, obs: &mut impl Observer<Event>) {
        let kind = match s.pending {
            Pending::None => return,
            Pending::Attack {
                attacker, defender, ..
            } => EventKind::Fizzle { attacker, defender },
            Pending::Spell { card, .. } => EventKind::Countered { card },
        };
        self.emit(s, s.active, kind, obs);
    }

    /// "Parts of an Attack", steps 3–9 (steps 1–2 are the action itself).
    fn resolve_attack(
        &self,
        s: &mut State,
        attacker: u16,
        attack: u8,
        defender: u16,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let (Some(a), Some(d), Some((p, _))) = (
            s.entity(attacker).cloned(),
            s.entity(defender).cloned(),
            s.locate(attacker),
        ) else {
            let kind = EventKind::Fizzle { attacker, defender };
            return self.emit(s, s.active, kind, obs);
        };
        let card = self.card_of(&a);
        let effects: &[super::cards::Effect] = match card.attacks.get(attack as usize) {
            Some(at) if a.id >= 2 => &at.effects,
            _ => &[],
        };
        let printed = if a.id < 2 {
            0
        } else if card.kind == Kind::Token {
            i16::from(card.atk)
        } else {
            card.attacks
                .get(attack as usize)
                .map_or(0, |at| i16::from(at.damage))
        };
        let ctx = Ctx {
            controller: p,
            source: Some(attacker),
            defender: Some(defender),
            ..Ctx::default()
        };
        // Step 3: effects that increase or decrease the damage; an amount
        // of damage is never below 0 (docs/rulings/nostalgix.md, "Step 3").
        let mut base = printed;
        for e in effects.iter().filter(|e| e.op == Op::BonusDamage) {
            if self.holds(s, e.condition, ctx, rng, obs) {
                base += i16::from(e.amount);
            }
        }
        let base = base.max(0);
        // Step 4: +/- ATK counters (and Equipment/Arena attack bonuses).
        let counters = a.atk_bonus();
        let mut damage = (base + counters).max(0);
        // Steps 5–6: Weakness doubles, Resistance takes 2, after counters.
        let el = self.element(&a);
        let dcard = self.card_of(&d);
        let weak = defender >= 2 && el.is_some() && dcard.weakness == el;
        let resist = defender >= 2 && el.is_some() && dcard.resistance == el;
        if weak {
            damage *= 2;
        }
        if resist {
            damage = (damage - 2).max(0);
        }
        let kind = EventKind::Attack {
            attacker,
            attacker_card: a.card,
            target: defender,
            target_card: d.card,
            attack: (a.id >= 2 && card.kind != Kind::Token).then_some(attack),
            base,
            atk_counters: counters,
            weakness: weak,
            resistance: resist,
            damage,
        };
        self.emit(s, p, kind, obs);
        // Step 7: damage; the attacker takes none back.
        let keywords = a.keywords;
        let hit = Hit {
            by: p,
            source: Some(attacker),
            attack: true,
            deathtouch: keywords.has(Keywords::DEATHTOUCH),
        };
        let dealt = self.damage(s, defender, damage, hit, obs);
        if keywords.has(Keywords::LIFESTEAL) {
            self.heal(s, attacker, dealt.into(), obs);
        }
        if keywords.has(Keywords::LIFETOUCH) {
            self.heal(s, hero_id(p), dealt.into(), obs);
        }
        // Step 8: terminal damage sends the defender to the Void.
        self.clean_up(s, rng, obs);
        // Step 9: the attack's other effects, Binding, after-attack abilities.
        for effect in effects.iter().filter(|e| e.op != Op::BonusDamage) {
            self.resolve(s, std::slice::from_ref(effect), ctx, rng, obs);
        }
        if keywords.has(Keywords::BINDING) {
            self.bind(s, defender, obs);
        }
        if let Some(a) = s.entity(attacker).cloned() {
            self.fire(s, &a, Trigger::AfterAttack, ctx, rng, obs);
        }
    }
}

/// Where a card played goes, as its `play` event says.
#[derive(Clone, Copy)]
enum Played {
    /// On entity `.0` (a Fighter summoned or joined, the entity Equipment
    /// is attached to), into (Fighter or back-row) slot `.1`.
    On(Option<u16>, Option<u8>),
    /// A Spell, cast on its chosen target's entity, if any.
    Spell(Option<u16>),
}

/// Whether `p` has brought the enemy Hero to 0 health (rules: "How to
/// Win").
fn knocks_out(s: &State, p: Player) -> bool {
    s.sides[p.opponent()].hero.health() <= 0
}

/// Whether `p` meets a win condition: the enemy Hero at 0 health, or every
/// prize counter taken (rules: "How to Win").
fn wins(s: &State, p: Player) -> bool {
    knocks_out(s, p) || s.sides[p].prizes >= s.prize_goal
}

/// The first unit in play with no health left, and its owner. Undamaged
/// units have health left unless an Arena takes some (`arena_hurts`).
fn first_defeated(s: &State, arena_hurts: bool) -> Option<(Player, Entity)> {
    for (p, units) in s.units.enumerate() {
        for u in units.iter() {
            if (u.damage > 0 || arena_hurts) && u.health() <= 0 {
                return Some((p, *u));
            }
        }
    }
    None
}
