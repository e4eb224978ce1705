//! The store ledger of a game of Millennium Blades (see
//! [`crate::core::Ledger`]): its events, read for the designer outputs.
//!
//! Definitions (docs/outputs.md has them column by column): a card is
//! **seen** in a game when a copy comes out of the store deck (restocked
//! into the store area, bought from the top of the deck, dealt, drawn, or
//! one of the three store cards of the setup) or is listed in the
//! aftermarket; **bought** counts purchases from the store and the
//! aftermarket; a seat **owned** a card if a copy came into its hands at
//! all (bought, dealt, drawn, granted, won or fused). A seat's money, deck
//! and results go to the round under way; in Turn-Based Mode, where each
//! seat plays its own round up to its next scoring, to that seat's round
//! as its `RoundStart` numbers it.

use super::cards::{ELEMENTS, TYPES, Tier};
use super::events::{Event, EventKind};
use super::{MillenniumBlades, Mode};
use crate::core::{Ledger, StoreCard, StoreCatalog};

impl MillenniumBlades {
    /// The store cards of the pool: every card of a core, expansion,
    /// premium or master set, at its set's price.
    pub(super) fn catalog(&self) -> StoreCatalog {
        let cards = self
            .db
            .cards()
            .filter(|(_, c)| c.tier.in_store())
            .map(|(id, c)| StoreCard {
                card: id,
                name: c.name.clone(),
                set: self.db.label(c.set).to_owned(),
                tier: c.tier.name(),
                stars: c.stars,
                price: self.table.set_price(id),
            })
            .collect();
        StoreCatalog {
            cards,
            symbols: ELEMENTS.iter().chain(TYPES.iter()).copied().collect(),
        }
    }

    /// The first store card of the pool, if any (for tests).
    #[cfg(test)]
    pub(super) fn store_catalog_card(&self) -> Option<crate::core::CardId> {
        self.catalog().cards.first().map(|c| c.card)
    }

    /// Notes `e` in `ledger`.
    pub(super) fn note(&self, e: &Event, ledger: &mut Ledger) {
        let p = e.player;
        let id = |i: u16| self.table.card(i);
        match e.kind {
            // A Turn-Based seat's round is its own, up to its next
            // scoring: the seats begin their rounds at different times.
            EventKind::RoundStart { round, money } if self.options.mode == Mode::TurnBased => {
                ledger.start_seat_round(p, usize::from(round));
                ledger.this_round(p).money_start = money.into();
            }
            EventKind::RoundStart { round, money } => {
                if usize::from(round) != ledger.round {
                    ledger.start_round(usize::from(round));
                }
                ledger.this_round(p).money_start = money.into();
            }
            EventKind::TournamentStart { round, .. } => ledger.round = usize::from(round),
            EventKind::Setup { card } => {
                let c = self.card(card);
                if c.tier.in_store() {
                    ledger.card(id(card)).seen = true;
                    ledger.owned(id(card), p);
                } else if self.options.pre_release && c.tier == Tier::Starter {
                    // The Pre-Release is played with the starter decks.
                    self.deck_add(card, p, ledger);
                }
            }
            EventKind::Dealt { card } | EventKind::DrawStore { card } => {
                ledger.card(id(card)).seen = true;
                ledger.owned(id(card), p);
            }
            EventKind::Grant { card }
            | EventKind::Prize { card }
            | EventKind::Fused { card, .. } => {
                ledger.owned(id(card), p);
            }
            EventKind::Restock { card } => ledger.card(id(card)).seen = true,
            EventKind::Buy { card, price, .. } => {
                ledger.card(id(card)).seen = true;
                ledger.owned(id(card), p);
                let t = ledger.seat(id(card), p);
                t.bought_store += 1;
                t.paid += u32::from(price);
                ledger.this_round(p).spent += u32::from(price);
            }
            EventKind::BuyListed { card, price, .. } => {
                ledger.card(id(card)).seen = true;
                ledger.owned(id(card), p);
                let t = ledger.seat(id(card), p);
                t.bought_market += 1;
                t.paid += u32::from(price);
                ledger.this_round(p).spent += u32::from(price);
            }
            EventKind::Sell { card, price, .. } => {
                ledger.card(id(card)).seen = true;
                let t = ledger.seat(id(card), p);
                t.sold += 1;
                t.sold_for += u32::from(price);
                ledger.this_round(p).earned_selling += u32::from(price);
            }
            EventKind::FuseCard { card } => ledger.seat(id(card), p).fused += 1,
            EventKind::CollectionAdd { card, .. } => ledger.seat(id(card), p).collected += 1,
            EventKind::Collection { size, vp, .. } => {
                let r = ledger.this_round(p);
                r.collections += 1;
                r.collection_cards += u16::from(size);
                r.vp_collection += u32::from(vp);
            }
            EventKind::DeckAdd { card } => self.deck_add(card, p, ledger),
            EventKind::DeckTrim { card } => {
                let c = self.card(card);
                ledger.deck_remove(id(card), p, c.stars, symbols(c));
            }
            EventKind::Play { card, .. } | EventKind::Board { card } => {
                ledger.seat(id(card), p).played += 1;
            }
            EventKind::ClashReveal { .. } => ledger.clash_reveal(p),
            EventKind::Clash { winner } => ledger.clash(winner),
            EventKind::Placed { place, rp, vp, .. } => {
                ledger.placed(p, place, rp.into(), vp.into());
            }
            EventKind::RoundEnd { money } => ledger.this_round(p).money_end = money.into(),
            EventKind::MoneyVp { money, vp, .. } => {
                let r = ledger.this_round(p);
                r.money_end = money.into();
                r.vp_money += u32::from(vp);
            }
            _ => {}
        }
    }

    fn deck_add(&self, card: u16, p: crate::core::Player, ledger: &mut Ledger) {
        let c = self.card(card);
        ledger.deck_add(self.table.card(card), p, c.stars, symbols(c));
    }
}

/// A card's elements, then its types, as the bits of the catalog's
/// symbols.
fn symbols(c: &super::cards::Card) -> u16 {
    u16::from(c.elements.0) | u16::from(c.types.0) << ELEMENTS.len()
}
