//! The driver of the log-reader tests (issue "Every state change is an
//! event"): plays games with random or greedy bots, gives every event to an
//! independent reader that rebuilds each seat's public state from the
//! events alone, and compares the reader with the engine's state after
//! every action.

use std::collections::BTreeMap;

use decklab::bots::{Bot, FeatureSet, Strategy};
use decklab::core::{Evaluate, Game, GameRng, Node, Player, derive_rng};

/// A reader of a ruleset's events: it knows the decks and the card pool
/// (public) and nothing of the engine's state code.
pub trait LogReader<G: Game> {
    /// Applies one event.
    fn apply(&mut self, game: &G, event: &G::Event);

    /// Compares the rebuilt public state with the engine's; describes the
    /// first difference.
    fn compare(&self, game: &G, state: &G::State) -> Result<(), String>;
}

/// What a batch of replayed games did.
#[derive(Clone, Debug, Default)]
pub struct Replayed {
    /// Games played to the end.
    pub games: u64,
    /// Actions applied (each followed by a comparison).
    pub actions: u64,
    /// Events read, by kind (the variant's name).
    pub events: BTreeMap<String, u64>,
}

impl Replayed {
    /// Adds another batch.
    pub fn add(&mut self, other: Replayed) {
        self.games += other.games;
        self.actions += other.actions;
        for (kind, n) in other.events {
            *self.events.entry(kind).or_default() += n;
        }
    }

    /// Events read in all.
    pub fn total_events(&self) -> u64 {
        self.events.values().sum()
    }
}

/// The variant name of an event's kind, from its `Debug` text
/// (`Event { turn: 1, player: a, kind: Draw { … } }` gives `Draw`).
fn kind_name(debug: &str) -> String {
    let kind = debug.split("kind: ").nth(1).unwrap_or(debug);
    kind.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Plays one game per seed with `bot` (`random` or `greedy`) in every
/// seat, a fresh reader from `reader` per game, and compares after every
/// action. A mismatch is an error naming the seed, the action and the
/// events since the last comparison.
pub fn replay<G, R>(
    game: &G,
    bot: &str,
    seeds: std::ops::Range<u64>,
    reader: impl Fn(&G) -> R,
) -> Result<Replayed, String>
where
    G: Game + Evaluate,
    R: LogReader<G>,
{
    let strategy = Strategy::resolve(bot, FeatureSet::of(game)).expect("a bundled strategy");
    let mut done = Replayed::default();
    for seed in seeds {
        let mut rng = derive_rng(seed, 0);
        let mut bot_rng: GameRng = derive_rng(seed, 1);
        let mut bots: Vec<Bot<G>> = Player::all(game.num_players())
            .map(|_| Bot::new(game, &strategy))
            .collect();
        let mut events: Vec<String> = Vec::new();
        let mut r = reader(game);
        let mut state = {
            let mut observer = |e: &G::Event| {
                events.push(format!("{e:?}"));
                r.apply(game, e);
            };
            game.start(&mut rng, &mut observer)
        };
        let mut count = |events: &[String]| {
            for e in events {
                *done.events.entry(kind_name(e)).or_default() += 1;
            }
        };
        count(&events);
        let mut step = 0u64;
        let mut legal = Vec::new();
        while let Node::Decision(player) = game.to_move(&state) {
            let view = game.determinize(&state, player, &mut bot_rng);
            game.legal_actions(&state, &mut legal);
            let action = bots[player.index()]
                .choose(game, &view, &legal, player, &mut bot_rng)
                .expect("a searching bot always moves");
            events.clear();
            let mut observer = |e: &G::Event| {
                events.push(format!("{e:?}"));
                r.apply(game, e);
            };
            game.apply(&mut state, action, &mut rng, &mut observer);
            step += 1;
            count(&events);
            r.compare(game, &state).map_err(|m| {
                format!(
                    "{bot} seed {seed}, action {step} ({action:?}): {m}\nevents:\n  {}",
                    events.join("\n  ")
                )
            })?;
            assert!(step < 100_000, "{bot} seed {seed}: the game does not end");
        }
        done.games += 1;
        done.actions += step;
    }
    Ok(done)
}
