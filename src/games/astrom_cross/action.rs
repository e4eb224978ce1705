//! The decisions of Astrom Cross: small and `Copy`. Zones are indices of
//! the player's terrain zones; [`super::state::NONE`] marks "no zone" (an
//! attack on the ancient, an effect without a chosen target).

use super::cards::CardId;

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Setup: put the hand cards whose bits are set to the bottom of the
    /// deck, shuffle, draw as many (0: keep the hand).
    Mulligan(u8),
    /// Location phase: reveal the top of the location deck.
    Reveal,
    /// Location phase: skip it to draw an additional card.
    SkipLocation,
    /// Put the revealed location into this empty terrain zone.
    Place(u8),
    /// Exchange the location of this zone for the revealed one.
    Exchange(u8),
    /// Summon a warrior from hand onto an open location.
    Summon {
        /// The card.
        card: CardId,
        /// The zone.
        zone: u8,
        /// The zones whose locations its consume cost flips, as bits.
        consume: u8,
    },
    /// Cast an event from hand.
    Event {
        /// The card.
        card: CardId,
        /// Its chosen warrior's zone (own or rival's as the card says).
        target: u8,
        /// The zones whose locations its consume cost flips, as bits.
        consume: u8,
    },
    /// Cast an item gear from hand onto one of the caster's warriors.
    Equip {
        /// The card.
        card: CardId,
        /// The warrior's zone.
        zone: u8,
        /// The zones whose locations its consume cost flips, as bits.
        consume: u8,
    },
    /// Set a \[HIDE\] card from hand face down.
    Set(CardId),
    /// Rest the ancient: a hand card to the soul stock, draw a card.
    SoulCharge(CardId),
    /// Rest a Ready warrior to use its rest ability (main phase,
    /// technique step).
    RestAbility {
        /// The warrior's zone.
        zone: u8,
        /// Its chosen warrior's zone.
        target: u8,
    },
    /// Move a warrior one space (switching with one standing there).
    Move {
        /// From.
        from: u8,
        /// To.
        to: u8,
    },
    /// End the main phase: to the battle phase.
    ToBattle,
    /// Declare an attack.
    Attack {
        /// The lead attacker's zone.
        zone: u8,
        /// The attacked warrior's zone in the rival's field, or `NONE` for
        /// the ancient.
        target: u8,
    },
    /// Add the warrior of this zone to the attacking or defending team.
    Join(u8),
    /// Close the team.
    Go,
    /// Defend with the warrior of this zone.
    Defend(u8),
    /// Declare no defender.
    NoDefense,
    /// Use a technique from hand.
    Technique {
        /// The card.
        card: CardId,
        /// The zones whose locations its consume cost flips, as bits.
        consume: u8,
    },
    /// Reveal the set card at this index and use it.
    Flip {
        /// The index among the set cards.
        index: u8,
        /// The zones whose locations its consume cost flips, as bits.
        consume: u8,
    },
    /// Use nothing (technique step, answer to an event).
    Pass,
    /// Cast the revealed card's trigger, or not.
    Trigger(bool),
    /// End the battle phase.
    EndBattle,
    /// Discard this card (over the hand size at the end of the turn).
    Discard(CardId),
}

impl Action {
    /// The action's kind, as `actions.csv` counts it.
    pub fn kind(self) -> &'static str {
        match self {
            Action::Mulligan(_) => "mulligan",
            Action::Reveal => "reveal_location",
            Action::SkipLocation => "skip_location",
            Action::Place(_) => "place_location",
            Action::Exchange(_) => "exchange_location",
            Action::Summon { .. } => "summon",
            Action::Event { .. } => "event",
            Action::Equip { .. } => "equip",
            Action::Set(_) => "set",
            Action::SoulCharge(_) => "soul_charge",
            Action::RestAbility { .. } => "rest_ability",
            Action::Move { .. } => "move",
            Action::ToBattle => "to_battle",
            Action::Attack { .. } => "attack",
            Action::Join(_) => "join",
            Action::Go => "go",
            Action::Defend(_) => "defend",
            Action::NoDefense => "no_defense",
            Action::Technique { .. } => "technique",
            Action::Flip { .. } => "flip",
            Action::Pass => "pass",
            Action::Trigger(true) => "trigger",
            Action::Trigger(false) => "no_trigger",
            Action::EndBattle => "end_battle",
            Action::Discard(_) => "discard",
        }
    }
}
