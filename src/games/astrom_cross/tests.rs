//! Rule tests for Astrom Cross. Each cites the rulebook paragraph it
//! checks (`rules/astrom-cross.txt: "Section"`) or the ruling of
//! docs/rulings/astrom-cross.md it pins down.

use super::action::Action;
use super::cards::{CardDb, CardId};
use super::deck::Deck;
use super::events::{Event, EventKind};
use super::state::*;
use super::{AstromCross, Options};
use crate::bots::{Bot, FeatureSet, Strategy};
#[allow(unused_imports)]
use crate::core::{Evaluate, Invariants, Report};
use crate::core::{
    Game, GameRng, Metric, NoObserver, Node, Outcome, Player, conformance, rng_from_seed,
};
use crate::games::Ruleset;

/// Seat a.
const A: Player = Player::A;
/// Seat b.
const B: Player = Player::B;

#[test]
fn random_games_pass_the_conformance_checks() {
    // 2 × 500 = 1,000 seeded random games in release, every check after
    // every action.
    let games = if cfg!(debug_assertions) { 20 } else { 500 };
    for (a, b) in [(0, 1), (1, 0)] {
        let game = AstromCross::bundled(a, b);
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

#[test]
fn state_is_small_plain_data() {
    fn copy<T: Copy>() {}
    copy::<State>();
    copy::<Action>();
    // The whole state's size the conformance suite holds to `STATE_BUDGET`.
    assert!(std::mem::size_of::<Action>() <= 6);
    assert!(std::mem::size_of::<Zone>() <= 16);
}

// ---------------------------------------------------------------------------
// Helpers: positions are built by moving cards between zones (conserving
// them, so the invariants still hold). Seat a plays ember-assault, seat b
// tide-bastion.

fn game() -> AstromCross {
    AstromCross::bundled(0, 1)
}

fn id(g: &AstromCross, name: &str) -> CardId {
    g.db.id(name).unwrap_or_else(|| panic!("no card {name}"))
}

/// Removes one copy of `c` from `p`'s deck, hand, location deck or soul
/// stock.
fn pull(s: &mut State, p: Player, c: CardId) {
    let side = &mut s.sides[p];
    for zone in [&mut side.deck, &mut side.hand, &mut side.soul] {
        if let Some(i) = zone.iter().position(|&x| x == c) {
            zone.remove(i);
            return;
        }
    }
    if let Some(i) = side.locations.iter().position(|&x| x == c) {
        side.locations.remove(i);
        return;
    }
    panic!("seat {p} has no free copy of card {c:?}");
}

fn to_hand(g: &AstromCross, s: &mut State, p: Player, name: &str) {
    let c = id(g, name);
    pull(s, p, c);
    s.sides[p].hand.push(c);
}

fn to_top(g: &AstromCross, s: &mut State, p: Player, name: &str) {
    let c = id(g, name);
    pull(s, p, c);
    s.sides[p].deck.push(c);
}

fn to_soul(g: &AstromCross, s: &mut State, p: Player, name: &str) {
    let c = id(g, name);
    pull(s, p, c);
    s.sides[p].soul.push(c);
}

fn location(g: &AstromCross, s: &mut State, p: Player, zone: u8, name: &str) {
    let c = id(g, name);
    pull(s, p, c);
    s.sides[p].zones[zone as usize].location = Some(c);
}

/// A warrior in `zone` (on the next location of the location deck if the
/// zone has none).
fn warrior(g: &AstromCross, s: &mut State, p: Player, zone: u8, name: &str) {
    let c = id(g, name);
    pull(s, p, c);
    let side = &mut s.sides[p];
    if side.zones[zone as usize].location.is_none() {
        let l = side.locations.pop().expect("a location left");
        side.zones[zone as usize].location = Some(l);
    }
    side.zones[zone as usize].warrior = Some(Warrior {
        card: c,
        ..Default::default()
    });
}

/// Both mulligans kept, then seat a's main phase of turn 1 with empty
/// fields.
fn main_phase(seed: u64) -> (AstromCross, State, GameRng) {
    let g = game();
    let mut rng = rng_from_seed(seed);
    let mut s = g.new_state(&mut rng);
    act(&g, &mut s, &mut rng, Action::Mulligan(0));
    act(&g, &mut s, &mut rng, Action::Mulligan(0));
    s.active = A;
    s.first = A;
    s.phase = Phase::Main;
    g.check_invariants(&s).expect("a valid start");
    (g, s, rng)
}

/// Plays `a` (which must be legal); returns the events.
fn act(g: &AstromCross, s: &mut State, rng: &mut GameRng, a: Action) -> Vec<Event> {
    let mut events = Vec::new();
    let mut obs = |e: &Event| events.push(*e);
    if let Err(e) = g.apply_checked(s, a, rng, &mut obs) {
        let mut legal = Vec::new();
        g.legal_actions(s, &mut legal);
        panic!("{e} in phase {:?}; legal: {legal:?}", s.phase);
    }
    g.check_invariants(s)
        .unwrap_or_else(|m| panic!("after {a:?}: {m}"));
    events
}

fn legal(g: &AstromCross, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

fn decider(g: &AstromCross, s: &State) -> Player {
    match g.to_move(s) {
        Node::Decision(p) => p,
        Node::Terminal(o) => panic!("game over: {o:?}"),
    }
}

/// Ends the main phase and the battle phase, discarding down to the hand
/// size.
fn end_turn(g: &AstromCross, s: &mut State, rng: &mut GameRng) {
    act(g, s, rng, Action::ToBattle);
    end_turn_from_battle(g, s, rng);
}

/// Ends the battle phase, discarding down to the hand size.
fn end_turn_from_battle(g: &AstromCross, s: &mut State, rng: &mut GameRng) {
    act(g, s, rng, Action::EndBattle);
    while s.phase == Phase::Discard && s.outcome.is_none() {
        let c = s.sides[s.active].hand[0];
        act(g, s, rng, Action::Discard(c));
    }
}

/// Both players pass the technique step.
fn pass_techniques(g: &AstromCross, s: &mut State, rng: &mut GameRng) -> Vec<Event> {
    assert_eq!(s.phase, Phase::Technique);
    let mut events = act(g, s, rng, Action::Pass);
    events.extend(act(g, s, rng, Action::Pass));
    events
}

// ---------------------------------------------------------------------------
// rules/astrom-cross.txt: "Beginning of the game"

#[test]
fn setup_reveals_ancients_draws_their_hand_size_and_draws_lots_for_first() {
    // rules/astrom-cross.txt: "Beginning of the game", "draw cards equal to its ancient's hand size"
    let g = game();
    let mut firsts = [0; 2];
    for seed in 0..40 {
        let s = g.new_state(&mut rng_from_seed(seed));
        assert_eq!(s.sides[A].ancient, id(&g, "Veyra, Ember Sovereign"));
        assert_eq!(s.sides[A].hand.len(), 6);
        assert_eq!(s.sides[B].hand.len(), 5);
        assert_eq!(s.sides[A].deck.len(), DECK_SIZE - 6);
        assert_eq!(s.sides[B].locations.len(), LOCATION_DECK_SIZE);
        assert_eq!(s.phase, Phase::Mulligan);
        assert_eq!(decider(&g, &s), s.first);
        firsts[s.first.index()] += 1;
    }
    assert!(firsts[0] > 5 && firsts[1] > 5, "{firsts:?}");
}

#[test]
fn a_mulligan_puts_cards_back_shuffles_and_redraws_as_many() {
    // rules/astrom-cross.txt: "Beginning of the game", Mulligan
    let g = game();
    let mut rng = rng_from_seed(3);
    let mut s = g.new_state(&mut rng);
    let first = s.first;
    let before = s.sides[first].hand;
    let deck_before: Vec<CardId> = s.sides[first].deck.iter().copied().collect();
    assert_eq!(legal(&g, &s).len(), 1 << before.len());
    let events = act(&g, &mut s, &mut rng, Action::Mulligan(0b11));
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Mulligan { count: 2 })
    );
    assert_eq!(s.sides[first].hand.len(), before.len());
    assert_eq!(&s.sides[first].hand[..before.len() - 2], &before[2..]);
    // rules/astrom-cross.txt: "Beginning of the game", "put any number of cards from their hand to the bottom of their decks and redraw the same amount once the shuffle the deck"
    let side = &s.sides[first];
    let deck_after: Vec<CardId> = side.deck.iter().copied().collect();
    let redrawn = &side.hand[before.len() - 2..];
    assert_eq!(deck_after.len(), deck_before.len(), "2 back, 2 redrawn");
    // The two cards went back into the deck: the deck and the redrawn
    // cards are the old deck and the two put back.
    let mut now: Vec<CardId> = deck_after.iter().chain(redrawn).copied().collect();
    let mut then: Vec<CardId> = deck_before.iter().chain(&before[..2]).copied().collect();
    now.sort();
    then.sort();
    assert_eq!(now, then, "the cards put back are in the deck");
    // Then the deck was shuffled: not the old deck (less its top two,
    // redrawn) with the two under it, in either order.
    let n = deck_before.len();
    for under in [[before[0], before[1]], [before[1], before[0]]] {
        let unshuffled: Vec<CardId> = under.iter().chain(&deck_before[..n - 2]).copied().collect();
        assert_ne!(deck_after, unshuffled, "the deck is shuffled");
    }
    assert_eq!(decider(&g, &s), first.opponent(), "then the other player");
    act(&g, &mut s, &mut rng, Action::Mulligan(0));
    assert_eq!(s.phase, Phase::Location);
    assert_eq!(s.active, first);
    assert_eq!(s.turns, 1);
}

// ---------------------------------------------------------------------------
// rules/astrom-cross.txt: "Beginning Of Turn", "Draw Phase"

#[test]
fn the_turn_begins_by_readying_rest_and_stunned_cards_then_turn_start_effects() {
    // rules/astrom-cross.txt: "Beginning Of Turn", 1 (READY) and 2 ("Beginning of turn" effects)
    let (g, mut s, mut rng) = main_phase(1);
    warrior(&g, &mut s, B, 0, "Wandering Medic");
    warrior(&g, &mut s, B, 1, "Reef Sentry");
    // A stunned Medic has no ability until it is readied: it heals only
    // if step 1 comes before step 2.
    s.sides[B].warrior_mut(0).unwrap().pos = Pos::Stun;
    s.sides[B].warrior_mut(1).unwrap().pos = Pos::Rest;
    s.sides[B].ancient_pos = Pos::Rest;
    s.sides[B].ancient_damage = 3;
    act(&g, &mut s, &mut rng, Action::ToBattle);
    let events = act(&g, &mut s, &mut rng, Action::EndBattle);
    assert_eq!(s.active, B);
    assert!(
        s.sides[B]
            .zones
            .iter()
            .flat_map(|z| z.warrior)
            .all(|w| w.pos == Pos::Ready)
    );
    assert_eq!(s.sides[B].ancient_pos, Pos::Ready);
    assert_eq!(s.sides[B].ancient_damage, 2, "the Medic healed 1");
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Heal { amount: 1, .. }))
    );
}

#[test]
fn rest_cards_stay_rest_until_their_controllers_next_beginning_of_turn() {
    // rules/astrom-cross.txt: "Beginning Of Turn", 1 ("you can only ready cards during this phase", "a rest-positioned warrior may also be attacked during your opponent's turn")
    let (g, mut s, mut rng) = main_phase(33);
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    warrior(&g, &mut s, B, 0, "Reef Sentry");
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Attack {
            zone: 0,
            target: NONE,
        },
    );
    if s.phase == Phase::Defend {
        act(&g, &mut s, &mut rng, Action::NoDefense);
    }
    pass_techniques(&g, &mut s, &mut rng);
    while s.phase == Phase::Trigger {
        act(&g, &mut s, &mut rng, Action::Trigger(false));
    }
    end_turn_from_battle(&g, &mut s, &mut rng);
    assert_eq!(s.active, B);
    assert_eq!(s.sides[A].warrior(0).unwrap().pos, Pos::Rest, "still Rest");
    act(&g, &mut s, &mut rng, Action::SkipLocation);
    act(&g, &mut s, &mut rng, Action::ToBattle);
    assert!(legal(&g, &s).contains(&Action::Attack { zone: 0, target: 0 }));
    end_turn_from_battle(&g, &mut s, &mut rng);
    assert_eq!(s.active, A);
    assert_eq!(s.sides[A].warrior(0).unwrap().pos, Pos::Ready);
}

#[test]
fn every_turn_draws_a_card_the_first_player_too() {
    // rules/astrom-cross.txt: "Draw Phase" ("Yes! The 1st player DO draw a card")
    let g = game();
    let mut rng = rng_from_seed(5);
    let mut s = g.new_state(&mut rng);
    let first = s.first;
    let hand = s.sides[first].hand.len();
    act(&g, &mut s, &mut rng, Action::Mulligan(0));
    let events = act(&g, &mut s, &mut rng, Action::Mulligan(0));
    assert_eq!(s.sides[first].hand.len(), hand + 1);
    assert!(
        events
            .iter()
            .any(|e| e.player == first && matches!(e.kind, EventKind::Draw { .. }))
    );
}

// ---------------------------------------------------------------------------
// rules/astrom-cross.txt: "Location Phase"

#[test]
fn the_location_phase_places_or_exchanges_the_revealed_location_or_skips_to_draw() {
    // rules/astrom-cross.txt: "Location Phase", reveal, empty zone, exchange to the bottom, skip to draw
    let (g, mut s, mut rng) = main_phase(2);
    s.phase = Phase::Location;
    let top = *s.sides[A].locations.last().unwrap();
    assert_eq!(legal(&g, &s), vec![Action::Reveal, Action::SkipLocation]);
    act(&g, &mut s, &mut rng, Action::Reveal);
    assert_eq!(s.revealed_location, Some(top));
    assert_eq!(legal(&g, &s).len(), ZONES);
    act(&g, &mut s, &mut rng, Action::Place(4));
    assert_eq!(s.sides[A].zones[4].location, Some(top));
    assert_eq!(s.phase, Phase::Main);

    s.phase = Phase::Location;
    s.sides[A].zones[4].wasteland = true;
    let next = *s.sides[A].locations.last().unwrap();
    act(&g, &mut s, &mut rng, Action::Reveal);
    assert!(legal(&g, &s).contains(&Action::Exchange(4)));
    act(&g, &mut s, &mut rng, Action::Exchange(4));
    assert_eq!(s.sides[A].zones[4].location, Some(next));
    assert!(!s.sides[A].zones[4].wasteland, "a fresh location");
    assert_eq!(s.sides[A].locations[0], top, "the old one to the bottom");

    s.phase = Phase::Location;
    let hand = s.sides[A].hand.len();
    act(&g, &mut s, &mut rng, Action::SkipLocation);
    assert_eq!(s.sides[A].hand.len(), hand + 1);
    assert_eq!(s.phase, Phase::Main);
}

// ---------------------------------------------------------------------------
// rules/astrom-cross.txt: "Main Phase"

#[test]
fn one_warrior_moves_one_space_once_per_turn_switching_if_the_terrain_is_full() {
    // rules/astrom-cross.txt: "Main Phase", MOVING POSITION
    let (g, mut s, mut rng) = main_phase(4);
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    warrior(&g, &mut s, A, 1, "Ashblade Duelist");
    location(&g, &mut s, A, 3, "Gale Spire");
    let moves: Vec<Action> = legal(&g, &s)
        .into_iter()
        .filter(|a| matches!(a, Action::Move { .. }))
        .collect();
    // From 0: to 1 (switch) or 3; from 1: to 0 (switch). Zones 2 and 4
    // hold no location; 5 is not adjacent.
    assert_eq!(
        moves,
        vec![
            Action::Move { from: 0, to: 1 },
            Action::Move { from: 0, to: 3 },
            Action::Move { from: 1, to: 0 },
        ]
    );
    let scout = s.sides[A].warrior(0).unwrap().card;
    act(&g, &mut s, &mut rng, Action::Move { from: 0, to: 1 });
    assert_eq!(s.sides[A].warrior(1).unwrap().card, scout);
    assert_eq!(
        s.sides[A].warrior(0).unwrap().card,
        id(&g, "Ashblade Duelist")
    );
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Move { .. })),
        "once per turn"
    );
}

#[test]
fn summoning_counts_locations_of_the_attributes_and_needs_an_open_location() {
    // rules/astrom-cross.txt: "Main Phase", SUMMONING WARRIORS
    let (g, mut s, mut rng) = main_phase(6);
    to_hand(&g, &mut s, A, "Pyre Lancer");
    let lancer = id(&g, "Pyre Lancer");
    location(&g, &mut s, A, 0, "Ashfall Ridge");
    location(&g, &mut s, A, 1, "Gale Spire");
    let summons = |s: &State| -> Vec<Action> {
        legal(&g, s)
            .into_iter()
            .filter(|a| matches!(a, Action::Summon { card, .. } if *card == lancer))
            .collect()
    };
    assert!(summons(&s).is_empty(), "one ember location is not two");
    location(&g, &mut s, A, 2, "Cinder Flats");
    warrior(&g, &mut s, A, 2, "Cinder Scout");
    assert_eq!(
        summons(&s),
        vec![
            Action::Summon {
                card: lancer,
                zone: 0,
                consume: 0
            },
            Action::Summon {
                card: lancer,
                zone: 1,
                consume: 0
            },
        ],
        "two ember locations; only open ones (zone 2 is taken)"
    );
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Summon {
            card: lancer,
            zone: 1,
            consume: 0,
        },
    );
    assert_eq!(s.sides[A].warrior(1).unwrap().card, lancer);
    assert_eq!(s.sides[A].warrior(1).unwrap().pos, Pos::Ready);
    // Ruling: no summoning sickness.
    act(&g, &mut s, &mut rng, Action::ToBattle);
    assert!(legal(&g, &s).contains(&Action::Attack {
        zone: 1,
        target: NONE
    }));
}

#[test]
fn events_wait_in_the_arcana_for_an_answer_then_resolve_and_go_to_the_grave() {
    // rules/astrom-cross.txt: "Main Phase", CASTING EVENTS & ITEMS (Arcana, respond, grave at end of turn)
    let (g, mut s, mut rng) = main_phase(7);
    location(&g, &mut s, A, 0, "Ashfall Ridge");
    to_hand(&g, &mut s, A, "Flashfire");
    plain(&g, &mut s, B, 2);
    warrior(&g, &mut s, B, 2, "Reef Sentry");
    let flash = id(&g, "Flashfire");
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Event { target: 0, .. }))
    );
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Event {
            card: flash,
            target: 2,
            consume: 0,
        },
    );
    assert_eq!(s.phase, Phase::Respond);
    assert_eq!(decider(&g, &s), B, "the rival may answer");
    assert!(s.sides[A].arcana.contains(&flash));
    assert_eq!(s.sides[B].warrior(2).unwrap().damage, 0, "not yet resolved");
    let events = act(&g, &mut s, &mut rng, Action::Pass);
    assert!(s.sides[B].warrior(2).is_none(), "3 damage took its 3 power");
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Destroyed { zone: 2, .. }))
    );
    assert_eq!(s.phase, Phase::Main);
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(&g, &mut s, &mut rng, Action::EndBattle);
    assert!(s.sides[A].arcana.is_empty());
    assert!(s.sides[A].grave.contains(&flash));
}

#[test]
fn a_technique_answering_an_event_can_negate_it() {
    // Ruling: answering an event; rules/astrom-cross.txt: "CASTING EVENTS & ITEMS" ("respond to it")
    let (g, mut s, mut rng) = main_phase(8);
    location(&g, &mut s, A, 0, "Ashfall Ridge");
    location(&g, &mut s, B, 0, "Tidewater Grotto");
    to_hand(&g, &mut s, A, "Flashfire");
    to_hand(&g, &mut s, B, "Counterflow");
    warrior(&g, &mut s, B, 2, "Reef Sentry");
    let flash = id(&g, "Flashfire");
    let counter = id(&g, "Counterflow");
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Event {
            card: flash,
            target: 2,
            consume: 0,
        },
    );
    assert!(legal(&g, &s).contains(&Action::Technique {
        card: counter,
        consume: 0
    }));
    let events = act(
        &g,
        &mut s,
        &mut rng,
        Action::Technique {
            card: counter,
            consume: 0,
        },
    );
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Negated { card: flash })
    );
    assert!(s.sides[B].warrior(2).is_some(), "negated");
    assert!(s.sides[B].arcana.contains(&counter));
    assert_eq!(s.phase, Phase::Main);
}

#[test]
fn items_are_cast_onto_a_warrior_and_give_power_and_keywords() {
    // rules/astrom-cross.txt: "Main Phase", CASTING EVENTS & ITEMS ("on the warrior they are targeting for item gears")
    let (g, mut s, mut rng) = main_phase(9);
    location(&g, &mut s, A, 0, "Gale Spire");
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    to_hand(&g, &mut s, A, "Tailwind Boots");
    let boots = id(&g, "Tailwind Boots");
    assert_eq!(g.power(&s, A, 0), 2);
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Equip {
            card: boots,
            zone: 0,
            consume: 0,
        },
    );
    assert_eq!(s.sides[A].warrior(0).unwrap().gear, Some(boots));
    // Ruling: the gear goes on the warrior, not into the Arcana, so the
    // rival is not asked to answer it (docs/rulings/astrom-cross.md).
    assert_eq!(s.phase, super::state::Phase::Main);
    assert_eq!(g.to_move(&s), crate::core::Node::Decision(A));
    assert_eq!(g.power(&s, A, 0), 3);
    assert!(g.keywords(&s, A, 0).has(super::cards::Keywords::PIERCE));
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Equip { .. })),
        "one gear per warrior"
    );
}

#[test]
fn hide_cards_are_set_face_down_for_free_and_used_later() {
    // rules/astrom-cross.txt: "Main Phase", SET AN ENTITY ("no cost or requirements are needed")
    let (g, mut s, mut rng) = main_phase(10);
    to_hand(&g, &mut s, A, "Smoke Veil");
    to_hand(&g, &mut s, A, "Fury Surge");
    let veil = id(&g, "Smoke Veil");
    let surge = id(&g, "Fury Surge");
    let l = legal(&g, &s);
    assert!(
        l.contains(&Action::Set(veil)),
        "no gale location needed to set"
    );
    assert!(!l.contains(&Action::Set(surge)), "no [HIDE]");
    act(&g, &mut s, &mut rng, Action::Set(veil));
    assert_eq!(&s.sides[A].set[..], &[veil]);
    // Flipped in a technique step, paying its requirement then.
    location(&g, &mut s, A, 0, "Gale Spire");
    warrior(&g, &mut s, A, 0, "Pyre Lancer");
    warrior(&g, &mut s, B, 0, "Basalt Warden");
    s.sides[B].warrior_mut(0).unwrap().pos = Pos::Rest;
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(&g, &mut s, &mut rng, Action::Attack { zone: 0, target: 0 });
    assert_eq!(s.phase, Phase::Technique);
    assert!(legal(&g, &s).contains(&Action::Flip {
        index: 0,
        consume: 0
    }));
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Flip {
            index: 0,
            consume: 0,
        },
    );
    assert!(s.sides[A].set.is_empty());
    // It acts once the rival lets it (docs/rulings/astrom-cross.md).
    act(&g, &mut s, &mut rng, Action::Pass);
    assert_eq!(s.sides[B].warrior(0).unwrap().damage, 2);
}

#[test]
fn a_soul_charge_rests_the_ancient_moves_a_card_to_the_soul_stock_and_draws() {
    // rules/astrom-cross.txt: "Main Phase", SOUL CHARGE
    let (g, mut s, mut rng) = main_phase(11);
    let card = s.sides[A].hand[0];
    let hand = s.sides[A].hand.len();
    act(&g, &mut s, &mut rng, Action::SoulCharge(card));
    assert_eq!(s.sides[A].ancient_pos, Pos::Rest);
    assert!(s.sides[A].soul.contains(&card));
    assert_eq!(s.sides[A].hand.len(), hand);
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::SoulCharge(_)))
    );
}

#[test]
fn consumed_locations_become_wastelands_that_hold_warriors_and_count_as_any() {
    // rules/astrom-cross.txt: "Main Phase", CONSUME TO WASTELAND ("Some
    // costs require that you flip down a number of locations with
    // specific attributes"). Ruling: the player chooses which.
    let (g, mut s, mut rng) = main_phase(12);
    location(&g, &mut s, A, 0, "Ashfall Ridge");
    location(&g, &mut s, A, 1, "Cinder Flats");
    location(&g, &mut s, A, 2, "Gale Spire");
    to_hand(&g, &mut s, A, "Stormcaller Vex");
    let vex = id(&g, "Stormcaller Vex");
    let mut consumes: Vec<u8> = legal(&g, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Summon {
                card,
                zone: 0,
                consume,
            } if card == vex => Some(consume),
            _ => None,
        })
        .collect();
    consumes.sort_unstable();
    assert_eq!(
        consumes,
        vec![0b001, 0b010],
        "either ember location, not gale"
    );
    let keep_ridge = Action::Summon {
        card: vex,
        zone: 0,
        consume: 0b010,
    };
    let mut kept = s;
    act(&g, &mut kept, &mut rng.clone(), keep_ridge);
    assert!(!kept.sides[A].zones[0].wasteland && kept.sides[A].zones[1].wasteland);
    assert_eq!(g.power(&kept, A, 0), 7, "Ashfall Ridge's +1 kept");
    let flip_ridge = Action::Summon {
        card: vex,
        zone: 0,
        consume: 0b001,
    };
    let events = act(&g, &mut s, &mut rng, flip_ridge);
    assert!(s.sides[A].zones[0].wasteland, "the chosen zone consumed");
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Pay { amount: 1 })
    );
    assert_eq!(g.power(&s, A, 0), 6, "a wasteland loses its +1 ability");
    let ember = super::cards::Need {
        attr: Some(0),
        count: 1,
    };
    let any = super::cards::Need {
        attr: None,
        count: 1,
    };
    assert_eq!(g.count(&s, A, ember), 1, "and its attribute");
    assert_eq!(g.count(&s, A, any), 3, "it still counts for any");
}

#[test]
fn soul_costs_move_souls_from_the_stock_to_the_grave() {
    // rules/astrom-cross.txt: "Main Phase", SOUL COST
    let (g, mut s, mut rng) = main_phase(13);
    for (z, l) in [
        (0, "Ashfall Ridge"),
        (1, "Cinder Flats"),
        (2, "Stormglass Mesa"),
    ] {
        location(&g, &mut s, A, z, l);
    }
    to_hand(&g, &mut s, A, "Ember Drake");
    let drake = id(&g, "Ember Drake");
    let summon = Action::Summon {
        card: drake,
        zone: 0,
        consume: 0,
    };
    assert!(!legal(&g, &s).contains(&summon), "no soul to pay");
    to_soul(&g, &mut s, A, "Cinder Scout");
    let scout = id(&g, "Cinder Scout");
    act(&g, &mut s, &mut rng, summon);
    assert!(s.sides[A].soul.is_empty());
    assert!(s.sides[A].grave.contains(&scout));
}

// ---------------------------------------------------------------------------
// rules/astrom-cross.txt: "Battle Phase"

#[test]
fn attacks_rest_the_attacker_and_target_rest_warriors_or_the_ancient_once_per_turn() {
    // rules/astrom-cross.txt: "Battle Phase", ATTACKING STEP
    let (g, mut s, mut rng) = main_phase(14);
    warrior(&g, &mut s, A, 0, "Ember Drake");
    warrior(&g, &mut s, B, 0, "Reef Sentry");
    warrior(&g, &mut s, B, 2, "Mistfen Oracle");
    s.sides[B].warrior_mut(2).unwrap().pos = Pos::Rest;
    act(&g, &mut s, &mut rng, Action::ToBattle);
    let attacks: Vec<Action> = legal(&g, &s)
        .into_iter()
        .filter(|a| matches!(a, Action::Attack { .. }))
        .collect();
    assert_eq!(
        attacks,
        vec![
            Action::Attack {
                zone: 0,
                target: NONE
            },
            Action::Attack { zone: 0, target: 2 },
        ],
        "the ancient or a Rest warrior, never a Ready one"
    );
    act(&g, &mut s, &mut rng, Action::Attack { zone: 0, target: 2 });
    assert_eq!(s.sides[A].warrior(0).unwrap().pos, Pos::Rest);
    // Reef Sentry (Guard) may intercept; it declines.
    assert_eq!(s.phase, Phase::Defend);
    act(&g, &mut s, &mut rng, Action::NoDefense);
    pass_techniques(&g, &mut s, &mut rng);
    assert_eq!(s.phase, Phase::Attack);
    s.sides[A].warrior_mut(0).unwrap().pos = Pos::Ready;
    assert_eq!(
        legal(&g, &s),
        vec![Action::EndBattle],
        "a warrior attacks once per turn"
    );
}

#[test]
fn team_attacks_add_adjacent_ready_warriors_power_and_strikes() {
    // rules/astrom-cross.txt: "Battle Phase", ATTACKING STEP ("attack/team attack")
    let (g, mut s, mut rng) = main_phase(15);
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    warrior(&g, &mut s, A, 1, "Ashblade Duelist");
    warrior(&g, &mut s, A, 5, "Pyre Lancer");
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Attack {
            zone: 0,
            target: NONE,
        },
    );
    assert_eq!(s.phase, Phase::Team);
    assert_eq!(
        legal(&g, &s),
        vec![Action::Join(1), Action::Go],
        "only adjacent warriors"
    );
    act(&g, &mut s, &mut rng, Action::Join(1));
    assert_eq!(s.sides[A].warrior(1).unwrap().pos, Pos::Rest);
    assert!(s.sides[A].warrior(1).unwrap().attacked);
    assert_eq!(s.phase, Phase::Technique);
    let before = s.sides[B].deck.len();
    let events = pass_techniques(&g, &mut s, &mut rng);
    let strikes = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Strike { .. }))
        .count();
    let triggers = events.iter().any(
        |e| matches!(e.kind, EventKind::Strike { card, .. } if !g.db.card(card).trigger.is_empty()),
    );
    if !triggers {
        assert_eq!(strikes, 2, "one strike each");
        assert_eq!(s.sides[B].deck.len(), before - 2);
    }
}

#[test]
fn defenders_protect_the_ancient_and_team_up_to_boost_the_defender() {
    // rules/astrom-cross.txt: "Battle Phase", DEFENDING STEP
    let (g, mut s, mut rng) = main_phase(16);
    warrior(&g, &mut s, A, 0, "Pyre Lancer");
    warrior(&g, &mut s, B, 0, "Reef Sentry");
    warrior(&g, &mut s, B, 1, "Mistfen Oracle");
    warrior(&g, &mut s, B, 5, "Tidecaller Mira");
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Attack {
            zone: 0,
            target: NONE,
        },
    );
    assert_eq!(decider(&g, &s), B);
    assert_eq!(
        legal(&g, &s),
        vec![
            Action::Defend(0),
            Action::Defend(1),
            Action::Defend(5),
            Action::NoDefense
        ]
    );
    act(&g, &mut s, &mut rng, Action::Defend(0));
    assert_eq!(s.phase, Phase::Support);
    assert_eq!(
        legal(&g, &s),
        vec![Action::Join(1), Action::Go],
        "adjacent to the defender"
    );
    act(&g, &mut s, &mut rng, Action::Join(1));
    let attack = g.team_power(&s, A, s.battle.team);
    let defense = g.team_power(&s, B, s.battle.support);
    assert_eq!(
        defense,
        u16::from(g.power(&s, B, 0)) + u16::from(g.power(&s, B, 1))
    );
    let events = pass_techniques(&g, &mut s, &mut rng);
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Combat { attack, defense })
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Strike { .. })),
        "defended"
    );
}

#[test]
fn only_ready_warriors_attack_join_a_team_or_defend() {
    // rules/astrom-cross.txt: "Beginning Of Turn" ("only a ready-positioned warrior can attack, support, or use the rest ability"); "Battle Phase", DEFENDING STEP ("declaring a 'Ready' warrior to defend")
    let (g, mut s, mut rng) = main_phase(16);
    // Seat a: Cinder Scout leads from zone 1; beside it a Ready warrior
    // (zone 0), one rested by its own rest ability, which has not
    // attacked (zone 2), and a Stunned one (zone 4).
    warrior(&g, &mut s, A, 1, "Cinder Scout");
    warrior(&g, &mut s, A, 0, "Ashblade Duelist");
    warrior(&g, &mut s, A, 2, "Kindle Adept");
    warrior(&g, &mut s, A, 4, "Pyre Lancer");
    s.sides[A].warrior_mut(4).unwrap().pos = Pos::Stun;
    act(
        &g,
        &mut s,
        &mut rng,
        Action::RestAbility { zone: 2, target: 1 },
    );
    let adept = s.sides[A].warrior(2).unwrap();
    assert_eq!((adept.pos, adept.attacked), (Pos::Rest, false));
    // Seat b, beside its Ready Mistfen Oracle (zone 1): a Rest warrior
    // (zone 0), a Stunned one (zone 2) and a Ready one (zone 4).
    warrior(&g, &mut s, B, 0, "Reef Sentry");
    warrior(&g, &mut s, B, 1, "Mistfen Oracle");
    warrior(&g, &mut s, B, 2, "Basalt Warden");
    warrior(&g, &mut s, B, 4, "Tidecaller Mira");
    s.sides[B].warrior_mut(0).unwrap().pos = Pos::Rest;
    s.sides[B].warrior_mut(2).unwrap().pos = Pos::Stun;
    act(&g, &mut s, &mut rng, Action::ToBattle);
    let attackers: Vec<u8> = legal(&g, &s)
        .iter()
        .filter_map(|a| match *a {
            Action::Attack { zone, .. } => Some(zone),
            _ => None,
        })
        .collect();
    assert!(
        attackers.contains(&0) && attackers.contains(&1),
        "{attackers:?}"
    );
    assert!(
        !attackers.contains(&2) && !attackers.contains(&4),
        "neither the Rest nor the Stunned warrior attacks: {attackers:?}"
    );
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Attack {
            zone: 1,
            target: NONE,
        },
    );
    assert_eq!(s.phase, Phase::Team);
    assert_eq!(
        legal(&g, &s),
        vec![Action::Join(0), Action::Go],
        "the Rest (unattacked) and the Stunned warrior do not join the attack"
    );
    act(&g, &mut s, &mut rng, Action::Join(0));
    assert_eq!(s.phase, Phase::Defend);
    assert_eq!(
        legal(&g, &s),
        vec![Action::Defend(1), Action::Defend(4), Action::NoDefense],
        "the Rest and the Stunned warrior do not defend"
    );
    act(&g, &mut s, &mut rng, Action::Defend(1));
    assert_eq!(s.phase, Phase::Support);
    assert_eq!(
        legal(&g, &s),
        vec![Action::Join(4), Action::Go],
        "the Rest and the Stunned warrior beside the defender do not join it"
    );
}

#[test]
fn when_attacking_and_when_defending_abilities_apply() {
    // rules/astrom-cross.txt: "Battle Phase", ATTACKING STEP and DEFENDING STEP ("When attacking/battling", "When defending/battling")
    let (g, mut s, mut rng) = main_phase(17);
    warrior(&g, &mut s, A, 0, "Ashblade Duelist");
    warrior(&g, &mut s, B, 0, "Basalt Warden");
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Attack {
            zone: 0,
            target: NONE,
        },
    );
    assert_eq!(
        s.sides[A].warrior(0).unwrap().boost,
        1,
        "Ashblade: +1 when attacking"
    );
    act(&g, &mut s, &mut rng, Action::Defend(0));
    assert_eq!(
        s.sides[B].warrior(0).unwrap().boost,
        2,
        "Warden: +2 when defending"
    );
}

#[test]
fn the_technique_step_gives_the_active_player_priority_and_ends_on_two_passes() {
    // rules/astrom-cross.txt: "Battle Phase", TECHNIQUE STEP ("the active player always has priority")
    let (g, mut s, mut rng) = main_phase(18);
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    warrior(&g, &mut s, B, 0, "Basalt Warden");
    location(&g, &mut s, B, 1, "Basalt Terrace");
    to_hand(&g, &mut s, B, "Bulwark Stance");
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Attack {
            zone: 0,
            target: NONE,
        },
    );
    act(&g, &mut s, &mut rng, Action::Defend(0));
    assert_eq!(s.phase, Phase::Technique);
    assert_eq!(decider(&g, &s), A, "the active player first");
    act(&g, &mut s, &mut rng, Action::Pass);
    assert_eq!(decider(&g, &s), B);
    let stance = id(&g, "Bulwark Stance");
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Technique {
            card: stance,
            consume: 0,
        },
    );
    assert_eq!(decider(&g, &s), A, "a technique reopens the step");
    act(&g, &mut s, &mut rng, Action::Pass);
    assert_eq!(s.phase, Phase::Technique);
    let events = act(&g, &mut s, &mut rng, Action::Pass);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Combat { .. }))
    );
    assert!(s.sides[A].warrior(0).is_none(), "2 against 3 + 2 + 4");
}

#[test]
fn the_technique_step_offers_techniques_or_rest_abilities() {
    // rules/astrom-cross.txt: "Battle Phase", TECHNIQUE STEP ("the
    // warriors battling may use techniques or abilities"); ruling: the
    // abilities are the rest abilities of the player's Ready warriors,
    // and one used passes priority like a technique.
    let (g, mut s, mut rng) = main_phase(30);
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    warrior(&g, &mut s, A, 2, "Kindle Adept");
    act(&g, &mut s, &mut rng, Action::ToBattle);
    let attack = Action::Attack {
        zone: 0,
        target: NONE,
    };
    act(&g, &mut s, &mut rng, attack);
    assert_eq!(s.phase, Phase::Technique);
    let boost = Action::RestAbility { zone: 2, target: 0 };
    assert!(legal(&g, &s).contains(&boost), "{:?}", legal(&g, &s));
    let power = g.power(&s, A, 0);
    act(&g, &mut s, &mut rng, boost);
    assert_eq!(g.power(&s, A, 0), power + 2);
    assert_eq!(s.sides[A].warrior(2).unwrap().pos, Pos::Rest);
    assert_eq!(s.phase, Phase::Technique);
    assert_eq!(decider(&g, &s), B, "priority passes");
}

#[test]
fn counterflow_negates_the_technique_the_rival_just_used() {
    // rules/astrom-cross.txt: "TECHNIQUE STEP": "the warriors battling may
    // use techniques or abilities to change the outcome of the battle";
    // "CASTING EVENTS & ITEMS": "put it into the Arcana so that the
    // opponent may see its effect and respond to it". Ruling: a technique
    // used in the technique step waits in the Arcana for the rival's
    // answer, so Counterflow ("Negate an event, or the technique the rival
    // just used") acts there; with nothing waiting it is not offered.
    let (g, mut s, mut rng) = main_phase(31);
    location(&g, &mut s, A, 0, "Ashfall Ridge");
    plain(&g, &mut s, B, 0);
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    warrior(&g, &mut s, B, 2, "Reef Sentry");
    to_hand(&g, &mut s, A, "Fury Surge");
    to_hand(&g, &mut s, B, "Counterflow");
    to_hand(&g, &mut s, B, "Counterflow");
    let (surge, counter) = (id(&g, "Fury Surge"), id(&g, "Counterflow"));
    let technique = |card| Action::Technique { card, consume: 0 };
    act(&g, &mut s, &mut rng, Action::ToBattle);
    let attack = Action::Attack {
        zone: 0,
        target: NONE,
    };
    act(&g, &mut s, &mut rng, attack);
    act(&g, &mut s, &mut rng, Action::Defend(2));
    assert_eq!((s.phase, decider(&g, &s)), (Phase::Technique, A));
    let power = g.power(&s, A, 0);
    act(&g, &mut s, &mut rng, technique(surge));
    assert_eq!(g.power(&s, A, 0), power, "it waits for the answer");
    assert_eq!(decider(&g, &s), B);
    assert!(legal(&g, &s).contains(&technique(counter)));
    let mut unanswered = s;
    act(&g, &mut unanswered, &mut rng, Action::Pass);
    assert_eq!(g.power(&unanswered, A, 0), power + 3, "unanswered, it acts");
    let events = act(&g, &mut s, &mut rng, technique(counter));
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Negated { card: surge })
    );
    assert_eq!(g.power(&s, A, 0), power, "negated");
    assert!(s.sides[A].arcana.contains(&surge), "it stays in the Arcana");
    assert_eq!(decider(&g, &s), A);
    act(&g, &mut s, &mut rng, Action::Pass);
    assert_eq!(decider(&g, &s), B);
    assert!(
        !legal(&g, &s).contains(&technique(counter)),
        "nothing waits to be negated"
    );
}

#[test]
fn battle_techniques_answer_an_event_for_the_warrior_it_chose() {
    // rules/astrom-cross.txt: "CASTING EVENTS & ITEMS" ("choose its
    // target ... so that the opponent may see its effect and respond to
    // it"), "TECHNIQUE STEP" ("techniques ... to change the outcome of
    // the battle"). Ruling: answering an event, the warrior it chose is
    // the one battling it: Bulwark Stance ("Your battling warrior has +4
    // power") saves the warrior Flashfire burns. An event that chooses
    // no warrior leaves nothing to boost.
    let (g, mut s, mut rng) = main_phase(32);
    location(&g, &mut s, A, 0, "Ashfall Ridge");
    location(&g, &mut s, B, 1, "Basalt Terrace");
    plain(&g, &mut s, B, 2);
    warrior(&g, &mut s, B, 2, "Reef Sentry");
    to_hand(&g, &mut s, A, "Flashfire");
    to_hand(&g, &mut s, B, "Bulwark Stance");
    let (flash, stance) = (id(&g, "Flashfire"), id(&g, "Bulwark Stance"));
    let stance = Action::Technique {
        card: stance,
        consume: 0,
    };
    assert_eq!(g.power(&s, B, 2), 3);
    let burn = Action::Event {
        card: flash,
        target: 2,
        consume: 0,
    };
    act(&g, &mut s, &mut rng, burn);
    assert_eq!((s.phase, decider(&g, &s)), (Phase::Respond, B));
    assert!(legal(&g, &s).contains(&stance), "{:?}", legal(&g, &s));
    let mut unanswered = s;
    act(&g, &mut unanswered, &mut rng, Action::Pass);
    assert!(
        unanswered.sides[B].warrior(2).is_none(),
        "3 damage, 3 power"
    );
    act(&g, &mut s, &mut rng, stance);
    assert_eq!(s.phase, Phase::Main);
    assert_eq!(g.power(&s, B, 2), 3 + 4 - 3, "boosted, then burnt");
    // Echo of Astrom ("Draw 2 cards") chooses no warrior: Fury Surge
    // ("Your battling warrior has +3 power") has none to boost.
    let (g, mut s, mut rng) = main_phase(33);
    s.active = B;
    s.first = B;
    plain(&g, &mut s, A, 0);
    plain(&g, &mut s, B, 0);
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    to_hand(&g, &mut s, A, "Fury Surge");
    to_hand(&g, &mut s, B, "Echo of Astrom");
    let echo = Action::Event {
        card: id(&g, "Echo of Astrom"),
        target: NONE,
        consume: 0,
    };
    act(&g, &mut s, &mut rng, echo);
    assert_eq!((s.phase, decider(&g, &s)), (Phase::Respond, A));
    assert_eq!(legal(&g, &s), [Action::Pass], "no warrior to boost");
}

#[test]
fn combat_destroys_the_weaker_warrior_and_both_on_a_tie() {
    // rules/astrom-cross.txt: "Battle Phase", COMBAT STEP (>, =, <)
    for (attacker, defender, survivors) in [
        ("Pyre Lancer", "Reef Sentry", (true, false)),
        ("Cinder Scout", "Mistfen Oracle", (false, false)),
        ("Cinder Scout", "Reef Sentry", (false, true)),
    ] {
        let (g, mut s, mut rng) = main_phase(19);
        plain(&g, &mut s, A, 0);
        plain(&g, &mut s, B, 0);
        warrior(&g, &mut s, A, 0, attacker);
        warrior(&g, &mut s, B, 0, defender);
        act(&g, &mut s, &mut rng, Action::ToBattle);
        act(
            &g,
            &mut s,
            &mut rng,
            Action::Attack {
                zone: 0,
                target: NONE,
            },
        );
        act(&g, &mut s, &mut rng, Action::Defend(0));
        pass_techniques(&g, &mut s, &mut rng);
        let alive = (
            s.sides[A].warrior(0).is_some(),
            s.sides[B].warrior(0).is_some(),
        );
        assert_eq!(alive, survivors, "{attacker} against {defender}");
        assert_eq!(s.phase, Phase::Attack, "back to the attacking step");
    }
}

/// A location without a power bonus in `zone`.
fn plain(g: &AstromCross, s: &mut State, p: Player, zone: u8) {
    let name = if p == A {
        "Cinder Flats"
    } else {
        "Coral Steps"
    };
    location(g, s, p, zone, name);
}

/// Seat a attacks seat b's ancient with a lone Cinder Scout (one strike),
/// `top` on top of seat b's deck; returns the state at the technique step.
fn strike_with(top: &str, seed: u64) -> (AstromCross, State, GameRng) {
    let (g, mut s, mut rng) = main_phase(seed);
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    to_top(&g, &mut s, B, top);
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Attack {
            zone: 0,
            target: NONE,
        },
    );
    (g, s, rng)
}

#[test]
fn strikes_move_deck_cards_to_the_soul_stock_and_damage_by_their_values() {
    // rules/astrom-cross.txt: "Battle Phase", DAMAGE STEP ("moving the given number of cards from the top of your deck to your soul stock", "apply any damage on the revealed cards")
    let (g, mut s, mut rng) = strike_with("Granite Colossus", 20);
    let colossus = id(&g, "Granite Colossus");
    let events = pass_techniques(&g, &mut s, &mut rng);
    assert!(events.iter().any(|e| e.kind
        == EventKind::Strike {
            card: colossus,
            damage: 2
        }));
    assert!(s.sides[B].soul.contains(&colossus));
    assert_eq!(s.sides[B].ancient_damage, 2);
    assert_eq!(s.sides[A].dealt, 2);
    assert!(
        events
            .iter()
            .any(|e| e.player == A && e.kind == EventKind::Score { total: 2 })
    );
    assert_eq!(s.phase, Phase::Attack, "back to the attacking step");
}

#[test]
fn triggers_may_be_cast_for_free_before_the_damage_is_applied() {
    // rules/astrom-cross.txt: "Battle Phase", DAMAGE STEP ("Trigger Check", "cast the card using its trigger effect even if the cost is not met")
    for cast in [true, false] {
        let (g, mut s, mut rng) = strike_with("Counterflow", 21);
        let hand = s.sides[B].hand.len();
        pass_techniques(&g, &mut s, &mut rng);
        assert_eq!(s.phase, Phase::Trigger);
        assert_eq!(decider(&g, &s), B, "the damaged player decides");
        assert_eq!(
            legal(&g, &s),
            vec![Action::Trigger(true), Action::Trigger(false)]
        );
        act(&g, &mut s, &mut rng, Action::Trigger(cast));
        // Counterflow needs a tide location seat b does not have.
        assert_eq!(s.sides[B].hand.len(), hand + usize::from(cast));
        assert!(s.sides[B].soul.contains(&id(&g, "Counterflow")));
        assert_eq!(s.sides[B].ancient_damage, 0, "Damage Value 0");
    }
    // A heal trigger heals damage taken before this damage step.
    let (g, mut s, mut rng) = strike_with("Mistfen Oracle", 22);
    s.sides[B].ancient_damage = 3;
    pass_techniques(&g, &mut s, &mut rng);
    act(&g, &mut s, &mut rng, Action::Trigger(true));
    assert_eq!(s.sides[B].ancient_damage, 1);
}

#[test]
fn the_end_of_turn_applies_effects_recovers_damage_clears_the_arcana_and_discards() {
    // rules/astrom-cross.txt: "End Of Turn", 1 to 5
    let (g, mut s, mut rng) = main_phase(23);
    s.active = B;
    warrior(&g, &mut s, B, 0, "Mistfen Oracle");
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    let w = s.sides[B].warrior_mut(0).unwrap();
    w.boost = 2;
    w.damage = 1;
    s.sides[A].warrior_mut(0).unwrap().damage = 1;
    let riptide = id(&g, "Riptide");
    pull(&mut s, B, riptide);
    s.sides[B].arcana.push(riptide);
    while s.sides[B].hand.len() < 7 {
        let c = s.sides[B].deck.pop().unwrap();
        s.sides[B].hand.push(c);
    }
    let souls = s.sides[B].soul.len();
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(&g, &mut s, &mut rng, Action::EndBattle);
    assert_eq!(
        s.sides[B].soul.len(),
        souls + 1,
        "1. the Oracle's end-of-turn effect"
    );
    let oracle = s.sides[B].warrior(0).unwrap();
    assert_eq!((oracle.damage, oracle.boost), (0, 0), "2. and 3.");
    assert_eq!(s.sides[A].warrior(0).unwrap().damage, 0, "on both sides");
    assert!(
        s.sides[B].arcana.is_empty() && s.sides[B].grave.contains(&riptide),
        "4."
    );
    assert_eq!(s.phase, Phase::Discard, "5.");
    assert_eq!(decider(&g, &s), B);
    let c = s.sides[B].hand[0];
    act(&g, &mut s, &mut rng, Action::Discard(c));
    assert_eq!(s.phase, Phase::Discard);
    let c = s.sides[B].hand[0];
    act(&g, &mut s, &mut rng, Action::Discard(c));
    assert_eq!(s.sides[B].hand.len(), 5);
    assert_eq!(s.active, A, "the rival's turn starts at once");
    assert_eq!(s.phase, Phase::Location);
}

#[test]
fn an_ancient_at_its_damage_limit_is_destroyed_and_its_owner_loses() {
    // rules/astrom-cross.txt: "End Of Game"
    let (g, mut s, mut rng) = strike_with("Reef Sentry", 24);
    s.sides[B].ancient_damage = g.life(&s, B) - 1;
    pass_techniques(&g, &mut s, &mut rng);
    match g.to_move(&s) {
        Node::Terminal(o) => {
            assert_eq!(o.winner(), Some(Player::A));
            assert_eq!(o.reason, "ancient_destroyed");
        }
        n => panic!("{n:?}"),
    }
    assert_eq!(g.summary(&s, Player::B).health, 0);
    assert!(legal(&g, &s).is_empty());
}

#[test]
fn taking_a_card_from_an_empty_deck_loses() {
    // Ruling: deck_out (a draw or a strike from an empty deck)
    let (g, mut s, mut rng) = main_phase(25);
    s.phase = Phase::Location;
    while let Some(c) = s.sides[A].deck.pop() {
        s.sides[A].soul.push(c);
    }
    act(&g, &mut s, &mut rng, Action::SkipLocation);
    assert_eq!(s.outcome, Some(Outcome::win(2, B, super::rules::DECK_OUT)));

    let (g, mut s, mut rng) = strike_with("Reef Sentry", 26);
    while let Some(c) = s.sides[B].deck.pop() {
        s.sides[B].soul.push(c);
    }
    pass_techniques(&g, &mut s, &mut rng);
    assert_eq!(s.outcome, Some(Outcome::win(2, A, super::rules::DECK_OUT)));
}

#[test]
fn the_turn_limit_ends_the_game_as_a_draw() {
    // Ruling: turn_limit counts both players' turns
    let (mut g, mut s, mut rng) = main_phase(27);
    g.options = Options {
        max_turns: 2,
        ..Options::default()
    };
    end_turn(&g, &mut s, &mut rng);
    assert_eq!(s.turns, 2);
    act(&g, &mut s, &mut rng, Action::SkipLocation);
    end_turn(&g, &mut s, &mut rng);
    match g.to_move(&s) {
        Node::Terminal(o) => assert_eq!((o.winner(), o.reason), (None, "turn_limit")),
        n => panic!("{n:?}"),
    }
}

#[test]
fn pierce_strikes_through_a_beaten_defender_and_guard_intercepts() {
    // Ruling: the keywords Pierce and Guard; rules/astrom-cross.txt: "Battle Phase" ("apply any keyword ability")
    let (g, mut s, mut rng) = main_phase(28);
    plain(&g, &mut s, A, 0);
    plain(&g, &mut s, B, 0);
    warrior(&g, &mut s, A, 0, "Pyre Lancer");
    warrior(&g, &mut s, B, 0, "Mistfen Oracle");
    to_top(&g, &mut s, B, "Reef Sentry");
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Attack {
            zone: 0,
            target: NONE,
        },
    );
    act(&g, &mut s, &mut rng, Action::Defend(0));
    let events = pass_techniques(&g, &mut s, &mut rng);
    assert!(s.sides[B].warrior(0).is_none());
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Strike { .. }))
    );
    assert_eq!(s.sides[B].ancient_damage, 1);

    let (g, mut s, mut rng) = main_phase(29);
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    warrior(&g, &mut s, B, 0, "Reef Sentry");
    warrior(&g, &mut s, B, 1, "Mistfen Oracle");
    warrior(&g, &mut s, B, 2, "Basalt Warden");
    s.sides[B].warrior_mut(2).unwrap().pos = Pos::Rest;
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(&g, &mut s, &mut rng, Action::Attack { zone: 0, target: 2 });
    assert_eq!(
        legal(&g, &s),
        vec![Action::Defend(0), Action::NoDefense],
        "only Guard defends another warrior"
    );
    act(&g, &mut s, &mut rng, Action::Defend(0));
    assert_eq!(g.defending_lead(&s), 0);
}

#[test]
fn a_guard_that_leaves_before_combat_leaves_the_attacked_warrior_to_fight() {
    // Ruling: Guard, and "Combat": if the defender leaves, the attack goes
    // on against what it was declared on; rules/astrom-cross.txt: "Battle
    // Phase", ATTACKING STEP ("declare the target (a warrior in a rest
    // position or an ancient)") and COMBAT STEP.
    let (g, mut s, mut rng) = main_phase(50);
    plain(&g, &mut s, A, 0);
    location(&g, &mut s, A, 1, "Gale Spire");
    plain(&g, &mut s, B, 0);
    plain(&g, &mut s, B, 2);
    warrior(&g, &mut s, A, 0, "Pyre Lancer"); // power 4
    warrior(&g, &mut s, B, 0, "Reef Sentry"); // Guard
    warrior(&g, &mut s, B, 2, "Mistfen Oracle"); // power 2
    s.sides[B].warrior_mut(2).unwrap().pos = Pos::Rest;
    s.sides[B].warrior_mut(0).unwrap().damage = 1;
    to_hand(&g, &mut s, A, "Smoke Veil");
    let veil = id(&g, "Smoke Veil");
    act(&g, &mut s, &mut rng, Action::ToBattle);
    act(&g, &mut s, &mut rng, Action::Attack { zone: 0, target: 2 });
    act(&g, &mut s, &mut rng, Action::Defend(0));
    while s.phase == Phase::Support {
        act(&g, &mut s, &mut rng, Action::Go);
    }
    act(
        &g,
        &mut s,
        &mut rng,
        Action::Technique {
            card: veil,
            consume: 0,
        },
    );
    act(&g, &mut s, &mut rng, Action::Pass);
    assert!(
        s.sides[B].warrior(0).is_none(),
        "Smoke Veil finished the Guard"
    );
    let events = act(&g, &mut s, &mut rng, Action::Pass);
    assert!(
        events.iter().any(|e| matches!(
            e.kind,
            EventKind::Combat {
                attack: 4,
                defense: 2
            }
        )),
        "{events:?}"
    );
    assert!(
        s.sides[B].warrior(2).is_none(),
        "4 power beat the attacked warrior's 2"
    );
}

#[test]
fn stunned_warriors_lose_their_abilities_cannot_act_and_can_be_attacked() {
    // rules/astrom-cross.txt: "Beginning Of Turn", Positioning rules (Stun)
    for stunned in [false, true] {
        let (g, mut s, mut rng) = main_phase(30);
        warrior(&g, &mut s, A, 0, "Cinder Scout");
        warrior(&g, &mut s, B, 0, "Basalt Warden");
        let w = s.sides[B].warrior_mut(0).unwrap();
        w.pos = if stunned { Pos::Stun } else { Pos::Rest };
        act(&g, &mut s, &mut rng, Action::ToBattle);
        assert!(legal(&g, &s).contains(&Action::Attack { zone: 0, target: 0 }));
        act(&g, &mut s, &mut rng, Action::Attack { zone: 0, target: 0 });
        let boost = s.sides[B].warrior(0).unwrap().boost;
        assert_eq!(
            boost,
            if stunned { 0 } else { 2 },
            "its 'when defending' ability"
        );
    }
    let (g, mut s, mut rng) = main_phase(31);
    warrior(&g, &mut s, A, 0, "Cinder Scout");
    s.sides[A].warrior_mut(0).unwrap().pos = Pos::Stun;
    act(&g, &mut s, &mut rng, Action::ToBattle);
    assert_eq!(legal(&g, &s), vec![Action::EndBattle]);
}

#[test]
fn rest_abilities_rest_the_warrior_and_choose_a_target() {
    // rules/astrom-cross.txt: "Beginning Of Turn" ("only a ready-positioned warrior can ... use the rest ability")
    let (g, mut s, mut rng) = main_phase(32);
    s.active = B;
    warrior(&g, &mut s, B, 0, "Tidecaller Mira");
    warrior(&g, &mut s, A, 3, "Pyre Lancer");
    let use_it = Action::RestAbility { zone: 0, target: 3 };
    assert!(legal(&g, &s).contains(&use_it));
    act(&g, &mut s, &mut rng, use_it);
    assert_eq!(s.sides[B].warrior(0).unwrap().pos, Pos::Rest);
    assert_eq!(
        s.sides[A].warrior(3).unwrap().pos,
        Pos::Rest,
        "now it can be attacked"
    );
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::RestAbility { .. }))
    );
}

#[test]
fn a_chosen_target_is_one_the_card_acts_on() {
    // rules/astrom-cross.txt: "CASTING EVENTS & ITEMS" ("choose its target"),
    // as the card's text names it: "a Ready rival warrior", "a rival warrior
    // with 5 power or less" (docs/rulings/astrom-cross.md).
    let (g, mut s, _rng) = main_phase(40);
    s.active = B;
    warrior(&g, &mut s, B, 0, "Tidecaller Mira");
    warrior(&g, &mut s, A, 3, "Pyre Lancer");
    let rest = Action::RestAbility { zone: 0, target: 3 };
    assert!(legal(&g, &s).contains(&rest));
    for pos in [Pos::Rest, Pos::Stun] {
        s.sides[A].warrior_mut(3).unwrap().pos = pos;
        assert!(!legal(&g, &s).contains(&rest), "Mira on a {pos:?} warrior");
    }
    location(&g, &mut s, B, 1, "Basalt Terrace");
    location(&g, &mut s, B, 2, "Mirelight Fen");
    to_soul(&g, &mut s, B, "Reef Sentry");
    to_hand(&g, &mut s, B, "Tectonic Crush");
    location(&g, &mut s, A, 4, "Cinder Flats");
    warrior(&g, &mut s, A, 4, "Ember Drake");
    let crush = id(&g, "Tectonic Crush");
    let targets: Vec<u8> = legal(&g, &s)
        .iter()
        .filter_map(|a| match *a {
            Action::Event { card, target, .. } if card == crush => Some(target),
            _ => None,
        })
        .collect();
    assert!(targets.contains(&3), "the Lancer's 4 power");
    assert!(!targets.contains(&4), "not the Drake's 7");
}

// ---------------------------------------------------------------------------
// Hidden information, reports, files.

/// A position some way into a random game of `g`.
fn midgame(g: &AstromCross, seed: u64, steps: usize) -> State {
    let mut rng = rng_from_seed(seed);
    let mut s = g.new_state(&mut rng);
    let mut pick = rng_from_seed(seed ^ 99);
    for _ in 0..steps {
        let l = legal(g, &s);
        if l.is_empty() {
            break;
        }
        let a = l[crate::core::below(&mut pick, l.len() as u32) as usize];
        g.apply(&mut s, a, &mut rng, &mut NoObserver);
    }
    s
}

#[test]
fn hidden_information_is_resampled_and_left_out_of_the_information_set() {
    // Ruling: hidden information (hands, deck and location-deck order, face-down
    // cards); rules/astrom-cross.txt: "Main Phase", SET AN ENTITY ("put the card
    // with [HIDE] face down into the field")
    // Seat a plays two kinds of [HIDE] card, so which one is set is hidden.
    let db = std::sync::Arc::new(AstromCross::bundled_cards());
    let (_, ember) = super::BUNDLED_DECKS[0];
    let (_, tide) = super::BUNDLED_DECKS[1];
    let text = ember.replace("3 Fury Surge", "3 Counterflow");
    let decks = vec![
        Deck::parse(&text, "a.deck", &db).expect("legal"),
        Deck::parse(tide, "b.deck", &db).expect("legal"),
    ];
    let g = AstromCross::new_match(db, decks, Options::default());
    let mut s = midgame(&g, 40, 60);
    // On to a decision of seat b, the observer.
    let (mut pick, mut chance) = (rng_from_seed(41), rng_from_seed(42));
    while g.to_move(&s) != Node::Decision(Player::B) {
        let l = legal(&g, &s);
        assert!(!l.is_empty(), "the game ended first");
        let a = l[crate::core::below(&mut pick, l.len() as u32) as usize];
        g.apply(&mut s, a, &mut chance, &mut NoObserver);
    }
    let (veil, counter) = (id(&g, "Smoke Veil"), id(&g, "Counterflow"));
    if s.sides[A].set.is_empty() {
        pull(&mut s, A, veil);
        s.sides[A].set.push(veil);
    }
    g.check_invariants(&s).expect("valid");
    let observer = Player::B;
    let mut other = s;
    let foe = &mut other.sides[A];
    // Another [HIDE] card set, a hand card swapped with a deck card, the
    // decks in another order.
    let set = foe.set[0];
    let swap = if set == veil { counter } else { veil };
    let j = foe
        .deck
        .iter()
        .position(|&c| c == swap)
        .expect("in the deck");
    foe.deck[j] = set;
    foe.set[0] = swap;
    let j = foe
        .deck
        .iter()
        .position(|&c| c != foe.hand[0])
        .expect("another card");
    std::mem::swap(&mut foe.hand[0], &mut foe.deck[j]);
    foe.deck.reverse();
    foe.locations.reverse();
    other.sides[B].locations.reverse();
    other.sides[B].deck.reverse();
    g.check_invariants(&other).expect("valid");
    assert_ne!(s, other);
    assert_eq!(g.info_key(&s, observer), g.info_key(&other, observer));
    let a = g.determinize(&s, observer, &mut rng_from_seed(5));
    let b = g.determinize(&other, observer, &mut rng_from_seed(5));
    assert_eq!(a, b, "the same view for the same RNG");
    assert_eq!(
        a.sides[B].hand, s.sides[B].hand,
        "the observer's own hand is kept"
    );
    g.check_invariants(&a).expect("a consistent view");
    assert_ne!(
        g.info_key(&s, Player::A),
        g.info_key(&other, Player::A),
        "seat a sees its own cards"
    );
    // So every bundled bot decides the same for both.
    for name in ["random", "greedy", "ismcts-200"] {
        let strategy = Strategy::resolve(name, FeatureSet::of(&g)).expect("bundled strategy");
        let decide = |state: &State| {
            let mut bot = Bot::new(&g, &strategy);
            let view = g.determinize(state, observer, &mut rng_from_seed(7));
            let mut legal = Vec::new();
            g.legal_actions(state, &mut legal);
            bot.choose(&g, &view, &legal, observer, &mut rng_from_seed(8))
        };
        assert_eq!(decide(&s), decide(&other), "{name}");
    }
    // Over many views, either [HIDE] card may be the set one.
    let kinds: std::collections::BTreeSet<CardId> = (0..40)
        .map(|i| g.determinize(&s, observer, &mut rng_from_seed(i)).sides[A].set[0])
        .collect();
    assert_eq!(kinds.len(), 2, "{kinds:?}");
}

#[test]
fn metrics_map_turns_plays_actions_and_score() {
    // Ruling: "Reports" in docs/rulings/astrom-cross.md
    let g = game();
    let mut rng = rng_from_seed(41);
    let mut metrics = Vec::new();
    let mut s = g.start(&mut rng, &mut |e: &Event| metrics.extend(g.metric(e)));
    let mut pick = rng_from_seed(42);
    while let Node::Decision(_) = g.to_move(&s) {
        let l = legal(&g, &s);
        let a = l[crate::core::below(&mut pick, l.len() as u32) as usize];
        let mut obs = |e: &Event| metrics.extend(g.metric(e));
        g.apply(&mut s, a, &mut rng, &mut obs);
    }
    assert_eq!(metrics.first(), Some(&Metric::GameStart));
    let turns = metrics
        .iter()
        .filter(|m| matches!(m, Metric::TurnStart { .. }))
        .count();
    assert_eq!(turns as u32, g.turns(&s));
    for m in &metrics {
        match *m {
            Metric::TurnStart {
                resource_max,
                resource,
                ..
            } => assert!(resource <= resource_max),
            // The level is a requirement, not spent: the play's `Pay`
            // reports what it spends.
            Metric::Played { cost, .. } => assert_eq!(cost, 0),
            Metric::Action { kind, .. } => {
                assert!(
                    kind.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                    "{kind}"
                )
            }
            _ => {}
        }
    }
    for p in [Player::A, Player::B] {
        let last = metrics.iter().rev().find_map(|m| match *m {
            Metric::Score { player, total } if player == p => Some(total),
            _ => None,
        });
        assert_eq!(last.unwrap_or(0) as i32, g.summary(&s, p).score);
    }
}

#[test]
fn spent_is_the_souls_paid_plus_the_locations_consumed_of_each_turn() {
    // rules/astrom-cross.txt: "Main Phase", CONSUME TO WASTELAND and SOUL COST (what is paid); SUMMONING WARRIORS ("count that you have the number of locations": a requirement, not paid)
    // Ruling: "Reports" in docs/rulings/astrom-cross.md ("spent = souls
    // paid plus locations consumed"; "Requirements are counted, not spent")
    use crate::sim::play_game;
    let mut checked = 0;
    for (a, b) in [(0, 1), (1, 0)] {
        let g = AstromCross::bundled(a, b);
        let strategy = Strategy::resolve("greedy", FeatureSet::of(&g)).expect("greedy");
        let mut bots = [Bot::new(&g, &strategy), Bot::new(&g, &strategy)];
        for index in 0..8 {
            let played = play_game(&g, &mut bots, 11, index, true, 100_000);
            // From the log alone: each seat's own turns, and what each
            // `pay` line (and, apart, each soul paid and location
            // consumed) adds to the seat's latest own turn.
            let mut pays: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
            let mut costs: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
            for line in &played.log {
                let seat = match line["player"].as_str() {
                    Some("a") => 0,
                    Some("b") => 1,
                    _ => continue,
                };
                match line["event"].as_str().unwrap_or_default() {
                    "turn_start" => {
                        pays[seat].push(0);
                        costs[seat].push(0);
                    }
                    "pay" => {
                        if let Some(t) = pays[seat].last_mut() {
                            *t += line["amount"].as_u64().unwrap() as u32;
                        }
                    }
                    "pay_soul" | "consume" => {
                        if let Some(t) = costs[seat].last_mut() {
                            *t += 1;
                        }
                    }
                    _ => {}
                }
            }
            for seat in 0..2 {
                let spent: Vec<u32> = played.record.seats[seat]
                    .turns
                    .iter()
                    .map(|t| t.spent)
                    .collect();
                assert_eq!(spent, pays[seat], "game {index} seat {seat}: spent = paid");
                assert_eq!(
                    spent, costs[seat],
                    "game {index} seat {seat}: spent = souls paid + locations consumed"
                );
                checked += spent.iter().filter(|&&x| x > 0).count();
            }
        }
    }
    assert!(checked > 20, "turns that paid something: {checked}");
}

#[test]
fn card_file_errors_name_the_path_and_line() {
    // Ruling: cards as data ("Cards and decks"), errors as `path:line: what was expected`
    let text = "[[card]]\nname = \"A\"\ntype = \"ancient\"\nlife = 5\nhand_size = 5\n\n\
                [[card]]\nname = \"B\"\ntype = \"location\"\nattributes = [\"embr\"]\n\n\
                [[card]]\nname = \"C\"\ntype = \"warrior\"\npower = 0\nstrikes = 1\n\
                effects = [{ do = \"draw\" }]\n";
    let e = CardDb::parse(text, "x.toml").unwrap_err().to_string();
    assert!(
        e.contains("x.toml:7: card \"B\": unknown attribute \"embr\" (did you mean \"ember\"?)"),
        "{e}"
    );
    assert!(
        e.contains("x.toml:12: card \"C\": a warrior expects power"),
        "{e}"
    );
    assert!(
        e.contains("x.toml:12: card \"C\": a warrior has no effects"),
        "{e}"
    );
    let e = CardDb::parse("[[card]]\nname = 3\n", "y.toml")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("y.toml:2:"), "{e}");
    let e = CardDb::parse(
        "[[card]]\nname = \"T\"\ntype = \"technique\"\neffects = [{ do = \"power\", target = \"chosen_ally\" }]\n",
        "z.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("a technique cannot target ChosenAlly"), "{e}");
}

#[test]
fn deck_lists_are_checked_with_lines() {
    // Ruling: deck sizes (one ancient, 40 main cards, 10 locations, 3 copies at most)
    let db = AstromCross::bundled_cards();
    let e = Deck::parse(
        "1 Veyra, Ember Sovereign\n4 Cinder Scout\n2 Cinder Scot\n",
        "d.deck",
        &db,
    )
    .unwrap_err();
    let text: Vec<String> = e.iter().map(|d| d.to_string()).collect();
    let all = text.join("\n");
    assert!(
        all.contains("d.deck:3: unknown card \"Cinder Scot\" (did you mean \"Cinder Scout\"?)"),
        "{all}"
    );
    assert!(
        all.contains("d.deck:2: 4 copies of \"Cinder Scout\""),
        "{all}"
    );
    // A misspelled card still counts its copies, and problems come out in
    // line order (whole-deck problems last).
    assert_eq!(
        text,
        [
            "d.deck:2: 4 copies of \"Cinder Scout\": at most 3 of any card \
             (decklab's deck rules, docs/rulings/astrom-cross.md)",
            "d.deck:3: unknown card \"Cinder Scot\" (did you mean \"Cinder Scout\"?)",
            "d.deck: the main deck has 6 cards; it holds exactly 40",
            "d.deck: the location deck has 0 cards; it holds exactly 10",
        ],
        "{all}"
    );
    let e = Deck::parse("3 Cinder Scout\n", "e.deck", &db).unwrap_err();
    assert!(e.iter().any(|d| d.message.contains("expected an ancient")));
}

#[test]
fn overrides_change_numeric_fields_and_suggest_names() {
    // Ruling: `--set` changes power, strikes, damage, souls, life, hand_size
    let mut db = AstromCross::bundled_cards();
    db.apply_override("Cinder Scout.power=5").unwrap();
    assert_eq!(db.card(db.id("Cinder Scout").unwrap()).power, 5);
    db.apply_override("Veyra, Ember Sovereign.life=12").unwrap();
    assert_eq!(db.card(db.id("Veyra, Ember Sovereign").unwrap()).life, 12);
    let e = db.apply_override("Cinder Scout.powr=5").unwrap_err();
    assert!(e.contains("did you mean \"power\""), "{e}");
    let e = db.apply_override("Cindr Scout.power=5").unwrap_err();
    assert!(e.contains("did you mean \"Cinder Scout\""), "{e}");
    let e = db.apply_override("Cinder Scout.power=0").unwrap_err();
    assert!(e.contains("from 1 to"), "{e}");
    let e = db.apply_override("Flashfire.power=3").unwrap_err();
    assert!(e.contains("field of a warrior"), "{e}");
    assert!(db.apply_override("no equals sign").is_err());
}
