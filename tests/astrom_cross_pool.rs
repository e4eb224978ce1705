//! The bundled Astrom Cross card pool (`decks/astrom-cross/cards.toml`)
//! and its starter decks: every deck is legal, every card is used, and the
//! pool covers every rule and keyword of the rulebook.

use decklab::games::Ruleset;
use decklab::games::astrom_cross::cards::{Card, CardDb, Effect, Keywords, Kind, Op, Target, When};
use decklab::games::astrom_cross::deck::Deck;
use decklab::games::astrom_cross::state::{DECK_SIZE, LOCATION_DECK_SIZE};
use decklab::games::astrom_cross::{AstromCross, BUNDLED_DECKS};

/// Every effect printed on a card: its own, its abilities', its
/// trigger's.
fn effects(card: &Card) -> Vec<&Effect> {
    card.effects
        .iter()
        .chain(card.trigger.iter())
        .chain(card.abilities.iter().flat_map(|a| a.effects.iter()))
        .collect()
}

#[test]
fn the_pool_has_at_least_25_original_cards_plus_ancients_and_locations() {
    let db = AstromCross::bundled_cards();
    let main = db.cards().filter(|(_, c)| c.kind.in_main_deck()).count();
    assert!(main >= 25, "{main} main-deck cards");
    for kind in [Kind::Ancient, Kind::Location] {
        assert!(db.cards().any(|(_, c)| c.kind == kind), "no {kind:?}");
    }
}

#[test]
fn starter_decks_are_legal_and_use_every_card() {
    let db = AstromCross::bundled_cards();
    let mut used = vec![false; db.len()];
    assert!(BUNDLED_DECKS.len() >= 2);
    for (name, text) in BUNDLED_DECKS {
        let path = format!("decks/astrom-cross/{name}.deck");
        let on_disk = std::fs::read_to_string(&path).expect("deck file");
        assert_eq!(on_disk, text, "{path} is the bundled copy");
        let deck = Deck::parse(text, &path, &db).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(deck.main_list().count(), DECK_SIZE);
        assert_eq!(deck.location_list().count(), LOCATION_DECK_SIZE);
        for c in deck.card_list() {
            used[c.0 as usize] = true;
        }
    }
    let unused: Vec<&str> = db
        .cards()
        .filter(|(id, _)| !used[id.0 as usize])
        .map(|(_, c)| c.name.as_str())
        .collect();
    assert!(unused.is_empty(), "cards in no starter deck: {unused:?}");
}

#[test]
fn every_rule_and_keyword_has_a_card() {
    let db = AstromCross::bundled_cards();
    let cards: Vec<&Card> = db.cards().map(|(_, c)| c).collect();
    let any = |what: &str, pred: &dyn Fn(&Card) -> bool| {
        assert!(cards.iter().any(|c| pred(c)), "no card covers {what}");
    };
    for kind in [Kind::Warrior, Kind::Event, Kind::Item, Kind::Technique] {
        any(kind.name(), &|c| c.kind == kind);
    }
    // "SUMMONING WARRIORS": attributes counted; "CONSUME TO WASTELAND";
    // "SOUL COST"; wastelands still pay for non-attribute costs.
    any("attribute requirements", &|c| {
        c.requires.iter().any(|n| n.attr.is_some())
    });
    any("non-attribute (any) requirements", &|c| {
        c.requires.iter().any(|n| n.attr.is_none())
    });
    any("consume to wasteland", &|c| c.consume.is_some());
    any("soul cost", &|c| c.souls > 0);
    any("a location ability", &|c| {
        c.kind == Kind::Location && c.power > 0
    });
    any("a location with two attributes", &|c| {
        c.attrs.0.count_ones() == 2
    });
    // "DAMAGE STEP": Damage Values and triggers.
    any("a Damage Value of 0", &|c| {
        c.kind.in_main_deck() && c.damage == 0
    });
    any("a Damage Value of 2", &|c| c.damage == 2);
    any("a trigger", &|c| !c.trigger.is_empty());
    any("team strikes above 1", &|c| c.strikes > 1);
    // Keywords: [HIDE] ("SET AN ENTITY") and ours.
    for (what, k) in [
        ("Hide", Keywords::HIDE),
        ("Pierce", Keywords::PIERCE),
        ("Guard", Keywords::GUARD),
    ] {
        any(what, &|c| c.keywords.has(k));
    }
    any("keywords given by an item", &|c| {
        c.kind == Kind::Item && c.keywords.0 != 0
    });
    // Ability timings: beginning of turn, when summoned, attacking,
    // defending, battling, end of turn, rest abilities.
    for on in When::ALL {
        any(on.name(), &|c| c.abilities.iter().any(|a| a.on == on));
    }
    // Every verb of the effect vocabulary.
    for op in [
        Op::Power,
        Op::Damage,
        Op::Destroy,
        Op::Stun,
        Op::Rest,
        Op::Draw,
        Op::Heal,
        Op::Soul,
        Op::Discard,
        Op::Negate,
    ] {
        any(&format!("{op:?}"), &|c| {
            effects(c).iter().any(|e| e.op == op)
        });
    }
    // Targets of battles and choices.
    for t in [
        Target::This,
        Target::OwnBattler,
        Target::EnemyBattler,
        Target::ChosenAlly,
        Target::ChosenEnemy,
        Target::AllAllies,
        Target::AllEnemies,
        Target::Attacker,
    ] {
        any(&format!("{t:?}"), &|c| {
            effects(c).iter().any(|e| e.target == t)
        });
    }
}

/// Mutations of the real files (dropped, doubled and swapped lines, numbers
/// made huge or zero, unknown words) never panic the loaders, and every
/// error names the file.
#[test]
fn loaders_never_panic_on_mutated_files() {
    use decklab::core::{below, rng_from_seed};
    use decklab::games::astrom_cross::cards::BUNDLED_CARDS;
    let cases = if cfg!(debug_assertions) { 150 } else { 1500 };
    let db = AstromCross::bundled_cards();
    let mut rng = rng_from_seed(77);
    let swaps = [
        "0",
        "255",
        "99999",
        "-1",
        "\"x\"",
        "[]",
        "ember",
        "any",
        "chosen_ally",
    ];
    for case in 0..cases {
        let (path, text) = if case % 2 == 0 {
            ("cards.toml", BUNDLED_CARDS)
        } else {
            ("d.deck", BUNDLED_DECKS[case % BUNDLED_DECKS.len()].1)
        };
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        for _ in 0..1 + below(&mut rng, 3) {
            let n = lines.len() as u32;
            let i = below(&mut rng, n) as usize;
            let j = below(&mut rng, n) as usize;
            match below(&mut rng, 4) {
                0 => {
                    lines.remove(i);
                }
                1 => lines.insert(i, lines[j].clone()),
                2 => lines.swap(i, j),
                _ => {
                    let word = swaps[below(&mut rng, swaps.len() as u32) as usize];
                    let line = &lines[i];
                    lines[i] = match line.rfind(['=', ' ']) {
                        Some(k) => format!("{} {word}", &line[..k + 1]),
                        None => word.to_string(),
                    };
                }
            }
        }
        let mutated = lines.join("\n");
        if path == "cards.toml" {
            if let Err(e) = CardDb::parse(&mutated, path) {
                assert!(
                    e.to_string().lines().all(|l| l.starts_with("cards.toml")),
                    "{e}"
                );
            }
        } else if let Err(e) = Deck::parse(&mutated, path, &db) {
            assert!(e.iter().all(|d| d.path == "d.deck"), "{e:?}");
        }
    }
    let mut db = AstromCross::bundled_cards();
    for spec in [
        "",
        "=",
        ".=",
        "Cinder Scout.=1",
        "x.y.z=999",
        "Cinder Scout.damage=99",
    ] {
        assert!(db.apply_override(spec).is_err(), "{spec}");
    }
}
