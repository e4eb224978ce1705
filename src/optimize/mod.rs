//! `decklab optimize`'s engine: a deck list improved one copy at a time
//! against a field, every swap measured with paired seeds and kept only
//! when a fresh run confirms it ([`search`]); the list edited as text
//! ([`list`]).

pub mod list;
pub mod search;

pub use search::{Arena, End, Plan, Played, Row, Search, Stepped, Units};
