//! Pixel Tactics (summary in `docs/rules/pixel-tactics.md`) as a [`Game`]: two
//! players, a Leader at the centre of a 3×3 Unit, rounds of three Waves,
//! turns of two actions, casualties at the end of each Wave, and matches
//! of one, three or five games — the whole match is one [`State`].
//!
//! One idea per module: `cards` (the data model and loader), `deck` (deck
//! lists), `state` (plain-data state), `action` (decisions), `rules` (the
//! flow of a match), `effects` (the effect interpreter), `queries`
//! (derived figures), `view` (hidden information), `events` (logs and
//! metrics), `invariants` (the checker), `features` (evaluation
//! features); `ruleset` loads them through the kit.

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
use state::{LEADER, Occupant, State};

use crate::core::{
    CardDef, CardId, Evaluate, Game, GameRng, Invariants, Metric, Node, Observer, Player, Report,
    SeatSummary, SeatTerms, Seats,
};
pub use crate::games::Options;
use crate::games::{Ruleset, bundled_match};

/// The ruleset's name, as `--game` takes it.
pub const NAME: &str = "pixel-tactics";

/// The bundled starter decks: (name, deck list), compiled into the binary.
/// The default matchup is the first two.
pub const BUNDLED_DECKS: [(&str, &str); 2] = [
    (
        "vanguard-wall",
        include_str!("../../../decks/pixel-tactics/vanguard-wall.deck"),
    ),
    (
        "arcane-rear",
        include_str!("../../../decks/pixel-tactics/arcane-rear.deck"),
    ),
];

/// A Pixel Tactics match: the card pool, the decks of seats a and b,
/// options (the match format among them).
#[derive(Clone, Debug)]
pub struct PixelTactics {
    /// The card pool.
    pub db: Arc<CardDb>,
    /// The decks of seats a and b.
    pub decks: Seats<Deck, 2>,
    /// Match options.
    pub options: Options,
}

impl PixelTactics {
    /// A match between two legal decks of `db`.
    pub fn new(db: Arc<CardDb>, decks: [Deck; 2], options: Options) -> PixelTactics {
        let decks = Seats::from_vec(decks.into());
        PixelTactics { db, decks, options }
    }

    /// The bundled starter decks `a` and `b` (indices into
    /// [`BUNDLED_DECKS`]) on `db`, default options.
    pub fn bundled_on(db: CardDb, a: usize, b: usize) -> PixelTactics {
        bundled_match(db, &[a, b])
    }

    /// The bundled starter decks `a` and `b` on the bundled pool, default
    /// options: the match tests, benches and examples use.
    pub fn bundled(a: usize, b: usize) -> PixelTactics {
        PixelTactics::bundled_on(PixelTactics::bundled_cards(), a, b)
    }
}

impl Game for PixelTactics {
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
            Some(outcome) => Node::Terminal(outcome),
            None => Node::Decision(s.active),
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

impl Invariants for PixelTactics {
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        self.invariants(s)
    }

    fn card_count(&self, s: &State, player: Player) -> usize {
        self.cards_owned(s, player).len()
    }
}

impl Report for PixelTactics {
    fn terms(&self) -> SeatTerms {
        SeatTerms {
            health: "Leader life left (0 between games of a match)",
            resource: "actions",
            score: "games won in the match (trophies)",
        }
    }

    fn metric(&self, event: &Event) -> Option<Metric> {
        self.event_metric(event)
    }

    fn event_json(&self, event: &Event) -> serde_json::Value {
        self.json(event)
    }

    fn summary(&self, s: &State, player: Player) -> SeatSummary {
        let p = player;
        let side = &s.sides[p];
        // The Leader's life left (negative: damage beyond it); 0 between
        // games of a match, when no Leader stands.
        let health = if side.leader().occupant == Occupant::Leader {
            i32::from(self.life(s, p, LEADER)) - i32::from(side.leader().damage)
        } else {
            0
        };
        SeatSummary {
            health,
            score: side.trophies.into(),
        }
    }

    fn turns(&self, s: &State) -> u32 {
        s.turns.into()
    }

    fn card_name(&self, card: CardId) -> &str {
        &self.db.card(card).name
    }

    fn card_cost(&self, card: CardId) -> u8 {
        self.db.card(card).cost()
    }

    fn deck_list(&self, player: Player) -> Vec<(CardId, u8)> {
        self.decks[player].cards.clone()
    }
}

impl Evaluate for PixelTactics {
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
