//! What-if balancing: `--set "Card Name.field=value"` changes one field of
//! one card for a run, checked like the card file; `--set
//! "match.games=best-of-3"` sets the match format.
//!
//! Fields: `attack`, `life` (the Hero side), `leader.attack`,
//! `leader.life` (the Leader side).

use super::cards::{CardDb, MatchGames};
use crate::diagnostics::{closest, unknown_name};

/// The fields `--set` can change.
pub const FIELDS: [&str; 5] = [
    "attack",
    "life",
    "leader.attack",
    "leader.life",
    "match.games",
];

/// Stats above this are refused, as in the card file.
const MAX_STAT: u8 = 99;

impl CardDb {
    /// Applies one `Card Name.field=value` override (or
    /// `match.games=single|best-of-3|best-of-5`), or explains what was
    /// expected, naming the closest card or field for an unknown one.
    pub fn apply_override(&mut self, spec: &str) -> Result<(), String> {
        let (target, value) = spec
            .split_once('=')
            .ok_or_else(|| format!("expected \"Card Name.field=value\", found \"{spec}\""))?;
        let (target, value) = (target.trim(), value.trim());
        if target.eq_ignore_ascii_case("match.games") {
            let (_, games) = MatchGames::NAMES
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(value))
                .ok_or_else(|| {
                    unknown_name(
                        "match format",
                        value,
                        MatchGames::NAMES.iter().map(|(n, _)| *n),
                    ) + " (expected single, best-of-3 or best-of-5)"
                })?;
            self.match_games = *games;
            return Ok(());
        }
        // The card is the longest prefix of `target` that names one, so
        // card names may themselves contain dots.
        let (id, field) = target
            .match_indices('.')
            .rev()
            .find_map(|(i, _)| {
                self.id_ignoring_case(target[..i].trim())
                    .map(|id| (id, &target[i + 1..]))
            })
            .ok_or_else(|| {
                let card = target.split_once('.').map_or(target, |(c, _)| c);
                let known = unknown_name("card", card, self.names());
                format!("{known} (expected \"Card Name.field=value\")")
            })?;
        let number = |min: u8| -> Result<u8, String> {
            value
                .parse::<u8>()
                .ok()
                .filter(|n| (min..=MAX_STAT).contains(n))
                .ok_or_else(|| {
                    format!(
                        "{field} expects a whole number from {min} to {MAX_STAT}, found \"{value}\""
                    )
                })
        };
        let card = &mut self.cards[id.0 as usize];
        match field.trim() {
            "attack" => card.attack = number(0)?,
            "life" => card.life = number(1)?,
            "leader.attack" => card.leader_attack = number(0)?,
            "leader.life" => card.leader_life = number(1)?,
            other => {
                let hint = closest(other, FIELDS[..4].iter().copied())
                    .map_or(String::new(), |c| format!(" (did you mean \"{c}\"?)"));
                return Err(format!(
                    "unknown field \"{other}\"{hint}; fields: {}",
                    FIELDS[..4].join(", ")
                ));
            }
        }
        Ok(())
    }
}
