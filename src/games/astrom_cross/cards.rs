//! The Astrom Cross card model and its loader.
//!
//! rules/astrom-cross.txt names "Card Types" as a heading only (its
//! pictures did not survive in the text); what follows is read from the
//! rest of the book and written in docs/rulings/astrom-cross.md, "Cards
//! and decks" — an Ancient (the card a player
//! reveals at the start, with its hand size and the damage limit that ends
//! the game), Locations (the location deck; their attributes pay for
//! everything), and the main deck's Warriors, Events, Items ("item gears")
//! and Techniques; a Technique marked \[HIDE\] is an entity that may be set
//! face down. Every main-deck card has a Damage Value and may carry a
//! trigger (the "yellow thunder"). Cards are data:
//! `decks/astrom-cross/cards.toml` describes each with a declarative
//! vocabulary the engine interprets; the state only stores [`CardId`]s.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::core::{Build, CardDef, CardPool, Entry, number_in};
use crate::diagnostics::unknown_name;

pub use crate::core::CardId;

/// What a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The player's avatar: revealed at the start, never in a deck.
    Ancient,
    /// A card of the location deck.
    Location,
    /// Summoned onto an open location; attacks and defends.
    Warrior,
    /// Cast in the main phase into the Arcana.
    Event,
    /// An item gear, cast onto one of the caster's warriors.
    Item,
    /// Used in a battle's technique step (or in answer to an event).
    Technique,
}

impl Kind {
    /// The kind's name in card files and tables.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Ancient => "ancient",
            Kind::Location => "location",
            Kind::Warrior => "warrior",
            Kind::Event => "event",
            Kind::Item => "item",
            Kind::Technique => "technique",
        }
    }

    /// Whether cards of this kind go in the main deck.
    pub fn in_main_deck(self) -> bool {
        !matches!(self, Kind::Ancient | Kind::Location)
    }
}

/// The location attributes, as card files name them; an attribute is a
/// bit of [`Attrs`].
pub const ATTRIBUTES: [&str; 4] = ["ember", "tide", "gale", "stone"];

/// A set of location attributes (bit `i` is [`ATTRIBUTES`]`[i]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Attrs(pub u8);

impl Attrs {
    /// Whether the set holds attribute `i`.
    #[inline]
    pub fn has(self, i: u8) -> bool {
        self.0 & (1 << i) != 0
    }

    /// The attribute names, joined by `+`.
    pub fn names(self) -> String {
        let v: Vec<&str> = (0..ATTRIBUTES.len() as u8)
            .filter(|&i| self.has(i))
            .map(|i| ATTRIBUTES[i as usize])
            .collect();
        v.join("+")
    }
}

/// So many locations of one attribute (`attr = None`: any location, a
/// wasteland included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Need {
    /// The attribute index, or `None` for any location.
    pub attr: Option<u8>,
    /// How many.
    pub count: u8,
}

impl Need {
    /// `2 ember`, `3 any`.
    pub fn text(self) -> String {
        let what = self.attr.map_or("any", |a| ATTRIBUTES[a as usize]);
        format!("{} {what}", self.count)
    }
}

/// Keyword abilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Keywords(pub u8);

/// Keyword names as written in card files and logs, with their bits.
pub const KEYWORD_NAMES: [(&str, Keywords); 3] = [
    ("Hide", Keywords::HIDE),
    ("Pierce", Keywords::PIERCE),
    ("Guard", Keywords::GUARD),
];

impl Keywords {
    /// No keyword.
    pub const NONE: Keywords = Keywords(0);
    /// \[HIDE\]: the card may be set face down for free (rules: "SET AN
    /// ENTITY").
    pub const HIDE: Keywords = Keywords(1);
    /// Beating a warrior that defended its ancient still strikes the
    /// ancient.
    pub const PIERCE: Keywords = Keywords(2);
    /// May defend an attack declared on another warrior, not only on the
    /// ancient.
    pub const GUARD: Keywords = Keywords(4);

    /// Whether every bit of `other` is set.
    #[inline]
    pub fn has(self, other: Keywords) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    /// The union of two sets.
    #[inline]
    pub fn with(self, other: Keywords) -> Keywords {
        Keywords(self.0 | other.0)
    }
}

/// What an effect does (the verbs of the effect vocabulary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// +`amount` power until the end of the turn.
    Power,
    /// `amount` damage to a warrior: less power until the damage is
    /// recovered at the end of the turn; destroyed at 0 power.
    Damage,
    /// Destroy the warrior if its power is at most `amount`.
    Destroy,
    /// Put the warrior in the Stun position.
    Stun,
    /// Put a Ready warrior in the Rest position.
    Rest,
    /// Draw `amount` cards.
    Draw,
    /// Remove up to `amount` damage from the controller's ancient.
    Heal,
    /// Move `amount` cards from the top of the deck to the soul stock.
    Soul,
    /// The rival discards `amount` cards at random.
    Discard,
    /// Cancel the event, or the rival's technique, this technique
    /// answers.
    Negate,
}

impl Op {
    /// Whether the op applies to warriors.
    pub fn on_warriors(self) -> bool {
        matches!(
            self,
            Op::Power | Op::Damage | Op::Destroy | Op::Stun | Op::Rest
        )
    }
}

/// Who or what an effect applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The warrior whose ability this is.
    This,
    /// The controller's warrior leading the current battle (answering
    /// an event: the controller's warrior the event chose).
    OwnBattler,
    /// The rival's warrior leading the current battle (answering an
    /// event: the rival's warrior the event chose).
    EnemyBattler,
    /// One of the controller's warriors, chosen.
    ChosenAlly,
    /// One of the rival's warriors, chosen.
    ChosenEnemy,
    /// Every warrior of the controller.
    AllAllies,
    /// Every warrior of the rival.
    AllEnemies,
    /// The warrior leading the attack being resolved (triggers).
    Attacker,
    /// The controller's ancient (heal).
    OwnAncient,
    /// The controller, as a player (draw, soul).
    Controller,
    /// The rival, as a player (discard).
    Rival,
    /// The event, or the rival's technique, being answered (negate).
    Event,
}

impl Target {
    /// Whether the player chooses the target when the card is used.
    pub fn is_chosen(self) -> bool {
        matches!(self, Target::ChosenAlly | Target::ChosenEnemy)
    }

    /// Whether the target is one or more warriors.
    pub fn is_warrior(self) -> bool {
        matches!(
            self,
            Target::This
                | Target::OwnBattler
                | Target::EnemyBattler
                | Target::ChosenAlly
                | Target::ChosenEnemy
                | Target::AllAllies
                | Target::AllEnemies
                | Target::Attacker
        )
    }
}

/// One instruction of a card's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    /// What it does.
    pub op: Op,
    /// How much.
    pub amount: u8,
    /// To whom.
    pub target: Target,
}

/// When a warrior's ability applies (rules: "Beginning Of Turn" 2,
/// "ATTACKING STEP", "DEFENDING STEP", "End Of Turn" 1; a rest ability is
/// used by resting the warrior in the main phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// At the beginning of its controller's turn.
    TurnStart,
    /// When it is summoned.
    Summoned,
    /// When it attacks (as the lead or in a team).
    Attacking,
    /// When it defends (as the defender or in a team).
    Defending,
    /// When it attacks or defends.
    Battling,
    /// At the end of its controller's turn.
    TurnEnd,
    /// Used in the main phase by resting it (a Ready warrior only).
    Rest,
}

impl When {
    /// The timing's name in card files and logs.
    pub fn name(self) -> &'static str {
        match self {
            When::TurnStart => "turn_start",
            When::Summoned => "summoned",
            When::Attacking => "attacking",
            When::Defending => "defending",
            When::Battling => "battling",
            When::TurnEnd => "turn_end",
            When::Rest => "rest",
        }
    }

    /// Every timing.
    pub const ALL: [When; 7] = [
        When::TurnStart,
        When::Summoned,
        When::Attacking,
        When::Defending,
        When::Battling,
        When::TurnEnd,
        When::Rest,
    ];
}

/// A warrior's ability: effects at a timing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ability {
    /// When it applies.
    pub on: When,
    /// What it does, in order.
    pub effects: Vec<Effect>,
}

/// One card of the pool (fields a kind does not use are zero or empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Unique name.
    pub name: String,
    /// What it is.
    pub kind: Kind,
    /// Locations it needs to count to be summoned or cast.
    pub requires: Vec<Need>,
    /// Locations consumed to a wasteland as its cost.
    pub consume: Option<Need>,
    /// Souls paid from the soul stock to the grave as its cost.
    pub souls: u8,
    /// The Damage Value printed at the top left (main-deck cards).
    pub damage: u8,
    /// The trigger (yellow thunder) effects; empty for no trigger.
    pub trigger: Vec<Effect>,
    /// A warrior's power; an item's power bonus; a location's bonus to the
    /// warrior standing on it.
    pub power: u8,
    /// Warriors: the cards a strike on the ancient moves.
    pub strikes: u8,
    /// A warrior's keywords; an item's granted keywords; \[HIDE\] on
    /// techniques.
    pub keywords: Keywords,
    /// A warrior's abilities.
    pub abilities: Vec<Ability>,
    /// What an event or technique does.
    pub effects: Vec<Effect>,
    /// An ancient's damage limit.
    pub life: u8,
    /// An ancient's hand size.
    pub hand_size: u8,
    /// A location's attributes.
    pub attrs: Attrs,
    /// Rules text for people.
    pub text: String,
}

impl Card {
    /// Its abilities at timing `on`.
    pub fn abilities_on(&self, on: When) -> impl Iterator<Item = &Ability> {
        self.abilities.iter().filter(move |a| a.on == on)
    }

    /// The locations its requirement counts, in all (its "level", the
    /// cost `deck_curve.csv` reports).
    pub fn level(&self) -> u8 {
        self.requires
            .iter()
            .map(|n| n.count)
            .max()
            .unwrap_or(0)
            .saturating_add(self.souls)
    }

    /// The target its user chooses, if any.
    pub fn chosen_target(&self) -> Option<Target> {
        self.chosen_effects().map(|e| e.target).next()
    }

    /// Its effects, and its rest abilities' effects, on the target its
    /// user chooses.
    pub fn chosen_effects(&self) -> impl Iterator<Item = &Effect> {
        let rest = self.abilities_on(When::Rest).flat_map(|a| a.effects.iter());
        self.effects
            .iter()
            .chain(rest)
            .filter(|e| e.target.is_chosen())
    }
}

/// The card pool of one run: every card by [`CardId`] and by name.
pub type CardDb = CardPool<Card>;

/// The bundled pool, compiled into the binary.
pub const BUNDLED_CARDS: &str = include_str!("../../../decks/astrom-cross/cards.toml");

impl CardDef for Card {
    type File = RawFile;
    type Raw = RawCard;

    fn entries(file: RawFile) -> Vec<Entry<RawCard>> {
        file.card.into_iter().map(Entry::spanned).collect()
    }

    fn raw_name(raw: &RawCard) -> &str {
        &raw.name
    }

    /// Every field, checked against the card's kind.
    fn build(raw: &RawCard, at: &mut Build<'_>) -> Card {
        card(at, raw)
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn cost(&self) -> u8 {
        self.level()
    }

    /// `power`, `strikes`, `damage` (the Damage Value), `souls`, `life`
    /// and `hand_size` (ancients).
    const FIELDS: &'static [&'static str] =
        &["power", "strikes", "damage", "souls", "life", "hand_size"];

    /// What-if balancing: one numeric field of the card for a run, checked
    /// like the card file.
    fn set_field(&mut self, field: &str, value: &str) -> Result<(), String> {
        let kind = self.kind;
        let only = |k: Kind| -> Result<(), String> {
            if kind == k {
                Ok(())
            } else {
                Err(format!(
                    "{field} is a field of a {}, not a {}",
                    k.name(),
                    kind.name()
                ))
            }
        };
        // Main-deck cards only: ancients and locations have neither.
        let main_deck = |what: &str| -> Result<(), String> {
            if kind.in_main_deck() {
                Ok(())
            } else {
                Err(format!("a {} has no {what}", kind.name()))
            }
        };
        let (allowed, slot, min, max) = match field {
            "power" => (only(Kind::Warrior), &mut self.power, 1, MAX_STAT),
            "strikes" => (only(Kind::Warrior), &mut self.strikes, 1, MAX_STRIKES),
            "damage" => (
                main_deck("Damage Value"),
                &mut self.damage,
                0,
                MAX_DAMAGE_VALUE,
            ),
            "souls" => (main_deck("soul cost"), &mut self.souls, 0, MAX_STAT),
            "life" => (only(Kind::Ancient), &mut self.life, 1, MAX_STAT),
            "hand_size" => (only(Kind::Ancient), &mut self.hand_size, 1, MAX_HAND_SIZE),
            _ => return Err(format!("unknown field \"{field}\"")),
        };
        allowed?;
        *slot = number_in(field, value, min, max)?;
        Ok(())
    }

    const TABLE_HEADER: &'static [&'static str] = &[
        "name", "type", "needs", "pow", "str", "dmg", "trigger", "keywords", "text",
    ];
    const TABLE_RIGHT: &'static [usize] = &[3, 4, 5];

    fn table_row(&self, _pool: &CardPool<Card>) -> Vec<String> {
        let mut needs: Vec<String> = self.requires.iter().map(|n| n.text()).collect();
        if let Some(n) = self.consume {
            needs.push(format!("consume {}", n.text()));
        }
        if self.souls > 0 {
            needs.push(format!("{} soul", self.souls));
        }
        if self.kind == Kind::Location {
            needs = vec![self.attrs.names()];
        }
        if self.kind == Kind::Ancient {
            needs = vec![format!("life {}, hand {}", self.life, self.hand_size)];
        }
        let keywords: Vec<&str> = KEYWORD_NAMES
            .iter()
            .filter(|(_, k)| self.keywords.has(*k))
            .map(|(n, _)| *n)
            .collect();
        vec![
            self.name.clone(),
            self.kind.name().to_string(),
            needs.join(", "),
            self.power.to_string(),
            self.strikes.to_string(),
            self.damage.to_string(),
            if self.trigger.is_empty() { "" } else { "yes" }.to_string(),
            keywords.join(" "),
            self.text.clone(),
        ]
    }
}

// ---------------------------------------------------------------------------
// The file format, as serde reads it. Every table rejects unknown keys.

/// A card file as serde reads it: one array of `[[card]]` tables.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFile {
    #[serde(default)]
    card: Vec<Spanned<RawCard>>,
}

/// One `[[card]]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCard {
    name: String,
    #[serde(rename = "type")]
    kind: Kind,
    #[serde(default)]
    text: String,
    #[serde(default)]
    requires: BTreeMap<String, u8>,
    #[serde(default)]
    consume: BTreeMap<String, u8>,
    #[serde(default)]
    souls: u8,
    #[serde(default)]
    damage: u8,
    #[serde(default)]
    trigger: Vec<RawEffect>,
    #[serde(default)]
    power: u8,
    #[serde(default)]
    strikes: u8,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    abilities: Vec<RawAbility>,
    #[serde(default)]
    effects: Vec<RawEffect>,
    #[serde(default)]
    life: u8,
    #[serde(default)]
    hand_size: u8,
    #[serde(default)]
    attributes: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbility {
    on: When,
    effects: Vec<RawEffect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEffect {
    #[serde(rename = "do")]
    op: Op,
    #[serde(default)]
    amount: Option<u8>,
    #[serde(default)]
    target: Option<Target>,
}

// ---------------------------------------------------------------------------
// From raw tables to cards, every combination checked.

/// Numbers above this are refused (the state keeps counters in a `u8`).
pub const MAX_STAT: u8 = 30;
/// The largest hand size an ancient may have (a mulligan is one choice
/// among 2^hand size).
pub const MAX_HAND_SIZE: u8 = 7;
/// The most strikes one warrior deals.
pub const MAX_STRIKES: u8 = 3;
/// The largest Damage Value.
pub const MAX_DAMAGE_VALUE: u8 = 3;

/// Where an effect is printed, which decides the targets it may name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Event,
    Technique,
    Trigger,
    Ability(When),
}

fn card(at: &mut Build<'_>, r: &RawCard) -> Card {
    let requires = needs(at, &r.requires, "requires");
    let consume = needs(at, &r.consume, "consume");
    if consume.len() > 1 {
        at.error("consume expects one attribute (e.g. { ember = 1 })");
    }
    if consume.iter().any(|n| n.attr.is_none()) {
        at.error("consume expects an attribute: a wasteland cannot be consumed again");
    }
    let keywords = keywords(at, &r.keywords);
    let trigger: Vec<Effect> = r
        .trigger
        .iter()
        .map(|e| effect(at, e, Place::Trigger))
        .collect();
    let effect_place = match r.kind {
        Kind::Technique => Place::Technique,
        _ => Place::Event,
    };
    let effects: Vec<Effect> = r
        .effects
        .iter()
        .map(|e| effect(at, e, effect_place))
        .collect();
    let abilities: Vec<Ability> = r
        .abilities
        .iter()
        .map(|a| {
            if a.effects.is_empty() {
                at.error(format!("ability on {}: expected effects", a.on.name()));
            }
            Ability {
                on: a.on,
                effects: a
                    .effects
                    .iter()
                    .map(|e| effect(at, e, Place::Ability(a.on)))
                    .collect(),
            }
        })
        .collect();
    if abilities.iter().filter(|a| a.on == When::Rest).count() > 1 {
        at.error("expected at most one rest ability");
    }
    let mut attrs = Attrs::default();
    for a in &r.attributes {
        match ATTRIBUTES.iter().position(|n| n.eq_ignore_ascii_case(a)) {
            Some(i) => attrs.0 |= 1 << i,
            None => at.error(unknown_name("attribute", a, ATTRIBUTES)),
        }
    }
    let main = r.kind.in_main_deck();
    let forbid = |b: &mut Build<'_>, used: bool, field: &str| {
        if used {
            b.error(format!("a {} has no {field}", r.kind.name()));
        }
    };
    forbid(at, !main && !requires.is_empty(), "requires");
    forbid(at, !main && !consume.is_empty(), "consume");
    forbid(at, !main && r.souls > 0, "souls");
    forbid(at, !main && r.damage > 0, "damage value");
    forbid(at, !main && !trigger.is_empty(), "trigger");
    forbid(at, r.kind != Kind::Ancient && r.life > 0, "life");
    forbid(at, r.kind != Kind::Ancient && r.hand_size > 0, "hand_size");
    forbid(at, r.kind != Kind::Location && attrs.0 != 0, "attributes");
    forbid(at, r.kind != Kind::Warrior && r.strikes > 0, "strikes");
    forbid(
        at,
        r.kind != Kind::Warrior && !abilities.is_empty(),
        "abilities",
    );
    forbid(
        at,
        !matches!(r.kind, Kind::Event | Kind::Technique) && !effects.is_empty(),
        "effects (warriors have abilities)",
    );
    forbid(
        at,
        matches!(r.kind, Kind::Ancient | Kind::Event | Kind::Technique) && r.power > 0,
        "power",
    );
    let battle_words = keywords.has(Keywords::PIERCE) || keywords.has(Keywords::GUARD);
    forbid(
        at,
        !matches!(r.kind, Kind::Warrior | Kind::Item) && battle_words,
        "Pierce or Guard",
    );
    forbid(
        at,
        r.kind != Kind::Technique && keywords.has(Keywords::HIDE),
        "[HIDE] (only techniques are set as entities)",
    );
    match r.kind {
        Kind::Ancient => {
            if r.life == 0 || r.life > MAX_STAT {
                at.error(format!("an ancient expects life from 1 to {MAX_STAT}"));
            }
            if r.hand_size == 0 || r.hand_size > MAX_HAND_SIZE {
                at.error(format!(
                    "an ancient expects hand_size from 1 to {MAX_HAND_SIZE}"
                ));
            }
        }
        Kind::Location => {
            if attrs.0 == 0 {
                at.error("a location expects at least one attribute");
            }
            if r.power > 9 {
                at.error("a location's power bonus expects 0 to 9");
            }
        }
        Kind::Warrior => {
            if r.power == 0 || r.power > MAX_STAT {
                at.error(format!("a warrior expects power from 1 to {MAX_STAT}"));
            }
            if r.strikes == 0 || r.strikes > MAX_STRIKES {
                at.error(format!("a warrior expects strikes from 1 to {MAX_STRIKES}"));
            }
        }
        Kind::Item => {
            if r.power == 0 && keywords.0 == 0 {
                at.error("an item expects a power bonus or keywords");
            }
            if r.power > 9 {
                at.error("an item's power bonus expects 0 to 9");
            }
        }
        Kind::Event | Kind::Technique => {
            if effects.is_empty() {
                at.error(format!("a {} expects effects", r.kind.name()));
            }
            let chosen: Vec<Target> = effects
                .iter()
                .map(|e| e.target)
                .filter(|t| t.is_chosen())
                .collect();
            if chosen.windows(2).any(|w| w[0] != w[1]) {
                at.error("every chosen target of one card must be the same kind");
            }
        }
    }
    let rest_chosen: Vec<Target> = abilities
        .iter()
        .flat_map(|a| a.effects.iter())
        .map(|e| e.target)
        .filter(|t| t.is_chosen())
        .collect();
    if rest_chosen.windows(2).any(|w| w[0] != w[1]) {
        at.error("every chosen target of one rest ability must be the same kind");
    }
    if main && r.damage > MAX_DAMAGE_VALUE {
        at.error(format!("damage value expects 0 to {MAX_DAMAGE_VALUE}"));
    }
    if r.souls > MAX_STAT {
        at.error(format!("souls expects 0 to {MAX_STAT}"));
    }
    Card {
        name: at.name().to_string(),
        kind: r.kind,
        requires,
        consume: consume.first().copied(),
        souls: r.souls,
        damage: r.damage,
        trigger,
        power: r.power,
        strikes: r.strikes,
        keywords,
        abilities,
        effects,
        life: r.life,
        hand_size: r.hand_size,
        attrs,
        text: r.text.clone(),
    }
}

fn needs(at: &mut Build<'_>, raw: &BTreeMap<String, u8>, field: &str) -> Vec<Need> {
    let mut out = Vec::new();
    for (name, &count) in raw {
        let attr = if name.eq_ignore_ascii_case("any") {
            None
        } else {
            match ATTRIBUTES.iter().position(|a| a.eq_ignore_ascii_case(name)) {
                Some(i) => Some(i as u8),
                None => {
                    let known = ATTRIBUTES.iter().copied().chain(["any"]);
                    let m = unknown_name("attribute", name, known);
                    at.error(format!("{field}: {m}"));
                    continue;
                }
            }
        };
        if count == 0 || count > 6 {
            at.error(format!("{field}: {name} expects a count from 1 to 6"));
        }
        out.push(Need { attr, count });
    }
    out
}

fn keywords(at: &mut Build<'_>, names: &[String]) -> Keywords {
    names
        .iter()
        .filter_map(|n| at.named("keyword", n.trim_matches(['[', ']']), &KEYWORD_NAMES))
        .fold(Keywords::NONE, Keywords::with)
}

fn effect(at: &mut Build<'_>, r: &RawEffect, place: Place) -> Effect {
    let amount = r.amount.unwrap_or(1);
    if amount > MAX_STAT {
        at.error(format!(
            "{:?}: amount expects 0 to {MAX_STAT}, found {amount}",
            r.op
        ));
    }
    let target = r.target.unwrap_or(match r.op {
        Op::Draw | Op::Soul => Target::Controller,
        Op::Discard => Target::Rival,
        Op::Heal => Target::OwnAncient,
        Op::Negate => Target::Event,
        _ => Target::This,
    });
    let fits = match r.op {
        op if op.on_warriors() => target.is_warrior(),
        Op::Draw | Op::Soul => target == Target::Controller,
        Op::Discard => target == Target::Rival,
        Op::Heal => target == Target::OwnAncient,
        _ => target == Target::Event,
    };
    if !fits {
        at.error(format!("{:?} cannot apply to target {:?}", r.op, target));
    }
    let battle = matches!(target, Target::OwnBattler | Target::EnemyBattler);
    let allowed = match place {
        Place::Event => {
            !battle && !matches!(target, Target::This | Target::Attacker | Target::Event)
        }
        Place::Technique => {
            !target.is_chosen() && !matches!(target, Target::This | Target::Attacker)
        }
        Place::Trigger => {
            !target.is_chosen() && !battle && !matches!(target, Target::This | Target::Event)
        }
        Place::Ability(on) => {
            let in_battle = matches!(on, When::Attacking | When::Defending | When::Battling);
            target != Target::Event
                && target != Target::Attacker
                && (on == When::Rest || !target.is_chosen())
                && (in_battle || !battle)
        }
    };
    if !allowed {
        let place = match place {
            Place::Event => "an event".to_string(),
            Place::Technique => "a technique".to_string(),
            Place::Trigger => "a trigger".to_string(),
            Place::Ability(on) => format!("an ability on {}", on.name()),
        };
        at.error(format!("{place} cannot target {target:?}"));
    }
    Effect {
        op: r.op,
        amount,
        target,
    }
}
