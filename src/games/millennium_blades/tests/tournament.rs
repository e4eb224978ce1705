//! The tournament: turns, effects, clashes, scoring.
