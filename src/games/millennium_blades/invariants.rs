//! The invariant checker the conformance tests and the soak run after
//! every action: every card in exactly one place (the zone array makes
//! that structural; the ordered lists must agree with it), money and RP
//! accounted for, limits respected, each seat's tally of its cards equal
//! to a fresh count.

use super::MillenniumBlades;
use super::cards::Kind;
use super::state::{
    AFTERMARKET_TOURNAMENT, Area, DECK_ACCESSORIES, DECK_SINGLES, MAX_TABLEAU, Phase, STORE_AREA,
    State, Zone,
};
use crate::core::{Invariants, Player};

impl Invariants for MillenniumBlades {
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        if s.jobs_overflowed {
            return Err("an effect was dropped: the job stack was full".into());
        }
        let n = self.table.len();
        if s.zones()[n..].iter().any(|&z| z != Zone::BOX) {
            return Err("a card beyond the table has a place".into());
        }
        // The walks over the zones stop where the table does.
        if s.live_zones().len() != n {
            return Err(format!(
                "the state walks {} instances, the table has {n}",
                s.live_zones().len()
            ));
        }
        // The tallies kept as cards move match a fresh count.
        let counted = self.table.tally(s.zones());
        if *s.tallies() != counted {
            return Err(format!(
                "the seats' tallies {:?} differ from a fresh count {counted:?}",
                s.tallies()
            ));
        }
        // The ordered lists agree with the zones, each card once.
        let mut listed = vec![0u8; n];
        let mut list = |cards: &[u16], zone: Zone, what: &str| -> Result<(), String> {
            for &c in cards {
                let i = usize::from(c);
                if i >= n || s.zone(i as u16) != zone {
                    return Err(format!("{what}: card {c} is not in zone {zone:?}"));
                }
                listed[i] += 1;
            }
            let count = s.count(zone);
            if count != cards.len() {
                return Err(format!(
                    "{what}: {} listed, {count} in the zone",
                    cards.len()
                ));
            }
            Ok(())
        };
        list(s.store.as_slice(), Zone::STORE, "store deck")?;
        list(&s.area, Zone::AREA, "store area")?;
        let market: Vec<u16> = s.market.iter().map(|l| l.card).collect();
        list(&market, Zone::MARKET, "aftermarket")?;
        for (k, pile) in s.fusion.iter().enumerate() {
            list(pile, Zone(Zone::FUSION + k as u8), "fusion pile")?;
        }
        for (k, pile) in s.prizes.iter().enumerate() {
            list(pile, Zone(Zone::PRIZE + k as u8), "prize pile")?;
        }
        for (k, pile) in s.metas.iter().enumerate() {
            list(pile, Zone(Zone::META + k as u8), "metagame stack")?;
        }
        for p in s.players() {
            let seat = &s.seats[p];
            let tableau: Vec<u16> = seat.tableau.iter().map(|t| t.card).collect();
            list(&tableau, Zone::of(Area::Tableau, p), "tableau")?;
            let board: Vec<u16> = seat.board.iter().map(|t| t.card).collect();
            list(&board, Zone::of(Area::Board, p), "board")?;
        }
        if let Some(i) = listed.iter().position(|&k| k > 1) {
            return Err(format!("card {i} listed twice"));
        }
        if s.area.len() > STORE_AREA {
            return Err(format!("{} cards in the store area", s.area.len()));
        }
        if s.phase == Phase::Tournament && s.market.len() > AFTERMARKET_TOURNAMENT {
            return Err(format!(
                "{} cards in the aftermarket during a tournament",
                s.market.len()
            ));
        }
        if s.count(Zone::META_UP) > 2 {
            return Err("more than two metagame cards revealed".into());
        }
        // Money and RP: every dollar from or to the bank, every RP from an
        // effect or a reset.
        let money: u32 = s.seats.iter().map(|t| u32::from(t.money)).sum();
        if money + s.received != s.paid {
            return Err(format!(
                "money not accounted for: {money} held, {} paid out, {} paid in",
                s.paid, s.received
            ));
        }
        let rp: u32 = s.seats.iter().map(|t| u32::from(t.rp)).sum();
        if rp + s.rp_ledger.1 != s.rp_ledger.0 {
            return Err(format!(
                "RP not accounted for: {rp} held, ledger {:?}",
                s.rp_ledger
            ));
        }
        for p in s.players() {
            self.check_seat(s, p)?;
        }
        // A player's area is in the open but for the hand (view.rs).
        if let Some(i) = (0..n).find(|&i| {
            s.zone(i as u16).owner().is_some()
                && !s.zone(i as u16).is_hand()
                && s.known[i] != u8::MAX
        }) {
            return Err(format!(
                "card {i} in {:?} is hidden from some players",
                s.zone(i as u16)
            ));
        }
        if s.prompt.is_some() && s.jobs.is_empty() {
            return Err("a prompt without a job".into());
        }
        Ok(())
    }

    fn card_count(&self, s: &State, player: Player) -> usize {
        s.live_zones()
            .iter()
            .filter(|z| z.owner().is_some_and(|(_, q)| q == player))
            .count()
    }
}

impl MillenniumBlades {
    /// A player's limits: markers, the tableau, the board, the deck, the
    /// collection.
    fn check_seat(&self, s: &State, p: Player) -> Result<(), String> {
        let seat = &s.seats[p];
        if seat.markers > self.markers() {
            return Err(format!("seat {p}: {} sell markers", seat.markers));
        }
        if seat.tableau.len() > usize::from(seat.slots.max(6))
            || usize::from(seat.slots) > MAX_TABLEAU
        {
            return Err(format!(
                "seat {p}: {} cards in {} tableau slots",
                seat.tableau.len(),
                seat.slots
            ));
        }
        let board = |k: Kind| {
            seat.board
                .iter()
                .filter(|t| self.card(t.card).kind == k)
                .count()
        };
        if board(Kind::DeckBox) > 1
            || board(Kind::Accessory) > DECK_ACCESSORIES
            || board(Kind::Single) > 0
        {
            return Err(format!("seat {p}: the board holds {:?}", seat.board));
        }
        let deck = s.members(Zone::of(Area::Deck, p));
        let kind = |k: Kind| deck.iter().filter(|&&c| self.card(c).kind == k).count();
        let over_limits = kind(Kind::Single) > DECK_SINGLES
            || kind(Kind::DeckBox) > 1
            || kind(Kind::Accessory) > DECK_ACCESSORIES;
        // A Pre-Release tournament plays the starter decks as they are.
        let pre_release = matches!(s.phase, Phase::Tournament) && self.options.pre_release;
        if over_limits && !pre_release {
            return Err(format!("seat {p}: an illegal deck {deck:?}"));
        }
        let mut names: Vec<_> = deck.iter().map(|&c| self.table.card(c)).collect();
        names.sort_unstable();
        if names.windows(2).any(|w| w[0] == w[1]) && !matches!(s.phase, Phase::Setup) {
            return Err(format!("seat {p}: two copies of a card in the deck"));
        }
        let hand_kinds_ok = s
            .in_zone(Zone::of(Area::Hand, p))
            .all(|c| self.card(c).kind != Kind::ElementMeta && self.card(c).kind != Kind::TypeMeta);
        if !hand_kinds_ok {
            return Err(format!("seat {p}: a metagame card in hand"));
        }
        Ok(())
    }
}
