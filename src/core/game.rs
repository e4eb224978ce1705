//! The [`Game`] trait: the contract between a ruleset and everything else.
//!
//! A `Game` value is the immutable definition of a match (card database,
//! the two decks, options such as the turn limit); its `State` is plain data
//! (ids and counters) so cloning it is a memory copy. All chance is drawn
//! from the RNG passed to [`Game::new_state`] and [`Game::apply`].

use std::fmt::Debug;

use super::{GameRng, MAX_PLAYERS, Metric, Observer, Player};

/// Whose turn it is to decide, or how the game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Node {
    /// `Player` must choose one of the legal actions. This can be the
    /// non-active player when the rules open a reaction window.
    Decision(Player),
    /// The game is over.
    Terminal(Outcome),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why it ended, in the ruleset's words (`hero_ko`, `prizes`,
    /// `sudden_death`, `turn_limit`…), as written to `games.csv`.
    pub reason: &'static str,
}

impl Outcome {
    /// The return of `player`: 1 for a win, 0 for a loss, 0.5 for a draw.
    pub fn returns(&self, player: Player) -> f64 {
        match self.winner {
            None => 0.5,
            Some(w) if w == player => 1.0,
            Some(_) => 0.0,
        }
    }

    /// Returns for every seat (unused seats get 0).
    pub fn all_returns(&self, players: usize) -> [f64; MAX_PLAYERS] {
        let mut r = [0.0; MAX_PLAYERS];
        for (i, slot) in r.iter_mut().enumerate().take(players) {
            *slot = self.returns(Player(i as u8));
        }
        r
    }
}

/// The per-player figures `games.csv` reports at the end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PlayerSummary {
    /// Health of the player's avatar (Nostalgix: the Hero).
    pub health: i32,
    /// Points scored (Nostalgix: prize counters taken).
    pub score: u32,
}

/// An action refused by [`Game::apply_checked`].
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("illegal action {action} in this state")]
pub struct IllegalAction {
    /// The refused action, as text.
    pub action: String,
}

/// A ruleset bound to its card database and decks.
pub trait Game: Sync {
    /// The mutable game state: plain data, cheap to clone.
    type State: Clone + PartialEq + Debug + Send;
    /// One decision: small and `Copy`.
    type Action: Copy + Eq + Debug + Send + Sync;
    /// What happened, for logs and metrics.
    type Event: Debug;

    /// The ruleset's name as given to `--game`.
    fn name(&self) -> &'static str;

    /// The number of seats.
    fn num_players(&self) -> usize;

    /// A new game: decks shuffled, cards dealt, everything up to the first
    /// decision.
    fn new_state(&self, rng: &mut GameRng) -> Self::State;

    /// Whose decision it is, or the outcome.
    fn to_move(&self, state: &Self::State) -> Node;

    /// Writes the legal actions into `out` (cleared first). Never empty in a
    /// non-terminal state. The order is deterministic.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// Plays a legal action. Chance is drawn from `rng`; events go to
    /// `observer`. Behaviour for an illegal action is unspecified (but never
    /// unsafe): use [`Game::apply_checked`] for outside input.
    fn apply(
        &self,
        state: &mut Self::State,
        action: Self::Action,
        rng: &mut GameRng,
        observer: &mut impl Observer<Self::Event>,
    );

    /// Plays `action` if it is legal, else returns an error and leaves the
    /// state untouched.
    fn apply_checked(
        &self,
        state: &mut Self::State,
        action: Self::Action,
        rng: &mut GameRng,
        observer: &mut impl Observer<Self::Event>,
    ) -> Result<(), IllegalAction> {
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        if !legal.contains(&action) {
            return Err(IllegalAction {
                action: format!("{action:?}"),
            });
        }
        self.apply(state, action, rng, observer);
        Ok(())
    }

    /// A copy of `state` in which everything `observer` cannot see (the
    /// opponents' hands, every deck's order, face-down cards) is resampled
    /// consistently with what `observer` has seen. The result depends only
    /// on `observer`'s information set and on `rng`: two states with the
    /// same [`Game::info_key`] give the same view for the same RNG.
    fn determinize(&self, state: &Self::State, observer: Player, rng: &mut GameRng) -> Self::State;

    /// Identifies `player`'s information set: equal for two states that
    /// `player` cannot tell apart.
    fn info_key(&self, state: &Self::State, player: Player) -> u64;

    /// Checks the ruleset's invariants (cards conserved, counters in
    /// bounds…), describing the first violation.
    fn check_invariants(&self, state: &Self::State) -> Result<(), String>;

    /// The total number of cards a player owns in this game, for the
    /// conformance checks.
    fn card_count(&self, state: &Self::State, player: Player) -> usize;

    /// The game-agnostic metric an event carries, if any.
    fn metric(&self, event: &Self::Event) -> Option<Metric>;

    /// An event as a JSON object for `logs/game-<i>.jsonl` (without the
    /// `game` field, which the runner adds).
    fn event_json(&self, event: &Self::Event) -> serde_json::Value;

    /// End-of-game figures of `player` for `games.csv`.
    fn summary(&self, state: &Self::State, player: Player) -> PlayerSummary;

    /// Turns played so far, counting both players' turns.
    fn turns(&self, state: &Self::State) -> u32;

    /// The name of the card with id `card`, for reports.
    fn card_name(&self, card: u16) -> &str;

    /// The cost of the card with id `card`, for `deck_curve.csv`.
    fn card_cost(&self, card: u16) -> u8;

    /// The deck list of `player` as (card id, copies), in list order.
    fn deck_list(&self, player: Player) -> Vec<(u16, u8)>;

    /// The names of the heuristic features [`Game::features`] computes, in
    /// order. A strategy file weights them by name.
    fn feature_names(&self) -> &'static [&'static str];

    /// Heuristic features of `state` from `player`'s point of view, for
    /// evaluation-based bots, written into `out` (one per name of
    /// [`Game::feature_names`], same order). More is better for `player`.
    fn features(&self, state: &Self::State, player: Player, out: &mut [f64]);
}
