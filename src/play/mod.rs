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
