//! Nintendo TCG positions the soak (`tests/soak.rs`) or a larger random
//! sweep found breaking an invariant, replayed action by action from their
//! seed: every recorded action must be legal and every invariant must hold
//! after it.

use decklab::core::{Game, Invariants, NoObserver, Player, derive_rng};
use decklab::games::nintendo_tcg::NintendoTcg;
use decklab::games::nintendo_tcg::state::State;

/// Replays `actions` (as `{:?}` prints them) from `seed` on the bundled
/// decks `a` and `b`, checking the invariants after every action; returns
/// the game and the final state.
fn replay(a: usize, b: usize, seed: u64, actions: &[&str]) -> (NintendoTcg, State) {
    let g = NintendoTcg::bundled(a, b);
    let mut rng = derive_rng(seed, 0);
    let mut s = g.new_state(&mut rng);
    let mut legal = Vec::new();
    for (i, text) in actions.iter().enumerate() {
        g.legal_actions(&s, &mut legal);
        let action = *legal
            .iter()
            .find(|a| format!("{a:?}") == *text)
            .unwrap_or_else(|| panic!("step {i}: {text} is not legal; legal: {legal:?}"));
        g.apply(&mut s, action, &mut rng, &mut NoObserver);
        if let Err(m) = g.check_invariants(&s) {
            panic!("seed {seed}, after {} actions ({text}): {m}", i + 1);
        }
    }
    (g, s)
}

#[test]
fn seed_1184_a_winning_reply_does_not_lose_the_answer() {
    // Seat b answers seat a's Gloom Stalker with Ambush Horn; seat a's one
    // reply, Soul Siphon, takes b's last 2 Vitality Points. The game is
    // over before the Horn resolves, and the Horn once vanished with it.
    let (g, s) = replay(
        0,
        1,
        1184,
        &[
            "Pick(CardId(3))",
            "Pick(CardId(23))",
            "Play { card: CardId(8), at: Main, target: None }",
            "Play { card: CardId(19), at: Main, target: Foe(1) }",
            "Answer { card: CardId(37), uid: None, ability: 0, target: None }",
            "Play { card: CardId(7), at: Main, target: None }",
            "EndTurn",
            "Play { card: CardId(45), at: Main, target: None }",
            "EndTurn",
            "Decline",
            "Attack { uid: 0, target: Foe(0) }",
            "AttackPass { uid: 1 }",
            "EndTurn",
            "Decline",
            "Attack { uid: 0, target: None }",
            "AttackPass { uid: 1 }",
            "EndTurn",
            "Decline",
            "Attack { uid: 0, target: None }",
            "AttackPass { uid: 1 }",
            "Play { card: CardId(19), at: Main, target: Foe(1) }",
            "Decline",
            "EndTurn",
            "Decline",
            "Attack { uid: 0, target: None }",
            "Play { card: CardId(28), at: Main, target: None }",
            "Answer { card: CardId(20), uid: None, ability: 0, target: Foe(0) }",
            "Play { card: CardId(42), at: Main, target: None }",
        ],
    );
    let horn = g.db.id("Ambush Horn").unwrap();
    assert_eq!(s.outcome.map(|o| o.winner()), Some(Some(Player::B)));
    assert!(s.sides[Player::A].discard.contains(&horn));
    assert_eq!(s.answer, None);
}
