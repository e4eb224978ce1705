//! `report.html`: a run directory as one self-contained web page.
//!
//! [`write_report`] reads the run's `manifest.json` and CSV tables
//! ([`read`]), draws the charts as inline SVG (`charts`, with plotters)
//! and lays out the page (`page`, `html`): the manifest, the summary
//! with intervals, the mana curve, the prize pace, the actions per turn,
//! the matchup heat map and the ratings (when their files exist) and the
//! card table, sortable by each column. The page needs no network: CSS,
//! SVG and the few lines of JavaScript that sort tables are all inline.

mod charts;
mod html;
mod page;
pub mod read;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

/// The name of the page in the run directory.
pub const REPORT: &str = "report.html";

/// Reads the run directory `dir` and writes `dir/report.html`, replacing
/// any earlier one in one atomic step (a temporary file in `dir`, then a
/// rename): an error leaves no half-written page. Returns the page's path.
///
/// `manifest.json` and `summary.csv` are required; `mana_curve.csv`,
/// `prize_pace.csv`, `actions.csv`, `matchups.csv`, `ratings.csv` and
/// `cards.csv` are shown when present. Errors name the file, and the line
/// where there is one.
pub fn write_report(dir: &Path) -> anyhow::Result<PathBuf> {
    let run = read::Run::load(dir)?;
    let page = page::render(&run)?;
    let path = dir.join(REPORT);
    let write = || -> std::io::Result<()> {
        let mut tmp = tempfile::Builder::new()
            .prefix(".report.html.")
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
        tmp.persist(&path).map_err(|e| e.error)?;
        Ok(())
    };
    write().with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests;
