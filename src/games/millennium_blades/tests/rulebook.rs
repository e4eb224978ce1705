//! Rule tests for the paragraphs of the rulebook that `flow.rs` and
//! `tournament.rs` leave out, and for the rulings of
//! docs/rulings/millennium-blades.md that no other test pins down. Each
//! test quotes its paragraph (`rules/millennium-blades.txt: "Section"`) or
//! names its ruling. Many of them found departures rules reviews
//! reported, fixed since (docs/rulings/millennium-blades.md, "Fixed on
//! review").

use std::sync::Arc;

use super::super::action::Action;
use super::super::cards::{CardDb, Kind, Tier};
use super::super::deck::Deck;
use super::super::events::{Event, EventKind};
use super::super::state::{Area, Listing, Phase, Prompt, STORE_AREA, Seller, Slot, State, Zone};
use super::super::{INCOME, MillenniumBlades, Mode, Options};
use super::fixture::{Fixture, kinds};
use super::{game, mode, pool};
use crate::core::{Game, NoObserver, Player, derive_rng};
use crate::games::Ruleset;

const A: Player = Player::A;
const B: Player = Player::B;

/// The third seat.
fn c() -> Player {
    Player::new(2)
}

/// Cards only these tests use: three cards of two elements each, every
/// pair sharing one and no element shared by all three; a single whose
/// Score effect is a clash; a single whose Reaction answers its owner's
/// plays; a single whose Reaction chooses one of its owner's cards; a
/// single with both a Reaction and a Score effect; a single whose
/// Action draws store cards; a single whose first Score effect flips it
/// before its second; and a single whose Reaction holds only while it is
/// its owner's Top Card; and a single whose Action discards a card from
/// its owner's hand.
const EXTRA_CARDS: &str = r#"
[[set]]
name = "Rulebook Extras"
tier = "starter"

[[set.card]]
name = "Fire Air One"
stars = 1
elements = ["fire", "air"]
types = ["animal"]

[[set.card]]
name = "Air Water Two"
stars = 2
elements = ["air", "water"]
types = ["myth"]

[[set.card]]
name = "Fire Water Three"
stars = 3
elements = ["fire", "water"]
types = ["mage"]

[[set.card]]
name = "Score Clash"
stars = 4
elements = ["earth"]
types = ["soldier"]
effects = [{ when = "score", do = "clash", with = "all" }]

[[set.card]]
name = "Encore"
stars = 2
elements = ["light"]
types = ["citizen"]
effects = [{ when = "reaction", on = "you_play", do = "gain_rp", amount = 1 }]

[[set.card]]
name = "Rally Call"
stars = 3
elements = ["fire"]
types = ["citizen"]
effects = [{ when = "reaction", on = "opponent_plays", do = "stars", amount = 2, target = "chosen_own" }]

[[set.card]]
name = "Sore Loser"
stars = 3
elements = ["dark"]
types = ["soldier"]
effects = [
    { when = "reaction", on = "clash_lost", do = "gain_rp", amount = 1 },
    { when = "score", do = "gain_rp", amount = 5 },
]

[[set.card]]
name = "Store Runner"
stars = 3
elements = ["water"]
types = ["citizen"]
effects = [{ when = "action", do = "draw_store", amount = 2 }]

[[set.card]]
name = "Curtain Call"
stars = 4
elements = ["light"]
types = ["mage"]
effects = [
    { when = "score", do = "flip", target = "this" },
    { when = "score", do = "gain_rp", amount = 5 },
]

[[set.card]]
name = "Last Word"
stars = 2
elements = ["dark"]
types = ["mage"]
effects = [{ when = "reaction", on = "opponent_plays", do = "gain_rp", amount = 3, if = { is_top = true } }]

[[set.card]]
name = "Clean Slate"
stars = 2
elements = ["water"]
types = ["mage"]
effects = [{ when = "action", do = "discard", who = "you", amount = 1 }]
"#;

/// A fixture like [`Fixture::with`] on the test pool plus [`EXTRA_CARDS`].
fn extended(players: usize, extra: &[&str], options: Options) -> Fixture {
    let text = format!("{}\n{EXTRA_CARDS}", include_str!("pool.toml"));
    let db = CardDb::parse(&text, "tests/pool.toml").unwrap_or_else(|e| panic!("{e}"));
    let cards: Vec<_> = extra
        .iter()
        .map(|n| (db.id(n).unwrap_or_else(|| panic!("no card {n}")), 1u8))
        .collect();
    let decks = (0..players)
        .map(|p| Deck {
            name: format!("seat-{p}"),
            cards: if p == 0 { cards.clone() } else { Vec::new() },
        })
        .collect();
    let g = MillenniumBlades::new(Arc::new(db), decks, options);
    let mut rng = derive_rng(7, 0);
    let mut s = g.new_state(&mut rng);
    for i in 0..g.table.len() {
        if s.zone(i as u16).owner().is_some()
            || s.zone(i as u16) == Zone::MARKET
            || s.zone(i as u16) == Zone::AREA
        {
            s.put(&g.table, i as u16, Zone::BOX);
            s.known[i] = u8::MAX;
        }
    }
    s.area.clear();
    s.market.clear();
    for p in s.players() {
        let seat = &mut s.seats[p];
        seat.tableau.clear();
        seat.board.clear();
        seat.slots = 6;
        seat.next.clear();
    }
    s.jobs.clear();
    s.prompt = None;
    s.phase = Phase::Tournament;
    s.active = A;
    s.round = 1;
    Fixture { g, s, rng }
}

/// The instance of metagame card `name`, now face up (the other revealed
/// metagame cards of its kind go back to the box, the stacks lose it).
fn reveal(f: &mut Fixture, name: &str) -> u16 {
    let id = f.g.db.id(name).unwrap_or_else(|| panic!("no card {name}"));
    let card = (0..f.g.table.len() as u16)
        .find(|&c| f.g.table.card(c) == id)
        .unwrap();
    for stack in f.s.metas.iter_mut() {
        stack.retain(|&c| c != card);
    }
    f.s.put(&f.g.table, card, Zone::META_UP);
    f.s.known[usize::from(card)] = u8::MAX;
    card
}

/// Turns every revealed metagame card back into the box.
fn no_metas(f: &mut Fixture) {
    for i in 0..f.g.table.len() {
        if f.s.zone(i as u16) == Zone::META_UP {
            f.s.put(&f.g.table, i as u16, Zone::BOX);
        }
    }
}

/// Sets `p`'s RP, keeping the RP ledger in step.
fn set_rp(f: &mut Fixture, p: Player, rp: u16) {
    let before = f.s.seats[p].rp;
    f.s.seats[p].rp = rp;
    if rp > before {
        f.s.rp_ledger.0 += u32::from(rp - before);
    } else {
        f.s.rp_ledger.1 += u32::from(before - rp);
    }
}

/// Lists `card` (out of the box) in the aftermarket, with `seller`'s
/// marker on it.
fn list(f: &mut Fixture, card: u16, seller: Option<Player>) {
    f.s.put(&f.g.table, card, Zone::MARKET);
    f.s.known[usize::from(card)] = u8::MAX;
    let seller = seller.map_or(Seller::Nobody, Seller::Marked);
    f.s.market.push(Listing { card, seller });
}

/// Cards in the box with a star rating (singles, deck boxes, accessories
/// of the store sets), the first `n`.
fn boxed(f: &Fixture, n: usize) -> Vec<u16> {
    (0..f.g.table.len() as u16)
        .filter(|&c| f.s.zone(c) == Zone::BOX && f.g.card(c).stars > 0)
        .take(n)
        .collect()
}

/// Runs the end of the tournament (Score effects, then the placement),
/// returning the events.
fn end(f: &mut Fixture) -> Vec<Event> {
    let mut events = Vec::new();
    f.g.end_tournament(&mut f.s, &mut f.rng, &mut |e: &Event| events.push(*e));
    events
}

/// Places the players of the tournament by their RP now, returning the
/// events.
fn place(f: &mut Fixture) -> Vec<Event> {
    let mut events = Vec::new();
    f.g.placement(&mut f.s, &mut f.rng, &mut |e: &Event| events.push(*e));
    events
}

/// Each player's (place, VP) in `events`, in seat order.
fn placed(events: &[Event]) -> Vec<(Player, u8, u16)> {
    events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Placed { place, vp, .. } => Some((e.player, place, vp)),
            _ => None,
        })
        .collect()
}

/// The RP `p` was placed on, in `events`.
fn placed_rp(events: &[Event], p: Player) -> Option<u16> {
    events.iter().find_map(|e| match e.kind {
        EventKind::Placed { rp, .. } if e.player == p => Some(rp),
        _ => None,
    })
}

/// The promos each player received as prize support, in `events`.
fn prizes(events: &[Event]) -> Vec<(Player, u16)> {
    events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Prize { card } => Some((e.player, card)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Setup and the deckbuilding phase.

#[test]
fn setup_puts_a_bronze_silver_and_gold_set_in_the_fusion_area_and_keeps_two_as_prizes() {
    // rules/millennium-blades.txt: "Game Setup", step 3: "Choose two sets
    // of Bronze and Silver Promos, and one set of Gold Promos, for a total
    // of five sets. Place one of each type of set in the Card Fusion Area,
    // and set the other two aside to use as Prize Support later on."
    let g = game(3, mode(Mode::Standard));
    let s = g.new_state(&mut derive_rng(11, 0));
    for (pile, tier) in [(0, Tier::Bronze), (1, Tier::Silver), (2, Tier::Gold)] {
        assert_eq!(s.fusion[pile].len(), 6, "{tier:?} fusion pile");
        assert!(s.fusion[pile].iter().all(|&c| g.card(c).tier == tier));
    }
    for (pile, tier) in [(0, Tier::Bronze), (1, Tier::Silver)] {
        assert_eq!(s.prizes[pile].len(), 6, "{tier:?} prize support");
        assert!(s.prizes[pile].iter().all(|&c| g.card(c).tier == tier));
        // A set other than the fused one.
        let fused = g.card(s.fusion[pile][0]).set;
        assert!(s.prizes[pile].iter().all(|&c| g.card(c).set != fused));
    }
    // The second gold set stays in the box.
    let gold_in_play = (0..g.table.len())
        .filter(|&i| g.card(i as u16).tier == Tier::Gold && s.zone(i as u16) != Zone::BOX)
        .count();
    assert_eq!(gold_in_play, 6);
}

#[test]
fn the_top_of_the_store_is_for_sale_and_slots_of_one_set_are_one_choice() {
    // rules/millennium-blades.txt: "Buy a Pack from the Store": "Pay
    // Millennium Dollars equal to the buy cost ... of any face-down card you
    // want (including the top of the Store)". Ruling: store-area slots whose
    // backs show the same set are one choice.
    let g = game(2, mode(Mode::Standard));
    let mut rng = derive_rng(12, 0);
    let mut s = g.new_state(&mut rng);
    let set_of = |s: &State, slot: usize| g.store_price(s, slot).map(|(c, _)| g.card(c).set);
    // Put a card of a set absent from the store area on top of the store.
    let area_sets: Vec<u8> = (0..STORE_AREA).filter_map(|k| set_of(&s, k)).collect();
    let store = s.store.as_slice();
    let at = store
        .iter()
        .position(|&c| !area_sets.contains(&g.card(c).set))
        .expect("a set outside the store area");
    let last = store.len() - 1;
    s.store.as_mut_slice().swap(at, last);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let buys: Vec<usize> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Buy(k) => Some(usize::from(*k)),
            _ => None,
        })
        .collect();
    let mut sets: Vec<u8> = buys.iter().filter_map(|&k| set_of(&s, k)).collect();
    let offered = sets.len();
    sets.sort_unstable();
    sets.dedup();
    assert_eq!(sets.len(), offered, "one Buy per set");
    let mut all: Vec<u8> = (0..=STORE_AREA).filter_map(|k| set_of(&s, k)).collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(sets, all, "every set for sale is offered");
    assert!(buys.contains(&STORE_AREA), "the top of the store");
    let p = g.decider(&s);
    let top = s.store.top().unwrap();
    let (size, area) = (s.store.len(), s.area);
    let money = s.seats[p].money;
    g.apply(
        &mut s,
        Action::Buy(STORE_AREA as u8),
        &mut rng,
        &mut NoObserver,
    );
    assert_eq!(s.zone(top), Zone::of(Area::Binder, p));
    assert_eq!(s.seats[p].money, money - u16::from(g.card(top).price));
    assert_eq!((s.store.len(), s.area), (size - 1, area));
}

#[test]
fn the_aftermarket_takes_any_number_of_cards_while_deckbuilding() {
    // rules/millennium-blades.txt: "Sell to the Aftermarket": "The Aftermarket
    // has no card limit in this phase." FAQ: "The Aftermarket has no space
    // limit during the Deckbuilding Phase, only during the Tournament Phase."
    let mut f = Fixture::tournament(2, &[]);
    f.s.phase = Phase::Deckbuilding;
    f.s.turn = 0;
    for c in boxed(&f, 12) {
        list(&mut f, c, None);
    }
    let p = f.s.order[Player::A];
    let card = f.give(p, "Core Single 3", Area::Binder);
    f.act(Action::Sell(card));
    assert_eq!(f.s.market.len(), 13);
    assert_eq!(f.s.zone(card), Zone::MARKET);
}

#[test]
fn a_seller_cannot_buy_its_card_back_but_cards_a_clash_revealed_sell_to_anyone() {
    // rules/millennium-blades.txt: "Sell to the Aftermarket": "Once your card
    // is on sale in the Aftermarket, you cannot buy it back or remove it from
    // sale!"; "Clashing" example: the revealed cards go "into the Aftermarket
    // Area, to be available for sale during the next round" (ruling: a card
    // with no sell marker is bought like any other, and no marker returns).
    let mut f = Fixture::tournament(2, &[]);
    f.s.phase = Phase::Deckbuilding;
    f.s.turn = 0;
    let first = f.s.order[Player::A];
    let second = f.s.order[Player::B];
    let unmarked = f.give(second, "Core Single 5", Area::Binder);
    list(&mut f, unmarked, None);
    let card = f.give(first, "Core Single 3", Area::Binder);
    f.act(Action::Sell(card));
    assert!(
        f.legal().contains(&Action::BuyListed(card)),
        "another player may buy it"
    );
    f.act(Action::Pass);
    let legal = f.legal();
    assert!(!legal.contains(&Action::BuyListed(card)), "{legal:?}");
    assert!(legal.contains(&Action::BuyListed(unmarked)));
    let (markers, money) = (f.s.seats[first].markers, f.s.seats[first].money);
    f.act(Action::BuyListed(unmarked));
    assert_eq!(f.s.zone(unmarked), Zone::of(Area::Binder, first));
    assert_eq!(f.s.seats[first].markers, markers, "no marker to return");
    assert_eq!(
        f.s.seats[first].money,
        money - u16::from(f.g.card(unmarked).stars)
    );
}

#[test]
fn the_buyer_chooses_whose_copy_of_a_listed_card_to_buy() {
    // rules/millennium-blades.txt: "Buy from the Aftermarket": "Choose a card
    // from the Aftermarket with another players' Sell Marker on it ...
    // Return the Sell Marker on the card to its owner": copies of one card
    // from different sellers are different choices; copies from the same
    // seller are one.
    let mut f = Fixture::tournament(3, &[]);
    f.s.phase = Phase::Deckbuilding;
    f.s.turn = 0;
    let buyer = f.s.order[Player::A];
    let (one, other) = (f.s.order[Player::B], f.s.order[c()]);
    let mut listed = Vec::new();
    for (name, seller) in [
        ("Core Single 3", one),
        ("Core Single 3", other),
        ("Core Single 4", other),
        ("Core Single 4", other),
    ] {
        let card = f.give(buyer, name, Area::Binder);
        list(&mut f, card, Some(seller));
        f.s.seats[seller].markers -= 1;
        listed.push(card);
    }
    let legal = f.legal();
    let offered: Vec<bool> = listed
        .iter()
        .map(|&card| legal.contains(&Action::BuyListed(card)))
        .collect();
    assert_eq!(offered, vec![true, true, true, false], "{legal:?}");
    let markers = (f.s.seats[one].markers, f.s.seats[other].markers);
    f.act(Action::BuyListed(listed[1]));
    assert_eq!(f.s.zone(listed[1]), Zone::of(Area::Binder, buyer));
    assert_eq!(
        (f.s.seats[one].markers, f.s.seats[other].markers),
        (markers.0, markers.1 + 1),
        "the marker of the copy bought goes back"
    );
}

#[test]
fn a_fusion_needs_a_sell_marker_and_the_cards_to_give() {
    // rules/millennium-blades.txt: "Card Fusion": "Select the appropriate
    // number of cards from your binder (5-Bronze, 7-Silver, or 9-Gold) ... you
    // cannot perform Card Fusions if you have no Sell Markers left."
    let mut f = Fixture::tournament(2, &[]);
    f.s.phase = Phase::Deckbuilding;
    f.s.turn = 0;
    let p = f.s.order[Player::A];
    let fusions = |f: &Fixture| -> Vec<u8> {
        f.legal()
            .iter()
            .filter_map(|a| match a {
                Action::Fuse(t) => Some(*t),
                _ => None,
            })
            .collect()
    };
    for k in 0..4 {
        f.give(p, &format!("Core Single {k}"), Area::Binder);
    }
    assert_eq!(fusions(&f), Vec::<u8>::new(), "4 cards fuse nothing");
    f.give(p, "Core Single 4", Area::Binder);
    assert_eq!(fusions(&f), vec![0], "5 cards: bronze");
    for k in 5..9 {
        f.give(p, &format!("Core Single {k}"), Area::Binder);
    }
    assert_eq!(fusions(&f), vec![0, 1, 2], "9 cards: gold too");
    f.s.seats[p].markers = 0;
    assert_eq!(fusions(&f), Vec::<u8>::new(), "no sell marker");
}

#[test]
fn ticks_per_minute_multiply_the_seven_seven_and_six_minute_timers() {
    // rules/millennium-blades.txt: "When time runs out...": timers of 7, 7 and
    // 6 minutes. Ruling: each minute is --ticks-per-minute ticks (1 to 4,
    // default 1).
    for tpm in 1..=4u8 {
        let options = Options {
            ticks_per_minute: tpm,
            ..mode(Mode::Standard)
        };
        let g = game(2, options);
        assert_eq!(
            [g.ticks(0), g.ticks(1), g.ticks(2)],
            [7 * tpm, 7 * tpm, 6 * tpm]
        );
        assert!(MillenniumBlades::check_options(&options).is_ok());
    }
    for tpm in [0, 5] {
        let options = Options {
            ticks_per_minute: tpm,
            ..mode(Mode::Standard)
        };
        assert!(MillenniumBlades::check_options(&options).is_err());
    }
    assert_eq!(Options::default().ticks_per_minute, 1);
    assert_eq!(MillenniumBlades::default_options().max_turns, 2000);
}

#[test]
fn the_deck_holds_eight_singles_one_deck_box_two_accessories_and_one_copy_of_each() {
    // rules/millennium-blades.txt: "Build your Deck": "The Deck Area can
    // contain up to eight singles, up to one Deck Box, and up to two
    // Accessories ... You may only have one copy of any card in your deck!"
    let mut f = Fixture::tournament(2, &["Starter 0 Box"]);
    f.s.phase = Phase::Finalize { collection: false };
    f.s.turn = 0;
    let p = f.s.order[Player::A];
    let twin = f.give(p, "Core Single 0", Area::Binder);
    for k in 0..10 {
        f.give(p, &format!("Core Single {k}"), Area::Binder);
    }
    for name in [
        "Core Box",
        "Core Box",
        "Starter 0 Box",
        "Core Lens",
        "Core Shield",
        "Core Guard",
    ] {
        f.give(p, name, Area::Binder);
    }
    let takes = |f: &Fixture| -> Vec<u16> {
        f.legal()
            .iter()
            .filter_map(|a| match a {
                Action::Take(c) => Some(*c),
                _ => None,
            })
            .collect()
    };
    while let Some(&c) = takes(&f).first() {
        f.act(Action::Take(c));
    }
    let deck: Vec<u16> = f.s.in_zone(Zone::of(Area::Deck, p)).collect();
    let count = |k: Kind| deck.iter().filter(|&&c| f.g.card(c).kind == k).count();
    assert_eq!(
        (
            count(Kind::Single),
            count(Kind::DeckBox),
            count(Kind::Accessory)
        ),
        (8, 1, 2)
    );
    let mut ids: Vec<_> = deck.iter().map(|&c| f.g.table.card(c)).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), deck.len(), "one copy of each card");
    let zero = f.g.table.card(twin);
    let copies = deck.iter().filter(|&&c| f.g.table.card(c) == zero).count();
    assert_eq!(copies, 1);
}

#[test]
fn a_collection_needs_one_symbol_that_every_card_shares() {
    // rules/millennium-blades.txt: "Make your Collection": "made up of 2-8
    // cards, each having at least one matching symbol with all the others, and
    // each having a different star rating than all the others" (ruling: one
    // symbol common to all the cards; pairwise matches are not enough); "Card
    // Data": cards without an Element or Type "cannot be used as part of a
    // collection".
    let mut f = extended(
        2,
        &["Fire Air One", "Air Water Two", "Fire Water Three"],
        mode(Mode::Standard),
    );
    let own = |f: &Fixture, name: &str| -> u16 {
        let id = f.g.db.id(name).unwrap();
        (0..f.g.table.len() as u16)
            .find(|&c| f.g.table.card(c) == id)
            .unwrap()
    };
    let (one, two, three) = (
        own(&f, "Fire Air One"),
        own(&f, "Air Water Two"),
        own(&f, "Fire Water Three"),
    );
    for c in [one, two, three] {
        f.s.put(&f.g.table, c, Zone::of(Area::Binder, A));
    }
    let collect = |f: &mut Fixture, c: u16| {
        f.s.put(&f.g.table, c, Zone::of(Area::Collection, A));
    };
    let fits = |f: &Fixture, c: u16| {
        let members: Vec<u16> = f.s.in_zone(Zone::of(Area::Collection, A)).collect();
        f.g.fits_collection(&members, c, None)
    };
    collect(&mut f, one);
    assert!(fits(&f, two), "air in common");
    collect(&mut f, two);
    // Fire with the first, water with the second, nothing with both.
    assert!(!fits(&f, three));
    // Distinct star ratings: a second 1-star air card is refused.
    let same_stars = f.give(A, "Core Single 0", Area::Binder); // fire, 1 star
    assert!(!fits(&f, same_stars));
    // No symbol at all: never collectible.
    let shield = f.give(A, "Core Shield", Area::Binder);
    assert!(!fits(&f, shield));
    // An air card of a new rating joins.
    let air = f.give(A, "Blast A", Area::Binder); // air, 3 stars
    assert!(fits(&f, air));
}

#[test]
fn end_of_deckbuilding_sends_the_store_area_and_aftermarket_to_the_store_discard() {
    // rules/millennium-blades.txt: "End of Deckbuilding": "1. In any order,
    // players should each turn in a maximum of one collection for Victory
    // Points. 2. All loose cards that are not part of a player's deck are
    // moved to their owners' binders. 3. Put all cards from the store and the
    // Aftermarket into the Store Discard Pile." Ruling: a "collection" of one
    // card scores nothing and goes back to the binder.
    let g = game(2, mode(Mode::Standard));
    let mut rng = derive_rng(13, 0);
    let mut s = g.new_state(&mut rng);
    let seller = g.decider(&s);
    let sold = s.in_zone(Zone::of(Area::Binder, seller)).next().unwrap();
    g.apply(&mut s, Action::Sell(sold), &mut rng, &mut NoObserver);
    while s.phase == Phase::Deckbuilding {
        g.apply(&mut s, Action::Pass, &mut rng, &mut NoObserver);
    }
    let area: Vec<u16> = s.area.iter().copied().collect();
    assert_eq!(area.len(), STORE_AREA);
    // The first player: no deck, a collection of one card.
    let p = g.decider(&s);
    g.apply(&mut s, Action::Pass, &mut rng, &mut NoObserver);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let lone = legal
        .iter()
        .find_map(|a| match a {
            Action::Take(c) => Some(*c),
            _ => None,
        })
        .expect("a collectible card");
    g.apply(&mut s, Action::Take(lone), &mut rng, &mut NoObserver);
    let mut events = Vec::new();
    while matches!(s.phase, Phase::Finalize { .. }) {
        g.apply(&mut s, Action::Pass, &mut rng, &mut |e: &Event| {
            events.push(*e)
        });
    }
    // (Nobody built a deck: the tournament is over at once.)
    assert!(kinds(&events).contains(&EventKind::Cleanup { cards: 10 }));
    assert_eq!(s.zone(sold), Zone::DISCARD);
    assert!(area.iter().all(|&c| s.zone(c) == Zone::DISCARD));
    assert_eq!(s.zone(lone), Zone::of(Area::Binder, p));
    assert_eq!(s.seats[p].vp.collection, 0);
}

#[test]
fn the_store_discard_becomes_a_new_store_when_the_store_runs_out() {
    // rules/millennium-blades.txt: "Buy a Pack from the Store": "If the Store
    // runs out of cards, shuffle the store discard together to form a new
    // deck." FAQ: "What happens if the Store runs out of cards? Shuffle the
    // Store Discard to form a new Store Deck."
    let mut f = Fixture::tournament(2, &[]);
    while let Some(c) = f.s.store.pop() {
        f.s.put(&f.g.table, c, Zone::DISCARD);
    }
    let discard = f.s.count(Zone::DISCARD);
    assert!(discard > 0);
    let mut events = Vec::new();
    let card =
        f.g.draw_store(&mut f.s, &mut f.rng, &mut |e: &Event| events.push(*e))
            .expect("a card from the reshuffled discard");
    assert_eq!(f.s.count(Zone::DISCARD), 0);
    assert_eq!(f.s.store.len(), discard - 1);
    assert!(!f.s.store.as_slice().contains(&card));
    let reshuffled = discard as u16;
    assert!(kinds(&events).contains(&EventKind::Reshuffle { cards: reshuffled }));
}

#[test]
fn a_promo_that_comes_up_in_the_store_is_bought_for_cash() {
    // rules/millennium-blades.txt: "FAQs": "What happens if the Store runs out
    // of cards? ... Any promo cards that come up in the store can be bought
    // for cash instead of via fusion." The engine prices store cards by their
    // set's buy cost, which promo and starter sets do not have. Ruling ("Fixed
    // on review"): such a card costs the highest star rating of its set.
    let mut f = Fixture::tournament(2, &[]);
    f.s.phase = Phase::Deckbuilding;
    f.s.turn = 0;
    // A promo of the gold set left in the box comes up in the store.
    let promo = (0..f.g.table.len() as u16)
        .find(|&c| f.g.card(c).tier == Tier::Gold && f.s.zone(c) == Zone::BOX)
        .expect("the unused gold set");
    f.s.put(&f.g.table, promo, Zone::STORE);
    f.s.known[usize::from(promo)] = 0;
    f.s.store.push(promo);
    let (card, price) = f.g.store_price(&f.s, STORE_AREA).unwrap();
    assert_eq!(card, promo);
    let set = f.g.card(promo).set;
    let highest =
        f.g.db
            .cards()
            .filter(|(_, c)| c.set == set)
            .map(|(_, c)| c.stars)
            .max();
    assert_eq!(Some(price), highest);
    assert!(
        f.g.db.cards().any(|(_, c)| c.set == set && c.stars < price),
        "the set's ratings differ, so the highest is a choice"
    );
}

#[test]
fn a_players_area_is_public_but_the_hand_is_hidden() {
    // Ruling ("Hidden information"): the binder, deck and collection are
    // on the table in the open (rules: "your personal area"); the cards in
    // another player's hand that one has not seen are not, and the store
    // area shows only the sets of its cards. The promo piles are decks
    // ("Card Fusion": "take a card from the appropriate pile"; "a Bronze
    // Promo Card is acquired from the top of its Promo Deck"): their sets
    // are public, their order is not, so no one knows the next promo.
    let mut f = Fixture::tournament(2, &[]);
    let mut promos = f.s.fusion.iter().flat_map(|p| p.iter());
    assert!(promos.all(|&c| f.s.known[usize::from(c)] == 0));
    for _ in 0..STORE_AREA {
        let c = f.s.store.pop().unwrap();
        f.s.put(&f.g.table, c, Zone::AREA);
        f.s.area.push(c);
    }
    let binder = f.give(A, "Core Single 0", Area::Binder);
    let deck = f.give(A, "Core Single 1", Area::Deck);
    let hand = f.give(A, "Core Single 2", Area::Hand); // seen by A only
    let (mut changed, mut reordered) = (0, 0);
    let sorted = |s: &State| {
        let mut piles: Vec<Vec<u16>> = s.fusion.iter().map(|p| p.to_vec()).collect();
        piles.iter_mut().for_each(|p| p.sort_unstable());
        piles
    };
    for seed in 0..20 {
        let view = f.g.determinize(&f.s, B, &mut derive_rng(seed, 5));
        assert_eq!(view.zone(binder), Zone::of(Area::Binder, A));
        assert_eq!(view.zone(deck), Zone::of(Area::Deck, A));
        assert_eq!(sorted(&view), sorted(&f.s), "the promo sets");
        reordered += usize::from(view.fusion != f.s.fusion);
        if view.zone(hand) != Zone::of(Area::Hand, A) {
            changed += 1;
        }
        assert_eq!(view.count(Zone::of(Area::Hand, A)), 1);
        for (k, (&seen, &real)) in view.area.iter().zip(f.s.area.iter()).enumerate() {
            assert_eq!(
                f.g.card(seen).set,
                f.g.card(real).set,
                "slot {k} shows its set"
            );
        }
        let own = f.g.determinize(&f.s, A, &mut derive_rng(seed, 6));
        assert_eq!(own.zone(hand), Zone::of(Area::Hand, A));
    }
    assert!(changed > 0, "B's view deals A's unseen hand card anew");
    assert!(reordered > 0, "the views shuffle the promo piles");
    // Two tables that differ only in the order of a promo pile are one
    // information set to every seat.
    let mut other = f.s;
    other.fusion[0].reverse();
    assert_ne!(other.fusion, f.s.fusion);
    for p in [A, B] {
        assert_eq!(f.g.info_key(&other, p), f.g.info_key(&f.s, p));
    }
}

// ---------------------------------------------------------------------------
// The tournament.

#[test]
fn the_tournament_starts_at_zero_rp_with_the_singles_in_hand_and_the_rest_face_up() {
    // rules/millennium-blades.txt: "Tournament Phase", "Setup the Phase":
    // "take the cards in their decks into their hands. 2. Each player should
    // set their current RP to zero. 3. Each player should set out their
    // Accessories and Deck Box onto the allotted spaces on the tournament
    // board. All Singles remain in your hand. 4. Turns begin with whichever
    // player placed highest in the previous tournament".
    let mut f = Fixture::tournament(3, &[]);
    let singles: Vec<u16> = (0..3)
        .map(|k| f.give(A, &format!("Core Single {k}"), Area::Deck))
        .collect();
    let deck_box = f.give(A, "Core Box", Area::Deck);
    let lens = f.give(A, "Core Lens", Area::Deck);
    f.give(B, "Core Single 3", Area::Deck);
    f.give(c(), "Core Single 4", Area::Deck);
    set_rp(&mut f, A, 9);
    f.s.seats[A].place = 2;
    f.s.seats[B].place = 1;
    f.s.seats[c()].place = 3;
    f.g.start_tournament(&mut f.s, &mut f.rng, &mut NoObserver);
    assert_eq!(f.s.active, B, "first place starts");
    assert_eq!(f.rp(A), 0);
    for c in singles {
        assert_eq!(f.s.zone(c), Zone::of(Area::Hand, A));
    }
    let board: Vec<(u16, bool)> = f.s.seats[A].board.iter().map(|t| (t.card, t.up)).collect();
    assert_eq!(board, vec![(deck_box, true), (lens, true)]);
}

#[test]
fn an_illegal_deck_loses_cards_at_random_to_the_binder() {
    // rules/millennium-blades.txt: "Illegal Decks": "Randomly remove cards
    // from the player's deck to their binder until it is below the 8-card
    // limit" (and the deck box and accessory limits of "Build your Deck").
    let mut f = Fixture::tournament(2, &["Starter 0 Box"]);
    for k in 0..10 {
        f.give(A, &format!("Core Single {k}"), Area::Deck);
    }
    for name in [
        "Core Box",
        "Starter 0 Box",
        "Core Lens",
        "Core Shield",
        "Core Guard",
    ] {
        f.give(A, name, Area::Deck);
    }
    f.give(B, "Core Single 10", Area::Deck);
    f.g.start_tournament(&mut f.s, &mut f.rng, &mut NoObserver);
    assert_eq!(f.s.count(Zone::of(Area::Hand, A)), 8);
    let board = &f.s.seats[A].board;
    let kind = |k: Kind| board.iter().filter(|t| f.g.card(t.card).kind == k).count();
    assert_eq!((kind(Kind::DeckBox), kind(Kind::Accessory)), (1, 2));
    let binder: Vec<u16> = f.s.in_zone(Zone::of(Area::Binder, A)).collect();
    let kind = |k: Kind| binder.iter().filter(|&&c| f.g.card(c).kind == k).count();
    assert_eq!(
        (
            kind(Kind::Single),
            kind(Kind::DeckBox),
            kind(Kind::Accessory)
        ),
        (2, 1, 1)
    );
}

#[test]
fn a_second_copy_of_a_card_leaves_the_deck_for_the_binder() {
    // rules/millennium-blades.txt: "Build your Deck": "You may only have one
    // copy of any card in your deck!"; "Illegal Decks": the extra cards go
    // from the deck to the binder. Only a Pre-Release starter deck of the
    // user's can hold two copies.
    let mut f = Fixture::tournament(2, &[]);
    let first = f.give(A, "Core Single 3", Area::Deck);
    let second = f.give(A, "Core Single 3", Area::Deck);
    let other = f.give(A, "Core Single 4", Area::Deck);
    let mut events = Vec::new();
    f.g.start_tournament(&mut f.s, &mut f.rng, &mut |e: &Event| events.push(*e));
    let trimmed: Vec<u16> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::DeckTrim { card } => Some(card),
            _ => None,
        })
        .collect();
    assert_eq!(trimmed, vec![second]);
    assert_eq!(f.s.zone(second), Zone::of(Area::Binder, A));
    assert_eq!(f.s.zone(first), Zone::of(Area::Hand, A));
    assert_eq!(f.s.zone(other), Zone::of(Area::Hand, A));
}

#[test]
fn one_action_a_turn_performed_then_flipped() {
    // rules/millennium-blades.txt: "Use an Action": "To use an action, perform
    // the text on the card, then flip the card face-down. You can use one
    // action per turn, either before or after playing a Single."
    let mut f = Fixture::tournament(2, &["Starter 0 Pin", "Starter 1 Pin", "Plain One"]);
    let pin0 = f.board(A, "Starter 0 Pin");
    let pin1 = f.board(A, "Starter 1 Pin");
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(B, "Core Single 3", Area::Hand);
    let events = f.act(Action::Use(pin0));
    // The text (gain 2 RP), then the flip.
    let order: Vec<EventKind> = kinds(&events)
        .into_iter()
        .filter(|k| matches!(k, EventKind::Rp { .. } | EventKind::Flip { .. }))
        .collect();
    assert!(
        matches!(order[0], EventKind::Rp { delta: 2, .. }),
        "{order:?}"
    );
    assert!(matches!(order[1], EventKind::Flip { card, .. } if card == pin0));
    assert_eq!(f.legal(), vec![Action::Play(one)], "no second Action");
    f.act(Action::Play(one));
    assert_eq!(f.s.active, B, "nothing left to do: the turn ends");
    assert!(f.s.seats[A].board.iter().any(|t| t.card == pin1 && t.up));
}

#[test]
fn an_extra_single_from_an_effect_may_be_played_or_not() {
    // rules/millennium-blades.txt: "Tournament Turns": "he or she may take one
    // Action and must play one Single". Ruling: a single an effect adds ("play
    // one more single") is optional.
    let mut f = Fixture::tournament(2, &["Plain One"]);
    let shop = f.give(A, "Shop C", Area::Hand);
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(B, "Core Single 3", Area::Hand);
    f.act(Action::Play(shop));
    assert_eq!(f.legal(), vec![Action::Play(one), Action::Pass]);
    f.act(Action::Pass);
    assert_eq!(f.s.active, B);
}

#[test]
fn a_player_whose_action_leaves_no_single_to_play_passes() {
    // rules/millennium-blades.txt: "Tournament Turns": "he or she may take
    // one Action and must play one Single, in either order. If the player
    // is unable to play a Single, they cannot take an Action, and instead
    // Passes. A player will be unable to play a single if he or she has no
    // cards in hand ... Once all players pass in succession, the tournament
    // ends." An Action that discards the only single before it is played
    // leaves the player unable to play: it passes.
    let mut f = extended(
        2,
        &["Clean Slate", "Plain One", "Plain Two"],
        mode(Mode::Standard),
    );
    let slate = f.place(A, "Clean Slate", true); // Action: discard a card
    let one = f.give(A, "Plain One", Area::Hand);
    let two = f.give(B, "Plain Two", Area::Hand);
    let events = kinds(&f.act(Action::Use(slate)));
    assert_eq!(f.s.zone(one), Zone::of(Area::Binder, A));
    let at = |k: EventKind| events.iter().position(|&e| e == k);
    assert!(at(EventKind::Pass) < at(EventKind::TurnEnd), "{events:?}");
    assert_eq!((f.s.active, f.s.passes), (B, 1));
    let events = f.act(Action::Play(two));
    assert!(
        kinds(&events)
            .iter()
            .any(|k| matches!(k, EventKind::Placed { .. })),
        "A then B pass: the tournament ends"
    );
    // The pass that completes a round of passes ends the tournament at once.
    let mut f = extended(2, &["Clean Slate", "Plain One"], mode(Mode::Standard));
    let slate = f.place(A, "Clean Slate", true);
    f.give(A, "Plain One", Area::Hand);
    f.s.passes = 1; // B passed, holding nothing
    let events = f.act(Action::Use(slate));
    let passes: Vec<Player> = events
        .iter()
        .filter(|e| e.kind == EventKind::Pass)
        .map(|e| e.player)
        .collect();
    assert_eq!(passes, vec![A], "B is not asked again");
    assert!(
        kinds(&events)
            .iter()
            .any(|k| matches!(k, EventKind::Placed { .. })),
        "{events:?}"
    );
}

#[test]
fn flip_effects_fire_when_flipped_and_ongoing_effects_outrank_play_effects() {
    // rules/millennium-blades.txt: "Effects on Cards": "Flip - Flip effects
    // are activated when a card is flipped face-down. Ongoing - Ongoing
    // effects keep on working continuously as long as the card is face-up in
    // your tableau"; "Top>Ongoing>Play>Next>Score is the order of what effects
    // take priority".
    let mut f = Fixture::tournament(2, &["Plain One", "Three Star"]);
    let flipped = f.place(B, "Core Single 2", true); // 3 stars, Flip: gain 3 RP
    let watcher = f.place(B, "Prem C", true); // Ongoing: an opponent plays, gain 1
    let flipper = f.give(A, "Flip A", Area::Hand); // Play: flip a card of 4 or less
    let three = f.give(A, "Three Star", Area::Hand);
    let one = f.give(B, "Plain One", Area::Hand);
    f.give(B, "Core Single 5", Area::Hand);
    let events = f.act(Action::Play(flipper));
    assert!(!f.up(B, flipped));
    assert_eq!(f.rp(B), 4);
    let sources: Vec<u16> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Rp { source, .. } => Some(source),
            _ => None,
        })
        .collect();
    assert_eq!(sources, vec![watcher, flipped], "the Ongoing effect first");
    f.act(Action::Play(one));
    // Face down, the Ongoing effect stops.
    f.s.seats[B].tableau[1].up = false;
    f.act(Action::Play(three));
    assert_eq!(f.rp(B), 4);
}

#[test]
fn a_play_effect_sees_its_card_in_play() {
    // rules/millennium-blades.txt: "Effects on Cards": "Cards with Play
    // effects are considered 'in play' for the purposes of effects when their
    // effect is resolving." Prem K: Play: gain 5 RP if this is your Top Card.
    let mut f = Fixture::tournament(2, &["Plain One"]);
    f.place(A, "Core Single 3", true);
    let card = f.give(A, "Prem K", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    f.act(Action::Play(card));
    assert_eq!(f.rp(A), 5);
}

#[test]
fn score_effects_go_tableau_left_to_right_then_deck_box_then_metagame() {
    // rules/millennium-blades.txt: "Effects on Cards": "Score - ... Activate
    // all of the Score effects (of face-up cards) in your tableau (going left
    // to right), then your Deck Boxes, then Accessories, then the Metagames."
    let mut f = Fixture::tournament(2, &[]);
    no_metas(&mut f);
    let meta = reveal(&mut f, "Meta air");
    let air = f.place(A, "Core Single 1", true); // 1 RP per air card
    let earth = f.place(A, "Core Single 4", true); // 1 RP per earth card
    let deck_box = f.board(A, "Core Box"); // 2 RP per type
    let events = end(&mut f);
    let scored: Vec<(u16, i16)> = events
        .iter()
        .filter(|e| e.player == A)
        .filter_map(|e| match e.kind {
            EventKind::Rp { source, delta, .. } => Some((source, delta)),
            _ => None,
        })
        .collect();
    assert_eq!(scored, vec![(air, 1), (earth, 1), (deck_box, 4), (meta, 2)]);
}

#[test]
fn every_score_effect_of_a_crowded_tournament_resolves() {
    // rules/millennium-blades.txt: "Ending the Tournament", step 1: "Each
    // player should activate all Score effects of face-up cards ... Every
    // Player activates the Metagame Score effects for themselves." Five
    // players, two metagame cards and six scoring cards each is a plausible
    // final table.
    let setup = |players: usize| {
        let mut f = Fixture::tournament(players, &[]);
        no_metas(&mut f);
        reveal(&mut f, "Meta air");
        reveal(&mut f, "Meta mage");
        f.place(A, "Core Single 1", true); // air mage: 1 + 2 + 2
        f
    };
    let mut alone = setup(2);
    assert_eq!(placed_rp(&end(&mut alone), A), Some(5));
    let mut f = setup(5);
    let others = [
        "Core Single 1",
        "Core Single 4",
        "Core Single 4",
        "Core Single 7",
        "Core Single 7",
        "Core Single 10",
        "Core Single 10",
        "Prem B",
        "Prem B",
        "Prem E",
        "Prem E",
        "Prem G",
        "Prem G",
        "Prem G",
        "Prem I",
        "Prem J",
        "Prem J",
        "Prem J",
        "Master B",
        "Master B",
        "Master C",
    ];
    for (k, name) in others.iter().enumerate() {
        let p = Player::new(1 + k % 4);
        f.place(p, name, true);
    }
    f.board(B, "Core Box");
    f.board(c(), "Core Box");
    assert_eq!(placed_rp(&end(&mut f), A), Some(5));
}

/// The RP `p` gained or lost from `source`'s effects in `events`.
fn rp_from(events: &[Event], p: Player, source: u16) -> Vec<i16> {
    events
        .iter()
        .filter(|e| e.player == p)
        .filter_map(|e| match e.kind {
            EventKind::Rp {
                source: s, delta, ..
            } if s == source => Some(delta),
            _ => None,
        })
        .collect()
}

#[test]
fn a_card_flipped_while_scoring_does_not_cost_the_next_card_its_score() {
    // rules/millennium-blades.txt: "Ending the Tournament", step 1: "Each
    // player should activate all Score effects of face-up cards, starting
    // with Singles in your tableau"; "Effects on Cards": "Score - ...
    // Activate all of the Score effects (of face-up cards) in your tableau
    // (going left to right)". Score Clash loses to B's Six Star; Master G's
    // Reaction to the lost clash flips Master G, left of Score Clash, and
    // Core Single 4 still scores after it.
    let mut f = extended(
        2,
        &["Score Clash", "Core Single 4", "Master G", "Six Star"],
        mode(Mode::Standard),
    );
    no_metas(&mut f);
    let master = f.place(A, "Master G", true); // Reaction: clash lost, 3 RP
    f.place(A, "Score Clash", true); // Score: clash with all
    let four = f.place(A, "Core Single 4", true); // Score: 1 RP per earth card
    f.place(B, "Six Star", true);
    f.s.seats[B].tableau[0].tokens = 20;
    let mut events = end(&mut f);
    assert_eq!(f.s.prompt, Some((Prompt::Reaction, A)));
    events.extend(f.act(Action::React));
    assert!(!f.up(A, master));
    assert_eq!(rp_from(&events, A, master), vec![3]);
    assert_eq!(rp_from(&events, A, four), vec![2], "Score Clash and itself");
}

#[test]
fn a_card_flipped_face_down_before_its_turn_to_score_does_not_score() {
    // rules/millennium-blades.txt: "Ending the Tournament", step 1: "activate
    // all Score effects of face-up cards"; "Turn-Based Mode", scoring: "1.
    // Activate all Score effects on cards in your tableau". Ruling: a card
    // is read when its turn to score comes. Sore Loser's Reaction to Score
    // Clash's lost clash flips it before its turn: its Score effect (5 RP)
    // does not happen, in a tournament or a Turn-Based scoring.
    for m in [Mode::Standard, Mode::TurnBased] {
        let mut f = extended(2, &["Score Clash", "Sore Loser", "Six Star"], mode(m));
        f.place(A, "Score Clash", true); // Score: clash with all
        let sore = f.place(A, "Sore Loser", true); // Reaction: clash lost, 1 RP
        f.place(B, "Six Star", true);
        f.s.seats[B].tableau[0].tokens = 20;
        let mut events = if m == Mode::TurnBased {
            f.s.phase = Phase::TurnBased;
            f.act(Action::Score)
        } else {
            end(&mut f)
        };
        assert_eq!(f.s.prompt, Some((Prompt::Reaction, A)), "{m:?}");
        events.extend(f.act(Action::React));
        assert_eq!(rp_from(&events, A, sore), vec![1], "{m:?}: no Score RP");
    }
}

#[test]
fn a_card_its_own_score_effect_flips_face_down_loses_its_other_score_effects() {
    // rules/millennium-blades.txt: "Ending the Tournament", step 1: "activate
    // all Score effects of face-up cards"; "Flip a Card": "While a card is
    // face-down, it has no attributes ... and is considered a blank card for
    // all purposes"; "Face-Down Cards": they "do not have any text or
    // attributes". Ruling: a card flipped face down while its Score effects
    // resolve loses those not yet resolved. Curtain Call's first Score
    // effect flips it: its second (5 RP) does not happen, in a tournament or
    // a Turn-Based scoring; Core Single 4, after it, still scores.
    for m in [Mode::Standard, Mode::TurnBased] {
        let mut f = extended(2, &["Curtain Call", "Core Single 4"], mode(m));
        let curtain = f.place(A, "Curtain Call", true); // Score: flip this; Score: 5 RP
        let four = f.place(A, "Core Single 4", true); // Score: 1 RP per earth card
        let events = if m == Mode::TurnBased {
            f.s.phase = Phase::TurnBased;
            f.act(Action::Score)
        } else {
            end(&mut f)
        };
        let flipped = EventKind::Flip {
            card: curtain,
            owner: A,
        };
        assert!(kinds(&events).contains(&flipped), "{m:?}");
        assert_eq!(rp_from(&events, A, curtain), Vec::<i16>::new(), "{m:?}");
        assert_eq!(rp_from(&events, A, four), vec![1], "{m:?}");
    }
}

#[test]
fn reactions_set_off_together_go_from_the_active_player_clockwise() {
    // rules/millennium-blades.txt: "FAQs": "If an opponent has an effect that
    // triggers at the same time yours does, the player whose turn it is has
    // priority, followed by the other players with effects in turn order."
    // "Effects on Cards": "The player whose turn it is gets the first
    // opportunity to use Flip or Reaction effects, with that opportunity
    // passing clockwise."
    let mut f = Fixture::tournament(3, &["Plain One", "Three Star", "Plain Two"]);
    f.board(B, "Core Shield"); // Reaction: own card flipped, gain 4 RP
    f.board(c(), "Core Shield");
    f.place(B, "Plain One", true);
    f.place(c(), "Three Star", true);
    let flipper = f.give(A, "Flip B", Area::Hand); // Play: flip each other Top Card
    f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Play(flipper));
    assert_eq!(f.s.prompt, Some((Prompt::Reaction, B)));
    f.act(Action::React);
    assert_eq!(f.s.prompt, Some((Prompt::Reaction, c())));
}

#[test]
fn flips_set_off_together_go_clockwise_from_the_player_whose_turn_it_is() {
    // rules/millennium-blades.txt: "Effects on Cards": "The player whose
    // turn it is gets the first opportunity to use Flip or Reaction effects,
    // with that opportunity passing clockwise." On B's turn C comes before
    // A, though A sits first.
    let mut f = Fixture::tournament(3, &["Plain One", "Three Star", "Plain Two"]);
    f.s.active = B;
    f.board(A, "Core Shield"); // Reaction: own card flipped, gain 4 RP
    f.board(c(), "Core Shield");
    f.place(A, "Plain One", true);
    f.place(c(), "Three Star", true);
    let flipper = f.give(B, "Flip B", Area::Hand); // Play: flip each other Top Card
    f.give(c(), "Plain Two", Area::Hand);
    f.act(Action::Play(flipper));
    assert_eq!(f.s.prompt, Some((Prompt::Reaction, c())));
    f.act(Action::React);
    assert_eq!(f.s.prompt, Some((Prompt::Reaction, A)));
}

#[test]
fn reactions_to_a_single_start_with_the_player_whose_turn_it_is() {
    // rules/millennium-blades.txt: "Effects on Cards": "The player whose
    // turn it is gets the first opportunity to use Flip or Reaction effects,
    // with that opportunity passing clockwise." "FAQs": "If an opponent has
    // an effect that triggers at the same time yours does, the player whose
    // turn it is has priority".
    let mut f = extended(
        2,
        &["Encore", "Plain One", "Plain Two"],
        mode(Mode::Standard),
    );
    f.place(A, "Encore", true); // Reaction: you play a single, gain 1 RP
    f.place(B, "Prem F", true); // Reaction: an opponent plays, flip one of theirs
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Play(one));
    assert_eq!(f.s.prompt, Some((Prompt::Reaction, A)));
    f.act(Action::Pass);
    assert_eq!(f.s.prompt, Some((Prompt::Reaction, B)));
}

#[test]
fn one_players_reactions_to_one_event_come_in_the_order_of_their_cards() {
    // rules/millennium-blades.txt: "FAQs": "You resolve all reaction effects
    // you control in any order you wish." Ruling ("Priority"): a player's
    // Reactions to one event are offered in the order of their cards,
    // tableau left to right, then deck box and accessories.
    for rally_first in [true, false] {
        let mut f = extended(
            2,
            &["Rally Call", "Plain One", "Plain Two"],
            mode(Mode::Standard),
        );
        // Both react to an opponent's play.
        let names = if rally_first {
            ["Rally Call", "Prem F"]
        } else {
            ["Prem F", "Rally Call"]
        };
        let cards = names.map(|n| f.place(B, n, true));
        let one = f.give(A, "Plain One", Area::Hand);
        f.give(B, "Plain Two", Area::Hand);
        let mut events = f.act(Action::Play(one));
        for _ in 0..2 {
            assert_eq!(f.s.prompt, Some((Prompt::Reaction, B)));
            events.extend(f.act(Action::Pass));
        }
        let declined: Vec<u16> = events
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::Decline { card } => Some(card),
                _ => None,
            })
            .collect();
        assert_eq!(declined, cards.to_vec(), "{names:?}");
    }
}

#[test]
fn a_reaction_whose_card_was_flipped_face_down_before_it_came_up_does_nothing() {
    // rules/millennium-blades.txt: "Face-Down Cards": they "do not have any
    // text or attributes"; "Flip a Card": a face-down card "is considered a
    // blank card for all purposes". Prem F's Reaction (an opponent plays)
    // comes after the single's Play effects; Flip B's Play flips it face
    // down first, so B is not asked.
    let mut f = extended(2, &["Flip B", "Plain One"], mode(Mode::Standard));
    let prem = f.place(B, "Prem F", true);
    let flip = f.give(A, "Flip B", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    let events = f.act(Action::Play(flip));
    assert!(!f.s.seats[B].tableau[0].up, "Flip B flipped it");
    assert_eq!(f.s.seats[B].tableau[0].card, prem);
    assert_ne!(f.s.prompt, Some((Prompt::Reaction, B)));
    assert!(!reacted(&events));
}

#[test]
fn a_reaction_asks_for_its_target_among_the_cards_it_may_flip() {
    // rules/millennium-blades.txt: "General Rules": "Cannot be flipped - If
    // you have cards that are protected from flipping, you cannot choose one
    // of those cards when an opponent forces you to choose and flip one of
    // your cards"; "Flip a Card": "you must choose a face-up card to flip
    // down when selecting a target for these effects". Prem F's Reaction
    // (an opponent plays, flip one of theirs) asks B which of A's cards,
    // Mimic C (cannot be flipped) not among them.
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two", "Mimic C", "Three Star"]);
    let two = f.place(A, "Plain Two", true);
    let guard = f.place(A, "Mimic C", true);
    let prem = f.place(B, "Prem F", true);
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(B, "Three Star", Area::Hand);
    f.act(Action::Play(one));
    assert_eq!(f.s.prompt, Some((Prompt::Reaction, B)));
    f.act(Action::React);
    assert_eq!(f.s.prompt, Some((Prompt::Card, B)));
    assert_eq!(f.legal(), vec![Action::Card(A, 0), Action::Card(A, 2)]);
    f.act(Action::Card(A, 2));
    assert!(!f.up(A, one));
    assert!(f.up(A, two) && f.up(A, guard));
    assert!(!f.up(B, prem), "using the Reaction flipped its card");
}

#[test]
fn a_reaction_without_a_legal_target_is_not_offered() {
    // rules/millennium-blades.txt: "General Rules": "Cannot be flipped": "there
    // are no legal targets for the effect, and she can ignore it". A plays
    // Mimic C (cannot be flipped), its only card: Prem F's Reaction (flip one
    // of theirs) has nothing to flip, so B is not asked and Prem F stays
    // face up.
    let mut f = Fixture::tournament(2, &["Mimic C", "Three Star"]);
    let prem = f.place(B, "Prem F", true);
    let guard = f.give(A, "Mimic C", Area::Hand);
    f.give(B, "Three Star", Area::Hand);
    let events = f.act(Action::Play(guard));
    assert_ne!(f.s.prompt, Some((Prompt::Reaction, B)));
    assert!(f.up(B, prem) && f.up(A, guard));
    assert!(!reacted(&events));
}

#[test]
fn a_reaction_used_does_not_offer_its_own_card_as_its_target() {
    // rules/millennium-blades.txt: "Effects on Cards": "Reaction - ... When
    // you activate a Reaction, the card that triggers it is flipped
    // face-down"; "FAQs": face-down cards "cannot gain Tokens ... through any
    // means". Rally Call's Reaction (an opponent plays, 2 star tokens on one
    // of your cards) flips Rally Call: B's only choice is Plain Two, taken
    // at once.
    let mut f = extended(
        2,
        &["Rally Call", "Plain One", "Plain Two", "Three Star"],
        mode(Mode::Standard),
    );
    let rally = f.place(B, "Rally Call", true);
    f.place(B, "Plain Two", true);
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(B, "Three Star", Area::Hand);
    f.act(Action::Play(one));
    assert_eq!(f.s.prompt, Some((Prompt::Reaction, B)));
    f.act(Action::React);
    assert_ne!(f.s.prompt, Some((Prompt::Card, B)));
    assert!(!f.up(B, rally));
    let tokens: Vec<u8> = f.s.seats[B].tableau.iter().map(|t| t.tokens).collect();
    assert_eq!(tokens, vec![0, 2]);
    assert_eq!(f.s.seats[A].tableau[0].tokens, 0);
}

#[test]
fn a_reaction_whose_condition_does_not_hold_is_not_offered() {
    // rules/millennium-blades.txt: "Effects on Cards": "Reaction - Reaction
    // effects are activated whenever the relevant condition on the effect is
    // met. When you activate a Reaction, the card that triggers it is
    // flipped face-down." Last Word's Reaction (an opponent plays: 3 RP, if
    // it is B's Top Card) is not offered while Plain Two covers it, and Last
    // Word stays face up; as B's Top Card it is offered, and using it flips
    // it.
    let cards = ["Last Word", "Plain One", "Plain Two", "Three Star"];
    let mut f = extended(2, &cards, mode(Mode::Standard));
    let word = f.place(B, "Last Word", true);
    f.place(B, "Plain Two", true);
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(B, "Three Star", Area::Hand);
    let events = f.act(Action::Play(one));
    assert_ne!(f.s.prompt, Some((Prompt::Reaction, B)));
    assert!(f.up(B, word));
    assert_eq!(f.rp(B), 0);
    assert!(!reacted(&events));

    let mut f = extended(2, &cards, mode(Mode::Standard));
    let word = f.place(B, "Last Word", true);
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(B, "Three Star", Area::Hand);
    f.act(Action::Play(one));
    assert_eq!(f.s.prompt, Some((Prompt::Reaction, B)));
    f.act(Action::React);
    assert!(!f.up(B, word));
    assert_eq!(f.rp(B), 3);
}

#[test]
fn a_clash_is_chosen_among_opponents_with_a_top_card_and_reveals_clockwise() {
    // rules/millennium-blades.txt: "Clashing": "If clashing with another
    // player, choose a player with a Top Card. In a multi-player Clash, each
    // player who has a Top Card is able to participate in the Clash. Each
    // player in the clash reveals the top card of the Store (starting with
    // whoever initiated the clash and moving clockwise)".
    let mut f = Fixture::tournament(3, &["Whistle", "Knight Ten", "Plain One", "Three Star"]);
    let whistle = f.board(A, "Whistle");
    f.place(A, "Knight Ten", true);
    f.place(c(), "Plain One", true);
    f.give(A, "Three Star", Area::Hand);
    let events = f.act(Action::Use(whistle));
    let revealers: Vec<Player> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ClashReveal { .. }))
        .map(|e| e.player)
        .collect();
    assert_eq!(
        revealers,
        vec![A, c()],
        "B has no Top Card: C is the only choice"
    );
    // With two opponents holding Top Cards, the initiator chooses.
    let mut f = Fixture::tournament(3, &["Whistle", "Knight Ten", "Plain One", "Three Star"]);
    let whistle = f.board(A, "Whistle");
    f.place(A, "Knight Ten", true);
    f.place(B, "Core Single 3", true);
    f.place(c(), "Plain One", true);
    f.give(A, "Three Star", Area::Hand);
    f.act(Action::Use(whistle));
    assert_eq!(f.s.prompt, Some((Prompt::Opponent, A)));
    assert_eq!(f.legal(), vec![Action::Seat(B), Action::Seat(c())]);
    // A clash with all, started by B: B, C, then A reveal.
    let mut f = Fixture::tournament(3, &["Plain One", "Plain Two"]);
    f.s.active = B;
    f.place(A, "Plain One", true);
    f.place(c(), "Plain Two", true);
    let dojo = f.give(B, "Dojo C", Area::Hand);
    f.give(c(), "Core Single 3", Area::Hand);
    let events = f.act(Action::Play(dojo));
    let revealers: Vec<Player> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ClashReveal { .. }))
        .map(|e| e.player)
        .collect();
    assert_eq!(revealers, vec![B, c(), A]);
}

#[test]
fn face_down_cards_still_count_as_cards_but_take_no_tokens() {
    // rules/millennium-blades.txt: "Face-Down Cards": "They still count as
    // cards (ex: gain 5 RP for each card to the left of this one), but do not
    // have any text or attributes." FAQ: "Face-down cards have no Star Value
    // and cannot gain Tokens".
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two"]);
    no_metas(&mut f);
    f.place(A, "Plain One", false);
    f.place(A, "Plain Two", true);
    f.place(A, "Prem B", true); // Score: 1 RP per card to its left
    f.place(B, "Core Single 3", true);
    assert_eq!(placed_rp(&end(&mut f), A), Some(2));
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two", "Three Star"]);
    f.place(A, "Plain One", true);
    f.place(A, "Plain Two", false);
    let master = f.give(A, "Master H", Area::Hand); // Play: 1 token on each own card
    f.give(B, "Three Star", Area::Hand);
    f.act(Action::Play(master));
    let tokens: Vec<u8> = f.s.seats[A].tableau.iter().map(|t| t.tokens).collect();
    assert_eq!(tokens, vec![1, 0, 1]);
}

#[test]
fn a_face_down_cards_next_effect_does_nothing() {
    // rules/millennium-blades.txt: "Face-Down Cards": face-down cards "do
    // not have any text or attributes"; "General Rules": "Flip a Card": a
    // face-down card "is considered a blank card for all purposes".
    let mut f = Fixture::tournament(2, &["Knight Ten", "Plain One"]);
    let sage = f.give(A, "Master A", Area::Hand); // Next: 1 RP per star of that card
    let knight = f.give(A, "Knight Ten", Area::Hand);
    let flipper = f.give(B, "Flip B", Area::Hand); // Play: flip each other Top Card
    f.give(B, "Plain One", Area::Hand);
    f.act(Action::Play(sage));
    f.act(Action::Play(flipper));
    assert!(!f.up(A, sage));
    f.act(Action::Play(knight));
    assert_eq!(f.rp(A), 0, "flipped before the next single");
    // Flipped by the next single's Play effect, which resolves first
    // ("Top>Ongoing>Play>Next>Score").
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two"]);
    let sage = f.give(A, "Master A", Area::Hand);
    let flipper = f.give(A, "Master D", Area::Hand); // Play: flip the card to the left
    let one = f.give(B, "Plain One", Area::Hand);
    f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Play(sage));
    f.act(Action::Play(one));
    f.act(Action::Play(flipper));
    assert!(!f.up(A, sage));
    assert_eq!(f.rp(A), 0, "flipped before its Next effect resolved");
}

#[test]
fn a_mimic_copies_the_printed_symbols_of_its_left_neighbour_never_a_copy() {
    // rules/millennium-blades.txt: "FAQs": "Copy effects can never be copied
    // ... A copy effect that would target a face-down card does nothing, and
    // the card remains in its original state."
    let mut f = Fixture::tournament(2, &["Knight Ten"]);
    let knight = f.place(A, "Knight Ten", true);
    let first = f.place(A, "Mimic A", true);
    f.place(A, "Mimic A", true);
    let printed = |c: u16| (f.g.card(c).elements, f.g.card(c).types);
    assert_eq!(f.g.symbols_at(&f.s, A, 1), printed(knight));
    assert_eq!(
        f.g.symbols_at(&f.s, A, 2),
        printed(first),
        "not the Knight's"
    );
    f.s.seats[A].tableau[0].up = false;
    assert_eq!(f.g.symbols_at(&f.s, A, 1), printed(first), "its own again");
}

#[test]
fn a_silenced_scurry_or_thwomp_does_not_happen() {
    // rules/millennium-blades.txt: "Set Specific Keywords": "Scurry - Play:
    // You may insert this card anywhere", "Thwomp! - Play: If the card to the
    // left has a lower ★ than this one, flip it and gain RP" are Play effects,
    // so an opponent's silence of Play effects stops them (ruling).
    let mut f = Fixture::tournament(2, &["Plain Two", "Three Star", "Plain One"]);
    f.place(B, "Flip C", true); // Top: opponents' Play effects do not happen
    let left = f.place(A, "Plain Two", true);
    let thwomp = f.give(A, "Blast B", Area::Hand);
    f.give(A, "Three Star", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    f.act(Action::Play(thwomp));
    assert!(f.up(A, left));
    assert_eq!(f.rp(A), 0);
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two", "Three Star"]);
    f.place(B, "Flip C", true);
    f.place(A, "Plain One", true);
    let mouse = f.give(A, "Mimic B", Area::Hand);
    f.give(A, "Three Star", Area::Hand);
    f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Play(mouse));
    assert_eq!(f.s.prompt, None, "no position to choose");
    assert_eq!(f.s.seats[A].tableau[1].card, mouse);
    assert_eq!(f.s.active, B);
}

#[test]
fn a_removed_player_does_not_end_the_tournament_for_the_others() {
    // rules/millennium-blades.txt: "Tournament Turns": "Once all players pass
    // in succession, the tournament ends."; "Ending the Tournament": "The
    // tournament ends when all players are unable to take further turns." A
    // removed player takes no turns; the others play on.
    let mut f = Fixture::tournament(
        3,
        &[
            "Loop Top",
            "Whistle",
            "Plain One",
            "Plain One",
            "Plain Two",
            "Three Star",
        ],
    );
    let whistle = f.board(A, "Whistle");
    f.place(A, "Loop Top", true);
    f.s.seats[A].tableau[0].tokens = 20;
    f.place(B, "Plain One", true);
    f.give(A, "Plain One", Area::Hand);
    let two = f.give(c(), "Plain Two", Area::Hand);
    let three = f.give(c(), "Three Star", Area::Hand);
    f.act(Action::Use(whistle));
    assert!(f.s.seats[A].removed);
    // B has no card; C plays one of its two.
    assert_eq!(f.s.active, c());
    f.act(Action::Play(two));
    assert_eq!(f.s.phase, Phase::Tournament, "C still holds a single");
    assert_eq!(f.s.active, c());
    f.act(Action::Play(three));
}

#[test]
fn an_infinite_loop_while_scoring_still_places_the_tournament() {
    // rules/millennium-blades.txt: "Infinite Loops": "you are immediately
    // removed from the tournament, but you score VP as though you had won
    // first place"; "Ending the Tournament", step 2: every player is placed.
    let mut f = extended(
        2,
        &["Score Clash", "Loop Top", "Plain One"],
        mode(Mode::Standard),
    );
    let own = |f: &Fixture, name: &str| -> u16 {
        let id = f.g.db.id(name).unwrap();
        (0..f.g.table.len() as u16)
            .find(|&c| f.g.table.card(c) == id)
            .unwrap()
    };
    for name in ["Score Clash", "Loop Top"] {
        let c = own(&f, name);
        f.s.put(&f.g.table, c, Zone::of(Area::Tableau, A));
        f.s.seats[A].tableau.push(Slot {
            card: c,
            up: true,
            tokens: 20,
        });
    }
    let one = own(&f, "Plain One");
    f.s.put(&f.g.table, one, Zone::of(Area::Tableau, B));
    f.s.seats[B].tableau.push(Slot {
        card: one,
        up: true,
        tokens: 0,
    });
    let events = end(&mut f);
    assert!(
        kinds(&events)
            .iter()
            .any(|k| matches!(k, EventKind::Loop { .. }))
    );
    assert_eq!(placed(&events).len(), 2, "both players placed");
    assert_eq!(f.s.round, 2);
}

#[test]
fn an_infinite_loop_in_the_last_round_pays_no_money() {
    // rules/millennium-blades.txt: "Infinite Loops": "you gain Millennium
    // Dollars equal to their total sell value. You do not gain Millennium
    // Dollars if it is the last round."
    let mut f = Fixture::tournament(
        3,
        &["Loop Top", "Whistle", "Plain One", "Plain One", "Plain Two"],
    );
    f.s.round = 3;
    let whistle = f.board(A, "Whistle");
    f.place(A, "Loop Top", true);
    f.s.seats[A].tableau[0].tokens = 20;
    f.place(B, "Plain One", true);
    f.give(A, "Plain One", Area::Hand);
    f.give(c(), "Plain Two", Area::Hand);
    let money = f.s.seats[A].money;
    let events = f.act(Action::Use(whistle));
    assert!(kinds(&events).contains(&EventKind::Loop { money: 0 }));
    assert_eq!(f.s.seats[A].money, money);
}

// ---------------------------------------------------------------------------
// Ending the tournament, rounds, the end of the game.

#[test]
fn a_round_ends_with_prize_support_cards_back_to_binders_and_markers_returned() {
    // rules/millennium-blades.txt: "Ending the Tournament", step 3: "Reveal a
    // complete set of Promo Cards, based on the Prize Support column ...
    // Players get one of these randomly." Step 4: "place all cards into their
    // owners' binders ... Return all players' Sell Markers to them."
    // "Deckbuilding Phase", "Setup the Phase": "2. Give each player 30
    // Millennium Dollars ... 6. Discard any revealed Metagame cards out of
    // play. Reveal a new Elemental Metagame Card." Ruling: store cards drawn
    // into a hand during the tournament are kept.
    let mut f = Fixture::tournament(3, &[]);
    let old: Vec<u16> = f.s.in_zone(Zone::META_UP).collect();
    assert_eq!(old.len(), 1);
    let played = f.place(A, "Core Single 0", true);
    let drawn = f.give(B, "Core Single 3", Area::Hand);
    let accessory = f.board(c(), "Core Lens");
    f.s.seats[A].markers = 0;
    let money: Vec<u16> = f.s.seats.iter().map(|t| t.money).collect();
    set_rp(&mut f, A, 5);
    let set: Vec<u16> = f.s.prizes[0].to_vec();
    let events = place(&mut f);
    assert_eq!(
        placed(&events),
        vec![(A, 1, 21), (B, 2, (15 + 12) / 2), (c(), 2, (15 + 12) / 2)]
    );
    // The log says where the rest of the set went.
    let returned: Vec<u16> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::PrizeReturn { card } => Some(card),
            _ => None,
        })
        .collect();
    assert_eq!(returned.len(), set.len() - 3);
    assert!(
        returned
            .iter()
            .all(|&c| set.contains(&c) && f.s.zone(c) == Zone::BOX)
    );
    let won = prizes(&events);
    assert_eq!(
        won.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
        vec![A, B, c()]
    );
    for &(p, card) in &won {
        assert_eq!(f.g.card(card).tier, Tier::Bronze);
        assert_eq!(f.s.zone(card), Zone::of(Area::Binder, p));
    }
    assert!(f.s.prizes[0].is_empty(), "the rest of the set to the box");
    assert_eq!((f.s.round, f.s.phase), (2, Phase::Deckbuilding));
    assert_eq!(f.s.zone(played), Zone::of(Area::Binder, A));
    assert_eq!(f.s.zone(drawn), Zone::of(Area::Binder, B));
    assert_eq!(f.s.zone(accessory), Zone::of(Area::Binder, c()));
    for p in f.s.players() {
        assert_eq!(f.s.seats[p].markers, 4, "three players: 4 markers");
        assert_eq!(f.s.seats[p].money, money[p.index()] + INCOME);
        assert_eq!(f.s.seats[p].rp, 0);
    }
    assert!(old.iter().all(|&m| f.s.zone(m) == Zone::BOX));
    let up: Vec<u16> = f.s.in_zone(Zone::META_UP).collect();
    assert_eq!(up.len(), 1);
    assert_eq!(f.g.card(up[0]).kind, Kind::ElementMeta);
}

#[test]
fn round_two_and_the_final_round_score_on_their_rows_of_the_chart() {
    // rules/millennium-blades.txt: "Tournament VP Chart": "Round 2 28 20 16 12
    // 8 Silver", "Final Round 42 30 24 18 12 None (Game End)"; "Ending the
    // Tournament", step 5: "If it is round three, proceed to final scoring."
    let mut f = Fixture::tournament(3, &[]);
    f.s.round = 2;
    for (p, rp) in [(A, 3), (B, 2), (c(), 1)] {
        set_rp(&mut f, p, rp);
    }
    let events = place(&mut f);
    assert_eq!(placed(&events), vec![(A, 1, 28), (B, 2, 20), (c(), 3, 16)]);
    let won = prizes(&events);
    assert_eq!(won.len(), 3);
    assert!(won.iter().all(|&(_, c)| f.g.card(c).tier == Tier::Silver));
    let mut f = Fixture::tournament(3, &[]);
    f.s.round = 3;
    for (p, rp) in [(A, 1), (B, 2), (c(), 3)] {
        set_rp(&mut f, p, rp);
    }
    let events = place(&mut f);
    assert_eq!(placed(&events), vec![(A, 3, 24), (B, 2, 30), (c(), 1, 42)]);
    assert!(prizes(&events).is_empty());
    assert_eq!(f.s.phase, Phase::Over);
    assert_eq!(f.s.outcome.map(|o| o.rank(c())), Some(1));
}

#[test]
fn after_a_pre_release_the_second_round_is_the_final_one() {
    // rules/millennium-blades.txt: "Pre-Release Tournament": "skip the third
    // round of deckbuilding and the third tournament later on in the game, so
    // that there are still only three tournaments in the game." Ruling: that
    // last tournament scores on the Final Round row, with no prize support.
    let options = Options {
        pre_release: true,
        ..mode(Mode::Standard)
    };
    let mut f = Fixture::with(3, &[], options);
    f.s.round = 2;
    for (p, rp) in [(A, 3), (B, 2), (c(), 1)] {
        set_rp(&mut f, p, rp);
    }
    let events = place(&mut f);
    assert_eq!(placed(&events), vec![(A, 1, 42), (B, 2, 30), (c(), 3, 24)]);
    assert!(prizes(&events).is_empty());
    assert_eq!(f.s.phase, Phase::Over);
    // The Pre-Release itself: its own row, no prize support.
    let mut f = Fixture::with(3, &[], options);
    f.s.round = 0;
    set_rp(&mut f, B, 1);
    let events = place(&mut f);
    assert_eq!(placed(&events), vec![(A, 2, 4), (B, 1, 7), (c(), 2, 4)]);
    assert!(prizes(&events).is_empty());
    assert_eq!(f.s.round, 1);
}

#[test]
fn vp_ties_go_to_tournament_then_collection_then_money_vp() {
    // rules/millennium-blades.txt: "Game End": "Remaining Money VPs, at a rate
    // of 4 Millennium Dollars to 1 VP, rounding down ... In case of a tie, the
    // winner is whoever had the most VP from tournaments. If the game is still
    // a tie, then whoever had the most VP from Collections, followed by Money
    // and then Friendship breaking ties in that order." (Friendship is not
    // played.)
    let mut f = Fixture::tournament(4, &[]);
    let d = Player::new(3);
    // (tournament, collection, dollars): totals of 30 VP each.
    for (p, t, coll, dollars) in [
        (A, 20, 10, 3),
        (B, 20, 6, 16),
        (c(), 21, 5, 16),
        (d, 20, 10, 0),
    ] {
        let have = f.s.seats[p].money;
        f.s.spend(p, have);
        f.s.earn(p, dollars);
        f.s.seats[p].vp.tournament = t;
        f.s.seats[p].vp.collection = coll;
    }
    f.g.end_game(&mut f.s, &mut NoObserver);
    let vp: Vec<u16> = f.s.seats.iter().map(|t| t.vp.money).collect();
    assert_eq!(vp, vec![0, 4, 4, 0], "3 dollars are no VP");
    let outcome = f.s.outcome.expect("over");
    assert_eq!(outcome.reason, "victory_points");
    let ranks: Vec<u8> = f.s.players().map(|p| outcome.rank(p)).collect();
    // C: most tournament VP; A and D tie on everything; B: fewer
    // collection VP.
    assert_eq!(ranks, vec![2, 4, 1, 2]);
}

// ---------------------------------------------------------------------------
// Duel Mode.

#[test]
fn a_duel_tournament_tied_for_first_is_won_by_nobody_and_still_gives_prizes() {
    // rules/millennium-blades.txt: "Duel Mode": "The winner is determined by
    // who wins best 2 out of 3 tournaments ... The first player to win two
    // tournaments is declared the winner of the game!" and "All rules and
    // actions in this mode are the same as in normal rules, unless
    // otherwise stated": prize support ("Ending the Tournament", step 3)
    // and the metagame cards ("Setup the Phase", step 6; "When time runs
    // out", the type card after the first timer) as in the standard game.
    // Rulings: a tie for first wins no tournament; a player removed by an
    // infinite loop wins no tournament; a game still level after three
    // rounds is a draw.
    let mut f = Fixture::with(2, &[], mode(Mode::Duel));
    let events = place(&mut f);
    assert_eq!(placed(&events), vec![(A, 1, 0), (B, 1, 0)]);
    assert!(f.s.seats.iter().all(|t| t.banked == 0));
    let won = prizes(&events);
    assert_eq!(won.iter().map(|(p, _)| *p).collect::<Vec<_>>(), vec![A, B]);
    for &(p, card) in &won {
        assert_eq!(f.g.card(card).tier, Tier::Bronze);
        assert_eq!(f.s.zone(card), Zone::of(Area::Binder, p));
    }
    assert_eq!((f.s.round, f.s.phase), (2, Phase::Deckbuilding));
    let up: Vec<Kind> =
        f.s.in_zone(Zone::META_UP)
            .map(|c| f.g.card(c).kind)
            .collect();
    assert_eq!(up, vec![Kind::ElementMeta], "the type card waits a timer");
    // Removed by a loop: the other player wins the tournament.
    let mut f = Fixture::with(2, &[], mode(Mode::Duel));
    f.s.seats[A].removed = true;
    set_rp(&mut f, A, 9);
    place(&mut f);
    assert_eq!((f.s.seats[A].banked, f.s.seats[B].banked), (0, 1));
    // A second win ends the game.
    let mut f = Fixture::with(2, &[], mode(Mode::Duel));
    f.s.round = 2;
    f.s.seats[B].banked = 1;
    set_rp(&mut f, B, 5);
    place(&mut f);
    let outcome = f.s.outcome.expect("two wins end the duel");
    assert_eq!(
        (outcome.winner(), outcome.reason),
        (Some(B), "tournaments_won")
    );
    // One win each and a tied third tournament: a draw.
    let mut f = Fixture::with(2, &[], mode(Mode::Duel));
    f.s.round = 3;
    f.s.seats[A].banked = 1;
    f.s.seats[B].banked = 1;
    place(&mut f);
    let outcome = f.s.outcome.expect("three rounds");
    assert_eq!((outcome.rank(A), outcome.rank(B)), (1, 1));
}

// ---------------------------------------------------------------------------
// Turn-Based Mode.

/// A Turn-Based Mode fixture: seat A's turn, nothing in hand or in play.
fn turn_based(players: usize, extra: &[&str]) -> Fixture {
    let mut f = Fixture::with(players, extra, mode(Mode::TurnBased));
    f.s.phase = Phase::TurnBased;
    f
}

#[test]
fn turn_based_buys_need_fewer_than_seven_cards_in_hand_and_a_turn_is_one_main_action() {
    // rules/millennium-blades.txt: "Turn-Based Mode": "On a player's turn, he
    // must perform exactly one of these actions: 1. Buy a card from the store
    // or from the Aftermarket (he must have fewer than 7 cards to do this)."
    let mut f = turn_based(2, &[]);
    let listed = boxed(&f, 1)[0];
    list(&mut f, listed, Some(B));
    f.s.seats[B].markers -= 1;
    for k in 0..7 {
        f.give(A, &format!("Core Single {k}"), Area::Hand);
    }
    let buys = |f: &Fixture| {
        f.legal()
            .iter()
            .filter(|a| matches!(a, Action::Buy(_) | Action::BuyListed(_)))
            .count()
    };
    assert_eq!(buys(&f), 0, "seven cards in hand");
    let hand: Vec<u16> = f.s.in_zone(Zone::of(Area::Hand, A)).collect();
    f.s.put(&f.g.table, hand[0], Zone::BOX);
    assert!(f.legal().contains(&Action::BuyListed(listed)));
    assert!(f.legal().contains(&Action::Buy(STORE_AREA as u8)));
    f.act(Action::BuyListed(listed));
    assert_eq!(f.s.zone(listed), Zone::of(Area::Hand, A));
    assert_eq!(f.s.active, B, "one main action, nothing else to do");
}

#[test]
fn turn_based_draws_stop_at_the_seven_card_hand() {
    // rules/millennium-blades.txt: "Turn-Based Mode", step 2: "Each player
    // ... has a maximum hand size of 7 cards." Ruling: an effect's draw
    // stops once the hand holds 7, the rest staying in the store deck; a
    // tournament hand has no limit.
    for (m, held, drawn) in [
        (Mode::TurnBased, 6, 1),
        (Mode::TurnBased, 7, 0),
        (Mode::Standard, 7, 2),
    ] {
        let mut f = extended(2, &["Store Runner"], mode(m));
        if m == Mode::TurnBased {
            f.s.phase = Phase::TurnBased;
        }
        let runner = f.place(A, "Store Runner", true); // Action: 2 store cards
        for k in 0..held {
            f.give(A, &format!("Core Single {k}"), Area::Hand);
        }
        let store = f.s.store.len();
        f.act(Action::Use(runner));
        let hand = f.s.in_zone(Zone::of(Area::Hand, A)).count();
        assert_eq!(
            (hand, store - f.s.store.len()),
            (held + drawn, drawn),
            "{m:?} with {held} in hand"
        );
    }
}

#[test]
fn turn_based_fusion_takes_cards_from_hand_and_never_gold() {
    // rules/millennium-blades.txt: "Turn-Based Mode": "3. Fuse cards from his
    // hand into a promo using normal card fusion rules. Since your hand size
    // is 7, Gold Promos are not available to fuse in this mode."
    let mut f = turn_based(2, &[]);
    for k in 0..7 {
        f.give(A, &format!("Core Single {k}"), Area::Hand);
    }
    let fusions: Vec<u8> = f
        .legal()
        .iter()
        .filter_map(|a| match a {
            Action::Fuse(t) => Some(*t),
            _ => None,
        })
        .collect();
    assert_eq!(fusions, vec![0, 1]);
    f.act(Action::Fuse(0));
    let mut events = Vec::new();
    for _ in 0..5 {
        let c = f.s.in_zone(Zone::of(Area::Hand, A)).next().unwrap();
        events.extend(f.act(Action::Take(c)));
    }
    let promo = events.iter().find_map(|e| match e.kind {
        EventKind::Fused { card, .. } => Some(card),
        _ => None,
    });
    let promo = promo.expect("a promo");
    assert_eq!(f.g.card(promo).tier, Tier::Bronze);
    assert_eq!(f.s.zone(promo), Zone::of(Area::Hand, A));
    assert_eq!(f.s.count(Zone::of(Area::Hand, A)), 3);
}

#[test]
fn turn_based_collections_declare_their_symbol_with_their_first_card() {
    // rules/millennium-blades.txt: "Turn-Based Mode": "4. Add a card from his
    // hand to a collection. The collection's type/element is declared at the
    // moment you add the first card to it. You may have two collections at a
    // time–one based on element, and another based on type."
    let mut f = turn_based(2, &["Three Star"]);
    let fire = f.give(A, "Core Single 0", Area::Hand); // fire animal, 1 star
    let fire_bit = f.g.card(fire).elements.0;
    let events = kinds(&f.act(Action::Collect(fire, 0, fire_bit)));
    assert_eq!(f.s.zone(fire), Zone::of(Area::Collection, A));
    // The log names the collection and its declared symbol.
    let added = EventKind::CollectionAdd {
        card: fire,
        kind: Some(0),
        symbol: f.g.card(fire).elements.0,
    };
    assert!(events.contains(&added), "{events:?}");
    let same_stars = f.give(A, "Core Single 6", Area::Hand); // fire animal, 1 star
    let fire3 = f.give(A, "Three Star", Area::Hand); // fire animal, 3 stars
    let water = f.give(A, "Core Single 3", Area::Hand); // water citizen, 4 stars
    let type_of = |f: &Fixture, c: u16| f.g.card(c).types.0;
    assert_eq!(
        collects(&mut f, same_stars),
        vec![(1, type_of(&f, same_stars))],
        "no second 1-star card"
    );
    assert!(collects(&mut f, fire3).contains(&(0, fire_bit)));
    assert_eq!(
        collects(&mut f, water),
        vec![(1, type_of(&f, water))],
        "not fire; the type collection is open"
    );
    // Ruling ("Collections"): the symbol declared is the player's choice
    // among the first card's symbols of the kind.
    let mut f = extended(
        2,
        &["Fire Air One", "Air Water Two", "Fire Water Three"],
        mode(Mode::TurnBased),
    );
    f.s.phase = Phase::TurnBased;
    let fire_air = f.give(A, "Fire Air One", Area::Hand);
    let air_water = f.give(A, "Air Water Two", Area::Hand);
    let fire_water = f.give(A, "Fire Water Three", Area::Hand);
    let [fire, air] = [fire_air, air_water].map(|c| f.g.card(c).elements.0);
    let (fire, air) = (fire & !air, fire & air);
    let animal = f.g.card(fire_air).types.0;
    assert_eq!(
        collects(&mut f, fire_air),
        vec![(0, fire), (0, air), (1, animal)]
    );
    f.act(Action::Collect(fire_air, 0, air));
    assert!(
        collects(&mut f, air_water).contains(&(0, air)),
        "an air card"
    );
    assert!(
        !collects(&mut f, fire_water)
            .iter()
            .any(|&(kind, _)| kind == 0),
        "no air"
    );
}

/// The collections `p`'s hand card `c` may join on a Turn-Based turn of
/// seat A, as (kind, symbol).
fn collects(f: &mut Fixture, c: u16) -> Vec<(u8, u8)> {
    f.s.active = A;
    f.s.seats[A].played = false;
    f.legal()
        .into_iter()
        .filter_map(|a| match a {
            Action::Collect(card, kind, symbol) if card == c => Some((kind, symbol)),
            _ => None,
        })
        .collect()
}

#[test]
fn duel_collections_follow_the_general_rule_of_a_shared_symbol() {
    // rules/millennium-blades.txt: "Duel Mode": "All rules and actions in
    // this mode are the same as in normal rules, unless otherwise stated
    // ... Each player may form two collections during the Deckbuilding
    // Phase: one Elemental collection and one Type collection"; "Make your
    // Collection": cards "each having at least one matching symbol with all
    // the others". Nothing is declared: an element collection's cards share
    // an element, whichever.
    let mut f = extended(
        2,
        &["Fire Air One", "Air Water Two", "Fire Water Three"],
        mode(Mode::Duel),
    );
    f.s.phase = Phase::Finalize { collection: true };
    f.s.turn = 0;
    assert_eq!(f.s.order[Player::new(0)], A);
    let fire_air = f.give(A, "Fire Air One", Area::Binder);
    let air_water = f.give(A, "Air Water Two", Area::Binder);
    let fire_water = f.give(A, "Fire Water Three", Area::Binder);
    let legal = f.legal();
    assert!(
        legal.contains(&Action::Collect(fire_air, 0, 0)),
        "{legal:?}"
    );
    f.act(Action::Collect(fire_air, 0, 0));
    assert!(f.legal().contains(&Action::Collect(air_water, 0, 0)), "air");
    f.act(Action::Collect(air_water, 0, 0));
    let legal = f.legal();
    assert!(
        !legal.contains(&Action::Collect(fire_water, 0, 0)),
        "no element of all three"
    );
    assert!(
        legal.contains(&Action::Collect(fire_water, 1, 0)),
        "{legal:?}"
    );
}

#[test]
fn turn_based_scoring_banks_the_rp_and_starts_a_new_hand() {
    // rules/millennium-blades.txt: "Turn-Based Mode", scoring: "1. Activate
    // all Score effects on cards in your tableau, in the meta, and on your
    // Accessories and Deck Box. 2. Gain 10 RP for each card in your
    // collections. 3. Record your final RP ... then reduce your RP back to
    // zero. 4. Discard your tableau, deck box, hand and collection to the
    // store discard. You may choose to discard or keep your accessories. 5.
    // Choose and place one of the Metas onto the bottom of the deck. Replace
    // it with a new one immediately from the same pile. 6. Draw a new hand of
    // 6 cards, gain 30 more Millennium Dollars, and retrieve any used Sell
    // Markers. 7. If this is your first time scoring, gain a random silver
    // promo". Rulings: each accessory is kept (as it is, face down too) or
    // discarded as its owner chooses; one card is a collection; cards still
    // for sale lose their marker.
    let mut f = turn_based(2, &[]);
    no_metas(&mut f);
    let fire_meta = reveal(&mut f, "Meta fire");
    reveal(&mut f, "Meta soldier");
    let scorer = f.place(A, "Core Single 1", true); // air mage: 1 RP
    let deck_box = f.board(A, "Core Box"); // 2 RP per type: 2
    let lens = f.board(A, "Core Lens");
    f.s.seats[A].board[1].up = false;
    let shield = f.board(A, "Core Shield");
    let held = f.give(A, "Core Single 3", Area::Hand);
    let collected = f.give(A, "Core Single 0", Area::Hand);
    f.s.put(&f.g.table, collected, Zone::of(Area::Collection, A));
    f.s.known[usize::from(collected)] = u8::MAX;
    let listed = boxed(&f, 1)[0];
    list(&mut f, listed, Some(A));
    f.s.seats[A].markers = 2;
    let money = f.s.seats[A].money;
    let mut events = f.act(Action::Score);
    assert_eq!(f.s.prompt, Some((Prompt::Accessory, A)));
    assert_eq!(f.legal(), vec![Action::Take(lens), Action::Discard(lens)]);
    events.extend(f.act(Action::Take(lens)));
    assert_eq!(
        f.legal(),
        vec![Action::Take(shield), Action::Discard(shield)]
    );
    events.extend(f.act(Action::Discard(shield)));
    assert_eq!(f.s.prompt, Some((Prompt::Meta, A)));
    events.extend(f.act(Action::Take(fire_meta)));
    let banked = events.iter().find_map(|e| match e.kind {
        EventKind::Banked { rp, .. } => Some(rp),
        _ => None,
    });
    assert_eq!(banked, Some(1 + 2 + 10));
    assert_eq!((f.s.seats[A].banked, f.s.seats[A].rp), (13, 0));
    for c in [scorer, deck_box, held, collected, shield] {
        assert_eq!(f.s.zone(c), Zone::DISCARD);
    }
    let events = kinds(&events);
    assert!(events.contains(&EventKind::Cleanup { cards: 4 }));
    for (card, kept) in [(lens, true), (shield, false)] {
        assert!(events.contains(&EventKind::Accessory { card, kept }));
    }
    let board: Vec<(u16, bool)> = f.s.seats[A].board.iter().map(|t| (t.card, t.up)).collect();
    assert_eq!(board, vec![(lens, false)], "kept as it was, face down");
    assert_eq!(f.s.metas[0][0], fire_meta, "to the bottom of its stack");
    let up: Vec<Kind> =
        f.s.in_zone(Zone::META_UP)
            .map(|c| f.g.card(c).kind)
            .collect();
    assert_eq!(up.len(), 2);
    assert!(up.contains(&Kind::ElementMeta) && up.contains(&Kind::TypeMeta));
    let hand: Vec<u16> = f.s.in_zone(Zone::of(Area::Hand, A)).collect();
    assert_eq!(hand.len(), 7, "6 cards and the promo");
    let silver = hand
        .iter()
        .filter(|&&c| f.g.card(c).tier == Tier::Silver)
        .count();
    assert_eq!(silver, 1);
    assert_eq!(f.s.seats[A].money, money + INCOME);
    assert_eq!(f.s.seats[A].markers, 3);
    assert_eq!(f.s.market[0].seller, Seller::Unmarked(A));
    assert_eq!(f.s.seats[A].scorings, 1);
}

#[test]
fn turn_based_scoring_without_a_revealed_metagame_card_still_starts_a_new_hand() {
    // rules/millennium-blades.txt: "Turn-Based Mode", scoring: "5. Choose and
    // place one of the Metas onto the bottom of the deck. Replace it with a
    // new one immediately from the same pile. 6. Draw a new hand of 6 cards,
    // gain 30 more Millennium Dollars, and retrieve any used Sell Markers. 7.
    // If this is your first time scoring, gain a random silver promo".
    // Ruling: with no metagame card revealed (a pool without any), step 5
    // has nothing to replace; steps 6 and 7 still happen.
    let mut f = turn_based(2, &[]);
    no_metas(&mut f);
    for stack in 0..2 {
        for &c in std::mem::take(&mut f.s.metas[stack]).iter() {
            f.s.put(&f.g.table, c, Zone::BOX);
        }
    }
    f.give(A, "Core Single 3", Area::Hand);
    f.s.seats[A].markers = 1;
    let money = f.s.seats[A].money;
    f.act(Action::Score);
    assert_eq!(f.s.prompt, None, "no metagame card to choose");
    assert_eq!(f.s.seats[A].scorings, 1);
    let hand: Vec<u16> = f.s.in_zone(Zone::of(Area::Hand, A)).collect();
    assert_eq!(hand.len(), 7, "6 cards and the promo");
    let silver = hand
        .iter()
        .filter(|&&c| f.g.card(c).tier == Tier::Silver)
        .count();
    assert_eq!(silver, 1);
    assert_eq!(f.s.seats[A].money, money + INCOME);
    assert_eq!(f.s.seats[A].markers, f.g.markers());
    assert_eq!(f.s.active, B);
}

#[test]
fn turn_based_a_scoring_promo_goes_into_a_hand_only_its_owner_sees() {
    // rules/millennium-blades.txt: "Turn-Based Mode", scoring: "7. If this
    // is your first time scoring, gain a random silver promo from out of
    // play." Rulings: cards won go to the hand ("A turn"), and another
    // player's hand is hidden ("Hidden information").
    let mut f = turn_based(2, &[]);
    no_metas(&mut f);
    f.act(Action::Score);
    let promo =
        f.s.in_zone(Zone::of(Area::Hand, A))
            .find(|&c| f.g.card(c).tier == Tier::Silver)
            .expect("the silver promo");
    assert_eq!(f.s.known[usize::from(promo)], 1 << A.index());
    let mut dealt_anew = 0;
    for seed in 0..20 {
        let view = f.g.determinize(&f.s, B, &mut derive_rng(seed, 8));
        dealt_anew += usize::from(view.zone(promo) != Zone::of(Area::Hand, A));
        let own = f.g.determinize(&f.s, A, &mut derive_rng(seed, 9));
        assert_eq!(own.zone(promo), Zone::of(Area::Hand, A));
    }
    assert!(dealt_anew > 0, "B's views deal A's promo anew");
}

/// A Turn-Based table where A holds, unseen by B, a bronze promo from a
/// fusion and a silver promo from its first scoring (and one store card),
/// B its own silver promo: the fixture and the two promos.
fn turn_based_promos_in_hand() -> (Fixture, u16, u16) {
    let mut f = turn_based(2, &[]);
    no_metas(&mut f);
    f.act(Action::Score);
    f.act(Action::Score); // B's, to come back to A
    let silver =
        f.s.in_zone(Zone::of(Area::Hand, A))
            .find(|&c| f.g.card(c).tier == Tier::Silver)
            .expect("the silver promo of A's scoring");
    f.act(Action::Fuse(0));
    let mut events = Vec::new();
    for _ in 0..5 {
        let c =
            f.s.in_zone(Zone::of(Area::Hand, A))
                .find(|&c| c != silver)
                .expect("a card to fuse");
        events.extend(f.act(Action::Take(c)));
    }
    let bronze = events.iter().find_map(|e| match e.kind {
        EventKind::Fused { card, .. } => Some(card),
        _ => None,
    });
    let bronze = bronze.expect("the fused bronze promo");
    assert_eq!(f.s.count(Zone::of(Area::Hand, A)), 3);
    for promo in [bronze, silver] {
        assert_eq!(f.s.zone(promo), Zone::of(Area::Hand, A));
        assert_eq!(f.s.known[usize::from(promo)], 1 << A.index());
    }
    (f, bronze, silver)
}

/// `f`'s state with promo `held` (out of its pile) and card `left` (still
/// in a promo pile) swapped: zones, who knows them, the pile's place.
fn swapped_with_pile(f: &Fixture, held: u16, left: u16) -> State {
    let mut s = f.s;
    let (zh, zl) = (s.zone(held), s.zone(left));
    s.put(&f.g.table, held, zl);
    s.put(&f.g.table, left, zh);
    s.known.swap(usize::from(held), usize::from(left));
    let piles = s.fusion.iter_mut().map(|p| &mut p[..]);
    for c in piles
        .chain(s.prizes.iter_mut().map(|p| &mut p[..]))
        .flatten()
    {
        if *c == left {
            *c = held;
        }
    }
    s
}

#[test]
fn turn_based_a_promo_discarded_at_a_scoring_stays_one_of_its_pile_to_the_others() {
    // rules/millennium-blades.txt: "Turn-Based Mode", scoring: the hand
    // goes to the store discard, face down. Ruling ("Hidden information"):
    // the others know a promo of each pile went there with it, not which
    // card, so A's discarded promo swapped with a card left in its pile is
    // the same information set to B.
    let (mut f, bronze, silver) = turn_based_promos_in_hand();
    // A scores (B passes if its turn comes first), and the scoring runs
    // to its end.
    for _ in 0..40 {
        if f.s.zone(silver) == Zone::DISCARD && f.s.prompt.is_none() && f.s.jobs.is_empty() {
            break;
        }
        let legal = f.legal();
        let a = if f.s.active == A && legal.contains(&Action::Score) {
            Action::Score
        } else if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        f.act(a);
    }
    for promo in [bronze, silver] {
        assert_eq!(f.s.zone(promo), Zone::DISCARD, "A's hand was discarded");
    }
    let pairs = f.s.fusion[0].iter().map(|&c| (bronze, c));
    let pairs: Vec<(u16, u16)> = pairs
        .chain(f.s.prizes[0].iter().map(|&c| (silver, c)))
        .collect();
    assert!(pairs.len() > 2);
    for (held, left) in pairs {
        let s = swapped_with_pile(&f, held, left);
        assert_eq!(
            f.g.info_key(&s, B),
            f.g.info_key(&f.s, B),
            "{} discarded, {} in the pile",
            f.g.card(held).name,
            f.g.card(left).name
        );
    }
}

#[test]
fn turn_based_the_others_cannot_tell_a_hand_promo_from_one_left_in_its_pile() {
    // rules/millennium-blades.txt: "Turn-Based Mode": "3. Fuse cards from
    // his hand into a promo using normal card fusion rules" ("Card Fusion":
    // "take a card from the appropriate pile"), and scoring "7. If this is
    // your first time scoring, gain a random silver promo from out of
    // play". Ruling ("Hidden information"): the promo goes into a hand
    // only its owner sees; the others know the pile it came from, not the
    // card. So A's promo swapped with any card left in its pile (of either
    // bronze set: one pile) is the same information set to B, not to A.
    let (f, bronze, silver) = turn_based_promos_in_hand();
    let swapped = |held: u16, left: u16| swapped_with_pile(&f, held, left);
    let (bronze_left, silver_left) = (f.s.fusion[0].to_vec(), f.s.prizes[0].to_vec());
    let sets: std::collections::BTreeSet<u8> =
        bronze_left.iter().map(|&c| f.g.card(c).set).collect();
    assert_eq!(sets.len(), 2, "both bronze sets are left in the pile");
    assert!(!silver_left.is_empty());
    let pairs = bronze_left.iter().map(|&c| (bronze, c));
    for (held, left) in pairs.chain(silver_left.iter().map(|&c| (silver, c))) {
        let s = swapped(held, left);
        assert_eq!(
            f.g.info_key(&s, B),
            f.g.info_key(&f.s, B),
            "{} in A's hand, {} in the pile",
            f.g.card(left).name,
            f.g.card(held).name
        );
        if f.g.table.card(left) != f.g.table.card(held) {
            assert_ne!(f.g.info_key(&s, A), f.g.info_key(&f.s, A));
        }
    }
}

#[test]
fn turn_based_the_others_views_deal_a_hand_promo_from_its_own_pile() {
    // rules/millennium-blades.txt: "Turn-Based Mode", steps 4 and 5 (two
    // bronze and one silver set fusable, a silver and a gold set given at
    // scorings), "3. Fuse cards from his hand into a promo" and scoring
    // "7. ... gain a random silver promo from out of play". Ruling ("Hidden
    // information"): B knows that A's hand holds a promo of the bronze pile
    // (either set) and one of the scoring silver set, so every view of B's
    // deals each of them a card of its own pile, never a store card, nor a
    // silver of the fusable set; the pile and the hand keep their cards
    // between them. A's own views keep A's cards.
    use crate::core::Invariants;
    let (f, bronze, silver) = turn_based_promos_in_hand();
    let hand = Zone::of(Area::Hand, A);
    let (prize_set, fusable_set) = (f.g.card(silver).set, f.g.card(f.s.fusion[1][0]).set);
    assert_ne!(prize_set, fusable_set);
    let sorted = |mut v: Vec<u16>| {
        v.sort_unstable();
        v
    };
    let bronze_pile = |s: &State| {
        let held = s
            .in_zone(hand)
            .filter(|&c| f.g.card(c).tier == Tier::Bronze);
        sorted(s.fusion[0].iter().copied().chain(held).collect())
    };
    let (mut sets, mut silvers) = (std::collections::BTreeSet::new(), 0);
    for seed in 0..60 {
        let view = f.g.determinize(&f.s, B, &mut derive_rng(seed, 10));
        assert_eq!(f.g.check_invariants(&view), Ok(()));
        let cards: Vec<&_> = view.in_zone(hand).map(|c| f.g.card(c)).collect();
        let count = |t: Tier| cards.iter().filter(|c| c.tier == t).count();
        assert_eq!(cards.len(), 3, "seed {seed}");
        assert_eq!(count(Tier::Bronze), 1, "seed {seed}: one bronze promo");
        assert_eq!(count(Tier::Silver), 1, "seed {seed}: one silver promo");
        assert_eq!(count(Tier::Gold), 0, "seed {seed}");
        let held_silver = cards.iter().find(|c| c.tier == Tier::Silver);
        assert_eq!(held_silver.map(|c| c.set), Some(prize_set), "seed {seed}");
        assert_eq!(bronze_pile(&view), bronze_pile(&f.s), "seed {seed}");
        let prizes = |s: &State| {
            let held = s.in_zone(hand).filter(|&c| f.g.card(c).set == prize_set);
            sorted(s.prizes[0].iter().copied().chain(held).collect())
        };
        assert_eq!(prizes(&view), prizes(&f.s), "seed {seed}");
        let dealt = view
            .in_zone(hand)
            .find(|&c| f.g.card(c).tier == Tier::Bronze);
        sets.extend(dealt.map(|c| f.g.card(c).set));
        silvers += usize::from(view.zone(silver) != hand);
        let own = f.g.determinize(&f.s, A, &mut derive_rng(seed, 11));
        assert_eq!((own.zone(bronze), own.zone(silver)), (hand, hand));
    }
    assert_eq!(sets.len(), 2, "the bronze promo dealt from both sets");
    assert!(silvers > 0, "the silver promo dealt anew");
}

#[test]
fn the_play_screen_shows_both_collections_of_turn_based_and_duel_mode() {
    // rules/millennium-blades.txt: "Turn-Based Mode", action 4: "You may
    // have two collections at a time–one based on element, and another
    // based on type"; the personal area is in the open (ruling "Hidden
    // information"), so `decklab play` shows both.
    use crate::play::Describe;
    for m in [Mode::TurnBased, Mode::Duel] {
        let mut f = Fixture::with(2, &[], mode(m));
        f.give(A, "Core Single 0", Area::Collection);
        f.give(A, "Core Single 3", Area::Collection2);
        f.board(A, "Core Lens");
        let lines = f.g.board(&f.s, B, false);
        for line in [
            "  element collection: Core Single 0",
            "  type collection: Core Single 3",
            "  board: Core Lens (2 stars)",
        ] {
            assert!(
                lines.iter().any(|l| l == line),
                "{m:?}: {line} in {lines:#?}"
            );
        }
    }
}

#[test]
fn turn_based_plays_log_their_star_tokens_and_board_cards() {
    // rules/millennium-blades.txt: "Turn-Based Mode": "5. Play a card from
    // his hand into his tableau, or as a deck box or accessory, following
    // all rules as in a tournament": star tokens waiting for the next
    // single land on it, as in a tournament, and the log says so (`stars`);
    // a deck box or accessory goes to the board (`board`).
    let mut f = turn_based(2, &[]);
    let single = f.give(A, "Core Single 0", Area::Hand);
    f.s.seats[A].next_tokens = 2;
    let events = kinds(&f.act(Action::Play(single)));
    let at = events
        .iter()
        .position(|k| {
            *k == EventKind::Play {
                card: single,
                slot: 0,
            }
        })
        .expect("a play line");
    assert_eq!(
        events[at + 1],
        EventKind::Stars {
            card: single,
            amount: 2
        }
    );
    assert_eq!(f.s.seats[A].tableau[0].tokens, 2);
    let mut f = turn_based(2, &[]);
    let lens = f.give(A, "Core Lens", Area::Hand);
    let events = kinds(&f.act(Action::Play(lens)));
    assert!(
        events.contains(&EventKind::Board { card: lens }),
        "{events:?}"
    );
    assert_eq!(f.s.zone(lens), Zone::of(Area::Board, A));
}

#[test]
fn turn_based_an_extra_single_from_an_effect_follows_the_main_action() {
    // rules/millennium-blades.txt: "Turn-Based Mode": "5. Play a card from
    // his hand into his tableau ... following all rules as in a
    // tournament"; "Tournament Turns" and the ruling "A turn": a single an
    // effect adds ("play one more single", Shop C) may be played or not,
    // in that turn only.
    let mut f = turn_based(2, &["Plain One", "Plain Two", "Three Star"]);
    let shop = f.give(A, "Shop C", Area::Hand);
    let one = f.give(A, "Plain One", Area::Hand);
    let three = f.give(A, "Three Star", Area::Hand);
    f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Play(shop));
    assert_eq!(
        f.legal(),
        vec![Action::Play(one), Action::Play(three), Action::Pass]
    );
    f.act(Action::Play(one));
    assert_eq!(f.s.active, B, "one single more, then the turn ends");
    assert_eq!(f.s.seats[A].tableau.len(), 2);
    // Declined, it does not carry over to the player's next turn.
    let mut f = turn_based(2, &["Plain One", "Plain Two", "Three Star"]);
    let shop = f.give(A, "Shop C", Area::Hand);
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(A, "Three Star", Area::Hand);
    let two = f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Play(shop));
    f.act(Action::Pass);
    f.act(Action::Play(two));
    assert_eq!(f.s.active, A);
    f.act(Action::Play(one));
    assert_eq!(f.s.active, B, "no single more in a later turn");
}

#[test]
fn a_game_cut_at_the_turn_limit_ends_its_log_with_every_seat_drawn() {
    // docs/rulings/millennium-blades.md, "Turn limit": a game still going
    // after `--max-turns` is a draw with reason `turn_limit`; its log ends
    // with a `game_over` line per player, rank 1, as a finished game's does.
    let options = Options {
        max_turns: 30,
        ..mode(Mode::Standard)
    };
    let g = game(3, options);
    let mut rng = derive_rng(5, 0);
    let mut s = g.new_state(&mut rng);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while let crate::core::Node::Decision(_) = g.to_move(&s) {
        g.legal_actions(&s, &mut legal);
        g.apply(&mut s, legal[0], &mut rng, &mut |e: &Event| events.push(*e));
    }
    let outcome = s.outcome.expect("cut");
    assert_eq!(outcome.reason, "turn_limit");
    let last: Vec<(Player, EventKind)> = events[events.len() - 3..]
        .iter()
        .map(|e| (e.player, e.kind))
        .collect();
    let expected: Vec<(Player, EventKind)> = s
        .players()
        .map(|p| {
            let score = g.final_score(&s, p);
            (p, EventKind::GameOver { score, rank: 1 })
        })
        .collect();
    assert_eq!(last, expected);
}

#[test]
fn turn_based_a_card_whose_marker_came_back_is_still_not_for_its_seller() {
    // rules/millennium-blades.txt: "Sell to the Aftermarket": "Once your card
    // is on sale in the Aftermarket, you cannot buy it back or remove it from
    // sale!" In Turn-Based Mode a scoring retrieves the markers while the
    // cards stay for sale (ruling): the seller still cannot buy them.
    let mut f = turn_based(2, &[]);
    let listed = boxed(&f, 1)[0];
    list(&mut f, listed, Some(A));
    f.s.market[0].seller = Seller::Unmarked(A);
    let buys_it = |f: &Fixture| f.legal().contains(&Action::BuyListed(listed));
    assert_eq!(f.s.active, A);
    assert!(!buys_it(&f), "not to its seller");
    f.s.active = B;
    assert!(buys_it(&f), "to anyone else");
    let events = f.act(Action::BuyListed(listed));
    let seller = events.iter().find_map(|e| match e.kind {
        EventKind::BuyListed { seller, .. } => Some(seller),
        _ => None,
    });
    assert_eq!(seller, Some(None), "no marker to return");
    assert_eq!(f.s.seats[A].markers, f.g.markers(), "A's markers unchanged");
}

#[test]
fn turn_based_after_a_third_scoring_the_player_is_out() {
    // rules/millennium-blades.txt: "Turn-Based Mode": "After a player scores
    // for the third time, he is out of the game. After all players have scored
    // three times, total up their RP across all three rounds."
    let mut f = turn_based(2, &[]);
    f.s.seats[A].scorings = 2;
    let money = f.s.seats[A].money;
    f.act(Action::Score);
    let meta = f.s.in_zone(Zone::META_UP).next().unwrap();
    f.act(Action::Take(meta));
    assert_eq!(f.s.seats[A].scorings, 3);
    assert_eq!(f.s.count(Zone::of(Area::Hand, A)), 0, "no new hand");
    assert_eq!(f.s.seats[A].money, money, "no income");
    assert_eq!(f.s.active, B);
    f.act(Action::Score);
    let meta = f.s.in_zone(Zone::META_UP).next().unwrap();
    f.act(Action::Take(meta));
    assert_eq!(f.s.active, B, "A is out: B plays again");
}

#[test]
fn turn_based_mode_starts_with_nine_cards_in_the_store_area() {
    // rules/millennium-blades.txt: "Turn-Based Mode": "1. Setup the store deck
    // as usual." The engine keeps the standard store area in this mode
    // ("Deckbuilding Phase", "Setup the Phase", step 4: "Place the top 9 cards
    // of the store face-down into the Store Area") and refills it after each
    // purchase.
    let g = game(2, mode(Mode::TurnBased));
    let s = g.new_state(&mut derive_rng(14, 0));
    assert_eq!(s.area.len(), STORE_AREA);
}

#[test]
fn turn_based_mode_can_fuse_both_bronze_sets() {
    // rules/millennium-blades.txt: "Turn-Based Mode": "4. Choose two Bronze
    // Promo Sets and one Silver Promo Set to be fusable during the game."
    let g = game(2, mode(Mode::TurnBased));
    let s = g.new_state(&mut derive_rng(15, 0));
    let bronze = pool()
        .cards()
        .filter(|(_, c)| c.tier == Tier::Bronze)
        .count();
    assert_eq!(bronze, 12, "the test pool's two bronze sets");
    assert_eq!(s.fusion[0].len(), 12);
    assert_eq!(s.fusion[1].len(), 6);
}

#[test]
fn turn_based_bronze_sets_make_one_shuffled_pile() {
    // rules/millennium-blades.txt: "Turn-Based Mode", step 4 (two Bronze
    // Promo Sets fusable) and "Card Fusion" ("take a card from the
    // appropriate pile"): the two sets make one face-down pile, shuffled
    // whole, as the views shuffle it (docs/rulings/millennium-blades.md,
    // "Hidden information"); one set stacked on the other would give only
    // the top set's cards until it ran out.
    let g = game(2, mode(Mode::TurnBased));
    let mixed = (0..20).any(|seed| {
        let s = g.new_state(&mut derive_rng(seed, 0));
        let top: std::collections::BTreeSet<_> =
            s.fusion[0][6..].iter().map(|&c| g.card(c).set).collect();
        top.len() > 1
    });
    assert!(mixed, "the bronze pile's top six were one set in 20 deals");
}

#[test]
fn an_infinite_loop_in_turn_based_mode_does_not_stop_the_player_scoring() {
    // rules/millennium-blades.txt: "Infinite Loops" (removal from the
    // tournament) and "Turn-Based Mode" ("After all players have scored three
    // times ..."): Turn-Based Mode has no tournament to be removed from, so
    // the game must still be able to end.
    let mut f = turn_based(2, &["Loop Top", "Whistle", "Plain One"]);
    let whistle = f.board(A, "Whistle");
    f.place(A, "Loop Top", true);
    f.s.seats[A].tableau[0].tokens = 20;
    f.place(B, "Plain One", true);
    let events = f.act(Action::Use(whistle));
    assert!(
        kinds(&events)
            .iter()
            .any(|k| matches!(k, EventKind::Loop { .. }))
    );
    f.act(Action::Score);
    if f.s.prompt.is_some() {
        let meta = f.s.in_zone(Zone::META_UP).next().unwrap();
        f.act(Action::Take(meta));
    }
    assert_eq!(f.s.seats[A].scorings, 1);
}

#[test]
fn deckbuilding_offers_no_trades() {
    // rules/millennium-blades.txt: "Deckbuilding Actions": "7. Trade with
    // other players." Ruling: trading (and with it Friendship) is left out: a
    // deckbuilding tick offers only a pass, a store purchase, a sale, an
    // aftermarket purchase or a fusion; the final step only the deck and the
    // collection.
    let g = game(3, mode(Mode::Standard));
    let mut rng = derive_rng(16, 0);
    let mut choice = derive_rng(16, 1);
    let mut s = g.new_state(&mut rng);
    let mut legal = Vec::new();
    let mut ticks = 0;
    while s.outcome.is_none() && s.round == 1 {
        g.legal_actions(&s, &mut legal);
        let allowed = |a: &Action| match s.phase {
            Phase::Deckbuilding => matches!(
                a,
                Action::Pass
                    | Action::Buy(_)
                    | Action::Sell(_)
                    | Action::BuyListed(_)
                    | Action::Fuse(_)
            ),
            Phase::Finalize { .. } => matches!(a, Action::Pass | Action::Take(_)),
            _ => true,
        };
        assert!(legal.iter().all(allowed), "{:?}: {legal:?}", s.phase);
        if s.phase == Phase::Deckbuilding {
            ticks += 1;
        }
        let a = legal[crate::core::below(&mut choice, legal.len() as u32) as usize];
        g.apply(&mut s, a, &mut rng, &mut NoObserver);
    }
    assert!(ticks >= 20 * 3, "every player acts in every tick");
}

#[test]
fn deck_boxes_and_accessories_are_out_of_reach_of_effects() {
    // rules/millennium-blades.txt: "Deck Box Area": "A card cannot affect or
    // target your Deck Box unless it specifically says it can.";
    // "Accessories": "A card cannot affect or target your Accessories unless
    // it specifically says it can." (No card of the pool says so.)
    let mut f = Fixture::tournament(2, &["Knight Ten", "Three Star", "Plain One"]);
    let lens = f.board(B, "Core Lens"); // 2 stars
    let knight = f.place(B, "Knight Ten", true);
    let chooser = f.give(A, "Flip A", Area::Hand); // flip a card of 4 stars or less
    f.give(A, "Three Star", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    f.act(Action::Play(chooser));
    assert_eq!(f.s.prompt, None, "no legal target");
    assert!(f.up(B, knight) && f.s.seats[B].board[0].up);
    let mut f = Fixture::tournament(2, &["Three Star", "Plain One"]);
    f.board(B, "Core Lens");
    let flipper = f.give(A, "Flip B", Area::Hand); // flip each other Top Card
    f.give(A, "Three Star", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    f.act(Action::Play(flipper));
    assert!(
        f.s.seats[B].board.iter().all(|t| t.up),
        "no Top Card to flip"
    );
    assert_eq!(f.s.seats[B].board[0].card, lens);
}

#[test]
fn duel_collections_become_ten_rp_a_card_at_the_end_of_the_tournament() {
    // rules/millennium-blades.txt: "Duel Mode": "Each player may form two
    // collections during the Deckbuilding Phase: one Elemental collection and
    // one Type collection. Instead of gaining VP from them, these are
    // converted to RP and are added to your total RP at the end of the
    // Tournament Phase at a rate of 10 RP per card." Ruling: as in the
    // standard game, a collection needs two cards; a lone card goes back to
    // the binder.
    let mut f = Fixture::with(2, &[], mode(Mode::Duel));
    let lone = f.give(A, "Core Single 0", Area::Collection);
    let animals = [
        f.give(A, "Core Single 6", Area::Collection2),
        f.give(A, "Mimic A", Area::Collection2),
    ];
    let mut events = Vec::new();
    f.g.duel_collections(&mut f.s, &mut |e: &Event| events.push(*e));
    assert_eq!(f.rp(A), 20);
    assert_eq!(f.s.zone(lone), Zone::of(Area::Binder, A));
    assert!(animals.iter().all(|&c| f.s.zone(c) == Zone::BOX));
    // The log says where the lone card went (docs/events.md).
    assert!(kinds(&events).contains(&EventKind::CollectionReturn { card: lone }));
}

#[test]
fn turn_based_mode_leaves_the_starter_decks_out_and_sells_without_a_limit() {
    // rules/millennium-blades.txt: "Turn-Based Mode": "1. Setup the store deck
    // as usual. 2. Determine who will be first player, and deal each player 7
    // cards." Rulings: the starter decks are not used; selling to the
    // aftermarket has no card limit (the limit of 12 applies to cards a clash
    // reveals).
    let g = game(3, mode(Mode::TurnBased));
    let mut events = Vec::new();
    let s = g.setup(&mut derive_rng(17, 0), &mut |e: &Event| events.push(*e));
    for p in s.players() {
        for &c in &g.table.starters[p] {
            assert_eq!(s.zone(c), Zone::BOX);
        }
        // The log lists what a player starts with (docs/events.md): the 7
        // cards dealt, no `setup_card` of a starter deck not used.
        let dealt = events
            .iter()
            .filter(|e| e.player == p && matches!(e.kind, EventKind::Dealt { .. }))
            .count();
        assert_eq!(dealt, 7);
    }
    let setup: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Setup { .. }))
        .collect();
    assert!(setup.is_empty(), "{setup:?}");
    let mut f = turn_based(2, &[]);
    for c in boxed(&f, 12) {
        list(&mut f, c, None);
    }
    let card = f.give(A, "Core Single 3", Area::Hand);
    f.act(Action::Sell(card));
    assert_eq!(f.s.market.len(), 13);
}

#[test]
fn a_starter_deck_the_pre_release_trims_or_not_printed_is_warned_about() {
    // rules/millennium-blades.txt: "Build your Deck": "The Deck Area can
    // contain up to eight singles, up to one Deck Box, and up to two
    // Accessories ... You may only have one copy of any card in your
    // deck!"; "Illegal Decks": "Randomly remove cards from the player's
    // deck to their binder". Rulings: such a starter deck is legal, and
    // the Pre-Release trims it ("Illegal decks first lose every second
    // copy"): `validate` warns, `simulate --pre-release` notes the trims.
    use super::super::deck::warnings;
    let db = pool();
    let nine = "9 Starter 0 Single 0\n";
    assert!(Deck::parse(nine, "m3.deck", &db).is_ok(), "a legal deck");
    let w = warnings(nine, "m3.deck", &db, false);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].line, 1);
    assert!(
        w[0].message.starts_with(
            "9 copies of \"Starter 0 Single 0\" (its set \"Test Starter 0\" prints 1): a deck \
             holds one copy of a card"
        ),
        "{}",
        w[0].message
    );
    assert!(w[0].message.contains("plays 1 and puts 8 in the binder"));
    assert_eq!(warnings(nine, "m3.deck", &db, true), w, "a trim");
    // The test starter deck is as printed; with a store card instead of
    // its last card it is warned about, though nothing is trimmed.
    let printed = include_str!("starter-0.deck");
    assert!(warnings(printed, "s.deck", &db, false).is_empty());
    let store = printed.replace("1 Starter 0 Charm", "1 Core Single 3");
    assert_ne!(store, printed);
    let w = warnings(&store, "m2.deck", &db, false);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].message.starts_with(
            "\"Core Single 3\" is a card of the core set \"Test Core\", not a starter card"
        ),
        "{}",
        w[0].message
    );
    assert!(warnings(&store, "m2.deck", &db, true).is_empty());
    // Nine different singles: one over the limit, at random.
    let singles: String = (0..6)
        .map(|i| format!("1 Starter 0 Single {i}\n"))
        .chain((0..3).map(|i| format!("1 Starter 1 Single {i}\n")))
        .collect();
    let w = warnings(&singles, "s.deck", &db, true);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].line, 0, "the whole deck");
    assert!(
        w[0].message
            .starts_with("9 different singles: a deck holds at most 8"),
        "{}",
        w[0].message
    );
    // What a run notes: the trims, with a Pre-Release only.
    let pre = Options {
        pre_release: true,
        ..mode(Mode::Standard)
    };
    let run = |o: &Options| MillenniumBlades::deck_warnings(nine, "m3.deck", &db, Some(o));
    assert_eq!(run(&pre).len(), 1);
    assert!(run(&mode(Mode::Standard)).is_empty());
    assert!(run(&mode(Mode::TurnBased)).is_empty());
}

/// Whether `events` hold a Reaction used.
fn reacted(events: &[Event]) -> bool {
    events
        .iter()
        .any(|e| matches!(e.kind, EventKind::Reaction { .. }))
}
