//! Astrom Cross (summary in `docs/rules/astrom-cross.md`) as a [`Game`]: two
//! players, each with an ancient, a grid of terrain zones filled from a
//! location deck, warriors summoned by counting location attributes, and
//! turns of ready, draw, location, main, battle (attacking, defending,
//! technique, combat and damage steps) and end phases. Strikes on an
//! ancient move cards from the top of its owner's deck to the soul stock,
//! each checked for a trigger; their Damage Values destroy the ancient.
//!
//! One idea per module: `cards` (the data model and loader), `deck` (deck
//! lists), `state` (plain-data state), `action` (decisions), `rules`
//! (setup, turn phases, legal decisions), `battle` (the battle phase),
//! `effects` (the effect interpreter), `queries` (derived figures),
//! `view` (hidden information), `events` (logs and metrics),
//! `invariants` (the checker), `features` (evaluation features).

pub mod action;
mod battle;
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
pub const NAME: &str = "astrom-cross";

/// The bundled starter decks: (name, deck list), compiled into the binary.
/// The default matchup is the first two.
pub const BUNDLED_DECKS: [(&str, &str); 2] = [
    (
        "ember-assault",
        include_str!("../../../decks/astrom-cross/ember-assault.deck"),
    ),
    (
        "tide-bastion",
        include_str!("../../../decks/astrom-cross/tide-bastion.deck"),
    ),
];

/// An Astrom Cross game: the card pool, the decks of seats a and b,
/// options.
#[derive(Clone, Debug)]
pub struct AstromCross {
    /// The card pool.
    pub db: Arc<CardDb>,
    /// Deck of seat a, then seat b.
    pub decks: Seats<Deck, 2>,
    /// Game options.
    pub options: Options,
}

impl AstromCross {
    /// A game between two legal decks of `db`.
    pub fn new(db: Arc<CardDb>, decks: Seats<Deck, 2>, options: Options) -> AstromCross {
        AstromCross { db, decks, options }
    }

    /// The bundled starter decks `a` and `b` (indices into
    /// [`BUNDLED_DECKS`]) on `db`, default options.
    pub fn bundled_on(db: CardDb, a: usize, b: usize) -> AstromCross {
        bundled_match(db, &[a, b])
    }

    /// The bundled starter decks `a` and `b` on the bundled pool, default
    /// options.
    pub fn bundled(a: usize, b: usize) -> AstromCross {
        AstromCross::bundled_on(AstromCross::bundled_cards(), a, b)
    }
}

impl Game for AstromCross {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn num_players(&self) -> usize {
        2
    }

    fn start(&self, rng: &mut GameRng, _observer: &mut impl Observer<Event>) -> State {
        self.setup(rng)
    }

    fn to_move(&self, s: &State) -> Node {
        match s.outcome {
            Some(o) => Node::Terminal(o),
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

impl Invariants for AstromCross {
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        self.invariants(s)
    }

    fn card_count(&self, s: &State, player: Player) -> usize {
        self.cards_owned(s, player).len()
    }
}

impl Report for AstromCross {
    fn terms(&self) -> SeatTerms {
        SeatTerms {
            health: "ancient damage limit less damage taken",
            resource: "active locations",
            score: "damage dealt to the rival ancient",
        }
    }

    fn metric(&self, event: &Event) -> Option<Metric> {
        self.event_metric(event)
    }

    fn event_json(&self, event: &Event) -> serde_json::Value {
        self.json(event)
    }

    fn summary(&self, s: &State, player: Player) -> SeatSummary {
        // Health: the ancient's damage limit less its damage. Score: the
        // damage dealt to the rival's ancient.
        let side = &s.sides[player];
        SeatSummary {
            health: i32::from(self.life(s, player)) - i32::from(side.ancient_damage),
            score: side.dealt.into(),
        }
    }

    fn turns(&self, s: &State) -> u32 {
        s.turns.into()
    }

    fn card_name(&self, card: CardId) -> &str {
        &self.db.card(card).name
    }

    fn card_cost(&self, card: CardId) -> u8 {
        self.db.card(card).level()
    }

    fn deck_list(&self, player: Player) -> Vec<(CardId, u8)> {
        self.decks[player].cards.clone()
    }
}

impl Evaluate for AstromCross {
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
