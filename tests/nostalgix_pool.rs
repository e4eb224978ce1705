//! The bundled Nostalgix card pool (`decks/nostalgix/cards.toml`) and the
//! four starter decks beside it: the pool covers every part of a card and
//! every glossary word of the rulebook, and each starter deck is legal;
//! with the fixture decks (`tests/fixtures/nostalgix/`) they hold every
//! card of the pool, so the whole-game checks play them all.

#[path = "common/nostalgix_fixtures.rs"]
mod nostalgix_fixtures;

use std::collections::{HashMap, HashSet};

use decklab::games::Ruleset;
use decklab::games::nostalgix::Nostalgix;
use decklab::games::nostalgix::cards::{
    Card, CardDb, Condition, Effect, Element, KEYWORD_NAMES, Keywords, Kind, Op, SurpriseTrigger,
    Target, Trigger,
};
use decklab::games::nostalgix::deck::{DECK_SIZE, Deck};

/// The four starter decks; the first two are the default matchup.
const STARTER_DECKS: [&str; 4] = ["hero-rush", "prize-control", "evolution", "token-swarm"];

/// A named test on one effect.
type Check<T> = (&'static str, Box<dyn Fn(&T) -> bool>);

/// A named test on one condition.
type ConditionCheck = (&'static str, fn(&Condition) -> bool);

fn db() -> CardDb {
    Nostalgix::bundled_cards()
}

fn of_kind(db: &CardDb, kind: Kind) -> Vec<&Card> {
    db.cards()
        .map(|(_, c)| c)
        .filter(|c| c.kind == kind)
        .collect()
}

/// Every effect printed on a card: its own, its attacks' and its abilities'.
fn effects(card: &Card) -> Vec<&Effect> {
    card.effects
        .iter()
        .chain(card.attacks.iter().flat_map(|a| a.effects.iter()))
        .chain(card.abilities.iter().flat_map(|a| a.effects.iter()))
        .collect()
}

/// Names of the cards with an effect matching `pred`.
fn cards_with(db: &CardDb, pred: impl Fn(&Effect) -> bool) -> Vec<String> {
    db.cards()
        .filter(|(_, c)| effects(c).into_iter().any(&pred))
        .map(|(_, c)| c.name.clone())
        .collect()
}

fn max_damage(card: &Card) -> u8 {
    card.attacks.iter().map(|a| a.damage).max().unwrap_or(0)
}

fn deck_text(name: &str) -> (String, String) {
    let path = format!("{}/decks/nostalgix/{name}.deck", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    (path, text)
}

fn load_deck(db: &CardDb, name: &str) -> Deck {
    let (path, text) = deck_text(name);
    match Deck::parse(&text, &path, db) {
        Ok(deck) => deck,
        Err(errs) => panic!(
            "{}",
            errs.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    }
}

#[test]
fn the_pool_has_enough_cards_of_every_kind() {
    let db = db();
    // rules/nostalgix.txt: "Parts of a Nostalgix Card" — Heroes, Fighters,
    // Spells, Surprises, Equipment, Arenas; "Token" in the Keyword Glossary.
    let count = |k| of_kind(&db, k).len();
    assert!(count(Kind::Hero) >= 6, "heroes: {}", count(Kind::Hero));
    assert!(
        count(Kind::Fighter) >= 40,
        "fighters: {}",
        count(Kind::Fighter)
    );
    assert!(count(Kind::Spell) >= 12, "spells: {}", count(Kind::Spell));
    assert!(
        count(Kind::Surprise) >= 8,
        "surprises: {}",
        count(Kind::Surprise)
    );
    assert!(
        count(Kind::Equipment) >= 8,
        "equipment: {}",
        count(Kind::Equipment)
    );
    assert!(count(Kind::Arena) >= 4, "arenas: {}", count(Kind::Arena));
    assert!(count(Kind::Token) >= 3, "tokens: {}", count(Kind::Token));
    // Our own designs: everything but the tokens and the rulebook's example.
    let original = db
        .cards()
        .filter(|(_, c)| c.kind != Kind::Token && c.name != "Stack-O-Fox")
        .count();
    assert!(original >= 90, "only {original} original cards");
    for (_, c) in db.cards() {
        assert!(!c.text.trim().is_empty(), "\"{}\" has no text", c.name);
    }
}

#[test]
fn stack_o_fox_is_the_rulebooks_example_card() {
    // rules/nostalgix.txt: "Fighters & Tokens" —
    // "Stack-O-Fox / Fox | After this attacks, summon a 1ATK Fox Token with 1♥."
    let db = db();
    let fox = db.card(db.id("Stack-O-Fox").expect("Stack-O-Fox"));
    assert_eq!(
        fox.text,
        "Fox | After this attacks, summon a 1ATK Fox Token with 1♥."
    );
    assert_eq!(db.label(fox.subtype.unwrap().0), "Fox");
    let token_id = db.id("Fox Token").expect("Fox Token");
    let token = db.card(token_id);
    assert_eq!(token.kind, Kind::Token);
    assert_eq!((token.atk, token.health), (1, 1));
    let summons = fox.abilities.iter().any(|a| {
        a.trigger == Trigger::AfterAttack
            && a.effects
                .iter()
                .any(|e| e.op == Op::SummonToken && e.token == Some(token_id))
    });
    assert!(summons, "Stack-O-Fox summons a Fox Token after it attacks");
}

#[test]
fn heroes_have_health_and_one_ability() {
    // rules/nostalgix.txt: "Hero" — "Heroes have Abilities that can be
    // activated once per turn, usually at the cost of mana."
    let db = db();
    for h in of_kind(&db, Kind::Hero) {
        assert!((20..=30).contains(&h.health), "{}: {}♥", h.name, h.health);
        assert_eq!(h.abilities.len(), 1, "{}", h.name);
        assert_eq!(h.abilities[0].trigger, Trigger::Activated, "{}", h.name);
    }
}

#[test]
fn fighter_numbers_are_in_range() {
    let db = db();
    for f in of_kind(&db, Kind::Fighter) {
        assert!((1..=8).contains(&f.cost), "{}: cost {}", f.name, f.cost);
        assert!((1..=12).contains(&f.health), "{}: {}♥", f.name, f.health);
        for a in &f.attacks {
            assert!(
                (1..=8).contains(&a.damage),
                "{} / {}: {} damage",
                f.name,
                a.name,
                a.damage
            );
        }
    }
    for t in of_kind(&db, Kind::Token) {
        assert!(t.health >= 1 && t.atk >= 1, "{}", t.name);
    }
}

#[test]
fn fighters_of_all_eight_types_with_weaknesses_and_resistances() {
    // rules/nostalgix.txt: "Fighters" — "Neutral Metal Water Mystic Light
    // Earth Dark Fire"; "Parts of an Attack" steps 5–6 (Weakness, Resistance).
    let db = db();
    let fighters = of_kind(&db, Kind::Fighter);
    let all = [
        Element::Neutral,
        Element::Metal,
        Element::Water,
        Element::Mystic,
        Element::Light,
        Element::Earth,
        Element::Dark,
        Element::Fire,
    ];
    for e in all {
        let of_type: Vec<_> = fighters.iter().filter(|f| f.element == e).collect();
        assert!(of_type.len() >= 3, "{e:?}: {} Fighters", of_type.len());
        assert!(
            of_type.iter().any(|f| f.weakness.is_some()),
            "no {e:?} Fighter has a weakness"
        );
    }
    let resistant: HashSet<Element> = fighters
        .iter()
        .filter(|f| f.resistance.is_some())
        .map(|f| f.element)
        .collect();
    assert!(resistant.len() >= 6, "resistances on {resistant:?} only");
    for f in &fighters {
        assert!(
            f.weakness != Some(f.element) || f.element == Element::Neutral,
            "{} is weak to its own type",
            f.name
        );
        assert!(
            f.weakness.is_none() || f.weakness != f.resistance,
            "{}: weakness equals resistance",
            f.name
        );
    }
}

#[test]
fn evolution_lines_of_two_and_three_levels() {
    // rules/nostalgix.txt: "Fighter Evolution" — "Fighters can be Level 1,
    // Level 2 or Level 3 … Typically with each increase in level, both the
    // attack power and Health of a Fighter increase."
    let db = db();
    let mut evolves_into: HashMap<String, Vec<String>> = HashMap::new();
    for f in of_kind(&db, Kind::Fighter) {
        let Some(from) = f.evolves_from else {
            assert_eq!(f.level, 1, "{}", f.name);
            continue;
        };
        let base = db.card(from);
        assert_eq!(base.level + 1, f.level, "{}", f.name);
        assert_eq!(base.element, f.element, "{} changes type", f.name);
        assert!(
            f.health > base.health,
            "{} is not tougher than {}",
            f.name,
            base.name
        );
        assert!(
            max_damage(f) > max_damage(base),
            "{} does not hit harder than {}",
            f.name,
            base.name
        );
        assert!(
            f.cost > base.cost,
            "{} costs no more than {}",
            f.name,
            base.name
        );
        evolves_into
            .entry(base.name.clone())
            .or_default()
            .push(f.name.clone());
    }
    let (mut two, mut three) = (0, 0);
    for f in of_kind(&db, Kind::Fighter)
        .into_iter()
        .filter(|f| f.level == 1)
    {
        let Some(l2s) = evolves_into.get(&f.name) else {
            continue;
        };
        if l2s.iter().any(|l2| evolves_into.contains_key(l2)) {
            three += 1;
        } else {
            two += 1;
        }
    }
    assert!(two >= 3, "only {two} two-level lines");
    assert!(three >= 3, "only {three} three-level lines");
}

#[test]
fn every_keyword_is_on_at_least_two_cards() {
    // rules/nostalgix.txt: "Card Effect Keyword Glossary" — Binding, Charge,
    // Deathtouch, Divinity, Immune (and "Immune to Binding", "Immune to
    // Surprises"), Lifesteal, Lifetouch, Stacked, Taunt. A keyword counts on
    // a Fighter, Token or Hero, or when Equipment grants it.
    let db = db();
    for (name, bit) in KEYWORD_NAMES {
        let holders: Vec<_> = db
            .cards()
            .filter(|(_, c)| c.keywords.has(bit))
            .map(|(_, c)| c.name.as_str())
            .collect();
        assert!(holders.len() >= 2, "keyword {name} on {holders:?}");
    }
}

#[test]
fn every_glossary_effect_word_is_on_at_least_two_cards() {
    // rules/nostalgix.txt: "Card Effect Keyword Glossary" — Adjacent, Attack
    // Counters (+1ATK), Binding (also of mana), Heal (Restore), Health
    // Counters (+1♥), Reveal, Token.
    let db = db();
    let words: [Check<Effect>; 10] = [
        ("adjacent", Box::new(|e| e.target == Target::Adjacent)),
        (
            "+ATK counters",
            Box::new(|e| e.op == Op::AtkCounters && e.amount > 0),
        ),
        (
            "-ATK counters",
            Box::new(|e| e.op == Op::AtkCounters && e.amount < 0),
        ),
        ("bind", Box::new(|e| e.op == Op::Bind)),
        ("bind_mana", Box::new(|e| e.op == Op::BindMana)),
        ("heal", Box::new(|e| e.op == Op::Heal)),
        ("health_counters", Box::new(|e| e.op == Op::HealthCounters)),
        ("reveal", Box::new(|e| e.op == Op::Reveal)),
        ("search", Box::new(|e| e.op == Op::Search)),
        ("summon_token", Box::new(|e| e.op == Op::SummonToken)),
    ];
    for (word, pred) in words {
        let cards = cards_with(&db, pred);
        assert!(cards.len() >= 2, "{word} on {cards:?}");
    }
}

#[test]
fn effect_conditions_are_all_used() {
    let db = db();
    let conditions: [ConditionCheck; 6] = [
        ("coin", |c| *c == Condition::CoinHeads),
        ("defender hero", |c| *c == Condition::DefenderIsHero),
        ("defender fighter", |c| *c == Condition::DefenderIsFighter),
        ("defender_type", |c| {
            matches!(c, Condition::DefenderElement(_))
        }),
        ("allies + subtype", |c| {
            matches!(c, Condition::AlliesWithSubtype(_, _))
        }),
        ("hero_health_at_most", |c| {
            matches!(c, Condition::HeroHealthAtMost(_))
        }),
    ];
    for (what, pred) in conditions {
        let cards = cards_with(&db, |e| pred(&e.condition));
        assert!(!cards.is_empty(), "no card uses the {what} condition");
    }
}

#[test]
fn subtypes_are_called_out_by_name() {
    // rules/nostalgix.txt: "Subtype" — "Some cards will call these types out
    // by name for various effects."
    let db = db();
    let filtered = cards_with(&db, |e| e.filter.subtype.is_some());
    assert!(filtered.len() >= 2, "subtype filters on {filtered:?}");
    let conditioned = cards_with(&db, |e| {
        matches!(e.condition, Condition::AlliesWithSubtype(_, _))
    });
    assert!(
        conditioned.len() >= 2,
        "subtype conditions on {conditioned:?}"
    );
}

#[test]
fn stacked_fighters_have_a_subtype_to_stack_onto() {
    // rules/nostalgix.txt: "Stacked" — "Some cards can be stacked with each
    // other to either increase their attack, or prevent the opponent from
    // taking Prize Counters for destroying them."
    let db = db();
    let fighters = of_kind(&db, Kind::Fighter);
    let stacked: Vec<_> = fighters
        .iter()
        .filter(|f| f.keywords.has(Keywords::STACKED))
        .collect();
    assert!(stacked.len() >= 2);
    for s in &stacked {
        assert!(s.atk >= 1, "{} adds no ATK", s.name);
        let onto = fighters
            .iter()
            .any(|f| f.subtype == s.subtype && !f.keywords.has(Keywords::STACKED));
        assert!(onto, "{} has nothing to stack onto", s.name);
    }
    assert!(stacked.iter().any(|s| s.prize_shield));
    assert!(stacked.iter().any(|s| !s.prize_shield));
}

#[test]
fn every_token_is_summoned_by_some_card() {
    // rules/nostalgix.txt: "Token" — "A temporary card created by the effect
    // of a card in play."
    let db = db();
    for (id, t) in db.cards().filter(|(_, c)| c.kind == Kind::Token) {
        let makers = cards_with(&db, |e| e.op == Op::SummonToken && e.token == Some(id));
        assert!(!makers.is_empty(), "nothing summons {}", t.name);
    }
}

#[test]
fn spells_surprises_equipment_and_arenas() {
    let db = db();
    // rules/nostalgix.txt: "Surprises" — "Surprises always cost 3 mana to
    // play face-down"; every trigger is used, and a counter answers a Spell.
    let surprises = of_kind(&db, Kind::Surprise);
    for s in &surprises {
        assert_eq!(s.cost, 3, "{}", s.name);
    }
    for trigger in [
        SurpriseTrigger::EnemyAttack,
        SurpriseTrigger::EnemySummon,
        SurpriseTrigger::EnemySpell,
        SurpriseTrigger::AllyDestroyed,
        SurpriseTrigger::HeroDamaged,
    ] {
        assert!(
            surprises
                .iter()
                .any(|s| s.surprise_trigger == Some(trigger)),
            "no Surprise on {}",
            trigger.name()
        );
    }
    assert!(surprises.iter().any(|s| {
        s.surprise_trigger == Some(SurpriseTrigger::EnemySpell)
            && s.effects.iter().any(|e| e.op == Op::Counter)
    }));

    // rules/nostalgix.txt: "Attack with your Hero, if they have any attack
    // points" — "Some Equipment and card effects can give your Hero an attack
    // value"; Equipment may also grant keywords such as Taunt.
    let equipment = of_kind(&db, Kind::Equipment);
    assert!(equipment.iter().filter(|e| e.atk > 0).count() >= 3);
    assert!(equipment.iter().any(|e| e.keywords.has(Keywords::TAUNT)));
    assert!(
        equipment
            .iter()
            .filter(|e| e.keywords != Keywords::NONE)
            .count()
            >= 6
    );

    // rules/nostalgix.txt: "Arenas" — "can change the battlefield for both
    // players": auras and start-of-turn effects.
    let arenas = of_kind(&db, Kind::Arena);
    assert!(
        arenas
            .iter()
            .filter(|a| a.aura_atk != 0 || a.aura_health != 0)
            .count()
            >= 2
    );
    assert!(arenas.iter().filter(|a| !a.effects.is_empty()).count() >= 2);

    // Spells cover damage to the Hero, removal, draw and tokens.
    let spells = of_kind(&db, Kind::Spell);
    let has = |pred: &dyn Fn(&Effect) -> bool| spells.iter().any(|s| s.effects.iter().any(pred));
    assert!(has(&|e| e.op == Op::Damage && e.target == Target::EnemyHero));
    assert!(has(&|e| e.op == Op::Destroy));
    assert!(has(&|e| e.op == Op::Draw));
    assert!(has(&|e| e.op == Op::SummonToken));
}

#[test]
fn the_curve_centres_on_two_to_four_mana() {
    // rules/nostalgix.txt: "Deck Building" — "Come prepared with many 2, 3,
    // or even 4 mana cards to balance your strategy."
    let db = db();
    let playable: Vec<_> = db
        .cards()
        .map(|(_, c)| c)
        .filter(|c| !matches!(c.kind, Kind::Hero | Kind::Token))
        .collect();
    let mid = playable
        .iter()
        .filter(|c| (2..=4).contains(&c.cost))
        .count();
    assert!(
        mid * 2 > playable.len(),
        "{mid} of {} cost 2–4",
        playable.len()
    );
    assert!(playable.iter().filter(|c| c.cost >= 5).count() >= 10);
}

#[test]
fn the_four_starter_decks_are_legal() {
    // rules/nostalgix.txt: "Deck" — "Each deck contains 50 cards + 1 Hero";
    // "Deck Building" — "you may only have up to 4 of any given card in your
    // deck, and only 1 Hero."
    let db = db();
    let mut heroes = HashSet::new();
    for name in STARTER_DECKS {
        let deck = load_deck(&db, name);
        assert_eq!(deck.name, name);
        assert_eq!(deck.card_list().len(), DECK_SIZE);
        assert!(deck.cards.iter().all(|&(_, n)| n <= 4));
        assert!(heroes.insert(deck.hero), "{name} shares its Hero");
        let (_, text) = deck_text(name);
        assert!(text.starts_with('#'), "{name}: explain the plan at the top");
    }
}

#[test]
fn the_starter_decks_have_distinct_plans() {
    let db = db();
    let count = |deck: &Deck, pred: &dyn Fn(&Card) -> bool| -> usize {
        deck.card_list()
            .into_iter()
            .filter(|&id| pred(db.card(id)))
            .count()
    };
    let rush = load_deck(&db, "hero-rush");
    assert!(count(&rush, &|c| c.keywords.has(Keywords::CHARGE)) >= 12);
    assert!(
        count(&rush, &|c| {
            c.kind == Kind::Spell
                && c.effects.iter().any(|e| {
                    e.op == Op::Damage
                        && matches!(e.target, Target::EnemyHero | Target::ChosenEnemy)
                })
        }) >= 8
    );
    assert!(count(&rush, &|c| c.kind == Kind::Equipment && c.atk > 0) >= 4);

    let control = load_deck(&db, "prize-control");
    assert!(count(&control, &|c| c.kind == Kind::Surprise) >= 8);
    assert!(count(&control, &|c| c.keywords.has(Keywords::TAUNT)) >= 8);
    assert!(count(&control, &|c| c.keywords.has(Keywords::DEATHTOUCH)) >= 8);
    assert!(count(&control, &|c| c.effects.iter().any(|e| e.op == Op::Destroy)) >= 2);

    let evolution = load_deck(&db, "evolution");
    assert!(count(&evolution, &|c| c.level >= 2) >= 12);
    assert!(count(&evolution, &|c| c.level == 3) >= 4);
    assert!(
        count(&evolution, &|c| {
            effects(c)
                .iter()
                .any(|e| matches!(e.op, Op::Search | Op::Reveal))
        }) >= 6
    );
    assert!(count(&evolution, &|c| c.keywords.has(Keywords::DIVINITY)) >= 6);

    let swarm = load_deck(&db, "token-swarm");
    assert!(
        count(&swarm, &|c| effects(c)
            .iter()
            .any(|e| e.op == Op::SummonToken))
            >= 15
    );
    assert!(count(&swarm, &|c| c.keywords.has(Keywords::STACKED)) >= 4);
    assert!(
        count(&swarm, &|c| {
            effects(c).iter().any(|e| {
                e.filter.subtype.is_some()
                    || matches!(e.condition, Condition::AlliesWithSubtype(_, _))
            }) || c.aura_filter.subtype.is_some()
        }) >= 8
    );
    assert!(
        count(&swarm, &|c| effects(c)
            .iter()
            .any(|e| e.target == Target::Adjacent))
            >= 3
    );
}

/// rules/nostalgix.txt: "Fighters & Tokens": "All tokens are Neutral
/// Fighters unless otherwise specifically stated". A bundled token of
/// another type states it on its own card (docs/rulings/nostalgix.md,
/// "Token types").
#[test]
fn a_token_of_a_type_states_it_on_its_card() {
    let db = db();
    let tokens = of_kind(&db, Kind::Token);
    assert!(tokens.len() >= 5);
    for t in tokens {
        if t.element != Element::Neutral {
            let named = format!("{:?}", t.element);
            assert!(t.text.contains(&named), "{}: {:?}", t.name, t.text);
        }
    }
}

/// rules/nostalgix.txt: "Fighters & Tokens" ("All tokens are Neutral
/// Fighters unless otherwise specifically stated") and glossary "Token"
/// (tokens are described where they are summoned: "Summon two 1♥ 1ATK
/// Lifesteal Apple Tokens"): every card that summons a token of a type
/// other than Neutral names that type before the token in its own text
/// ("summon a 1ATK Metal Cog Token with 2♥"), so the card in hand says
/// what the data does (docs/rulings/nostalgix.md, "Token types").
#[test]
fn a_card_that_summons_a_typed_token_states_the_type() {
    let db = db();
    let mut checked = 0;
    for (_, card) in db.cards() {
        for e in effects(card) {
            let Some(token) = e.token.filter(|_| e.op == Op::SummonToken) else {
                continue;
            };
            let token = db.card(token);
            if token.element == Element::Neutral {
                continue;
            }
            let named = format!("{:?} {}", token.element, token.name);
            assert!(
                card.text.contains(&named),
                "{} summons a {:?} {} but its text does not say {named:?}: {:?}",
                card.name,
                token.element,
                token.name,
                card.text
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked} summoners of typed tokens");
}

/// rules/nostalgix.txt: glossary "Subtype" ("A subtype is referenced in the
/// first word of any Fighter card's Ability box") and "Token" (tokens
/// "have a health stat, an attack stat, a subtype"): every bundled Fighter
/// and token has a subtype, and its text begins with it, as the book's
/// "Fox | After this attacks, …" does (docs/rulings/nostalgix.md,
/// "Subtypes").
#[test]
fn every_fighter_and_token_has_a_subtype_its_text_begins_with() {
    let db = db();
    for kind in [Kind::Fighter, Kind::Token] {
        for card in of_kind(&db, kind) {
            let subtype = card
                .subtype
                .unwrap_or_else(|| panic!("{} has no subtype", card.name));
            let first = format!("{} |", db.label(subtype.0));
            assert!(
                card.text.starts_with(&first),
                "{}: {:?} does not begin with {first:?}",
                card.name,
                card.text
            );
        }
    }
}

/// rules/nostalgix.txt: "Deck" and "Deck Building" (the fixture decks are
/// legal decks); every card of the pool but the tokens (which no deck
/// holds: effects summon them) is in a deck the whole-game checks play:
/// a starter deck (`Nostalgix::bundled`) or a fixture deck
/// (`tests/common/nostalgix_fixtures.rs`), which the conformance test, the
/// soak, the log reader and the honesty test all play. A card added to
/// the pool goes into one of them.
#[test]
fn every_card_of_the_pool_is_in_a_deck_the_whole_game_checks_play() {
    let db = db();
    let fixtures = nostalgix_fixtures::decks(&db);
    assert!(fixtures.len() >= 2, "{} fixture decks", fixtures.len());
    let texts = nostalgix_fixtures::texts();
    for ((name, text), deck) in texts.iter().zip(&fixtures) {
        assert_eq!(deck.card_list().len(), DECK_SIZE, "{name}");
        assert!(
            text.starts_with('#'),
            "{name}: say what it is for at the top"
        );
        assert!(
            !STARTER_DECKS.contains(&name.as_str()),
            "{name} is a starter deck's name"
        );
    }
    let played: HashSet<_> = STARTER_DECKS
        .iter()
        .map(|name| load_deck(&db, name))
        .chain(fixtures)
        .flat_map(|d| std::iter::once(d.hero).chain(d.cards.into_iter().map(|(c, _)| c)))
        .collect();
    let left_out: Vec<&str> = db
        .cards()
        .filter(|(id, c)| c.kind != Kind::Token && !played.contains(id))
        .map(|(_, c)| c.name.as_str())
        .collect();
    assert!(
        left_out.is_empty(),
        "in no deck the checks play: {left_out:?}"
    );
}

/// rules/nostalgix.txt: "Equipment" ("or the Equipment is sent to the Void
/// by an effect"), "Arenas" ("can only be destroyed by playing another
/// Arena or by certain card effects"), "Parts of an Attack" step 3
/// ("increase or decrease the amount of damage"), "Parts of a Turn
/// Overview" ("Attack with your Hero if they have any attack points gained
/// by card effects"): each is on a card of the pool.
#[test]
fn the_books_effects_the_format_expresses_are_on_cards() {
    let db = db();
    let checks: [Check<Effect>; 5] = [
        (
            "destroy_equipment",
            Box::new(|e| e.op == Op::DestroyEquipment),
        ),
        ("destroy_arena", Box::new(|e| e.op == Op::DestroyArena)),
        (
            "a step-3 decrease",
            Box::new(|e| e.op == Op::BonusDamage && e.amount < 0),
        ),
        (
            "a step-3 increase",
            Box::new(|e| e.op == Op::BonusDamage && e.amount > 0),
        ),
        (
            "+ATK counters on the own Hero",
            Box::new(|e| e.op == Op::AtkCounters && e.amount > 0 && e.target == Target::OwnHero),
        ),
    ];
    for (what, pred) in checks {
        let cards = cards_with(&db, pred);
        assert!(!cards.is_empty(), "no card has {what}");
    }
}

#[test]
fn random_games_of_the_fixture_decks_pass_the_conformance_checks() {
    // The cards the starter decks leave out (Lifesteal, Immune, mana
    // binding, random discard, Fighters' activated abilities, Equipment
    // and Arenas destroyed…): 3 × 20 seeded random games, every check
    // after every action (the soak checks the invariants alone).
    use decklab::core::conformance::{Checks, random_games};
    let games = if cfg!(debug_assertions) { 4 } else { 20 };
    for (i, game) in nostalgix_fixtures::matchups().iter().enumerate() {
        let report = random_games(game, 5000 + 1000 * i as u64, games, 20_000, Checks::Full)
            .unwrap_or_else(|v| panic!("fixture matchup {i}: {v}"));
        assert_eq!(report.games, games);
    }
}
