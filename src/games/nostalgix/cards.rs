//! The Nostalgix card model and its loader.
//!
//! rules/nostalgix.txt: "Parts of a Nostalgix Card" — Heroes, Fighters,
//! Spells, Surprises, Equipment, Arenas (and Tokens, "Keyword Glossary").
//! Cards are data: `decks/nostalgix/cards.toml` describes every card with a
//! declarative effect vocabulary (trigger × condition × effect × target)
//! that the engine interprets. The game state only ever stores [`CardId`]s.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostics::{Diagnostic, Diagnostics, line_of, toml_error, unknown_name};
use crate::games::load_card_files;

pub use crate::core::CardId;

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
    /// Attack step 3: the attack deals `amount` more damage.
    BonusDamage,
    /// Cancel the Spell that opened this Surprise's window.
    Counter,
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

/// An interned Fighter subtype (Fox, Mech, Apple…).
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
    /// When the Fighter enters play (summoned, evolved into or stacked).
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
    /// Whether one of its abilities fires on `trigger`.
    #[inline]
    pub fn has_trigger(&self, trigger: Trigger) -> bool {
        self.abilities.iter().any(|a| a.trigger == trigger)
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

/// The immutable card database of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct CardDb {
    pub(super) cards: Vec<Card>,
    by_name: HashMap<String, CardId>,
    subtypes: Vec<String>,
    /// Where the pool came from (for messages).
    pub source: String,
}

/// The bundled pool, compiled into the binary.
pub const BUNDLED_CARDS: &str = include_str!("../../../decks/nostalgix/cards.toml");

impl CardDb {
    /// The bundled card pool.
    pub fn bundled() -> CardDb {
        // The bundled file is checked by the test suite; failing here is a
        // build defect, not user input.
        CardDb::parse(BUNDLED_CARDS, "decks/nostalgix/cards.toml")
            .unwrap_or_else(|e| panic!("bundled card pool is invalid:\n{e}"))
    }

    /// Loads a card file (`.toml`) or a folder of them.
    pub fn load(path: &Path) -> Result<CardDb, Diagnostics> {
        load_card_files(path, CardDb::parse_many)
    }

    /// Parses one card file's text; `path` names it in messages.
    pub fn parse(text: &str, path: &str) -> Result<CardDb, Diagnostics> {
        CardDb::parse_many(&[(path, text)], path)
    }

    fn parse_many(files: &[(&str, &str)], source: &str) -> Result<CardDb, Diagnostics> {
        let mut raws = Vec::new();
        let mut errors = Vec::new();
        for &(path, text) in files {
            match toml::from_str::<RawFile>(text) {
                Ok(f) => raws.push((path, text, f)),
                Err(e) => errors.push(toml_error(path, text, &e)),
            }
        }
        if !errors.is_empty() {
            return Err(Diagnostics(errors));
        }
        let mut builder = Builder::default();
        for (path, text, file) in &raws {
            builder.declare(path, text, file);
        }
        for (path, text, file) in &raws {
            builder.define(path, text, file);
        }
        if builder.errors.is_empty() && builder.cards.is_empty() {
            builder
                .errors
                .push(Diagnostic::new(source, 0, "the card file defines no card"));
        }
        if !builder.errors.is_empty() {
            return Err(Diagnostics(builder.errors));
        }
        Ok(CardDb {
            cards: builder.cards,
            by_name: builder.by_name,
            subtypes: builder.subtypes,
            source: source.to_string(),
        })
    }

    /// The card with id `id`.
    #[inline]
    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id.0 as usize]
    }

    /// Every card, in file order, with its id.
    pub fn cards(&self) -> impl Iterator<Item = (CardId, &Card)> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| (CardId(i as u16), c))
    }

    /// The id of the card named `name` (exact, case-sensitive).
    pub fn id(&self, name: &str) -> Option<CardId> {
        self.by_name.get(name).copied()
    }

    /// The id of `name`, ignoring case, for deck lists written by hand.
    pub fn id_ignoring_case(&self, name: &str) -> Option<CardId> {
        self.id(name).or_else(|| {
            self.cards
                .iter()
                .position(|c| c.name.eq_ignore_ascii_case(name))
                .map(|i| CardId(i as u16))
        })
    }

    /// Every card name, for suggestions.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.cards.iter().map(|c| c.name.as_str())
    }

    /// The name of a subtype.
    pub fn subtype_name(&self, s: SubtypeId) -> &str {
        &self.subtypes[s.0 as usize]
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the pool is empty (never, once loaded).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The pool as table rows for `decklab cards`: a header then one row per
    /// card (name, kind, cost, type, level, health, keywords).
    pub fn table_rows(&self) -> Vec<[String; 7]> {
        let mut rows = vec![
            [
                "name", "kind", "cost", "type", "level", "health", "keywords",
            ]
            .map(String::from),
        ];
        for c in &self.cards {
            let fighterish = matches!(c.kind, Kind::Fighter | Kind::Token);
            rows.push([
                c.name.clone(),
                c.kind.name().to_string(),
                c.cost.to_string(),
                if fighterish {
                    format!("{:?}", c.element)
                } else {
                    String::new()
                },
                if c.kind == Kind::Fighter {
                    c.level.to_string()
                } else {
                    String::new()
                },
                if c.health > 0 {
                    c.health.to_string()
                } else {
                    String::new()
                },
                c.keywords.names().join(", "),
            ]);
        }
        rows
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// ---------------------------------------------------------------------------
// The file format, as serde reads it. Every table rejects unknown keys.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
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

impl RawFile {
    fn all(&self) -> impl Iterator<Item = (Kind, &Spanned<RawCard>)> {
        let kinds = [
            (Kind::Hero, &self.hero),
            (Kind::Fighter, &self.fighter),
            (Kind::Spell, &self.spell),
            (Kind::Surprise, &self.surprise),
            (Kind::Equipment, &self.equipment),
            (Kind::Arena, &self.arena),
            (Kind::Token, &self.token),
        ];
        kinds
            .into_iter()
            .flat_map(|(k, v)| v.iter().map(move |c| (k, c)))
    }
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
// From raw tables to cards, with every cross-reference checked.

#[derive(Default)]
struct Builder {
    cards: Vec<Card>,
    by_name: HashMap<String, CardId>,
    subtypes: Vec<String>,
    /// Where each card was declared: (path, line).
    declared: Vec<(String, usize)>,
    errors: Vec<Diagnostic>,
}

/// Where a card stands, for messages.
struct At<'a> {
    path: &'a str,
    line: usize,
    name: &'a str,
}

impl Builder {
    /// First pass: names and ids, so cards may refer to later ones.
    fn declare(&mut self, path: &str, text: &str, file: &RawFile) {
        for (kind, raw) in file.all() {
            let line = line_of(text, raw.span().start);
            let name = raw.get_ref().name.trim().to_string();
            if name.is_empty() {
                self.errors
                    .push(Diagnostic::new(path, line, "a card needs a non-empty name"));
                continue;
            }
            if self.by_name.contains_key(&name) {
                self.errors.push(Diagnostic::new(
                    path,
                    line,
                    format!("card \"{name}\" is defined twice"),
                ));
                continue;
            }
            if self.cards.len() >= u16::MAX as usize {
                self.errors.push(Diagnostic::new(
                    path,
                    line,
                    "too many cards (at most 65535)",
                ));
                return;
            }
            self.by_name
                .insert(name.clone(), CardId(self.cards.len() as u16));
            self.declared.push((path.to_string(), line));
            self.cards.push(Card {
                name,
                kind,
                cost: 0,
                element: Element::Neutral,
                level: 1,
                evolves_from: None,
                subtype: None,
                health: 0,
                weakness: None,
                resistance: None,
                keywords: Keywords::NONE,
                attacks: Vec::new(),
                abilities: Vec::new(),
                atk: 0,
                prize_shield: false,
                effects: Vec::new(),
                surprise_trigger: None,
                aura_atk: 0,
                aura_health: 0,
                aura_filter: Filter::default(),
                text: String::new(),
            });
        }
    }

    /// Second pass: every field, checked against the card's kind.
    fn define(&mut self, path: &str, text: &str, file: &RawFile) {
        for (kind, raw) in file.all() {
            let line = line_of(text, raw.span().start);
            let r = raw.get_ref();
            let name = r.name.trim();
            let Some(&id) = self.by_name.get(name) else {
                continue;
            };
            if self.declared[id.0 as usize] != (path.to_string(), line) {
                continue; // a duplicate, already reported
            }
            let at = At { path, line, name };
            let card = self.build(kind, r, &at);
            self.cards[id.0 as usize] = card;
        }
    }

    fn err(&mut self, at: &At, message: String) {
        self.errors.push(Diagnostic::new(
            at.path,
            at.line,
            format!("card \"{}\": {message}", at.name),
        ));
    }

    fn build(&mut self, kind: Kind, r: &RawCard, at: &At) -> Card {
        let mut card = Card {
            name: at.name.to_string(),
            kind,
            cost: r.cost.unwrap_or(0),
            element: r.element.unwrap_or_default(),
            level: r.level.unwrap_or(1),
            evolves_from: None,
            subtype: r.subtype.as_deref().map(|s| self.subtype(s)),
            health: r.health.unwrap_or(0),
            weakness: r.weakness,
            resistance: r.resistance,
            keywords: self.keywords(&r.keywords, at),
            attacks: Vec::new(),
            abilities: Vec::new(),
            atk: r.atk.unwrap_or(0),
            prize_shield: r.prize_shield,
            effects: r.effects.iter().map(|e| self.effect(e, at)).collect(),
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
                effects: a.effects.iter().map(|e| self.effect(e, at)).collect(),
            })
            .collect();
        card.abilities = r
            .abilities
            .iter()
            .map(|a| Ability {
                name: a.name.clone(),
                trigger: a.trigger,
                cost: a.cost,
                effects: a.effects.iter().map(|e| self.effect(e, at)).collect(),
            })
            .collect();
        if let Some(aura) = &r.aura {
            card.aura_atk = aura.atk;
            card.aura_health = aura.health;
            card.aura_filter = self.filter(&aura.filter);
        }
        if let Some(from) = &r.evolves_from {
            card.evolves_from = self.reference(from, at, "evolves_from");
        }
        self.check_kind(&card, r, at);
        card
    }

    fn check_kind(&mut self, card: &Card, r: &RawCard, at: &At) {
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
                if let Some(from) = card.evolves_from {
                    let lower = &self.cards[from.0 as usize];
                    if lower.kind != Kind::Fighter || lower.level + 1 != card.level {
                        problems.push(format!(
                            "`evolves_from` must name a level {} Fighter",
                            card.level.saturating_sub(1)
                        ));
                    }
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
                if r.cost.is_some_and(|c| c != 3) {
                    problems.push("Surprises always cost 3 mana (rules: \"Surprises\")".into());
                }
            }
            Kind::Equipment => {
                allowed.extend(["cost", "atk", "health", "keywords", "abilities"]);
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
            self.check_surprise_targets(card, &mut problems);
        }
        for p in problems {
            self.err(at, p);
        }
    }

    /// A Surprise's `attacker`/`summoned` targets must match its trigger.
    fn check_surprise_targets(&self, card: &Card, problems: &mut Vec<String>) {
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

    fn subtype(&mut self, name: &str) -> SubtypeId {
        let name = name.trim();
        if let Some(i) = self
            .subtypes
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name))
        {
            return SubtypeId(i as u8);
        }
        if self.subtypes.len() >= 255 {
            return SubtypeId(254);
        }
        self.subtypes.push(name.to_string());
        SubtypeId((self.subtypes.len() - 1) as u8)
    }

    fn keywords(&mut self, names: &[String], at: &At) -> Keywords {
        let mut k = Keywords::NONE;
        for n in names {
            match KEYWORD_NAMES
                .iter()
                .find(|(name, _)| name.eq_ignore_ascii_case(n.trim()))
            {
                Some((_, bit)) => k = k.with(*bit),
                None => {
                    let msg = unknown_name("keyword", n, KEYWORD_NAMES.iter().map(|(n, _)| *n));
                    self.err(at, msg);
                }
            }
        }
        k
    }

    fn reference(&mut self, name: &str, at: &At, field: &str) -> Option<CardId> {
        match self.by_name.get(name.trim()) {
            Some(&id) => Some(id),
            None => {
                let names: Vec<String> = self.by_name.keys().cloned().collect();
                let msg = unknown_name("card", name, names.iter().map(String::as_str));
                self.err(at, format!("`{field}`: {msg}"));
                None
            }
        }
    }

    fn filter(&mut self, f: &RawFilter) -> Filter {
        Filter {
            kind: f.kind,
            subtype: f.subtype.as_deref().map(|s| self.subtype(s)),
            element: f.element,
        }
    }

    fn effect(&mut self, e: &RawEffect, at: &At) -> Effect {
        let amount = e.amount.unwrap_or(1);
        let default_target = match e.op {
            Op::Draw | Op::Search | Op::GainMana | Op::Reveal | Op::SummonToken => {
                Target::Controller
            }
            Op::Discard | Op::BindMana => Target::Opponent,
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
        );
        let player_target = matches!(target, Target::Controller | Target::Opponent);
        if player_op != player_target && e.op != Op::Counter && e.op != Op::BonusDamage {
            let msg = if player_op {
                format!(
                    "`{:?}` applies to a player: target `controller` or `opponent`",
                    e.op
                )
            } else {
                format!(
                    "`{:?}` applies to a Hero or Fighter, not to `{:?}`",
                    e.op, target
                )
            };
            self.err(at, msg);
        }
        if amount < 0 && e.op != Op::AtkCounters {
            self.err(at, format!("`{:?}` needs a positive `amount`", e.op));
        }
        let token = match (&e.token, e.op) {
            (Some(t), Op::SummonToken) => {
                let id = self.reference(t, at, "token");
                if id.is_some_and(|id| self.cards[id.0 as usize].kind != Kind::Token) {
                    self.err(at, format!("`token`: \"{t}\" is not a [[token]] card"));
                }
                id
            }
            (None, Op::SummonToken) => {
                self.err(at, "`summon_token` needs a `token` name".into());
                None
            }
            (Some(_), _) => {
                self.err(at, "only `summon_token` takes a `token`".into());
                None
            }
            (None, _) => None,
        };
        let condition = e
            .when
            .as_ref()
            .map_or(Condition::Always, |c| self.condition(c, at));
        Effect {
            op: e.op,
            amount,
            target,
            condition,
            filter: self.filter(&e.filter),
            token,
        }
    }

    fn condition(&mut self, c: &RawCondition, at: &At) -> Condition {
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
            self.err(at, "`when` takes exactly one of coin, defender, defender_type, allies+subtype, hero_health_at_most".into());
            return Condition::Always;
        }
        if let Some(coin) = &c.coin {
            if coin != "heads" {
                self.err(at, "`when.coin` is \"heads\"".into());
            }
            return Condition::CoinHeads;
        }
        if let Some(d) = &c.defender {
            return match d.as_str() {
                "hero" => Condition::DefenderIsHero,
                "fighter" => Condition::DefenderIsFighter,
                _ => {
                    self.err(at, "`when.defender` is \"hero\" or \"fighter\"".into());
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
            (Some(s), Some(n)) => Condition::AlliesWithSubtype(self.subtype(s), n),
            _ => {
                self.err(
                    at,
                    "`when.allies` needs a `subtype` (and `subtype` an `allies` count)".into(),
                );
                Condition::Always
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_pool_loads() {
        let db = CardDb::bundled();
        assert!(db.id("Stack-O-Fox").is_some());
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
}
