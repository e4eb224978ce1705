//! `report.html`: a run directory as one self-contained web page.
//!
//! [`write_report`] reads the run's `manifest.json` and CSV tables
//! ([`read`]), draws the charts as inline SVG (`charts`, with plotters)
//! and lays out the page (`page`, `html`): first the answer (the
//! findings, one sentence each with its interval, then the ratings and
//! the matchup heat map, when their files exist), then the summary with
//! intervals, the deck cost histogram, the resource per turn, the prize
//! pace, the actions per turn, the card table, sortable by each column
//! (when some card was ever in hand), the store page of a Millennium
//! Blades run (`store`), and last the run's settings and input files. The
//! page needs no network: CSS, SVG and the few lines of JavaScript that
//! sort tables are all inline.
//!
//! [`write_compare`] writes the page of `decklab compare --html` from the
//! rows `compare` computed ([`comparison`]); `decklab optimize` renders
//! its page with [`optimize`].

mod charts;
pub mod comparison;
mod findings;
mod html;
pub mod optimize;
mod page;
pub mod read;
mod store;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

/// The name of the page in the run directory.
pub const REPORT: &str = crate::output::names::REPORT_HTML;

/// Reads the run directory `dir` and writes `dir/report.html`, replacing
/// any earlier one in one atomic step (a temporary file in `dir`, then a
/// rename): an error leaves no half-written page. Returns the page's path.
///
/// `manifest.json` and `summary.csv` are required; `deck_curve.csv`,
/// `mana_curve.csv`, `prize_pace.csv`, `actions.csv`, `matchups.csv`,
/// `ratings.csv`, `cards.csv`, `seats.csv` (the seat advantage) and the
/// Millennium Blades tables `mb_cards.csv`, `mb_tournaments.csv` and
/// `mb_grant.csv` (the store page) are shown when present. Errors name
/// the file, and the line where there is one.
pub fn write_report(dir: &Path) -> anyhow::Result<PathBuf> {
    let run = read::Run::load(dir)?;
    let page = page::render(&run)?;
    let path = dir.join(REPORT);
    write_page(&path, &page)?;
    Ok(path)
}

/// Writes the page of `decklab compare --html` to `path`: `runs` name run
/// A and run B, `pairing` says how they were compared, `parts` are the
/// compared rows. Replaces any earlier file in one atomic step.
pub fn write_compare(
    path: &Path,
    runs: &[String; 2],
    pairing: &str,
    parts: &[comparison::Part],
) -> anyhow::Result<()> {
    write_page(path, &comparison::render(runs, pairing, parts))
}

/// Writes `page` to `path` in one atomic step (a temporary file beside
/// it, then a rename): an error leaves no half-written page.
fn write_page(path: &Path, page: &str) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "page".into(), |n| n.to_string_lossy());
    let write = || -> std::io::Result<()> {
        let mut tmp = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".tmp")
            .tempfile_in(dir)?;
        tmp.write_all(page.as_bytes())?;
        #[cfg(unix)]
        {
            // Readable by all, like the run's other files (a temporary
            // file starts private).
            use std::os::unix::fs::PermissionsExt;
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(0o644))?;
        }
        tmp.as_file().sync_all()?;
        tmp.persist(path).map_err(|e| e.error)?;
        Ok(())
    };
    write().with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests;
