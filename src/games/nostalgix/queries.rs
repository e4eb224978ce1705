//! Derived figures of entities: health, attack bonus and keywords as
//! modified by Equipment and the Arena. Nothing here changes the state.

use super::Nostalgix;
use super::cards::{Card, CardId, Element, Filter, Keywords, Kind};
use super::state::{BACK_ROW, BackCard, Entity, SUDDEN_DEATH_HEALTH, State};
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

    /// Printed maximum health plus Equipment and Arena bonuses (rules:
    /// "Heal (Restore)" — healing stops here; health counters go above).
    pub(super) fn max_health(&self, s: &State, e: &Entity) -> i16 {
        let printed = if e.id < 2 && s.sudden_deaths > 0 {
            i16::from(SUDDEN_DEATH_HEALTH)
        } else {
            i16::from(self.card_of(e).health)
        };
        let equip: i16 = self
            .equipment_on(s, e)
            .map(|c| i16::from(self.db.card(c).health))
            .sum();
        printed + equip + self.aura(s, e).1
    }

    /// Current health: maximum + health counters − damage.
    pub(super) fn health(&self, s: &State, e: &Entity) -> i16 {
        self.max_health(s, e) + i16::from(e.health_counters) - i16::from(e.damage)
    }

    /// ATK counters plus Equipment and Arena attack bonuses: what step 4 of
    /// an attack adds.
    pub(super) fn atk_bonus(&self, s: &State, e: &Entity) -> i16 {
        let equip: i16 = self
            .equipment_on(s, e)
            .map(|c| i16::from(self.db.card(c).atk))
            .sum();
        i16::from(e.atk_counters) + equip + self.aura(s, e).0
    }

    /// Keywords of the card plus those granted by Equipment.
    pub(super) fn keywords(&self, s: &State, e: &Entity) -> Keywords {
        self.equipment_on(s, e)
            .fold(self.card_of(e).keywords, |k, c| {
                k.with(self.db.card(c).keywords)
            })
    }

    /// An entity's type for Weakness and Resistance; Heroes have none.
    pub(super) fn element(&self, e: &Entity) -> Option<Element> {
        (e.id >= 2).then(|| self.card_of(e).element)
    }

    /// The Hero's attack value (rules: "Attack with your Hero, if they have
    /// any attack points" gained from effects or Equipment).
    pub(super) fn hero_attack(&self, s: &State, p: Player) -> i16 {
        self.atk_bonus(s, &s.sides[p].hero)
    }

    /// The damage a unit's best attack would deal before Weakness, for the
    /// evaluation features and token logs.
    pub(super) fn best_attack(&self, s: &State, e: &Entity) -> i16 {
        let c = self.card_of(e);
        let printed = if c.kind == Kind::Token {
            i16::from(c.atk)
        } else {
            c.attacks
                .iter()
                .map(|a| i16::from(a.damage))
                .max()
                .unwrap_or(0)
        };
        (printed + self.atk_bonus(s, e)).max(0)
    }

    /// Whether the side of `p` has an entity with `keyword`.
    pub(super) fn side_has(&self, s: &State, p: Player, keyword: Keywords) -> bool {
        let side = &s.sides[p];
        std::iter::once(&side.hero)
            .chain(side.units.iter())
            .any(|e| self.keywords(s, e).has(keyword))
    }
}
