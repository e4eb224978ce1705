//! The Astrom Cross state: plain data (card ids, counters, fixed-capacity
//! arrays), so `clone` is a memory copy.
//!
//! rules/astrom-cross.txt names the "Play mat" as a heading only (its
//! picture did not survive in the text); the zones are read from the
//! rest of the book (docs/rulings/astrom-cross.md, "The field and the
//! main phase") — each player has an ancient, a
//! grid of terrain zones (each holds at most one location and one warrior
//! standing on it), a hand, a main deck, a location deck, a soul stock, a
//! grave, the Arcana (events and techniques used this turn) and the cards
//! set face down (\[HIDE\]). Zone `r * COLUMNS + c` is row `r`, column `c`.

use super::cards::CardId;
use crate::core::{FixedVec, Outcome, Player, Seats};

/// Cards of a main deck (see docs/rulings/astrom-cross.md).
pub const DECK_SIZE: usize = 40;
/// Cards of a location deck.
pub const LOCATION_DECK_SIZE: usize = 10;
/// Rows of terrain zones.
pub const ROWS: usize = 2;
/// Columns of terrain zones.
pub const COLUMNS: usize = 3;
/// Terrain zones per player.
pub const ZONES: usize = ROWS * COLUMNS;
/// Cards one player may have set face down at once.
pub const SET_LIMIT: usize = 3;
/// Cards a damage step can reveal at once (a team of every warrior).
pub const MAX_REVEALED: usize = 18;
/// No zone: an attack on the ancient, an effect without a chosen target.
pub const NONE: u8 = u8::MAX;

/// Whether zones `a` and `b` are one space apart, horizontally or
/// vertically (rules: "MOVING POSITION").
#[inline]
pub fn adjacent(a: u8, b: u8) -> bool {
    let (ra, ca) = (a as usize / COLUMNS, a as usize % COLUMNS);
    let (rb, cb) = (b as usize / COLUMNS, b as usize % COLUMNS);
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

/// A card's position (rules: "Positioning rules (Ready/Rest/Stun)").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Pos {
    /// Ready to take action.
    #[default]
    Ready,
    /// Can't make an action, but can be attacked.
    Rest,
    /// Loses all abilities; Ready again at its controller's next beginning
    /// of turn.
    Stun,
}

/// A warrior on the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Warrior {
    /// The card.
    pub card: CardId,
    /// Its position.
    pub pos: Pos,
    /// The item gear cast on it, if any.
    pub gear: Option<CardId>,
    /// Damage dealt to it this turn (less power; recovered at the end of
    /// the turn).
    pub damage: u8,
    /// Power added until the end of the turn.
    pub boost: u8,
    /// It has attacked this turn ("a warrior can only attack once per
    /// turn").
    pub attacked: bool,
}

/// One terrain zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Zone {
    /// The location in it, if any.
    pub location: Option<CardId>,
    /// The location was consumed to a wasteland (flipped down).
    pub wasteland: bool,
    /// The warrior standing on it, if any.
    pub warrior: Option<Warrior>,
}

/// One player's cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Side {
    /// The ancient.
    pub ancient: CardId,
    /// The ancient's position (rested by a soul charge).
    pub ancient_pos: Pos,
    /// Damage on the ancient.
    pub ancient_damage: u8,
    /// The terrain zones.
    pub zones: [Zone; ZONES],
    /// The hand.
    pub hand: FixedVec<CardId, DECK_SIZE>,
    /// The main deck; the top is the last element.
    pub deck: FixedVec<CardId, DECK_SIZE>,
    /// The location deck; the top is the last element.
    pub locations: FixedVec<CardId, LOCATION_DECK_SIZE>,
    /// The soul stock (face up).
    pub soul: FixedVec<CardId, DECK_SIZE>,
    /// The grave.
    pub grave: FixedVec<CardId, DECK_SIZE>,
    /// Events and techniques used this turn.
    pub arcana: FixedVec<CardId, DECK_SIZE>,
    /// \[HIDE\] cards set face down.
    pub set: FixedVec<CardId, SET_LIMIT>,
    /// Damage dealt to the rival's ancient in all (the report score).
    pub dealt: u8,
    /// Whether the player has made their mulligan choice.
    pub mulliganed: bool,
}

impl Default for Side {
    /// An empty side.
    fn default() -> Side {
        Side {
            ancient: CardId(0),
            ancient_pos: Pos::Ready,
            ancient_damage: 0,
            zones: [Zone::default(); ZONES],
            hand: FixedVec::new(),
            deck: FixedVec::new(),
            locations: FixedVec::new(),
            soul: FixedVec::new(),
            grave: FixedVec::new(),
            arcana: FixedVec::new(),
            set: FixedVec::new(),
            dealt: 0,
            mulliganed: false,
        }
    }
}

impl Side {
    /// The warrior in zone `z`, if any.
    #[inline]
    pub fn warrior(&self, z: u8) -> Option<&Warrior> {
        self.zones
            .get(z as usize)
            .and_then(|zone| zone.warrior.as_ref())
    }

    /// The warrior in zone `z`, mutably.
    #[inline]
    pub fn warrior_mut(&mut self, z: u8) -> Option<&mut Warrior> {
        self.zones
            .get_mut(z as usize)
            .and_then(|zone| zone.warrior.as_mut())
    }
}

/// What is being decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Setup: the player `active` chooses the cards of a mulligan.
    Mulligan,
    /// Location phase: reveal the location deck's top, or skip to draw.
    Location,
    /// Location phase: the revealed location goes to a zone.
    Place,
    /// Main phase.
    Main,
    /// The rival answers the event in `pending`.
    Respond,
    /// Battle phase, attacking step: declare an attack or end the battle.
    Attack,
    /// Attacking step: warriors join the lead attacker's team.
    Team,
    /// Defending step: the rival may declare a defender.
    Defend,
    /// Defending step: the rival's warriors team up with the defender.
    Support,
    /// Technique step: `battle.to_act` uses a technique or passes.
    Technique,
    /// Damage step: the damaged player may cast the revealed trigger.
    Trigger,
    /// End of turn: the active player discards down to the hand size.
    Discard,
}

/// The battle being fought (meaningful from the Team phase to the damage
/// step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Battle {
    /// The lead attacker's zone.
    pub attacker: u8,
    /// The attacked warrior's zone, or [`NONE`] for the ancient.
    pub target: u8,
    /// Zones of the attacking team (the lead included), as bits.
    pub team: u8,
    /// The defending warrior's zone, or [`NONE`].
    pub defender: u8,
    /// Zones of the defending team (the defender included), as bits.
    pub support: u8,
    /// Who uses a technique next.
    pub to_act: Player,
    /// Consecutive passes in the technique step.
    pub passes: u8,
    /// Strikes still to deal in the damage step.
    pub strikes: u8,
}

/// The whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Both sides, by seat.
    pub sides: Seats<Side, 2>,
    /// What is being decided.
    pub phase: Phase,
    /// The player whose turn it is (during setup: the one deciding).
    pub active: Player,
    /// The first player.
    pub first: Player,
    /// Player-turns started (the turn limit counts these).
    pub turns: u16,
    /// The active player has moved a warrior this turn.
    pub moved: bool,
    /// The location revealed in the location phase, waiting for a zone.
    pub revealed_location: Option<CardId>,
    /// The event waiting for the rival's answer ([`Phase::Respond`]), or
    /// in the technique step the technique of the player not to act
    /// waiting for `battle.to_act`'s answer, with its chosen zone
    /// ([`NONE`] for a technique).
    pub pending: Option<(CardId, u8)>,
    /// The pending event or technique was negated.
    pub negated: bool,
    /// The battle.
    pub battle: Battle,
    /// Cards revealed by strikes in the damage step, waiting for the soul
    /// stock (of the damaged player).
    pub revealed: FixedVec<CardId, MAX_REVEALED>,
    /// The result, once decided.
    pub outcome: Option<Outcome>,
}
