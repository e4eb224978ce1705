//! How `decklab` fails: `decklab: <message>` and its causes on stderr, exit
//! status 2; a closed stdout (`decklab cards | head`) ends quietly.

use std::io::{self, Write};
use std::process::ExitCode;

/// The exit status of a failed command.
pub const FAILURE: u8 = 2;

/// Whether `err` comes from writing to a closed pipe, directly or through
/// the JSON writer (whose error keeps the I/O error's kind, not the I/O
/// error itself).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        let kind = match cause.downcast_ref::<io::Error>() {
            Some(e) => Some(e.kind()),
            None => cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind),
        };
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}

/// The text of `err` with its causes: `a: b: c`, except that a cause of
/// several lines (a list of `path:line: message` problems) goes on lines
/// of its own.
pub fn render(err: &anyhow::Error) -> String {
    let mut text = String::new();
    for (i, cause) in err.chain().enumerate() {
        let cause = cause.to_string();
        if i > 0 {
            text.push_str(if cause.contains('\n') { ":\n" } else { ": " });
        }
        text.push_str(&cause);
    }
    text
}

/// Reports `err` on stderr and returns the exit status.
pub fn report(err: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(err) {
        return ExitCode::SUCCESS;
    }
    // Nothing more can be done if stderr itself is closed.
    let _ = writeln!(io::stderr().lock(), "decklab: {}", render(err));
    ExitCode::from(FAILURE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::anyhow;

    #[test]
    fn causes_are_chained() {
        let e = anyhow!("No such file").context("cannot read x.deck");
        assert_eq!(render(&e), "cannot read x.deck: No such file");
        let e = anyhow!("x.deck:1: a\nx.deck:2: b").context("x.deck is not a legal deck");
        assert_eq!(
            render(&e),
            "x.deck is not a legal deck:\nx.deck:1: a\nx.deck:2: b"
        );
    }

    #[test]
    fn broken_pipes_are_recognised() {
        let e = anyhow::Error::from(io::Error::from(io::ErrorKind::BrokenPipe)).context("stdout");
        assert!(is_broken_pipe(&e));
        assert!(!is_broken_pipe(&anyhow!("other")));
        let json = serde_json::Error::io(io::Error::from(io::ErrorKind::BrokenPipe));
        assert!(is_broken_pipe(&anyhow::Error::from(json).context("stdout")));
    }
}
