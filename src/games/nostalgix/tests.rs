//! Rule tests for Nostalgix. Each cites the rulebook paragraph it checks
//! (`rules/nostalgix.txt: "Section"`).

use std::sync::Arc;

use super::action::{Action, Tgt};
use super::cards::{CardDb, CardId};
use super::deck::Deck;
use super::events::{Event, EventKind};
use super::state::*;
use super::{Nostalgix, Options};
use crate::core::{
    Game, GameRng, Invariants, NoObserver, Node, Player, conformance, rng_from_seed,
};
use crate::games::Ruleset;

/// Seat a, which goes first in a [`Table`].
const A: Player = Player::A;
/// Seat b.
const B: Player = Player::B;
/// The number of Nostalgix evaluation features.
const FEATURES_COUNT: usize = super::FEATURES.len();

#[test]
fn random_games_pass_the_conformance_checks() {
    // 4 × 250 = 1,000 seeded random games, every check after every action.
    let games = if cfg!(debug_assertions) { 40 } else { 250 };
    for (a, b) in [(0, 1), (2, 3), (1, 2), (3, 0)] {
        let game = Nostalgix::bundled(a, b);
        let report = conformance::random_games(
            &game,
            1000 * a as u64,
            games,
            20_000,
            conformance::Checks::Full,
        )
        .unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(report.games, games);
    }
}

// ---------------------------------------------------------------------------
// A small pool made for the rule tests: each card isolates one rule.

const POOL: &str = r#"
[[hero]]
name = "Tester"
health = 20
abilities = [{ name = "Poke", trigger = "activated", cost = 1, effects = [{ do = "damage", amount = 1, target = "chosen_enemy" }] }]

[[hero]]
name = "Saintly"
health = 20
keywords = ["Divinity"]

[[token]]
name = "Pip"
subtype = "Fox"
atk = 1
health = 1

[[fighter]]
name = "Pup"
type = "Fire"
level = 1
subtype = "Fox"
cost = 1
health = 4
weakness = "Water"
resistance = "Earth"
attacks = [{ name = "Bite", damage = 2 }]

[[fighter]]
name = "Meek"
type = "Neutral"
level = 1
subtype = "Folk"
cost = 1
health = 3
attacks = [
  { name = "Pat", damage = 2, effects = [{ do = "bonus_damage", amount = -5 }] },
  { name = "Poke", damage = 3, effects = [{ do = "bonus_damage", amount = -1, when = { defender = "hero" } }] },
]

[[fighter]]
name = "Hound"
type = "Fire"
level = 2
evolves_from = "Pup"
subtype = "Fox"
cost = 2
health = 7
attacks = [{ name = "Maul", damage = 4 }]

[[fighter]]
name = "Warg"
type = "Fire"
level = 3
evolves_from = "Hound"
subtype = "Fox"
cost = 3
health = 10
attacks = [{ name = "Rend", damage = 6 }]

[[fighter]]
name = "Tide"
type = "Water"
level = 1
cost = 1
health = 5
attacks = [{ name = "Splash", damage = 2, effects = [{ do = "bonus_damage", amount = 3, when = { defender = "hero" } }] }]

[[fighter]]
name = "Surf"
type = "Water"
level = 1
cost = 1
health = 5
attacks = [{ name = "Crest", damage = 2, effects = [{ do = "bonus_damage", amount = 1, when = { defender = "fighter" } }] }]

[[fighter]]
name = "Umbra"
type = "Dark"
level = 1
cost = 1
health = 9
weakness = "Fire"
resistance = "Neutral"
attacks = [{ name = "Gloom", damage = 1 }]

[[fighter]]
name = "Rock"
type = "Earth"
level = 1
cost = 1
health = 6
attacks = [{ name = "Slam", damage = 3 }]

[[fighter]]
name = "Wall"
type = "Metal"
level = 1
cost = 1
health = 8
keywords = ["Taunt"]
attacks = [{ name = "Bash", damage = 1 }]

[[fighter]]
name = "Rusher"
type = "Fire"
level = 1
cost = 1
health = 2
keywords = ["Charge"]
attacks = [{ name = "Dash", damage = 1 }]

[[fighter]]
name = "Leech"
type = "Dark"
level = 1
cost = 1
health = 6
keywords = ["Lifesteal", "Lifetouch"]
attacks = [{ name = "Drain", damage = 9 }]

[[fighter]]
name = "Siphon"
type = "Dark"
level = 1
cost = 1
health = 6
keywords = ["Lifesteal", "Lifetouch"]
attacks = [{ name = "Sap", damage = 2, effects = [{ do = "damage", amount = 3, target = "enemy_hero" }] }]

[[fighter]]
name = "Reaper"
type = "Dark"
level = 1
cost = 1
health = 3
keywords = ["Deathtouch", "Binding"]
attacks = [{ name = "Touch", damage = 1 }]

[[fighter]]
name = "Ghost"
type = "Mystic"
level = 1
cost = 1
health = 2
keywords = ["Immune"]
attacks = [{ name = "Boo", damage = 1 }]

[[fighter]]
name = "Kit"
type = "Neutral"
level = 1
subtype = "Fox"
cost = 1
health = 3
keywords = ["Stacked"]
atk = 2
prize_shield = true
attacks = [{ name = "Nip", damage = 1 }]
abilities = [{ name = "Den", trigger = "after_attack", effects = [{ do = "summon_token", token = "Pip" }] }]

[[fighter]]
name = "Chaplain"
type = "Light"
level = 1
cost = 1
health = 3
attacks = [{ name = "Smite", damage = 1 }]
abilities = [{ name = "Bless", trigger = "activated", cost = 1, effects = [{ do = "atk_counters", amount = 1, target = "adjacent" }] }]

[[fighter]]
name = "Burrower"
type = "Earth"
level = 1
subtype = "Fox"
cost = 1
health = 4
attacks = [{ name = "Dig", damage = 1 }]
abilities = [{ name = "Litter", trigger = "on_summon", effects = [{ do = "summon_token", token = "Pip" }] }]

[[token]]
name = "Seer Pip"
atk = 1
health = 1
abilities = [{ name = "Peek", trigger = "on_summon", effects = [{ do = "reveal", filter = { kind = "fighter" } }] }]

[[fighter]]
name = "Seer Burrow"
type = "Earth"
level = 1
cost = 1
health = 4
attacks = [{ name = "Dig", damage = 1 }]
abilities = [{ name = "Litter", trigger = "on_summon", effects = [{ do = "summon_token", token = "Seer Pip" }] }]

[[fighter]]
name = "Cleric"
type = "Light"
level = 1
cost = 1
health = 3
keywords = ["Divinity"]
attacks = [{ name = "Pray", damage = 1 }]

[[spell]]
name = "Seek"
cost = 1
effects = [{ do = "search", filter = { kind = "fighter" } }]

[[spell]]
name = "Leaves"
cost = 1
effects = [{ do = "reveal", filter = { kind = "fighter" } }]

[[spell]]
name = "Brood"
cost = 1
effects = [{ do = "summon_token", token = "Pip" }]

[[spell]]
name = "Quake"
cost = 1
effects = [{ do = "damage", amount = 9, target = "all_fighters" }]

[[surprise]]
name = "Trip"
trigger = "enemy_summon"
effects = [{ do = "damage", amount = 3, target = "summoned" }]

[[spell]]
name = "Bolt"
cost = 1
effects = [{ do = "damage", amount = 3, target = "chosen_enemy" }]

[[spell]]
name = "Gamble"
cost = 1
effects = [{ do = "damage", amount = 2, target = "enemy_hero", when = { coin = "heads" } }]

[[spell]]
name = "Zap"
cost = 1
effects = [{ do = "damage", amount = 2, target = "enemy_hero" }]

[[spell]]
name = "Mend"
cost = 1
effects = [{ do = "heal", amount = 5, target = "own_hero" }]

[[spell]]
name = "Blessing"
cost = 1
effects = [{ do = "health_counters", amount = 3, target = "chosen_ally_fighter" }]

[[spell]]
name = "Shackle"
cost = 1
effects = [{ do = "bind_mana", amount = 2 }]

[[surprise]]
name = "Snare"
trigger = "enemy_attack"
effects = [{ do = "destroy", target = "attacker" }]

[[surprise]]
name = "Nullify"
trigger = "enemy_spell"
effects = [{ do = "counter" }]

[[equipment]]
name = "Sword"
cost = 1
atk = 2

[[equipment]]
name = "Helm"
cost = 1
health = 3
keywords = ["Taunt"]

[[equipment]]
name = "Cloak"
cost = 1
keywords = ["Immune to Spells"]

[[equipment]]
name = "Charm"
cost = 1
abilities = [{ name = "Glow", trigger = "end_of_turn", effects = [{ do = "atk_counters", amount = 1, target = "this" }] }]

[[arena]]
name = "Forge"
cost = 1
aura = { atk = 1, filter = { type = "Fire" } }

[[arena]]
name = "Sanctuary of Dawn"
cost = 1
aura = { health = 1, filter = { type = "Light" } }

[[arena]]
name = "Meadow"
cost = 1
effects = [{ do = "heal", amount = 1, target = "own_hero" }]

[[arena]]
name = "Cinderfield"
cost = 1
effects = [{ do = "damage", amount = 1, target = "enemy_hero" }]

[[spell]]
name = "Sunder"
cost = 1
effects = [{ do = "destroy_equipment", target = "chosen_enemy" }]

[[spell]]
name = "Quarry"
cost = 1
effects = [{ do = "destroy_arena" }]

[[spell]]
name = "Warcry"
cost = 1
effects = [{ do = "atk_counters", amount = 2, target = "own_hero" }]

[[surprise]]
name = "Windfall"
trigger = "hero_damaged"
effects = [{ do = "draw", amount = 2 }]

[[surprise]]
name = "Rally"
trigger = "hero_damaged"
effects = [{ do = "heal", amount = 5, target = "own_hero" }]

[[surprise]]
name = "Riposte"
trigger = "hero_damaged"
effects = [{ do = "damage", amount = 3, target = "enemy_hero" }]

[[surprise]]
name = "Flank Guard"
trigger = "hero_damaged"
effects = [{ do = "health_counters", amount = 1, target = "adjacent" }]

[[surprise]]
name = "Hex"
trigger = "enemy_attack"
effects = [{ do = "damage", amount = 2, target = "chosen_enemy_fighter" }]
"#;

struct Table {
    game: Nostalgix,
    s: State,
    rng: GameRng,
}

impl Table {
    /// Plays `action`, its events appended to `events`.
    fn apply_logged(&mut self, action: Action, events: &mut Vec<Event>) {
        self.game
            .apply(&mut self.s, action, &mut self.rng, &mut |e: &Event| {
                events.push(*e)
            });
    }

    /// Seat a's unit `attacker` attacks seat b's Hero with its first attack,
    /// its events appended to `events`.
    fn attack_hero_logged(&mut self, attacker: usize, events: &mut Vec<Event>) {
        let attack = Action::Attack {
            attacker: attacker as u8,
            attack: 0,
            target: Tgt::hero(B),
        };
        self.apply_logged(attack, events);
    }

    /// A game between two "Tester" decks of 50 Pups, past setup: seat a
    /// goes first and it is turn 1.
    fn new() -> Table {
        Table::with_heroes("Tester", "Tester")
    }

    fn with_heroes(a: &str, b: &str) -> Table {
        let db = CardDb::parse(POOL, "pool.toml").expect("test pool");
        Table::on(db, a, b, "Pup")
    }

    /// A game on the bundled pool between two Captain Ember decks of 50
    /// Cinder Imps, past setup: seat a goes first and it is turn 1.
    fn bundled() -> Table {
        let db = Nostalgix::bundled_cards();
        Table::on(db, "Captain Ember", "Captain Ember", "Cinder Imp")
    }

    /// A game on `db` between Heroes `a` and `b`, each with a deck of 50
    /// `filler`, past setup: seat a goes first and it is turn 1.
    fn on(db: CardDb, a: &str, b: &str, filler: &str) -> Table {
        let db = Arc::new(db);
        let filler = db.id(filler).expect("filler");
        let deck = |hero: &str| Deck {
            name: hero.into(),
            hero: db.id(hero).expect("hero"),
            cards: vec![(filler, 50)],
        };
        let game = Nostalgix::new_match(db.clone(), vec![deck(a), deck(b)], Options::default());
        let mut rng = rng_from_seed(7);
        let mut s = game.new_state(&mut rng);
        game.apply(
            &mut s,
            Action::MulliganDone { bottom: false },
            &mut rng,
            &mut NoObserver,
        );
        game.apply(
            &mut s,
            Action::MulliganDone { bottom: false },
            &mut rng,
            &mut NoObserver,
        );
        let first = s.active == A;
        game.apply(
            &mut s,
            Action::ChooseOrder { go_first: first },
            &mut rng,
            &mut NoObserver,
        );
        assert_eq!(s.active, A);
        Table { game, s, rng }
    }

    fn id(&self, name: &str) -> CardId {
        self.game.db.id(name).expect(name)
    }

    /// Puts `name` in `p`'s hand (tests build positions freely).
    fn give(&mut self, p: Player, name: &str) -> u8 {
        let c = self.id(name);
        self.s.sides[p].hand.insert(0, c);
        0
    }

    /// Puts `name` into play for `p` in `slot`, as if summoned last turn.
    fn place(&mut self, p: Player, name: &str, slot: u8) -> usize {
        let c = self.id(name);
        let id = self.s.next_id;
        self.s.next_id += 1;
        let e = self.game.spawn(&self.s, id, c, slot, 0, false);
        self.s.units[p].push(e);
        self.s.units[p].len() - 1
    }

    /// Has `p` attach Equipment `name` from hand to `target`.
    fn equip(&mut self, p: Player, name: &str, target: Tgt) {
        let hand = self.give(p, name);
        self.act(Action::Equip { hand, target });
    }

    fn act(&mut self, a: Action) {
        let mut legal = Vec::new();
        self.game.legal_actions(&self.s, &mut legal);
        assert!(legal.contains(&a), "{a:?} is not legal; legal: {legal:?}");
        self.game
            .apply(&mut self.s, a, &mut self.rng, &mut NoObserver);
    }

    fn legal(&self) -> Vec<Action> {
        let mut legal = Vec::new();
        self.game.legal_actions(&self.s, &mut legal);
        legal
    }

    fn mana(&mut self, p: Player, n: u8) {
        self.s.sides[p].mana = n;
    }

    fn unit(&self, p: Player, i: usize) -> Entity {
        self.s.units[p][i]
    }

    fn health(&self, p: Player, i: usize) -> i16 {
        self.s.units[p][i].health()
    }

    fn hero_health(&self, p: Player) -> i16 {
        self.s.sides[p].hero.health()
    }

    /// Ends turns until it is `p`'s turn again.
    /// Asserts that every unit of `p` holds the derived figures (keywords,
    /// maximum health, gear attack) a recomputation gives.
    fn assert_derived_fresh(&self, p: Player) {
        for u in &self.s.units[p] {
            let mut fresh = *u;
            self.game.derive(&self.s, &mut fresh);
            assert_eq!(fresh, *u, "derived figures out of step");
        }
    }

    fn pass_to(&mut self, p: Player) {
        loop {
            self.act(Action::EndTurn);
            while self.s.phase == Phase::Discard {
                self.act(Action::Discard(0));
            }
            if self.s.active == p {
                return;
            }
        }
    }

    fn attack(&mut self, attacker: usize, target: Tgt) {
        self.act(Action::Attack {
            attacker: attacker as u8,
            attack: 0,
            target,
        });
    }
}

#[test]
fn setup_deals_six_with_empty_mana_and_ten_prize_counters() {
    // rules/nostalgix.txt: "Setting up to Play", steps 3–5
    let game = Nostalgix::bundled(0, 1);
    let s = game.new_state(&mut rng_from_seed(1));
    for side in &s.sides {
        assert_eq!(side.hand.len(), 6);
        assert_eq!(side.deck.len(), 44);
        assert_eq!((side.mana, side.max_mana), (0, 0));
        assert_eq!(side.prizes, 0);
    }
    assert_eq!(s.prize_goal, PRIZES);
    assert_eq!(s.phase, Phase::Mulligan);
}

#[test]
fn mulligan_to_the_bottom_keeps_the_chosen_order_and_draws_replacements() {
    // rules/nostalgix.txt: "Setting up to Play", step 6
    let game = Nostalgix::bundled(0, 1);
    let mut rng = rng_from_seed(3);
    let mut s = game.new_state(&mut rng);
    let first = s.sides[A].hand[0];
    game.apply(&mut s, Action::MulliganPick(0), &mut rng, &mut NoObserver);
    let second = s.sides[A].hand[0];
    if second != first {
        game.apply(&mut s, Action::MulliganPick(0), &mut rng, &mut NoObserver);
    }
    let count = s.sides[A].aside.len();
    game.apply(
        &mut s,
        Action::MulliganDone { bottom: true },
        &mut rng,
        &mut NoObserver,
    );
    let side = &s.sides[A];
    assert_eq!(side.hand.len(), 6);
    assert_eq!(
        side.deck[0], first,
        "the first card set aside is at the very bottom"
    );
    if count == 2 {
        assert_eq!(side.deck[1], second);
    }
    assert_eq!(side.bottom_known as usize, count);
    assert_eq!(s.active, B, "then the other player mulligans");
    // Only once: after both, the coin's winner chooses the turn order.
    game.apply(
        &mut s,
        Action::MulliganDone { bottom: false },
        &mut rng,
        &mut NoObserver,
    );
    assert_eq!(s.phase, Phase::ChooseOrder);
}

#[test]
fn the_coin_winner_chooses_and_the_second_player_keeps_the_mana_token() {
    // rules/nostalgix.txt: "Setting up to Play", step 7; "Use a mana token"
    let mut t = Table::new();
    assert!(!t.s.sides[A].mana_token);
    assert!(t.s.sides[B].mana_token);
    assert_eq!((t.s.sides[A].max_mana, t.s.sides[A].mana), (1, 1));
    t.pass_to(B);
    assert_eq!(t.s.sides[B].mana, 1);
    t.act(Action::ManaToken);
    assert_eq!(t.s.sides[B].mana, 2, "the token may exceed the maximum");
    assert!(!t.legal().contains(&Action::ManaToken), "once only");
}

#[test]
fn each_turn_draws_and_raises_maximum_mana_up_to_ten() {
    // rules/nostalgix.txt: "Parts of a Turn Overview", steps 1–2; "Mana Refill"
    let mut t = Table::new();
    let hand = t.s.sides[B].hand.len();
    t.pass_to(B);
    assert_eq!(t.s.sides[B].hand.len(), hand + 1);
    for _ in 0..12 {
        t.pass_to(B);
    }
    assert_eq!(t.s.sides[B].max_mana, MANA_CAP);
    assert_eq!(t.s.sides[B].mana, MANA_CAP);
}

#[test]
fn an_empty_deck_gives_the_opponent_a_prize_counter_instead_of_losing() {
    // rules/nostalgix.txt: "Draw a Card"
    let mut t = Table::new();
    t.s.sides[B].deck.clear();
    t.pass_to(B);
    assert_eq!(t.s.sides[A].prizes, 1);
    assert!(t.s.outcome.is_none());
}

#[test]
fn summoning_sickness_and_charge() {
    // rules/nostalgix.txt: "Fighters" (Summoning Sickness); glossary "Charge"
    let mut t = Table::new();
    t.mana(A, 5);
    let pup = t.give(A, "Pup");
    t.act(Action::Summon { hand: pup, slot: 3 });
    let rusher = t.give(A, "Rusher");
    t.act(Action::Summon {
        hand: rusher,
        slot: 4,
    });
    let attacks: Vec<Action> = t
        .legal()
        .into_iter()
        .filter(|a| matches!(a, Action::Attack { .. }))
        .collect();
    assert!(
        attacks
            .iter()
            .all(|a| matches!(a, Action::Attack { attacker: 1, .. })),
        "{attacks:?}"
    );
    assert!(!attacks.is_empty(), "Charge attacks at once");
    t.pass_to(A);
    assert!(
        t.legal()
            .iter()
            .any(|a| matches!(a, Action::Attack { attacker: 0, .. }))
    );
}

#[test]
fn evolution_keeps_damage_counters_equipment_and_sickness_and_removes_binding() {
    // rules/nostalgix.txt: "Fighter Evolution"
    let mut t = Table::new();
    t.mana(A, 9);
    let pup = t.give(A, "Pup");
    t.act(Action::Summon { hand: pup, slot: 0 });
    let hound = t.give(A, "Hound");
    t.act(Action::Evolve {
        hand: hound,
        unit: 0,
    });
    assert!(
        !t.legal().iter().any(|a| matches!(a, Action::Attack { .. })),
        "same-turn evolution keeps Summoning Sickness"
    );
    t.pass_to(A);
    let turn = t.s.turn;
    {
        let u = &mut t.s.units[A][0];
        u.damage = 2;
        u.atk_plus = 1;
        u.bound_turn = turn;
    }
    t.mana(A, 9);
    t.equip(A, "Sword", Tgt::unit(A, 0));
    let warg = t.give(A, "Warg");
    t.act(Action::Evolve {
        hand: warg,
        unit: 0,
    });
    let u = t.unit(A, 0);
    assert_eq!(u.card, t.id("Warg"));
    assert_eq!(t.s.sides[A].under_cards(&u), &[t.id("Pup"), t.id("Hound")]);
    assert_eq!((u.damage, u.atk_counters(), u.bound_turn), (2, 1, 0));
    assert_eq!(t.game.equipment_on(&t.s, &u).count(), 1);
    assert!(
        t.legal()
            .iter()
            .any(|a| matches!(a, Action::Attack { attacker: 0, .. })),
        "a later evolution attacks at once"
    );
}

#[test]
fn evolution_removes_minus_atk_counters_and_keeps_plus_ones() {
    use crate::core::Report;
    // rules/nostalgix.txt: "Fighter Evolution" ("all Equipment, +1ATK
    // Counters, and damage remain on it. Any negative temporary conditions
    // like Binding are removed")
    let mut t = Table::new();
    t.mana(A, 9);
    let weak = t.place(A, "Pup", 0);
    let strong = t.place(A, "Pup", 1);
    t.s.units[A][weak].atk_minus = 2;
    t.s.units[A][strong].atk_plus = 1;
    let id = t.unit(A, weak).id;
    let hound = t.give(A, "Hound");
    let mut events = Vec::new();
    let evolve = Action::Evolve {
        hand: hound,
        unit: weak as u8,
    };
    t.apply_logged(evolve, &mut events);
    assert_eq!(t.unit(A, weak).card, t.id("Hound"));
    assert_eq!(t.unit(A, weak).atk_counters(), 0, "-2 ATK removed");
    let removed = events
        .iter()
        .find(|e| {
            e.kind
                == EventKind::AtkCountersRemoved {
                    target: id,
                    amount: 2,
                    total: 0,
                }
        })
        .unwrap_or_else(|| panic!("the removal is logged: {events:?}"));
    assert_eq!(t.game.event_json(removed)["event"], "atk_counters_removed");
    let hound = t.give(A, "Hound");
    let mut events = Vec::new();
    let evolve = Action::Evolve {
        hand: hound,
        unit: strong as u8,
    };
    t.apply_logged(evolve, &mut events);
    assert_eq!(t.unit(A, strong).atk_counters(), 1, "+1 ATK stays");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::AtkCountersRemoved { .. })),
        "nothing to remove, nothing logged: {events:?}"
    );
}

#[test]
fn evolution_keeps_every_plus_atk_counter_beside_minus_ones() {
    // rules/nostalgix.txt: "Fighter Evolution" ("all Equipment, +1ATK
    // Counters, and damage remain on it. Any negative temporary conditions
    // like Binding are removed"): a +1ATK and a -1ATK counter do not cancel
    // out, so evolution keeps every +1ATK counter, whatever -1ATK ones
    // the Fighter had. (+2 and -1: +2 after, not +1; +1 and -2: +1, not 0.)
    for (plus, minus) in [(2, -1), (1, -2)] {
        let mut t = Table::new();
        t.mana(A, 9);
        let pup = t.place(A, "Pup", 0);
        let id = t.unit(A, pup).id;
        // Placed as the effects place them (Divinity's +1, a Hex's -1).
        for amount in [plus, minus] {
            t.game
                .add_atk_counters(&mut t.s, id, amount, &mut NoObserver);
        }
        let net = i16::from(plus + minus);
        assert_eq!(t.unit(A, pup).atk_counters(), net, "+{plus} and {minus}");
        let hound = t.give(A, "Hound");
        let mut events = Vec::new();
        let evolve = Action::Evolve {
            hand: hound,
            unit: pup as u8,
        };
        t.apply_logged(evolve, &mut events);
        let u = t.unit(A, pup);
        assert_eq!(u.card, t.id("Hound"));
        assert_eq!(
            u.atk_counters(),
            i16::from(plus),
            "+{plus} and {minus} evolve into +{plus}"
        );
        // It attacks with all its +1ATK counters.
        assert_eq!(u.atk_bonus(), i16::from(plus));
        // The log shows the -1ATK counters removed and what is left.
        let removed = EventKind::AtkCountersRemoved {
            target: id,
            amount: minus.unsigned_abs(),
            total: i16::from(plus),
        };
        assert!(events.iter().any(|e| e.kind == removed), "{events:?}");
    }
}

#[test]
fn attack_counters_apply_before_weakness_doubles() {
    // rules/nostalgix.txt: "Parts of an Attack", steps 4–6
    let mut t = Table::new();
    let tide = t.place(A, "Tide", 0);
    let pup = t.place(B, "Pup", 0);
    t.s.units[A][tide].atk_plus = 1;
    t.s.units[B][pup].health_counters = 10;
    t.attack(tide, Tgt::unit(B, pup));
    // (2 + 1) × 2 = 6 damage; the attacker takes none back.
    assert_eq!(t.health(B, pup), 4 + 10 - 6);
    assert_eq!(t.unit(A, tide).damage, 0);
}

#[test]
fn resistance_takes_two_after_counters() {
    // rules/nostalgix.txt: "Parts of an Attack", step 6
    let mut t = Table::new();
    let burrower = t.place(A, "Burrower", 0);
    let pup = t.place(B, "Pup", 0);
    t.s.units[A][burrower].atk_plus = 2;
    t.attack(burrower, Tgt::unit(B, pup));
    // Pup resists Earth: (1 + 2) − 2 = 1; Resistance first would give
    // max(1 − 2, 0) + 2 = 2.
    assert_eq!(t.unit(B, pup).damage, 1, "(1 + 2) − 2");
}

#[test]
fn attack_effects_that_change_damage_resolve_first() {
    // rules/nostalgix.txt: "Parts of an Attack", step 3
    let mut t = Table::new();
    let tide = t.place(A, "Tide", 0);
    t.attack(tide, Tgt::hero(B));
    assert_eq!(t.hero_health(B), 20 - 5);
    // Before Weakness too: Surf's Crest (2, +1 on a Fighter) into Pup,
    // weak to Water: (2 + 1) × 2 = 6, not 2 × 2 + 1 = 5.
    let surf = t.place(A, "Surf", 1);
    let pup = t.place(B, "Pup", 0);
    t.s.units[B][pup].health_counters = 10;
    t.attack(surf, Tgt::unit(B, pup));
    assert_eq!(t.health(B, pup), 4 + 10 - 6);
}

#[test]
fn equipment_and_arena_attack_count_before_weakness() {
    // rules/nostalgix.txt: "Parts of an Attack", steps 4–6; glossary
    // "Attack Counters (+1ATK)" ("1 additional damage before applying
    // Weakness and Resistance"). Ruling "Attack bonuses": Equipment and
    // Arena ATK count with the counters.
    let mut t = Table::new();
    t.mana(A, 5);
    let armed = t.place(A, "Pup", 0);
    let bare = t.place(A, "Pup", 1);
    let umbra = t.place(B, "Umbra", 0);
    t.s.units[B][umbra].health_counters = 30;
    t.equip(A, "Sword", Tgt::unit(A, armed));
    t.attack(armed, Tgt::unit(B, umbra));
    // Umbra is weak to Fire: (2 + 2) × 2 = 8, not 2 × 2 + 2 = 6.
    assert_eq!(t.health(B, umbra), 39 - 8);
    let forge = t.give(A, "Forge");
    t.act(Action::PlayArena { hand: forge });
    t.attack(bare, Tgt::unit(B, umbra));
    // Forge: Fire +1 ATK, (2 + 1) × 2 = 6, not 2 × 2 + 1 = 5.
    assert_eq!(t.health(B, umbra), 39 - 8 - 6);
}

#[test]
fn terminal_damage_sends_to_the_void_and_takes_a_prize_counter_but_tokens_give_none() {
    // rules/nostalgix.txt: "Parts of an Attack", step 8; "How to Win"
    let mut t = Table::new();
    let rock = t.place(A, "Rock", 0);
    let rusher = t.place(B, "Rusher", 0);
    t.attack(rock, Tgt::unit(B, rusher));
    assert!(t.s.units[B].is_empty());
    assert_eq!(t.s.sides[B].void.last(), Some(&t.id("Rusher")));
    assert_eq!(t.s.sides[A].prizes, 1);
    let pip = t.id("Pip");
    t.game
        .summon_tokens(&mut t.s, B, pip, 1, &mut t.rng, &mut NoObserver);
    t.pass_to(A);
    t.attack(0, Tgt::unit(B, 0));
    assert!(t.s.units[B].is_empty());
    assert_eq!(t.s.sides[A].prizes, 1, "no prize counter for a token");
}

#[test]
fn taunt_must_be_attacked_first() {
    // rules/nostalgix.txt: glossary "Taunt"
    let mut t = Table::new();
    let rock = t.place(A, "Rock", 0);
    t.place(B, "Pup", 0);
    t.place(B, "Wall", 1);
    let targets: Vec<Tgt> = t
        .legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::Attack {
                attacker, target, ..
            } if attacker as usize == rock => Some(target),
            _ => None,
        })
        .collect();
    assert_eq!(targets, vec![Tgt::unit(B, 1)]);
}

#[test]
fn deathtouch_destroys_fighters_but_not_heroes_and_binding_stops_the_next_attack() {
    // rules/nostalgix.txt: glossary "Deathtouch", "Binding"
    let mut t = Table::new();
    let reaper = t.place(A, "Reaper", 0);
    t.place(B, "Rock", 0);
    t.place(B, "Pup", 1);
    t.attack(reaper, Tgt::unit(B, 0));
    assert_eq!(
        t.s.units[B].len(),
        1,
        "1 damage with Deathtouch destroys Rock"
    );
    t.pass_to(A);
    t.attack(reaper, Tgt::unit(B, 0));
    assert!(t.s.units[B].is_empty());
    t.pass_to(A);
    t.attack(reaper, Tgt::hero(B));
    assert_eq!(t.hero_health(B), 19, "Heroes are immune to Deathtouch");
    // The bound Hero cannot attack during its next turn.
    assert_eq!(t.s.sides[B].hero.bound_turn, t.s.turn + 1);
}

#[test]
fn binding_keeps_a_fighter_from_attacking_during_its_next_turn() {
    // rules/nostalgix.txt: glossary "Binding"
    let mut t = Table::new();
    let reaper = t.place(A, "Reaper", 0);
    t.place(B, "Ghost", 0);
    t.attack(reaper, Tgt::unit(B, 0));
    assert_eq!(t.s.units[B].len(), 1, "Immune: not destroyed");
    t.pass_to(B);
    assert!(!t.legal().iter().any(|a| matches!(a, Action::Attack { .. })));
    t.pass_to(B);
    assert!(t.legal().iter().any(|a| matches!(a, Action::Attack { .. })));
}

#[test]
fn mana_binding_withholds_mana_at_the_next_refill() {
    // rules/nostalgix.txt: glossary "Binding" (mana)
    let mut t = Table::new();
    t.pass_to(A);
    t.mana(A, 3);
    let shackle = t.give(A, "Shackle");
    t.act(Action::Cast {
        hand: shackle,
        target: None,
    });
    t.pass_to(B);
    assert_eq!(t.s.sides[B].max_mana, 2);
    assert_eq!(t.s.sides[B].mana, 0);
    // Bound mana stops at 10, and the log says how much was bound.
    t.pass_to(A);
    t.mana(A, 3);
    t.s.sides[B].bound_mana = 9;
    let shackle = t.give(A, "Shackle");
    let mut events = Vec::new();
    let cast = Action::Cast {
        hand: shackle,
        target: None,
    };
    let mut log = |e: &Event| events.push(e.kind);
    t.game.apply(&mut t.s, cast, &mut t.rng, &mut log);
    assert_eq!(t.s.sides[B].bound_mana, MANA_CAP);
    assert!(
        events.contains(&EventKind::BindMana {
            amount: 1,
            total: 10
        }),
        "{events:?}"
    );
}

#[test]
fn lifesteal_and_lifetouch_restore_only_damage_dealt() {
    // rules/nostalgix.txt: glossary "Lifesteal", "Lifetouch"
    let mut t = Table::new();
    let leech = t.place(A, "Leech", 0);
    t.s.units[A][leech].damage = 5;
    t.s.sides[A].hero.damage = 10;
    t.place(B, "Pup", 0);
    t.attack(leech, Tgt::unit(B, 0));
    // Pup had 4 health: 4 dealt of 9.
    assert_eq!(t.unit(A, leech).damage, 1);
    assert_eq!(t.hero_health(A), 10 + 4);
}

#[test]
fn lifesteal_and_lifetouch_restore_the_attacks_damage_not_its_effects() {
    // rules/nostalgix.txt: glossary "Lifesteal" ("Any damage this Hero or
    // Fighter deals with attacks is also restored to it"), "Lifetouch";
    // "Parts of an Attack", step 7 (damage) and step 9 ("Resolve any
    // additional effects of the attack"). Ruling: the attack's damage is
    // step 7's; damage its additional effects deal is an effect's.
    let mut t = Table::new();
    let siphon = t.place(A, "Siphon", 0);
    t.s.units[A][siphon].damage = 5;
    t.s.sides[A].hero.damage = 10;
    t.place(B, "Pup", 0);
    let foe = t.hero_health(B);
    t.attack(siphon, Tgt::unit(B, 0));
    assert_eq!(t.hero_health(B), foe - 3, "step 9 hit the enemy Hero");
    assert_eq!(t.unit(A, siphon).damage, 5 - 2, "2 restored: the attack's");
    assert_eq!(t.hero_health(A), 10 + 2);
}

#[test]
fn health_counters_heal_a_damaged_fighter_and_go_above_an_undamaged_one() {
    // rules/nostalgix.txt: glossary "Heal (Restore)" ("only be healed or
    // restored to their maximum health") and "Health Counters" ("If a card
    // tells you to place these on a Hero or Fighter that is below maximum
    // health, simply heal it by this amount").
    let mut t = Table::new();
    t.mana(A, 5);
    t.s.sides[A].hero.damage = 2;
    let mend = t.give(A, "Mend");
    t.act(Action::Cast {
        hand: mend,
        target: None,
    });
    assert_eq!(t.hero_health(A), 20);
    let pup = t.place(A, "Pup", 0);
    t.s.units[A][pup].damage = 1;
    let blessing = t.give(A, "Blessing");
    t.act(Action::Cast {
        hand: blessing,
        target: Some(Tgt::unit(A, pup)),
    });
    assert_eq!(
        (t.health(A, pup), t.unit(A, pup).health_counters),
        (4, 0),
        "healed by 3: to its maximum, nothing above"
    );
    let fresh = t.place(A, "Pup", 1);
    let blessing = t.give(A, "Blessing");
    t.act(Action::Cast {
        hand: blessing,
        target: Some(Tgt::unit(A, fresh)),
    });
    assert_eq!(t.health(A, fresh), 4 + 3, "undamaged: 3 counters above");
}

#[test]
fn healing_stops_at_the_printed_maximum_whatever_equipment_adds() {
    // rules/nostalgix.txt: glossary "Heal (Restore)" ("only be healed or
    // restored to their maximum health as printed on the card"); "+♥" is
    // health beyond that maximum ("Health Counters (+1♥)").
    let mut t = Table::new();
    let hound = t.place(A, "Hound", 0);
    t.mana(A, 5);
    t.equip(A, "Helm", Tgt::unit(A, hound));
    assert_eq!(t.health(A, hound), 7 + 3, "printed 7, +3 from the Helm");
    t.s.units[A][hound].damage = 4;
    let id = t.unit(A, hound).id;
    assert_eq!(t.game.heal(&mut t.s, id, 9, &mut NoObserver), 1);
    assert_eq!(t.health(A, hound), 7, "healed to the printed 7, not to 10");
    // At its printed maximum it is not "below maximum health": Health
    // Counters go above.
    let blessing = t.give(A, "Blessing");
    t.act(Action::Cast {
        hand: blessing,
        target: Some(Tgt::unit(A, hound)),
    });
    let u = t.unit(A, hound);
    assert_eq!((u.health(), u.health_counters), (10, 3));
}

/// A attacks B's Hero, at 1 health and with `surprise` face down, for 3:
/// B declines the attack's window, and the attack leaves B's Hero at 0
/// with B's `hero_damaged` window open.
fn lethal_attack_into(surprise: &str) -> Table {
    let mut t = Table::new();
    let card = t.id(surprise);
    t.s.sides[B].back[0] = BackCard::Surprise(card);
    t.s.sides[B].hero.damage = 19;
    let rock = t.place(A, "Rock", 0);
    t.attack(rock, Tgt::hero(B));
    t.act(Action::Decline);
    assert_eq!(t.hero_health(B), 0);
    assert_eq!(t.game.to_move(&t.s), Node::Decision(B), "B's window first");
    t
}

#[test]
fn the_win_check_waits_for_the_surprise_windows_of_the_winning_action() {
    // docs/rulings/nostalgix.md: "Winning" — win checks run once an action
    // has fully resolved, its Surprise windows included; rules/nostalgix.txt:
    // "Surprises" — activated "any time the effect on the card can be used".
    let mut t = lethal_attack_into("Rally");
    t.act(Action::Flip {
        slot: 0,
        target: None,
    });
    assert_eq!(t.hero_health(B), 5, "healed from 0 before the check");
    assert!(t.s.outcome.is_none());
    // Declined, the same window leaves the win standing.
    let mut t = lethal_attack_into("Rally");
    t.act(Action::Decline);
    assert!(matches!(t.game.to_move(&t.s), Node::Terminal(o) if o.winner() == Some(A)));
}

#[test]
fn a_surprise_that_brings_both_heroes_to_zero_starts_sudden_death() {
    // rules/nostalgix.txt: "Specialty Rules" ("What if both players win at
    // the same time?") with the win check after the windows (docs/rulings).
    let mut t = lethal_attack_into("Riposte");
    t.s.sides[A].hero.damage = 17;
    t.act(Action::Flip {
        slot: 0,
        target: None,
    });
    assert_eq!(t.s.sudden_deaths, 1);
    assert!(t.s.outcome.is_none());
}

#[test]
fn divinity_rewards_healing_the_hero() {
    // rules/nostalgix.txt: glossary "Divinity"
    let mut t = Table::with_heroes("Saintly", "Tester");
    let pup = t.place(A, "Pup", 0);
    t.s.sides[A].hero.damage = 3;
    t.mana(A, 5);
    let mend = t.give(A, "Mend");
    t.act(Action::Cast {
        hand: mend,
        target: None,
    });
    let u = t.unit(A, pup);
    assert_eq!((u.health_counters, u.atk_counters()), (1, 1));
}

#[test]
fn equipment_that_raises_the_heros_health_is_no_gain_for_divinity() {
    // rules/nostalgix.txt: glossary "Divinity" ("When your Hero is healed
    // or gains health"). Ruling: Equipment raises the Hero's health only
    // while it is equipped; that is not a heal or a gain.
    let mut t = Table::with_heroes("Saintly", "Tester");
    let pup = t.place(A, "Pup", 0);
    t.mana(A, 5);
    let health = t.hero_health(A);
    let helm = t.give(A, "Helm");
    t.act(Action::Equip {
        hand: helm,
        target: Tgt::hero(A),
    });
    assert_eq!(t.hero_health(A), health + 3);
    let u = t.unit(A, pup);
    assert_eq!((u.health_counters, u.atk_counters()), (0, 0));
}

#[test]
fn immune_to_spells_blocks_a_chosen_target_not_a_spell_that_names_the_enemy_hero() {
    // rules/nostalgix.txt: glossary "Immune": "Immune to Spells" means they
    // "cannot be targeted directly by" Spell cards. Ruling: a Spell that
    // chooses is blocked; one aimed at "the enemy Hero" chooses nothing.
    let mut t = Table::new();
    t.mana(A, 5);
    let cloak = t.give(A, "Cloak");
    t.act(Action::Equip {
        hand: cloak,
        target: Tgt::hero(B),
    });
    let bolt = t.give(A, "Bolt");
    let on_hero = Action::Cast {
        hand: bolt,
        target: Some(Tgt::hero(B)),
    };
    assert!(!t.legal().contains(&on_hero), "cannot be chosen");
    let health = t.hero_health(B);
    let zap = t.give(A, "Zap");
    t.act(Action::Cast {
        hand: zap,
        target: None,
    });
    assert_eq!(t.hero_health(B), health - 2);
}

#[test]
fn immune_takes_no_damage_from_attacks_or_effects() {
    // rules/nostalgix.txt: glossary "Immune"
    let mut t = Table::new();
    let rock = t.place(A, "Rock", 0);
    t.place(B, "Ghost", 0);
    t.attack(rock, Tgt::unit(B, 0));
    t.mana(A, 3);
    let bolt = t.give(A, "Bolt");
    t.act(Action::Cast {
        hand: bolt,
        target: Some(Tgt::unit(B, 0)),
    });
    assert_eq!(t.unit(B, 0).damage, 0);
}

#[test]
fn a_surprise_lets_the_defender_react_on_the_attackers_turn() {
    // rules/nostalgix.txt: "Surprises" — "even if it is your opponent's turn"
    let mut t = Table::new();
    let snare = t.id("Snare");
    t.s.sides[B].back[0] = BackCard::Surprise(snare);
    let rock = t.place(A, "Rock", 0);
    t.attack(rock, Tgt::hero(B));
    assert_eq!(
        t.game.to_move(&t.s),
        Node::Decision(Player::B),
        "the non-active player decides"
    );
    assert!(t.legal().contains(&Action::Decline));
    t.act(Action::Flip {
        slot: 0,
        target: None,
    });
    assert!(t.s.units[A].is_empty(), "the attacker was destroyed");
    assert_eq!(t.hero_health(B), 20, "and its attack fizzled");
    assert_eq!(t.s.sides[B].void.last(), Some(&snare));
    assert_eq!(t.game.to_move(&t.s), Node::Decision(Player::A));
}

#[test]
fn declining_a_surprise_lets_the_attack_resolve() {
    // rules/nostalgix.txt: "Surprises" — the owner decides whether to flip
    let mut t = Table::new();
    let snare = t.id("Snare");
    t.s.sides[B].back[0] = BackCard::Surprise(snare);
    let rock = t.place(A, "Rock", 0);
    t.attack(rock, Tgt::hero(B));
    t.act(Action::Decline);
    assert_eq!(t.hero_health(B), 17);
    assert_eq!(t.s.sides[B].back[0], BackCard::Surprise(snare));
}

#[test]
fn a_surprise_can_counter_a_spell() {
    // rules/nostalgix.txt: "Surprises"; "Spells"
    let mut t = Table::new();
    let nullify = t.id("Nullify");
    t.s.sides[B].back[2] = BackCard::Surprise(nullify);
    t.mana(A, 3);
    let bolt = t.give(A, "Bolt");
    t.act(Action::Cast {
        hand: bolt,
        target: Some(Tgt::hero(B)),
    });
    // Ruling: the Spell is in the Void as it waits on the window (nothing
    // reads the Void, so this is the book's "after ... resolved").
    assert_eq!(t.s.sides[A].void.last(), Some(&t.id("Bolt")));
    t.act(Action::Flip {
        slot: 2,
        target: None,
    });
    assert_eq!(t.hero_health(B), 20);
    assert_eq!(t.s.sides[A].void.last(), Some(&t.id("Bolt")));
    // The Surprise too: "resolve the effect and then send the used
    // Surprise card to the Void".
    assert_eq!(t.s.sides[B].void.last(), Some(&nullify));
    assert_eq!(t.s.sides[B].back[2], BackCard::Empty);
}

#[test]
fn surprises_cost_three_and_share_six_back_row_slots_with_equipment() {
    // rules/nostalgix.txt: "Surprises, Spells & Equipment"
    let mut t = Table::new();
    t.mana(A, 10);
    let snare = t.give(A, "Snare");
    t.act(Action::SetSurprise { hand: snare });
    assert_eq!(t.s.sides[A].mana, 7);
    let pup = t.place(B, "Pup", 0);
    for _ in 0..5 {
        t.equip(A, "Sword", Tgt::unit(B, pup));
    }
    assert!(
        t.s.sides[A].back.iter().all(|b| *b != BackCard::Empty),
        "Equipment on the opponent's Fighter fills my slots"
    );
    // Mana and cards for each kind: only the slots stop them.
    t.mana(A, 10);
    t.give(A, "Bolt");
    t.give(A, "Snare");
    t.give(A, "Sword");
    assert!(!t.legal().iter().any(|a| matches!(
        a,
        Action::Cast { .. } | Action::SetSurprise { .. } | Action::Equip { .. }
    )));
    // One slot free: all three are offered again.
    t.s.sides[A].back[5] = BackCard::Empty;
    t.s.units[B][pup].equipped -= 1;
    let legal = t.legal();
    assert!(legal.iter().any(|a| matches!(a, Action::Cast { .. })));
    assert!(
        legal
            .iter()
            .any(|a| matches!(a, Action::SetSurprise { .. }))
    );
    assert!(legal.iter().any(|a| matches!(a, Action::Equip { .. })));
}

#[test]
fn equipment_on_a_hero_breaks_when_an_attack_damages_it() {
    // rules/nostalgix.txt: "Equipment" — "breaks ... if that Hero is damaged by a direct attack"
    let mut t = Table::new();
    t.mana(A, 5);
    t.equip(A, "Sword", Tgt::hero(A));
    assert_eq!(t.s.sides[A].hero.atk_bonus(), 2);
    t.act(Action::Attack {
        attacker: Tgt::HERO,
        attack: 0,
        target: Tgt::hero(B),
    });
    assert_eq!(t.hero_health(B), 18, "a Hero with attack points may attack");
    t.pass_to(B);
    let rock = t.place(B, "Rock", 0);
    t.attack(rock, Tgt::hero(A));
    assert!(t.s.sides[A].back.iter().all(|b| *b == BackCard::Empty));
    assert_eq!(t.s.sides[A].void.last(), Some(&t.id("Sword")));
}

#[test]
fn damage_a_broken_helm_absorbed_leaves_with_it() {
    // rules/nostalgix.txt: glossary "Health Counters (+1♥)" (health
    // "beyond its maximum health"), "Equipment" ("breaks ... if that Hero
    // is damaged by a direct attack"). Ruling: the damage a +♥ bonus
    // absorbed leaves with it.
    let mut t = Table::new();
    t.mana(A, 5);
    t.equip(A, "Helm", Tgt::hero(B));
    assert_eq!(t.hero_health(B), 20 + 3);
    let pup = t.place(A, "Pup", 0);
    let mut events = Vec::new();
    let mut log = |e: &Event| events.push(e.kind);
    let bite = Action::Attack {
        attacker: pup as u8,
        attack: 0,
        target: Tgt::hero(B),
    };
    t.game.apply(&mut t.s, bite, &mut t.rng, &mut log);
    assert!(t.s.sides[A].back.iter().all(|b| *b == BackCard::Empty));
    assert_eq!(t.hero_health(B), 20, "23 − 2 = 21, capped at 20: not 18");
    assert_eq!(t.s.sides[B].hero.damage, 0);
    assert!(
        events.contains(&EventKind::BonusLost {
            target: hero_id(B),
            amount: 2,
            health_after: 20
        }),
        "{events:?}"
    );
    // Damage beyond the bonus stays. Removing the lost bonus from the
    // damage counters and capping health at the new maximum agree.
    t.pass_to(A);
    t.mana(A, 5);
    t.s.sides[B].hero.damage = 1;
    t.equip(A, "Helm", Tgt::hero(B));
    assert_eq!(t.hero_health(B), 22);
    t.attack(pup, Tgt::hero(B));
    assert_eq!(t.hero_health(B), 20, "min(22 − 2, 20)");
    t.pass_to(A);
    t.mana(A, 5);
    t.s.sides[B].hero.damage = 4;
    t.equip(A, "Helm", Tgt::hero(B));
    t.attack(pup, Tgt::hero(B));
    assert_eq!(t.hero_health(B), 20 + 3 - 4 - 2, "min(17, 20)");
}

#[test]
fn damage_an_arenas_bonus_absorbed_leaves_with_the_arena() {
    // rules/nostalgix.txt: "Arenas" ("replace an existing Arena in play,
    // sending the old Arena to the Void"); glossary "Health Counters
    // (+1♥)". Ruling: the damage a +♥ bonus absorbed leaves with it.
    let mut t = Table::new();
    t.mana(A, 5);
    let hurt = t.place(A, "Chaplain", 0);
    let worn = t.place(A, "Chaplain", 1);
    let dawn = t.give(A, "Sanctuary of Dawn");
    t.act(Action::PlayArena { hand: dawn });
    assert_eq!(t.health(A, hurt), 3 + 1, "Light Fighters get +1♥");
    t.s.units[A][hurt].damage = 1;
    t.s.units[A][worn].damage = 3;
    t.pass_to(B);
    t.mana(B, 5);
    let forge = t.give(B, "Forge");
    t.act(Action::PlayArena { hand: forge });
    assert_eq!(t.health(A, hurt), 3, "4 − 1 = 3, not 2");
    assert_eq!(t.unit(A, hurt).damage, 0);
    assert_eq!(t.health(A, worn), 1, "min(4 − 3, 3)");
    t.assert_derived_fresh(A);
}

#[test]
fn the_invariants_catch_a_stale_derived_figure() {
    // Keywords, maximum health and gear attack are kept in each entity and
    // refreshed when a cause changes (the tests around this one play those
    // causes through `apply`); the soak recomputes them after every action,
    // and a figure out of step is reported.
    let mut t = Table::new();
    t.game.check_invariants(&t.s).expect("fresh figures");
    t.s.sides[A].hero.max_health += 1;
    let err = t.game.check_invariants(&t.s).unwrap_err();
    assert!(err.contains("stale derived figures"), "{err}");
}

#[test]
fn one_arena_for_both_players_replaced_to_its_owners_void() {
    // rules/nostalgix.txt: "Arenas"
    let mut t = Table::new();
    t.mana(A, 5);
    let pup = t.place(A, "Pup", 0);
    let forge = t.give(A, "Forge");
    t.act(Action::PlayArena { hand: forge });
    assert_eq!(t.unit(A, pup).atk_bonus(), 1, "Forge: Fire Fighters +1ATK");
    t.pass_to(B);
    t.mana(B, 5);
    let meadow = t.give(B, "Meadow");
    t.act(Action::PlayArena { hand: meadow });
    assert_eq!(t.s.arena, Some((t.id("Meadow"), B)));
    assert_eq!(t.s.sides[A].void.last(), Some(&t.id("Forge")));
    assert_eq!(t.unit(A, pup).atk_bonus(), 0);
}

#[test]
fn each_fighter_and_the_hero_attack_once_a_turn_and_use_an_ability_once() {
    // rules/nostalgix.txt: "Parts of a Turn Overview" step 3 ("Use your
    // Hero's Ability once per turn"); "Use your Fighters' Abilities" ("may
    // be used once per turn"). Ruling "Once per turn": each Fighter and
    // the Hero attack at most once a turn.
    let mut t = Table::new();
    t.mana(A, 9);
    let rock = t.place(A, "Rock", 0);
    let chaplain = t.place(A, "Chaplain", 1);
    t.equip(A, "Sword", Tgt::hero(A));
    let attacks = |t: &Table, who: u8| {
        t.legal()
            .iter()
            .filter(|a| matches!(a, Action::Attack { attacker, .. } if *attacker == who))
            .count()
    };
    assert!(attacks(&t, rock as u8) > 0 && attacks(&t, Tgt::HERO) > 0);
    t.attack(rock, Tgt::hero(B));
    assert_eq!(attacks(&t, rock as u8), 0, "Rock has attacked this turn");
    assert!(attacks(&t, chaplain as u8) > 0, "the others still may");
    t.act(Action::Attack {
        attacker: Tgt::HERO,
        attack: 0,
        target: Tgt::hero(B),
    });
    assert_eq!(attacks(&t, Tgt::HERO), 0, "the Hero has attacked this turn");
    let abilities = |t: &Table| {
        let legal = t.legal();
        let hero = legal
            .iter()
            .filter(|a| matches!(a, Action::HeroAbility { .. }))
            .count();
        let unit = legal
            .iter()
            .filter(|a| matches!(a, Action::UnitAbility { .. }))
            .count();
        (hero, unit)
    };
    let (hero, unit) = abilities(&t);
    assert!(hero > 0 && unit > 0);
    t.act(Action::HeroAbility {
        target: Some(Tgt::hero(B)),
    });
    t.act(Action::UnitAbility {
        unit: chaplain as u8,
        ability: 0,
        target: None,
    });
    assert_eq!(abilities(&t), (0, 0), "each ability once a turn");
    t.pass_to(A);
    assert!(attacks(&t, rock as u8) > 0, "a new turn, a new attack");
}

#[test]
fn an_arenas_effect_resolves_at_the_start_of_each_players_turn_for_that_player() {
    // rules/nostalgix.txt: "Arenas" ("can change the battlefield for both
    // players"). Ruling "Arena effects": an Arena's `effects` resolve at
    // the start of each player's turn, for that player.
    let mut t = Table::new();
    t.mana(A, 5);
    t.s.sides[A].hero.damage = 5;
    t.s.sides[B].hero.damage = 5;
    let meadow = t.give(A, "Meadow");
    t.act(Action::PlayArena { hand: meadow });
    assert_eq!((t.hero_health(A), t.hero_health(B)), (15, 15));
    t.pass_to(B);
    assert_eq!(
        (t.hero_health(A), t.hero_health(B)),
        (15, 16),
        "B's turn: B's Hero healed"
    );
    t.pass_to(A);
    assert_eq!((t.hero_health(A), t.hero_health(B)), (16, 16));
}

#[test]
fn a_bound_hero_cannot_attack_during_its_next_turn() {
    // rules/nostalgix.txt: glossary "Binding" ("the opponent's defending
    // Hero or Fighter is bound in place and is unable to attack during
    // their next turn")
    let mut t = Table::new();
    let reaper = t.place(A, "Reaper", 0);
    t.attack(reaper, Tgt::hero(B));
    t.pass_to(B);
    t.mana(B, 5);
    t.equip(B, "Sword", Tgt::hero(B));
    let hero_attacks = |t: &Table| {
        t.legal().iter().any(|a| {
            matches!(
                a,
                Action::Attack {
                    attacker: Tgt::HERO,
                    ..
                }
            )
        })
    };
    assert!(!hero_attacks(&t), "bound: no attack this turn");
    t.pass_to(B);
    assert!(hero_attacks(&t), "the turn after, it attacks");
}

#[test]
fn a_destroy_effect_does_nothing_to_an_immune_fighter() {
    // rules/nostalgix.txt: glossary "Immune" ("cannot be damaged or
    // destroyed by card effects or attacks")
    let mut t = Table::new();
    let snare = t.id("Snare");
    t.s.sides[B].back[0] = BackCard::Surprise(snare);
    let ghost = t.place(A, "Ghost", 0);
    t.attack(ghost, Tgt::hero(B));
    t.act(Action::Flip {
        slot: 0,
        target: None,
    });
    assert_eq!(t.s.sides[B].void.last(), Some(&snare), "Snare was used");
    assert_eq!(t.s.units[A].len(), 1, "Ghost is not destroyed");
    assert_eq!(t.hero_health(B), 19, "and its attack lands");
}

#[test]
fn the_hand_is_cut_to_ten_at_the_end_of_the_turn() {
    // rules/nostalgix.txt: "End your turn"
    let mut t = Table::new();
    for _ in 0..8 {
        t.give(A, "Bolt");
    }
    t.act(Action::EndTurn);
    assert_eq!(t.s.phase, Phase::Discard);
    while t.s.phase == Phase::Discard {
        t.act(Action::Discard(0));
    }
    assert_eq!(t.s.sides[A].hand.len(), HAND_LIMIT);
    assert_eq!(t.s.active, B);
}

#[test]
fn adjacent_means_the_slots_left_and_right() {
    // rules/nostalgix.txt: glossary "Adjacent"
    let mut t = Table::new();
    t.mana(A, 3);
    let left = t.place(A, "Pup", 2);
    let chaplain = t.place(A, "Chaplain", 3);
    let right = t.place(A, "Pup", 4);
    let far = t.place(A, "Pup", 6);
    t.act(Action::UnitAbility {
        unit: chaplain as u8,
        ability: 0,
        target: None,
    });
    let counters: Vec<i16> = [left, chaplain, right, far]
        .iter()
        .map(|&i| t.unit(A, i).atk_counters())
        .collect();
    assert_eq!(counters, vec![1, 0, 1, 0]);
    assert!(
        !t.legal()
            .iter()
            .any(|a| matches!(a, Action::UnitAbility { .. })),
        "once per turn"
    );
}

#[test]
fn summons_into_other_slots_are_lookalikes_unless_adjacent_effects_are_about() {
    // rules/nostalgix.txt: "Field Layout & Descriptions" (the 7 Fighter
    // slots) and glossary "Adjacent": where a Fighter stands matters to
    // Adjacent effects only, so a lookahead scores one slot for them all.
    use crate::core::{Evaluate, below};
    let (mut dropped, mut kept_apart, mut told_apart) = (0, 0, 0);
    let mut same_kind_checked = 0;
    // token-swarm (3) plays Pack Leader Rusk, whose summon reaches Adjacent
    // Fighters.
    for (a, b) in [(0, 1), (3, 2), (3, 0)] {
        let game = Nostalgix::bundled(a, b);
        let (mut legal, mut kept) = (Vec::new(), Vec::new());
        for seed in 0..40 {
            let mut rng = rng_from_seed(seed);
            let mut s = game.new_state(&mut rng);
            while let Node::Decision(_) = game.to_move(&s) {
                game.legal_actions(&s, &mut legal);
                kept.clone_from(&legal);
                game.drop_lookalikes(&s, &mut kept);
                let mut rest = kept.iter();
                for &action in &legal {
                    let is_kept = rest.clone().next() == Some(&action);
                    if is_kept {
                        rest.next();
                    }
                    if let Action::SetSurprise { .. } | Action::MulliganPick(_) = action {
                        same_kind_checked += alike_to_the_first_of_its_kind(
                            &game, &s, seed, &legal, action, is_kept,
                        );
                        continue;
                    }
                    let Action::Summon { hand, .. } = action else {
                        assert!(is_kept, "{action:?} dropped");
                        continue;
                    };
                    let first = *legal
                        .iter()
                        .find(|x| matches!(x, Action::Summon { hand: h, .. } if *h == hand))
                        .expect("itself at least");
                    if action == first {
                        assert!(is_kept, "the first slot of a card is kept");
                        continue;
                    }
                    // Both with the same chance numbers; then the new
                    // Fighter's slot is the one difference allowed.
                    let play = |a| {
                        let mut t = s;
                        game.apply(&mut t, a, &mut rng_from_seed(seed), &mut NoObserver);
                        t
                    };
                    let (mut there, here) = (play(action), play(first));
                    let Action::Summon { slot, .. } = first else {
                        unreachable!()
                    };
                    let p = s.active;
                    if let Some(u) = there.units[p].iter_mut().find(|u| u.id == s.next_id) {
                        u.slot = slot;
                    }
                    if is_kept {
                        kept_apart += 1;
                        told_apart += usize::from(there != here);
                    } else {
                        dropped += 1;
                        assert_eq!(there, here, "seed {seed}: {action:?} vs {first:?}");
                    }
                }
                let pick = legal[below(&mut rng, legal.len() as u32) as usize];
                game.apply(&mut s, pick, &mut rng, &mut NoObserver);
            }
        }
    }
    assert!(dropped > 1000, "only {dropped} lookalikes dropped");
    assert!(
        kept_apart > 100,
        "only {kept_apart} kept for Adjacent effects"
    );
    assert!(told_apart > 0, "no Adjacent effect told two slots apart");
    assert!(
        same_kind_checked > 500,
        "only {same_kind_checked} Surprises set or mulligan picks dropped"
    );
}

/// For a Surprise set face down or a card set aside in a mulligan: the
/// first of its kind in `legal` is kept, a later one dropped, and its result
/// (same chance numbers) shows both players the same features and the same
/// decider as the first's. Returns 1 if `action` was a dropped one.
fn alike_to_the_first_of_its_kind(
    game: &Nostalgix,
    s: &State,
    seed: u64,
    legal: &[Action],
    action: Action,
    is_kept: bool,
) -> usize {
    // rules/nostalgix.txt: "Surprises" (played face-down) and "Setting up to
    // Play", step 6 (the mulligan): which card goes face down or aside, only
    // its owner knows, and no feature reads it.
    use crate::core::Evaluate;
    let kind = std::mem::discriminant(&action);
    let first = *legal
        .iter()
        .find(|x| std::mem::discriminant(*x) == kind)
        .expect("itself at least");
    assert_eq!(is_kept, action == first, "{action:?} (first {first:?})");
    if is_kept {
        return 0;
    }
    let play = |a| {
        let mut t = *s;
        game.apply(&mut t, a, &mut rng_from_seed(seed), &mut NoObserver);
        t
    };
    let (there, here) = (play(action), play(first));
    assert_eq!(game.to_move(&there), game.to_move(&here), "{action:?}");
    for p in [A, B] {
        let (mut a, mut b) = ([0.0; FEATURES_COUNT], [0.0; FEATURES_COUNT]);
        game.features(&there, p, &mut a);
        game.features(&here, p, &mut b);
        assert_eq!(a, b, "seed {seed}, {p}: {action:?} vs {first:?}");
    }
    1
}

#[test]
fn where_one_ply_is_blind_every_action_scores_alike_on_the_state_and_its_views() {
    // A greedy bot looks ahead on the state itself where one ply is blind
    // (`one_ply_is_blind`): every action's result must then show both
    // players the same features, and the same decider, as on any view.
    // Random games of every pairing of the bundled decks; where it is not
    // blind, a Reveal or a Search must really tell a view apart sometimes.
    use crate::core::{Evaluate, below, derive_rng};
    let (mut blind, mut not_blind, mut told_apart) = (0, 0, 0);
    let mut legal = Vec::new();
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            let game = Nostalgix::bundled(a, b);
            let features = |s: &State, p: Player| {
                let mut f = [0.0; FEATURES_COUNT];
                game.features(s, p, &mut f);
                f
            };
            for seed in 0..8 {
                let mut rng = rng_from_seed(seed);
                let mut s = game.new_state(&mut rng);
                let mut step = 0;
                while let Node::Decision(p) = game.to_move(&s) {
                    step += 1;
                    game.legal_actions(&s, &mut legal);
                    let is_blind = game.one_ply_is_blind(&s, p);
                    for k in 0..2 {
                        let view = game.determinize(&s, p, &mut derive_rng(seed, step * 2 + k));
                        // It reads only what the decider sees.
                        assert_eq!(game.one_ply_is_blind(&view, p), is_blind);
                        for &action in &legal {
                            let play = |from: &State| {
                                let mut t = *from;
                                game.apply(
                                    &mut t,
                                    action,
                                    &mut rng_from_seed(step),
                                    &mut NoObserver,
                                );
                                t
                            };
                            let (there, here) = (play(&s), play(&view));
                            let alike = game.to_move(&there) == game.to_move(&here)
                                && [A, B]
                                    .iter()
                                    .all(|&q| features(&there, q) == features(&here, q));
                            if is_blind {
                                assert!(alike, "{a} vs {b}, seed {seed}, step {step}: {action:?}");
                            } else {
                                told_apart += usize::from(!alike);
                            }
                        }
                    }
                    if is_blind {
                        blind += 1;
                    } else {
                        not_blind += 1;
                    }
                    let pick = legal[below(&mut rng, legal.len() as u32) as usize];
                    game.apply(&mut s, pick, &mut rng, &mut NoObserver);
                }
            }
        }
    }
    assert!(
        blind > 2000 && not_blind > 500,
        "{blind} blind, {not_blind} not"
    );
    assert!(told_apart > 0, "no Reveal or Search ever told a view apart");
}

#[test]
fn one_ply_is_blind_unless_a_card_that_can_act_reveals_or_searches() {
    use crate::core::Evaluate;
    // A match whose decks hold no such card is blind throughout: the
    // bundled hero-rush and prize-control, or two decks of Pups.
    assert!(!Nostalgix::bundled(0, 1).decks_read_hidden);
    assert!(Nostalgix::bundled(2, 1).decks_read_hidden, "evolution");
    assert!(!Table::new().game.decks_read_hidden);
    // A token counts as its summoner's.
    let t = Table::new();
    let reads = |name| super::features::may_read_hidden(&t.game.db, t.id(name));
    assert!(reads("Seek") && reads("Seer Pip") && reads("Seer Burrow"));
    assert!(!reads("Burrower") && !reads("Pup"));
    // Then, in a match with such cards, what can act decides.
    let table = || {
        let mut t = Table::new();
        t.game.decks_read_hidden = true;
        t
    };
    let blind = |t: &Table| t.game.one_ply_is_blind(&t.s, A);
    let mut t = table();
    t.place(A, "Pup", 0);
    t.place(B, "Pup", 0);
    t.give(A, "Pup");
    assert!(blind(&t), "Pups only");
    // A Search in the decider's hand.
    t.give(A, "Seek");
    assert!(!blind(&t));
    // The opponent's hand cannot act before the opponent decides.
    let mut t = table();
    t.give(B, "Seek");
    assert!(blind(&t));
    // A token that reveals, summoned by a card in hand or in play.
    t.give(A, "Seer Burrow");
    assert!(!blind(&t));
    let mut t = table();
    t.place(B, "Seer Burrow", 0);
    assert!(!blind(&t));
    // A Search under way.
    let mut t = table();
    t.s.searches.push(Search {
        player: A,
        filter: Default::default(),
    });
    assert!(!blind(&t));
}

#[test]
fn the_weighted_sum_is_the_features_summed_bit_for_bit() {
    // What greedy scores for every candidate must be what the features
    // written out and then summed in order give, to the last bit.
    use crate::core::{Evaluate, below};
    let game = Nostalgix::bundled(1, 3);
    let weights: Vec<f64> = (0..FEATURES_COUNT).map(|i| 0.1 + 0.37 * i as f64).collect();
    let (mut legal, mut features, mut checked) = (Vec::new(), vec![0.0; FEATURES_COUNT], 0);
    for seed in 0..20 {
        let mut rng = rng_from_seed(seed);
        let mut s = game.new_state(&mut rng);
        while let Node::Decision(_) = game.to_move(&s) {
            for p in [A, B] {
                game.features(&s, p, &mut features);
                let summed: f64 = weights.iter().zip(&features).map(|(w, f)| w * f).sum();
                let fused = game.weighted_sum(&s, p, &weights, &mut Vec::new());
                assert_eq!(fused.to_bits(), summed.to_bits(), "seed {seed}, {p}");
                checked += 1;
            }
            game.legal_actions(&s, &mut legal);
            let pick = legal[below(&mut rng, legal.len() as u32) as usize];
            game.apply(&mut s, pick, &mut rng, &mut NoObserver);
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn every_slot_is_offered_to_a_lookahead_once_an_adjacent_effect_is_in_play() {
    // rules/nostalgix.txt: glossary "Adjacent"
    use crate::core::Evaluate;
    let mut t = Table::new();
    t.mana(A, 3);
    let summons = |t: &Table| {
        let mut legal = t.legal();
        t.game.drop_lookalikes(&t.s, &mut legal);
        legal
            .iter()
            .filter(|a| matches!(a, Action::Summon { .. }))
            .count()
    };
    // A hand of Pups and 7 empty slots: one summon stands for the seven.
    assert_eq!(summons(&t), 1);
    // A face-down Surprise that reads slots acts only when flipped, a
    // decision of its own (and the opponent does not see which it is).
    let flank = t.id("Flank Guard");
    assert!(t.game.db.card(flank).reads_slots);
    t.s.sides[B].back[0] = BackCard::Surprise(flank);
    t.s.sides[A].back[0] = BackCard::Surprise(flank);
    assert_eq!(summons(&t), 1);
    // A Chaplain in play, even the opponent's, reads slots: all 6 kept.
    t.place(B, "Chaplain", 0);
    t.place(A, "Pup", 0);
    assert_eq!(summons(&t), 6);
}

#[test]
fn stacked_cards_add_attack_and_shield_the_prize_counter() {
    // rules/nostalgix.txt: glossary "Stacked"
    let mut t = Table::new();
    t.mana(A, 3);
    let pup = t.place(A, "Pup", 0);
    let kit = t.give(A, "Kit");
    t.act(Action::Stack {
        hand: kit,
        unit: pup as u8,
    });
    let u = t.unit(A, pup);
    assert_eq!(u.atk_counters(), 2);
    assert!(u.prize_shield);
    t.s.units[A][pup].damage = 9;
    t.game.clean_up_for_tests(&mut t.s, &mut t.rng);
    assert_eq!(t.s.sides[B].prizes, 0);
    assert_eq!(t.s.sides[A].void.len(), 2, "both cards go to the Void");
}

#[test]
fn a_card_beyond_the_cap_beneath_a_fighter_is_an_error_the_invariants_report() {
    // rules/nostalgix.txt: glossary "Stacked" — any number of cards may be
    // stacked; docs/rulings/nostalgix.md, "Cards beneath a Fighter": the
    // bound of MAX_UNDER never blocks a Stack or an Evolve silently.
    let mut t = Table::new();
    let pup = t.place(A, "Pup", 0);
    for _ in 0..MAX_UNDER {
        let u = t.unit(A, pup);
        let card = t.s.sides[A].deck.pop().expect("a deck of Pups");
        t.s.sides[A].push_under(&u, card);
    }
    t.mana(A, 5);
    let kit = t.give(A, "Kit");
    let action = Action::Stack {
        hand: kit,
        unit: pup as u8,
    };
    assert!(t.legal().contains(&action), "stacking stays legal");
    let mut events = Vec::new();
    t.game
        .apply(&mut t.s, action, &mut t.rng, &mut |e: &Event| {
            events.push(e.kind)
        });
    assert!(events.contains(&EventKind::Capped { what: "under" }));
    assert_eq!(t.unit(A, pup).atk_counters(), 2, "the Stack still joins");
    let err = t.game.check_invariants(&t.s).unwrap_err();
    assert!(err.contains("cap"), "{err}");
}

#[test]
fn an_after_attack_ability_summons_a_token() {
    // rules/nostalgix.txt: "Stack-O-Fox" — "After this attacks, summon a 1ATK Fox Token with 1♥."
    let mut t = Table::new();
    let kit = t.place(A, "Kit", 0);
    t.attack(kit, Tgt::hero(B));
    let token = t.unit(A, 1);
    assert!(token.token);
    assert_eq!(token.slot, TOKEN_SLOT);
    assert_eq!(t.game.best_attack(&token), 1);
}

#[test]
fn taking_all_prize_counters_wins() {
    // rules/nostalgix.txt: "How to Win"
    let mut t = Table::new();
    t.s.sides[A].prizes = 9;
    let rock = t.place(A, "Rock", 0);
    t.place(B, "Rusher", 0);
    t.attack(rock, Tgt::unit(B, 0));
    assert!(
        matches!(t.game.to_move(&t.s), Node::Terminal(o) if o.winner() == Some(Player::A) && o.reason == "prizes")
    );
}

#[test]
fn reducing_the_hero_to_zero_wins() {
    // rules/nostalgix.txt: "How to Win"
    let mut t = Table::new();
    t.s.sides[B].hero.damage = 18;
    let rock = t.place(A, "Rock", 0);
    t.attack(rock, Tgt::hero(B));
    assert!(
        matches!(t.game.to_move(&t.s), Node::Terminal(o) if o.winner() == Some(Player::A) && o.reason == "hero_ko")
    );
}

#[test]
fn both_winning_at_once_starts_sudden_death() {
    // rules/nostalgix.txt: "Specialty Rules" — Heroes at 5 health, 2 prize counters
    let mut t = Table::new();
    t.s.sides[A].prizes = 9;
    t.s.sides[A].hero.damage = 20;
    t.s.sides[B].hero.damage = 20;
    t.game.clean_up_for_tests(&mut t.s, &mut t.rng);
    assert!(t.s.outcome.is_none());
    assert_eq!(t.s.sudden_deaths, 1);
    assert_eq!(t.s.prize_goal, SUDDEN_DEATH_PRIZES);
    assert_eq!(t.s.phase, Phase::Mulligan);
    assert_eq!(t.hero_health(A), i16::from(SUDDEN_DEATH_HEALTH));
    assert_eq!(t.s.sides[A].prizes, 0);
    assert_eq!(t.s.sides[A].hand.len(), 6);
    // Glossary "Heal (Restore)": the maximum stays the printed one (20), so
    // a heal brings the Hero above the 5 it started with.
    t.game.heal(&mut t.s, hero_id(A), 9, &mut NoObserver);
    assert_eq!(t.hero_health(A), 5 + 9);
}

#[test]
fn a_prize_won_in_the_draw_step_ends_the_game_before_the_turns_effects() {
    // rules/nostalgix.txt: "Parts of a Turn in Detail", "Draw a Card" ("Your
    // opponent takes a Prize Counter for each card you would draw"), "How
    // to Win" ("Retrieve all 10 shards"), "Specialty Rules" (Sudden Death
    // only "if both players win at the same time"). Ruling: the draw step
    // comes before the new turn's effects, so a win there is not at the
    // same time as a knockout by the Arena at the start of the turn.
    let mut t = Table::new();
    t.pass_to(A);
    t.s.sides[A].prizes = PRIZES - 1;
    t.s.sides[B].deck.clear();
    t.s.sides[A].hero.damage = (t.hero_health(A) - 1) as u8;
    t.s.arena = Some((t.id("Cinderfield"), B));
    t.act(Action::EndTurn);
    assert_eq!(t.s.sudden_deaths, 0);
    assert!(
        matches!(t.game.to_move(&t.s), Node::Terminal(o) if o.winner() == Some(A) && o.reason == "prizes"),
        "{:?}",
        t.s.outcome
    );
    assert_eq!(t.hero_health(A), 1, "the Arena never fired");
}

#[test]
fn a_game_cut_at_the_turn_limit_is_a_draw() {
    // docs/rulings/nostalgix.md: "Turn limit"
    let mut t = Table::new();
    let limit = t.game.options.max_turns;
    while t.s.outcome.is_none() {
        t.act(Action::EndTurn);
        while t.s.phase == Phase::Discard {
            t.act(Action::Discard(0));
        }
    }
    assert_eq!(u32::from(t.s.turn), u32::from(limit));
    assert!(
        matches!(t.game.to_move(&t.s), Node::Terminal(o) if o.winner().is_none() && o.reason == "turn_limit")
    );
}

#[test]
fn determinize_hides_the_opponents_hand_but_keeps_mine() {
    // The bot-honesty property: the view depends only on the information set.
    let game = Nostalgix::bundled(0, 1);
    let mut rng = rng_from_seed(11);
    let mut s = game.new_state(&mut rng);
    game.apply(
        &mut s,
        Action::MulliganDone { bottom: false },
        &mut rng,
        &mut NoObserver,
    );
    game.apply(
        &mut s,
        Action::MulliganDone { bottom: false },
        &mut rng,
        &mut NoObserver,
    );
    let mut other = s;
    // Swap a card between b's hand and b's deck: a cannot tell.
    let (h, d) = (other.sides[B].hand[0], other.sides[B].deck[10]);
    other.sides[B].hand[0] = d;
    other.sides[B].deck[10] = h;
    assert_eq!(
        game.info_key(&s, Player::A),
        game.info_key(&other, Player::A)
    );
    assert_ne!(
        game.info_key(&s, Player::B),
        game.info_key(&other, Player::B)
    );
    let v1 = game.determinize(&s, Player::A, &mut rng_from_seed(5));
    let v2 = game.determinize(&other, Player::A, &mut rng_from_seed(5));
    assert_eq!(v1, v2);
    assert_eq!(v1.sides[A].hand, s.sides[A].hand, "my own hand is kept");
}

#[test]
fn a_followed_view_is_kept_exactly_when_it_is_of_the_information_set() {
    // The comparison the runner uses to keep a view must agree with the
    // information set's canonical form. Each seat's view is followed as the
    // runner does: kept while the comparison says alike, dealt again when
    // not; after every random action (each state with its own chance) the
    // comparison and the canonical forms are compared, both ways round.
    let mut legal = Vec::new();
    let (mut alike, mut unlike) = (0, 0);
    for (a, b) in [(0, 1), (2, 3), (3, 0)] {
        let game = Nostalgix::bundled(a, b);
        for seed in 0..30 {
            let mut rng = rng_from_seed(seed);
            let mut view_rng = rng_from_seed(1000 + seed);
            let mut s = game.new_state(&mut rng);
            let mut views = [A, B].map(|p| game.determinize(&s, p, &mut view_rng));
            while let Node::Decision(_) = game.to_move(&s) {
                game.legal_actions(&s, &mut legal);
                let action = legal[crate::core::below(&mut rng, legal.len() as u32) as usize];
                game.apply(&mut s, action, &mut rng, &mut NoObserver);
                for (p, view) in [A, B].into_iter().zip(&mut views) {
                    game.apply(view, action, &mut view_rng, &mut NoObserver);
                    let same = game.info_key(view, p) == game.info_key(&s, p);
                    assert_eq!(game.seen_alike(view, &s, p), same, "seed {seed}, {p}");
                    assert_eq!(game.seen_alike(&s, view, p), same, "seed {seed}, {p}");
                    if same {
                        alike += 1;
                    } else {
                        unlike += 1;
                        *view = game.determinize(&s, p, &mut view_rng);
                    }
                }
            }
        }
    }
    assert!(
        alike > 1000 && unlike > 1000,
        "{alike} alike, {unlike} unlike"
    );
}

#[test]
fn revealed_cards_compare_as_a_multiset() {
    // A hand's revealed cards are known as a multiset, not in an order:
    // two lists compare alike exactly when they are equal once sorted.
    use super::view::same_revealed;
    use crate::core::{FixedVec, below};
    let mut rng = rng_from_seed(3);
    let (mut alike, mut unlike) = (0, 0);
    for _ in 0..2000 {
        let mut a: FixedVec<CardId, 8> = FixedVec::new();
        for _ in 0..below(&mut rng, 9) {
            a.push(CardId(below(&mut rng, 4) as u16));
        }
        let mut b = a;
        if !b.is_empty() {
            let (i, j) = (
                below(&mut rng, b.len() as u32),
                below(&mut rng, b.len() as u32),
            );
            b.swap(i as usize, j as usize);
            if below(&mut rng, 2) == 0 {
                b[i as usize] = CardId(below(&mut rng, 4) as u16);
            }
        }
        let (mut sa, mut sb) = (a.to_vec(), b.to_vec());
        sa.sort_unstable();
        sb.sort_unstable();
        let same = sa == sb;
        assert_eq!(same_revealed(&a, &b), same, "{a:?} {b:?}");
        assert_eq!(same_revealed(&b, &a), same, "{a:?} {b:?}");
        if same {
            alike += 1
        } else {
            unlike += 1
        }
        let mut shorter = b;
        if shorter.pop().is_some() {
            assert!(!same_revealed(&a, &shorter), "{a:?} {shorter:?}");
        }
    }
    assert!(
        alike > 500 && unlike > 200,
        "{alike} alike, {unlike} unlike"
    );
}

#[test]
fn state_is_small_plain_data() {
    // Cloning is a memory copy: no heap in the state, whose size the
    // conformance suite holds to `STATE_BUDGET`; its parts stay small too.
    assert!(std::mem::size_of::<Entity>() <= 32);
    assert!(std::mem::size_of::<Action>() <= 6);
    // A side without its units, copied whole when a bot refills a scratch
    // state, is an eighth of the state.
    assert!(
        std::mem::size_of::<Side>() <= 480,
        "{}",
        std::mem::size_of::<Side>()
    );
}

#[test]
fn damage_spends_health_counters_first_so_healing_stops_at_the_maximum() {
    // rules/nostalgix.txt: glossary "Heal (Restore)" and "Health Counters"
    let mut t = Table::new();
    let pup = t.place(B, "Pup", 0);
    t.s.units[B][pup].health_counters = 2;
    let tide = t.place(A, "Tide", 1);
    t.attack(tide, Tgt::unit(B, pup));
    let u = t.unit(B, pup);
    assert_eq!(
        (u.health_counters, u.damage),
        (0, 2),
        "4 damage: the 2 counters first, then 2 damage"
    );
    let id = u.id;
    t.game.heal(&mut t.s, id, 9, &mut NoObserver);
    assert_eq!(
        t.health(B, pup),
        4,
        "healed to the printed maximum, not above"
    );
}

#[test]
fn a_surprise_window_opens_whatever_the_face_down_card_is() {
    // Hidden information: the attacker must not learn from the window
    // whether the face-down card fits (docs/rulings/nostalgix.md, Surprises).
    let mut t = Table::new();
    let nullify = t.id("Nullify");
    t.s.sides[B].back[0] = BackCard::Surprise(nullify);
    let rock = t.place(A, "Rock", 0);
    t.attack(rock, Tgt::hero(B));
    assert_eq!(t.game.to_move(&t.s), Node::Decision(Player::B));
    assert_eq!(
        t.legal(),
        vec![Action::Decline],
        "Nullify does not fit an attack"
    );
    t.act(Action::Decline);
    assert_eq!(t.hero_health(B), 17);
}

#[test]
fn a_search_lets_the_player_choose_the_fighter() {
    // rules/nostalgix.txt: glossary "Reveal"; the cards' "search your deck
    // for a Fighter, reveal it and put it in your hand": the searching
    // player chooses which Fighter, then the deck is shuffled.
    let mut t = Table::new();
    let (pup, rock) = (t.id("Pup"), t.id("Rock"));
    t.s.sides[A].deck[0] = rock;
    t.mana(A, 5);
    let seek = t.give(A, "Seek");
    t.act(Action::Cast {
        hand: seek,
        target: None,
    });
    assert_eq!(t.game.to_move(&t.s), Node::Decision(A));
    let mut offered = vec![Action::Search(Some(pup)), Action::Search(Some(rock))];
    offered.sort_by_key(|a| match a {
        Action::Search(c) => *c,
        _ => None,
    });
    assert_eq!(t.legal(), offered, "one choice per distinct Fighter");
    let deck = t.s.sides[A].deck.len();
    t.act(Action::Search(Some(rock)));
    let side = &t.s.sides[A];
    assert!(side.hand.contains(&rock) && !side.deck.contains(&rock));
    assert_eq!(side.deck.len(), deck - 1);
    assert!(side.hand_known.contains(&rock), "revealed");
    assert_eq!(t.game.to_move(&t.s), Node::Decision(A), "back to the turn");
    let i = t.s.sides[A].hand.iter().position(|&c| c == rock).unwrap();
    t.act(Action::Summon {
        hand: i as u8,
        slot: 0,
    });
    assert!(
        !t.s.sides[A].hand_known.contains(&rock),
        "known until it leaves the hand"
    );
}

#[test]
fn a_reveal_shows_the_top_card_to_both_players() {
    // rules/nostalgix.txt: glossary "Reveal" — "Flip face-up or otherwise
    // show to all players temporarily": the log's `reveal` line names the
    // top card to every seat (it is not redacted for the opponent), and
    // the card is drawn only if it matches (Leaves: "if it is a Fighter,
    // draw it").
    use crate::core::Report;
    use crate::play::Describe;
    use serde_json::Value;
    // The log lines of casting Leaves with `top` on seat a's deck, as
    // seat b reads them.
    let cast = |t: &mut Table, top: &str| -> Vec<Value> {
        let card = t.id(top);
        let last = t.s.sides[A].deck.len() - 1;
        t.s.sides[A].deck[last] = card;
        t.mana(A, 1);
        let hand = t.give(A, "Leaves");
        let mut events = Vec::new();
        let action = Action::Cast { hand, target: None };
        t.apply_logged(action, &mut events);
        events
            .iter()
            .map(|e| {
                let Value::Object(mut line) = t.game.event_json(e) else {
                    panic!("a log line is an object")
                };
                t.game.redact(&mut line, B);
                Value::Object(line)
            })
            .collect()
    };
    let named = |lines: &[Value], event: &str| -> Vec<Value> {
        lines
            .iter()
            .filter(|l| l["event"] == event)
            .map(|l| l["card"].clone())
            .collect()
    };
    let mut t = Table::new();
    let deck = t.s.sides[A].deck.len();
    let lines = cast(&mut t, "Bolt");
    assert_eq!(named(&lines, "reveal"), ["Bolt"], "{lines:?}");
    assert!(named(&lines, "draw").is_empty(), "a Spell is not drawn");
    assert_eq!(t.s.sides[A].deck.len(), deck, "it stays on top");
    assert_eq!(t.s.sides[A].deck.last(), Some(&t.id("Bolt")));
    let lines = cast(&mut t, "Rock");
    assert_eq!(named(&lines, "reveal"), ["Rock"], "{lines:?}");
    assert_eq!(named(&lines, "draw"), [crate::play::HIDDEN], "then drawn");
    let reveal = lines.iter().position(|l| l["event"] == "reveal");
    let draw = lines.iter().position(|l| l["event"] == "draw");
    assert!(reveal < draw, "{lines:?}");
    assert!(t.s.sides[A].hand_known.contains(&t.id("Rock")));
}

#[test]
fn stacking_does_not_summon_the_fighter_again() {
    // rules/nostalgix.txt: glossary "Stacked" — a Stacked card joins a
    // Fighter already in play; that Fighter is not summoned again, so its
    // "when summoned" ability does not fire again.
    let mut t = Table::new();
    t.mana(A, 5);
    let burrower = t.give(A, "Burrower");
    t.act(Action::Summon {
        hand: burrower,
        slot: 0,
    });
    let tokens = |t: &Table| t.s.units[A].iter().filter(|u| u.token).count();
    assert_eq!(tokens(&t), 1, "summoned: one Pip");
    let kit = t.give(A, "Kit");
    t.act(Action::Stack { hand: kit, unit: 0 });
    assert_eq!(tokens(&t), 1, "stacked onto: no second Pip");
    assert_eq!(t.unit(A, 0).atk_counters(), 2, "Kit's +2 ATK");
}

#[test]
fn a_summoned_token_opens_the_enemy_summon_window() {
    // rules/nostalgix.txt: "Fighters & Tokens" — "All tokens are Neutral
    // Fighters"; glossary "Token" — tokens are summoned. A Surprise "when
    // an enemy Fighter is summoned" answers a token too.
    let mut t = Table::new();
    let trip = t.id("Trip");
    t.s.sides[B].back[0] = BackCard::Surprise(trip);
    t.mana(A, 5);
    let brood = t.give(A, "Brood");
    t.act(Action::Cast {
        hand: brood,
        target: None,
    });
    assert_eq!(t.legal(), vec![Action::Decline], "the Spell's window");
    t.act(Action::Decline);
    assert_eq!(t.s.units[A].len(), 1, "the token is summoned");
    assert_eq!(t.game.to_move(&t.s), Node::Decision(B));
    t.act(Action::Flip {
        slot: 0,
        target: None,
    });
    assert!(t.s.units[A].is_empty(), "Trip destroyed the token");
}

#[test]
fn an_evolution_opens_the_enemy_summon_window() {
    // rules/nostalgix.txt: "Fighter Evolution" (the higher level is played
    // onto the lower one). Ruling (docs/rulings/nostalgix.md, "Evolution"):
    // a Fighter evolved into is summoned, for its own "when summoned"
    // abilities and for the enemy's Surprises "when an enemy Fighter is
    // summoned" alike.
    let mut t = Table::new();
    let pup = t.place(A, "Pup", 0);
    let trip = t.id("Trip");
    t.s.sides[B].back[0] = BackCard::Surprise(trip);
    t.mana(A, 9);
    let hound = t.give(A, "Hound");
    t.act(Action::Evolve {
        hand: hound,
        unit: pup as u8,
    });
    assert_eq!(t.game.to_move(&t.s), Node::Decision(B), "B's window");
    t.act(Action::Flip {
        slot: 0,
        target: None,
    });
    assert_eq!(t.unit(A, pup).damage, 3, "Trip hit the evolved Fighter");
}

#[test]
fn an_attacks_additional_damage_to_a_hero_does_not_break_its_equipment() {
    // rules/nostalgix.txt: "Equipment" — "breaks ... if that Hero is
    // damaged by a direct attack"; "Parts of an Attack", step 9. Ruling:
    // only an attack on the Hero itself (step 7) is direct; damage the
    // additional effects of an attack on a Fighter deal is an effect's.
    let mut t = Table::new();
    t.mana(A, 5);
    t.equip(A, "Sword", Tgt::hero(B));
    let siphon = t.place(A, "Siphon", 0);
    t.place(B, "Pup", 0);
    let foe = t.hero_health(B);
    t.attack(siphon, Tgt::unit(B, 0));
    assert_eq!(t.hero_health(B), foe - 3, "step 9 hit the enemy Hero");
    assert!(
        t.s.sides[A]
            .back
            .iter()
            .any(|b| matches!(b, BackCard::Equipment(_, on) if *on == hero_id(B))),
        "the Sword stays on B's Hero"
    );
}

#[test]
fn a_token_beyond_the_cap_is_an_error_the_invariants_report() {
    // docs/rulings/nostalgix.md, "Tokens": the rules allow unlimited
    // tokens; a token the bound would drop is never dropped silently.
    let mut t = Table::new();
    let pip = t.id("Pip");
    for _ in 0..MAX_TOKENS {
        let id = t.s.fresh_id();
        let token = t.game.spawn(&t.s, id, pip, TOKEN_SLOT, 0, true);
        t.s.units[A].push(token);
    }
    t.game.check_invariants(&t.s).expect("a legal position");
    t.mana(A, 5);
    let brood = t.give(A, "Brood");
    let mut events = Vec::new();
    let action = Action::Cast {
        hand: brood,
        target: None,
    };
    t.game
        .apply(&mut t.s, action, &mut t.rng, &mut |e: &Event| {
            events.push(e.kind)
        });
    assert!(events.contains(&EventKind::Capped { what: "token" }));
    assert!(t.game.check_invariants(&t.s).is_err());
}

#[test]
fn divinity_gives_once_for_each_source() {
    // rules/nostalgix.txt: glossary "Divinity" — the keyword is each
    // card's ability: with the Hero and a Fighter both having it, a heal of
    // the Hero gives each Fighter two Health Counters and two +1ATK.
    let mut t = Table::with_heroes("Saintly", "Tester");
    let pup = t.place(A, "Pup", 0);
    let cleric = t.place(A, "Cleric", 1);
    t.s.sides[A].hero.damage = 3;
    t.mana(A, 5);
    let mend = t.give(A, "Mend");
    t.act(Action::Cast {
        hand: mend,
        target: None,
    });
    for u in [pup, cleric] {
        let u = t.unit(A, u);
        assert_eq!((u.health_counters, u.atk_counters()), (2, 2));
    }
}

#[test]
fn destroying_your_own_fighter_gives_no_prize_counter() {
    // rules/nostalgix.txt: "How to Win" — "One Prize Counter is awarded
    // for every Fighter of your opponent's that you destroy."
    let mut t = Table::new();
    t.place(A, "Pup", 0);
    t.place(B, "Pup", 0);
    t.mana(A, 5);
    let quake = t.give(A, "Quake");
    t.act(Action::Cast {
        hand: quake,
        target: None,
    });
    assert!(t.s.units[A].is_empty() && t.s.units[B].is_empty());
    assert_eq!(t.s.sides[A].prizes, 1, "for the opponent's Pup");
    assert_eq!(t.s.sides[B].prizes, 0, "none for a Pup its owner destroyed");
}

#[test]
fn the_hero_ability_is_used_at_any_point_of_its_owners_turn() {
    // rules/nostalgix.txt: "Use your Hero's Ability once per turn at any
    // time" is a step-3 action ("Parts of a Turn Overview", step 3): at any
    // point of its owner's turn, between any two other actions, once; not
    // in the opponent's turn nor in a Surprise window.
    let mut t = Table::new();
    t.mana(A, 5);
    let rock = t.place(A, "Rock", 0);
    t.place(A, "Tide", 1);
    t.place(B, "Pup", 0);
    let poke = |legal: &[Action]| {
        legal
            .iter()
            .any(|a| matches!(a, Action::HeroAbility { .. }))
    };
    t.attack(rock, Tgt::unit(B, 0));
    assert!(poke(&t.legal()), "after an attack");
    let snare = t.id("Snare");
    t.s.sides[B].back[0] = BackCard::Surprise(snare);
    t.attack(1, Tgt::hero(B));
    assert_eq!(t.game.to_move(&t.s), Node::Decision(B));
    assert!(!poke(&t.legal()), "not in a Surprise window");
    // The attack's window, then the one its damage to the Hero opens.
    while t.game.to_move(&t.s) == Node::Decision(B) {
        t.act(Action::Decline);
    }
    t.s.sides[B].back[0] = BackCard::Empty;
    t.act(Action::HeroAbility {
        target: Some(Tgt::hero(B)),
    });
    assert!(!poke(&t.legal()), "once per turn");
    t.pass_to(B);
    assert!(poke(&t.legal()), "the opponent's own turn");
}

#[test]
fn each_hero_starts_at_the_health_its_card_carries() {
    // docs/rulings/nostalgix.md, "Hero health": the rulebook prints no
    // Hero; each Hero card of the pool carries its health.
    let game = Nostalgix::bundled(0, 1);
    let s = game.new_state(&mut rng_from_seed(1));
    for p in [A, B] {
        let printed = game.db.card(game.decks[p].hero).health;
        assert_eq!(s.sides[p].hero.health(), i16::from(printed));
    }
    assert_ne!(
        s.sides[A].hero.health(),
        s.sides[B].hero.health(),
        "two Heroes of different health"
    );
}

#[test]
fn seat_a_mulligans_first_and_seat_b_learns_only_the_count() {
    // rules/nostalgix.txt: "Setting up to Play", step 6; docs/rulings
    // "Mulligan turn order".
    let game = Nostalgix::bundled(0, 1);
    let start = game.new_state(&mut rng_from_seed(4));
    assert_eq!(game.to_move(&start), Node::Decision(A));
    let hand = start.sides[A].hand;
    let other = (1..hand.len())
        .find(|&i| hand[i] != hand[0])
        .expect("two cards");
    let after = |pick: usize| {
        let mut s = start;
        let mut rng = rng_from_seed(5);
        game.apply(
            &mut s,
            Action::MulliganPick(pick as u8),
            &mut rng,
            &mut NoObserver,
        );
        let done = Action::MulliganDone { bottom: false };
        game.apply(&mut s, done, &mut rng, &mut NoObserver);
        s
    };
    let (s1, s2) = (after(0), after(other));
    assert_eq!(game.to_move(&s1), Node::Decision(B), "then seat b");
    assert_eq!(
        game.info_key(&s1, B),
        game.info_key(&s2, B),
        "which card went back is hidden from seat b"
    );
}

#[test]
fn the_turn_order_coin_flip_is_logged() {
    // rules/nostalgix.txt: "Setting up to Play" step 7 ("flip a coin ... to
    // determine which player gets to decide turn order"); docs/events.md:
    // every coin flipped is an event, the turn order's and an effect's.
    let game = Nostalgix::bundled(0, 1);
    let mut rng = rng_from_seed(3);
    let mut s = game.new_state(&mut rng);
    let mut events = Vec::new();
    for _ in 0..2 {
        let done = Action::MulliganDone { bottom: false };
        game.apply(&mut s, done, &mut rng, &mut |e: &Event| events.push(*e));
    }
    let coins: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Coin { .. }))
        .collect();
    assert_eq!(coins.len(), 1, "{events:?}");
    assert_eq!(coins[0].player, s.active, "the winner chooses the order");
    assert_eq!(
        coins[0].kind,
        EventKind::Coin {
            heads: s.active == A,
            turn_order: true
        }
    );
}

#[test]
fn an_effects_coin_flip_is_logged() {
    // docs/events.md: an effect's `coin = "heads"` condition flips a coin,
    // an event. Gamble deals 2 on heads.
    let mut t = Table::new();
    let (mut heads, mut tails) = (0, 0);
    for _ in 0..12 {
        t.mana(A, 1);
        let hand = t.give(A, "Gamble");
        let before = t.hero_health(B);
        let mut events = Vec::new();
        let cast = Action::Cast { hand, target: None };
        t.apply_logged(cast, &mut events);
        let flips: Vec<EventKind> = events
            .iter()
            .map(|e| e.kind)
            .filter(|k| matches!(k, EventKind::Coin { .. }))
            .collect();
        let hit = t.hero_health(B) < before;
        assert_eq!(
            flips,
            vec![EventKind::Coin {
                heads: hit,
                turn_order: false
            }]
        );
        if hit {
            heads += 1;
        } else {
            tails += 1;
        }
    }
    assert!(heads > 0 && tails > 0, "{heads} heads, {tails} tails");
}

#[test]
fn a_card_drawn_into_a_full_hand_goes_to_the_void() {
    // docs/rulings/nostalgix.md, "Hand capacity".
    let mut t = Table::new();
    while t.s.sides[A].hand.len() < MAX_HAND {
        t.give(A, "Pup");
    }
    let void = t.s.sides[A].void.len();
    let top = *t.s.sides[A].deck.last().expect("a card to draw");
    let mut events = Vec::new();
    t.game
        .draw(&mut t.s, A, 1, &mut |e: &Event| events.push(*e));
    assert_eq!(t.s.sides[A].hand.len(), MAX_HAND);
    assert_eq!(t.s.sides[A].void.len(), void + 1);
    // The card is face up in the Void: the log shows it to every seat.
    use crate::core::Report;
    use crate::play::Describe;
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].kind, EventKind::DrawToVoid { card: top });
    let serde_json::Value::Object(mut line) = t.game.event_json(&events[0]) else {
        panic!("a log line is an object")
    };
    t.game.redact(&mut line, B);
    assert_eq!(line["card"], t.game.card_name(top), "{line:?}");
    assert_eq!(line["to"], "void");
}

#[test]
fn equipment_abilities_act_for_the_equipped_entitys_controller() {
    // rules/nostalgix.txt: "Equipment" ("even attach Equipment to your
    // opponent's Hero or Fighters"); docs/rulings "Equipment abilities".
    let mut t = Table::new();
    let pup = t.place(B, "Pup", 0);
    t.mana(A, 5);
    t.equip(A, "Charm", Tgt::unit(B, pup));
    t.pass_to(B);
    assert_eq!(
        t.unit(B, pup).atk_counters(),
        0,
        "not at seat a's end of turn"
    );
    t.pass_to(A);
    assert_eq!(t.unit(B, pup).atk_counters(), 1, "at seat b's, on the Pup");
    assert!(
        matches!(t.s.sides[A].back[0], BackCard::Equipment(c, _) if c == t.id("Charm")),
        "the slot stays in seat a's back row"
    );
}

#[test]
fn a_hero_attacks_with_its_equipment_and_has_no_type() {
    // rules/nostalgix.txt: "Attack with your Hero, if they have any attack
    // points gained by card effects or equipment"; docs/rulings "Heroes
    // have no type", "Hero attacks".
    let mut t = Table::new();
    // Umbra resists Neutral: a Hero typed Neutral would deal 2 − 2 = 0.
    t.place(B, "Umbra", 0);
    let hero_attacks = |t: &Table| {
        t.legal().iter().any(|a| {
            matches!(
                a,
                Action::Attack {
                    attacker: Tgt::HERO,
                    ..
                }
            )
        })
    };
    assert!(!hero_attacks(&t), "no attack points, no attack");
    t.mana(A, 5);
    t.equip(A, "Sword", Tgt::hero(A));
    assert!(hero_attacks(&t));
    t.act(Action::Attack {
        attacker: Tgt::HERO,
        attack: 0,
        target: Tgt::unit(B, 0),
    });
    assert_eq!(
        t.unit(B, 0).damage,
        2,
        "the Sword's 2: no type, so no Resistance to Neutral"
    );
}

#[test]
fn setting_a_surprise_hides_which_known_surprise_it_was() {
    // rules/nostalgix.txt: "Surprises are played face-down"; docs/rulings
    // "Setting a Surprise face down hides which card it was".
    let mut t = Table::new();
    let snare = t.id("Snare");
    t.give(A, "Nullify");
    t.give(A, "Snare");
    t.s.sides[A].hand_known.push(snare);
    t.mana(A, 5);
    t.act(Action::SetSurprise { hand: 1 });
    assert!(
        t.s.sides[A].hand_known.is_empty(),
        "the opponent no longer knows the Snare is still in hand"
    );
}

#[test]
fn a_window_like_one_already_waiting_is_merged() {
    // docs/rulings/nostalgix.md, "Surprises": the owner may flip any number
    // of Surprises in one window, so a second identical one adds nothing.
    let mut t = Table::new();
    let snare = t.id("Snare");
    t.s.sides[B].back[0] = BackCard::Surprise(snare);
    for _ in 0..3 {
        let trigger = super::cards::SurpriseTrigger::AllyDestroyed;
        t.game
            .open_window(&mut t.s, B, trigger, None, &mut NoObserver);
    }
    assert_eq!(t.s.windows.len(), 1);
    assert!(!t.s.capped);
}

#[test]
fn a_summoned_token_fires_its_on_summon_ability() {
    // rules/nostalgix.txt: glossary "Token" — tokens are summoned, with "a
    // health stat, an attack stat, a subtype, and possibly an Ability": a
    // token's "when summoned" ability fires as a summoned Fighter's does.
    // Seer Burrow summons Seer Pip, whose Peek reveals the top card and
    // draws it, a Fighter.
    let mut t = Table::new();
    let rock = t.id("Rock");
    let top = t.s.sides[A].deck.len() - 1;
    t.s.sides[A].deck[top] = rock;
    t.mana(A, 1);
    let burrow = t.give(A, "Seer Burrow");
    let hand = t.s.sides[A].hand.len();
    t.act(Action::Summon {
        hand: burrow,
        slot: 0,
    });
    assert!(t.unit(A, 1).token, "Seer Pip is summoned");
    let side = &t.s.sides[A];
    assert!(side.hand.contains(&rock), "Peek drew the revealed Fighter");
    assert_eq!(side.hand.len(), hand, "Seer Burrow left, Rock came");
    assert_eq!(side.deck.len(), top);
    assert!(side.hand_known.contains(&rock), "revealed to both players");
}

#[test]
fn a_fighters_text_shows_its_weakness_resistance_and_evolution() {
    // rules/nostalgix.txt: "Parts of a Nostalgix Card" — a Fighter prints
    // its "Evolution Info", "Weakness" and "Resistance".
    use crate::play::Describe;
    let t = Table::new();
    let pup = t.game.card_text(t.id("Pup"));
    assert!(
        pup.contains("weakness Water") && pup.contains("resistance Earth"),
        "{pup}"
    );
    assert!(!pup.contains("evolves_from"), "{pup}");
    let hound = t.game.card_text(t.id("Hound"));
    assert!(hound.contains("evolves_from Pup"), "{hound}");
    assert!(!hound.contains("weakness"), "{hound}");
}

// ---------------------------------------------------------------------------
// The book's rules the card format gained: Equipment and Arenas destroyed by
// an effect, a step-3 decrease, a Hero's +ATK counters.

#[test]
fn destroy_equipment_sends_it_to_its_owners_void_and_removes_its_bonuses() {
    // rules/nostalgix.txt: "Equipment" — "These cards stay in play until
    // the equipped Hero or Fighter is sent to the Void or the Equipment is
    // sent to the Void by an effect"; "Parts of a Turn Overview": Equipment
    // may be attached to the opponent's Fighters. Ruling: each goes to the
    // Void of the player who played it, and the damage a health bonus
    // absorbed leaves with it. Sunder Gear: the bundled pool's card.
    let mut t = Table::bundled();
    t.mana(A, 10);
    let imp = t.place(A, "Cinder Imp", 0);
    t.equip(A, "Rusty Cutlass", Tgt::unit(A, imp));
    t.pass_to(B);
    t.mana(B, 10);
    t.equip(B, "Sunstone Pendant", Tgt::unit(A, imp));
    let printed = t.game.db.card(t.id("Cinder Imp")).health as i16;
    assert_eq!(t.unit(A, imp).atk_bonus(), 2);
    assert_eq!(t.health(A, imp), printed + 2);
    assert!(
        t.unit(A, imp)
            .keywords
            .has(super::cards::Keywords::LIFETOUCH)
    );
    t.s.units[A][imp].damage = 1;
    let hand = t.give(B, "Sunder Gear");
    let cast = Action::Cast {
        hand,
        target: Some(Tgt::unit(A, imp)),
    };
    assert!(
        t.legal().contains(&cast),
        "a chosen enemy, as Spells choose"
    );
    let mut events = Vec::new();
    t.game.apply(&mut t.s, cast, &mut t.rng, &mut |e: &Event| {
        events.push(e.kind)
    });
    let imp_id = t.unit(A, imp).id;
    let u = t.unit(A, imp);
    assert_eq!((u.equipped, u.atk_bonus()), (0, 0));
    assert!(!u.keywords.has(super::cards::Keywords::LIFETOUCH));
    assert_eq!(u.health(), printed, "the 1 damage the +2♥ absorbed left");
    assert_eq!(t.s.sides[A].void.last(), Some(&t.id("Rusty Cutlass")));
    assert!(t.s.sides[B].void.contains(&t.id("Sunstone Pendant")));
    for p in [A, B] {
        let equipment = t.s.sides[p].back.iter();
        assert!(
            equipment
                .clone()
                .all(|b| !matches!(b, BackCard::Equipment(..)))
        );
    }
    let broken = events
        .iter()
        .filter(|k| matches!(k, EventKind::EquipBreak { target, .. } if *target == imp_id))
        .count();
    assert_eq!(broken, 2, "{events:?}");
    assert!(
        events.contains(&EventKind::BonusLost {
            target: imp_id,
            amount: 1,
            health_after: printed
        }),
        "{events:?}"
    );
    let mut fresh = t.unit(A, imp);
    t.game.derive(&t.s, &mut fresh);
    assert_eq!(fresh, t.unit(A, imp), "derived figures refreshed");
}

#[test]
fn destroy_arena_sends_the_enemy_arena_to_its_owners_void_and_removes_its_aura() {
    // rules/nostalgix.txt: "Arenas" — "arenas can only be destroyed by
    // playing another Arena or by certain card effects". Ruling: the
    // effect destroys the opponent's Arena (the player who played it),
    // not its own; the Arena goes to that player's Void, and the damage
    // its health bonus absorbed leaves with it. Fault Line and Siege Ram:
    // the bundled pool's cards.
    let mut t = Table::bundled();
    t.mana(A, 10);
    let acolyte = t.place(A, "Dawn Acolyte", 0);
    let dawn = t.give(A, "Sanctuary of Dawn");
    t.act(Action::PlayArena { hand: dawn });
    assert_eq!(t.health(A, acolyte), 3 + 1, "Light Fighters get +1♥");
    t.s.units[A][acolyte].damage = 1;
    t.pass_to(B);
    t.mana(B, 10);
    let hand = t.give(B, "Fault Line");
    let mut events = Vec::new();
    let cast = Action::Cast { hand, target: None };
    t.game.apply(&mut t.s, cast, &mut t.rng, &mut |e: &Event| {
        events.push(e.kind)
    });
    assert_eq!(t.s.arena, None);
    assert_eq!(t.s.sides[A].void.last(), Some(&t.id("Sanctuary of Dawn")));
    assert_eq!(
        t.health(A, acolyte),
        3,
        "4 − 1, the bonus and its damage gone"
    );
    let acolyte_id = t.unit(A, acolyte).id;
    let arena_void = EventKind::ArenaReplaced {
        card: t.id("Sanctuary of Dawn"),
        owner: A,
    };
    let at = |k: &EventKind| events.iter().position(|e| e == k);
    let lost = EventKind::BonusLost {
        target: acolyte_id,
        amount: 1,
        health_after: 3,
    };
    assert!(
        at(&arena_void) < at(&lost) && at(&lost).is_some(),
        "{events:?}"
    );
    // Its own Arena stays.
    let crypt = t.give(B, "Bloodmoon Crypt");
    t.act(Action::PlayArena { hand: crypt });
    let hand = t.give(B, "Fault Line");
    t.act(Action::Cast { hand, target: None });
    assert_eq!(t.s.arena, Some((t.id("Bloodmoon Crypt"), B)));
    // The opponent's falls to Siege Ram's "when summoned".
    t.pass_to(A);
    t.mana(A, 10);
    let hand = t.give(A, "Siege Ram");
    t.act(Action::Summon { hand, slot: 1 });
    assert_eq!(t.s.arena, None);
    assert_eq!(t.s.sides[B].void.last(), Some(&t.id("Bloodmoon Crypt")));
    t.assert_derived_fresh(A);
}

#[test]
fn a_hand_may_pass_ten_in_the_opponents_turn() {
    // rules/nostalgix.txt: "End your turn" — "Ensure you have no more than
    // 10 cards in your hand": at the end of one's own turn. A Surprise
    // that draws in the opponent's turn may take a hand past 10 (Last
    // Rites, Second Wind, Fury Unbound); it is cut at the end of that
    // player's next turn, and the invariants accept it meanwhile.
    let mut t = Table::new();
    let (pup, windfall) = (t.id("Pup"), t.id("Windfall"));
    // A legal position: b's deck list holds the Windfall it set face down.
    t.game.decks[B].cards = vec![(pup, 49), (windfall, 1)];
    let side = &mut t.s.sides[B];
    side.deck.pop();
    side.back[0] = BackCard::Surprise(windfall);
    while side.hand.len() < HAND_LIMIT {
        let card = side.deck.pop().expect("a card");
        side.hand.push(card);
    }
    t.game.check_invariants(&t.s).expect("a legal position");
    // a's Pup in play came from its deck.
    let attacker = t.place(A, "Pup", 0);
    t.s.sides[A].deck.pop();
    t.game.check_invariants(&t.s).expect("a legal position");
    t.attack(attacker, Tgt::hero(B));
    t.act(Action::Decline);
    t.act(Action::Flip {
        slot: 0,
        target: None,
    });
    assert_eq!(t.s.sides[B].hand.len(), HAND_LIMIT + 2);
    assert_eq!(t.s.active, A);
    t.game
        .check_invariants(&t.s)
        .expect("over 10 in the opponent's turn");
    t.pass_to(B);
    t.act(Action::EndTurn);
    assert_eq!(t.s.phase, Phase::Discard);
    t.game.check_invariants(&t.s).expect("discarding");
    while t.s.phase == Phase::Discard {
        t.act(Action::Discard(0));
    }
    assert_eq!(t.s.sides[B].hand.len(), HAND_LIMIT);
}

#[test]
fn a_negative_bonus_lowers_an_attacks_damage_to_no_less_than_zero() {
    // rules/nostalgix.txt: "Parts of an Attack", step 3 — "Resolve any
    // attack effects that increase or decrease the amount of damage";
    // step 4 — "taking into account any +/- ATK counters". Ruling: the
    // amount after step 3 is never below 0; ATK counters add to that.
    let mut t = Table::new();
    let meek = t.place(A, "Meek", 0);
    let mut events = Vec::new();
    let pat = Action::Attack {
        attacker: meek as u8,
        attack: 0,
        target: Tgt::hero(B),
    };
    t.game.apply(&mut t.s, pat, &mut t.rng, &mut |e: &Event| {
        events.push(e.kind)
    });
    assert_eq!(t.hero_health(B), 20, "2 − 5: no damage");
    let attack = events
        .iter()
        .find(|k| matches!(k, EventKind::Attack { .. }))
        .copied();
    assert!(
        matches!(
            attack,
            Some(EventKind::Attack {
                base: 0,
                damage: 0,
                ..
            })
        ),
        "{attack:?}"
    );
    // A conditional decrease: Poke deals 1 less to a Hero only.
    t.pass_to(A);
    t.act(Action::Attack {
        attacker: meek as u8,
        attack: 1,
        target: Tgt::hero(B),
    });
    assert_eq!(t.hero_health(B), 18, "3 − 1");
    t.pass_to(A);
    let pup = t.place(B, "Pup", 0);
    t.act(Action::Attack {
        attacker: meek as u8,
        attack: 1,
        target: Tgt::unit(B, pup),
    });
    assert_eq!(t.health(B, pup), 4 - 3, "the full 3 to a Fighter");
    // +2 ATK counters count from 0, not from 2 − 5.
    t.pass_to(A);
    t.s.units[A][meek].atk_plus = 2;
    t.attack(meek, Tgt::hero(B));
    assert_eq!(t.hero_health(B), 16, "max(2 − 5, 0) + 2");
}

#[test]
fn a_negative_bonus_of_the_bundled_pool_spares_the_hero() {
    // rules/nostalgix.txt: "Parts of an Attack", step 3. Drowsy Bear's
    // Lazy Swipe deals 3 less damage to a Hero, the full 4 to a Fighter.
    let mut t = Table::bundled();
    let bear = t.place(A, "Drowsy Bear", 0);
    t.attack(bear, Tgt::hero(B));
    assert_eq!(t.hero_health(B), 25 - 1);
    t.pass_to(A);
    let titan = t.place(B, "Mountain Colossus", 0);
    let before = t.health(B, titan);
    t.attack(bear, Tgt::unit(B, titan));
    assert_eq!(t.health(B, titan), before - 4);
}

#[test]
fn atk_counters_on_its_hero_let_the_hero_attack() {
    // rules/nostalgix.txt: "Parts of a Turn Overview" — "Attack with your
    // Hero if they have any attack points gained by card effects"; glossary
    // "Attack Counters (+1ATK)". War Paint: the bundled pool's card.
    let mut t = Table::bundled();
    let hero_attacks = |t: &Table| {
        t.legal().iter().any(|a| {
            matches!(
                a,
                Action::Attack {
                    attacker: Tgt::HERO,
                    ..
                }
            )
        })
    };
    assert!(!hero_attacks(&t), "no attack points, no attack");
    t.mana(A, 3);
    let hand = t.give(A, "War Paint");
    t.act(Action::Cast { hand, target: None });
    assert_eq!(t.s.sides[A].hero.atk_counters(), 2);
    assert!(hero_attacks(&t));
    t.act(Action::Attack {
        attacker: Tgt::HERO,
        attack: 0,
        target: Tgt::hero(B),
    });
    assert_eq!(t.hero_health(B), 25 - 2);
    // Counters stay: the Hero attacks again next turn.
    t.pass_to(A);
    assert!(hero_attacks(&t));
}

#[test]
fn an_attack_is_logged_when_declared_before_any_surprise_answers_it() {
    use crate::core::Report;
    // rules/nostalgix.txt: "Parts of an Attack", steps 1–2 (choose the
    // attacker, the target and the attack), "Surprises" (flipped "any time
    // the effect on the card can be used"): the declaration is an event,
    // so the `surprise` that answers it comes after a line naming the
    // attacker (docs/events.md, `attack_declared`).
    let mut t = Table::new();
    let snare = t.id("Snare");
    t.s.sides[B].back[0] = BackCard::Surprise(snare);
    let rock = t.place(A, "Rock", 0);
    let rock_id = t.unit(A, rock).id;
    let mut events = Vec::new();
    t.attack_hero_logged(rock, &mut events);
    let flip = Action::Flip {
        slot: 0,
        target: None,
    };
    t.apply_logged(flip, &mut events);
    let kinds: Vec<EventKind> = events.iter().map(|e| e.kind).collect();
    let declared = EventKind::AttackDeclared {
        attacker: rock_id,
        attacker_card: t.id("Rock"),
        target: hero_id(B),
        target_card: t.s.sides[B].hero.card,
        attack: Some(0),
    };
    assert_eq!(kinds.first(), Some(&declared), "{kinds:?}");
    assert_eq!(events[0].player, A);
    let surprise = kinds
        .iter()
        .position(|k| matches!(k, EventKind::Surprise { .. }))
        .expect("the Snare flipped");
    assert!(surprise > 0);
    assert!(
        kinds.contains(&EventKind::Fizzle {
            attacker: rock_id,
            defender: hero_id(B)
        }),
        "{kinds:?}"
    );
    let json = t.game.event_json(&events[0]);
    assert_eq!(json["event"], "attack_declared");
    assert_eq!(json["attacker"], rock_id);
    assert_eq!(json["target"], "hero_b");
    assert_eq!(json["attack"], "Slam");
}

#[test]
fn a_spells_chosen_target_is_logged_even_when_it_is_countered() {
    use crate::core::Report;
    // rules/nostalgix.txt: "Spells"; "Surprises" (a Surprise may cancel a
    // Spell). docs/events.md: a `play` of a Spell names its chosen target
    // as it is cast, before any Surprise answers it.
    let mut t = Table::new();
    let nullify = t.id("Nullify");
    t.s.sides[B].back[2] = BackCard::Surprise(nullify);
    let pup = t.place(B, "Pup", 0);
    let pup_id = t.unit(B, pup).id;
    t.mana(A, 3);
    let bolt = t.give(A, "Bolt");
    let mut events = Vec::new();
    let cast = Action::Cast {
        hand: bolt,
        target: Some(Tgt::unit(B, pup)),
    };
    t.apply_logged(cast, &mut events);
    let flip = Action::Flip {
        slot: 2,
        target: None,
    };
    t.apply_logged(flip, &mut events);
    let play = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Play { .. }))
        .expect("the play");
    assert!(
        matches!(play.kind, EventKind::Play { target: Some(id), id: None, .. } if id == pup_id),
        "{play:?}"
    );
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Countered { card: t.id("Bolt") })
    );
    let json = t.game.event_json(play);
    assert_eq!(json["target"], pup_id);
    assert_eq!(json["id"], serde_json::Value::Null);
    // A Spell with no chosen target names none.
    t.mana(A, 3);
    let zap = t.give(A, "Zap");
    let mut events = Vec::new();
    let cast = Action::Cast {
        hand: zap,
        target: None,
    };
    t.apply_logged(cast, &mut events);
    let play = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Play { .. }))
        .expect("the play");
    assert_eq!(t.game.event_json(play)["target"], serde_json::Value::Null);
}

/// The entity the first event after `events[i]` that acts on one (damage,
/// healing, counters, binding, destruction) names.
fn acted_on_after(events: &[Event], i: usize) -> Option<u16> {
    events[i + 1..].iter().find_map(|e| match e.kind {
        EventKind::Damage { target, .. }
        | EventKind::Heal { target, .. }
        | EventKind::HealthCounters { target, .. }
        | EventKind::AtkCounters { target, .. }
        | EventKind::AtkCountersRemoved { target, .. }
        | EventKind::Bind { target, .. } => Some(target),
        EventKind::Destroy { id, .. } => Some(id),
        _ => None,
    })
}

#[test]
fn an_abilitys_chosen_target_is_logged_and_is_what_it_acts_on() {
    use crate::core::Report;
    use serde_json::Value;
    // rules/nostalgix.txt: "Heroes" (one activated ability a turn), a
    // Fighter's activated ability. docs/events.md: an `ability` names the
    // target its player chose, as a Spell's `play` does, `null` when it
    // chooses none; its effects follow, on that target.
    let mut t = Table::new();
    t.place(B, "Pup", 0);
    let pup = t.place(B, "Pup", 1);
    let pup_id = t.unit(B, pup).id;
    t.mana(A, 5);
    let poke = Action::HeroAbility {
        target: Some(Tgt::unit(B, pup)),
    };
    assert!(t.legal().contains(&poke));
    let mut events = Vec::new();
    t.apply_logged(poke, &mut events);
    let i = events
        .iter()
        .position(|e| matches!(e.kind, EventKind::Ability { .. }))
        .expect("the ability");
    assert_eq!(
        events[i].kind,
        EventKind::Ability {
            source: hero_id(A),
            card: t.id("Tester"),
            ability: 0,
            target: Some(pup_id),
        }
    );
    assert_eq!(acted_on_after(&events, i), Some(pup_id), "{events:?}");
    assert_eq!(t.health(B, pup), 4 - 1);
    let json = t.game.event_json(&events[i]);
    assert_eq!(json["event"], "ability");
    assert_eq!(json["name"], "Poke");
    assert_eq!(json["target"], pup_id);
    // A Hero chosen is named as entities are: `hero_b`.
    t.pass_to(A);
    t.mana(A, 5);
    let mut events = Vec::new();
    let poke = Action::HeroAbility {
        target: Some(Tgt::hero(B)),
    };
    t.apply_logged(poke, &mut events);
    let i = events
        .iter()
        .position(|e| matches!(e.kind, EventKind::Ability { .. }))
        .expect("the ability");
    assert_eq!(acted_on_after(&events, i), Some(hero_id(B)));
    assert_eq!(t.game.event_json(&events[i])["target"], "hero_b");
    // An activated ability that chooses nothing (Chaplain: `adjacent`)
    // names no target.
    let chaplain = t.place(A, "Chaplain", 2);
    let bless = Action::UnitAbility {
        unit: chaplain as u8,
        ability: 0,
        target: None,
    };
    assert!(t.legal().contains(&bless));
    let mut events = Vec::new();
    t.apply_logged(bless, &mut events);
    let ability = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Ability { .. }))
        .expect("the ability");
    assert!(matches!(
        ability.kind,
        EventKind::Ability { target: None, .. }
    ));
    let json = t.game.event_json(ability);
    assert_eq!(json.get("target"), Some(&Value::Null), "{json}");

    // A Fighter's activated ability with a chosen target (the bundled
    // Village Medic's Triage: restore 2 to one of your Fighters).
    let mut t = Table::bundled();
    let medic = t.place(A, "Village Medic", 0);
    t.place(A, "Cinder Imp", 1);
    let hurt = t.place(A, "Cinder Imp", 2);
    let hurt_id = t.unit(A, hurt).id;
    t.s.units[A][hurt].damage = 1;
    t.s.units[A][hurt - 1].damage = 1;
    t.mana(A, 5);
    let triage = Action::UnitAbility {
        unit: medic as u8,
        ability: 0,
        target: Some(Tgt::unit(A, hurt)),
    };
    assert!(t.legal().contains(&triage));
    let mut events = Vec::new();
    t.apply_logged(triage, &mut events);
    let i = events
        .iter()
        .position(|e| matches!(e.kind, EventKind::Ability { .. }))
        .expect("the ability");
    assert_eq!(
        events[i].kind,
        EventKind::Ability {
            source: t.unit(A, medic).id,
            card: t.id("Village Medic"),
            ability: 0,
            target: Some(hurt_id),
        }
    );
    assert_eq!(acted_on_after(&events, i), Some(hurt_id), "{events:?}");
    assert_eq!(t.unit(A, hurt).damage, 0);
    assert_eq!(t.unit(A, hurt - 1).damage, 1, "the other one is not healed");
    let json = t.game.event_json(&events[i]);
    assert_eq!(
        (&json["name"], &json["target"]),
        (&"Triage".into(), &hurt_id.into())
    );
}

#[test]
fn a_surprises_chosen_target_is_logged_and_is_what_it_acts_on() {
    use crate::core::Report;
    use serde_json::Value;
    // rules/nostalgix.txt: "Surprises" (flipped face up, its effect
    // resolves). docs/events.md: a `surprise` names the target its owner
    // chose as it is flipped, `null` when it chooses none; its effects
    // follow, on that target. Hex answers an attack on any enemy Fighter
    // its owner chooses: here not the attacker.
    let mut t = Table::new();
    let hex = t.id("Hex");
    t.s.sides[B].back[1] = BackCard::Surprise(hex);
    let rock = t.place(A, "Rock", 0);
    let rock_id = t.unit(A, rock).id;
    let pup = t.place(A, "Pup", 1);
    let pup_id = t.unit(A, pup).id;
    let mut events = Vec::new();
    t.attack_hero_logged(rock, &mut events);
    let flip = Action::Flip {
        slot: 1,
        target: Some(Tgt::unit(A, pup)),
    };
    assert!(t.legal().contains(&flip), "{:?}", t.legal());
    t.apply_logged(flip, &mut events);
    let i = events
        .iter()
        .position(|e| matches!(e.kind, EventKind::Surprise { .. }))
        .expect("the Hex flipped");
    assert_eq!(
        events[i].kind,
        EventKind::Surprise {
            card: hex,
            slot: 1,
            trigger: super::cards::SurpriseTrigger::EnemyAttack,
            target: Some(pup_id),
        }
    );
    assert_eq!(events[i].player, B);
    assert_eq!(acted_on_after(&events, i), Some(pup_id), "{events:?}");
    assert_eq!(t.health(A, pup), 4 - 2);
    assert_eq!(t.health(A, rock), 6, "the attacker is not the one chosen");
    let json = t.game.event_json(&events[i]);
    assert_eq!(json["event"], "surprise");
    assert_eq!(json["target"], pup_id);
    assert_ne!(json["target"], rock_id);
    // A Surprise that chooses nothing (Snare: `attacker`) names no target.
    t.s.sides[B].back[0] = BackCard::Surprise(t.id("Snare"));
    t.pass_to(A);
    let mut events = Vec::new();
    t.attack_hero_logged(rock, &mut events);
    let flip = Action::Flip {
        slot: 0,
        target: None,
    };
    t.apply_logged(flip, &mut events);
    let i = events
        .iter()
        .position(|e| matches!(e.kind, EventKind::Surprise { .. }))
        .expect("the Snare flipped");
    assert!(matches!(
        events[i].kind,
        EventKind::Surprise { target: None, .. }
    ));
    assert_eq!(acted_on_after(&events, i), Some(rock_id), "its attacker");
    let json = t.game.event_json(&events[i]);
    assert_eq!(json.get("target"), Some(&Value::Null), "{json}");
}

/// The index of the first event of `events` that `is` picks.
fn first_event(events: &[Event], is: impl Fn(&EventKind) -> bool) -> Option<usize> {
    events.iter().position(|e| is(&e.kind))
}

#[test]
fn a_game_won_in_an_attacks_window_closes_the_attack_with_a_fizzle_before_game_over() {
    use crate::core::Report;
    // rules/nostalgix.txt: "How to Win" (a Hero at 0 health loses),
    // "Parts of an Attack" and "Surprises" (flipped when an enemy attacks,
    // before the attack resolves). docs/rulings/nostalgix.md, "Winning":
    // the win check runs once the windows answering a declared attack
    // have closed, before it resolves; docs/events.md: every
    // `attack_declared` is followed by its `attack` or its `fizzle`.
    // Captain Ember, at 4 health and holding a Rusty Cutlass, attacks;
    // B's Spiked Pitfall deals the attacker 4: B wins, and the attack,
    // which never resolves, fizzles in the log before the `game_over`.
    let mut t = Table::bundled();
    t.mana(A, 5);
    t.equip(A, "Rusty Cutlass", Tgt::hero(A));
    t.s.sides[A].hero.damage = 21;
    assert_eq!(t.hero_health(A), 4);
    t.s.sides[B].back[0] = BackCard::Surprise(t.id("Spiked Pitfall"));
    let hero_attack = Action::Attack {
        attacker: Tgt::HERO,
        attack: 0,
        target: Tgt::hero(B),
    };
    assert!(t.legal().contains(&hero_attack), "{:?}", t.legal());
    let mut events = Vec::new();
    t.apply_logged(hero_attack, &mut events);
    let flip = Action::Flip {
        slot: 0,
        target: None,
    };
    assert!(t.legal().contains(&flip));
    t.apply_logged(flip, &mut events);
    // The outcome: B wins by knocking A's Hero out; B's Hero is untouched.
    assert!(
        matches!(t.game.to_move(&t.s), Node::Terminal(o) if o.winner() == Some(B) && o.reason == "hero_ko")
    );
    assert_eq!(t.hero_health(A), 0);
    assert_eq!(t.hero_health(B), 25);
    // The log: declared, answered, the Hero at 0, the fizzle, the end.
    let at = |is: &dyn Fn(&EventKind) -> bool| first_event(&events, is);
    let declared = at(&|k| matches!(k, EventKind::AttackDeclared { .. })).expect("declared");
    let knocked_out = at(&|k| {
        matches!(k, EventKind::Damage { target, health_after: 0, .. } if *target == hero_id(A))
    })
    .expect("A's Hero damaged to 0");
    let fizzle = at(&|k| matches!(k, EventKind::Fizzle { .. })).expect("a fizzle");
    let over = at(&|k| matches!(k, EventKind::GameOver { .. })).expect("game over");
    assert!(declared < knocked_out && knocked_out < fizzle, "{events:?}");
    assert_eq!(fizzle + 1, over, "the fizzle comes just before the end");
    assert_eq!(
        events[fizzle].kind,
        EventKind::Fizzle {
            attacker: hero_id(A),
            defender: hero_id(B),
        }
    );
    assert_eq!(events[fizzle].player, A, "the active player");
    assert_eq!(
        events[over].kind,
        EventKind::GameOver {
            winner: Some(B),
            reason: "hero_ko",
        }
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Attack { .. })),
        "the attack never resolved: {events:?}"
    );
    let json = t.game.event_json(&events[fizzle]);
    assert_eq!(
        (&json["event"], &json["attacker"], &json["target"]),
        (&"fizzle".into(), &"hero_a".into(), &"hero_b".into())
    );
}

#[test]
fn a_game_won_in_a_spells_window_closes_the_spell_with_countered_before_game_over() {
    // rules/nostalgix.txt: "How to Win", "Spells", "Surprises" (Backlash
    // Ward: "When the opponent plays a Spell: cancel it and deal 2 damage
    // to the enemy Hero"). docs/rulings/nostalgix.md, "Winning": the check
    // runs once the Spell's window has closed, before the Spell resolves;
    // docs/events.md: a Spell that does nothing is `countered`, and it is
    // logged before the `game_over`.
    let mut t = Table::bundled();
    t.s.sides[A].hero.damage = 23;
    t.s.sides[B].back[0] = BackCard::Surprise(t.id("Backlash Ward"));
    t.mana(A, 3);
    let hand = t.give(A, "Tea Leaves");
    let mut events = Vec::new();
    t.apply_logged(Action::Cast { hand, target: None }, &mut events);
    let flip = Action::Flip {
        slot: 0,
        target: None,
    };
    t.apply_logged(flip, &mut events);
    assert!(matches!(t.game.to_move(&t.s), Node::Terminal(o) if o.winner() == Some(B)));
    let countered = first_event(&events, |k| matches!(k, EventKind::Countered { .. }))
        .unwrap_or_else(|| panic!("no countered: {events:?}"));
    let over = first_event(&events, |k| matches!(k, EventKind::GameOver { .. })).expect("over");
    assert_eq!(countered + 1, over, "{events:?}");
    assert_eq!(
        events[countered].kind,
        EventKind::Countered {
            card: t.id("Tea Leaves")
        }
    );
    assert_eq!(events[countered].player, A, "its caster");
}

/// The rule tests' pool and `extra` cards.
fn pool_with(extra: &str) -> CardDb {
    CardDb::parse(&format!("{POOL}{extra}"), "pool.toml").expect("test pool")
}

#[test]
fn both_winning_in_an_attacks_windows_closes_the_attack_before_sudden_death() {
    // rules/nostalgix.txt: "Specialty Rules" ("What if both players win at
    // the same time?"); docs/events.md: the attack declared is closed by
    // its `fizzle` before the `sudden_death` that deals everything anew.
    // A's Hero attacks at 4 health; B's Pitfall knocks it out, and A's
    // Riposte, answering that damage, brings B's Hero to 0 too.
    let db = pool_with(
        r#"
[[surprise]]
name = "Pitfall"
trigger = "enemy_attack"
effects = [{ do = "damage", amount = 4, target = "attacker" }]
"#,
    );
    let mut t = Table::on(db, "Tester", "Tester", "Pup");
    t.mana(A, 5);
    t.equip(A, "Sword", Tgt::hero(A));
    t.s.sides[A].hero.damage = 16;
    t.s.sides[B].hero.damage = 17;
    t.s.sides[A].back[1] = BackCard::Surprise(t.id("Riposte"));
    t.s.sides[B].back[0] = BackCard::Surprise(t.id("Pitfall"));
    let mut events = Vec::new();
    let hero_attack = Action::Attack {
        attacker: Tgt::HERO,
        attack: 0,
        target: Tgt::hero(B),
    };
    t.apply_logged(hero_attack, &mut events);
    for slot in [0, 1] {
        let flip = Action::Flip { slot, target: None };
        assert!(t.legal().contains(&flip), "{:?}", t.legal());
        t.apply_logged(flip, &mut events);
    }
    assert_eq!(t.s.sudden_deaths, 1);
    let fizzle = first_event(&events, |k| matches!(k, EventKind::Fizzle { .. }))
        .unwrap_or_else(|| panic!("no fizzle: {events:?}"));
    let sudden =
        first_event(&events, |k| matches!(k, EventKind::SuddenDeath { .. })).expect("sudden death");
    assert_eq!(fizzle + 1, sudden, "{events:?}");
    assert_eq!(
        events[fizzle].kind,
        EventKind::Fizzle {
            attacker: hero_id(A),
            defender: hero_id(B),
        }
    );
}

#[test]
fn immune_to_surprises_keeps_an_attacker_from_the_surprises_aimed_at_it() {
    // rules/nostalgix.txt: glossary "Immune" ("'Immune to Surprises'
    // meaning that they cannot be targeted directly by Surprise cards").
    // Ambush Snare and Spiked Pitfall aim at the attacker: against the
    // Runebound Owl (Immune to Surprises) they are not offered, only
    // `Decline`; against a Cinder Imp they are.
    let mut t = Table::bundled();
    t.s.sides[B].back[0] = BackCard::Surprise(t.id("Ambush Snare"));
    t.s.sides[B].back[1] = BackCard::Surprise(t.id("Spiked Pitfall"));
    let owl = t.place(A, "Runebound Owl", 0);
    let imp = t.place(A, "Cinder Imp", 1);
    t.attack(owl, Tgt::hero(B));
    assert_eq!(t.game.to_move(&t.s), Node::Decision(B), "B's window opens");
    assert_eq!(t.legal(), vec![Action::Decline]);
    t.act(Action::Decline);
    assert_eq!(t.hero_health(B), 25 - 2, "the Owl's attack lands");
    // B's window for the damage to its Hero: nothing fits.
    assert_eq!(t.legal(), vec![Action::Decline]);
    t.act(Action::Decline);
    t.attack(imp, Tgt::hero(B));
    for slot in [0, 1] {
        let flip = Action::Flip { slot, target: None };
        assert!(t.legal().contains(&flip), "{:?}", t.legal());
    }
}

#[test]
fn immune_to_surprises_keeps_a_summoned_fighter_from_the_surprises_aimed_at_it() {
    // rules/nostalgix.txt: glossary "Immune" ("'Immune to Surprises'
    // meaning that they cannot be targeted directly by Surprise cards");
    // "Fighter Evolution" (docs/rulings/nostalgix.md, "Evolution": an
    // evolution is a summon). Tripwire Rune and Binding Glyph aim at the
    // Fighter summoned: not offered against a Runebound Owl summoned nor a
    // Basilisk Matron evolved into (both Immune to Surprises), offered
    // against a Cinder Imp.
    let mut t = Table::bundled();
    t.s.sides[B].back[0] = BackCard::Surprise(t.id("Tripwire Rune"));
    t.s.sides[B].back[1] = BackCard::Surprise(t.id("Binding Glyph"));
    t.mana(A, 10);
    let owl = t.give(A, "Runebound Owl");
    t.act(Action::Summon { hand: owl, slot: 0 });
    assert_eq!(t.game.to_move(&t.s), Node::Decision(B), "B's window opens");
    assert_eq!(t.legal(), vec![Action::Decline]);
    t.act(Action::Decline);
    let adder = t.place(A, "Venom Adder", 1);
    let matron = t.give(A, "Basilisk Matron");
    t.act(Action::Evolve {
        hand: matron,
        unit: adder as u8,
    });
    assert_eq!(t.game.to_move(&t.s), Node::Decision(B), "B's window opens");
    assert_eq!(t.legal(), vec![Action::Decline]);
    t.act(Action::Decline);
    let imp = t.give(A, "Cinder Imp");
    t.act(Action::Summon { hand: imp, slot: 2 });
    for slot in [0, 1] {
        let flip = Action::Flip { slot, target: None };
        assert!(t.legal().contains(&flip), "{:?}", t.legal());
    }
}

#[test]
fn immune_to_surprises_keeps_a_fighter_from_being_a_surprises_chosen_target() {
    // rules/nostalgix.txt: glossary "Immune" ("'Immune to Surprises'
    // meaning that they cannot be targeted directly by Surprise cards").
    // The bundled Spiked Pitfall made to hit any enemy Fighter its owner
    // chooses (no bundled Surprise chooses): a Cinder Imp attacks, and
    // the Imp is offered, not the Runebound Owl nor the Basilisk Matron
    // beside it.
    let text = super::cards::BUNDLED_CARDS.replace(
        r#"effects = [{ do = "damage", amount = 4, target = "attacker" }]"#,
        r#"effects = [{ do = "damage", amount = 4, target = "chosen_enemy_fighter" }]"#,
    );
    let db = CardDb::parse(&text, "cards.toml").expect("the bundled pool");
    let mut t = Table::on(db, "Captain Ember", "Captain Ember", "Cinder Imp");
    let pitfall = t.id("Spiked Pitfall");
    assert!(t.game.db.card(pitfall).chosen_target().is_some());
    t.s.sides[B].back[0] = BackCard::Surprise(pitfall);
    let imp = t.place(A, "Cinder Imp", 0);
    t.place(A, "Runebound Owl", 1);
    t.place(A, "Basilisk Matron", 2);
    t.attack(imp, Tgt::hero(B));
    let targets: Vec<Option<Tgt>> = t
        .legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::Flip { slot: 0, target } => Some(target),
            _ => None,
        })
        .collect();
    assert_eq!(targets, vec![Some(Tgt::unit(A, imp))]);
}

#[test]
fn immune_to_binding_takes_the_damage_of_a_binding_attack_and_is_not_bound() {
    // rules/nostalgix.txt: glossary "Immune" ("'Immune to Binding', in
    // this case the card in question can be damaged or destroyed but can't
    // be affected by Binding"), "Binding". Frost Eels (Binding) hit an
    // Ironclad Titan (Immune to Binding), a Cinder Imp wearing Anchor
    // Boots (+1♥, Immune to Binding) and a Gearhound: all take the damage,
    // only the Gearhound is bound; the other two attack on B's next turn.
    // Marshal Dray's Shackle and Chains of Dusk, which bind a chosen enemy
    // Fighter, do nothing to the immune ones.
    let db = Nostalgix::bundled_cards();
    let mut t = Table::on(db, "Marshal Dray", "Captain Ember", "Cinder Imp");
    let eels = [0, 1, 2].map(|slot| t.place(A, "Frost Eel", slot));
    let titan = t.place(B, "Ironclad Titan", 0);
    let imp = t.place(B, "Cinder Imp", 1);
    let hound = t.place(B, "Gearhound", 2);
    t.s.sides[B].mana = 5;
    t.s.active = B;
    t.equip(B, "Anchor Boots", Tgt::unit(B, imp));
    t.s.active = A;
    assert_eq!(t.health(B, imp), 3);
    let mut events = Vec::new();
    for (eel, target) in eels.into_iter().zip([titan, imp, hound]) {
        let attack = Action::Attack {
            attacker: eel as u8,
            attack: 0,
            target: Tgt::unit(B, target),
        };
        assert!(t.legal().contains(&attack));
        t.apply_logged(attack, &mut events);
    }
    // The damage: 1, doubled on the Water-weak Imp.
    assert_eq!(t.unit(B, titan).damage, 1);
    assert_eq!(t.unit(B, imp).damage, 2);
    assert_eq!(t.unit(B, hound).damage, 1);
    let bound: Vec<u16> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Bind { target, .. } => Some(target),
            _ => None,
        })
        .collect();
    assert_eq!(bound, vec![t.unit(B, hound).id], "only the Gearhound");
    assert_eq!(t.unit(B, titan).bound_turn, 0);
    assert_eq!(t.unit(B, imp).bound_turn, 0);
    let attackers = |t: &Table| -> Vec<u8> {
        let mut units: Vec<u8> = t
            .legal()
            .into_iter()
            .filter_map(|a| match a {
                Action::Attack { attacker, .. } if attacker != Tgt::HERO => Some(attacker),
                _ => None,
            })
            .collect();
        units.dedup();
        units
    };
    t.pass_to(B);
    assert_eq!(attackers(&t), vec![titan as u8, imp as u8]);
    // Shackle and Chains of Dusk: a chosen enemy Fighter bound.
    t.pass_to(A);
    t.mana(A, 10);
    let shackle = Action::HeroAbility {
        target: Some(Tgt::unit(B, titan)),
    };
    let mut events = Vec::new();
    assert!(t.legal().contains(&shackle), "the Titan may be chosen");
    t.apply_logged(shackle, &mut events);
    let chains = t.give(A, "Chains of Dusk");
    let cast = Action::Cast {
        hand: chains,
        target: Some(Tgt::unit(B, imp)),
    };
    assert!(t.legal().contains(&cast), "the Imp may be chosen");
    t.apply_logged(cast, &mut events);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Bind { .. })),
        "{events:?}"
    );
    t.pass_to(B);
    assert_eq!(
        attackers(&t),
        vec![titan as u8, imp as u8, hound as u8],
        "all attack, the Gearhound's Binding spent"
    );
}
