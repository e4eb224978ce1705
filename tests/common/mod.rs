//! What the integration tests share.

/// The CSV reports every `simulate` run writes.
pub const REPORTS: [&str; 8] = [
    "games.csv",
    "summary.csv",
    "mana_curve.csv",
    "deck_curve.csv",
    "prize_pace.csv",
    "cards.csv",
    "actions.csv",
    "stats.json",
];
