//! Pixel Tactics as a [`Ruleset`]: its pool, decks and overrides from
//! files, through the kit.

use std::sync::Arc;

use super::cards::{BUNDLED_CARDS, Card, CardDb};
use super::deck::Deck;
use super::{BUNDLED_DECKS, NAME, Options, PixelTactics};
use crate::diagnostics::Diagnostic;
use crate::games::Ruleset;

impl Ruleset for PixelTactics {
    type Card = Card;
    type Deck = Deck;

    const NAME: &'static str = NAME;
    const BUNDLED_CARDS: &'static str = BUNDLED_CARDS;
    /// `size_of::<State>()` is 536 bytes (a whole match, both sides'
    /// zones in fixed arrays, and each Unit's masks kept beside it): the
    /// budget is that figure, so any growth of the state is a decision.
    /// It was 520 until the damage dealt to the rival Leader (the log's
    /// `score` total) widened from `u8` to `u32`: it stopped at 255 in
    /// long games (`--max-turns` up to 65,535).
    const STATE_BUDGET: usize = 536;

    fn bundled_decks() -> &'static [(&'static str, &'static str)] {
        &BUNDLED_DECKS
    }

    /// A card's stat; the match format is no card's field but `--match`'s.
    fn apply_override(cards: &mut CardDb, spec: &str) -> Result<(), String> {
        let target = spec.split_once('=').map_or(spec, |(t, _)| t);
        if target.trim().eq_ignore_ascii_case("match.games") {
            return Err("the match format is set with --match single|best-of-3|best-of-5".into());
        }
        cards.apply_override(spec)
    }

    fn parse_deck(
        text: &str,
        path: &str,
        name: &str,
        cards: &CardDb,
    ) -> Result<Deck, Vec<Diagnostic>> {
        let mut deck = Deck::parse(text, path, cards)?;
        name.clone_into(&mut deck.name);
        Ok(deck)
    }

    fn check_options(options: &Options) -> Result<(), String> {
        let games = match options.match_games {
            1 | 3 | 5 => u32::from(options.match_games),
            n => return Err(format!("a match is 1, 3 or 5 games, not {n}")),
        };
        // The match's turn counter (16 bits) holds the turns of the games
        // a match can decide (`games` at most); a tied game is played
        // again, so a match of ties could still fill it: the match then
        // ends as a draw (`turn_limit`, rules.rs's `start_turn`).
        let most = u32::from(u16::MAX) / games;
        if u32::from(options.max_turns) > most {
            return Err(format!(
                "--max-turns {} in a match of {games} games: the match could last {} turns, more \
                 than the {} its turn counter holds; use --max-turns at most {most}",
                options.max_turns,
                u32::from(options.max_turns) * games,
                u16::MAX
            ));
        }
        Ok(())
    }

    /// 200 player-turns per game (ruling "Turn limit"): greedy games take
    /// a median of 46, but one in 16 goes past 100 and one in 170 past
    /// 200 (1,000 games, seed 1).
    fn default_options() -> Options {
        Options {
            max_turns: 200,
            ..Options::default()
        }
    }

    fn new_match(cards: Arc<CardDb>, decks: Vec<Deck>, options: Options) -> PixelTactics {
        let decks: [Deck; 2] = decks
            .try_into()
            .unwrap_or_else(|d: Vec<Deck>| panic!("{} decks for a two-seat game", d.len()));
        PixelTactics::new(cards, decks, options)
    }
}
