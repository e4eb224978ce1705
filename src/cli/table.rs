//! Plain-text tables for the terminal: columns padded to their widest
//! cell, the header underlined.

use std::io::{self, Write};

/// Writes `rows` (the first is the header) as an aligned table. Cells are
/// left-aligned, except in `right` columns.
pub fn write_table<R: AsRef<[String]>>(
    out: &mut impl Write,
    rows: &[R],
    right: &[usize],
) -> io::Result<()> {
    let columns = rows.iter().map(|r| r.as_ref().len()).max().unwrap_or(0);
    let mut widths = vec![0; columns];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row.as_ref()) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for (i, row) in rows.iter().enumerate() {
        let cells = row.as_ref();
        let mut line = String::new();
        for (c, cell) in cells.iter().enumerate() {
            let pad = widths[c] - cell.chars().count();
            let last = c + 1 == cells.len();
            if right.contains(&c) {
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                if !last {
                    line.extend(std::iter::repeat_n(' ', pad));
                }
            }
            if !last {
                line.push_str("  ");
            }
        }
        writeln!(out, "{}", line.trim_end())?;
        if i == 0 {
            let rule: usize = widths.iter().sum::<usize>() + 2 * columns.saturating_sub(1);
            writeln!(out, "{}", "-".repeat(rule))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_columns() {
        let rows = [
            ["name", "cost"].map(String::from),
            ["Stack-O-Fox", "2"].map(String::from),
            ["Imp", "10"].map(String::from),
        ];
        let mut out = Vec::new();
        write_table(&mut out, &rows, &[1]).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "name         cost\n-----------------\nStack-O-Fox     2\nImp            10\n"
        );
    }
}
