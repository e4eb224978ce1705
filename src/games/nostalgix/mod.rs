//! Nostalgix (`../shared/rules/nostalgix.txt`), decklab's flagship game,
//! as a [`Game`]: two players, a Hero each, mana 0..10, 10 prize counters.
//!
//! One idea per module: `cards` (the data model and loader), `deck` (deck
//! lists), `state` (plain-data state), `action` (decisions), `rules` (the
//! flow of a game), `effects` (the effect interpreter), `queries` (derived
//! figures), `view` (hidden information), `events` (logs and metrics),
//! `invariants` (the checker), `features` (evaluation features).

pub mod action;
pub mod cards;
pub mod deck;
mod effects;
pub mod events;
mod features;
mod invariants;
mod queries;
pub mod rules;
mod ruleset;
pub mod state;
mod view;

#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use features::FEATURES;

use action::Action;
use cards::CardDb;
use deck::Deck;
use events::Event;
use state::State;

use crate::core::{
    CardId, Evaluate, Game, GameRng, Invariants, Metric, Node, Observer, Player, Report,
    SeatSummary, SeatTerms, Seats,
};
pub use crate::games::Options;
use crate::games::{Ruleset, bundled_match};

/// The ruleset's name, as `--game` takes it.
pub const NAME: &str = "nostalgix";

/// The bundled starter decks: (name, deck list), compiled into the binary.
/// The default matchup is the first two.
pub const BUNDLED_DECKS: [(&str, &str); 4] = [
    (
        "hero-rush",
        include_str!("../../../decks/nostalgix/hero-rush.deck"),
    ),
    (
        "prize-control",
        include_str!("../../../decks/nostalgix/prize-control.deck"),
    ),
    (
        "evolution",
        include_str!("../../../decks/nostalgix/evolution.deck"),
    ),
    (
        "token-swarm",
        include_str!("../../../decks/nostalgix/token-swarm.deck"),
    ),
];

/// A Nostalgix match: the card pool, the decks of seats a and b, options.
#[derive(Clone, Debug)]
pub struct Nostalgix {
    /// The card pool.
    pub db: Arc<CardDb>,
    /// The deck of each seat.
    pub decks: Seats<Deck, 2>,
    /// Match options.
    pub options: Options,
}

impl Nostalgix {
    /// A match between two legal decks of `db`.
    pub fn new(db: Arc<CardDb>, decks: [Deck; 2], options: Options) -> Nostalgix {
        let decks = Seats::from_vec(decks.into());
        Nostalgix { db, decks, options }
    }

    /// The bundled starter decks `a` and `b` (indices into
    /// [`BUNDLED_DECKS`]) on the bundled pool, default options: the match
    /// tests, benches and examples use.
    pub fn bundled(a: usize, b: usize) -> Nostalgix {
        bundled_match(Nostalgix::bundled_cards(), &[a, b])
    }
}

impl Game for Nostalgix {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn num_players(&self) -> usize {
        2
    }

    fn new_state(&self, rng: &mut GameRng) -> State {
        self.setup(rng)
    }

    fn to_move(&self, s: &State) -> Node {
        match s.outcome {
            Some(outcome) => Node::Terminal(outcome),
            None => Node::Decision(self.decider(s)),
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        self.legal(s, out);
    }

    fn apply(
        &self,
        s: &mut State,
        action: Action,
        rng: &mut GameRng,
        observer: &mut impl Observer<Event>,
    ) {
        self.play(s, action, rng, observer);
    }

    fn determinize(&self, s: &State, observer: Player, rng: &mut GameRng) -> State {
        let mut view = *s;
        self.redeal(&mut view, observer, Some(rng));
        view
    }

    fn info_key(&self, s: &State, player: Player) -> u64 {
        self.info_hash(s, player)
    }
}

impl Invariants for Nostalgix {
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        self.invariants(s)
    }

    fn card_count(&self, s: &State, player: Player) -> usize {
        self.cards_owned(s, player).len()
    }
}

impl Report for Nostalgix {
    fn terms(&self) -> SeatTerms {
        SeatTerms {
            health: "Hero health",
            resource: "mana",
            score: "prize counters taken",
        }
    }

    fn metric(&self, event: &Event) -> Option<Metric> {
        self.event_metric(event)
    }

    fn event_json(&self, event: &Event) -> serde_json::Value {
        self.json(event)
    }

    fn summary(&self, s: &State, player: Player) -> SeatSummary {
        let side = &s.sides[player];
        SeatSummary {
            health: self.health(s, &side.hero).into(),
            score: side.prizes.into(),
        }
    }

    fn turns(&self, s: &State) -> u32 {
        s.turn.into()
    }

    fn card_name(&self, card: CardId) -> &str {
        &self.db.card(card).name
    }

    fn card_cost(&self, card: CardId) -> u8 {
        self.db.card(card).cost
    }

    fn deck_list(&self, player: Player) -> Vec<(CardId, u8)> {
        self.decks[player].cards.clone()
    }
}

impl Evaluate for Nostalgix {
    fn name(&self) -> &'static str {
        NAME
    }

    fn feature_names(&self) -> &'static [&'static str] {
        &features::FEATURES
    }

    fn features(&self, s: &State, player: Player, out: &mut [f64]) {
        self.compute_features(s, player, out);
    }
}
