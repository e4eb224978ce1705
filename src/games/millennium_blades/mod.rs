//! Millennium Blades, for 2 to 5 players: an economy (money, the store,
//! the aftermarket, sell markers, card fusion), collections, a
//! deckbuilding phase modelled as ticks, a turn-based tournament, three
//! rounds, and a ranking by victory points; Turn-Based Mode and Duel Mode
//! as options. The rules as implemented are summarised in
//! `docs/rules/millennium-blades.md`, the choices where the rulebook is
//! silent in `docs/rulings/millennium-blades.md`.
//!
//! One idea per module: `cards` (the data model and loader), `deck`
//! (starter decks), `table` (the physical cards of a match), `state`
//! (plain-data state), `tally` (each seat's counts of its cards, kept as
//! they move), `action` (decisions), `economy` (the deckbuilding
//! phase), `tournament` (the tournament phase), `effects` (the effect
//! interpreter), `queries` (derived figures), `turn_based` (Turn-Based
//! Mode), `view` (hidden information), `events` (logs and metrics),
//! `invariants` (the checker), `features` (evaluation features).

pub mod action;
pub mod cards;
pub mod deck;
mod describe;
mod economy;
mod effects;
pub mod events;
mod features;
mod invariants;
mod ledger;
mod queries;
mod ruleset;
pub mod state;
pub mod table;
pub mod tally;
mod tournament;
mod turn_based;
mod view;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use action::Action;
use cards::{CardDb, Tier};
use deck::Deck;
use events::{Event, EventKind};
use state::{Area, Phase, State, Zone};
use table::Table;

use crate::core::{Game, GameRng, Node, Observer, Outcome, Player, Seats, below, shuffle};
pub use crate::games::{Grant, Mode, Options};

/// The ruleset's name, as `--game` takes it.
pub const NAME: &str = "millennium-blades";

/// Dollars of income at the start of each deckbuilding phase.
pub const INCOME: u16 = 30;
/// Cards given to a bronze, silver and gold card fusion.
pub const FUSION_COST: [u8; 3] = [5, 7, 9];
/// VP of a collection of 2, 3… 8 cards (rules: "Collection Points").
pub const COLLECTION_VP: [u16; 7] = [2, 4, 7, 9, 12, 16, 21];
/// The Tournament VP Chart: Pre-Release, Round 1, Round 2, Final Round;
/// 1st to 5th place.
pub const VP_CHART: [[u16; 5]; 4] = [
    [7, 5, 4, 3, 2],
    [21, 15, 12, 9, 6],
    [28, 20, 16, 12, 8],
    [42, 30, 24, 18, 12],
];
/// The deckbuilding timers, in minutes (rules: "When time runs out...").
pub const TIMER_MINUTES: [u8; 3] = [7, 7, 6];
/// Store sets of each tier in the standard game (rules: "Game Setup",
/// step 2).
pub const STORE_SETS: [(Tier, usize); 4] = [
    (Tier::Core, 1),
    (Tier::Expansion, 5),
    (Tier::Premium, 4),
    (Tier::Master, 3),
];

/// The bundled starter decks: (name, deck list), compiled into the binary.
pub const BUNDLED_DECKS: &[(&str, &str)] = &include!("bundled_decks.in");

/// The bundled card files, compiled into the binary.
pub const BUNDLED_CARDS: &[(&str, &str)] = &include!("bundled_cards.in");

/// A Millennium Blades match: the card pool, each seat's starter deck,
/// options, and the physical cards they make.
#[derive(Clone, Debug)]
pub struct MillenniumBlades {
    /// The card pool.
    pub db: Arc<CardDb>,
    /// Each seat's starter deck.
    pub decks: Seats<Deck>,
    /// Match options.
    pub options: Options,
    /// The physical cards of the match.
    pub table: Table,
}

/// A promo pile to set up: its slot (0 bronze, 1 silver, 2 gold) and
/// cards.
type PromoPile = (usize, Vec<u16>);

impl MillenniumBlades {
    /// A match of the starter decks `decks` (one per seat) on `db`.
    pub fn new(db: Arc<CardDb>, decks: Vec<Deck>, options: Options) -> MillenniumBlades {
        let table = Table::new(&db, &decks);
        MillenniumBlades {
            db,
            decks: Seats::from_vec(decks),
            options,
            table,
        }
    }

    /// The bundled starter decks `seats` on the bundled pool, default
    /// options: the match tests and benches use.
    pub fn bundled(seats: &[usize]) -> MillenniumBlades {
        crate::games::bundled_match(ruleset::bundled_pool(), seats)
    }

    /// The bundled starter decks `seats` on the bundled pool with
    /// `options`.
    pub fn bundled_with(seats: &[usize], options: Options) -> MillenniumBlades {
        let m = Self::bundled(seats);
        MillenniumBlades::new(m.db, m.decks.iter().cloned().collect(), options)
    }

    /// Sets up a game (rules: "Game Setup"): the store (the core set and
    /// 5 expansion, 4 premium and 3 master sets chosen at random, shuffled
    /// together), the promos (one bronze, silver and gold set in the fusion
    /// area, a second bronze and silver set as prize support), the
    /// metagame stacks, and each player's starter deck, 3 store cards and
    /// sell markers (Turn-Based Mode: the markers only; the starter decks
    /// stay in the box); then the first phase.
    fn setup(&self, rng: &mut GameRng, obs: &mut impl Observer<Event>) -> State {
        let n = self.decks.len();
        let mut s = State::new(self.table.len());
        s.seats = Seats::filled(n, state::Seat::default());
        s.order = Seats::from_fn(n, |p| p);
        let mut store = Vec::new();
        for (tier, count) in STORE_SETS {
            for set in self.choose_sets(tier, count, rng) {
                store.extend(set);
            }
        }
        shuffle(rng, &mut store);
        for &c in &store {
            s.store.push(c);
            s.put(&self.table, c, Zone::STORE);
        }
        self.setup_promos(&mut s, rng);
        for (k, metas) in self.table.metas.iter().enumerate() {
            let mut stack = metas.clone();
            shuffle(rng, &mut stack);
            for &c in &stack {
                s.metas[k].push(c);
                s.put(&self.table, c, Zone(Zone::META + k as u8));
            }
        }
        self.emit(
            &s,
            Player::A,
            EventKind::GameStart { players: n as u8 },
            obs,
        );
        let start = match self.options.mode {
            Mode::TurnBased => Area::Hand,
            _ if self.options.pre_release => Area::Deck,
            _ => Area::Binder,
        };
        for p in s.players() {
            for &c in &self.table.starters[p] {
                s.known[usize::from(c)] = u8::MAX;
                // Turn-Based Mode leaves the starter decks out (rulings):
                // no player starts with them, so they are not dealt.
                if self.options.mode == Mode::TurnBased {
                    s.put(&self.table, c, Zone::BOX);
                } else {
                    s.put(&self.table, c, Zone::of(start, p));
                    self.emit(&s, p, EventKind::Setup { card: c }, obs);
                }
            }
            s.seats[p].markers = self.markers();
        }
        if let Some(grant) = self.options.grant {
            self.give(&mut s, grant, start, obs);
        }
        if self.options.mode == Mode::TurnBased {
            self.start_turn_based(&mut s, rng, obs);
            return s;
        }
        for p in s.players() {
            for _ in 0..3 {
                let Some(c) = self.draw_store(&mut s, rng, obs) else {
                    break;
                };
                s.put(&self.table, c, Zone::of(Area::Binder, p));
                s.known[usize::from(c)] = u8::MAX;
                self.emit(&s, p, EventKind::Setup { card: c }, obs);
            }
        }
        if self.options.pre_release {
            s.round = 0;
            self.start_tournament(&mut s, rng, obs);
        } else {
            s.round = 1;
            self.start_deckbuilding(&mut s, rng, obs);
        }
        s
    }

    /// The grant experiment: a copy of `grant.card` from the box (a set
    /// not in the store), else from the store deck (the cards above it
    /// keep their order), goes to `grant.seat`'s `area`. No randomness is
    /// used, so the game differs from the one without the grant only by
    /// that card.
    fn give(&self, s: &mut State, grant: Grant, area: Area, obs: &mut impl Observer<Event>) {
        let copies = |zone: Zone| {
            (0..self.table.len() as u16)
                .find(|&c| self.table.card(c) == grant.card && s.zone(c) == zone)
        };
        let Some(card) = copies(Zone::BOX).or_else(|| copies(Zone::STORE)) else {
            return;
        };
        s.store.take(card);
        s.put(&self.table, card, Zone::of(area, grant.seat));
        s.known[usize::from(card)] = u8::MAX;
        self.emit(s, grant.seat, EventKind::Grant { card }, obs);
    }

    /// `count` sets of `tier` chosen at random (every set of the tier if
    /// the pool has no more); the others stay in the box.
    fn choose_sets(&self, tier: Tier, count: usize, rng: &mut GameRng) -> Vec<Vec<u16>> {
        let mut sets: Vec<Vec<u16>> = self.table.sets_of(tier).map(|s| s.cards.clone()).collect();
        shuffle(rng, &mut sets);
        sets.truncate(count);
        sets
    }

    /// The promo piles: the standard game fuses one bronze, silver and
    /// gold set and gives a second bronze and silver set as prizes; Turn-
    /// Based Mode fuses two bronze and one silver set and gives a silver
    /// and a gold set at scorings (rules: "Turn-Based Mode", steps 4-5).
    fn setup_promos(&self, s: &mut State, rng: &mut GameRng) {
        let mut pick = |tier: Tier, k: usize| -> Vec<Vec<u16>> { self.choose_sets(tier, k, rng) };
        let (fuse, prize): (Vec<PromoPile>, Vec<PromoPile>) = match self.options.mode {
            Mode::TurnBased => {
                let bronze = pick(Tier::Bronze, 2);
                let silver = pick(Tier::Silver, 2);
                let gold = pick(Tier::Gold, 1);
                let fuse = bronze
                    .into_iter()
                    .map(|b| (0, b))
                    .chain(silver.first().cloned().map(|c| (1, c)))
                    .collect();
                let prize = silver
                    .get(1)
                    .cloned()
                    .map(|c| (0, c))
                    .into_iter()
                    .chain(gold.into_iter().map(|c| (1, c)))
                    .collect();
                (fuse, prize)
            }
            _ => {
                let bronze = pick(Tier::Bronze, 2);
                let silver = pick(Tier::Silver, 2);
                let gold = pick(Tier::Gold, 1);
                let mut fuse = Vec::new();
                let mut prize = Vec::new();
                for (tier, mut sets) in [(0, bronze), (1, silver)] {
                    if let Some(first) = sets.first().cloned() {
                        fuse.push((tier, first));
                    }
                    if sets.len() > 1 {
                        prize.push((tier, sets.swap_remove(1)));
                    }
                }
                fuse.extend(gold.into_iter().map(|g| (2, g)));
                (fuse, prize)
            }
        };
        // A promo pile is a face-down deck ("acquired from the top of its
        // Promo Deck"): its sets are public, its order is not (view.rs).
        // Turn-Based Mode's two bronze sets make one pile, shuffled whole
        // (as the views shuffle it), not one set stacked on the other.
        for (tier, cards) in fuse {
            for c in cards {
                if s.fusion[tier].push(c) {
                    s.put(&self.table, c, Zone(Zone::FUSION + tier as u8));
                }
            }
        }
        // An empty pile (a tier not fusable) draws no number.
        for pile in &mut s.fusion {
            shuffle(rng, &mut pile[..]);
        }
        for (pile, mut cards) in prize {
            shuffle(rng, &mut cards);
            for c in cards {
                if s.prizes[pile].push(c) {
                    s.put(&self.table, c, Zone(Zone::PRIZE + pile as u8));
                }
            }
        }
    }

    /// The game ends (rules: "Game End"): 1 VP per 4 dollars left (the
    /// last round ends with it), then the
    /// ranking by VP, ties broken by tournament VP, collection VP, then
    /// money VP (Friendship is not played). Duel Mode ranks by tournaments
    /// won, Turn-Based Mode by RP banked.
    pub(super) fn end_game(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        let mut keys = Vec::new();
        for p in s.players() {
            let key = match self.options.mode {
                Mode::Standard => {
                    let seat = &mut s.seats[p];
                    seat.vp.money = seat.money / 4;
                    let (money, vp, score) = (seat.money, seat.vp.money, seat.vp.total());
                    self.emit(s, p, EventKind::MoneyVp { money, vp, score }, obs);
                    self.emit(s, p, EventKind::RoundEnd { money }, obs);
                    let vp = s.seats[p].vp;
                    (vp.total(), vp.tournament, vp.collection, vp.money)
                }
                Mode::Duel => {
                    let money = s.seats[p].money;
                    self.emit(s, p, EventKind::RoundEnd { money }, obs);
                    (s.seats[p].banked, 0, 0, 0)
                }
                // Turn-Based Mode: each player's round ended when it scored.
                Mode::TurnBased => (s.seats[p].banked, 0, 0, 0),
            };
            keys.push(key);
        }
        let reason = match self.options.mode {
            Mode::Standard => "victory_points",
            Mode::Duel => "tournaments_won",
            Mode::TurnBased => "ranking_points",
        };
        self.finish(s, Outcome::ranked_by(&keys, reason), obs);
    }

    /// Ends the game with `outcome`: each player's `game_over` line (its
    /// score so far and its rank).
    fn finish(&self, s: &mut State, outcome: Outcome, obs: &mut impl Observer<Event>) {
        for p in s.players() {
            let score = self.final_score(s, p);
            let rank = outcome.rank(p);
            self.emit(s, p, EventKind::GameOver { score, rank }, obs);
        }
        s.outcome = Some(outcome);
        s.phase = Phase::Over;
    }

    /// `p`'s score so far: VP (Turn-Based Mode: RP banked; Duel Mode:
    /// tournaments won).
    pub(super) fn final_score(&self, s: &State, p: Player) -> u16 {
        match self.options.mode {
            Mode::Standard => s.seats[p].vp.total(),
            _ => s.seats[p].banked,
        }
    }

    /// Who decides now.
    fn decider(&self, s: &State) -> Player {
        if let Some((_, p)) = s.prompt {
            return p;
        }
        match s.phase {
            Phase::Fusing { player, .. } => player,
            Phase::Deckbuilding | Phase::Finalize { .. } => {
                s.order[Player::new(usize::from(s.turn))]
            }
            _ => s.active,
        }
    }
}

impl Game for MillenniumBlades {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn num_players(&self) -> usize {
        self.decks.len()
    }

    fn start(&self, rng: &mut GameRng, observer: &mut impl Observer<Event>) -> State {
        self.setup(rng, observer)
    }

    fn to_move(&self, s: &State) -> Node {
        match s.outcome {
            Some(o) => Node::Terminal(o),
            None => Node::Decision(self.decider(s)),
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if s.outcome.is_some() {
            return;
        }
        if let Some(job) = s.jobs.last().filter(|_| s.prompt.is_some()) {
            if let Some((_, _, options)) = self.choices(s, job) {
                out.extend(options.into_iter().map(effects::Choice::into_action));
            }
            return;
        }
        let p = self.decider(s);
        match s.phase {
            Phase::Deckbuilding => self.deckbuilding_actions(s, p, out),
            Phase::Fusing { player, .. } => self.fusion_actions(s, player, out),
            Phase::Finalize { collection } => self.finalize_actions(s, p, collection, out),
            Phase::Tournament => self.tournament_actions(s, out),
            Phase::TurnBased => self.turn_based_actions(s, out),
            Phase::Setup | Phase::Over => {}
        }
    }

    fn apply(
        &self,
        s: &mut State,
        action: Action,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if s.prompt.is_some() {
            if let Some(choice) = effects::Choice::from_action(action) {
                self.answer(s, choice, rng, obs);
                self.after_effects(s, rng, obs);
            }
            return;
        }
        let p = self.decider(s);
        match s.phase {
            Phase::Deckbuilding => self.deckbuilding_act(s, p, action, rng, obs),
            Phase::Fusing { .. } => {
                if let Action::Take(card) = action {
                    self.fuse_card(s, card, rng, obs);
                }
            }
            Phase::Finalize { collection } => self.finalize_act(s, p, collection, action, rng, obs),
            Phase::Tournament => self.tournament_act(s, action, rng, obs),
            Phase::TurnBased => self.turn_based_act(s, action, rng, obs),
            Phase::Setup | Phase::Over => {}
        }
        if s.outcome.is_none() && s.turns >= self.options.max_turns && s.prompt.is_none() {
            self.cut(s, obs);
        }
    }

    fn resample_hidden(&self, view: &mut State, observer: Player, rng: &mut GameRng) {
        self.redeal(view, observer, Some(rng));
    }

    fn info_key(&self, s: &State, player: Player) -> u64 {
        self.info_hash(s, player)
    }
}

impl MillenniumBlades {
    /// After a choice answered during a tournament or a Turn-Based turn:
    /// the turn goes on (or ends) once no effect waits.
    fn after_effects(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        match s.phase {
            Phase::Tournament => self.settle(s, rng, obs),
            Phase::TurnBased => self.turn_based_settle(s, rng, obs),
            _ => {}
        }
    }

    /// A game cut at the turn limit: a draw for everyone, each with its
    /// score so far.
    fn cut(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        self.finish(s, Outcome::draw(s.seats.len(), "turn_limit"), obs);
    }

    /// A random seat (ties of the first player).
    pub(super) fn random_seat(&self, rng: &mut GameRng) -> Player {
        Player::new(below(rng, self.decks.len() as u32) as usize)
    }
}
