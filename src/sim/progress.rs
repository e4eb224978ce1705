//! The progress bar on stderr: games done, games/s and ETA.

use std::fmt;
use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A progress bar for `games` games, drawn on stderr if `show` and stderr
/// is a terminal, else hidden.
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
