//! Bots never read hidden information: two states that differ only in what
//! the deciding player cannot see produce the same decision, for every
//! bundled strategy, along the path the runner uses (a view for the decider
//! if the bot needs one — kept from its decision just before, or dealt
//! afresh — else the state itself, then `choose`).
//!
//! The twin states: on every ruleset, the hidden part dealt again by the
//! ruleset's own `determinize`, and changed by hand in this file
//! ([`ByHand`]), independently of `determinize`, so that a hidden zone
//! `determinize` forgot to deal again still differs between the twins
//! (and a view that kept it would differ, which the test catches): the
//! order of the hidden decks and piles, unseen hand cards, face-down cards
//! (Nostalgix' Surprises and mulligan set-aside, Pixel Tactics' and
//! Nintendo TCG's Leader and Commander picks, Astrom Cross's set cards) and,
//! in Millennium Blades, the store area's, the store discard's and the
//! other hands' unseen cards, each swapped with cards the rules make look
//! alike. Each twin is checked to be legal (the ruleset's invariants) and
//! of the same information set. Also, on Nostalgix, a few states changed
//! by hand (the opponent's hand and the order of its deck).
//!
//! Coverage: every bundled deck pairing of Pixel Tactics, Astrom Cross and
//! Nintendo TCG, six of Nostalgix and its fixture decks, five seeds, one
//! decision in five of the first 200 steps; Millennium Blades in its three
//! modes (standard, Turn-Based, Duel), three tables each, three seeds, one
//! decision in seven of the first 300 steps; all with the random, greedy
//! and ismcts-200 bots.

#[path = "common/nostalgix_fixtures.rs"]
mod nostalgix_fixtures;

use decklab::bots::{Bot, FeatureSet, Sight, Strategy};
use decklab::core::{
    Evaluate, Game, GameRng, Invariants, NoObserver, Node, Player, Report, below, derive_rng,
    rng_from_seed, shuffle,
};
use decklab::games::astrom_cross::cards::Keywords as AcKeywords;
use decklab::games::astrom_cross::state::{LOCATION_DECK_SIZE, State as AcState};
use decklab::games::astrom_cross::{AstromCross, BUNDLED_DECKS as AC_DECKS};
use decklab::games::millennium_blades::MillenniumBlades;
use decklab::games::millennium_blades::state::{MAX_INSTANCES, State as MbState, Zone as MbZone};
use decklab::games::nintendo_tcg::state::{Phase as NtPhase, State as NtState};
use decklab::games::nintendo_tcg::{BUNDLED_DECKS as NT_DECKS, NintendoTcg};
use decklab::games::nostalgix::Nostalgix;
use decklab::games::nostalgix::cards::Kind as NostalgixKind;
use decklab::games::nostalgix::state::{BackCard, State};
use decklab::games::pixel_tactics::state::{Phase as PtPhase, State as PtState};
use decklab::games::pixel_tactics::{BUNDLED_DECKS as PT_DECKS, PixelTactics};
use decklab::games::{Mode, Options};
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

/// How a test makes the twin of a state: the state with some of what the
/// decider cannot see changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Twin {
    /// By the ruleset's own `determinize`: the hidden part dealt again.
    Determinized,
    /// By hand, in this file ([`ByHand`]), independently of `determinize`:
    /// a hidden zone that `determinize` forgot to deal again still differs
    /// between the twins, so a bot that reads it is caught.
    ByHand,
}

/// A ruleset whose hidden zones this test changes by hand.
trait ByHand: Game + Evaluate + Invariants {
    /// `s` with some of what `observer` cannot see changed at random,
    /// worked out from the state's fields and the ruleset's rulings
    /// ("Hidden information"), never from its `determinize`: the cards
    /// of hidden zones swapped with each other where the rules make them
    /// look alike to `observer`, and the order of hidden piles changed.
    /// The result is a legal state (see [`make_twin`]).
    fn by_hand(&self, s: &Self::State, observer: Player, rng: &mut GameRng) -> Self::State;
}

/// Which decisions of which games a test samples: the games of seeds
/// `1..=seeds`, at the steps `step` below `until` where `step + seed` is a
/// multiple of `every` (so each seed samples other steps).
#[derive(Clone, Copy, Debug)]
struct Sampling {
    /// Games played, one per seed.
    seeds: u64,
    /// One step in `every` is sampled.
    every: u64,
    /// No step from here on is (the game stops there).
    until: u64,
}

/// The sampling of the two-player card games.
const DUEL_SAMPLING: Sampling = Sampling {
    seeds: 5,
    every: 5,
    until: 200,
};

/// In `game`, at the decisions `sampling` picks along random games, the
/// state and each of its twins for the decider (a state that differs from
/// it only in what the decider cannot see: dealt again by `determinize`,
/// and changed by hand, [`Twin`]) get the same decision from every kind
/// of bot, and so on for the decider's next decisions in a row (the runner
/// keeps its view across them where the ruleset can: [`Views`]) while both
/// states, played on alike, stay alike to it. For each kind of twin at
/// least one differs from its state, so the test has hidden cards to tell
/// apart. Returns how the decisions were taken.
fn blind_in<G: ByHand>(name: &str, game: &G, sampling: Sampling) -> Paths {
    let strategies: Vec<Strategy> = STRATEGIES
        .iter()
        .map(|s| Strategy::resolve(s, FeatureSet::of(game)).expect("bundled strategy"))
        .collect();
    let twins = [Twin::Determinized, Twin::ByHand];
    let mut legal = Vec::new();
    let (mut differed, mut paths) = ([0usize; 2], Paths::default());
    for seed in 1..=sampling.seeds {
        let mut rng = rng_from_seed(seed);
        let mut state = game.new_state(&mut rng);
        for step in 0..sampling.until {
            let Node::Decision(player) = game.to_move(&state) else {
                break;
            };
            if (step + seed) % sampling.every == 0 {
                for (k, twin) in twins.into_iter().enumerate() {
                    let at = || format!("{name}: {twin:?} twin at seed {seed}, step {step}");
                    let other = make_twin(game, twin, &state, player, derive_rng(seed, step))
                        .unwrap_or_else(|m| panic!("{}: {m}", at()));
                    differed[k] += usize::from(other != state);
                    for strategy in &strategies {
                        let twins = [state.clone(), other.clone()];
                        let p = decide_alike(game, strategy, twins, player, seed + step)
                            .unwrap_or_else(|m| panic!("{}, {}: {m}", at(), strategy.name));
                        paths.add(&p);
                    }
                }
            }
            game.legal_actions(&state, &mut legal);
            let a = legal[below(&mut rng, legal.len() as u32) as usize];
            game.apply(&mut state, a, &mut rng, &mut NoObserver);
        }
    }
    for (twin, differed) in twins.iter().zip(differed) {
        assert!(differed > 0, "{name}: no {twin:?} twin had hidden cards");
    }
    paths
}

/// The twin of `state` for `player` that `twin` makes with `rng`, checked:
/// a legal state (the ruleset's invariants hold) that `player` cannot tell
/// from `state` (the same information set). An error says which check
/// failed.
fn make_twin<G: ByHand>(
    game: &G,
    twin: Twin,
    state: &G::State,
    player: Player,
    mut rng: GameRng,
) -> Result<G::State, String> {
    let other = match twin {
        Twin::Determinized => game.determinize(state, player, &mut rng),
        Twin::ByHand => game.by_hand(state, player, &mut rng),
    };
    game.check_invariants(&other)
        .map_err(|m| format!("the twin breaks an invariant: {m}"))?;
    if game.info_key(&other, player) != game.info_key(state, player) {
        return Err("the twin is of another information set".into());
    }
    Ok(other)
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

impl Paths {
    /// Counts `other`'s decisions too.
    fn add(&mut self, other: &Paths) {
        self.kept += other.kept;
        self.passed += other.passed;
        self.on_state += other.on_state;
        self.greedy_viewed += other.greedy_viewed;
    }
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

/// The indices of `hand`'s cards that the cards `known` to be there (a
/// multiset the observer saw) leave unseen: a card of `known` accounts for
/// one copy in the hand.
fn unseen_in<T: Copy + PartialEq>(hand: &[T], known: &[T]) -> Vec<usize> {
    let mut known = known.to_vec();
    (0..hand.len())
        .filter(|&i| match known.iter().position(|&k| k == hand[i]) {
            Some(j) => {
                known.swap_remove(j);
                false
            }
            None => true,
        })
        .collect()
}

/// Swaps the card at each index `at` of `zone` with a card of `deck`
/// chosen at random by `rng` among those that differ from it and `fit`
/// (if there is one): the two zones keep their sizes and, together, their
/// cards.
fn swap_with_deck<T: Copy + PartialEq>(
    zone: &mut [T],
    at: &[usize],
    deck: &mut [T],
    fits: impl Fn(T) -> bool,
    rng: &mut GameRng,
) {
    for &i in at {
        let choices: Vec<usize> = (0..deck.len())
            .filter(|&j| deck[j] != zone[i] && fits(deck[j]))
            .collect();
        if !choices.is_empty() {
            let j = choices[below(rng, choices.len() as u32) as usize];
            std::mem::swap(&mut zone[i], &mut deck[j]);
        }
    }
}

/// While the face-down picks are made (`picking`), swaps the rival's
/// `pick`, if it has one, with a card of its `deck` that `fits`.
fn swap_pick<T: Copy + PartialEq>(
    picking: bool,
    pick: Option<&mut T>,
    deck: &mut [T],
    fits: impl Fn(T) -> bool,
    rng: &mut GameRng,
) {
    if let (true, Some(pick)) = (picking, pick) {
        swap_with_deck(std::slice::from_mut(pick), &[0], deck, fits, rng);
    }
}

/// Every index of `zone`.
fn all_of<T>(zone: &[T]) -> Vec<usize> {
    (0..zone.len()).collect()
}

/// Nostalgix (docs/rulings/nostalgix.md, view.rs): the observer's own deck
/// above the bottom it knows is reordered; the opponent's hand cards not
/// revealed to the observer, its cards set aside by a mulligan and its
/// face-down Surprises (with a Surprise) are swapped with its deck's cards,
/// and its deck and hand are reordered.
impl ByHand for Nostalgix {
    fn by_hand(&self, s: &State, observer: Player, rng: &mut GameRng) -> State {
        let mut t = *s;
        let me = &mut t.sides[observer];
        let known = usize::from(me.bottom_known).min(me.deck.len());
        shuffle(rng, &mut me.deck[known..]);
        let foe = &mut t.sides[observer.opponent()];
        let unseen = unseen_in(&foe.hand, &foe.hand_known);
        swap_with_deck(&mut foe.hand, &unseen, &mut foe.deck, |_| true, rng);
        let aside = all_of(&foe.aside);
        swap_with_deck(&mut foe.aside, &aside, &mut foe.deck, |_| true, rng);
        let surprise = |c| self.db.card(c).kind == NostalgixKind::Surprise;
        for back in foe.back.iter_mut() {
            if let BackCard::Surprise(c) = back {
                swap_with_deck(std::slice::from_mut(c), &[0], &mut foe.deck, surprise, rng);
            }
        }
        shuffle(rng, &mut foe.deck);
        shuffle(rng, &mut foe.hand);
        t
    }
}

/// Pixel Tactics (docs/rulings/pixel-tactics.md, view.rs): the observer's
/// own deck is reordered; the rival's hand cards and, while the Leaders
/// are picked, its face-down pick are swapped with its deck's cards, and
/// its deck and hand are reordered.
impl ByHand for PixelTactics {
    fn by_hand(&self, s: &PtState, observer: Player, rng: &mut GameRng) -> PtState {
        let mut t = *s;
        let picking = t.phase == PtPhase::PickLeader;
        shuffle(rng, &mut t.sides[observer].deck);
        let foe = &mut t.sides[observer.opponent()];
        let hand = all_of(&foe.hand);
        swap_with_deck(&mut foe.hand, &hand, &mut foe.deck, |_| true, rng);
        swap_pick(picking, foe.pick.as_mut(), &mut foe.deck, |_| true, rng);
        shuffle(rng, &mut foe.deck);
        shuffle(rng, &mut foe.hand);
        t
    }
}

/// Astrom Cross (docs/rulings/astrom-cross.md, view.rs): a location deck
/// none of whose cards was drawn yet is reordered (once one is, a location
/// exchanged back goes to the bottom in sight of both, so the order is
/// no longer all hidden); the observer's own deck is reordered; the
/// rival's hand cards and its set cards (with [HIDE] cards) are swapped
/// with its deck's cards, and its deck and hand are reordered.
impl ByHand for AstromCross {
    fn by_hand(&self, s: &AcState, observer: Player, rng: &mut GameRng) -> AcState {
        let mut t = *s;
        for p in Player::all(2) {
            let locations = &mut t.sides[p].locations;
            if locations.len() == LOCATION_DECK_SIZE {
                shuffle(rng, locations);
            }
        }
        shuffle(rng, &mut t.sides[observer].deck);
        let foe = &mut t.sides[observer.opponent()];
        let hand = all_of(&foe.hand);
        swap_with_deck(&mut foe.hand, &hand, &mut foe.deck, |_| true, rng);
        let hide = |c| self.db.card(c).keywords.has(AcKeywords::HIDE);
        let set = all_of(&foe.set);
        swap_with_deck(&mut foe.set, &set, &mut foe.deck, hide, rng);
        shuffle(rng, &mut foe.deck);
        shuffle(rng, &mut foe.hand);
        t
    }
}

/// Nintendo TCG (docs/rulings/nintendo-tcg.md, view.rs): the observer's
/// own deck is reordered; the rival's hand cards no search revealed and,
/// while the Commanders are picked, its face-down pick (with a Commander)
/// are swapped with its deck's cards, and its deck and hand are reordered.
impl ByHand for NintendoTcg {
    fn by_hand(&self, s: &NtState, observer: Player, rng: &mut GameRng) -> NtState {
        let mut t = *s;
        let picking = t.phase == NtPhase::Pick;
        shuffle(rng, &mut t.sides[observer].deck);
        let foe = &mut t.sides[observer.opponent()];
        let unseen = unseen_in(&foe.hand, &foe.hand_known);
        swap_with_deck(&mut foe.hand, &unseen, &mut foe.deck, |_| true, rng);
        let commander = |c| self.db.card(c).commander;
        swap_pick(picking, foe.pick.as_mut(), &mut foe.deck, commander, rng);
        shuffle(rng, &mut foe.deck);
        shuffle(rng, &mut foe.hand);
        t
    }
}

/// Millennium Blades (docs/rulings/millennium-blades.md, "Hidden
/// information"; `State::known` tells who has seen each card): the cards
/// of the metagame, prize and promo piles that no one has seen are
/// reordered in their piles; the store deck's cards below its top that the
/// observer has not seen are reordered; and the store deck's top, the
/// store area's cards and the cards of the store discard and of the other
/// players' hands that the observer has not seen are each swapped with a
/// store-deck card below the top, unseen, of the same set (the backs of
/// the top and of the area's cards show their set; in the others' hands a
/// set is the most one could have glimpsed) and no promo (a promo is dealt
/// with its pile). The seats that know the card at each place stay.
impl ByHand for MillenniumBlades {
    fn by_hand(&self, s: &MbState, observer: Player, rng: &mut GameRng) -> MbState {
        let mut t = *s;
        let known = t.known;
        let piles = (t.metas.iter_mut().map(|p| &mut p[..]))
            .chain(t.prizes.iter_mut().map(|p| &mut p[..]))
            .chain(t.fusion.iter_mut().map(|p| &mut p[..]));
        for pile in piles {
            shuffle_unknown(pile, &known, rng);
        }
        let bit = 1 << observer.index();
        let unseen = |t: &MbState, c: u16| t.known[usize::from(c)] & bit == 0;
        // The store deck's places below the top holding a card the
        // observer has not seen: reordered, then drawn on for the swaps.
        let below_top: Vec<usize> = {
            let store = t.store.as_slice();
            let n = store.len().saturating_sub(1);
            (0..n).filter(|&i| unseen(&t, store[i])).collect()
        };
        for i in (1..below_top.len()).rev() {
            let j = below(rng, i as u32 + 1) as usize;
            let store = t.store.as_slice();
            let (a, b) = (store[below_top[i]], store[below_top[j]]);
            exchange_mb(self, &mut t, a, b);
        }
        let mut swapped: Vec<u16> = Vec::new();
        swapped.extend(t.store.top().filter(|&c| unseen(&t, c)));
        swapped.extend(t.area.iter().copied().filter(|&c| unseen(&t, c)));
        let others_hand = |z: MbZone| z.is_hand() && z.owner().is_some_and(|(_, p)| p != observer);
        let elsewhere = (0..self.table.len() as u16).filter(|&c| {
            let z = t.zone(c);
            (z == MbZone::DISCARD || others_hand(z)) && unseen(&t, c)
        });
        swapped.extend(elsewhere.collect::<Vec<_>>());
        let card = |c: u16| self.db.card(self.table.card(c));
        for a in swapped {
            if card(a).tier.is_promo() {
                continue;
            }
            let store = t.store.as_slice();
            let choices: Vec<u16> = below_top
                .iter()
                .map(|&i| store[i])
                .filter(|&b| card(b).set == card(a).set)
                .filter(|&b| self.table.card(b) != self.table.card(a))
                .collect();
            if !choices.is_empty() {
                let b = choices[below(rng, choices.len() as u32) as usize];
                exchange_mb(self, &mut t, a, b);
            }
        }
        t
    }
}

/// Reorders at random the cards of `pile` that no seat has seen (by
/// `known`), among their places.
fn shuffle_unknown(pile: &mut [u16], known: &[u8; MAX_INSTANCES], rng: &mut GameRng) {
    let at: Vec<usize> = (0..pile.len())
        .filter(|&i| known[usize::from(pile[i])] == 0)
        .collect();
    let mut cards: Vec<u16> = at.iter().map(|&i| pile[i]).collect();
    shuffle(rng, &mut cards);
    for (i, c) in at.into_iter().zip(cards) {
        pile[i] = c;
    }
}

/// Puts Millennium Blades instance `a` where `b` is and `b` where `a` is:
/// their zones, their places in the store deck and the store area, and who
/// knows the card at each place.
fn exchange_mb(game: &MillenniumBlades, t: &mut MbState, a: u16, b: u16) {
    let (za, zb) = (t.zone(a), t.zone(b));
    t.put(&game.table, a, zb);
    t.put(&game.table, b, za);
    t.known.swap(usize::from(a), usize::from(b));
    let rename = |c: &mut u16| {
        if *c == a {
            *c = b;
        } else if *c == b {
            *c = a;
        }
    };
    t.store.as_mut_slice().iter_mut().for_each(rename);
    t.area.iter_mut().for_each(rename);
}

/// Every ordered pairing of `decks` bundled decks.
fn pairings(decks: usize) -> Vec<(usize, usize)> {
    (0..decks)
        .flat_map(|a| (0..decks).map(move |b| (a, b)))
        .collect()
}

#[test]
fn nostalgix_decides_blind() {
    // hero-rush against prize-control: one ply is blind at every decision;
    // evolution reveals and searches, so greedy is shown views too.
    let blind = blind_in("nostalgix 0-1", &Nostalgix::bundled(0, 1), DUEL_SAMPLING);
    let seen = blind_in("nostalgix 2-1", &Nostalgix::bundled(2, 1), DUEL_SAMPLING);
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
    for (a, b) in [(1, 2), (3, 0), (1, 3), (2, 3)] {
        blind_in(
            &format!("nostalgix {a}-{b}"),
            &Nostalgix::bundled(a, b),
            DUEL_SAMPLING,
        );
    }
    // The fixture decks: the cards the starter decks leave out (random
    // discard, mana binding, reveals of Spells…), each deck in each seat.
    for (i, game) in nostalgix_fixtures::matchups().iter().enumerate() {
        blind_in(
            &format!("nostalgix fixture matchup {i}"),
            game,
            DUEL_SAMPLING,
        );
    }
}

#[test]
fn pixel_tactics_decides_blind() {
    for (a, b) in pairings(PT_DECKS.len()) {
        let game = PixelTactics::bundled(a, b);
        blind_in(&format!("pixel-tactics {a}-{b}"), &game, DUEL_SAMPLING);
    }
}

#[test]
fn astrom_cross_decides_blind() {
    for (a, b) in pairings(AC_DECKS.len()) {
        let game = AstromCross::bundled(a, b);
        blind_in(&format!("astrom-cross {a}-{b}"), &game, DUEL_SAMPLING);
    }
}

#[test]
fn nintendo_tcg_decides_blind() {
    for (a, b) in pairings(NT_DECKS.len()) {
        let game = NintendoTcg::bundled(a, b);
        blind_in(&format!("nintendo-tcg {a}-{b}"), &game, DUEL_SAMPLING);
    }
}

/// The sampling of Millennium Blades, whose games are long.
const MB_SAMPLING: Sampling = Sampling {
    seeds: 3,
    every: 7,
    until: 300,
};

/// Millennium Blades in `mode` with the bundled decks of each of
/// `tables`.
fn mb_decides_blind(mode: Mode, tables: &[&[usize]]) {
    for seats in tables {
        let options = Options {
            mode,
            ..Options::default()
        };
        let game = MillenniumBlades::bundled_with(seats, options);
        let name = format!("millennium-blades {} {seats:?}", mode.name());
        blind_in(&name, &game, MB_SAMPLING);
    }
}

#[test]
fn millennium_blades_decides_blind() {
    mb_decides_blind(Mode::Standard, &[&[0, 1, 2], &[3, 4, 5], &[5, 1]]);
}

#[test]
fn millennium_blades_turn_based_decides_blind() {
    mb_decides_blind(Mode::TurnBased, &[&[0, 1, 2], &[3, 4], &[5, 2, 4]]);
}

#[test]
fn millennium_blades_duel_decides_blind() {
    mb_decides_blind(Mode::Duel, &[&[0, 1], &[2, 3], &[4, 5]]);
}
