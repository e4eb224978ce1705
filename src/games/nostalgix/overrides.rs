//! What-if balancing: `--set "Card Name.field=value"` changes one field of
//! one card for a run, checked like the card file.
//!
//! Fields: `cost`, `health`, `atk`, `level`, `type`, `weakness`,
//! `resistance`, `keywords` (comma-separated names, or empty),
//! `prize_shield`, `attacks.N.damage` and `abilities.N.cost` (N from 0).

use super::cards::{CardDb, Element, KEYWORD_NAMES, Keywords, Kind};
use crate::diagnostics::{closest, unknown_name};

/// The fields `--set` can change.
pub const FIELDS: [&str; 11] = [
    "cost",
    "health",
    "atk",
    "level",
    "type",
    "weakness",
    "resistance",
    "keywords",
    "prize_shield",
    "attacks.N.damage",
    "abilities.N.cost",
];

impl CardDb {
    /// Applies one `Card Name.field=value` override, or explains what was
    /// expected (naming the closest card or field for an unknown one).
    pub fn apply_override(&mut self, spec: &str) -> Result<(), String> {
        let (target, value) = spec
            .split_once('=')
            .ok_or_else(|| format!("expected \"Card Name.field=value\", found \"{spec}\""))?;
        let (target, value) = (target.trim(), value.trim());
        // The card is the longest prefix of `target` that names one, so card
        // names may themselves contain dots.
        let (name, field) = target
            .match_indices('.')
            .rev()
            .map(|(i, _)| (&target[..i], &target[i + 1..]))
            .find(|(name, _)| self.id_ignoring_case(name.trim()).is_some())
            .ok_or_else(|| {
                let card = target.rsplit_once('.').map_or(target, |(c, _)| c);
                let known = unknown_name("card", card, self.names());
                format!("{known} (expected \"Card Name.field=value\")")
            })?;
        let id = self.id_ignoring_case(name.trim()).ok_or("unreachable")?;
        let card = &mut self.cards[id.0 as usize];
        let number = |max: u8| -> Result<u8, String> {
            value
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| {
                    format!("{field} expects a whole number from 0 to {max}, found \"{value}\"")
                })
        };
        let element = || -> Result<Element, String> {
            toml::Value::String(value.to_string())
                .try_into()
                .map_err(|_| format!("{field} expects a type (Neutral, Metal, Water, Mystic, Light, Earth, Dark, Fire), found \"{value}\""))
        };
        let indexed = |prefix: &str, suffix: &str| -> Option<usize> {
            field
                .strip_prefix(prefix)?
                .strip_suffix(suffix)?
                .parse()
                .ok()
        };
        match field {
            "cost" if card.kind == Kind::Surprise => {
                return Err("Surprises always cost 3 mana (rules: \"Surprises\")".into());
            }
            "cost" => card.cost = number(u8::MAX)?,
            "health" => {
                let n = number(u8::MAX)?;
                if n == 0 && matches!(card.kind, Kind::Hero | Kind::Fighter | Kind::Token) {
                    return Err(format!("a {} needs health > 0", card.kind));
                }
                card.health = n;
            }
            "atk" if !matches!(card.kind, Kind::Equipment | Kind::Token) => {
                return Err(format!(
                    "a {} has no atk (only Equipment and Tokens do); a Fighter's damage is \
                     attacks.N.damage",
                    card.kind
                ));
            }
            "atk" => card.atk = number(u8::MAX)?,
            "level" => {
                let n = number(3)?;
                let fits =
                    card.kind == Kind::Fighter && n >= 1 && (n == 1) == card.evolves_from.is_none();
                if !fits {
                    return Err("level must keep the evolution line valid (1 without evolves_from, 2–3 with it)".into());
                }
                card.level = n;
            }
            "type" => card.element = element()?,
            "weakness" => card.weakness = Some(element()?),
            "resistance" => card.resistance = Some(element()?),
            "prize_shield" => {
                card.prize_shield = value
                    .parse()
                    .map_err(|_| format!("prize_shield expects true or false, found \"{value}\""))?
            }
            "keywords" => {
                let mut k = Keywords::NONE;
                for word in value.split(',').map(str::trim).filter(|w| !w.is_empty()) {
                    let (_, bit) = KEYWORD_NAMES
                        .iter()
                        .find(|(n, _)| n.eq_ignore_ascii_case(word))
                        .ok_or_else(|| {
                            unknown_name("keyword", word, KEYWORD_NAMES.iter().map(|(n, _)| *n))
                        })?;
                    k = k.with(*bit);
                }
                card.keywords = k;
            }
            _ => {
                if let Some(i) = indexed("attacks.", ".damage") {
                    let n = number(u8::MAX)?;
                    let attack = card
                        .attacks
                        .get_mut(i)
                        .ok_or_else(|| format!("\"{}\" has no attack {i}", card.name))?;
                    attack.damage = n;
                } else if let Some(i) = indexed("abilities.", ".cost") {
                    let n = number(u8::MAX)?;
                    let ability = card
                        .abilities
                        .get_mut(i)
                        .ok_or_else(|| format!("\"{}\" has no ability {i}", card.name))?;
                    ability.cost = n;
                } else {
                    let hint = closest(field, FIELDS)
                        .map_or(String::new(), |c| format!(" (did you mean \"{c}\"?)"));
                    return Err(format!(
                        "unknown field \"{field}\"{hint}; fields: {}",
                        FIELDS.join(", ")
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_changes_for_the_run() {
        let mut db = CardDb::bundled();
        db.apply_override("Stack-O-Fox.health=7").expect("valid");
        db.apply_override("stack-o-fox.attacks.0.damage = 4")
            .expect("valid");
        let fox = db.card(db.id("Stack-O-Fox").expect("fox"));
        assert_eq!((fox.health, fox.attacks[0].damage), (7, 4));
    }

    #[test]
    fn unknown_cards_and_fields_get_the_closest_name() {
        let mut db = CardDb::bundled();
        let e = db.apply_override("Stack-O-Fx.health=3").unwrap_err();
        assert!(e.contains("did you mean \"Stack-O-Fox\""), "{e}");
        let e = db.apply_override("Stack-O-Fox.helth=3").unwrap_err();
        assert!(e.contains("did you mean \"health\""), "{e}");
        let e = db.apply_override("Stack-O-Fox.health=-3").unwrap_err();
        assert!(e.contains("whole number"), "{e}");
        assert!(db.apply_override("Stack-O-Fox.health").is_err());
        assert!(
            db.apply_override("Stack-O-Fox.keywords=Tuant")
                .unwrap_err()
                .contains("Taunt")
        );
        // A field the card does not use is refused rather than ignored.
        let e = db.apply_override("Cinder Imp.atk=0").unwrap_err();
        assert!(e.contains("attacks.N.damage"), "{e}");
    }
}
