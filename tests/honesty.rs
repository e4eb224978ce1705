//! Bots never read hidden information: two states that differ only in what
//! the deciding player cannot see produce the same decision, for every
//! bundled strategy, along the path the runner uses (a view for the decider
//! if the bot needs one — kept from its decision just before, or dealt
//! afresh — else the state itself, then `choose`).
//! On Nostalgix with states changed by hand (the opponent's hand and the
//! order of the decks), and on every ruleset with the hidden part dealt
//! again.

#[path = "common/nostalgix_fixtures.rs"]
mod nostalgix_fixtures;

use decklab::bots::{Bot, FeatureSet, Sight, Strategy};
use decklab::core::{
    Evaluate, Game, NoObserver, Node, Player, Report, below, derive_rng, rng_from_seed,
};
use decklab::games::astrom_cross::AstromCross;
use decklab::games::millennium_blades::MillenniumBlades;
use decklab::games::nintendo_tcg::NintendoTcg;
use decklab::games::nostalgix::Nostalgix;
use decklab::games::nostalgix::state::State;
use decklab::games::pixel_tactics::PixelTactics;
use decklab::sim::Views;

/// The strategies every test here runs: one of each kind.
const STRATEGIES: [&str; 3] = ["random", "greedy", "ismcts-200"];

/// What a seat decided, from what: the action, the legal actions it was
/// given and the view it was shown (if any).
type Decided<G> = (
    Option<<G as Game>::Action>,
    Vec<<G as Game>::Action>,
    Option<<G as Game>::State>,
);

/// The decision of `bot` for `player` at `state`, as the runner takes it
/// (`sim::play_at`): the legal actions of the state; a bot that looks
/// ahead is not asked, and shown no view, when there is a single one
/// (it passes); else the view `views` shows (kept from the seat's decision
/// just before, or dealt afresh) if the bot needs one at this state
/// (greedy: unless one ply is blind there), else the state itself.
/// Returns the decision, the legal actions and the view shown, if any.
fn runner_decision<G: Game + Evaluate>(
    game: &G,
    bot: &mut Bot<G>,
    views: &mut Views<G>,
    state: &G::State,
    player: Player,
    seed: u64,
) -> Decided<G> {
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    let mut rng = derive_rng(seed, 8);
    if bot.sight().passes(legal.len()) {
        views.forget();
        bot.pass(&mut rng);
        return (Some(legal[0]), legal, None);
    }
    let needs_view = bot.sight().needs_view(game, state, player);
    let view = views.show(game, state, player, needs_view);
    let shown = needs_view.then(|| view.clone());
    let action = bot.choose(game, view, &legal, player, &mut rng);
    if let Some(a) = action {
        views.took(a);
    }
    (action, legal, shown)
}

/// Random play from `seed` until `turn`, stopping at a decision of seat a.
fn position(game: &Nostalgix, seed: u64, turn: u32) -> State {
    let mut rng = rng_from_seed(seed);
    let mut s = game.new_state(&mut rng);
    let mut legal = Vec::new();
    while game.turns(&s) < turn || game.to_move(&s) != Node::Decision(Player::A) {
        if let Node::Terminal(_) = game.to_move(&s) {
            panic!("seed {seed} ended before turn {turn}");
        }
        game.legal_actions(&s, &mut legal);
        let a = legal[below(&mut rng, legal.len() as u32) as usize];
        game.apply(&mut s, a, &mut rng, &mut NoObserver);
    }
    s
}

/// The same position with b's hand and deck dealt differently.
fn reshuffled_for_b(s: &State) -> State {
    let mut other = *s;
    let b = &mut other.sides[Player::B];
    b.deck.reverse();
    // Swap a hand card a has not seen with a different card of the deck.
    let i = (0..b.hand.len()).find(|&i| !b.hand_known.contains(&b.hand[i]));
    let j = i.and_then(|i| (0..b.deck.len()).find(|&j| b.deck[j] != b.hand[i]));
    if let (Some(i), Some(j)) = (i, j) {
        std::mem::swap(&mut b.hand[i], &mut b.deck[j]);
    }
    other
}

#[test]
fn decisions_depend_only_on_what_the_bot_can_see() {
    let game = Nostalgix::bundled(1, 2);
    for (seed, turn) in [(1, 5), (2, 7), (3, 9)] {
        let s = position(&game, seed, turn);
        let other = reshuffled_for_b(&s);
        assert_ne!(s, other, "the hidden part differs");
        assert_eq!(
            game.info_key(&s, Player::A),
            game.info_key(&other, Player::A)
        );
        // What the runner hands the bot is the same view for both states.
        let view = |state: &State| game.determinize(state, Player::A, &mut derive_rng(seed, 7));
        assert_eq!(view(&s), view(&other));
        for name in STRATEGIES {
            let strategy =
                Strategy::resolve(name, FeatureSet::of(&game)).expect("bundled strategy");
            let decide = |state: &State| {
                let mut bot = Bot::new(&game, &strategy);
                let mut views = Views::new(&game, seed);
                runner_decision(&game, &mut bot, &mut views, state, Player::A, seed).0
            };
            assert_eq!(decide(&s), decide(&other), "{name} at seed {seed}");
        }
    }
}

/// In every ruleset, at decisions along random games, the state and a
/// determinization of it for the decider (a state that differs from it only
/// in what the decider cannot see) get the same decision from every kind
/// of bot, and so on for the decider's next decisions in a row (the runner
/// keeps its view across them where the ruleset can: [`Views`]) while
/// both states, played on alike, stay alike to it. At least one of them
/// differs from the state, so the test has hidden cards to tell apart.
/// Returns how the decisions were taken.
fn blind_in<G: Game + Evaluate>(name: &str, game: &G) -> Paths {
    let strategies: Vec<Strategy> = STRATEGIES
        .iter()
        .map(|s| Strategy::resolve(s, FeatureSet::of(game)).expect("bundled strategy"))
        .collect();
    let mut legal = Vec::new();
    let (mut differed, mut paths) = (0, Paths::default());
    for seed in 1..=3 {
        let mut rng = rng_from_seed(seed);
        let mut state = game.new_state(&mut rng);
        for step in 0u64.. {
            let Node::Decision(player) = game.to_move(&state) else {
                break;
            };
            if step % 7 == 3 && step < 200 {
                let other = game.determinize(&state, player, &mut derive_rng(seed, step));
                differed += usize::from(other != state);
                for strategy in &strategies {
                    let p = decide_alike(
                        game,
                        strategy,
                        [state.clone(), other.clone()],
                        player,
                        seed + step,
                    )
                    .unwrap_or_else(|m| {
                        panic!("{name}: {} at seed {seed}, step {step}: {m}", strategy.name)
                    });
                    paths.kept += p.kept;
                    paths.passed += p.passed;
                    paths.on_state += p.on_state;
                    paths.greedy_viewed += p.greedy_viewed;
                }
            }
            game.legal_actions(&state, &mut legal);
            let a = legal[below(&mut rng, legal.len() as u32) as usize];
            game.apply(&mut state, a, &mut rng, &mut NoObserver);
        }
    }
    assert!(differed > 0, "{name}: no decision had hidden cards");
    paths
}

/// How the decisions of a test were taken, along the runner's paths.
#[derive(Debug, Default)]
struct Paths {
    /// Views kept from the decision before rather than dealt.
    kept: u64,
    /// Decisions passed: taken without asking (a single legal action).
    passed: u64,
    /// Greedy decisions taken on the state itself (one ply blind there).
    on_state: u64,
    /// Greedy decisions taken on a view (one ply not blind there).
    greedy_viewed: u64,
}

/// Plays the twin states `twins` on with `strategy` for `player`'s
/// decisions in a row (at most 8), each twin through its own [`Views`],
/// while both stay alike to `player`; an error if the twins' views or
/// decisions ever differ. Returns how the decisions were taken.
fn decide_alike<G: Game + Evaluate>(
    game: &G,
    strategy: &Strategy,
    mut twins: [G::State; 2],
    player: Player,
    seed: u64,
) -> Result<Paths, String> {
    let mut bots = [Bot::new(game, strategy), Bot::new(game, strategy)];
    let mut paths = Paths::default();
    let mut views = [Views::new(game, seed), Views::new(game, seed)];
    let chance = derive_rng(seed, 9);
    for turn in 0..8 {
        let alike = game.info_key(&twins[0], player) == game.info_key(&twins[1], player);
        if !alike || game.to_move(&twins[0]) != Node::Decision(player) {
            break;
        }
        let [(mine, my_legal, my_view), (theirs, their_legal, their_view)] = [0, 1].map(|i| {
            runner_decision(
                game,
                &mut bots[i],
                &mut views[i],
                &twins[i],
                player,
                seed + turn,
            )
        });
        // The views themselves are equal, not only the decisions (which
        // might agree by chance): a view depends on what the seat knows;
        // and so are the legal actions, which the bot reads too.
        if my_view != their_view {
            return Err(format!("decision {turn} in a row: the views shown differ"));
        }
        if my_legal != their_legal {
            return Err(format!(
                "decision {turn} in a row: the legal actions differ"
            ));
        }
        if mine != theirs {
            return Err(format!(
                "decision {turn} in a row: {mine:?} against {theirs:?}"
            ));
        }
        let sight = bots[0].sight();
        let passed = sight.passes(my_legal.len());
        paths.passed += u64::from(passed);
        if !passed && sight == Sight::OnePly {
            paths.on_state += u64::from(my_view.is_none());
            paths.greedy_viewed += u64::from(my_view.is_some());
        }
        let Some(action) = mine else { break };
        for twin in &mut twins {
            game.apply(twin, action, &mut chance.clone(), &mut NoObserver);
        }
    }
    paths.kept = views[0].kept();
    Ok(paths)
}

#[test]
fn every_ruleset_decides_blind() {
    // hero-rush against prize-control: one ply is blind at every decision;
    // evolution reveals and searches, so greedy is shown views too.
    let blind = blind_in("nostalgix", &Nostalgix::bundled(0, 1));
    let seen = blind_in("nostalgix", &Nostalgix::bundled(2, 1));
    assert!(
        blind.kept + seen.kept > 0,
        "no Nostalgix view was kept: the kept-view path went untested"
    );
    assert!(
        blind.passed + seen.passed > 0,
        "no Nostalgix decision was passed: the single-action path went untested"
    );
    assert!(
        blind.on_state > 0 && seen.on_state > 0 && seen.greedy_viewed > 0,
        "greedy's two paths (one ply blind or not) were not both tested: {blind:?}, {seen:?}"
    );
    assert_eq!(blind.greedy_viewed, 0, "hero-rush against prize-control");
    // The fixture decks: the cards the starter decks leave out (random
    // discard, mana binding, reveals of Spells…), each deck in each seat.
    for (i, game) in nostalgix_fixtures::matchups().iter().enumerate() {
        blind_in(&format!("nostalgix fixture matchup {i}"), game);
    }
    blind_in("pixel-tactics", &PixelTactics::bundled(0, 1));
    blind_in("astrom-cross", &AstromCross::bundled(0, 1));
    blind_in("nintendo-tcg", &NintendoTcg::bundled(0, 1));
    blind_in("millennium-blades", &MillenniumBlades::bundled(&[0, 1, 2]));
}
