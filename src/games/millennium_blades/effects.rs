//! The effect interpreter of the tournament.
//!
//! rules/millennium-blades.txt: "Effects on Cards" — Play, Next, Flip,
//! Ongoing, Top, Score, Reaction and Action effects;
//! "Top > Ongoing > Play > Next > Score is the order of what effects take
//! priority over other effects. The player whose turn it is gets the first opportunity to use
//! Flip or Reaction effects, with that opportunity passing clockwise";
//! "Besides Reactions, other Effects are Not Optional"; "Clashing";
//! "General Rules" (discard to the binder, flipping, face-down cards);
//! "Set Specific Keywords"; "Infinite Loops".
//!
//! Effects wait on a stack of [`Job`]s, the next to resolve on top. An
//! event (a single played, a card flipped, a clash decided) pushes the
//! effects it sets off in priority order, so that they resolve in that
//! order, and the effects they set off in turn resolve before the older
//! ones (depth first). A job that needs a choice (an opponent, a card, a
//! position, whether to react, what to discard) sets the prompt and waits
//! for the player's action; a choice with one option is made at once.

use super::MillenniumBlades;
use super::action::Action;
use super::cards::{ClashWith, Condition, Effect, Op, Target, Trigger, When, Who};
use super::events::{Event, EventKind};
use super::state::{AFTERMARKET_TOURNAMENT, Area, Job, Listing, Prompt, Seller, Slot, State, Zone};
use super::tournament::{PLACEMENT, SCORE_NEXT};
use super::turn_based::BANK;
use crate::core::{GameRng, Observer, Player};

/// No card or choice.
pub const NONE: u16 = u16::MAX;
/// Job codes for the set keywords (beside effect indices).
pub const SCURRY: u8 = 250;
/// Thwomp!: flip a lower card to the left and gain RP.
pub const THWOMP: u8 = 251;
/// Anvil Drop: flip another player's card with a lower star rating.
pub const ANVIL: u8 = 252;
/// Blast Off: tokens for the next card.
pub const BLAST: u8 = 253;
/// Jobs one turn may resolve before its effects count as an infinite loop
/// (rules: "Infinite Loops": "a set of mandatory effects that cannot be
/// stopped").
pub const LOOP_LIMIT: u16 = 400;

/// A choice an action may answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A seat.
    Seat(Player),
    /// A face-up tableau card: its owner and position.
    Card(Player, u8),
    /// A tableau position.
    Position(u8),
    /// Use the Reaction (or not).
    React(bool),
    /// A hand card to discard; at a Turn-Based scoring, an accessory to
    /// discard.
    Discard(u16),
    /// A card taken: the metagame card to replace; at a Turn-Based
    /// scoring, an accessory kept.
    Take(u16),
}

impl Choice {
    /// The action that makes this choice.
    pub fn into_action(self) -> Action {
        match self {
            Choice::Seat(p) => Action::Seat(p),
            Choice::Card(p, at) => Action::Card(p, at),
            Choice::Position(at) => Action::Position(at),
            Choice::React(true) => Action::React,
            Choice::React(false) => Action::Pass,
            Choice::Discard(c) => Action::Discard(c),
            Choice::Take(c) => Action::Take(c),
        }
    }

    /// The choice an action makes, if it is one.
    pub fn from_action(action: Action) -> Option<Choice> {
        Some(match action {
            Action::Seat(p) => Choice::Seat(p),
            Action::Card(p, at) => Choice::Card(p, at),
            Action::Position(at) => Choice::Position(at),
            Action::React => Choice::React(true),
            Action::Pass => Choice::React(false),
            Action::Discard(c) => Choice::Discard(c),
            Action::Take(c) => Choice::Take(c),
            _ => return None,
        })
    }
}

impl MillenniumBlades {
    /// The effect a job refers to (for keyword jobs, `None`).
    pub(super) fn job_effect(&self, job: &Job) -> Option<&Effect> {
        let card = self.card(job.source);
        let e = card.effects.get(usize::from(job.effect))?;
        Some(match job.outcome {
            1 => e.win.get(usize::from(job.branch))?,
            2 => e.lose.get(usize::from(job.branch))?,
            3 => e.tie.get(usize::from(job.branch))?,
            _ => e,
        })
    }

    /// The star rating of `p`'s card `source` as it stands (face-up in the
    /// tableau with its tokens, else its printed rating).
    fn source_stars(&self, s: &State, p: Player, source: u16) -> u8 {
        self.slot_of(s, p, source)
            .map_or(self.card(source).stars, |a| {
                self.stars_of(&s.seats[p].tableau[a])
            })
    }

    /// Where `owner`'s card `i` is in its tableau, if it is there.
    fn slot_of(&self, s: &State, owner: Player, i: u16) -> Option<usize> {
        self.tableau_index(s, owner, i)
    }

    /// The triggered effects of `event` (in priority: Top then Ongoing
    /// then Reactions; players from the active one clockwise), as jobs in
    /// resolution order. `actor` played, flipped or clashed; `subject` is
    /// the card concerned. A Top effect answering its owner's play is the
    /// one of the card that was the Top Card when the single was played.
    fn triggered(&self, s: &State, event: Trigger, actor: Player, subject: u16) -> Vec<Job> {
        let mut order: Vec<Player> = s.players().filter(|&q| !s.seats[q].removed).collect();
        order.sort_by_key(|&q| Self::turn_order(s, q));
        let applies = |q: Player| match event {
            Trigger::OpponentPlays => q != actor,
            Trigger::YouPlay | Trigger::ClashWon | Trigger::ClashLost => q == actor,
            Trigger::OwnCardFlipped => q != actor,
        };
        let mut found: Vec<(u8, Job)> = Vec::new();
        for &q in order.iter().filter(|&&q| applies(q)) {
            if event == Trigger::OwnCardFlipped
                && s.zone(subject).owner().map(|(_, o)| o) != Some(q)
            {
                continue;
            }
            let top = if event == Trigger::YouPlay {
                self.top_under(s, q, subject)
            } else {
                self.top(s, q)
            };
            let seat = &s.seats[q];
            let tableau = seat.tableau.iter().enumerate().map(|(i, t)| (Some(i), *t));
            let board = seat.board.iter().map(|t| (None, *t));
            for (at, slot) in tableau.chain(board).filter(|(_, t)| t.up) {
                if slot.card == subject && event == Trigger::YouPlay {
                    continue;
                }
                for (k, e) in self.card(slot.card).effects.iter().enumerate() {
                    if e.on != Some(event) {
                        continue;
                    }
                    let class = match e.when {
                        When::Top if at.is_some() && at == top => 0,
                        When::Ongoing => 1,
                        When::Reaction => 2,
                        _ => continue,
                    };
                    let job = Job {
                        source: slot.card,
                        owner: q,
                        effect: k as u8,
                        outcome: 0,
                        branch: 0,
                        subject,
                        choice: NONE,
                    };
                    found.push((class, job));
                }
            }
        }
        found.sort_by_key(|(class, _)| *class);
        found.into_iter().map(|(_, j)| j).collect()
    }

    /// The index of the card that was `p`'s Top Card before `p` played
    /// `played` (placed at the right end, so it covers that card): the
    /// right-most face-up card but `played` (see
    /// docs/rulings/millennium-blades.md, "Top triggers on one's plays").
    fn top_under(&self, s: &State, p: Player, played: u16) -> Option<usize> {
        s.seats[p]
            .tableau
            .iter()
            .rposition(|t| t.up && t.card != played)
    }

    /// How many seats clockwise from the player whose turn it is `q` sits:
    /// the order in which players take their opportunities (rules:
    /// "Effects on Cards": "The player whose turn it is gets the first
    /// opportunity to use Flip or Reaction effects, with that opportunity
    /// passing clockwise").
    fn turn_order(s: &State, q: Player) -> usize {
        let n = s.seats.len();
        (q.index() + n - s.active.index()) % n
    }

    /// Pushes `jobs` so that the first resolves first.
    fn push_all(s: &mut State, jobs: &[Job]) {
        for j in jobs.iter().rev() {
            s.push_job(*j);
        }
    }

    /// `p` has played `card` (already in the tableau): pushes what it sets
    /// off, in priority order — Top and Ongoing triggers, its Play effects
    /// and Play keywords (unless an opponent silences them), the Next
    /// effects of `p`'s earlier cards (which do nothing if their card is
    /// face down by then, see [`Self::run`]), then Reactions. Triggers of
    /// one kind go from the player whose turn it is clockwise, whether
    /// they answer the player's own play or an opponent's.
    pub(super) fn on_played(&self, s: &mut State, p: Player, card: u16) {
        let triggers = {
            let mut t = self.triggered(s, Trigger::OpponentPlays, p, card);
            t.extend(self.triggered(s, Trigger::YouPlay, p, card));
            t.sort_by_key(|j| {
                let class = match self.job_effect(j).map(|e| e.when) {
                    Some(When::Top) => 0,
                    Some(When::Ongoing) => 1,
                    _ => 2,
                };
                (class, Self::turn_order(s, j.owner))
            });
            t
        };
        let (continuous, reactions): (Vec<Job>, Vec<Job>) = triggers
            .into_iter()
            .partition(|j| self.job_effect(j).is_some_and(|e| e.when != When::Reaction));
        let mut play = Vec::new();
        if !self.silenced(s, p) {
            let c = self.card(card);
            let job = |effect: u8| Job::of(card, p, effect);
            if c.keywords.scurry {
                play.push(job(SCURRY));
            }
            for (k, _) in c
                .effects
                .iter()
                .enumerate()
                .filter(|(_, e)| e.when == When::Play)
            {
                play.push(job(k as u8));
            }
            if c.keywords.thwomp > 0 {
                play.push(job(THWOMP));
            }
        }
        let seat = &mut s.seats[p];
        let earlier: Vec<u16> = seat.next.iter().copied().collect();
        seat.next.clear();
        let mut next = Vec::new();
        for source in earlier {
            for (k, _) in self
                .card(source)
                .effects
                .iter()
                .enumerate()
                .filter(|(_, e)| e.when == When::Next)
            {
                next.push(Job {
                    source,
                    owner: p,
                    effect: k as u8,
                    outcome: 0,
                    branch: 0,
                    subject: card,
                    choice: NONE,
                });
            }
        }
        if self.card(card).has(When::Next) {
            s.seats[p].next.push(card);
        }
        let mut all = continuous;
        all.extend(play);
        all.extend(next);
        all.extend(reactions);
        Self::push_all(s, &all);
    }

    /// Flips `owner`'s face-up card `card` (in the tableau or on the
    /// board) face down, on behalf of `by`, and pushes its Flip effects and
    /// then the triggers of an opponent's flip. Returns whether it flipped.
    pub(super) fn flip(
        &self,
        s: &mut State,
        owner: Player,
        card: u16,
        by: Player,
        obs: &mut impl Observer<Event>,
    ) -> bool {
        let Some(jobs) = self.flip_card(s, owner, card, by, obs) else {
            return false;
        };
        Self::push_all(s, &jobs);
        true
    }

    /// [`Self::flip`] without pushing: the jobs it sets off, in order, or
    /// `None` if the card was not face up. An effect that flips several
    /// cards at once pushes all their jobs together, so that they resolve
    /// from the active player clockwise.
    fn flip_card(
        &self,
        s: &mut State,
        owner: Player,
        card: u16,
        by: Player,
        obs: &mut impl Observer<Event>,
    ) -> Option<Vec<Job>> {
        let seat = &mut s.seats[owner];
        let slot = seat
            .tableau
            .iter_mut()
            .chain(seat.board.iter_mut())
            .find(|t| t.card == card && t.up)?;
        slot.up = false;
        s.known[usize::from(card)] = u8::MAX;
        self.emit(s, owner, EventKind::Flip { card, owner }, obs);
        let mut jobs: Vec<Job> = self
            .card(card)
            .effects
            .iter()
            .enumerate()
            .filter(|(_, e)| e.when == When::Flip)
            .map(|(k, _)| Job {
                source: card,
                owner,
                effect: k as u8,
                outcome: 0,
                branch: 0,
                subject: card,
                choice: NONE,
            })
            .collect();
        if by != owner {
            jobs.extend(self.triggered(s, Trigger::OwnCardFlipped, by, card));
        }
        Some(jobs)
    }

    /// Adds `delta` RP to `p` (never below zero), reporting it.
    pub(super) fn add_rp(
        &self,
        s: &mut State,
        p: Player,
        delta: i32,
        source: u16,
        obs: &mut impl Observer<Event>,
    ) {
        let seat = &mut s.seats[p];
        let before = i32::from(seat.rp);
        let after = (before + delta).clamp(0, i32::from(u16::MAX));
        seat.rp = after as u16;
        if after > before {
            s.rp_ledger.0 += (after - before) as u32;
        } else {
            s.rp_ledger.1 += (before - after) as u32;
        }
        let seat = &s.seats[p];
        if after != before {
            let kind = EventKind::Rp {
                delta: (after - before) as i16,
                total: seat.rp,
                source,
            };
            self.emit(s, p, kind, obs);
        }
    }

    /// Resolves jobs until one needs a choice or none is left. Past
    /// [`LOOP_LIMIT`] in one turn, the owner of the job resolving has
    /// caused an infinite loop.
    pub(super) fn resolve(&self, s: &mut State, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        while s.prompt.is_none() {
            let Some(job) = s.jobs.pop() else { return };
            s.resolved += 1;
            // The game's own steps outlive a loop.
            let step = game_step(job.effect);
            if s.resolved > LOOP_LIMIT {
                self.infinite_loop(s, job.owner, rng, obs);
                if !step {
                    continue;
                }
            }
            // A removed player's effects are gone.
            if s.seats[job.owner].removed && !step {
                continue;
            }
            self.run(s, job, rng, obs);
        }
    }

    /// The seats still in the tournament, from `p` clockwise (`p` first):
    /// the order in which an effect reaching several players reaches them
    /// (rules: "Effects on Cards": "with that opportunity passing
    /// clockwise"; "Clashing": "starting with the player who initiated the
    /// clash and moving clockwise").
    fn clockwise_from(s: &State, p: Player) -> impl Iterator<Item = Player> + '_ {
        let n = s.seats.len();
        (0..n)
            .map(move |k| Player::new((p.index() + k) % n))
            .filter(move |&q| !s.seats[q].removed)
    }

    /// The seats other than `p` still in the tournament, from `p`'s left
    /// clockwise ([`Self::clockwise_from`]).
    fn others(s: &State, p: Player) -> impl Iterator<Item = Player> + '_ {
        Self::clockwise_from(s, p).skip_while(move |&q| q == p)
    }

    /// The options of the choice `job` needs, or `None` if it needs none.
    pub(super) fn choices(&self, s: &State, job: &Job) -> Option<(Prompt, Player, Vec<Choice>)> {
        let p = job.owner;
        match job.effect {
            SCURRY => {
                let len = s.seats[p].tableau.len();
                let options = (0..len as u8).map(Choice::Position).collect();
                return Some((Prompt::Position, p, options));
            }
            ANVIL => {
                let stars = self.source_stars(s, p, job.source);
                let options =
                    self.other_cards(s, p, |q, at| self.stars_of(&s.seats[q].tableau[at]) < stars);
                return Some((Prompt::Card, p, options));
            }
            DISCARD => {
                let options: Vec<Choice> = s
                    .in_zone(Zone::of(Area::Hand, p))
                    .map(Choice::Discard)
                    .collect();
                return Some((Prompt::Discard, p, options));
            }
            META => {
                // With no metagame card revealed (a pool without any) there
                // is nothing to choose: the scoring goes on.
                let options: Vec<Choice> = s.in_zone(Zone::META_UP).map(Choice::Take).collect();
                return (!options.is_empty()).then_some((Prompt::Meta, p, options));
            }
            KEEP => {
                let card = job.source;
                let options = vec![Choice::Take(card), Choice::Discard(card)];
                return Some((Prompt::Accessory, p, options));
            }
            THWOMP | BLAST | FLIP_SELF | PLACEMENT | BANK | SCORE_NEXT => return None,
            _ => {}
        }
        let e = self.job_effect(job)?;
        if e.when == When::Reaction && job.outcome == 0 {
            // Offered only if its condition holds (rules: "Effects on
            // Cards": "Reaction effects are activated whenever the relevant
            // condition on the effect is met") and its effect, used, would
            // have a legal choice ("Cannot be flipped": with "no legal
            // targets for the effect ... she can ignore it").
            let used = Job {
                outcome: USED,
                ..*job
            };
            let usable = self.condition_holds(s, job, e)
                && self
                    .choices(s, &used)
                    .is_none_or(|(_, _, options)| !options.is_empty());
            let options = if usable {
                vec![Choice::React(true), Choice::React(false)]
            } else {
                Vec::new()
            };
            return Some((Prompt::Reaction, p, options));
        }
        let at = self.slot_of(s, p, job.source);
        let this_stars = at.map_or(self.card(job.source).stars, |a| {
            self.stars_of(&s.seats[p].tableau[a])
        });
        match (e.op, e.target, e.who) {
            (Op::Clash, _, _) if e.with == ClashWith::Chosen => {
                let options = Self::others(s, p)
                    .filter(|&q| self.top(s, q).is_some())
                    .map(Choice::Seat)
                    .collect();
                Some((Prompt::Opponent, p, options))
            }
            (Op::LoseRp | Op::Discard, _, Who::ChosenOpponent) => {
                let options = Self::others(s, p).map(Choice::Seat).collect();
                Some((Prompt::Opponent, p, options))
            }
            (Op::Flip | Op::Stars, Target::ChosenOwn, _) => {
                let seat = &s.seats[p];
                // A Reaction being used flips its own card before its
                // effect: that card is no longer a face-up target.
                let flipping = |i: usize| job.outcome == USED && seat.tableau[i].card == job.source;
                let options = (0..seat.tableau.len())
                    .filter(|&i| self.matches(s, p, i, &e.filter, this_stars) && !flipping(i))
                    .map(|i| Choice::Card(p, i as u8))
                    .collect();
                Some((Prompt::Card, p, options))
            }
            (Op::Flip, Target::ChosenOther, _) => {
                let options =
                    self.other_cards(s, p, |q, i| self.matches(s, q, i, &e.filter, this_stars));
                Some((Prompt::Card, p, options))
            }
            _ => None,
        }
    }

    /// The face-up cards of the other players' tableaux that `keep`
    /// accepts and that are not protected from `p`'s flips.
    fn other_cards(
        &self,
        s: &State,
        p: Player,
        keep: impl Fn(Player, usize) -> bool,
    ) -> Vec<Choice> {
        let mut out = Vec::new();
        for q in Self::others(s, p) {
            for i in 0..s.seats[q].tableau.len() {
                if s.seats[q].tableau[i].up && keep(q, i) && !self.protected(s, q, i) {
                    out.push(Choice::Card(q, i as u8));
                }
            }
        }
        out
    }

    /// Runs one job: asks for its choice first if it needs one. A waiting
    /// effect whose card is no longer face up does nothing.
    fn run(&self, s: &mut State, mut job: Job, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        if self.turned_blank(s, &job) {
            return;
        }
        if job.choice == NONE
            && let Some((prompt, who, options)) = self.choices(s, &job)
        {
            match options.as_slice() {
                [] => return,
                [only] if prompt != Prompt::Reaction => job.choice = encode(*only),
                _ => {
                    s.push_job(job);
                    s.prompt = Some((prompt, who));
                    return;
                }
            }
        }
        self.execute(s, job, rng, obs);
    }

    /// Whether `job`, not yet begun, is a Next, Top, Ongoing, Reaction or
    /// Score effect whose card has turned blank since it was set off: face
    /// down, or out of play (a Next effect: out of its owner's tableau),
    /// when the effect would happen (rules: "Face-Down Cards": they "do not
    /// have any text"; "Flip a Card": a face-down card "is considered a
    /// blank card for all purposes"). A Score effect of a revealed metagame
    /// card, never in a tableau nor flipped, is never blank.
    fn turned_blank(&self, s: &State, job: &Job) -> bool {
        let Some(e) = self.job_effect(job).filter(|_| job.outcome == 0) else {
            return false;
        };
        let seat = &s.seats[job.owner];
        let has =
            |slots: &[Slot], up: bool| slots.iter().any(|t| t.card == job.source && t.up == up);
        match e.when {
            When::Next => !has(&seat.tableau, true),
            When::Top | When::Ongoing | When::Reaction => {
                !has(&seat.tableau, true) && !has(&seat.board, true)
            }
            When::Score => has(&seat.tableau, false) || has(&seat.board, false),
            _ => false,
        }
    }

    /// Applies the choice `choice` to the job waiting for it and resolves
    /// on.
    pub(super) fn answer(
        &self,
        s: &mut State,
        choice: Choice,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        s.prompt = None;
        let Some(mut job) = s.jobs.pop() else { return };
        match choice {
            Choice::React(false) => {
                let card = job.source;
                self.emit(s, job.owner, EventKind::Decline { card }, obs);
            }
            // A Reaction used: its effect's own choice, if any, comes next,
            // asked as for any other effect.
            Choice::React(true) => {
                job.outcome = USED;
                self.run(s, job, rng, obs);
            }
            _ => {
                job.choice = encode(choice);
                self.execute(s, job, rng, obs);
            }
        }
        self.resolve(s, rng, obs);
    }

    /// Carries a job out (its choice made).
    fn execute(&self, s: &mut State, job: Job, rng: &mut GameRng, obs: &mut impl Observer<Event>) {
        let p = job.owner;
        match job.effect {
            SCURRY => {
                if let Some(from) = self.slot_of(s, p, job.source) {
                    let to = usize::from(job.choice as u8).min(from);
                    let tableau = &mut s.seats[p].tableau;
                    let slot = tableau.remove(from);
                    tableau.insert(to, slot);
                    if to < from {
                        let (card, slot) = (job.source, to as u8);
                        self.emit(s, p, EventKind::Scurry { card, slot }, obs);
                    }
                }
                return;
            }
            THWOMP => {
                let Some(at) = self.slot_of(s, p, job.source) else {
                    return;
                };
                let tableau = s.seats[p].tableau;
                let this = self.stars_of(&tableau[at]);
                if let Some(left) = at.checked_sub(1).map(|l| tableau[l])
                    && left.up
                    && self.stars_of(&left) < this
                    && self.flip(s, p, left.card, p, obs)
                {
                    let rp = i32::from(self.card(job.source).keywords.thwomp);
                    self.add_rp(s, p, rp, job.source, obs);
                }
                return;
            }
            ANVIL => {
                if let (q, at) = decode_card(job.choice)
                    && let Some(slot) = s.seats[q].tableau.get(at)
                {
                    let card = slot.card;
                    self.flip(s, q, card, p, obs);
                }
                return;
            }
            BLAST => {
                let seat = &mut s.seats[p];
                seat.next_tokens = seat
                    .next_tokens
                    .saturating_add(self.card(job.source).keywords.blast_off);
                return;
            }
            FLIP_SELF => {
                self.flip(s, p, job.source, p, obs);
                return;
            }
            PLACEMENT => {
                self.placement(s, rng, obs);
                return;
            }
            SCORE_NEXT => {
                self.score_next(s, p, job.subject);
                return;
            }
            BANK => {
                self.tb_bank(s, p, obs);
                return;
            }
            META => {
                self.tb_replace_meta(s, p, job.choice, rng, obs);
                return;
            }
            KEEP => {
                self.tb_keep(s, p, job.source, job.choice & DISCARDED == 0, obs);
                return;
            }
            DISCARD => {
                let card = job.choice & !DISCARDED;
                if s.zone(card) == Zone::of(Area::Hand, p) {
                    s.put(&self.table, card, Zone::of(Area::Binder, p));
                    s.known[usize::from(card)] = u8::MAX;
                    self.emit(s, p, EventKind::Discard { card }, obs);
                }
                return;
            }
            _ => {}
        }
        let Some(e) = self.job_effect(&job) else {
            return;
        };
        let e = e.clone();
        if !self.condition_holds(s, &job, &e) {
            return;
        }
        let at = self.slot_of(s, p, job.source);
        let subject = self.subject_slot(s, &job);
        if job.outcome == USED {
            // Using a Reaction flips its card face down.
            self.emit(s, p, EventKind::Reaction { card: job.source }, obs);
            self.flip(s, p, job.source, p, obs);
        }
        let times = e
            .per
            .as_ref()
            .map_or(1, |per| self.count(s, p, per, job.source, at, subject));
        let amount = u32::from(e.amount) * times;
        match e.op {
            Op::GainRp => self.add_rp(s, p, amount as i32, job.source, obs),
            Op::LoseRp => {
                let victims: Vec<Player> = match e.who {
                    Who::You => vec![p],
                    Who::EachOpponent => Self::others(s, p).collect(),
                    Who::ChosenOpponent => vec![decode_seat(job.choice)],
                };
                for q in victims {
                    self.add_rp(s, q, -(amount as i32), job.source, obs);
                }
            }
            Op::Flip => {
                let mut targets = self.targets(s, &job, &e, at);
                // Their Flip effects and Reactions come in turn order.
                targets.sort_by_key(|&(q, _)| Self::turn_order(s, q));
                let mut set_off = Vec::new();
                for (q, card) in targets {
                    set_off.extend(self.flip_card(s, q, card, p, obs).into_iter().flatten());
                }
                Self::push_all(s, &set_off);
            }
            Op::Stars => {
                for (q, card) in self.targets(s, &job, &e, at) {
                    if let Some(slot) = s.seats[q]
                        .tableau
                        .iter_mut()
                        .find(|t| t.card == card && t.up)
                    {
                        slot.tokens = slot.tokens.saturating_add(amount.min(255) as u8);
                        let kind = EventKind::Stars {
                            card,
                            amount: amount.min(255) as u8,
                        };
                        self.emit(s, q, kind, obs);
                    }
                }
                if e.target == Target::Next && job.subject == NONE {
                    let seat = &mut s.seats[p];
                    seat.next_tokens = seat.next_tokens.saturating_add(amount.min(255) as u8);
                }
            }
            Op::Clash => self.clash(s, &job, &e, rng, obs),
            Op::DrawStore => {
                // A full hand takes no more: the draw stops, the rest stay
                // in the store deck.
                for _ in 0..(amount as usize).min(self.hand_room(s, p)) {
                    let Some(card) = self.draw_store(s, rng, obs) else {
                        break;
                    };
                    s.put(&self.table, card, Zone::of(Area::Hand, p));
                    s.known[usize::from(card)] = 1 << p.index();
                    self.emit(s, p, EventKind::DrawStore { card }, obs);
                }
            }
            Op::Discard => {
                let victims: Vec<Player> = match e.who {
                    Who::You => vec![p],
                    Who::EachOpponent => Self::others(s, p).collect(),
                    Who::ChosenOpponent => vec![decode_seat(job.choice)],
                };
                // Each discard is the discarding player's choice: one
                // waiting job per card, resolved from the player's left
                // clockwise.
                for q in victims.into_iter().rev() {
                    for _ in 0..amount {
                        s.push_job(Job::of(job.source, q, DISCARD));
                    }
                }
            }
            Op::ExtraSingle => {
                s.seats[p].extra = s.seats[p].extra.saturating_add(amount.min(255) as u8)
            }
            Op::Protect | Op::Silence => {}
        }
    }

    /// Whether the condition of `job`'s effect `e`, if it has one, holds
    /// now: its card is its owner's Top Card, or a count reaches its
    /// threshold.
    fn condition_holds(&self, s: &State, job: &Job, e: &Effect) -> bool {
        let Some(condition) = &e.condition else {
            return true;
        };
        let p = job.owner;
        let at = self.slot_of(s, p, job.source);
        match condition {
            Condition::IsTop => at.is_some() && at == self.top(s, p),
            Condition::AtLeast(per, n) => {
                let subject = self.subject_slot(s, job);
                self.count(s, p, per, job.source, at, subject) >= u32::from(*n)
            }
        }
    }

    /// The tableau slot of the card `job` concerns (its `subject`: the
    /// single played, the card flipped), if it has one in a tableau.
    fn subject_slot(&self, s: &State, job: &Job) -> Option<Slot> {
        (job.subject != NONE)
            .then(|| self.find_slot(s, job.subject))
            .flatten()
            .map(|(_, _, slot)| slot)
    }

    /// The cards (owner, instance) an effect's target names.
    fn targets(&self, s: &State, job: &Job, e: &Effect, at: Option<usize>) -> Vec<(Player, u16)> {
        let p = job.owner;
        let tableau = &s.seats[p].tableau;
        let up = |i: usize| tableau.get(i).filter(|t| t.up).map(|t| (p, t.card));
        match e.target {
            Target::This => at.and_then(up).into_iter().collect(),
            Target::Left => at
                .and_then(|a| a.checked_sub(1))
                .and_then(up)
                .into_iter()
                .collect(),
            Target::Right => at.and_then(|a| up(a + 1)).into_iter().collect(),
            Target::Adjacent => at
                .map(|a| [a.checked_sub(1).and_then(up), up(a + 1)])
                .into_iter()
                .flatten()
                .flatten()
                .collect(),
            Target::Next => self
                .find_slot(s, job.subject)
                .filter(|(_, _, t)| t.up)
                .map(|(q, _, t)| (q, t.card))
                .into_iter()
                .collect(),
            Target::AllOwn => (0..tableau.len()).filter_map(up).collect(),
            Target::ChosenOwn | Target::ChosenOther => {
                let (q, i) = decode_card(job.choice);
                s.seats[q]
                    .tableau
                    .get(i)
                    .filter(|t| t.up)
                    .map(|t| (q, t.card))
                    .into_iter()
                    .collect()
            }
            Target::EachOtherTop => Self::others(s, p)
                .filter_map(|q| {
                    let top = self.top(s, q)?;
                    (!self.protected(s, q, top)).then(|| (q, s.seats[q].tableau[top].card))
                })
                .collect(),
        }
    }

    /// The tableau slot of instance `card`, wherever it is: (owner,
    /// position, slot).
    pub(super) fn find_slot(&self, s: &State, card: u16) -> Option<(Player, usize, Slot)> {
        let (area, q) = s.zones().get(usize::from(card))?.owner()?;
        if area != Area::Tableau {
            return None;
        }
        let at = self.tableau_index(s, q, card)?;
        Some((q, at, s.seats[q].tableau[at]))
    }

    /// Draws the top card of the store deck, shuffling the store discard
    /// into a new deck when it runs out (rules: "Buy a Pack from the
    /// Store"; FAQ).
    pub(super) fn draw_store(
        &self,
        s: &mut State,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) -> Option<u16> {
        if s.store.is_empty() {
            let discard = s.members(Zone::DISCARD);
            if discard.is_empty() {
                return None;
            }
            for &c in &discard {
                s.store.push(c);
                s.put(&self.table, c, Zone::STORE);
                s.known[usize::from(c)] = 0;
            }
            crate::core::shuffle(rng, s.store.as_mut_slice());
            let kind = EventKind::Reshuffle {
                cards: discard.len() as u16,
            };
            self.emit(s, s.active, kind, obs);
        }
        s.store.pop()
    }

    /// Puts `cards` into the aftermarket during a tournament, discarding
    /// its cards to the store discard first if they would go over its
    /// limit (rules: "Aftermarket Space"); a sell marker on a discarded
    /// card goes back to its owner (Turn-Based Mode, where sold cards can
    /// be there).
    fn to_market(&self, s: &mut State, cards: &[u16], obs: &mut impl Observer<Event>) {
        if s.market.len() + cards.len() > AFTERMARKET_TOURNAMENT {
            let n = s.market.len() as u16;
            for l in std::mem::take(&mut s.market).iter() {
                s.put(&self.table, l.card, Zone::DISCARD);
                if let Some(seller) = l.seller.marker() {
                    s.seats[seller].markers += 1;
                }
            }
            self.emit(s, s.active, EventKind::MarketFull { cards: n }, obs);
        }
        for &card in cards {
            s.market.push(Listing {
                card,
                seller: Seller::Nobody,
            });
            s.put(&self.table, card, Zone::MARKET);
            s.known[usize::from(card)] = u8::MAX;
        }
    }

    /// A clash of `job`'s owner: the participants reveal the top store
    /// card each, starting with the owner and going clockwise, and add
    /// their Top Card's stars; the highest total alone wins (rules:
    /// "Clashing").
    fn clash(
        &self,
        s: &mut State,
        job: &Job,
        e: &Effect,
        rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        let p = job.owner;
        let mut participants: Vec<Player> = match e.with {
            ClashWith::Chosen => vec![p, decode_seat(job.choice)],
            ClashWith::All => Self::clockwise_from(s, p).collect(),
        };
        participants.retain(|&q| self.top(s, q).is_some());
        if participants.len() < 2 || participants[0] != p {
            return;
        }
        let mut totals = Vec::with_capacity(participants.len());
        let mut revealed = Vec::new();
        for &q in &participants {
            let top = self
                .top(s, q)
                .map_or(0, |t| self.stars_of(&s.seats[q].tableau[t]));
            let card = self.draw_store(s, rng, obs);
            let total = top.saturating_add(card.map_or(0, |c| self.card(c).stars));
            if let Some(c) = card {
                revealed.push(c);
                self.emit(s, q, EventKind::ClashReveal { card: c, total }, obs);
            }
            totals.push(total);
        }
        self.to_market(s, &revealed, obs);
        let best = totals.iter().copied().max().unwrap_or(0);
        let winners: Vec<Player> = participants
            .iter()
            .zip(&totals)
            .filter(|(_, t)| **t == best)
            .map(|(q, _)| *q)
            .collect();
        let winner = (winners.len() == 1).then(|| winners[0]);
        self.emit(s, p, EventKind::Clash { winner }, obs);
        // The owner's outcome effects, then every participant's triggers.
        let (outcome, list) = match winner {
            Some(w) if w == p => (1, &e.win),
            Some(_) => (2, &e.lose),
            None => (3, &e.tie),
        };
        let mut jobs: Vec<Job> = (0..list.len())
            .map(|b| Job {
                outcome,
                branch: b as u8,
                subject: NONE,
                choice: NONE,
                ..*job
            })
            .collect();
        if let Some(w) = winner {
            jobs.extend(self.triggered(s, Trigger::ClashWon, w, NONE));
            for &q in participants.iter().filter(|&&q| q != w) {
                jobs.extend(self.triggered(s, Trigger::ClashLost, q, NONE));
            }
        }
        Self::push_all(s, &jobs);
    }

    /// The Infinite Loops rule: `p` is removed from the tournament, scores
    /// the VP of first place (with the others' places decided as usual),
    /// and its tournament cards go back to the box for their sell value
    /// in dollars (not in the last round).
    fn infinite_loop(
        &self,
        s: &mut State,
        p: Player,
        _rng: &mut GameRng,
        obs: &mut impl Observer<Event>,
    ) {
        // The player's own effects go; the game's own steps stay.
        s.jobs.retain(|j| j.owner != p || game_step(j.effect));
        s.resolved = 0;
        let seat = &mut s.seats[p];
        seat.removed = true;
        let mut value = 0u16;
        for i in 0..s.zones().len() {
            if let Some((Area::Hand | Area::Tableau | Area::Board, q)) = s.zone(i as u16).owner()
                && q == p
            {
                value += u16::from(self.card(i as u16).stars);
                s.put(&self.table, i as u16, Zone::BOX);
                s.known[i] = u8::MAX;
            }
        }
        let seat = &mut s.seats[p];
        seat.tableau.clear();
        seat.board.clear();
        seat.next.clear();
        let money = if self.is_last_round(s) { 0 } else { value };
        s.earn(p, money);
        self.emit(s, p, EventKind::Loop { money }, obs);
    }
}

/// A job's `outcome` for a Reaction its owner has chosen to use (outside
/// any clash outcome): its card flips as its effect resolves.
pub const USED: u8 = 4;
/// A job: discard a card from hand (its choice is the card).
pub const DISCARD: u8 = 254;
/// A job: choose the metagame card to replace (Turn-Based Mode).
pub const META: u8 = 246;
/// A job: keep or discard the accessory `source` (a Turn-Based scoring).
pub const KEEP: u8 = 244;
/// The bit of a job's stored choice that says the card is discarded (a
/// card is an instance below [`super::state::MAX_INSTANCES`]).
const DISCARDED: u16 = 0x8000;
/// A job: flip the Action card just used (rules: "Use an Action": perform
/// the text, then flip the card face down).
pub const FLIP_SELF: u8 = 249;

/// Whether a job of code `effect` is one of the game's own steps, which
/// outlive an infinite loop: the tournament's placement (owned by seat a)
/// and the steps of a Turn-Based scoring.
fn game_step(effect: u8) -> bool {
    matches!(effect, PLACEMENT | BANK | META | KEEP)
}

/// A choice as a job's stored value.
fn encode(choice: Choice) -> u16 {
    match choice {
        Choice::Seat(q) => q.index() as u16,
        Choice::Card(q, at) => ((q.index() as u16) << 8) | u16::from(at),
        Choice::Position(at) => u16::from(at),
        // Never stored: a Reaction used is the job's outcome, `USED`.
        Choice::React(_) => NONE,
        Choice::Discard(card) => card | DISCARDED,
        Choice::Take(card) => card,
    }
}

fn decode_seat(v: u16) -> Player {
    Player::new(usize::from(v as u8))
}

fn decode_card(v: u16) -> (Player, usize) {
    (
        Player::new(usize::from((v >> 8) as u8)),
        usize::from(v as u8),
    )
}
