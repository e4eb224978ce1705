//! Reading back the CSV files of a run (for `compare`), columns found by
//! name, every problem reported as `path:line: what was expected`.

use std::path::{Path, PathBuf};

/// A CSV file read whole.
#[derive(Debug)]
pub struct CsvTable {
    path: PathBuf,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl CsvTable {
    /// Reads `path`, or says why it cannot.
    pub fn read(path: &Path) -> Result<Self, String> {
        let shown = path.display();
        let mut reader =
            csv::Reader::from_path(path).map_err(|e| format!("{shown}: cannot read: {e}"))?;
        let header = reader
            .headers()
            .map_err(|e| format!("{shown}:1: expected a CSV header ({e})"))?
            .iter()
            .map(str::to_owned)
            .collect();
        let rows = reader
            .records()
            .enumerate()
            .map(|(i, r)| {
                r.map(|r| r.iter().map(str::to_owned).collect())
                    .map_err(|e| format!("{shown}:{}: not a CSV row ({e})", i + 2))
            })
            .collect::<Result<_, _>>()?;
        Ok(CsvTable {
            path: path.to_path_buf(),
            header,
            rows,
        })
    }

    /// The rows, header excluded.
    pub fn rows(&self) -> &[Vec<String>] {
        &self.rows
    }

    /// The index of column `name`, or an error naming the file.
    pub fn column(&self, name: &str) -> Result<usize, String> {
        self.header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| format!("{}:1: expected a column \"{name}\"", self.path.display()))
    }

    /// Field `column` of row `row` (0-based, header excluded) as a number;
    /// an empty field is `None`.
    pub fn number(&self, row: usize, column: usize) -> Result<Option<f64>, String> {
        let text = self.rows[row].get(column).map_or("", String::as_str);
        if text.is_empty() {
            return Ok(None);
        }
        text.parse().map(Some).map_err(|_| {
            format!(
                "{}:{}: expected a number in column \"{}\", found \"{text}\"",
                self.path.display(),
                row + 2,
                self.header[column]
            )
        })
    }

    /// Field `column` of row `row` as text.
    pub fn text(&self, row: usize, column: usize) -> &str {
        self.rows[row].get(column).map_or("", String::as_str)
    }
}
