//! `decklab completions SHELL`: the shell completion script, on stdout.

use std::io::Write;

use clap::Args;
use clap_complete::Shell;

const EXAMPLES: &str = "\
Examples:
  decklab completions bash > decklab.bash     # then: source decklab.bash
  decklab completions zsh > _decklab          # a folder of your $fpath
  decklab completions fish > decklab.fish     # ~/.config/fish/completions/";

/// The arguments of `decklab completions`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Runs `decklab completions`.
pub fn run(args: CompletionsArgs) -> anyhow::Result<()> {
    let mut command = super::command();
    // Into a buffer first: the generator panics on a closed pipe.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "decklab", &mut script);
    std::io::stdout().write_all(&script)?;
    Ok(())
}
