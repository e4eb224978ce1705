//! The recorded bot: plays a list of choices written down earlier (a
//! person's moves, saved by `decklab play`), so that a person's game can
//! be played again action for action.

use std::marker::PhantomData;

use crate::core::Game;

/// Plays the recorded choices in order, each the 1-based number of an
/// action among the legal ones (in the order [`Game::legal_actions`]
/// gives them).
#[derive(Clone, Debug)]
pub struct MovesBot<G: Game> {
    moves: Vec<u32>,
    next: usize,
    game: PhantomData<G>,
}

impl<G: Game> MovesBot<G> {
    /// A bot that plays `moves`, from the first, in every game.
    pub fn new(moves: &[u32]) -> Self {
        MovesBot {
            moves: moves.to_vec(),
            next: 0,
            game: PhantomData,
        }
    }

    /// Starts again from the first recorded choice.
    pub fn new_game(&mut self) {
        self.next = 0;
    }

    /// The next recorded action among `legal`, or `None` once the list is
    /// spent or its next number names no legal action.
    pub fn choose(&mut self, legal: &[G::Action]) -> Option<G::Action> {
        let number = *self.moves.get(self.next)?;
        let action = *legal.get(number as usize - 1)?;
        self.next += 1;
        Some(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::toy::ToyGame;
    use crate::core::{NoObserver, Node, derive_rng};

    #[test]
    fn plays_the_numbered_actions_then_stops_and_starts_again() {
        let game = ToyGame::duel();
        let mut rng = derive_rng(3, 0);
        let mut state = game.new_state(&mut rng);
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        assert!(legal.len() >= 2, "the toy game offers a choice");
        let mut bot = MovesBot::<ToyGame>::new(&[2, 1]);
        assert_eq!(bot.choose(&legal), Some(legal[1]));
        game.apply(&mut state, legal[1], &mut rng, &mut NoObserver);
        if let Node::Decision(_) = game.to_move(&state) {
            game.legal_actions(&state, &mut legal);
            assert_eq!(bot.choose(&legal), Some(legal[0]));
        }
        assert_eq!(bot.choose(&legal), None, "the list is spent");
        bot.new_game();
        let start = game.new_state(&mut derive_rng(3, 0));
        game.legal_actions(&start, &mut legal);
        assert_eq!(bot.choose(&legal), Some(legal[1]));
        let mut far = MovesBot::<ToyGame>::new(&[99]);
        assert_eq!(far.choose(&legal), None, "no 99th action");
    }
}
