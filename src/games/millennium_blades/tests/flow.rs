//! The flow of a game: setup, deckbuilding ticks, the end of a round.
