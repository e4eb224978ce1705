//! The decisions of Millennium Blades. Cards are instances of the match's
//! table; actions are small and `Copy`.

use crate::core::Player;

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Do nothing more now: pass a tick, end a tournament turn, be done
    /// with the deck or the collection, decline a Reaction.
    Pass,
    /// Buy the face-down card of store-area slot `0..9`, or the top of the
    /// store deck (`9`).
    Buy(u8),
    /// Sell a binder card to the aftermarket.
    Sell(u16),
    /// Buy a card from the aftermarket.
    BuyListed(u16),
    /// Start a card fusion of promo tier `0` bronze, `1` silver, `2` gold.
    Fuse(u8),
    /// Put a card where the step says: into the fusion, the deck or the
    /// collection.
    Take(u16),
    /// Play a single from hand (tournament), or a card into the tableau or
    /// onto the board (Turn-Based Mode).
    Play(u16),
    /// Use the Action of a face-up card (Blast Off and Anvil Drop too).
    Use(u16),
    /// Choose a seat (an opponent).
    Seat(Player),
    /// Choose a face-up tableau card: its owner and position.
    Card(Player, u8),
    /// Choose a tableau position (Scurry).
    Position(u8),
    /// Use the Reaction offered.
    React,
    /// Discard a card from hand.
    Discard(u16),
    /// Duel and Turn-Based Mode: add a card (Duel Mode: from the binder;
    /// Turn-Based Mode: from the hand) to the collection of symbol kind
    /// `0` element or `1` type; in Turn-Based Mode the third field is the
    /// symbol (one bit of the kind's bit set) the collection is declared
    /// for, which the first card declares, else 0.
    Collect(u16, u8, u8),
    /// Turn-Based Mode: score the tableau and collections.
    Score,
}
