//! Derived figures of entities: keywords, maximum health and attack bonus
//! as modified by Equipment and the Arena. Each entity keeps them
//! ([`Entity::keywords`], [`Entity::max_health`], [`Entity::gear_atk`]) so
//! the rules read them instead of recomputing them per query; the rules
//! call [`Nostalgix::refresh`] (or `refresh_all`) where a cause changes,
//! and the invariants compare every entity with [`Nostalgix::derive`]'s
//! recomputation.

use super::Nostalgix;
use super::cards::{Card, CardId, Element, Filter, Keywords, Kind};
use super::state::{BACK_ROW, BackCard, Entity, State};
use crate::core::Player;

impl Nostalgix {
    /// The card of an entity.
    #[inline]
    pub(super) fn card_of(&self, e: &Entity) -> &Card {
        self.db.card(e.card)
    }

    /// Equipment cards attached to entity `id` (from both back rows).
    pub(super) fn equipment_on<'s>(
        &self,
        s: &'s State,
        e: &Entity,
    ) -> impl Iterator<Item = CardId> + 's {
        // Most entities carry nothing: skip the back rows for them.
        let id = e.id;
        let slots = if e.equipped > 0 { BACK_ROW } else { 0 };
        s.sides
            .iter()
            .flat_map(move |side| side.back[..slots].iter())
            .filter_map(move |b| match *b {
                BackCard::Equipment(c, on) if on == id => Some(c),
                _ => None,
            })
    }

    /// The Arena's aura, if it applies to `e`: (+atk, +health).
    fn aura(&self, s: &State, e: &Entity) -> (i16, i16) {
        match s.arena {
            Some((arena, _)) if e.id >= 2 => {
                let a = self.db.card(arena);
                if self.matches(a.aura_filter, e.card) {
                    (a.aura_atk.into(), a.aura_health.into())
                } else {
                    (0, 0)
                }
            }
            _ => (0, 0),
        }
    }

    /// Whether `card` passes `filter`.
    pub(super) fn matches(&self, filter: Filter, card: CardId) -> bool {
        let c = self.db.card(card);
        filter
            .kind
            .is_none_or(|k| k == c.kind || (k == Kind::Fighter && c.kind == Kind::Token))
            && filter.subtype.is_none_or(|t| c.subtype == Some(t))
            && filter.element.is_none_or(|el| c.element == el)
    }

    /// A new entity with its derived figures computed: how the rules put
    /// Heroes, Fighters and tokens into play.
    pub(super) fn spawn(
        &self,
        s: &State,
        id: u16,
        card: CardId,
        slot: u8,
        turn: u16,
        token: bool,
    ) -> Entity {
        let mut e = Entity::new(id, card, slot, turn, token);
        self.derive(s, &mut e);
        e
    }

    /// Recomputes the derived figures of entity `id` after one of their
    /// causes changed (Equipment attached or broken, evolution).
    pub(super) fn refresh(&self, s: &mut State, id: u16) {
        if let Some(mut e) = s.entity(id).copied() {
            self.derive(s, &mut e);
            // A lower maximum can leave a damaged unit without health.
            s.wounded |= e.health() <= 0;
            if let Some(slot) = s.entity_mut(id) {
                *slot = e;
            }
        }
    }

    /// Recomputes the derived figures of every entity in play (the Arena,
    /// which can touch them all, changed).
    pub(super) fn refresh_all(&self, s: &mut State) {
        s.wounded = true;
        for p in s.sides.players() {
            let mut hero = s.sides[p].hero;
            self.derive(s, &mut hero);
            s.sides[p].hero = hero;
            for i in 0..s.units[p].len() {
                let mut unit = s.units[p][i];
                self.derive(s, &mut unit);
                s.units[p][i] = unit;
            }
        }
    }

    /// Sets the derived figures of `e` ([`Entity::keywords`],
    /// [`Entity::max_health`], [`Entity::gear_atk`]) from its card, its
    /// Equipment and the Arena, in one walk over the Equipment: keywords of
    /// the card plus those granted; printed maximum health plus Equipment
    /// and Arena bonuses (healing stops at the printed maximum, see
    /// `Nostalgix::heal`); the Equipment and Arena attack bonuses.
    pub(super) fn derive(&self, s: &State, e: &mut Entity) {
        let card = self.card_of(e);
        let (aura_atk, aura_health) = self.aura(s, e);
        let printed = i16::from(card.health);
        let (mut keywords, mut health, mut atk) = (card.keywords, printed + aura_health, aura_atk);
        for c in self.equipment_on(s, e) {
            let gear = self.db.card(c);
            keywords = keywords.with(gear.keywords);
            health += i16::from(gear.health);
            atk += i16::from(gear.atk);
        }
        e.keywords = keywords;
        e.max_health = health;
        e.gear_atk = atk;
    }

    /// The health `e`'s Equipment and the Arena add above its printed
    /// maximum, like Health Counters (rules: glossary "Health Counters":
    /// "+1♥" is health "beyond its maximum health"). An Arena that takes
    /// health adds no bonus. When a bonus leaves, the damage it absorbed
    /// goes with it ([`Nostalgix::shed_bonus`]).
    pub(super) fn health_bonus(&self, s: &State, e: &Entity) -> i16 {
        let (_, aura) = self.aura(s, e);
        let gear: i16 = self
            .equipment_on(s, e)
            .map(|c| i16::from(self.db.card(c).health))
            .sum();
        aura.max(0) + gear
    }

    /// An entity's type for Weakness and Resistance; Heroes have none.
    pub(super) fn element(&self, e: &Entity) -> Option<Element> {
        (e.id >= 2).then(|| self.card_of(e).element)
    }

    /// The damage a unit's best attack would deal before Weakness, for the
    /// evaluation features and token logs.
    pub(super) fn best_attack(&self, e: &Entity) -> i16 {
        (i16::from(self.card_of(e).printed_attack) + e.atk_bonus()).max(0)
    }

    /// Whether the side of `p` has an entity with `keyword`.
    pub(super) fn side_has(&self, s: &State, p: Player, keyword: Keywords) -> bool {
        std::iter::once(&s.sides[p].hero)
            .chain(s.units[p].iter())
            .any(|e| e.keywords.has(keyword))
    }
}
