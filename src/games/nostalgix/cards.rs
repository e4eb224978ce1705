//! The Nostalgix card model and its loader on the kit's [`CardPool`].
//!
//! rules/nostalgix.txt: "Parts of a Nostalgix Card" — Heroes, Fighters,
//! Spells, Surprises, Equipment, Arenas (and Tokens, "Keyword Glossary").
//! Cards are data: `decks/nostalgix/cards.toml` describes every card with a
//! declarative effect vocabulary (trigger × condition × effect × target)
//! that the engine interprets. The game state only ever stores [`CardId`]s.

use std::fmt;

use serde::Deserialize;
use toml::Spanned;

use crate::core::lookup;
use crate::core::{Build, CardDef, CardPool, Entry, number_in};

pub use crate::core::CardId;

/// The cost of setting any Surprise (rules: "Surprises": "Surprises always
/// cost 3 mana to play face-down"): the cost of every Surprise card.
pub const SURPRISE_COST: u8 = 3;

/// What a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Hero,
    Fighter,
    Spell,
    Surprise,
    Equipment,
    Arena,
    Token,
}

impl Kind {
    /// The kind's name as written in logs and tables.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Hero => "hero",
            Kind::Fighter => "fighter",
            Kind::Spell => "spell",
            Kind::Surprise => "surprise",
            Kind::Equipment => "equipment",
            Kind::Arena => "arena",
            Kind::Token => "token",
        }
    }
}

/// A Fighter type (rules: "Neutral Metal Water Mystic Light Earth Dark Fire").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Default)]
pub enum Element {
    #[default]
    Neutral,
    Metal,
    Water,
    Mystic,
    Light,
    Earth,
    Dark,
    Fire,
}

/// Keywords an entity can have (rules: "Card Effect Keyword Glossary").
/// The glossary's other words are effects (`Heal`, `Reveal`, counters,
/// tokens) or targets (`Adjacent`) of the effect vocabulary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Keywords(pub u16);

/// Keyword names as written in card files and logs, with their bits.
pub const KEYWORD_NAMES: [(&str, Keywords); 12] = [
    ("Binding", Keywords::BINDING),
    ("Charge", Keywords::CHARGE),
    ("Deathtouch", Keywords::DEATHTOUCH),
    ("Divinity", Keywords::DIVINITY),
    ("Immune", Keywords::IMMUNE),
    ("Immune to Binding", Keywords::IMMUNE_BINDING),
    ("Immune to Spells", Keywords::IMMUNE_SPELLS),
    ("Immune to Surprises", Keywords::IMMUNE_SURPRISES),
    ("Lifesteal", Keywords::LIFESTEAL),
    ("Lifetouch", Keywords::LIFETOUCH),
    ("Stacked", Keywords::STACKED),
    ("Taunt", Keywords::TAUNT),
];

impl Keywords {
    /// No keyword.
    pub const NONE: Keywords = Keywords(0);
    /// Binds the defender of its attacks.
    pub const BINDING: Keywords = Keywords(1);
    /// No Summoning Sickness.
    pub const CHARGE: Keywords = Keywords(1 << 1);
    /// Any damage it deals to a Fighter destroys it.
    pub const DEATHTOUCH: Keywords = Keywords(1 << 2);
    /// When your Hero is healed, your Fighters get +1♥ and +1ATK.
    pub const DIVINITY: Keywords = Keywords(1 << 3);
    /// Cannot be damaged or destroyed.
    pub const IMMUNE: Keywords = Keywords(1 << 4);
    /// Cannot be bound.
    pub const IMMUNE_BINDING: Keywords = Keywords(1 << 5);
    /// Cannot be targeted by Spells.
    pub const IMMUNE_SPELLS: Keywords = Keywords(1 << 6);
    /// Cannot be targeted by Surprises.
    pub const IMMUNE_SURPRISES: Keywords = Keywords(1 << 7);
    /// Damage it deals with attacks heals it.
    pub const LIFESTEAL: Keywords = Keywords(1 << 8);
    /// Damage it deals with attacks heals its Hero.
    pub const LIFETOUCH: Keywords = Keywords(1 << 9);
    /// May be stacked onto a Fighter of its subtype.
    pub const STACKED: Keywords = Keywords(1 << 10);
    /// Must be attacked first.
    pub const TAUNT: Keywords = Keywords(1 << 11);

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

    /// The keyword names in this set, in glossary order.
    pub fn names(self) -> Vec<&'static str> {
        KEYWORD_NAMES
            .iter()
            .filter(|(_, k)| self.has(*k))
            .map(|(n, _)| *n)
            .collect()
    }
}

/// What an effect does (the verbs of the effect vocabulary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// Deal `amount` damage.
    Damage,
    /// Heal (Restore) up to the printed maximum.
    Heal,
    /// Place `amount` Health Counters (+1♥).
    HealthCounters,
    /// Place `amount` ATK counters (negative: -ATK counters).
    AtkCounters,
    /// Draw `amount` cards.
    Draw,
    /// Discard `amount` cards at random from the target player's hand.
    Discard,
    /// Summon `amount` copies of `token`.
    SummonToken,
    /// Bind: the target cannot attack during its controller's next turn.
    Bind,
    /// Bind `amount` of the target player's mana at their next refill.
    BindMana,
    /// Send the target to the Void.
    Destroy,
    /// Search your deck for a card matching `filter`, reveal it, put it in
    /// your hand, shuffle.
    Search,
    /// Gain `amount` current mana this turn.
    GainMana,
    /// Reveal the top card of your deck; draw it if it matches `filter`.
    Reveal,
    /// Attack step 3: the attack deals `amount` more damage (negative:
    /// less, down to 0; rules: "Parts of an Attack", step 3 "increase or
    /// decrease the amount of damage").
    BonusDamage,
    /// Cancel the Spell that opened this Surprise's window.
    Counter,
    /// Send every Equipment attached to the target to the Void of the
    /// player who played it (rules: "Equipment" — "or the Equipment is
    /// sent to the Void by an effect").
    DestroyEquipment,
    /// Send the Arena in play to its owner's Void if the target player
    /// played it (rules: "Arenas" — "can only be destroyed by playing
    /// another Arena or by certain card effects").
    DestroyArena,
}

/// Who or what an effect applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The card's own entity (the Fighter, or the Hero for hero abilities).
    This,
    /// The controller's Hero.
    OwnHero,
    /// The opponent's Hero.
    EnemyHero,
    /// An enemy Fighter or the enemy Hero, chosen when played.
    ChosenEnemy,
    /// An enemy Fighter (or token), chosen when played.
    ChosenEnemyFighter,
    /// One of your Fighters (or tokens), chosen when played.
    ChosenAllyFighter,
    /// Any Fighter on either side, chosen when played.
    ChosenFighter,
    /// Every enemy Fighter and token matching the filter.
    AllEnemyFighters,
    /// Every friendly Fighter and token matching the filter.
    AllAllyFighters,
    /// Every Fighter and token on the field matching the filter.
    AllFighters,
    /// The Fighters immediately left and right of this one (rules:
    /// "Adjacent").
    Adjacent,
    /// The defender of the attack this effect belongs to.
    Defender,
    /// The attacker that opened this Surprise's window.
    Attacker,
    /// The Fighter whose summoning opened this Surprise's window.
    Summoned,
    /// The controller, as a player (draw, mana, search…).
    Controller,
    /// The opponent, as a player (discard, bind mana…).
    Opponent,
}

impl Target {
    /// Whether the player chooses the target when the card is played.
    pub fn is_chosen(self) -> bool {
        matches!(
            self,
            Target::ChosenEnemy
                | Target::ChosenEnemyFighter
                | Target::ChosenAllyFighter
                | Target::ChosenFighter
        )
    }
}

/// Which cards a mass effect, a search or a reveal looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Filter {
    /// Only cards of this kind.
    pub kind: Option<Kind>,
    /// Only Fighters of this subtype.
    pub subtype: Option<SubtypeId>,
    /// Only Fighters of this type.
    pub element: Option<Element>,
}

/// When an effect applies (all set parts must hold).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Condition {
    /// Always.
    #[default]
    Always,
    /// A coin flip comes up heads (chance).
    CoinHeads,
    /// The attack targets a Hero.
    DefenderIsHero,
    /// The attack targets a Fighter.
    DefenderIsFighter,
    /// The attack's defender is of this type.
    DefenderElement(Element),
    /// The controller has at least `n` Fighters of `subtype` in play.
    AlliesWithSubtype(SubtypeId, u8),
    /// The controller's Hero has at most `n` health.
    HeroHealthAtMost(u8),
}

/// An interned Fighter subtype (Fox, Mech, Apple…): an index into the
/// pool's labels ([`CardPool::label`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubtypeId(pub u8);

/// One instruction of a card's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    /// What it does.
    pub op: Op,
    /// How much (damage, cards, counters…); may be negative for counters.
    pub amount: i8,
    /// To whom.
    pub target: Target,
    /// When.
    pub condition: Condition,
    /// Restricts mass targets, searches and reveals.
    pub filter: Filter,
    /// The token summoned by [`Op::SummonToken`].
    pub token: Option<CardId>,
}

/// When a Fighter's, Hero's, Equipment's or Arena's ability fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// Used once per turn by its controller, paying `cost`.
    Activated,
    /// When the Fighter enters play: summoned or evolved into (not stacked:
    /// the Fighter a card joins is not summoned again); a token, when it is
    /// summoned.
    OnSummon,
    /// After this Fighter (or equipped entity) attacks.
    AfterAttack,
    /// At the start of its controller's turn.
    StartOfTurn,
    /// At the end of its controller's turn.
    EndOfTurn,
    /// When this Fighter is destroyed.
    OnDestroyed,
}

impl Trigger {
    /// This trigger's bit in [`Card::triggers`].
    #[inline]
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// When a face-down Surprise may be flipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SurpriseTrigger {
    /// An enemy Fighter or Hero declares an attack (before damage).
    #[default]
    EnemyAttack,
    /// An enemy Fighter is summoned.
    EnemySummon,
    /// The opponent plays a Spell (before it resolves).
    EnemySpell,
    /// One of your Fighters is destroyed.
    AllyDestroyed,
    /// Your Hero takes damage.
    HeroDamaged,
}

impl SurpriseTrigger {
    /// The trigger's name in card files and logs.
    pub fn name(self) -> &'static str {
        match self {
            SurpriseTrigger::EnemyAttack => "enemy_attack",
            SurpriseTrigger::EnemySummon => "enemy_summon",
            SurpriseTrigger::EnemySpell => "enemy_spell",
            SurpriseTrigger::AllyDestroyed => "ally_destroyed",
            SurpriseTrigger::HeroDamaged => "hero_damaged",
        }
    }
}

/// A Fighter's attack (rules: "Parts of an Attack").
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    /// Its printed name.
    pub name: String,
    /// Printed damage.
    pub damage: u8,
    /// Step 3 (`bonus_damage`) and step 9 (everything else) effects.
    pub effects: Vec<Effect>,
}

/// A triggered or activated ability.
#[derive(Clone, Debug, PartialEq)]
pub struct Ability {
    /// Its printed name.
    pub name: String,
    /// When it fires.
    pub trigger: Trigger,
    /// Mana cost (activated abilities).
    pub cost: u8,
    /// What it does.
    pub effects: Vec<Effect>,
}

/// One card of the pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// Unique name.
    pub name: String,
    /// What it is.
    pub kind: Kind,
    /// Mana cost to play (Surprises always 3; Heroes and Tokens 0).
    pub cost: u8,
    /// Fighter/Token type.
    pub element: Element,
    /// Fighter level (1..=3; tokens 1).
    pub level: u8,
    /// The lower level this Fighter evolves from.
    pub evolves_from: Option<CardId>,
    /// Fighter/Token subtype.
    pub subtype: Option<SubtypeId>,
    /// Printed health (Heroes, Fighters, Tokens); Equipment: +health.
    pub health: u8,
    /// Takes double damage from this type.
    pub weakness: Option<Element>,
    /// Takes 2 less damage from this type.
    pub resistance: Option<Element>,
    /// Keywords it has (Equipment: keywords it grants).
    pub keywords: Keywords,
    /// Fighter attacks. Tokens get one nameless attack of `atk` damage.
    pub attacks: Vec<Attack>,
    /// Abilities (Heroes: one activated ability).
    pub abilities: Vec<Ability>,
    /// The triggers of `abilities`, one bit per [`Trigger`] (set when the
    /// card is built; overrides change only an ability's cost), so the
    /// rules ask "does anything fire?" without walking the abilities.
    pub triggers: u8,
    /// The damage of its best printed attack (a Token's `atk`), before
    /// bonuses: kept with the card (set when it is built and after every
    /// override), as the evaluation reads it for every unit of every
    /// position it scores.
    pub printed_attack: u8,
    /// Whether any of its effects (abilities, attacks, the card's own)
    /// targets the Fighters Adjacent to its source: the one rule that reads
    /// which slot a Fighter stands in (set with `triggers`).
    pub reads_slots: bool,
    /// Whether any of its effects reads a card nobody has seen: Reveal (the
    /// top of a deck) or Search (what a deck holds) (set with `triggers`).
    pub reads_hidden: bool,
    /// Whether any of its effects summons a token (set with `triggers`).
    pub summons_tokens: bool,
    /// Token attack, Equipment +ATK, Stacked +ATK.
    pub atk: u8,
    /// Stacked Fighters: the opponent takes no prize counter for the stack.
    pub prize_shield: bool,
    /// Spell, Surprise and Arena effects (Arenas: applied at the start of
    /// each player's turn, for that player).
    pub effects: Vec<Effect>,
    /// When a Surprise may be flipped.
    pub surprise_trigger: Option<SurpriseTrigger>,
    /// Arenas: +ATK for every Fighter matching `aura_filter`.
    pub aura_atk: i8,
    /// Arenas: +health for every Fighter matching `aura_filter`.
    pub aura_health: i8,
    /// Arenas: which Fighters the aura affects.
    pub aura_filter: Filter,
    /// Rules text for people (optional).
    pub text: String,
}

impl Card {
    /// Sets the figures kept with the card from the rest of it:
    /// [`Card::triggers`], [`Card::printed_attack`], [`Card::reads_slots`],
    /// [`Card::reads_hidden`] and [`Card::summons_tokens`].
    fn derive(&mut self) {
        self.triggers = self
            .abilities
            .iter()
            .fold(0, |bits, a| bits | a.trigger.bit());
        self.printed_attack = if self.kind == Kind::Token {
            self.atk
        } else {
            self.attacks.iter().map(|a| a.damage).max().unwrap_or(0)
        };
        let reads_slots = self.all_effects().any(|e| e.target == Target::Adjacent);
        let reads_hidden = self
            .all_effects()
            .any(|e| matches!(e.op, Op::Reveal | Op::Search));
        let summons_tokens = self.all_effects().any(|e| e.token.is_some());
        self.reads_slots = reads_slots;
        self.reads_hidden = reads_hidden;
        self.summons_tokens = summons_tokens;
    }

    /// Every effect of the card: its abilities', its attacks' and its own.
    pub fn all_effects(&self) -> impl Iterator<Item = &Effect> {
        let abilities = self.abilities.iter().flat_map(|a| &a.effects);
        let attacks = self.attacks.iter().flat_map(|a| &a.effects);
        abilities.chain(attacks).chain(&self.effects)
    }

    /// Whether one of its abilities fires on `trigger`.
    #[inline]
    pub fn has_trigger(&self, trigger: Trigger) -> bool {
        self.triggers & trigger.bit() != 0
    }
    /// Whether playing the card needs a chosen target (the first chosen
    /// target of its effects), if any.
    pub fn chosen_target(&self) -> Option<Target> {
        self.effects
            .iter()
            .map(|e| e.target)
            .find(|t| t.is_chosen())
    }
}

/// The card pool of one run: every card by [`CardId`] and by name; its
/// labels are the Fighter subtypes ([`SubtypeId`]).
pub type CardDb = CardPool<Card>;

/// The bundled pool, compiled into the binary.
pub const BUNDLED_CARDS: &str = include_str!("../../../decks/nostalgix/cards.toml");

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// ---------------------------------------------------------------------------
// The file format, as serde reads it. Every table rejects unknown keys.

/// A card file as serde reads it: one array of tables per kind.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFile {
    #[serde(default)]
    hero: Vec<Spanned<RawCard>>,
    #[serde(default)]
    fighter: Vec<Spanned<RawCard>>,
    #[serde(default)]
    spell: Vec<Spanned<RawCard>>,
    #[serde(default)]
    surprise: Vec<Spanned<RawCard>>,
    #[serde(default)]
    equipment: Vec<Spanned<RawCard>>,
    #[serde(default)]
    arena: Vec<Spanned<RawCard>>,
    #[serde(default)]
    token: Vec<Spanned<RawCard>>,
}

/// One card table of a file, with the kind its table name gives it.
pub struct RawEntry {
    kind: Kind,
    card: RawCard,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    name: String,
    #[serde(default)]
    cost: Option<u8>,
    #[serde(default, rename = "type")]
    element: Option<Element>,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    evolves_from: Option<String>,
    #[serde(default)]
    subtype: Option<String>,
    #[serde(default)]
    health: Option<u8>,
    #[serde(default)]
    weakness: Option<Element>,
    #[serde(default)]
    resistance: Option<Element>,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    attacks: Vec<RawAttack>,
    #[serde(default)]
    abilities: Vec<RawAbility>,
    #[serde(default)]
    atk: Option<u8>,
    #[serde(default)]
    prize_shield: bool,
    #[serde(default)]
    effects: Vec<RawEffect>,
    #[serde(default)]
    trigger: Option<SurpriseTrigger>,
    #[serde(default)]
    aura: Option<RawAura>,
    #[serde(default)]
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAttack {
    name: String,
    damage: u8,
    #[serde(default)]
    effects: Vec<RawEffect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbility {
    name: String,
    trigger: Trigger,
    #[serde(default)]
    cost: u8,
    effects: Vec<RawEffect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAura {
    #[serde(default)]
    atk: i8,
    #[serde(default)]
    health: i8,
    #[serde(default)]
    filter: RawFilter,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEffect {
    #[serde(rename = "do")]
    op: Op,
    #[serde(default)]
    amount: Option<i8>,
    #[serde(default)]
    target: Option<Target>,
    #[serde(default)]
    when: Option<RawCondition>,
    #[serde(default)]
    filter: RawFilter,
    #[serde(default)]
    token: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawFilter {
    #[serde(default)]
    kind: Option<Kind>,
    #[serde(default)]
    subtype: Option<String>,
    #[serde(default, rename = "type")]
    element: Option<Element>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCondition {
    #[serde(default)]
    coin: Option<String>,
    #[serde(default)]
    defender: Option<String>,
    #[serde(default)]
    defender_type: Option<Element>,
    #[serde(default)]
    allies: Option<u8>,
    #[serde(default)]
    subtype: Option<String>,
    #[serde(default)]
    hero_health_at_most: Option<u8>,
}

// ---------------------------------------------------------------------------
// The card on the kit: how a file's tables become cards, `--set` fields and
// the `decklab cards` table.

impl CardDef for Card {
    type File = RawFile;
    type Raw = RawEntry;

    /// Kind by kind (heroes, fighters, spells, surprises, equipment, arenas,
    /// tokens), each kind in file order: the order that numbers the cards.
    fn entries(file: RawFile) -> Vec<Entry<RawEntry>> {
        let RawFile {
            hero,
            fighter,
            spell,
            surprise,
            equipment,
            arena,
            token,
        } = file;
        [
            (Kind::Hero, hero),
            (Kind::Fighter, fighter),
            (Kind::Spell, spell),
            (Kind::Surprise, surprise),
            (Kind::Equipment, equipment),
            (Kind::Arena, arena),
            (Kind::Token, token),
        ]
        .into_iter()
        .flat_map(|(kind, tables)| {
            tables.into_iter().map(move |t| {
                let Entry { raw, start } = Entry::spanned(t);
                Entry {
                    raw: RawEntry { kind, card: raw },
                    start,
                }
            })
        })
        .collect()
    }

    fn raw_name(raw: &RawEntry) -> &str {
        &raw.card.name
    }

    /// Every field, checked against the card's kind.
    fn build(raw: &RawEntry, at: &mut Build<'_>) -> Card {
        let r = &raw.card;
        let mut card = Card {
            name: at.name().to_string(),
            kind: raw.kind,
            cost: r.cost.unwrap_or(match raw.kind {
                Kind::Surprise => SURPRISE_COST,
                _ => 0,
            }),
            element: r.element.unwrap_or_default(),
            level: r.level.unwrap_or(1),
            evolves_from: None,
            subtype: r.subtype.as_deref().map(|s| subtype(at, s)),
            health: r.health.unwrap_or(0),
            weakness: r.weakness,
            resistance: r.resistance,
            keywords: keywords(at, &r.keywords),
            attacks: Vec::new(),
            abilities: Vec::new(),
            triggers: 0,
            printed_attack: 0,
            reads_slots: false,
            reads_hidden: false,
            summons_tokens: false,
            atk: r.atk.unwrap_or(0),
            prize_shield: r.prize_shield,
            effects: r.effects.iter().map(|e| effect(at, e)).collect(),
            surprise_trigger: r.trigger,
            aura_atk: 0,
            aura_health: 0,
            aura_filter: Filter::default(),
            text: r.text.clone(),
        };
        card.attacks = r
            .attacks
            .iter()
            .map(|a| Attack {
                name: a.name.clone(),
                damage: a.damage,
                effects: a.effects.iter().map(|e| effect(at, e)).collect(),
            })
            .collect();
        card.abilities = r
            .abilities
            .iter()
            .map(|a| Ability {
                name: a.name.clone(),
                trigger: a.trigger,
                cost: a.cost,
                effects: a.effects.iter().map(|e| effect(at, e)).collect(),
            })
            .collect();
        card.derive();
        if let Some(aura) = &r.aura {
            card.aura_atk = aura.atk;
            card.aura_health = aura.health;
            card.aura_filter = filter(at, &aura.filter);
        }
        if let Some(from) = &r.evolves_from {
            card.evolves_from = at.reference("`evolves_from`", from);
        }
        check_kind(&card, r, at);
        card
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn cost(&self) -> u8 {
        self.cost
    }

    /// `cost`, `health`, `atk`, `level`, `type`, `weakness`, `resistance`,
    /// `keywords` (comma-separated names, or empty), `prize_shield`,
    /// `attacks.N.damage` and `abilities.N.cost` (N from 0).
    const FIELDS: &'static [&'static str] = &[
        "cost",
        "health",
        "atk",
        "level",
        "type",
        "weakness",
        "resistance",
        "keywords",
        "prize_shield",
        "attacks.N.damage",
        "abilities.N.cost",
    ];

    /// What-if balancing: one field of the card for a run, checked like
    /// the card file.
    fn set_field(&mut self, field: &str, value: &str) -> Result<(), String> {
        let number = |max: u8| number_in(field, value, 0, max);
        let element = || -> Result<Element, String> {
            toml::Value::String(value.to_string())
                .try_into()
                .map_err(|_| format!("{field} expects a type (Neutral, Metal, Water, Mystic, Light, Earth, Dark, Fire), found \"{value}\""))
        };
        let indexed = |prefix: &str, suffix: &str| -> Option<usize> {
            field
                .strip_prefix(prefix)?
                .strip_suffix(suffix)?
                .parse()
                .ok()
        };
        match field {
            "cost" if self.kind == Kind::Surprise => {
                return Err("Surprises always cost 3 mana (rules: \"Surprises\")".into());
            }
            "cost" => self.cost = number(u8::MAX)?,
            "health" => {
                let n = number(u8::MAX)?;
                if n == 0 && matches!(self.kind, Kind::Hero | Kind::Fighter | Kind::Token) {
                    return Err(format!("a {} needs health > 0", self.kind));
                }
                self.health = n;
            }
            "atk" if !matches!(self.kind, Kind::Equipment | Kind::Token) => {
                return Err(format!(
                    "a {} has no atk (only Equipment and Tokens do); a Fighter's damage is \
                     attacks.N.damage",
                    self.kind
                ));
            }
            "atk" => self.atk = number(u8::MAX)?,
            "level" => {
                let n = number(3)?;
                let fits =
                    self.kind == Kind::Fighter && n >= 1 && (n == 1) == self.evolves_from.is_none();
                if !fits {
                    return Err("level must keep the evolution line valid (1 without evolves_from, 2–3 with it)".into());
                }
                self.level = n;
            }
            "type" => self.element = element()?,
            "weakness" => self.weakness = Some(element()?),
            "resistance" => self.resistance = Some(element()?),
            "prize_shield" => {
                self.prize_shield = value
                    .parse()
                    .map_err(|_| format!("prize_shield expects true or false, found \"{value}\""))?
            }
            "keywords" => {
                let mut k = Keywords::NONE;
                for word in value.split(',').map(str::trim).filter(|w| !w.is_empty()) {
                    k = k.with(lookup("keyword", word, &KEYWORD_NAMES)?);
                }
                self.keywords = k;
            }
            _ => {
                if let Some(i) = indexed("attacks.", ".damage") {
                    let n = number(u8::MAX)?;
                    let attack = self
                        .attacks
                        .get_mut(i)
                        .ok_or_else(|| format!("\"{}\" has no attack {i}", self.name))?;
                    attack.damage = n;
                } else if let Some(i) = indexed("abilities.", ".cost") {
                    let n = number(u8::MAX)?;
                    let ability = self
                        .abilities
                        .get_mut(i)
                        .ok_or_else(|| format!("\"{}\" has no ability {i}", self.name))?;
                    ability.cost = n;
                } else {
                    return Err(format!("unknown field \"{field}\""));
                }
            }
        }
        self.derive();
        Ok(())
    }

    /// The card's printed parts (rules: "Parts of a Nostalgix Card"); the
    /// Fighter's Weakness, Resistance and Evolution Info come after the
    /// text, added last so the earlier columns keep their places.
    const TABLE_HEADER: &'static [&'static str] = &[
        "name",
        "kind",
        "cost",
        "type",
        "level",
        "health",
        "atk",
        "attacks",
        "keywords",
        "text",
        "weakness",
        "resistance",
        "evolves_from",
    ];
    const TABLE_RIGHT: &'static [usize] = &[2, 4, 5, 6];

    fn table_row(&self, pool: &CardPool<Card>) -> Vec<String> {
        let fighterish = matches!(self.kind, Kind::Fighter | Kind::Token);
        let element = |e: Option<Element>| e.map_or(String::new(), |e| format!("{e:?}"));
        vec![
            self.name.clone(),
            self.kind.name().to_string(),
            self.cost.to_string(),
            if fighterish {
                format!("{:?}", self.element)
            } else {
                String::new()
            },
            if self.kind == Kind::Fighter {
                self.level.to_string()
            } else {
                String::new()
            },
            if self.health > 0 {
                self.health.to_string()
            } else {
                String::new()
            },
            // Token attack, Equipment and Stacked +ATK.
            if self.atk > 0 {
                self.atk.to_string()
            } else {
                String::new()
            },
            self.attacks
                .iter()
                .map(|a| format!("{} {}", a.name, a.damage))
                .collect::<Vec<_>>()
                .join("; "),
            self.keywords.names().join(", "),
            self.text.clone(),
            element(self.weakness),
            element(self.resistance),
            self.evolves_from
                .map_or(String::new(), |from| pool.card(from).name.clone()),
        ]
    }

    /// What needs the card another card names: a Fighter evolves from a
    /// Fighter one level lower, `summon_token` summons a `[[token]]` card.
    fn check_pool(pool: &CardPool<Card>) -> Vec<(CardId, String)> {
        let mut problems = Vec::new();
        for (id, card) in pool.cards() {
            if card.kind == Kind::Fighter
                && let Some(from) = card.evolves_from
            {
                let lower = pool.card(from);
                if lower.kind != Kind::Fighter || lower.level + 1 != card.level {
                    problems.push((
                        id,
                        format!(
                            "card \"{}\": `evolves_from` must name a level {} Fighter",
                            card.name,
                            card.level.saturating_sub(1)
                        ),
                    ));
                }
            }
            for token in card.all_effects().filter_map(|e| e.token) {
                let t = pool.card(token);
                if t.kind != Kind::Token {
                    problems.push((
                        id,
                        format!(
                            "card \"{}\": `token`: \"{}\" is not a [[token]] card",
                            card.name, t.name
                        ),
                    ));
                }
            }
        }
        problems
    }
}

/// The checks of a card's fields against its kind.
fn check_kind(card: &Card, r: &RawCard, at: &mut Build<'_>) {
    let mut allowed: Vec<&str> = vec!["name", "text"];
    let need = |ok: bool, what: &str, errs: &mut Vec<String>| {
        if !ok {
            errs.push(what.to_string());
        }
    };
    let mut problems = Vec::new();
    match card.kind {
        Kind::Hero => {
            allowed.extend(["health", "abilities", "keywords"]);
            need(card.health > 0, "a Hero needs `health` > 0", &mut problems);
            need(
                card.abilities.len() <= 1
                    && card
                        .abilities
                        .iter()
                        .all(|a| a.trigger == Trigger::Activated),
                "a Hero has at most one ability, and it is `activated`",
                &mut problems,
            );
        }
        Kind::Fighter => {
            allowed.extend([
                "cost",
                "type",
                "level",
                "evolves_from",
                "subtype",
                "health",
                "weakness",
                "resistance",
                "keywords",
                "attacks",
                "abilities",
                "atk",
                "prize_shield",
            ]);
            need(
                card.health > 0,
                "a Fighter needs `health` > 0",
                &mut problems,
            );
            need(
                (1..=3).contains(&card.level),
                "`level` is 1, 2 or 3",
                &mut problems,
            );
            need(
                !card.attacks.is_empty(),
                "a Fighter needs at least one attack",
                &mut problems,
            );
            need(
                card.attacks.len() <= 4,
                "a Fighter has at most 4 attacks",
                &mut problems,
            );
            if card.level > 1 && r.evolves_from.is_none() {
                problems.push(format!(
                    "a level {} Fighter needs `evolves_from`",
                    card.level
                ));
            }
            if card.level == 1 && r.evolves_from.is_some() {
                problems.push("a level 1 Fighter does not evolve from anything".into());
            }
            if card.keywords.has(Keywords::STACKED) && card.subtype.is_none() {
                problems.push("a Stacked Fighter needs a `subtype` to stack onto".into());
            }
        }
        Kind::Spell => {
            allowed.extend(["cost", "effects"]);
            need(
                !card.effects.is_empty(),
                "a Spell needs `effects`",
                &mut problems,
            );
        }
        Kind::Surprise => {
            allowed.extend(["cost", "effects", "trigger"]);
            need(
                card.surprise_trigger.is_some(),
                "a Surprise needs a `trigger`",
                &mut problems,
            );
            need(
                !card.effects.is_empty(),
                "a Surprise needs `effects`",
                &mut problems,
            );
            if r.cost.is_some_and(|c| c != SURPRISE_COST) {
                problems.push("Surprises always cost 3 mana (rules: \"Surprises\")".into());
            }
        }
        Kind::Equipment => {
            allowed.extend(["cost", "atk", "health", "keywords", "abilities"]);
            // rules: "Parts of a Turn Overview", step 3 — a player uses the
            // Hero's and the Fighters' abilities, no Equipment's; and an
            // Equipment card is played, never summoned.
            need(
                card.abilities
                    .iter()
                    .all(|a| !matches!(a.trigger, Trigger::Activated | Trigger::OnSummon)),
                "an Equipment ability is never `activated` (a player uses only Heroes' and \
                 Fighters' abilities) nor `on_summon` (Equipment is played, not summoned): its \
                 trigger is `after_attack`, `start_of_turn`, `end_of_turn` or `on_destroyed`, \
                 of the entity it is attached to",
                &mut problems,
            );
        }
        Kind::Arena => {
            allowed.extend(["cost", "effects", "aura"]);
            need(
                !card.effects.is_empty() || r.aura.is_some(),
                "an Arena needs `effects` or an `aura`",
                &mut problems,
            );
        }
        Kind::Token => {
            allowed.extend(["type", "subtype", "health", "atk", "keywords", "abilities"]);
            need(card.health > 0, "a Token needs `health` > 0", &mut problems);
        }
    }
    for (field, set) in [
        ("cost", r.cost.is_some()),
        ("type", r.element.is_some()),
        ("level", r.level.is_some()),
        ("evolves_from", r.evolves_from.is_some()),
        ("subtype", r.subtype.is_some()),
        ("health", r.health.is_some()),
        ("weakness", r.weakness.is_some()),
        ("resistance", r.resistance.is_some()),
        ("keywords", !r.keywords.is_empty()),
        ("attacks", !r.attacks.is_empty()),
        ("abilities", !r.abilities.is_empty()),
        ("atk", r.atk.is_some()),
        ("prize_shield", r.prize_shield),
        ("effects", !r.effects.is_empty()),
        ("trigger", r.trigger.is_some()),
        ("aura", r.aura.is_some()),
    ] {
        if set && !allowed.contains(&field) {
            problems.push(format!("a {} has no `{field}`", card.kind));
        }
    }
    if card.kind == Kind::Surprise {
        check_surprise_targets(card, &mut problems);
    }
    for p in problems {
        at.error(p);
    }
}

/// A Surprise's `attacker`/`summoned` targets must match its trigger.
fn check_surprise_targets(card: &Card, problems: &mut Vec<String>) {
    for e in &card.effects {
        let ok = match e.target {
            Target::Attacker => card.surprise_trigger == Some(SurpriseTrigger::EnemyAttack),
            Target::Summoned => card.surprise_trigger == Some(SurpriseTrigger::EnemySummon),
            Target::Defender => false,
            _ => true,
        };
        if !ok {
            problems.push(format!(
                "target `{:?}` does not fit trigger {:?}",
                e.target, card.surprise_trigger
            ));
        }
        if e.op == Op::Counter && card.surprise_trigger != Some(SurpriseTrigger::EnemySpell) {
            problems.push("`counter` needs the `enemy_spell` trigger".into());
        }
    }
}

/// The subtype `name` (trimmed, matched ignoring case).
fn subtype(at: &mut Build<'_>, name: &str) -> SubtypeId {
    SubtypeId(at.label_ignoring_case(name.trim()))
}

fn keywords(at: &mut Build<'_>, names: &[String]) -> Keywords {
    names
        .iter()
        .filter_map(|n| at.named("keyword", n.trim(), &KEYWORD_NAMES))
        .fold(Keywords::NONE, Keywords::with)
}

fn filter(at: &mut Build<'_>, f: &RawFilter) -> Filter {
    Filter {
        kind: f.kind,
        subtype: f.subtype.as_deref().map(|s| subtype(at, s)),
        element: f.element,
    }
}

fn effect(at: &mut Build<'_>, e: &RawEffect) -> Effect {
    let amount = e.amount.unwrap_or(1);
    let default_target = match e.op {
        Op::Draw | Op::Search | Op::GainMana | Op::Reveal | Op::SummonToken => Target::Controller,
        Op::Discard | Op::BindMana | Op::DestroyArena => Target::Opponent,
        _ => Target::This,
    };
    let target = e.target.unwrap_or(default_target);
    let player_op = matches!(
        e.op,
        Op::Draw
            | Op::Search
            | Op::GainMana
            | Op::Reveal
            | Op::SummonToken
            | Op::Discard
            | Op::BindMana
            | Op::DestroyArena
    );
    let player_target = matches!(target, Target::Controller | Target::Opponent);
    if player_op != player_target && e.op != Op::Counter && e.op != Op::BonusDamage {
        if player_op {
            at.error(format_args!(
                "`{:?}` applies to a player: target `controller` or `opponent`",
                e.op
            ));
        } else {
            at.error(format_args!(
                "`{:?}` applies to a Hero or Fighter, not to `{:?}`",
                e.op, target
            ));
        }
    }
    // Only counters and an attack's step-3 change may go down.
    if amount < 0 && !matches!(e.op, Op::AtkCounters | Op::BonusDamage) {
        at.error(format_args!("`{:?}` needs a positive `amount`", e.op));
    }
    let token = match (&e.token, e.op) {
        // Whether it names a `[[token]]` card is checked once every card
        // is built (`check_pool`).
        (Some(t), Op::SummonToken) => at.reference("`token`", t),
        (None, Op::SummonToken) => {
            at.error("`summon_token` needs a `token` name");
            None
        }
        (Some(_), _) => {
            at.error("only `summon_token` takes a `token`");
            None
        }
        (None, _) => None,
    };
    let condition = e
        .when
        .as_ref()
        .map_or(Condition::Always, |c| condition(at, c));
    Effect {
        op: e.op,
        amount,
        target,
        condition,
        filter: filter(at, &e.filter),
        token,
    }
}

fn condition(at: &mut Build<'_>, c: &RawCondition) -> Condition {
    let set = [
        c.coin.is_some(),
        c.defender.is_some(),
        c.defender_type.is_some(),
        c.allies.is_some() || c.subtype.is_some(),
        c.hero_health_at_most.is_some(),
    ]
    .iter()
    .filter(|&&b| b)
    .count();
    if set != 1 {
        at.error("`when` takes exactly one of coin, defender, defender_type, allies+subtype, hero_health_at_most");
        return Condition::Always;
    }
    if let Some(coin) = &c.coin {
        if coin != "heads" {
            at.error("`when.coin` is \"heads\"");
        }
        return Condition::CoinHeads;
    }
    if let Some(d) = &c.defender {
        return match d.as_str() {
            "hero" => Condition::DefenderIsHero,
            "fighter" => Condition::DefenderIsFighter,
            _ => {
                at.error("`when.defender` is \"hero\" or \"fighter\"");
                Condition::Always
            }
        };
    }
    if let Some(t) = c.defender_type {
        return Condition::DefenderElement(t);
    }
    if let Some(h) = c.hero_health_at_most {
        return Condition::HeroHealthAtMost(h);
    }
    match (&c.subtype, c.allies) {
        (Some(s), Some(n)) => Condition::AlliesWithSubtype(subtype(at, s), n),
        _ => {
            at.error("`when.allies` needs a `subtype` (and `subtype` an `allies` count)");
            Condition::Always
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Ruleset;
    use crate::games::nostalgix::Nostalgix;

    #[test]
    fn bundled_pool_loads() {
        let db = Nostalgix::bundled_cards();
        assert!(db.id("Stack-O-Fox").is_some());
    }

    #[test]
    fn each_card_knows_the_triggers_of_its_abilities() {
        let db = Nostalgix::bundled_cards();
        let all = [
            Trigger::Activated,
            Trigger::OnSummon,
            Trigger::AfterAttack,
            Trigger::StartOfTurn,
            Trigger::EndOfTurn,
            Trigger::OnDestroyed,
        ];
        let mut seen = 0;
        for (_, card) in db.cards() {
            for t in all {
                let walked = card.abilities.iter().any(|a| a.trigger == t);
                assert_eq!(card.has_trigger(t), walked, "{} {t:?}", card.name);
                seen |= u8::from(walked) << t as u8;
            }
        }
        assert_eq!(seen, 0b11_1111, "the pool uses every trigger");
    }

    #[test]
    fn errors_name_the_line_and_what_was_expected() {
        let text = "[[fighter]]\nname = \"A\"\nlevel = 1\ncost = 1\nhealth = 2\nattacks = [{ name = \"x\", damage = 1 }]\n\n[[spell]]\nname = \"B\"\ncost = 1\neffects = [{ do = \"explode\" }]\n";
        let err = CardDb::parse(text, "pool.toml").unwrap_err().to_string();
        assert!(err.starts_with("pool.toml:11:"), "{err}");
        assert!(err.contains("explode"), "{err}");
    }

    #[test]
    fn cross_references_are_checked_with_suggestions() {
        let text = "[[fighter]]\nname = \"Ember Pup\"\nlevel = 1\ncost = 1\nhealth = 2\nattacks = [{ name = \"x\", damage = 1 }]\n\n[[fighter]]\nname = \"Ember Hound\"\nlevel = 2\nevolves_from = \"Ember Pupp\"\ncost = 3\nhealth = 5\nattacks = [{ name = \"y\", damage = 3 }]\n";
        let err = CardDb::parse(text, "p.toml").unwrap_err().to_string();
        assert!(err.contains("p.toml:8:"), "{err}");
        assert!(err.contains("did you mean \"Ember Pup\""), "{err}");
    }

    #[test]
    fn references_must_name_a_card_of_the_right_kind() {
        // rules/nostalgix.txt: "Fighter Evolution" — a Fighter evolves from
        // the level below; "Token" — tokens are summoned.
        let text = "[[fighter]]\nname = \"Ember Pup\"\nlevel = 1\ncost = 1\nhealth = 2\nattacks = [{ name = \"x\", damage = 1, effects = [{ do = \"summon_token\", token = \"Ember Pup\" }] }]\n\n[[fighter]]\nname = \"Ember Drake\"\nlevel = 3\nevolves_from = \"Ember Pup\"\ncost = 3\nhealth = 5\nattacks = [{ name = \"y\", damage = 3 }]\n";
        let err = CardDb::parse(text, "p.toml").unwrap_err().to_string();
        assert!(
            err.contains("card \"Ember Drake\": `evolves_from` must name a level 2 Fighter"),
            "{err}"
        );
        assert!(
            err.contains("card \"Ember Pup\": `token`: \"Ember Pup\" is not a [[token]] card"),
            "{err}"
        );
    }

    #[test]
    fn subtypes_match_ignoring_case() {
        let text = "[[token]]\nname = \"T\"\nsubtype = \"Fox\"\nhealth = 1\n\n[[token]]\nname = \"U\"\nsubtype = \" fox\"\nhealth = 1\n";
        let db = CardDb::parse(text, "p.toml").expect("valid");
        let (t, u) = (db.card(CardId(0)), db.card(CardId(1)));
        assert_eq!(t.subtype, u.subtype);
        assert_eq!(db.label(t.subtype.expect("subtype").0), "Fox");
    }

    #[test]
    fn surprises_always_cost_three() {
        // rules/nostalgix.txt: "Surprises": "Surprises always cost 3 mana to play face-down"
        let text = "[[surprise]]\nname = \"S\"\ncost = 2\ntrigger = \"enemy_attack\"\neffects = [{ do = \"destroy\", target = \"attacker\" }]\n";
        let err = CardDb::parse(text, "p.toml").unwrap_err().to_string();
        assert!(err.contains("always cost 3"), "{err}");
    }

    #[test]
    fn fields_foreign_to_a_kind_are_refused() {
        let text = "[[spell]]\nname = \"S\"\ncost = 1\nhealth = 3\neffects = [{ do = \"draw\" }]\n";
        let err = CardDb::parse(text, "p.toml").unwrap_err().to_string();
        assert!(
            err.contains("p.toml:1:") && err.contains("`health`"),
            "{err}"
        );
    }

    #[test]
    fn a_field_changes_for_the_run() {
        let mut db = Nostalgix::bundled_cards();
        db.apply_override("Stack-O-Fox.health=7").expect("valid");
        db.apply_override("stack-o-fox.attacks.0.damage = 4")
            .expect("valid");
        let fox = db.card(db.id("Stack-O-Fox").expect("fox"));
        assert_eq!((fox.health, fox.attacks[0].damage), (7, 4));
    }

    #[test]
    fn a_card_reads_slots_when_an_effect_targets_adjacent_fighters() {
        let db = Nostalgix::bundled_cards();
        let reading: Vec<&str> = db
            .cards()
            .filter(|(_, c)| c.reads_slots)
            .map(|(_, c)| c.name.as_str())
            .collect();
        // One through an ability on summon, one activated, one an attack.
        for name in ["Pack Leader Rusk", "Coral Medic", "Beacon Sprite"] {
            assert!(reading.contains(&name), "{name}: {reading:?}");
        }
        assert!(!db.card(db.id("Stack-O-Fox").expect("fox")).reads_slots);
    }

    #[test]
    fn each_card_keeps_its_best_printed_attack_through_overrides() {
        let mut db = Nostalgix::bundled_cards();
        let walked = |c: &Card| match c.kind {
            Kind::Token => c.atk,
            _ => c.attacks.iter().map(|a| a.damage).max().unwrap_or(0),
        };
        for (_, card) in db.cards() {
            assert_eq!(card.printed_attack, walked(card), "{}", card.name);
        }
        let (fox, token) = (
            db.id("Stack-O-Fox").expect("fox"),
            db.id("Fox Token").expect("token"),
        );
        assert_eq!(db.card(fox).printed_attack, 1);
        db.apply_override("Stack-O-Fox.attacks.0.damage=6")
            .expect("valid");
        db.apply_override("Fox Token.atk=5").expect("valid");
        assert_eq!(db.card(fox).printed_attack, 6);
        assert_eq!(db.card(token).printed_attack, 5);
    }

    #[test]
    fn unknown_cards_and_fields_get_the_closest_name() {
        let mut db = Nostalgix::bundled_cards();
        let e = db.apply_override("Stack-O-Fx.health=3").unwrap_err();
        assert!(e.contains("did you mean \"Stack-O-Fox\""), "{e}");
        let e = db.apply_override("Stack-O-Fox.helth=3").unwrap_err();
        assert!(e.contains("did you mean \"health\""), "{e}");
        let e = db.apply_override("Stack-O-Fox.health=-3").unwrap_err();
        assert!(e.contains("whole number"), "{e}");
        assert!(db.apply_override("Stack-O-Fox.health").is_err());
        assert!(
            db.apply_override("Stack-O-Fox.keywords=Tuant")
                .unwrap_err()
                .contains("Taunt")
        );
        // A field the card does not use is refused rather than ignored.
        let e = db.apply_override("Cinder Imp.atk=0").unwrap_err();
        assert!(e.contains("attacks.N.damage"), "{e}");
    }

    #[test]
    fn equipment_has_no_activated_ability() {
        // rules/nostalgix.txt: "Parts of a Turn Overview", step 3 — the
        // abilities a player uses are the Hero's and the Fighters'; an
        // Equipment's abilities fire on their own (docs/rulings/nostalgix.md,
        // "Equipment abilities").
        let text = "[[equipment]]\nname = \"E\"\ncost = 1\n\n[[equipment]]\nname = \"Wand\"\ncost = 1\nabilities = [{ name = \"Zap\", trigger = \"activated\", cost = 1, effects = [{ do = \"damage\", amount = 1, target = \"enemy_hero\" }] }]\n";
        let err = CardDb::parse(text, "p.toml").unwrap_err().to_string();
        assert!(err.contains("p.toml:5:"), "{err}");
        assert!(err.contains("card \"Wand\""), "{err}");
        assert!(
            err.contains("`activated`") && err.contains("after_attack"),
            "{err}"
        );
        // Nor `on_summon`: equipping is not a summon (it fired only when the
        // equipped Fighter evolved).
        let text = text.replace("\"activated\", cost = 1", "\"on_summon\"");
        let err = CardDb::parse(&text, "p.toml").unwrap_err().to_string();
        assert!(
            err.contains("p.toml:5:") && err.contains("`on_summon`"),
            "{err}"
        );
    }

    #[test]
    fn a_negative_amount_is_refused_but_for_counters_and_step_three() {
        // rules/nostalgix.txt: "Parts of an Attack", step 3 — "increase or
        // decrease the amount of damage the attack will deal"; glossary
        // "Attack Counters" (+1ATK and -ATK). Other amounts are positive.
        let fighter = |effect: &str| {
            format!(
                "[[fighter]]\nname = \"F\"\ncost = 1\nhealth = 2\nattacks = [{{ name = \"x\", damage = 2, effects = [{effect}] }}]\n"
            )
        };
        let db = CardDb::parse(&fighter("{ do = \"bonus_damage\", amount = -3 }"), "p.toml")
            .expect("a step-3 decrease");
        assert_eq!(db.card(CardId(0)).attacks[0].effects[0].amount, -3);
        CardDb::parse(
            &fighter("{ do = \"atk_counters\", amount = -1, target = \"defender\" }"),
            "p.toml",
        )
        .expect("-ATK counters");
        let err = CardDb::parse(
            &fighter("{ do = \"damage\", amount = -1, target = \"defender\" }"),
            "p.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("positive `amount`"), "{err}");
    }

    #[test]
    fn destroy_arena_applies_to_a_player_and_destroy_equipment_to_an_entity() {
        // rules/nostalgix.txt: "Arenas" ("destroyed ... by certain card
        // effects"), "Equipment" ("sent to the Void by an effect").
        let spell =
            |effect: &str| format!("[[spell]]\nname = \"S\"\ncost = 1\neffects = [{effect}]\n");
        let db = CardDb::parse(&spell("{ do = \"destroy_arena\" }"), "p.toml").expect("valid");
        assert_eq!(db.card(CardId(0)).effects[0].target, Target::Opponent);
        let err = CardDb::parse(
            &spell("{ do = \"destroy_arena\", target = \"enemy_hero\" }"),
            "p.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("applies to a player"), "{err}");
        CardDb::parse(
            &spell("{ do = \"destroy_equipment\", target = \"chosen_enemy\" }"),
            "p.toml",
        )
        .expect("valid");
        let err = CardDb::parse(
            &spell("{ do = \"destroy_equipment\", target = \"opponent\" }"),
            "p.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("applies to a Hero or Fighter"), "{err}");
    }

    #[test]
    fn a_surprise_without_a_cost_costs_three() {
        // rules/nostalgix.txt: "Surprises": "Surprises always cost 3 mana to play face-down"
        let text = "[[surprise]]\nname = \"S\"\ntrigger = \"enemy_attack\"\neffects = [{ do = \"destroy\", target = \"attacker\" }]\n";
        let db = CardDb::parse(text, "p.toml").expect("valid");
        assert_eq!(db.card(CardId(0)).cost, 3);
    }
}
