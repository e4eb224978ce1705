//! The contract between a ruleset and everything else, in the spirit of
//! OpenSpiel's `State` and shakmaty's `Position`: a small [`Game`] trait
//! that search and the runner play through, and three small traits beside
//! it for what only some callers need — [`Report`] (logs and CSV figures),
//! [`Evaluate`] (features for heuristic bots) and [`Invariants`] (the
//! conformance checks).
//!
//! A `Game` value is the immutable definition of a match (card database,
//! the decks, options such as the turn limit); its `State` is plain data
//! (ids and counters) so cloning it is a memory copy. All chance is drawn
//! from the RNG passed to [`Game::new_state`] and [`Game::apply`].

use std::fmt::Debug;
use std::hash::Hash;

use super::{CardId, GameRng, Ledger, Metric, NoObserver, Observer, Outcome, Player, StoreCatalog};

/// Whose turn it is to decide, or how the game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Node {
    /// `Player` must choose one of the legal actions. This can be a
    /// player other than the active one when the rules open a reaction
    /// window.
    Decision(Player),
    /// The game is over.
    Terminal(Outcome),
}

/// An action refused by [`Game::apply_checked`].
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("illegal action {action} in this state")]
pub struct IllegalAction {
    /// The refused action, as text.
    pub action: String,
}

/// A ruleset bound to its card database and decks: what search and the
/// runner play through.
pub trait Game: Sync {
    /// The mutable game state: plain data, cheap to clone.
    type State: Clone + PartialEq + Debug + Send;
    /// One decision: small and `Copy`; hashable, so that a search finds it
    /// among the legal actions at once.
    type Action: Copy + Eq + Hash + Debug + Send + Sync;
    /// What happened, for logs and metrics.
    type Event: Debug;

    /// The number of seats.
    fn num_players(&self) -> usize;

    /// A new game: decks shuffled, cards dealt, everything up to the first
    /// decision. The setup's changes (cards dealt, counters set) go to
    /// `observer` as events, so a log explains the game from its first card.
    fn start(&self, rng: &mut GameRng, observer: &mut impl Observer<Self::Event>) -> Self::State;

    /// [`Game::start`] without a log: what bots and tests use.
    fn new_state(&self, rng: &mut GameRng) -> Self::State {
        self.start(rng, &mut NoObserver)
    }

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

    /// Resamples in place everything `observer` cannot see in `view` (the
    /// other seats' hands, every deck's order, face-down cards),
    /// consistently with what `observer` has seen. The result depends only
    /// on `observer`'s information set and on `rng`: two states with the
    /// same [`Game::info_key`] give the same view for the same RNG.
    fn resample_hidden(&self, view: &mut Self::State, observer: Player, rng: &mut GameRng);

    /// A copy of `state` with its hidden part resampled for `observer`
    /// ([`Game::resample_hidden`]): a view that `observer`'s bot may read.
    fn determinize(&self, state: &Self::State, observer: Player, rng: &mut GameRng) -> Self::State {
        let mut view = state.clone();
        self.resample_hidden(&mut view, observer, rng);
        view
    }

    /// [`Game::determinize`] into `view`, a buffer that may hold any
    /// earlier state: the same view, but a state whose zones have a fixed
    /// capacity copies only the part in use (`Clone::clone_from`), where
    /// a fresh copy copies it whole. What the runner and ISMCTS call for
    /// every new view.
    fn determinize_into(
        &self,
        state: &Self::State,
        observer: Player,
        rng: &mut GameRng,
        view: &mut Self::State,
    ) {
        view.clone_from(state);
        self.resample_hidden(view, observer, rng);
    }

    /// Identifies `player`'s information set: equal for two states that
    /// `player` cannot tell apart.
    fn info_key(&self, state: &Self::State, player: Player) -> u64;

    /// Keeps a view across a seat's decisions: plays `action`, which
    /// `player` just took on `view` (a view of the state for `player`),
    /// on `view`, chance drawn from `rng`, and tells whether the result is
    /// still a view of `state` (the game after the action) for `player`:
    /// the same information set ([`Game::info_key`]), judged from what
    /// `player` may know of `state` only. If it is, the runner shows
    /// `player` that view again instead of dealing a fresh one: the hidden
    /// cards were dealt at random once and nothing since told `player`
    /// more about them. The default keeps nothing (`false`, `view` and
    /// `rng` untouched): every decision gets a fresh determinization.
    fn follow_view(
        &self,
        view: &mut Self::State,
        action: Self::Action,
        state: &Self::State,
        player: Player,
        rng: &mut GameRng,
    ) -> bool {
        let _ = (view, action, state, player, rng);
        false
    }

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
}

/// What each of the neutral per-seat figures means in a ruleset, stated in
/// the run manifest and the docs (`games.csv`'s `health_*` and `score_*`,
/// the curve's resource), and what a turn is. Each is a noun phrase that
/// reads in a chart title ("Mana spent", "Most dollars available").
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SeatTerms {
    /// What `health` measures (Nostalgix: "Hero health").
    pub health: &'static str,
    /// What the turn's `resource` is (Nostalgix: "mana").
    pub resource: &'static str,
    /// What `score` counts (Nostalgix: "prize counters taken").
    pub score: &'static str,
    /// What a turn of the per-turn tables is (Nostalgix: "one seat's
    /// turn"; Millennium Blades: a round).
    pub turn: &'static str,
}

/// A seat's end-of-game figures for `games.csv`, in the neutral terms its
/// ruleset's [`SeatTerms`] define.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SeatSummary {
    /// The seat's health (its avatar's, or 0 where nothing has health).
    pub health: i32,
    /// The seat's final score.
    pub score: i32,
}

/// What a ruleset tells the reports: metrics and log lines from its
/// events, end-of-game figures, and its cards' names and costs.
pub trait Report: Game {
    /// The meaning of the neutral per-seat figures.
    fn terms(&self) -> SeatTerms;

    /// The game-agnostic metric an event carries, if any.
    fn metric(&self, event: &Self::Event) -> Option<Metric>;

    /// An event as a JSON object for `logs/game-<i>.jsonl` (without the
    /// `game` field, which the runner adds).
    fn event_json(&self, event: &Self::Event) -> serde_json::Value;

    /// End-of-game figures of `player`.
    fn summary(&self, state: &Self::State, player: Player) -> SeatSummary;

    /// Turns played so far, every seat's counted; in a ruleset that
    /// plays in rounds ([`Report::plays_in_rounds`]), the rounds begun.
    fn turns(&self, state: &Self::State) -> u32;

    /// The name of `card`, for reports.
    fn card_name(&self, card: CardId) -> &str;

    /// The cost of `card`, for `deck_curve.csv`.
    fn card_cost(&self, card: CardId) -> u8;

    /// Whether a turn is a round that every seat plays at once, the game
    /// ending with one (Millennium Blades): `prize_pace.csv` then dates a
    /// win to the round that ended the game. `false` by default: a win
    /// after a seat's turn ended is dated to its next turn.
    fn plays_in_rounds(&self) -> bool {
        false
    }

    /// Whether the seats take turns in order but a game ends only at the
    /// end of a round in which every seat has just played its turn of one
    /// number (Pixel Tactics: the end of a Wave): `prize_pace.csv` then
    /// dates a win, and the score claimed with it, to that turn. `false`
    /// by default.
    fn ends_with_rounds_of_turns(&self) -> bool {
        false
    }

    /// The rating of `card` where the ruleset rates its cards (Millennium
    /// Blades: the star rating), for `mana_curve.csv`'s
    /// `mean_rating_played`; `None` (the default) elsewhere.
    fn card_rating(&self, _card: CardId) -> Option<u32> {
        None
    }

    /// The deck list of `player` as (card, copies), in list order.
    fn deck_list(&self, player: Player) -> Vec<(CardId, u8)>;

    /// Whether the cards of [`Report::deck_list`] reach a hand that the
    /// metrics report ([`Metric::Drew`], [`Metric::ToHand`]), so that
    /// `cards.csv`'s GIH figures and `seats.csv`'s `in_hand` say something.
    /// `true` by default; `false` in Millennium Blades, whose list cards
    /// never do (the cards it deals come from the store).
    fn tracks_hand(&self) -> bool {
        true
    }

    /// The cards the ruleset's store sells, for the designer outputs of a
    /// ruleset with an economy (Millennium Blades); `None` (the default)
    /// for the others, whose games keep no [`Ledger`].
    fn store_catalog(&self) -> Option<StoreCatalog> {
        None
    }

    /// Notes `event` in the game's store [`Ledger`]: called for every
    /// event of a ruleset with a [`store_catalog`](Report::store_catalog).
    fn ledger(&self, _event: &Self::Event, _ledger: &mut Ledger) {}
}

/// Heuristic features for evaluation-based bots.
pub trait Evaluate: Game {
    /// The ruleset's name, as a strategy file's `[weights.<name>]` table
    /// names it.
    fn name(&self) -> &'static str;

    /// The names of the features [`Evaluate::features`] computes, in order.
    /// A strategy file weights them by name.
    fn feature_names(&self) -> &'static [&'static str];

    /// Features of `state` from `player`'s point of view, written into
    /// `out` (one per name, same order). More is better for `player`.
    fn features(&self, state: &Self::State, player: Player, out: &mut [f64]);

    /// Σ weightᵢ × featureᵢ of `state` for `player`, summed in feature
    /// order: bit for bit what [`features`](Self::features) followed by
    /// that sum gives. `scratch` is a buffer the default computes the
    /// features into; a ruleset may sum them without it (this is scored for
    /// every candidate of every greedy decision).
    fn weighted_sum(
        &self,
        state: &Self::State,
        player: Player,
        weights: &[f64],
        scratch: &mut Vec<f64>,
    ) -> f64 {
        scratch.resize(self.feature_names().len(), 0.0);
        self.features(state, player, scratch);
        weighted(weights, scratch)
    }

    /// Removes from `actions` (the legal actions of `state`, in order) each
    /// action whose result — played with the same chance numbers — no
    /// feature and no outcome can tell from the result of an earlier action
    /// of the list. A one-ply lookahead would score it exactly as that
    /// earlier action and, ties going to the earliest, never pick it. The
    /// default removes none.
    fn drop_lookalikes(&self, state: &Self::State, actions: &mut Vec<Self::Action>) {
        let _ = (state, actions);
    }

    /// Whether a one-ply lookahead for `player` from `state` reads nothing
    /// hidden: every legal action, played with the same chance numbers,
    /// gives a result with the same decider and the same features for
    /// every player on `state` as on any view of it for `player`
    /// ([`Game::determinize`]). A greedy bot then looks ahead on the state
    /// itself and needs no view dealt ([`crate::bots::Sight::OnePly`]). It
    /// must read only what `player` sees. The default, `false`, deals a
    /// view at every decision.
    fn one_ply_is_blind(&self, state: &Self::State, player: Player) -> bool {
        let _ = (state, player);
        false
    }
}

/// The checks the conformance suite runs after every action.
pub trait Invariants: Game {
    /// Checks the ruleset's invariants (cards conserved, counters in
    /// bounds…), describing the first violation.
    fn check_invariants(&self, state: &Self::State) -> Result<(), String>;

    /// The total number of cards `player` owns in this game, for the
    /// conformance checks.
    fn card_count(&self, state: &Self::State, player: Player) -> usize;
}

/// Σ weightᵢ × featureᵢ, summed in feature order (the order
/// [`Evaluate::weighted_sum`] promises, so every ruleset's sum is the same
/// to the last bit).
#[inline]
pub fn weighted(weights: &[f64], features: &[f64]) -> f64 {
    weights.iter().zip(features).map(|(w, f)| w * f).sum()
}
