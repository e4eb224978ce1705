//! The progress bar on stderr: games done, games/s and ETA.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar for `games` games, drawn on stderr if `show` and stderr
/// is a terminal, else hidden.
pub fn progress_bar(games: u64, show: bool) -> ProgressBar {
    if !show || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{wide_bar} {human_pos}/{human_len} games  {per_sec:.0}  ETA {eta}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
