//! The bundled Astrom Cross card pool (`decks/astrom-cross/cards.toml`)
//! and its starter decks: every deck is legal, every card is used, and the
//! pool covers every rule and keyword of the rulebook.

use decklab::games::astrom_cross::BUNDLED_DECKS;
use decklab::games::astrom_cross::cards::{Card, CardDb, Effect, Keywords, Kind, Op, Target, When};
use decklab::games::astrom_cross::deck::Deck;
use decklab::games::astrom_cross::state::{DECK_SIZE, LOCATION_DECK_SIZE};

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
    let db = CardDb::bundled();
    let main = db.cards().filter(|(_, c)| c.kind.in_main_deck()).count();
    assert!(main >= 25, "{main} main-deck cards");
    for kind in [Kind::Ancient, Kind::Location] {
        assert!(db.cards().any(|(_, c)| c.kind == kind), "no {kind:?}");
    }
}

#[test]
fn starter_decks_are_legal_and_use_every_card() {
    let db = CardDb::bundled();
    let mut used = vec![false; db.len()];
    assert!(BUNDLED_DECKS.len() >= 2);
    for (name, text) in BUNDLED_DECKS {
        let path = format!("decks/astrom-cross/{name}.deck");
        let on_disk = std::fs::read_to_string(&path).expect("deck file");
        assert_eq!(on_disk, text, "{path} is the bundled copy");
        let deck = Deck::parse(text, &path, &db).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(deck.main_list().len(), DECK_SIZE);
        assert_eq!(deck.location_list().len(), LOCATION_DECK_SIZE);
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
    let db = CardDb::bundled();
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
        Op::Ready,
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
