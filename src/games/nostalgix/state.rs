//! The Nostalgix game state: plain data (card ids, counters, fixed-capacity
//! arrays), so `clone` is a memory copy.
//!
//! rules/nostalgix.txt: "Field Layout & Descriptions" — 7 Fighter slots
//! with fixed positions, unlimited tokens, 6 back-row slots shared by
//! Surprises and Equipment, one Arena for both players, the Void.

use super::cards::{CardId, Filter, Keywords, SurpriseTrigger};
use super::deck::DECK_SIZE;
use crate::core::{FixedVec, Outcome, Player, Seats};

/// Fighter slots per player (rules: "up to 7 Fighters on your side").
pub const SLOTS: u8 = 7;
/// Back-row slots per player (rules: "up to 6 of these types of cards").
pub const BACK_ROW: usize = 6;
/// Fighters and tokens a side can hold. The rules allow unlimited tokens;
/// see docs/rulings/nostalgix.md for this practical bound (a token it would
/// drop is an error the invariants report, never a silent change).
pub const MAX_UNITS: usize = 48;
/// Tokens a side can hold: the units left beside the 7 Fighter slots.
pub const MAX_TOKENS: usize = MAX_UNITS - SLOTS as usize;
/// Cards a hand can physically hold mid-turn (the end-of-turn limit is 10).
pub const MAX_HAND: usize = 32;
/// Hand size at the end of a turn (rules: "End your turn").
pub const HAND_LIMIT: usize = 10;
/// Cards under one Fighter (lower levels and stacked cards): its 2 lower
/// levels and 4 copies of a Stacked card, the most the bundled pool can
/// put there. The rules set no bound; see docs/rulings/nostalgix.md for
/// this one (a card it would drop is an error the invariants report, never
/// a silent change).
pub const MAX_UNDER: usize = 6;
/// The slot value of tokens, which stand outside the 7 slots.
pub const TOKEN_SLOT: u8 = u8::MAX;
/// Maximum mana (rules: "Mana Refill" — "up to 10").
pub const MANA_CAP: u8 = 10;
/// Prize counters per player (rules: "How to Win").
pub const PRIZES: u8 = 10;
/// Sudden Death: the health Heroes start with (rules: "Specialty Rules");
/// their maximum stays the printed one.
pub const SUDDEN_DEATH_HEALTH: u8 = 5;
/// Sudden Death prize counters.
pub const SUDDEN_DEATH_PRIZES: u8 = 2;
/// Surprise windows that can wait at once. Identical windows are merged,
/// so this is out of reach of a legal game; a window it would drop is an
/// error the invariants report.
pub const MAX_WINDOWS: usize = 32;
/// Searches that can wait for their player's choice at once.
pub const MAX_SEARCHES: usize = 4;

/// The entity id of `p`'s Hero: Heroes have ids 0 and 1, in seat order.
#[inline]
pub fn hero_id(p: Player) -> u16 {
    p.index() as u16
}

/// The seat whose Hero has entity id `id`, if it is a Hero's.
#[inline]
pub fn hero_seat(id: u16) -> Option<Player> {
    (id < 2).then(|| Player::new(id.into()))
}

/// A Hero, Fighter or token in play. Heroes have ids 0 and 1 ([`hero_id`]);
/// every other entity gets a fresh id that survives evolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Entity {
    /// Stable id (logs refer to it).
    pub id: u16,
    /// The card on top (current level, or the token's card).
    pub card: CardId,
    /// Fighter slot 0..7, or [`TOKEN_SLOT`].
    pub slot: u8,
    /// Damage counters.
    pub damage: u8,
    /// +1ATK counters on it.
    pub atk_plus: u8,
    /// -1ATK counters on it, kept apart from the +1ATK ones: evolution
    /// removes these and keeps those (rules: "Fighter Evolution").
    pub atk_minus: u8,
    /// Health counters (+1♥ above maximum).
    pub health_counters: u8,
    /// The turn it entered play (Summoning Sickness).
    pub entered_turn: u16,
    /// The turn during which it may not attack (Binding), 0 for none.
    pub bound_turn: u16,
    /// The player whose card last dealt it damage (who destroyed it, if
    /// that damage was terminal).
    pub hurt_by: Option<Player>,
    /// Attacked this turn.
    pub attacked: bool,
    /// Used its activated ability this turn.
    pub ability_used: bool,
    /// Stacked with a prize shield: no prize counter when destroyed.
    pub prize_shield: bool,
    /// Whether it is a token.
    pub token: bool,
    /// How many Equipment cards are attached to it.
    pub equipped: u8,
    /// Derived: the card's keywords plus those its Equipment grants.
    /// Kept up to date by `Nostalgix::refresh` whenever a cause changes
    /// (a new entity, Equipment attached or broken, evolution, the Arena),
    /// so the rules read it instead of recomputing it per query; the
    /// invariants compare it with a recomputation after every action.
    pub keywords: Keywords,
    /// Derived (see `keywords`): printed maximum health plus Equipment and
    /// Arena bonuses.
    pub max_health: i16,
    /// Derived (see `keywords`): Equipment and Arena attack bonuses.
    pub gear_atk: i16,
}

impl Entity {
    /// A fresh entity, its derived figures not yet computed: the rules
    /// create entities with `Nostalgix::spawn`, which computes them.
    pub fn new(id: u16, card: CardId, slot: u8, turn: u16, token: bool) -> Entity {
        Entity {
            id,
            card,
            slot,
            damage: 0,
            atk_plus: 0,
            atk_minus: 0,
            health_counters: 0,
            entered_turn: turn,
            bound_turn: 0,
            hurt_by: None,
            attacked: false,
            ability_used: false,
            prize_shield: false,
            token,
            equipped: 0,
            keywords: Keywords::NONE,
            max_health: 0,
            gear_atk: 0,
        }
    }

    /// Current health: maximum + health counters − damage.
    #[inline]
    pub fn health(&self) -> i16 {
        self.max_health + i16::from(self.health_counters) - i16::from(self.damage)
    }

    /// The net count of its ATK counters: +1ATK less -1ATK.
    #[inline]
    pub fn atk_counters(&self) -> i16 {
        i16::from(self.atk_plus) - i16::from(self.atk_minus)
    }

    /// ATK counters plus Equipment and Arena attack bonuses: what step 4 of
    /// an attack adds.
    #[inline]
    pub fn atk_bonus(&self) -> i16 {
        self.atk_counters() + self.gear_atk
    }
}

/// One side's Fighters and tokens in play.
pub type Units = FixedVec<Entity, MAX_UNITS>;

/// One back-row slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum BackCard {
    /// Empty.
    #[default]
    Empty,
    /// A face-down Surprise.
    Surprise(CardId),
    /// Equipment attached to the entity with this id (either side's).
    Equipment(CardId, u16),
}

/// What a player is asked to decide outside the main phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Setup step 6: the player sets cards aside for a mulligan.
    Mulligan,
    /// Setup step 7: the coin's winner chooses the turn order.
    ChooseOrder,
    /// The active player's turn, step 3.
    Main,
    /// The turn is ending: end-of-turn effects are resolving.
    Ending,
    /// End of turn: the active player discards down to 10.
    Discard,
}

/// A Surprise window: `owner` may flip a face-down Surprise with `trigger`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Window {
    /// Who may flip.
    pub owner: Player,
    /// What happened.
    pub trigger: SurpriseTrigger,
    /// The entity concerned (attacker, summoned Fighter), if any.
    pub subject: Option<u16>,
}

/// A search of `player`'s deck for a card passing `filter`, waiting for
/// `player` to choose the card (rules: "search your deck for a Fighter").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Search {
    /// Whose deck, and who chooses.
    pub player: Player,
    /// What the card must be.
    pub filter: Filter,
}

/// An action suspended while a Surprise window is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// Nothing.
    None,
    /// An attack declared (step 1–2) and not yet resolved.
    Attack {
        /// The attacker's entity id.
        attacker: u16,
        /// Which of its attacks (`u8::MAX`: a Hero's nameless attack).
        attack: u8,
        /// The defender's entity id.
        defender: u16,
    },
    /// A Spell played and not yet resolved.
    Spell {
        /// The Spell.
        card: CardId,
        /// Its chosen target's entity id, if any.
        target: Option<u16>,
        /// Cancelled by a Surprise.
        countered: bool,
    },
}

/// One player's side of the table but for its Fighters and tokens, which
/// [`State::units`] keeps: what is left is small and fixed in size, so a
/// state copies all the sides at once and only the units in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Side {
    /// The Hero. (Its Fighters and tokens are [`State::units`].)
    pub hero: Entity,
    /// The cards beneath the Fighter in each slot (lower levels, stacked
    /// cards), bottom first. Kept by slot rather than in [`Entity`]: only
    /// the 7 slotted Fighters can have cards beneath them, never tokens,
    /// and a Fighter keeps its slot while in play, so every unit stays
    /// small and the state cheap to copy.
    pub under: [FixedVec<CardId, MAX_UNDER>; SLOTS as usize],
    /// Surprises and Equipment this player played.
    pub back: [BackCard; BACK_ROW],
    /// The hand.
    pub hand: FixedVec<CardId, MAX_HAND>,
    /// Cards of the hand the opponent has seen (revealed), as a multiset.
    pub hand_known: FixedVec<CardId, 8>,
    /// The deck; the top is the last element.
    pub deck: FixedVec<CardId, DECK_SIZE>,
    /// How many cards at the bottom of the deck the owner knows (put there
    /// in a chosen order by the mulligan).
    pub bottom_known: u8,
    /// Cards set aside during the mulligan, in the chosen order.
    pub aside: FixedVec<CardId, 6>,
    /// The Void.
    pub void: FixedVec<CardId, 50>,
    /// Maximum mana.
    pub max_mana: u8,
    /// Current mana.
    pub mana: u8,
    /// Mana bound for the next refill.
    pub bound_mana: u8,
    /// Still holds the mana token (went second and has not used it).
    pub mana_token: bool,
    /// Prize counters this player has taken.
    pub prizes: u8,
    /// Turns this player has started in the current game.
    pub turns: u16,
    /// Mulligan done.
    pub mulliganed: bool,
}

impl Side {
    /// Whether a face-down Surprise waits in the back row.
    #[inline]
    pub fn has_face_down(&self) -> bool {
        self.back.iter().any(|b| matches!(b, BackCard::Surprise(_)))
    }

    /// The cards beneath `unit`, bottom first (none beneath a token).
    pub fn under_cards(&self, unit: &Entity) -> &[CardId] {
        self.under.get(usize::from(unit.slot)).map_or(&[], |u| u)
    }

    /// Puts `card` beneath `unit` (evolution, stacking); returns whether
    /// it fit: not when [`MAX_UNDER`] cards are beneath it already, nor
    /// beneath a token.
    pub fn push_under(&mut self, unit: &Entity, card: CardId) -> bool {
        self.under
            .get_mut(usize::from(unit.slot))
            .is_some_and(|under| under.push(card))
    }

    /// Empties the slot of `unit`, which leaves play, and returns the cards
    /// that were beneath it.
    pub fn take_under(&mut self, unit: &Entity) -> FixedVec<CardId, MAX_UNDER> {
        self.under
            .get_mut(usize::from(unit.slot))
            .map(std::mem::take)
            .unwrap_or_default()
    }
}

/// The whole game.
#[derive(Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Both sides, by seat.
    pub sides: Seats<Side, 2>,
    /// Each side's Fighters and tokens, in order of arrival. Kept apart
    /// from [`Side`]: this is the one large zone, mostly empty, and apart
    /// it is the one whose used part alone is copied.
    pub units: Seats<Units, 2>,
    /// The Arena in play and who played it.
    pub arena: Option<(CardId, Player)>,
    /// What is being decided.
    pub phase: Phase,
    /// Whose turn it is (or who is mulliganing / choosing order).
    pub active: Player,
    /// Turns started, both players counted, across Sudden Death games.
    pub turn: u16,
    /// Who went first in the current game.
    pub first: Player,
    /// The next fresh entity id.
    pub next_id: u16,
    /// Prize counters that win (10; 2 in Sudden Death).
    pub prize_goal: u8,
    /// Sudden Death games started so far.
    pub sudden_deaths: u8,
    /// An attack or spell waiting for Surprise windows to close.
    pub pending: Pending,
    /// Open Surprise windows, oldest first.
    pub windows: FixedVec<Window, MAX_WINDOWS>,
    /// Searches waiting for their player's choice, oldest first.
    pub searches: FixedVec<Search, MAX_SEARCHES>,
    /// Whether a cap ([`MAX_UNITS`], [`MAX_WINDOWS`], [`MAX_SEARCHES`],
    /// [`MAX_UNDER`]) dropped a token, a window, a search or a card beneath
    /// a Fighter: an error the invariants report.
    pub capped: bool,
    /// The result, once decided.
    pub outcome: Option<Outcome>,
    /// Cards discarded so far at this end of turn.
    pub discards: u8,
    /// A unit may have run out of health since the last clean-up (damage
    /// that left a Fighter without health, a maximum lowered to or below
    /// the damage taken): the clean-up looks only then (or under an Arena
    /// that takes health). Always `false` when someone must decide.
    pub wounded: bool,
}

// `clone_from` copies only the used part, which a plain copy cannot.
#[expect(clippy::non_canonical_clone_impl)]
impl Clone for State {
    fn clone(&self) -> Self {
        *self
    }

    /// Copies the sides whole (one block) but only the used part of the
    /// units and of the Surprise windows:
    /// what a bot refilling a scratch copy per candidate action pays
    /// (`Evaluator::best_of`), instead of the whole fixed-capacity state.
    fn clone_from(&mut self, source: &Self) {
        // Every field named, so a new one cannot be forgotten here.
        let State {
            sides,
            units,
            arena,
            phase,
            active,
            turn,
            first,
            next_id,
            prize_goal,
            sudden_deaths,
            pending,
            windows,
            searches,
            capped,
            outcome,
            discards,
            wounded,
        } = source;
        self.sides = *sides;
        self.units.clone_from(units);
        self.arena = *arena;
        self.phase = *phase;
        self.active = *active;
        self.turn = *turn;
        self.first = *first;
        self.next_id = *next_id;
        self.prize_goal = *prize_goal;
        self.sudden_deaths = *sudden_deaths;
        self.pending = *pending;
        self.windows.clone_from(windows);
        self.searches = *searches;
        self.capped = *capped;
        self.outcome = *outcome;
        self.discards = *discards;
        self.wounded = *wounded;
    }
}

impl State {
    /// Where the entity with `id` is: (owner, index into `units`, or `None`
    /// for the Hero).
    #[inline]
    pub fn locate(&self, id: u16) -> Option<(Player, Option<usize>)> {
        if let Some(p) = hero_seat(id) {
            return Some((p, None));
        }
        for (p, units) in self.units.enumerate() {
            if let Some(i) = units.iter().position(|u| u.id == id) {
                return Some((p, Some(i)));
            }
        }
        None
    }

    /// The entity with `id`, if in play.
    #[inline]
    pub fn entity(&self, id: u16) -> Option<&Entity> {
        if let Some(p) = hero_seat(id) {
            return Some(&self.sides[p].hero);
        }
        // A loop per side: a chained iterator costs more on this hot path.
        for units in self.units.iter() {
            if let Some(u) = units.iter().find(|u| u.id == id) {
                return Some(u);
            }
        }
        None
    }

    /// The entity with `id`, mutably.
    #[inline]
    pub fn entity_mut(&mut self, id: u16) -> Option<&mut Entity> {
        match self.locate(id)? {
            (p, None) => Some(&mut self.sides[p].hero),
            (p, Some(i)) => Some(&mut self.units[p][i]),
        }
    }

    /// A fresh entity id.
    pub fn fresh_id(&mut self) -> u16 {
        let id = self.next_id;
        self.next_id = self.next_id.saturating_add(1);
        id
    }
}
