//! Derived figures of a tournament: a card's star rating and symbols as
//! they stand (tokens, Mimicry, face down), the Top Card, protection from
//! flipping, and the counts effects multiply by.
//!
//! rules/millennium-blades.txt: "Top Card", "Face-Down Cards" (no star
//! rating, element or type), "Cannot be flipped", "Set Specific Keywords"
//! (Mimicry).

use super::MillenniumBlades;
use super::cards::{Card, Count, Filter, Op, Per, Symbols, Target, When};
use super::state::{Slot, State};
use crate::core::Player;

impl MillenniumBlades {
    /// The card of instance `i`.
    #[inline]
    pub(super) fn card(&self, i: u16) -> &Card {
        self.db.card(self.table.card(i))
    }

    /// The star rating of `slot` as it stands: printed stars plus its
    /// tokens if face up, none (0) if face down.
    #[inline]
    pub(super) fn stars_of(&self, slot: &Slot) -> u8 {
        if slot.up {
            self.card(slot.card).stars.saturating_add(slot.tokens)
        } else {
            0
        }
    }

    /// The elements and types of `p`'s tableau card at `at`: none if face
    /// down; with Mimicry, the printed symbols of the face-up card
    /// immediately to its left if there is one (a copy is never copied:
    /// rules FAQ).
    pub(super) fn symbols_at(&self, s: &State, p: Player, at: usize) -> (Symbols, Symbols) {
        let tableau = &s.seats[p].tableau;
        let slot = tableau[at];
        if !slot.up {
            return (Symbols(0), Symbols(0));
        }
        let card = self.card(slot.card);
        let source = match at.checked_sub(1).map(|l| tableau[l]) {
            Some(left) if card.keywords.mimicry && left.up => self.card(left.card),
            _ => card,
        };
        (source.elements, source.types)
    }

    /// The index of `p`'s Top Card: the right-most face-up card of the
    /// tableau.
    pub(super) fn top(&self, s: &State, p: Player) -> Option<usize> {
        s.seats[p].tableau.iter().rposition(|t| t.up)
    }

    /// The index of instance `i` in `p`'s tableau.
    pub(super) fn tableau_index(&self, s: &State, p: Player, i: u16) -> Option<usize> {
        s.seats[p].tableau.iter().position(|t| t.card == i)
    }

    /// Whether `p`'s tableau card at `at` matches `filter` (`this_stars`:
    /// the star rating of the card whose effect filters, for
    /// `lower_than_this`). Face-down cards match nothing.
    pub(super) fn matches(
        &self,
        s: &State,
        p: Player,
        at: usize,
        filter: &Filter,
        this_stars: u8,
    ) -> bool {
        let slot = s.seats[p].tableau[at];
        if !slot.up {
            return false;
        }
        let (elements, types) = self.symbols_at(s, p, at);
        let stars = self.stars_of(&slot);
        (filter.elements.0 == 0 || filter.elements.meets(elements))
            && (filter.types.0 == 0 || filter.types.meets(types))
            && filter.set.is_none_or(|set| self.card(slot.card).set == set)
            && stars >= filter.min_stars
            && stars <= filter.max_stars
            && (!filter.lower_than_this || stars < this_stars)
    }

    /// Whether `q`'s tableau card at `at` is protected from opponents'
    /// flips: it cannot be flipped (the keyword), or a face-up Ongoing
    /// protection of `q`'s, or `q`'s Top Card's Top protection, covers it
    /// (rules: "Cannot be flipped").
    pub(super) fn protected(&self, s: &State, q: Player, at: usize) -> bool {
        let seat = &s.seats[q];
        if self.card(seat.tableau[at].card).keywords.cannot_flip {
            return true;
        }
        let top = self.top(s, q);
        let covers = |from: Option<usize>, target: Target| match (target, from) {
            (Target::AllOwn, _) => true,
            (Target::This, Some(f)) => f == at,
            (Target::Adjacent, Some(f)) => f.abs_diff(at) == 1,
            (Target::Left, Some(f)) => f == at + 1,
            (Target::Right, Some(f)) => at == f + 1,
            _ => false,
        };
        let tableau = seat.tableau.iter().enumerate().map(|(i, t)| (Some(i), *t));
        let board = seat.board.iter().map(|t| (None, *t));
        tableau.chain(board).filter(|(_, t)| t.up).any(|(from, t)| {
            self.card(t.card).effects.iter().any(|e| {
                e.op == Op::Protect
                    && (e.when == When::Ongoing
                        || (e.when == When::Top && from.is_some() && from == top))
                    && covers(from, e.target)
            })
        })
    }

    /// Whether an opponent of `p` silences Play effects now: a face-up
    /// Ongoing silence, or a Top silence on their Top Card.
    pub(super) fn silenced(&self, s: &State, p: Player) -> bool {
        s.players().filter(|&q| q != p).any(|q| {
            let top = self.top(s, q);
            let seat = &s.seats[q];
            let tableau = seat.tableau.iter().enumerate().map(|(i, t)| (Some(i), *t));
            let board = seat.board.iter().map(|t| (None, *t));
            tableau.chain(board).filter(|(_, t)| t.up).any(|(at, t)| {
                self.card(t.card).effects.iter().any(|e| {
                    e.op == Op::Silence
                        && (e.when == When::Ongoing
                            || (e.when == When::Top && at.is_some() && at == top))
                })
            })
        })
    }

    /// What `per` counts for `owner`, whose card `source` (at `at` in the
    /// tableau, if there) has the effect; `subject` is the card that set
    /// a Next effect off.
    pub(super) fn count(
        &self,
        s: &State,
        owner: Player,
        per: &Per,
        source: u16,
        at: Option<usize>,
        subject: Option<Slot>,
    ) -> u32 {
        let seat = &s.seats[owner];
        let this_stars = at.map_or_else(
            || self.card(source).stars,
            |a| self.stars_of(&seat.tableau[a]),
        );
        let own = |f: &Filter| -> u32 {
            (0..seat.tableau.len())
                .filter(|&i| self.matches(s, owner, i, f, this_stars))
                .count() as u32
        };
        let distinct = |pick: &dyn Fn(usize) -> u32| -> u32 {
            let mut seen = 0u32;
            for i in 0..seat.tableau.len() {
                if seat.tableau[i].up {
                    seen |= pick(i);
                }
            }
            seen.count_ones()
        };
        match per.count {
            Count::OwnTableau => own(&per.filter),
            Count::OwnFaceDown => seat.tableau.iter().filter(|t| !t.up).count() as u32,
            Count::Left => at.unwrap_or(0) as u32,
            Count::Hand => s.count(super::state::Zone::of(super::state::Area::Hand, owner)) as u32,
            Count::OtherTableaux => s
                .players()
                .filter(|&q| q != owner)
                .map(|q| {
                    (0..s.seats[q].tableau.len())
                        .filter(|&i| self.matches(s, q, i, &per.filter, this_stars))
                        .count() as u32
                })
                .sum(),
            Count::DistinctElements => distinct(&|i| u32::from(self.symbols_at(s, owner, i).0.0)),
            Count::DistinctTypes => distinct(&|i| u32::from(self.symbols_at(s, owner, i).1.0)),
            Count::DistinctSets => {
                // Set labels are bytes: a 256-bit set of them.
                let mut seen = [0u64; 4];
                for t in seat.tableau.iter().filter(|t| t.up) {
                    let set = self.card(t.card).set;
                    seen[usize::from(set / 64)] |= 1 << (set % 64);
                }
                seen.iter().map(|w| w.count_ones()).sum()
            }
            Count::StarTokens => seat
                .tableau
                .iter()
                .filter(|t| t.up)
                .map(|t| u32::from(t.tokens))
                .sum(),
            Count::ThisStars => u32::from(this_stars),
            Count::NextStars => subject.map_or(0, |t| u32::from(self.stars_of(&t))),
        }
    }
}
