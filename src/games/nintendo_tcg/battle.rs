//! The Battle Phase: at the end of a turn (never the game's very first),
//! every untapped Character of both players attacks once, fastest first.
//!
//! rules/nintendo-tcg.txt: "10 – Battle Phase" (speed order; "Player A
//! will have speed priority if his fastest character matches the speed
//! of one of his opponent's"; AP subtracted from DP, the rest to HP; the
//! attacker is tapped; DP back to normal right after the battle;
//! equal-speed Characters of one player attack "in any order", the
//! order that player chooses), "12 –
//! Vitality Points" (with no Characters, attacks go to the player),
//! "14 – The Glossary" ("Attack Pass", "Turn Priority", "SP", "DP").

use super::NintendoTcg;
use super::events::{Event, EventKind};
use super::state::{BOARD, Char, State, Tgt, flag};
use crate::core::{Observer, Player};

impl NintendoTcg {
    /// Starts the battle: the first attackers' player decides.
    pub(super) fn begin_battle(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        self.emit(s, s.active, EventKind::BattleStart, obs);
        for side in s.sides.iter_mut() {
            for c in side.board.iter_mut() {
                c.flags &= !flag::FOUGHT;
            }
        }
        self.next_attacker(s, obs);
    }

    /// The next Characters to attack: the fastest untapped ones that have
    /// not fought, of the player whose turn it is when both players have
    /// one that fast (turn priority), else of the rival. When several of
    /// that player's tie, the player chooses which attacks next ("Dragonite
    /// and Mike Jones (in any order)"): the battle waits for the choice
    /// among those with a legal target. When none of them has one, each
    /// passes by itself. No one left: the battle ends.
    fn next_attacker(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        loop {
            if s.outcome.is_some() {
                return;
            }
            let a = s.active;
            let ready = |c: &Char| !c.has(flag::TAPPED) && !c.has(flag::FOUGHT);
            let mut best: Option<(u8, Player)> = None; // (sp, side)
            for q in [a, a.opponent()] {
                for c in s.sides[q].board.iter().filter(|c| ready(c)) {
                    let sp = self.stats(s, q, c).sp;
                    if best.is_none_or(|(b, _)| sp > b) {
                        best = Some((sp, q));
                    }
                }
            }
            let Some((sp, q)) = best else {
                return self.end_battle(s, obs);
            };
            let (mut tied, mut armed) = (0u8, 0u8);
            for (i, c) in s.sides[q].board.iter().enumerate() {
                if ready(c) && self.stats(s, q, c).sp == sp {
                    tied |= 1 << i;
                    let mut any = false;
                    self.attack_options(s, q, c, |_| any = true);
                    if any {
                        armed |= 1 << i;
                    }
                }
            }
            if armed != 0 {
                s.decider = q;
                s.attackers = armed;
                s.phase = super::state::Phase::Battle;
                return;
            }
            let passing: arrayvec::ArrayVec<u8, BOARD> = s.sides[q]
                .board
                .iter()
                .enumerate()
                .filter(|(i, _)| tied & (1 << i) != 0)
                .map(|(_, c)| c.uid)
                .collect();
            for uid in passing {
                self.pass_attack(s, q, uid, true, obs);
            }
        }
    }

    /// Calls `push` with the targets of `q`'s Character `c` attacking:
    /// rival Characters in its place, or the rival directly when the
    /// rival has no Character at all.
    pub(super) fn attack_options(&self, s: &State, q: Player, c: &Char, mut push: impl FnMut(Tgt)) {
        let foes = &s.sides[q.opponent()].board;
        if foes.is_empty() {
            return push(Tgt::None);
        }
        for f in foes.iter().filter(|f| f.in_sub() == c.in_sub()) {
            push(Tgt::Foe(f.uid));
        }
    }

    /// The Characters of the deciding player that may attack next: the
    /// fastest ones left that have a target, [`State::attackers`].
    pub(super) fn attackers<'s>(&'s self, s: &'s State) -> impl Iterator<Item = &'s Char> {
        let mask = s.attackers;
        s.sides[s.decider]
            .board
            .iter()
            .enumerate()
            .filter(move |(i, _)| mask & (1 << i) != 0)
            .map(|(_, c)| c)
    }

    /// The deciding player's Character `uid` (one of
    /// [`NintendoTcg::attackers`]) attacks `t`.
    pub(super) fn attack(&self, s: &mut State, uid: u8, t: Tgt, obs: &mut impl Observer<Event>) {
        let q = s.decider;
        let Some(me) = s.sides[q].char(uid).copied() else {
            return self.next_attacker(s, obs);
        };
        let ap = self.stats(s, q, &me).ap;
        let card = self.card(me.card);
        if let Some(c) = s.sides[q].char_mut(me.uid) {
            c.flags |= flag::TAPPED | flag::FOUGHT;
        }
        match t {
            Tgt::Foe(target) => {
                let Some(foe) = s.sides[q.opponent()].char(target).copied() else {
                    return self.next_attacker(s, obs);
                };
                // "When a character attacks another, that character's AP
                // is subtracted from the defending character's DP. All
                // leftover AP after deduction goes to the defending
                // character's HP."
                let dp = self.stats(s, q.opponent(), &foe).dp;
                let absorbed = ap.min(dp);
                let damage = ap - absorbed;
                if let Some(f) = s.sides[q.opponent()].char_mut(target) {
                    f.depleted = f.depleted.saturating_add(absorbed);
                    f.damage = f.damage.saturating_add(damage);
                    // {Constant} damage by effect after each attack.
                    f.damage = f.damage.saturating_add(card.on_attack);
                }
                self.emit(
                    s,
                    q,
                    EventKind::Attack {
                        card: me.card,
                        uid: me.uid,
                        target: Some(foe.card),
                        target_uid: Some(target),
                        absorbed,
                        damage,
                    },
                    obs,
                );
                if card.on_attack > 0 {
                    let amount = card.on_attack;
                    self.emit(
                        s,
                        q.opponent(),
                        EventKind::Damage {
                            card: foe.card,
                            uid: target,
                            amount,
                        },
                        obs,
                    );
                }
                self.sweep(s, obs);
            }
            _ => {
                self.emit(
                    s,
                    q,
                    EventKind::Attack {
                        card: me.card,
                        uid: me.uid,
                        target: None,
                        target_uid: None,
                        absorbed: 0,
                        damage: ap,
                    },
                    obs,
                );
                self.lose_vp(s, q.opponent(), ap, obs);
            }
        }
        self.next_attacker(s, obs);
    }

    /// The deciding player's Character `uid` does not attack.
    pub(super) fn attack_pass(&self, s: &mut State, uid: u8, obs: &mut impl Observer<Event>) {
        self.pass_attack(s, s.decider, uid, false, obs);
        self.next_attacker(s, obs);
    }

    /// `q`'s Character `uid` is done with this battle without attacking
    /// (`no_target`: it had nothing to attack), and the log says so.
    fn pass_attack(
        &self,
        s: &mut State,
        q: Player,
        uid: u8,
        no_target: bool,
        obs: &mut impl Observer<Event>,
    ) {
        if let Some(c) = s.sides[q].char_mut(uid) {
            c.flags |= flag::FOUGHT;
            let card = c.card;
            self.emit(
                s,
                q,
                EventKind::AttackPass {
                    card,
                    uid,
                    no_target,
                },
                obs,
            );
        }
    }

    /// The battle ends: DP back to normal ("A character's DP goes back to
    /// normal right after the battle phase"), then the turn ends.
    fn end_battle(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        for side in s.sides.iter_mut() {
            for c in side.board.iter_mut() {
                c.depleted = 0;
                c.flags &= !flag::FOUGHT;
            }
        }
        self.emit(s, s.active, EventKind::BattleEnd, obs);
        self.finish_turn(s, obs);
    }
}
