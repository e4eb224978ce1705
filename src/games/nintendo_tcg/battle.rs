//! The Battle Phase: at the end of a turn (never the game's very first),
//! every untapped Character of both players attacks once, fastest first.
//!
//! rules/nintendo-tcg.txt: "10 – Battle Phase" (speed order; "Player A
//! will have speed priority if his fastest character matches the speed
//! of one of his opponent's"; AP subtracted from DP, the rest to HP; the
//! attacker is tapped; DP back to normal right after the battle), "12 –
//! Vitality Points" (with no Characters, attacks go to the player),
//! "14 – The Glossary" ("Attack Pass", "Turn Priority", "SP", "DP").

use super::NintendoTcg;
use super::events::{Event, EventKind};
use super::state::{State, Tgt, flag};
use crate::core::{Observer, Player};

impl NintendoTcg {
    /// Starts the battle: the first attacker decides.
    pub(super) fn begin_battle(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        self.emit(s, s.active, EventKind::BattleStart, obs);
        for side in s.sides.iter_mut() {
            for c in side.board.iter_mut() {
                c.flags &= !flag::FOUGHT;
            }
        }
        self.next_attacker(s, obs);
    }

    /// The next Character to attack: highest SP among the untapped ones
    /// that have not fought; ties go to the player whose turn it is
    /// (turn priority), then to board order. One without a legal target
    /// passes by itself. No one left: the battle ends.
    fn next_attacker(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        loop {
            if s.outcome.is_some() {
                return;
            }
            let a = s.active;
            let mut best: Option<(u8, Player, u8)> = None; // (sp, side, uid)
            for q in [a, a.opponent()] {
                for c in &s.sides[q].board {
                    if c.has(flag::TAPPED) || c.has(flag::FOUGHT) {
                        continue;
                    }
                    let sp = self.stats(s, q, c).sp;
                    if best.is_none_or(|(b, _, _)| sp > b) {
                        best = Some((sp, q, c.uid));
                    }
                }
            }
            let Some((_, q, uid)) = best else {
                return self.end_battle(s, obs);
            };
            s.decider = q;
            s.attacker = uid;
            s.phase = super::state::Phase::Battle;
            let mut any = false;
            self.attack_options(s, |_| any = true);
            if any {
                return;
            }
            if let Some(c) = s.sides[q].char_mut(uid) {
                c.flags |= flag::FOUGHT;
            }
        }
    }

    /// The current attacker's targets: rival Characters in its place, or
    /// the rival directly when the rival has no Character at all.
    pub(super) fn attack_options(&self, s: &State, mut push: impl FnMut(Tgt)) {
        let q = s.decider;
        let Some(me) = s.sides[q].char(s.attacker) else {
            return;
        };
        let foes = &s.sides[q.opponent()].board;
        if foes.is_empty() {
            return push(Tgt::None);
        }
        for f in foes.iter().filter(|f| f.in_sub() == me.in_sub()) {
            push(Tgt::Foe(f.uid));
        }
    }

    /// The current attacker attacks `t`.
    pub(super) fn attack(&self, s: &mut State, t: Tgt, obs: &mut impl Observer<Event>) {
        let q = s.decider;
        let Some(me) = s.sides[q].char(s.attacker).copied() else {
            return self.next_attacker(s, obs);
        };
        let ap = self.stats(s, q, &me).ap;
        let card = self.card(me.card);
        if let Some(c) = s.sides[q].char_mut(me.uid) {
            c.flags |= flag::TAPPED | flag::FOUGHT;
        }
        match t {
            Tgt::Foe(uid) => {
                let Some(foe) = s.sides[q.opponent()].char(uid).copied() else {
                    return self.next_attacker(s, obs);
                };
                // "When a character attacks another, that character's AP
                // is subtracted from the defending character's DP. All
                // leftover AP after deduction goes to the defending
                // character's HP."
                let dp = self.stats(s, q.opponent(), &foe).dp;
                let absorbed = ap.min(dp);
                let damage = ap - absorbed;
                if let Some(f) = s.sides[q.opponent()].char_mut(uid) {
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
                        target_uid: Some(uid),
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
                            uid,
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

    /// The current attacker does not attack.
    pub(super) fn attack_pass(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        let (q, uid) = (s.decider, s.attacker);
        if let Some(c) = s.sides[q].char_mut(uid) {
            c.flags |= flag::FOUGHT;
        }
        self.next_attacker(s, obs);
    }

    /// The battle ends: DP back to normal, then the turn ends.
    fn end_battle(&self, s: &mut State, obs: &mut impl Observer<Event>) {
        for side in s.sides.iter_mut() {
            for c in side.board.iter_mut() {
                c.depleted = 0;
                c.flags &= !flag::FOUGHT;
            }
        }
        self.finish_turn(s, obs);
    }
}
