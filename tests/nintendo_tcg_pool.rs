//! The bundled Nintendo TCG card pool (`decks/nintendo-tcg/cards.toml`)
//! and its starter decks: every deck is legal, every card is used, and the
//! pool covers every rule and keyword of the rulebook.

use decklab::games::Ruleset;
use decklab::games::nintendo_tcg::cards::{Card, Effect, Kind, Op, Target, Timing, Trigger};
use decklab::games::nintendo_tcg::deck::Deck;
use decklab::games::nintendo_tcg::state::DECK_SIZE;
use decklab::games::nintendo_tcg::{BUNDLED_DECKS, NintendoTcg};

/// Every effect printed on a card.
fn effects(card: &Card) -> Vec<&Effect> {
    card.abilities
        .iter()
        .flat_map(|a| a.effects.iter())
        .collect()
}

#[test]
fn the_pool_has_at_least_25_original_cards() {
    let db = NintendoTcg::bundled_cards();
    assert!(db.len() >= 25, "{} cards", db.len());
    for (_, c) in db.cards() {
        if c.is_character() {
            assert!(c.hp > 0, "{}", c.name);
        }
        assert!(
            !c.text.is_empty() || (c.abilities.is_empty() && c.aura.is_empty() && c.on_attack == 0),
            "{}: rules without text",
            c.name
        );
    }
}

#[test]
fn starter_decks_are_legal_and_use_every_card() {
    let db = NintendoTcg::bundled_cards();
    let mut used = vec![false; db.len()];
    assert!(BUNDLED_DECKS.len() >= 2);
    for (name, text) in BUNDLED_DECKS {
        let path = format!("decks/nintendo-tcg/{name}.deck");
        let on_disk = std::fs::read_to_string(&path).expect("deck file");
        assert_eq!(on_disk, text, "{path} is the bundled copy");
        let deck = Deck::parse(text, &path, &db).unwrap_or_else(|e| panic!("{e:?}"));
        let main = deck
            .card_list()
            .iter()
            .filter(|&&c| !db.card(c).extra())
            .count();
        assert_eq!(main, DECK_SIZE);
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
    let db = NintendoTcg::bundled_cards();
    let cards: Vec<&Card> = db.cards().map(|(_, c)| c).collect();
    let any = |what: &str, pred: &dyn Fn(&Card) -> bool| {
        assert!(cards.iter().any(|c| pred(c)), "no card covers {what}");
    };
    // Card types (rules: "4" to "9").
    for kind in [
        Kind::Character,
        Kind::Assistant,
        Kind::Area,
        Kind::Item,
        Kind::Effect,
        Kind::Token,
    ] {
        any(kind.name(), &|c| c.kind == kind);
    }
    any("commander", &|c| c.commander);
    any("general", &|c| c.general_to.is_some());
    any("required character", &|c| {
        c.required && c.kind == Kind::Character
    });
    any("required item", &|c| c.required && c.kind == Kind::Item);
    any("sub-area", &|c| c.sub_area_of.is_some());
    any("mask", &|c| c.mask);
    any("instrument", &|c| c.instrument);
    any("song", &|c| c.song);
    any("two elements", &|c| c.elements.0.count_ones() == 2);
    any("sub-types", &|c| !c.subtypes.is_empty());
    // Effect kinds (rules: "4", "7", "8").
    for timing in [
        Timing::Normal,
        Timing::Attack,
        Timing::Timed,
        Timing::Instant,
    ] {
        any(&format!("{timing:?} character effect"), &|c| {
            c.kind == Kind::Character && c.abilities.iter().any(|a| a.timing == timing)
        });
    }
    any("constant character effect", &|c| c.on_attack > 0);
    any("constant character aura", &|c| {
        c.kind == Kind::Character && !c.aura.is_empty()
    });
    any("attack item", &|c| {
        c.kind == Kind::Item && c.abilities.iter().any(|a| a.timing == Timing::Attack)
    });
    any("instant item", &|c| {
        c.kind == Kind::Item && c.abilities.iter().any(|a| a.timing == Timing::Instant)
    });
    any("timed item", &|c| c.aura.opponent_turn);
    for timing in [
        Timing::Timed,
        Timing::Instant,
        Timing::Constant,
        Timing::Attack,
    ] {
        any(&format!("{timing:?} effect card"), &|c| {
            c.kind == Kind::Effect && c.timing == timing
        });
    }
    for trigger in Trigger::ALL {
        any(trigger.name(), &|c| c.answers(trigger));
    }
    any("assistant discount", &|c| {
        c.kind == Kind::Assistant && c.aura.discount > 0
    });
    any("area effect for both sides", &|c| {
        c.kind == Kind::Area && c.abilities.iter().any(|a| a.timing == Timing::Normal)
    });
    any("hand cost on an effect", &|c| {
        c.abilities
            .iter()
            .any(|a| a.cost > 0 && a.timing != Timing::Timed)
    });
    any("coin flip", &|c| c.abilities.iter().any(|a| a.coin));
    any("element filter", &|c| {
        effects(c).iter().any(|e| e.elements.0 != 0) || c.aura.elements.0 != 0
    });
    any("search listed anywhere", &|c| {
        effects(c).iter().any(|e| e.filter.anywhere)
    });
    any("search by exact sub-type", &|c| {
        effects(c)
            .iter()
            .any(|e| e.filter.subtype.is_some() && !e.filter.anywhere)
    });
    any("search by level", &|c| {
        effects(c).iter().any(|e| e.filter.level.is_some())
    });
    for op in [
        Op::Damage,
        Op::Heal,
        Op::Draw,
        Op::Reduce,
        Op::Boost,
        Op::Tap,
        Op::Freeze,
        Op::Poison,
        Op::Search,
        Op::Summon,
        Op::Token,
        Op::Fetch,
        Op::Power,
        Op::Negate,
        Op::Banish,
        Op::Vitality,
        Op::DestroyArea,
    ] {
        any(&format!("{op:?}"), &|c| {
            effects(c).iter().any(|e| e.op == op)
        });
    }
    for target in [
        Target::AllEnemies,
        Target::AllAllies,
        Target::All,
        Target::ChosenAlly,
        Target::This,
    ] {
        any(&format!("{target:?}"), &|c| {
            effects(c).iter().any(|e| e.target == target)
        });
    }
}
