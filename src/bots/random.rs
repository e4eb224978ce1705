//! The random bot: a uniformly random legal action, the baseline every
//! other strategy must beat.

use std::marker::PhantomData;

use crate::core::{Game, GameRng, below};

/// Plays uniformly at random among the legal actions.
#[derive(Clone, Debug)]
pub struct RandomBot<G: Game> {
    game: PhantomData<G>,
}

impl<G: Game> Default for RandomBot<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> RandomBot<G> {
    /// A random bot.
    pub fn new() -> Self {
        RandomBot { game: PhantomData }
    }

    /// One of `legal` (non-empty) uniformly at random, drawn from `rng`.
    pub fn choose(&mut self, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        legal[below(rng, legal.len() as u32) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::toy::ToyGame;
    use crate::core::{NoObserver, Node, derive_rng};

    #[test]
    fn plays_only_legal_actions_and_varies() {
        let game = ToyGame::duel();
        let mut bot = RandomBot::<ToyGame>::new();
        let mut legal = Vec::new();
        let mut first_moves = Vec::new();
        for seed in 0..50 {
            let mut rng = derive_rng(seed, 0);
            let mut bot_rng = derive_rng(seed, 1);
            let mut state = game.new_state(&mut rng);
            while let Node::Decision(_) = game.to_move(&state) {
                game.legal_actions(&state, &mut legal);
                let action = bot.choose(&legal, &mut bot_rng);
                assert!(legal.contains(&action));
                if first_moves.len() <= seed as usize {
                    first_moves.push(legal.iter().position(|&a| a == action));
                }
                game.apply(&mut state, action, &mut rng, &mut NoObserver);
            }
        }
        first_moves.sort();
        first_moves.dedup();
        assert!(first_moves.len() > 1, "always the same choice");
    }
}
