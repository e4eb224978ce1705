//! The greedy bot: a one-ply lookahead over a weighted evaluation, and the
//! [`Evaluator`] it shares with ISMCTS's rollouts and cut-offs.
//!
//! Each candidate action is played on a copy of the view, every candidate
//! with the same chance seed (common random numbers, so a lucky draw cannot
//! favour one candidate over another), and the resulting position is scored
//! from the bot's seat: a finished game scores ±[`WIN_SCORE`], any other
//! position Σ weightᵢ × featureᵢ. Ties go to the earliest legal action.

use rand_core::Rng;

use super::strategy::Weights;
use crate::core::{Evaluate, Game, GameRng, NoObserver, Node, Player, rng_from_seed};

/// The score of a won game (a lost one scores the negation, a draw 0): far
/// above any heuristic score.
pub const WIN_SCORE: f64 = 1e9;

/// Scores positions with a strategy's weights.
#[derive(Clone, Debug)]
pub struct Evaluator {
    weights: Vec<f64>,
    features: Vec<f64>,
}

impl Evaluator {
    /// An evaluator with `weights`.
    pub fn new(weights: &Weights) -> Self {
        Evaluator {
            weights: weights.values().to_vec(),
            features: Vec::new(),
        }
    }

    /// Σ weightᵢ × featureᵢ of `state` for `player`, ignoring whether the
    /// game is over (features without a weight count 0).
    pub fn heuristic<G: Game + Evaluate>(
        &mut self,
        game: &G,
        state: &G::State,
        player: Player,
    ) -> f64 {
        game.weighted_sum(state, player, &self.weights, &mut self.features)
    }

    /// The greedy score of `state` for `player`: ±[`WIN_SCORE`] (0 for a
    /// draw) if the game is over, else the heuristic.
    pub fn score<G: Game + Evaluate>(&mut self, game: &G, state: &G::State, player: Player) -> f64 {
        match game.to_move(state) {
            Node::Terminal(outcome) => (outcome.returns(player) - 0.5) * 2.0 * WIN_SCORE,
            Node::Decision(_) => self.heuristic(game, state, player),
        }
    }

    /// The heuristic read as a win chance in `[0, 1]` by the logistic
    /// function, for cutting rollouts short.
    pub fn win_chance<G: Game + Evaluate>(
        &mut self,
        game: &G,
        state: &G::State,
        player: Player,
    ) -> f64 {
        1.0 / (1.0 + (-self.heuristic(game, state, player)).exp())
    }

    /// Plays each of `candidates` (non-empty) on a copy of `state` held in
    /// `scratch`, all with the chance seed `chance`, and returns the one
    /// scoring best for `player` (the earliest on ties).
    pub fn best_of<G: Game + Evaluate>(
        &mut self,
        game: &G,
        state: &G::State,
        player: Player,
        candidates: &[G::Action],
        chance: u64,
        scratch: &mut Option<G::State>,
    ) -> G::Action {
        let mut best = candidates[0];
        let mut best_score = f64::NEG_INFINITY;
        // Seeded once; each candidate plays with a fresh copy of it.
        let chance_rng = rng_from_seed(chance);
        for &action in candidates {
            let next = match scratch {
                Some(s) => {
                    s.clone_from(state);
                    s
                }
                None => scratch.insert(state.clone()),
            };
            game.apply(next, action, &mut chance_rng.clone(), &mut NoObserver);
            let score = self.score(game, next, player);
            if score > best_score {
                best = action;
                best_score = score;
            }
        }
        best
    }
}

/// The one-ply greedy bot.
#[derive(Clone, Debug)]
pub struct GreedyBot<G: Game + Evaluate> {
    eval: Evaluator,
    legal: Vec<G::Action>,
    scratch: Option<G::State>,
}

impl<G: Game + Evaluate> GreedyBot<G> {
    /// A greedy bot scoring positions with `weights`.
    pub fn new(weights: &Weights) -> Self {
        GreedyBot {
            eval: Evaluator::new(weights),
            legal: Vec::new(),
            scratch: None,
        }
    }

    /// The one of `legal` (the legal actions of `view`) whose result scores
    /// best for `player`. Draws one number from `rng` (the chance seed of
    /// the lookahead).
    pub fn choose(
        &mut self,
        game: &G,
        view: &G::State,
        legal: &[G::Action],
        player: Player,
        rng: &mut GameRng,
    ) -> G::Action {
        self.legal.clear();
        self.legal.extend_from_slice(legal);
        game.drop_lookalikes(view, &mut self.legal);
        let chance = rng.next_u64();
        self.eval
            .best_of(game, view, player, &self.legal, chance, &mut self.scratch)
    }

    /// Passes a decision taken without asking (its only legal action): draws
    /// the number [`choose`](Self::choose) would have, so the bot's later
    /// choices are the same whether it was asked or not.
    pub fn pass(&mut self, rng: &mut GameRng) {
        rng.next_u64();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;
    use crate::bots::testing::{play_match, play_seats, toy_weights};
    use crate::core::toy::ToyGame;
    use crate::core::{derive_rng, rng_from_seed};

    #[test]
    fn follows_cheaply_and_prefers_winning() {
        let game = ToyGame::duel();
        let mut rng = rng_from_seed(4);
        let mut bot = GreedyBot::<ToyGame>::new(&toy_weights());
        let mut state = game.new_state(&mut derive_rng(11, 0));
        // The greedy leader keeps its high cards: it bids its lowest.
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        let lead = bot.choose(&game, &state, &legal, Player::A, &mut rng);
        assert_eq!(lead, legal[0]);
        game.apply(&mut state, lead, &mut rng, &mut NoObserver);
        // The follower beats the lead with its cheapest winning card.
        game.legal_actions(&state, &mut legal);
        let follow = bot.choose(&game, &state, &legal, Player::B, &mut rng);
        let cheapest_win = legal.iter().copied().find(|b| b.0 > lead.0);
        assert_eq!(follow, cheapest_win.unwrap_or(legal[0]));
    }

    #[test]
    fn beats_random_clearly() {
        let game = ToyGame::duel();
        let greedy = crate::bots::Bot::Greedy(GreedyBot::new(&toy_weights()));
        let random = crate::bots::Bot::Random(RandomBot::new());
        let score = play_match(&game, greedy, random, 400);
        assert!(score > 0.7, "greedy scored only {score} against random");
    }

    #[test]
    fn a_greedy_seat_wins_more_than_its_share_in_every_seat() {
        // At 3, 4 and 5 seats, greedy in any one seat against random ones
        // wins more than 1/N of the games, by more than sampling noise.
        for players in 3..=5 {
            let game = ToyGame::table(players);
            for seat in Player::all(players) {
                let greedy = crate::bots::Bot::Greedy(GreedyBot::new(&toy_weights()));
                let random = crate::bots::Bot::Random(RandomBot::new());
                let games = 200;
                let (score, share) = play_seats(&game, greedy, random, games, Some(seat));
                let par = 1.0 / players as f64;
                let sd = (par * (1.0 - par) / games as f64).sqrt();
                assert!(
                    share > par + 3.0 * sd,
                    "{players} seats, greedy at {seat}: win share {share}"
                );
                assert!(
                    score > 0.5,
                    "{players} seats, at {seat}: rank score {score}"
                );
            }
        }
    }
}
