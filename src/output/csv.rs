//! The one place CSV writers are created: comma-separated, a header line,
//! `\n` line ends, quoting only where needed.

use super::atomic::{OutputDir, OutputError, OutputFile};

/// A CSV file being written into an [`OutputDir`].
#[derive(Debug)]
pub struct CsvFile {
    writer: csv::Writer<OutputFile>,
}

impl CsvFile {
    /// Starts `name` in `out` with its header line.
    pub fn create(out: &OutputDir, name: &str, header: &[&str]) -> Result<Self, OutputError> {
        let file = out.file(name)?;
        let mut csv = CsvFile {
            writer: csv::WriterBuilder::new()
                .terminator(csv::Terminator::Any(b'\n'))
                .from_writer(file),
        };
        csv.row(header)?;
        Ok(csv)
    }

    /// Writes one record.
    pub fn row<I, T>(&mut self, fields: I) -> Result<(), OutputError>
    where
        I: IntoIterator<Item = T>,
        T: AsRef<[u8]>,
    {
        self.writer
            .write_record(fields)
            .map_err(|e| self.writer.get_ref().error(csv_io(e)))
    }

    /// Completes the file (see [`OutputDir::finish`]).
    pub fn finish(self, out: &mut OutputDir) -> Result<(), OutputError> {
        let file = self.writer.into_inner().map_err(|e| {
            let source = std::io::Error::new(e.error().kind(), e.error().to_string());
            e.into_inner().get_ref().error(source)
        })?;
        out.finish(file)
    }
}

fn csv_io(e: csv::Error) -> std::io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(io) => io,
        other => std::io::Error::other(format!("{other:?}")),
    }
}

/// A fraction with 4 decimals, or an empty field when undefined. Never
/// `-0.0000`.
pub fn fixed4(x: Option<f64>) -> String {
    match x {
        Some(x) => {
            let s = format!("{x:.4}");
            if s == "-0.0000" { "0.0000".into() } else { s }
        }
        None => String::new(),
    }
}

/// A value and its 95% interval as three cells of [`fixed4`]: the value,
/// the low end, the high end (each empty when undefined).
pub fn interval_cells(value: Option<f64>, ci95: Option<(f64, f64)>) -> [String; 3] {
    [
        fixed4(value),
        fixed4(ci95.map(|c| c.0)),
        fixed4(ci95.map(|c| c.1)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed4_formats() {
        assert_eq!(fixed4(Some(0.5)), "0.5000");
        assert_eq!(fixed4(Some(-1e-9)), "0.0000");
        assert_eq!(fixed4(Some(2.0 / 3.0)), "0.6667");
        assert_eq!(fixed4(None), "");
    }
}
