use super::*;
use crate::core::split_mix;

/// A made-up game: the deck is 5 cards `c0`…`c9`, at most 2 copies each;
/// a deck wins the game (block, pairing, round) when a draw `u` of that
/// game falls below 0.5 plus the sum of its cards' values. Two decks see
/// the same `u`, so their games differ only where their chances straddle
/// it, as paired games do.
struct Toy {
    values: [f64; 10],
}

impl Toy {
    fn parse(deck: &str) -> Vec<(usize, u32)> {
        deck.lines()
            .map(|l| {
                let (n, name) = l.split_once(' ').unwrap();
                (name[1..].parse().unwrap(), n.parse().unwrap())
            })
            .collect()
    }

    fn text(cards: &[(usize, u32)]) -> String {
        cards.iter().map(|(c, n)| format!("{n} c{c}\n")).collect()
    }
}

impl Arena for Toy {
    fn pairings(&self) -> usize {
        2
    }

    fn cards(&self, deck: &str) -> Vec<String> {
        Toy::parse(deck)
            .iter()
            .map(|(c, _)| format!("c{c}"))
            .collect()
    }

    fn pool(&self) -> Vec<String> {
        (0..10).map(|c| format!("c{c}")).collect()
    }

    fn swap(&self, deck: &str, out: &str, into: &str) -> Option<String> {
        let (out, into): (usize, usize) = (out[1..].parse().ok()?, into[1..].parse().ok()?);
        let mut cards = Toy::parse(deck);
        let o = cards.iter().position(|(c, _)| *c == out)?;
        if out == into {
            return None;
        }
        cards[o].1 -= 1;
        match cards.iter_mut().find(|(c, _)| *c == into) {
            Some((_, n)) if *n >= 2 => return None,
            Some((_, n)) => *n += 1,
            None => cards.push((into, 1)),
        }
        cards.retain(|(_, n)| *n > 0);
        Some(Toy::text(&cards))
    }

    fn play(
        &mut self,
        deck: &str,
        block: u64,
        rounds: Range<u64>,
        iwd: bool,
    ) -> anyhow::Result<Option<Played>> {
        let cards = Toy::parse(deck);
        let chance = 0.5
            + cards
                .iter()
                .map(|&(c, n)| f64::from(n) * self.values[c])
                .sum::<f64>();
        let units = (0..2u64)
            .map(|p| {
                rounds
                    .clone()
                    .map(|r| {
                        let u = split_mix(split_mix(block * 7 + p) ^ r) as f64 / u64::MAX as f64;
                        if u < chance { UNITS_PER_GAME } else { 0 }
                    })
                    .collect()
            })
            .collect();
        let iwd = if iwd {
            cards
                .iter()
                .map(|&(c, _)| (format!("c{c}"), self.values[c]))
                .collect()
        } else {
            Vec::new()
        };
        Ok(Some(Played { units, iwd }))
    }
}

const PLAN: Plan = Plan {
    screen: 50,
    confirm: 2000,
    alpha: 0.05,
};

#[test]
fn the_levels_of_the_confirmations_add_up_to_alpha_at_most() {
    assert_eq!(PLAN.level(1), 0.025);
    let sum: f64 = (1..10_000).map(|k| PLAN.level(k)).sum();
    assert!(sum < 0.05 && sum > 0.0499, "{sum}");
}

#[test]
fn a_race_halves_its_candidates_and_doubles_their_rounds() {
    assert_eq!(PLAN.stages(5), vec![(5, 50), (3, 100), (2, 200)]);
    assert_eq!(PLAN.race_cost(5), 5 * 50 + 3 * 50 + 2 * 100);
    assert_eq!(PLAN.race_rounds(1), 0);
    assert_eq!(PLAN.race_cost(1), 0);
}

/// A list of c0 c0 c1 c2 c3 where c1 is bad and c7 is good.
fn weakened() -> (Toy, String) {
    let mut values = [0.0; 10];
    values[1] = -0.08;
    values[7] = 0.06;
    (Toy { values }, "2 c0\n1 c1\n1 c2\n1 c3\n".to_owned())
}

#[test]
fn the_search_swaps_the_bad_card_for_the_good_one_then_stops() {
    let (mut toy, deck) = weakened();
    let mut search = Search::new(PLAN, deck);
    while search.end.is_none() {
        assert_eq!(search.step(&mut toy, 1_000_000).unwrap(), Stepped::Done);
    }
    let first = &search.rows[0];
    assert_eq!((first.out.as_str(), first.into.as_str()), ("c1", "c7"));
    assert!(first.accepted && first.low > 0.1, "{first:?}");
    assert!(
        (first.after - first.before - 0.14).abs() < 0.02,
        "{first:?}"
    );
    // Then c7 again for a neutral card (+6 points), and nothing better.
    assert_eq!(search.kept().count(), 2, "{:?}", search.rows);
    assert_eq!(search.end, Some(End::NotConfirmed));
    assert_eq!(search.deck, "1 c0\n1 c2\n1 c3\n2 c7\n");
    let spent: u64 = search.rows.iter().map(|r| r.step_games).sum();
    assert_eq!(search.games, spent);
}

#[test]
fn a_list_no_swap_improves_keeps_nothing() {
    // Every card of the list is as good as the best of the pool.
    let mut values = [0.0; 10];
    for (c, v) in values.iter_mut().enumerate().skip(4) {
        *v = -0.01 * c as f64;
    }
    let mut toy = Toy { values };
    let mut search = Search::new(PLAN, "2 c0\n1 c1\n1 c2\n1 c3\n".to_owned());
    assert_eq!(search.step(&mut toy, 1_000_000).unwrap(), Stepped::Done);
    assert_eq!(search.end, Some(End::NotConfirmed), "{:?}", search.rows);
    assert_eq!(search.kept().count(), 0);
    assert_eq!(search.deck, "2 c0\n1 c1\n1 c2\n1 c3\n");
    // And a budget below a step's cost plays nothing.
    let mut search = Search::new(PLAN, "2 c0\n1 c1\n1 c2\n1 c3\n".to_owned());
    let cost = search.step_cost(&toy);
    assert_eq!(
        search.step(&mut toy, cost - 1).unwrap(),
        Stepped::Budget(cost)
    );
    assert_eq!(search.games, 0);
}
