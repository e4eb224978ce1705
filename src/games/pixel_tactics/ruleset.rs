//! Pixel Tactics as a [`Ruleset`]: its pool, decks and overrides from
//! files.

use std::path::Path;
use std::sync::Arc;

use super::cards::{BUNDLED_CARDS, CardDb};
use super::deck::Deck;
use super::overrides::FIELDS;
use super::{BUNDLED_DECKS, NAME, Options, PixelTactics};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::games::Ruleset;

impl Ruleset for PixelTactics {
    type Cards = CardDb;
    type Deck = Deck;

    const NAME: &'static str = NAME;
    const BUNDLED_CARDS: &'static str = BUNDLED_CARDS;
    const OVERRIDE_FIELDS: &'static [&'static str] = &FIELDS;
    const STATE_BUDGET: usize = 1 << 16;

    fn bundled_decks() -> &'static [(&'static str, &'static str)] {
        &BUNDLED_DECKS
    }

    fn bundled_cards() -> CardDb {
        CardDb::bundled()
    }

    fn load_cards(path: &Path) -> Result<CardDb, Diagnostics> {
        CardDb::load(path)
    }

    fn apply_override(cards: &mut CardDb, spec: &str) -> Result<(), String> {
        cards.apply_override(spec)
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

    fn card_table(cards: &CardDb) -> (Vec<Vec<String>>, Vec<usize>) {
        (cards.table_rows(), vec![1, 2, 4, 5])
    }

    fn check_options(options: &Options) -> Result<(), String> {
        match options.match_games {
            1 | 3 | 5 => Ok(()),
            n => Err(format!("a match is 1, 3 or 5 games, not {n}")),
        }
    }

    fn new_match(cards: Arc<CardDb>, decks: Vec<Deck>, options: Options) -> PixelTactics {
        let decks: [Deck; 2] = decks
            .try_into()
            .unwrap_or_else(|d: Vec<Deck>| panic!("{} decks for a two-seat game", d.len()));
        let format = match options.match_games {
            3 => "best-of-3",
            5 => "best-of-5",
            _ => "single",
        };
        let mut db = (*cards).clone();
        db.apply_override(&format!("match.games={format}"))
            .unwrap_or_else(|e| panic!("{e}"));
        PixelTactics::new(Arc::new(db), decks, options)
    }
}
