//! The Millennium Blades card model and its loader, on the ruleset kit.
//!
//! rules/millennium-blades.txt: "Card Data" — every card has a name, a
//! star rating, a set (and through it a rarity: core, expansion, premium,
//! master or a promo tier), up to two elements of six and up to two types
//! of six, and effect text; singles, deck boxes and accessories;
//! "Metagame" cards score for every player. A set's cards share one buy
//! cost (the number on the back of a store card).
//!
//! Cards are data: sets of cards in TOML files (`decks/millennium-blades/*.toml`,
//! one or more sets per file):
//!
//! ```toml
//! [[set]]
//! name = "Iron Fist Dojo"
//! tier = "expansion"     # starter core expansion premium master bronze silver gold meta
//! price = 4              # the store buy cost (none for starters, promos and metas)
//! theme = "Clash with anyone, any time."
//!
//! [[set.card]]
//! name = "Dojo Initiate"
//! kind = "single"        # single deck_box accessory element_meta type_meta
//! stars = 3
//! elements = ["fire"]    # fire air light water earth dark
//! types = ["soldier"]    # animal myth construct citizen soldier mage
//! copies = 2             # copies of the card in its set
//! keywords = ["scurry"]  # mimicry scurry anvil_drop cannot_flip, or
//! blast_off = 3          #   blast_off = N / thwomp = N
//! text = "Play: Clash with an opponent. Win: gain 4 RP."
//! effects = [
//!   { when = "play", do = "clash", with = "chosen", win = [{ do = "gain_rp", amount = 4 }] },
//! ]
//! ```
//!
//! The effect vocabulary (interpreted by `effects.rs`) is described on
//! [`Effect`] and in `docs/rules/millennium-blades.md`.

use serde::Deserialize;
use toml::Spanned;

use crate::core::{Build, CardDef, CardPool, Entry, field_index, number_in};

pub use crate::core::CardId;

/// The card pool.
pub type CardDb = CardPool<Card>;

/// The elements, in printed order (rules: "Card Data").
pub const ELEMENTS: [&str; 6] = ["fire", "air", "light", "water", "earth", "dark"];
/// The types, in printed order.
pub const TYPES: [&str; 6] = ["animal", "myth", "construct", "citizen", "soldier", "mage"];

/// The highest star rating a card may print.
pub const MAX_STARS: u8 = 10;

/// A set's kind and rarity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    /// A starter deck's cards (never in the store).
    #[default]
    Starter,
    /// The core set: always in the store.
    Core,
    /// Expansion sets: five in the store.
    Expansion,
    /// Premium sets: four in the store.
    Premium,
    /// Master sets: three in the store.
    Master,
    /// Bronze promos: fused from 5 cards, or prize support of round 1.
    Bronze,
    /// Silver promos: fused from 7 cards, or prize support of round 2.
    Silver,
    /// Gold promos: fused from 9 cards.
    Gold,
    /// Metagame cards.
    Meta,
}

impl Tier {
    /// The tier's name as written in files and reports.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Starter => "starter",
            Tier::Core => "core",
            Tier::Expansion => "expansion",
            Tier::Premium => "premium",
            Tier::Master => "master",
            Tier::Bronze => "bronze",
            Tier::Silver => "silver",
            Tier::Gold => "gold",
            Tier::Meta => "meta",
        }
    }

    /// Whether cards of this tier are shuffled into the store.
    pub fn in_store(self) -> bool {
        matches!(
            self,
            Tier::Core | Tier::Expansion | Tier::Premium | Tier::Master
        )
    }

    /// Whether this is a promo tier.
    pub fn is_promo(self) -> bool {
        matches!(self, Tier::Bronze | Tier::Silver | Tier::Gold)
    }
}

/// What a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Played into the tableau (up to eight in a deck).
    #[default]
    Single,
    /// One per deck: usually a second way to score.
    DeckBox,
    /// Up to two per deck: usually an Action.
    Accessory,
    /// A metagame card of the Elemental stack.
    ElementMeta,
    /// A metagame card of the Type stack.
    TypeMeta,
}

impl Kind {
    /// The kind's name as written in files and reports.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::DeckBox => "deck_box",
            Kind::Accessory => "accessory",
            Kind::ElementMeta => "element_meta",
            Kind::TypeMeta => "type_meta",
        }
    }

    /// Whether it is a metagame card.
    pub fn is_meta(self) -> bool {
        matches!(self, Kind::ElementMeta | Kind::TypeMeta)
    }
}

/// A set of elements or types, one bit each in printed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Symbols(pub u8);

impl Symbols {
    /// Whether the two sets share a symbol.
    #[inline]
    pub fn meets(self, other: Symbols) -> bool {
        self.0 & other.0 != 0
    }

    /// How many symbols the set holds.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The names of the symbols in `names`' order.
    pub fn names(self, names: &[&'static str]) -> Vec<&'static str> {
        names
            .iter()
            .enumerate()
            .filter(|(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, n)| *n)
            .collect()
    }
}

/// The printed set keywords (rules: "Set Specific Keywords").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Keywords {
    /// Has the element and type symbols of the face-up card immediately to
    /// its left instead of its own.
    pub mimicry: bool,
    /// Play: may be inserted anywhere in the tableau.
    pub scurry: bool,
    /// Action: flip a card in another player's tableau with a lower star
    /// rating than this card.
    pub anvil_drop: bool,
    /// Cannot be chosen when an opponent's effect flips one of its
    /// owner's cards.
    pub cannot_flip: bool,
    /// Action: flip this card to put this many +1 star tokens on the next
    /// card its owner plays (Blast Off is 3; PLUS variations more).
    pub blast_off: u8,
    /// Play: if the card to its left has a lower star rating, flip it and
    /// gain this many RP.
    pub thwomp: u8,
}

/// When an effect happens (rules: "Effects on Cards").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// When the card is played from hand.
    Play,
    /// On the next card its owner plays, whoever's turn it is.
    Next,
    /// When the card is flipped face down.
    Flip,
    /// While the card is face up in the tableau.
    Ongoing,
    /// While the card is its owner's Top Card.
    Top,
    /// When the tournament ends.
    Score,
    /// When its trigger (`on`) happens, if its owner chooses; the card is
    /// then flipped face down.
    Reaction,
    /// As its owner's one Action of a turn; the card is then flipped face
    /// down.
    Action,
}

/// What a Reaction, or a Top/Ongoing trigger, answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// An opponent plays a single.
    OpponentPlays,
    /// Its owner plays a single.
    YouPlay,
    /// An opponent's effect flips one of its owner's cards face down.
    OwnCardFlipped,
    /// Its owner loses a clash.
    ClashLost,
    /// Its owner wins a clash.
    ClashWon,
}

/// What an effect does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// Gain `amount` RP (times `per`).
    GainRp,
    /// `who` loses `amount` RP (times `per`); RP never goes below zero.
    LoseRp,
    /// Flip `target` face down.
    Flip,
    /// Clash (`with` one chosen opponent or all), then resolve `win`,
    /// `lose` or `tie`.
    Clash,
    /// Put `amount` +1 star tokens on `target`.
    Stars,
    /// Take `amount` cards from the top of the store into hand.
    DrawStore,
    /// `who` discards `amount` cards from hand to their binder (their
    /// choice).
    Discard,
    /// Its owner may play one more single this turn.
    ExtraSingle,
    /// (Ongoing/Top) `target` cannot be flipped by opponents' effects.
    Protect,
    /// (Top/Ongoing) Opponents' Play effects do not happen.
    Silence,
}

/// A card an effect acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The card itself.
    #[default]
    This,
    /// The card immediately to its left.
    Left,
    /// The card immediately to its right.
    Right,
    /// The cards immediately left and right of it.
    Adjacent,
    /// The next card its owner plays (Next effects, Blast Off).
    Next,
    /// A face-up card of its owner's tableau, chosen by its owner.
    ChosenOwn,
    /// A face-up card of another player's tableau, chosen by its owner.
    ChosenOther,
    /// Every other player's Top Card.
    EachOtherTop,
    /// Every face-up card of its owner's tableau.
    AllOwn,
}

/// Whose RP or hand an effect hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The card's owner.
    #[default]
    You,
    /// Every other player.
    EachOpponent,
    /// One other player, chosen by the owner.
    ChosenOpponent,
}

/// Who a clash is with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ClashWith {
    /// One other player with a Top Card, chosen by the owner.
    #[default]
    Chosen,
    /// Every player with a Top Card.
    All,
}

/// What an effect counts (`per`) or tests (`if`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Count {
    /// Face-up cards of its owner's tableau matching the filter.
    OwnTableau,
    /// Face-down cards of its owner's tableau.
    OwnFaceDown,
    /// Cards (face up or down) to the left of this one.
    Left,
    /// Cards in its owner's hand.
    Hand,
    /// Face-up cards of the other players' tableaux matching the filter.
    OtherTableaux,
    /// Different elements among its owner's face-up tableau.
    DistinctElements,
    /// Different types among its owner's face-up tableau.
    DistinctTypes,
    /// Different sets among its owner's face-up tableau.
    DistinctSets,
    /// +1 star tokens on its owner's face-up cards.
    StarTokens,
    /// The star rating of this card.
    ThisStars,
    /// The star rating of the card that set off a Next effect.
    NextStars,
}

/// Which cards count or may be chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Filter {
    /// Any of these elements (none: any card).
    pub elements: Symbols,
    /// Any of these types (none: any card).
    pub types: Symbols,
    /// Of this set (a label index), if given.
    pub set: Option<u8>,
    /// A star rating of at least this.
    pub min_stars: u8,
    /// A star rating of at most this.
    pub max_stars: u8,
    /// A star rating lower than the card with the effect.
    pub lower_than_this: bool,
}

impl Filter {
    /// Whether the filter restricts nothing.
    pub fn is_any(&self) -> bool {
        *self
            == Filter {
                max_stars: self.max_stars,
                ..Filter::default()
            }
            && self.max_stars == u8::MAX
    }
}

/// A count with its filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Per {
    /// What is counted.
    pub count: Count,
    /// Which cards count.
    pub filter: Filter,
}

/// A condition: the count is at least `at_least`; or the card is its
/// owner's Top Card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// `per` counts at least this many.
    AtLeast(Per, u8),
    /// The card is its owner's Top Card.
    IsTop,
}

/// One effect of a card. Clash outcomes are nested effects (one level).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    /// When it happens.
    pub when: When,
    /// For Reactions (and Top/Ongoing triggers): what it answers.
    pub on: Option<Trigger>,
    /// What it does.
    pub op: Op,
    /// How much (RP, tokens, cards).
    pub amount: u8,
    /// Multiplied by this count, if given.
    pub per: Option<Per>,
    /// Only if this holds.
    pub condition: Option<Condition>,
    /// The card it acts on.
    pub target: Target,
    /// The cards a chosen or counted target must match.
    pub filter: Filter,
    /// Whose RP or hand.
    pub who: Who,
    /// For clashes: with whom.
    pub with: ClashWith,
    /// For clashes: what happens to its owner on a win, a loss, a tie.
    pub win: Vec<Effect>,
    /// See `win`.
    pub lose: Vec<Effect>,
    /// See `win`.
    pub tie: Vec<Effect>,
}

/// A card of the pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// Its name.
    pub name: String,
    /// Its set (an index into the pool's labels).
    pub set: u8,
    /// Its set's tier.
    pub tier: Tier,
    /// What it is.
    pub kind: Kind,
    /// Its printed star rating.
    pub stars: u8,
    /// Its elements.
    pub elements: Symbols,
    /// Its types.
    pub types: Symbols,
    /// Its set's buy cost in the store.
    pub price: u8,
    /// Copies of it in its set.
    pub copies: u8,
    /// Its set keywords.
    pub keywords: Keywords,
    /// Its effects.
    pub effects: Vec<Effect>,
    /// Its rules text, for people.
    pub text: String,
}

impl Card {
    /// Whether it can be part of a collection: a card without an element or
    /// a type has no symbol to match (rules: "Card Data", note).
    pub fn collectible(&self) -> bool {
        self.elements.count() + self.types.count() > 0 && !self.kind.is_meta()
    }

    /// Its effects of timing `when`.
    pub fn effects_at(&self, when: When) -> impl Iterator<Item = &Effect> {
        self.effects.iter().filter(move |e| e.when == when)
    }

    /// Whether it has an effect of timing `when`.
    pub fn has(&self, when: When) -> bool {
        self.effects.iter().any(|e| e.when == when)
    }

    /// A rough estimate of the RP its effects are worth to its owner in a
    /// tournament: what the bots' `deck_rp` feature reads,
    /// so a deck is valued by what its cards do as well as by their stars. A
    /// heuristic, not a rule: see [`Effect::rp_worth`].
    pub fn rp_worth(&self) -> f32 {
        self.effects.iter().map(|e| e.rp_worth(self.stars)).sum()
    }
}

impl Effect {
    /// A rough estimate of the RP this effect is worth to the owner of a
    /// card of `stars` stars: RP gained count fully, RP taken from
    /// opponents half, a clash the mean of its outcomes, other effects a
    /// small constant; an amount counted `per` something is multiplied by
    /// what that count typically is ([`Per::typical`]), a conditional
    /// effect halved, and the whole by how often such an effect typically
    /// happens ([`Effect::typical_fires`]).
    pub fn rp_worth(&self, stars: u8) -> f32 {
        let count = self.per.map_or(1.0, |per| per.typical(self.when, stars));
        let amount = f32::from(self.amount) * count;
        let base = match self.op {
            Op::GainRp if self.who == Who::You => amount,
            Op::GainRp => -amount,
            Op::LoseRp if self.who == Who::You => -amount,
            Op::LoseRp => amount / 2.0,
            Op::Clash => {
                let mean =
                    |branch: &[Effect]| branch.iter().map(|e| e.rp_worth(stars)).sum::<f32>();
                (mean(&self.win) + mean(&self.lose) + mean(&self.tie)) / 3.0
            }
            Op::Stars | Op::DrawStore => amount / 2.0,
            Op::Flip | Op::Discard | Op::ExtraSingle | Op::Protect | Op::Silence => 1.0,
        };
        let conditional = if self.condition.is_some() { 0.5 } else { 1.0 };
        base * conditional * self.typical_fires()
    }

    /// About how many times such an effect happens for a card in a
    /// tournament deck, as the greedy bots play the bundled pool
    /// (docs/performance.md, "What a card's effect is worth to the bots"):
    /// once when played, at the end or as its Action; rarely when flipped
    /// or as a Reaction (the bots' own cards are seldom flipped, the
    /// triggers seldom met); a few times for an Ongoing or Top effect
    /// answering opponents' plays (fewer for a Top Card, which the owner's
    /// next play covers); once for a Top effect answering the owner's
    /// plays (the play that covers it); rarely for one answering anything
    /// else.
    pub fn typical_fires(&self) -> f32 {
        match (self.when, self.on) {
            (When::Flip | When::Reaction, _) => 0.1,
            (When::Ongoing, Some(Trigger::OpponentPlays)) => 4.0,
            (When::Top, Some(Trigger::OpponentPlays)) => 3.0,
            (When::Top, Some(Trigger::YouPlay)) => 1.0,
            (When::Ongoing | When::Top, Some(_)) => 0.1,
            _ => 1.0,
        }
    }
}

impl Per {
    /// About what this count is when an effect of timing `when` on a card
    /// of `stars` stars happens, as the greedy bots play the bundled pool
    /// (docs/performance.md, "What a card's effect is worth to the bots"):
    /// early (as the card is played) the tableau is short and the hand
    /// full; later (its Action), at the end (Score) or over the tournament
    /// (Ongoing, Top) the tableau is about six cards and the hand shorter;
    /// a filtered tableau count finds about a third of them; face-down
    /// cards and star tokens are rare.
    pub fn typical(&self, when: When, stars: u8) -> f32 {
        let late = matches!(when, When::Score | When::Ongoing | When::Top | When::Action);
        let (early, at_end) = match self.count {
            Count::Hand => (6.0, 3.5),
            Count::OwnTableau | Count::OtherTableaux => {
                let share = if self.filter.is_any() { 1.0 } else { 0.3 };
                (3.0 * share, 6.0 * share)
            }
            Count::Left | Count::DistinctElements | Count::DistinctTypes => (2.0, 3.5),
            Count::DistinctSets => (1.5, 4.5),
            Count::OwnFaceDown => (0.2, 0.2),
            Count::StarTokens => (0.3, 0.3),
            Count::ThisStars => (f32::from(stars), f32::from(stars)),
            Count::NextStars => (5.0, 5.0),
        };
        if late { at_end } else { early }
    }
}

// ---------------------------------------------------------------------------
// The file format, as serde reads it. Every table rejects unknown keys.

/// One card file: its sets.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFile {
    #[serde(default)]
    set: Vec<RawSet>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSet {
    name: String,
    tier: Tier,
    #[serde(default)]
    price: u8,
    /// The set's theme, for people (not used by the rules).
    #[serde(default, rename = "theme")]
    _theme: String,
    #[serde(default)]
    card: Vec<Spanned<RawCardFields>>,
}

/// What a card takes from its set.
#[derive(Clone)]
struct SetInfo {
    name: String,
    tier: Tier,
    price: u8,
}

/// A card's table with its set's.
pub struct RawCard {
    set: SetInfo,
    card: RawCardFields,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCardFields {
    name: String,
    #[serde(default)]
    kind: Kind,
    #[serde(default)]
    stars: u8,
    #[serde(default)]
    elements: Vec<String>,
    #[serde(default)]
    types: Vec<String>,
    #[serde(default = "one")]
    copies: u8,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    blast_off: u8,
    #[serde(default)]
    thwomp: u8,
    #[serde(default)]
    effects: Vec<RawEffect>,
    #[serde(default)]
    text: String,
}

fn one() -> u8 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEffect {
    #[serde(default)]
    when: Option<When>,
    #[serde(default)]
    on: Option<Trigger>,
    #[serde(rename = "do")]
    op: Op,
    #[serde(default)]
    amount: Option<u8>,
    #[serde(default)]
    per: Option<RawPer>,
    #[serde(default, rename = "if")]
    condition: Option<RawCondition>,
    #[serde(default)]
    target: Option<Target>,
    #[serde(default)]
    filter: Option<RawFilter>,
    #[serde(default)]
    who: Option<Who>,
    #[serde(default)]
    with: Option<ClashWith>,
    #[serde(default)]
    win: Vec<RawEffect>,
    #[serde(default)]
    lose: Vec<RawEffect>,
    #[serde(default)]
    tie: Vec<RawEffect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPer {
    count: Count,
    #[serde(flatten)]
    filter: RawFilter,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCondition {
    #[serde(default)]
    count: Option<Count>,
    #[serde(default)]
    at_least: Option<u8>,
    #[serde(default)]
    is_top: bool,
    #[serde(flatten)]
    filter: RawFilter,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawFilter {
    #[serde(default)]
    element: Vec<String>,
    #[serde(default, rename = "type")]
    types: Vec<String>,
    #[serde(default)]
    set: Option<String>,
    #[serde(default)]
    min_stars: Option<u8>,
    #[serde(default)]
    max_stars: Option<u8>,
    #[serde(default)]
    lower_than_this: bool,
}

impl CardDef for Card {
    type File = RawFile;
    type Raw = RawCard;

    fn entries(file: RawFile) -> Vec<Entry<RawCard>> {
        let mut entries = Vec::new();
        for set in file.set {
            let info = SetInfo {
                name: set.name,
                tier: set.tier,
                price: set.price,
            };
            for c in set.card {
                let start = c.span().start;
                entries.push(Entry {
                    raw: RawCard {
                        set: info.clone(),
                        card: c.into_inner(),
                    },
                    start,
                });
            }
        }
        entries
    }

    fn raw_name(raw: &RawCard) -> &str {
        &raw.card.name
    }

    fn build(raw: &RawCard, at: &mut Build<'_>) -> Card {
        let (set, r) = (&raw.set, &raw.card);
        if set.name.trim().is_empty() {
            at.error("its set needs a non-empty name");
        }
        let is_store = set.tier.in_store();
        if is_store && !(1..=30).contains(&set.price) {
            at.error(format_args!(
                "its set \"{}\" ({}) needs a price from 1 to 30 (its store buy cost), found {}",
                set.name,
                set.tier.name(),
                set.price
            ));
        }
        if !is_store && set.price != 0 {
            at.error(format_args!(
                "its set \"{}\" ({}) is never bought from the store: leave out its price",
                set.name,
                set.tier.name()
            ));
        }
        let meta_tier = set.tier == Tier::Meta;
        if meta_tier != r.kind.is_meta() {
            at.error(format_args!(
                "a {} card cannot be in a {} set (metagame cards make the meta sets)",
                r.kind.name(),
                set.tier.name()
            ));
        }
        if !r.kind.is_meta() && !(1..=MAX_STARS).contains(&r.stars) {
            at.error(format_args!(
                "stars must be from 1 to {MAX_STARS}, found {}",
                r.stars
            ));
        }
        if r.kind.is_meta() && r.stars != 0 {
            at.error("a metagame card has no star rating");
        }
        if r.copies == 0 || r.copies > 4 {
            at.error(format_args!(
                "copies must be from 1 to 4, found {}",
                r.copies
            ));
        }
        let elements = symbols(at, "element", &r.elements, &ELEMENTS);
        let types = symbols(at, "type", &r.types, &TYPES);
        let keywords = keywords(at, r);
        let label = at.label(set.name.trim());
        let effects = r.effects.iter().map(|e| effect(at, e, 0)).collect();
        let card = Card {
            name: at.name().to_owned(),
            set: label,
            tier: set.tier,
            kind: r.kind,
            stars: r.stars,
            elements,
            types,
            price: set.price,
            copies: r.copies,
            keywords,
            effects,
            text: r.text.clone(),
        };
        check_timings(at, &card);
        card
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn cost(&self) -> u8 {
        self.price
    }

    const FIELDS: &'static [&'static str] = &["stars", "price", "copies", "effects.N.amount"];

    const FIELDS_NOTE: &'static str = "a price is its set's: it changes every card of the set, and \"Set Name.price=N\" names the set";

    /// A price is the set's (rules: "Buy a Pack from the Store": "the buy
    /// cost (the number in its top right) of any face-down card"; the back
    /// shows only the set), so a `price` override of one card is one of
    /// its whole set.
    fn shares_field(&self, field: &str, other: &Card) -> bool {
        field == "price" && other.set == self.set
    }

    fn set_field(&mut self, field: &str, value: &str) -> Result<(), String> {
        match field {
            "stars" if self.kind.is_meta() => Err("a metagame card has no star rating".into()),
            "stars" => {
                self.stars = number_in(field, value, 1, MAX_STARS)?;
                Ok(())
            }
            "price" if !self.tier.in_store() => Err(format!(
                "a {} card is never bought from the store: it has no price (a price is a store \
                 set's, on the back of its cards)",
                self.tier.name()
            )),
            "price" => {
                self.price = number_in(field, value, 1, 30)?;
                Ok(())
            }
            "copies" => {
                self.copies = number_in(field, value, 1, 4)?;
                Ok(())
            }
            _ => {
                let Some(i) = field_index(field, "effects.", ".amount") else {
                    return Err(format!("unknown field \"{field}\""));
                };
                let amount = number_in(field, value, 0, u8::MAX)?;
                let effect = self
                    .effects
                    .get_mut(i)
                    .ok_or_else(|| format!("\"{}\" has no effect {i}", self.name))?;
                effect.amount = amount;
                Ok(())
            }
        }
    }

    const TABLE_HEADER: &'static [&'static str] = &[
        "name", "set", "tier", "kind", "stars", "price", "elements", "types", "copies", "text",
    ];
    const TABLE_RIGHT: &'static [usize] = &[4, 5, 8];

    fn table_row(&self, pool: &CardPool<Card>) -> Vec<String> {
        vec![
            self.name.clone(),
            pool.label(self.set).to_owned(),
            self.tier.name().to_owned(),
            self.kind.name().to_owned(),
            if self.kind.is_meta() {
                String::new()
            } else {
                self.stars.to_string()
            },
            if self.tier.in_store() {
                self.price.to_string()
            } else {
                String::new()
            },
            self.elements.names(&ELEMENTS).join(" "),
            self.types.names(&TYPES).join(" "),
            self.copies.to_string(),
            self.text.clone(),
        ]
    }

    /// Each problem at the card that shows it: the first card of a set
    /// whose tier or price differs from its set's first card's, the first
    /// card of a promo set too large.
    fn check_pool(pool: &CardPool<Card>) -> Vec<(CardId, String)> {
        // Every set is one tier at one price.
        let mut problems: Vec<(CardId, String)> = Vec::new();
        let mut seen: Vec<(u8, Tier, u8, CardId)> = Vec::new();
        for (id, c) in pool.cards() {
            match seen.iter().find(|(s, ..)| *s == c.set) {
                Some(&(_, tier, price, _)) if (tier, price) != (c.tier, c.price) => {
                    let m = format!(
                        "the cards of set \"{}\" differ in tier or price: a set is one tier \
                         at one price (its cards are bought face down)",
                        pool.label(c.set)
                    );
                    if !problems.iter().any(|(_, p)| *p == m) {
                        problems.push((id, m));
                    }
                }
                Some(_) => {}
                None => seen.push((c.set, c.tier, c.price, id)),
            }
        }
        // A promo set fills a prize pile (8 cards), and two of a tier one
        // fusion pile in Turn-Based Mode (16).
        for &(set, tier, _, first) in &seen {
            let size: usize = pool
                .cards()
                .filter(|(_, c)| c.set == set)
                .map(|(_, c)| usize::from(c.copies))
                .sum();
            if tier.is_promo() && size > PROMO_SET_MAX {
                problems.push((
                    first,
                    format!(
                        "promo set \"{}\" has {size} cards; a promo set has at most \
                         {PROMO_SET_MAX}",
                        pool.label(set)
                    ),
                ));
            }
        }
        problems
    }
}

/// The most cards a promo set may have (a prize support pile's size).
pub const PROMO_SET_MAX: usize = 8;

/// The symbol set of `names` among `known`, reporting unknown names.
fn symbols(at: &mut Build<'_>, what: &str, names: &[String], known: &[&str]) -> Symbols {
    let mut bits = 0u8;
    for n in names {
        match known.iter().position(|k| k.eq_ignore_ascii_case(n.trim())) {
            Some(i) => bits |= 1 << i,
            None => at.error(format_args!(
                "{}; {what}s: {}",
                crate::diagnostics::unknown_name(what, n, known.iter().copied()),
                known.join(", ")
            )),
        }
    }
    if names.len() > 2 {
        at.error(format_args!("a card has at most two {what}s"));
    }
    Symbols(bits)
}

/// The keywords of a card's table.
fn keywords(at: &mut Build<'_>, r: &RawCardFields) -> Keywords {
    const NAMES: [&str; 4] = ["mimicry", "scurry", "anvil_drop", "cannot_flip"];
    let mut k = Keywords {
        blast_off: r.blast_off,
        thwomp: r.thwomp,
        ..Keywords::default()
    };
    for name in &r.keywords {
        match name.trim().to_ascii_lowercase().as_str() {
            "mimicry" => k.mimicry = true,
            "scurry" => k.scurry = true,
            "anvil_drop" => k.anvil_drop = true,
            "cannot_flip" => k.cannot_flip = true,
            other => at.error(format_args!(
                "{} (blast_off and thwomp take a number: `blast_off = 3`)",
                crate::diagnostics::unknown_name("keyword", other, NAMES)
            )),
        }
    }
    if r.kind != Kind::Single && (k.mimicry || k.scurry || k.thwomp > 0) {
        at.error("mimicry, scurry and thwomp are keywords of singles");
    }
    k
}

/// The filter of a raw table.
fn filter(at: &mut Build<'_>, r: &RawFilter) -> Filter {
    Filter {
        elements: symbols(at, "element", &r.element, &ELEMENTS),
        types: symbols(at, "type", &r.types, &TYPES),
        set: r.set.as_deref().map(|s| at.label(s.trim())),
        min_stars: r.min_stars.unwrap_or(0),
        max_stars: r.max_stars.unwrap_or(u8::MAX),
        lower_than_this: r.lower_than_this,
    }
}

/// An effect, checked (clash outcomes are effects of depth 1).
fn effect(at: &mut Build<'_>, r: &RawEffect, depth: u8) -> Effect {
    let when = match (r.when, depth) {
        (Some(w), 0) => w,
        (None, 0) => {
            at.error(
                "an effect needs `when` (play, next, flip, ongoing, top, score, reaction, action)",
            );
            When::Play
        }
        (Some(_), _) => {
            at.error("an effect inside a clash happens when the clash ends: leave out `when`");
            When::Play
        }
        (None, _) => When::Play,
    };
    let nested = |at: &mut Build<'_>, list: &[RawEffect]| -> Vec<Effect> {
        list.iter().map(|e| effect(at, e, depth + 1)).collect()
    };
    let e = Effect {
        when,
        on: r.on,
        op: r.op,
        amount: r.amount.unwrap_or(1),
        per: r.per.as_ref().map(|p| Per {
            count: p.count,
            filter: filter(at, &p.filter),
        }),
        condition: r.condition.as_ref().and_then(|c| condition(at, c)),
        target: r.target.unwrap_or_default(),
        filter: r
            .filter
            .as_ref()
            .map_or_else(Filter::any, |f| filter(at, f)),
        who: r.who.unwrap_or_default(),
        with: r.with.unwrap_or_default(),
        win: nested(at, &r.win),
        lose: nested(at, &r.lose),
        tie: nested(at, &r.tie),
    };
    if depth > 0 && e.op == Op::Clash {
        at.error("a clash cannot start another clash");
    }
    if e.op != Op::Clash && (!e.win.is_empty() || !e.lose.is_empty() || !e.tie.is_empty()) {
        at.error("only a clash has win, lose and tie effects");
    }
    let static_op = matches!(e.op, Op::Protect | Op::Silence);
    let continuous = matches!(e.when, When::Ongoing | When::Top);
    if static_op && !continuous {
        at.error(format_args!(
            "{:?} lasts while the card is face up: use it with when = \"ongoing\" or \"top\"",
            e.op
        ));
    }
    if continuous && !static_op && e.on.is_none() {
        at.error("an ongoing or top effect either protects, silences, or has a trigger `on`");
    }
    if e.when == When::Reaction && e.on.is_none() {
        at.error("a reaction needs the trigger it answers: `on`");
    }
    if e.target == Target::Next && !matches!(e.when, When::Next | When::Action) {
        at.error("target = \"next\" is for next effects (and actions that mark the next card)");
    }
    if matches!(
        e.per,
        Some(Per {
            count: Count::NextStars,
            ..
        })
    ) && e.when != When::Next
    {
        at.error("count = \"next_stars\" is for next effects");
    }
    e
}

/// A condition, checked.
fn condition(at: &mut Build<'_>, r: &RawCondition) -> Option<Condition> {
    if r.is_top {
        if r.count.is_some() || r.at_least.is_some() {
            at.error("a condition is either `is_top = true` or a count with `at_least`");
        }
        return Some(Condition::IsTop);
    }
    match (r.count, r.at_least) {
        (Some(count), Some(n)) => Some(Condition::AtLeast(
            Per {
                count,
                filter: filter(at, &r.filter),
            },
            n,
        )),
        _ => {
            at.error("a condition needs `count` and `at_least` (or `is_top = true`)");
            None
        }
    }
}

/// Checks that a card's timings suit its kind.
fn check_timings(at: &mut Build<'_>, card: &Card) {
    for e in &card.effects {
        let ok = match card.kind {
            Kind::ElementMeta | Kind::TypeMeta => e.when == When::Score,
            Kind::DeckBox | Kind::Accessory => {
                !matches!(e.when, When::Play | When::Next | When::Top)
            }
            Kind::Single => true,
        };
        if !ok {
            at.error(format_args!(
                "a {} cannot have a {:?} effect (it is never played or a Top Card)",
                card.kind.name(),
                e.when
            ));
        }
    }
    if card.keywords.blast_off > 0 && card.kind == Kind::DeckBox {
        at.error("a deck box cannot blast off");
    }
}

impl Filter {
    /// The filter that accepts every card.
    pub fn any() -> Filter {
        Filter {
            max_stars: u8::MAX,
            ..Filter::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
[[set]]
name = "Iron Fist Dojo"
tier = "expansion"
price = 4
theme = "Clash with anyone."

[[set.card]]
name = "Dojo Initiate"
stars = 3
elements = ["fire"]
types = ["soldier"]
copies = 3
keywords = ["scurry"]
text = "Play: Clash with an opponent. Win: gain 4 RP."
effects = [
  { when = "play", do = "clash", with = "chosen", win = [{ do = "gain_rp", amount = 4 }] },
]

[[set.card]]
name = "Dojo Banner"
kind = "deck_box"
stars = 2
types = ["soldier"]
effects = [{ when = "score", do = "gain_rp", amount = 2, per = { count = "own_tableau", type = ["soldier"] } }]
"#;

    #[test]
    fn a_set_file_loads_with_its_cards() {
        let pool = CardDb::parse(SAMPLE, "dojo.toml").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pool.len(), 2);
        let init = pool.card(pool.id("Dojo Initiate").unwrap());
        assert_eq!(
            (init.tier, init.price, init.stars, init.copies),
            (Tier::Expansion, 4, 3, 3)
        );
        assert_eq!(pool.label(init.set), "Iron Fist Dojo");
        assert!(init.keywords.scurry);
        assert_eq!(init.effects[0].op, Op::Clash);
        assert_eq!(init.effects[0].win[0].op, Op::GainRp);
        let banner = pool.card(pool.id("Dojo Banner").unwrap());
        let per = banner.effects[0].per.unwrap();
        assert_eq!(per.count, Count::OwnTableau);
        assert!(per.filter.types.meets(Symbols(1 << 4)));
    }

    #[test]
    fn mistakes_name_the_line_and_what_was_expected() {
        let bad = SAMPLE
            .replace(
                "types = [\"soldier\"]\ncopies",
                "types = [\"soldir\"]\ncopies",
            )
            .replace("price = 4", "price = 0");
        let e = CardDb::parse(&bad, "dojo.toml").unwrap_err().to_string();
        assert!(e.contains("dojo.toml:8: card \"Dojo Initiate\": its set \"Iron Fist Dojo\" (expansion) needs a price"), "{e}");
        assert!(
            e.contains("unknown type \"soldir\" (did you mean \"soldier\"?)"),
            "{e}"
        );
        let bad = SAMPLE.replace(
            "when = \"score\", do = \"gain_rp\"",
            "when = \"play\", do = \"gain_rp\"",
        );
        let e = CardDb::parse(&bad, "dojo.toml").unwrap_err().to_string();
        assert!(e.contains("a deck_box cannot have a Play effect"), "{e}");
    }

    #[test]
    fn a_price_override_prices_the_whole_set() {
        // rules/millennium-blades.txt: "Buy a Pack from the Store": "Pay
        // ... the buy cost (the number in its top right) of any face-down
        // card": the cost is on the card's back, its set's, so one card
        // priced apart would tell a bot which face-down card lies where.
        // `--set` on a card's price sets its whole set's (it was refused:
        // the set's other cards kept the old one).
        let mut db = super::super::ruleset::bundled_pool();
        let hawk = db.id("Gust Hawk").expect("bundled");
        let set = db.card(hawk).set;
        let prices = |db: &CardDb| -> Vec<u8> {
            db.cards()
                .filter(|(_, c)| c.set == set)
                .map(|(_, c)| c.price)
                .collect()
        };
        assert!(prices(&db).len() > 1 && prices(&db).iter().all(|&p| p != 1));
        let others: Vec<u8> = db
            .cards()
            .filter(|(_, c)| c.set != set)
            .map(|(_, c)| c.price)
            .collect();
        db.apply_override("Gust Hawk.price=1")
            .expect("the set's price");
        assert!(prices(&db).iter().all(|&p| p == 1), "{:?}", prices(&db));
        let after: Vec<u8> = db
            .cards()
            .filter(|(_, c)| c.set != set)
            .map(|(_, c)| c.price)
            .collect();
        assert_eq!(after, others, "the other sets keep theirs");
        // A value out of range is refused on the named card, and nothing
        // changes.
        let e = db.apply_override("Gust Hawk.price=31").unwrap_err();
        assert!(e.contains("from 1 to 30"), "{e}");
        assert!(prices(&db).iter().all(|&p| p == 1));
        // Stars are the card's alone.
        let stars = |db: &CardDb| -> Vec<u8> {
            db.cards()
                .filter(|(id, c)| c.set == set && *id != hawk)
                .map(|(_, c)| c.stars)
                .collect()
        };
        let mates = stars(&db);
        db.apply_override("Gust Hawk.stars=5")
            .expect("stars are the card's");
        assert_eq!(db.card(hawk).stars, 5);
        assert_eq!(stars(&db), mates);
    }
}

/// The composition the bundled pool must have (rules: "Components", "Game
/// Setup", and the FAQ on copies per set), checked by the test suite.
#[cfg(test)]
mod pool_tests {
    use std::collections::BTreeMap;
    use std::path::Path;

    use super::*;

    fn bundled() -> CardDb {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("decks/millennium-blades");
        CardDb::load(&dir).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Physical cards per set (copies counted), with the set's tier.
    fn sets(pool: &CardDb) -> BTreeMap<String, (Tier, Vec<&Card>)> {
        let mut sets: BTreeMap<String, (Tier, Vec<&Card>)> = BTreeMap::new();
        for (_, c) in pool.cards() {
            sets.entry(pool.label(c.set).to_owned())
                .or_insert((c.tier, Vec::new()))
                .1
                .push(c);
        }
        sets
    }

    #[test]
    fn the_bundled_pool_has_every_part_of_the_game() {
        let pool = bundled();
        let sets = sets(&pool);
        let physical = |cards: &[&Card]| cards.iter().map(|c| u32::from(c.copies)).sum::<u32>();
        let of = |tier: Tier| sets.values().filter(move |(t, _)| *t == tier);
        // The core set at the book's size, singles, deck boxes and
        // accessories among them.
        // rules/millennium-blades.txt: "Components", "1 Core Set (118 cards)"
        let core: Vec<_> = of(Tier::Core).collect();
        assert_eq!(core.len(), 1, "one core set");
        assert_eq!(physical(&core[0].1), 118, "the core set's physical cards");
        for kind in [Kind::Single, Kind::DeckBox, Kind::Accessory] {
            assert!(core[0].1.iter().any(|c| c.kind == kind), "core {kind:?}");
        }
        // At least 12 store sets of 12 cards (5 expansion, 4 premium, 3
        // master at the least): the highest-star card once, the lowest
        // three times, the others twice.
        for (tier, least) in [(Tier::Expansion, 5), (Tier::Premium, 4), (Tier::Master, 3)] {
            let n = of(tier).count();
            assert!(n >= least, "{n} {tier:?} sets, at least {least}");
        }
        for (name, (tier, cards)) in sets
            .iter()
            .filter(|(_, (t, _))| matches!(t, Tier::Expansion | Tier::Premium | Tier::Master))
        {
            assert_eq!(physical(cards), 12, "{tier:?} set {name}");
            let top = cards.iter().map(|c| c.stars).max().unwrap();
            let low = cards.iter().map(|c| c.stars).min().unwrap();
            for c in cards {
                let expected = if c.stars == top {
                    1
                } else if c.stars == low {
                    3
                } else {
                    2
                };
                assert_eq!(c.copies, expected, "{name}: {} ({} stars)", c.name, c.stars);
            }
        }
        // Promo sets of 6 cards, one copy each: at least two of each tier.
        for tier in [Tier::Bronze, Tier::Silver, Tier::Gold] {
            assert!(of(tier).count() >= 2, "{tier:?} promo sets");
            for (_, cards) in of(tier) {
                assert_eq!(cards.len(), 6);
                assert!(
                    cards
                        .iter()
                        .all(|c| c.copies == 1 && c.kind == Kind::Single)
                );
            }
        }
        // Two metagame stacks of 6.
        let metas: Vec<&Card> = of(Tier::Meta)
            .flat_map(|(_, c)| c.iter().copied())
            .collect();
        for kind in [Kind::ElementMeta, Kind::TypeMeta] {
            assert_eq!(
                metas.iter().filter(|c| c.kind == kind).count(),
                6,
                "{kind:?}"
            );
        }
        // Every set keyword of the rulebook is on some card.
        let has = |f: fn(&Keywords) -> bool| pool.cards().any(|(_, c)| f(&c.keywords));
        assert!(has(|k| k.mimicry) && has(|k| k.scurry) && has(|k| k.anvil_drop));
        assert!(has(|k| k.blast_off > 0) && has(|k| k.thwomp > 0) && has(|k| k.cannot_flip));
        // Every timing is used.
        for when in [
            When::Play,
            When::Next,
            When::Flip,
            When::Ongoing,
            When::Top,
            When::Score,
            When::Reaction,
            When::Action,
        ] {
            assert!(pool.cards().any(|(_, c)| c.has(when)), "no {when:?} effect");
        }
    }

    /// The bots' estimate of what a card's effects are worth (a heuristic
    /// the greedy strategy's `deck_rp` weight reads; strategies/greedy.toml).
    #[test]
    fn rp_worth_counts_rp_gained_in_full_and_the_rest_in_part() {
        let pool = bundled();
        let worth = |name: &str| pool.card(pool.id(name).unwrap()).rp_worth();
        assert_eq!(worth("Gust Hawk"), 3.0, "play: gain 3 RP");
        assert_eq!(
            worth("Kite Runner"),
            6.0,
            "1 RP per card in hand, about 6 at play"
        );
        assert_eq!(worth("Kiln Golem"), 1.5, "3 RP if it is the Top Card: half");
        assert_eq!(
            worth("Halo Knight"),
            4.0,
            "1 RP per opponent's play, about 4"
        );
        assert_eq!(worth("Hex Weaver"), 1.0, "each opponent loses 2 RP: half");
        assert_eq!(worth("Dojo Novice"), 1.0, "clash, win: gain 3 RP: a third");
        // Counts by when they are taken, and rare triggers.
        assert_eq!(worth("Colossus Prime"), 8.0, "1 RP per own star, 8 stars");
        assert_eq!(
            worth("The Last King"),
            9.0,
            "2 RP per set at the end, about 4.5"
        );
        assert_eq!(
            worth("Chorus Seraph"),
            3.0,
            "2 RP per set as it is played, about 1.5"
        );
        assert!(
            (worth("Queen of Thistles") - 0.4).abs() < 1e-6,
            "face-down cards are rare"
        );
        assert!(
            (worth("Phoenix Regent") - 0.9).abs() < 1e-6,
            "a flip trigger is rare"
        );
        assert!(
            (worth("Tide Caller") - 2.0 * 0.9).abs() < 1e-6,
            "a filtered tableau: a third"
        );
    }

    #[test]
    fn the_binary_bundles_every_file_of_the_folder() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("decks/millennium-blades");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let mut listed: Vec<String> = super::super::BUNDLED_CARDS
            .iter()
            .map(|(path, _)| path.rsplit('/').next().unwrap().to_owned())
            .chain(
                super::super::BUNDLED_DECKS
                    .iter()
                    .map(|(name, _)| format!("{name}.deck")),
            )
            .collect();
        listed.sort();
        assert_eq!(listed, on_disk, "bundled_cards.in / bundled_decks.in");
        let cards = |pool: &CardDb| pool.cards().map(|(_, c)| c.clone()).collect::<Vec<_>>();
        assert!(cards(&bundled()) == cards(&super::super::ruleset::bundled_pool()));
    }
}
