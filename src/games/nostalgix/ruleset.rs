//! Nostalgix as a [`Ruleset`]: its pool, decks and overrides from files,
//! through the kit.

use std::sync::Arc;

use super::cards::{BUNDLED_CARDS, Card};
use super::deck::{Deck, KEYS};
use super::{BUNDLED_DECKS, NAME, Nostalgix, Options, features};
use crate::core::{CardPool, Seats};
use crate::diagnostics::Diagnostic;
use crate::games::Ruleset;

impl Ruleset for Nostalgix {
    type Card = Card;
    type Deck = Deck;

    const NAME: &'static str = NAME;
    const BUNDLED_CARDS: &'static str = BUNDLED_CARDS;
    /// `size_of::<State>()` is 3,720 bytes: room for 48 units a side (7
    /// Fighters and 41 tokens) and, by slot, the cards beneath its 7
    /// Fighters. The budget is that figure, so any growth of the state is a
    /// decision.
    const STATE_BUDGET: usize = 3720;
    const DECK_KEYS: &'static [&'static str] = KEYS;

    fn bundled_decks() -> &'static [(&'static str, &'static str)] {
        &BUNDLED_DECKS
    }

    fn parse_deck(
        text: &str,
        path: &str,
        name: &str,
        cards: &CardPool<Card>,
    ) -> Result<Deck, Vec<Diagnostic>> {
        let mut deck = Deck::parse(text, path, cards)?;
        name.clone_into(&mut deck.name);
        Ok(deck)
    }

    fn new_match(cards: Arc<CardPool<Card>>, decks: Vec<Deck>, options: Options) -> Nostalgix {
        assert_eq!(decks.len(), 2, "{} decks for a two-seat game", decks.len());
        let decks_read_hidden = decks.iter().any(|d| {
            std::iter::once(d.hero)
                .chain(d.cards.iter().map(|&(c, _)| c))
                .any(|c| features::may_read_hidden(&cards, c))
        });
        Nostalgix {
            db: cards,
            decks: Seats::from_vec(decks),
            options,
            decks_read_hidden,
        }
    }
}
