//! The tournament phase: setup, turns, the end of the tournament and its
//! scoring (rules: "Tournament Phase", "Tournament Turns", "Ending the
//! Tournament", "Tournament VP Chart").

use super::MillenniumBlades;
use super::action::Action;
use super::cards::{Kind, When};
use super::effects::{ANVIL, BLAST, FLIP_SELF, NONE};
use super::events::{Event, EventKind};
use super::state::{Area, DECK_ACCESSORIES, DECK_SINGLES, Job, Phase, Slot, State, TABLEAU, Zone};
use super::{Mode, VP_CHART};
use crate::core::{GameRng, Observer, Player, below, shuffle};

/// A job: the end of the tournament's scoring — places, VP, prizes — once
/// every Score effect has resolved.
pub const PLACEMENT: u8 = 248;
/// A job: the Score effects of its owner's next scoring card, from index
/// `subject` of its scoring cards (rules: "Ending the Tournament", step 1).
pub const SCORE_NEXT: u8 = 245;

/// The [`SCORE_NEXT`] cursor of `p` at index `from`: pushed at index 0, it
/// sets off all of `p`'s Score effects, one card at a time.
pub(super) fn score_cursor(p: Player, from: u16) -> Job {
    Job {
        source: 0,
        owner: p,
        effect: SCORE_NEXT,
        outcome: 0,
        branch: 0,
        subject: from,
        choice: NONE,
    }
}

impl MillenniumBlades {
    /// Sets the tournament up (rules: "Setup the Phase"): RP to zero, the
    /// deck's singles into hand, its deck box and accessories face up on
    /// the board, then the first turn — the player who placed highest in
    /// the previous tournament, else a random one ("whoever most recently
    /// opened a booster pack").
    pub(super) fn start_tournament(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        for p in s.players() {
            self.trim_deck(s, p, rng, obs);
            s.reset_rp(p);
            let seat = &mut s.seats[p];
            seat.removed = false;
            seat.tableau.clear();
            seat.board.clear();
            seat.next.clear();
            seat.next_tokens = 0;
            seat.slots = TABLEAU as u8;
            let deck = s.members(Zone::of(Area::Deck, p));
            let kinds = |k: Kind| {
                deck.iter()
                    .copied()
                    .filter(move |&c| self.card(c).kind == k)
            };
            let board: Vec<u16> = kinds(Kind::DeckBox).chain(kinds(Kind::Accessory)).collect();
            for c in kinds(Kind::Single) {
                s.put(&self.table, c, Zone::of(Area::Hand, p));
            }
            for c in board {
                s.put(&self.table, c, Zone::of(Area::Board, p));
                s.known[usize::from(c)] = u8::MAX;
                s.seats[p].board.push(Slot {
                    card: c,
                    up: true,
                    tokens: 0,
                });
            }
        }
        let first = self.first_player(s, rng);
        s.phase = Phase::Tournament;
        s.active = first;
        s.passes = 0;
        let round = s.round;
        self.emit(s, first, EventKind::TournamentStart { round, first }, obs);
        self.begin_turn(s, rng, obs);
    }

    /// The first player of a tournament: the one placed first alone in the
    /// previous tournament (a player removed by a loop scored first place's
    /// VP without placing), else one at random.
    fn first_player(&self, s: &State, rng: &mut GameRng) -> Player {
        let firsts: Vec<Player> = s.players().filter(|&p| s.seats[p].place == 1).collect();
        match firsts.as_slice() {
            [p] => *p,
            _ => Player::new(below(rng, s.seats.len() as u32) as usize),
        }
    }

    /// The Illegal Decks rule: a second copy of a card (rules: "Build your
    /// Deck": "only one copy of any card"), then cards over the deck's
    /// limits (8 singles, 1 deck box, 2 accessories), go back to the
    /// binder, the latter at random. Copies are alike, so which one stays
    /// needs no draw.
    fn trim_deck(
        &self,
        s: &mut State,
        p: Player,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let deck: Vec<u16> = s.in_zone(Zone::of(Area::Deck, p)).collect();
        for (i, &card) in deck.iter().enumerate() {
            let id = self.table.card(card);
            if deck[..i].iter().any(|&c| self.table.card(c) == id) {
                s.put(&self.table, card, Zone::of(Area::Binder, p));
                self.emit(s, p, EventKind::DeckTrim { card }, obs);
            }
        }
        for (kind, limit) in [
            (Kind::Single, DECK_SINGLES),
            (Kind::DeckBox, 1),
            (Kind::Accessory, DECK_ACCESSORIES),
        ] {
            let mut cards: Vec<u16> = s
                .in_zone(Zone::of(Area::Deck, p))
                .filter(|&c| self.card(c).kind == kind)
                .collect();
            if cards.len() > limit {
                shuffle(rng, &mut cards);
                for &card in &cards[limit..] {
                    s.put(&self.table, card, Zone::of(Area::Binder, p));
                    self.emit(s, p, EventKind::DeckTrim { card }, obs);
                }
            }
        }
    }

    /// Plays single `card` of `p` face up at the right of its tableau,
    /// with the star tokens waiting for it (rules: "Play a Single"), and
    /// sets off what answers a play.
    pub(super) fn place_single(
        &self,
        s: &mut State,
        p: Player,
        card: u16,
        obs: &mut impl Observer<Event>,
    ) {
        let seat = &mut s.seats[p];
        let tokens = std::mem::take(&mut seat.next_tokens);
        seat.tableau.push(Slot {
            card,
            up: true,
            tokens,
        });
        let slot = (seat.tableau.len() - 1) as u8;
        s.put(&self.table, card, Zone::of(Area::Tableau, p));
        s.known[usize::from(card)] = u8::MAX;
        self.emit(s, p, EventKind::Play { card, slot }, obs);
        if tokens > 0 {
            let amount = tokens;
            self.emit(s, p, EventKind::Stars { card, amount }, obs);
        }
        self.on_played(s, p, card);
    }

    /// Whether `p` can play a single: a single in hand and a free tableau
    /// slot (rules: "Tournament Turns"). A deck box or an accessory an
    /// effect drew into the hand is not a single: it stays there.
    pub(super) fn can_play(&self, s: &State, p: Player) -> bool {
        let seat = &s.seats[p];
        seat.tableau.len() < usize::from(seat.slots) && self.singles_in_hand(s, p).next().is_some()
    }

    /// The singles in `p`'s hand.
    fn singles_in_hand<'a>(&'a self, s: &'a State, p: Player) -> impl Iterator<Item = u16> + 'a {
        s.in_zone(Zone::of(Area::Hand, p))
            .filter(|&c| self.card(c).kind == Kind::Single)
    }

    /// Adds a [`Action::Play`] for each distinct single in `p`'s hand.
    pub(super) fn single_plays(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        let mut seen: Vec<super::cards::CardId> = Vec::new();
        for c in self.singles_in_hand(s, p) {
            let id = self.table.card(c);
            if !seen.contains(&id) {
                seen.push(id);
                out.push(Action::Play(c));
            }
        }
    }

    /// Starts the active player's turn; a player who cannot play a single
    /// passes (and cannot take an Action).
    pub(super) fn begin_turn(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        loop {
            if s.phase != Phase::Tournament {
                return;
            }
            let p = s.active;
            let seat = &mut s.seats[p];
            seat.acted = false;
            seat.played = false;
            seat.extra = 0;
            s.resolved = 0;
            if !s.seats[p].removed && self.can_play(s, p) {
                s.turns += 1;
                self.emit(s, p, EventKind::TurnStart, obs);
                return;
            }
            // A player removed from the tournament neither plays nor
            // passes: the phase ends when every player still in it has
            // passed in succession.
            if !s.seats[p].removed {
                self.emit(s, p, EventKind::Pass, obs);
                s.passes += 1;
            }
            if self.all_passed(s) {
                self.end_tournament(s, rng, obs);
                return;
            }
            s.active = s.active.next(s.seats.len());
        }
    }

    /// Whether every player still in the tournament has passed in
    /// succession: then it ends (rules: "Tournament Turns").
    fn all_passed(&self, s: &State) -> bool {
        let live = s.players().filter(|&q| !s.seats[q].removed).count();
        usize::from(s.passes) >= live
    }

    /// The active player's options: play a single (while it has to, or
    /// may again), use an Action once, or end the turn once a single is
    /// played.
    pub(super) fn tournament_actions(&self, s: &State, out: &mut Vec<Action>) {
        let p = s.active;
        let seat = &s.seats[p];
        let may_play = !seat.played || seat.extra > 0;
        if may_play && self.can_play(s, p) {
            self.single_plays(s, p, out);
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
        if seat.played {
            out.push(Action::Pass);
        }
    }

    /// Plays a tournament action of the active player.
    pub(super) fn tournament_act(
        &self,
        s: &mut State,
        action: Action,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let p = s.active;
        match action {
            Action::Play(card) => {
                let seat = &mut s.seats[p];
                if seat.played {
                    seat.extra = seat.extra.saturating_sub(1);
                }
                seat.played = true;
                s.passes = 0;
                self.place_single(s, p, card, obs);
            }
            Action::Use(card) => {
                s.seats[p].acted = true;
                self.emit(s, p, EventKind::Action { card }, obs);
                self.push_action(s, p, card);
            }
            _ => {
                self.end_turn(s, rng, obs);
                return;
            }
        }
        self.resolve(s, rng, obs);
        self.settle(s, rng, obs);
    }

    /// Pushes the jobs of `p` using the Action of `card`: its text, then
    /// the card flips face down.
    pub(super) fn push_action(&self, s: &mut State, p: Player, card: u16) {
        let c = self.card(card);
        let job = |effect: u8| Job::of(card, p, effect);
        s.push_job(job(FLIP_SELF));
        if c.keywords.anvil_drop {
            s.push_job(job(ANVIL));
        }
        if c.keywords.blast_off > 0 {
            s.push_job(job(BLAST));
        }
        for (k, _) in c
            .effects
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, e)| e.when == When::Action)
        {
            s.push_job(job(k as u8));
        }
    }

    /// Ends the turn of a player with nothing left to decide: a single
    /// played and no Action or extra single left to use. A player whose
    /// Action, taken before its single, left it unable to play one passes
    /// (rules: "Tournament Turns": "If the player is unable to play a
    /// Single, they ... Pass").
    pub(super) fn settle(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        if s.phase != Phase::Tournament || s.prompt.is_some() || !s.jobs.is_empty() {
            return;
        }
        let (p, seat) = (s.active, &s.seats[s.active]);
        if !seat.played && !seat.removed && !self.can_play(s, p) {
            self.emit(s, p, EventKind::Pass, obs);
            s.passes += 1;
            if self.all_passed(s) {
                self.emit(s, p, EventKind::TurnEnd, obs);
                self.end_tournament(s, rng, obs);
            } else {
                self.end_turn(s, rng, obs);
            }
            return;
        }
        let mut options = Vec::new();
        self.tournament_actions(s, &mut options);
        if options == [Action::Pass] || s.seats[s.active].removed {
            self.end_turn(s, rng, obs);
        }
    }

    /// Ends the active player's turn and passes the turn clockwise.
    fn end_turn(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        self.emit(s, s.active, EventKind::TurnEnd, obs);
        s.active = s.active.next(s.seats.len());
        self.begin_turn(s, rng, obs);
    }

    /// Ends the tournament (rules: "Ending the Tournament", step 1): every
    /// player's Score effects of face-up cards — tableau left to right,
    /// then the deck box, the accessories, then the metagame cards — then
    /// the places.
    pub(super) fn end_tournament(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        // The placement comes last; above it, each player's Score effects
        // in seat order, read one card at a time (see `score_next`).
        s.resolved = 0;
        s.push_job(Job::of(0, Player::A, PLACEMENT));
        let scoring: Vec<Player> = s.players().filter(|&p| !s.seats[p].removed).collect();
        for &p in scoring.iter().rev() {
            s.push_job(score_cursor(p, 0));
        }
        self.resolve(s, rng, obs);
    }

    /// The cards whose Score effects `p` activates, in order, each with
    /// whether it is face up: its tableau left to right, its deck box and
    /// accessories, then the revealed metagame cards. A card keeps its index
    /// while Score effects resolve: flipping a card moves no other.
    fn score_sources(&self, s: &State, p: Player) -> Vec<(u16, bool)> {
        let seat = &s.seats[p];
        let slots = seat.tableau.iter().chain(seat.board.iter());
        slots
            .map(|t| (t.card, t.up))
            .chain(s.in_zone(Zone::META_UP).map(|c| (c, true)))
            .collect()
    }

    /// Runs a [`SCORE_NEXT`] cursor: the Score effects of `p`'s next
    /// scoring card from index `from` of [`Self::score_sources`] go on the
    /// stack, under them the cursor for the card after. One card's effects
    /// at a time, so a crowded table never overflows the job stack; a card
    /// is read when its turn comes, so one flipped face down by then does
    /// not score, and one flipped while its effects resolve loses those not
    /// yet resolved (each is checked as it comes up, see [`Self::run`]).
    pub(super) fn score_next(&self, s: &mut State, p: Player, from: u16) {
        let sources = self.score_sources(s, p);
        let left = sources.iter().enumerate().skip(usize::from(from));
        for (i, &(source, _)) in left.filter(|(_, (_, up))| *up) {
            let effects = self.card(source).effects.iter().enumerate();
            let score: Vec<u8> = effects
                .filter(|(_, e)| e.when == When::Score)
                .map(|(k, _)| k as u8)
                .collect();
            if score.is_empty() {
                continue;
            }
            s.push_job(score_cursor(p, i as u16 + 1));
            for &effect in score.iter().rev() {
                s.push_job(Job::of(source, p, effect));
            }
            return;
        }
    }

    /// Places the players by RP and awards the round's VP, ties sharing
    /// the VP of the places they cover (rounded down); a player removed by
    /// an infinite loop scores first place's VP. Then prize support, and
    /// the next round or the end of the game.
    pub(super) fn placement(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        if self.options.mode == Mode::Duel {
            self.duel_collections(s, obs);
        }
        let chart = VP_CHART[self.chart_row(s)];
        let live: Vec<Player> = s.players().filter(|&p| !s.seats[p].removed).collect();
        for p in s.players() {
            let (removed, rp) = (s.seats[p].removed, s.seats[p].rp);
            let above = live.iter().filter(|&&q| s.seats[q].rp > rp).count();
            let tied = live.iter().filter(|&&q| s.seats[q].rp == rp).count();
            let (place, vp) = if removed {
                (1, chart[0])
            } else {
                let covered: u16 = (above..above + tied)
                    .map(|i| chart.get(i).copied().unwrap_or(0))
                    .sum();
                (above as u8 + 1, covered / tied as u16)
            };
            // A removed player scores first place's VP but did not place:
            // the next tournament is begun by the one who did.
            s.seats[p].place = if removed { 0 } else { place };
            match self.options.mode {
                Mode::Duel => {
                    if place == 1 && tied == 1 && !removed {
                        s.seats[p].banked += 1;
                    }
                }
                _ => s.seats[p].vp.tournament += vp,
            }
            let rp = s.seats[p].rp;
            let gained = if self.options.mode == Mode::Duel {
                0
            } else {
                vp
            };
            let score = self.final_score(s, p);
            self.emit(
                s,
                p,
                EventKind::Placed {
                    place,
                    rp,
                    vp: gained,
                    score,
                },
                obs,
            );
        }
        self.prize_support(s, obs);
        self.next_round(s, rng, obs);
    }

    /// The row of the VP chart of the current tournament: Pre-Release,
    /// Round 1, Round 2, Final Round. With a Pre-Release the game has
    /// three tournaments in all; the last always scores on the Final
    /// Round row (see docs/rulings/millennium-blades.md).
    pub(super) fn chart_row(&self, s: &State) -> usize {
        if s.round == 0 {
            0
        } else if self.is_last_round(s) {
            3
        } else {
            usize::from(s.round)
        }
    }

    /// Whether this is the game's last round.
    pub(super) fn is_last_round(&self, s: &State) -> bool {
        s.round >= self.last_round()
    }

    /// The last round: 3, or 2 after a Pre-Release.
    pub(super) fn last_round(&self) -> u8 {
        if self.options.pre_release { 2 } else { 3 }
    }

    /// Prize support (rules: "Ending the Tournament", step 3): after the
    /// first round a bronze promo set, after the second a silver one; each
    /// player gets one of its cards at random, the rest go to the box.
    fn prize_support(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        if s.round == 0 || self.is_last_round(s) {
            return;
        }
        let pile = usize::from(s.round - 1).min(1);
        for p in s.players() {
            let Some(card) = s.prizes[pile].pop() else {
                break;
            };
            s.put(&self.table, card, Zone::of(Area::Binder, p));
            s.known[usize::from(card)] = u8::MAX;
            self.emit(s, p, EventKind::Prize { card }, obs);
        }
        while let Some(card) = s.prizes[pile].pop() {
            s.put(&self.table, card, Zone::BOX);
            self.emit(s, Player::A, EventKind::PrizeReturn { card }, obs);
        }
    }

    /// After a tournament and its scoring: the round ends (each player's
    /// money left), then the next deckbuilding phase, or the end of the
    /// game (Duel Mode: once a player has won two tournaments).
    fn next_round(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let duel_won = self.options.mode == Mode::Duel && s.seats.iter().any(|t| t.banked >= 2);
        if self.is_last_round(s) || duel_won {
            self.end_game(s, obs);
            return;
        }
        for p in s.players() {
            let money = s.seats[p].money;
            self.emit(s, p, EventKind::RoundEnd { money }, obs);
        }
        // Every card back to its owner's binder, sell markers returned.
        for i in 0..s.zones().len() {
            if let Some((area, p)) = s.zone(i as u16).owner()
                && area != Area::Binder
                && area != Area::Collection
            {
                s.put(&self.table, i as u16, Zone::of(Area::Binder, p));
                s.known[i] = u8::MAX;
            }
        }
        for p in s.players() {
            s.reset_rp(p);
            let seat = &mut s.seats[p];
            seat.tableau.clear();
            seat.board.clear();
            seat.removed = false;
        }
        s.round += 1;
        self.start_deckbuilding(s, rng, obs);
    }
}
