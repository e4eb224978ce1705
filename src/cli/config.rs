//! A command's configuration, checked against its ruleset before any work
//! starts: the flags of [`super::flags`] (already bounded by clap) turned,
//! in one pass, into plain values — the rule options and the number of
//! seats ([`Rules`]), the card pool, the decks and bots of a table
//! ([`Table`]). A command reads its flags once, through these, and then
//! only the configuration.
//!
//! A new ruleset-specific flag goes into [`RulesArgs`] (with its value
//! parser), is checked in [`RulesArgs::resolve`] (through
//! [`Ruleset::check_options`] if it is a rule option) and is carried in
//! [`Rules`], which the manifest records through [`Rules::settings`].

use std::io::Write;

use anyhow::Context;
use clap::ValueEnum;
use serde_json::{Map, Value, json};

use super::defaults;
use super::flags::{BotArgs, MatchArgs, MatchFormat, RulesArgs};
use super::ruleset::{DeckSource, Pool, load_pool, match_decks};
use crate::bots::strategy::Budget;
use crate::bots::{FeatureSet, Settings, Strategy};
use crate::core::{CardDef, Evaluate};
use crate::games::{GameKind, Options, Ruleset, with_ruleset};

/// The rules of a run, checked against ruleset `R`.
#[derive(Debug)]
pub struct Rules<R: Ruleset> {
    /// The card pool, `--set` overrides applied.
    pub pool: Pool<R>,
    /// The match options (turn limit, match format, mode…).
    pub options: Options,
    /// Seats at each table.
    pub players: usize,
    /// The `--set` overrides, as given.
    pub set: Vec<String>,
    /// `--match`, as given.
    pub match_format: Option<MatchFormat>,
}

impl<R: Ruleset> Rules<R> {
    /// Adds the rule flags that the manifest's `settings` record beside
    /// the options (`set`, `match`) to `settings`.
    pub fn settings(&self, settings: &mut Map<String, Value>) {
        settings.insert("set".into(), json!(self.set));
        settings.insert(
            "match".into(),
            json!(self.match_format.map(MatchFormat::name)),
        );
    }

    /// The runner's action cap: a safety net far above any real game.
    pub fn action_cap(&self) -> u64 {
        action_cap(self.options.max_turns)
    }
}

/// The runner's action cap for games of `max_turns` turns.
pub fn action_cap(max_turns: u16) -> u64 {
    u64::from(max_turns) * 1_000 + 10_000
}

impl RulesArgs {
    /// The rules these flags ask for, checked against ruleset `R`: the
    /// options, the number of seats, then the card pool.
    pub fn resolve<R: Ruleset>(&self) -> anyhow::Result<Rules<R>> {
        let defaults = R::default_options();
        let options = Options {
            max_turns: self.max_turns.unwrap_or(defaults.max_turns),
            match_games: self.match_format.map_or(1, MatchFormat::games),
            mode: self.mode.mode(),
            ticks_per_minute: self.ticks_per_minute,
            pre_release: self.pre_release,
            grant: None,
        };
        R::check_options(&options).map_err(|m| {
            // The flags the message names, as the rulesets word them,
            // the first named first.
            let mut named: Vec<(usize, &str)> = OPTION_FLAGS
                .into_iter()
                .filter_map(|f| Some((m.find(&format!("--{f}"))?, f)))
                .collect();
            named.sort_unstable();
            let named: Vec<&str> = named.into_iter().map(|(_, f)| f).collect();
            at_file_line(&named, m)
        })?;
        let allowed = R::PLAYERS;
        let players = self.players.unwrap_or(*allowed.start());
        if !allowed.contains(&players) {
            let how_many = if allowed.start() == allowed.end() {
                format!("exactly {}", allowed.start())
            } else {
                format!("{} to {}", allowed.start(), allowed.end())
            };
            let why = format!("{} is played by {how_many} players", R::NAME);
            return Err(match defaults::at_line("players") {
                Some(place) => anyhow::anyhow!("{place}: {why}"),
                None => anyhow::anyhow!("--players {players}: {why}"),
            });
        }
        R::check_players(&options, players).map_err(|m| at_file_line(&["players", "mode"], m))?;
        Ok(Rules {
            pool: load_pool::<R>(self.cards.as_deref(), &self.set)?,
            options,
            players,
            set: self.set.clone(),
            match_format: self.match_format,
        })
    }
}

/// The rule flags whose values [`Ruleset::check_options`] checks (long
/// names).
const OPTION_FLAGS: [&str; 5] = [
    "match",
    "mode",
    "ticks-per-minute",
    "pre-release",
    "max-turns",
];

/// The error `message`, about the flags `flags` (long names): after the
/// place in `decklab.toml` of the first of them that the file gave
/// (`decklab.toml:3: [simulate] players = 3: …`, see
/// [`defaults::at_line`]), as clap's refusals of the file's values are
/// placed; as it is when every one was typed.
pub fn at_file_line(flags: &[&str], message: String) -> anyhow::Error {
    match flags.iter().find_map(|f| defaults::at_line(f)) {
        Some(place) => anyhow::anyhow!("{place}: {message}"),
        None => anyhow::Error::msg(message),
    }
}

/// `result`, its error placed after where `decklab.toml` gave the flag
/// `--<long>` (`decklab.toml:2: [simulate] deck = "nope": deck file not
/// found: …`, see [`defaults::at_line`]) when the file gave it; as it is
/// when the flag was typed. For a value clap takes that fails later (a
/// deck not found, an unknown strategy).
pub fn from_file<T>(long: &str, result: anyhow::Result<T>) -> anyhow::Result<T> {
    result.map_err(|e| match defaults::at_line(long) {
        Some(place) => e.context(place),
        None => e,
    })
}

/// One table: the decks and the bots, by seat.
#[derive(Debug)]
pub struct Table {
    /// The deck of each seat, named for reports.
    pub decks: Vec<DeckSource>,
    /// The bot (strategy name or file) of each seat.
    pub bots: Vec<String>,
}

impl BotArgs {
    /// The bot of each of `players` seats, as named by the flags.
    pub fn by_seat(&self, players: usize) -> anyhow::Result<Vec<String>> {
        if self.bot.len() > players {
            anyhow::bail!(
                "{} --bot flags for a table of {players} seats (give at most one per seat)",
                self.bot.len()
            );
        }
        Ok((0..players)
            .map(|s| match self.bot.get(s) {
                Some(b) => b.clone(),
                None if s == 0 => "greedy".to_owned(),
                None => self.opponent_bot.clone(),
            })
            .collect())
    }

    /// The bot of the deck under test (the first `--bot`).
    pub fn first(&self) -> &str {
        self.bot.first().map_or("greedy", String::as_str)
    }
}

impl MatchArgs {
    /// The rules and the table these flags ask for, checked against
    /// ruleset `R`: every deck found and named, one bot per seat.
    pub fn resolve<R: Ruleset>(&self) -> anyhow::Result<(Rules<R>, Table)> {
        let rules = self.rules.resolve::<R>()?;
        let players = rules.players;
        if self.deck.len() > players {
            anyhow::bail!(
                "{} --deck flags for a table of {players} seats (give at most one per seat)",
                self.deck.len()
            );
        }
        // Each deck with the flag that named it.
        let decks: Vec<Option<(&str, &str)>> = (0..players)
            .map(|s| match self.deck.get(s) {
                Some(d) => Some((d.as_str(), "deck")),
                None if s == 0 => None,
                None => self.opponent.as_deref().map(|o| (o, "opponent")),
            })
            .collect();
        let table = Table {
            decks: match_decks::<R>(&decks)?,
            bots: self.bots.by_seat(players)?,
        };
        Ok((rules, table))
    }
}

/// Loads a strategy for `game`, warning if it cannot be reproduced.
pub fn strategy<G: Evaluate>(game: &G, arg: &str, flag: &str) -> anyhow::Result<Strategy> {
    let s = Strategy::resolve(arg, FeatureSet::of(game))
        .with_context(|| format!("{flag} {arg}: cannot load the strategy"));
    let s = from_file(flag.trim_start_matches('-'), s)?;
    if let Settings::Ismcts(i) = &s.settings
        && let Budget::Milliseconds(_) = i.budget
    {
        // A closed stderr is no reason to stop.
        let _ = writeln!(
            std::io::stderr(),
            "decklab: warning: strategy {} has a wall-clock budget: results will not be reproducible",
            s.name
        );
    }
    Ok(s)
}

/// The long help of `--set`: every ruleset's fields, from the rulesets
/// themselves.
pub fn set_help() -> String {
    let mut text = String::from(
        "What-if: change one card field for this run, as \"Card Name.field=value\" \
         (repeatable; the last one of a field wins). The fields of each ruleset:",
    );
    for kind in GameKind::value_variants() {
        let (fields, note) = with_ruleset!(*kind, R => {
            type C = <R as Ruleset>::Card;
            (<C as CardDef>::FIELDS, <C as CardDef>::FIELDS_NOTE)
        });
        text.push_str(&format!("\n  {}: {}", kind.name(), fields.join(", ")));
        if !note.is_empty() {
            text.push_str(&format!(" ({note})"));
        }
    }
    text
}
