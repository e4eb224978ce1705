//! What `decklab play` shows a person: each ruleset's table as one seat
//! may see it, its actions in words, and which parts of its (omniscient)
//! event log that seat may read. Each ruleset implements [`Describe`] in
//! its own `describe` module (it needs the ruleset's derived figures); the
//! prompt itself is `decklab play`'s (`src/cli/play.rs`).

use serde_json::{Map, Value};

use crate::core::{CardDef, CardId, CardPool, Game, Player};

/// A ruleset as a person sees it at the table.
pub trait Describe: Game {
    /// The table as `seat` sees it, one line per row. Unless `reveal`,
    /// `state` is a view determinized for `seat` (its hidden cards are
    /// random stand-ins), and every zone hidden from `seat` is shown as a
    /// count or face down; with `reveal` (teaching), `state` is the whole
    /// state and everything is shown.
    fn board(&self, state: &Self::State, seat: Player, reveal: bool) -> Vec<String>;

    /// `action`, legal in `state`, in words ("Summon Cinder Imp into slot
    /// 2"), and the card it is about, whose text the list shows.
    fn action_words(&self, state: &Self::State, action: Self::Action) -> (String, Option<CardId>);

    /// The text of `card` (its name, figures and rules text).
    fn card_text(&self, card: CardId) -> String;

    /// Removes from `event` (a log line) what `seat` may not see: the
    /// cards another seat draws or sets face down, a card dealt face
    /// down…, replaced by [`HIDDEN`].
    fn redact(&self, event: &mut Map<String, Value>, seat: Player);
}

/// What a redacted field reads.
pub const HIDDEN: &str = "(hidden)";

/// The text of `card` from the row `decklab cards` prints for it: its
/// name, then `column value` for every non-empty column, the rules text
/// last.
pub fn card_text<C: CardDef>(pool: &CardPool<C>, card: CardId) -> String {
    let row = pool.card(card).table_row(pool);
    let mut name = String::new();
    let mut figures = Vec::new();
    let mut text = String::new();
    for (header, value) in C::TABLE_HEADER.iter().zip(row) {
        match *header {
            _ if value.is_empty() => {}
            h if h.eq_ignore_ascii_case("name") => name = value,
            "text" => text = value,
            _ => figures.push(format!("{header} {value}")),
        }
    }
    let mut out = format!("{name} ({})", figures.join(", "));
    if !text.is_empty() {
        out.push_str(": ");
        out.push_str(&text);
    }
    out
}

/// Hides `field` of `event` unless `seat` is the event's `player`.
pub fn hide_from_others(event: &mut Map<String, Value>, seat: Player, field: &str) {
    let own = event.get("player").and_then(Value::as_str) == Some(&seat.letter().to_string());
    if !own {
        hide(event, field);
    }
}

/// Hides `field` of `event` from everyone.
pub fn hide(event: &mut Map<String, Value>, field: &str) {
    if let Some(value) = event.get_mut(field) {
        *value = Value::from(HIDDEN);
    }
}

/// The line of a pile only its owner may look at: its cards by name when
/// `shown`, else how many.
pub fn private_pile<'a>(
    label: &str,
    names: impl ExactSizeIterator<Item = &'a str>,
    shown: bool,
) -> String {
    if shown {
        format!("  {label}: {}", list(names))
    } else {
        format!("  {label}: {} cards", names.len())
    }
}

/// The line of a deck given bottom first: its cards top first when
/// `reveal`, else how many.
pub fn deck_pile<'a>(
    names: impl DoubleEndedIterator<Item = &'a str> + ExactSizeIterator,
    reveal: bool,
) -> String {
    if reveal {
        format!("  deck (top first): {}", list(names.rev()))
    } else {
        format!("  deck: {} cards", names.len())
    }
}

/// The line of a public pile: its cards by name.
pub fn public_pile<'a>(label: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    format!("  {label}: {}", list(names))
}

/// `names` joined by commas, or `-` when there are none.
pub fn list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.into_iter().collect();
    if names.is_empty() {
        "-".to_owned()
    } else {
        names.join(", ")
    }
}

/// The table as `seat` sees it ([`Describe::board`]), with a phase that a
/// ruleset's status line names as Rust's `Debug` prints it put in words
/// ([`phase_in_words`]): what `decklab play` shows.
pub fn board_in_words<G: Describe>(
    game: &G,
    state: &G::State,
    seat: Player,
    reveal: bool,
) -> Vec<String> {
    let mut lines = game.board(state, seat, reveal);
    for line in &mut lines {
        *line = phase_in_words(line);
    }
    lines
}

/// `line` with the phase it names after `phase ` (at its start or after
/// `, `, up to the next `, ` outside braces) put in words, if that phase
/// is written as Rust's `Debug` prints an enum: Millennium Blades' status
/// line reads `phase Finalize { collection: false }` (its `describe`
/// module prints the phase so). The phases of that game have their own
/// words (`finalize the tournament deck`); any other name is split into
/// lower-case words and its fields dropped (`NewPhase { x: 1 }`: `new
/// phase`). A line without such a phase is returned as it is.
pub fn phase_in_words(line: &str) -> String {
    let start = if line.starts_with("phase ") {
        "phase ".len()
    } else if let Some(at) = line.find(", phase ") {
        at + ", phase ".len()
    } else {
        return line.to_owned();
    };
    let rest = &line[start..];
    // The phase ends at the first ", " outside braces.
    let mut depth = 0i32;
    let mut end = rest.len();
    for (i, c) in rest.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 && rest[i..].starts_with(", ") => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let (phase, after) = rest.split_at(end);
    let (name, fields) = match phase.split_once(" {") {
        Some((name, fields)) => (name, fields.trim_end_matches('}')),
        None => (phase, ""),
    };
    if name.is_empty() || !name.chars().all(char::is_alphanumeric) {
        return line.to_owned();
    }
    let field = |key: &str| {
        fields.split(',').find_map(|f| {
            let (k, v) = f.split_once(':')?;
            (k.trim() == key).then(|| v.trim().to_owned())
        })
    };
    let words = match name {
        "Setup" => "setup".to_owned(),
        "Deckbuilding" => "deckbuilding".to_owned(),
        "Fusing" => {
            let tier = match field("tier").as_deref() {
                Some("0") => "bronze ",
                Some("1") => "silver ",
                Some("2") => "gold ",
                _ => "",
            };
            match field("left") {
                Some(left) => format!("card fusion for a {tier}promo, {left} more cards to give"),
                None => format!("card fusion for a {tier}promo"),
            }
        }
        "Finalize" => match field("collection").as_deref() {
            Some("true") => "finalize the collection".to_owned(),
            _ => "finalize the tournament deck".to_owned(),
        },
        "Tournament" => "tournament".to_owned(),
        "TurnBased" => "Turn-Based Mode turn".to_owned(),
        "Over" => "game over".to_owned(),
        other => {
            let mut words = String::new();
            for (i, c) in other.char_indices() {
                if c.is_uppercase() && i > 0 {
                    words.push(' ');
                }
                words.extend(c.to_lowercase());
            }
            words
        }
    };
    format!("{}{words}{after}", &line[..start])
}

#[cfg(test)]
mod tests {
    use super::phase_in_words;

    // What `decklab play --game millennium-blades` showed: `phase Finalize
    // { collection: false }, seat a to play`, `phase TurnBased`.
    #[test]
    fn a_phase_printed_as_debug_text_is_put_in_words() {
        let status =
            |phase: &str| format!("round 1, timer 2, tick 5, phase {phase}, seat a to play");
        for (phase, words) in [
            ("Setup", "setup"),
            ("Deckbuilding", "deckbuilding"),
            (
                "Fusing { player: Player(1), tier: 2, left: 3 }",
                "card fusion for a gold promo, 3 more cards to give",
            ),
            (
                "Finalize { collection: false }",
                "finalize the tournament deck",
            ),
            ("Finalize { collection: true }", "finalize the collection"),
            ("Tournament", "tournament"),
            ("TurnBased", "Turn-Based Mode turn"),
            ("Over", "game over"),
            ("SomethingNew { x: 1 }", "something new"),
        ] {
            assert_eq!(phase_in_words(&status(phase)), status(words), "{phase}");
        }
        assert_eq!(
            phase_in_words("phase TurnBased"),
            "phase Turn-Based Mode turn"
        );
        // Other lines, and a phase already in words, are left alone.
        for line in [
            "seat a (you): $5, 0 VP",
            "  hand: Spark Whelp, Coal Imp",
            "phase tournament, x",
        ] {
            assert_eq!(phase_in_words(line), line);
        }
    }
}
