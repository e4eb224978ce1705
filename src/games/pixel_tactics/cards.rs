//! The Pixel Tactics card model and its loader on the kit's [`CardPool`].
//!
//! rules/pixel-tactics.txt: "CARD LAYOUT" — every card can be used three
//! ways: as a Leader (attack, life, a power for the whole Unit), as a Hero
//! (attack, life, and a Vanguard, a Flank and a Rear power, active by the
//! Hero's position) or as an Order (a one-time effect). Cards are data:
//! `decks/pixel-tactics/cards.toml` describes each with a declarative
//! vocabulary (keywords, stat changes, Spells, reactions and effects) that
//! the engine interprets. The game state only ever stores [`CardId`]s.

use serde::Deserialize;
use toml::Spanned;

use crate::core::{Build, CardDef, CardPool, Entry, number_in};

pub use crate::core::CardId;

/// A row of the Unit, which is also the Wave that acts with it (rules:
/// "CARD LAYOUT" 2a–2c, "GAME FLOW").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Row {
    /// In front of the Leader.
    #[default]
    Vanguard,
    /// Either side of the Leader (the Leader stands in the Flank Wave).
    Flank,
    /// Behind the Leader.
    Rear,
}

impl Row {
    /// The rows in Wave order.
    pub const ALL: [Row; 3] = [Row::Vanguard, Row::Flank, Row::Rear];

    /// The row's name in logs and tables.
    pub fn name(self) -> &'static str {
        match self {
            Row::Vanguard => "vanguard",
            Row::Flank => "flank",
            Row::Rear => "rear",
        }
    }
}

/// Abilities a Hero or Leader can have (rules: "Ranged Attacks",
/// "Intercepting Ranged Attacks").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Keywords(pub u8);

/// Keyword names as written in card files and logs, with their bits.
pub const KEYWORD_NAMES: [(&str, Keywords); 2] = [
    ("Ranged", Keywords::RANGED),
    ("Intercept", Keywords::INTERCEPT),
];

impl Keywords {
    /// No keyword.
    pub const NONE: Keywords = Keywords(0);
    /// May make Ranged Attacks.
    pub const RANGED: Keywords = Keywords(1);
    /// Rival Ranged Attacks cannot pass over it.
    pub const INTERCEPT: Keywords = Keywords(2);

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

/// What an action, Attack or Spell costs (rules: "Long Actions…", "Free
/// Actions…").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Cost {
    /// One action.
    #[default]
    Normal,
    /// Two actions; needs two remaining.
    Long,
    /// No action.
    Free,
}

impl Cost {
    /// The actions it takes.
    pub fn actions(self) -> u8 {
        match self {
            Cost::Normal => 1,
            Cost::Long => 2,
            Cost::Free => 0,
        }
    }
}

/// What an effect does (the verbs of the effect vocabulary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// Apply `amount` damage (not an Attack: armor does not reduce it).
    Damage,
    /// Remove up to `amount` damage.
    Heal,
    /// The target player draws `amount` cards (never above the hand's
    /// physical capacity; an empty deck gives nothing).
    Draw,
    /// The target player discards `amount` cards at random from hand.
    Discard,
    /// Turn the target Corpse back into a living Hero with no damage.
    Revive,
    /// Defeat the target Hero at once if its life left is at most `amount`.
    Defeat,
    /// The controller gains `amount` actions this turn.
    GainActions,
}

/// Who or what an effect applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The Hero or Leader whose power this is.
    This,
    /// The controller's Leader.
    OwnLeader,
    /// The rival's Leader.
    RivalLeader,
    /// A living Hero or the Leader of the controller's Unit, chosen.
    ChosenAlly,
    /// A living Hero or the Leader of the rival's Unit, chosen.
    ChosenEnemy,
    /// A living Hero of the rival's Unit, chosen.
    ChosenEnemyHero,
    /// A Corpse of the controller's Unit, chosen.
    ChosenOwnCorpse,
    /// Every living Hero of the controller's Unit.
    AllAllies,
    /// Every living Hero of the rival's Unit.
    AllEnemies,
    /// The Hero directly in front of this one (rules: "Forerunner").
    Forerunner,
    /// The Hero directly behind this one (rules: "Supporter").
    Supporter,
    /// The attacker whose Attack triggered this reaction.
    Attacker,
    /// The controller, as a player (draw, actions).
    Controller,
    /// The rival, as a player (discard).
    Rival,
}

impl Target {
    /// Whether the player chooses the target when the effect is used.
    pub fn is_chosen(self) -> bool {
        matches!(
            self,
            Target::ChosenAlly
                | Target::ChosenEnemy
                | Target::ChosenEnemyHero
                | Target::ChosenOwnCorpse
        )
    }

    /// Whether it touches the rival's Unit or hand (forbidden during the
    /// Ceasefire).
    pub fn is_rival(self) -> bool {
        matches!(
            self,
            Target::RivalLeader
                | Target::ChosenEnemy
                | Target::ChosenEnemyHero
                | Target::AllEnemies
                | Target::Attacker
                | Target::Rival
        )
    }
}

/// What scales an effect's amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Per {
    /// Nothing: the amount as printed.
    #[default]
    One,
    /// Times the Corpses in the controller's Unit.
    OwnCorpse,
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
    /// What multiplies `amount`.
    pub per: Per,
}

/// A Spell, a Leader action or an Order: effects used at a cost.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Ability {
    /// What it costs.
    pub cost: Cost,
    /// Usable once per turn only (rules: "Limited Actions").
    pub limited: bool,
    /// What it does, in order.
    pub effects: Vec<Effect>,
    /// Rules text for people (Orders).
    pub text: String,
}

impl Ability {
    /// The target the player chooses (the first chosen target of its
    /// effects; every chosen effect applies to it), if any.
    pub fn chosen_target(&self) -> Option<Target> {
        self.effects
            .iter()
            .map(|e| e.target)
            .find(|t| t.is_chosen())
    }

    /// Whether any effect touches the rival.
    pub fn touches_rival(&self) -> bool {
        self.effects.iter().any(|e| e.target.is_rival())
    }
}

/// When a reaction fires (rules: "Reactions").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// A Hero: when it is recruited. A Leader: whenever you recruit.
    Recruited,
    /// After this Hero or Leader is hit by an Attack.
    Attacked,
    /// After this Hero or Leader makes an Attack.
    AfterAttack,
    /// When a Hero of the controller's Unit is defeated.
    AllyDefeated,
    /// At the end of every Wave, before casualties are checked.
    WaveEnd,
}

impl Trigger {
    /// The trigger's name in card files and logs.
    pub fn name(self) -> &'static str {
        match self {
            Trigger::Recruited => "recruited",
            Trigger::Attacked => "attacked",
            Trigger::AfterAttack => "after_attack",
            Trigger::AllyDefeated => "ally_defeated",
            Trigger::WaveEnd => "wave_end",
        }
    }
}

/// A reaction: effects that follow an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reaction {
    /// What it follows.
    pub on: Trigger,
    /// What it does.
    pub effects: Vec<Effect>,
}

/// A Leader's bonus to the Heroes of its Unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Aura {
    /// Only Heroes in this row (`None`: every Hero).
    pub row: Option<Row>,
    /// Attack Strength bonus.
    pub attack: i8,
    /// Life bonus.
    pub life: i8,
    /// Damage from Attacks prevented.
    pub armor: u8,
    /// Keywords granted.
    pub keywords: Keywords,
}

/// One power: a Hero's Vanguard, Flank or Rear power, or a Leader's power.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Power {
    /// Keywords of the Hero (or Leader) itself.
    pub keywords: Keywords,
    /// Attack Strength bonus of the Hero (or Leader) itself.
    pub attack: i8,
    /// Attack Strength bonus per Corpse in its Unit.
    pub attack_per_corpse: u8,
    /// Damage from each Attack it takes that is prevented.
    pub armor: u8,
    /// What its Attacks cost (rules: "Long Attacks", "Free Attacks").
    pub attack_cost: Cost,
    /// A Spell it may cast instead of attacking.
    pub spell: Option<Ability>,
    /// A reaction.
    pub reaction: Option<Reaction>,
    /// Leaders only: a bonus to the Heroes of the Unit.
    pub aura: Option<Aura>,
    /// Leaders only: a Leader-specific action, usable in any Wave.
    pub action: Option<Ability>,
    /// Rules text for people.
    pub text: String,
}

/// One card of the pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Unique name.
    pub name: String,
    /// Leader side: Attack Strength.
    pub leader_attack: u8,
    /// Leader side: life.
    pub leader_life: u8,
    /// Leader side: the power for the whole Unit.
    pub leader: Power,
    /// Hero side: Attack Strength.
    pub attack: u8,
    /// Hero side: life.
    pub life: u8,
    /// Hero side: the Vanguard, Flank and Rear powers, in [`Row::ALL`]
    /// order.
    pub powers: [Power; 3],
    /// The Order side, if the card has one.
    pub order: Option<Ability>,
}

impl Card {
    /// The Hero power active in `row`.
    #[inline]
    pub fn power(&self, row: Row) -> &Power {
        &self.powers[row as usize]
    }
}

/// The card pool of one run: every card by [`CardId`] and by name.
pub type CardDb = CardPool<Card>;

/// The bundled pool, compiled into the binary.
pub const BUNDLED_CARDS: &str = include_str!("../../../decks/pixel-tactics/cards.toml");

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
    leader: RawStats,
    hero: RawStats,
    #[serde(default)]
    leader_power: RawPower,
    #[serde(default)]
    vanguard: RawPower,
    #[serde(default)]
    flank: RawPower,
    #[serde(default)]
    rear: RawPower,
    #[serde(default)]
    order: Option<RawAbility>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStats {
    attack: u8,
    life: u8,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawPower {
    #[serde(default)]
    text: String,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    attack: i8,
    #[serde(default)]
    attack_per_corpse: u8,
    #[serde(default)]
    armor: u8,
    #[serde(default)]
    attack_cost: Cost,
    #[serde(default)]
    spell: Option<RawAbility>,
    #[serde(default)]
    reaction: Option<RawReaction>,
    #[serde(default)]
    aura: Option<RawAura>,
    #[serde(default)]
    action: Option<RawAbility>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbility {
    #[serde(default)]
    text: String,
    #[serde(default)]
    cost: Cost,
    #[serde(default)]
    limited: bool,
    effects: Vec<RawEffect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReaction {
    on: Trigger,
    effects: Vec<RawEffect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAura {
    #[serde(default)]
    row: Option<Row>,
    #[serde(default)]
    attack: i8,
    #[serde(default)]
    life: i8,
    #[serde(default)]
    armor: u8,
    #[serde(default)]
    keywords: Vec<String>,
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
    per: Per,
}

// ---------------------------------------------------------------------------
// The card on the kit: how a file's tables become cards, `--set` fields and
// the `decklab cards` table.

impl CardDef for Card {
    type File = RawFile;
    type Raw = RawCard;

    fn entries(file: RawFile) -> Vec<Entry<RawCard>> {
        file.card.into_iter().map(Entry::spanned).collect()
    }

    fn raw_name(raw: &RawCard) -> &str {
        &raw.name
    }

    /// Both sides and every power, every combination checked.
    fn build(r: &RawCard, at: &mut Build<'_>) -> Card {
        for (what, s) in [("leader", &r.leader), ("hero", &r.hero)] {
            if s.life == 0 || s.life > MAX_STAT || s.attack > MAX_STAT {
                at.error(format!(
                    "{what} expects life from 1 to {MAX_STAT} and attack from 0 to {MAX_STAT}"
                ));
            }
        }
        let powers = [
            power(at, &r.vanguard, PowerOf::Hero(Row::Vanguard)),
            power(at, &r.flank, PowerOf::Hero(Row::Flank)),
            power(at, &r.rear, PowerOf::Hero(Row::Rear)),
        ];
        let order = r.order.as_ref().map(|o| ability(at, o, "order"));
        if let Some(o) = &order {
            if o.cost == Cost::Free || o.limited {
                at.error("order: an Order costs an action (normal or long), not free or limited");
            }
            let sourced = [Target::This, Target::Forerunner, Target::Supporter];
            if o.effects.iter().any(|e| sourced.contains(&e.target)) {
                at.error("order: an Order has no Hero of its own (this, forerunner, supporter)");
            }
        }
        Card {
            name: at.name().to_string(),
            leader_attack: r.leader.attack,
            leader_life: r.leader.life,
            leader: power(at, &r.leader_power, PowerOf::Leader),
            attack: r.hero.attack,
            life: r.hero.life,
            powers,
            order,
        }
    }

    fn name(&self) -> &str {
        &self.name
    }

    /// Every card takes one action to play (rules: "ACTIONS").
    fn cost(&self) -> u8 {
        1
    }

    /// `attack`, `life` (the Hero side), `leader.attack`, `leader.life`
    /// (the Leader side).
    const FIELDS: &'static [&'static str] = &["attack", "life", "leader.attack", "leader.life"];

    /// What-if balancing: one stat of the card for a run, checked like the
    /// card file.
    fn set_field(&mut self, field: &str, value: &str) -> Result<(), String> {
        let number = |min: u8| number_in(field, value, min, MAX_STAT);
        match field {
            "attack" => self.attack = number(0)?,
            "life" => self.life = number(1)?,
            "leader.attack" => self.leader_attack = number(0)?,
            // "leader.life": the kit let only FIELDS through.
            _ => self.leader_life = number(1)?,
        }
        Ok(())
    }

    const TABLE_HEADER: &'static [&'static str] = &[
        "name",
        "leader atk",
        "leader life",
        "leader power",
        "atk",
        "life",
        "vanguard",
        "flank",
        "rear",
        "order",
    ];
    const TABLE_RIGHT: &'static [usize] = &[1, 2, 4, 5];

    fn table_row(&self, _pool: &CardPool<Card>) -> Vec<String> {
        let mut row = vec![
            self.name.clone(),
            self.leader_attack.to_string(),
            self.leader_life.to_string(),
            self.leader.text.clone(),
            self.attack.to_string(),
            self.life.to_string(),
        ];
        row.extend(self.powers.iter().map(|p| p.text.clone()));
        row.push(
            self.order
                .as_ref()
                .map_or(String::new(), |o| o.text.clone()),
        );
        row
    }
}

// ---------------------------------------------------------------------------
// From raw tables to cards, every combination checked.

/// Stats above this are refused: the state stores damage in a `u8`.
const MAX_STAT: u8 = 99;

/// Which side of a card a power belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PowerOf {
    Leader,
    Hero(Row),
}

/// The keywords `names` spell (in any case); unknown ones are reported.
fn keywords(at: &mut Build<'_>, names: &[String]) -> Keywords {
    names
        .iter()
        .filter_map(|n| at.named("keyword", n, &KEYWORD_NAMES))
        .fold(Keywords::NONE, Keywords::with)
}

/// One power, checked against the side (`of`) it belongs to.
fn power(at: &mut Build<'_>, r: &RawPower, of: PowerOf) -> Power {
    let place = match of {
        PowerOf::Leader => "leader_power".to_string(),
        PowerOf::Hero(row) => row.name().to_string(),
    };
    if of != PowerOf::Leader && (r.aura.is_some() || r.action.is_some()) {
        at.error(format!(
            "{place}: aura and action are Leader powers (use spell for a Hero)"
        ));
    }
    if r.attack_cost == Cost::Free && of == PowerOf::Leader {
        at.error("leader_power: a Leader's Attack cannot be free");
    }
    let own_keywords = keywords(at, &r.keywords);
    // rules: "Intercepting Ranged Attacks": "An Intercepting Hero defends
    // the one or two Heroes behind it"; a Leader's would shield nothing.
    if of == PowerOf::Leader && own_keywords.has(Keywords::INTERCEPT) {
        at.error(
            "leader_power: keyword Intercept is for Heroes, not the Leader; expected \
             keywords = [\"Ranged\"] or none, or aura = { keywords = [\"Intercept\"] } to give \
             it to the Unit's Heroes",
        );
    }
    let aura = r.aura.as_ref().map(|a| Aura {
        row: a.row,
        attack: a.attack,
        life: a.life,
        armor: a.armor,
        keywords: keywords(at, &a.keywords),
    });
    let spell = r.spell.as_ref().map(|s| ability(at, s, &place));
    let action = r.action.as_ref().map(|s| ability(at, s, &place));
    if let Some(a) = &action {
        let gains = a.effects.iter().any(|e| e.op == Op::GainActions);
        if (a.cost == Cost::Free || gains) && !a.limited {
            at.error(format!(
                "{place}: a free action, or one that gains actions, must be limited"
            ));
        }
    }
    let reaction = r.reaction.as_ref().map(|re| {
        let effects: Vec<Effect> = re.effects.iter().map(|e| effect(at, e, &place)).collect();
        for e in &effects {
            if e.target.is_chosen() {
                at.error(format!(
                    "{place}: a reaction cannot choose a target (got {:?})",
                    e.target
                ));
            }
            if matches!(e.op, Op::Defeat | Op::Revive | Op::GainActions) {
                at.error(format!(
                    "{place}: a reaction can damage, heal, draw or discard, not {:?}",
                    e.op
                ));
            }
            if e.target == Target::Attacker && re.on != Trigger::Attacked {
                at.error(format!(
                    "{place}: target \"attacker\" needs on = \"attacked\""
                ));
            }
        }
        Reaction { on: re.on, effects }
    });
    Power {
        keywords: own_keywords,
        attack: r.attack,
        attack_per_corpse: r.attack_per_corpse,
        armor: r.armor,
        attack_cost: r.attack_cost,
        spell,
        reaction,
        aura,
        action,
        text: r.text.clone(),
    }
}

/// A Spell, Leader action or Order; `place` names it in messages.
fn ability(at: &mut Build<'_>, r: &RawAbility, place: &str) -> Ability {
    if r.effects.is_empty() {
        at.error(format!("{place}: expected at least one effect"));
    }
    let effects: Vec<Effect> = r.effects.iter().map(|e| effect(at, e, place)).collect();
    let chosen: Vec<Target> = effects
        .iter()
        .map(|e| e.target)
        .filter(|t| t.is_chosen())
        .collect();
    if chosen.windows(2).any(|w| w[0] != w[1]) {
        at.error(format!(
            "{place}: every chosen target of one ability must be the same kind"
        ));
    }
    if effects.iter().any(|e| e.target == Target::Attacker) {
        at.error(format!("{place}: target \"attacker\" is for reactions"));
    }
    Ability {
        cost: r.cost,
        limited: r.limited,
        effects,
        text: r.text.clone(),
    }
}

/// One effect, its target defaulted by its verb and checked against it.
fn effect(at: &mut Build<'_>, r: &RawEffect, place: &str) -> Effect {
    let amount = r.amount.unwrap_or(1);
    if amount > MAX_STAT {
        at.error(format!(
            "{place}: amount expects 0 to {MAX_STAT}, found {amount}"
        ));
    }
    let target = r.target.unwrap_or(match r.op {
        Op::Draw | Op::GainActions => Target::Controller,
        Op::Discard => Target::Rival,
        _ => Target::This,
    });
    let players = matches!(target, Target::Controller | Target::Rival);
    let fits = match r.op {
        Op::Draw | Op::Discard => players,
        Op::GainActions => target == Target::Controller,
        Op::Revive => target == Target::ChosenOwnCorpse,
        Op::Defeat => target == Target::ChosenEnemyHero,
        Op::Damage | Op::Heal => !players && target != Target::ChosenOwnCorpse,
    };
    if !fits {
        at.error(format!(
            "{place}: {:?} cannot apply to target {:?}",
            r.op, target
        ));
    }
    Effect {
        op: r.op,
        amount,
        target,
        per: r.per,
    }
}
