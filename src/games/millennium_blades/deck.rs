//! Starter decks: what `--deck` chooses for each seat (rules: "Game Setup",
//! step 5: each player gets a starter deck, "either randomly or of their
//! choice"). A list of 9 cards, written as players write them:
//!
//! ```text
//! # comments start with '#'
//! 1 Ember Squire
//! 1 Coin Pouch
//! ```
//!
//! The bundled starter decks are 6 singles, a deck box and 2 accessories;
//! any 9 cards that are not metagame cards make a legal starter deck, so a
//! designer can try others (a deck over the tournament limits is trimmed
//! at random, as the rulebook's "Illegal Decks" says). What such a deck
//! does not play as written is said in warnings ([`warnings`]): `decklab
//! validate` prints them and passes the deck, `simulate --pre-release`
//! prints the trims as notes.

use super::cards::{CardDb, CardId, Kind, Tier};
use super::state::{DECK_ACCESSORIES, DECK_SINGLES};
use crate::core::DeckList;
use crate::diagnostics::Diagnostic;

/// Cards in a starter deck.
pub const STARTER_SIZE: u32 = 9;

/// A legal starter deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// The deck's name (its file stem), as written in reports.
    pub name: String,
    /// (card, copies) in list order; copies add up to [`STARTER_SIZE`].
    pub cards: Vec<(CardId, u8)>,
}

impl Deck {
    /// Parses and checks a starter deck; `path` names it in messages.
    pub fn parse(text: &str, path: &str, db: &CardDb) -> Result<Deck, Vec<Diagnostic>> {
        let mut list = DeckList::parse(text, path, db, &[]);
        list.check_each(|c| match db.card(c).kind {
            k if k.is_meta() => Err(format!(
                "\"{}\" is a metagame card: it is never in a player's deck",
                db.card(c).name
            )),
            _ => Ok(()),
        });
        let total = list.total();
        if total != STARTER_SIZE {
            list.error(
                0,
                format!(
                    "the deck has {total} cards; a starter deck holds exactly {STARTER_SIZE} \
                     (rules: \"Components\": starter decks of 9 cards)"
                ),
            );
        }
        list.finish(|l| Deck {
            name: l.name.clone(),
            cards: l
                .cards()
                .into_iter()
                .map(|(c, n, _)| (c, n.min(255) as u8))
                .collect(),
        })
    }

    /// The singles of the deck.
    pub fn singles(&self, db: &CardDb) -> u32 {
        self.cards
            .iter()
            .filter(|(c, _)| db.card(*c).kind == Kind::Single)
            .map(|(_, n)| u32::from(*n))
            .sum()
    }
}

/// What the legal starter deck `text` (the file `path`) does not play as
/// written, one warning per line at fault, then the whole deck's: a card
/// listed more than once, which a tournament deck holds once (rules:
/// "Build your Deck": "You may only have one copy of any card in your
/// deck!"), and kinds over the deck's limits (8 singles, 1 deck box, 2
/// accessories), which the Pre-Release trims (rules: "Illegal Decks");
/// unless `trims_only`, also a card of no starter set, which a printed
/// starter deck never holds (rules: "Components": "6 Starter Decks (9
/// cards each)") and which comes on top of its set's copies.
pub fn warnings(text: &str, path: &str, db: &CardDb, trims_only: bool) -> Vec<Diagnostic> {
    let list = DeckList::parse(text, path, db, &[]);
    let mut out = Vec::new();
    let pre_release = "the Pre-Release (--pre-release)";
    let cards = list.cards();
    for &(id, copies, line) in &cards {
        let c = db.card(id);
        if !trims_only && c.tier != Tier::Starter {
            out.push(Diagnostic::new(
                path,
                line,
                format!(
                    "\"{}\" is a card of the {} set \"{}\", not a starter card: a printed starter \
                     deck holds none (rules: \"Components\": \"6 Starter Decks\"), and this copy \
                     comes on top of the {} its set prints",
                    c.name,
                    c.tier.name(),
                    db.label(c.set),
                    c.copies
                ),
            ));
        }
        if copies > 1 {
            let printed = if copies > u32::from(c.copies) {
                format!(" (its set \"{}\" prints {})", db.label(c.set), c.copies)
            } else {
                String::new()
            };
            out.push(Diagnostic::new(
                path,
                line,
                format!(
                    "{copies} copies of \"{}\"{printed}: a deck holds one copy of a card (rules: \
                     \"Build your Deck\"), so {pre_release} plays 1 and puts {} in the binder \
                     (rules: \"Illegal Decks\")",
                    c.name,
                    copies - 1
                ),
            ));
        }
    }
    for (kind, what, limit) in [
        (Kind::Single, "singles", DECK_SINGLES),
        (Kind::DeckBox, "deck boxes", 1),
        (Kind::Accessory, "accessories", DECK_ACCESSORIES),
    ] {
        let n = cards
            .iter()
            .filter(|(id, _, _)| db.card(*id).kind == kind)
            .count();
        if n > limit {
            out.push(Diagnostic::new(
                path,
                0,
                format!(
                    "{n} different {what}: a deck holds at most {limit} (rules: \"Build your \
                     Deck\"), so {pre_release} plays {limit} of them chosen at random and puts {} \
                     in the binder (rules: \"Illegal Decks\")",
                    n - limit
                ),
            ));
        }
    }
    out
}
