//! The random-simulation checks every ruleset must pass (in the spirit of
//! OpenSpiel's `RandomSimTest`): random games end, every non-terminal state
//! has a legal action, clones equal their original (also a `clone_from`
//! over a stale copy, which plays on as the original does), `determinize`
//! keeps the observer's information set (what it saw) and every player's
//! card count (and `determinize_into` a buffer deals the same view),
//! a view kept across an action (`follow_view`) is still one, the
//! ruleset's invariants hold after every action, and replaying a game's
//! actions from its seed reaches the same final state.

use super::{Game, GameRng, Invariants, NoObserver, Node, Player, below, derive_rng};

/// What a batch of random games did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played to the end.
    pub games: u64,
    /// Actions applied in all.
    pub actions: u64,
}

/// A failed check, with what is needed to replay it.
#[derive(Debug, thiserror::Error)]
#[error("seed {seed}, after {step} actions {actions:?}: {message}")]
pub struct Violation {
    /// The game's seed.
    pub seed: u64,
    /// How many actions had been applied.
    pub step: usize,
    /// The actions applied so far (as text), to replay the game.
    pub actions: Vec<String>,
    /// What went wrong.
    pub message: String,
}

/// How much to check after every action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// Everything: invariants, clone equality (`clone` and a `clone_from`
    /// over an earlier position, which must then play the same action to
    /// the same state), `determinize` and `determinize_into` for every
    /// seat, and the replay of each game from its seed.
    Full,
    /// The ruleset's invariants and the existence of a legal action (the
    /// soak: cheaper, for millions of games).
    Invariants,
}

/// Plays `games` uniformly random games with seeds `first_seed..`, running
/// `checks` after every action. `max_actions` bounds a single game.
pub fn random_games<G: Game + Invariants>(
    game: &G,
    first_seed: u64,
    games: u64,
    max_actions: usize,
    checks: Checks,
) -> Result<Report, Box<Violation>> {
    let uniform = |_: &G, _: &G::State, legal: &[G::Action], rng: &mut GameRng| {
        legal[below(rng, legal.len() as u32) as usize]
    };
    games_with(
        game,
        first_seed..first_seed + games,
        max_actions,
        checks,
        uniform,
    )
}

/// Plays one game per seed with actions picked by `choose` (given the
/// true state, its legal actions and a chooser RNG), running `checks` after
/// every action. A violation carries the seed and the actions so far.
pub fn games_with<G: Game + Invariants>(
    game: &G,
    seeds: std::ops::Range<u64>,
    max_actions: usize,
    checks: Checks,
    mut choose: impl FnMut(&G, &G::State, &[G::Action], &mut GameRng) -> G::Action,
) -> Result<Report, Box<Violation>> {
    let mut report = Report::default();
    let mut legal = Vec::new();
    let mut history: Vec<G::Action> = Vec::new();
    // A copy refilled with `clone_from` at every position, over whatever an
    // earlier position (of this game or an earlier one) left in it.
    let mut scratch: Option<G::State> = None;
    for seed in seeds {
        let mut rng = derive_rng(seed, 0);
        let mut choice_rng = derive_rng(seed, 1);
        let mut state = game.new_state(&mut rng);
        history.clear();
        let fail = |history: &[G::Action], message: String| {
            Box::new(Violation {
                seed,
                step: history.len(),
                actions: history.iter().map(|a| format!("{a:?}")).collect(),
                message,
            })
        };
        loop {
            if let Err(m) = game.check_invariants(&state) {
                return Err(fail(&history, m));
            }
            if let Node::Terminal(_) = game.to_move(&state) {
                break;
            }
            if checks == Checks::Full {
                if state.clone() != state {
                    return Err(fail(&history, "clone differs from original".into()));
                }
                match &mut scratch {
                    Some(copy) => copy.clone_from(&state),
                    None => scratch = Some(state.clone()),
                }
                if scratch.as_ref() != Some(&state) {
                    return Err(fail(&history, "clone_from differs from original".into()));
                }
                for observer in Player::all(game.num_players()) {
                    check_determinize(game, &state, observer, seed)
                        .map_err(|m| fail(&history, m))?;
                }
            }
            game.legal_actions(&state, &mut legal);
            if legal.is_empty() {
                return Err(fail(&history, "no legal action in a live state".into()));
            }
            if history.len() >= max_actions {
                return Err(fail(
                    &history,
                    format!("game did not end in {max_actions} actions"),
                ));
            }
            let action = choose(game, &state, &legal, &mut choice_rng);
            history.push(action);
            if let (Checks::Full, Some(copy)) = (checks, &mut scratch) {
                game.apply(copy, action, &mut rng.clone(), &mut NoObserver);
            }
            // The decider's view, to follow the action below.
            let decider = match game.to_move(&state) {
                Node::Decision(p) if checks == Checks::Full => Some(p),
                _ => None,
            };
            let view = decider.map(|p| (p, game.determinize(&state, p, &mut derive_rng(seed, 3))));
            game.apply(&mut state, action, &mut rng, &mut NoObserver);
            if let Some((p, mut view)) = view {
                check_followed_view(game, &mut view, action, &state, p, seed)
                    .map_err(|m| fail(&history, m))?;
            }
            if checks == Checks::Full && scratch.as_ref() != Some(&state) {
                return Err(fail(
                    &history,
                    "the action played on a clone_from copy reached another state".into(),
                ));
            }
        }
        if checks == Checks::Full {
            let mut rng = derive_rng(seed, 0);
            let mut replay = game.new_state(&mut rng);
            for &action in &history {
                game.apply(&mut replay, action, &mut rng, &mut NoObserver);
            }
            if replay != state {
                return Err(fail(
                    &history,
                    "replaying the actions from the seed reached another state".into(),
                ));
            }
        }
        report.games += 1;
        report.actions += history.len() as u64;
    }
    Ok(report)
}

/// A view the ruleset keeps after `action` ([`Game::follow_view`]) must be
/// a view of `state` for `player`: the same information set, the same
/// legal actions if `player` decides again, and the invariants.
fn check_followed_view<G: Game + Invariants>(
    game: &G,
    view: &mut G::State,
    action: G::Action,
    state: &G::State,
    player: Player,
    seed: u64,
) -> Result<(), String> {
    if !game.follow_view(view, action, state, player, &mut derive_rng(seed, 4)) {
        return Ok(());
    }
    if game.info_key(view, player) != game.info_key(state, player) {
        return Err(format!(
            "a view {player} kept after {action:?} is not of its information set"
        ));
    }
    same_legal_actions(game, view, state, player, "kept view")?;
    game.check_invariants(view)
        .map_err(|m| format!("a kept view breaks an invariant: {m}"))
}

fn check_determinize<G: Game + Invariants>(
    game: &G,
    state: &G::State,
    observer: Player,
    seed: u64,
) -> Result<(), String> {
    let mut rng = derive_rng(seed, 2);
    let view = game.determinize(state, observer, &mut rng);
    // The same view dealt into a buffer that held another state (a new
    // game's): nothing of the buffer's past may show through.
    let mut buffer = game.new_state(&mut derive_rng(seed, 4));
    game.determinize_into(state, observer, &mut derive_rng(seed, 2), &mut buffer);
    if buffer != view {
        return Err(format!(
            "determinize_into for {observer} differs from determinize"
        ));
    }
    if game.info_key(&view, observer) != game.info_key(state, observer) {
        return Err(format!(
            "determinize for {observer} changed its information set"
        ));
    }
    for p in Player::all(game.num_players()) {
        if game.card_count(&view, p) != game.card_count(state, p) {
            return Err(format!("determinize changed {p}'s card count"));
        }
    }
    if game.to_move(&view) != game.to_move(state) {
        return Err("determinize changed whose decision it is".into());
    }
    // The random and the recorded bot choose from the legal actions of the
    // state itself (no determinization): they must be the decider's own.
    same_legal_actions(game, &view, state, observer, "view")?;
    game.check_invariants(&view)
        .map_err(|m| format!("determinized view breaks an invariant: {m}"))
}

/// If `player` decides at `state`, its `view` (named `what` in the error)
/// must offer exactly the state's legal actions.
fn same_legal_actions<G: Game>(
    game: &G,
    view: &G::State,
    state: &G::State,
    player: Player,
    what: &str,
) -> Result<(), String> {
    if game.to_move(state) != Node::Decision(player) {
        return Ok(());
    }
    let (mut seen, mut real) = (Vec::new(), Vec::new());
    game.legal_actions(view, &mut seen);
    game.legal_actions(state, &mut real);
    if seen != real {
        return Err(format!(
            "the legal actions of {player}'s {what} differ from the state's: {seen:?} against {real:?}"
        ));
    }
    Ok(())
}
