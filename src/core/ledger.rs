//! The store ledger of one game: what a ruleset with an economy (Millennium
//! Blades) did with each store card and, round by round, with each seat's
//! money, deck and results. A ruleset fills it from its own events (see
//! [`crate::core::Report::ledger`]); the designer outputs (`mb_cards.csv`,
//! `mb_sets.csv`, `mb_value_curve.csv`, `mb_tournaments.csv`,
//! `mb_economy.csv`) are folded from it. Every count is a count of events,
//! so a reader of the game's log can recount it.

use super::{CardId, MAX_PLAYERS, Player};

/// A card the store sells, as the designer outputs describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreCard {
    /// The card.
    pub card: CardId,
    /// Its name.
    pub name: String,
    /// The set it belongs to.
    pub set: String,
    /// Its set's tier (`core`, `expansion`, `premium`, `master`).
    pub tier: &'static str,
    /// Its star rating (after `--set`).
    pub stars: u8,
    /// What it costs in the store: its set's price.
    pub price: u8,
}

/// The cards a store sells and the symbols a deck's mix is counted in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoreCatalog {
    /// The store cards, in pool order.
    pub cards: Vec<StoreCard>,
    /// The names of the symbols of [`DeckMix::symbols`] (Millennium
    /// Blades: the six elements, then the six types).
    pub symbols: Vec<&'static str>,
}

/// The most symbols a deck mix counts.
pub const MAX_SYMBOLS: usize = 12;

/// What one seat did with one card over a game (all its copies).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatTrail {
    /// Copies bought from the store.
    pub bought_store: u16,
    /// Copies bought from the aftermarket.
    pub bought_market: u16,
    /// Dollars paid for them.
    pub paid: u32,
    /// Copies sold to the aftermarket.
    pub sold: u16,
    /// Dollars the sales brought.
    pub sold_for: u32,
    /// Copies given to a card fusion.
    pub fused: u16,
    /// Copies put in a collection.
    pub collected: u16,
    /// Copies put in a tournament deck.
    pub decked: u16,
    /// Copies played in a tournament.
    pub played: u16,
    /// Whether the seat owned a copy at any point (bought, dealt, drawn,
    /// won or given).
    pub owned: bool,
    /// Tournaments the card was in the seat's deck for.
    pub tournaments: u16,
    /// The sum of the seat's places in those tournaments.
    pub place_sum: u32,
}

impl SeatTrail {
    /// Copies bought, from the store and the aftermarket.
    pub fn bought(&self) -> u16 {
        self.bought_store + self.bought_market
    }
}

/// What happened to one card over a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardTrail {
    /// Whether a copy was seen: came out of the store deck (into the store
    /// area, bought from the top of the deck, dealt or drawn) or was listed
    /// in the aftermarket.
    pub seen: bool,
    /// By seat.
    pub seats: [SeatTrail; MAX_PLAYERS],
}

/// A seat's tournament deck: its star total and symbol mix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeckMix {
    /// Cards in the deck.
    pub cards: u16,
    /// The sum of their star ratings.
    pub stars: u16,
    /// Cards with each symbol of [`StoreCatalog::symbols`].
    pub symbols: [u16; MAX_SYMBOLS],
}

/// One seat's round: its money, deck and results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatRound {
    /// Whether the seat played the round (a round-start or tournament
    /// event was seen).
    pub played: bool,
    /// Money at the round's start (after the income).
    pub money_start: u32,
    /// Money at its end.
    pub money_end: u32,
    /// Dollars spent.
    pub spent: u32,
    /// Dollars earned by selling.
    pub earned_selling: u32,
    /// Collections turned in.
    pub collections: u16,
    /// Cards in them.
    pub collection_cards: u16,
    /// VP from collections.
    pub vp_collection: u32,
    /// VP from the tournament placement.
    pub vp_tournament: u32,
    /// VP from money at the end of the game.
    pub vp_money: u32,
    /// The tournament deck.
    pub deck: DeckMix,
    /// Clashes taken part in.
    pub clashes: u16,
    /// Clashes won.
    pub clashes_won: u16,
    /// Tournament place (0: no tournament this round).
    pub place: u8,
    /// RP at the end of the tournament.
    pub rp: u32,
}

/// The store ledger of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    /// By card id, what happened to it (grown as cards appear).
    pub cards: Vec<CardTrail>,
    /// By round (index 0: the Pre-Release or round 0), by seat.
    pub rounds: Vec<[SeatRound; MAX_PLAYERS]>,
    /// The round being played.
    pub round: usize,
    /// Each seat's own round where the seats play their rounds apart
    /// (Millennium Blades' Turn-Based Mode, where a seat's round lasts up
    /// to its own next scoring): set by [`Ledger::start_seat_round`], and
    /// then that seat's figures go to it rather than to [`Ledger::round`].
    seat_round: [Option<usize>; MAX_PLAYERS],
    /// Each seat's deck cards for the coming tournament.
    deck: [Vec<CardId>; MAX_PLAYERS],
    /// Seats revealing in the clash under way.
    clashing: u8,
}

impl Ledger {
    /// The trail of `card` by `seat`.
    pub fn seat(&mut self, card: CardId, seat: Player) -> &mut SeatTrail {
        &mut self.card(card).seats[seat.index()]
    }

    /// The trail of `card`.
    pub fn card(&mut self, card: CardId) -> &mut CardTrail {
        let i = card.index();
        if self.cards.len() <= i {
            self.cards.resize(i + 1, CardTrail::default());
        }
        &mut self.cards[i]
    }

    /// `seat`'s record of the current round: its own (see
    /// [`Ledger::start_seat_round`]), else the table's.
    pub fn this_round(&mut self, seat: Player) -> &mut SeatRound {
        let round = self.seat_round[seat.index()].unwrap_or(self.round);
        if self.rounds.len() <= round {
            self.rounds.resize(round + 1, Default::default());
        }
        let r = &mut self.rounds[round][seat.index()];
        r.played = true;
        r
    }

    /// A round begins.
    pub fn start_round(&mut self, round: usize) {
        self.round = round;
        for d in &mut self.deck {
            d.clear();
        }
    }

    /// `seat` alone begins its round `round` (Turn-Based Mode: its first
    /// hand, or a scoring's new hand): from now on its figures go to that
    /// round, whatever round the other seats are in.
    pub fn start_seat_round(&mut self, seat: Player, round: usize) {
        self.seat_round[seat.index()] = Some(round);
    }

    /// `card` comes into `seat`'s possession.
    pub fn owned(&mut self, card: CardId, seat: Player) {
        self.seat(card, seat).owned = true;
    }

    /// `card` goes into `seat`'s tournament deck, adding `stars` and the
    /// `symbols` (bits of [`StoreCatalog::symbols`]) to its mix.
    pub fn deck_add(&mut self, card: CardId, seat: Player, stars: u8, symbols: u16) {
        self.seat(card, seat).decked += 1;
        self.deck[seat.index()].push(card);
        let mix = &mut self.this_round(seat).deck;
        mix.cards += 1;
        mix.stars += u16::from(stars);
        for (k, n) in mix.symbols.iter_mut().enumerate() {
            *n += (symbols >> k) & 1;
        }
    }

    /// `card` leaves `seat`'s tournament deck before it is played (the
    /// deck was over its limits).
    pub fn deck_remove(&mut self, card: CardId, seat: Player, stars: u8, symbols: u16) {
        let deck = &mut self.deck[seat.index()];
        if let Some(i) = deck.iter().position(|&c| c == card) {
            deck.swap_remove(i);
        }
        let mix = &mut self.this_round(seat).deck;
        mix.cards -= 1;
        mix.stars -= u16::from(stars);
        for (k, n) in mix.symbols.iter_mut().enumerate() {
            *n -= (symbols >> k) & 1;
        }
    }

    /// `seat` reveals a card in a clash.
    pub fn clash_reveal(&mut self, seat: Player) {
        self.clashing |= 1 << seat.index();
    }

    /// The clash under way ends, won by `winner` if anyone.
    pub fn clash(&mut self, winner: Option<Player>) {
        for seat in 0..MAX_PLAYERS {
            if self.clashing & (1 << seat) != 0 {
                let r = self.this_round(Player::new(seat));
                r.clashes += 1;
                r.clashes_won += u16::from(winner == Some(Player::new(seat)));
            }
        }
        self.clashing = 0;
    }

    /// `seat` is placed `place` with `rp` and `vp`: every card of its deck
    /// was in a tournament that placed it so.
    pub fn placed(&mut self, seat: Player, place: u8, rp: u32, vp: u32) {
        let r = self.this_round(seat);
        r.place = place;
        r.rp = rp;
        r.vp_tournament += vp;
        let deck = std::mem::take(&mut self.deck[seat.index()]);
        for &card in &deck {
            let t = self.seat(card, seat);
            t.tournaments += 1;
            t.place_sum += u32::from(place);
        }
        self.deck[seat.index()] = deck;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placement_credits_every_card_of_the_deck_once() {
        let mut l = Ledger::default();
        l.start_round(1);
        let (a, b) = (CardId(3), CardId(7));
        l.deck_add(a, Player::B, 4, 0b101);
        l.deck_add(b, Player::B, 2, 0b100);
        l.deck_remove(b, Player::B, 2, 0b100);
        l.placed(Player::B, 2, 30, 15);
        assert_eq!(l.seat(a, Player::B).tournaments, 1);
        assert_eq!(l.seat(a, Player::B).place_sum, 2);
        assert_eq!(l.seat(b, Player::B).tournaments, 0);
        let r = l.rounds[1][1];
        assert_eq!((r.deck.cards, r.deck.stars), (1, 4));
        assert_eq!(&r.deck.symbols[..3], &[1, 0, 1]);
        assert_eq!((r.place, r.rp, r.vp_tournament), (2, 30, 15));
        // A new round starts with an empty deck.
        l.start_round(2);
        l.placed(Player::B, 1, 10, 20);
        assert_eq!(l.seat(a, Player::B).tournaments, 1);
    }

    #[test]
    fn a_seat_playing_its_own_round_keeps_its_figures_there() {
        // Seat a has scored and begun its round 2; seat b still plays its
        // round 1: b's purchases stay in round 1, a's go to round 2.
        let mut l = Ledger::default();
        l.start_seat_round(Player::A, 1);
        l.start_seat_round(Player::B, 1);
        l.this_round(Player::A).money_end = 25;
        l.start_seat_round(Player::A, 2);
        l.this_round(Player::B).spent += 4;
        l.this_round(Player::A).money_start = 55;
        assert_eq!(l.rounds[1][0].money_end, 25);
        assert_eq!(l.rounds[1][1].spent, 4);
        assert_eq!(l.rounds[2][0].money_start, 55);
        assert!(!l.rounds[2][1].played);
    }

    #[test]
    fn a_clash_counts_for_the_seats_that_revealed() {
        let mut l = Ledger::default();
        l.clash_reveal(Player::A);
        l.clash_reveal(Player::new(2));
        l.clash(Some(Player::new(2)));
        l.clash_reveal(Player::A);
        l.clash(None);
        let r = l.rounds[0];
        assert_eq!((r[0].clashes, r[0].clashes_won), (2, 0));
        assert_eq!((r[2].clashes, r[2].clashes_won), (1, 1));
        assert!(!r[1].played);
    }
}
