//! The bundled Pixel Tactics card pool (`decks/pixel-tactics/cards.toml`)
//! and its starter decks: every deck is legal, every card is used, and the
//! pool covers every mechanic the rulebook lists.

use decklab::games::Ruleset;
use decklab::games::pixel_tactics::cards::{
    Ability, Card, Cost, Effect, Keywords, Op, Per, Power, Trigger,
};
use decklab::games::pixel_tactics::deck::Deck;
use decklab::games::pixel_tactics::state::DECK_SIZE;
use decklab::games::pixel_tactics::{BUNDLED_DECKS, PixelTactics};

/// Every power of a card: the Leader's and the three Hero powers.
fn powers(card: &Card) -> impl Iterator<Item = &Power> {
    std::iter::once(&card.leader).chain(card.powers.iter())
}

/// Every ability of a card: Spells, Leader actions, the Order.
fn abilities(card: &Card) -> Vec<&Ability> {
    let mut v: Vec<&Ability> = powers(card)
        .flat_map(|p| p.spell.iter().chain(p.action.iter()))
        .collect();
    v.extend(card.order.iter());
    v
}

/// Every effect printed on a card.
fn effects(card: &Card) -> Vec<&Effect> {
    let mut v: Vec<&Effect> = abilities(card)
        .into_iter()
        .flat_map(|a| a.effects.iter())
        .collect();
    v.extend(powers(card).flat_map(|p| p.reaction.iter().flat_map(|r| r.effects.iter())));
    v
}

#[test]
fn the_pool_has_at_least_25_original_cards() {
    let db = PixelTactics::bundled_cards();
    assert!(db.len() >= 25, "{} cards", db.len());
    for (_, c) in db.cards() {
        assert!(c.leader_life > 0 && c.life > 0, "{}", c.name);
        for p in powers(c) {
            assert!(
                !p.text.is_empty() || *p == Power::default(),
                "{}: a power without text",
                c.name
            );
        }
    }
}

#[test]
fn starter_decks_are_legal_and_use_every_card() {
    let db = PixelTactics::bundled_cards();
    let mut used = vec![false; db.len()];
    assert!(BUNDLED_DECKS.len() >= 2);
    for (name, text) in BUNDLED_DECKS {
        let path = format!("decks/pixel-tactics/{name}.deck");
        let on_disk = std::fs::read_to_string(&path).expect("deck file");
        assert_eq!(on_disk, text, "{path} is the bundled copy");
        let deck = Deck::parse(text, &path, &db).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(deck.card_list().len(), DECK_SIZE);
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
fn every_listed_mechanic_has_a_card() {
    let db = PixelTactics::bundled_cards();
    let cards: Vec<&Card> = db.cards().map(|(_, c)| c).collect();
    let any = |what: &str, pred: &dyn Fn(&Card) -> bool| {
        assert!(cards.iter().any(|c| pred(c)), "no card covers {what}");
    };
    let effect = |op: Op| move |c: &Card| effects(c).iter().any(|e| e.op == op);
    let keyword = |k: Keywords| {
        move |c: &Card| {
            powers(c).any(|p| p.keywords.has(k) || p.aura.is_some_and(|a| a.keywords.has(k)))
        }
    };
    any("melee (a Hero without Ranged)", &|c| {
        !c.powers[0].keywords.has(Keywords::RANGED)
    });
    any("ranged", &keyword(Keywords::RANGED));
    any("intercept", &keyword(Keywords::INTERCEPT));
    any("healing", &effect(Op::Heal));
    any("revival", &effect(Op::Revive));
    any("instant defeat", &effect(Op::Defeat));
    any("damage", &effect(Op::Damage));
    any("draw", &effect(Op::Draw));
    any("discard", &effect(Op::Discard));
    any("gaining actions", &effect(Op::GainActions));
    any("corpse use", &|c| {
        powers(c).any(|p| p.attack_per_corpse > 0)
            || effects(c).iter().any(|e| e.per == Per::OwnCorpse)
    });
    any("orders", &|c| c.order.is_some());
    any("spells", &|c| powers(c).any(|p| p.spell.is_some()));
    any("leader actions", &|c| c.leader.action.is_some());
    any("leader auras", &|c| c.leader.aura.is_some());
    any("armor", &|c| powers(c).any(|p| p.armor > 0));
    for cost in [Cost::Long, Cost::Free] {
        any(&format!("{cost:?} attacks"), &|c| {
            powers(c).any(|p| p.attack_cost == cost)
        });
        any(&format!("{cost:?} spells or actions"), &|c| {
            abilities(c).iter().any(|a| a.cost == cost)
        });
    }
    any("limited actions", &|c| {
        abilities(c).iter().any(|a| a.limited)
    });
    for trigger in [
        Trigger::Recruited,
        Trigger::Attacked,
        Trigger::AfterAttack,
        Trigger::AllyDefeated,
        Trigger::WaveEnd,
    ] {
        any(trigger.name(), &|c| {
            powers(c).any(|p| p.reaction.as_ref().is_some_and(|r| r.on == trigger))
        });
    }
}
