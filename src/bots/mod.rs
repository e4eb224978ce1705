//! The bots. One [`Bot`] per seat and worker: built from a [`Strategy`]
//! (`strategies/*.toml`), it picks one of the legal actions the runner
//! hands it, looking at a view the runner has already determinized for its
//! seat (or at nothing but the legal actions, [`Sight`]), so no bot ever
//! sees hidden information. Bots keep scratch buffers across decisions
//! and games.
//!
//! - [`RandomBot`]: uniform over the legal actions;
//! - [`GreedyBot`]: one-ply lookahead over a weighted evaluation;
//! - [`IsmctsBot`]: single-observer Information Set MCTS;
//! - [`MovesBot`]: a recorded list of choices (a person's game played
//!   again).

mod greedy;
mod ismcts;
mod moves;
mod random;
pub mod strategy;

pub use greedy::{Evaluator, GreedyBot, WIN_SCORE};
pub use ismcts::IsmctsBot;
pub use moves::MovesBot;
pub use random::RandomBot;
pub use strategy::{FeatureSet, Settings, Strategy, StrategyError};

use crate::core::{Evaluate, Game, GameRng, Player};

/// A bot of any kind (an enum rather than a trait object, so calls are
/// static and the bot is `Send` whenever the game's types are).
#[derive(Clone, Debug)]
pub enum Bot<G: Game + Evaluate> {
    /// Uniformly random legal actions.
    Random(RandomBot<G>),
    /// One-ply lookahead.
    Greedy(GreedyBot<G>),
    /// Information Set MCTS.
    Ismcts(IsmctsBot<G>),
    /// A recorded list of choices.
    Moves(MovesBot<G>),
}

impl<G: Game + Evaluate> Bot<G> {
    /// The bot `strategy` describes, for `game`.
    ///
    /// # Panics
    /// If the strategy's weights were validated against another game's
    /// feature names (a programming error: load strategies with
    /// `game.feature_names()`).
    pub fn new(game: &G, strategy: &Strategy) -> Self {
        let weights = match &strategy.settings {
            Settings::Random | Settings::Moves(_) => None,
            Settings::Greedy(w) => Some(w),
            Settings::Ismcts(s) => Some(&s.weights),
        };
        if let Some(w) = weights {
            assert!(
                w.is_zero() || w.features() == game.feature_names(),
                "strategy {} was loaded for another game's features",
                strategy.name
            );
        }
        match &strategy.settings {
            Settings::Random => Bot::Random(RandomBot::new()),
            Settings::Greedy(w) => Bot::Greedy(GreedyBot::new(w)),
            Settings::Ismcts(s) => Bot::Ismcts(IsmctsBot::new(s)),
            Settings::Moves(m) => Bot::Moves(MovesBot::new(m)),
        }
    }

    /// Gets ready for a new game: a recorded bot starts its list again
    /// (the other bots keep only scratch buffers across games).
    pub fn new_game(&mut self) {
        if let Bot::Moves(bot) = self {
            bot.new_game();
        }
    }

    /// What the bot is shown when it decides. The random and the recorded
    /// bot choose among the legal actions only, which are the same for a
    /// state and every determinization of it (the conformance checks prove
    /// it for every ruleset): they are handed the state as it is, and
    /// choose the same. A search reads more, and is shown a view
    /// determinized for its seat; so is the greedy lookahead, unless the
    /// ruleset shows that one ply reads nothing hidden from that state
    /// ([`Evaluate::one_ply_is_blind`]). Neither is asked when there is a
    /// single legal action: there is nothing to weigh, and the runner takes
    /// it without dealing a view ([`pass`](Self::pass)).
    pub fn sight(&self) -> Sight {
        match self {
            Bot::Random(_) | Bot::Moves(_) => Sight::Actions,
            Bot::Greedy(_) => Sight::OnePly,
            Bot::Ismcts(_) => Sight::Lookahead,
        }
    }

    /// The action `player` takes among `legal` (the legal actions, non-empty,
    /// in [`Game::legal_actions`] order). `view` must be a determinization
    /// for `player` (`game.determinize(&state, player, rng)`, or a view kept
    /// by [`crate::sim::Views`]) of a state where `player` decides, or that
    /// state itself if the bot's [`sight`](Self::sight) is
    /// [`Sight::Actions`]; `rng` is the bot's own stream. `None` only from a
    /// recorded bot whose list is spent (or no longer matches the game):
    /// the game stops there, unfinished.
    pub fn choose(
        &mut self,
        game: &G,
        view: &G::State,
        legal: &[G::Action],
        player: Player,
        rng: &mut GameRng,
    ) -> Option<G::Action> {
        Some(match self {
            Bot::Random(bot) => bot.choose(legal, rng),
            Bot::Greedy(bot) => bot.choose(game, view, legal, player, rng),
            Bot::Ismcts(bot) => bot.choose(game, view, legal, player, rng),
            Bot::Moves(bot) => return bot.choose(legal),
        })
    }

    /// Passes a decision of a [`Sight::Lookahead`] bot that the runner took
    /// without asking (a single legal action): the bot's stream advances as
    /// [`choose`](Self::choose) would have advanced it, so its later
    /// choices are the same as if it had been asked.
    pub fn pass(&mut self, rng: &mut GameRng) {
        if let Bot::Greedy(bot) = self {
            bot.pass(rng);
        }
    }
}

/// What a seat is shown when it decides ([`Bot::sight`]; a person is always
/// shown a view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// The state itself: the seat reads only the legal actions.
    Actions,
    /// A view determinized for the seat, at every decision.
    View,
    /// A view determinized for the seat, except at a decision with a single
    /// legal action, which the runner takes without asking.
    Lookahead,
    /// As [`Sight::Lookahead`], but the state itself where the ruleset
    /// shows that a one-ply lookahead reads nothing hidden from it
    /// ([`Evaluate::one_ply_is_blind`]): every action then scores the same
    /// on the state as on any view of it.
    OnePly,
}

impl Sight {
    /// Whether a decision with `legal` legal actions is taken without asking
    /// the seat and without showing it anything (its only action).
    pub fn passes(self, legal: usize) -> bool {
        matches!(self, Sight::Lookahead | Sight::OnePly) && legal == 1
    }

    /// Whether the seat, deciding for `player` at `state`, is shown a view
    /// rather than the state itself.
    pub fn needs_view<G: Evaluate>(self, game: &G, state: &G::State, player: Player) -> bool {
        match self {
            Sight::Actions => false,
            Sight::View | Sight::Lookahead => true,
            Sight::OnePly => !game.one_ply_is_blind(state, player),
        }
    }
}

/// Helpers shared by the bots' unit tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::strategy::Weights;
    use super::*;
    use crate::core::toy::ToyGame;
    use crate::core::{NoObserver, Node, derive_rng, game_seed};

    /// Sensible greedy weights for the toy game: points decide, and high
    /// cards are worth keeping (`opp_points` is negated, like every
    /// opponent's feature).
    pub fn toy_weights() -> Weights {
        let toml = "kind = \"greedy\"\n[weights.toy]\npoints = 1.0\nopp_points = 1.0\nhand_total = 0.05\nleading = 0.5\n";
        match Strategy::parse(
            "toy",
            "toy.toml",
            toml.as_bytes(),
            FeatureSet::of(&ToyGame::duel()),
        ) {
            Ok(Strategy {
                settings: Settings::Greedy(w),
                ..
            }) => w,
            other => panic!("bad toy weights: {other:?}"),
        }
    }

    /// Plays `games` seeded games of `first` against `second` in every
    /// other seat, `first`'s seat going round the table game by game, and
    /// returns `first`'s mean return.
    pub fn play_match(
        game: &ToyGame,
        first: Bot<ToyGame>,
        second: Bot<ToyGame>,
        games: u64,
    ) -> f64 {
        play_seats(game, first, second, games, None).0
    }

    /// Plays `games` seeded games of `first` in seat `seat` (or going
    /// round the table if `None`) against `second` in every other seat;
    /// returns `first`'s mean return and mean win share.
    pub fn play_seats(
        game: &ToyGame,
        mut first: Bot<ToyGame>,
        mut second: Bot<ToyGame>,
        games: u64,
        seat: Option<Player>,
    ) -> (f64, f64) {
        let players = game.num_players();
        let (mut total, mut wins) = (0.0, 0.0);
        for i in 0..games {
            let seed = game_seed(2024, i);
            let mut rng = derive_rng(seed, 0);
            let mut view_rng = derive_rng(seed, 1);
            let mut bot_rngs: Vec<GameRng> = (0..players as u64)
                .map(|p| derive_rng(seed, 2 + p))
                .collect();
            let first_seat = seat.unwrap_or_else(|| Player::new(i as usize % players));
            let mut legal = Vec::new();
            let mut state = game.new_state(&mut rng);
            let outcome = loop {
                let player = match game.to_move(&state) {
                    Node::Terminal(outcome) => break outcome,
                    Node::Decision(p) => p,
                };
                let view = game.determinize(&state, player, &mut view_rng);
                let bot = if player == first_seat {
                    &mut first
                } else {
                    &mut second
                };
                game.legal_actions(&view, &mut legal);
                let action = bot
                    .choose(game, &view, &legal, player, &mut bot_rngs[player.index()])
                    .expect("a searching bot always moves");
                game.apply(&mut state, action, &mut rng, &mut NoObserver);
            };
            total += outcome.returns(first_seat);
            wins += outcome.win_units(first_seat) as f64 / crate::core::UNITS_PER_GAME as f64;
        }
        (total / games as f64, wins / games as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::toy::ToyGame;
    use crate::core::{Node, derive_rng};

    #[test]
    fn every_kind_is_built_from_its_strategy_and_is_send() {
        fn send<T: Send>(_: &T) {}
        let game = ToyGame::duel();
        let files = [
            "kind = \"random\"",
            "kind = \"greedy\"\n[weights.toy]\npoints = 1",
            "kind = \"ismcts\"\niterations = 20",
            "kind = \"moves\"\nmoves = [1]",
        ];
        let state = game.new_state(&mut derive_rng(1, 0));
        let Node::Decision(player) = game.to_move(&state) else {
            panic!("the toy game starts with a decision")
        };
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        for text in files {
            let strategy = Strategy::parse("s", "s.toml", text.as_bytes(), FeatureSet::of(&game));
            let mut bot = Bot::new(&game, &strategy.unwrap());
            send(&bot);
            let view = game.determinize(&state, player, &mut derive_rng(1, 1));
            let action = bot.choose(&game, &view, &legal, player, &mut derive_rng(1, 2));
            assert!(
                action.is_some_and(|a| legal.contains(&a)),
                "{text}: {action:?}"
            );
        }
    }
}
