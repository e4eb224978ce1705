//! Ctrl-C (`SIGINT`, and `SIGTERM` and `SIGHUP` likewise): the first asks
//! the run to stop — no new game starts, the games in flight finish and
//! the files are written for the games played; the second quits at once,
//! deleting the run's temporary directory (results from before stay as
//! they were).

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::output::abandon_all;

/// The exit status of an interrupted command (128 + `SIGINT`).
pub const INTERRUPTED: u8 = 130;

static STOP: AtomicBool = AtomicBool::new(false);
static SIGNALS: AtomicUsize = AtomicUsize::new(0);

/// Installs the handler and returns the flag the first signal sets. If no
/// handler can be installed, signals keep their default effect (the
/// output stays all-or-nothing) and a warning says so.
pub fn stop_flag() -> &'static AtomicBool {
    let handler = || {
        if SIGNALS.fetch_add(1, Ordering::SeqCst) == 0 {
            STOP.store(true, Ordering::SeqCst);
            // Nothing more can be done if stderr is closed.
            let _ = writeln!(
                std::io::stderr(),
                "\ndecklab: interrupted: finishing the games in flight, then writing the results \
                 for the games played (press Ctrl-C again to quit at once, writing nothing)"
            );
        } else {
            let what = if abandon_all() {
                "quit without writing results"
            } else {
                "quit at once"
            };
            let _ = writeln!(std::io::stderr(), "decklab: interrupted again: {what}");
            std::process::exit(i32::from(INTERRUPTED));
        }
    };
    if let Err(e) = ctrlc::set_handler(handler)
        && !matches!(e, ctrlc::Error::MultipleHandlers)
    {
        let _ = writeln!(
            std::io::stderr(),
            "decklab: warning: cannot catch Ctrl-C ({e}): an interrupted run will write nothing"
        );
    }
    &STOP
}
