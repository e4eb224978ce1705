//! The Nintendo TCG state: plain data (card ids, counters, fixed-capacity
//! arrays), so `clone` is a memory copy.
//!
//! rules/nintendo-tcg.txt: "2 – Where to start" (40-card decks, five-card
//! hands), "9 – Required/Tokens" (the extra deck), "12 – Vitality Points"
//! (10 VP), "14 – The Glossary" (hand power starts at 5, +2 a turn;
//! discard pile, Removed Area, Tap, Status).

use super::cards::{CardId, Trigger};
use crate::core::{FixedVec, Outcome, Player, Seats};

/// Cards in a deck (rules: "2 – Where to start").
pub const DECK_SIZE: usize = 40;
/// Copies of one name a deck may hold.
pub const MAX_COPIES: u8 = 3;
/// The opening hand.
pub const OPENING_HAND: usize = 5;
/// Hand power at the start of the game (glossary: "Hand Power").
pub const START_POWER: u8 = 5;
/// Hand power both players gain at the start of every turn.
pub const POWER_PER_TURN: u8 = 2;
/// Hand power is capped here (see docs/rulings/nintendo-tcg.md).
pub const MAX_POWER: u8 = 99;
/// Vitality Points at the start (glossary: "VP").
pub const START_VP: u8 = 10;
/// Characters one side may have in play (a ruling: table space).
pub const BOARD: usize = 8;
/// Cards an extra deck may hold (a ruling).
pub const EXTRA: usize = 16;
/// Items one Character may hold (a ruling).
pub const ITEMS: usize = 3;
/// Constant Effect cards one side may have out (a ruling).
pub const CONSTANTS: usize = 4;
/// Cards of a hand the rival is known to have seen (revealed by a search)
/// that the state remembers; more are forgotten (a ruling).
pub const KNOWN: usize = 8;
/// Steps of the flow a search can hold up at once. The deepest flow holds
/// up 4 (an Effect card played in a reply: the rest of its ability, the
/// card's end, the answer, the window's end), and each Instant of a
/// Character put into play within it one more (the rest of that Instant);
/// overflowing is a panic, never a step dropped.
pub const THEN: usize = 8;

/// Character flags.
pub mod flag {
    /// Tapped: cannot attack, make movements or use normal effects.
    pub const TAPPED: u8 = 1;
    /// Status Frozen: stays Tapped through the next untap.
    pub const FROZEN: u8 = 2;
    /// Status Poisoned: 1 damage by effect between turns.
    pub const POISONED: u8 = 4;
    /// Moved between the Area and the Sub-Area this turn.
    pub const MOVED: u8 = 8;
    /// Played a Song this turn.
    pub const SUNG: u8 = 16;
    /// Attacked or passed in the current Battle Phase.
    pub const FOUGHT: u8 = 32;
    /// Stands in the Sub-Area.
    pub const SUB: u8 = 64;
}

/// A Character (or Token) in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Char {
    /// The card.
    pub card: CardId,
    /// Its id on its side's board, stable while it stays in play.
    pub uid: u8,
    /// Damage on HP.
    pub damage: u8,
    /// DP depleted in the current Battle Phase.
    pub depleted: u8,
    /// Permanent AP change by effects.
    pub ap: i8,
    /// Permanent DP change.
    pub dp: i8,
    /// Permanent SP change.
    pub sp: i8,
    /// Permanent HP change.
    pub hp: i8,
    /// [`flag`] bits.
    pub flags: u8,
    /// Abilities used this turn (bit `i`: ability `i`).
    pub used: u8,
    /// Attached Items.
    pub items: FixedVec<CardId, ITEMS>,
}

impl Char {
    /// Whether flag `f` is set.
    #[inline]
    pub fn has(&self, f: u8) -> bool {
        self.flags & f != 0
    }

    /// Whether it stands in the Sub-Area.
    #[inline]
    pub fn in_sub(&self) -> bool {
        self.has(flag::SUB)
    }
}

/// A card placed on the table (an Area) with its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    /// The card.
    pub card: CardId,
    /// Who played it.
    pub owner: Player,
}

/// One player's cards and counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Side {
    /// The deck; the top is the last element.
    pub deck: FixedVec<CardId, DECK_SIZE>,
    /// The hand.
    pub hand: FixedVec<CardId, DECK_SIZE>,
    /// Cards of the hand the rival has seen (a search reveals the card it
    /// takes), at most [`KNOWN`]: part of `hand`, public.
    pub hand_known: FixedVec<CardId, KNOWN>,
    /// The discard pile.
    pub discard: FixedVec<CardId, DECK_SIZE>,
    /// The Removed Area.
    pub removed: FixedVec<CardId, DECK_SIZE>,
    /// The extra deck (Required cards and Tokens), open information.
    pub extra: FixedVec<CardId, EXTRA>,
    /// Characters in play.
    pub board: FixedVec<Char, BOARD>,
    /// Constant Effect cards out.
    pub constants: FixedVec<CardId, CONSTANTS>,
    /// The Assistant out this turn.
    pub assistant: Option<CardId>,
    /// The Commander chosen face down, not yet revealed.
    pub pick: Option<CardId>,
    /// Hand power.
    pub power: u8,
    /// Vitality Points.
    pub vp: u8,
    /// An Assistant was played this turn.
    pub assisted: bool,
    /// The Area's normal effect was used this turn.
    pub area_used: bool,
    /// The next board id to try.
    pub next_uid: u8,
}

impl Default for Side {
    fn default() -> Side {
        Side {
            deck: FixedVec::new(),
            hand: FixedVec::new(),
            hand_known: FixedVec::new(),
            discard: FixedVec::new(),
            removed: FixedVec::new(),
            extra: FixedVec::new(),
            board: FixedVec::new(),
            constants: FixedVec::new(),
            assistant: None,
            pick: None,
            power: START_POWER,
            vp: START_VP,
            assisted: false,
            area_used: false,
            next_uid: 0,
        }
    }
}

impl Side {
    /// The board index of the Character with id `uid`.
    pub fn find(&self, uid: u8) -> Option<usize> {
        self.board.iter().position(|c| c.uid == uid)
    }

    /// The Character with id `uid`.
    pub fn char(&self, uid: u8) -> Option<&Char> {
        self.board.iter().find(|c| c.uid == uid)
    }

    /// The Character with id `uid`, mutably.
    pub fn char_mut(&mut self, uid: u8) -> Option<&mut Char> {
        self.board.iter_mut().find(|c| c.uid == uid)
    }

    /// A board id not in use.
    pub fn fresh_uid(&mut self) -> u8 {
        loop {
            let uid = self.next_uid;
            self.next_uid = self.next_uid.wrapping_add(1);
            if self.find(uid).is_none() {
                return uid;
            }
        }
    }
}

/// A chosen target: a Character by side and board id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Tgt {
    /// No chosen target (or, in battle, the rival player directly).
    #[default]
    None,
    /// An Instant declined ("You do not have to activate the effect").
    Skip,
    /// A Character of the acting player.
    Own(u8),
    /// A Character of the other player.
    Foe(u8),
}

/// An ability in use: which, by whom, from where, at what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ctx {
    /// The card whose ability it is.
    pub card: CardId,
    /// The ability's index on the card.
    pub ability: u8,
    /// The controller.
    pub owner: Player,
    /// The Character whose effect it is (or that holds the card), by
    /// board id on the owner's side.
    pub source: Option<u8>,
    /// Whether the effect acts in the Sub-Area.
    pub sub: bool,
    /// The chosen target.
    pub target: Tgt,
}

/// A search (or summon) waiting for the searching player to choose the
/// card (rules: "Search your deck for …"); the flow it interrupted is
/// held in [`State::then`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Search {
    /// The ability searching; its controller chooses.
    pub ctx: Ctx,
    /// The searching effect's index in the ability.
    pub effect: u8,
    /// The phase to go back to once the card is chosen.
    pub phase: Phase,
    /// Whose decision it is then.
    pub decider: Player,
}

/// A step of the flow that a search interrupted, run once the card is
/// chosen (in order; a step that searches again holds up the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Then {
    /// The rest of an ability: its effects from index `next`.
    Effects {
        /// The ability.
        ctx: Ctx,
        /// The first effect left.
        next: u8,
    },
    /// `player`'s Character `uid` taps (after its Attack effect).
    Tap {
        /// Whose.
        player: Player,
        /// Its board id.
        uid: u8,
    },
    /// An Item's Instant is done: it leaves its holder for the discard
    /// pile.
    DropItem {
        /// Whose.
        player: Player,
        /// The holder's board id.
        uid: u8,
        /// The Item.
        card: CardId,
    },
    /// An Effect card has resolved: an Attack card taps its Character,
    /// the card goes to its pile.
    Resolved(Held),
    /// A Timed Effect card answered from hand goes to its pile.
    Discard {
        /// Whose.
        player: Player,
        /// The card.
        card: CardId,
    },
    /// `player`'s window on `trigger` opens (unless the game is over).
    Window {
        /// Who may answer.
        player: Player,
        /// The trigger.
        trigger: Trigger,
    },
    /// The answer waiting for the reply resolves.
    #[default]
    Answer,
    /// The window of this trigger has closed: the game goes on.
    AfterWindow(Trigger),
    /// Setup: `player`'s face-down Commander is paid for and played, or
    /// shuffled in.
    Commander(Player),
    /// Setup: the first turn begins, this player's.
    FirstTurn(Player),
}

/// An Effect card activated and waiting for its reply window to close.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Held {
    /// The card (out of the hand, not yet resolved).
    pub card: CardId,
    /// Who played it.
    pub owner: Player,
    /// The Character it is played on (Attack cards, Songs).
    pub host: Option<u8>,
    /// It was played in the Sub-Area (else the main Area), for a card
    /// without a host.
    pub sub: bool,
    /// Its chosen target.
    pub target: Tgt,
}

/// A Timed effect used on the other player's turn, waiting for that
/// player's one reply (rules: "11 – Turn Priority via Effects").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    /// The card whose effect it is (from hand: an Effect card, out of the
    /// hand; else a Character).
    pub card: CardId,
    /// The Character's board id, or `None` for an Effect card from hand.
    pub uid: Option<u8>,
    /// The ability's index on the card.
    pub ability: u8,
    /// Who uses it.
    pub owner: Player,
    /// Its chosen target.
    pub target: Tgt,
}

/// What is being decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Setup: `decider` chooses a Commander face down.
    Pick,
    /// The active player's turn of actions.
    Main,
    /// `decider` may answer the trigger with a Timed effect.
    Window(Trigger),
    /// The active player's one reply to an [`Answer`] given in the
    /// window of this trigger.
    Reply(Trigger),
    /// The Battle Phase: one of the `attackers` (of `decider`) attacks or
    /// passes.
    Battle,
    /// `decider` chooses the card of the [`State::search`].
    Search,
}

/// The whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Both sides, by seat.
    pub sides: Seats<Side, 2>,
    /// The Area in play.
    pub area: Option<Placed>,
    /// The Sub-Area in play.
    pub sub: Option<Placed>,
    /// What is being decided.
    pub phase: Phase,
    /// Whose turn it is.
    pub active: Player,
    /// Whose decision it is.
    pub decider: Player,
    /// Battle: the Characters of `decider` that may attack next (the
    /// fastest left, tied, with a target), bit `i` for board index `i`;
    /// the player chooses which.
    pub attackers: u8,
    /// Battle-start windows still to open, by seat.
    pub battle_windows: Seats<bool, 2>,
    /// An Effect card waiting for its window.
    pub held: Option<Held>,
    /// A Timed effect waiting for the reply.
    pub answer: Option<Answer>,
    /// The search waiting for its player's choice.
    pub search: Option<Search>,
    /// The flow held up by the search, in order.
    pub then: FixedVec<Then, THEN>,
    /// Turns started, both players' counted.
    pub turns: u16,
    /// The result, once decided.
    pub outcome: Option<Outcome>,
}
