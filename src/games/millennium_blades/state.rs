//! The Millennium Blades state: plain data, so `clone` is a memory copy.
//!
//! Every physical card of a game is an **instance** (a `u16` index into
//! the match's [`Table`]). Where each instance is lives in one array
//! ([`State::zone`]), so a card can never be in two places or lost: moving
//! it is writing its zone, with [`State::put`], which keeps each seat's
//! tally of its cards (tally.rs) up to date. Only the places whose
//! order matters keep an ordered list beside it: the store deck, the store
//! area's slots, the aftermarket (with the sell marker on each card), the
//! promo piles, the metagame stacks and each player's tableau and board.
//! Who knows what each instance is lives in [`State::known`] (one bit per
//! seat), for `determinize`.

use super::effects::NONE;
use super::table::Table;
use super::tally::{self, Tally};
use crate::core::{FixedVec, MAX_PLAYERS, Outcome, Player, Seats};

/// The most physical cards a game may hold.
pub const MAX_INSTANCES: usize = 512;
/// Face-down cards for sale in the store area, besides the top of the
/// store deck (rules: "Deckbuilding Phase", setup step 4).
pub const STORE_AREA: usize = 9;
/// Tableau slots (rules: "Tournament Phase": singles are played into the
/// tableau; "you will typically only play 6 cards").
pub const TABLEAU: usize = 6;
/// The most tableau slots an effect can add (FAQ: extra slots are at the
/// right).
pub const MAX_TABLEAU: usize = 8;
/// Singles a deck may hold (rules: "Build your Deck").
pub const DECK_SINGLES: usize = 8;
/// Accessories a deck may hold.
pub const DECK_ACCESSORIES: usize = 2;
/// The aftermarket's limit during a tournament (rules: "Aftermarket
/// Space").
pub const AFTERMARKET_TOURNAMENT: usize = 12;
/// The most cards the aftermarket can hold at once (during deckbuilding it
/// has no printed limit; selling stops when it is full).
pub const AFTERMARKET_CAP: usize = 255;

/// Where an instance is. Player zones hold the seat in the low bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Zone(pub u8);

impl Zone {
    /// Out of the game: unused sets, fused cards, turned-in collections,
    /// cards returned to the box.
    pub const BOX: Zone = Zone(0);
    /// The store deck (order in [`State::store`]).
    pub const STORE: Zone = Zone(1);
    /// The store area (slots in [`State::area`]).
    pub const AREA: Zone = Zone(2);
    /// The store discard pile.
    pub const DISCARD: Zone = Zone(3);
    /// The aftermarket (order in [`State::market`]).
    pub const MARKET: Zone = Zone(4);
    /// A promo pile of the card fusion area (`FUSION + tier index`).
    pub const FUSION: u8 = 5;
    /// A prize-support pile (`PRIZE + round index`).
    pub const PRIZE: u8 = 8;
    /// A metagame stack, face down (`META + 0` elements, `+ 1` types).
    pub const META: u8 = 10;
    /// A revealed metagame card, face up.
    pub const META_UP: Zone = Zone(12);
    /// Player zones start here: `PLAYER + 8·kind + seat`.
    pub const PLAYER: u8 = 16;
    /// Player zones end before this (seven areas).
    pub const PLAYER_END: u8 = Zone::PLAYER + 8 * 7;

    /// A player's zone of kind `kind`.
    #[inline]
    pub fn of(kind: Area, p: Player) -> Zone {
        Zone(Zone::PLAYER + 8 * kind as u8 + p.index() as u8)
    }

    /// The player and area of a player zone.
    #[inline]
    pub fn owner(self) -> Option<(Area, Player)> {
        let i = self.0.checked_sub(Zone::PLAYER)?;
        let area = match i / 8 {
            0 => Area::Binder,
            1 => Area::Deck,
            2 => Area::Collection,
            3 => Area::Hand,
            4 => Area::Tableau,
            5 => Area::Board,
            6 => Area::Collection2,
            _ => return None,
        };
        Some((area, Player::new(usize::from(i % 8))))
    }

    /// Whether the zone is a player's hand: the one place of a player's
    /// area the others cannot see (see `view.rs`).
    pub fn is_hand(self) -> bool {
        matches!(self.owner(), Some((Area::Hand, _)))
    }
}

/// A player's areas (rules: "your personal area", "your tournament area").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    /// Cards kept for later (and, in a tournament, the cards not in the
    /// deck).
    Binder = 0,
    /// The deck being built (deckbuilding).
    Deck = 1,
    /// The collection being built (deckbuilding).
    Collection = 2,
    /// The deck's singles in hand (tournament).
    Hand = 3,
    /// Singles played (tournament; order in [`Seat::tableau`]).
    Tableau = 4,
    /// The deck box and accessories set out (tournament; order in
    /// [`Seat::board`]).
    Board = 5,
    /// The second collection of Duel and Turn-Based Mode (types; the
    /// first, [`Area::Collection`], is of elements).
    Collection2 = 6,
}

/// A card face up or down in a tableau or on a board, with its +1 star
/// tokens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The instance.
    pub card: u16,
    /// Face up (face-down cards have no attributes).
    pub up: bool,
    /// +1 star tokens on it.
    pub tokens: u8,
}

/// A card for sale in the aftermarket, with who listed it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Listing {
    /// The instance.
    pub card: u16,
    /// Who listed it, and whether their sell marker is still on it.
    pub seller: Seller,
}

/// Who put a card in the aftermarket (rules: "Sell to the Aftermarket":
/// "Once your card is on sale in the Aftermarket, you cannot buy it back").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Seller {
    /// Nobody: a card a clash revealed, for sale to anyone.
    #[default]
    Nobody,
    /// A player whose sell marker is on the card: it returns when the card
    /// is bought.
    Marked(Player),
    /// A player who took its marker back while the card stayed for sale
    /// (Turn-Based Mode's scoring): still not for sale to that player.
    Unmarked(Player),
}

impl Seller {
    /// The player who listed the card, if one did.
    pub fn player(self) -> Option<Player> {
        match self {
            Seller::Nobody => None,
            Seller::Marked(p) | Seller::Unmarked(p) => Some(p),
        }
    }

    /// The player whose marker is on the card, if any.
    pub fn marker(self) -> Option<Player> {
        match self {
            Seller::Marked(p) => Some(p),
            _ => None,
        }
    }
}

/// Victory points, by source (rules: "Game End": tournaments, collections,
/// money; the tie-breaks follow that order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Vp {
    /// From tournament placements.
    pub tournament: u16,
    /// From collections.
    pub collection: u16,
    /// From money at the end of the game (1 per 4 dollars).
    pub money: u16,
}

impl Vp {
    /// The total.
    pub fn total(&self) -> u16 {
        self.tournament + self.collection + self.money
    }
}

/// One player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seat {
    /// Millennium Dollars.
    pub money: u16,
    /// Sell markers in hand.
    pub markers: u8,
    /// Card fusions done this round, one bit per promo tier.
    pub fused: u8,
    /// Whether the collection of this phase is done (Turn-Based Mode: the
    /// collections' declared symbols instead).
    pub collected: bool,
    /// Victory points.
    pub vp: Vp,
    /// Ranking points in the current tournament.
    pub rp: u16,
    /// Ranking points recorded at each scoring (Turn-Based Mode), or the
    /// tournaments won (Duel Mode).
    pub banked: u16,
    /// The singles played, left to right.
    pub tableau: FixedVec<Slot, MAX_TABLEAU>,
    /// Tableau slots this tournament (6, more with effects).
    pub slots: u8,
    /// The deck box and accessories set out, in that order.
    pub board: FixedVec<Slot, 3>,
    /// Cards whose Next effects wait for this player's next single.
    pub next: FixedVec<u16, 8>,
    /// +1 star tokens waiting for this player's next single (Blast Off).
    pub next_tokens: u8,
    /// Singles this player may still play this turn beyond the first.
    pub extra: u8,
    /// Whether the player has used an Action this turn.
    pub acted: bool,
    /// Whether the player has played a single this turn.
    pub played: bool,
    /// Removed from this tournament (the Infinite Loops rule).
    pub removed: bool,
    /// Place in the last tournament (1 first; 0 before any, or removed
    /// from it by an infinite loop).
    pub place: u8,
    /// Times scored (Turn-Based Mode).
    pub scorings: u8,
    /// Collection symbols declared (Turn-Based Mode): element bit
    /// set, type bit set (0: none yet).
    pub declared: [u8; 2],
}

/// What is happening.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Before the first decision (resolved by `new_state`).
    #[default]
    Setup,
    /// A deckbuilding tick: `order[turn]` decides (rules: "Deckbuilding
    /// Phase", the timers as ticks).
    Deckbuilding,
    /// A card fusion in progress: `player` puts `left` more binder cards
    /// into it.
    Fusing {
        /// The fusing player.
        player: Player,
        /// The promo tier (0 bronze, 1 silver, 2 gold).
        tier: u8,
        /// Cards still to give.
        left: u8,
    },
    /// The end of the deckbuilding phase: `order[turn]` builds a deck, then
    /// a collection.
    Finalize {
        /// Building the collection (else the deck).
        collection: bool,
    },
    /// A tournament turn of `active`.
    Tournament,
    /// A Turn-Based Mode turn of `active`.
    TurnBased,
    /// The game is over.
    Over,
}

/// A choice an effect waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prompt {
    /// `player` chooses an opponent (for a clash or an RP loss).
    Opponent,
    /// `player` chooses a face-up card (own or another's tableau).
    Card,
    /// `player` chooses where in the tableau to insert the card (Scurry).
    Position,
    /// `player` may use a Reaction of `source`.
    Reaction,
    /// `player` discards a card from hand.
    Discard,
    /// `player` chooses the metagame card to replace (Turn-Based Mode).
    Meta,
    /// `player` keeps or discards one of its accessories (a Turn-Based
    /// scoring).
    Accessory,
}

/// A pending piece of effect resolution (see `effects.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Job {
    /// The card whose effect this is.
    pub source: u16,
    /// Its owner.
    pub owner: Player,
    /// Which effect of the card (index into its effects), or a keyword.
    pub effect: u8,
    /// Within a clash's outcome: 0 none, 1 win, 2 lose, 3 tie, with the
    /// branch effect index in `branch`; 4 (`effects::USED`) a Reaction its
    /// owner has chosen to use.
    pub outcome: u8,
    /// The branch effect index.
    pub branch: u8,
    /// The card that set the effect off (Next: the card played; a Flip
    /// trigger: the card flipped), or `u16::MAX`.
    pub subject: u16,
    /// A choice already made (a seat, a card, a position), or `u16::MAX`.
    pub choice: u16,
}

impl Job {
    /// Effect `effect` of `source`, owned by `owner`: outside any clash
    /// outcome, set off by no card, with no choice made yet.
    pub fn of(source: u16, owner: Player, effect: u8) -> Job {
        Job {
            source,
            owner,
            effect,
            outcome: 0,
            branch: 0,
            subject: NONE,
            choice: NONE,
        }
    }
}

/// The whole game.
#[derive(Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Where every instance is: read with [`State::zone`], moved with
    /// [`State::put`], which keeps the tallies up to date.
    zone: [Zone; MAX_INSTANCES],
    /// How many instances the match's table has: the zones beyond are
    /// always the box, so the walks over the zones stop there.
    instances: u16,
    /// Each seat's tally of its cards (by seat index).
    tally: [Tally; MAX_PLAYERS],
    /// Which seats know what each instance is (bit per seat).
    pub known: [u8; MAX_INSTANCES],
    /// The store deck, top last.
    pub store: Pile,
    /// The store area's face-down cards for sale.
    pub area: FixedVec<u16, STORE_AREA>,
    /// The aftermarket, in the order cards came in.
    pub market: FixedVec<Listing, AFTERMARKET_CAP>,
    /// The promo piles of the fusion area (bronze, silver, gold), top last.
    pub fusion: [FixedVec<u16, 16>; 3],
    /// The prize-support piles (round 1 bronze, round 2 silver).
    pub prizes: [FixedVec<u16, 8>; 2],
    /// The metagame stacks (elements, types), top last.
    pub metas: [FixedVec<u16, 8>; 2],
    /// The players.
    pub seats: Seats<Seat>,
    /// The round (0 the Pre-Release, 1 to 3).
    pub round: u8,
    /// The deckbuilding timer (0 to 2) and the tick within it.
    pub timer: u8,
    /// The tick within the timer.
    pub tick: u8,
    /// The order players act in this phase, and how many of it have acted
    /// in this tick.
    pub order: Seats<Player>,
    /// Index into `order`.
    pub turn: u8,
    /// The player whose tournament (or Turn-Based) turn it is.
    pub active: Player,
    /// Players who passed in succession (the tournament ends when all do).
    pub passes: u8,
    /// Tournament turns taken (the turn limit counts these and ticks).
    pub turns: u16,
    /// What is happening.
    pub phase: Phase,
    /// Effects waiting to resolve, last first (push with
    /// [`State::push_job`]).
    pub jobs: FixedVec<Job, 32>,
    /// Whether a job was ever refused by a full stack: an invariant
    /// violation, never a silent drop.
    pub jobs_overflowed: bool,
    /// The choice the top job waits for, and who makes it.
    pub prompt: Option<(Prompt, Player)>,
    /// Jobs resolved this turn (the Infinite Loops rule).
    pub resolved: u16,
    /// Dollars the bank has paid to players (income, sales).
    pub paid: u32,
    /// Dollars players have paid to the bank (purchases).
    pub received: u32,
    /// RP gained by effects, and RP lost (effects, resets, banking): the
    /// players' RP add up to the difference.
    pub rp_ledger: (u32, u32),
    /// The game's result, once over.
    pub outcome: Option<Outcome>,
}

// `clone_from` copies only the used part of the piles, which a plain copy
// cannot.
#[expect(clippy::non_canonical_clone_impl)]
impl Clone for State {
    fn clone(&self) -> Self {
        *self
    }

    /// Copies the used part of the store deck, the aftermarket and the job
    /// stack (room for 512, 255 and 32, mostly empty) and the rest whole:
    /// what a bot refilling a scratch copy per candidate action pays
    /// (`Evaluator::best_of`), and a view dealt into a buffer.
    fn clone_from(&mut self, source: &Self) {
        // Every field named, so a new one cannot be forgotten here.
        let State {
            zone,
            instances,
            tally,
            known,
            store,
            area,
            market,
            fusion,
            prizes,
            metas,
            seats,
            round,
            timer,
            tick,
            order,
            turn,
            active,
            passes,
            turns,
            phase,
            jobs,
            jobs_overflowed,
            prompt,
            resolved,
            paid,
            received,
            rp_ledger,
            outcome,
        } = source;
        self.zone = *zone;
        self.instances = *instances;
        self.tally = *tally;
        self.known = *known;
        self.store.clone_from(store);
        self.area = *area;
        self.market.clone_from(market);
        self.fusion = *fusion;
        self.prizes = *prizes;
        self.metas = *metas;
        self.seats = *seats;
        self.round = *round;
        self.timer = *timer;
        self.tick = *tick;
        self.order = *order;
        self.turn = *turn;
        self.active = *active;
        self.passes = *passes;
        self.turns = *turns;
        self.phase = *phase;
        self.jobs.clone_from(jobs);
        self.jobs_overflowed = *jobs_overflowed;
        self.prompt = *prompt;
        self.resolved = *resolved;
        self.paid = *paid;
        self.received = *received;
        self.rp_ledger = *rp_ledger;
        self.outcome = *outcome;
    }
}

impl State {
    /// An empty state for a match of `instances` instances (at most
    /// [`MAX_INSTANCES`]).
    pub fn new(instances: usize) -> State {
        State {
            instances: instances.min(MAX_INSTANCES) as u16,
            ..State::default()
        }
    }

    /// The seats, in order.
    pub fn players(&self) -> impl DoubleEndedIterator<Item = Player> + Clone + use<> {
        Player::all(self.seats.len())
    }

    /// Where instance `c` is.
    #[inline]
    pub fn zone(&self, c: u16) -> Zone {
        self.zone[usize::from(c)]
    }

    /// Where every instance is, by instance.
    #[inline]
    pub fn zones(&self) -> &[Zone; MAX_INSTANCES] {
        &self.zone
    }

    /// Where the match's instances are (the zones beyond are the box).
    #[inline]
    pub fn live_zones(&self) -> &[Zone] {
        &self.zone[..usize::from(self.instances)]
    }

    /// Moves instance `c` (of table `t`) to `zone`, and the tallies with
    /// it.
    pub fn put(&mut self, t: &Table, c: u16, zone: Zone) {
        let i = usize::from(c);
        tally::count(&mut self.tally, t, i, self.zone[i], -1);
        self.zone[i] = zone;
        tally::count(&mut self.tally, t, i, zone, 1);
    }

    /// Seat `p`'s tally of its cards.
    #[inline]
    pub fn tally(&self, p: Player) -> Tally {
        self.tally.get(p.index()).copied().unwrap_or_default()
    }

    /// Every seat's tally, by seat index.
    pub fn tallies(&self) -> &[Tally; MAX_PLAYERS] {
        &self.tally
    }

    /// The instances in `zone`, in instance order.
    pub fn in_zone(&self, zone: Zone) -> impl Iterator<Item = u16> + '_ {
        self.live_zones()
            .iter()
            .enumerate()
            .filter(move |(_, z)| **z == zone)
            .map(|(i, _)| i as u16)
    }

    /// The instances in `zone`, in instance order, in a vector with room
    /// for a binder's worth of them (so that it seldom grows).
    pub fn members(&self, zone: Zone) -> Vec<u16> {
        let mut members = Vec::with_capacity(32);
        members.extend(self.in_zone(zone));
        members
    }

    /// Puts `job` on the stack; a full stack is recorded for the
    /// invariants to report.
    pub fn push_job(&mut self, job: Job) {
        if !self.jobs.push(job) {
            self.jobs_overflowed = true;
        }
    }

    /// `p` receives `amount` dollars from the bank.
    pub fn earn(&mut self, p: Player, amount: u16) {
        self.seats[p].money += amount;
        self.paid += u32::from(amount);
    }

    /// `p` pays `amount` dollars to the bank.
    pub fn spend(&mut self, p: Player, amount: u16) {
        self.seats[p].money -= amount;
        self.received += u32::from(amount);
    }

    /// Sets `p`'s RP to zero (a new tournament, a Turn-Based scoring).
    pub fn reset_rp(&mut self, p: Player) {
        let rp = std::mem::take(&mut self.seats[p].rp);
        self.rp_ledger.1 += u32::from(rp);
    }

    /// How many instances are in `zone`.
    pub fn count(&self, zone: Zone) -> usize {
        self.live_zones().iter().filter(|z| **z == zone).count()
    }
}

/// An ordered pile of instances (the store deck), top last: a fixed array,
/// so the state stays plain data.
#[derive(Copy)]
pub struct Pile {
    cards: [u16; MAX_INSTANCES],
    len: u16,
}

// `clone_from` copies only the cards in the pile, which a plain copy
// cannot.
#[expect(clippy::non_canonical_clone_impl)]
impl Clone for Pile {
    fn clone(&self) -> Self {
        *self
    }

    /// Copies only the cards in the pile (the slots above it are never
    /// read).
    fn clone_from(&mut self, source: &Self) {
        let len = usize::from(source.len);
        self.cards[..len].copy_from_slice(&source.cards[..len]);
        self.len = source.len;
    }
}

/// Two piles are equal when they hold the same cards in the same order,
/// whatever the slots above them last held.
impl PartialEq for Pile {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Pile {}

impl std::hash::Hash for Pile {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl Pile {
    /// The cards, bottom first.
    #[inline]
    pub fn as_slice(&self) -> &[u16] {
        &self.cards[..usize::from(self.len)]
    }

    /// The cards, bottom first, mutably.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [u16] {
        &mut self.cards[..usize::from(self.len)]
    }

    /// Puts `card` on top.
    #[inline]
    pub fn push(&mut self, card: u16) {
        self.cards[usize::from(self.len)] = card;
        self.len += 1;
    }

    /// Takes the top card.
    #[inline]
    pub fn pop(&mut self) -> Option<u16> {
        self.len = self.len.checked_sub(1)?;
        Some(self.cards[usize::from(self.len)])
    }

    /// Takes `card` out of the pile, the cards above it moving down one;
    /// whether it was there.
    pub fn take(&mut self, card: u16) -> bool {
        let Some(at) = self.as_slice().iter().position(|&c| c == card) else {
            return false;
        };
        let len = usize::from(self.len);
        self.cards.copy_within(at + 1..len, at);
        self.len -= 1;
        true
    }

    /// The top card.
    pub fn top(&self) -> Option<u16> {
        self.as_slice().last().copied()
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the pile is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for Pile {
    fn default() -> Self {
        Pile {
            cards: [0; MAX_INSTANCES],
            len: 0,
        }
    }
}

impl std::fmt::Debug for Pile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Default for State {
    fn default() -> Self {
        State {
            zone: [Zone::BOX; MAX_INSTANCES],
            instances: MAX_INSTANCES as u16,
            tally: Default::default(),
            known: [0; MAX_INSTANCES],
            store: Pile::default(),
            area: FixedVec::new(),
            market: FixedVec::new(),
            fusion: Default::default(),
            prizes: Default::default(),
            metas: Default::default(),
            seats: Seats::default(),
            round: 0,
            timer: 0,
            tick: 0,
            order: Seats::default(),
            turn: 0,
            active: Player::A,
            passes: 0,
            turns: 0,
            phase: Phase::Setup,
            jobs: FixedVec::new(),
            jobs_overflowed: false,
            prompt: None,
            resolved: 0,
            paid: 0,
            received: 0,
            rp_ledger: (0, 0),
            outcome: None,
        }
    }
}

const _: () = assert!(MAX_PLAYERS <= 8, "player zones hold the seat in 3 bits");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, Invariants, derive_rng};
    use crate::games::millennium_blades::MillenniumBlades;

    /// The first instance of `p`'s binder.
    fn binder_card(s: &State, p: Player) -> u16 {
        s.in_zone(Zone::of(Area::Binder, p))
            .next()
            .unwrap_or_else(|| panic!("seat {p:?} holds a card"))
    }

    #[test]
    fn a_pile_is_its_cards_and_a_refilled_copy_equals_its_source() {
        let (mut a, mut b) = (Pile::default(), Pile::default());
        for c in [4, 9, 2] {
            a.push(c);
        }
        b.push(4);
        b.push(7); // popped below: the slot above the pile keeps it
        assert_eq!(b.pop(), Some(7));
        b.push(9);
        b.push(2);
        b.push(5);
        assert_eq!(b.pop(), Some(5));
        assert_eq!(a, b);
        let hash = |p: &Pile| {
            let mut h = std::hash::DefaultHasher::new();
            std::hash::Hash::hash(p, &mut h);
            std::hash::Hasher::finish(&h)
        };
        assert_eq!(hash(&a), hash(&b));
        // A scratch state that held a later position, refilled from an
        // earlier one, is equal to it.
        let g = MillenniumBlades::bundled(&[0, 1, 2, 3]);
        let start = g.new_state(&mut derive_rng(5, 0));
        let mut later = start;
        let c = binder_card(&later, Player::A);
        later.put(&g.table, c, Zone::MARKET);
        later.market.push(Listing {
            card: c,
            seller: Seller::Marked(Player::A),
        });
        later.store.pop();
        later.clone_from(&start);
        assert_eq!(later, start);
    }

    #[test]
    fn put_keeps_the_tallies_and_the_invariants_catch_a_move_without_it() {
        let g = MillenniumBlades::bundled(&[0, 1, 2, 3]);
        let mut s = g.new_state(&mut derive_rng(5, 0));
        assert_eq!(g.check_invariants(&s), Ok(()));
        let c = binder_card(&s, Player::A);
        let before = s.tally(Player::A);
        s.put(&g.table, c, Zone::of(Area::Deck, Player::A));
        let after = s.tally(Player::A);
        assert_eq!(after.owned_stars, before.owned_stars, "still held");
        assert_eq!(
            after.deck_rp - before.deck_rp,
            g.table.rp_worth[usize::from(c)]
        );
        assert_eq!(after.deck_pool, before.deck_pool, "binder to deck");
        // The deck pool lists the binder's and deck's worthwhile singles,
        // best first.
        let pool: Vec<u16> = after.best_singles(&g.table).collect();
        let held = |i: &&u16| {
            let z = s.zone(**i);
            z == Zone::of(Area::Binder, Player::A) || z == Zone::of(Area::Deck, Player::A)
        };
        let walked: Vec<u16> = g
            .table
            .singles_by_worth
            .iter()
            .filter(held)
            .copied()
            .collect();
        assert!(!pool.is_empty());
        assert_eq!(pool, walked);
        assert_eq!(g.check_invariants(&s), Ok(()));
        // A state that walks more instances than the table has is caught.
        let wide = State {
            instances: MAX_INSTANCES as u16,
            ..s
        };
        let err = g.check_invariants(&wide).expect_err("walks past the table");
        assert!(err.contains("walks"), "{err}");
        // The same move behind the tallies' back is caught.
        let d = binder_card(&s, Player::A);
        s.zone[usize::from(d)] = Zone::of(Area::Hand, Player::A);
        let err = g.check_invariants(&s).expect_err("a stale tally");
        assert!(err.contains("tallies"), "{err}");
    }
}
