//! The decisions of a Nostalgix game: small `Copy` values.
//!
//! rules/nostalgix.txt: "Parts of a Turn Overview", step 3 lists what a
//! player may do in their turn; setup steps 6–7 add the mulligan and the
//! choice of turn order; "Surprises" adds the owner's choice to flip; a
//! search ("search your deck for a Fighter") adds the card chosen.

use std::fmt;

use super::cards::CardId;
use crate::core::Player;

/// A Hero or Fighter chosen as a target: the entity of seat `side` that
/// `unit` names, an index into that side's units or [`Tgt::HERO`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tgt {
    /// The seat whose entity is targeted.
    pub side: Player,
    /// Index into `units`, or [`Tgt::HERO`].
    pub unit: u8,
}

impl Tgt {
    /// The `unit` value naming a side's Hero.
    pub const HERO: u8 = u8::MAX;

    /// The Hero of `side`.
    pub fn hero(side: Player) -> Tgt {
        Tgt {
            side,
            unit: Tgt::HERO,
        }
    }

    /// Unit `unit` of `side`.
    pub fn unit(side: Player, unit: usize) -> Tgt {
        Tgt {
            side,
            unit: unit as u8,
        }
    }
}

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Mulligan: set hand card `0` aside (in the chosen order).
    MulliganPick(u8),
    /// Mulligan done: the cards set aside are shuffled back (`bottom:
    /// false`) or put at the bottom in the chosen order, and replaced.
    /// With nothing set aside, this keeps the hand.
    MulliganDone {
        /// Put them at the bottom instead of shuffling.
        bottom: bool,
    },
    /// The coin's winner chooses to go first or second.
    ChooseOrder {
        /// Go first.
        go_first: bool,
    },
    /// Summon a Fighter from hand into an empty slot.
    Summon {
        /// Hand index.
        hand: u8,
        /// Slot 0..7.
        slot: u8,
    },
    /// Evolve one of your Fighters with a higher level from hand.
    Evolve {
        /// Hand index.
        hand: u8,
        /// Index of your unit.
        unit: u8,
    },
    /// Stack a Stacked Fighter onto one of your Fighters of its subtype.
    Stack {
        /// Hand index.
        hand: u8,
        /// Index of your unit.
        unit: u8,
    },
    /// Play a Spell.
    Cast {
        /// Hand index.
        hand: u8,
        /// Its chosen target, if it needs one.
        target: Option<Tgt>,
    },
    /// Set a Surprise face down (3 mana).
    SetSurprise {
        /// Hand index.
        hand: u8,
    },
    /// Play Equipment onto any Hero or Fighter.
    Equip {
        /// Hand index.
        hand: u8,
        /// What it attaches to.
        target: Tgt,
    },
    /// Play an Arena, replacing any Arena in play.
    PlayArena {
        /// Hand index.
        hand: u8,
    },
    /// Use the mana token.
    ManaToken,
    /// Use the Hero's ability.
    HeroAbility {
        /// Its chosen target, if any.
        target: Option<Tgt>,
    },
    /// Use a Fighter's activated ability.
    UnitAbility {
        /// Index of your unit.
        unit: u8,
        /// Index of the ability on its card.
        ability: u8,
        /// Its chosen target, if any.
        target: Option<Tgt>,
    },
    /// Attack with a Fighter (or the Hero: `attacker` = [`Tgt::HERO`]).
    Attack {
        /// Index of your unit, or [`Tgt::HERO`].
        attacker: u8,
        /// Which of its attacks.
        attack: u8,
        /// The enemy Hero or Fighter attacked.
        target: Tgt,
    },
    /// Flip the face-down Surprise in back-row slot `slot`.
    Flip {
        /// Back-row slot.
        slot: u8,
        /// Its chosen target, if any.
        target: Option<Tgt>,
    },
    /// Let the Surprise window pass.
    Decline,
    /// End of turn: send hand card `0` to the Void (down to 10 cards).
    Discard(u8),
    /// Take this card from the deck being searched (`None`: nothing in the
    /// deck matches).
    Search(Option<CardId>),
    /// End the turn.
    EndTurn,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}
