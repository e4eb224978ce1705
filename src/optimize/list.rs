//! A deck list edited one copy at a time, as text: the lines a player
//! wrote (comments, `Key: Name` lines, sections) stay as they were, and a
//! swap only changes the count of the card going out and of the card
//! coming in. Whether the result is a legal deck is the ruleset's to say
//! (its `parse_deck`), not this module's.

use crate::core::{CardDef, CardId, CardPool, DeckList};

/// The `<count> <Card Name>` lines of `text`, read against `pool` as
/// deck files are (unknown cards and `Key: Name` lines left out).
fn card_lines<C: CardDef>(text: &str, pool: &CardPool<C>) -> Vec<(CardId, u32, usize)> {
    DeckList::parse(text, "", pool, &[])
        .lines
        .iter()
        .filter_map(|l| Some((l.card?, l.copies, l.line)))
        .collect()
}

/// The cards of `text`, with their copies merged across lines, in list
/// order.
pub fn cards<C: CardDef>(text: &str, pool: &CardPool<C>) -> Vec<(CardId, u32)> {
    DeckList::parse(text, "", pool, &[])
        .cards()
        .into_iter()
        .map(|(card, copies, _)| (card, copies))
        .collect()
}

/// `text` with one copy of `out` replaced by one of `into`: the count of
/// `out`'s last line goes down (the line goes when it reaches 0) and the
/// count of `into`'s line goes up; a card new to the list gets the line
/// `1 <Name>` where `out`'s line is (or right after it). `None` if `out`
/// is not in the list or is `into`.
pub fn swap<C: CardDef>(
    text: &str,
    pool: &CardPool<C>,
    out: CardId,
    into: CardId,
) -> Option<String> {
    if out == into {
        return None;
    }
    let found = card_lines(text, pool);
    let &(_, out_copies, out_line) = found.iter().rev().find(|(c, _, _)| *c == out)?;
    let into_line = found.iter().find(|(c, _, _)| *c == into).copied();
    let mut lines: Vec<String> = text
        .strip_prefix('\u{feff}')
        .unwrap_or(text)
        .lines()
        .map(str::to_owned)
        .collect();
    let name = |card: CardId| pool.card(card).name().to_owned();
    // Line numbers are 1-based.
    let at = out_line - 1;
    let mut new_line = None;
    if let Some((_, copies, line)) = into_line {
        lines[line - 1] = recount(&lines[line - 1], copies + 1, &name(into));
    } else {
        new_line = Some(format!("1 {}", name(into)));
    }
    match (out_copies - 1, new_line) {
        (0, Some(new)) => lines[at] = new,
        (0, None) => {
            lines.remove(at);
        }
        (left, new) => {
            lines[at] = recount(&lines[at], left, &name(out));
            if let Some(new) = new {
                lines.insert(at + 1, new);
            }
        }
    }
    let mut edited = lines.join("\n");
    edited.push('\n');
    Some(edited)
}

/// The card line `line` written again with `copies` copies of `name`,
/// keeping its comment.
fn recount(line: &str, copies: u32, name: &str) -> String {
    match line.split_once('#') {
        Some((_, comment)) => format!("{copies} {name}  #{comment}"),
        None => format!("{copies} {name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Ruleset;
    use crate::games::nostalgix::Nostalgix;

    fn id(pool: &CardPool<<Nostalgix as Ruleset>::Card>, name: &str) -> CardId {
        pool.id(name).unwrap()
    }

    #[test]
    fn a_swap_moves_one_copy_and_keeps_the_rest_of_the_text() {
        let pool = Nostalgix::bundled_cards();
        let text = "# mine\nHero: Sable Quickfuse\n4 Cinder Imp  # cheap\n2 Blaze Hound\n";
        let (imp, hound) = (id(&pool, "Cinder Imp"), id(&pool, "Blaze Hound"));
        let medic = id(&pool, "Village Medic");
        assert_eq!(
            swap(text, &pool, imp, medic).unwrap(),
            "# mine\nHero: Sable Quickfuse\n3 Cinder Imp  # cheap\n1 Village Medic\n2 Blaze Hound\n"
        );
        assert_eq!(
            swap(text, &pool, hound, imp).unwrap(),
            "# mine\nHero: Sable Quickfuse\n5 Cinder Imp  # cheap\n1 Blaze Hound\n"
        );
        let once = "1 Blaze Hound\n2 Cinder Imp\n";
        assert_eq!(
            swap(once, &pool, hound, medic).unwrap(),
            "1 Village Medic\n2 Cinder Imp\n"
        );
        assert_eq!(swap(once, &pool, hound, imp).unwrap(), "3 Cinder Imp\n");
        assert_eq!(swap(once, &pool, medic, imp), None);
        assert_eq!(swap(once, &pool, imp, imp), None);
    }

    #[test]
    fn cards_merge_lines_in_list_order() {
        let pool = Nostalgix::bundled_cards();
        let text = "Hero: Sable Quickfuse\n2 Cinder Imp\n1 Blaze Hound\n1 cinder imp\n";
        let (imp, hound) = (id(&pool, "Cinder Imp"), id(&pool, "Blaze Hound"));
        assert_eq!(cards(text, &pool), vec![(imp, 3), (hound, 1)]);
    }
}
