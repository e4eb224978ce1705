//! Single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012,
//! "Information Set Monte Carlo Tree Search", algorithm SO-ISMCTS).
//!
//! One tree per decision, over the bot's information set. Every iteration
//! draws a fresh determinization of the view for the bot's seat, then:
//! 1. **select**: descends while every action legal in this determinization
//!    already has a child, by UCB1 with availability counts
//!    (`mean + c·√(ln avail / visits)`, where a child's `avail` counts the
//!    times it was legal when its parent was visited);
//! 2. **expand**: adds one child for a random untried legal action;
//! 3. **roll out**: plays on with the rollout policy, to the end or for
//!    `rollout_depth` actions (the position is then read as a win chance by
//!    the [`Evaluator`]; with `rollout = "none"` the new leaf is read at
//!    once);
//! 4. **back up**: each node on the path adds the return of the player who
//!    made the move into it.
//!
//! Actions are matched across determinizations by equality. Nodes live in
//! an arena (`Vec`, children as linked lists of indices) kept across
//! decisions, like the other scratch buffers. The search reads the view only
//! through `legal_actions` at the root (the bot's own choices) and
//! `determinize`, so it never uses information its seat cannot see.

use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use rand_core::Rng;

use super::greedy::Evaluator;
use super::strategy::{Budget, FinalChoice, IsmctsSettings, Rollout};
use crate::core::{Evaluate, Game, GameRng, NoObserver, Node, Player, Seats, below};

/// No node (the end of a child list).
const NONE: u32 = u32::MAX;

/// One node of the search tree: the position reached by `action`.
#[derive(Clone, Copy, Debug)]
struct TreeNode<A> {
    /// The move into this node (at the root: unused).
    action: A,
    /// Who made that move: the returns added up here are theirs.
    mover: Player,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Times this node's action was legal when its parent was visited.
    avail: u32,
    /// The sum of `mover`'s returns over the visits.
    total: f64,
}

impl<A> TreeNode<A> {
    fn mean(&self) -> f64 {
        self.total / f64::from(self.visits.max(1))
    }
}

/// The ISMCTS bot and its reusable buffers.
#[derive(Clone, Debug)]
pub struct IsmctsBot<G: Game + Evaluate> {
    settings: IsmctsSettings,
    eval: Evaluator,
    nodes: Vec<TreeNode<G::Action>>,
    /// Legal actions of the node being visited.
    legal: Vec<G::Action>,
    /// Finds an action's entry in `legal`.
    index: LegalIndex,
    /// Which entries of `legal` already have a child.
    has_child: Vec<bool>,
    /// The entries of `legal` without a child.
    untried: Vec<G::Action>,
    /// The bot's own legal actions at the root.
    root_legal: Vec<G::Action>,
    /// The copy the greedy rollout policy plays candidates on.
    scratch: Option<G::State>,
}

impl<G: Game + Evaluate> IsmctsBot<G> {
    /// An ISMCTS bot with `settings`.
    pub fn new(settings: &IsmctsSettings) -> Self {
        IsmctsBot {
            settings: settings.clone(),
            eval: Evaluator::new(&settings.weights),
            nodes: Vec::new(),
            legal: Vec::new(),
            index: LegalIndex::default(),
            has_child: Vec::new(),
            untried: Vec::new(),
            root_legal: Vec::new(),
            scratch: None,
        }
    }

    /// Searches the information set of `player` holding `view`, whose legal
    /// actions are `legal`, and returns the chosen action; a single legal
    /// action is returned at once. All
    /// chance is drawn from `rng`, so an iteration budget makes the choice
    /// a function of the information set and the RNG state.
    pub fn choose(
        &mut self,
        game: &G,
        view: &G::State,
        legal: &[G::Action],
        player: Player,
        rng: &mut GameRng,
    ) -> G::Action {
        self.root_legal.clear();
        self.root_legal.extend_from_slice(legal);
        if self.root_legal.len() == 1 {
            return self.root_legal[0];
        }
        self.nodes.clear();
        self.nodes.push(TreeNode {
            action: self.root_legal[0],
            mover: player,
            parent: NONE,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
            total: 0.0,
        });
        // One buffer for every iteration's determinization.
        let mut state = view.clone();
        match self.settings.budget {
            Budget::Iterations(n) => {
                for _ in 0..n {
                    self.iterate(game, view, player, rng, &mut state);
                }
            }
            Budget::Milliseconds(ms) => {
                let deadline = Instant::now() + Duration::from_millis(ms);
                loop {
                    self.iterate(game, view, player, rng, &mut state);
                    if Instant::now() >= deadline {
                        break;
                    }
                }
            }
        }
        self.final_choice()
    }

    /// One determinize–select–expand–rollout–backup pass, played in
    /// `state` (a buffer; its content before does not matter).
    fn iterate(
        &mut self,
        game: &G,
        view: &G::State,
        player: Player,
        rng: &mut GameRng,
        state: &mut G::State,
    ) {
        game.determinize_into(view, player, rng, state);
        let mut node = 0;
        while let Node::Decision(mover) = game.to_move(state) {
            game.legal_actions(state, &mut self.legal);
            let best = self.survey(node);
            if !self.untried.is_empty() {
                let action = self.untried[below(rng, self.untried.len() as u32) as usize];
                node = self.add_child(node, action, mover);
                game.apply(state, action, rng, &mut NoObserver);
                break;
            }
            node = best;
            game.apply(
                state,
                self.nodes[node as usize].action,
                rng,
                &mut NoObserver,
            );
        }
        let returns = self.rollout(game, state, rng);
        while node != NONE {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            n.total += returns[n.mover];
            node = n.parent;
        }
    }

    /// Counts the availability of the children of `node` whose action is
    /// legal now, lists the legal actions without a child in `untried`, and
    /// returns the available child with the highest UCB1 value (`NONE` if
    /// there is none).
    fn survey(&mut self, node: u32) -> u32 {
        self.has_child.clear();
        self.has_child.resize(self.legal.len(), false);
        self.index.build(&self.legal);
        let c = self.settings.exploration;
        let (mut best, mut best_ucb) = (NONE, f64::NEG_INFINITY);
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let n = &mut self.nodes[child as usize];
            if let Some(i) = self.index.find(&self.legal, &n.action) {
                self.has_child[i] = true;
                n.avail += 1;
                let explore = (f64::from(n.avail).ln() / f64::from(n.visits.max(1))).sqrt();
                let ucb = n.mean() + c * explore;
                if ucb > best_ucb {
                    (best, best_ucb) = (child, ucb);
                }
            }
            child = n.next_sibling;
        }
        self.untried.clear();
        let without_child = self.legal.iter().zip(&self.has_child).filter(|(_, h)| !**h);
        self.untried.extend(without_child.map(|(&a, _)| a));
        best
    }

    /// Adds a child of `parent` for `action`, made by `mover`.
    fn add_child(&mut self, parent: u32, action: G::Action, mover: Player) -> u32 {
        let index = self.nodes.len() as u32;
        let next_sibling = self.nodes[parent as usize].first_child;
        self.nodes[parent as usize].first_child = index;
        self.nodes.push(TreeNode {
            action,
            mover,
            parent,
            first_child: NONE,
            next_sibling,
            visits: 0,
            avail: 1,
            total: 0.0,
        });
        index
    }

    /// Plays `state` on with the rollout policy and returns every seat's
    /// return (exact at the end, estimated at a cut-off).
    fn rollout(&mut self, game: &G, state: &mut G::State, rng: &mut GameRng) -> Seats<f64> {
        let mut steps = 0;
        loop {
            let player = match game.to_move(state) {
                Node::Terminal(outcome) => return outcome.all_returns(),
                Node::Decision(p) => p,
            };
            let cut_off = self.settings.rollout_depth > 0 && steps >= self.settings.rollout_depth;
            if cut_off || self.settings.rollout == Rollout::None {
                let players = game.num_players();
                return Seats::from_fn(players, |p| self.eval.win_chance(game, state, p));
            }
            game.legal_actions(state, &mut self.legal);
            let n = self.legal.len() as u32;
            let mut action = self.legal[below(rng, n) as usize];
            if self.settings.rollout == Rollout::Greedy && n > 1 {
                let other = self.legal[below(rng, n) as usize];
                let chance = rng.next_u64();
                action = self.eval.best_of(
                    game,
                    state,
                    player,
                    &[action, other],
                    chance,
                    &mut self.scratch,
                );
            }
            game.apply(state, action, rng, &mut NoObserver);
            steps += 1;
        }
    }

    /// The root's chosen action: by visits or by mean return, ties to the
    /// earliest legal action.
    fn final_choice(&self) -> G::Action {
        let key = |n: &TreeNode<G::Action>| match self.settings.final_choice {
            FinalChoice::MostVisited => (f64::from(n.visits), n.mean()),
            FinalChoice::BestValue => (n.mean(), f64::from(n.visits)),
        };
        let mut best = (self.root_legal[0], (f64::NEG_INFINITY, f64::NEG_INFINITY));
        for &action in &self.root_legal {
            let mut child = self.nodes[0].first_child;
            while child != NONE {
                let n = &self.nodes[child as usize];
                if n.action == action && n.visits > 0 && key(n) > best.1 {
                    best = (action, key(n));
                }
                child = n.next_sibling;
            }
        }
        best.0
    }
}

/// An open-addressing table from an action to its first entry in a list
/// of legal actions: a child's action is found in O(1), not by comparing it
/// with every legal action (which was an eighth of a search's time).
#[derive(Clone, Debug, Default)]
struct LegalIndex {
    /// Entry + 1 per slot; 0 is empty. A power of two long.
    slots: Vec<u32>,
}

impl LegalIndex {
    /// Indexes `legal`, keeping the first entry of an action listed twice.
    fn build<A: Hash + Eq>(&mut self, legal: &[A]) {
        let size = (legal.len() * 2).next_power_of_two().max(8);
        self.slots.clear();
        self.slots.resize(size, 0);
        for (i, action) in legal.iter().enumerate() {
            let mut slot = Self::start(action, size);
            loop {
                match self.slots[slot] {
                    0 => {
                        self.slots[slot] = i as u32 + 1;
                        break;
                    }
                    e if legal[e as usize - 1] == *action => break,
                    _ => slot = (slot + 1) & (size - 1),
                }
            }
        }
    }

    /// The first entry of `legal` (the list indexed) equal to `action`.
    fn find<A: Hash + Eq>(&self, legal: &[A], action: &A) -> Option<usize> {
        let size = self.slots.len();
        let mut slot = Self::start(action, size);
        loop {
            match self.slots[slot] {
                0 => return None,
                e if legal[e as usize - 1] == *action => return Some(e as usize - 1),
                _ => slot = (slot + 1) & (size - 1),
            }
        }
    }

    /// The slot where the search for `action` starts.
    fn start<A: Hash>(action: &A, size: usize) -> usize {
        let mut hasher = MixHasher(0);
        action.hash(&mut hasher);
        (hasher.finish() >> 32) as usize & (size - 1)
    }
}

/// A fast hasher for a few bytes (a multiply–rotate mix, as rustc's
/// FxHasher): not for untrusted keys, only the ruleset's own actions.
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::strategy::Weights;
    use crate::bots::testing::{play_match, toy_weights};
    use crate::bots::{Bot, GreedyBot, RandomBot};
    use crate::core::toy::{ToyGame, ToyState};
    use crate::core::{derive_rng, rng_from_seed};

    fn settings(iterations: u32) -> IsmctsSettings {
        IsmctsSettings {
            budget: Budget::Iterations(iterations),
            exploration: 0.7,
            rollout: Rollout::Random,
            rollout_depth: 0,
            final_choice: FinalChoice::MostVisited,
            weights: Weights::zero(&[]),
        }
    }

    /// A mid-game position where player `B` must follow, and the same
    /// position with `A`'s hidden cards resampled.
    fn twin_positions() -> (ToyState, ToyState) {
        let game = ToyGame::duel();
        let mut rng = derive_rng(21, 0);
        let mut state = game.new_state(&mut rng);
        let mut legal = Vec::new();
        for _ in 0..5 {
            game.legal_actions(&state, &mut legal);
            game.apply(&mut state, legal[0], &mut rng, &mut NoObserver);
        }
        assert_eq!(game.to_move(&state), Node::Decision(Player::B));
        let twin = game.determinize(&state, Player::B, &mut derive_rng(99, 0));
        (state, twin)
    }

    #[test]
    fn the_legal_index_finds_the_first_entry_of_each_action() {
        let legal = [5_u32, 9, 5, 1000, 7, 9, 3];
        let mut index = LegalIndex::default();
        index.build(&legal);
        for (i, a) in legal.iter().enumerate() {
            let first = legal.iter().position(|b| b == a);
            assert_eq!(index.find(&legal, a), first, "entry {i}");
        }
        assert_eq!(index.find(&legal, &4), None);
        // Many entries: probes wrap around the table.
        let many: Vec<u32> = (0..300).map(|i| i * 7919).collect();
        index.build(&many);
        for (i, a) in many.iter().enumerate() {
            assert_eq!(index.find(&many, a), Some(i));
        }
        assert_eq!(index.find(&many, &1), None);
        index.build(&[] as &[u32]);
        assert_eq!(index.find(&[], &1), None);
    }

    #[test]
    fn reads_no_hidden_information() {
        let game = ToyGame::duel();
        let (state, twin) = twin_positions();
        assert_ne!(state, twin, "the twins should differ in hidden cards");
        assert_eq!(
            game.info_key(&state, Player::B),
            game.info_key(&twin, Player::B)
        );
        let (mut legal, mut twin_legal) = (Vec::new(), Vec::new());
        game.legal_actions(&state, &mut legal);
        game.legal_actions(&twin, &mut twin_legal);
        for seed in 0..8 {
            let mut bot = IsmctsBot::<ToyGame>::new(&settings(300));
            let a = bot.choose(&game, &state, &legal, Player::B, &mut rng_from_seed(seed));
            let b = bot.choose(
                &game,
                &twin,
                &twin_legal,
                Player::B,
                &mut rng_from_seed(seed),
            );
            assert_eq!(a, b, "seed {seed}");
        }
    }

    #[test]
    fn an_iteration_budget_is_reproducible() {
        let game = ToyGame::duel();
        let (state, _) = twin_positions();
        let mut weighted = settings(300);
        weighted.rollout = Rollout::Greedy;
        weighted.rollout_depth = 3;
        weighted.weights = toy_weights();
        let mut bot = IsmctsBot::<ToyGame>::new(&weighted);
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        let first = bot.choose(&game, &state, &legal, Player::B, &mut rng_from_seed(5));
        let tree = bot.nodes.len();
        let again = bot.choose(&game, &state, &legal, Player::B, &mut rng_from_seed(5));
        assert_eq!(first, again);
        assert_eq!(tree, bot.nodes.len());
        assert!(tree > 100, "the tree should grow (got {tree} nodes)");
    }

    #[test]
    fn beats_random_and_greedy() {
        let game = ToyGame::duel();
        let ismcts = || Bot::Ismcts(IsmctsBot::new(&settings(150)));
        let score = play_match(&game, ismcts(), Bot::Random(RandomBot::new()), 60);
        assert!(score > 0.8, "ismcts scored only {score} against random");
        let greedy = Bot::Greedy(GreedyBot::new(&toy_weights()));
        let score = play_match(&game, ismcts(), greedy, 100);
        assert!(score > 0.6, "ismcts scored only {score} against greedy");
    }

    #[test]
    fn a_search_that_scores_its_leaves_beats_random_and_holds_greedy() {
        let game = ToyGame::duel();
        let mut scored = settings(150);
        scored.rollout = Rollout::None;
        scored.weights = toy_weights();
        let ismcts = || Bot::Ismcts(IsmctsBot::new(&scored));
        let score = play_match(&game, ismcts(), Bot::Random(RandomBot::new()), 60);
        assert!(score > 0.8, "ismcts scored only {score} against random");
        let greedy = Bot::Greedy(GreedyBot::new(&toy_weights()));
        let score = play_match(&game, ismcts(), greedy, 100);
        assert!(score >= 0.45, "ismcts scored only {score} against greedy");
    }

    #[test]
    fn backs_up_every_seats_return_at_three_seats() {
        // Three seats: the rank score of an ISMCTS seat among two random
        // ones (par 0.5).
        let game = ToyGame::table(3);
        let ismcts = Bot::Ismcts(IsmctsBot::new(&settings(150)));
        let score = play_match(&game, ismcts, Bot::Random(RandomBot::new()), 60);
        assert!(
            score >= 0.75,
            "ismcts scored only {score} against random at 3 seats"
        );
    }
}
