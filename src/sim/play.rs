//! One game, from deal to outcome: the per-decision loop of the runner.
//!
//! Game `i` of a run with master seed `s` is seeded `seed_i =
//! game_seed(s, i)`. Its RNG streams, all derived from `seed_i`: `0` for
//! the rules' chance, `1 + p` for the bot of seat `p`, and `1 +
//! MAX_PLAYERS + p` for the determinizations of seat `p` (and the chance of
//! its views kept, see [`Views`]). So a game depends only on `(s, i)`,
//! never on threads, shards or the other games.

use serde_json::Value;

use crate::bots::{Bot, Sight};
use crate::core::{
    Evaluate, Game, GameRng, Ledger, Metric, Node, Outcome, Player, Report, SeatSummary, Seats,
    derive_rng, game_seed,
};
use crate::output::log_line;
use crate::stats::{GameRecord, Recorder};

use super::Views;

/// The reason of a game cut by the runner's action cap (a draw): a game
/// that ran away, not one that reached its ruleset's turn limit.
pub const CUT_REASON: &str = "action_cap";

/// The reason of a game stopped before its end by a decision not taken (a
/// draw): a person who quit `decklab play`, a recorded list of moves that
/// ends.
pub const UNFINISHED: &str = "unfinished";

/// A finished game, with what the reports need.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The game's index in the run.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// The seat rotation it was played with (see [`super::run`]): entry
    /// `e` sat in seat `(e + rotation) mod N`.
    pub rotation: usize,
    /// How it ended.
    pub outcome: Outcome,
    /// Turns played, every seat's counted.
    pub turns: u32,
    /// End-of-game figures, by seat.
    pub summaries: Seats<SeatSummary>,
    /// The metrics, folded per seat.
    pub record: GameRecord,
    /// The event log (empty unless asked for).
    pub log: Vec<Value>,
    /// The store ledger (empty for a ruleset without a store).
    pub ledger: Ledger,
}

/// Plays game `index` of a run with seed `master`, seat `p` played by
/// `bots[p]`, which only ever sees a view determinized for its seat.
/// Records the event log if `log`. A game still running after
/// `action_cap` actions is cut and counted a draw ([`CUT_REASON`]).
///
/// The same as [`play_seeded`] with the game's own seed `game_seed(master,
/// index)`.
pub fn play_game<G: Game + Report + Evaluate>(
    game: &G,
    bots: &mut [Bot<G>],
    master: u64,
    index: u64,
    log: bool,
    action_cap: u64,
) -> PlayedGame {
    play_seeded(game, bots, game_seed(master, index), index, log, action_cap)
}

/// Plays the game whose own seed is `seed` (the `seed` column of
/// `games.csv`), numbered `index` in its result and log lines: everything
/// random in it comes from `seed` (see the module documentation), so
/// `decklab replay` reproduces any game of a run from that one number. The
/// bots' buffers carried over from earlier games do not matter: a bot's
/// choice depends only on the view and its RNG stream. A recorded bot
/// whose list ends stops the game there ([`UNFINISHED`]).
pub fn play_seeded<G: Game + Report + Evaluate>(
    game: &G,
    bots: &mut [Bot<G>],
    seed: u64,
    index: u64,
    log: bool,
    action_cap: u64,
) -> PlayedGame {
    for bot in bots.iter_mut() {
        bot.new_game();
    }
    play_at(game, seed, index, log, action_cap, &mut Bots { game, bots })
}

/// A decision of a game played by [`play_at`]: who decides, what they may
/// see, and their own RNG stream.
pub struct Decision<'a, G: Game> {
    /// The seat that decides.
    pub player: Player,
    /// The state determinized for `player` (dealt afresh, or kept from
    /// `player`'s decision just before: [`Views`]): all a bot (or a
    /// person) may look at. For a seat shown [`Sight::Actions`] it is the
    /// state itself, undealt: its legal actions are those of every
    /// determinization for `player` (the conformance checks prove it for
    /// every ruleset), so the choice is the same and no determinization is
    /// paid for. So it is for a [`Sight::OnePly`] seat where the ruleset
    /// shows that one ply reads nothing hidden.
    pub view: &'a G::State,
    /// The legal actions, in [`Game::legal_actions`] order (the same for
    /// the state and every view of it).
    pub legal: &'a [G::Action],
    /// The whole state, hidden cards included: for `decklab play
    /// --reveal` only, never for a bot.
    pub state: &'a G::State,
    /// `player`'s own RNG stream.
    pub rng: &'a mut GameRng,
    /// The event log so far (empty unless logged).
    pub log: &'a [Value],
}

/// Who takes the decisions of a game played by [`play_at`].
pub trait Deciders<G: Game> {
    /// What `player` is shown when it decides.
    fn sight(&self, player: Player) -> Sight;
    /// The choice at `d`; `None` stops the game there, a draw for the
    /// reason [`UNFINISHED`].
    fn choose(&mut self, d: Decision<'_, G>) -> Option<G::Action>;
    /// A decision of `player` that the runner took without asking (a
    /// lookahead seat's single legal action: [`Sight::passes`]); `rng` is
    /// the seat's stream ([`Bot::pass`]).
    fn pass(&mut self, player: Player, rng: &mut GameRng);
}

/// The bots of [`play_seeded`], one per seat.
struct Bots<'a, G: Game + Evaluate> {
    game: &'a G,
    bots: &'a mut [Bot<G>],
}

impl<G: Game + Evaluate> Deciders<G> for Bots<'_, G> {
    fn sight(&self, player: Player) -> Sight {
        self.bots[player.index()].sight()
    }

    fn choose(&mut self, d: Decision<'_, G>) -> Option<G::Action> {
        self.bots[d.player.index()].choose(self.game, d.view, d.legal, d.player, d.rng)
    }

    fn pass(&mut self, player: Player, rng: &mut GameRng) {
        self.bots[player.index()].pass(rng);
    }
}

/// Every seat shown a view at every decision, each decision taken by a
/// closure ([`play_with`]).
struct Viewers<F>(F);

impl<G: Game, F> Deciders<G> for Viewers<F>
where
    F: FnMut(Decision<'_, G>) -> Option<G::Action>,
{
    fn sight(&self, _: Player) -> Sight {
        Sight::View
    }

    fn choose(&mut self, d: Decision<'_, G>) -> Option<G::Action> {
        (self.0)(d)
    }

    fn pass(&mut self, _: Player, _: &mut GameRng) {}
}

/// Plays the game whose own seed is `seed` as [`play_seeded`] does, every
/// seat shown a view at every decision and each decision taken by
/// `choose`; `choose` returning `None` stops the game there, a draw for
/// the reason [`UNFINISHED`].
pub fn play_with<G: Game + Report + Evaluate>(
    game: &G,
    seed: u64,
    index: u64,
    log: bool,
    action_cap: u64,
    choose: impl FnMut(Decision<'_, G>) -> Option<G::Action>,
) -> PlayedGame {
    play_at(game, seed, index, log, action_cap, &mut Viewers(choose))
}

/// Plays the game whose own seed is `seed` as [`play_seeded`] does, its
/// decisions taken by `deciders`. A deciding seat `p` is shown what
/// `deciders.sight(p)` says ([`Sight::needs_view`]): the state itself, or
/// a view ([`Views`]); a lookahead seat with a single legal action is not
/// asked, and no view is dealt for it ([`Sight::passes`]). Skipping the
/// view of a seat leaves the other seats' streams and views as they were
/// (a view is kept only across decisions in a row of one seat), so the
/// other seats play the same.
pub fn play_at<G: Game + Report + Evaluate>(
    game: &G,
    seed: u64,
    index: u64,
    log: bool,
    action_cap: u64,
    deciders: &mut impl Deciders<G>,
) -> PlayedGame {
    let players = game.num_players();
    let mut rng = derive_rng(seed, 0);
    let mut bot_rngs: Vec<GameRng> = (0..players as u64)
        .map(|p| derive_rng(seed, 1 + p))
        .collect();
    let mut views = Views::new(game, seed);
    let mut recorder = Recorder::new(players);
    if game.plays_in_rounds() {
        recorder = recorder.in_rounds();
    }
    if game.ends_with_rounds_of_turns() {
        recorder = recorder.ending_with_rounds_of_turns();
    }
    let mut lines = Vec::new();
    let mut ledger = Ledger::default();
    let mut observe = |event: &G::Event, lines: &mut Vec<Value>| {
        game.ledger(event, &mut ledger);
        if let Some(m) = game.metric(event) {
            recorder.observe(m);
            if let Metric::Played { player, card, .. } = m
                && let Some(rating) = game.card_rating(card)
            {
                recorder.observe(Metric::Rated { player, rating });
            }
        }
        if log {
            lines.push(log_line(index, game.event_json(event)));
        }
    };
    let mut state = game.start(&mut rng, &mut |e: &G::Event| observe(e, &mut lines));
    let mut actions = 0u64;
    let mut legal = Vec::new();
    let outcome = loop {
        let player = match game.to_move(&state) {
            Node::Terminal(outcome) => break outcome,
            Node::Decision(p) => p,
        };
        if actions >= action_cap {
            break Outcome::draw(players, CUT_REASON);
        }
        game.legal_actions(&state, &mut legal);
        let sight = deciders.sight(player);
        let rng_of_seat = &mut bot_rngs[player.index()];
        let action = if sight.passes(legal.len()) {
            views.forget();
            deciders.pass(player, rng_of_seat);
            legal[0]
        } else {
            let needs_view = sight.needs_view(game, &state, player);
            let view = views.show(game, &state, player, needs_view);
            let decision = Decision {
                player,
                view,
                legal: &legal,
                state: &state,
                rng: rng_of_seat,
                log: &lines,
            };
            let Some(action) = deciders.choose(decision) else {
                break Outcome::draw(players, UNFINISHED);
            };
            views.took(action);
            action
        };
        game.apply(&mut state, action, &mut rng, &mut |e: &G::Event| {
            observe(e, &mut lines)
        });
        actions += 1;
    };
    PlayedGame {
        index,
        seed,
        rotation: 0,
        outcome,
        turns: game.turns(&state),
        summaries: Seats::from_fn(players, |p| game.summary(&state, p)),
        record: recorder.finish(),
        log: lines,
        ledger,
    }
}
