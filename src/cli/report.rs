//! `decklab report DIR`: a run directory as one self-contained web page,
//! `DIR/report.html`.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use crate::report::write_report;

const EXAMPLES: &str = "\
The page opens with the answer: a sentence per finding with its 95%
interval (strongest and weakest deck, seat advantage, the cards with the
largest and lowest IWD), the ratings and the matchup heat map (when the
run wrote them). Then the summary, the deck cost histogram, the per-turn
charts, the card table (sortable by each column) and, last, the run's
settings and input hashes. It needs no network: open it in any browser, or
attach it to a CI job.

Examples:
  decklab report results/latest                      # the last run (default --out)
  decklab simulate --games 500 --out results/my && decklab report results/my";

/// The arguments of `decklab report`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ReportArgs {
    /// The output directory of a run (its --out).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
}

/// Runs `decklab report`: writes the page and prints its path.
pub fn run(args: ReportArgs) -> anyhow::Result<()> {
    let path = write_report(&args.dir)?;
    writeln!(std::io::stdout(), "{}", path.display())?;
    Ok(())
}
