//! The Nintendo TCG (rule version 1.0; summary in `docs/rules/nintendo-tcg.md`)
//! as a [`Game`]: two players with 40-card decks and an extra deck, a
//! Commander chosen face down, hand power (+2 a turn) paid for cards and
//! effects, a turn of actions closed by an automatic Battle Phase ordered
//! by speed, one-action reply windows for Timed effects, coin flips, and
//! 10 Vitality Points.
//!
//! One idea per module: `cards` (the data model and loader), `deck` (deck
//! lists), `state` (plain-data state), `action` (decisions), `rules` (the
//! flow of a game, windows), `battle` (the Battle Phase), `effects` (the
//! effect interpreter and zone moves), `queries` (derived figures), `view`
//! (hidden information), `events` (logs and metrics), `invariants` (the
//! checker), `features` (evaluation features).

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
use cards::{CardDb, Trigger};
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
pub const NAME: &str = "nintendo-tcg";

/// The bundled starter decks: (name, deck list), compiled into the binary.
/// The default matchup is the first two.
pub const BUNDLED_DECKS: [(&str, &str); 2] = [
    (
        "blaze-vanguard",
        include_str!("../../../decks/nintendo-tcg/blaze-vanguard.deck"),
    ),
    (
        "tide-court",
        include_str!("../../../decks/nintendo-tcg/tide-court.deck"),
    ),
];

/// A Nintendo TCG game: the card pool, the decks of seats a and b,
/// options.
#[derive(Clone, Debug)]
pub struct NintendoTcg {
    /// The card pool.
    pub db: Arc<CardDb>,
    /// The deck of each seat.
    pub decks: Seats<Deck, 2>,
    /// Game options.
    pub options: Options,
    /// Per seat and [`Trigger::ALL`] index: whether the seat's deck list
    /// holds a card that can answer the trigger (public: windows open only
    /// then, so whether one opens reveals nothing hidden).
    answerable: Seats<[bool; 3], 2>,
}

impl NintendoTcg {
    /// A game between two legal decks of `db`.
    pub fn new(db: Arc<CardDb>, decks: [Deck; 2], options: Options) -> NintendoTcg {
        let decks = Seats::from_vec(decks.into());
        let answerable = decks.map(|deck: &Deck| {
            Trigger::ALL.map(|t| deck.cards.iter().any(|&(c, _)| db.card(c).answers(t)))
        });
        NintendoTcg {
            db,
            decks,
            options,
            answerable,
        }
    }

    /// The bundled starter decks `a` and `b` (indices into
    /// [`BUNDLED_DECKS`]) on `db`, default options.
    pub fn bundled_on(db: CardDb, a: usize, b: usize) -> NintendoTcg {
        bundled_match(db, &[a, b])
    }

    /// The bundled starter decks `a` and `b` on the bundled pool.
    pub fn bundled(a: usize, b: usize) -> NintendoTcg {
        NintendoTcg::bundled_on(NintendoTcg::bundled_cards(), a, b)
    }
}

impl Game for NintendoTcg {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn num_players(&self) -> usize {
        2
    }

    fn start(&self, _rng: &mut GameRng, _observer: &mut impl Observer<Event>) -> State {
        // Nothing is random before the Commander picks: the decks are
        // shuffled once both are chosen.
        self.setup()
    }

    fn to_move(&self, s: &State) -> Node {
        match s.outcome {
            Some(outcome) => Node::Terminal(outcome),
            None => Node::Decision(s.decider),
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

impl Invariants for NintendoTcg {
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        self.invariants(s)
    }

    fn card_count(&self, s: &State, player: Player) -> usize {
        self.cards_owned(s, player).len()
    }
}

impl Report for NintendoTcg {
    fn terms(&self) -> SeatTerms {
        SeatTerms {
            health: "victory points left",
            resource: "hand power",
            score: "victory points taken from the opponent",
        }
    }

    fn metric(&self, event: &Event) -> Option<Metric> {
        self.event_metric(event)
    }

    fn event_json(&self, event: &Event) -> serde_json::Value {
        self.json(event)
    }

    fn summary(&self, s: &State, player: Player) -> SeatSummary {
        let foe = &s.sides[player.opponent()];
        SeatSummary {
            health: s.sides[player].vp.into(),
            score: i32::from(state::START_VP - foe.vp),
        }
    }

    fn turns(&self, s: &State) -> u32 {
        s.turns.into()
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

impl Evaluate for NintendoTcg {
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
