//! The decisions of Pixel Tactics (rules: "ACTIONS"): small and `Copy`.

use super::cards::CardId;

/// A slot chosen as the target of a Spell, an Order or a Leader action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tgt {
    /// No chosen target.
    None,
    /// A slot of the acting player's own Unit.
    Own(u8),
    /// A slot of the rival's Unit.
    Rival(u8),
}

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Setup: pick this card of the hand as Leader, face down.
    Leader(CardId),
    /// Draw a card.
    Draw,
    /// Recruit a Hero from hand into an empty slot of the current Wave.
    Recruit {
        /// The card.
        card: CardId,
        /// The slot.
        slot: u8,
    },
    /// Attack with the Hero (or Leader) in slot `from` the rival's slot
    /// `target`.
    Attack {
        /// The attacker's slot.
        from: u8,
        /// The target's slot in the rival's Unit.
        target: u8,
    },
    /// Cast the Spell of the Hero in slot `from`.
    Spell {
        /// The caster's slot.
        from: u8,
        /// Its chosen target.
        target: Tgt,
    },
    /// Use the Leader's own action.
    LeaderAction {
        /// Its chosen target.
        target: Tgt,
    },
    /// Play an Order from hand.
    Order {
        /// The card.
        card: CardId,
        /// Its chosen target.
        target: Tgt,
    },
    /// Clear the Corpse in this slot.
    Clear {
        /// The slot.
        slot: u8,
    },
    /// Move a Hero into an empty slot.
    Move {
        /// From.
        from: u8,
        /// To.
        to: u8,
    },
    /// Switch two Heroes or Corpses (a Long action).
    Switch {
        /// One slot.
        a: u8,
        /// The other (greater) slot.
        b: u8,
    },
    /// Pass the remaining actions.
    Pass,
}

impl Action {
    /// The action's kind, as `actions.csv` counts it.
    pub fn kind(self) -> &'static str {
        match self {
            Action::Leader(_) => "leader",
            Action::Draw => "draw",
            Action::Recruit { .. } => "recruit",
            Action::Attack { .. } => "attack",
            Action::Spell { .. } | Action::LeaderAction { .. } => "spell",
            Action::Order { .. } => "order",
            Action::Clear { .. } => "clear",
            Action::Move { .. } => "move",
            Action::Switch { .. } => "switch",
            Action::Pass => "pass",
        }
    }
}
