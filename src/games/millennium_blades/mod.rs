//! Millennium Blades, for 2 to 5 players: an economy (money, the store,
//! the aftermarket, sell markers, card fusion), collections, a
//! deckbuilding phase modelled as ticks, a turn-based tournament, three
//! rounds, and a ranking by victory points; Turn-Based Mode and Duel Mode
//! as options. See `docs/rules/millennium-blades.md`.

pub mod cards;
