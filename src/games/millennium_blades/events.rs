//! What happens in a game of Millennium Blades, for logs and reports: every
//! change of money, cards, RP and VP is an event.
//!
//! The metrics the reports read: a round is a player's "turn" (the mana
//! curve's resource is dollars: the money at the round's start, dollars
//! spent, dollars left; cards played are the singles of the round's
//! tournament, and `value_played` their star ratings); the score is VP
//! (the prize pace is VP by round); actions by kind (`sell`, `fuse`,
//! `collect`, `action`, `reaction`, `decline` a Reaction not used, `pass`
//! a tick passed or a tournament turn without a single to play).

use serde_json::{Value, json};

use super::cards::{ELEMENTS, TYPES};
use super::state::State;
use super::turn_based::SCORINGS;
use super::{MillenniumBlades, Mode};
use crate::core::{
    CardId, Ledger, Metric, Observer, Player, Report, SeatSummary, SeatTerms, StoreCatalog,
};

/// An event of Millennium Blades.
pub type Event = crate::core::Event<EventKind>;

/// What happened (the `player` of the envelope acts or owns it; cards are
/// instances of the match's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A game begins: the setup is done.
    GameStart {
        /// Seats at the table.
        players: u8,
    },
    /// A card goes to a player at setup (starter deck, first store cards).
    Setup {
        /// The card.
        card: u16,
    },
    /// A player's round ends: its tournament is scored (Turn-Based Mode:
    /// the player scored).
    RoundEnd {
        /// The player's money left.
        money: u16,
    },
    /// A deckbuilding phase begins (Turn-Based Mode: a player's first turn
    /// or a scoring's new hand).
    RoundStart {
        /// The round (1 to 3).
        round: u8,
        /// The player's money after the income.
        money: u16,
    },
    /// Income at the start of a deckbuilding phase.
    Income {
        /// Dollars gained.
        amount: u16,
    },
    /// A store card given to a player at setup (the grant experiment,
    /// `decklab simulate --grant`).
    Grant {
        /// The card.
        card: u16,
    },
    /// A store card dealt face down to a player.
    Dealt {
        /// The card.
        card: u16,
    },
    /// A metagame card revealed (elements: `stack` 0, types: 1).
    Meta {
        /// The card.
        card: u16,
    },
    /// A timer of the deckbuilding phase ran out.
    Timer {
        /// The timer (0, 1 or 2).
        timer: u8,
    },
    /// The store discard was shuffled into a new store deck.
    Reshuffle {
        /// Cards in the new deck.
        cards: u16,
    },
    /// A deal ran out of cards: the store deck and the store discard were
    /// both empty (a ruling; the book does not say). The `player` of the
    /// envelope is the first one left short.
    StoreEmpty {
        /// Cards the deal could not give (over every player).
        short: u16,
    },
    /// A card bought from the store.
    Buy {
        /// The card.
        card: u16,
        /// Dollars paid.
        price: u8,
        /// The player's money after.
        money: u16,
    },
    /// A card put in the store area from the store deck.
    Restock {
        /// The card.
        card: u16,
    },
    /// A card sold to the aftermarket.
    Sell {
        /// The card.
        card: u16,
        /// Dollars gained.
        price: u8,
        /// The player's money after.
        money: u16,
    },
    /// A card bought from the aftermarket.
    BuyListed {
        /// The card.
        card: u16,
        /// Dollars paid.
        price: u8,
        /// The player's money after.
        money: u16,
        /// The seller whose marker returns, if any.
        seller: Option<Player>,
    },
    /// A card given to a fusion (to the box).
    FuseCard {
        /// The card.
        card: u16,
    },
    /// A fusion done: the promo gained.
    Fused {
        /// The promo tier (0 bronze, 1 silver, 2 gold).
        tier: u8,
        /// The promo.
        card: u16,
    },
    /// A player passed: a deckbuilding tick, or a tournament turn in which
    /// it could not play a single (rules: "Tournament Turns").
    Pass,
    /// A turn ends: a tournament turn once its single is played, a
    /// Turn-Based turn once its main action is taken.
    TurnEnd,
    /// A Reaction offered and not used.
    Decline {
        /// The card whose Reaction it was.
        card: u16,
    },
    /// A card put into the deck.
    DeckAdd {
        /// The card.
        card: u16,
    },
    /// A card taken out of the deck back to the binder at the start of a
    /// tournament: the deck was over its limits (the Illegal Decks rule).
    DeckTrim {
        /// The card.
        card: u16,
    },
    /// A card put into a collection.
    CollectionAdd {
        /// The card.
        card: u16,
        /// Which collection: `None` the standard game's one, `Some(0)` the
        /// element collection and `Some(1)` the type collection of Duel
        /// and Turn-Based Mode.
        kind: Option<u8>,
        /// The symbol the collection is declared for (Turn-Based Mode; a
        /// bit of the element or type bit set), 0 if none.
        symbol: u8,
    },
    /// A card of a collection too small to turn in (one card) back to
    /// the binder.
    CollectionReturn {
        /// The card.
        card: u16,
    },
    /// A collection turned in.
    Collection {
        /// Its cards.
        size: u8,
        /// VP gained (Duel Mode: none; its RP follow as an `Rp` event).
        vp: u16,
        /// The player's score after (see `GameOver`).
        score: u16,
    },
    /// An accessory kept or discarded to the store discard at a Turn-Based
    /// scoring (its owner's choice).
    Accessory {
        /// The card.
        card: u16,
        /// Kept (else discarded).
        kept: bool,
    },
    /// Cards moved to the store discard at the end of a phase.
    Cleanup {
        /// Cards discarded.
        cards: u16,
    },
    /// A tournament begins.
    TournamentStart {
        /// The round (0 Pre-Release).
        round: u8,
        /// The first player.
        first: Player,
    },
    /// A tournament turn begins.
    TurnStart,
    /// A single played into the tableau.
    Play {
        /// The card.
        card: u16,
        /// Its slot, from the left.
        slot: u8,
    },
    /// A deck box or accessory put on the board from the hand (Turn-Based
    /// Mode).
    Board {
        /// The card.
        card: u16,
    },
    /// A single moved left in its tableau (Scurry).
    Scurry {
        /// The card.
        card: u16,
        /// Its new slot, from the left.
        slot: u8,
    },
    /// An Action used.
    Action {
        /// The card.
        card: u16,
    },
    /// A Reaction used.
    Reaction {
        /// The card.
        card: u16,
    },
    /// A card flipped face down.
    Flip {
        /// The card.
        card: u16,
        /// Its owner.
        owner: Player,
    },
    /// RP changed.
    Rp {
        /// The change.
        delta: i16,
        /// The total after.
        total: u16,
        /// The card whose effect it was.
        source: u16,
    },
    /// +1 star tokens put on a card.
    Stars {
        /// The card.
        card: u16,
        /// Tokens added.
        amount: u8,
    },
    /// A card revealed in a clash.
    ClashReveal {
        /// The card revealed.
        card: u16,
        /// Its stars plus the Top Card's.
        total: u8,
    },
    /// A clash ended.
    Clash {
        /// The winner, if one player had the highest total alone.
        winner: Option<Player>,
    },
    /// The aftermarket went over its limit: its cards were discarded.
    MarketFull {
        /// Cards discarded.
        cards: u16,
    },
    /// A store card taken into hand.
    DrawStore {
        /// The card.
        card: u16,
    },
    /// A card discarded from hand to the binder.
    Discard {
        /// The card.
        card: u16,
    },
    /// A player removed from the tournament by an infinite loop.
    Loop {
        /// Dollars gained for the removed cards.
        money: u16,
    },
    /// A player's place and VP in a tournament.
    Placed {
        /// The place (1 first; tied players share one).
        place: u8,
        /// The RP it was decided on.
        rp: u16,
        /// VP gained.
        vp: u16,
        /// The player's score after (see `GameOver`).
        score: u16,
    },
    /// A promo won as prize support.
    Prize {
        /// The card.
        card: u16,
    },
    /// A promo of the prize support left over once every player has one,
    /// returned to the box.
    PrizeReturn {
        /// The card.
        card: u16,
    },
    /// VP for money at the end of the game.
    MoneyVp {
        /// Dollars.
        money: u16,
        /// VP gained.
        vp: u16,
        /// The player's score after (see `GameOver`).
        score: u16,
    },
    /// A Turn-Based Mode scoring (RP banked).
    Banked {
        /// RP recorded.
        rp: u16,
        /// The total banked.
        total: u16,
    },
    /// The game ended.
    GameOver {
        /// The player's final VP (Turn-Based Mode: RP; Duel Mode:
        /// tournaments won).
        score: u16,
        /// Its rank.
        rank: u8,
    },
}

impl MillenniumBlades {
    /// Sends an event to `obs`.
    #[inline]
    pub(super) fn emit(
        &self,
        s: &State,
        player: Player,
        kind: EventKind,
        obs: &mut impl Observer<Event>,
    ) {
        obs.event(&Event {
            turn: s.turns,
            player,
            kind,
        });
    }

    fn name_of(&self, i: u16) -> &str {
        &self.card(i).name
    }
}

impl Report for MillenniumBlades {
    fn terms(&self) -> SeatTerms {
        SeatTerms {
            health: "money left (dollars)",
            resource: "dollars",
            score: match self.options.mode {
                Mode::Standard => "victory points",
                Mode::TurnBased => "ranking points banked",
                Mode::Duel => "tournaments won",
            },
            turn: match self.options.mode {
                Mode::TurnBased => "a seat's round, up to its next scoring",
                Mode::Standard | Mode::Duel => "a round (deckbuilding, tournament, scoring)",
            },
        }
    }

    fn metric(&self, e: &Event) -> Option<Metric> {
        let player = e.player;
        Some(match e.kind {
            EventKind::GameStart { .. } => Metric::GameStart,
            EventKind::RoundStart { money, .. } => Metric::TurnStart {
                player,
                resource_max: money.into(),
                resource: money.into(),
            },
            EventKind::Buy { price, .. } | EventKind::BuyListed { price, .. } => Metric::Spent {
                player,
                amount: price.into(),
            },
            EventKind::Dealt { card } | EventKind::DrawStore { card } => Metric::Drew {
                player,
                card: self.table.card(card),
            },
            EventKind::Play { card, .. } | EventKind::Board { card } => Metric::Played {
                player,
                card: self.table.card(card),
                cost: 0,
            },
            EventKind::Placed { score, .. }
            | EventKind::Collection { score, .. }
            | EventKind::MoneyVp { score, .. }
            | EventKind::Banked { total: score, .. } => Metric::Score {
                player,
                total: score.into(),
            },
            EventKind::RoundEnd { money } => Metric::TurnEnd {
                player,
                unspent: money.into(),
            },
            // Turn-Based seats take turns in order from a random first
            // player (rulings), within rounds of their own: the first
            // turn names `games.csv`'s first seat. (A tournament's turns
            // do not: every seat plays each round at once.)
            EventKind::TurnStart if self.options.mode == Mode::TurnBased => {
                Metric::OwnTurn { player }
            }
            EventKind::Pass => Metric::Action {
                player,
                kind: "pass",
            },
            EventKind::Sell { .. } => Metric::Action {
                player,
                kind: "sell",
            },
            EventKind::Fused { .. } => Metric::Action {
                player,
                kind: "fuse",
            },
            EventKind::Action { .. } => Metric::Action {
                player,
                kind: "action",
            },
            EventKind::Reaction { .. } => Metric::Action {
                player,
                kind: "reaction",
            },
            EventKind::Decline { .. } => Metric::Action {
                player,
                kind: "decline",
            },
            EventKind::CollectionAdd { .. } => Metric::Action {
                player,
                kind: "collect",
            },
            _ => return None,
        })
    }

    fn event_json(&self, e: &Event) -> Value {
        let name = |i: u16| self.name_of(i);
        let seat = |p: Option<Player>| p.map_or(Value::Null, |p| json!(p.to_string()));
        let (event, fields) = match e.kind {
            EventKind::GameStart { players } => ("game_start", json!({"players": players})),
            EventKind::Setup { card } => ("setup_card", json!({"card": name(card)})),
            EventKind::RoundStart { round, money } => {
                ("round_start", json!({"round": round, "money": money}))
            }
            EventKind::RoundEnd { money } => ("round_end", json!({"money": money})),
            EventKind::Income { amount } => ("income", json!({"amount": amount})),
            EventKind::Grant { card } => ("grant", json!({"card": name(card)})),
            EventKind::Dealt { card } => ("dealt", json!({"card": name(card)})),
            EventKind::Meta { card } => ("meta", json!({"card": name(card)})),
            EventKind::Timer { timer } => ("timer", json!({"timer": timer})),
            EventKind::Reshuffle { cards } => ("reshuffle", json!({"cards": cards})),
            EventKind::StoreEmpty { short } => ("store_empty", json!({"short": short})),
            EventKind::Buy { card, price, money } => (
                "buy",
                json!({"card": name(card), "price": price, "money": money}),
            ),
            EventKind::Restock { card } => ("restock", json!({"card": name(card)})),
            EventKind::Sell { card, price, money } => (
                "sell",
                json!({"card": name(card), "price": price, "money": money}),
            ),
            EventKind::BuyListed {
                card,
                price,
                money,
                seller,
            } => (
                "buy_listed",
                json!({"card": name(card), "price": price, "money": money, "seller": seat(seller)}),
            ),
            EventKind::FuseCard { card } => ("fuse_card", json!({"card": name(card)})),
            EventKind::Fused { tier, card } => {
                let tier = ["bronze", "silver", "gold"][usize::from(tier.min(2))];
                ("fused", json!({"tier": tier, "card": name(card)}))
            }
            EventKind::Pass => ("pass", json!({})),
            EventKind::TurnEnd => ("turn_end", json!({})),
            EventKind::Decline { card } => ("decline", json!({"card": name(card)})),
            EventKind::DeckAdd { card } => ("deck_add", json!({"card": name(card)})),
            EventKind::DeckTrim { card } => ("deck_trim", json!({"card": name(card)})),
            EventKind::CollectionAdd { card, kind, symbol } => {
                let collection = kind.map(|k| ["element", "type"][usize::from(k.min(1))]);
                let symbol = match kind {
                    Some(1) => symbol_names(0, symbol),
                    _ => symbol_names(symbol, 0),
                };
                (
                    "collection_add",
                    json!({"card": name(card), "collection": collection, "symbol": symbol.first()}),
                )
            }
            EventKind::CollectionReturn { card } => {
                ("collection_return", json!({"card": name(card)}))
            }
            EventKind::Collection { size, vp, score } => (
                "collection",
                json!({"size": size, "vp": vp, "score": score}),
            ),
            EventKind::Accessory { card, kept } => {
                ("accessory", json!({"card": name(card), "kept": kept}))
            }
            EventKind::Cleanup { cards } => ("cleanup", json!({"cards": cards})),
            EventKind::TournamentStart { round, first } => (
                "tournament_start",
                json!({"round": round, "first": first.to_string()}),
            ),
            EventKind::TurnStart => ("turn_start", json!({})),
            EventKind::Play { card, slot } => ("play", json!({"card": name(card), "slot": slot})),
            EventKind::Board { card } => ("board", json!({"card": name(card)})),
            EventKind::Scurry { card, slot } => {
                ("scurry", json!({"card": name(card), "slot": slot}))
            }
            EventKind::Action { card } => ("action", json!({"card": name(card)})),
            EventKind::Reaction { card } => ("reaction", json!({"card": name(card)})),
            EventKind::Flip { card, owner } => (
                "flip",
                json!({"card": name(card), "owner": owner.to_string()}),
            ),
            EventKind::Rp {
                delta,
                total,
                source,
            } => (
                "rp",
                json!({"delta": delta, "total": total, "source": name(source)}),
            ),
            EventKind::Stars { card, amount } => {
                ("stars", json!({"card": name(card), "amount": amount}))
            }
            EventKind::ClashReveal { card, total } => {
                ("clash_reveal", json!({"card": name(card), "total": total}))
            }
            EventKind::Clash { winner } => ("clash", json!({"winner": seat(winner)})),
            EventKind::MarketFull { cards } => ("market_full", json!({"cards": cards})),
            EventKind::DrawStore { card } => ("draw_store", json!({"card": name(card)})),
            EventKind::Discard { card } => ("discard", json!({"card": name(card)})),
            EventKind::Loop { money } => ("infinite_loop", json!({"money": money})),
            EventKind::Placed {
                place,
                rp,
                vp,
                score,
            } => (
                "placed",
                json!({"place": place, "rp": rp, "vp": vp, "score": score}),
            ),
            EventKind::Prize { card } => ("prize", json!({"card": name(card)})),
            EventKind::PrizeReturn { card } => ("prize_return", json!({"card": name(card)})),
            EventKind::MoneyVp { money, vp, score } => (
                "money_vp",
                json!({"money": money, "vp": vp, "score": score}),
            ),
            EventKind::Banked { rp, total } => ("banked", json!({"rp": rp, "total": total})),
            EventKind::GameOver { score, rank } => {
                ("game_over", json!({"score": score, "rank": rank}))
            }
        };
        e.json(event, fields)
    }

    fn summary(&self, s: &State, player: Player) -> SeatSummary {
        let seat = &s.seats[player];
        SeatSummary {
            health: seat.money.into(),
            score: self.final_score(s, player).into(),
        }
    }

    /// A turn is a round (see [`Report::terms`]): the rounds begun, as the
    /// per-turn tables number them (3, or 2 after a Pre-Release, whose
    /// tournament has no deckbuilding; Turn-Based Mode: the most any seat
    /// began). `s.turns`, which the turn limit counts, is the ticks and
    /// tournament turns.
    fn turns(&self, s: &State) -> u32 {
        let rounds = match self.options.mode {
            // A seat begins a round at the start and after each scoring
            // but its last.
            Mode::TurnBased => s
                .seats
                .iter()
                .map(|t| (t.scorings + 1).min(SCORINGS))
                .max()
                .unwrap_or(0),
            Mode::Standard | Mode::Duel => s.round,
        };
        rounds.into()
    }

    fn card_name(&self, card: CardId) -> &str {
        &self.db.card(card).name
    }

    fn card_cost(&self, card: CardId) -> u8 {
        self.db.card(card).price
    }

    fn plays_in_rounds(&self) -> bool {
        true
    }

    fn card_rating(&self, card: CardId) -> Option<u32> {
        Some(self.db.card(card).stars.into())
    }

    fn deck_list(&self, player: Player) -> Vec<(CardId, u8)> {
        self.decks[player].cards.clone()
    }

    fn tracks_hand(&self) -> bool {
        false
    }

    fn store_catalog(&self) -> Option<StoreCatalog> {
        Some(self.catalog())
    }

    fn ledger(&self, event: &Event, ledger: &mut Ledger) {
        self.note(event, ledger);
    }
}

/// The names of an element and a type bit set, for logs.
pub fn symbol_names(elements: u8, types: u8) -> Vec<&'static str> {
    let mut names = super::cards::Symbols(elements).names(&ELEMENTS);
    names.extend(super::cards::Symbols(types).names(&TYPES));
    names
}
