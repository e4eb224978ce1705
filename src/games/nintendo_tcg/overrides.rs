//! What-if balancing: `--set "Card Name.field=value"` changes one numeric
//! field of one card for a run, checked like the card file.
//!
//! Fields: `cost` (hand cost), `ap`, `dp`, `sp`, `hp` (Characters and
//! Tokens), `on_attack` (a Character's constant damage after attacking).

use super::cards::{CardDb, MAX_STAT};
use crate::diagnostics::{closest, unknown_name};

/// The fields `--set` can change.
pub const FIELDS: [&str; 6] = ["cost", "ap", "dp", "sp", "hp", "on_attack"];

impl CardDb {
    /// Applies one `Card Name.field=value` override, or explains what was
    /// expected, naming the closest card or field for an unknown one.
    pub fn apply_override(&mut self, spec: &str) -> Result<(), String> {
        let (target, value) = spec
            .split_once('=')
            .ok_or_else(|| format!("expected \"Card Name.field=value\", found \"{spec}\""))?;
        let (target, value) = (target.trim(), value.trim());
        // The card is the longest prefix of `target` that names one, so
        // card names may themselves contain dots.
        let (id, field) = target
            .match_indices('.')
            .rev()
            .find_map(|(i, _)| {
                self.id_ignoring_case(target[..i].trim())
                    .map(|id| (id, target[i + 1..].trim()))
            })
            .ok_or_else(|| {
                let card = target.split_once('.').map_or(target, |(c, _)| c);
                let known = unknown_name("card", card, self.names());
                format!("{known} (expected \"Card Name.field=value\")")
            })?;
        if !FIELDS.contains(&field) {
            let hint = closest(field, FIELDS)
                .map_or(String::new(), |c| format!(" (did you mean \"{c}\"?)"));
            return Err(format!(
                "unknown field \"{field}\"{hint}; fields: {}",
                FIELDS.join(", ")
            ));
        }
        let card = &mut self.cards[id.0 as usize];
        let character = card.is_character();
        if field != "cost" && !character {
            return Err(format!(
                "{field} is a character stat; \"{}\" is no character",
                card.name
            ));
        }
        let min = u8::from(field == "hp");
        let n = value
            .parse::<u8>()
            .ok()
            .filter(|n| (min..=MAX_STAT).contains(n))
            .ok_or_else(|| {
                format!(
                    "{field} expects a whole number from {min} to {MAX_STAT}, found \"{value}\""
                )
            })?;
        match field {
            "cost" => card.cost = n,
            "ap" => card.ap = n,
            "dp" => card.dp = n,
            "sp" => card.sp = n,
            "hp" => card.hp = n,
            _ => card.on_attack = n,
        }
        Ok(())
    }
}
