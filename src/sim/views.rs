//! What a seat is shown when it decides: the state determinized for it
//! ([`Game::determinize`]), kept across the seat's consecutive decisions
//! while it still holds what the seat knows ([`Game::follow_view`]),
//! else dealt afresh.
//!
//! A view kept is as good a sample of the hidden cards as a fresh one:
//! they were dealt at random from the seat's information set, and the
//! actions since told the seat nothing more about them (the ruleset checks
//! it exactly, reading only what the seat may know). A Nostalgix turn is a
//! run of decisions by one seat, so most decisions keep their view
//! instead of paying for a new deal.

use crate::core::{Game, GameRng, MAX_PLAYERS, Player, derive_rng};

/// The views of one game's seats.
#[derive(Clone, Debug)]
pub struct Views<G: Game> {
    /// Each seat's determinization stream (see [`super::play_game`]).
    rngs: Vec<GameRng>,
    /// The view shown at the last decision (kept in place: a state is
    /// large, and most decisions play on it rather than replace it).
    view: Option<G::State>,
    /// Who was shown it, and the action they took on it, once known;
    /// `None` once a decision was taken without a view.
    shown: Option<(Player, Option<G::Action>)>,
    /// Views kept rather than dealt, so far.
    kept: u64,
}

impl<G: Game> Views<G> {
    /// The views of the game whose own seed is `seed`: seat `p` draws its
    /// deals from stream `1 + MAX_PLAYERS + p` of that seed.
    pub fn new(game: &G, seed: u64) -> Self {
        let players = game.num_players() as u64;
        Views {
            rngs: (0..players)
                .map(|p| derive_rng(seed, 1 + MAX_PLAYERS as u64 + p))
                .collect(),
            view: None,
            shown: None,
            kept: 0,
        }
    }

    /// The view of `state` for `player`, who decides: the view of
    /// `player`'s last decision with the action taken on it played on, if
    /// that was the decision just before and the result still holds what
    /// `player` knows of `state`; else a fresh determinization.
    pub fn view(&mut self, game: &G, state: &G::State, player: Player) -> &G::State {
        let rng = &mut self.rngs[player.index()];
        let last = self.shown.replace((player, None));
        let kept = match (last, &mut self.view) {
            (Some((seat, Some(action))), Some(view)) if seat == player => {
                game.follow_view(view, action, state, player, rng)
            }
            _ => false,
        };
        self.kept += u64::from(kept);
        // A fresh deal refills the buffer in place; only the first is a copy.
        if let (Some(view), false) = (&mut self.view, kept) {
            game.determinize_into(state, player, rng, view);
        }
        self.view
            .get_or_insert_with(|| game.determinize(state, player, rng))
    }

    /// What `player`, who decides, is shown: [`view`](Self::view) if
    /// `needs_view` (a bot that reads more than the legal actions, a
    /// person), else `state` itself, and the last view is forgotten.
    pub fn show<'a>(
        &'a mut self,
        game: &G,
        state: &'a G::State,
        player: Player,
        needs_view: bool,
    ) -> &'a G::State {
        if needs_view {
            self.view(game, state, player)
        } else {
            self.forget();
            state
        }
    }

    /// Records the action taken on the view last shown.
    pub fn took(&mut self, action: G::Action) {
        if let Some((_, taken)) = &mut self.shown {
            *taken = Some(action);
        }
    }

    /// Forgets the view last shown: a decision was taken without one.
    pub fn forget(&mut self) {
        self.shown = None;
    }

    /// How many views were kept rather than dealt afresh.
    pub fn kept(&self) -> u64 {
        self.kept
    }
}
