//! The rows of the store page: Millennium Blades' designer tables
//! `mb_cards.csv`, `mb_tournaments.csv` and `mb_grant.csv`, read by
//! column name like every other table (docs/outputs.md describes them).

use super::{Estimate, FromRow, Row};

/// A line of `mb_cards.csv`: one store card.
#[derive(Clone, Debug, PartialEq)]
pub struct StoreCardRow {
    /// The card's name.
    pub card: String,
    /// Its set.
    pub set: String,
    /// Its set's tier.
    pub tier: String,
    /// Its star rating.
    pub stars: u32,
    /// Its price in the store.
    pub price: u32,
    /// Games in which a copy was seen.
    pub seen_games: u64,
    /// How often it was bought when seen, with its 95% interval.
    pub buy_rate: Estimate,
    /// Buyers' mean rank score minus that of players who saw it and passed,
    /// with its 95% interval.
    pub lift: Estimate,
    /// `under-priced`, `over-priced`, `fair` or empty.
    pub verdict: String,
    /// Whether the card has the seat-games on each side (bought, seen
    /// and not bought) that a verdict needs
    /// ([`crate::output::MIN_VERDICT_GAMES`]): from the run's
    /// `stats.json`, `None` without it (`mb_cards.csv` does not tell).
    pub enough: Option<bool>,
}

impl FromRow for StoreCardRow {
    const COLUMNS: &'static [&'static str] = &[
        "card",
        "set",
        "tier",
        "stars",
        "price",
        "seen_games",
        "buy_rate",
        "buy_rate_ci95_low",
        "buy_rate_ci95_high",
        "lift",
        "lift_ci95_low",
        "lift_ci95_high",
        "verdict",
    ];

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(StoreCardRow {
            card: row.text(),
            set: row.text(),
            tier: row.text(),
            stars: row.number()?,
            price: row.number()?,
            seen_games: row.number()?,
            buy_rate: row.estimate()?,
            lift: row.estimate()?,
            verdict: row.text(),
            enough: None,
        })
    }
}

/// A line of `mb_tournaments.csv`, as much as the VP chart needs: one
/// round and seat.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundVpRow {
    /// The round (the tournament's number).
    pub round: u32,
    /// Tournaments played in it by the seat.
    pub tournaments: u64,
    /// Mean VP from the tournament's placement.
    pub tournament: f64,
    /// Mean VP from collections.
    pub collection: f64,
    /// Mean VP from money (at the end).
    pub money: f64,
}

impl FromRow for RoundVpRow {
    const COLUMNS: &'static [&'static str] = &[
        "round",
        "tournaments",
        "mean_vp_tournament",
        "mean_vp_collection",
        "mean_vp_money",
    ];

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(RoundVpRow {
            round: row.number()?,
            tournaments: row.number()?,
            tournament: row.number()?,
            collection: row.number()?,
            money: row.number()?,
        })
    }
}

/// A line of `mb_grant.csv`: what granting one card did.
#[derive(Clone, Debug, PartialEq)]
pub struct GrantRow {
    /// The card's name.
    pub card: String,
    /// The seat given the card.
    pub seat: String,
    /// Games played with and without it.
    pub games: u64,
    /// The seat's mean paired rank-score difference, with its 95%
    /// interval.
    pub effect: Estimate,
}

impl FromRow for GrantRow {
    const COLUMNS: &'static [&'static str] = &[
        "card",
        "seat",
        "games",
        "effect",
        "effect_ci95_low",
        "effect_ci95_high",
    ];

    fn from_row(row: &mut Row) -> anyhow::Result<Self> {
        Ok(GrantRow {
            card: row.text(),
            seat: row.text(),
            games: row.number()?,
            effect: row.estimate()?,
        })
    }
}
