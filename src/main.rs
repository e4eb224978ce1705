//! The `decklab` executable: see [`decklab::cli`].

use std::process::ExitCode;

fn main() -> ExitCode {
    decklab::cli::main()
}
