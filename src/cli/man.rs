//! `decklab man`: manual pages in roff, from the same text as `--help`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use clap_mangen::Man;

const EXAMPLES: &str = "\
Without --out, decklab(1) goes to stdout; with --out DIR, decklab.1 and a
page per command (decklab-simulate.1, …) are written to DIR/man1, where
man looks for them when DIR is on MANPATH.

Examples:
  decklab man > decklab.1                     # then: man ./decklab.1
  decklab man --out man/                      # then: MANPATH=$PWD/man: man decklab-simulate";

/// The arguments of `decklab man`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ManArgs {
    /// Write every page to DIR/man1 instead (section 1 of a man tree).
    #[arg(short, long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Runs `decklab man`.
pub fn run(args: ManArgs) -> anyhow::Result<()> {
    let command = super::command();
    let Some(dir) = args.out else {
        let mut out = std::io::stdout().lock();
        Man::new(command).render(&mut out)?;
        return Ok(out.flush()?);
    };
    // man(1) looks for section 1 pages in `man1` of each MANPATH entry.
    let dir = dir.join("man1");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut pages = vec![("decklab".to_owned(), command.clone())];
    for sub in command.get_subcommands() {
        let name = format!("decklab-{}", sub.get_name());
        pages.push((name.clone(), sub.clone().name(name)));
    }
    for (name, page) in pages {
        let path = dir.join(format!("{name}.1"));
        let mut text = Vec::new();
        Man::new(page).render(&mut text)?;
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
