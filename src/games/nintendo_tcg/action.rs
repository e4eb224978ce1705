//! The decisions of the Nintendo TCG: small and `Copy`.

use super::cards::CardId;
use super::state::Tgt;

/// Where a card from hand or the extra deck goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum At {
    /// The main Area (Characters), or nowhere in particular (Assistants,
    /// Areas, Instant and Constant Effect cards).
    Main,
    /// The Sub-Area (Characters).
    Sub,
    /// Onto the own Character with this board id (Items, Attack Effect
    /// cards, Songs).
    On(u8),
}

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Setup: choose this Commander of the deck, face down.
    Pick(CardId),
    /// Play a card from hand (or a Required card from the extra deck),
    /// paying its hand cost; `target` is its Instant's (or Effect's)
    /// chosen target, [`Tgt::Skip`] to decline an optional Instant.
    Play {
        /// The card.
        card: CardId,
        /// Where.
        at: At,
        /// The chosen target.
        target: Tgt,
    },
    /// Use a Normal or Attack effect of an own Character.
    Use {
        /// The Character's board id.
        uid: u8,
        /// The ability's index on its card.
        ability: u8,
        /// The chosen target.
        target: Tgt,
    },
    /// Use the Attack effect of an Item a Character holds.
    UseItem {
        /// The Character's board id.
        uid: u8,
        /// The Item's index among its Items.
        item: u8,
        /// The chosen target.
        target: Tgt,
    },
    /// Use the Area's (or Sub-Area's) normal effect.
    UseArea {
        /// The Sub-Area's rather than the Area's.
        sub: bool,
        /// The chosen target.
        target: Tgt,
    },
    /// Move a Character between the Area and the Sub-Area.
    Move {
        /// Its board id.
        uid: u8,
    },
    /// End the turn (the Battle Phase follows).
    EndTurn,
    /// Answer the open window with a Timed effect: an Effect card from
    /// hand (`uid` `None`) or a Character's Timed ability.
    Answer {
        /// The card.
        card: CardId,
        /// The Character's board id, `None` from hand.
        uid: Option<u8>,
        /// The ability's index on the card.
        ability: u8,
        /// The chosen target.
        target: Tgt,
    },
    /// Let the window pass.
    Decline,
    /// Make no reply.
    NoReply,
    /// Battle: Character `uid`, one of those whose turn it is to attack
    /// (equal-speed ones attack in the order their player chooses),
    /// attacks this rival Character ([`Tgt::Foe`]) or, when the rival has
    /// none, the rival directly ([`Tgt::None`]).
    Attack {
        /// The attacker's board id.
        uid: u8,
        /// What it attacks.
        target: Tgt,
    },
    /// Battle: Character `uid`, one of those whose turn it is to attack,
    /// does not attack ("Attack Pass").
    AttackPass {
        /// Its board id.
        uid: u8,
    },
    /// Take this card from the deck being searched (`None`: the deck
    /// holds no card the search finds, as a determinization may deal it).
    Search(Option<CardId>),
}

impl Action {
    /// The action's kind, as `actions.csv` counts it.
    pub fn kind(self) -> &'static str {
        match self {
            Action::Pick(_) => "pick",
            Action::Play { .. } => "play",
            Action::Use { .. } | Action::UseItem { .. } | Action::UseArea { .. } => "effect",
            Action::Move { .. } => "move",
            Action::EndTurn => "end_turn",
            Action::Answer { .. } => "timed",
            Action::Decline => "decline",
            Action::NoReply => "no_reply",
            Action::Attack { .. } => "attack",
            Action::AttackPass { .. } => "attack_pass",
            Action::Search(_) => "search",
        }
    }
}
