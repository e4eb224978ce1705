//! The tournament: turns, the Top Card, clashes, effects and their timing,
//! the set keywords, scoring and the VP chart.

use super::super::action::Action;
use super::super::events::{Event, EventKind};
use super::super::state::{AFTERMARKET_TOURNAMENT, Area, Listing, Seller, Zone};
use super::fixture::{Fixture, kinds};
use crate::core::Player;

const A: Player = Player::A;
const B: Player = Player::B;

#[test]
fn the_rulebooks_clash_example() {
    // rules/millennium-blades.txt: "Clashing", the example: "Deques uses
    // his Salamander, Volcanic Lizard (flipping it down) to trigger a clash
    // with Cardine, using his Top Card: Knight Captain Malcombe (10). Her
    // Top Card is Evil Beethoven (8). Deques reveals the top card of the
    // Store and it's a 3. Cardine reveals a 6. Deques' total is 13 and
    // Cardine's is 14, so she wins the clash. They put both of the cards
    // revealed in the clash into the Aftermarket Area."
    let mut f = Fixture::tournament(
        2,
        &[
            "Whistle",
            "Knight Ten",
            "Maestro Eight",
            "Three Star",
            "Six Star",
            "Plain One",
        ],
    );
    let whistle = f.board(A, "Whistle");
    f.place(A, "Knight Ten", true);
    f.place(B, "Maestro Eight", true);
    f.give(A, "Plain One", Area::Hand);
    // Deques reveals first (the top card), then Cardine.
    f.stack_store(&["Six Star", "Three Star"]);
    let events = f.act(Action::Use(whistle));
    let reveals: Vec<(Player, u8)> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::ClashReveal { total, .. } => Some((e.player, total)),
            _ => None,
        })
        .collect();
    assert_eq!(reveals, vec![(A, 13), (B, 14)]);
    assert!(kinds(&events).contains(&EventKind::Clash { winner: Some(B) }));
    // She wins: the Whistle's win effect does not happen; the revealed
    // cards are in the aftermarket.
    assert_eq!(f.rp(A), 0);
    let market: Vec<&str> =
        f.s.market
            .iter()
            .map(|l| f.g.card(l.card).name.as_str())
            .collect();
    assert_eq!(market, vec!["Three Star", "Six Star"]);
    // The Action's card is flipped face down after its text.
    assert!(!f.s.seats[A].board[0].up);
}

#[test]
fn a_tie_for_the_highest_total_is_no_win_and_a_clash_needs_two_top_cards() {
    // rules: "Clashing": "If there is a tie for the highest total, then
    // the clash is a tie ... If a clash does not have at least two
    // participants (due to not having Top Cards), then the clash does not
    // occur."
    let mut f = Fixture::tournament(2, &["Whistle", "Knight Ten", "Plain One", "Three Star"]);
    let whistle = f.board(A, "Whistle");
    f.place(A, "Knight Ten", true);
    f.place(B, "Plain One", false);
    f.give(A, "Three Star", Area::Hand);
    let events = f.act(Action::Use(whistle));
    assert!(
        !kinds(&events)
            .iter()
            .any(|k| matches!(k, EventKind::Clash { .. })),
        "B has no Top Card"
    );
    let mut f = Fixture::tournament(
        2,
        &[
            "Whistle",
            "Plain One",
            "Plain Two",
            "Plain Two",
            "Three Star",
            "Three Star",
        ],
    );
    let whistle = f.board(A, "Whistle");
    f.place(A, "Plain One", true);
    f.place(B, "Plain Two", true);
    f.give(A, "Three Star", Area::Hand);
    // 1 + 3 against 2 + 2.
    f.stack_store(&["Plain Two", "Three Star"]);
    let events = f.act(Action::Use(whistle));
    assert!(kinds(&events).contains(&EventKind::Clash { winner: None }));
}

#[test]
fn the_top_card_is_the_rightmost_face_up_card_and_face_down_cards_have_no_stars() {
    // rules: "Top Card": "If there are face-down cards on the right edge of
    // your tableau, your Top Card is the face-up card closest to the right
    // edge"; "Face-Down Cards": "Face Down cards have no STAR RATING,
    // ELEMENT, or TYPE".
    let mut f = Fixture::tournament(2, &["Knight Ten", "Plain One", "Three Star"]);
    f.place(A, "Three Star", true);
    f.place(A, "Knight Ten", false);
    assert_eq!(f.g.top(&f.s, A), Some(0));
    let slot = f.s.seats[A].tableau[1];
    assert_eq!(f.g.stars_of(&slot), 0);
    assert_eq!(f.g.symbols_at(&f.s, A, 1).0.count(), 0);
    f.s.seats[A].tableau[0].up = false;
    assert_eq!(f.g.top(&f.s, A), None);
}

#[test]
fn a_turn_is_at_most_one_action_and_exactly_one_single() {
    // rules: "Tournament Turns": "On a player's turn, he or she may take
    // one Action and must play one Single, in either order. If the player
    // is unable to play a Single, they cannot take an Action, and instead
    // Passes."
    let mut f = Fixture::tournament(
        2,
        &[
            "Whistle",
            "Plain One",
            "Plain Two",
            "Three Star",
            "Six Star",
        ],
    );
    let whistle = f.board(A, "Whistle");
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(A, "Plain Two", Area::Hand);
    f.give(B, "Three Star", Area::Hand);
    let legal = f.legal();
    assert!(legal.contains(&Action::Use(whistle)) && legal.contains(&Action::Play(one)));
    assert!(!legal.contains(&Action::Pass), "a single must be played");
    f.act(Action::Play(one));
    // Played: the Action may still be used, or the turn ended; no second
    // single.
    let legal = f.legal();
    assert_eq!(legal, vec![Action::Use(whistle), Action::Pass]);
    f.act(Action::Pass);
    assert_eq!(f.s.active, B);
    // B plays its only card; with nothing else to do its turn ends.
    let three = f.s.in_zone(Zone::of(Area::Hand, B)).next().unwrap();
    f.act(Action::Play(three));
    assert_eq!(f.s.active, A);
}

#[test]
fn a_deck_box_or_accessory_drawn_into_the_hand_is_no_single_to_play() {
    // rules: "Tournament Turns": "must play one Single ... If the player is
    // unable to play a Single, they cannot take an Action, and instead
    // Passes"; "Tableau: Singles you play during the tournament will be
    // placed into these slots". A store card drawn by an effect may be a
    // deck box or an accessory (docs/rulings/millennium-blades.md,
    // "Discards and drawn cards"): it stays in the hand.
    let mut f = Fixture::tournament(
        2,
        &["Whistle", "Plain One", "Plain Two", "Core Box", "Core Lens"],
    );
    let whistle = f.board(A, "Whistle");
    let boxed = f.give(A, "Core Box", Area::Hand);
    let lens = f.give(A, "Core Lens", Area::Hand);
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(B, "Plain Two", Area::Hand);
    let legal = f.legal();
    assert!(legal.contains(&Action::Play(one)));
    assert!(!legal.contains(&Action::Play(boxed)) && !legal.contains(&Action::Play(lens)));
    f.act(Action::Play(one));
    // Ending the turn after its single is no pass (rules: "Tournament
    // Turns": a player passes when "unable to play a Single").
    let ended = f.act(Action::Pass);
    let ends: Vec<(Player, EventKind)> = ended.iter().map(|e| (e.player, e.kind)).collect();
    assert_eq!(
        ends,
        vec![(A, EventKind::TurnEnd), (B, EventKind::TurnStart)]
    );
    // B plays; A holds no single: it passes, without its Action.
    let two = f.s.in_zone(Zone::of(Area::Hand, B)).next().unwrap();
    let events = f.act(Action::Play(two));
    assert!(
        events
            .iter()
            .any(|e| e.player == A && matches!(e.kind, EventKind::Pass)),
        "{events:?}"
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Action { card } if card == whistle)),
        "no Action without a single to play"
    );
    // B has nothing left either: the tournament ends, and the cards drawn
    // go to their owner's binder.
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Placed { .. }))
    );
    assert_eq!(f.s.zone(boxed), Zone::of(Area::Binder, A));
    assert_eq!(f.s.zone(lens), Zone::of(Area::Binder, A));
}

#[test]
fn the_tournament_ends_when_all_pass_in_succession() {
    // rules: "Tournament Turns": "Once all players pass in succession, the
    // tournament ends."; "Ending the Tournament" step 2 and the Tournament
    // VP Chart, Round 1: 21 / 15.
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two"]);
    let one = f.give(A, "Plain One", Area::Hand);
    f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Play(one));
    // A has no card left: B plays, then both pass and the tournament ends.
    let two = f.s.in_zone(Zone::of(Area::Hand, B)).next().unwrap();
    let events = f.act(Action::Play(two));
    let placed: Vec<(Player, u8, u16)> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Placed { place, vp, .. } => Some((e.player, place, vp)),
            _ => None,
        })
        .collect();
    // No RP for anyone: a tie for first, (21 + 15) / 2 = 18 each.
    assert_eq!(placed, vec![(A, 1, 18), (B, 1, 18)]);
}

#[test]
fn ties_share_the_vp_of_the_places_they_cover_rounded_down() {
    // rules: "Ending the Tournament", step 2: "If two or more players tie,
    // add up and divide between them the VP for all places they would win.
    // (Example: in a 3-way tie for second, add up and divide evenly the
    // points for second, third, and fourth place, rounded down)."
    let mut f = Fixture::tournament(4, &[]);
    for (p, rp) in [(0, 10), (1, 5), (2, 5), (3, 5)] {
        f.s.seats[Player::new(p)].rp = rp;
    }
    f.s.rp_ledger.0 = 25;
    f.g.placement(&mut f.s, &mut f.rng, &mut crate::core::NoObserver);
    let vp: Vec<u16> = f.s.seats.iter().map(|t| t.vp.tournament).collect();
    // Round 1: 21, and (15 + 12 + 9) / 3 = 12 each.
    assert_eq!(vp, vec![21, 12, 12, 12]);
    let mut f = Fixture::tournament(3, &[]);
    for (p, rp) in [(0, 3), (1, 3), (2, 1)] {
        f.s.seats[Player::new(p)].rp = rp;
    }
    f.s.rp_ledger.0 = 7;
    f.g.placement(&mut f.s, &mut f.rng, &mut crate::core::NoObserver);
    let vp: Vec<u16> = f.s.seats.iter().map(|t| t.vp.tournament).collect();
    // (21 + 15) / 2 = 18, then third place 12.
    assert_eq!(vp, vec![18, 18, 12]);
}

#[test]
fn ranking_points_never_go_below_zero() {
    // FAQ: "If a card makes me lose RP and I don't have enough to lose ...
    // You lose as much as you can and stop at zero."
    let mut f = Fixture::tournament(2, &["Plain One"]);
    f.s.seats[B].rp = 1;
    f.s.rp_ledger.0 = 1;
    f.g.add_rp(&mut f.s, B, -2, 0, &mut crate::core::NoObserver);
    assert_eq!(f.rp(B), 0);
}

#[test]
fn the_aftermarket_holds_twelve_cards_in_a_tournament() {
    // rules: "Aftermarket Space": "During Tournaments, the Aftermarket has
    // a limit of 12 cards. If a card or cards would be placed in the
    // Aftermarket and cause it to go over this limit, discard all cards in
    // the Aftermarket to the store discard, then place the new card or
    // cards in the Aftermarket."
    let mut f = Fixture::tournament(2, &["Whistle", "Knight Ten", "Maestro Eight", "Plain One"]);
    let boxed: Vec<u16> = (0..f.g.table.len() as u16)
        .filter(|&c| f.s.zone(c) == Zone::BOX && f.g.card(c).stars > 0)
        .take(11)
        .collect();
    // Two of them carry B's sell markers (Turn-Based Mode sells while
    // clashes reveal cards): "Return the Sell Marker on the card to its
    // owner" when it leaves.
    let markers = f.s.seats[B].markers;
    for (i, &c) in boxed.iter().enumerate() {
        f.s.put(&f.g.table, c, Zone::MARKET);
        let seller = if i < 2 {
            Seller::Marked(B)
        } else {
            Seller::Nobody
        };
        f.s.market.push(Listing { card: c, seller });
    }
    f.s.seats[B].markers -= 2;
    let before = f.s.market.len();
    assert_eq!(before, 11);
    let whistle = f.board(A, "Whistle");
    f.place(A, "Knight Ten", true);
    f.place(B, "Maestro Eight", true);
    f.give(A, "Plain One", Area::Hand);
    f.act(Action::Use(whistle));
    // 11 + 2 would be 13: the 11 go to the store discard first.
    assert!(before + 2 > AFTERMARKET_TOURNAMENT);
    assert_eq!(f.s.market.len(), 2);
    assert!(boxed.iter().all(|&c| f.s.zone(c) == Zone::DISCARD));
    assert_eq!(f.s.seats[B].markers, markers, "B's markers come back");
}

#[test]
fn mimicry_takes_the_symbols_of_the_face_up_card_to_its_left() {
    // rules: "Set Specific Keywords": "Mimicry - A card with Mimicry has the
    // Element and Type symbols of a face-up card to its immediate left
    // instead of its own. This effect ends if the card to its left is
    // flipped."
    let mut f = Fixture::tournament(2, &["Knight Ten"]);
    let knight = f.place(A, "Knight Ten", true);
    f.place(A, "Mimic A", true);
    let (knight_e, knight_t) = (f.g.card(knight).elements, f.g.card(knight).types);
    assert_eq!(f.g.symbols_at(&f.s, A, 1), (knight_e, knight_t));
    f.s.seats[A].tableau[0].up = false;
    let own = f.g.card(f.s.seats[A].tableau[1].card);
    assert_eq!(f.g.symbols_at(&f.s, A, 1), (own.elements, own.types));
}

#[test]
fn scurry_inserts_the_card_anywhere_shifting_the_others_right() {
    // rules: "Scurry - Play: You may insert this card anywhere into your
    // tableau. When you do this, you will shift some of your cards to the
    // right to make room."
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two", "Three Star"]);
    let one = f.place(A, "Plain One", true);
    let two = f.place(A, "Plain Two", true);
    let mouse = f.give(A, "Mimic B", Area::Hand);
    f.give(B, "Three Star", Area::Hand);
    f.act(Action::Play(mouse));
    assert_eq!(
        f.legal(),
        vec![
            Action::Position(0),
            Action::Position(1),
            Action::Position(2)
        ]
    );
    let events = f.act(Action::Position(0));
    let order: Vec<u16> = f.s.seats[A].tableau.iter().map(|t| t.card).collect();
    assert_eq!(order, vec![mouse, one, two]);
    // The log follows the move (docs/events.md: `scurry`).
    assert!(
        kinds(&events).contains(&EventKind::Scurry {
            card: mouse,
            slot: 0
        }),
        "{events:?}"
    );
}

#[test]
fn anvil_drop_flips_another_players_lower_card_and_thwomp_the_lower_card_to_the_left() {
    // rules: "Anvil Drop - Action: Flip a card in another player's tableau
    // with a lower ★ than this card." "Thwomp! - Play: If the card to the
    // left has a lower ★ than this one, flip it and gain RP."
    let mut f = Fixture::tournament(2, &["Plain One", "Knight Ten", "Plain Two", "Three Star"]);
    let anvil = f.place(A, "Blast C", true);
    let low = f.place(B, "Plain One", true);
    let high = f.place(B, "Knight Ten", true);
    f.give(A, "Plain Two", Area::Hand);
    f.give(B, "Three Star", Area::Hand);
    f.act(Action::Use(anvil));
    // Only the lower card can be chosen; one choice is made at once.
    assert!(!f.up(B, low) && f.up(B, high));
    assert!(!f.up(A, anvil), "the Action flips its card");
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two"]);
    let left = f.place(A, "Plain One", true);
    let thwomp = f.give(A, "Blast B", Area::Hand);
    f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Play(thwomp));
    assert!(!f.up(A, left));
    assert_eq!(f.rp(A), 3, "Blast B has thwomp = 3");
}

#[test]
fn blast_off_puts_tokens_on_the_next_card_played() {
    // rules: "Blast Off - Action: You may flip this card to put 3 +1 STAR
    // tokens on the next card you play. +1 STAR tokens increase a card's
    // Star Rating by 1 each."
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two", "Three Star"]);
    let rocket = f.place(A, "Blast A", true);
    let next = f.give(A, "Plain One", Area::Hand);
    f.give(A, "Three Star", Area::Hand);
    f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Use(rocket));
    f.act(Action::Play(next));
    let slot = *f.s.seats[A]
        .tableau
        .iter()
        .find(|t| t.card == next)
        .unwrap();
    assert_eq!((slot.tokens, f.g.stars_of(&slot)), (3, 4));
}

#[test]
fn cannot_be_flipped_and_protection_guard_against_opponents_only() {
    // rules: "Cannot be flipped - If you have cards that are protected from
    // flipping, you cannot choose one of those cards when an opponent
    // forces you to choose and flip one of your cards."
    let mut f = Fixture::tournament(2, &["Plain One"]);
    let guarded = f.place(B, "Mimic C", true);
    let flipper = f.give(A, "Flip B", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    f.act(Action::Play(flipper));
    assert!(
        f.up(B, guarded),
        "each_other_top cannot flip a protected Top Card"
    );
    // An ongoing protection of all own cards (the Core Guard accessory).
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two"]);
    f.board(B, "Core Guard");
    let target = f.place(B, "Plain Two", true);
    let flipper = f.give(A, "Flip A", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    f.act(Action::Play(flipper));
    assert!(f.up(B, target));
    // One's own effects still flip one's own protected card.
    let mut f = Fixture::tournament(2, &["Plain One"]);
    let own = f.place(A, "Mimic C", true);
    let chooser = f.give(A, "Master E", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    f.act(Action::Play(chooser));
    let legal = f.legal();
    assert!(legal.contains(&Action::Card(A, 0)), "{legal:?}");
    f.act(Action::Card(A, 0));
    assert!(!f.up(A, own));
}

#[test]
fn a_top_silence_outranks_play_effects() {
    // rules: "Effects on Cards": "Top>Ongoing>Play>Next>Score is the order
    // of what effects take priority over other effects" (see the rulings:
    // a Top silence stops the opponents' Play effects).
    let mut f = Fixture::tournament(2, &["Plain One"]);
    f.place(B, "Flip C", true); // Top: silence
    let gain = f.give(A, "Core Single 0", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    f.act(Action::Play(gain));
    assert_eq!(f.rp(A), 0, "Core Single 0's Play: gain 2 RP is silenced");
    // The silence comes first: a Play effect that would flip the silencing
    // card (Flip B: flip each other player's Top Card) never happens.
    let mut f = Fixture::tournament(2, &["Plain One"]);
    let silence = f.place(B, "Flip C", true);
    let flipper = f.give(A, "Flip B", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    f.act(Action::Play(flipper));
    assert!(
        f.up(B, silence),
        "silenced before it could flip the silence"
    );
    // A face-down Flip C silences nothing: the same plays happen.
    for (card, gained, flips) in [("Core Single 0", 2, false), ("Flip B", 0, true)] {
        let mut f = Fixture::tournament(2, &["Plain One"]);
        let top = f.place(B, "Core Single 3", true);
        f.place(B, "Flip C", false);
        let played = f.give(A, card, Area::Hand);
        f.give(B, "Plain One", Area::Hand);
        f.act(Action::Play(played));
        assert_eq!(f.rp(A), gained, "{card}");
        assert_eq!(f.up(B, top), !flips, "{card}");
    }
}

#[test]
fn next_effects_wait_for_the_next_single() {
    // rules: "Next - Next effects trigger on the next card you play".
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two", "Knight Ten"]);
    let sage = f.give(A, "Master A", Area::Hand);
    let knight = f.give(A, "Knight Ten", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Play(sage));
    assert_eq!(f.rp(A), 0, "nothing yet");
    let b1 = f.s.in_zone(Zone::of(Area::Hand, B)).next().unwrap();
    f.act(Action::Play(b1));
    f.act(Action::Play(knight));
    assert_eq!(
        f.rp(A),
        10,
        "Master A: Next, gain 1 RP per star of that card"
    );
}

#[test]
fn a_top_trigger_on_your_plays_answers_the_single_played_over_it() {
    // rules/millennium-blades.txt: "Effects on Cards": "Top - Top effects
    // work as long as the card with the Top effect is the right-most
    // face-up card in your tableau"; "Top>Ongoing>Play>Next>Score". The
    // card that was the Top Card when a single was played answers that
    // play (see the rulings), though the single then becomes the Top Card.
    let mut f = Fixture::tournament(
        2,
        &[
            "Plain One",
            "Plain Two",
            "Three Star",
            "Six Star",
            "Knight Ten",
        ],
    );
    let master = f.give(A, "Master F", Area::Hand); // Top: you play a single, gain 2
    let one = f.give(A, "Plain One", Area::Hand);
    let three = f.give(A, "Three Star", Area::Hand);
    let two = f.give(B, "Plain Two", Area::Hand);
    let six = f.give(B, "Six Star", Area::Hand);
    f.give(B, "Knight Ten", Area::Hand); // the tournament goes on
    f.act(Action::Play(master));
    assert_eq!(f.rp(A), 0, "a card does not answer its own play");
    f.act(Action::Play(two));
    f.act(Action::Play(one));
    assert_eq!(f.rp(A), 2, "Master F was the Top Card as Plain One came");
    f.act(Action::Play(six));
    f.act(Action::Play(three));
    assert_eq!(f.rp(A), 2, "Plain One was the Top Card as Three Star came");
}

#[test]
fn a_reaction_is_optional_and_flips_its_card() {
    // rules: "Reaction - ... When you activate a Reaction, the card that
    // triggers it is flipped face-down. You always have the option of not
    // using your own Reaction Effects".
    for use_it in [true, false] {
        let mut f = Fixture::tournament(2, &["Plain One", "Plain Two"]);
        let shield = f.board(B, "Core Shield");
        let target = f.place(B, "Plain Two", true);
        let flipper = f.give(A, "Flip A", Area::Hand);
        f.give(B, "Plain One", Area::Hand);
        f.act(Action::Play(flipper));
        assert!(!f.up(B, target));
        assert_eq!(f.s.prompt.map(|(_, p)| p), Some(B), "B may react");
        let events = kinds(&f.act(if use_it { Action::React } else { Action::Pass }));
        assert_eq!(f.rp(B), if use_it { 4 } else { 0 });
        // The log tells a Reaction not used from a turn passed.
        let (used, declined) = (
            EventKind::Reaction { card: shield },
            EventKind::Decline { card: shield },
        );
        assert_eq!(events.contains(&used), use_it, "{events:?}");
        assert_eq!(events.contains(&declined), !use_it, "{events:?}");
        assert!(!events.contains(&EventKind::Pass), "{events:?}");
        let up = f.s.seats[B]
            .board
            .iter()
            .find(|t| t.card == shield)
            .unwrap()
            .up;
        assert_eq!(up, !use_it);
    }
}

#[test]
fn discarded_cards_go_to_the_binder_and_store_cards_can_be_drawn_into_hand() {
    // rules: "General Rules": "Discard a Card - The card is discarded to the
    // owner's Binder ... unavailable for the rest of the tournament."
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two", "Three Star"]);
    let pirate = f.give(A, "Shop B", Area::Hand);
    f.give(A, "Three Star", Area::Hand);
    let one = f.give(B, "Plain One", Area::Hand);
    let two = f.give(B, "Plain Two", Area::Hand);
    f.act(Action::Play(pirate));
    assert_eq!(
        f.s.prompt.map(|(_, p)| p),
        Some(B),
        "the discarding player chooses"
    );
    f.act(Action::Discard(two));
    assert_eq!(f.s.zone(two), Zone::of(Area::Binder, B));
    assert_eq!(f.s.zone(one), Zone::of(Area::Hand, B));
    // A store card into hand (Shop A: Play: draw 1 from the store).
    let mut f = Fixture::tournament(2, &["Plain One"]);
    let shop = f.give(A, "Shop A", Area::Hand);
    f.give(B, "Plain One", Area::Hand);
    let top = f.s.store.top().unwrap();
    f.act(Action::Play(shop));
    assert_eq!(f.s.zone(top), Zone::of(Area::Hand, A));
    assert_eq!(f.s.known[usize::from(top)], 1, "only its owner sees it");
}

#[test]
fn each_opponent_discards_in_turn_from_the_players_left() {
    // rules/millennium-blades.txt: "Effects on Cards": "The player whose
    // turn it is gets the first opportunity to use Flip or Reaction
    // effects, with that opportunity passing clockwise": an effect on each
    // opponent reaches them from the player's left, so a later chooser
    // has seen the earlier discards (see docs/rulings/millennium-blades.md).
    let cards = ["Plain One", "Plain Two", "Three Star"];
    let mut f = Fixture::tournament(4, &cards);
    let c = Player::new(2);
    f.s.active = c;
    let pirate = f.give(c, "Shop B", Area::Hand);
    for (q, card) in [Player::new(3), A, B].into_iter().zip(cards) {
        f.give(q, card, Area::Hand);
    }
    // One card each: no choice to wait for, the discards follow at once.
    let order: Vec<Player> = f
        .act(Action::Play(pirate))
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Discard { .. }))
        .map(|e| e.player)
        .collect();
    assert_eq!(order, [Player::new(3), A, B], "d, then a, then b");
}

#[test]
fn score_effects_of_face_up_cards_and_the_metagame_count_for_every_player() {
    // rules: "Ending the Tournament", step 1: "activate all Score effects
    // of face-up cards, starting with Singles in your tableau, then the
    // Deck Box, then Accessories, and finally the Metagame Cards. Every
    // Player activates the Metagame Score effects for themselves."
    let mut f = Fixture::tournament(2, &["Plain One", "Plain Two"]);
    // Meta fire: 2 RP per fire card in the tableau.
    let fire = f.g.db.id("Meta fire").unwrap();
    let meta = (0..f.g.table.len() as u16)
        .find(|&c| f.g.table.card(c) == fire)
        .unwrap();
    f.s.metas[0].retain(|&c| c != meta);
    f.s.put(&f.g.table, meta, Zone::META_UP);
    for c in
        f.s.in_zone(Zone::META_UP)
            .filter(|&c| c != meta)
            .collect::<Vec<_>>()
    {
        f.s.put(&f.g.table, c, Zone::BOX);
    }
    f.place(A, "Core Single 0", true); // fire
    f.place(A, "Core Single 6", false); // fire, face down: counts nothing
    f.place(B, "Core Single 0", true); // fire
    f.place(B, "Dojo B", true); // fire
    f.place(B, "Plain One", true);
    let mut events = Vec::new();
    f.g.end_tournament(&mut f.s, &mut f.rng, &mut |e: &Event| events.push(*e));
    let rp: Vec<(Player, u16)> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Placed { rp, .. } => Some((e.player, rp)),
            _ => None,
        })
        .collect();
    // A scored 2 (one face-up fire card), B 4 (two) from the same card.
    assert_eq!(rp, vec![(A, 2), (B, 4)]);
    assert_eq!((f.s.seats[A].place, f.s.seats[B].place), (2, 1));
}

#[test]
fn an_infinite_loop_removes_its_player_who_scores_first_place_and_sells_the_cards() {
    // rules: "Infinite Loops": "If you manage to cause an Infinite Loop (a
    // set of mandatory effects that cannot be stopped), you are immediately
    // removed from the tournament, but you score VP as though you had won
    // first place ... all your tournament cards (hand, tableau, box, and
    // accessories) are returned to the box, and you gain Millennium Dollars
    // equal to their total sell value."
    // A "Loop Top" whose every clash won sets off another clash, with
    // tokens enough to win every clash: a loop that never stops.
    let mut f = Fixture::tournament(
        3,
        &["Loop Top", "Whistle", "Plain One", "Plain One", "Plain Two"],
    );
    let whistle = f.board(A, "Whistle");
    let looper = f.place(A, "Loop Top", true);
    f.s.seats[A].tableau[0].tokens = 20;
    f.place(B, "Plain One", true);
    f.give(A, "Plain One", Area::Hand);
    f.give(Player::new(2), "Plain Two", Area::Hand);
    let money = f.s.seats[A].money;
    let events = f.act(Action::Use(whistle));
    let looped: Vec<Player> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Loop { .. }))
        .map(|e| e.player)
        .collect();
    assert_eq!(looped, vec![A]);
    assert!(f.s.seats[A].removed);
    // Loop Top (5) + Plain One (1) + Whistle (2) in round 1.
    assert_eq!(f.s.seats[A].money, money + 8);
    assert_eq!(f.s.zone(looper), Zone::BOX);
    // The others play on (B has no card and passes); A scores first
    // place's VP at the end.
    assert_eq!(f.s.active, Player::new(2));
    let two =
        f.s.in_zone(Zone::of(Area::Hand, Player::new(2)))
            .next()
            .unwrap();
    // C ahead of B on RP (as if an effect had gained them).
    f.s.seats[Player::new(2)].rp = 5;
    f.s.rp_ledger.0 += 5;
    let events = f.act(Action::Play(two));
    let vp = events.iter().find_map(|e| match e.kind {
        EventKind::Placed { vp, .. } if e.player == A => Some(vp),
        _ => None,
    });
    assert_eq!(vp, Some(21));
    // rules: "Infinite Loops": "this doesn't prevent another player from
    // actually winning first place through normal means"; "Setup the
    // Phase", step 4: "Turns begin with whichever player placed highest in
    // the previous tournament". The next tournament starts with the player
    // who placed first, not at random between it and A.
    let places: Vec<(Player, u8)> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Placed { place, .. } => Some((e.player, place)),
            _ => None,
        })
        .collect();
    assert_eq!(places, vec![(A, 1), (B, 2), (Player::new(2), 1)]);
    let mut first = None;
    let mut obs = |e: &Event| {
        if let EventKind::TournamentStart { first: p, .. } = e.kind {
            first = Some(p);
        }
    };
    f.g.start_tournament(&mut f.s, &mut f.rng, &mut obs);
    assert_eq!(first, Some(Player::new(2)));
}
