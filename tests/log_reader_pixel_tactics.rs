//! The Pixel Tactics log explains the match: an independent reader
//! rebuilds each seat's public state — the Leader's life left, the actions
//! left in the turn, hand, deck, discard pile and trophy sizes, the face-down
//! Leader pick, every slot of the Unit with its damage, the damage dealt to
//! the rival Leader and the trophies — from the events alone
//! (docs/events.md, "Pixel Tactics"), and matches the engine after every
//! action, in single games and best-of-3 matches.
//!
//! 1,000 random and 1,000 greedy single games and 200 random best-of-3
//! matches, each deck in each seat, in `cargo test --release`;
//! `--nocapture` prints the events read by kind.

#[path = "common/log_replay.rs"]
mod log_replay;

use decklab::core::{CardId, Player, Report};
use decklab::games::pixel_tactics::PixelTactics;
use decklab::games::pixel_tactics::events::{Event, EventKind};
use decklab::games::pixel_tactics::state::{LEADER, Occupant, SLOTS, State};
use log_replay::{LogReader, Replayed, replay};

/// Damage counters a Hero or Leader holds at most (docs/events.md).
const MAX_DAMAGE: u8 = 200;

/// One slot of a Unit as the log describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Slot {
    occupant: Occupant,
    card: CardId,
    damage: u8,
}

/// One seat as the log describes it.
#[derive(Clone, Debug, Default)]
struct Seat {
    unit: [Slot; SLOTS],
    hand: usize,
    deck: usize,
    discard: usize,
    set_aside: usize,
    pick: bool,
    trophies: u8,
    /// The damage dealt to the rival Leader in this game: the reader's own
    /// sum of the `damage` events that scored, wide (a long game passes
    /// 255), checked against each `score` event's total.
    leader_damage: u32,
}

/// The match as the log describes it.
#[derive(Clone, Debug, Default)]
struct Reader {
    seats: [Seat; 2],
    /// Actions left in the turn being played.
    actions: u8,
    /// The Leader damaged by the latest event, if it was a `damage` event
    /// on a Leader: (its seat, the amount), which a `score` event of the
    /// rival seat right after it adds to that seat's sum.
    leader_hit: Option<(Player, u8)>,
}

impl Reader {
    /// The Leader's life left: its printed life less its damage, 0 when
    /// no Leader stands.
    /// The Leader's life left, 0 once routed (the summary's `health`).
    fn leader_life(&self, game: &PixelTactics, p: Player) -> i32 {
        let leader = self.seats[p.index()].unit[LEADER as usize];
        match leader.occupant {
            Occupant::Leader => {
                (i32::from(game.db.card(leader.card).leader_life) - i32::from(leader.damage)).max(0)
            }
            _ => 0,
        }
    }
}

impl LogReader<PixelTactics> for Reader {
    fn apply(&mut self, _game: &PixelTactics, e: &Event) {
        let leader_hit = self.leader_hit.take();
        let seat = &mut self.seats[e.player.index()];
        match e.kind {
            EventKind::Shuffle { deck } => {
                let on_table = seat
                    .unit
                    .iter()
                    .filter(|u| u.occupant != Occupant::Empty)
                    .count();
                let all = seat.deck + seat.hand + seat.discard + on_table + usize::from(seat.pick);
                // The first game's deck is dealt before any event.
                assert!(
                    all == usize::from(deck) || all == 0,
                    "shuffle: {all} cards out of the trophies, the log says {deck}"
                );
                *seat = Seat {
                    deck: deck.into(),
                    set_aside: seat.set_aside,
                    trophies: seat.trophies,
                    ..Seat::default()
                };
            }
            EventKind::SetAside { card } => {
                let leader = &mut seat.unit[LEADER as usize];
                assert_eq!(leader.card, card, "the Leader set aside");
                *leader = Slot::default();
                seat.set_aside += 1;
            }
            EventKind::Draw { .. } => {
                seat.deck -= 1;
                seat.hand += 1;
            }
            EventKind::Act { cost, .. } => self.actions -= cost,
            EventKind::Play { card, slot, .. } => {
                seat.hand -= 1;
                match slot {
                    Some(slot) => {
                        seat.unit[usize::from(slot)] = Slot {
                            occupant: Occupant::Hero,
                            card,
                            damage: 0,
                        }
                    }
                    // An Order, in the discard pile once resolved.
                    None => seat.discard += 1,
                }
            }
            EventKind::Pick => {
                seat.hand -= 1;
                seat.pick = true;
            }
            EventKind::Reveal { leaders, .. } => {
                for p in [Player::A, Player::B] {
                    let seat = &mut self.seats[p.index()];
                    seat.pick = false;
                    seat.unit[LEADER as usize] = Slot {
                        occupant: Occupant::Leader,
                        card: leaders[p],
                        damage: 0,
                    };
                }
            }
            EventKind::TurnStart { actions, .. } => self.actions = actions,
            EventKind::GainActions { amount, actions } => {
                assert_eq!(self.actions + amount, actions, "actions gained");
                self.actions = actions;
            }
            EventKind::Damage { slot, amount, .. } => {
                let at = &mut seat.unit[usize::from(slot)];
                at.damage = at.damage.saturating_add(amount).min(MAX_DAMAGE);
                if slot == LEADER {
                    self.leader_hit = Some((e.player, amount));
                }
            }
            EventKind::Heal { slot, amount, .. } => seat.unit[usize::from(slot)].damage -= amount,
            EventKind::Defeated { slot, .. } => {
                let at = &mut seat.unit[usize::from(slot)];
                at.occupant = Occupant::Corpse;
                at.damage = 0;
            }
            EventKind::Revive { slot, .. } => {
                let at = &mut seat.unit[usize::from(slot)];
                at.occupant = Occupant::Hero;
                at.damage = 0;
            }
            EventKind::Discard { .. } => {
                seat.hand -= 1;
                seat.discard += 1;
            }
            EventKind::Clear { slot, .. } => {
                seat.unit[usize::from(slot)] = Slot::default();
                seat.discard += 1;
            }
            EventKind::Move { from, to } => {
                seat.unit[usize::from(to)] = seat.unit[usize::from(from)];
                seat.unit[usize::from(from)] = Slot::default();
            }
            EventKind::Switch { a, b } => seat.unit.swap(a.into(), b.into()),
            // docs/events.md: `score`'s `total` is "the damage `player` has
            // dealt to the rival Leader in this game": the sum of the
            // damage to that Leader, kept here, not copied from the event.
            EventKind::Score { total } => {
                let Some((hit, amount)) = leader_hit else {
                    panic!("a score event with no damage to a Leader just before it");
                };
                assert_eq!(hit, e.player.opponent(), "score: the rival Leader hit");
                seat.leader_damage += u32::from(amount);
                assert_eq!(
                    u64::from(total),
                    u64::from(seat.leader_damage),
                    "score: the total against the damage dealt"
                );
            }
            EventKind::TurnEnd { unspent } => {
                assert_eq!(self.actions, unspent, "actions left at the end of the turn");
                self.actions = 0;
            }
            EventKind::GameStart { trophies, .. } | EventKind::GameOver { trophies, .. } => {
                for p in [Player::A, Player::B] {
                    self.seats[p.index()].trophies = trophies[p];
                }
            }
            EventKind::Pay { .. }
            | EventKind::Attack { .. }
            | EventKind::Spell { .. }
            | EventKind::Reaction { .. } => {}
        }
    }

    fn compare(&self, game: &PixelTactics, s: &State) -> Result<(), String> {
        if self.actions != s.actions {
            return Err(format!(
                "actions left: log {}, engine {}",
                self.actions, s.actions
            ));
        }
        for p in [Player::A, Player::B] {
            let seat = &self.seats[p.index()];
            let side = &s.sides[p];
            let log = (
                seat.hand,
                seat.deck,
                seat.discard,
                seat.set_aside,
                seat.pick,
                seat.trophies,
                seat.leader_damage,
            );
            let engine = (
                side.hand.len(),
                side.deck.len(),
                side.discard.len(),
                side.set_aside.len(),
                side.pick.is_some(),
                side.trophies,
                side.leader_damage,
            );
            if log != engine {
                return Err(format!(
                    "seat {p} (hand, deck, discard, set aside, pick, trophies, leader damage): \
                     log {log:?}, engine {engine:?}"
                ));
            }
            let unit: Vec<Slot> = side
                .unit()
                .iter()
                .map(|u| Slot {
                    occupant: u.occupant,
                    card: if u.occupant == Occupant::Empty {
                        CardId::default()
                    } else {
                        u.card
                    },
                    damage: u.damage,
                })
                .collect();
            if seat.unit[..] != unit[..] {
                return Err(format!(
                    "seat {p} Unit:\n  log    {:?}\n  engine {unit:?}",
                    seat.unit
                ));
            }
            let life = self.leader_life(game, p);
            let engine_life = game.summary(s, p).health;
            if life != engine_life {
                return Err(format!(
                    "seat {p} Leader life: log {life}, engine {engine_life}"
                ));
            }
        }
        Ok(())
    }
}

/// Replays `games` of `bot` with each starter deck in each seat, as
/// matches of `match_games` games; panics on the first mismatch.
fn replay_all(bot: &str, games: u64, match_games: u8) -> Replayed {
    let mut total = Replayed::default();
    for (i, (a, b)) in [(0, 1), (1, 0)].into_iter().enumerate() {
        let mut game = PixelTactics::bundled(a, b);
        game.options.match_games = match_games;
        let first = 10_000 * i as u64;
        let r = replay(&game, bot, first..first + games / 2, |_| Reader::default())
            .unwrap_or_else(|m| panic!("{m}"));
        total.add(r);
    }
    eprintln!(
        "pixel-tactics {bot}, best of {match_games}: {} matches, {} actions, {} events, \
         0 mismatches; by kind: {:?}",
        total.games,
        total.actions,
        total.total_events(),
        total.events
    );
    total
}

#[test]
fn the_log_rebuilds_every_seat_after_every_action() {
    // 1,000 random and 1,000 greedy games, 200 random best-of-3 matches
    // in release (about three seconds).
    let scale = if cfg!(debug_assertions) { 50 } else { 1 };
    let mut all = replay_all("random", 1_000 / scale, 1);
    all.add(replay_all("greedy", 1_000 / scale, 1));
    all.add(replay_all("random", 200 / scale, 3));
    assert_eq!(all.games, 2_200 / scale);
    // The changes the reader applies all happen in these games.
    let seen = [
        "Shuffle",
        "SetAside",
        "Draw",
        "Act",
        "Play",
        "Pick",
        "Reveal",
        "TurnStart",
        "GainActions",
        "Damage",
        "Heal",
        "Defeated",
        "Revive",
        "Discard",
        "Clear",
        "Move",
        "Switch",
        "Score",
        "TurnEnd",
    ];
    if scale == 1 {
        for kind in seen {
            assert!(
                all.events.contains_key(kind),
                "no {kind} event in the games"
            );
        }
    }
}
