//! The search: hill-climbing over one-copy swaps, each step a race on one
//! seed block and a confirmation on a fresh one.
//!
//! A *round* is one game against each deck of the field on each seat; a
//! *seed block* is a range of game indices no other block shares, so the
//! games of block `b`, pairing `p`, round `r` have their own seed whatever
//! deck plays them. A candidate and the incumbent play the very same
//! games of a block (same seeds, seats and opponents): their per-game
//! differences give the paired interval ([`Paired`]).
//!
//! Step `s` (from 0) screens on block `2s` and confirms on block `2s + 1`:
//!
//! 1. The incumbent plays the whole screening block; the improvement when
//!    drawn (IWD, as `cards.csv`) of each of its cards names the weakest.
//! 2. *In race*: every legal swap of one copy of that weakest card for a
//!    card of the pool, by successive halving: each survivor plays
//!    `screen` rounds, then the better half (by paired mean gain) plays as
//!    many again, and so on until one is left; a candidate whose 95%
//!    interval lies wholly below 0 is dropped at once.
//! 3. *Out race*: every legal swap of one copy of a card of the weaker
//!    half of the list (by IWD) for the in race's winner, raced the same
//!    way.
//! 4. *Confirmation*: the winning swap and the incumbent play `confirm`
//!    rounds of the fresh block. The swap is kept only if the one-sided
//!    lower bound of the gain at level `α_k = α / (k (k + 1))` is above 0,
//!    `k` counting the run's confirmations: the levels add up to at most
//!    `α`, so the chance that a run keeps any swap that does not help is
//!    at most `α` (Bonferroni over the confirmations, however many steps
//!    run). Screening never decides: its estimates carry the winner's
//!    curse; the fresh block's do not.
//!
//! The search ends when a confirmation fails, when no swap is legal or
//! none survives a race, or before a step whose most costly course no
//! longer fits in the budget: a step never overspends it, and the steps a
//! run plays depend only on the games spent, so a run resumed with a
//! larger budget goes on exactly as one run would have.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::core::UNITS_PER_GAME;
use crate::stats::{Paired, Z95, bounded_mean95, upper_quantile};

/// The games of one deck on a seed block: its score in units (see
/// [`UNITS_PER_GAME`]) by pairing, then round.
pub type Units = Vec<Vec<u64>>;

/// What a deck's games on some rounds of a block gave.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    /// The deck's score in units, by pairing, then round.
    pub units: Units,
    /// Each card's improvement when drawn (IWD) in those games, where
    /// defined, if asked for.
    pub iwd: Vec<(String, f64)>,
}

/// Where a search plays its games: the deck lists, the pool and the
/// field, behind the operations the search needs.
pub trait Arena {
    /// The games of a round (each field deck on each seat).
    fn pairings(&self) -> usize;
    /// The distinct cards of `deck`, in list order: what may go out.
    fn cards(&self, deck: &str) -> Vec<String>;
    /// The cards of the pool, in pool order: what may come in.
    fn pool(&self) -> Vec<String>;
    /// `deck` with one copy of `out` replaced by one of `into`, if that
    /// deck is legal.
    fn swap(&self, deck: &str, out: &str, into: &str) -> Option<String>;
    /// Plays `deck` on `rounds` of seed block `block`, with the IWD of its
    /// cards if `iwd`; `None` once interrupted.
    fn play(
        &mut self,
        deck: &str,
        block: u64,
        rounds: Range<u64>,
        iwd: bool,
    ) -> anyhow::Result<Option<Played>>;
}

/// The sizes of a search, fixed for a run.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// Rounds of a race's first stage.
    pub screen: u64,
    /// Rounds of a confirmation.
    pub confirm: u64,
    /// The chance, over the whole run, of keeping a swap that does not
    /// help.
    pub alpha: f64,
}

impl Plan {
    /// The rounds of each stage of a race of `n` candidates, and the
    /// survivors playing it: (survivors, rounds reached).
    /// A lone candidate is not raced: it wins.
    fn stages(&self, n: usize) -> Vec<(usize, u64)> {
        let (mut left, mut rounds) = (n, self.screen);
        let mut stages = Vec::new();
        while left > 1 {
            stages.push((left, rounds));
            left = left.div_ceil(2);
            rounds *= 2;
        }
        stages
    }

    /// The rounds a race of `n` candidates reaches at most (0 for one).
    fn race_rounds(&self, n: usize) -> u64 {
        self.stages(n).last().map_or(0, |s| s.1)
    }

    /// The most rounds (summed over candidates) a race of `n` candidates
    /// plays.
    fn race_cost(&self, n: usize) -> u64 {
        let mut before = 0;
        let mut total = 0;
        for (left, rounds) in self.stages(n) {
            total += left as u64 * (rounds - before);
            before = rounds;
        }
        total
    }

    /// The one-sided level of the `k`-th confirmation (from 1).
    pub fn level(&self, k: u32) -> f64 {
        let k = f64::from(k);
        self.alpha / (k * (k + 1.0))
    }
}

/// One line of `optimize.csv`: a step's confirmed (or refused) swap.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The step, from 1.
    pub step: u32,
    /// The card one copy of which goes out.
    pub out: String,
    /// The card one copy of which comes in.
    pub into: String,
    /// The incumbent's win rate on the confirmation games.
    pub before: f64,
    /// The swapped list's win rate on the same games.
    pub after: f64,
    /// The 95% interval of `before` (absent from the state of a run
    /// saved before it was written).
    #[serde(default)]
    pub before_ci95: Option<(f64, f64)>,
    /// The 95% interval of `after`.
    #[serde(default)]
    pub after_ci95: Option<(f64, f64)>,
    /// The low end of the gain's interval at the confirmation's level.
    pub low: f64,
    /// Its high end.
    pub high: f64,
    /// The paired games of the confirmation.
    pub games: u64,
    /// Whether the swap was kept (`low > 0`).
    pub accepted: bool,
    /// The normal quantile of the interval (the confirmation's level).
    pub z: f64,
    /// The candidates of the step's two races.
    pub candidates: u64,
    /// Every game the step played.
    pub step_games: u64,
    /// Every game the run had played by the end of the step.
    pub total_games: u64,
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// A confirmation failed: the best swap found does not help enough.
    NotConfirmed,
    /// No legal swap, or none survived a race.
    NoCandidate,
}

/// A search in progress: what a run saves after each step and resumes
/// from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Search {
    /// The sizes.
    pub plan: Plan,
    /// The list as it stands (the deck file's text).
    pub deck: String,
    /// The steps played, one line each.
    pub rows: Vec<Row>,
    /// The steps played (a step that found no candidate has no line).
    pub steps: u32,
    /// Every game played.
    pub games: u64,
    /// Why the search ended, if it did.
    pub end: Option<End>,
}

/// What one call of [`Search::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepped {
    /// A step was played (see [`Search::rows`] and [`Search::end`]).
    Done,
    /// The next step's most costly course does not fit in the budget:
    /// it needs this many games.
    Budget(u64),
    /// Interrupted: the search is as it was before the step.
    Interrupted,
}

/// A candidate in a race: the swap, the list it gives, its games so far.
struct Entry {
    out: String,
    into: String,
    deck: String,
    units: Units,
    gain: f64,
}

/// Rounds played of `units` (every pairing has the same).
fn rounds(units: &Units) -> u64 {
    units.first().map_or(0, |u| u.len() as u64)
}

/// The paired differences of `b` over `a` on their first `n` rounds, in
/// whole games.
fn pairs(a: &Units, b: &Units, n: u64) -> Vec<(f64, f64)> {
    let n = n as usize;
    let per = UNITS_PER_GAME as f64;
    a.iter()
        .zip(b)
        .flat_map(|(x, y)| {
            x[..n]
                .iter()
                .zip(&y[..n])
                .map(move |(&x, &y)| (x as f64 / per, y as f64 / per))
        })
        .collect()
}

impl Search {
    /// A search starting from the list `deck`.
    pub fn new(plan: Plan, deck: String) -> Search {
        Search {
            plan,
            deck,
            rows: Vec::new(),
            steps: 0,
            games: 0,
            end: None,
        }
    }

    /// The rows of the swaps kept.
    pub fn kept(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|r| r.accepted)
    }

    /// What the next step may swap: the cards of the list (out) and those
    /// of the pool that some legal swap brings in (in).
    fn menu(&self, arena: &impl Arena) -> (Vec<String>, Vec<String>) {
        let outs = arena.cards(&self.deck);
        let ins = arena
            .pool()
            .into_iter()
            .filter(|into| {
                outs.iter()
                    .any(|out| self.swapped(arena, out, into).is_some())
            })
            .collect();
        (outs, ins)
    }

    /// The rounds the incumbent plays on the screening block of a step
    /// with `outs` and `ins`: as many as the longer race reaches.
    fn screening(&self, outs: usize, ins: usize) -> u64 {
        let p = &self.plan;
        p.race_rounds(ins).max(p.race_rounds(outs)).max(p.screen)
    }

    /// The most games the next step may play on `arena`.
    pub fn step_cost(&self, arena: &impl Arena) -> u64 {
        let (outs, ins) = self.menu(arena);
        let (outs, ins) = (outs.len().div_ceil(2), ins.len());
        let p = &self.plan;
        let rounds =
            self.screening(outs, ins) + p.race_cost(ins) + p.race_cost(outs) + 2 * p.confirm;
        rounds * arena.pairings() as u64
    }

    /// Plays the next step if its most costly course fits in `budget`
    /// games in all.
    pub fn step(&mut self, arena: &mut impl Arena, budget: u64) -> anyhow::Result<Stepped> {
        let cost = self.step_cost(arena);
        if self.games + cost > budget {
            return Ok(Stepped::Budget(cost));
        }
        let mut games = 0;
        let outcome = self.play_step(arena, &mut games)?;
        let Some(outcome) = outcome else {
            return Ok(Stepped::Interrupted);
        };
        self.steps += 1;
        self.games += games;
        match outcome {
            Err(end) => self.end = Some(end),
            Ok(mut row) => {
                row.step_games = games;
                row.total_games = self.games;
                if row.accepted {
                    self.deck = self.swapped(arena, &row.out, &row.into).ok_or_else(|| {
                        anyhow::anyhow!(
                            "the kept swap -1 {} +1 {} makes an illegal list",
                            row.out,
                            row.into
                        )
                    })?;
                } else {
                    self.end = Some(End::NotConfirmed);
                }
                self.rows.push(row);
            }
        }
        Ok(Stepped::Done)
    }

    fn swapped(&self, arena: &impl Arena, out: &str, into: &str) -> Option<String> {
        arena.swap(&self.deck, out, into)
    }

    /// One step: `Ok(row)` for a confirmation played, `Err(end)` when no
    /// candidate was left to confirm; `None` once interrupted. `games`
    /// counts what it played.
    fn play_step(
        &self,
        arena: &mut impl Arena,
        games: &mut u64,
    ) -> anyhow::Result<Option<Result<Row, End>>> {
        let screen = 2 * u64::from(self.steps);
        let (outs, ins) = self.menu(arena);
        let rounds = self.screening(outs.len().div_ceil(2), ins.len());
        let Some(base) = play(arena, &self.deck, screen, 0..rounds, true, games)? else {
            return Ok(None);
        };
        // The weakest card that can go out at all, by IWD (undefined last).
        let iwd = |card: &String| {
            base.iwd
                .iter()
                .find(|(c, _)| c == card)
                .map_or(f64::INFINITY, |x| x.1)
        };
        let mut by_iwd = outs.clone();
        by_iwd.sort_by(|a, b| iwd(a).total_cmp(&iwd(b)));
        let Some(in_race) = by_iwd
            .iter()
            .map(|out| self.candidates(arena, out, &ins))
            .find(|c| !c.is_empty())
        else {
            return Ok(Some(Err(End::NoCandidate)));
        };
        let mut count = in_race.len() as u64;
        let Some(winner) = self.race(arena, in_race, &base.units, screen, games)? else {
            return Ok(None);
        };
        let Some(into) = winner.map(|w| w.into) else {
            return Ok(Some(Err(End::NoCandidate)));
        };
        let out_race: Vec<Entry> = by_iwd[..outs.len().div_ceil(2)]
            .iter()
            .filter_map(|out| {
                self.candidates(arena, out, std::slice::from_ref(&into))
                    .pop()
            })
            .collect();
        count += out_race.len() as u64;
        let Some(winner) = self.race(arena, out_race, &base.units, screen, games)? else {
            return Ok(None);
        };
        let Some(winner) = winner else {
            return Ok(Some(Err(End::NoCandidate)));
        };
        let row = self.confirm(arena, &winner, screen + 1, games)?;
        Ok(row.map(|mut r| {
            r.candidates = count;
            Ok(r)
        }))
    }

    /// The legal swaps of one copy of `out` for a card of `ins`.
    fn candidates(&self, arena: &impl Arena, out: &str, ins: &[String]) -> Vec<Entry> {
        ins.iter()
            .filter_map(|into| {
                Some(Entry {
                    out: out.to_owned(),
                    into: into.clone(),
                    deck: self.swapped(arena, out, into)?,
                    units: Vec::new(),
                    gain: 0.0,
                })
            })
            .collect()
    }

    /// Races `entries` on block `block` against the incumbent's games
    /// `base` by successive halving; the winner, `None` inside when none
    /// survives (`None` outside once interrupted).
    fn race(
        &self,
        arena: &mut impl Arena,
        mut entries: Vec<Entry>,
        base: &Units,
        block: u64,
        games: &mut u64,
    ) -> anyhow::Result<Option<Option<Entry>>> {
        for (_, target) in self.plan.stages(entries.len()) {
            for e in &mut entries {
                let have = rounds(&e.units);
                if have >= target {
                    continue;
                }
                let Some(more) = play(arena, &e.deck, block, have..target, false, games)? else {
                    return Ok(None);
                };
                if e.units.is_empty() {
                    e.units = more.units;
                } else {
                    for (mine, new) in e.units.iter_mut().zip(more.units) {
                        mine.extend(new);
                    }
                }
                let paired = Paired::at(&pairs(base, &e.units, target), Z95);
                e.gain = paired.map_or(0.0, |d| d.mean);
                if paired.is_some_and(|d| d.high < 0.0) {
                    e.gain = f64::NEG_INFINITY;
                }
            }
            entries.retain(|e| e.gain > f64::NEG_INFINITY);
            // Stable: ties keep pool and list order.
            entries.sort_by(|a, b| b.gain.total_cmp(&a.gain));
            entries.truncate(entries.len().div_ceil(2));
            if entries.len() <= 1 {
                break;
            }
        }
        Ok(Some(entries.into_iter().next()))
    }

    /// Plays the confirmation of `e` on the fresh block `block`: its line,
    /// `None` once interrupted.
    fn confirm(
        &self,
        arena: &mut impl Arena,
        e: &Entry,
        block: u64,
        games: &mut u64,
    ) -> anyhow::Result<Option<Row>> {
        let n = self.plan.confirm;
        let Some(before) = play(arena, &self.deck, block, 0..n, false, games)? else {
            return Ok(None);
        };
        let Some(after) = play(arena, &e.deck, block, 0..n, false, games)? else {
            return Ok(None);
        };
        let confirmations = self.rows.len() as u32 + 1;
        let z = upper_quantile(self.plan.level(confirmations));
        let pairs = pairs(&before.units, &after.units, n);
        let d = Paired::at(&pairs, z)
            .ok_or_else(|| anyhow::anyhow!("a confirmation of {} rounds played no game", n))?;
        let mean =
            |f: fn(&(f64, f64)) -> f64| pairs.iter().map(f).sum::<f64>() / pairs.len() as f64;
        let interval = |f: fn(&(f64, f64)) -> f64| {
            let (sum, sum_sq) = pairs
                .iter()
                .map(f)
                .fold((0.0, 0.0), |(s, q), x| (s + x, q + x * x));
            bounded_mean95(pairs.len() as u64, sum, sum_sq)
        };
        Ok(Some(Row {
            step: self.steps + 1,
            out: e.out.clone(),
            into: e.into.clone(),
            before: mean(|p| p.0),
            after: mean(|p| p.1),
            before_ci95: interval(|p| p.0),
            after_ci95: interval(|p| p.1),
            low: d.low,
            high: d.high,
            games: d.games,
            accepted: d.low > 0.0,
            z,
            candidates: 0,
            step_games: 0,
            total_games: 0,
        }))
    }
}

/// [`Arena::play`], counting the games played into `games`.
fn play(
    arena: &mut impl Arena,
    deck: &str,
    block: u64,
    rounds: Range<u64>,
    iwd: bool,
    games: &mut u64,
) -> anyhow::Result<Option<Played>> {
    let n = rounds.end.saturating_sub(rounds.start);
    let played = arena.play(deck, block, rounds, iwd)?;
    if played.is_some() {
        *games += n * arena.pairings() as u64;
    }
    Ok(played)
}

#[cfg(test)]
mod tests;
