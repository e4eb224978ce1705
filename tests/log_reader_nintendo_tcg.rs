//! Issue 16, "the log is the game", for the Nintendo TCG: an independent
//! reader rebuilds each seat's public state from the log lines alone
//! (docs/events.md, "Nintendo TCG") — Vitality Points, hand power, hand,
//! deck and the face-down pick, the discard pile, Removed Area and extra
//! deck, the board (each Character by board id with its damage, DP
//! depleted, stat changes, statuses, place, move, song and Items), Constant
//! cards, the Assistant, the Area and Sub-Area, the vitality taken — and
//! matches the engine's state after every action.
//!
//! The figure runs in `cargo test --release`: 1,000 random and
//! 1,000 greedy games over both seatings (a tenth in a debug build);
//! `-- --nocapture` prints the totals.

#[path = "common/event_replay.rs"]
mod event_replay;

use decklab::core::{Player, Report};
use decklab::games::nintendo_tcg::NintendoTcg;
use decklab::games::nintendo_tcg::state::{Char, State, flag};
use event_replay::{LogReader, Tally, num, replay, seat, text};
use serde_json::Value;

/// A Character as the log shows it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Fighter {
    uid: i64,
    card: String,
    damage: i64,
    depleted: i64,
    /// AP, DP, SP and HP changes by effects.
    stats: [i64; 4],
    tapped: bool,
    frozen: bool,
    poisoned: bool,
    sub: bool,
    moved: bool,
    /// It played a Song this turn (the `play` of a Song names it).
    sung: bool,
    items: Vec<String>,
}

/// One seat as the log shows it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Seat {
    vp: i64,
    power: i64,
    hand: i64,
    deck: i64,
    picked: bool,
    discard: Vec<String>,
    removed: Vec<String>,
    extra: Vec<String>,
    board: Vec<Fighter>,
    constants: Vec<String>,
    assistant: Option<String>,
    score: i64,
}

/// The table as the log shows it.
#[derive(Default)]
struct Reader {
    seats: [Seat; 2],
    /// The Area and the Sub-Area, with their owners.
    area: Option<(String, usize)>,
    sub: Option<(String, usize)>,
}

/// The Songs of the bundled pool, by name: a card's kind is public.
fn is_song(card: &str) -> bool {
    static SONGS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SONGS
        .get_or_init(|| {
            let g = NintendoTcg::bundled(0, 1);
            g.db.cards()
                .filter(|(_, c)| c.song)
                .map(|(_, c)| c.name.clone())
                .collect()
        })
        .iter()
        .any(|s| s == card)
}

fn take(list: &mut Vec<String>, card: &str, line: &Value) {
    let i = list
        .iter()
        .position(|c| c == card)
        .unwrap_or_else(|| panic!("{card} is not there for {line}"));
    list.remove(i);
}

impl Reader {
    fn fighter(&mut self, p: usize, line: &Value, field: &str) -> &mut Fighter {
        let uid = num(line, field);
        self.seats[p]
            .board
            .iter_mut()
            .find(|c| c.uid == uid)
            .unwrap_or_else(|| panic!("no Character {uid} of seat {p}: {line}"))
    }
}

impl LogReader<NintendoTcg> for Reader {
    fn read(&mut self, line: &Value) {
        let p = seat(line);
        let card = line["card"].as_str().unwrap_or("").to_string();
        match text(line, "event") {
            "game_start" => {
                for (q, l) in ["a", "b"].iter().enumerate() {
                    let s = &mut self.seats[q];
                    s.deck = num(line, &format!("deck_{l}"));
                    s.vp = num(line, "vp");
                    s.power = num(line, "power");
                }
            }
            "extra_deck" => self.seats[p].extra.push(card),
            "pick" => {
                self.seats[p].deck -= 1;
                self.seats[p].picked = true;
            }
            "reveal" => {
                for s in &mut self.seats {
                    s.picked = false;
                }
            }
            "shuffle_in" => self.seats[p].deck += 1,
            "turn_start" => {
                self.seats[p].power = num(line, "power");
                self.seats[1 - p].power = num(line, "rival_power");
            }
            "hand_power" => self.seats[p].power = num(line, "power"),
            "pay" => self.seats[p].power -= num(line, "amount"),
            "draw" => {
                self.seats[p].deck -= 1;
                self.seats[p].hand += 1;
            }
            // A search that found nothing only shuffles the deck.
            "search" if line["found"] == false => {}
            "search" => {
                self.seats[p].deck -= 1;
                if text(line, "to") == "hand" {
                    self.seats[p].hand += 1;
                }
            }
            "play" => {
                let s = &mut self.seats[p];
                s.power -= num(line, "cost");
                match text(line, "from") {
                    "hand" => s.hand -= 1,
                    "extra_deck" => take(&mut s.extra, &card, line),
                    _ => {}
                }
                // A Song played on a Character: its song of the turn.
                if !line["uid"].is_null() && is_song(&card) {
                    self.fighter(p, line, "uid").sung = true;
                }
            }
            "fetch" => take(&mut self.seats[p].extra, &card, line),
            "enter" => self.seats[p].board.push(Fighter {
                uid: num(line, "uid"),
                card,
                sub: line["sub_area"].as_bool().expect("sub_area"),
                ..Fighter::default()
            }),
            "attach" => self.fighter(p, line, "uid").items.push(card),
            "detach" => take(&mut self.fighter(p, line, "uid").items, &card, line),
            "placed" => match text(line, "at") {
                "assistant" => self.seats[p].assistant = Some(card),
                "area" => self.area = Some((card, p)),
                "sub_area" => self.sub = Some((card, p)),
                _ => self.seats[p].constants.push(card),
            },
            "leaves" => match text(line, "at") {
                "assistant" => self.seats[p].assistant = None,
                "area" => self.area = None,
                _ => self.sub = None,
            },
            "to_pile" => {
                let s = &mut self.seats[p];
                match text(line, "pile") {
                    "discard" => s.discard.push(card),
                    "removed" => s.removed.push(card),
                    _ => s.extra.push(card),
                }
            }
            "move" => {
                let sub = line["sub_area"].as_bool().expect("sub_area");
                let c = self.fighter(p, line, "uid");
                c.sub = sub;
                c.moved = true;
            }
            "attack" => {
                self.fighter(p, line, "uid").tapped = true;
                if !line["target_uid"].is_null() {
                    let (depleted, damage) = (num(line, "dp_depleted"), num(line, "damage"));
                    let foe = self.fighter(1 - p, line, "target_uid");
                    foe.depleted += depleted;
                    foe.damage += damage;
                }
            }
            "damage" => self.fighter(p, line, "uid").damage += num(line, "amount"),
            "heal" => self.fighter(p, line, "uid").damage = num(line, "damage"),
            "stat" => {
                let i = ["ap", "dp", "sp", "hp"]
                    .iter()
                    .position(|s| *s == text(line, "stat"))
                    .expect("a stat");
                self.fighter(p, line, "uid").stats[i] = num(line, "total");
            }
            "status" => {
                let c = self.fighter(p, line, "uid");
                match text(line, "status") {
                    "tapped" => c.tapped = true,
                    "frozen" => (c.tapped, c.frozen) = (true, true),
                    _ => c.poisoned = true,
                }
            }
            "destroyed" | "removed" => {
                let uid = num(line, "uid");
                let board = &mut self.seats[p].board;
                let i = board
                    .iter()
                    .position(|c| c.uid == uid)
                    .unwrap_or_else(|| panic!("no Character {uid} to remove: {line}"));
                assert_eq!(board.remove(i).card, card);
            }
            "vitality" => self.seats[p].vp = num(line, "vp"),
            "score" => self.seats[p].score = num(line, "total"),
            "battle_end" => {
                for c in self.seats.iter_mut().flat_map(|s| s.board.iter_mut()) {
                    c.depleted = 0;
                }
            }
            "untap" => {
                for c in self.seats.iter_mut().flat_map(|s| s.board.iter_mut()) {
                    c.tapped = c.frozen;
                    c.frozen = false;
                    c.moved = false;
                    c.sung = false;
                }
            }
            // A Token's reference card stays in the extra deck.
            "token" => {}
            "action" | "ability" | "attack_pass" | "coin" | "window" | "negated" | "battle"
            | "turn_end" | "game_over" => {}
            other => panic!("an event the reader does not know: {other} in {line}"),
        }
    }

    fn compare(&self, g: &NintendoTcg, s: &State) -> Result<(), String> {
        let name = |c| g.card_name(c).to_string();
        let names = |v: &[decklab::core::CardId]| v.iter().map(|&c| name(c)).collect::<Vec<_>>();
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v
        };
        let fighter = |c: &Char| Fighter {
            uid: c.uid.into(),
            card: name(c.card),
            damage: c.damage.into(),
            depleted: c.depleted.into(),
            stats: [c.ap, c.dp, c.sp, c.hp].map(i64::from),
            tapped: c.has(flag::TAPPED),
            frozen: c.has(flag::FROZEN),
            poisoned: c.has(flag::POISONED),
            sub: c.in_sub(),
            moved: c.has(flag::MOVED),
            sung: c.has(flag::SUNG),
            items: names(&c.items),
        };
        for p in Player::all(2) {
            let side = &s.sides[p];
            let engine = Seat {
                vp: side.vp.into(),
                power: side.power.into(),
                hand: side.hand.len() as i64,
                deck: side.deck.len() as i64,
                picked: side.pick.is_some(),
                discard: sorted(names(&side.discard)),
                removed: sorted(names(&side.removed)),
                extra: sorted(names(&side.extra)),
                board: side.board.iter().map(fighter).collect(),
                constants: names(&side.constants),
                assistant: side.assistant.map(name),
                score: g.summary(s, p).score.into(),
            };
            let mut read = self.seats[p.index()].clone();
            for pile in [&mut read.discard, &mut read.removed, &mut read.extra] {
                pile.sort();
            }
            if read != engine {
                return Err(format!("seat {p}:\n  log    {read:?}\n  engine {engine:?}"));
            }
        }
        let placed = |pl: Option<decklab::games::nintendo_tcg::state::Placed>| {
            pl.map(|pl| (name(pl.card), pl.owner.index()))
        };
        if self.area != placed(s.area) || self.sub != placed(s.sub) {
            return Err(format!(
                "the Area and Sub-Area: log {:?} {:?}, engine {:?} {:?}",
                self.area, self.sub, s.area, s.sub
            ));
        }
        Ok(())
    }
}

/// Replays `random` random and `greedy` greedy games in each seating.
fn check(random: u64, greedy: u64) -> [Tally; 2] {
    let mut tally = [Tally::default(); 2];
    for (i, (a, b)) in [(0, 1), (1, 0)].into_iter().enumerate() {
        let g = NintendoTcg::bundled(a, b);
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
            "nintendo-tcg {bots}: {} games, {} actions, {} log lines, 0 mismatches",
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
