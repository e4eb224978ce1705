//! Derived figures: a Character's stats with every {Constant} applied,
//! hand costs, the Commander rule, and who may be targeted from where.
//!
//! rules/nintendo-tcg.txt: "4 – Character's" (stats; Commanders and
//! "+General to+"), "6 – Area's" (an Area affects both sides; a Sub-Area's
//! cards only touch each other), "7 – Placement" (Items' constant effects),
//! "14 – The Glossary" ("DP", "Reduce (stat)").

use super::NintendoTcg;
use super::cards::{Aura, Card, CardId, Kind};
use super::state::{Char, State, Tgt};
use crate::core::Player;

/// Stats of a Character in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Stats {
    /// Attack Power.
    pub ap: u8,
    /// Defense Power left (after battle depletion).
    pub dp: u8,
    /// Speed Power.
    pub sp: u8,
    /// Health Points (maximum; 0 destroys the Character at the next
    /// check, docs/rulings/nintendo-tcg.md).
    pub hp: u8,
}

impl NintendoTcg {
    /// The card with id `id`.
    #[inline]
    pub(super) fn card(&self, id: CardId) -> &Card {
        self.db.card(id)
    }

    /// The aura of `card` if it changes a stat (most cards' change none).
    #[inline]
    fn stat_aura(&self, card: CardId) -> Option<&Aura> {
        self.stat_auras[card.index()].then(|| &self.card(card).aura)
    }

    /// Whether an aura of a source in place `sub` applies to `c`.
    fn aura_fits(&self, aura: &Aura, sub: bool, c: &Char) -> bool {
        c.in_sub() == sub
            && (aura.elements.0 == 0 || aura.elements.meets(self.card(c.card).elements))
    }

    /// The stats of `c` on side `p`. Always inlined: each caller reads
    /// one or two of the four, and inlined the others are not worked out
    /// (−6.6% instructions in random playouts).
    #[inline(always)]
    pub(super) fn stats(&self, s: &State, p: Player, c: &Char) -> Stats {
        let card = self.card(c.card);
        let mut d = [
            i32::from(c.ap),
            i32::from(c.dp),
            i32::from(c.sp),
            i32::from(c.hp),
        ];
        let mut add = |a: &Aura| {
            d[0] += i32::from(a.ap);
            d[1] += i32::from(a.dp);
            d[2] += i32::from(a.sp);
            d[3] += i32::from(a.hp);
        };
        let side = &s.sides[p];
        // Auras that change no stat would add nothing: they are skipped.
        for other in side.board.iter().filter(|o| o.uid != c.uid) {
            if let Some(aura) = self.stat_aura(other.card)
                && self.aura_fits(aura, other.in_sub(), c)
            {
                add(aura);
            }
        }
        for &item in &c.items {
            if let Some(aura) = self.stat_aura(item)
                && (!aura.opponent_turn || s.active != p)
            {
                add(aura);
            }
        }
        for &k in side.constants.iter().chain(side.assistant.iter()) {
            if let Some(aura) = self.stat_aura(k)
                && self.aura_fits(aura, false, c)
            {
                add(aura);
            }
        }
        for (placed, sub) in [(s.area, false), (s.sub, true)] {
            if let Some(aura) = placed.and_then(|pl| self.stat_aura(pl.card))
                && self.aura_fits(aura, sub, c)
            {
                add(aura);
            }
        }
        let clamp = |v: i32| v.clamp(0, 99) as u8;
        Stats {
            ap: clamp(i32::from(card.ap) + d[0]),
            dp: clamp(i32::from(card.dp) + d[1] - i32::from(c.depleted)),
            sp: clamp(i32::from(card.sp) + d[2]),
            hp: clamp(i32::from(card.hp) + d[3]),
        }
    }

    /// HP left of `c` (0: destroyed at the next check).
    pub(super) fn hp_left(&self, s: &State, p: Player, c: &Char) -> u8 {
        self.stats(s, p, c).hp.saturating_sub(c.damage)
    }

    /// Whether `c` is destroyed at the next check: no HP left. Tested
    /// cheaply first when no aura of the pool lowers HP: then its HP is at
    /// least its card's HP with its own change, clamped as stats are.
    #[inline]
    pub(super) fn destroyed(&self, s: &State, p: Player, c: &Char) -> bool {
        if !self.auras_lower_hp {
            let floor = (i32::from(self.card(c.card).hp) + i32::from(c.hp)).clamp(0, 99);
            if floor > i32::from(c.damage) {
                return false;
            }
        }
        self.hp_left(s, p, c) == 0
    }

    /// The discount on Characters played by `p`: the sum of `p`'s
    /// Assistant's and Constant cards' discounts.
    pub(super) fn discount(&self, s: &State, p: Player) -> u8 {
        let side = &s.sides[p];
        side.constants
            .iter()
            .chain(side.assistant.iter())
            .fold(0u8, |d, &k| d.saturating_add(self.card(k).aura.discount))
    }

    /// What card `c` costs to play from hand under `discount` (from
    /// [`NintendoTcg::discount`]): its hand cost, less the discount for a
    /// Character; nothing for a Token.
    pub(super) fn cost_with(&self, c: &Card, discount: u8) -> u8 {
        match c.kind {
            Kind::Token => 0,
            Kind::Character => c.cost.saturating_sub(discount),
            _ => c.cost,
        }
    }

    /// What `card` costs `p` to play from hand: its hand cost less the
    /// discounts of `p`'s Assistant and Constant cards (Characters only).
    pub(super) fn cost_of(&self, s: &State, p: Player, card: CardId) -> u8 {
        self.cost_with(self.card(card), self.discount(s, p))
    }

    /// Commanders on `p`'s side that count against "only 1 Commander out
    /// at a time": every Commander except Generals whose Commander is out.
    pub(super) fn commanders(&self, s: &State, p: Player, extra: Option<CardId>) -> usize {
        let cards = || s.sides[p].board.iter().map(|c| c.card).chain(extra);
        cards()
            .filter(|&id| {
                let c = self.card(id);
                c.commander
                    && !c
                        .general_to
                        .is_some_and(|chief| cards().any(|x| x == chief))
            })
            .count()
    }

    /// Whether `p` may put Character `card` into play now (board room and
    /// the Commander rule).
    #[inline]
    pub(super) fn may_enter(&self, s: &State, p: Player, card: CardId) -> bool {
        let side = &s.sides[p];
        !side.board.is_full()
            && (!self.card(card).commander || self.commanders(s, p, Some(card)) <= 1)
    }

    /// Whether a required card's requirement is met on `p`'s side.
    pub(super) fn requirement_met(&self, s: &State, p: Player, card: CardId) -> bool {
        self.card(card)
            .requires
            .is_none_or(|r| s.sides[p].board.iter().any(|c| c.card == r))
    }

    /// Whether an effect acting from place `sub` (the Sub-Area or the main
    /// Area) with Element filter `elements` (0: any) reaches `c`: only a
    /// Character in the same place ("6 – Area's": "if my opponent's staryu
    /// tries to damage captain falcon via effect, but Staryu is in the main
    /// area not the sub-area it won't work"). Checked both when targets are
    /// offered and when the effect resolves.
    pub(super) fn reaches(&self, c: &Char, sub: bool, elements: u16) -> bool {
        c.in_sub() == sub && (elements == 0 || self.card(c.card).elements.0 & elements != 0)
    }

    /// Every Character `p` could choose for `kind` (`ChosenEnemy` or
    /// `ChosenAlly`) from place `sub`, passing the Element filter.
    pub(super) fn choices(
        &self,
        s: &State,
        p: Player,
        enemy: bool,
        sub: bool,
        elements: u16,
        mut push: impl FnMut(Tgt),
    ) {
        let q = if enemy { p.opponent() } else { p };
        for c in &s.sides[q].board {
            if self.reaches(c, sub, elements) {
                push(if enemy {
                    Tgt::Foe(c.uid)
                } else {
                    Tgt::Own(c.uid)
                });
            }
        }
    }
}
