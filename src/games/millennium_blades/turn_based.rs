//! Turn-Based Mode (rules: "Variants & Options", "Turn-Based Mode"): one
//! phase that mixes deckbuilding and the tournament. Each player starts
//! with 7 store cards in hand (a hand of at most 7) and 30 dollars, both
//! metagame cards are revealed, two bronze and one silver promo sets are
//! fusable and a silver and a gold set are kept for scorings. On a turn a
//! player takes exactly one of: buy a card (store or aftermarket, with
//! fewer than 7 cards in hand), sell a card, fuse, add a card to a
//! collection (one of elements, one of types, its symbol declared by the
//! player with the first card), play a card into the tableau or onto the board, or score;
//! Actions may be used before or after. Scoring: Score effects, 10 RP per
//! collected card, the RP banked and reset; the tableau, deck box, hand
//! and collections to the store discard, each accessory kept or discarded
//! as its owner chooses; one
//! metagame card to the bottom of its stack and a new one; a new hand of
//! 6, 30 dollars, the sell markers back; a silver promo after the first
//! scoring, a gold one after the second. After a third scoring the player
//! is out; when all are out, the most RP banked wins.

use super::MillenniumBlades;
use super::action::Action;
use super::cards::{Kind, When};
use super::effects::{KEEP, META, NONE};
use super::events::{Event, EventKind};
use super::state::{
    Area, DECK_ACCESSORIES, Job, Phase, STORE_AREA, Seller, Slot, State, TABLEAU, Zone,
};
use super::tournament::score_cursor;
use super::{FUSION_COST, INCOME, Mode};
use crate::core::{GameRng, Observer, Player};

/// The most cards in hand in Turn-Based Mode.
pub const HAND_LIMIT: usize = 7;
/// The scorings of a Turn-Based seat: after the last it is out.
pub const SCORINGS: u8 = 3;
/// A job: a Turn-Based scoring's end, once its Score effects resolved.
pub const BANK: u8 = 247;

impl MillenniumBlades {
    /// Starts Turn-Based Mode: 7 store cards and 30 dollars each, both
    /// metagame cards revealed, a random first player.
    pub(super) fn start_turn_based(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        for p in s.players() {
            self.draw_hand(s, p, HAND_LIMIT, rng, obs);
            s.earn(p, INCOME);
            s.seats[p].slots = TABLEAU as u8;
            self.emit(s, p, EventKind::Income { amount: INCOME }, obs);
            let money = s.seats[p].money;
            self.emit(s, p, EventKind::RoundStart { round: 1, money }, obs);
        }
        self.reveal_meta(s, 0, obs);
        self.reveal_meta(s, 1, obs);
        // The store area as in the standard game ("Setup the Phase", step
        // 4), refilled after each purchase.
        self.restock(s, rng, obs);
        s.round = 1;
        s.active = self.random_seat(rng);
        s.phase = Phase::TurnBased;
        self.tb_begin_turn(s, obs);
    }

    /// `p` draws `n` store cards into hand; if the store deck and the
    /// store discard both run out, the deal stops there with a
    /// [`EventKind::StoreEmpty`] event (a ruling, as in the standard
    /// game's deal).
    fn draw_hand(
        &self,
        s: &mut State,
        p: Player,
        n: usize,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        for k in 0..n {
            let Some(c) = self.draw_store(s, rng, obs) else {
                let short = (n - k) as u16;
                self.emit(s, p, EventKind::StoreEmpty { short }, obs);
                return;
            };
            s.put(&self.table, c, Zone::of(Area::Hand, p));
            s.known[usize::from(c)] = 1 << p.index();
            self.emit(s, p, EventKind::Dealt { card: c }, obs);
        }
    }

    /// Starts the active player's turn.
    fn tb_begin_turn(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        let seat = &mut s.seats[s.active];
        seat.acted = false;
        seat.played = false;
        seat.extra = 0;
        s.resolved = 0;
        s.turns += 1;
        self.emit(s, s.active, EventKind::TurnStart, obs);
    }

    /// The active player's options: one main action (while none taken),
    /// an Action of a face-up card (once), a single more while an effect
    /// allows one ("play one more single", as in a tournament), or the end
    /// of the turn.
    pub(super) fn turn_based_actions(&self, s: &State, out: &mut Vec<Action>) {
        let p = s.active;
        let seat = &s.seats[p];
        if seat.played {
            if seat.extra > 0 && self.can_play(s, p) {
                self.single_plays(s, p, out);
            }
            out.push(Action::Pass);
        } else {
            let hand = s.members(Zone::of(Area::Hand, p));
            let mut seen = Vec::new();
            let mut distinct = |c: u16| {
                let id = self.table.card(c);
                let new = !seen.contains(&id);
                if new {
                    seen.push(id);
                }
                new
            };
            if self.hand_room(s, p) > 0 {
                let mut sets = Vec::new();
                for slot in 0..=STORE_AREA {
                    if let Some((card, price)) = self.store_price(s, slot)
                        && u16::from(price) <= seat.money
                        && !sets.contains(&self.card(card).set)
                    {
                        sets.push(self.card(card).set);
                        out.push(Action::Buy(slot as u8));
                    }
                }
                for l in s.market.iter() {
                    if l.seller.player() != Some(p)
                        && u16::from(self.card(l.card).stars) <= seat.money
                    {
                        out.push(Action::BuyListed(l.card));
                    }
                }
            }
            for &c in &hand {
                if !distinct(c) {
                    continue;
                }
                if seat.markers > 0 {
                    out.push(Action::Sell(c));
                }
                self.collect_actions(s, p, c, out);
                if self.tb_can_place(s, p, c) {
                    out.push(Action::Play(c));
                }
            }
            if seat.markers > 0 {
                for tier in 0..2u8 {
                    let cost = usize::from(FUSION_COST[usize::from(tier)]);
                    if seat.fused & (1 << tier) == 0
                        && !s.fusion[usize::from(tier)].is_empty()
                        && hand.len() >= cost
                    {
                        out.push(Action::Fuse(tier));
                    }
                }
            }
            out.push(Action::Score);
        }
        if !seat.acted {
            for slot in seat
                .tableau
                .iter()
                .chain(seat.board.iter())
                .filter(|t| t.up)
            {
                let card = self.card(slot.card);
                if card.has(When::Action) || card.keywords.blast_off > 0 || card.keywords.anvil_drop
                {
                    out.push(Action::Use(slot.card));
                }
            }
        }
    }

    /// How many more cards `p`'s hand may take: in Turn-Based Mode up to
    /// [`HAND_LIMIT`] (rules: "Turn-Based Mode", step 2: "a maximum hand
    /// size of 7 cards"), otherwise any number.
    pub(super) fn hand_room(&self, s: &State, p: Player) -> usize {
        if self.options.mode == Mode::TurnBased {
            HAND_LIMIT.saturating_sub(s.in_zone(Zone::of(Area::Hand, p)).count())
        } else {
            usize::MAX
        }
    }

    /// Whether `p` may put hand card `c` into play: a single into a free
    /// tableau slot, a deck box or an accessory onto the board within its
    /// limits.
    fn tb_can_place(&self, s: &State, p: Player, c: u16) -> bool {
        let seat = &s.seats[p];
        let on_board = |k: Kind| {
            seat.board
                .iter()
                .filter(|t| self.card(t.card).kind == k)
                .count()
        };
        match self.card(c).kind {
            Kind::Single => seat.tableau.len() < usize::from(seat.slots),
            Kind::DeckBox => on_board(Kind::DeckBox) < 1,
            Kind::Accessory => on_board(Kind::Accessory) < DECK_ACCESSORIES,
            _ => false,
        }
    }

    /// Plays a Turn-Based action of the active player.
    pub(super) fn turn_based_act(
        &self,
        s: &mut State,
        action: Action,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if let Phase::Fusing { .. } = s.phase {
            return;
        }
        let p = s.active;
        match action {
            Action::Pass => {
                self.tb_end_turn(s, rng, obs);
                return;
            }
            Action::Use(card) => {
                s.seats[p].acted = true;
                self.emit(s, p, EventKind::Action { card }, obs);
                self.push_action(s, p, card);
            }
            Action::Buy(slot) => {
                let slot = usize::from(slot);
                if let Some((card, price)) = self.store_price(s, slot) {
                    if slot == STORE_AREA {
                        s.store.pop();
                    } else {
                        s.area.remove(slot);
                    }
                    s.spend(p, u16::from(price));
                    s.put(&self.table, card, Zone::of(Area::Hand, p));
                    s.known[usize::from(card)] = 1 << p.index();
                    let money = s.seats[p].money;
                    self.emit(s, p, EventKind::Buy { card, price, money }, obs);
                    self.tb_restock(s, rng, obs);
                }
                s.seats[p].played = true;
            }
            Action::BuyListed(card) => {
                self.buy_listed(s, p, card, Area::Hand, obs);
                s.seats[p].played = true;
            }
            Action::Sell(card) => {
                self.sell(s, p, card, obs);
                s.seats[p].played = true;
            }
            Action::Fuse(tier) => {
                s.seats[p].played = true;
                s.phase = Phase::Fusing {
                    player: p,
                    tier,
                    left: FUSION_COST[usize::from(tier)],
                };
                return;
            }
            Action::Collect(card, kind, symbol) => {
                self.collect(s, p, card, kind, symbol, obs);
                s.known[usize::from(card)] = u8::MAX;
                s.seats[p].played = true;
            }
            Action::Play(card) => {
                let seat = &mut s.seats[p];
                if seat.played {
                    // A single more, which an effect allowed.
                    seat.extra = seat.extra.saturating_sub(1);
                }
                seat.played = true;
                if self.card(card).kind == Kind::Single {
                    self.place_single(s, p, card, obs);
                } else {
                    s.known[usize::from(card)] = u8::MAX;
                    s.seats[p].board.push(Slot {
                        card,
                        up: true,
                        tokens: 0,
                    });
                    s.put(&self.table, card, Zone::of(Area::Board, p));
                    self.emit(s, p, EventKind::Board { card }, obs);
                }
            }
            Action::Score => {
                s.seats[p].played = true;
                self.tb_score(s, p);
            }
            _ => return,
        }
        self.resolve(s, rng, obs);
        self.turn_based_settle(s, rng, obs);
    }

    /// Fills the store area (Turn-Based Mode keeps the store area of the
    /// standard game).
    fn tb_restock(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        while s.area.len() < STORE_AREA {
            let Some(card) = self.draw_store(s, rng, obs) else {
                return;
            };
            s.area.push(card);
            s.put(&self.table, card, Zone::AREA);
            s.known[usize::from(card)] = 0;
            self.emit(s, s.active, EventKind::Restock { card }, obs);
        }
    }

    /// Ends the turn once nothing is left to decide: the main action taken
    /// and no Action left to use.
    pub(super) fn turn_based_settle(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if s.phase != Phase::TurnBased || s.prompt.is_some() || !s.jobs.is_empty() {
            return;
        }
        let mut options = Vec::new();
        self.turn_based_actions(s, &mut options);
        if options == [Action::Pass] {
            self.tb_end_turn(s, rng, obs);
        }
    }

    /// Ends the active player's turn and passes it to the next player who
    /// has not scored three times; when every player has, the game ends.
    fn tb_end_turn(&self, s: &mut State, _rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        self.emit(s, s.active, EventKind::TurnEnd, obs);
        let n = s.seats.len();
        for _ in 0..n {
            s.active = s.active.next(n);
            if s.seats[s.active].scorings < SCORINGS {
                self.tb_begin_turn(s, obs);
                return;
            }
        }
        self.end_game(s, obs);
    }

    /// Starts `p`'s scoring: its Score effects (tableau, board, metagame
    /// cards), read one card at a time as at the end of a tournament, then
    /// the banking job.
    fn tb_score(&self, s: &mut State, p: Player) {
        s.push_job(Job::of(0, p, BANK));
        s.push_job(score_cursor(p, 0));
    }

    /// The end of `p`'s scoring: 10 RP per collected card, the RP banked
    /// and reset, the cards discarded but the accessories, each of which
    /// its owner then keeps or discards, one metagame card replaced, a new
    /// hand, income and markers, and the promo.
    pub(super) fn tb_bank(&self, s: &mut State, p: Player, obs: &mut impl Observer<Event>) {
        let collected: Vec<u16> = [0u8, 1]
            .iter()
            .flat_map(|&k| {
                s.in_zone(Zone::of(collection_area(k), p))
                    .collect::<Vec<_>>()
            })
            .collect();
        let bonus = 10 * collected.len() as i32;
        if let Some(&first) = collected.first() {
            self.add_rp(s, p, bonus, first, obs);
        }
        let rp = s.seats[p].rp;
        s.reset_rp(p);
        let seat = &mut s.seats[p];
        seat.banked += rp;
        seat.scorings += 1;
        // Turn-Based Mode has no tournament to be removed from: an infinite
        // loop costs the player its cards in play, and the scoring ends it.
        seat.removed = false;
        seat.declared = [0; 2];
        seat.fused = 0;
        seat.next.clear();
        seat.next_tokens = 0;
        let (total, money) = (seat.banked, seat.money);
        self.emit(s, p, EventKind::Banked { rp, total }, obs);
        self.emit(s, p, EventKind::RoundEnd { money }, obs);
        // Tableau, deck box, hand and collections to the store discard;
        // the accessories wait for their owner's choice (step 4: "You may
        // choose to discard or keep your accessories").
        let accessory = |c: u16| self.card(c).kind == Kind::Accessory;
        let mut cleaned = 0u16;
        for i in 0..s.zones().len() {
            match s.zone(i as u16).owner() {
                Some((Area::Board, q)) if q == p && accessory(i as u16) => {}
                Some((
                    Area::Tableau | Area::Board | Area::Hand | Area::Collection | Area::Collection2,
                    q,
                )) if q == p => {
                    s.put(&self.table, i as u16, Zone::DISCARD);
                    cleaned += 1;
                }
                _ => {}
            }
        }
        self.emit(s, p, EventKind::Cleanup { cards: cleaned }, obs);
        let seat = &mut s.seats[p];
        seat.tableau.clear();
        seat.board.retain(|t| accessory(t.card));
        // Then the player keeps or discards each accessory, left to right,
        // and chooses a metagame card to replace; the rest of the scoring
        // follows that choice.
        s.push_job(Job::of(0, p, META));
        let kept: Vec<u16> = s.seats[p].board.iter().map(|t| t.card).collect();
        for &card in kept.iter().rev() {
            s.push_job(Job::of(card, p, KEEP));
        }
    }

    /// `p` keeps its accessory `card` as it is, face up or down (the book
    /// turns no card face up), or discards it to the store discard (rules:
    /// "Turn-Based Mode", scoring step 4).
    pub(super) fn tb_keep(
        &self,
        s: &mut State,
        p: Player,
        card: u16,
        keep: bool,
        obs: &mut impl Observer<Event>,
    ) {
        let board = &mut s.seats[p].board;
        let Some(at) = board.iter().position(|t| t.card == card) else {
            return;
        };
        if !keep {
            board.remove(at);
            s.put(&self.table, card, Zone::DISCARD);
        }
        self.emit(s, p, EventKind::Accessory { card, kept: keep }, obs);
    }

    /// The end of a Turn-Based scoring, once `p` chose the metagame card
    /// `meta` to replace (`NONE` when none is revealed: a pool without
    /// metagame cards): it goes to the bottom of its stack and the next
    /// one is revealed; then [`Self::tb_new_hand`].
    pub(super) fn tb_replace_meta(
        &self,
        s: &mut State,
        p: Player,
        meta: u16,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if meta != NONE && s.zone(meta) == Zone::META_UP {
            let stack = usize::from(self.card(meta).kind == Kind::TypeMeta);
            s.metas[stack].insert(0, meta);
            s.put(&self.table, meta, Zone(Zone::META + stack as u8));
            self.reveal_meta(s, stack, obs);
        }
        self.tb_new_hand(s, p, rng, obs);
    }

    /// The last steps of `p`'s Turn-Based scoring, unless it was its third
    /// (rules: "Turn-Based Mode", scoring steps 6 and 7): a new hand of 6,
    /// income, the sell markers back, and the promo (silver after the
    /// first scoring, gold after the second).
    fn tb_new_hand(
        &self,
        s: &mut State,
        p: Player,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if s.seats[p].scorings < SCORINGS {
            self.draw_hand(s, p, 6, rng, obs);
            s.earn(p, INCOME);
            // Retrieving the markers takes them off the cards still for sale
            // (which stay, unmarked, and still not for their seller).
            s.seats[p].markers = self.markers();
            for l in s
                .market
                .iter_mut()
                .filter(|l| l.seller == Seller::Marked(p))
            {
                l.seller = Seller::Unmarked(p);
            }
            self.emit(s, p, EventKind::Income { amount: INCOME }, obs);
            let (round, money) = (s.seats[p].scorings + 1, s.seats[p].money);
            self.emit(s, p, EventKind::RoundStart { round, money }, obs);
            let pile = usize::from(s.seats[p].scorings - 1);
            if let Some(promo) = s.prizes[pile.min(1)].pop() {
                s.put(&self.table, promo, Zone::of(Area::Hand, p));
                s.known[usize::from(promo)] = 1 << p.index();
                self.emit(s, p, EventKind::Prize { card: promo }, obs);
            }
        }
    }
}

/// The area of a Turn-Based (or Duel) collection of kind `kind`: 0 the
/// element collection, 1 the type collection.
pub fn collection_area(kind: u8) -> Area {
    if kind == 0 {
        Area::Collection
    } else {
        Area::Collection2
    }
}
