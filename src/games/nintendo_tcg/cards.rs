//! The Nintendo TCG card model and its loader on the kit's [`CardPool`].
//!
//! rules/nintendo-tcg.txt: "4 – Character's" (name, elements, AP/DP/SP/HP,
//! hand cost, the five kinds of effect, sub-types, Commanders and
//! Generals), "5 – Assistant's", "6 – Area's" (Sub-Areas), "7 –
//! Placement" (Items, Masks), "8 – Effect Cards", "9 – Required/Tokens"
//! and the glossary (Instrument, Song, Status, Negate, Reduce, Removed
//! Area). Cards are data: `decks/nintendo-tcg/cards.toml` describes each
//! with a declarative vocabulary the engine interprets; the state only
//! stores [`CardId`]s.

use serde::Deserialize;
use toml::Spanned;

use super::state::BOARD;
use crate::core::{Build, CardDef, CardPool, Entry, number_in};
use crate::diagnostics::unknown_name;

pub use crate::core::CardId;

/// The card types of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A Character (Commanders and Generals included).
    Character,
    /// An Assistant: one per turn, out until the end of the turn.
    Assistant,
    /// An Area (or a Sub-Area of one).
    Area,
    /// A Placement Item attached to a Character (Masks, Instruments).
    Item,
    /// An Effect card (Timed, Instant, Constant, Attack; Songs).
    Effect,
    /// A Token: an effect-less Character from the extra deck.
    Token,
}

impl Kind {
    /// The kind's name in files and tables.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Character => "character",
            Kind::Assistant => "assistant",
            Kind::Area => "area",
            Kind::Item => "item",
            Kind::Effect => "effect",
            Kind::Token => "token",
        }
    }
}

/// The nine Elements (rules: "4 – Character's").
pub const ELEMENTS: [&str; 9] = [
    "fire",
    "water",
    "air",
    "lightning",
    "ice",
    "forest",
    "earth",
    "shadow",
    "normal",
];

/// A set of Elements, one bit each in [`ELEMENTS`] order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Elements(pub u16);

impl Elements {
    /// Whether the two sets share an Element.
    pub fn meets(self, other: Elements) -> bool {
        self.0 & other.0 != 0
    }
}

/// The four stats an effect can change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// Attack Power.
    Ap,
    /// Defense Power.
    Dp,
    /// Speed Power.
    Sp,
    /// Health Points.
    Hp,
}

/// The kinds of effect (rules: "4 – Character's", "7", "8").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// *Normal*: once per own turn, a movement; not while Tapped.
    Normal,
    /// *Attack*: like Normal, and the Character is Tapped after.
    Attack,
    /// \[Timed\]: when its trigger happens, on either player's turn.
    Timed,
    /// \<Instant\>: when the card is played (optional).
    Instant,
    /// {Constant}: always on (Effect cards that stay out).
    Constant,
}

/// When a Timed effect may be used (see docs/rulings/nintendo-tcg.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// The other player played a Character: from hand or the extra deck,
    /// or by an effect (a summon, a fetched Required Character, a Token).
    CharacterPlayed,
    /// The other player activated an Effect card.
    EffectCard,
    /// A Battle Phase is about to begin.
    BattleStart,
}

impl Trigger {
    /// Every trigger, in index order.
    pub const ALL: [Trigger; 3] = [
        Trigger::CharacterPlayed,
        Trigger::EffectCard,
        Trigger::BattleStart,
    ];

    /// The trigger's name in files and logs.
    pub fn name(self) -> &'static str {
        match self {
            Trigger::CharacterPlayed => "character_played",
            Trigger::EffectCard => "effect_card",
            Trigger::BattleStart => "battle_start",
        }
    }
}

/// What an effect does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// Damage by effect: straight to HP.
    Damage,
    /// Remove damage.
    Heal,
    /// The target player draws.
    Draw,
    /// Reduce a stat permanently (glossary: "Reduce (stat)").
    Reduce,
    /// Raise a stat permanently.
    Boost,
    /// Tap the target Character.
    Tap,
    /// Status Frozen: stays Tapped through the next untap.
    Freeze,
    /// Status Poisoned: 1 damage between every turn.
    Poison,
    /// Search the deck for a matching card, reveal it, put it into hand;
    /// the deck is shuffled.
    Search,
    /// Like `search`, but the card is played (free) instead.
    Summon,
    /// Put `amount` Tokens into play (a Token card of the extra deck is
    /// their reference: it stays there).
    Token,
    /// Put a Required card from the extra deck into play (an Item is
    /// attached to the effect's Character).
    Fetch,
    /// The target player gains hand power.
    Power,
    /// Negate the Effect card this Timed effect answers: it is destroyed.
    Negate,
    /// Send the target Character to the Removed Area.
    Banish,
    /// Damage to the target player's Vitality Points.
    Vitality,
    /// Destroy the place where the effect acts: the Sub-Area (with every
    /// card in it), or the main Area while no Sub-Area is out (its cards
    /// are out of the main Area's reach).
    DestroyArea,
}

/// Who or what an effect applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The Character whose effect this is (or that holds the Item/card).
    This,
    /// A rival Character, chosen.
    ChosenEnemy,
    /// An own Character, chosen.
    ChosenAlly,
    /// Every rival Character (in the same place).
    AllEnemies,
    /// Every own Character (in the same place).
    AllAllies,
    /// Every Character (in the same place).
    All,
    /// The effect's controller, as a player.
    Controller,
    /// The other player.
    Opponent,
}

impl Target {
    /// Whether the player chooses a Character when using the effect.
    pub fn is_chosen(self) -> bool {
        matches!(self, Target::ChosenEnemy | Target::ChosenAlly)
    }

    /// Whether it names a player rather than Characters.
    pub fn is_player(self) -> bool {
        matches!(self, Target::Controller | Target::Opponent)
    }
}

/// Which cards a search finds.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Filter {
    /// Only this card type.
    pub kind: Option<Kind>,
    /// Only cards with this sub-type (exactly, or listed anywhere in a
    /// sub-type name when `anywhere`).
    pub subtype: Option<String>,
    /// Match the sub-type anywhere ("LISTED ANYWHERE on the card").
    pub anywhere: bool,
    /// Only cards of this level (hand cost): "a level 1".
    pub level: Option<u8>,
    /// Only cards of at most this level (hand cost).
    pub max_cost: Option<u8>,
}

/// One instruction of a card's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    /// What it does.
    pub op: Op,
    /// How much.
    pub amount: u8,
    /// To whom.
    pub target: Target,
    /// The stat of `reduce` and `boost`.
    pub stat: Stat,
    /// Only Characters of these Elements (empty: all).
    pub elements: Elements,
    /// What `search`/`summon` look for.
    pub filter: Filter,
    /// The extra-deck card of `token` and `fetch`.
    pub card: Option<CardId>,
}

/// An effect of a card: its kind, trigger, cost and instructions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ability {
    /// Normal, Attack, Timed, Instant (Constant is data, see [`Aura`]).
    pub timing: Timing,
    /// For Timed effects: when.
    pub trigger: Option<Trigger>,
    /// Hand power paid to use it.
    pub cost: u8,
    /// Flip a coin first: tails, nothing happens.
    pub coin: bool,
    /// What it does, in order.
    pub effects: Vec<Effect>,
}

impl Ability {
    /// The chosen target kind, if any.
    pub fn chosen(&self) -> Option<Target> {
        self.effects
            .iter()
            .map(|e| e.target)
            .find(|t| t.is_chosen())
    }
}

/// A {Constant} stat change: of a Character's other allies, an Item's
/// holder, a Constant Effect card's owner's Characters, an Assistant's
/// owner's Characters, or every Character in an Area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Aura {
    /// AP change.
    pub ap: i8,
    /// DP change.
    pub dp: i8,
    /// SP change.
    pub sp: i8,
    /// HP change.
    pub hp: i8,
    /// Only Characters of these Elements (empty: all).
    pub elements: Elements,
    /// Hand cost discount on Characters played (Assistants, Constant
    /// cards).
    pub discount: u8,
    /// Only on the holder's opponent's turn (a \[Timed\] Item).
    pub opponent_turn: bool,
}

impl Aura {
    /// Whether it changes AP, DP, SP or HP.
    pub fn changes_stats(&self) -> bool {
        self.ap != 0 || self.dp != 0 || self.sp != 0 || self.hp != 0
    }

    /// Whether it changes nothing.
    pub fn is_empty(&self) -> bool {
        self.ap == 0 && self.dp == 0 && self.sp == 0 && self.hp == 0 && self.discount == 0
    }
}

/// One card of the pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Unique name.
    pub name: String,
    /// Card type.
    pub kind: Kind,
    /// Hand cost (level).
    pub cost: u8,
    /// Elements.
    pub elements: Elements,
    /// Sub-types.
    pub subtypes: Vec<String>,
    /// Character stats.
    pub ap: u8,
    /// Defense Power.
    pub dp: u8,
    /// Speed Power.
    pub sp: u8,
    /// Health Points.
    pub hp: u8,
    /// A Commander.
    pub commander: bool,
    /// A General to this Commander.
    pub general_to: Option<CardId>,
    /// A Required card: in the extra deck, playable while this card is on
    /// its owner's side.
    pub requires: Option<CardId>,
    /// A Required card (lives in the extra deck).
    pub required: bool,
    /// An Area's Sub-Area of this Area.
    pub sub_area_of: Option<CardId>,
    /// A Mask (one per Character).
    pub mask: bool,
    /// An Instrument (lets its holder play Songs).
    pub instrument: bool,
    /// A Song (Effect card equipped to a Character with an Instrument).
    pub song: bool,
    /// For Effect cards: how it is played.
    pub timing: Timing,
    /// Extra damage by effect a Character deals after each attack
    /// ({Constant}).
    pub on_attack: u8,
    /// Constant stat changes.
    pub aura: Aura,
    /// Effects (Characters, Items, Assistants, Areas: several; Effect
    /// cards: one).
    pub abilities: Vec<Ability>,
    /// Rules text for people.
    pub text: String,
}

impl Card {
    /// Whether it lives in the extra deck rather than the deck.
    pub fn extra(&self) -> bool {
        self.required || self.kind == Kind::Token
    }

    /// Whether it stands on the board as a Character.
    pub fn is_character(&self) -> bool {
        matches!(self.kind, Kind::Character | Kind::Token)
    }

    /// Whether one of its Timed abilities answers `trigger`.
    pub fn answers(&self, trigger: Trigger) -> bool {
        self.abilities
            .iter()
            .any(|a| a.timing == Timing::Timed && a.trigger == Some(trigger))
    }
}

/// The card pool of one run: every card by [`CardId`] and by name.
pub type CardDb = CardPool<Card>;

/// The bundled pool, compiled into the binary.
pub const BUNDLED_CARDS: &str = include_str!("../../../decks/nintendo-tcg/cards.toml");

/// Stats above this are refused.
pub const MAX_STAT: u8 = 30;
/// Abilities one card may have (the state marks their use in a `u8`).
pub const MAX_ABILITIES: usize = 8;

/// Why a Token takes no `on_attack`, in the card file or an override
/// (rules/nintendo-tcg.txt: "9 – Required/Tokens": "Tokens CANNOT use
/// effects of any sort").
const TOKEN_ON_ATTACK: &str =
    "on_attack is damage by effect, and a token cannot use effects of any sort";

// ---------------------------------------------------------------------------
// The card on the kit: how a file's tables become cards, `--set` fields and
// the `decklab cards` table.

impl CardDef for Card {
    type File = RawFile;
    type Raw = RawCard;

    /// The `[[card]]` tables, in file order.
    fn entries(file: RawFile) -> Vec<Entry<RawCard>> {
        file.card.into_iter().map(Entry::spanned).collect()
    }

    fn raw_name(raw: &RawCard) -> &str {
        &raw.name
    }

    /// Every field, every combination checked.
    fn build(raw: &RawCard, at: &mut Build<'_>) -> Card {
        card(at, raw)
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn cost(&self) -> u8 {
        self.cost
    }

    /// `cost` (hand cost), `ap`, `dp`, `sp`, `hp` (Characters and Tokens),
    /// `on_attack` (a Character's constant damage after attacking).
    const FIELDS: &'static [&'static str] = &["cost", "ap", "dp", "sp", "hp", "on_attack"];

    /// What-if balancing: one numeric field of the card for a run, checked
    /// like the card file.
    fn set_field(&mut self, field: &str, value: &str) -> Result<(), String> {
        if field != "cost" && !self.is_character() {
            return Err(format!(
                "{field} is a character stat; \"{}\" is no character",
                self.name
            ));
        }
        let n = number_in(field, value, u8::from(field == "hp"), MAX_STAT)?;
        match field {
            "cost" => self.cost = n,
            "ap" => self.ap = n,
            "dp" => self.dp = n,
            "sp" => self.sp = n,
            "hp" => self.hp = n,
            _ if n > 0 && self.kind == Kind::Token => {
                return Err(format!("\"{}\": {TOKEN_ON_ATTACK}", self.name));
            }
            _ => self.on_attack = n,
        }
        Ok(())
    }

    const TABLE_HEADER: &'static [&'static str] =
        &["name", "type", "cost", "ap", "dp", "sp", "hp", "text"];
    const TABLE_RIGHT: &'static [usize] = &[2, 3, 4, 5, 6];

    /// Name, type (marked commander or required), cost, the four stats
    /// (Characters only) and the rules text.
    fn table_row(&self, _pool: &CardPool<Card>) -> Vec<String> {
        let mut kind = self.kind.name().to_string();
        if self.commander {
            kind.push_str(" (commander)");
        }
        if self.required {
            kind.push_str(" (required)");
        }
        let stat = |v: u8| {
            if self.is_character() {
                v.to_string()
            } else {
                String::new()
            }
        };
        vec![
            self.name.clone(),
            kind,
            self.cost.to_string(),
            stat(self.ap),
            stat(self.dp),
            stat(self.sp),
            stat(self.hp),
            self.text.clone(),
        ]
    }

    /// The checks that need the card another card names: a General's
    /// Commander, a Sub-Area's Area, a `token`'s Token and a `fetch`'s
    /// Required card.
    fn check_pool(pool: &CardPool<Card>) -> Vec<(CardId, String)> {
        let mut problems = Vec::new();
        for (id, c) in pool.cards() {
            let mut err = |m: &str| problems.push((id, format!("card \"{}\": {m}", c.name)));
            let is = |id: Option<CardId>, pred: &dyn Fn(&Card) -> bool| {
                id.is_none_or(|id| pred(pool.card(id)))
            };
            if !is(c.general_to, &|x| x.commander && x.general_to.is_none()) {
                err("general_to expects a Commander that is no General itself");
            }
            if !is(c.sub_area_of, &|x| {
                x.kind == Kind::Area && x.sub_area_of.is_none()
            }) {
                err("sub_area_of expects an Area that is no Sub-Area itself");
            }
            for e in c.abilities.iter().flat_map(|a| &a.effects) {
                if e.op == Op::Token && !is(e.card, &|x| x.kind == Kind::Token) {
                    err("a \"token\" effect expects a Token card");
                }
                if e.op == Op::Fetch && !is(e.card, &|x| x.required) {
                    err("a \"fetch\" effect expects a Required card");
                }
            }
        }
        problems
    }
}

// ---------------------------------------------------------------------------
// The file format, as serde reads it. Every table rejects unknown keys.

/// A card file as serde reads it: its `[[card]]` tables.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFile {
    #[serde(default)]
    card: Vec<Spanned<RawCard>>,
}

/// One `[[card]]` table as serde reads it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCard {
    name: String,
    kind: Kind,
    #[serde(default)]
    cost: u8,
    #[serde(default)]
    elements: Vec<String>,
    #[serde(default)]
    subtypes: Vec<String>,
    #[serde(default)]
    ap: u8,
    #[serde(default)]
    dp: u8,
    #[serde(default)]
    sp: u8,
    #[serde(default)]
    hp: u8,
    #[serde(default)]
    commander: bool,
    #[serde(default)]
    general_to: Option<String>,
    #[serde(default)]
    required: Option<String>,
    #[serde(default)]
    sub_area_of: Option<String>,
    #[serde(default)]
    mask: bool,
    #[serde(default)]
    instrument: bool,
    #[serde(default)]
    song: bool,
    #[serde(default)]
    timing: Option<Timing>,
    #[serde(default)]
    trigger: Option<Trigger>,
    #[serde(default)]
    on_attack: u8,
    #[serde(default)]
    aura: Option<RawAura>,
    #[serde(default)]
    ability: Vec<RawAbility>,
    #[serde(default)]
    effects: Vec<RawEffect>,
    #[serde(default)]
    text: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawAura {
    #[serde(default)]
    ap: i8,
    #[serde(default)]
    dp: i8,
    #[serde(default)]
    sp: i8,
    #[serde(default)]
    hp: i8,
    #[serde(default)]
    elements: Vec<String>,
    #[serde(default)]
    discount: u8,
    #[serde(default)]
    opponent_turn: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbility {
    timing: Timing,
    #[serde(default)]
    trigger: Option<Trigger>,
    #[serde(default)]
    cost: u8,
    #[serde(default)]
    coin: bool,
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
    #[serde(default)]
    stat: Option<Stat>,
    #[serde(default)]
    elements: Vec<String>,
    #[serde(default)]
    kind: Option<Kind>,
    #[serde(default)]
    subtype: Option<String>,
    #[serde(default)]
    anywhere: bool,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    max_cost: Option<u8>,
    #[serde(default)]
    card: Option<String>,
}

// ---------------------------------------------------------------------------
// From raw tables to cards, every combination checked.

fn elements(at: &mut Build<'_>, names: &[String]) -> Elements {
    let mut set = Elements::default();
    for n in names {
        match ELEMENTS.iter().position(|e| e.eq_ignore_ascii_case(n)) {
            Some(i) => set.0 |= 1 << i,
            None => {
                let m = unknown_name("element", n, ELEMENTS);
                at.error(m);
            }
        }
    }
    set
}

fn card(at: &mut Build<'_>, r: &RawCard) -> Card {
    let character = matches!(r.kind, Kind::Character | Kind::Token);
    if character {
        if r.hp == 0 || [r.ap, r.dp, r.sp, r.hp].iter().any(|&v| v > MAX_STAT) {
            at.error(format!(
                "a character expects hp from 1 to {MAX_STAT} and ap, dp, sp from 0 to {MAX_STAT}"
            ));
        }
        if r.elements.is_empty() || r.elements.len() > 2 {
            at.error("a character expects one or two elements");
        }
    } else if r.ap + r.dp + r.sp + r.hp > 0 || r.on_attack > 0 {
        at.error("ap, dp, sp, hp and on_attack are for characters");
    }
    if r.cost > MAX_STAT {
        at.error(format!("cost expects 0 to {MAX_STAT}"));
    }
    if r.kind == Kind::Token && (r.cost > 0 || !r.ability.is_empty() || r.aura.is_some()) {
        at.error("a token has no hand cost and cannot use effects of any sort");
    }
    if r.kind == Kind::Token && r.on_attack > 0 {
        at.error(TOKEN_ON_ATTACK);
    }
    if (r.commander || r.general_to.is_some()) && r.kind != Kind::Character {
        at.error("only characters are commanders");
    }
    if r.general_to.is_some() && !r.commander {
        at.error("a general is a commander (set commander = true)");
    }
    if r.required.is_some() && !matches!(r.kind, Kind::Character | Kind::Item) {
        at.error("a required card is a character or an item");
    }
    if r.required.is_some() && r.commander {
        at.error("a required card cannot be a commander");
    }
    if r.sub_area_of.is_some() && r.kind != Kind::Area {
        at.error("sub_area_of is for areas");
    }
    if (r.mask || r.instrument) && r.kind != Kind::Item {
        at.error("mask and instrument are for items");
    }
    if r.song && !(r.kind == Kind::Effect && r.timing == Some(Timing::Instant)) {
        at.error("a song is an instant effect card");
    }
    if r.ability.len() > MAX_ABILITIES {
        at.error(format!("a card has at most {MAX_ABILITIES} abilities"));
    }
    let mut abilities: Vec<Ability> = r
        .ability
        .iter()
        .take(MAX_ABILITIES)
        .map(|a| ability(at, a))
        .collect();
    let mut timing = Timing::Normal;
    if r.kind == Kind::Effect {
        match r.timing {
            None => at.error(
                "an effect card expects timing = \"timed\", \"instant\", \"constant\" or \"attack\"",
            ),
            Some(Timing::Normal) => at.error("an effect card is not \"normal\""),
            Some(t) => timing = t,
        }
        if !r.ability.is_empty() {
            at.error("an effect card lists `effects` directly, not `ability`");
        }
        if timing == Timing::Constant {
            if r.aura.is_none() || !r.effects.is_empty() {
                at.error("a constant effect card expects an aura and no effects");
            }
        } else {
            if r.effects.is_empty() {
                at.error("an effect card expects at least one effect");
            }
            let a = Ability {
                timing,
                trigger: r.trigger,
                cost: 0,
                coin: false,
                effects: r.effects.iter().map(|e| effect(at, e)).collect(),
            };
            check_ability(at, &a);
            abilities.push(a);
        }
    } else if r.timing.is_some() || r.trigger.is_some() || !r.effects.is_empty() {
        at.error("timing, trigger and effects are for effect cards (use [[card.ability]])");
    }
    for a in &abilities {
        let ok = match r.kind {
            Kind::Character => a.timing != Timing::Constant,
            Kind::Item => matches!(a.timing, Timing::Attack | Timing::Instant),
            Kind::Assistant => a.timing == Timing::Instant,
            Kind::Area => a.timing == Timing::Normal,
            Kind::Effect => true,
            Kind::Token => false,
        };
        if !ok {
            at.error(format!(
                "a {} cannot have a {:?} ability",
                r.kind.name(),
                a.timing
            ));
        }
        // An Instant happens as its card comes into play; the engine pays
        // no cost there, so none may be written (a ruling, an engine
        // limitation: the book's "Hand Cost" allows one).
        if a.timing == Timing::Instant && a.cost > 0 && r.kind != Kind::Effect {
            at.error("an Instant ability cannot have a cost: it happens as the card is played");
        }
    }
    let aura = r.aura.as_ref().map_or(Aura::default(), |a| Aura {
        ap: a.ap,
        dp: a.dp,
        sp: a.sp,
        hp: a.hp,
        elements: elements(at, &a.elements),
        discount: a.discount,
        opponent_turn: a.opponent_turn,
    });
    if aura.discount > MAX_STAT {
        at.error(format!("aura.discount expects 0 to {MAX_STAT}"));
    }
    if aura.opponent_turn && r.kind != Kind::Item {
        at.error("aura.opponent_turn is for [Timed] items");
    }
    if aura.discount > 0 && !matches!(r.kind, Kind::Assistant | Kind::Effect) {
        at.error("aura.discount is for assistants and constant effect cards");
    }
    Card {
        name: at.name().to_string(),
        kind: r.kind,
        cost: r.cost,
        elements: elements(at, &r.elements),
        subtypes: r.subtypes.clone(),
        ap: r.ap,
        dp: r.dp,
        sp: r.sp,
        hp: r.hp,
        commander: r.commander,
        general_to: r
            .general_to
            .as_deref()
            .and_then(|n| at.reference("general_to", n)),
        requires: r
            .required
            .as_deref()
            .and_then(|n| at.reference("required", n)),
        required: r.required.is_some(),
        sub_area_of: r
            .sub_area_of
            .as_deref()
            .and_then(|n| at.reference("sub_area_of", n)),
        mask: r.mask,
        instrument: r.instrument,
        song: r.song,
        timing,
        on_attack: r.on_attack,
        aura,
        abilities,
        text: r.text.clone(),
    }
}

fn ability(at: &mut Build<'_>, r: &RawAbility) -> Ability {
    let a = Ability {
        timing: r.timing,
        trigger: r.trigger,
        cost: r.cost,
        coin: r.coin,
        effects: r.effects.iter().map(|e| effect(at, e)).collect(),
    };
    check_ability(at, &a);
    a
}

fn check_ability(at: &mut Build<'_>, a: &Ability) {
    if a.effects.is_empty() {
        at.error("an ability expects at least one effect");
    }
    if (a.timing == Timing::Timed) != a.trigger.is_some() {
        at.error("a timed effect expects a trigger (and only a timed one)");
    }
    let chosen: Vec<Target> = a
        .effects
        .iter()
        .map(|e| e.target)
        .filter(|t| t.is_chosen())
        .collect();
    if chosen.windows(2).any(|w| w[0] != w[1]) {
        at.error("every chosen target of one ability must be the same kind");
    }
    if a.effects.iter().any(|e| e.op == Op::Negate) && a.trigger != Some(Trigger::EffectCard) {
        at.error("\"negate\" answers an effect card (trigger = \"effect_card\")");
    }
}

impl Op {
    /// The op's name in card files (`do = "…"`).
    pub fn name(self) -> &'static str {
        match self {
            Op::Damage => "damage",
            Op::Heal => "heal",
            Op::Draw => "draw",
            Op::Reduce => "reduce",
            Op::Boost => "boost",
            Op::Tap => "tap",
            Op::Freeze => "freeze",
            Op::Poison => "poison",
            Op::Search => "search",
            Op::Summon => "summon",
            Op::Token => "token",
            Op::Fetch => "fetch",
            Op::Power => "power",
            Op::Negate => "negate",
            Op::Banish => "banish",
            Op::Vitality => "vitality",
            Op::DestroyArea => "destroy_area",
        }
    }

    /// Whether `amount` means something to it: how much damage, healing,
    /// cards drawn, stat change, hand power, Vitality, or Tokens played.
    /// The others act once on what they name (a card, a target, the
    /// Effect card answered, the Area).
    pub fn counts(self) -> bool {
        matches!(
            self,
            Op::Damage
                | Op::Heal
                | Op::Draw
                | Op::Reduce
                | Op::Boost
                | Op::Power
                | Op::Vitality
                | Op::Token
        )
    }
}

fn effect(at: &mut Build<'_>, r: &RawEffect) -> Effect {
    let amount = r.amount.unwrap_or(1);
    if r.amount.is_some() && !r.op.counts() {
        at.error(format!(
            "{} takes no amount: it acts once on what it names (remove amount = {amount})",
            r.op.name()
        ));
    } else if r.op == Op::Token && !(1..=BOARD as u8).contains(&amount) {
        at.error(format!(
            "token expects amount from 1 to {BOARD} (the Tokens it plays), found {amount}"
        ));
    } else if amount > MAX_STAT {
        at.error(format!("amount expects 0 to {MAX_STAT}, found {amount}"));
    }
    let target = r.target.unwrap_or(match r.op {
        Op::Draw | Op::Power | Op::Search | Op::Summon | Op::Token => Target::Controller,
        Op::Vitality | Op::Negate | Op::DestroyArea => Target::Opponent,
        Op::Fetch => Target::This,
        _ => Target::ChosenEnemy,
    });
    let fits = match r.op {
        Op::Draw | Op::Power | Op::Vitality => target.is_player(),
        Op::Search | Op::Summon | Op::Token => target == Target::Controller,
        Op::Negate | Op::DestroyArea => target == Target::Opponent,
        Op::Fetch => target == Target::This,
        _ => !target.is_player(),
    };
    if !fits {
        at.error(format!("{:?} cannot apply to target {:?}", r.op, target));
    }
    let stat = r.stat.unwrap_or(Stat::Ap);
    if matches!(r.op, Op::Reduce | Op::Boost) && r.stat.is_none() {
        at.error("reduce and boost expect a stat (ap, dp, sp or hp)");
    }
    if matches!(r.op, Op::Token | Op::Fetch) != r.card.is_some() {
        at.error("token and fetch (only) name a card");
    }
    let searching = matches!(r.op, Op::Search | Op::Summon);
    let by_level = r.level.is_some() || r.max_cost.is_some();
    if !searching && (r.kind.is_some() || r.subtype.is_some() || by_level) {
        at.error("kind, subtype, level and max_cost filter search and summon only");
    }
    if r.level.is_some() && r.max_cost.is_some() {
        at.error("level (exactly that level) and max_cost (that level or less) exclude each other");
    }
    if r.op == Op::Summon && r.kind.is_some_and(|k| k != Kind::Character) {
        at.error("summon finds characters");
    }
    Effect {
        op: r.op,
        amount,
        target,
        stat,
        elements: elements(at, &r.elements),
        filter: Filter {
            kind: if r.op == Op::Summon {
                Some(Kind::Character)
            } else {
                r.kind
            },
            subtype: r.subtype.clone(),
            anywhere: r.anywhere,
            level: r.level,
            max_cost: r.max_cost,
        },
        card: r.card.as_deref().and_then(|n| at.reference("card", n)),
    }
}

impl Filter {
    /// Whether `card` matches.
    pub fn matches(&self, card: &Card) -> bool {
        if card.extra() || self.kind.is_some_and(|k| k != card.kind) {
            return false;
        }
        if self.level.is_some_and(|l| card.cost != l)
            || self.max_cost.is_some_and(|m| card.cost > m)
        {
            return false;
        }
        match &self.subtype {
            None => true,
            Some(s) if self.anywhere => card.subtypes.iter().any(|t| contains_ignore_case(t, s)),
            Some(s) => card.subtypes.iter().any(|t| t.eq_ignore_ascii_case(s)),
        }
    }
}

/// Whether `hay` contains `needle`, ignoring case; without allocating when
/// both are ASCII (searches run it inside random playouts).
fn contains_ignore_case(hay: &str, needle: &str) -> bool {
    if !(hay.is_ascii() && needle.is_ascii()) {
        return hay.to_lowercase().contains(&needle.to_lowercase());
    }
    let (hay, needle) = (hay.as_bytes(), needle.as_bytes());
    needle.is_empty()
        || hay
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle))
}
