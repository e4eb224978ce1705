//! The random-simulation checks every ruleset must pass (in the spirit of
//! OpenSpiel's `RandomSimTest`): random games end, every non-terminal state
//! has a legal action, clones equal their original, `determinize` keeps the
//! observer's information set and every player's card count, and the
//! ruleset's invariants hold after every action.

use super::{Game, NoObserver, Node, Player, below, derive_rng};

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

/// Plays `games` uniformly random games with seeds `first_seed..`, running
/// every check after every action. `max_actions` bounds a single game.
pub fn random_games<G: Game>(
    game: &G,
    first_seed: u64,
    games: u64,
    max_actions: usize,
) -> Result<Report, Box<Violation>> {
    let mut report = Report::default();
    let mut legal = Vec::new();
    for seed in first_seed..first_seed + games {
        let mut rng = derive_rng(seed, 0);
        let mut choice_rng = derive_rng(seed, 1);
        let mut state = game.new_state(&mut rng);
        let mut history: Vec<String> = Vec::new();
        let fail = |history: &Vec<String>, message: String| {
            Box::new(Violation {
                seed,
                step: history.len(),
                actions: history.clone(),
                message,
            })
        };
        loop {
            if let Err(m) = game.check_invariants(&state) {
                return Err(fail(&history, m));
            }
            if state.clone() != state {
                return Err(fail(&history, "clone differs from original".into()));
            }
            let player = match game.to_move(&state) {
                Node::Terminal(_) => break,
                Node::Decision(p) => p,
            };
            check_determinize(game, &state, player, seed).map_err(|m| fail(&history, m))?;
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
            let action = legal[below(&mut choice_rng, legal.len() as u32) as usize];
            history.push(format!("{action:?}"));
            game.apply(&mut state, action, &mut rng, &mut NoObserver);
        }
        report.games += 1;
        report.actions += history.len() as u64;
    }
    Ok(report)
}

fn check_determinize<G: Game>(
    game: &G,
    state: &G::State,
    observer: Player,
    seed: u64,
) -> Result<(), String> {
    let mut rng = derive_rng(seed, 2);
    let view = game.determinize(state, observer, &mut rng);
    if game.info_key(&view, observer) != game.info_key(state, observer) {
        return Err(format!(
            "determinize for {observer} changed its information set"
        ));
    }
    for p in 0..game.num_players() {
        let p = Player(p as u8);
        if game.card_count(&view, p) != game.card_count(state, p) {
            return Err(format!("determinize changed {p}'s card count"));
        }
    }
    if game.to_move(&view) != game.to_move(state) {
        return Err("determinize changed whose decision it is".into());
    }
    game.check_invariants(&view)
        .map_err(|m| format!("determinized view breaks an invariant: {m}"))
}
