//! Rule tests for Pixel Tactics. Each cites the rulebook paragraph it
//! checks (`rules/pixel-tactics.txt: "Section"`) or the ruling of
//! docs/rulings/pixel-tactics.md it pins down.

use std::sync::Arc;

use super::action::{Action, Tgt};
use super::cards::{CardDb, CardId, Row};
use super::deck::Deck;
use super::events::{Event, EventKind};
use super::state::*;
use super::{FEATURES, Options, PixelTactics};
#[allow(unused_imports)]
use crate::core::{Evaluate, Invariants, Report};
use crate::core::{Game, GameRng, Metric, NoObserver, Node, Player, conformance, rng_from_seed};
use crate::games::Ruleset;

#[test]
fn random_games_pass_the_conformance_checks() {
    // 2 × 500 = 1,000 seeded random games in release, every check after
    // every action.
    let games = if cfg!(debug_assertions) { 30 } else { 500 };
    for (a, b) in [(0, 1), (1, 0)] {
        let game = PixelTactics::bundled(a, b);
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
fn best_of_five_matches_pass_the_conformance_checks() {
    let games = if cfg!(debug_assertions) { 10 } else { 100 };
    let mut game = PixelTactics::bundled(0, 1);
    game.options.match_games = 5;
    game.options.max_turns = 400;
    conformance::random_games(&game, 77, games, 40_000, conformance::Checks::Full)
        .unwrap_or_else(|v| panic!("{v}"));
}

#[test]
fn state_is_small_plain_data() {
    fn copy<T: Copy>() {}
    copy::<State>();
    copy::<Action>();
    // The whole state's size the conformance suite holds to `STATE_BUDGET`.
    assert!(std::mem::size_of::<Action>() <= 6);
    assert!(std::mem::size_of::<Slot>() <= 6);
}

// ---------------------------------------------------------------------------
// Helpers: both seats play a deck of the whole pool, so every card is at
// hand; positions are built by moving cards between zones (conserving
// them, so the invariants still hold).

/// The five cards of the pool the rule tests leave out of their deck.
const UNUSED: [&str; 5] = [
    "Field Medic",
    "Plague Doctor",
    "Lantern Keeper",
    "Shield Squire",
    "Gravedigger",
];

fn game() -> PixelTactics {
    game_without(UNUSED)
}

/// Both seats play the pool less the five cards `unused`.
fn game_without(unused: [&str; 5]) -> PixelTactics {
    game_on(PixelTactics::bundled_cards(), unused)
}

/// [`game`] on the bundled pool with the text `from` of its card file
/// changed to `to` (a card made for one rule test).
fn game_changed(from: &str, to: &str) -> PixelTactics {
    let text = super::cards::BUNDLED_CARDS;
    assert_eq!(text.matches(from).count(), 1, "{from} is in the pool once");
    let db = CardDb::parse(&text.replace(from, to), "cards.toml").expect("the changed pool");
    game_on(db, UNUSED)
}

/// Both seats play the pool `db` less the five cards `unused`.
fn game_on(db: CardDb, unused: [&str; 5]) -> PixelTactics {
    let db = Arc::new(db);
    let all = Deck {
        name: "all".into(),
        cards: db
            .cards()
            .filter(|(_, c)| !unused.contains(&c.name.as_str()))
            .map(|(c, _)| (c, 1))
            .collect(),
    };
    PixelTactics::new(db, [all.clone(), all], Options::default())
}

fn id(g: &PixelTactics, name: &str) -> CardId {
    g.db.id(name).unwrap_or_else(|| panic!("no card {name}"))
}

/// Takes `card` out of whichever zone of `p` holds it.
fn take(s: &mut State, p: Player, card: CardId) {
    let side = &mut s.sides[p];
    for zone in [&mut side.hand, &mut side.deck, &mut side.discard] {
        if let Some(i) = zone.iter().position(|&c| c == card) {
            zone.remove(i);
            return;
        }
    }
    for (slot, at) in side.unit().iter().enumerate() {
        if at.occupant != Occupant::Empty && at.card == card {
            side.set_slot(slot as u8, Slot::EMPTY);
            return;
        }
    }
    panic!("card {card:?} not found for seat {p}");
}

/// Turns the occupant of `slot` of `p` into a Corpse, its card kept.
fn corpse(s: &mut State, p: Player, slot: u8) {
    let at = s.sides[p].unit()[slot as usize];
    let corpse = Slot {
        occupant: Occupant::Corpse,
        ..at
    };
    s.sides[p].set_slot(slot, corpse);
}

/// Round 2, Vanguard Wave, seat a first and to act with two actions;
/// Leaders in place, every other card in the decks.
fn duel(g: &PixelTactics, a: &str, b: &str) -> State {
    let mut s = g.new_state(&mut rng_from_seed(1));
    for p in [Player::A, Player::B] {
        let side = &mut s.sides[p];
        let hand: Vec<CardId> = side.hand.iter().copied().collect();
        side.deck.extend(hand);
        side.hand.clear();
        let leader = id(g, if p == Player::A { a } else { b });
        take(&mut s, p, leader);
        let at = Slot {
            occupant: Occupant::Leader,
            card: leader,
            damage: 0,
            acted: false,
        };
        s.sides[p].set_slot(LEADER, at);
    }
    s.phase = Phase::Turn;
    s.round = 2;
    s.wave = Row::Vanguard;
    s.first = Player::A;
    s.active = Player::A;
    s.actions = ACTIONS;
    s.turns = 4;
    s.game_turns = 4;
    g.check_invariants(&s).expect("a legal position");
    s
}

/// Puts the Hero `name` of `p` into `slot`.
fn put(g: &PixelTactics, s: &mut State, p: Player, slot: u8, name: &str) {
    let card = id(g, name);
    take(s, p, card);
    let at = Slot {
        occupant: Occupant::Hero,
        card,
        damage: 0,
        acted: false,
    };
    s.sides[p].set_slot(slot, at);
}

/// Puts `name` into `p`'s hand.
fn hand(g: &PixelTactics, s: &mut State, p: Player, name: &str) {
    let card = id(g, name);
    take(s, p, card);
    s.sides[p].hand.push(card);
}

fn legal(g: &PixelTactics, s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(s, &mut out);
    out
}

fn rng() -> GameRng {
    rng_from_seed(7)
}

/// Plays `a`, which must be legal; returns the events.
fn act(g: &PixelTactics, s: &mut State, a: Action) -> Vec<Event> {
    let mut events = Vec::new();
    let mut obs = |e: &Event| events.push(*e);
    g.apply_checked(s, a, &mut rng(), &mut obs)
        .unwrap_or_else(|e| panic!("{e}: legal were {:?}", legal(g, s)));
    g.check_invariants(s).expect("invariants after the action");
    events
}

fn metrics(g: &PixelTactics, events: &[Event]) -> Vec<Metric> {
    events.iter().filter_map(|e| g.metric(e)).collect()
}

/// Passes until it is seat `p`'s turn in Wave `wave`.
fn pass_until(g: &PixelTactics, s: &mut State, p: Player, wave: Row) {
    for _ in 0..12 {
        if s.active == p && s.wave == wave {
            return;
        }
        act(g, s, Action::Pass);
    }
    panic!("never reached {p}'s {wave:?} turn");
}

fn damage(s: &State, p: Player, slot: u8) -> u8 {
    s.sides[p].unit()[slot as usize].damage
}

// ---------------------------------------------------------------------------
// SETUP and GAME FLOW

#[test]
fn setup_deals_five_and_leaders_are_picked_face_down_then_revealed() {
    // rules/pixel-tactics.txt: "SETUP", "each player shuffles his or her
    // Deck … draws a Hand of 5 cards … Both players put their Leaders
    // face-down, then reveal them at the same time."
    let g = PixelTactics::bundled(0, 1);
    let mut s = g.new_state(&mut rng());
    assert_eq!(s.phase, Phase::PickLeader);
    for p in [Player::A, Player::B] {
        assert_eq!(s.sides[p].hand.len(), OPENING_HAND);
        assert_eq!(s.sides[p].deck.len(), DECK_SIZE - OPENING_HAND);
    }
    assert_eq!(g.to_move(&s), Node::Decision(Player::A));
    let pick_a = s.sides[Player::A].hand[2];
    let events = act(&g, &mut s, Action::Leader(pick_a));
    assert_eq!(s.sides[Player::A].pick, Some(pick_a));
    assert_eq!(
        s.sides[Player::A].leader().occupant,
        Occupant::Empty,
        "still face down"
    );
    assert!(
        events
            .iter()
            .all(|e| !matches!(e.kind, EventKind::Reveal { .. })),
        "nothing revealed yet"
    );
    assert_eq!(g.to_move(&s), Node::Decision(Player::B));
    let pick_b = s.sides[Player::B].hand[0];
    let events = act(&g, &mut s, Action::Leader(pick_b));
    assert!(events.iter().any(
        |e| matches!(e.kind, EventKind::Reveal { leaders, .. } if leaders.as_slice() == [pick_a, pick_b])
    ));
    for (p, pick) in [(Player::A, pick_a), (Player::B, pick_b)] {
        assert_eq!(
            s.sides[p].leader().card,
            pick,
            "the Leader stands at the centre"
        );
        assert_eq!(s.sides[p].hand.len(), 4, "a Hand with 4 cards");
        assert_eq!(s.sides[p].pick, None);
    }
    assert_eq!((s.phase, s.round, s.wave), (Phase::Turn, 1, Row::Vanguard));
    assert_eq!(s.active, s.first);
}

#[test]
fn the_second_picker_cannot_see_the_first_pick() {
    // rules/pixel-tactics.txt: "SETUP", the Leaders are chosen face down:
    // a hidden simultaneous choice, modelled as two sequential decisions.
    let g = PixelTactics::bundled(0, 1);
    let s0 = g.new_state(&mut rng());
    let (mut x, mut y) = (s0, s0);
    g.apply(
        &mut x,
        Action::Leader(s0.sides[Player::A].hand[0]),
        &mut rng(),
        &mut NoObserver,
    );
    g.apply(
        &mut y,
        Action::Leader(s0.sides[Player::A].hand[3]),
        &mut rng(),
        &mut NoObserver,
    );
    assert_ne!(x, y);
    assert_eq!(g.info_key(&x, Player::B), g.info_key(&y, Player::B));
    assert_ne!(g.info_key(&x, Player::A), g.info_key(&y, Player::A));
    let seeded = |s: &State| g.determinize(s, Player::B, &mut rng_from_seed(5));
    assert_eq!(seeded(&x), seeded(&y), "the same view for the same RNG");
}

#[test]
fn a_leader_picked_face_down_is_weighed_at_its_life_before_the_reveal() {
    // Ruling "The hidden Leader pick": the first to pick sees no reveal, so
    // its pick is weighed as its Leader would stand; else every pick of
    // seat a looks alike to a bot and it takes the first card dealt.
    let g = PixelTactics::bundled(0, 1);
    let s0 = g.new_state(&mut rng());
    let at = FEATURES.iter().position(|f| *f == "leader_life").unwrap();
    let mut seen = Vec::new();
    for &card in &s0.sides[Player::A].hand {
        let mut s = s0;
        g.apply(&mut s, Action::Leader(card), &mut rng(), &mut NoObserver);
        let mut out = [0.0; FEATURES.len()];
        g.features(&s, Player::A, &mut out);
        assert_eq!(out[at], f64::from(g.db.card(card).leader_life));
        seen.push(out[at]);
    }
    assert!(seen.iter().any(|&v| v != seen[0]), "picks differ: {seen:?}");
}

#[test]
fn views_hide_the_rival_hand_and_deck_order() {
    // Honesty: two states that differ only in what a player cannot see
    // (the rival's hand, the order of both decks) look the same to it.
    let g = game();
    let mut x = duel(&g, "Ember Knight", "Tide Oracle");
    hand(&g, &mut x, Player::B, "Storm Caller");
    hand(&g, &mut x, Player::B, "Quickblade");
    let mut y = x;
    let b = &mut y.sides[Player::B];
    b.hand[0] = b.deck[3];
    b.deck[3] = id(&g, "Storm Caller");
    y.sides[Player::B].deck.reverse();
    y.sides[Player::A].deck.reverse();
    assert_ne!(x, y);
    assert_eq!(g.info_key(&x, Player::A), g.info_key(&y, Player::A));
    assert_ne!(g.info_key(&x, Player::B), g.info_key(&y, Player::B));
    let view = |s: &State| g.determinize(s, Player::A, &mut rng_from_seed(9));
    assert_eq!(view(&x), view(&y));
}

#[test]
fn rounds_have_three_waves_and_the_first_player_swaps() {
    // rules/pixel-tactics.txt: "GAME FLOW": Vanguard, Flank, Rear Waves;
    // in each the first player takes a turn, then the second; "When the
    // Rear Wave is complete, the round ends, and first and second players
    // change sides."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    let mut seen = Vec::new();
    for _ in 0..8 {
        seen.push((s.round, s.wave, s.active));
        act(&g, &mut s, Action::Pass);
    }
    use Row::*;
    assert_eq!(
        seen,
        [
            (2, Vanguard, Player::A),
            (2, Vanguard, Player::B),
            (2, Flank, Player::A),
            (2, Flank, Player::B),
            (2, Rear, Player::A),
            (2, Rear, Player::B),
            (3, Vanguard, Player::B),
            (3, Vanguard, Player::A),
        ]
    );
}

#[test]
fn a_turn_is_two_actions_and_pass_ends_it() {
    // rules/pixel-tactics.txt: "GAME FLOW", "each player's turn consists
    // of two actions"; "Pass", "You may pass your actions. This ends your
    // turn."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    act(&g, &mut s, Action::Draw);
    assert_eq!((s.active, s.actions), (Player::A, 1));
    act(&g, &mut s, Action::Draw);
    assert_eq!(
        (s.active, s.actions),
        (Player::B, 2),
        "two actions, then the rival"
    );
    let events = act(&g, &mut s, Action::Pass);
    assert!(metrics(&g, &events).contains(&Metric::TurnEnd {
        player: Player::B,
        unspent: 2
    }));
    assert_eq!((s.active, s.wave), (Player::A, Row::Flank));
}

#[test]
fn the_ceasefire_forbids_attacks_spells_orders_and_interference() {
    // rules/pixel-tactics.txt: "Ceasefire": during the first round players
    // cannot declare Attacks or cast Spells, Orders cannot be used, rivals
    // cannot interfere with your Hand or Unit.
    let g = game();
    let mut s = duel(&g, "Whisper Thief", "Tide Oracle");
    s.round = 1;
    put(&g, &mut s, Player::A, 1, "Ember Knight");
    put(&g, &mut s, Player::A, 0, "Tide Oracle");
    put(&g, &mut s, Player::B, 1, "Quickblade");
    hand(&g, &mut s, Player::A, "Longbow Scout");
    hand(&g, &mut s, Player::A, "Flame Imp");
    hand(&g, &mut s, Player::B, "Storm Caller");
    let moves = legal(&g, &s);
    assert!(!moves.iter().any(|a| matches!(
        a,
        Action::Attack { .. }
            | Action::Spell { .. }
            | Action::Order { .. }
            | Action::LeaderAction { .. }
    )));
    // A reaction that would damage the rival fizzles; it still fires
    // (ruling "Ceasefire": the log has its `reaction`, and no `damage`).
    let events = act(
        &g,
        &mut s,
        Action::Recruit {
            card: id(&g, "Flame Imp"),
            slot: 2,
        },
    );
    assert_eq!(s.sides[Player::B].leader().damage, 0);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Reaction { slot: 2, .. }))
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Damage { .. }))
    );
    // After the first round, all of it is allowed.
    s.round = 2;
    let moves = legal(&g, &s);
    assert!(moves.iter().any(|a| matches!(a, Action::Attack { .. })));
    assert!(moves.iter().any(|a| matches!(a, Action::Order { .. })));
    assert!(
        moves
            .iter()
            .any(|a| matches!(a, Action::LeaderAction { .. }))
    );
    // "cannot … cast Spells": a Hero whose row has a Spell, in its Wave
    // (Crystal Mage's Flank Spell), casts it only after round 1.
    let mut t = duel(&g, "Whisper Thief", "Tide Oracle");
    t.round = 1;
    t.wave = Row::Flank;
    put(&g, &mut t, Player::A, 3, "Crystal Mage");
    let spell = |s: &State| {
        legal(&g, s)
            .iter()
            .any(|a| matches!(a, Action::Spell { from: 3, .. }))
    };
    assert!(!spell(&t), "no Spell in the Ceasefire");
    t.round = 2;
    assert!(spell(&t), "the Spell after the first round");
}

// ---------------------------------------------------------------------------
// ACTIONS

#[test]
fn draw_needs_a_deck_and_fewer_than_five_cards() {
    // rules/pixel-tactics.txt: "Draw a Card": "If your Deck is empty or if
    // you have 5 or more cards in Hand, this action is no longer
    // available."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    for name in ["Quickblade", "Siege Ogre", "Flame Imp", "Sky Falcon"] {
        hand(&g, &mut s, Player::A, name);
    }
    assert!(legal(&g, &s).contains(&Action::Draw));
    let events = act(&g, &mut s, Action::Draw);
    assert!(
        metrics(&g, &events)
            .iter()
            .any(|m| matches!(m, Metric::Drew { .. }))
    );
    assert!(!legal(&g, &s).contains(&Action::Draw), "5 in hand");
    let mut t = duel(&g, "Ember Knight", "Tide Oracle");
    let deck: Vec<CardId> = t.sides[Player::A].deck.iter().copied().collect();
    t.sides[Player::A].discard.extend(deck);
    t.sides[Player::A].deck.clear();
    assert!(!legal(&g, &t).contains(&Action::Draw), "empty deck");
    // Ruling: the empty deck only removes the action; the game goes on.
    assert!(!legal(&g, &t).is_empty() && t.outcome.is_none());
}

#[test]
fn recruits_go_to_empty_slots_of_the_current_wave() {
    // rules/pixel-tactics.txt: "Recruit a Hero": "an empty slot in the
    // current Wave".
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Quickblade");
    hand(&g, &mut s, Player::A, "Siege Ogre");
    let slots: Vec<u8> = legal(&g, &s)
        .iter()
        .filter_map(|a| match a {
            Action::Recruit { slot, .. } => Some(*slot),
            _ => None,
        })
        .collect();
    assert_eq!(slots, [1, 2], "Vanguard slots, the occupied one excluded");
    act(&g, &mut s, Action::Pass);
    act(&g, &mut s, Action::Pass);
    assert_eq!(s.wave, Row::Flank);
    let slots: Vec<u8> = legal(&g, &s)
        .iter()
        .filter_map(|a| match a {
            Action::Recruit { slot, .. } => Some(*slot),
            _ => None,
        })
        .collect();
    assert_eq!(slots, [3, 5], "beside the Leader");
}

#[test]
fn attacks_come_from_the_current_wave_once_and_not_from_new_recruits() {
    // rules/pixel-tactics.txt: "Attack with a Hero/Leader": a Hero in the
    // current Wave, or the Leader in the Flank Wave; "A Hero recruited
    // during this Wave may not declare an Attack"; "A single Hero or
    // Leader can only Attack once per Wave."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Quickblade");
    put(&g, &mut s, Player::A, 3, "Siege Ogre");
    hand(&g, &mut s, Player::A, "Frost Lancer");
    let attackers = |s: &State| -> Vec<u8> {
        let mut v: Vec<u8> = legal(&g, s)
            .iter()
            .filter_map(|a| match a {
                Action::Attack { from, .. } => Some(*from),
                _ => None,
            })
            .collect();
        v.dedup();
        v
    };
    assert_eq!(attackers(&s), [0], "only the Vanguard Hero");
    act(
        &g,
        &mut s,
        Action::Recruit {
            card: id(&g, "Frost Lancer"),
            slot: 1,
        },
    );
    assert_eq!(attackers(&s), [0], "not the Hero recruited this Wave");
    // Quickblade's Vanguard Attack is free: it still attacks only once.
    act(
        &g,
        &mut s,
        Action::Attack {
            from: 0,
            target: LEADER,
        },
    );
    assert!(attackers(&s).is_empty());
    act(&g, &mut s, Action::Pass);
    pass_until(&g, &mut s, Player::A, Row::Flank);
    assert!(
        attackers(&s).is_empty(),
        "the Flank stands behind the Vanguard"
    );
    for slot in [0, 1] {
        corpse(&mut s, Player::A, slot as u8);
    }
    assert_eq!(attackers(&s), [3, LEADER], "Flank Heroes and the Leader");
}

#[test]
fn a_hero_that_attacks_cannot_move_or_cast_and_vice_versa() {
    // rules/pixel-tactics.txt: "* Actions with this mark are carried out
    // by your Heroes … the same Hero cannot do more than one of these
    // things per turn"; "A Hero cannot Cast a Spell or Move in the same
    // turn they Attack."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    s.actions = 3;
    put(&g, &mut s, Player::A, 0, "Quickblade");
    put(&g, &mut s, Player::A, 1, "Crystal Mage");
    act(
        &g,
        &mut s,
        Action::Attack {
            from: 0,
            target: LEADER,
        },
    );
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Move { from: 0, .. }))
    );
    act(&g, &mut s, Action::Move { from: 1, to: 2 });
    assert!(
        !legal(&g, &s).iter().any(|a| matches!(
            a,
            Action::Attack { from: 2, .. } | Action::Spell { from: 2, .. }
        )),
        "moved this turn"
    );
    // "A Hero cannot Attack or Move in the same turn the Spell was cast":
    // Crystal Mage's Flank Spell, cast from the Flank Wave.
    let flank_mage = || {
        let mut t = duel(&g, "Ember Knight", "Tide Oracle");
        pass_until(&g, &mut t, Player::A, Row::Flank);
        t.actions = 3;
        put(&g, &mut t, Player::A, 3, "Crystal Mage");
        let moves = legal(&g, &t);
        assert!(
            moves
                .iter()
                .any(|a| matches!(a, Action::Spell { from: 3, .. }))
        );
        assert!(moves.contains(&Action::Move { from: 3, to: 5 }));
        assert!(moves.contains(&Action::Attack {
            from: 3,
            target: LEADER
        }));
        t
    };
    let mut t = flank_mage();
    act(
        &g,
        &mut t,
        Action::Spell {
            from: 3,
            target: Tgt::Rival(LEADER),
        },
    );
    assert!(
        !legal(&g, &t).iter().any(|a| matches!(
            a,
            Action::Move { from: 3, .. } | Action::Attack { from: 3, .. }
        )),
        "cast a Spell this turn"
    );
    // And the converse: moved (to the other Flank slot, whose power has
    // the same Spell), it casts no Spell.
    let mut t = flank_mage();
    act(&g, &mut t, Action::Move { from: 3, to: 5 });
    assert!(
        !legal(&g, &t)
            .iter()
            .any(|a| matches!(a, Action::Spell { from: 5, .. })),
        "moved this turn"
    );
    t.sides[Player::A].clear_acted();
    assert!(
        legal(&g, &t)
            .iter()
            .any(|a| matches!(a, Action::Spell { from: 5, .. })),
        "its Spell, but for the mark"
    );
}

#[test]
fn spells_are_cast_instead_of_attacking() {
    // rules/pixel-tactics.txt: "Spells": "optional alternate actions that
    // can be used in place of making the Hero Attack … the same Hero
    // cannot use both their Spell and a Melee/Ranged Attack."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    pass_until(&g, &mut s, Player::A, Row::Flank);
    put(&g, &mut s, Player::A, 3, "Crystal Mage");
    let events = act(
        &g,
        &mut s,
        Action::Spell {
            from: 3,
            target: Tgt::Rival(LEADER),
        },
    );
    assert_eq!(s.sides[Player::B].leader().damage, 2);
    assert!(metrics(&g, &events).contains(&Metric::Action {
        player: Player::A,
        kind: "spell"
    }));
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Attack { from: 3, .. }))
    );
}

/// Seat a takes Flame Imp into hand and plays it as an Order (2 damage to
/// the rival Leader): the card and the events.
fn order_flame_imp(g: &PixelTactics, s: &mut State) -> (CardId, Vec<Event>) {
    hand(g, s, Player::A, "Flame Imp");
    let card = id(g, "Flame Imp");
    let events = act(
        g,
        s,
        Action::Order {
            card,
            target: Tgt::None,
        },
    );
    (card, events)
}

#[test]
fn orders_resolve_and_go_to_the_discard_pile() {
    // rules/pixel-tactics.txt: "Play an Order": "Reveal the Order from
    // your Hand, then follow all of its text, then discard it."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    let (card, events) = order_flame_imp(&g, &mut s);
    assert_eq!(s.sides[Player::B].leader().damage, 2);
    assert!(!s.sides[Player::A].hand.contains(&card));
    assert_eq!(s.sides[Player::A].discard.last(), Some(&card));
    let m = metrics(&g, &events);
    assert!(m.contains(&Metric::Played {
        player: Player::A,
        card,
        cost: 1
    }));
    assert!(
        !m.iter().any(|x| matches!(x, Metric::Score { .. })),
        "damage to the Leader is not the score (trophies are)"
    );
}

#[test]
fn the_score_event_totals_leader_damage_past_255() {
    // docs/events.md: `score`'s `total` is "the damage `player` has dealt
    // to the rival Leader in this game"; `--max-turns` allows games long
    // enough for that sum to pass 255, which it must not stop at. Seat a
    // has dealt 254 so far; Flame Imp's Order (rules/pixel-tactics.txt:
    // "Play an Order") deals 2 more.
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    s.sides[Player::A].leader_damage = 254;
    let (_, events) = order_flame_imp(&g, &mut s);
    let totals: Vec<u64> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Score { total } if e.player == Player::A => Some(u64::from(total)),
            _ => None,
        })
        .collect();
    assert_eq!(totals, [256], "the exact sum, not 255");
    assert_eq!(u64::from(s.sides[Player::A].leader_damage), 256);
    let score = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Score { .. }))
        .map(|e| g.event_json(e))
        .expect("a score event");
    assert_eq!(score["total"], 256, "the log line: {score}");
}

#[test]
fn corpses_block_recruits_not_melee_and_are_cleared_in_any_wave() {
    // rules/pixel-tactics.txt: "DAMAGE & CASUALTIES": "Corpses cannot
    // Attack, they do not block Melee Attacks, and new Heroes cannot be
    // played on top of them"; "Clear a Corpse": "You can clear corpses in
    // any Wave".
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::A, 1, "Quickblade");
    put(&g, &mut s, Player::B, 1, "Siege Ogre");
    put(&g, &mut s, Player::B, 7, "Frost Lancer");
    corpse(&mut s, Player::B, 1);
    hand(&g, &mut s, Player::A, "Sky Falcon");
    let targets: Vec<u8> = legal(&g, &s)
        .iter()
        .filter_map(|a| match a {
            Action::Attack { from: 1, target } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(
        targets,
        [LEADER],
        "the Leader behind the Corpse is in Melee"
    );
    corpse(&mut s, Player::A, 1);
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Recruit { slot: 1, .. }))
    );
    pass_until(&g, &mut s, Player::A, Row::Rear);
    let card = s.sides[Player::A].unit()[1].card;
    act(&g, &mut s, Action::Clear { slot: 1 });
    assert_eq!(s.sides[Player::A].unit()[1], Slot::EMPTY);
    assert_eq!(s.sides[Player::A].discard.last(), Some(&card));
}

#[test]
fn heroes_move_to_empty_slots_and_leaders_never_move() {
    // rules/pixel-tactics.txt: "Move": "from anywhere in your Unit into
    // any empty Unit Slot … Leaders cannot be moved."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::A, 6, "Quickblade");
    let moves: Vec<Action> = legal(&g, &s)
        .into_iter()
        .filter(|a| matches!(a, Action::Move { .. }))
        .collect();
    assert_eq!(moves.len(), 7, "to every empty slot: {moves:?}");
    assert!(
        moves
            .iter()
            .all(|a| matches!(a, Action::Move { from: 6, to } if *to != LEADER))
    );
    act(&g, &mut s, Action::Move { from: 6, to: 0 });
    assert_eq!(s.sides[Player::A].unit()[0].card, id(&g, "Quickblade"));
    // Ruling "Move": a living Hero moves; a Corpse only by Switch.
    let mut t = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut t, Player::A, 6, "Quickblade");
    put(&g, &mut t, Player::A, 0, "Siege Ogre");
    corpse(&mut t, Player::A, 0);
    let moves: Vec<Action> = legal(&g, &t)
        .into_iter()
        .filter(|a| matches!(a, Action::Move { .. }))
        .collect();
    assert_eq!(moves.len(), 6, "the Hero to every empty slot: {moves:?}");
    assert!(
        !moves
            .iter()
            .any(|a| matches!(a, Action::Move { from: 0, .. })),
        "no Corpse moves: {moves:?}"
    );
}

#[test]
fn switch_is_a_long_action_on_heroes_and_corpses() {
    // rules/pixel-tactics.txt: "Switch (Long Action)": swap two Heroes or
    // Corpses; "Long Actions … take up two of your actions … You cannot
    // use one of these unless you have two remaining actions."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Quickblade");
    put(&g, &mut s, Player::A, 8, "Siege Ogre");
    corpse(&mut s, Player::A, 8);
    assert!(legal(&g, &s).contains(&Action::Switch { a: 0, b: 8 }));
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Switch { b: LEADER, .. }))
    );
    let events = act(&g, &mut s, Action::Switch { a: 0, b: 8 });
    assert_eq!(s.sides[Player::A].unit()[8].occupant, Occupant::Hero);
    assert_eq!(s.sides[Player::A].unit()[0].occupant, Occupant::Corpse);
    assert!(metrics(&g, &events).contains(&Metric::Spent {
        player: Player::A,
        amount: 2
    }));
    assert_eq!(s.active, Player::B, "both actions used");
    s.actions = 1;
    s.active = Player::A;
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Switch { .. }))
    );
}

#[test]
fn long_free_and_limited_actions() {
    // rules/pixel-tactics.txt: "Long Actions, Long Attacks, and Long
    // Spells take up two of your actions"; "Free Actions … do not take up
    // one of your actions"; "Limited Actions can only be used once per
    // turn."
    let g = game();
    let mut s = duel(&g, "Wind Dancer", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Quickblade");
    put(&g, &mut s, Player::A, 1, "Siege Ogre");
    *s.sides[Player::A].damage_mut(LEADER) = 3;
    // Free Attack.
    act(
        &g,
        &mut s,
        Action::Attack {
            from: 0,
            target: LEADER,
        },
    );
    assert_eq!(s.actions, 2);
    // Free, limited Leader action: once this turn.
    act(
        &g,
        &mut s,
        Action::LeaderAction {
            target: Tgt::Own(LEADER),
        },
    );
    assert_eq!((s.actions, s.sides[Player::A].leader().damage), (2, 2));
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::LeaderAction { .. }))
    );
    // Long Attack (+2): two actions.
    act(
        &g,
        &mut s,
        Action::Attack {
            from: 1,
            target: LEADER,
        },
    );
    assert_eq!(s.active, Player::B);
    assert_eq!(s.sides[Player::B].leader().damage, 2 + 6);
    // A Long Attack needs two actions left.
    let mut t = duel(&g, "Wind Dancer", "Tide Oracle");
    put(&g, &mut t, Player::A, 1, "Siege Ogre");
    t.actions = 1;
    assert!(
        !legal(&g, &t)
            .iter()
            .any(|a| matches!(a, Action::Attack { .. }))
    );
}

// ---------------------------------------------------------------------------
// AttackING

#[test]
fn melee_needs_attacker_and_target_foremost_in_their_columns() {
    // rules/pixel-tactics.txt: "Melee Attacks": "both the Attacker and the
    // target must be in Melee … Only the foremost Hero or Leader in each
    // column is considered in Melee."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Quickblade");
    put(&g, &mut s, Player::B, 1, "Siege Ogre");
    put(&g, &mut s, Player::B, 5, "Frost Lancer");
    put(&g, &mut s, Player::B, 6, "Flame Imp");
    let targets: Vec<u8> = legal(&g, &s)
        .iter()
        .filter_map(|a| match a {
            Action::Attack { from: 0, target } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(targets, [1, 5, 6], "the foremost of each column");
    // A Hero behind another is not in Melee.
    pass_until(&g, &mut s, Player::A, Row::Flank);
    put(&g, &mut s, Player::A, 3, "Siege Ogre");
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Attack { from: 3, .. }))
    );
}

#[test]
fn ranged_attacks_reach_any_target_not_behind_an_interceptor() {
    // rules/pixel-tactics.txt: "Ranged Attacks": "can target any Hero or
    // Leader"; "Intercepting Ranged Attacks": an Interceptor "defends the
    // one or two Heroes behind it in the same column".
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    pass_until(&g, &mut s, Player::A, Row::Rear);
    put(&g, &mut s, Player::A, 7, "Sky Falcon");
    put(&g, &mut s, Player::B, 1, "Stone Sentinel"); // Intercept in the Vanguard
    put(&g, &mut s, Player::B, 0, "Quickblade");
    put(&g, &mut s, Player::B, 3, "Frost Lancer");
    let targets: Vec<u8> = legal(&g, &s)
        .iter()
        .filter_map(|a| match a {
            Action::Attack { from: 7, target } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(
        targets,
        [0, 1, 3],
        "the Leader hides behind the Interceptor"
    );
    let events = act(&g, &mut s, Action::Attack { from: 7, target: 3 });
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Attack {
            ranged: true,
            damage: 3,
            ..
        }
    )));
}

// ---------------------------------------------------------------------------
// DAMAGE & CASUALTIES, ENDING THE GAME

#[test]
fn damage_stays_and_casualties_wait_for_the_end_of_the_wave() {
    // rules/pixel-tactics.txt: "DAMAGE & CASUALTIES": damage counters
    // "remain in place until the Hero is removed from play"; "A Hero with
    // lethal damage … can continue to fight, act, and be healed throughout
    // a Wave. Only at the end of a Wave are casualties determined."; "all
    // damage is removed from it, and it is flipped face-down".
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::A, 1, "Siege Ogre");
    put(&g, &mut s, Player::B, 1, "Quickblade");
    act(&g, &mut s, Action::Attack { from: 1, target: 1 });
    assert_eq!(
        damage(&s, Player::B, 1),
        4 + 2 + 1,
        "Long Attack +2, Ember Knight's aura +1"
    );
    assert_eq!(
        s.sides[Player::B].unit()[1].occupant,
        Occupant::Hero,
        "lethal, still standing"
    );
    // Seat b's lethally damaged Hero still attacks in its turn.
    assert!(legal(&g, &s).contains(&Action::Attack { from: 1, target: 1 }));
    act(&g, &mut s, Action::Attack { from: 1, target: 1 });
    assert_eq!(damage(&s, Player::A, 1), 2, "Quickblade's Attack Strength");
    act(&g, &mut s, Action::Pass);
    assert_eq!(s.wave, Row::Flank);
    assert_eq!(s.sides[Player::B].unit()[1].occupant, Occupant::Corpse);
    assert_eq!(damage(&s, Player::B, 1), 0);
    assert_eq!(s.sides[Player::A].unit()[1].occupant, Occupant::Hero);
    assert_eq!(damage(&s, Player::A, 1), 2, "damage stays");
}

#[test]
fn a_hero_whose_life_an_aura_takes_to_zero_falls_undamaged() {
    // rules/pixel-tactics.txt: "GAME FLOW": "At the end of each wave,
    // causalities are checked and any Hero with damage equal to or
    // exceeding their life is defeated": with no damage, a Hero of life 0
    // (Iron Banner's aura made -2 life for this test, on a 2-life Hero)
    // falls at the end of the Wave, not before.
    let g = game_changed("aura = { life = 1 }", "aura = { life = -2 }");
    let mut s = duel(&g, "Iron Banner", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Flame Imp");
    put(&g, &mut s, Player::A, 1, "Quickblade");
    assert_eq!(g.life(&s, Player::A, 0), 0, "2 life, -2");
    assert_eq!(g.life(&s, Player::A, 1), 1, "3 life, -2");
    assert_eq!(s.sides[Player::A].unit()[0].occupant, Occupant::Hero);
    act(&g, &mut s, Action::Pass);
    act(&g, &mut s, Action::Pass);
    assert_eq!(s.wave, Row::Flank);
    assert_eq!(s.sides[Player::A].unit()[0].occupant, Occupant::Corpse);
    assert_eq!(
        s.sides[Player::A].unit()[1].occupant,
        Occupant::Hero,
        "1 life, no damage: it stands"
    );
}

#[test]
fn a_routed_leader_loses_at_the_end_of_the_wave() {
    // rules/pixel-tactics.txt: "Rout": "If a Leader has damage equal to or
    // exceeding its life total at the end of a Wave … the match ends."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    // Beyond the Leader's life: the overkill is not life (ruling
    // "Reports": `health` is the life left, 0 once routed).
    *s.sides[Player::B].damage_mut(LEADER) = 40;
    assert_eq!(
        g.to_move(&s),
        Node::Decision(Player::A),
        "not before the Wave ends"
    );
    act(&g, &mut s, Action::Pass);
    let events = act(&g, &mut s, Action::Pass);
    assert_eq!(
        g.to_move(&s),
        Node::Terminal(crate::core::Outcome::win(2, Player::A, "rout"))
    );
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::GameOver {
            winner: Some(Player::A),
            ..
        }
    )));
    assert_eq!(g.summary(&s, Player::A).score, 1, "a trophy");
    // Ruling "Reports": the score the reports follow is the trophies, so
    // the game's end, not the damage, moves it.
    let score: Vec<Metric> = metrics(&g, &events)
        .into_iter()
        .filter(|m| matches!(m, Metric::Score { .. }))
        .collect();
    assert_eq!(
        score,
        [Metric::Score {
            player: Player::A,
            total: 1
        }]
    );
    assert_eq!(
        g.summary(&s, Player::A).health,
        20,
        "the winner's Leader's life left"
    );
    assert_eq!(g.summary(&s, Player::B).health, 0);
}

#[test]
fn a_double_rout_goes_to_the_unit_with_more_living_heroes_else_a_tie() {
    // rules/pixel-tactics.txt: "Rout": "If both would rout at the same
    // time, the Unit with more living Heroes wins. If this is also the
    // same, the game is a tie."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::B, 6, "Quickblade");
    for p in [Player::A, Player::B] {
        *s.sides[p].damage_mut(LEADER) = 30;
    }
    let mut t = s;
    act(&g, &mut s, Action::Pass);
    act(&g, &mut s, Action::Pass);
    let Node::Terminal(o) = g.to_move(&s) else {
        panic!()
    };
    assert_eq!((o.winner(), o.reason), (Some(Player::B), "rout_tiebreak"));
    take(&mut t, Player::B, id(&g, "Quickblade"));
    t.sides[Player::B].deck.push(id(&g, "Quickblade"));
    act(&g, &mut t, Action::Pass);
    act(&g, &mut t, Action::Pass);
    let Node::Terminal(o) = g.to_move(&t) else {
        panic!()
    };
    assert_eq!((o.winner(), o.reason), (None, "tie"));
}

#[test]
fn a_best_of_three_match_plays_on_with_smaller_decks_and_extra_cards() {
    // rules/pixel-tactics.txt: "The Next Game": trophies; "both players'
    // Decks will be one card smaller … for each trophy your Rival
    // possesses, you draw one additional card … The player who won the
    // previous game is always the First Player".
    let mut g = game();
    g.options.match_games = 3;
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    s.first = Player::B;
    s.active = Player::B;
    *s.sides[Player::A].damage_mut(LEADER) = 25;
    act(&g, &mut s, Action::Pass);
    let events = act(&g, &mut s, Action::Pass);
    assert_eq!(
        g.to_move(&s),
        Node::Decision(Player::A),
        "the match goes on"
    );
    assert!(metrics(&g, &events).contains(&Metric::GameStart));
    assert_eq!(
        (s.game, s.phase, s.sides[Player::B].trophies),
        (2, Phase::PickLeader, 1)
    );
    assert_eq!(
        s.sides[Player::A].hand.len(),
        OPENING_HAND + 1,
        "one more card: the rival has a trophy"
    );
    assert_eq!(s.sides[Player::B].hand.len(), OPENING_HAND);
    for p in [Player::A, Player::B] {
        let side = &s.sides[p];
        assert_eq!(
            side.hand.len() + side.deck.len(),
            DECK_SIZE - 1,
            "one card smaller"
        );
    }
    assert!(
        s.sides[Player::A]
            .set_aside
            .contains(&id(&g, "Ember Knight"))
    );
    let (a, b) = (s.sides[Player::A].hand[0], s.sides[Player::B].hand[0]);
    act(&g, &mut s, Action::Leader(a));
    act(&g, &mut s, Action::Leader(b));
    assert_eq!(
        (s.first, s.active),
        (Player::B, Player::B),
        "the winner goes first"
    );
}

#[test]
fn the_first_player_is_drawn_by_lot_and_again_after_a_tie() {
    // rules/pixel-tactics.txt: "GAME FLOW": "After setup, randomly
    // determine which player will take the first turn"; ruling "The first
    // player": in later games the previous winner goes first, but after a
    // tie (no winner) lots are drawn again.
    /// Both seats pick a Leader; the first player drawn.
    fn pick_both(g: &PixelTactics, s: &mut State, rng: &mut GameRng) -> Player {
        for _ in 0..2 {
            let card = s.sides[s.active].hand[0];
            g.apply(s, Action::Leader(card), rng, &mut NoObserver);
        }
        assert_eq!(s.phase, Phase::Turn);
        s.first
    }
    let g = PixelTactics::bundled(0, 1);
    let mut firsts = Vec::new();
    for seed in 0..32 {
        let mut rng = rng_from_seed(seed);
        let mut s = g.new_state(&mut rng);
        firsts.push(pick_both(&g, &mut s, &mut rng));
    }
    assert!(firsts.contains(&Player::A) && firsts.contains(&Player::B));
    // Game 2 of a best of 3, seat a having won game 1 (so it went first),
    // ends in a tie: game 3's first player is drawn by lot again.
    let mut g = game();
    g.options.match_games = 3;
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    let (x, y) = (id(&g, "Quickblade"), id(&g, "Siege Ogre"));
    take(&mut s, Player::A, x);
    take(&mut s, Player::B, y);
    s.sides[Player::A].set_aside.push(x);
    s.sides[Player::B].set_aside.push(y);
    s.sides[Player::A].trophies = 1;
    s.game = 2;
    s.next_first = Some(Player::A);
    for p in [Player::A, Player::B] {
        *s.sides[p].damage_mut(LEADER) = 30;
    }
    g.check_invariants(&s).expect("a legal position");
    let mut firsts = Vec::new();
    for seed in 0..32 {
        let mut rng = rng_from_seed(seed);
        let mut t = s;
        g.apply(&mut t, Action::Pass, &mut rng, &mut NoObserver);
        g.apply(&mut t, Action::Pass, &mut rng, &mut NoObserver);
        assert_eq!(
            (t.game, t.phase, t.sides[Player::A].trophies),
            (3, Phase::PickLeader, 1),
            "a tie claims no trophy"
        );
        firsts.push(pick_both(&g, &mut t, &mut rng));
    }
    assert!(
        firsts.contains(&Player::A) && firsts.contains(&Player::B),
        "after the tie: {firsts:?}"
    );
}

#[test]
fn the_match_ends_at_the_trophies_it_needs() {
    // rules/pixel-tactics.txt: "The Next Game": "The first player to claim
    // two trophies in a best of three match … is declared the winner".
    let mut g = game();
    g.options.match_games = 3;
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    s.sides[Player::A].trophies = 1;
    s.sides[Player::B].trophies = 0;
    let (x, y) = (id(&g, "Quickblade"), id(&g, "Siege Ogre"));
    take(&mut s, Player::A, x);
    take(&mut s, Player::B, y);
    s.sides[Player::A].set_aside.push(x);
    s.sides[Player::B].set_aside.push(y);
    *s.sides[Player::B].damage_mut(LEADER) = 25;
    act(&g, &mut s, Action::Pass);
    act(&g, &mut s, Action::Pass);
    let Node::Terminal(o) = g.to_move(&s) else {
        panic!()
    };
    assert_eq!((o.winner(), o.reason), (Some(Player::A), "match"));
}

#[test]
fn the_turn_limit_makes_the_match_a_draw() {
    // Ruling "Turn limit": after `max_turns` player-turns the match is a
    // draw with reason turn_limit.
    let mut g = game();
    g.options.max_turns = 6;
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    for _ in 0..2 {
        act(&g, &mut s, Action::Pass);
    }
    assert_eq!(s.turns, 6);
    act(&g, &mut s, Action::Pass);
    let Node::Terminal(o) = g.to_move(&s) else {
        panic!()
    };
    assert_eq!((o.winner(), o.reason), (None, "turn_limit"));
}

#[test]
fn the_turn_limit_counts_the_turns_of_the_current_game() {
    // Ruling "Turn limit": the limit counts the player-turns of the game
    // being played, so a best-of-3 match is never cut for being long.
    let mut g = game();
    g.options.max_turns = 8;
    g.options.match_games = 3;
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    assert_eq!((s.turns, s.game_turns), (4, 4));
    // As if earlier games of the match had taken 500 player-turns.
    s.turns = 500;
    for _ in 0..4 {
        act(&g, &mut s, Action::Pass);
    }
    assert!(
        matches!(g.to_move(&s), Node::Decision(_)),
        "the game goes on"
    );
    assert_eq!((s.turns, s.game_turns), (504, 8));
    act(&g, &mut s, Action::Pass);
    let Node::Terminal(o) = g.to_move(&s) else {
        panic!("the eighth turn of this game was the last")
    };
    assert_eq!(o.reason, "turn_limit");
    // The match's counter holds every game's turns: a limit a long match
    // could overflow is refused up front.
    let options = |max_turns: u16, match_games: u8| Options {
        max_turns,
        match_games,
        ..PixelTactics::default_options()
    };
    assert!(PixelTactics::check_options(&options(13_107, 5)).is_ok());
    let e = PixelTactics::check_options(&options(13_108, 5)).unwrap_err();
    assert!(e.contains("use --max-turns at most 13107"), "{e}");
    assert!(PixelTactics::check_options(&options(u16::MAX, 1)).is_ok());
}

#[test]
fn a_match_ends_as_a_draw_when_its_turn_counter_is_full() {
    // Ruling "Turn limit": a tied game is played again, so a best of 5
    // within the accepted `--max-turns` can still reach the 65,535 turns
    // the match's counter holds; the turn after the last one it can count
    // ends the match as a draw, reason turn_limit (it never wraps).
    let mut g = game();
    g.options.match_games = 5;
    g.options.max_turns = 13_107;
    assert!(PixelTactics::check_options(&g.options).is_ok());
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    // As if tied games had taken all but two of the counter's turns.
    s.turns = u16::MAX - 1;
    act(&g, &mut s, Action::Pass);
    assert_eq!((s.turns, s.active), (u16::MAX, Player::B));
    assert!(matches!(g.to_move(&s), Node::Decision(_)));
    let events = act(&g, &mut s, Action::Pass);
    let Node::Terminal(o) = g.to_move(&s) else {
        panic!("the counter is full: the match is over")
    };
    assert_eq!((o.winner(), o.reason), (None, "turn_limit"));
    assert_eq!(s.turns, u16::MAX);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::GameOver {
            winner: None,
            reason: "turn_limit",
            ..
        }
    )));
}

// ---------------------------------------------------------------------------
// Powers

#[test]
fn hero_powers_follow_the_row_and_leader_powers_the_whole_unit() {
    // rules/pixel-tactics.txt: "CARD LAYOUT": Vanguard, Flank and Rear
    // Heroes "are able to use their Vanguard/Flank/Rear Powers"; a Leader
    // "provides its bonuses passively to the entire Unit".
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Longbow Scout");
    put(&g, &mut s, Player::A, 6, "Frost Lancer");
    // Longbow Scout: Vanguard +1 attack, Ember Knight's aura +1 more.
    assert_eq!(g.attack_strength(&s, Player::A, 0), 2 + 1 + 1);
    assert!(
        !g.keywords(&s, Player::A, 0)
            .has(super::cards::Keywords::RANGED)
    );
    assert!(
        g.keywords(&s, Player::A, 6)
            .has(super::cards::Keywords::RANGED)
    );
    assert_eq!(
        g.attack_strength(&s, Player::A, 6),
        3,
        "no aura outside the Vanguard"
    );
    act(&g, &mut s, Action::Move { from: 0, to: 3 });
    assert_eq!(g.attack_strength(&s, Player::A, 3), 2);
    assert!(
        g.keywords(&s, Player::A, 3)
            .has(super::cards::Keywords::RANGED)
    );
}

#[test]
fn reactions_follow_their_trigger() {
    // rules/pixel-tactics.txt: "Reactions": "These effects always happen
    // after the triggering condition is completely resolved."
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Thorn Warden");
    put(&g, &mut s, Player::A, 1, "Quickblade");
    act(
        &g,
        &mut s,
        Action::Attack {
            from: 1,
            target: LEADER,
        },
    );
    assert_eq!(s.sides[Player::B].leader().damage, 3, "the attack first");
    assert_eq!(
        damage(&s, Player::A, 1),
        2,
        "then the Thorn Warden's reaction"
    );
    // An undamaged Tide Oracle ("When attacked, remove 1 damage from this
    // Hero") hit for 3 heals 1 of those 3 after the Attack: 2 left. Had
    // it reacted first, it would have had nothing to heal: 3.
    let mut t = duel(&g, "Ember Knight", "Thorn Warden");
    put(&g, &mut t, Player::A, 1, "Quickblade");
    put(&g, &mut t, Player::B, 1, "Tide Oracle");
    let events = act(&g, &mut t, Action::Attack { from: 1, target: 1 });
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Attack {
            target: 1,
            damage: 3,
            ..
        }
    )));
    assert_eq!(damage(&t, Player::B, 1), 3 - 1, "the Attack, then the heal");
}

#[test]
fn wave_end_reactions_come_before_casualties_and_rout() {
    // rules/pixel-tactics.txt: "GAME FLOW": "At the end of each wave,
    // causalities are checked"; "Rout": a Leader with damage equal to or
    // exceeding its life "at the end of a Wave"; "Reactions". Ruling "End
    // of a Wave": the `wave_end` reactions come first, then casualties,
    // then rout. Field Medic (a deck holds 25 of the pool's 30 cards, and
    // `game()`'s leaves it out; this one leaves out Pike Warden instead):
    // its Vanguard power and its Leader power each remove 1 damage at the
    // end of each Wave.
    let g = game_without([
        "Pike Warden",
        "Plague Doctor",
        "Lantern Keeper",
        "Shield Squire",
        "Gravedigger",
    ]);
    let mut s = duel(&g, "Ember Knight", "Field Medic");
    put(&g, &mut s, Player::A, 0, "Field Medic");
    put(&g, &mut s, Player::A, 1, "Quickblade");
    *s.sides[Player::A].damage_mut(0) = 4;
    *s.sides[Player::A].damage_mut(1) = 3;
    let life = g.life(&s, Player::B, LEADER);
    *s.sides[Player::B].damage_mut(LEADER) = life;
    assert_eq!(g.life(&s, Player::A, 0), 4, "damage equal to its life");
    act(&g, &mut s, Action::Pass);
    act(&g, &mut s, Action::Pass);
    assert_eq!(
        (s.wave, s.outcome),
        (Row::Flank, None),
        "the Field Medic Leader healed before the rout check"
    );
    assert_eq!(damage(&s, Player::B, LEADER), life - 1);
    assert_eq!(
        (
            s.sides[Player::A].unit()[0].occupant,
            damage(&s, Player::A, 0)
        ),
        (Occupant::Hero, 3),
        "the Field Medic Hero healed before casualties"
    );
    assert_eq!(
        s.sides[Player::A].unit()[1].occupant,
        Occupant::Corpse,
        "a Hero with no such reaction falls"
    );
}

#[test]
fn a_leaders_recruited_reaction_follows_every_recruit() {
    // rules/pixel-tactics.txt: "Reactions"; ruling "Reactions": a
    // Leader's `recruited` fires on every recruit. Sage Archivist: "When
    // you recruit a Hero, draw a card": the recruit takes a card from the
    // hand, the reaction draws one back.
    let g = game();
    let mut s = duel(&g, "Sage Archivist", "Tide Oracle");
    hand(&g, &mut s, Player::A, "Quickblade");
    let (hand_before, deck_before) = (s.sides[Player::A].hand.len(), s.sides[Player::A].deck.len());
    let events = act(
        &g,
        &mut s,
        Action::Recruit {
            card: id(&g, "Quickblade"),
            slot: 0,
        },
    );
    assert_eq!(s.sides[Player::A].unit()[0].card, id(&g, "Quickblade"));
    assert_eq!(
        (s.sides[Player::A].hand.len(), s.sides[Player::A].deck.len()),
        (hand_before, deck_before - 1),
        "one card recruited, one drawn"
    );
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Reaction {
            slot: LEADER,
            trigger: super::cards::Trigger::Recruited,
            ..
        }
    )));
}

#[test]
fn a_leaders_after_attack_reaction_follows_its_own_attack() {
    // rules/pixel-tactics.txt: "Reactions"; ruling "Reactions": a
    // Leader's `after_attack` fires on its own Attack. Frost Lancer:
    // "After attacking, remove 1 damage from your Leader".
    let g = game();
    let mut s = duel(&g, "Frost Lancer", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Quickblade");
    *s.sides[Player::A].damage_mut(LEADER) = 3;
    act(
        &g,
        &mut s,
        Action::Attack {
            from: 0,
            target: LEADER,
        },
    );
    assert_eq!(
        damage(&s, Player::A, LEADER),
        3,
        "a Hero's Attack is not the Leader's"
    );
    pass_until(&g, &mut s, Player::A, Row::Flank);
    act(
        &g,
        &mut s,
        Action::Attack {
            from: LEADER,
            target: LEADER,
        },
    );
    assert_eq!(
        damage(&s, Player::B, LEADER),
        2 + 3,
        "Quickblade, then the Leader"
    );
    assert_eq!(
        damage(&s, Player::A, LEADER),
        3 - 1,
        "healed after attacking"
    );
}

#[test]
fn instant_defeat_and_revival() {
    // rules/pixel-tactics.txt: "Other Terms & Effects": "Defeat a Hero –
    // The Hero is instantly turned face-down to become a Corpse"; "TIPS &
    // TRICKS": instant-kill Orders "don't wait for the end of a Wave";
    // "DAMAGE & CASUALTIES": "Some effects can revive Corpses".
    let g = game();
    let mut s = duel(&g, "Necro Bard", "Tide Oracle");
    s.actions = 5;
    put(&g, &mut s, Player::B, 0, "Quickblade");
    hand(&g, &mut s, Player::A, "Assassin Moth");
    act(
        &g,
        &mut s,
        Action::Order {
            card: id(&g, "Assassin Moth"),
            target: Tgt::Rival(0),
        },
    );
    assert_eq!(
        s.sides[Player::B].unit()[0].occupant,
        Occupant::Corpse,
        "at once"
    );
    put(&g, &mut s, Player::A, 2, "Siege Ogre");
    corpse(&mut s, Player::A, 2);
    act(
        &g,
        &mut s,
        Action::LeaderAction {
            target: Tgt::Own(2),
        },
    );
    assert_eq!(s.sides[Player::A].unit()[2].occupant, Occupant::Hero);
    // Ruling "One starred action per Hero per turn": a revived Hero is
    // marked, so Siege Ogre, back in the Vanguard in the Vanguard Wave,
    // neither Attacks (its Long Attack on the Leader in Melee) nor Moves
    // this turn.
    assert_eq!(s.actions, 2);
    let from_2 = |s: &State| {
        legal(&g, s).into_iter().any(|a| {
            matches!(
                a,
                Action::Attack { from: 2, .. } | Action::Move { from: 2, .. }
            )
        })
    };
    assert!(!from_2(&s), "revived this turn");
    let mut unmarked = s;
    unmarked.sides[Player::A].clear_acted();
    assert!(from_2(&unmarked), "it could, but for the mark");
}

#[test]
fn instant_defeat_needs_the_life_left_within_its_amount() {
    // Ruling "Defeat": an instant defeat works on a Hero whose life left
    // is at most the effect's amount, else does nothing (rules/pixel-
    // tactics.txt: "Other Terms & Effects", "Defeat a Hero"). Assassin
    // Moth's Order defeats a rival Hero with 4 life or less left.
    let g = game();
    let order = Action::Order {
        card: id(&g, "Assassin Moth"),
        target: Tgt::Rival(1),
    };
    for (damage, after) in [(0, Occupant::Hero), (3, Occupant::Corpse)] {
        let mut s = duel(&g, "Necro Bard", "Tide Oracle");
        put(&g, &mut s, Player::B, 1, "Bulwark Golem");
        *s.sides[Player::B].damage_mut(1) = damage;
        hand(&g, &mut s, Player::A, "Assassin Moth");
        act(&g, &mut s, order);
        assert_eq!(
            s.sides[Player::B].unit()[1].occupant,
            after,
            "Bulwark Golem, life 7, {} left",
            7 - damage
        );
    }
}

#[test]
fn metrics_map_turns_actions_and_score() {
    // Ruling "Reports": a turn reports 2 of 2 "mana"; every action an
    // Action metric; actions paid a Spent or a Played cost.
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::A, 1, "Bulwark Golem");
    hand(&g, &mut s, Player::A, "Siege Ogre");
    let mut m = metrics(
        &g,
        &act(
            &g,
            &mut s,
            Action::Recruit {
                card: id(&g, "Siege Ogre"),
                slot: 0,
            },
        ),
    );
    m.extend(metrics(&g, &act(&g, &mut s, Action::Draw)));
    assert_eq!(
        m,
        [
            Metric::Action {
                player: Player::A,
                kind: "recruit"
            },
            Metric::Played {
                player: Player::A,
                card: id(&g, "Siege Ogre"),
                cost: 1
            },
            Metric::Action {
                player: Player::A,
                kind: "draw"
            },
            Metric::Spent {
                player: Player::A,
                amount: 1
            },
            Metric::Drew {
                player: Player::A,
                card: m
                    .iter()
                    .find_map(|x| match x {
                        Metric::Drew { card, .. } => Some(*card),
                        _ => None,
                    })
                    .unwrap_or_default()
            },
            Metric::TurnEnd {
                player: Player::A,
                unspent: 0
            },
            Metric::TurnStart {
                player: Player::B,
                resource_max: 2,
                resource: 2
            },
        ]
    );
}

#[test]
fn the_start_reports_the_game_start_and_opening_hands() {
    // Ruling "Reports": GameStart, then a Drew per opening card, before
    // the first Leader pick: all before the first decision, so a person
    // playing sees the deal before choosing.
    let g = PixelTactics::bundled(0, 1);
    let mut events = Vec::new();
    let mut s = g.start(&mut rng(), &mut |e: &Event| events.push(*e));
    let m = metrics(&g, &events);
    assert_eq!(m[0], Metric::GameStart);
    assert_eq!(
        m.iter()
            .filter(|x| matches!(x, Metric::Drew { .. }))
            .count(),
        10
    );
    let a = s.sides[Player::A].hand[0];
    let m = metrics(&g, &act(&g, &mut s, Action::Leader(a)));
    assert_eq!(
        m,
        [Metric::Action {
            player: Player::A,
            kind: "leader"
        }]
    );
}

#[test]
fn the_match_format_comes_from_the_match_option() {
    // rules/pixel-tactics.txt: "The Next Game": two trophies win a best of
    // three match, three a best of five.
    let mut g = PixelTactics::bundled(0, 1);
    assert_eq!(g.trophies_to_win(), 1);
    for (games, trophies) in [(3, 2), (5, 3)] {
        g.options.match_games = games;
        assert_eq!(g.trophies_to_win(), trophies);
    }
    let mut db = PixelTactics::bundled_cards();
    let e = PixelTactics::apply_override(&mut db, "match.games=best-of-3").unwrap_err();
    assert!(e.contains("--match"), "{e}");
}

#[test]
fn overrides_change_stats_and_suggest_names() {
    let mut db = PixelTactics::bundled_cards();
    db.apply_override("Siege Ogre.attack=7").expect("valid");
    db.apply_override("siege ogre.leader.life = 30")
        .expect("valid");
    let ogre = db.card(db.id("Siege Ogre").expect("ogre"));
    assert_eq!((ogre.attack, ogre.leader_life), (7, 30));
    let e = db.apply_override("Siege Orge.attack=3").unwrap_err();
    assert!(e.contains("did you mean \"Siege Ogre\""), "{e}");
    let e = db.apply_override("Siege Ogre.atack=3").unwrap_err();
    assert!(e.contains("did you mean \"attack\""), "{e}");
    assert!(
        db.apply_override("Siege Ogre.life=0")
            .unwrap_err()
            .contains("from 1")
    );
    assert!(db.apply_override("Siege Ogre.life").is_err());
}

#[test]
fn deck_lists_are_checked_with_lines() {
    let db = PixelTactics::bundled_cards();
    let e = Deck::parse("1 Siege Orge\n", "t.deck", &db).unwrap_err();
    assert_eq!(
        e[0].to_string(),
        "t.deck:1: unknown card \"Siege Orge\" (did you mean \"Siege Ogre\"?)"
    );
    let e = Deck::parse("# x\n2 Siege Ogre\n", "t.deck", &db).unwrap_err();
    assert!(
        e.iter()
            .any(|d| d.line == 2 && d.message.contains("one copy")),
        "{e:?}"
    );
    assert!(e.iter().any(|d| d.message.contains("exactly 25")), "{e:?}");
    for text in ["\u{0}", "x", "99999 A", "-1 Siege Ogre", "1"] {
        assert!(Deck::parse(text, "t.deck", &db).is_err());
    }
}

#[test]
fn card_files_report_path_and_line() {
    let bad = "[[card]]\nname = \"A\"\nleader = { attack = 1, life = 10 }\nhero = { attack = 1, life = 2 }\nvanguard = { aura = { attack = 1 } }\n\n[[card]]\nname = \"B\"\nleader = { attack = 1, life = 0 }\nhero = { attack = 1, life = 2 }\n";
    let e = CardDb::parse(bad, "c.toml").unwrap_err().to_string();
    assert!(
        e.contains("c.toml:1: card \"A\": vanguard: aura and action are Leader powers"),
        "{e}"
    );
    assert!(
        e.contains("c.toml:7: card \"B\": leader expects life from 1"),
        "{e}"
    );
    let e = CardDb::parse("[[card]]\nname = 3\n", "c.toml")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("c.toml:2:"), "{e}");
    let e = CardDb::parse("[[card]]\nname = \"A\"\nleader = { attack = 1, life = 9 }\nhero = { attack = 1, life = 2 }\nrear = { keywords = [\"Rangd\"] }\n", "c.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("did you mean \"Ranged\""), "{e}");
}

// ---------------------------------------------------------------------------
// Review fixes

#[test]
fn free_actions_remain_after_both_actions_are_spent() {
    // rules/pixel-tactics.txt: "ACTIONS", Free Actions "do not take up one
    // of your actions to use. You can use Free Actions as often as you
    // want": spending both actions does not take them away; the turn then
    // ends by Pass (or once no Free action is left).
    let g = game();
    let mut s = duel(&g, "Wind Dancer", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Quickblade");
    *s.sides[Player::A].damage_mut(LEADER) = 2;
    act(&g, &mut s, Action::Draw);
    act(&g, &mut s, Action::Draw);
    assert_eq!((s.active, s.actions), (Player::A, 0), "still seat a's turn");
    let moves = legal(&g, &s);
    assert!(moves.contains(&Action::Attack {
        from: 0,
        target: LEADER
    }));
    assert!(moves.contains(&Action::LeaderAction {
        target: Tgt::Own(LEADER)
    }));
    assert!(
        moves.iter().all(|a| matches!(
            a,
            Action::Attack { .. } | Action::LeaderAction { .. } | Action::Pass
        )),
        "nothing that costs an action: {moves:?}"
    );
    act(
        &g,
        &mut s,
        Action::Attack {
            from: 0,
            target: LEADER,
        },
    );
    assert_eq!(
        s.sides[Player::B].leader().damage,
        2,
        "Quickblade's Free Attack"
    );
    assert_eq!(s.active, Player::A, "the Free Leader action is still there");
    act(
        &g,
        &mut s,
        Action::LeaderAction {
            target: Tgt::Own(LEADER),
        },
    );
    assert_eq!(s.sides[Player::A].leader().damage, 1);
    assert_eq!(
        s.active,
        Player::B,
        "no Free action left: the turn ends by itself"
    );
    // With a Free action left, Pass ends the turn.
    let mut t = duel(&g, "Wind Dancer", "Tide Oracle");
    t.actions = 0;
    *t.sides[Player::A].damage_mut(LEADER) = 1;
    assert_eq!(
        legal(&g, &t),
        [
            Action::LeaderAction {
                target: Tgt::Own(LEADER)
            },
            Action::Pass
        ]
    );
    act(&g, &mut t, Action::Pass);
    assert_eq!(t.active, Player::B);
}

#[test]
fn each_limited_ability_is_used_once_per_turn() {
    // rules/pixel-tactics.txt: "Limited Actions can only be used once per
    // turn": each Limited ability once, not one Limited ability per turn.
    let g = game();
    let mut s = duel(&g, "Wind Dancer", "Tide Oracle");
    pass_until(&g, &mut s, Player::A, Row::Rear);
    put(&g, &mut s, Player::A, 7, "Rune Smith");
    *s.sides[Player::A].damage_mut(LEADER) = 5;
    act(
        &g,
        &mut s,
        Action::Spell {
            from: 7,
            target: Tgt::None,
        },
    );
    assert_eq!(
        s.sides[Player::A].leader().damage,
        4,
        "Rune Smith's Free limited Spell"
    );
    let leader_action = Action::LeaderAction {
        target: Tgt::Own(LEADER),
    };
    assert!(
        legal(&g, &s).contains(&leader_action),
        "the Leader's own Limited action is another ability"
    );
    act(&g, &mut s, leader_action);
    assert_eq!(s.sides[Player::A].leader().damage, 3);
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::LeaderAction { .. })),
        "once per turn"
    );
    assert_eq!(s.actions, 2, "both Free");
}

#[test]
fn a_leaders_limited_spell_and_limited_action_are_each_used_once() {
    // rules/pixel-tactics.txt: "Limited Actions can only be used once per
    // turn"; docs/rulings/pixel-tactics.md, "Limited": a Limited Spell and
    // the Leader's Limited action can both be used in one turn. A Leader
    // power with both (made for this test: Wind Dancer's also casts a Free
    // limited Spell).
    let g = game_changed(
        "action = { cost = \"free\", limited = true, effects = [{ do = \"heal\", amount = 1, target = \"chosen_ally\" }] } }",
        "action = { cost = \"free\", limited = true, effects = [{ do = \"heal\", amount = 1, target = \"chosen_ally\" }] }, spell = { cost = \"free\", limited = true, effects = [{ do = \"heal\", amount = 1, target = \"own_leader\" }] } }",
    );
    let mut s = duel(&g, "Wind Dancer", "Tide Oracle");
    pass_until(&g, &mut s, Player::A, Row::Flank);
    *s.sides[Player::A].damage_mut(LEADER) = 5;
    let spell = Action::Spell {
        from: LEADER,
        target: Tgt::None,
    };
    assert!(legal(&g, &s).contains(&spell));
    act(&g, &mut s, spell);
    assert_eq!(s.sides[Player::A].leader().damage, 4);
    assert!(!legal(&g, &s).contains(&spell), "the Spell once");
    let leader_action = Action::LeaderAction {
        target: Tgt::Own(LEADER),
    };
    assert!(
        legal(&g, &s).contains(&leader_action),
        "the Limited action is another ability"
    );
    act(&g, &mut s, leader_action);
    assert_eq!(s.sides[Player::A].leader().damage, 3);
}

#[test]
fn ally_defeated_reactions_fire_for_each_fallen_hero() {
    // rules/pixel-tactics.txt: "Reactions": "whenever another condition is
    // met": Grave Tender's Leader power ("When one of your Heroes is
    // defeated, remove 2 damage from your Leader") fires once per Hero.
    let g = game();
    let mut s = duel(&g, "Grave Tender", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Quickblade");
    put(&g, &mut s, Player::A, 2, "Siege Ogre");
    *s.sides[Player::A].damage_mut(0) = 9;
    *s.sides[Player::A].damage_mut(2) = 9;
    *s.sides[Player::A].damage_mut(LEADER) = 6;
    act(&g, &mut s, Action::Pass);
    act(&g, &mut s, Action::Pass);
    assert_eq!(s.wave, Row::Flank);
    assert_eq!(s.sides[Player::A].unit()[0].occupant, Occupant::Corpse);
    assert_eq!(s.sides[Player::A].unit()[2].occupant, Occupant::Corpse);
    assert_eq!(
        s.sides[Player::A].leader().damage,
        6 - 2 - 2,
        "two Heroes fell"
    );
}

/// `s` with everything `observer` cannot see dealt out again by `rng`:
/// the rival's hand, deck and face-down pick mixed and redealt (same
/// sizes), the observer's own deck reordered.
fn hidden_redealt(s: &State, observer: Player, rng: &mut GameRng) -> State {
    let mut t = *s;
    crate::core::shuffle(rng, &mut t.sides[observer].deck);
    let foe = &mut t.sides[observer.opponent()];
    let mut pool: Vec<CardId> = foe.hand.iter().chain(&foe.deck).copied().collect();
    pool.extend(foe.pick);
    crate::core::shuffle(rng, &mut pool);
    let mut pool = pool.into_iter();
    let hand = foe.hand.len();
    foe.hand.clear();
    foe.hand.extend(pool.by_ref().take(hand));
    if foe.pick.is_some() {
        foe.pick = pool.next();
    }
    foe.deck.clear();
    foe.deck.extend(pool);
    t
}

#[test]
fn views_never_reveal_hidden_cards_over_random_states() {
    // Honesty, property-style: over many states of random matches (Leader
    // picks, turns, later games of a best-of-3), a state and the same
    // state with every card hidden from the observer redealt give the
    // observer the same view and the same information-set key; and the
    // view keeps everything the observer does see.
    let mut g = PixelTactics::bundled(0, 1);
    g.options.match_games = 3;
    let mut checked = 0;
    let mut picks = 0;
    for seed in 0..40u64 {
        let mut rng = rng_from_seed(seed);
        let mut s = g.new_state(&mut rng);
        let mut moves = Vec::new();
        for step in 0..400 {
            let Node::Decision(_) = g.to_move(&s) else {
                break;
            };
            if step % 3 == 0 || s.phase == Phase::PickLeader {
                for observer in [Player::A, Player::B] {
                    let y = hidden_redealt(&s, observer, &mut rng);
                    assert_eq!(
                        g.info_key(&s, observer),
                        g.info_key(&y, observer),
                        "seed {seed}"
                    );
                    let view = |x: &State| g.determinize(x, observer, &mut rng_from_seed(step));
                    let v = view(&s);
                    assert_eq!(v, view(&y), "seed {seed} step {step}");
                    // What the observer sees is kept.
                    let (me, foe) = (v.sides[observer], v.sides[observer.opponent()]);
                    assert_eq!(me.hand, s.sides[observer].hand);
                    assert_eq!(me.pick, s.sides[observer].pick);
                    for p in [Player::A, Player::B] {
                        let (a, b) = (v.sides[p], s.sides[p]);
                        assert_eq!(
                            (*a.unit(), a.discard, a.set_aside, a.trophies),
                            (*b.unit(), b.discard, b.set_aside, b.trophies)
                        );
                        assert_eq!(
                            (a.hand.len(), a.deck.len(), a.pick.is_some()),
                            (b.hand.len(), b.deck.len(), b.pick.is_some())
                        );
                    }
                    picks += usize::from(foe.pick.is_some());
                    g.check_invariants(&v).expect("a view is a legal state");
                    checked += 1;
                }
            }
            g.legal_actions(&s, &mut moves);
            let a = moves[crate::core::below(&mut rng, moves.len() as u32) as usize];
            g.apply(&mut s, a, &mut rng, &mut NoObserver);
        }
    }
    assert!(checked > 1000, "{checked} views checked");
    assert!(picks > 10, "{picks} views with a face-down rival pick");
}

#[test]
fn heroes_are_not_leaders_for_forerunner_and_supporter() {
    // rules/pixel-tactics.txt: "Important Note: Heroes are not Leaders!
    // Any effect that refers to Leaders or Heroes specifically does not
    // work on the other type"; "Other Terms & Effects": "Forerunner – The
    // Hero directly in front of this Hero", "Supporter – The Hero directly
    // behind this Hero".
    let g = game_without([
        "Ember Knight",
        "Quickblade",
        "Siege Ogre",
        "Sky Falcon",
        "Pike Warden",
    ]);
    let mut s = duel(&g, "Tide Oracle", "Iron Banner");
    pass_until(&g, &mut s, Player::A, Row::Rear);
    put(&g, &mut s, Player::A, 7, "Lantern Keeper");
    *s.sides[Player::A].damage_mut(LEADER) = 4;
    // Lantern Keeper's Rear Spell heals its Forerunner: the Leader stands
    // in front of it, so nothing is healed.
    act(
        &g,
        &mut s,
        Action::Spell {
            from: 7,
            target: Tgt::None,
        },
    );
    assert_eq!(
        s.sides[Player::A].leader().damage,
        4,
        "a Leader is no Forerunner"
    );
    // Moved to the Rear corner, its Forerunner is the Flank Hero.
    let mut t = duel(&g, "Tide Oracle", "Iron Banner");
    pass_until(&g, &mut t, Player::A, Row::Rear);
    put(&g, &mut t, Player::A, 6, "Lantern Keeper");
    put(&g, &mut t, Player::A, 3, "Shield Squire");
    *t.sides[Player::A].damage_mut(3) = 3;
    act(
        &g,
        &mut t,
        Action::Spell {
            from: 6,
            target: Tgt::None,
        },
    );
    assert_eq!(damage(&t, Player::A, 3), 1, "the Forerunner healed by 2");
    // Shield Squire's Flank Spell heals its Supporter (the Rear Hero).
    pass_until(&g, &mut t, Player::A, Row::Flank);
    *t.sides[Player::A].damage_mut(6) = 2;
    act(
        &g,
        &mut t,
        Action::Spell {
            from: 3,
            target: Tgt::None,
        },
    );
    assert_eq!(damage(&t, Player::A, 6), 0, "the Supporter healed");
}

#[test]
fn applied_damage_is_not_an_attack() {
    // rules/pixel-tactics.txt: "Other Terms & Effects": "Apply Damage –
    // Place damage markers on the target. This is not an Attack": armor
    // does not reduce it and "when attacked" reactions do not follow.
    let g = game();
    let mut s = duel(&g, "Ember Knight", "Stone Sentinel");
    pass_until(&g, &mut s, Player::A, Row::Flank);
    put(&g, &mut s, Player::A, 3, "Crystal Mage");
    act(
        &g,
        &mut s,
        Action::Spell {
            from: 3,
            target: Tgt::Rival(LEADER),
        },
    );
    assert_eq!(
        s.sides[Player::B].leader().damage,
        2,
        "armor 1 does not apply"
    );
    let mut t = duel(&g, "Ember Knight", "Thorn Warden");
    pass_until(&g, &mut t, Player::A, Row::Flank);
    put(&g, &mut t, Player::A, 3, "Crystal Mage");
    act(
        &g,
        &mut t,
        Action::Spell {
            from: 3,
            target: Tgt::Rival(LEADER),
        },
    );
    assert_eq!(t.sides[Player::B].leader().damage, 2);
    assert_eq!(damage(&t, Player::A, 3), 0, "no \"when attacked\" reaction");
    // An Attack on the same Leader is reduced by its armor.
    let mut u = duel(&g, "Ember Knight", "Stone Sentinel");
    pass_until(&g, &mut u, Player::A, Row::Flank);
    act(
        &g,
        &mut u,
        Action::Attack {
            from: LEADER,
            target: LEADER,
        },
    );
    assert_eq!(u.sides[Player::B].leader().damage, 3 - 1);
}

/// Every card name of `g`'s decks.
fn deck_names(g: &PixelTactics) -> Vec<String> {
    g.decks[Player::A]
        .card_list()
        .iter()
        .map(|&c| g.db.card(c).name.clone())
        .collect()
}

/// A Round 2 position where any ability has something to work on: seat
/// a's Leader `leader` (3 damage), `caster` (if any) in the right-hand
/// slot of `row` with 1 damage, a damaged ally in the other two slots of
/// that column, a Corpse in the Vanguard's left slot; seat b's Leader and
/// two Vanguard Heroes with 1 life left, and two cards in hand. Seat a
/// acts in the Wave of `row` with three actions. `keep` is left out of
/// play.
fn testbed(g: &PixelTactics, leader: &str, caster: Option<&str>, row: Row, keep: &str) -> State {
    let names = deck_names(g);
    let mut spare = names
        .iter()
        .filter(|n| n.as_str() != leader && Some(n.as_str()) != caster && n.as_str() != keep)
        .cloned();
    let rival_leader = spare.next().expect("a card");
    let mut s = duel(g, leader, &rival_leader);
    s.wave = row;
    s.actions = 3;
    *s.sides[Player::A].damage_mut(LEADER) = 3;
    let at = row as u8 * 3 + 2;
    if let Some(caster) = caster {
        put(g, &mut s, Player::A, at, caster);
        *s.sides[Player::A].damage_mut(at) = 1;
    }
    for slot in [2u8, 5, 8].into_iter().filter(|&x| x != at) {
        put(g, &mut s, Player::A, slot, &spare.next().expect("a card"));
        *s.sides[Player::A].damage_mut(slot) = 1;
    }
    put(g, &mut s, Player::A, 0, &spare.next().expect("a card"));
    corpse(&mut s, Player::A, 0);
    for slot in [0u8, 1] {
        let name = spare.next().expect("a card");
        put(g, &mut s, Player::B, slot, &name);
        let life = g.life(&s, Player::B, slot);
        *s.sides[Player::B].damage_mut(slot) = life - 1;
    }
    for _ in 0..2 {
        let name = spare.next().expect("a card");
        hand(g, &mut s, Player::B, &name);
    }
    g.check_invariants(&s).expect("a legal testbed");
    s
}

/// Whether `after` differs from `before` beyond paying `cost` actions
/// and (for an Order) the card leaving the hand.
fn did_something(before: &State, after: &State, cost: u8, order: bool) -> bool {
    let units = |x: &State| {
        [*x.sides[Player::A].unit(), *x.sides[Player::B].unit()]
            .map(|u| u.map(|v| (v.occupant, v.damage)))
    };
    units(before) != units(after)
        || after.sides[Player::A].hand.len() + usize::from(order)
            != before.sides[Player::A].hand.len()
        || after.sides[Player::B].hand.len() != before.sides[Player::B].hand.len()
        || after.actions + cost != before.actions
}

#[test]
fn every_spell_leader_action_and_order_of_the_pool_resolves() {
    // rules/pixel-tactics.txt: "Spells", "Leader-Specific Actions", "Play
    // an Order": every ability printed in decks/pixel-tactics/cards.toml
    // is offered in a position that suits it, and at least one of its
    // targets changes the game.
    let mut seen = 0;
    for g in [
        game(),
        game_without([
            "Ember Knight",
            "Quickblade",
            "Siege Ogre",
            "Sky Falcon",
            "Pike Warden",
        ]),
    ] {
        for name in deck_names(&g) {
            let card = g.db.card(id(&g, &name)).clone();
            let leader = if name == "Iron Banner" {
                "Tide Oracle"
            } else {
                "Iron Banner"
            };
            let mut cases: Vec<(State, &str)> = Vec::new();
            for row in Row::ALL {
                if card.power(row).spell.is_some() {
                    let s = testbed(&g, leader, Some(&name), row, &name);
                    cases.push((s, "spell"));
                }
            }
            if card.leader.action.is_some() {
                cases.push((testbed(&g, &name, None, Row::Vanguard, &name), "action"));
            }
            if card.order.is_some() {
                let mut s = testbed(&g, leader, None, Row::Vanguard, &name);
                hand(&g, &mut s, Player::A, &name);
                cases.push((s, "order"));
            }
            for (s, what) in cases {
                let mine: Vec<Action> = legal(&g, &s)
                    .into_iter()
                    .filter(|a| match (a, what) {
                        (Action::Spell { from, .. }, "spell") => {
                            s.sides[Player::A].unit()[*from as usize].card == id(&g, &name)
                        }
                        (Action::LeaderAction { .. }, "action") => true,
                        (Action::Order { card, .. }, "order") => *card == id(&g, &name),
                        _ => false,
                    })
                    .collect();
                assert!(!mine.is_empty(), "{name}: its {what} is not offered");
                let works = mine.iter().any(|&a| {
                    let mut t = s;
                    let cost = g.cost(&s, a);
                    act(&g, &mut t, a);
                    did_something(&s, &t, cost, what == "order")
                });
                assert!(works, "{name}: its {what} changes nothing ({mine:?})");
                seen += 1;
            }
        }
    }
    assert!(seen >= 60, "{seen} abilities");
}

#[test]
fn malformed_card_files_are_refused_with_path_and_line() {
    // The loader never panics: every broken card is refused with
    // `path:line: card "Name": …` (or the TOML error's own line).
    let head = "[[card]]\nname = \"A\"\nleader = { attack = 1, life = 10 }\nhero = { attack = 1, life = 2 }\n";
    let cases = [
        (
            "rear = { spell = { effects = [{ do = \"defeat\", target = \"this\" }] } }",
            1,
            "Defeat cannot apply",
        ),
        (
            "rear = { spell = { effects = [] } }",
            1,
            "at least one effect",
        ),
        (
            "flank = { reaction = { on = \"whenever\", effects = [{ do = \"heal\" }] } }",
            5,
            "unknown variant",
        ),
        ("flank = { attack = -200 }", 5, "i8"),
        (
            "order = { effects = [{ do = \"damage\", amount = 200, target = \"all_enemies\" }] }",
            1,
            "amount expects",
        ),
        (
            "order = { cost = \"free\", effects = [{ do = \"draw\" }] }",
            1,
            "not free",
        ),
        (
            "order = { effects = [{ do = \"heal\", target = \"this\" }] }",
            1,
            "no Hero of its own",
        ),
        (
            "rear = { spell = { effects = [{ do = \"damage\", target = \"chosen_enemy\" }, { do = \"heal\", target = \"chosen_ally\" }] } }",
            1,
            "same kind",
        ),
        (
            "vanguard = { reaction = { on = \"wave_end\", effects = [{ do = \"damage\", target = \"attacker\" }] } }",
            1,
            "needs on = \"attacked\"",
        ),
        (
            "vanguard = { reaction = { on = \"attacked\", effects = [{ do = \"revive\", target = \"chosen_own_corpse\" }] } }",
            1,
            "cannot choose",
        ),
        (
            "leader_power = { action = { cost = \"free\", effects = [{ do = \"draw\" }] } }",
            1,
            "must be limited",
        ),
        (
            "leader_power = { attack_cost = \"free\" }",
            1,
            "cannot be free",
        ),
        ("rear = { keywords = [\"Flying\"] }", 1, "unknown keyword"),
        (
            "leader_power = { keywords = [\"Ranged\", \"Intercept\"] }",
            1,
            "card \"A\": leader_power: keyword Intercept is for Heroes, not the Leader; \
             expected keywords = [\"Ranged\"] or none, or aura = { keywords = [\"Intercept\"] }",
        ),
        ("rear = { colour = 3 }", 5, "unknown field"),
        (
            "[[card]]\nname = \"A\"\nleader = { attack = 1, life = 10 }\nhero = { attack = 1, life = 2 }",
            5,
            "defined twice",
        ),
        (
            "[[card]]\nname = \" \"\nleader = { attack = 1, life = 10 }\nhero = { attack = 1, life = 2 }",
            5,
            "non-empty name",
        ),
        (
            "[[card]]\nname = \"B\"\nhero = { attack = 1, life = 2 }",
            5,
            "missing field `leader`",
        ),
    ];
    for (tail, line, what) in cases {
        let text = format!("{head}{tail}\n");
        let e = CardDb::parse(&text, "c.toml").expect_err(tail).to_string();
        assert!(e.starts_with(&format!("c.toml:{line}:")), "{tail}: {e}");
        assert!(e.contains(what), "{tail}: {e}");
    }
    for text in ["", "garbage", "[card]\nname = \"x\"\n", "\u{0}"] {
        let e = CardDb::parse(text, "c.toml").expect_err(text).to_string();
        assert!(e.starts_with("c.toml"), "{e}");
    }
}

#[test]
fn reactions_to_a_defeat_wait_for_the_whole_ability() {
    // rules/pixel-tactics.txt: "Reactions": "These effects always happen
    // after the triggering condition is completely resolved": an Order
    // that defeats a Hero and then damages the Leader resolves entirely
    // before the rival's Grave Tender Leader heals 2 for its fallen Hero.
    let extra = "\n[[card]]\nname = \"Test Purge\"\nleader = { attack = 1, life = 20 }\nhero = { attack = 1, life = 3 }\norder = { text = \"Defeat a rival Hero with 4 life or less left; deal 3 damage to the rival Leader.\", effects = [{ do = \"defeat\", amount = 4, target = \"chosen_enemy_hero\" }, { do = \"damage\", amount = 3, target = \"rival_leader\" }] }\n";
    let db = Arc::new(
        CardDb::parse(
            &format!("{}{extra}", super::cards::BUNDLED_CARDS),
            "cards.toml",
        )
        .expect("valid"),
    );
    let deck = Deck {
        name: "test".into(),
        cards: db
            .cards()
            .filter(|(_, c)| !UNUSED.contains(&c.name.as_str()) && c.name != "Pike Warden")
            .map(|(c, _)| (c, 1))
            .collect(),
    };
    let g = PixelTactics::new(db, [deck.clone(), deck], Options::default());
    let mut s = duel(&g, "Ember Knight", "Grave Tender");
    put(&g, &mut s, Player::B, 0, "Quickblade");
    hand(&g, &mut s, Player::A, "Test Purge");
    act(
        &g,
        &mut s,
        Action::Order {
            card: id(&g, "Test Purge"),
            target: Tgt::Rival(0),
        },
    );
    assert_eq!(s.sides[Player::B].unit()[0].occupant, Occupant::Corpse);
    assert_eq!(
        s.sides[Player::B].leader().damage,
        3 - 2,
        "damaged by the Order, then healed by the reaction"
    );
}

#[test]
fn the_ceasefire_allows_leader_actions_that_leave_the_rival_alone() {
    // Ruling "Ceasefire": the book forbids Attacks, Spells, Orders and
    // interference with the rival; a Leader action on one's own Unit is
    // none of these.
    let g = game();
    let mut s = duel(&g, "Tide Oracle", "Whisper Thief");
    s.round = 1;
    *s.sides[Player::A].damage_mut(LEADER) = 3;
    let heal = Action::LeaderAction {
        target: Tgt::Own(LEADER),
    };
    assert!(legal(&g, &s).contains(&heal));
    act(&g, &mut s, heal);
    assert_eq!(s.sides[Player::A].leader().damage, 1);
    // Seat b's Leader action (the rival discards) waits for round 2.
    act(&g, &mut s, Action::Pass);
    assert_eq!(s.active, Player::B);
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::LeaderAction { .. }))
    );
}

#[test]
fn a_leader_casts_its_spell_in_the_flank_wave() {
    // rules/pixel-tactics.txt: "ACTIONS", "Cast a Spell with a
    // Hero/Leader*": "Some Heroes and Leaders have Spells"; the Leader acts
    // in the Flank Wave ("Attack with a Hero/Leader": "or the Leader, if
    // this is the Flank Wave"), and the same Leader cannot also Attack.
    let g = game_changed(
        r#"leader_power = { text = "+1 attack per Corpse in your Unit.", attack_per_corpse = 1 }"#,
        r#"leader_power = { text = "Spell: deal 3 damage to a rival Hero or Leader.", spell = { effects = [{ do = "damage", amount = 3, target = "chosen_enemy" }] } }"#,
    );
    let mut s = duel(&g, "Bone Reaper", "Tide Oracle");
    let spell = Action::Spell {
        from: LEADER,
        target: Tgt::Rival(LEADER),
    };
    assert!(!legal(&g, &s).contains(&spell), "not in the Vanguard Wave");
    pass_until(&g, &mut s, Player::A, Row::Flank);
    assert!(legal(&g, &s).contains(&spell));
    let events = act(&g, &mut s, spell);
    assert_eq!(damage(&s, Player::B, LEADER), 3);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::Spell {
            from: LEADER,
            target: Tgt::Rival(LEADER),
            ..
        }
    )));
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Attack { from: LEADER, .. })),
        "a Leader that cast its Spell does not Attack this turn"
    );
}

#[test]
fn damage_from_ally_defeated_reactions_is_checked_the_same_wave() {
    // rules/pixel-tactics.txt: "At the end of each Wave, casualties are
    // checked. Any Hero with damage equal to or exceeding its life is
    // considered defeated"; "Reactions … always happen after the
    // triggering condition is completely resolved". A Hero given lethal
    // damage by an `ally_defeated` reaction at the end of a Wave falls at
    // the end of that Wave (docs/rulings/pixel-tactics.md, "End of a Wave").
    let g = game_changed(
        r#"on = "ally_defeated", effects = [{ do = "damage", amount = 1, target = "rival_leader" }]"#,
        r#"on = "ally_defeated", effects = [{ do = "damage", amount = 1, target = "all_enemies" }]"#,
    );
    let mut s = duel(&g, "Ember Knight", "Tide Oracle");
    put(&g, &mut s, Player::A, 0, "Quickblade");
    put(&g, &mut s, Player::A, 1, "Grave Tender");
    put(&g, &mut s, Player::B, 1, "Siege Ogre");
    *s.sides[Player::A].damage_mut(0) = 9;
    let ogre_life = g.life(&s, Player::B, 1);
    *s.sides[Player::B].damage_mut(1) = ogre_life - 1;
    act(&g, &mut s, Action::Pass);
    act(&g, &mut s, Action::Pass);
    assert_eq!(s.wave, Row::Flank);
    assert_eq!(s.sides[Player::A].unit()[0].occupant, Occupant::Corpse);
    assert_eq!(
        s.sides[Player::B].unit()[1].occupant,
        Occupant::Corpse,
        "the reaction's damage is lethal, checked before the Wave ends"
    );
}

#[test]
fn slot_masks_list_their_slots_in_slot_order() {
    // Bots pick a legal action by its index, so the order in which the
    // generator walks a mask of slots is part of every game.
    use super::queries::slots;
    assert_eq!(slots(0b1_0010_0101).collect::<Vec<_>>(), [0, 2, 5, 8]);
    assert_eq!(slots(0).count(), 0);
}

#[test]
fn prize_pace_dates_a_rout_to_the_turn_of_its_wave() {
    // rules/pixel-tactics.txt, "Rout": the game ends at the end of a Wave,
    // both seats having just played their turn T; docs/rulings/
    // pixel-tactics.md, "Reports": the trophy counts "from the turn a seat
    // wins it". Through the recorder of a real game (`play_game`), the win
    // and its trophy land in `prize_pace.csv` at turn T, not T+1.
    use crate::bots::{Bot, FeatureSet, Strategy};
    use crate::sim::play_game;
    use crate::stats::PrizePace;
    let game = PixelTactics::bundled(0, 1);
    let strategy = Strategy::resolve("greedy", FeatureSet::of(&game)).expect("greedy");
    let mut bots: Vec<Bot<PixelTactics>> = (0..2).map(|_| Bot::new(&game, &strategy)).collect();
    let mut routs = 0;
    for index in 0..10 {
        let g = play_game(&game, &mut bots, 11, index, true, 1_000_000);
        let Some(w) = g.outcome.winner() else {
            continue;
        };
        let turns_of = |p: Player| {
            g.log
                .iter()
                .filter(|l| l["event"] == "turn_start" && l["player"] == p.to_string())
                .count()
        };
        let t = turns_of(w);
        assert_eq!(turns_of(w.opponent()), t, "a Wave gives both seats turn T");
        let seat = &g.record.seats[w.index()];
        assert_eq!(
            seat.win_turn() as usize,
            t,
            "game {index}: the win at turn T"
        );
        let mut pace = PrizePace::default();
        pace.add(seat, true);
        let rows = pace.rows();
        assert_eq!(rows.len(), t, "no row past turn T");
        assert_eq!(rows[t - 1].share_won_by_turn, 1.0, "won by turn T");
        assert_eq!(rows[t - 1].mean_score, 1.0, "the trophy by turn T");
        if t > 1 {
            assert_eq!(rows[t - 2].share_won_by_turn, 0.0, "not won before turn T");
        }
        routs += 1;
    }
    assert!(routs > 0, "some game was routed");
}
