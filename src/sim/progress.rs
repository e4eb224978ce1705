//! A run's progress on stderr: a bar on a terminal; elsewhere (a CI log, a
//! batch job's output file) a plain line every few seconds — games played,
//! games/s, the running win rate of the deck followed, ETA; nothing when
//! quiet.
//!
//! The interval of the plain lines is 5 seconds, or the number of seconds
//! in the environment variable `DECKLAB_PROGRESS_SECONDS` (at least 0.01).

use std::fmt;
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// The interval of the plain progress lines, unless the environment says
/// otherwise.
const DEFAULT_INTERVAL: Duration = Duration::from_secs(5);

/// A progress bar for `games` games, drawn on stderr if `show` and stderr
/// is a terminal, else hidden (a hidden bar still counts).
pub fn progress_bar(games: u64, show: bool) -> ProgressBar {
    if !show || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    let template = "{wide_bar} {human_pos}/{human_len} games  {rate}  ETA {eta}";
    if let Ok(style) = ProgressStyle::with_template(template) {
        let rate = |state: &ProgressState, w: &mut dyn fmt::Write| {
            // A failed write only loses a frame of the bar.
            let _ = write!(w, "{:.0} games/s", state.per_sec());
        };
        bar.set_style(style.with_key("rate", rate).progress_chars("=> "));
    }
    bar
}

/// The score of the deck followed so far, in half games (a win 2, a
/// shared first place 1, anything else 0), and its games.
#[derive(Debug, Default)]
struct Tally {
    halves: AtomicU64,
    games: AtomicU64,
}

/// The progress of a run of `total` games: the bar, or the plain lines.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    tally: Arc<Tally>,
    /// The thread printing the plain lines, and the sender whose drop
    /// stops it.
    lines: Option<(Sender<()>, JoinHandle<()>)>,
}

impl Progress {
    /// The progress of `total` games: a bar if stderr is a terminal, plain
    /// lines if not, nothing unless `show`. `deck` names the deck whose
    /// running win rate the lines give, if any.
    pub fn new(total: u64, show: bool, deck: Option<String>) -> Progress {
        let tally = Arc::new(Tally::default());
        if !show || std::io::stderr().is_terminal() {
            return Progress {
                bar: progress_bar(total, show),
                tally,
                lines: None,
            };
        }
        let bar = ProgressBar::hidden();
        let (send, receive) = mpsc::channel::<()>();
        let (counter, shared) = (bar.clone(), tally.clone());
        let every = interval();
        let printer = std::thread::spawn(move || {
            let start = Instant::now();
            while let Err(RecvTimeoutError::Timeout) = receive.recv_timeout(every) {
                let games = shared.games.load(Ordering::Relaxed);
                let won = deck.as_deref().filter(|_| games > 0).map(|deck| {
                    let halves = shared.halves.load(Ordering::Relaxed);
                    (deck, halves as f64 / (2 * games) as f64)
                });
                let text = line(counter.position(), total, start.elapsed(), won);
                // A closed stderr only loses the line.
                let _ = writeln!(std::io::stderr(), "{text}");
            }
        });
        Progress {
            bar,
            tally,
            lines: Some((send, printer)),
        }
    }

    /// The bar the workers advance, one game at a time.
    pub fn bar(&self) -> &ProgressBar {
        &self.bar
    }

    /// Records one finished game of the deck followed: won (`Some(true)`),
    /// lost (`Some(false)`) or a shared first place (`None`).
    pub fn record(&self, won: Option<bool>) {
        let halves = match won {
            Some(true) => 2,
            None => 1,
            Some(false) => 0,
        };
        self.tally.halves.fetch_add(halves, Ordering::Relaxed);
        self.tally.games.fetch_add(1, Ordering::Relaxed);
    }

    /// Clears the bar, or stops the lines (also done on drop).
    pub fn finish(&mut self) {
        self.bar.finish_and_clear();
        if let Some((send, printer)) = self.lines.take() {
            drop(send);
            // The printer only prints; if it panicked, the run is fine.
            let _ = printer.join();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The interval of the plain lines: `DECKLAB_PROGRESS_SECONDS`, else 5 s.
fn interval() -> Duration {
    std::env::var("DECKLAB_PROGRESS_SECONDS")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite())
        .map_or(DEFAULT_INTERVAL, |s| Duration::from_secs_f64(s.max(0.01)))
}

/// One plain progress line: `done` of `total` games after `elapsed`, and
/// the running win rate of a deck, if any.
pub fn line(done: u64, total: u64, elapsed: Duration, won: Option<(&str, f64)>) -> String {
    let seconds = elapsed.as_secs_f64().max(1e-9);
    let rate = done as f64 / seconds;
    let percent = 100.0 * done as f64 / total.max(1) as f64;
    let mut text = format!("decklab: {done} of {total} games ({percent:.1}%), {rate:.0} games/s");
    if let Some((deck, r)) = won {
        text.push_str(&format!(", {deck} win rate {:.1}%", 100.0 * r));
    }
    let eta = if done == 0 {
        "?".to_owned()
    } else {
        let left = total.saturating_sub(done) as f64 / rate;
        clock(Duration::from_secs_f64(left.min(1e9)))
    };
    text.push_str(&format!(", ETA {eta}"));
    text
}

/// A duration as `12 s`, `3 min 04 s` or `2 h 05 min`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_says_games_speed_win_rate_and_eta() {
        let l = line(
            12_000,
            200_000,
            Duration::from_secs(3),
            Some(("hero-rush", 0.713)),
        );
        assert_eq!(
            l,
            "decklab: 12000 of 200000 games (6.0%), 4000 games/s, hero-rush win rate 71.3%, ETA 47 s"
        );
        let l = line(0, 10, Duration::from_secs(5), None);
        assert_eq!(l, "decklab: 0 of 10 games (0.0%), 0 games/s, ETA ?");
        assert_eq!(clock(Duration::from_secs(184)), "3 min 04 s");
        assert_eq!(clock(Duration::from_secs(7_500)), "2 h 05 min");
    }
}
