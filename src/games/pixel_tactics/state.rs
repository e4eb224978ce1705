//! The Pixel Tactics state: plain data (card ids, counters, fixed-capacity
//! arrays), so `clone` is a memory copy. One `State` holds a whole match.
//!
//! rules/pixel-tactics.txt: "OVERVIEW" — the Leader stands at the centre
//! of a 3×3 Unit; the eight slots around it hold Heroes. Slot `r * 3 + c`
//! is row `r` (0 Vanguard, 1 Flank, 2 Rear) and column `c`; the Leader is
//! slot [`LEADER`].

use super::cards::{CardId, Row};
use crate::core::{FixedVec, Outcome, Player, Seats};

/// The Leader's slot: the centre of the Unit.
pub const LEADER: u8 = 4;
/// Slots of a Unit.
pub const SLOTS: usize = 9;
/// Cards a deck holds (see docs/rulings/pixel-tactics.md).
pub const DECK_SIZE: usize = 25;
/// The opening hand (rules: "SETUP").
pub const OPENING_HAND: usize = 5;
/// The Draw action is refused at this hand size (rules: "Draw a Card").
pub const DRAW_LIMIT: usize = 5;
/// Actions per turn (rules: "GAME FLOW").
pub const ACTIONS: u8 = 2;

/// The row of slot `slot`.
#[inline]
pub fn row_of(slot: u8) -> Row {
    Row::ALL[(slot / 3).min(2) as usize]
}

/// What fills a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Occupant {
    /// Nothing.
    #[default]
    Empty,
    /// A living Hero.
    Hero,
    /// A face-down Corpse (rules: "DAMAGE & CASUALTIES").
    Corpse,
    /// The Leader (slot [`LEADER`] only).
    Leader,
}

/// One slot of a Unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Slot {
    /// What fills it.
    pub occupant: Occupant,
    /// The card (meaningless when empty).
    pub card: CardId,
    /// Damage counters.
    pub damage: u8,
    /// Recruited, attacked, cast, moved or switched this turn (rules: "*
    /// Actions with this mark…": one such action per Hero per turn).
    pub acted: bool,
}

impl Slot {
    /// A slot with nothing in it.
    pub const EMPTY: Slot = Slot {
        occupant: Occupant::Empty,
        card: CardId(0),
        damage: 0,
        acted: false,
    };

    /// Whether a living Hero or the Leader stands here.
    #[inline]
    pub const fn is_standing(&self) -> bool {
        matches!(self.occupant, Occupant::Hero | Occupant::Leader)
    }
}

/// One Unit's slots by what fills them, as masks (bit `slot`). A [`Side`]
/// keeps them as its slots change, so the legal actions read them rather
/// than walk the Unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitMasks {
    /// Living Heroes and the Leader.
    pub standing: u16,
    /// Living Heroes.
    pub heroes: u16,
    /// Corpses.
    pub corpses: u16,
    /// Empty slots.
    pub empty: u16,
    /// Slots marked as having acted this turn.
    pub acted: u16,
}

impl UnitMasks {
    /// The masks of an empty Unit.
    pub const EMPTY: UnitMasks = UnitMasks {
        standing: 0,
        heroes: 0,
        corpses: 0,
        empty: (1 << SLOTS) - 1,
        acted: 0,
    };

    /// The masks of `unit`, worked out from scratch.
    pub fn of(unit: &[Slot; SLOTS]) -> UnitMasks {
        let mut masks = UnitMasks::EMPTY;
        for (slot, &at) in unit.iter().enumerate() {
            masks.put(slot as u8, at);
        }
        masks
    }

    /// Slot `slot`'s bits set to what `at` holds.
    #[inline]
    fn put(&mut self, slot: u8, at: Slot) {
        let set = |mask: &mut u16, on: bool| {
            *mask = (*mask & !(1 << slot)) | (u16::from(on) << slot);
        };
        set(&mut self.standing, at.is_standing());
        set(&mut self.heroes, at.occupant == Occupant::Hero);
        set(&mut self.corpses, at.occupant == Occupant::Corpse);
        set(&mut self.empty, at.occupant == Occupant::Empty);
        set(&mut self.acted, at.acted);
    }
}

/// One player's cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Side {
    /// The Unit; slot [`LEADER`] holds the Leader once revealed. Changed
    /// only through the methods below, which keep `masks` with it.
    unit: [Slot; SLOTS],
    /// The Unit's slots by what fills them.
    masks: UnitMasks,
    /// The hand.
    pub hand: FixedVec<CardId, DECK_SIZE>,
    /// The deck; the top is the last element.
    pub deck: FixedVec<CardId, DECK_SIZE>,
    /// The discard pile.
    pub discard: FixedVec<CardId, DECK_SIZE>,
    /// This player's own cards set aside in trophies (either player's),
    /// out of the match for good (rules: "Rout").
    pub set_aside: FixedVec<CardId, 5>,
    /// The Leader picked face down, not yet revealed.
    pub pick: Option<CardId>,
    /// Trophies claimed.
    pub trophies: u8,
    /// Damage dealt to the rival Leader in the current game (the log's
    /// `score` event), in all: wide, so a long game's sum does not stop
    /// at 255.
    pub leader_damage: u32,
}

impl Default for Side {
    /// An empty side.
    fn default() -> Side {
        Side {
            unit: [Slot::EMPTY; SLOTS],
            masks: UnitMasks::EMPTY,
            hand: FixedVec::new(),
            deck: FixedVec::new(),
            discard: FixedVec::new(),
            set_aside: FixedVec::new(),
            pick: None,
            trophies: 0,
            leader_damage: 0,
        }
    }
}

impl Side {
    /// The Leader's slot.
    #[inline]
    pub fn leader(&self) -> &Slot {
        &self.unit[LEADER as usize]
    }

    /// The Unit, by slot; slot [`LEADER`] holds the Leader once revealed.
    #[inline]
    pub fn unit(&self) -> &[Slot; SLOTS] {
        &self.unit
    }

    /// The Unit's slots by what fills them.
    #[inline]
    pub fn masks(&self) -> UnitMasks {
        self.masks
    }

    /// Puts `at` in slot `slot`.
    #[inline]
    pub fn set_slot(&mut self, slot: u8, at: Slot) {
        self.unit[slot as usize] = at;
        self.masks.put(slot, at);
    }

    /// The damage counters on slot `slot` (they fill no mask).
    #[inline]
    pub fn damage_mut(&mut self, slot: u8) -> &mut u8 {
        &mut self.unit[slot as usize].damage
    }

    /// Marks slot `slot` as having acted this turn.
    #[inline]
    pub fn mark_acted(&mut self, slot: u8) {
        self.unit[slot as usize].acted = true;
        self.masks.acted |= 1 << slot;
    }

    /// Clears every slot's acted mark (a new turn).
    pub fn clear_acted(&mut self) {
        for at in &mut self.unit {
            at.acted = false;
        }
        self.masks.acted = 0;
    }

    /// Swaps the contents of slots `a` and `b`.
    #[inline]
    pub fn swap_slots(&mut self, a: u8, b: u8) {
        self.unit.swap(a as usize, b as usize);
        self.masks.put(a, self.unit[a as usize]);
        self.masks.put(b, self.unit[b as usize]);
    }

    /// Empties the whole Unit.
    pub fn clear_unit(&mut self) {
        self.unit = [Slot::EMPTY; SLOTS];
        self.masks = UnitMasks::EMPTY;
    }
}

/// What is being decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Setup: players pick their Leaders face down, seat a then seat b.
    PickLeader,
    /// A player's turn of two actions.
    Turn,
}

/// The whole match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Both sides, by seat.
    pub sides: Seats<Side, 2>,
    /// What is being decided.
    pub phase: Phase,
    /// Whose decision it is.
    pub active: Player,
    /// The first player of the current round.
    pub first: Player,
    /// The round of the current game (1-based; 0 during setup).
    pub round: u16,
    /// The Wave of the current round.
    pub wave: Row,
    /// Actions left in the current turn.
    pub actions: u8,
    /// The slots (bit `slot`) whose Limited Spell or Leader action was
    /// used this turn, and (bit `SLOTS`) the Leader's Limited Spell: each
    /// Limited ability once per turn (rules: "Limited Actions can only be
    /// used once per turn").
    pub limited_used: u16,
    /// Player-turns started in the whole match (what `games.csv`'s
    /// `turns` reports).
    pub turns: u16,
    /// Player-turns started in the current game of the match: the turn
    /// limit counts these, so a long match is not cut for being long.
    pub game_turns: u16,
    /// The game of the match (1-based).
    pub game: u8,
    /// Who goes first in the next game: the winner of the last one, or
    /// `None` to draw lots.
    pub next_first: Option<Player>,
    /// The result, once decided.
    pub outcome: Option<Outcome>,
}

impl State {
    /// Whether the Ceasefire holds (rules: "Ceasefire": the first round).
    #[inline]
    pub fn ceasefire(&self) -> bool {
        self.round <= 1
    }
}
