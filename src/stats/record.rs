//! The compact record of one game, built from its [`Metric`] stream.
//!
//! **Sudden Death.** A [`Metric::GameStart`] after the first one starts a
//! re-game (Nostalgix' Sudden Death). Per-turn figures — the mana curve and
//! the prize pace — describe the *main* game only: every `TurnStart`,
//! `TurnEnd`, `Spent`, `Score` and the mana of `Played` after the second
//! `GameStart` are ignored for them. The outcome and the cards drawn and
//! played still count, whichever game they happened in; a card played in a
//! re-game is timed by its owner's turn number within that re-game.
//!
//! **Attribution.** Mana paid and cards played count towards their player's
//! latest own turn (a reaction in the opponent's turn is charged to the
//! reacting player's previous turn); anything before a player's first turn
//! (a mulligan) is not part of any turn.

use crate::core::{CardId, Metric, Player};

/// One own turn of one seat in the main game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnRecord {
    /// The most of the turn's resource available at its start.
    pub resource_max: u32,
    /// The resource available at the start of the turn.
    pub resource: u32,
    /// The resource paid for cards and abilities during the turn.
    pub spent: u32,
    /// The resource left at the end of the turn, if the turn ended (a game
    /// can end mid-turn).
    pub unspent: Option<u32>,
    /// Cards played from hand during the turn.
    pub played: u32,
    /// The sum of the ratings of the cards played during the turn (see
    /// [`Metric::Rated`]).
    pub rating: u32,
    /// The seat's score at the end of the turn (or when the main game ended
    /// during it).
    pub score: u32,
}

impl TurnRecord {
    /// The resource left unused: as reported at the end of the turn, else
    /// what was available minus what was paid.
    pub fn unspent_or_left(&self) -> u32 {
        self.unspent
            .unwrap_or_else(|| self.resource.saturating_sub(self.spent))
    }
}

/// What one seat did with one card over a whole game (re-games included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardRecord {
    /// The card's id in the ruleset.
    pub card: CardId,
    /// Copies in the kept opening hand: in hand when the game's first
    /// turn began (17lands' OH).
    pub opening: u32,
    /// Copies that reached the hand after the opening hand: drawn,
    /// searched, fetched or returned (17lands' GD counts these games).
    pub drawn: u32,
    /// Copies played from hand.
    pub played: u32,
    /// The sum of the owner's turn numbers at which copies were played.
    pub turn_sum: u64,
}

impl CardRecord {
    /// Whether a copy was in hand at any point of the game: in the kept
    /// opening hand or reached it later (17lands' GIH counts these games).
    pub fn in_hand(&self) -> bool {
        self.opening > 0 || self.drawn > 0
    }
}

/// What one seat did in one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatRecord {
    /// The seat's own turns in the main game, in order (turn 1 first).
    pub turns: Vec<TurnRecord>,
    /// Whether the last of `turns` had ended when the main game ended.
    pub last_turn_ended: bool,
    /// Whether the seat's turns are rounds every seat plays at once (see
    /// [`Recorder::in_rounds`]).
    pub rounds: bool,
    /// Whether a game ends only at the end of a round of turns, every seat
    /// having just played its turn of one number (see
    /// [`Recorder::ending_with_rounds_of_turns`]).
    pub ends_with_round: bool,
    /// The score at the end of the main game.
    pub final_score: u32,
    /// Cards drawn or played, in order of first appearance.
    pub cards: Vec<CardRecord>,
    /// The actions taken in the main game, as (own turn, kind) in order; an
    /// action before the seat's first turn has turn 0.
    pub actions: Vec<(u32, &'static str)>,
    /// Whether the ruleset rated the cards played (see [`Metric::Rated`]).
    pub rated: bool,
}

impl SeatRecord {
    /// The own turn by the end of which a win of this seat in this game had
    /// happened: the turn in progress when the main game ended, else the
    /// next one (the game ended in the opponent's turn) — except in a game
    /// of rounds (see [`Recorder::in_rounds`]), where the game ends with
    /// the round every seat has just ended, and in a game that ends with a
    /// round of turns (see [`Recorder::ending_with_rounds_of_turns`]),
    /// where it ends with the turn every seat has just played. A Sudden
    /// Death win is dated by the end of the main game likewise.
    pub fn win_turn(&self) -> u32 {
        let started = self.turns.len() as u32;
        if started > 0 && (!self.last_turn_ended || self.rounds || self.ends_with_round) {
            started
        } else {
            started + 1
        }
    }

    fn card(&mut self, card: CardId) -> &mut CardRecord {
        let i = match self.cards.iter().position(|c| c.card == card) {
            Some(i) => i,
            None => {
                self.cards.push(CardRecord {
                    card,
                    ..CardRecord::default()
                });
                self.cards.len() - 1
            }
        };
        &mut self.cards[i]
    }
}

/// The record of one game: who went first and what each seat did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// The seat that took the first turn of the main game, if any turn began
    /// (in a game of rounds, see [`Recorder::in_rounds`], only the seat of
    /// its first [`Metric::OwnTurn`], if any).
    pub first: Option<Player>,
    /// One record per seat.
    pub seats: Vec<SeatRecord>,
}

/// Builds a [`GameRecord`] from the metrics of one game, in order.
#[derive(Clone, Debug)]
pub struct Recorder {
    record: GameRecord,
    game_starts: u32,
    /// Own turns begun in the current (re-)game, per seat.
    turn_in_game: Vec<u32>,
    /// Current score, per seat (main game).
    scores: Vec<u32>,
    /// Whether the game's first turn has begun: cards reaching a hand
    /// before it are the opening hand.
    opening_closed: bool,
}

impl Recorder {
    /// A recorder for a game of `players` seats.
    pub fn new(players: usize) -> Self {
        Recorder {
            record: GameRecord {
                first: None,
                seats: vec![SeatRecord::default(); players],
            },
            game_starts: 0,
            turn_in_game: vec![0; players],
            scores: vec![0; players],
            opening_closed: false,
        }
    }

    /// The same recorder for a game whose turns are rounds that every seat
    /// plays at once and that ends with a round (Millennium Blades): a win
    /// is dated to the round that just ended, not the next one.
    pub fn in_rounds(mut self) -> Self {
        self.record.seats.iter_mut().for_each(|s| s.rounds = true);
        self
    }

    /// The same recorder for a game whose seats take turns in order but
    /// that ends only at the end of a round in which every seat has just
    /// played its turn of one number (Pixel Tactics' Wave): a win, and
    /// the score claimed with it, are dated to that turn, not the next one.
    pub fn ending_with_rounds_of_turns(mut self) -> Self {
        self.record
            .seats
            .iter_mut()
            .for_each(|s| s.ends_with_round = true);
        self
    }

    /// Takes the next metric of the game. Metrics naming a seat the game does
    /// not have are ignored.
    pub fn observe(&mut self, metric: Metric) {
        if let Metric::GameStart = metric {
            self.game_starts += 1;
            self.turn_in_game.iter_mut().for_each(|t| *t = 0);
            return;
        }
        let main = self.game_starts <= 1;
        let seat = match metric {
            Metric::GameStart => return,
            Metric::TurnStart { player, .. }
            | Metric::Drew { player, .. }
            | Metric::ToHand { player, .. }
            | Metric::HandToDeck { player, .. }
            | Metric::Played { player, .. }
            | Metric::Rated { player, .. }
            | Metric::Spent { player, .. }
            | Metric::Score { player, .. }
            | Metric::TurnEnd { player, .. }
            | Metric::OwnTurn { player }
            | Metric::Action { player, .. } => player.index(),
        };
        if seat >= self.record.seats.len() {
            return;
        }
        let score = self.scores[seat];
        let own_turn = self.turn_in_game[seat];
        let rec = &mut self.record.seats[seat];
        match metric {
            Metric::GameStart => {}
            Metric::TurnStart {
                player,
                resource_max,
                resource,
            } => {
                self.turn_in_game[seat] += 1;
                self.opening_closed = true;
                if main {
                    // In a game of rounds every seat plays each round at
                    // once: nobody takes the first turn.
                    if !rec.rounds {
                        self.record.first.get_or_insert(player);
                    }
                    rec.turns.push(TurnRecord {
                        resource_max,
                        resource,
                        score,
                        ..TurnRecord::default()
                    });
                    rec.last_turn_ended = false;
                }
            }
            // A game of rounds whose seats also take turns in order: its
            // first turn names the first seat.
            Metric::OwnTurn { player } => {
                if main {
                    self.record.first.get_or_insert(player);
                }
            }
            Metric::Drew { card, .. } | Metric::ToHand { card, .. } => {
                let c = rec.card(card);
                if self.opening_closed {
                    c.drawn += 1;
                } else {
                    c.opening += 1;
                }
            }
            Metric::HandToDeck { card, .. } => {
                if !self.opening_closed {
                    let c = rec.card(card);
                    c.opening = c.opening.saturating_sub(1);
                }
            }
            Metric::Played { card, cost, .. } => {
                let c = rec.card(card);
                c.played += 1;
                c.turn_sum += u64::from(own_turn);
                if main && let Some(t) = rec.turns.last_mut() {
                    t.played += 1;
                    t.spent += cost;
                }
            }
            Metric::Rated { rating, .. } => {
                rec.rated = true;
                if main && let Some(t) = rec.turns.last_mut() {
                    t.rating += rating;
                }
            }
            Metric::Spent { amount, .. } => {
                if main && let Some(t) = rec.turns.last_mut() {
                    t.spent += amount;
                }
            }
            Metric::Score { total, .. } => {
                if main {
                    self.scores[seat] = total;
                    rec.final_score = total;
                    if (!rec.last_turn_ended || rec.ends_with_round)
                        && let Some(t) = rec.turns.last_mut()
                    {
                        t.score = total;
                    }
                }
            }
            Metric::TurnEnd { unspent, .. } => {
                if main && let Some(t) = rec.turns.last_mut() {
                    t.unspent = Some(unspent);
                    rec.last_turn_ended = true;
                }
            }
            Metric::Action { kind, .. } => {
                if main {
                    rec.actions.push((rec.turns.len() as u32, kind));
                }
            }
        }
    }

    /// The finished record.
    pub fn finish(self) -> GameRecord {
        self.record
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Player = Player::A;
    const B: Player = Player::B;

    fn record(metrics: &[Metric]) -> GameRecord {
        record_by(Recorder::new(2), metrics)
    }

    /// The record `r` makes of `metrics`.
    fn record_by(mut r: Recorder, metrics: &[Metric]) -> GameRecord {
        metrics.iter().for_each(|m| r.observe(*m));
        r.finish()
    }

    fn turn_end(player: Player, unspent: u32) -> Metric {
        Metric::TurnEnd { player, unspent }
    }

    fn turn(player: Player, mana: u32) -> Metric {
        Metric::TurnStart {
            player,
            resource_max: mana,
            resource: mana,
        }
    }

    #[test]
    fn a_game_of_rounds_whose_seats_take_turns_names_the_first_seat_by_its_first_turn() {
        // Millennium Blades' Turn-Based Mode: every seat begins its round
        // at once, then seat b takes the first turn.
        let metrics = [
            Metric::GameStart,
            turn(A, 30),
            turn(B, 30),
            Metric::OwnTurn { player: B },
            Metric::OwnTurn { player: A },
            Metric::OwnTurn { player: B },
        ];
        let g = record_by(Recorder::new(2).in_rounds(), &metrics);
        assert_eq!(g.first, Some(B));
        assert_eq!(g.seats[1].turns.len(), 1, "a turn of its own is no round");
    }

    #[test]
    fn a_game_of_rounds_dates_a_win_to_the_round_that_ended_it_and_sums_ratings() {
        let metrics = [
            Metric::GameStart,
            turn(A, 30),
            turn(B, 30),
            Metric::Played {
                player: A,
                card: CardId(1),
                cost: 0,
            },
            Metric::Rated {
                player: A,
                rating: 7,
            },
            turn_end(A, 12),
            turn_end(B, 30),
        ];
        let g = record_by(Recorder::new(2).in_rounds(), &metrics);
        assert_eq!(g.seats[0].turns[0].rating, 7);
        assert_eq!(g.seats[0].win_turn(), 1, "the round that ended the game");
        assert_eq!(g.first, None, "a round has no first seat");
        // Without rounds, a win after the turn ended is dated to the next,
        // and the seat whose turn began first went first.
        let g = record(&metrics);
        assert_eq!(g.seats[0].win_turn(), 2);
        assert_eq!(g.first, Some(A));
    }

    #[test]
    fn a_game_ending_with_a_round_of_turns_dates_its_win_and_score_to_that_turn() {
        // Pixel Tactics (rules "Rout"): the game is settled at the end of a
        // Wave, after both seats played their turn 1 in order.
        let metrics = [
            Metric::GameStart,
            turn(A, 2),
            turn_end(A, 0),
            turn(B, 2),
            turn_end(B, 0),
            Metric::Score {
                player: A,
                total: 1,
            },
        ];
        let g = record_by(Recorder::new(2).ending_with_rounds_of_turns(), &metrics);
        assert_eq!(g.first, Some(A), "the seats take turns in order");
        assert_eq!(g.seats[0].win_turn(), 1, "the turn of the last round");
        assert_eq!(g.seats[0].turns[0].score, 1, "the score claimed with it");
        assert_eq!(g.seats[1].win_turn(), 1);
        // Without it, a win after the turn ended is dated to the next.
        let g = record(&metrics);
        assert_eq!(g.seats[0].win_turn(), 2);
        assert_eq!(g.seats[0].turns[0].score, 0);
    }

    #[test]
    fn turns_mana_and_prizes() {
        let g = record(&[
            Metric::GameStart,
            Metric::Drew {
                player: B,
                card: CardId(3),
            },
            turn(B, 1),
            Metric::Played {
                player: B,
                card: CardId(3),
                cost: 1,
            },
            turn_end(B, 0),
            turn(A, 1),
            Metric::Score {
                player: A,
                total: 1,
            },
            turn_end(A, 1),
            turn(B, 2),
            Metric::Spent {
                player: B,
                amount: 2,
            },
            Metric::Score {
                player: B,
                total: 2,
            },
        ]);
        assert_eq!(g.first, Some(B));
        let b = &g.seats[1];
        assert_eq!(b.turns.len(), 2);
        assert_eq!((b.turns[0].spent, b.turns[0].played), (1, 1));
        assert_eq!(b.turns[1].spent, 2);
        assert_eq!(b.turns[1].score, 2);
        assert_eq!(b.turns[1].unspent_or_left(), 0);
        assert_eq!(b.win_turn(), 2);
        assert_eq!(
            b.cards[0],
            CardRecord {
                card: CardId(3),
                opening: 1,
                drawn: 0,
                played: 1,
                turn_sum: 1
            }
        );
        let a = &g.seats[0];
        assert_eq!((a.turns[0].score, a.final_score), (1, 1));
        assert_eq!(a.win_turn(), 2);
    }

    #[test]
    fn the_opening_hand_is_what_is_in_hand_when_the_first_turn_begins() {
        let card = |n| CardId(n);
        let g = record(&[
            Metric::GameStart,
            Metric::Drew {
                player: A,
                card: card(1),
            },
            Metric::Drew {
                player: A,
                card: card(2),
            },
            // A mulligan puts card 2 back and draws card 3 instead.
            Metric::HandToDeck {
                player: A,
                card: card(2),
            },
            Metric::Drew {
                player: A,
                card: card(3),
            },
            turn(B, 1),
            // After the first turn began: drawn, searched or returned.
            Metric::Drew {
                player: A,
                card: card(2),
            },
            Metric::ToHand {
                player: A,
                card: card(4),
            },
            Metric::ToHand {
                player: A,
                card: card(1),
            },
            // A card leaving the hand later does not undo anything.
            Metric::HandToDeck {
                player: A,
                card: card(3),
            },
        ]);
        let a = &g.seats[0];
        let of = |n| *a.cards.iter().find(|c| c.card == card(n)).unwrap();
        assert_eq!((of(1).opening, of(1).drawn), (1, 1));
        assert_eq!((of(2).opening, of(2).drawn), (0, 1));
        assert_eq!((of(3).opening, of(3).drawn), (1, 0));
        assert_eq!((of(4).opening, of(4).drawn), (0, 1));
    }

    #[test]
    fn sudden_death_keeps_cards_but_not_turns() {
        let g = record(&[
            Metric::GameStart,
            turn(A, 1),
            turn_end(A, 1),
            Metric::GameStart,
            turn(A, 1),
            turn(A, 2),
            Metric::Drew {
                player: A,
                card: CardId(7),
            },
            Metric::Played {
                player: A,
                card: CardId(7),
                cost: 2,
            },
            Metric::Score {
                player: A,
                total: 1,
            },
        ]);
        let a = &g.seats[0];
        assert_eq!(a.turns.len(), 1);
        assert_eq!(a.turns[0].spent, 0);
        assert_eq!(a.final_score, 0);
        assert_eq!(a.cards[0].played, 1);
        assert_eq!(a.cards[0].turn_sum, 2);
        assert_eq!(a.win_turn(), 2);
    }
}
