//! The deckbuilding phase: income, dealt cards, the store, the
//! aftermarket, card fusion, the timers as ticks, and at the end the deck
//! and the collection (rules: "Deckbuilding Phase", "Buy a Pack from the
//! Store", "Card Fusion", "Sell to the Aftermarket", "Buy from the
//! Aftermarket", "When time runs out...", "End of Deckbuilding", "Scoring
//! Collections").
//!
//! **Ticks.** The real-time phase's three timers (7, 7 and 6 minutes)
//! become `minutes × ticks_per_minute` ticks each. In every tick each
//! player, the one with the fewest VP first (ties: seat order), takes one
//! deckbuilding action — buy, sell, buy from the aftermarket, fuse — or
//! passes. Building the deck and the collection takes no tick: they are
//! settled when the last timer runs out, as the rulebook's "at the end of
//! the timer, you know which cards are in your deck". Trading is left out
//! (see docs/rulings/millennium-blades.md).

use super::action::Action;
use super::cards::{Kind, Symbols};
use super::events::{Event, EventKind};
use super::state::{
    AFTERMARKET_CAP, Area, DECK_ACCESSORIES, DECK_SINGLES, Listing, Phase, STORE_AREA, Seller,
    State, Zone,
};
use super::turn_based::collection_area;
use super::{COLLECTION_VP, FUSION_COST, INCOME, MillenniumBlades, Mode, TIMER_MINUTES};
use crate::core::{GameRng, Observer, Player, Seats};

/// Cards dealt to each player at the start of the phase and after the
/// first timer.
pub const DEALT: usize = 6;

impl MillenniumBlades {
    /// Starts a deckbuilding phase (rules: "Setup the Phase"): income,
    /// six store cards each, the store area restocked, sell markers back,
    /// a new Elemental Metagame card; then the first tick.
    pub(super) fn start_deckbuilding(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        for p in s.players() {
            s.earn(p, INCOME);
            let seat = &mut s.seats[p];
            seat.markers = self.markers();
            seat.fused = 0;
            seat.collected = false;
            seat.declared = [0; 2];
            let money = seat.money;
            let round = s.round;
            self.emit(s, p, EventKind::Income { amount: INCOME }, obs);
            self.emit(s, p, EventKind::RoundStart { round, money }, obs);
        }
        self.deal(s, rng, obs);
        self.restock(s, rng, obs);
        // The revealed metagame cards leave play; a new elemental one.
        for i in 0..s.zones().len() {
            if s.zone(i as u16) == Zone::META_UP {
                s.put(&self.table, i as u16, Zone::BOX);
            }
        }
        self.reveal_meta(s, 0, obs);
        s.timer = 0;
        s.tick = 0;
        s.turn = 0;
        s.order = self.vp_order(s);
        s.phase = Phase::Deckbuilding;
    }

    /// Sell markers per player (rules: "Game Setup" step 5; Duel Mode: 6).
    pub(super) fn markers(&self) -> u8 {
        match (self.options.mode, self.decks.len()) {
            (Mode::Duel, _) => 6,
            (_, 3) => 4,
            _ => 3,
        }
    }

    /// The players by VP, fewest first, ties in seat order (rules:
    /// "Personal Space & Etiquette": priority to the player with fewer VP).
    pub(super) fn vp_order(&self, s: &State) -> Seats<Player> {
        let mut order: Vec<Player> = s.players().collect();
        order.sort_by_key(|&p| s.seats[p].vp.total());
        Seats::from_vec(order)
    }

    /// Deals six store cards to each player, face down into the binder
    /// (rules: "Setup the Phase", step 3; "When time runs out..."), one
    /// card at a time around the table, as a dealer does, in tick order
    /// (fewest VP first, ties in seat order): if the store deck and the
    /// store discard both run out, the deal stops there with a
    /// [`EventKind::StoreEmpty`] event, no player is left more than one
    /// card short of another, and the ones short are those with the most
    /// VP, not the last seats (a ruling: the book does not say what
    /// happens then).
    fn deal(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let order = self.vp_order(s);
        let wanted = DEALT * order.len();
        let mut given = 0;
        for _ in 0..DEALT {
            for &p in &order {
                let Some(card) = self.draw_store(s, rng, obs) else {
                    let short = (wanted - given) as u16;
                    self.emit(s, p, EventKind::StoreEmpty { short }, obs);
                    return;
                };
                // Face down until the timer starts, then in the open in
                // the personal area (see the module documentation of
                // `view`).
                s.put(&self.table, card, Zone::of(Area::Binder, p));
                s.known[usize::from(card)] = u8::MAX;
                self.emit(s, p, EventKind::Dealt { card }, obs);
                given += 1;
            }
        }
    }

    /// Fills the store area's empty slots from the store deck.
    pub(super) fn restock(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
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

    /// Reveals the top card of metagame stack `stack` (0 elements, 1
    /// types).
    pub(super) fn reveal_meta(&self, s: &mut State, stack: usize, obs: &mut impl Observer<Event>) {
        if let Some(card) = s.metas[stack].pop() {
            s.put(&self.table, card, Zone::META_UP);
            s.known[usize::from(card)] = u8::MAX;
            self.emit(s, s.active, EventKind::Meta { card }, obs);
        }
    }

    /// The ticks of timer `timer`.
    pub(super) fn ticks(&self, timer: u8) -> u8 {
        TIMER_MINUTES[usize::from(timer)] * self.options.ticks_per_minute
    }

    /// Whether the aftermarket still buys cards: not in the last timer
    /// ("last call to sell").
    fn selling(&self, s: &State) -> bool {
        s.timer < 2 && s.market.len() < AFTERMARKET_CAP
    }

    /// The price of store-area slot `slot` (or the top of the store deck:
    /// `STORE_AREA`): its set's buy cost, on its back (a promo or starter
    /// card: see [`super::table::Table::prices`]).
    pub(super) fn store_price(&self, s: &State, slot: usize) -> Option<(u16, u8)> {
        let card = if slot == STORE_AREA {
            s.store.top()?
        } else {
            *s.area.get(slot)?
        };
        Some((card, self.table.prices[usize::from(card)]))
    }

    /// The deckbuilding actions of `p` in a tick.
    pub(super) fn deckbuilding_actions(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        let seat = &s.seats[p];
        out.push(Action::Pass);
        let mut prices = Vec::new();
        for slot in 0..=STORE_AREA {
            if let Some((card, price)) = self.store_price(s, slot)
                && u16::from(price) <= seat.money
            {
                // Slots of the same set and price are the same choice for
                // a player who sees only their backs.
                let set = self.card(card).set;
                if !prices.contains(&set) {
                    prices.push(set);
                    out.push(Action::Buy(slot as u8));
                }
            }
        }
        let binder = s.members(Zone::of(Area::Binder, p));
        if seat.markers > 0 && self.selling(s) {
            let mut seen = Vec::new();
            for &c in &binder {
                let id = self.table.card(c);
                if !seen.contains(&id) {
                    seen.push(id);
                    out.push(Action::Sell(c));
                }
            }
        }
        // Copies of a card are the same choice only from the same seller:
        // the buyer decides whose marker goes back (rules: "Buy from the
        // Aftermarket").
        let mut seen = Vec::new();
        for l in s.market.iter() {
            let copy = (self.table.card(l.card), l.seller);
            if l.seller.player() != Some(p)
                && u16::from(self.card(l.card).stars) <= seat.money
                && !seen.contains(&copy)
            {
                seen.push(copy);
                out.push(Action::BuyListed(l.card));
            }
        }
        if seat.markers > 0 {
            for tier in 0..3u8 {
                let cost = usize::from(FUSION_COST[usize::from(tier)]);
                if seat.fused & (1 << tier) == 0
                    && !s.fusion[usize::from(tier)].is_empty()
                    && binder.len() >= cost
                {
                    out.push(Action::Fuse(tier));
                }
            }
        }
    }

    /// Plays a deckbuilding action of `p`.
    pub(super) fn deckbuilding_act(
        &self,
        s: &mut State,
        p: Player,
        action: Action,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        match action {
            Action::Buy(slot) => {
                let slot = usize::from(slot);
                let Some((card, price)) = self.store_price(s, slot) else {
                    return;
                };
                if slot == STORE_AREA {
                    s.store.pop();
                } else {
                    s.area.remove(slot);
                }
                s.spend(p, u16::from(price));
                let money = s.seats[p].money;
                // Turned over to "find out what it is".
                s.put(&self.table, card, Zone::of(Area::Binder, p));
                s.known[usize::from(card)] = u8::MAX;
                self.emit(s, p, EventKind::Buy { card, price, money }, obs);
                self.restock(s, rng, obs);
            }
            Action::Sell(card) => self.sell(s, p, card, obs),
            Action::BuyListed(card) => self.buy_listed(s, p, card, Area::Binder, obs),
            Action::Fuse(tier) => {
                s.phase = Phase::Fusing {
                    player: p,
                    tier,
                    left: FUSION_COST[usize::from(tier)],
                };
                return;
            }
            _ => self.emit(s, p, EventKind::Pass, obs),
        }
        self.next_tick(s, rng, obs);
    }

    /// `p` sells `card` to the aftermarket: its star rating in dollars
    /// from the bank, a sell marker on it (rules: "Sell to the
    /// Aftermarket").
    pub(super) fn sell(&self, s: &mut State, p: Player, card: u16, obs: &mut impl Observer<Event>) {
        let price = self.card(card).stars;
        s.seats[p].markers -= 1;
        s.earn(p, u16::from(price));
        let money = s.seats[p].money;
        s.market.push(Listing {
            card,
            seller: Seller::Marked(p),
        });
        s.put(&self.table, card, Zone::MARKET);
        s.known[usize::from(card)] = u8::MAX;
        self.emit(s, p, EventKind::Sell { card, price, money }, obs);
    }

    /// `p` buys `card` from the aftermarket at its star rating, into `to`
    /// (the binder; Turn-Based Mode: the hand); the seller, if a player,
    /// takes a marker. Nothing happens if the card is not listed.
    pub(super) fn buy_listed(
        &self,
        s: &mut State,
        p: Player,
        card: u16,
        to: Area,
        obs: &mut impl Observer<Event>,
    ) {
        let Some(at) = s.market.iter().position(|l| l.card == card) else {
            return;
        };
        let listing = s.market.remove(at);
        let price = self.card(card).stars;
        s.spend(p, u16::from(price));
        if let Some(seller) = listing.seller.marker() {
            s.seats[seller].markers += 1;
        }
        s.put(&self.table, card, Zone::of(to, p));
        let money = s.seats[p].money;
        let kind = EventKind::BuyListed {
            card,
            price,
            money,
            seller: listing.seller.marker(),
        };
        self.emit(s, p, kind, obs);
    }

    /// Where fusion cards come from: the binder (Turn-Based Mode: the
    /// hand).
    fn fusion_source(&self) -> Area {
        if self.options.mode == Mode::TurnBased {
            Area::Hand
        } else {
            Area::Binder
        }
    }

    /// The cards `p` may give to a fusion.
    pub(super) fn fusion_actions(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        let mut seen = Vec::new();
        for c in s.in_zone(Zone::of(self.fusion_source(), p)) {
            let id = self.table.card(c);
            if !seen.contains(&id) {
                seen.push(id);
                out.push(Action::Take(c));
            }
        }
    }

    /// Gives `card` to the fusion in progress; the last card completes it:
    /// the promo to the binder, a sell marker on the promo pile (rules:
    /// "Card Fusion").
    pub(super) fn fuse_card(
        &self,
        s: &mut State,
        card: u16,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let Phase::Fusing { player, tier, left } = s.phase else {
            return;
        };
        s.put(&self.table, card, Zone::BOX);
        s.known[usize::from(card)] = u8::MAX;
        self.emit(s, player, EventKind::FuseCard { card }, obs);
        if left > 1 {
            s.phase = Phase::Fusing {
                player,
                tier,
                left: left - 1,
            };
            return;
        }
        if let Some(promo) = s.fusion[usize::from(tier)].pop() {
            let to = self.fusion_source();
            s.put(&self.table, promo, Zone::of(to, player));
            // Into the binder, in the open; into a Turn-Based hand, seen by
            // its owner only.
            s.known[usize::from(promo)] = if to == Area::Hand {
                1 << player.index()
            } else {
                u8::MAX
            };
            let seat = &mut s.seats[player];
            seat.markers -= 1;
            seat.fused |= 1 << tier;
            self.emit(s, player, EventKind::Fused { tier, card: promo }, obs);
        }
        if self.options.mode == Mode::TurnBased {
            s.phase = Phase::TurnBased;
            self.turn_based_settle(s, rng, obs);
            return;
        }
        s.phase = Phase::Deckbuilding;
        self.next_tick(s, rng, obs);
    }

    /// The next player of the tick, the next tick, or the next timer: after
    /// the first timer six more cards each and the Type Metagame card;
    /// after the second, last call (no more selling); after the third, the
    /// decks and collections (rules: "When time runs out...").
    fn next_tick(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        s.turn += 1;
        if usize::from(s.turn) < s.seats.len() {
            return;
        }
        s.turn = 0;
        s.tick += 1;
        s.turns += 1;
        if s.tick < self.ticks(s.timer) {
            return;
        }
        let timer = s.timer;
        self.emit(s, s.active, EventKind::Timer { timer }, obs);
        s.tick = 0;
        s.timer += 1;
        match timer {
            0 => {
                self.deal(s, rng, obs);
                self.reveal_meta(s, 1, obs);
            }
            1 => {}
            _ => {
                s.turn = 0;
                s.phase = Phase::Finalize { collection: false };
            }
        }
    }

    /// What `p` may do in the final step: add a binder card to the deck
    /// (within its limits, one copy of a card), then to the collection,
    /// or be done.
    pub(super) fn finalize_actions(
        &self,
        s: &State,
        p: Player,
        collection: bool,
        out: &mut Vec<Action>,
    ) {
        out.push(Action::Pass);
        let binder = s.members(Zone::of(Area::Binder, p));
        let mut seen = Vec::new();
        if !collection {
            let deck = s.members(Zone::of(Area::Deck, p));
            let count = |k: Kind| deck.iter().filter(|&&c| self.card(c).kind == k).count();
            let room = |k: Kind| match k {
                Kind::Single => count(k) < DECK_SINGLES,
                Kind::DeckBox => count(k) < 1,
                Kind::Accessory => count(k) < DECK_ACCESSORIES,
                _ => false,
            };
            for c in binder {
                let id = self.table.card(c);
                let in_deck = deck.iter().any(|&d| self.table.card(d) == id);
                if !in_deck && room(self.card(c).kind) && !seen.contains(&id) {
                    seen.push(id);
                    out.push(Action::Take(c));
                }
            }
            return;
        }
        // The collection so far, found once for every card offered.
        let members = s.members(Zone::of(Area::Collection, p));
        for c in binder {
            let id = self.table.card(c);
            if seen.contains(&id) {
                continue;
            }
            seen.push(id);
            if self.options.mode == Mode::Duel {
                self.collect_actions(s, p, c, out);
            } else if self.fits_collection(&members, c, None) {
                out.push(Action::Take(c));
            }
        }
    }

    /// Whether card `c` can be added to a collection of `members`: a card
    /// with a symbol, at most 8 cards, each with a star rating of its own
    /// (rules: "Make your Collection").
    fn joins(&self, members: &[u16], c: u16) -> bool {
        let card = self.card(c);
        card.collectible()
            && members.len() < 8
            && !members.iter().any(|&m| self.card(m).stars == card.stars)
    }

    /// Whether card `c` can join the collection of `members` (rules: "Make
    /// your Collection"): it [`Self::joins`] them, and all share a symbol:
    /// an element or a type (`kind` `None`), an element (`Some(0)`: Duel
    /// Mode's element collection) or a type (`Some(1)`).
    pub(super) fn fits_collection(&self, members: &[u16], c: u16, kind: Option<u8>) -> bool {
        if !self.joins(members, c) {
            return false;
        }
        let card = self.card(c);
        let (mut e, mut t) = (card.elements, card.types);
        for &m in members {
            e = Symbols(e.0 & self.card(m).elements.0);
            t = Symbols(t.0 & self.card(m).types.0);
        }
        match kind {
            None => e.count() + t.count() > 0,
            Some(0) => e.count() > 0,
            Some(_) => t.count() > 0,
        }
    }

    /// The [`Action::Collect`]s of `p`'s card `c` (Duel and Turn-Based
    /// Mode). Duel Mode follows the book's general rule: the element
    /// collection's cards share an element, the type collection's a type.
    /// In Turn-Based Mode "the collection's type/element is declared at
    /// the moment you add the first card to it": the first card may
    /// declare any of its symbols of the kind (one action each), and the
    /// others must have the declared one.
    pub(super) fn collect_actions(&self, s: &State, p: Player, c: u16, out: &mut Vec<Action>) {
        let card = self.card(c);
        for kind in 0..2u8 {
            let members = s.members(Zone::of(collection_area(kind), p));
            if self.options.mode != Mode::TurnBased {
                if self.fits_collection(&members, c, Some(kind)) {
                    out.push(Action::Collect(c, kind, 0));
                }
                continue;
            }
            if !self.joins(&members, c) {
                continue;
            }
            let symbols = if kind == 0 { card.elements } else { card.types };
            let declared = s.seats[p].declared[usize::from(kind)];
            for bit in (0..8).map(|b| 1u8 << b) {
                if symbols.0 & bit != 0 && (declared == 0 || declared == bit) {
                    out.push(Action::Collect(c, kind, bit));
                }
            }
        }
    }

    /// Plays a final-step action of `p`: add a card to the deck or the
    /// collection, or be done with it.
    pub(super) fn finalize_act(
        &self,
        s: &mut State,
        p: Player,
        collection: bool,
        action: Action,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        match (action, collection) {
            (Action::Take(card), false) => {
                s.put(&self.table, card, Zone::of(Area::Deck, p));
                self.emit(s, p, EventKind::DeckAdd { card }, obs);
            }
            (Action::Take(card), true) => {
                s.put(&self.table, card, Zone::of(Area::Collection, p));
                let kind = EventKind::CollectionAdd {
                    card,
                    kind: None,
                    symbol: 0,
                };
                self.emit(s, p, kind, obs);
            }
            (Action::Collect(card, kind, symbol), true) => {
                self.collect(s, p, card, kind, symbol, obs)
            }
            (_, false) => s.phase = Phase::Finalize { collection: true },
            (_, true) => {
                s.phase = Phase::Finalize { collection: false };
                s.turn += 1;
                if usize::from(s.turn) >= s.seats.len() {
                    self.end_deckbuilding(s, rng, obs);
                }
            }
        }
    }

    /// The end of deckbuilding (rules: "End of Deckbuilding"): collections
    /// turned in for VP (Duel Mode: kept for RP at the end of the
    /// tournament), loose cards to the binder, the store area and the
    /// aftermarket to the store discard; then the tournament.
    fn end_deckbuilding(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        if self.options.mode != Mode::Duel {
            for p in s.players() {
                self.score_collection(s, p, obs);
            }
        }
        let mut cleaned = 0u16;
        for l in std::mem::take(&mut s.market).iter() {
            s.put(&self.table, l.card, Zone::DISCARD);
            cleaned += 1;
        }
        for &c in std::mem::take(&mut s.area).iter() {
            s.put(&self.table, c, Zone::DISCARD);
            cleaned += 1;
        }
        self.emit(s, s.active, EventKind::Cleanup { cards: cleaned }, obs);
        self.start_tournament(s, rng, obs);
    }

    /// Turns `p`'s collection in: VP by its size, its cards to the box; a
    /// single card is no collection and goes back to the binder.
    fn score_collection(&self, s: &mut State, p: Player, obs: &mut impl Observer<Event>) {
        let cards = s.members(Zone::of(Area::Collection, p));
        if cards.len() < 2 {
            self.return_collection(s, p, &cards, obs);
            return;
        }
        let vp = COLLECTION_VP[cards.len().min(8) - 2];
        for &c in &cards {
            s.put(&self.table, c, Zone::BOX);
            s.known[usize::from(c)] = u8::MAX;
        }
        s.seats[p].vp.collection += vp;
        let size = cards.len() as u8;
        let score = self.final_score(s, p);
        self.emit(s, p, EventKind::Collection { size, vp, score }, obs);
    }

    /// A collection too small to turn in: its cards back to `p`'s binder.
    fn return_collection(
        &self,
        s: &mut State,
        p: Player,
        cards: &[u16],
        obs: &mut impl Observer<Event>,
    ) {
        for &card in cards {
            s.put(&self.table, card, Zone::of(Area::Binder, p));
            self.emit(s, p, EventKind::CollectionReturn { card }, obs);
        }
    }

    /// Duel Mode: each player's two collections (one of an element, one
    /// of a type) become RP at the end of the tournament, 10 per card
    /// (rules: "Duel Mode").
    pub(super) fn duel_collections(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        for p in s.players() {
            for kind in 0..2 {
                let cards = s.members(Zone::of(collection_area(kind), p));
                if cards.len() < 2 {
                    self.return_collection(s, p, &cards, obs);
                    continue;
                }
                for &c in &cards {
                    s.put(&self.table, c, Zone::BOX);
                }
                let rp = 10 * cards.len() as u16;
                let size = cards.len() as u8;
                let score = self.final_score(s, p);
                self.emit(s, p, EventKind::Collection { size, vp: 0, score }, obs);
                self.add_rp(s, p, i32::from(rp), cards[0], obs);
            }
        }
    }

    /// Adds `card` to `p`'s collection of kind `kind` (Duel and Turn-Based
    /// Mode); in Turn-Based Mode the first card declares the collection's
    /// `symbol`, the player's choice (see [`Self::collect_actions`]).
    pub(super) fn collect(
        &self,
        s: &mut State,
        p: Player,
        card: u16,
        kind: u8,
        symbol: u8,
        obs: &mut impl Observer<Event>,
    ) {
        let declared = &mut s.seats[p].declared[usize::from(kind)];
        if *declared == 0 && self.options.mode == Mode::TurnBased {
            *declared = symbol;
        }
        s.put(&self.table, card, Zone::of(collection_area(kind), p));
        let symbol = s.seats[p].declared[usize::from(kind)];
        let kind = Some(kind);
        self.emit(s, p, EventKind::CollectionAdd { card, kind, symbol }, obs);
    }
}
