//! Issue 16, "the log is the game", for Astrom Cross: an independent
//! reader rebuilds each seat's public state from the log lines alone
//! (docs/events.md, "Astrom Cross") — ancient damage and position, hand,
//! deck and location-deck sizes, the terrain zones (locations,
//! wastelands, warriors with their position, gear, damage, power bonus and
//! whether they attacked), the soul stock, grave, Arcana and set cards,
//! the damage dealt — and matches the engine's state after every action.
//!
//! The figure runs in `cargo test --release` (about 5 s): 1,000
//! random and 1,000 greedy games over both seatings (a tenth in a debug
//! build); `-- --nocapture` prints the totals.

#[path = "common/event_replay.rs"]
mod event_replay;

use decklab::core::{Player, Report};
use decklab::games::astrom_cross::AstromCross;
use decklab::games::astrom_cross::state::{Pos, State, Warrior, ZONES};
use event_replay::{LogReader, Tally, num, replay, seat, text};
use serde_json::Value;

/// A warrior as the log shows it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Fighter {
    card: String,
    pos: String,
    gear: Option<String>,
    damage: i64,
    boost: i64,
    attacked: bool,
}

/// A terrain zone as the log shows it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Terrain {
    location: Option<String>,
    wasteland: bool,
    warrior: Option<Fighter>,
}

/// One seat as the log shows it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Seat {
    life: i64,
    ancient_damage: i64,
    ancient_rested: bool,
    hand: i64,
    deck: i64,
    locations: i64,
    zones: [Terrain; ZONES],
    soul: Vec<String>,
    grave: Vec<String>,
    arcana: Vec<String>,
    set: Vec<String>,
    dealt: i64,
}

/// The whole table as the log shows it.
#[derive(Default)]
struct Reader {
    seats: [Seat; 2],
    active: usize,
    revealed_location: Option<String>,
    /// Cards the strikes revealed, waiting for the soul stock.
    revealed: Vec<String>,
}

impl Reader {
    fn fighter(&mut self, p: usize, line: &Value) -> &mut Fighter {
        let z = num(line, "zone") as usize;
        self.seats[p].zones[z]
            .warrior
            .as_mut()
            .unwrap_or_else(|| panic!("no warrior in zone {z}: {line}"))
    }
}

fn take(list: &mut Vec<String>, card: &str, line: &Value) {
    let i = list
        .iter()
        .position(|c| c == card)
        .unwrap_or_else(|| panic!("{card} is not there for {line}"));
    list.remove(i);
}

impl LogReader<AstromCross> for Reader {
    fn read(&mut self, line: &Value) {
        let p = seat(line);
        let card = line["card"].as_str().unwrap_or("").to_string();
        match text(line, "event") {
            "game_start" => {
                for (q, l) in ["a", "b"].iter().enumerate() {
                    let s = &mut self.seats[q];
                    s.life = num(line, &format!("life_{l}"));
                    s.deck = num(line, &format!("deck_{l}"));
                    s.locations = num(line, &format!("locations_{l}"));
                }
            }
            "draw" => {
                self.seats[p].deck -= 1;
                self.seats[p].hand += 1;
            }
            "return_to_deck" => {
                self.seats[p].hand -= 1;
                self.seats[p].deck += 1;
            }
            "turn_start" => {
                self.active = p;
                let s = &mut self.seats[p];
                s.ancient_rested = false;
                for w in s.zones.iter_mut().filter_map(|z| z.warrior.as_mut()) {
                    w.pos = "ready".into();
                    w.attacked = false;
                }
            }
            "reveal_location" => {
                self.seats[p].locations -= 1;
                self.revealed_location = Some(card);
            }
            "location" => {
                assert_eq!(self.revealed_location.take().as_ref(), Some(&card));
                let z = &mut self.seats[p].zones[num(line, "zone") as usize];
                z.location = Some(card);
                z.wasteland = false;
                if !line["exchanged"].is_null() {
                    self.seats[p].locations += 1;
                }
            }
            "play" => {
                let s = &mut self.seats[p];
                match text(line, "from") {
                    "set" => take(&mut s.set, &card, line),
                    _ => s.hand -= 1,
                }
                match text(line, "to") {
                    "zone" => {
                        s.zones[num(line, "zone") as usize].warrior = Some(Fighter {
                            card,
                            pos: "ready".into(),
                            ..Fighter::default()
                        })
                    }
                    "gear" => {
                        let z = num(line, "zone") as usize;
                        let w = s.zones[z].warrior.as_mut().expect("a warrior to equip");
                        w.gear = Some(card);
                    }
                    _ => s.arcana.push(card),
                }
            }
            "consume" => self.seats[p].zones[num(line, "zone") as usize].wasteland = true,
            "pay_soul" => {
                let s = &mut self.seats[p];
                assert_eq!(s.soul.pop().as_ref(), Some(&card), "the top soul: {line}");
                s.grave.push(card);
            }
            "set" => {
                self.seats[p].hand -= 1;
                self.seats[p].set.push(card);
            }
            "soul_charge" => {
                let s = &mut self.seats[p];
                s.hand -= 1;
                s.soul.push(card);
                s.ancient_rested = true;
            }
            "move" => {
                let (from, to) = (num(line, "from") as usize, num(line, "to") as usize);
                let zones = &mut self.seats[p].zones;
                let moving = zones[from].warrior.take();
                zones[from].warrior = zones[to].warrior.take();
                zones[to].warrior = moving;
            }
            "attack" => {
                let w = self.fighter(p, line);
                w.pos = "rest".into();
                w.attacked = true;
            }
            "join" => {
                let attacking = p == self.active;
                let w = self.fighter(p, line);
                w.pos = "rest".into();
                w.attacked |= attacking;
            }
            "defend" => self.fighter(p, line).pos = "rest".into(),
            "position" => self.fighter(p, line).pos = text(line, "pos").into(),
            "power" => self.fighter(p, line).boost = num(line, "boost"),
            "warrior_damage" => self.fighter(p, line).damage = num(line, "total"),
            "destroyed" => {
                let z = num(line, "zone") as usize;
                let s = &mut self.seats[p];
                let w = s.zones[z].warrior.take().expect("a warrior to destroy");
                assert_eq!(w.card, card);
                s.grave.push(w.card);
                s.grave.extend(w.gear);
            }
            "strike" => {
                self.seats[p].deck -= 1;
                self.revealed.push(card);
            }
            "soul" => {
                match text(line, "from") {
                    "strike" => take(&mut self.revealed, &card, line),
                    _ => self.seats[p].deck -= 1,
                }
                self.seats[p].soul.push(card);
            }
            "ancient_damage" | "heal" => self.seats[p].ancient_damage = num(line, "total"),
            "score" => self.seats[p].dealt = num(line, "total"),
            "discard" => {
                self.seats[p].hand -= 1;
                self.seats[p].grave.push(card);
            }
            "recovery" => {
                for s in &mut self.seats {
                    for w in s.zones.iter_mut().filter_map(|z| z.warrior.as_mut()) {
                        w.damage = 0;
                        w.boost = 0;
                    }
                    let arcana = std::mem::take(&mut s.arcana);
                    s.grave.extend(arcana);
                }
            }
            "action" | "mulligan" | "pay" | "combat" | "trigger" | "negated" | "turn_end"
            | "game_over" => {}
            other => panic!("an event the reader does not know: {other} in {line}"),
        }
    }

    fn compare(&self, g: &AstromCross, s: &State) -> Result<(), String> {
        let name = |c| g.card_name(c).to_string();
        let names = |v: &[decklab::core::CardId]| v.iter().map(|&c| name(c)).collect::<Vec<_>>();
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v
        };
        let pos = |p: Pos| match p {
            Pos::Ready => "ready",
            Pos::Rest => "rest",
            Pos::Stun => "stun",
        };
        let fighter = |w: &Warrior| Fighter {
            card: name(w.card),
            pos: pos(w.pos).into(),
            gear: w.gear.map(name),
            damage: w.damage.into(),
            boost: w.boost.into(),
            attacked: w.attacked,
        };
        for p in Player::all(2) {
            let side = &s.sides[p];
            let engine = Seat {
                life: i64::from(g.summary(s, p).health) + i64::from(side.ancient_damage),
                ancient_damage: side.ancient_damage.into(),
                ancient_rested: side.ancient_pos == Pos::Rest,
                hand: side.hand.len() as i64,
                deck: side.deck.len() as i64,
                locations: side.locations.len() as i64,
                zones: std::array::from_fn(|z| {
                    let zone = &side.zones[z];
                    Terrain {
                        location: zone.location.map(name),
                        wasteland: zone.wasteland,
                        warrior: zone.warrior.as_ref().map(fighter),
                    }
                }),
                soul: names(&side.soul),
                grave: sorted(names(&side.grave)),
                arcana: sorted(names(&side.arcana)),
                set: names(&side.set),
                dealt: side.dealt.into(),
            };
            let mut read = self.seats[p.index()].clone();
            read.grave = sorted(read.grave);
            read.arcana = sorted(read.arcana);
            if read != engine {
                return Err(format!("seat {p}:\n  log    {read:?}\n  engine {engine:?}"));
            }
        }
        if self.revealed_location != s.revealed_location.map(name) {
            return Err("the revealed location differs".into());
        }
        if sorted(self.revealed.clone()) != sorted(names(&s.revealed)) {
            return Err("the strikes' revealed cards differ".into());
        }
        Ok(())
    }
}

/// Replays `random` random and `greedy` greedy games in each seating.
fn check(random: u64, greedy: u64) -> [Tally; 2] {
    let mut tally = [Tally::default(); 2];
    for (i, (a, b)) in [(0, 1), (1, 0)].into_iter().enumerate() {
        let g = AstromCross::bundled(a, b);
        let first = i as u64 * 1_000_000;
        for (k, (n, greedy)) in [(random, false), (greedy, true)].into_iter().enumerate() {
            let t = replay::<_, Reader>(&g, first..first + n, greedy);
            tally[k].games += t.games;
            tally[k].actions += t.actions;
            tally[k].lines += t.lines;
        }
    }
    for (bots, t) in ["random", "greedy"].iter().zip(tally) {
        eprintln!(
            "astrom-cross {bots}: {} games, {} actions, {} log lines, 0 mismatches",
            t.games, t.actions, t.lines
        );
    }
    tally
}

#[test]
fn the_log_rebuilds_every_seat_after_every_action() {
    let games = if cfg!(debug_assertions) { 50 } else { 500 };
    let [random, greedy] = check(games, games);
    assert_eq!((random.games, greedy.games), (2 * games, 2 * games));
}
