//! Millennium Blades as a [`Ruleset`]: its pool, starter decks and
//! overrides from files.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::cards::{Card, CardDb, CardId};
use super::deck::Deck;
use super::state::MAX_INSTANCES;
use super::{BUNDLED_CARDS, BUNDLED_DECKS, MillenniumBlades, Mode, NAME, Options};
use crate::core::{CardDef, CardPool};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::games::Ruleset;

/// The bundled pool.
pub fn bundled_pool() -> CardDb {
    CardPool::parse_many(BUNDLED_CARDS, "decks/millennium-blades")
        .unwrap_or_else(|e| panic!("bundled card pool is invalid:\n{e}"))
}

impl Ruleset for MillenniumBlades {
    type Card = Card;
    type Deck = Deck;

    const NAME: &'static str = NAME;
    const BUNDLED_CARDS: &'static str = "";
    const PLAYERS: RangeInclusive<usize> = 2..=5;
    // size_of::<State>() is 4,520 bytes (4,120 before each seat's tally of
    // its cards, tally.rs): the budget is that figure, so any growth of the
    // state is a decision (the conformance test checks it).
    const STATE_BUDGET: usize = 4520;

    fn bundled_decks() -> &'static [(&'static str, &'static str)] {
        BUNDLED_DECKS
    }

    fn bundled_cards() -> CardDb {
        bundled_pool()
    }

    /// The set files the pool is compiled from (its `BUNDLED_CARDS` is
    /// empty: the pool is a folder of them).
    fn bundled_card_files() -> Vec<(String, &'static str)> {
        BUNDLED_CARDS
            .iter()
            .map(|&(path, text)| (path.to_owned(), text))
            .collect()
    }

    /// `decks/millennium-blades/` when it holds set files (`.toml`): the
    /// pool is a folder of them, as the bundled one is.
    fn local_cards() -> Option<PathBuf> {
        let folder = PathBuf::from(format!("decks/{NAME}"));
        let has_sets = std::fs::read_dir(&folder).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|e| e.path().extension().is_some_and(|x| x == "toml"))
        });
        has_sets.then_some(folder)
    }

    fn load_cards(path: &Path) -> Result<CardDb, Diagnostics> {
        let pool = CardPool::<Card>::load(path)?;
        let physical: usize = pool.cards().map(|(_, c)| usize::from(c.copies)).sum();
        let room = MAX_INSTANCES - 5 * super::deck::STARTER_SIZE as usize;
        if physical > room {
            return Err(Diagnostics(vec![Diagnostic::new(
                &path.display().to_string(),
                0,
                format!(
                    "the pool has {physical} physical cards; a game holds at most {room} besides the starter decks"
                ),
            )]));
        }
        Ok(pool)
    }

    /// A card's override, or a set's price by the set's name ("Mouse
    /// Parade.price=5"): a price is the set's, so either sets every card
    /// of the set (see `CardDef::shares_field` of [`Card`]).
    fn apply_override(cards: &mut CardDb, spec: &str) -> Result<(), String> {
        match set_price_spec(cards, spec)? {
            Some(spec) => cards.apply_override(&spec),
            None => cards.apply_override(spec),
        }
    }

    /// A price is listed as changed on every card of its set, marked
    /// set-wide, whether the override named a card or the set.
    fn override_changes(cards: &CardDb, spec: &str) -> Vec<(CardId, String)> {
        let spec = match set_price_spec(cards, spec) {
            Ok(Some(card_spec)) => card_spec,
            _ => spec.to_owned(),
        };
        let Some((ids, field, value)) = cards.override_cards(&spec) else {
            return Vec::new();
        };
        let set_wide = ids
            .first()
            .is_some_and(|&id| cards.card(id).shares_field(field, cards.card(id)));
        let change = if set_wide {
            format!("{field}={value} (set-wide)")
        } else {
            format!("{field}={value}")
        };
        ids.into_iter().map(|id| (id, change.clone())).collect()
    }

    fn parse_deck(
        text: &str,
        path: &str,
        name: &str,
        cards: &CardDb,
    ) -> Result<Deck, Vec<Diagnostic>> {
        let mut deck = Deck::parse(text, path, cards)?;
        name.clone_into(&mut deck.name);
        Ok(deck)
    }

    /// A starter deck's warnings (see [`super::deck::warnings`]); in a
    /// run, only the trims, and only with a Pre-Release, the one
    /// tournament a starter deck plays.
    fn deck_warnings(
        text: &str,
        path: &str,
        cards: &CardDb,
        options: Option<&Options>,
    ) -> Vec<Diagnostic> {
        match options {
            None => super::deck::warnings(text, path, cards, false),
            Some(o) if o.pre_release && o.mode == Mode::Standard => {
                super::deck::warnings(text, path, cards, true)
            }
            Some(_) => Vec::new(),
        }
    }

    fn check_options(options: &Options) -> Result<(), String> {
        if options.match_games != 1 {
            return Err(
                "Millennium Blades has no matches of several games (expected --match single)"
                    .into(),
            );
        }
        if !(1..=4).contains(&options.ticks_per_minute) {
            return Err(format!(
                "--ticks-per-minute must be from 1 to 4 (got {})",
                options.ticks_per_minute
            ));
        }
        // Turn-Based Mode has no timers ("there is only one phase", of
        // turns), so a clock would change nothing: refused, as the
        // Pre-Release is, rather than recorded and ignored. (The default,
        // 1, cannot be told from a flag typed.)
        if options.ticks_per_minute != 1 && options.mode == Mode::TurnBased {
            return Err(format!(
                "--ticks-per-minute {} sets the clock of the deckbuilding phase, which \
                 --mode turn-based does not have (rules: \"Turn-Based Mode\": one phase \
                 of turns); leave it out",
                options.ticks_per_minute
            ));
        }
        if options.pre_release && options.mode != Mode::Standard {
            return Err(
                "--pre-release is a rule of the standard game, not of --mode turn-based or duel"
                    .into(),
            );
        }
        Ok(())
    }

    fn check_players(options: &Options, players: usize) -> Result<(), String> {
        if options.mode == Mode::Duel && players != 2 {
            return Err(format!(
                "--mode duel is for 2 players (got --players {players})"
            ));
        }
        Ok(())
    }

    fn default_options() -> Options {
        // A game takes 60 ticks and about 7 tournament turns per player
        // and round: far below this safety net.
        Options {
            max_turns: 2000,
            ..Options::default()
        }
    }

    fn new_match(cards: Arc<CardDb>, decks: Vec<Deck>, options: Options) -> MillenniumBlades {
        MillenniumBlades::new(cards, decks, options)
    }
}

/// A `--set` that names a set rather than a card, as the same override of
/// the set's first card: `Some` for its price, an error for another field
/// (stars, copies and effects are each card's); `None` if `spec` names a
/// card (a card's name wins) or no set.
fn set_price_spec(cards: &CardDb, spec: &str) -> Result<Option<String>, String> {
    let Some((target, value)) = spec.split_once('=') else {
        return Ok(None);
    };
    if cards.override_target(spec).is_some() {
        return Ok(None);
    }
    let target = target.trim();
    for (i, _) in target.match_indices('.').rev() {
        let (name, field) = (target[..i].trim(), target[i + 1..].trim());
        let Some((_, first)) = cards
            .cards()
            .find(|(_, c)| cards.label(c.set).eq_ignore_ascii_case(name))
        else {
            continue;
        };
        let set = cards.label(first.set);
        if field != "price" {
            return Err(format!(
                "\"{set}\" is a set, not a card: a set's name takes only its price \
                 (\"{set}.price=N\"); \"{field}\" is each card's, set by the card's name"
            ));
        }
        return Ok(Some(format!("{}.price={}", first.name, value.trim())));
    }
    Ok(None)
}
