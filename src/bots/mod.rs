//! The bots and their settings. A strategy (`strategies/*.toml`) says which
//! bot plays and how.

pub mod strategy;

pub use strategy::{Settings, Strategy, StrategyError};
