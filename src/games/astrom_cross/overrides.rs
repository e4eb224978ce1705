//! What-if balancing: `--set "Card Name.field=value"` changes one numeric
//! field of one card for a run, checked like the card file.
//!
//! Fields: `power`, `strikes`, `damage` (the Damage Value), `souls`,
//! `life` and `hand_size` (ancients).

use super::cards::{CardDb, Kind, MAX_DAMAGE_VALUE, MAX_HAND_SIZE, MAX_STAT, MAX_STRIKES};
use crate::diagnostics::{closest, unknown_name};

/// The fields `--set` can change.
pub const FIELDS: [&str; 6] = ["power", "strikes", "damage", "souls", "life", "hand_size"];

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
        let number = |min: u8, max: u8| -> Result<u8, String> {
            value
                .parse::<u8>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| {
                    format!("{field} expects a whole number from {min} to {max}, found \"{value}\"")
                })
        };
        let card = &mut self.cards[id.0 as usize];
        let kind = card.kind;
        let only = |k: Kind| -> Result<(), String> {
            if kind == k {
                Ok(())
            } else {
                Err(format!(
                    "{field} is a field of a {}, not a {}",
                    k.name(),
                    kind.name()
                ))
            }
        };
        match field {
            "power" => {
                only(Kind::Warrior)?;
                card.power = number(1, MAX_STAT)?;
            }
            "strikes" => {
                only(Kind::Warrior)?;
                card.strikes = number(1, MAX_STRIKES)?;
            }
            "damage" => {
                if !kind.in_main_deck() {
                    return Err(format!("a {} has no Damage Value", kind.name()));
                }
                card.damage = number(0, MAX_DAMAGE_VALUE)?;
            }
            "souls" => {
                if !kind.in_main_deck() {
                    return Err(format!("a {} has no soul cost", kind.name()));
                }
                card.souls = number(0, MAX_STAT)?;
            }
            "life" => {
                only(Kind::Ancient)?;
                card.life = number(1, MAX_STAT)?;
            }
            "hand_size" => {
                only(Kind::Ancient)?;
                card.hand_size = number(1, MAX_HAND_SIZE)?;
            }
            other => {
                let hint = closest(other, FIELDS.iter().copied())
                    .map_or(String::new(), |c| format!(" (did you mean \"{c}\"?)"));
                return Err(format!(
                    "unknown field \"{other}\"{hint}; fields: {}",
                    FIELDS.join(", ")
                ));
            }
        }
        Ok(())
    }
}
