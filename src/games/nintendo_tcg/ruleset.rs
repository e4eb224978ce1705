//! The Nintendo TCG as a [`Ruleset`]: its pool, decks and overrides from
//! files, through the kit.

use std::sync::Arc;

use super::cards::{BUNDLED_CARDS, Card, Trigger};
use super::deck::Deck;
use super::{BUNDLED_DECKS, NAME, NintendoTcg, Options};
use crate::core::{CardPool, Seats};
use crate::diagnostics::Diagnostic;
use crate::games::Ruleset;

impl Ruleset for NintendoTcg {
    type Card = Card;
    type Deck = Deck;

    const NAME: &'static str = NAME;
    const BUNDLED_CARDS: &'static str = BUNDLED_CARDS;
    /// `size_of::<State>()` is 1,312 bytes: the budget is that figure, so
    /// any growth of the state is a decision (the last grown: the cards of
    /// each hand a search revealed, `Side::hand_known`, 40 bytes).
    const STATE_BUDGET: usize = 1312;

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

    fn new_match(cards: Arc<CardPool<Card>>, decks: Vec<Deck>, options: Options) -> NintendoTcg {
        assert_eq!(decks.len(), 2, "{} decks for a two-seat game", decks.len());
        let decks = Seats::from_vec(decks);
        let answerable = decks.map(|deck: &Deck| {
            Trigger::ALL.map(|t| deck.cards.iter().any(|&(c, _)| cards.card(c).answers(t)))
        });
        let auras_lower_hp = cards.cards().any(|(_, c)| c.aura.hp < 0);
        let hp_auras = cards.cards().any(|(_, c)| c.aura.hp != 0);
        let stat_auras = cards.cards().map(|(_, c)| c.aura.changes_stats()).collect();
        NintendoTcg {
            db: cards,
            decks,
            options,
            answerable,
            auras_lower_hp,
            hp_auras,
            stat_auras,
        }
    }
}
