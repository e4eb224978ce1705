//! The person at a terminal: one full screen per decision (ratatui), the
//! table as their seat sees it beside the event log, their actions below
//! it, numbered, with the text of the card each is about, and an input
//! line. It shows what the line prompts show ([`super::person`] builds
//! both from the seat's view), laid out.
//!
//! Keys: a number or the start of an action's words, then Enter; Enter
//! alone takes the highlighted action (↑/↓ move it); PgUp/PgDn scroll the
//! log; `?` help, `q` and Enter quit (the game is saved, unfinished);
//! Ctrl-C stops at once and saves nothing.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, List, ListItem, ListState, Paragraph, Wrap};
use serde_json::Value;

use super::super::replay::write_text;
use super::person::{Actions, Choice, HELP, choice, new_events, settle};
use crate::core::Player;
use crate::play::Describe;
use crate::sim::Decision;

/// The error kind a Ctrl-C ends the game with: nothing is saved.
pub const STOPPED: io::ErrorKind = io::ErrorKind::Interrupted;

/// A person playing one seat on a full-screen terminal `B`, reading keys
/// from `keys`.
pub struct Tui<B: Backend, K> {
    terminal: Terminal<B>,
    keys: K,
    seat: Player,
    reveal: bool,
    /// Log lines already taken into `log`.
    shown: usize,
    /// Every log line shown so far, in words.
    log: Vec<String>,
    /// The choices made, as 1-based action numbers.
    moves: Vec<u32>,
    /// The first failure (or the Ctrl-C) that ended the game.
    error: Option<io::Error>,
}

/// What one screen shows.
struct Screen<'a> {
    seat: Player,
    board: &'a [String],
    log: &'a [String],
    /// Lines scrolled up from the end of the log.
    scroll: usize,
    words: &'a [String],
    texts: &'a [Option<String>],
    selected: usize,
    input: &'a str,
    message: &'a str,
    help: bool,
}

impl<B: Backend, K: FnMut() -> io::Result<Event>> Tui<B, K> {
    /// A person in seat `seat` on `terminal`, reading events from `keys`;
    /// with `reveal`, shown everything (teaching).
    pub fn new(terminal: Terminal<B>, keys: K, seat: Player, reveal: bool) -> Self {
        Tui {
            terminal,
            keys,
            seat,
            reveal,
            shown: 0,
            log: Vec::new(),
            moves: Vec::new(),
            error: None,
        }
    }

    /// The choices made so far: 1-based action numbers.
    pub fn moves(&self) -> &[u32] {
        &self.moves
    }

    /// The failure that ended the game, if any (kind [`STOPPED`] for a
    /// Ctrl-C).
    pub fn error(self) -> Option<io::Error> {
        self.error
    }

    /// Whether the game ended by a failure or a Ctrl-C.
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// The terminal, for tests to read the last screen.
    #[cfg(test)]
    fn backend(&self) -> &B {
        self.terminal.backend()
    }

    /// The person's action at decision `d`, or `None` if they quit or the
    /// terminal failed ([`Tui::error`] says which).
    pub fn decide<G: Describe>(&mut self, game: &G, d: &Decision<'_, G>) -> Option<G::Action> {
        let chosen = self.screen(game, d);
        settle(chosen, &mut self.error)
    }

    /// Takes the log lines not shown yet into the log pane, as the seat
    /// may read them.
    fn take_events<G: Describe>(&mut self, game: &G, log: &[Value]) -> io::Result<()> {
        let lines = new_events(game, log, &mut self.shown, self.seat, self.reveal);
        let mut text = Vec::new();
        write_text(&mut text, &lines)?;
        let text = String::from_utf8_lossy(&text);
        self.log.extend(text.lines().map(str::to_owned));
        Ok(())
    }

    /// Shows the end of the game, `last` its closing line, until a key.
    pub fn game_over<G: Describe>(&mut self, game: &G, log: &[Value], last: &str) {
        let shown = self.take_events(game, log).and_then(|()| {
            self.log.push(String::new());
            self.log.push(last.to_owned());
            let screen = Screen {
                seat: self.seat,
                board: &[],
                log: &self.log,
                scroll: 0,
                words: &[],
                texts: &[],
                selected: 0,
                input: "",
                message: "the game is over: any key leaves",
                help: false,
            };
            draw(&mut self.terminal, &screen)?;
            loop {
                if let Event::Key(k) = (self.keys)()?
                    && k.kind == KeyEventKind::Press
                {
                    return Ok(());
                }
            }
        });
        if let Err(e) = shown {
            self.error.get_or_insert(e);
        }
    }

    fn screen<G: Describe>(
        &mut self,
        game: &G,
        d: &Decision<'_, G>,
    ) -> io::Result<Option<G::Action>> {
        self.take_events(game, d.log)?;
        let state = if self.reveal { d.state } else { d.view };
        let board = game.board(state, self.seat, self.reveal);
        let Actions {
            legal,
            words,
            texts,
        } = Actions::of(game, d.view, d.legal);
        let (mut selected, mut scroll, mut help) = (0, 0, false);
        let (mut input, mut message) = (String::new(), String::new());
        loop {
            let screen = Screen {
                seat: self.seat,
                board: &board,
                log: &self.log,
                scroll,
                words: &words,
                texts: &texts,
                selected,
                input: &input,
                message: &message,
                help,
            };
            draw(&mut self.terminal, &screen)?;
            let Event::Key(key) = (self.keys)()? else {
                continue;
            };
            if key.kind != KeyEventKind::Press {
                continue;
            }
            let typed = match key_action(key) {
                Key::Stop => return Err(io::Error::new(STOPPED, "stopped by Ctrl-C")),
                Key::Up => {
                    selected = selected
                        .checked_sub(1)
                        .unwrap_or(words.len().saturating_sub(1));
                    continue;
                }
                Key::Down => {
                    selected = if selected + 1 < words.len() {
                        selected + 1
                    } else {
                        0
                    };
                    continue;
                }
                Key::PageUp => {
                    scroll = (scroll + 10).min(self.log.len());
                    continue;
                }
                Key::PageDown => {
                    scroll = scroll.saturating_sub(10);
                    continue;
                }
                Key::Escape => {
                    (help, input) = (false, String::new());
                    continue;
                }
                Key::Erase => {
                    input.pop();
                    continue;
                }
                Key::Char('?') if input.is_empty() => {
                    help = !help;
                    continue;
                }
                Key::Char(c) => {
                    input.push(c);
                    message.clear();
                    continue;
                }
                Key::Enter if input.is_empty() => (selected + 1).to_string(),
                Key::Enter => input.trim().to_owned(),
                Key::Other => continue,
            };
            input.clear();
            match choice(&typed, &words) {
                Ok(Choice::Action(i)) => {
                    self.moves.push(i as u32 + 1);
                    return Ok(Some(legal[i]));
                }
                Ok(Choice::Help) => help = !help,
                Ok(Choice::Quit) => return Ok(None),
                Err(why) => message = why,
            }
        }
    }
}

/// What a key asks for.
enum Key {
    Stop,
    Up,
    Down,
    PageUp,
    PageDown,
    Escape,
    Erase,
    Enter,
    Char(char),
    Other,
}

fn key_action(key: KeyEvent) -> Key {
    match key.code {
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Key::Stop,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Esc => Key::Escape,
        KeyCode::Backspace => Key::Erase,
        KeyCode::Enter => Key::Enter,
        _ => Key::Other,
    }
}

impl Screen<'_> {
    fn draw(&self, f: &mut ratatui::Frame) {
        let [top, actions, input] = Layout::vertical([
            Constraint::Min(8),
            Constraint::Percentage(35),
            Constraint::Length(4),
        ])
        .areas(f.area());
        let [table, log] =
            Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(top);
        let board: Vec<Line> = self.board.iter().map(|l| Line::raw(l.as_str())).collect();
        let title = format!(" The table, as seat {} sees it ", self.seat);
        f.render_widget(
            Paragraph::new(board)
                .block(Block::bordered().title(title))
                .wrap(Wrap { trim: false }),
            table,
        );
        // The log's end, `scroll` lines up.
        let rows = usize::from(log.height.saturating_sub(2));
        let end = self.log.len().saturating_sub(self.scroll);
        let start = end.saturating_sub(rows);
        let lines: Vec<Line> = self.log[start..end]
            .iter()
            .map(|l| Line::raw(l.as_str()))
            .collect();
        f.render_widget(
            Paragraph::new(lines).block(Block::bordered().title(" Events (PgUp/PgDn) ")),
            log,
        );
        let items: Vec<ListItem> = self
            .words
            .iter()
            .zip(self.texts)
            .enumerate()
            .map(|(i, (words, text))| {
                let mut lines = vec![Line::raw(format!("{:>3}  {words}", i + 1))];
                if let Some(text) = text {
                    lines.push(Line::raw(format!("       {text}")));
                }
                ListItem::new(lines)
            })
            .collect();
        let mut state = ListState::default().with_selected(Some(self.selected));
        f.render_stateful_widget(
            List::new(items)
                .block(Block::bordered().title(format!(" Your actions (seat {}) ", self.seat)))
                .highlight_style(Style::new().add_modifier(Modifier::REVERSED)),
            actions,
            &mut state,
        );
        let prompt = format!("{}> {}", self.seat, self.input);
        let help = " number or words + Enter · Enter: the highlighted one (↑↓) · ? help · q quits ";
        f.render_widget(
            Paragraph::new(vec![Line::raw(prompt), Line::raw(self.message)])
                .block(Block::bordered().title(help)),
            input,
        );
        if self.help {
            let area = centered(f.area(), 80, 12);
            f.render_widget(Clear, area);
            f.render_widget(
                Paragraph::new(HELP)
                    .wrap(Wrap { trim: false })
                    .block(Block::bordered().title(" Help (Esc or ? closes) ")),
                area,
            );
        }
    }
}

/// Draws `screen` on `terminal`.
fn draw<B: Backend>(terminal: &mut Terminal<B>, screen: &Screen<'_>) -> io::Result<()> {
    match terminal.draw(|f| screen.draw(f)) {
        Ok(_) => Ok(()),
        Err(e) => Err(io::Error::other(e.to_string())),
    }
}

/// A rectangle of at most `width` × `height` in the middle of `area`.
fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let (w, h) = (width.min(area.width), height.min(area.height));
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// Reads the terminal's next event.
pub fn terminal_keys() -> io::Result<Event> {
    event::read()
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::KeyEvent;

    use super::*;
    use crate::games::nostalgix::Nostalgix;
    use crate::sim::{UNFINISHED, play_with};

    /// The screen's text, row by row.
    fn rows(backend: &TestBackend) -> Vec<String> {
        let buffer = backend.buffer();
        let width = usize::from(buffer.area.width);
        let symbols: Vec<&str> = buffer.content().iter().map(|c| c.symbol()).collect();
        symbols.chunks(width).map(|row| row.concat()).collect()
    }

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn typed(text: &str) -> Vec<Event> {
        text.chars().map(|c| key(KeyCode::Char(c))).collect()
    }

    /// A person on a 140 × 48 test screen who presses `keys`, then Enter
    /// for ever.
    fn person(keys: Vec<Event>) -> Tui<TestBackend, impl FnMut() -> io::Result<Event>> {
        let mut keys = VecDeque::from(keys);
        let terminal = Terminal::new(TestBackend::new(140, 48)).unwrap();
        let next = move || Ok(keys.pop_front().unwrap_or(key(KeyCode::Enter)));
        Tui::new(terminal, next, Player::A, false)
    }

    // rules/nostalgix.txt: "Setup": each player's hand is their own; the
    // full screen shows the seat's view, as the line prompts do.
    #[test]
    fn a_whole_game_on_the_full_screen_shows_the_seats_view_only() {
        let game = Nostalgix::bundled(0, 1);
        let mut tui = person(Vec::new());
        let (mut decisions, mut hidden_checked) = (0, 0);
        let played = play_with(&game, 7, 0, true, 100_000, |d| {
            if d.player != Player::A {
                return Some(d.legal[0]);
            }
            decisions += 1;
            let seen = game.board(d.view, Player::A, false);
            let whole = game.board(d.state, Player::A, true);
            let action = tui.decide(&game, &d);
            let screen = rows(tui.backend()).join("\n");
            assert!(screen.contains("The table, as seat a sees it"), "{screen}");
            assert!(screen.contains("Your actions (seat a)"), "{screen}");
            assert!(screen.contains("  1  "), "{screen}");
            // The board the seat may see is on the screen; what only the
            // whole state shows (the other hand, the decks' order) is not.
            for line in &seen {
                let start: String = line.chars().take(40).collect();
                assert!(
                    screen.contains(start.trim_end()),
                    "{start:?} missing:\n{screen}"
                );
            }
            for line in whole.iter().filter(|l| !seen.contains(l)) {
                let start: String = line.chars().take(40).collect();
                assert!(!screen.contains(&start), "{start:?} shown:\n{screen}");
                hidden_checked += 1;
            }
            action
        });
        assert_ne!(played.outcome.reason, UNFINISHED);
        assert!(
            decisions > 5 && hidden_checked > 5,
            "{decisions} {hidden_checked}"
        );
        assert_eq!(tui.moves(), vec![1; decisions].as_slice());
        tui.game_over(&game, &played.log, "Game over.");
        assert!(rows(tui.backend()).join("\n").contains("Game over."));
        assert!(tui.error().is_none());
    }

    #[test]
    fn help_errors_arrows_quit_and_ctrl_c() {
        let game = Nostalgix::bundled(0, 1);
        // `?` opens the help; a word no action starts with is refused with
        // the reason; ↓ then Enter takes the second action; `q` Enter quits.
        let mut keys = typed("?");
        let mut help = None;
        keys.extend(typed("zzz"));
        keys.push(key(KeyCode::Enter));
        keys.push(key(KeyCode::Down));
        keys.push(key(KeyCode::Enter));
        keys.extend(typed("q"));
        keys.push(key(KeyCode::Enter));
        let mut tui = person(keys);
        let mut refused = false;
        let played = play_with(&game, 3, 0, true, 100_000, |d| {
            if d.player != Player::A || d.legal.len() < 2 {
                return Some(d.legal[0]);
            }
            let action = tui.decide(&game, &d);
            let screen = rows(tui.backend()).join("\n");
            help.get_or_insert(screen.contains("Help (Esc or ? closes)"));
            refused |= screen.contains("no action starts with \"zzz\"");
            action
        });
        assert_eq!(help, Some(true), "the help stays open until ? or Esc");
        assert!(refused);
        assert_eq!(played.outcome.reason, UNFINISHED);
        assert_eq!(tui.moves(), &[2]);
        assert!(tui.error().is_none());
        // Ctrl-C stops with the error that saves nothing.
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        let mut tui = person(vec![ctrl_c]);
        play_with(&game, 3, 0, true, 100_000, |d| tui.decide(&game, &d));
        assert_eq!(tui.error().map(|e| e.kind()), Some(STOPPED));
    }
}
