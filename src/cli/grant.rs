//! The grant experiment of `decklab simulate` (rulesets with a store:
//! Millennium Blades): `--grant CARD` gives a seat a copy of a store card
//! at setup, `--grant-all` does it for every store card in turn. Each
//! granted card's games are the run's games played again with the same
//! seeds, seats and bots, so they differ only by the card from the moment
//! it matters; the paired difference of the seat's rank score is the
//! card's value (`mb_grant.csv`, ranked by it).

use anyhow::{bail, ensure};
use clap::Args;

use super::campaign::{Pairing, Session};
use super::ruleset::{DeckSource, Pool};
use crate::core::{Evaluate, Player, Report, StoreCard};
use crate::diagnostics::unknown_name;
use crate::games::{Grant, Options, Ruleset};
use crate::stats::{GrantStats, GrantTally};

/// The flags of the grant experiment.
#[derive(Clone, Debug, Default, Args)]
pub struct GrantArgs {
    /// Millennium Blades: give the seat of --grant-seat a copy of this
    /// store card at setup; the run's files describe those games, and
    /// mb_grant.csv the card's value: the seat's rank score with it minus
    /// without it, the same games paired.
    #[arg(long, value_name = "CARD", conflicts_with = "grant_all")]
    pub grant: Option<String>,
    /// The seat given the card of --grant or --grant-all.
    #[arg(long, value_name = "SEAT", default_value_t = 'a', value_parser = parse_seat)]
    pub grant_seat: char,
    /// Millennium Blades: run the grant experiment for every store card
    /// (each card's games played again with it granted); the run's files
    /// describe the games without a grant, mb_grant.csv ranks the cards by
    /// value.
    #[arg(long)]
    pub grant_all: bool,
}

/// Parses a seat letter.
fn parse_seat(s: &str) -> Result<char, String> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='e'), None) => Ok(c),
        _ => Err(format!("expected a seat letter from a to e (got \"{s}\")")),
    }
}

/// The cards an experiment grants, in catalog order.
#[derive(Clone, Debug)]
pub struct Experiment {
    /// The seat given each card.
    pub seat: Player,
    /// The cards.
    pub cards: Vec<StoreCard>,
    /// Whether the run's own games are played with the card (`--grant`)
    /// rather than without (`--grant-all`).
    pub granted_run: bool,
}

impl GrantArgs {
    /// Whether an experiment was asked for.
    pub fn asked(&self) -> bool {
        self.grant.is_some() || self.grant_all
    }

    /// The experiment on `game`'s store at a table of `players`, if one
    /// was asked for.
    pub fn experiment<G: Evaluate + Report>(
        &self,
        game: &G,
        players: usize,
    ) -> anyhow::Result<Option<Experiment>> {
        if !self.asked() {
            return Ok(None);
        }
        let Some(catalog) = game.store_catalog() else {
            bail!(
                "--grant and --grant-all are for a ruleset with a store (millennium-blades), not {}",
                game.name()
            );
        };
        let seat = Player::from_letter(self.grant_seat).filter(|p| p.index() < players);
        let Some(seat) = seat else {
            bail!(
                "--grant-seat {} is not a seat of a {players}-seat table",
                self.grant_seat
            );
        };
        let cards = match &self.grant {
            Some(name) => {
                let names = catalog.cards.iter().map(|c| c.name.as_str());
                let found = catalog.cards.iter().find(|c| c.name == *name);
                let Some(card) = found else {
                    bail!("--grant: {}", unknown_name("store card", name, names));
                };
                vec![card.clone()]
            }
            None => catalog.cards,
        };
        Ok(Some(Experiment {
            seat,
            cards,
            granted_run: self.grant.is_some(),
        }))
    }
}

impl Experiment {
    /// `options` with `card` granted.
    pub fn options(&self, options: Options, card: &StoreCard) -> Options {
        Options {
            grant: Some(Grant {
                card: card.card,
                seat: self.seat,
            }),
            ..options
        }
    }

    /// Games the experiment plays besides the run's own, per game of the
    /// run.
    pub fn arms(&self) -> u64 {
        self.cards.len() as u64
    }

    /// Plays the experiment's other arms on `session` (whose own games
    /// were played with [`Session::keep_returns`] for the seat) and
    /// returns the tallies: for `--grant`, the run's games without the
    /// card; for `--grant-all`, each card's games with it.
    pub fn play<R: Ruleset>(
        &self,
        session: &mut Session<'_, R>,
        pool: &Pool<R>,
        entries: &[&DeckSource],
        seats: &[usize],
        options: Options,
    ) -> anyhow::Result<GrantStats> {
        let run = session.returns().to_vec();
        let mut stats = GrantStats::default();
        for card in &self.cards {
            let arm_options = if self.granted_run {
                options
            } else {
                self.options(options, card)
            };
            let arm = Pairing::new(pool, entries, seats, arm_options)?;
            let other = session.play_arm(&arm.games, self.seat)?;
            let (baseline, granted) = if self.granted_run {
                (&other, &run)
            } else {
                (&run, &other)
            };
            ensure!(
                baseline.len() == granted.len() || session.interrupted(),
                "the arms of the grant experiment played different games"
            );
            let tally = stats.cards.entry(card.name.clone()).or_insert(GrantTally {
                set: card.set.clone(),
                tier: card.tier.to_owned(),
                stars: card.stars,
                price: card.price,
                seat: self.seat.letter(),
                ..GrantTally::default()
            });
            for (&b, &g) in baseline.iter().zip(granted) {
                tally.add(b, g);
            }
        }
        Ok(stats)
    }
}

/// Writes the experiment's figures to `w`: each card's effect for one
/// card, else the five largest and smallest.
pub fn write_grant_summary(w: &mut impl std::io::Write, stats: &GrantStats) -> std::io::Result<()> {
    let ranked = stats.ranked();
    let ranges = GrantStats::rank_ranges(&ranked);
    let line = |w: &mut dyn std::io::Write, rank: usize, name: &str, t: &GrantTally| {
        let pct = |x: Option<f64>| x.map_or("-".to_owned(), |x| format!("{x:.3}"));
        let (effect, low, high) = match t.effect95() {
            Some((e, l, h)) => (format!("{e:+.3}"), format!("{l:+.3}"), format!("{h:+.3}")),
            None => ("-".into(), "-".into(), "-".into()),
        };
        let (best, worst) = ranges[rank - 1];
        let could = match (ranked.len(), best == worst) {
            (1, _) => String::new(),
            (_, true) => ", clear of every other card".to_owned(),
            (_, false) => format!(", could rank {best}–{worst}"),
        };
        writeln!(
            w,
            "  {rank:>3}. {name}: seat {} rank score {} -> {} (effect {effect} [{low}, {high}]{could}, {} games)",
            t.seat,
            pct(t.baseline.rate()),
            pct(t.granted.rate()),
            t.granted.games
        )
    };
    writeln!(w, "grant experiment (mb_grant.csv, ranked by effect):")?;
    let n = ranked.len();
    for (i, (name, t)) in ranked.iter().enumerate() {
        if n <= 10 || i < 5 || i >= n - 5 {
            line(w, i + 1, name, t)?;
        } else if i == 5 {
            writeln!(w, "  ...")?;
        }
    }
    Ok(())
}
