//! The person at the table: each decision of theirs is a screen (the
//! events since their last one, the table as their seat sees it, their
//! actions numbered) and a prompt read from a line of input.

use std::io::{self, BufRead, Write};

use serde_json::Value;

use super::super::replay::write_text;
use crate::core::Player;
use crate::play::Describe;
use crate::sim::Decision;

/// The help `?` prints.
pub(super) const HELP: &str = "\
Type the number of an action, or the start of its words if only one action
starts that way, then Enter.
  ?   this help
  q   quit: the game is saved as it stands, marked unfinished
The table shows what your seat may see: the other seats' hands and every
deck as counts, face-down cards face down. The events since your last
decision come first, in the words of `decklab replay --text`.";

/// A person playing one seat through line input and output.
pub struct Person<I, O> {
    input: I,
    output: O,
    seat: Player,
    reveal: bool,
    /// Log lines already shown.
    shown: usize,
    /// The choices made, as the action numbers typed.
    moves: Vec<u32>,
    /// Decisions screened so far.
    decisions: u64,
    /// The first failure to read or write, which ends the game.
    error: Option<io::Error>,
}

impl<I: BufRead, O: Write> Person<I, O> {
    /// A person in seat `seat` reading `input` and writing `output`; with
    /// `reveal`, shown everything (teaching).
    pub fn new(input: I, output: O, seat: Player, reveal: bool) -> Self {
        Person {
            input,
            output,
            seat,
            reveal,
            shown: 0,
            moves: Vec::new(),
            decisions: 0,
            error: None,
        }
    }

    /// The choices made so far: 1-based action numbers.
    pub fn moves(&self) -> &[u32] {
        &self.moves
    }

    /// The output, to write the end of the game to.
    pub fn output(&mut self) -> &mut O {
        &mut self.output
    }

    /// The person's action at decision `d`, or `None` if they quit, the
    /// input ended, or the screen could not be written ([`Person::error`]
    /// says which).
    pub fn decide<G: Describe>(&mut self, game: &G, d: &Decision<'_, G>) -> Option<G::Action> {
        let chosen = self.screen(game, d);
        settle(chosen, &mut self.error)
    }

    /// The failure that ended the game, if any.
    pub fn error(self) -> Option<io::Error> {
        self.error
    }

    /// Writes the log lines not shown yet, as the seat may read them.
    pub fn events<G: Describe>(&mut self, game: &G, log: &[Value]) -> io::Result<()> {
        let lines = new_events(game, log, &mut self.shown, self.seat, self.reveal);
        write_text(&mut self.output, &lines)
    }

    fn screen<G: Describe>(
        &mut self,
        game: &G,
        d: &Decision<'_, G>,
    ) -> io::Result<Option<G::Action>> {
        self.decisions += 1;
        writeln!(self.output, "\n== decision {} ==", self.decisions)?;
        self.events(game, d.log)?;
        let state = if self.reveal { d.state } else { d.view };
        writeln!(self.output)?;
        for line in game.board(state, self.seat, self.reveal) {
            writeln!(self.output, "{line}")?;
        }
        let Actions {
            legal,
            words,
            texts,
        } = Actions::of(game, d.view, d.legal);
        writeln!(self.output, "\nYour actions (seat {}):", self.seat)?;
        for (i, text) in texts.iter().enumerate() {
            writeln!(self.output, "{:>4}  {}", i + 1, words[i])?;
            if let Some(text) = text {
                writeln!(self.output, "        {text}")?;
            }
        }
        loop {
            write!(self.output, "{}> ", self.seat)?;
            self.output.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                writeln!(
                    self.output,
                    "\n(end of input: the game is saved, unfinished)"
                )?;
                return Ok(None);
            }
            match choice(line.trim(), &words) {
                Ok(Choice::Action(i)) => {
                    self.moves.push(i as u32 + 1);
                    return Ok(Some(legal[i]));
                }
                Ok(Choice::Help) => writeln!(self.output, "{HELP}")?,
                Ok(Choice::Quit) => {
                    writeln!(self.output, "(quit: the game is saved, unfinished)")?;
                    return Ok(None);
                }
                Err(why) => writeln!(self.output, "{why}")?,
            }
        }
    }
}

/// The action `chosen`, or `None` after keeping its failure in `error`.
pub(super) fn settle<A>(chosen: io::Result<Option<A>>, error: &mut Option<io::Error>) -> Option<A> {
    chosen.unwrap_or_else(|e| {
        *error = Some(e);
        None
    })
}

/// The log lines after the first `shown` (then all shown), as `seat` may
/// read them: redacted unless `reveal`.
pub(super) fn new_events<G: Describe>(
    game: &G,
    log: &[Value],
    shown: &mut usize,
    seat: Player,
    reveal: bool,
) -> Vec<Value> {
    let mut lines: Vec<Value> = log[(*shown).min(log.len())..].to_vec();
    *shown = log.len();
    if !reveal {
        for line in &mut lines {
            if let Some(fields) = line.as_object_mut() {
                game.redact(fields, seat);
            }
        }
    }
    lines
}

/// A person's legal actions at a decision, in the seat's words.
pub(super) struct Actions<A> {
    /// The legal actions, in the ruleset's order (numbered from 1).
    pub legal: Vec<A>,
    /// Each action in words.
    pub words: Vec<String>,
    /// The text of the card each action is about, the first time the list
    /// names that card.
    pub texts: Vec<Option<String>>,
}

impl<A: Copy> Actions<A> {
    /// The actions `legal` in `view`, the seat's view.
    pub fn of<G: Describe<Action = A>>(game: &G, view: &G::State, legal: &[A]) -> Self {
        let legal = legal.to_vec();
        let mut cards = Vec::new();
        let (mut words, mut texts) = (Vec::new(), Vec::new());
        for &action in &legal {
            let (said, card) = game.action_words(view, action);
            words.push(said);
            texts.push(match card {
                Some(card) if !cards.contains(&card) => {
                    cards.push(card);
                    Some(game.card_text(card))
                }
                _ => None,
            });
        }
        Actions {
            legal,
            words,
            texts,
        }
    }
}

/// What a line of input asks for.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Choice {
    /// The action at this index of the list.
    Action(usize),
    /// `?`.
    Help,
    /// `q`.
    Quit,
}

/// Reads `input` against the actions `words` (numbered from 1), or says
/// why it names none of them.
pub(super) fn choice(input: &str, words: &[String]) -> Result<Choice, String> {
    let n = words.len();
    let range = format!("a number from 1 to {n}, ? for help, q to quit");
    match input {
        "" => return Err(format!("type {range}")),
        "?" => return Ok(Choice::Help),
        "q" | "Q" => return Ok(Choice::Quit),
        _ => {}
    }
    if let Ok(number) = input.parse::<u64>() {
        return match usize::try_from(number) {
            Ok(k) if (1..=n).contains(&k) => Ok(Choice::Action(k - 1)),
            _ => Err(format!("there is no action {number}: type {range}")),
        };
    }
    let lower = input.to_lowercase();
    let matching: Vec<usize> = (0..n)
        .filter(|&i| words[i].to_lowercase().starts_with(&lower))
        .collect();
    match matching.as_slice() {
        [one] => Ok(Choice::Action(*one)),
        [] => Err(format!("no action starts with \"{input}\": type {range}")),
        many => {
            let numbers: Vec<String> = many.iter().map(|i| (i + 1).to_string()).collect();
            Err(format!(
                "\"{input}\" starts {} actions ({}): type its number",
                many.len(),
                numbers.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> Vec<String> {
        [
            "Summon Cinder Imp into slot 1",
            "Summon Cinder Imp into slot 2",
            "End the turn",
        ]
        .map(String::from)
        .to_vec()
    }

    #[test]
    fn numbers_prefixes_help_and_quit() {
        let w = words();
        assert_eq!(choice("3", &w), Ok(Choice::Action(2)));
        assert_eq!(choice("end", &w), Ok(Choice::Action(2)));
        assert_eq!(
            choice("summon cinder imp into slot 2", &w),
            Ok(Choice::Action(1))
        );
        assert_eq!(choice("?", &w), Ok(Choice::Help));
        assert_eq!(choice("q", &w), Ok(Choice::Quit));
    }

    #[test]
    fn says_why_an_input_names_no_action() {
        let w = words();
        let err = |s: &str| choice(s, &w).unwrap_err();
        assert!(err("0").starts_with("there is no action 0: type a number from 1 to 3"));
        assert!(err("4").starts_with("there is no action 4"));
        assert!(err("99999999999999999999999").contains("from 1 to 3"));
        assert!(err("").starts_with("type a number from 1 to 3"));
        assert_eq!(
            err("Sum"),
            "\"Sum\" starts 2 actions (1, 2): type its number"
        );
        assert!(err("attack").starts_with("no action starts with \"attack\""));
    }
}
