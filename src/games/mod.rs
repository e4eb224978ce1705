//! The rulesets, one folder each.

pub mod nostalgix;
