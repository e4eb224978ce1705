//! Rule tests for the Nintendo TCG. Each cites the rulebook paragraph it
//! checks (`rules/nintendo-tcg.txt: "Section"`) or the ruling of
//! docs/rulings/nintendo-tcg.md it pins down.

use std::sync::Arc;

use super::action::{Action, At};
use super::cards::{CardDb, CardId, Trigger};
use super::deck::Deck;
use super::events::{Event, EventKind};
use super::state::*;
use super::{NintendoTcg, Options};
use crate::core::{Game, GameRng, Metric, Node, Player, conformance, rng_from_seed};
use crate::core::{Invariants, Report};
use crate::games::Ruleset;

#[test]
fn random_games_pass_the_conformance_checks() {
    // 2 × 500 = 1,000 seeded random games in release, every check after
    // every action.
    let games = if cfg!(debug_assertions) { 40 } else { 500 };
    for (a, b) in [(0, 1), (1, 0)] {
        let game = NintendoTcg::bundled(a, b);
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
    assert!(std::mem::size_of::<Action>() <= 8);
    assert!(std::mem::size_of::<Char>() <= 20);
}

// ---------------------------------------------------------------------------
// Helpers: both seats play a deck of 40 cards of the pool (and its whole
// extra deck), so almost every card is at hand; positions are built by
// moving cards between zones (conserving them, so the invariants still
// hold).

/// The cards of the pool the rule tests leave out of their deck.
const UNUSED: [&str; 4] = ["Kindle Imp", "Reef Lancer", "Squall Piper", "Snare Net"];

fn game() -> NintendoTcg {
    game_on(NintendoTcg::bundled_cards())
}

/// The bundled pool with `from` replaced by `to` in its card file.
fn edited_pool(from: &str, to: &str) -> CardDb {
    let text = super::cards::BUNDLED_CARDS;
    assert!(text.contains(from), "{from} is not in the pool");
    CardDb::parse(&text.replacen(from, to, 1), "edited.toml").expect("the edited pool loads")
}

/// The rule tests' decks on pool `db`.
fn game_on(db: CardDb) -> NintendoTcg {
    let db = Arc::new(db);
    let all = Deck {
        name: "all".into(),
        cards: db
            .cards()
            .filter(|(_, c)| !UNUSED.contains(&c.name.as_str()))
            .map(|(c, card)| {
                let n = match card.name.as_str() {
                    "Ashen Lieutenant" | "Cinder Token" | "Bubble Token" => 2,
                    _ => 1,
                };
                (c, n)
            })
            .collect(),
    };
    NintendoTcg::new_match(db, vec![all.clone(), all], Options::default())
}

fn id(g: &NintendoTcg, name: &str) -> CardId {
    g.db.id(name).unwrap_or_else(|| panic!("no card {name}"))
}

fn rng() -> GameRng {
    rng_from_seed(7)
}

/// Turn 2, seat a to act in its Main phase, 20 hand power each, every
/// card in the decks and extra decks.
fn fresh(g: &NintendoTcg) -> State {
    let mut s = g.new_state(&mut rng());
    assert_eq!(
        s.sides[Player::A].deck.len(),
        DECK_SIZE,
        "the test deck fits"
    );
    s.phase = Phase::Main;
    s.turns = 2;
    for p in Player::all(2) {
        s.sides[p].power = 20;
    }
    s
}

/// Takes `card` out of `p`'s deck or extra deck.
fn take(s: &mut State, p: Player, card: CardId) {
    let side = &mut s.sides[p];
    for zone in [&mut side.deck, &mut side.hand] {
        if let Some(i) = zone.iter().position(|&c| c == card) {
            zone.remove(i);
            return;
        }
    }
    if let Some(i) = side.extra.iter().position(|&c| c == card) {
        side.extra.remove(i);
        return;
    }
    panic!("card {card:?} not found for seat {p}");
}

/// Puts `name` into play for `p`; returns its board id. A Token's card
/// stays in the extra deck (its reference).
fn put(g: &NintendoTcg, s: &mut State, p: Player, name: &str) -> u8 {
    let card = id(g, name);
    if g.db.card(card).kind != super::cards::Kind::Token {
        take(s, p, card);
    }
    g.enter(s, p, card, false, &mut crate::core::NoObserver)
}

/// Puts `name` into `p`'s hand.
fn hand(g: &NintendoTcg, s: &mut State, p: Player, name: &str) -> CardId {
    let card = id(g, name);
    take(s, p, card);
    s.sides[p].hand.push(card);
    card
}

fn legal(g: &NintendoTcg, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

/// Plays a legal action (panics on an illegal one), checks invariants,
/// returns its events.
fn act(g: &NintendoTcg, s: &mut State, a: Action) -> Vec<Event> {
    let mut events = Vec::new();
    {
        let mut obs = |e: &Event| events.push(*e);
        if let Err(e) = g.apply_checked(s, a, &mut rng(), &mut obs) {
            panic!("{e}; legal: {:?}", legal(g, s));
        }
    }
    g.check_invariants(s).unwrap_or_else(|m| panic!("{m}"));
    events
}

/// Lets every window pass and every attacker pass until `p` must act in
/// a Main phase.
fn settle(g: &NintendoTcg, s: &mut State, p: Player) {
    for _ in 0..200 {
        if s.outcome.is_some() || (s.phase == Phase::Main && s.decider == p) {
            return;
        }
        let a = match s.phase {
            Phase::Window(_) => Action::Decline,
            Phase::Reply(_) => Action::NoReply,
            Phase::Battle => pass_first(g, s),
            _ => Action::EndTurn,
        };
        act(g, s, a);
    }
    panic!("never settled");
}

/// Battle: the Characters whose turn it is to attack, by board id.
fn attackers(g: &NintendoTcg, s: &State) -> Vec<u8> {
    g.attackers(s).map(|c| c.uid).collect()
}

/// Battle: the first of the Characters whose turn it is to attack passes.
fn pass_first(g: &NintendoTcg, s: &State) -> Action {
    Action::AttackPass {
        uid: attackers(g, s)[0],
    }
}

/// Whether some legal action uses an effect of the Character `uid`.
fn can_use(g: &NintendoTcg, s: &State, uid: u8) -> bool {
    legal(g, s)
        .iter()
        .any(|a| matches!(a, Action::Use { uid: u, .. } if *u == uid))
}

fn char_of(s: &State, p: Player, uid: u8) -> Char {
    *s.sides[p].char(uid).expect("in play")
}

/// The board id of `p`'s Character of card `card` in play.
fn uid_of(s: &State, p: Player, card: CardId) -> u8 {
    s.sides[p]
        .board
        .iter()
        .find(|c| c.card == card)
        .expect("the card is in play")
        .uid
}

/// An answer from hand with `card`, aimed at the rival's Character `uid`.
fn answer_at(card: CardId, uid: u8) -> Action {
    Action::Answer {
        card,
        uid: None,
        ability: 0,
        target: Tgt::Foe(uid),
    }
}

fn play(card: CardId, target: Tgt) -> Action {
    Action::Play {
        card,
        at: At::Main,
        target,
    }
}

fn has_kind(events: &[Event], pred: impl Fn(&EventKind) -> bool) -> bool {
    events.iter().any(|e| pred(&e.kind))
}

// ---------------------------------------------------------------------------
// 2 – Where to start

#[test]
fn setup_picks_commanders_face_down_then_deals_five_and_flips_a_coin() {
    // rules/nintendo-tcg.txt: "2 – Where to start", "you choose 1
    // commander in your deck and lay them face down … each player draws 5
    // cards … flips a coin"; "13": "They must take into concept of the 5
    // hand power"; "Luigi and Mario increase their hand power by 2 at the
    // start of every turn, with both now being at 2".
    let g = NintendoTcg::bundled(0, 1);
    let mut firsts = [0; 2];
    for seed in 0..20 {
        let mut s = g.new_state(&mut rng_from_seed(seed));
        assert_eq!(g.to_move(&s), Node::Decision(Player::A));
        let picks = legal(&g, &s);
        let names: Vec<&str> = picks
            .iter()
            .map(|a| match a {
                Action::Pick(c) => g.db.card(*c).name.as_str(),
                _ => panic!("{a:?}"),
            })
            .collect();
        assert_eq!(
            names,
            ["Blaze Marshal", "Cinder Warlord", "Ashen Lieutenant"]
        );
        let mut r = rng_from_seed(seed);
        g.apply(
            &mut s,
            Action::Pick(id(&g, "Blaze Marshal")),
            &mut r,
            &mut crate::core::NoObserver,
        );
        assert_eq!(s.sides[Player::A].pick, Some(id(&g, "Blaze Marshal")));
        assert!(
            s.sides[Player::A].hand.is_empty(),
            "no card before both picks"
        );
        assert_eq!(g.to_move(&s), Node::Decision(Player::B));
        g.apply(
            &mut s,
            Action::Pick(id(&g, "Tide Regent")),
            &mut r,
            &mut crate::core::NoObserver,
        );
        firsts[s.active.index()] += 1;
        let first = s.active;
        assert_eq!(
            s.sides[first].hand.len(),
            OPENING_HAND + 1,
            "the first player draws too"
        );
        assert_eq!(s.sides[first.opponent()].hand.len(), OPENING_HAND);
        for p in Player::all(2) {
            assert_eq!(
                s.sides[p].board.len() as u8,
                1 + u8::from(p == Player::B),
                "Tide Regent's token"
            );
            assert_eq!(s.sides[p].power, 2, "5 paid for the Commander, +2");
            assert_eq!(s.sides[p].pick, None);
        }
        g.check_invariants(&s).unwrap();
    }
    assert!(firsts[0] > 3 && firsts[1] > 3, "a fair coin: {firsts:?}");
}

#[test]
fn an_unaffordable_starting_commander_is_shuffled_in() {
    // rules/nintendo-tcg.txt: "4 – Character's", "you must still pay hand
    // cost for your starting commander, if you can't when the game
    // starts, the commander is shuffled in and you start with none".
    let mut db = NintendoTcg::bundled_cards();
    db.apply_override("Tide Regent.cost=7").unwrap();
    let g = NintendoTcg::bundled_on(db, 0, 1);
    let mut s = g.new_state(&mut rng());
    act(&g, &mut s, Action::Pick(id(&g, "Blaze Marshal")));
    act(&g, &mut s, Action::Pick(id(&g, "Tide Regent")));
    assert!(s.sides[Player::B].board.is_empty());
    assert_eq!(s.sides[Player::B].power, 7, "nothing paid: 5 + 2");
    let regents = s.sides[Player::B]
        .deck
        .iter()
        .chain(&s.sides[Player::B].hand)
        .filter(|&&c| c == id(&g, "Tide Regent"))
        .count();
    assert_eq!(regents, 3);
}

#[test]
fn deck_lists_are_checked_with_lines() {
    // rules/nintendo-tcg.txt: "2 – Where to start", "40 card decks … max
    // of 3 multiples per card … The only 1 card that is required in a
    // deck is a Commander".
    let db = NintendoTcg::bundled_cards();
    let err = Deck::parse("4 Spark Imp\n1 Spark Imq\n", "x.deck", &db).unwrap_err();
    let text: Vec<String> = err.iter().map(|d| d.to_string()).collect();
    assert!(
        text.iter().any(|t| t.starts_with("x.deck:1: 4 copies")),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|t| t
                .contains("x.deck:2: unknown card \"Spark Imq\" (did you mean \"Spark Imp\"?)")),
        "{text:?}"
    );
    assert!(text.iter().any(|t| t.contains("exactly 40")), "{text:?}");
    assert!(
        text.iter().any(|t| t.contains("at least one Commander")),
        "{text:?}"
    );
    // Tokens and Required cards do not count toward the 40 nor the 3.
    let (_, tide) = super::BUNDLED_DECKS[1];
    let more = format!("{tide}\n4 Cinder Token\n");
    let deck = Deck::parse(&more, "t.deck", &db).expect("legal");
    assert_eq!(deck.card_list().len(), 48);
}

#[test]
fn a_misspelled_card_still_counts_and_problems_come_in_line_order() {
    // rules/nintendo-tcg.txt: "2 – Where to start", "40 card decks … max
    // of 3 multiples per card".
    let db = NintendoTcg::bundled_cards();
    let (_, blaze) = super::BUNDLED_DECKS[0];
    let text = blaze
        .replace("3 Fireball", "3 Firebal")
        .replace("2 Blaze Marshal", "4 Blaze Marshal");
    let err = Deck::parse(&text, "b.deck", &db).unwrap_err();
    let text: Vec<String> = err.iter().map(|d| d.to_string()).collect();
    assert_eq!(text.len(), 3, "{text:?}");
    assert!(
        text[0].starts_with("b.deck:3: 4 copies of \"Blaze Marshal\""),
        "{text:?}"
    );
    assert!(text[1].contains("unknown card \"Firebal\""), "{text:?}");
    assert!(text[2].contains("the deck has 42 cards"), "{text:?}");
}

// ---------------------------------------------------------------------------
// 4 – Character's

#[test]
fn one_commander_at_a_time_except_generals_to_it() {
    // rules/nintendo-tcg.txt: "4 – Character's", "You can only have 1
    // Commander out on your side at a time"; "+General to+ … can be played
    // or stay out if the name of the character they are a general to …
    // is out".
    let g = game();
    let mut s = fresh(&g);
    put(&g, &mut s, Player::A, "Cinder Warlord");
    let blaze = hand(&g, &mut s, Player::A, "Blaze Marshal");
    let ashen = hand(&g, &mut s, Player::A, "Ashen Lieutenant");
    let moves = legal(&g, &s);
    let plays = |c: CardId| {
        moves
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == c))
    };
    assert!(!plays(blaze), "a second Commander");
    assert!(plays(ashen), "a General to the Commander out");
    // Two Generals stay while their Commander does; when it leaves, the
    // rule is broken and a General goes.
    let mut s = fresh(&g);
    let warlord = put(&g, &mut s, Player::A, "Cinder Warlord");
    put(&g, &mut s, Player::A, "Ashen Lieutenant");
    put(&g, &mut s, Player::A, "Ashen Lieutenant");
    g.check_invariants(&s).unwrap();
    g.leave_play(
        &mut s,
        Player::A,
        warlord,
        super::effects::Dest::Discard,
        &mut crate::core::NoObserver,
    );
    assert_eq!(s.sides[Player::A].board.len(), 1);
    assert_eq!(s.sides[Player::A].discard.len(), 2);
}

#[test]
fn a_general_out_first_stays_out_when_its_commander_is_played() {
    // Ruling on rules/nintendo-tcg.txt: "4 – Character's", "+General to+
    // … These type of commader's can be played or stay out if the name of
    // the character they are a general to … is played or is out before
    // hand": read as "played while its Commander is out before hand, or
    // stays out when its Commander is played". A General out alone is the
    // one Commander; its own Commander may still be played, and the
    // General stays; another Commander may not.
    let g = game();
    let mut s = fresh(&g);
    let a = Player::A;
    let ashen = put(&g, &mut s, a, "Ashen Lieutenant");
    let warlord = hand(&g, &mut s, a, "Cinder Warlord");
    let blaze = hand(&g, &mut s, a, "Blaze Marshal");
    let plays = |s: &State, c: CardId| {
        legal(&g, s)
            .iter()
            .any(|x| matches!(x, Action::Play { card, .. } if *card == c))
    };
    assert!(plays(&s, warlord), "its Commander");
    assert!(!plays(&s, blaze), "another Commander");
    act(&g, &mut s, play(warlord, Tgt::None));
    settle(&g, &mut s, a);
    assert!(s.sides[a].char(ashen).is_some(), "the General stays out");
    assert_eq!(g.commanders(&s, a, None), 1);
}

#[test]
fn hand_cost_is_paid_from_hand_power_and_effects_play_for_free() {
    // rules/nintendo-tcg.txt: "4 – Character's", "you must pay the hand
    // cost number from your total hand power. If you play a card by
    // another method (effect, etc.) you only have to pay if it say's".
    let g = game();
    let mut s = fresh(&g);
    s.sides[Player::A].power = 3;
    let hound = hand(&g, &mut s, Player::A, "Magma Hound");
    let brute = hand(&g, &mut s, Player::A, "Rubble Brute");
    let moves = legal(&g, &s);
    assert!(
        !moves
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == hound))
    );
    let events = act(&g, &mut s, play(brute, Tgt::None));
    assert_eq!(s.sides[Player::A].power, 0);
    assert!(has_kind(&events, |k| matches!(
        k,
        EventKind::Play { cost: 3, .. }
    )));
    // Cinder Warlord's Timed summon plays an Imp without paying.
    let mut s = fresh(&g);
    put(&g, &mut s, Player::B, "Cinder Warlord");
    let imp = hand(&g, &mut s, Player::A, "Spark Imp");
    act(&g, &mut s, play(imp, Tgt::None));
    assert_eq!(s.phase, Phase::Window(Trigger::CharacterPlayed));
    let warlord = s.sides[Player::B].board[0].uid;
    let before = s.sides[Player::B].power;
    act(
        &g,
        &mut s,
        Action::Answer {
            card: id(&g, "Cinder Warlord"),
            uid: Some(warlord),
            ability: 0,
            target: Tgt::None,
        },
    );
    act(&g, &mut s, Action::NoReply);
    assert_eq!(s.phase, Phase::Search);
    act(&g, &mut s, Action::Search(Some(imp)));
    assert_eq!(s.sides[Player::B].board.len(), 2, "an Imp summoned");
    assert_eq!(s.sides[Player::B].power, before);
}

#[test]
fn damage_by_effect_goes_to_hp_and_zero_hp_destroys() {
    // rules/nintendo-tcg.txt: "4 – Character's", "When a character takes
    // Damage by effect, it goes straight to the character's HP. If a
    // character's HP hits zero, they are destroyed and sent to the
    // discard pile."
    let g = game();
    let mut s = fresh(&g);
    let brute = put(&g, &mut s, Player::B, "Rubble Brute"); // DP 3, HP 4
    let ball = hand(&g, &mut s, Player::A, "Fireball");
    act(&g, &mut s, play(ball, Tgt::Foe(brute)));
    act(&g, &mut s, Action::Decline);
    assert_eq!(
        char_of(&s, Player::B, brute).damage,
        3,
        "DP does not shield effects"
    );
    let scout = put(&g, &mut s, Player::A, "Emberling Scout");
    act(
        &g,
        &mut s,
        Action::Use {
            uid: scout,
            ability: 0,
            target: Tgt::Foe(brute),
        },
    );
    assert!(s.sides[Player::B].board.is_empty());
    assert_eq!(s.sides[Player::B].discard[..], [id(&g, "Rubble Brute")]);
}

#[test]
fn normal_effects_once_per_turn_untapped_attack_effects_tap() {
    // rules/nintendo-tcg.txt: "4 – Character's", "*Normal*- … can be used
    // once per your turn, unless that character is Tapped"; "*Attack* -
    // … counts as an attack so the character is tapped afterwards".
    let g = game();
    let mut s = fresh(&g);
    let scout = put(&g, &mut s, Player::A, "Emberling Scout");
    let brute = put(&g, &mut s, Player::A, "Rubble Brute");
    let foe = put(&g, &mut s, Player::B, "Deep Leviathan");
    act(
        &g,
        &mut s,
        Action::Use {
            uid: scout,
            ability: 0,
            target: Tgt::Foe(foe),
        },
    );
    assert!(!can_use(&g, &s, scout));
    act(
        &g,
        &mut s,
        Action::Use {
            uid: brute,
            ability: 0,
            target: Tgt::Foe(foe),
        },
    );
    assert!(char_of(&s, Player::A, brute).has(flag::TAPPED));
    assert_eq!(char_of(&s, Player::B, foe).dp, -2, "a permanent reduction");
    // Next own turn: usable again.
    settle(&g, &mut s, Player::B);
    settle(&g, &mut s, Player::A);
    assert!(can_use(&g, &s, scout));
    // A tapped Character cannot use a normal effect.
    s.sides[Player::A].char_mut(scout).unwrap().flags |= flag::TAPPED;
    assert!(!can_use(&g, &s, scout));
}

#[test]
fn instants_are_optional_and_only_on_play() {
    // rules/nintendo-tcg.txt: "4 – Character's", "<Instant>- These effects
    // activate right when the character is played and cannot be activated
    // at any other time. You do not have to activate the effect".
    let g = game();
    for (target, tokens) in [(Tgt::Skip, 0), (Tgt::None, 1)] {
        let mut s = fresh(&g);
        let regent = hand(&g, &mut s, Player::A, "Tide Regent");
        assert!(legal(&g, &s).contains(&play(regent, Tgt::Skip)));
        act(&g, &mut s, play(regent, target));
        settle(&g, &mut s, Player::A);
        assert_eq!(s.sides[Player::A].board.len(), 1 + tokens);
        assert!(
            !legal(&g, &s)
                .iter()
                .any(|a| matches!(a, Action::Use { ability: 0, .. })),
            "not later"
        );
    }
}

#[test]
fn constant_effects_are_always_on() {
    // rules/nintendo-tcg.txt: "4 – Character's", "{Constant}- This effect
    // is always on"; "10": Heatran's constant effect does 2 damage after
    // its attack.
    let g = game();
    let mut s = fresh(&g);
    let sentinel = put(&g, &mut s, Player::A, "Bramble Sentinel");
    let imp = put(&g, &mut s, Player::A, "Spark Imp");
    assert_eq!(
        g.stats(&s, Player::A, &char_of(&s, Player::A, imp)).dp,
        1,
        "+1 DP from the Sentinel"
    );
    assert_eq!(
        g.stats(&s, Player::A, &char_of(&s, Player::A, sentinel)).dp,
        4,
        "not itself"
    );
    let mut s = fresh(&g);
    let hound = put(&g, &mut s, Player::A, "Magma Hound"); // AP 3
    let lev = put(&g, &mut s, Player::B, "Deep Leviathan"); // DP 3, HP 8
    s.sides[Player::B].char_mut(lev).unwrap().flags |= flag::TAPPED;
    act(&g, &mut s, Action::EndTurn);
    settle_battle_to(&g, &mut s, hound);
    let events = act(
        &g,
        &mut s,
        Action::Attack {
            uid: hound,
            target: Tgt::Foe(lev),
        },
    );
    assert!(has_kind(&events, |k| matches!(
        k,
        EventKind::Attack {
            absorbed: 3,
            damage: 0,
            ..
        }
    )));
    assert_eq!(
        char_of(&s, Player::B, lev).damage,
        2,
        "DP absorbs the attack; 2 by effect"
    );
}

/// Passes windows and other attackers until `uid` may attack.
fn settle_battle_to(g: &NintendoTcg, s: &mut State, uid: u8) {
    for _ in 0..50 {
        match s.phase {
            Phase::Battle if attackers(g, s).contains(&uid) => return,
            Phase::Window(_) => act(g, s, Action::Decline),
            Phase::Battle => {
                let pass = pass_first(g, s);
                act(g, s, pass)
            }
            p => panic!("{p:?}"),
        };
    }
    panic!("attacker never came");
}

#[test]
fn subtypes_are_searched_exactly_or_listed_anywhere() {
    // rules/nintendo-tcg.txt: "4 – Character's" ("Sub-Type's"): "search
    // … a card with the sub-type of pirate" vs "LISTED ANYWHERE on the
    // card … like - Space Pirate or Land Pirate".
    let g = game();
    let mut s = fresh(&g);
    let call = hand(&g, &mut s, Player::A, "Pirate Call");
    act(&g, &mut s, play(call, Tgt::None));
    act(&g, &mut s, Action::Decline);
    let found: Vec<&str> = legal(&g, &s)
        .iter()
        .map(|a| match a {
            Action::Search(Some(c)) => g.db.card(*c).name.as_str(),
            a => panic!("{a:?} while searching"),
        })
        .collect();
    // Sky, Sea and Shadow Pirates (Reef Lancer is not in the test deck).
    assert_eq!(found, ["Emberling Scout", "Tide Regent", "Gloom Stalker"]);
    // Exactly "Imp": the Warlord's summon finds only Imps of level 1.
    let warlord = g.db.card(id(&g, "Cinder Warlord"));
    let filter = &warlord.abilities[0].effects[0].filter;
    assert!(filter.matches(g.db.card(id(&g, "Spark Imp"))));
    assert!(!filter.matches(g.db.card(id(&g, "Emberling Scout"))));
    let mut sky = g.db.card(id(&g, "Emberling Scout")).clone();
    sky.subtypes = vec!["Imperial Guard".into()];
    assert!(!filter.matches(&sky), "an exact sub-type");
    // "Listed anywhere" ignores case, and needs the whole word's letters.
    let anywhere = &g.db.card(id(&g, "Pirate Call")).abilities[0].effects[0].filter;
    sky.subtypes = vec!["SKY PIRATES".into()];
    assert!(
        anywhere.matches(&sky),
        "in capitals, inside a longer sub-type"
    );
    sky.subtypes = vec!["Pira".into(), "Sky".into()];
    assert!(!anywhere.matches(&sky), "part of the word only");
}

#[test]
fn a_level_1_search_finds_level_1_only() {
    // rules/nintendo-tcg.txt: "13 – The Example Game", "He pay's zero hand
    // cost to search for a level 1. He shows Mario his search was for Rex,
    // then ... Luigi pay's 1 hand cost and play's Rex down": Rex is of
    // level 1. Quartermaster and Cinder Warlord say "of level 1"
    // (`level = 1`); `max_cost` reads "that level or less". Until a review
    // found it, "level 1" found level 0 too.
    let mut db = NintendoTcg::bundled_cards();
    db.apply_override("Spark Imp.cost=0").unwrap();
    // The fire deck: 3 Spark Imps, 3 Kindle Imps (level 1).
    let g = NintendoTcg::bundled_on(db, 0, 1);
    let mut s = g.new_state(&mut rng());
    s.phase = Phase::Main;
    s.turns = 2;
    let master = hand(&g, &mut s, Player::A, "Quartermaster");
    act(&g, &mut s, play(master, Tgt::None));
    assert_eq!(
        legal(&g, &s),
        [Action::Search(Some(id(&g, "Kindle Imp")))],
        "the level-0 Spark Imp is not a level 1"
    );
    let warlord = g.db.card(id(&g, "Cinder Warlord"));
    let summon = &warlord.abilities[0].effects[0].filter;
    assert!(!summon.matches(g.db.card(id(&g, "Spark Imp"))));
    assert!(summon.matches(g.db.card(id(&g, "Kindle Imp"))));
    // `max_cost` is "at most".
    let mut db = edited_pool(
        r#"effects = [{ do = "search", kind = "character", level = 1 }]"#,
        r#"effects = [{ do = "search", kind = "character", max_cost = 1 }]"#,
    );
    db.apply_override("Spark Imp.cost=0").unwrap();
    let at_most = &db.card(db.id("Quartermaster").unwrap()).abilities[0].effects[0].filter;
    assert!(at_most.matches(db.card(db.id("Spark Imp").unwrap())));
    assert!(at_most.matches(db.card(db.id("Kindle Imp").unwrap())));
    // Both at once are refused, with the card's line.
    let text = super::cards::BUNDLED_CARDS.replacen(
        r#"{ do = "search", kind = "character", level = 1 }"#,
        r#"{ do = "search", kind = "character", level = 1, max_cost = 2 }"#,
        1,
    );
    let err = CardDb::parse(&text, "pool.toml").unwrap_err().to_string();
    let line = text
        .lines()
        .position(|l| l == "name = \"Quartermaster\"")
        .unwrap();
    assert!(
        err.contains(&format!(
            "pool.toml:{line}: card \"Quartermaster\": level (exactly that level) and max_cost"
        )),
        "{err}"
    );
}

#[test]
fn a_search_lets_the_player_choose_the_card() {
    // rules/nintendo-tcg.txt: "4 – Character's" ("Sub-Type's"): "Search
    // your deck for a card with the sub-type of pirate and put it into
    // your hand"; "13 – The Example Game": "He shows Mario his search was
    // for Rex" — the searching player picks the card. The highest level
    // is not the best: with a Commander out, Tide Regent (level 5, a
    // Commander) cannot be played, Gloom Stalker can.
    let g = game();
    let mut s = fresh(&g);
    let a = Player::A;
    put(&g, &mut s, a, "Blaze Marshal");
    let call = hand(&g, &mut s, a, "Pirate Call");
    act(&g, &mut s, play(call, Tgt::None));
    act(&g, &mut s, Action::Decline);
    assert_eq!((s.phase, g.to_move(&s)), (Phase::Search, Node::Decision(a)));
    let (regent, stalker) = (id(&g, "Tide Regent"), id(&g, "Gloom Stalker"));
    assert!(legal(&g, &s).contains(&Action::Search(Some(regent))));
    let events = act(&g, &mut s, Action::Search(Some(stalker)));
    assert!(has_kind(&events, |k| *k
        == EventKind::Search {
            card: stalker,
            to_hand: true
        }));
    let side = &s.sides[a];
    assert!(side.hand.contains(&stalker) && side.deck.contains(&regent));
    assert!(side.discard.contains(&call), "then the flow goes on");
    assert_eq!((s.phase, s.decider), (Phase::Main, a));
    assert!(
        legal(&g, &s)
            .iter()
            .any(|x| matches!(x, Action::Play { card, .. } if *card == stalker)),
        "the card chosen can be played"
    );
}

#[test]
fn a_search_holds_up_the_game_until_its_player_has_chosen() {
    // rules/nintendo-tcg.txt: "13 – The Example Game": "Luigi desides to
    // play down the placement Assist Trophy, now Mario searches for a
    // goomba and play's it. Mario shuffles his deck, and Luigi's turn
    // continues." The search is made when the effect resolves; the turn
    // goes on after it.
    let g = game();
    let mut s = fresh(&g);
    let (a, b) = (Player::A, Player::B);
    let warlord = put(&g, &mut s, b, "Cinder Warlord");
    let scout = hand(&g, &mut s, a, "Emberling Scout");
    act(&g, &mut s, play(scout, Tgt::None));
    act(
        &g,
        &mut s,
        Action::Answer {
            card: id(&g, "Cinder Warlord"),
            uid: Some(warlord),
            ability: 0,
            target: Tgt::None,
        },
    );
    act(&g, &mut s, Action::NoReply);
    assert_eq!((s.phase, g.to_move(&s)), (Phase::Search, Node::Decision(b)));
    let imp = id(&g, "Spark Imp");
    assert_eq!(legal(&g, &s), [Action::Search(Some(imp))]);
    act(&g, &mut s, Action::Search(Some(imp)));
    assert!(s.sides[b].board.iter().any(|c| c.card == imp));
    assert_eq!((s.phase, s.decider), (Phase::Main, a), "A's turn goes on");
}

// ---------------------------------------------------------------------------
// 5 – Assistant's, 6 – Area's

#[test]
fn one_assistant_a_turn_out_until_the_turn_ends() {
    // rules/nintendo-tcg.txt: "5 – Assistant's", "you can only play 1
    // Assistant once on your turn. The Assistant stays out until the end
    // of your turn."
    let g = game();
    let mut s = fresh(&g);
    let sergeant = hand(&g, &mut s, Player::A, "Drill Sergeant");
    let master = hand(&g, &mut s, Player::A, "Quartermaster");
    let hound = hand(&g, &mut s, Player::A, "Magma Hound");
    assert_eq!(g.cost_of(&s, Player::A, hound), 4);
    act(&g, &mut s, play(sergeant, Tgt::None));
    assert_eq!(s.sides[Player::A].assistant, Some(sergeant));
    assert_eq!(g.cost_of(&s, Player::A, hound), 3, "its discount while out");
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == master))
    );
    settle(&g, &mut s, Player::B);
    assert_eq!(s.sides[Player::A].assistant, None);
    assert!(s.sides[Player::A].discard.contains(&sergeant));
    // Quartermaster: "search for a level 1".
    settle(&g, &mut s, Player::A);
    act(&g, &mut s, play(master, Tgt::None));
    let imp = id(&g, "Spark Imp");
    act(&g, &mut s, Action::Search(Some(imp)));
    assert!(s.sides[Player::A].hand.contains(&imp));
}

#[test]
fn one_area_for_both_sides_a_new_one_replaces_it() {
    // rules/nintendo-tcg.txt: "6 – Area's", "Only one Area can be played
    // at a time, if a new area is played, discard the current one. The
    // effect of the Area card affect's and can be used by both sides".
    let g = game();
    let mut s = fresh(&g);
    let caldera = hand(&g, &mut s, Player::A, "Ashfall Caldera");
    let imp = put(&g, &mut s, Player::A, "Spark Imp");
    let foe = put(&g, &mut s, Player::B, "Magma Hound");
    act(&g, &mut s, play(caldera, Tgt::None));
    assert_eq!(
        g.stats(&s, Player::A, &char_of(&s, Player::A, imp)).ap,
        2,
        "fire +1 AP"
    );
    assert_eq!(
        g.stats(&s, Player::B, &char_of(&s, Player::B, foe)).ap,
        4,
        "on both sides"
    );
    act(
        &g,
        &mut s,
        Action::UseArea {
            sub: false,
            target: Tgt::Foe(foe),
        },
    );
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::UseArea { .. })),
        "once a turn"
    );
    settle(&g, &mut s, Player::B);
    assert!(
        legal(&g, &s).contains(&Action::UseArea {
            sub: false,
            target: Tgt::Foe(imp)
        }),
        "the rival uses it too"
    );
    let grotto = hand(&g, &mut s, Player::B, "Sunken Grotto");
    act(&g, &mut s, play(grotto, Tgt::None));
    assert_eq!(s.area.map(|a| a.card), Some(grotto));
    assert!(
        s.sides[Player::A].discard.contains(&caldera),
        "the old Area goes to its owner's pile"
    );
}

#[test]
fn sub_areas_need_their_area_and_keep_their_cards_apart() {
    // rules/nintendo-tcg.txt: "6 – Area's" ("Sub-Area"): playable if its
    // Area is out; moving there is a movement, not while Tapped; "he can
    // only be targeted and affected by other cards in that sub-area"; "If
    // a Sub-Area is destroyed … all cards in that Sub-Area go to the same
    // destination".
    let g = game();
    let mut s = fresh(&g);
    let cove = hand(&g, &mut s, Player::A, "Hidden Cove");
    let grotto = hand(&g, &mut s, Player::A, "Sunken Grotto");
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == cove))
    );
    act(&g, &mut s, play(grotto, Tgt::None));
    act(&g, &mut s, play(cove, Tgt::None));
    let warden = put(&g, &mut s, Player::A, "Frost Warden");
    let scout = put(&g, &mut s, Player::B, "Emberling Scout");
    let other = put(&g, &mut s, Player::B, "Spark Imp");
    act(&g, &mut s, Action::Move { uid: warden });
    assert!(char_of(&s, Player::A, warden).in_sub());
    // docs/rulings/nintendo-tcg.md, "Places": a move once a turn.
    assert!(
        !legal(&g, &s).contains(&Action::Move { uid: warden }),
        "moved this turn already"
    );
    assert_eq!(
        g.stats(&s, Player::A, &char_of(&s, Player::A, warden)).sp,
        4,
        "the Sub-Area's +1 SP"
    );
    assert_eq!(
        g.stats(&s, Player::A, &char_of(&s, Player::A, warden)).dp,
        2,
        "the Area's aura stays outside"
    );
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Use { .. })),
        "no rival in the Sub-Area"
    );
    s.sides[Player::B].char_mut(scout).unwrap().flags |= flag::SUB;
    assert!(legal(&g, &s).contains(&Action::Use {
        uid: warden,
        ability: 0,
        target: Tgt::Foe(scout)
    }));
    assert!(!legal(&g, &s).contains(&Action::Use {
        uid: warden,
        ability: 0,
        target: Tgt::Foe(other)
    }));
    // Tapped Characters cannot move.
    s.sides[Player::B].char_mut(other).unwrap().flags |= flag::TAPPED;
    settle(&g, &mut s, Player::B);
    s.sides[Player::B].char_mut(other).unwrap().flags |= flag::TAPPED;
    assert!(!legal(&g, &s).contains(&Action::Move { uid: other }));
    assert!(legal(&g, &s).contains(&Action::Move { uid: scout }));
    // Quake played in the Sub-Area destroys it and everyone in it.
    let quake = hand(&g, &mut s, Player::B, "Quake");
    let in_sub = Action::Play {
        card: quake,
        at: At::Sub,
        target: Tgt::None,
    };
    act(&g, &mut s, in_sub);
    act(&g, &mut s, Action::Decline);
    assert_eq!(s.sub, None);
    assert!(s.sides[Player::A].discard.contains(&id(&g, "Frost Warden")));
    assert!(
        s.sides[Player::B]
            .discard
            .contains(&id(&g, "Emberling Scout"))
    );
    assert_eq!(
        char_of(&s, Player::B, other).damage,
        0,
        "the Imp in the main Area is out of its reach"
    );
}

#[test]
fn a_quake_destroys_only_the_place_where_it_is_played() {
    // rules/nintendo-tcg.txt: "14 – The Glossary", "Sub-Area": "Character's
    // and cards in a sub-area can only be targeted and affected by cards in
    // that sub-area. If a Sub-Area is destroyed or sent somewhere out of
    // the play area, all cards in that Sub-Area go to the same
    // destination"; "6 – Area's": "Think of the Area and Sub-Area's as
    // different places". Ruling: in the main Area, Quake destroys the Area
    // only while no Sub-Area is out (the Sub-Area would go with it). Until
    // a review found it, a Quake played in the main Area destroyed the
    // Sub-Area and the Characters in it.
    let g = game();
    let mut s = fresh(&g);
    let (a, b) = (Player::A, Player::B);
    let grotto = hand(&g, &mut s, a, "Sunken Grotto");
    let cove = hand(&g, &mut s, a, "Hidden Cove");
    act(&g, &mut s, play(grotto, Tgt::None));
    act(&g, &mut s, play(cove, Tgt::None));
    let warden = put(&g, &mut s, b, "Frost Warden");
    s.sides[b].char_mut(warden).unwrap().flags |= flag::SUB;
    let imp = put(&g, &mut s, b, "Spark Imp"); // HP 2, main Area
    let quake = hand(&g, &mut s, a, "Quake");
    act(&g, &mut s, play(quake, Tgt::None)); // At::Main
    settle(&g, &mut s, a);
    assert_eq!(s.sub.map(|p| p.card), Some(cove), "the Sub-Area stays");
    assert_eq!(s.area.map(|p| p.card), Some(grotto), "and so does its Area");
    assert_eq!(char_of(&s, b, warden).damage, 0, "out of the Quake's reach");
    assert_eq!(char_of(&s, b, imp).damage, 1, "1 damage in the main Area");
    // With no Sub-Area out, a Quake in the main Area destroys the Area.
    let mut s = fresh(&g);
    let grotto = hand(&g, &mut s, a, "Sunken Grotto");
    act(&g, &mut s, play(grotto, Tgt::None));
    let quake = hand(&g, &mut s, a, "Quake");
    act(&g, &mut s, play(quake, Tgt::None));
    settle(&g, &mut s, a);
    assert_eq!(s.area, None);
    assert!(s.sides[a].discard.contains(&grotto));
}

#[test]
fn a_new_area_takes_its_sub_area_and_its_cards_along_unless_it_is_their_area() {
    // rules/nintendo-tcg.txt: "6 – Area's": "if a new area is played,
    // discard the current one"; "if the area card Kakariko Village is
    // played, Bottom of the well becomes the sub-area to it"; "If a
    // Sub-Area is destroyed or sent somewhere out of the play area, all
    // cards in that Sub-Area go to the same destination".
    let g = NintendoTcg::bundled(1, 0);
    let mut s = g.new_state(&mut rng());
    s.phase = Phase::Main;
    s.turns = 2;
    s.sides[Player::A].power = 20;
    let a = Player::A;
    let grotto = hand(&g, &mut s, a, "Sunken Grotto");
    let cove = hand(&g, &mut s, a, "Hidden Cove");
    act(&g, &mut s, play(grotto, Tgt::None));
    act(&g, &mut s, play(cove, Tgt::None));
    let warden = put(&g, &mut s, a, "Frost Warden");
    act(&g, &mut s, Action::Move { uid: warden });
    // A second Sunken Grotto replaces the first; Hidden Cove is its
    // Sub-Area as much as the old one's: it stays, and so does the Warden.
    hand(&g, &mut s, a, "Sunken Grotto");
    act(&g, &mut s, play(grotto, Tgt::None));
    assert_eq!(
        s.sides[a].discard.iter().filter(|&&c| c == grotto).count(),
        1
    );
    assert_eq!(s.sub.map(|p| p.card), Some(cove), "the Sub-Area stays");
    assert!(char_of(&s, a, warden).in_sub());
    // Another Area sends the Sub-Area out of play, the Warden with it.
    let caldera = id(&g, "Ashfall Caldera");
    settle(&g, &mut s, Player::B);
    s.sides[Player::B].power = 20;
    hand(&g, &mut s, Player::B, "Ashfall Caldera");
    act(&g, &mut s, play(caldera, Tgt::None));
    assert_eq!(s.area.map(|p| p.card), Some(caldera));
    assert_eq!(s.sub, None);
    assert!(s.sides[a].discard.contains(&cove));
    assert!(s.sides[a].discard.contains(&id(&g, "Frost Warden")));
}

#[test]
fn one_sub_area_at_a_time_and_playing_one_discards_nothing() {
    // Ruling on rules/nintendo-tcg.txt: "6 – Area's" ("you can play Bottom
    // of the Well if Kakariko Village is out"): a Sub-Area is played only
    // while its Area is out and no Sub-Area is; nothing leaves.
    let g = NintendoTcg::bundled(1, 0);
    let mut s = g.new_state(&mut rng());
    s.phase = Phase::Main;
    s.turns = 2;
    s.sides[Player::A].power = 20;
    let a = Player::A;
    let grotto = hand(&g, &mut s, a, "Sunken Grotto");
    let cove = hand(&g, &mut s, a, "Hidden Cove");
    act(&g, &mut s, play(grotto, Tgt::None));
    act(&g, &mut s, play(cove, Tgt::None));
    let warden = put(&g, &mut s, a, "Frost Warden");
    act(&g, &mut s, Action::Move { uid: warden });
    hand(&g, &mut s, a, "Hidden Cove");
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|x| matches!(x, Action::Play { card, .. } if *card == cove)),
        "a second Sub-Area waits"
    );
    assert!(char_of(&s, a, warden).in_sub());
}

#[test]
fn effect_cards_can_be_played_in_the_sub_area() {
    // rules/nintendo-tcg.txt: "6 – Area's": "During a player's turn, a
    // player may choose to move characters or play cards in the sub-area
    // or out of it"; "he can only be targeted and affected by other cards
    // in that sub-area".
    let g = game();
    let mut s = fresh(&g);
    let a = Player::A;
    let grotto = hand(&g, &mut s, a, "Sunken Grotto");
    let cove = hand(&g, &mut s, a, "Hidden Cove");
    act(&g, &mut s, play(grotto, Tgt::None));
    act(&g, &mut s, play(cove, Tgt::None));
    let hidden = put(&g, &mut s, Player::B, "Magma Hound");
    s.sides[Player::B].char_mut(hidden).unwrap().flags |= flag::SUB;
    let fireball = hand(&g, &mut s, a, "Fireball");
    let in_sub = Action::Play {
        card: fireball,
        at: At::Sub,
        target: Tgt::Foe(hidden),
    };
    assert!(legal(&g, &s).contains(&in_sub), "{:?}", legal(&g, &s));
    assert!(!legal(&g, &s).contains(&play(fireball, Tgt::Foe(hidden))));
    act(&g, &mut s, in_sub);
    settle(&g, &mut s, a);
    assert_eq!(char_of(&s, Player::B, hidden).damage, 3);
}

#[test]
fn an_effect_does_not_reach_a_character_that_left_its_place() {
    // rules/nintendo-tcg.txt: "6 – Area's": "if my opponent's staryu tries
    // to damage captain falcon via effect, but Staryu is in the main area
    // not the sub-area it won't work"; "14 – The Glossary", "Sub-Area":
    // "Character's and cards in a sub-area can only be targeted and
    // affected by cards in that sub-area". The bundled decks: b answers
    // a's Reef Lancer with Ambush Horn from hand (it acts in the main
    // Area); a's reply moves the Lancer into Hidden Cove first.
    let (a, b) = (Player::A, Player::B);
    for moved in [false, true] {
        let g = NintendoTcg::bundled(1, 0);
        let mut s = g.new_state(&mut rng());
        s.phase = Phase::Main;
        s.turns = 2;
        s.sides[a].power = 20;
        s.sides[b].power = 20;
        let grotto = hand(&g, &mut s, a, "Sunken Grotto");
        let cove = hand(&g, &mut s, a, "Hidden Cove");
        let lancer = hand(&g, &mut s, a, "Reef Lancer");
        let horn = hand(&g, &mut s, b, "Ambush Horn");
        act(&g, &mut s, play(grotto, Tgt::None));
        act(&g, &mut s, play(cove, Tgt::None));
        act(&g, &mut s, play(lancer, Tgt::None));
        let uid = uid_of(&s, a, lancer);
        act(&g, &mut s, answer_at(horn, uid));
        act(
            &g,
            &mut s,
            if moved {
                Action::Move { uid }
            } else {
                Action::NoReply
            },
        );
        assert_eq!(s.phase, Phase::Main);
        assert!(s.sides[b].discard.contains(&horn), "the Horn was used");
        let c = char_of(&s, a, uid);
        assert_eq!(c.in_sub(), moved);
        assert_eq!(
            c.damage,
            if moved { 0 } else { 2 },
            "the Horn hits the Lancer only where it was chosen (moved: {moved})"
        );
    }
}

#[test]
fn a_character_an_effect_puts_into_play_uses_its_instant() {
    // rules/nintendo-tcg.txt: "4 – Character's": "<Instant>- These effects
    // activate right when the character is played"; "If you play a card
    // by another method (effect, etc.)": a summon plays it. Ruling: used
    // on its first legal target, as a starting Commander's.
    let g = game_on(edited_pool(
        r#"effects = [{ do = "search", kind = "character", level = 1 }]"#,
        r#"effects = [{ do = "summon", subtype = "Royal" }]"#,
    ));
    let mut s = fresh(&g);
    let a = Player::A;
    let quartermaster = hand(&g, &mut s, a, "Quartermaster");
    act(&g, &mut s, play(quartermaster, Tgt::None));
    let regent = id(&g, "Tide Regent");
    assert_eq!(legal(&g, &s), [Action::Search(Some(regent))]);
    act(&g, &mut s, Action::Search(Some(regent)));
    let board: Vec<&str> = s.sides[a]
        .board
        .iter()
        .map(|c| g.db.card(c.card).name.as_str())
        .collect();
    assert_eq!(
        board,
        ["Tide Regent", "Bubble Token"],
        "its Instant's Token"
    );
}

#[test]
fn a_stat_reduced_to_zero_hp_destroys_the_character() {
    // rules/nintendo-tcg.txt: "4 – Character's": "If a character's HP hits
    // zero, they are destroyed"; "14 – The Glossary", "Reduce (stat)": "the
    // stat is reduced permanently". No rule keeps HP at 1.
    let g = game_on(edited_pool(
        r#"effects = [{ do = "reduce", stat = "dp", amount = 2, target = "chosen_enemy" }]"#,
        r#"effects = [{ do = "reduce", stat = "hp", amount = 9, target = "chosen_enemy" }]"#,
    ));
    let mut s = fresh(&g);
    let brute = put(&g, &mut s, Player::A, "Rubble Brute");
    let foe = put(&g, &mut s, Player::B, "Deep Leviathan");
    act(
        &g,
        &mut s,
        Action::Use {
            uid: brute,
            ability: 0,
            target: Tgt::Foe(foe),
        },
    );
    assert!(s.sides[Player::B].char(foe).is_none(), "HP 8 less 9");
    assert!(
        s.sides[Player::B]
            .discard
            .contains(&id(&g, "Deep Leviathan"))
    );
}

#[test]
fn an_aura_that_lowers_hp_destroys_a_character_its_damage_then_matches() {
    // rules/nintendo-tcg.txt: "4 – Character's": "If a character's HP hits
    // zero, they are destroyed"; an aura is a stat change like any other
    // (none of the bundled pool lowers HP: the check's shortcut must not
    // hide one that does).
    let g = game_on(edited_pool("aura = { dp = 1 }", "aura = { hp = -1 }"));
    let mut s = fresh(&g);
    let imp = put(&g, &mut s, Player::A, "Spark Imp"); // HP 2
    s.sides[Player::A].char_mut(imp).expect("in play").damage = 1;
    g.sweep(&mut s, &mut crate::core::NoObserver);
    assert!(s.sides[Player::A].char(imp).is_some(), "HP 2, 1 damage");
    put(&g, &mut s, Player::A, "Bramble Sentinel"); // its allies: -1 HP
    g.sweep(&mut s, &mut crate::core::NoObserver);
    assert!(
        s.sides[Player::A].char(imp).is_none(),
        "HP 2 less 1 by the aura, 1 damage"
    );
}

/// Plays the passes of [`settle`] until `p` must act in a Main phase;
/// returns their events.
fn settle_logged(g: &NintendoTcg, s: &mut State, p: Player) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..200 {
        if s.outcome.is_some() || (s.phase == Phase::Main && s.decider == p) {
            return events;
        }
        let a = match s.phase {
            Phase::Window(_) => Action::Decline,
            Phase::Reply(_) => Action::NoReply,
            Phase::Battle => pass_first(g, s),
            _ => Action::EndTurn,
        };
        events.extend(act(g, s, a));
    }
    panic!("never settled");
}

/// Whether `events` report the destruction of `p`'s Character `uid`.
fn destroyed_in(events: &[Event], p: Player, uid: u8) -> bool {
    events
        .iter()
        .any(|e| e.player == p && matches!(e.kind, EventKind::Destroyed { uid: u, .. } if u == uid))
}

#[test]
fn a_timed_hp_aura_ending_with_the_turn_destroys_a_character_at_zero_hp() {
    // rules/nintendo-tcg.txt: "4 – Character's": "If a character's HP hits
    // zero, they are destroyed and sent to the discard pile"; "7 –
    // Placement", "[Timed] – The Item can only work at certain times": a
    // Warding Charm giving HP on the rival's turn stops when the turn
    // passes back, and the Character its HP held up goes then.
    let g = game_on(edited_pool(
        "aura = { dp = 3, opponent_turn = true }",
        "aura = { hp = 3, opponent_turn = true }",
    ));
    let mut s = fresh(&g);
    let warden = put(&g, &mut s, Player::A, "Frost Warden"); // HP 4
    let charm = hand(&g, &mut s, Player::A, "Warding Charm");
    act(
        &g,
        &mut s,
        Action::Play {
            card: charm,
            at: At::On(warden),
            target: Tgt::None,
        },
    );
    settle(&g, &mut s, Player::B);
    assert_eq!(
        g.stats(&s, Player::A, &char_of(&s, Player::A, warden)).hp,
        7,
        "+3 HP on the rival's turn"
    );
    s.sides[Player::A].char_mut(warden).expect("in play").damage = 5;
    let events = settle_logged(&g, &mut s, Player::B.opponent());
    assert!(
        s.sides[Player::A].char(warden).is_none(),
        "HP 4 again, 5 damage"
    );
    assert!(destroyed_in(&events, Player::A, warden), "{events:?}");
    let discard = &s.sides[Player::A].discard;
    assert!(discard.contains(&id(&g, "Frost Warden")) && discard.contains(&charm));
}

#[test]
fn a_character_leaving_an_hp_aura_at_zero_hp_is_destroyed() {
    // rules/nintendo-tcg.txt: "4 – Character's": "If a character's HP hits
    // zero, they are destroyed and sent to the discard pile"; "6 – Area's":
    // "if a new area is played, discard the current one", and a Character
    // moved into the Sub-Area is out of the Area's reach. Sunken Grotto
    // gives water Characters +2 HP here.
    let g = game_on(edited_pool(
        r#"aura = { dp = 1, elements = ["water"] }"#,
        r#"aura = { hp = 2, elements = ["water"] }"#,
    ));
    // The Area replaced.
    let mut s = fresh(&g);
    let grotto = hand(&g, &mut s, Player::A, "Sunken Grotto");
    let caldera = hand(&g, &mut s, Player::A, "Ashfall Caldera");
    let warden = put(&g, &mut s, Player::A, "Frost Warden"); // HP 4
    act(&g, &mut s, play(grotto, Tgt::None));
    assert_eq!(
        g.stats(&s, Player::A, &char_of(&s, Player::A, warden)).hp,
        6
    );
    s.sides[Player::A].char_mut(warden).expect("in play").damage = 5;
    let events = act(&g, &mut s, play(caldera, Tgt::None));
    assert!(s.sides[Player::A].char(warden).is_none(), "HP 4, 5 damage");
    assert!(destroyed_in(&events, Player::A, warden), "{events:?}");
    // The Character moved out of the Area into the Sub-Area.
    let mut s = fresh(&g);
    let grotto = hand(&g, &mut s, Player::A, "Sunken Grotto");
    let cove = hand(&g, &mut s, Player::A, "Hidden Cove");
    act(&g, &mut s, play(grotto, Tgt::None));
    act(&g, &mut s, play(cove, Tgt::None));
    let warden = put(&g, &mut s, Player::A, "Frost Warden");
    s.sides[Player::A].char_mut(warden).expect("in play").damage = 5;
    let events = act(&g, &mut s, Action::Move { uid: warden });
    assert!(s.sides[Player::A].char(warden).is_none(), "HP 4, 5 damage");
    assert!(destroyed_in(&events, Player::A, warden), "{events:?}");
}

#[test]
fn a_window_opens_only_for_a_deck_that_can_answer() {
    // Ruling on rules/nintendo-tcg.txt: "11 – Turn Priority via Effects":
    // a window opens only when the player's deck list holds a card that
    // can answer the trigger, so its opening tells nothing of a hand.
    let g = NintendoTcg::bundled(1, 0);
    let mut s = g.new_state(&mut rng());
    s.phase = Phase::Main;
    s.turns = 2;
    s.sides[Player::A].power = 20;
    // Seat b's fire deck answers played Characters only, not Effect cards.
    let wind = hand(&g, &mut s, Player::A, "Second Wind");
    let events = act(&g, &mut s, play(wind, Tgt::None));
    assert!(!has_kind(&events, |k| matches!(
        k,
        EventKind::Window { .. }
    )));
    settle(&g, &mut s, Player::B);
    s.sides[Player::B].power = 20;
    // Seat a's tide deck holds Counterspell Scroll.
    let fireball = hand(&g, &mut s, Player::B, "Fireball");
    let foe = put(&g, &mut s, Player::A, "Reef Lancer");
    let events = act(&g, &mut s, play(fireball, Tgt::Foe(foe)));
    assert!(has_kind(&events, |k| matches!(
        k,
        EventKind::Window {
            trigger: Trigger::EffectCard
        }
    )));
}

#[test]
fn a_character_played_from_the_extra_deck_or_by_an_effect_opens_the_window() {
    // rules/nintendo-tcg.txt: "9 – Required/Tokens": a Required card is
    // played once its requirement is met; "Tokens represent lower leveled
    // characters that are generally played from level 5's"; "4 –
    // Character's": "If you play a card by another method (effect, etc.)";
    // Ambush Horn and Cinder Warlord: "When your opponent plays a
    // character". Until a review found it, only a Character played from
    // hand opened the window. Ruling: one window for an action, none
    // during setup nor in a reply.
    let g = game();
    let (a, b) = (Player::A, Player::B);
    let windows = |events: &[Event]| {
        events
            .iter()
            .filter(|e| {
                e.kind
                    == EventKind::Window {
                        trigger: Trigger::CharacterPlayed,
                    }
            })
            .count()
    };
    // A Required Character from the extra deck, paying its hand cost.
    let mut s = fresh(&g);
    let warlord = put(&g, &mut s, a, "Cinder Warlord");
    let titan = id(&g, "Lava Titan");
    let events = act(&g, &mut s, play(titan, Tgt::None));
    assert_eq!(
        (windows(&events), s.phase, s.decider),
        (1, Phase::Window(Trigger::CharacterPlayed), b)
    );
    act(&g, &mut s, Action::Decline);
    // A Token an effect plays.
    let use_it = Action::Use {
        uid: warlord,
        ability: 1,
        target: Tgt::None,
    };
    let events = act(&g, &mut s, use_it);
    assert_eq!(
        (windows(&events), s.phase),
        (1, Phase::Window(Trigger::CharacterPlayed))
    );
    // B answers with Ambush Horn on the Token; A's reply plays a Character:
    // windows do not nest.
    let horn = hand(&g, &mut s, b, "Ambush Horn");
    let token = uid_of(&s, a, id(&g, "Cinder Token"));
    act(&g, &mut s, answer_at(horn, token));
    let imp = hand(&g, &mut s, a, "Spark Imp");
    let events = act(&g, &mut s, play(imp, Tgt::None));
    assert_eq!(windows(&events), 0);
    assert_eq!(s.phase, Phase::Main);
    // A Character whose Instant plays a Token: one window for both.
    let mut s = fresh(&g);
    let regent = hand(&g, &mut s, a, "Tide Regent");
    let events = act(&g, &mut s, play(regent, Tgt::None));
    assert!(
        s.sides[a]
            .board
            .iter()
            .any(|c| c.card == id(&g, "Bubble Token"))
    );
    assert_eq!(
        (windows(&events), s.phase),
        (1, Phase::Window(Trigger::CharacterPlayed))
    );
    // Setup: the starting Commanders open none (Tide Regent's Token
    // neither), though the fire deck answers played Characters.
    let g = NintendoTcg::bundled(0, 1);
    let mut s = g.new_state(&mut rng());
    act(&g, &mut s, Action::Pick(id(&g, "Cinder Warlord")));
    let events = act(&g, &mut s, Action::Pick(id(&g, "Tide Regent")));
    assert!(
        s.sides[b]
            .board
            .iter()
            .any(|c| c.card == id(&g, "Bubble Token"))
    );
    assert_eq!((windows(&events), s.phase), (0, Phase::Main));
}

#[test]
fn the_table_holds_8_characters_a_side_and_99_hand_power() {
    // Ruling (a table's room): at most 8 Characters a side; hand power
    // stops at 99.
    let g = game();
    let mut s = fresh(&g);
    for name in [
        "Spark Imp",
        "Magma Hound",
        "Emberling Scout",
        "Rubble Brute",
        "Storm Caller",
        "Bramble Sentinel",
        "Frost Warden",
        "Coral Shaman",
    ] {
        put(&g, &mut s, Player::A, name);
    }
    let piper = hand(&g, &mut s, Player::A, "Gloom Stalker");
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == piper)),
        "no room for a ninth"
    );
    s.sides[Player::B].power = 98;
    settle(&g, &mut s, Player::B);
    assert_eq!(s.sides[Player::B].power, MAX_POWER);
}

// ---------------------------------------------------------------------------
// 7 – Placement

#[test]
fn items_attach_masks_one_each_instants_discard_attacks_tap() {
    // rules/nintendo-tcg.txt: "7 – Placement", "Items are used to attach
    // to a character"; "*Attack* - A character can use the effect of the
    // item. If so, they're tapped"; "<Instant> - Right when the item is
    // attached, the effect is activated and the item is discarded";
    // "Masks: … only 1 mask can be on a character at a time".
    let g = game();
    let mut s = fresh(&g);
    let lev = put(&g, &mut s, Player::A, "Deep Leviathan");
    let foe = put(&g, &mut s, Player::B, "Tide Regent");
    let helm = hand(&g, &mut s, Player::A, "Bronze Helm");
    let grin = hand(&g, &mut s, Player::A, "Grinning Mask");
    let spear = hand(&g, &mut s, Player::A, "Thunder Spear");
    let flask = hand(&g, &mut s, Player::A, "Potion Flask");
    act(
        &g,
        &mut s,
        Action::Play {
            card: helm,
            at: At::On(lev),
            target: Tgt::None,
        },
    );
    assert_eq!(g.stats(&s, Player::A, &char_of(&s, Player::A, lev)).dp, 5);
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == grin)),
        "a second Mask"
    );
    s.sides[Player::A].char_mut(lev).unwrap().damage = 4;
    act(
        &g,
        &mut s,
        Action::Play {
            card: flask,
            at: At::On(lev),
            target: Tgt::None,
        },
    );
    assert_eq!(char_of(&s, Player::A, lev).damage, 1);
    assert!(s.sides[Player::A].discard.contains(&flask));
    act(
        &g,
        &mut s,
        Action::Play {
            card: spear,
            at: At::On(lev),
            target: Tgt::None,
        },
    );
    act(
        &g,
        &mut s,
        Action::UseItem {
            uid: lev,
            item: 1,
            target: Tgt::Foe(foe),
        },
    );
    assert_eq!(char_of(&s, Player::B, foe).damage, 2);
    assert!(char_of(&s, Player::A, lev).has(flag::TAPPED));
}

#[test]
fn timed_items_work_only_at_their_time() {
    // rules/nintendo-tcg.txt: "7 – Placement", "[Timed] – The Item can
    // only work at certain times" (Warding Charm: the opponent's turn).
    let g = game();
    let mut s = fresh(&g);
    let warden = put(&g, &mut s, Player::A, "Frost Warden");
    let charm = hand(&g, &mut s, Player::A, "Warding Charm");
    act(
        &g,
        &mut s,
        Action::Play {
            card: charm,
            at: At::On(warden),
            target: Tgt::None,
        },
    );
    assert_eq!(
        g.stats(&s, Player::A, &char_of(&s, Player::A, warden)).dp,
        2
    );
    s.active = Player::B;
    assert_eq!(
        g.stats(&s, Player::A, &char_of(&s, Player::A, warden)).dp,
        5
    );
}

// ---------------------------------------------------------------------------
// 8 – Effect Cards

#[test]
fn effect_cards_by_kind() {
    // rules/nintendo-tcg.txt: "8 – Effect Cards", "You can only play
    // effect cards on your turn except for timed effects"; "{Constant} –
    // These cards stay out"; "*Attack* - Attach the effect's to your
    // character … If so, the character is tapped".
    let g = game();
    let mut s = fresh(&g);
    let horn = hand(&g, &mut s, Player::A, "Ambush Horn");
    let standard = hand(&g, &mut s, Player::A, "Battle Standard");
    let strike = hand(&g, &mut s, Player::A, "Piercing Strike");
    let brute = put(&g, &mut s, Player::A, "Rubble Brute");
    let foe = put(&g, &mut s, Player::B, "Deep Leviathan");
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == horn)),
        "timed"
    );
    act(&g, &mut s, play(standard, Tgt::None));
    act(&g, &mut s, Action::Decline);
    assert!(s.sides[Player::A].constants.contains(&standard));
    assert_eq!(g.stats(&s, Player::A, &char_of(&s, Player::A, brute)).ap, 4);
    act(
        &g,
        &mut s,
        Action::Play {
            card: strike,
            at: At::On(brute),
            target: Tgt::Foe(foe),
        },
    );
    act(&g, &mut s, Action::Decline);
    assert_eq!(char_of(&s, Player::B, foe).damage, 3);
    assert!(char_of(&s, Player::A, brute).has(flag::TAPPED));
    assert!(s.sides[Player::A].discard.contains(&strike));
    // On the rival's turn only a Timed card may be played, in a window.
    settle(&g, &mut s, Player::B);
    let ball = hand(&g, &mut s, Player::A, "Fireball");
    let imp = hand(&g, &mut s, Player::B, "Spark Imp");
    act(&g, &mut s, play(imp, Tgt::None));
    let window = legal(&g, &s);
    assert!(
        window
            .iter()
            .any(|a| matches!(a, Action::Answer { card, .. } if *card == horn))
    );
    assert!(!window.iter().any(
        |a| matches!(a, Action::Answer { card, .. } | Action::Play { card, .. } if *card == ball)
    ));
}

#[test]
fn songs_need_an_instrument_once_a_turn() {
    // rules/nintendo-tcg.txt: "14 – The Glossary", "Instrument: … used to
    // play Song Cards"; "Song: … a character can only activate a song if
    // they have an instrument attached to them. A character may play 1
    // song per turn (only on their turn)".
    let g = game();
    let mut s = fresh(&g);
    let warden = put(&g, &mut s, Player::A, "Frost Warden");
    let song = hand(&g, &mut s, Player::A, "Ballad of Tides");
    let flute = hand(&g, &mut s, Player::A, "Reed Flute");
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == song))
    );
    act(
        &g,
        &mut s,
        Action::Play {
            card: flute,
            at: At::On(warden),
            target: Tgt::None,
        },
    );
    s.sides[Player::A].char_mut(warden).unwrap().damage = 3;
    let power = s.sides[Player::A].power;
    act(
        &g,
        &mut s,
        Action::Play {
            card: song,
            at: At::On(warden),
            target: Tgt::None,
        },
    );
    act(&g, &mut s, Action::Decline);
    assert_eq!(char_of(&s, Player::A, warden).damage, 1);
    assert_eq!(s.sides[Player::A].power, power + 1);
    assert!(char_of(&s, Player::A, warden).has(flag::SUNG));
}

#[test]
fn a_character_plays_one_song_a_turn() {
    // rules/nintendo-tcg.txt: "14 – The Glossary", "Song: … A character
    // may play 1 song per turn (only on their turn)": no second Song on
    // the Character this turn; on its player's next turn, one again.
    let g = game();
    let mut s = fresh(&g);
    let warden = put(&g, &mut s, Player::A, "Frost Warden");
    let song = hand(&g, &mut s, Player::A, "Ballad of Tides");
    let flute = hand(&g, &mut s, Player::A, "Reed Flute");
    act(
        &g,
        &mut s,
        Action::Play {
            card: flute,
            at: At::On(warden),
            target: Tgt::None,
        },
    );
    let sing = Action::Play {
        card: song,
        at: At::On(warden),
        target: Tgt::None,
    };
    assert!(legal(&g, &s).contains(&sing));
    let events = act(&g, &mut s, sing);
    assert!(
        has_kind(&events, |k| matches!(k,
            EventKind::Play { card, uid: Some(u), .. } if *card == song && *u == warden)),
        "the play names the singer: {events:?}"
    );
    act(&g, &mut s, Action::Decline);
    // The Song back in hand (the pool holds one): a second one.
    let discard = &mut s.sides[Player::A].discard;
    let i = discard.iter().position(|&c| c == song).expect("discarded");
    discard.remove(i);
    s.sides[Player::A].hand.push(song);
    assert!(
        !legal(&g, &s).contains(&sing),
        "1 song per turn: {:?}",
        legal(&g, &s)
    );
    settle(&g, &mut s, Player::B);
    assert!(!legal(&g, &s).contains(&sing), "only on their turn");
    settle(&g, &mut s, Player::A);
    assert!(char_of(&s, Player::A, warden).items.contains(&flute));
    assert!(legal(&g, &s).contains(&sing), "a new turn, a new song");
}

// ---------------------------------------------------------------------------
// 9 – Required/Tokens

#[test]
fn tokens_move_between_the_area_and_the_sub_area() {
    // rules/nintendo-tcg.txt: "6 – Area's": "During a player's turn, a
    // player may choose to move characters ... in the sub-area or out of
    // it"; "9 – Required/Tokens": "Tokens CANNOT use effects of any sort";
    // "14 – The Glossary", "Movement": moving is a movement, as attacking
    // is, not an effect.
    let g = game();
    let mut s = fresh(&g);
    let grotto = hand(&g, &mut s, Player::A, "Sunken Grotto");
    let cove = hand(&g, &mut s, Player::A, "Hidden Cove");
    act(&g, &mut s, play(grotto, Tgt::None));
    act(&g, &mut s, play(cove, Tgt::None));
    let token = put(&g, &mut s, Player::A, "Cinder Token");
    assert!(legal(&g, &s).contains(&Action::Move { uid: token }));
    assert!(!can_use(&g, &s, token), "still no effect");
    act(&g, &mut s, Action::Move { uid: token });
    assert!(char_of(&s, Player::A, token).in_sub());
}

#[test]
fn a_token_with_damage_by_effect_is_refused() {
    // rules/nintendo-tcg.txt: "9 – Required/Tokens": "Tokens CANNOT use
    // effects of any sort", a {Constant} damage by effect after attacking
    // (`on_attack`) included: refused in the card file and by `--set`.
    let text =
        "[[card]]\nname = \"T\"\nkind = \"token\"\nelements = [\"fire\"]\nhp = 1\non_attack = 1\n";
    let err = CardDb::parse(text, "p.toml").unwrap_err().to_string();
    assert!(
        err.contains(
            "p.toml:1: card \"T\": on_attack is damage by effect, and a token cannot use effects of any sort"
        ),
        "{err}"
    );
    assert!(CardDb::parse(&text.replace("on_attack = 1", "on_attack = 0"), "p.toml").is_ok());
    let mut db = NintendoTcg::bundled_cards();
    let e = db.apply_override("Cinder Token.on_attack=2").unwrap_err();
    assert!(
        e.contains("\"Cinder Token\": on_attack is damage by effect"),
        "{e}"
    );
    db.apply_override("Cinder Token.on_attack=0").unwrap();
    db.apply_override("Magma Hound.on_attack=3").unwrap();
}

#[test]
fn required_cards_and_tokens_live_in_the_extra_deck() {
    // rules/nintendo-tcg.txt: "9 – Required/Tokens", "Every required card
    // needs a certain requirement to be played … When that card leaves the
    // play area, place it back into your extra deck"; "Tokens CANNOT use
    // effects of any sort … once they leave the play area, they return to
    // the extra deck. Tokens do not require hand power".
    let g = game();
    let mut s = fresh(&g);
    let titan = id(&g, "Lava Titan");
    let titan_play = |s: &State| {
        legal(&g, s)
            .iter()
            .any(|a| matches!(a, Action::Play { card, .. } if *card == titan))
    };
    assert!(!titan_play(&s), "Cinder Warlord is not out");
    let warlord = put(&g, &mut s, Player::A, "Cinder Warlord");
    assert!(titan_play(&s));
    act(&g, &mut s, play(titan, Tgt::None));
    act(&g, &mut s, Action::Decline);
    assert_eq!(s.sides[Player::A].power, 17);
    let before = s.sides[Player::A].power;
    act(
        &g,
        &mut s,
        Action::Use {
            uid: warlord,
            ability: 1,
            target: Tgt::None,
        },
    );
    assert_eq!(
        s.sides[Player::A].power,
        before - 1,
        "the effect's cost; the Token is free"
    );
    act(&g, &mut s, Action::Decline);
    let token = uid_of(&s, Player::A, id(&g, "Cinder Token"));
    // A Token's Items give no effect to use.
    let spear = hand(&g, &mut s, Player::A, "Thunder Spear");
    act(
        &g,
        &mut s,
        Action::Play {
            card: spear,
            at: At::On(token),
            target: Tgt::None,
        },
    );
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::UseItem { uid, .. } if *uid == token))
    );
    let extra = s.sides[Player::A].extra.len();
    let titan_uid = uid_of(&s, Player::A, titan);
    for uid in [token, titan_uid] {
        g.leave_play(
            &mut s,
            Player::A,
            uid,
            super::effects::Dest::Removed,
            &mut crate::core::NoObserver,
        );
    }
    assert_eq!(
        s.sides[Player::A].extra.len(),
        extra + 1,
        "the Titan back to the extra deck, where the Token's card stayed"
    );
    assert!(s.sides[Player::A].removed.is_empty());
    // Blaze Marshal's Instant fetches its Required Item.
    let mut s = fresh(&g);
    let marshal = hand(&g, &mut s, Player::A, "Blaze Marshal");
    act(&g, &mut s, play(marshal, Tgt::None));
    let m = s.sides[Player::A].board[0];
    assert_eq!(m.items[..], [id(&g, "Ember Crest")]);
    assert_eq!(g.stats(&s, Player::A, &m).ap, 4);
}

#[test]
fn one_listed_token_card_stands_for_any_number_of_tokens() {
    // rules/nintendo-tcg.txt: "9 – Required/Tokens", "The multiples of
    // tokens out might sometimes become so much that it would be best to
    // have a pile of cards from another game and use those as the tokens,
    // with 1 reference"; "Tokens do not require hand power to play". Until
    // a review found it, Tokens were limited to the copies listed (the
    // test deck lists 2 Cinder Tokens), and the Warlord's "Pay 1: play a
    // Cinder Token" was offered, and paid, with none left.
    let g = game();
    let mut s = fresh(&g);
    let a = Player::A;
    let cinder = id(&g, "Cinder Token");
    let warlord = put(&g, &mut s, a, "Cinder Warlord");
    let listed = s.sides[a].extra.iter().filter(|&&c| c == cinder).count();
    assert_eq!(listed, 2);
    let use_it = Action::Use {
        uid: warlord,
        ability: 1,
        target: Tgt::None,
    };
    for n in 1..=3 {
        assert!(legal(&g, &s).contains(&use_it), "Token {n}");
        let power = s.sides[a].power;
        let events = act(&g, &mut s, use_it);
        assert!(has_kind(&events, |k| *k == EventKind::Token { card: cinder }));
        let tokens = s.sides[a].board.iter().filter(|c| c.card == cinder).count();
        assert_eq!((tokens, s.sides[a].power), (n, power - 1));
        settle(&g, &mut s, a);
        s.sides[a].board.iter_mut().for_each(|c| c.used = 0);
    }
    assert_eq!(
        s.sides[a].extra.iter().filter(|&&c| c == cinder).count(),
        listed,
        "the reference cards stay in the extra deck"
    );
    // A Token that leaves play goes nowhere: no card moves.
    let token = uid_of(&s, a, cinder);
    let mut events = Vec::new();
    g.leave_play(
        &mut s,
        a,
        token,
        super::effects::Dest::Discard,
        &mut |e: &Event| events.push(*e),
    );
    assert!(!has_kind(&events, |k| matches!(
        k,
        EventKind::ToPile { .. }
    )));
    assert_eq!(
        s.sides[a].extra.iter().filter(|&&c| c == cinder).count(),
        listed
    );
    g.check_invariants(&s).unwrap();
    // A full board: the effect would do nothing, so it is not offered.
    while !s.sides[a].board.is_full() {
        put(&g, &mut s, a, "Cinder Token");
    }
    assert!(!legal(&g, &s).contains(&use_it));
    // Nor without a reference card in the extra deck (the state, short of
    // its Token cards, is only asked for its legal actions).
    let mut s = fresh(&g);
    let warlord = put(&g, &mut s, a, "Cinder Warlord");
    for _ in 0..listed {
        take(&mut s, a, cinder);
    }
    let use_it = Action::Use {
        uid: warlord,
        ability: 1,
        target: Tgt::None,
    };
    assert!(!legal(&g, &s).contains(&use_it));
}

#[test]
fn amount_plays_that_many_tokens_and_is_refused_where_it_means_nothing() {
    // Card files (docs/rulings/nintendo-tcg.md, "The pool is ours"): a
    // field the engine would ignore is an error naming file, line and what
    // is expected; `amount` on `token` plays that many Tokens. Until a
    // review found it, `{ do = "token", amount = 2 }` played one.
    let db = edited_pool(
        r#"effects = [{ do = "token", card = "Cinder Token" }]"#,
        r#"effects = [{ do = "token", card = "Cinder Token", amount = 2 }]"#,
    );
    let g = game_on(db);
    let mut s = fresh(&g);
    let a = Player::A;
    let warlord = put(&g, &mut s, a, "Cinder Warlord");
    let use_it = Action::Use {
        uid: warlord,
        ability: 1,
        target: Tgt::None,
    };
    act(&g, &mut s, use_it);
    let cinder = id(&g, "Cinder Token");
    assert_eq!(
        s.sides[a].board.iter().filter(|c| c.card == cinder).count(),
        2
    );
    // The `[[card]]` line of a card, numbered from 1, in `text`.
    let line_of = |text: &str, name: &str| {
        text.lines()
            .position(|l| l == format!("name = \"{name}\""))
            .unwrap()
    };
    for (card, from, to, expected) in [
        (
            "Blaze Marshal",
            r#"{ do = "fetch", card = "Ember Crest" }"#,
            r#"{ do = "fetch", card = "Ember Crest", amount = 2 }"#,
            "fetch takes no amount: it acts once on what it names (remove amount = 2)",
        ),
        (
            "Blaze Marshal",
            r#"{ do = "search", kind = "item" }"#,
            r#"{ do = "search", kind = "item", amount = 2 }"#,
            "search takes no amount",
        ),
        (
            "Snare Net",
            r#"{ do = "tap", target = "chosen_enemy" }"#,
            r#"{ do = "tap", target = "chosen_enemy", amount = 1 }"#,
            "tap takes no amount",
        ),
        (
            "Cinder Warlord",
            r#"{ do = "token", card = "Cinder Token" }"#,
            r#"{ do = "token", card = "Cinder Token", amount = 9 }"#,
            "token expects amount from 1 to 8 (the Tokens it plays), found 9",
        ),
        (
            "Cinder Warlord",
            r#"{ do = "token", card = "Cinder Token" }"#,
            r#"{ do = "token", card = "Cinder Token", amount = 0 }"#,
            "token expects amount from 1 to 8",
        ),
    ] {
        let text = super::cards::BUNDLED_CARDS.replacen(from, to, 1);
        assert_ne!(text, super::cards::BUNDLED_CARDS, "{from}");
        let err = CardDb::parse(&text, "pool.toml").unwrap_err().to_string();
        let want = format!(
            "pool.toml:{}: card \"{card}\": {expected}",
            line_of(&text, card)
        );
        assert!(err.contains(&want), "{err}\nexpected: {want}");
    }
}

// ---------------------------------------------------------------------------
// 10 – Battle Phase

#[test]
fn the_battle_goes_by_speed_with_turn_priority_on_ties() {
    // rules/nintendo-tcg.txt: "10 – Battle Phase", "Player A will have
    // speed priority if his fastest character matches the speed of one of
    // his opponents"; glossary "Turn Priority": "All of Player A's 3 SP
    // character's may attack first". Both players' Characters attack.
    let g = game();
    let mut s = fresh(&g);
    let scout = put(&g, &mut s, Player::A, "Emberling Scout"); // SP 4
    let brute = put(&g, &mut s, Player::A, "Rubble Brute"); // SP 1
    let stalker = put(&g, &mut s, Player::B, "Gloom Stalker"); // SP 5
    let warden = put(&g, &mut s, Player::B, "Frost Warden"); // SP 3
    let spark = put(&g, &mut s, Player::A, "Spark Imp"); // SP 3, ties the Warden
    act(&g, &mut s, Action::EndTurn);
    let mut order = Vec::new();
    while s.phase != Phase::Main {
        match s.phase {
            Phase::Window(_) => {
                act(&g, &mut s, Action::Decline);
            }
            Phase::Battle => {
                let next = attackers(&g, &s);
                assert_eq!(next.len(), 1, "no tie within one side");
                order.push((s.decider, next[0]));
                let pass = pass_first(&g, &s);
                act(&g, &mut s, pass);
            }
            p => panic!("{p:?}"),
        }
    }
    assert_eq!(
        order,
        [
            (Player::B, stalker),
            (Player::A, scout),
            (Player::A, spark),
            (Player::B, warden),
            (Player::A, brute)
        ]
    );
}

#[test]
fn equal_speed_attackers_of_one_side_attack_in_the_order_their_player_chooses() {
    // rules/nintendo-tcg.txt: "10 – Battle Phase", "the order of who
    // attacks is; Link -> Dragonite and Mike Jones (in any order) ->
    // Heatran"; "14 – The Glossary", "Turn Priority": "if Player A has 3
    // character's with an SP of 2 and Player B has 1 with the SP of 2. All
    // of Player A's 3 SP character's may attack first". Until a review
    // found it, equal-speed attackers of one side went in board order:
    // the Leviathan first, and a won game could not be won.
    let g = game();
    let mut s = fresh(&g);
    let (a, b) = (Player::A, Player::B);
    let lev = put(&g, &mut s, a, "Deep Leviathan"); // AP 6, SP 1
    let sentinel = put(&g, &mut s, a, "Bramble Sentinel"); // AP 1, SP 1
    let token = put(&g, &mut s, b, "Bubble Token"); // DP 0, HP 1, SP 1
    s.sides[b].vp = 6;
    act(&g, &mut s, Action::EndTurn);
    while let Phase::Window(_) = s.phase {
        act(&g, &mut s, Action::Decline);
    }
    assert_eq!(s.phase, Phase::Battle);
    assert_eq!(
        (s.decider, attackers(&g, &s)),
        (a, vec![lev, sentinel]),
        "both of A's SP 1 Characters before B's SP 1 Token, in A's order"
    );
    assert!(legal(&g, &s).contains(&Action::Attack {
        uid: lev,
        target: Tgt::Foe(token)
    }));
    // The Sentinel first: it destroys the Token, then the Leviathan's 6 AP
    // go to B's Vitality Points.
    act(
        &g,
        &mut s,
        Action::Attack {
            uid: sentinel,
            target: Tgt::Foe(token),
        },
    );
    assert!(s.sides[b].board.is_empty());
    assert_eq!((s.decider, attackers(&g, &s)), (a, vec![lev]));
    act(
        &g,
        &mut s,
        Action::Attack {
            uid: lev,
            target: Tgt::None,
        },
    );
    assert_eq!(s.outcome.map(|o| o.winner()), Some(Some(a)));
}

#[test]
fn attacks_deplete_dp_then_hp_and_dp_comes_back_after_battle() {
    // rules/nintendo-tcg.txt: "10 – Battle Phase", "Link attacks first; he
    // attacks Numel, Numel's DP is depleted to Zero, and loses 1 HP. Link
    // is then tapped"; "A character's DP goes back to normal right after
    // the battle phase (but if … depleted via effect … permanently)";
    // "all characters are un-tapped".
    let g = game();
    let mut s = fresh(&g);
    let stalker = put(&g, &mut s, Player::A, "Gloom Stalker"); // AP 3, SP 5
    let lancer = put(&g, &mut s, Player::A, "Magma Hound"); // AP 3 (+2 effect), SP 2
    let warden = put(&g, &mut s, Player::B, "Frost Warden"); // DP 2 HP 4, SP 3
    s.sides[Player::B].char_mut(warden).unwrap().dp = -1; // reduced for good: DP 1
    act(&g, &mut s, Action::EndTurn);
    settle_battle_to(&g, &mut s, stalker);
    let legal_now = legal(&g, &s);
    assert_eq!(
        legal_now,
        [
            Action::Attack {
                uid: stalker,
                target: Tgt::Foe(warden)
            },
            Action::AttackPass { uid: stalker }
        ]
    );
    act(
        &g,
        &mut s,
        Action::Attack {
            uid: stalker,
            target: Tgt::Foe(warden),
        },
    );
    let w = char_of(&s, Player::B, warden);
    assert_eq!((w.depleted, w.damage), (1, 2), "1 DP depleted, 2 to HP");
    assert!(char_of(&s, Player::A, stalker).has(flag::TAPPED));
    // The Warden (SP 3) strikes back before the Hound.
    assert_eq!((s.decider, attackers(&g, &s)), (Player::B, vec![warden]));
    act(&g, &mut s, Action::AttackPass { uid: warden });
    assert_eq!(attackers(&g, &s), [lancer]);
    act(&g, &mut s, Action::AttackPass { uid: lancer });
    settle(&g, &mut s, Player::B);
    let w = char_of(&s, Player::B, warden);
    assert_eq!(
        (w.depleted, w.dp),
        (0, -1),
        "depletion ends, the reduction stays"
    );
    assert!(
        !char_of(&s, Player::A, stalker).has(flag::TAPPED),
        "untapped between turns"
    );
}

#[test]
fn no_battle_on_the_very_first_turn() {
    // rules/nintendo-tcg.txt: "10 – Battle Phase", "the battle phase does
    // not conduct on the very first turn of the game".
    let g = game();
    let mut s = fresh(&g);
    s.turns = 1;
    put(&g, &mut s, Player::A, "Gloom Stalker");
    put(&g, &mut s, Player::B, "Frost Warden");
    let events = act(&g, &mut s, Action::EndTurn);
    assert!(!has_kind(&events, |k| matches!(k, EventKind::BattleStart)));
    assert_eq!((s.phase, s.active, s.turns), (Phase::Main, Player::B, 2));
    act(&g, &mut s, Action::EndTurn);
    assert_ne!(s.phase, Phase::Main, "turn 2 has its battle");
}

#[test]
fn tapped_characters_do_not_attack_frozen_ones_stay_tapped() {
    // rules/nintendo-tcg.txt: "10 – Battle Phase", "Link is then tapped
    // (cannot attack…)"; "un-tapped (unless an effect keeps them tapped
    // longer)"; glossary "Status".
    let g = game();
    let mut s = fresh(&g);
    let warden = put(&g, &mut s, Player::A, "Frost Warden");
    let foe = put(&g, &mut s, Player::B, "Gloom Stalker");
    act(
        &g,
        &mut s,
        Action::Use {
            uid: warden,
            ability: 0,
            target: Tgt::Foe(foe),
        },
    );
    assert!(char_of(&s, Player::B, foe).has(flag::FROZEN));
    // The Stalker (SP 5) is the fastest on the board: untapped, it would
    // attack first. Every attacker of the battle is recorded.
    act(&g, &mut s, Action::EndTurn);
    let mut fought = Vec::new();
    while s.phase != Phase::Main {
        match s.phase {
            Phase::Window(_) => {
                act(&g, &mut s, Action::Decline);
            }
            Phase::Battle => {
                for uid in attackers(&g, &s) {
                    fought.push((s.decider, uid));
                }
                let pass = pass_first(&g, &s);
                act(&g, &mut s, pass);
            }
            p => panic!("{p:?}"),
        }
    }
    assert_eq!(
        fought,
        [(Player::A, warden)],
        "the tapped Stalker does not attack"
    );
    assert_eq!(s.active, Player::B);
    assert!(
        char_of(&s, Player::B, foe).has(flag::TAPPED),
        "frozen through one untap"
    );
    assert!(!can_use(&g, &s, foe));
    settle(&g, &mut s, Player::A);
    assert!(!char_of(&s, Player::B, foe).has(flag::TAPPED));
}

// ---------------------------------------------------------------------------
// 11 – Turn Priority via Effects

#[test]
fn a_timed_effect_on_the_rival_turn_gets_one_reply_first() {
    // rules/nintendo-tcg.txt: "11 – Turn Priority via Effects", "since it
    // is player A's turn, he gets one reply before the effect activates";
    // "13": Mario's Goomba Summon on Luigi's turn, Luigi's Assist Trophy
    // first.
    let g = game();
    let mut s = fresh(&g);
    let horn = hand(&g, &mut s, Player::B, "Ambush Horn");
    let imp = hand(&g, &mut s, Player::A, "Spark Imp");
    let brute = hand(&g, &mut s, Player::A, "Rubble Brute");
    let scroll = hand(&g, &mut s, Player::A, "Counterspell Scroll");
    act(&g, &mut s, play(imp, Tgt::None));
    let uid = uid_of(&s, Player::A, imp);
    assert_eq!(g.to_move(&s), Node::Decision(Player::B));
    act(&g, &mut s, answer_at(horn, uid));
    assert_eq!(s.phase, Phase::Reply(Trigger::CharacterPlayed));
    assert_eq!(g.to_move(&s), Node::Decision(Player::A));
    let replies = legal(&g, &s);
    assert!(replies.contains(&Action::NoReply) && !replies.contains(&Action::EndTurn));
    // The reply is a main-phase action, not an answer: a [Timed] card
    // (Counterspell Scroll, "when your opponent activates an effect card")
    // does not answer the Horn (docs/rulings/nintendo-tcg.md, "The reply").
    assert!(
        !replies.iter().any(|a| matches!(a,
            Action::Answer { card, .. } | Action::Play { card, .. } if *card == scroll)),
        "{replies:?}"
    );
    // The reply: a Character from hand; it opens no window of its own
    // (windows do not nest).
    act(&g, &mut s, play(brute, Tgt::None));
    assert_eq!(s.phase, Phase::Main);
    assert!(
        s.sides[Player::A].char(uid).is_none(),
        "then the Horn resolved: the Imp is destroyed"
    );
    assert!(s.sides[Player::B].discard.contains(&horn));
}

#[test]
fn a_reply_that_ends_the_game_still_discards_the_answer() {
    // rules/nintendo-tcg.txt: "11 – Turn Priority via Effects" (the
    // active player's one reply comes first) and "12 – Vitality Points"
    // (at zero the player loses): a reply that wins the game leaves the
    // answering Effect card unresolved, but out of the hand, in the
    // discard pile (the soak's seed 1184 lost it).
    let g = game();
    let mut s = fresh(&g);
    let horn = hand(&g, &mut s, Player::B, "Ambush Horn");
    let imp = hand(&g, &mut s, Player::A, "Spark Imp");
    let siphon = hand(&g, &mut s, Player::A, "Soul Siphon");
    s.sides[Player::B].vp = 2;
    act(&g, &mut s, play(imp, Tgt::None));
    let uid = uid_of(&s, Player::A, imp);
    act(&g, &mut s, answer_at(horn, uid));
    assert_eq!(s.phase, Phase::Reply(Trigger::CharacterPlayed));
    act(&g, &mut s, play(siphon, Tgt::None));
    assert_eq!(s.outcome.map(|o| o.winner()), Some(Some(Player::A)));
    assert_eq!(s.answer, None);
    assert!(
        s.sides[Player::B].discard.contains(&horn),
        "the Horn is not lost"
    );
    assert!(s.sides[Player::A].discard.contains(&siphon));
    assert!(
        s.sides[Player::A].char(uid).is_some(),
        "the Horn never resolved"
    );
}

#[test]
fn a_constant_card_with_no_room_left_when_it_resolves_is_discarded() {
    // Ruling (docs/rulings/nintendo-tcg.md, "Constant Effect cards"): a
    // Constant card played into the last place waits for its window; if
    // the reply fills that place first, it is discarded, never lost.
    let g = game();
    let mut s = fresh(&g);
    hand(&g, &mut s, Player::B, "Counterspell Scroll");
    let standard = hand(&g, &mut s, Player::A, "Battle Standard");
    let fillers = ["Fireball", "Quake", "Mana Spring", "Second Wind"].map(|n| id(&g, n));
    for &f in &fillers[..CONSTANTS - 1] {
        take(&mut s, Player::A, f);
        s.sides[Player::A].constants.push(f);
    }
    act(&g, &mut s, play(standard, Tgt::None));
    assert_eq!(s.phase, Phase::Window(Trigger::EffectCard));
    // As a reply that played a Constant would: the last place is taken.
    take(&mut s, Player::A, fillers[CONSTANTS - 1]);
    s.sides[Player::A].constants.push(fillers[CONSTANTS - 1]);
    act(&g, &mut s, Action::Decline);
    assert!(!s.sides[Player::A].constants.contains(&standard));
    assert!(s.sides[Player::A].discard.contains(&standard));
}

#[test]
fn negate_destroys_the_effect_card_it_answers() {
    // rules/nintendo-tcg.txt: "14 – The Glossary", "Negate: … Player A's
    // card effect does not work and is destroyed".
    let g = game();
    let mut s = fresh(&g);
    let scroll = hand(&g, &mut s, Player::B, "Counterspell Scroll");
    let ball = hand(&g, &mut s, Player::A, "Fireball");
    let foe = put(&g, &mut s, Player::B, "Frost Warden");
    act(&g, &mut s, play(ball, Tgt::Foe(foe)));
    assert_eq!(s.phase, Phase::Window(Trigger::EffectCard));
    act(
        &g,
        &mut s,
        Action::Answer {
            card: scroll,
            uid: None,
            ability: 0,
            target: Tgt::None,
        },
    );
    let events = act(&g, &mut s, Action::NoReply);
    assert!(has_kind(&events, |k| matches!(
        k,
        EventKind::Negated { .. }
    )));
    assert_eq!(char_of(&s, Player::B, foe).damage, 0);
    assert!(
        s.sides[Player::A].discard.contains(&ball) && s.sides[Player::B].discard.contains(&scroll)
    );
    assert_eq!(s.held, None);
}

#[test]
fn battle_start_windows_open_for_both_players() {
    // Ruling: [Timed] "battle_start" effects may be used by either player
    // as a Battle Phase begins, the active player first; the rival's use
    // gives the active player a reply.
    let g = game();
    let mut s = fresh(&g);
    let shaman = put(&g, &mut s, Player::B, "Coral Shaman");
    s.sides[Player::B].char_mut(shaman).unwrap().damage = 2;
    let resolve = hand(&g, &mut s, Player::A, "Iron Resolve");
    let imp = put(&g, &mut s, Player::A, "Spark Imp");
    act(&g, &mut s, Action::EndTurn);
    assert_eq!(
        (s.phase, s.decider),
        (Phase::Window(Trigger::BattleStart), Player::A)
    );
    act(
        &g,
        &mut s,
        Action::Answer {
            card: resolve,
            uid: None,
            ability: 0,
            target: Tgt::Own(imp),
        },
    );
    assert_eq!(
        char_of(&s, Player::A, imp).dp,
        1,
        "at once: it is a's own turn"
    );
    assert_eq!(
        (s.phase, s.decider),
        (Phase::Window(Trigger::BattleStart), Player::B)
    );
    act(
        &g,
        &mut s,
        Action::Answer {
            card: id(&g, "Coral Shaman"),
            uid: Some(shaman),
            ability: 0,
            target: Tgt::None,
        },
    );
    assert_eq!(s.phase, Phase::Reply(Trigger::BattleStart));
    act(&g, &mut s, Action::NoReply);
    assert_eq!(char_of(&s, Player::B, shaman).damage, 1);
    assert_eq!(s.phase, Phase::Battle);
}

// ---------------------------------------------------------------------------
// 12 – Vitality Points

#[test]
fn with_no_characters_attacks_hit_vitality_and_zero_loses() {
    // rules/nintendo-tcg.txt: "12 – Vitality Points", "If a player has no
    // more character's, then any character that attacks from the opponent
    // goes straight to the players vitality points … If their Vitality
    // hits Zero, they lose."
    let g = game();
    let mut s = fresh(&g);
    let lev = put(&g, &mut s, Player::A, "Deep Leviathan"); // AP 6
    s.sides[Player::B].vp = 6;
    act(&g, &mut s, Action::EndTurn);
    settle_battle_to(&g, &mut s, lev);
    assert_eq!(
        legal(&g, &s),
        [
            Action::Attack {
                uid: lev,
                target: Tgt::None
            },
            Action::AttackPass { uid: lev }
        ]
    );
    let events = act(
        &g,
        &mut s,
        Action::Attack {
            uid: lev,
            target: Tgt::None,
        },
    );
    assert!(has_kind(&events, |k| matches!(
        k,
        EventKind::Score { total: 10 }
    )));
    assert_eq!(
        g.to_move(&s),
        Node::Terminal(crate::core::Outcome::win(2, Player::A, "vitality"))
    );
    assert_eq!(g.summary(&s, Player::A).score, 10);
    assert_eq!(g.summary(&s, Player::B).health, 0);
}

#[test]
fn a_player_who_cannot_draw_loses() {
    // rules/nintendo-tcg.txt: "12 – Vitality Points", "Another way to win
    // is if the opponent cannot draw a card at the start of their turn".
    let g = game();
    let mut s = fresh(&g);
    let deck: Vec<CardId> = s.sides[Player::B].deck.iter().copied().collect();
    s.sides[Player::B].deck.clear();
    s.sides[Player::B].discard.extend(deck);
    settle(&g, &mut s, Player::B);
    assert_eq!(
        g.to_move(&s),
        Node::Terminal(crate::core::Outcome::win(2, Player::A, "deck_out"))
    );
}

#[test]
fn effects_can_take_vitality_too() {
    // rules/nintendo-tcg.txt: "12 – Vitality Points", "some cards might
    // give players more ways to win" (Soul Siphon takes 2 VP).
    let g = game();
    let mut s = fresh(&g);
    let siphon = hand(&g, &mut s, Player::A, "Soul Siphon");
    s.sides[Player::B].vp = 2;
    act(&g, &mut s, play(siphon, Tgt::None));
    act(&g, &mut s, Action::Decline);
    assert!(matches!(g.to_move(&s), Node::Terminal(o) if o.winner() == Some(Player::A)));
}

// ---------------------------------------------------------------------------
// 14 – The Glossary

#[test]
fn hand_power_starts_at_five_and_both_gain_two_each_turn() {
    // rules/nintendo-tcg.txt: "14 – The Glossary", "Hand Power: … Each
    // player starts with 5 hand power … Both players get 2 hand power in
    // between turns"; "13": "Mario is now at 4 and Luigi at 3".
    let g = game();
    let mut s = fresh(&g);
    s.sides[Player::A].power = 0;
    s.sides[Player::B].power = 1;
    settle(&g, &mut s, Player::B);
    assert_eq!((s.sides[Player::A].power, s.sides[Player::B].power), (2, 3));
    assert_eq!(Side::default().power, START_POWER);
    assert_eq!(Side::default().vp, START_VP);
}

#[test]
fn statuses_removal_and_coins() {
    // rules/nintendo-tcg.txt: "14 – The Glossary", "Status", "Removed
    // Area: … where cards are removed from the game"; "3 – Material's",
    // "This game will use coin flips every now and then".
    let g = game();
    let mut s = fresh(&g);
    let stalker = put(&g, &mut s, Player::A, "Gloom Stalker");
    let foe = put(&g, &mut s, Player::B, "Tide Regent");
    act(
        &g,
        &mut s,
        Action::Use {
            uid: stalker,
            ability: 0,
            target: Tgt::Foe(foe),
        },
    );
    s.sides[Player::B].char_mut(foe).unwrap().flags |= flag::TAPPED;
    s.sides[Player::A].char_mut(stalker).unwrap().flags |= flag::TAPPED;
    settle(&g, &mut s, Player::B);
    assert_eq!(
        char_of(&s, Player::B, foe).damage,
        1,
        "poison bites between turns"
    );
    let light = hand(&g, &mut s, Player::B, "Banishing Light");
    act(&g, &mut s, play(light, Tgt::Foe(stalker)));
    act(&g, &mut s, Action::Decline);
    assert_eq!(s.sides[Player::A].removed[..], [id(&g, "Gloom Stalker")]);
    // Storm Caller's coin: over many flips, both faces.
    let mut hits = [0; 2];
    for seed in 0..40 {
        let mut s = fresh(&g);
        let caller = put(&g, &mut s, Player::A, "Storm Caller");
        let foe = put(&g, &mut s, Player::B, "Deep Leviathan");
        let mut events = Vec::new();
        let a = Action::Use {
            uid: caller,
            ability: 0,
            target: Tgt::Foe(foe),
        };
        g.apply(&mut s, a, &mut rng_from_seed(seed), &mut |e: &Event| {
            events.push(*e)
        });
        let heads = has_kind(&events, |k| matches!(k, EventKind::Coin { heads: true }));
        assert_eq!(
            char_of(&s, Player::B, foe).damage,
            if heads { 3 } else { 0 }
        );
        hits[usize::from(heads)] += 1;
    }
    assert!(hits[0] > 5 && hits[1] > 5, "{hits:?}");
}

// ---------------------------------------------------------------------------
// Turn limit, reports, hidden information, files

#[test]
fn the_turn_limit_makes_the_game_a_draw() {
    // Ruling: after `max_turns` turns (both players' counted) the game is
    // a draw, reason `turn_limit`.
    let mut g = game();
    g.options.max_turns = 4;
    let mut s = fresh(&g);
    s.turns = 4;
    settle(&g, &mut s, Player::B);
    assert_eq!(
        g.to_move(&s),
        Node::Terminal(crate::core::Outcome::draw(2, "turn_limit"))
    );
    assert_eq!(s.turns, 4);
}

#[test]
fn metrics_map_turns_plays_payments_and_actions() {
    // docs/rulings/nintendo-tcg.md, "Reports".
    let g = game();
    let mut s = fresh(&g);
    let hound = hand(&g, &mut s, Player::A, "Magma Hound");
    let warlord = put(&g, &mut s, Player::A, "Cinder Warlord");
    let m =
        |events: &[Event]| -> Vec<Metric> { events.iter().filter_map(|e| g.metric(e)).collect() };
    let a = Player::A;
    let got = m(&act(&g, &mut s, play(hound, Tgt::None)));
    assert_eq!(
        got,
        [
            Metric::Action {
                player: a,
                kind: "play"
            },
            Metric::Played {
                player: a,
                card: hound,
                cost: 4
            }
        ]
    );
    act(&g, &mut s, Action::Decline);
    let got = m(&act(
        &g,
        &mut s,
        Action::Use {
            uid: warlord,
            ability: 1,
            target: Tgt::None,
        },
    ));
    assert_eq!(
        got,
        [
            Metric::Action {
                player: a,
                kind: "effect"
            },
            Metric::Spent {
                player: a,
                amount: 1
            }
        ]
    );
    let mut events = Vec::new();
    g.apply(&mut s, Action::EndTurn, &mut rng(), &mut |e: &Event| {
        events.push(*e)
    });
    while s.phase != Phase::Main {
        let a = if matches!(s.phase, Phase::Battle) {
            pass_first(&g, &s)
        } else {
            Action::Decline
        };
        g.apply(&mut s, a, &mut rng(), &mut |e: &Event| events.push(*e));
    }
    let got = m(&events);
    assert!(
        got.contains(&Metric::TurnEnd {
            player: a,
            unspent: 15
        }),
        "{got:?}"
    );
    assert!(got.contains(&Metric::TurnStart {
        player: Player::B,
        resource_max: 22,
        resource: 22
    }));
    assert!(
        got.iter()
            .any(|x| matches!(x, Metric::Drew { player, .. } if *player == Player::B))
    );
    // The pick: the game start, every extra deck card as in hand (it is
    // played as a hand card is), the pick's action and the Commander as
    // in hand (cards.csv's opening hand).
    let mut events = Vec::new();
    let mut s = g.start(&mut rng(), &mut |e: &Event| events.push(*e));
    let commander = id(&g, "Tide Regent");
    events.extend(act(&g, &mut s, Action::Pick(commander)));
    let got = m(&events);
    let extra: Vec<Metric> = Player::all(2)
        .flat_map(|p| {
            s.sides[p]
                .extra
                .iter()
                .map(move |&card| Metric::ToHand { player: p, card })
        })
        .collect();
    assert!(!extra.is_empty());
    let mut expected = vec![Metric::GameStart];
    expected.extend(extra);
    expected.push(Metric::Action {
        player: a,
        kind: "pick",
    });
    expected.push(Metric::ToHand {
        player: a,
        card: commander,
    });
    assert_eq!(got, expected);
}

#[test]
fn effect_uses_empty_searches_battle_passes_and_its_end_are_events() {
    // docs/events.md, "Nintendo TCG": every change of the state is a log
    // line. Until a review found them, an effect's use logged only its
    // action kind, an empty search shuffled the deck unlogged, a Character
    // with no target passed unlogged, and the end of the battle gave back
    // the DP depleted with no line (the `untap` line claimed it).
    let g = game();
    let mut s = fresh(&g);
    let (a, b) = (Player::A, Player::B);
    // Blaze Marshal's *Normal* search, with no Item left in the deck.
    let marshal_card = id(&g, "Blaze Marshal");
    let marshal = put(&g, &mut s, a, "Blaze Marshal");
    let items: Vec<CardId> = s.sides[a]
        .deck
        .iter()
        .copied()
        .filter(|&c| g.db.card(c).kind == super::cards::Kind::Item)
        .collect();
    for c in items {
        take(&mut s, a, c);
        s.sides[a].discard.push(c);
    }
    let use_it = Action::Use {
        uid: marshal,
        ability: 1,
        target: Tgt::None,
    };
    let events = act(&g, &mut s, use_it);
    assert!(has_kind(&events, |k| *k
        == EventKind::Ability {
            card: marshal_card,
            uid: Some(marshal),
            ability: 1,
            target: None,
        }));
    assert!(has_kind(&events, |k| *k == EventKind::SearchNone));
    let json: Vec<String> = events.iter().map(|e| g.event_json(e).to_string()).collect();
    assert!(
        json.iter()
            .any(|j| j.contains(r#""card":"Blaze Marshal""#) && j.contains(r#""event":"ability""#)),
        "{json:?}"
    );
    assert!(
        json.iter().any(|j| j.contains(r#""found":false"#)),
        "{json:?}"
    );
    // A Character's Timed answer names it and its target.
    let warden = put(&g, &mut s, b, "Frost Warden"); // SP 3
    let regent = put(&g, &mut s, b, "Tide Regent"); // SP 3
    let horn = hand(&g, &mut s, b, "Ambush Horn");
    let imp = hand(&g, &mut s, a, "Spark Imp");
    act(&g, &mut s, play(imp, Tgt::None));
    let imp_uid = uid_of(&s, a, imp);
    let events = act(&g, &mut s, answer_at(horn, imp_uid));
    assert!(has_kind(&events, |k| *k
        == EventKind::Ability {
            card: horn,
            uid: None,
            ability: 0,
            target: Some((a, imp_uid, imp)),
        }));
    act(&g, &mut s, Action::NoReply);
    // The battle: b's Regent, in the Sub-Area (SP 4 there), has no target
    // there (a's Marshal is in the main Area) and passes by itself; the
    // Marshal passes by choice; the Warden depletes the Marshal's DP.
    let grotto = hand(&g, &mut s, a, "Sunken Grotto");
    let cove = hand(&g, &mut s, a, "Hidden Cove");
    act(&g, &mut s, play(grotto, Tgt::None));
    act(&g, &mut s, play(cove, Tgt::None));
    s.sides[b].char_mut(regent).unwrap().flags |= flag::SUB;
    let mut events = act(&g, &mut s, Action::EndTurn);
    while s.phase != Phase::Main {
        let next = match s.phase {
            Phase::Window(_) => Action::Decline,
            Phase::Battle if s.decider == b && attackers(&g, &s) == [warden] => Action::Attack {
                uid: warden,
                target: Tgt::Foe(marshal),
            },
            Phase::Battle => pass_first(&g, &s),
            p => panic!("{p:?}"),
        };
        events.extend(act(&g, &mut s, next));
    }
    let passes: Vec<&EventKind> = events
        .iter()
        .map(|e| &e.kind)
        .filter(|k| matches!(k, EventKind::AttackPass { .. }))
        .collect();
    assert_eq!(
        passes,
        [
            &EventKind::AttackPass {
                card: marshal_card,
                uid: marshal,
                no_target: false,
            },
            &EventKind::AttackPass {
                card: id(&g, "Tide Regent"),
                uid: regent,
                no_target: true,
            },
        ]
    );
    let (attack, end, untap) = (
        events
            .iter()
            .position(|e| matches!(e.kind, EventKind::Attack { absorbed: 2, .. })),
        events.iter().position(|e| e.kind == EventKind::BattleEnd),
        events.iter().position(|e| e.kind == EventKind::Untap),
    );
    assert!(
        attack < end && end < untap && attack.is_some(),
        "{events:?}"
    );
    assert_eq!(char_of(&s, a, marshal).depleted, 0);
}

#[test]
fn the_reports_name_the_vitality_points() {
    // rules/nintendo-tcg.txt: "12 – Vitality Points", "Vitality Points or
    // VP are the actual players Vitality"; docs/rulings/nintendo-tcg.md,
    // "Reports". Until a review found it, the reports' titles read
    // "victory points".
    let terms = game().terms();
    assert_eq!(terms.health, "Vitality Points left");
    assert_eq!(terms.score, "Vitality Points taken from the opponent");
    assert_eq!(terms.resource, "hand power");
}

#[test]
fn views_hide_the_rival_hand_deck_order_and_pick() {
    // Honesty: states that differ only in what a player cannot see (the
    // rival's hand, the decks' order, the rival's face-down Commander)
    // give the same info_key and the same determinized view.
    let g = NintendoTcg::bundled(0, 1);
    let mut s1 = g.new_state(&mut rng());
    let mut s2 = s1;
    let mut r = rng();
    g.apply(
        &mut s1,
        Action::Pick(id(&g, "Blaze Marshal")),
        &mut r,
        &mut crate::core::NoObserver,
    );
    g.apply(
        &mut s2,
        Action::Pick(id(&g, "Cinder Warlord")),
        &mut r,
        &mut crate::core::NoObserver,
    );
    assert_ne!(s1, s2);
    let b = Player::B;
    assert_eq!(g.info_key(&s1, b), g.info_key(&s2, b));
    assert_ne!(g.info_key(&s1, Player::A), g.info_key(&s2, Player::A));
    let v1 = g.determinize(&s1, b, &mut rng_from_seed(3));
    let v2 = g.determinize(&s2, b, &mut rng_from_seed(3));
    assert_eq!(v1, v2);
    // In play: swap a card of a's hand with one of a's deck.
    let mut s = fresh(&g);
    let c = s.sides[Player::A].deck[0];
    s.sides[Player::A].deck.remove(0);
    s.sides[Player::A].hand.push(c);
    let mut t = s;
    let other = t.sides[Player::A].deck[5];
    t.sides[Player::A].deck[5] = c;
    t.sides[Player::A].hand[0] = other;
    t.sides[Player::B].deck.reverse();
    assert_eq!(g.info_key(&s, b), g.info_key(&t, b));
    assert_ne!(g.info_key(&s, Player::A), g.info_key(&t, Player::A));
    assert_eq!(
        g.determinize(&s, b, &mut rng_from_seed(9)),
        g.determinize(&t, b, &mut rng_from_seed(9))
    );
    let view = g.determinize(&s, b, &mut rng_from_seed(9));
    assert_eq!(
        view.sides[Player::B].hand,
        s.sides[Player::B].hand,
        "b's own hand is kept"
    );
}

#[test]
fn a_card_a_search_reveals_is_known_in_hand_until_played() {
    // rules/nintendo-tcg.txt: "13 – The Example Game", "He shows Mario his
    // search was for Rex"; glossary "Reveal": "showing your opponent
    // cards". Until a review found it, `decklab play` hid the card from
    // the rival and the bots' views dealt the rival's hand without it.
    use crate::play::Describe;
    let g = game();
    let mut s = fresh(&g);
    let (a, b) = (Player::A, Player::B);
    let call = hand(&g, &mut s, a, "Pirate Call");
    act(&g, &mut s, play(call, Tgt::None));
    act(&g, &mut s, Action::Decline);
    let stalker = id(&g, "Gloom Stalker");
    let events = act(&g, &mut s, Action::Search(Some(stalker)));
    assert_eq!(s.sides[a].hand_known[..], [stalker]);
    // The log line of the search, as `decklab play` shows it to b.
    let line = events
        .iter()
        .map(|e| g.event_json(e))
        .find(|j| j["event"] == "search")
        .expect("a search line");
    let mut shown = line.as_object().unwrap().clone();
    g.redact(&mut shown, b);
    assert_eq!(shown["card"], "Gloom Stalker", "revealed to the rival");
    // b's views keep it in a's hand; the rest of a's hand is dealt again.
    for k in 0..20 {
        let v = g.determinize(&s, b, &mut rng_from_seed(k));
        assert!(v.sides[a].hand.contains(&stalker), "view {k}");
        assert_eq!(v.sides[a].hand.len(), s.sides[a].hand.len());
    }
    let mut t = s;
    let i = t.sides[a].hand.iter().position(|&c| c == stalker).unwrap();
    let j = t.sides[a].deck.len() - 1;
    (t.sides[a].hand[i], t.sides[a].deck[j]) = (t.sides[a].deck[j], stalker);
    t.sides[a].hand_known.clear();
    assert_ne!(g.info_key(&s, b), g.info_key(&t, b), "b knows where it is");
    // Played, it is forgotten: the hand holds no known card.
    act(&g, &mut s, play(stalker, Tgt::None));
    assert!(s.sides[a].hand_known.is_empty());
}

#[test]
fn a_revealed_commander_waiting_to_be_paid_is_public() {
    // rules/nintendo-tcg.txt: "13 – The Example Game": "Both of the Mario
    // Bros then flip over their commander's": once revealed, a Commander
    // is public. A first Commander whose Instant searches holds up the
    // second one's payment; until a review found it, the second stayed a
    // face-down pick to the views, which dealt another Commander.
    let g = game_on(edited_pool(
        r#"effects = [{ do = "fetch", card = "Ember Crest" }]"#,
        r#"effects = [{ do = "search", kind = "item" }]"#,
    ));
    let marshal = id(&g, "Blaze Marshal");
    for seed in 0..10 {
        let mut s = g.new_state(&mut rng_from_seed(seed));
        let mut r = rng_from_seed(seed);
        for _ in 0..2 {
            g.apply(
                &mut s,
                Action::Pick(marshal),
                &mut r,
                &mut crate::core::NoObserver,
            );
        }
        assert_eq!(s.phase, Phase::Search);
        let first = s.decider;
        let second = first.opponent();
        assert_eq!(
            s.sides[second].pick,
            Some(marshal),
            "revealed, still to be paid"
        );
        for k in 0..10 {
            let v = g.determinize(&s, first, &mut rng_from_seed(100 + k));
            assert_eq!(v.sides[second].pick, Some(marshal), "seed {seed}, view {k}");
        }
        // The information set tells the revealed Commander apart.
        let mut t = s;
        t.sides[second].pick = Some(id(&g, "Cinder Warlord"));
        take(&mut t, second, id(&g, "Cinder Warlord"));
        t.sides[second].deck.push(marshal);
        assert_ne!(g.info_key(&s, first), g.info_key(&t, first));
    }
}

#[test]
fn overrides_change_stats_and_suggest_names() {
    let mut db = NintendoTcg::bundled_cards();
    db.apply_override("Spark Imp.ap=4").unwrap();
    db.apply_override("fireball.cost=0").unwrap();
    assert_eq!(db.card(db.id("Spark Imp").unwrap()).ap, 4);
    assert_eq!(db.card(db.id("Fireball").unwrap()).cost, 0);
    let e = db.apply_override("Spark Imq.ap=4").unwrap_err();
    assert!(e.contains("did you mean \"Spark Imp\""), "{e}");
    let e = db.apply_override("Spark Imp.atk=4").unwrap_err();
    assert!(e.contains("did you mean \"ap\""), "{e}");
    let e = db.apply_override("Spark Imp.hp=0").unwrap_err();
    assert!(e.contains("from 1 to 30"), "{e}");
    let e = db.apply_override("Fireball.ap=2").unwrap_err();
    assert!(e.contains("no character"), "{e}");
}

#[test]
fn card_files_report_path_and_line() {
    let text = "[[card]]\nname = \"A\"\nkind = \"character\"\nelements = [\"fyre\"]\nhp = 2\n\n[[card]]\nname = \"B\"\nkind = \"effect\"\ntiming = \"timed\"\neffects = [{ do = \"negate\" }]\n[[card]]\nname = \"C\"\nkind = \"token\"\ncost = 2\nelements = [\"water\"]\nhp = 1\ngeneral_to = \"Nobody\"\n";
    let err = CardDb::parse(text, "p.toml").unwrap_err().to_string();
    assert!(
        err.contains("p.toml:1: card \"A\": unknown element \"fyre\" (did you mean \"fire\"?)"),
        "{err}"
    );
    assert!(
        err.contains("p.toml:7: card \"B\": a timed effect expects a trigger"),
        "{err}"
    );
    assert!(
        err.contains("p.toml:12: card \"C\": a token has no hand cost"),
        "{err}"
    );
    assert!(
        err.contains("p.toml:12: card \"C\": general_to: unknown card \"Nobody\""),
        "{err}"
    );
    let err = CardDb::parse("[[card]]\nname = 3\n", "q.toml")
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("q.toml:2:"), "{err}");
}

#[test]
fn damaged_card_files_are_explained_never_a_panic() {
    // Every one-line deletion and every one-line doubling of the bundled
    // pool either loads or reports `path:line: …`.
    let lines: Vec<&str> = super::cards::BUNDLED_CARDS.lines().collect();
    for i in 0..lines.len() {
        for doubled in [false, true] {
            let mut edited: Vec<&str> = lines.clone();
            if doubled {
                edited.insert(i, lines[i]);
            } else {
                edited.remove(i);
            }
            if let Err(e) = CardDb::parse(&edited.join("\n"), "pool.toml") {
                for d in &e.0 {
                    assert!(d.to_string().starts_with("pool.toml"), "{d}");
                }
            }
        }
    }
}
