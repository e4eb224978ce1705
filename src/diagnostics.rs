//! Error messages about input files: every problem is reported as
//! `path:line: message`, and unknown names come with the closest known one.

use std::fmt;
use std::io::{self, Read};
use std::path::Path;

/// One problem in an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, as the user named it.
    pub path: String,
    /// 1-based line number (0 when the problem concerns the whole file).
    pub line: usize,
    /// What was expected.
    pub message: String,
}

impl Diagnostic {
    /// A problem at `line` of `path`.
    pub fn new(path: &str, line: usize, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.to_string(),
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.path, self.message)
        } else {
            write!(f, "{}:{}: {}", self.path, self.line, self.message)
        }
    }
}

/// A list of problems, displayed one per line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// The 1-based line of byte `offset` in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    LineStarts::new(text).line_of(offset)
}

/// Where each line of a text starts: the lines of many offsets in one text
/// (every card of a card file) without counting from the top each time.
#[derive(Debug)]
pub struct LineStarts(Vec<usize>);

impl LineStarts {
    /// The line starts of `text`.
    pub fn new(text: &str) -> Self {
        let breaks = text.bytes().enumerate().filter(|&(_, b)| b == b'\n');
        LineStarts(
            std::iter::once(0)
                .chain(breaks.map(|(i, _)| i + 1))
                .collect(),
        )
    }

    /// The 1-based line of byte `offset` (the last line past the end).
    pub fn line_of(&self, offset: usize) -> usize {
        self.0.partition_point(|&start| start <= offset)
    }
}

/// The 1-based line where a CSV record of the file `bytes` begins: the
/// reader's position of a record includes the blank lines it skipped
/// before it, so they are stepped over.
pub fn csv_record_line(bytes: &[u8], position: &csv::Position) -> usize {
    let start = usize::try_from(position.byte()).unwrap_or(usize::MAX);
    let skipped = bytes.get(start..).map_or(0, |rest| {
        rest.iter()
            .take_while(|b| matches!(b, b'\r' | b'\n'))
            .count()
    });
    let before = bytes.get(..start + skipped).unwrap_or(bytes);
    1 + before.iter().filter(|&&b| b == b'\n').count()
}

/// Turns a TOML parse error into a diagnostic with its line.
pub fn toml_error(path: &str, text: &str, err: &toml::de::Error) -> Diagnostic {
    let line = err.span().map_or(0, |s| line_of(text, s.start));
    Diagnostic::new(path, line, err.message().trim().to_string())
}

/// The candidate closest to `name` (case-insensitive edit distance), if it
/// is close enough to be a plausible typo.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (edit_distance(&lower, &c.to_lowercase()), c))
        .filter(|&(d, c)| d <= (c.chars().count().max(name.chars().count()) / 2).max(2))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// `message` followed by "did you mean …?" when a close name exists.
pub fn unknown_name<'a>(
    what: &str,
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> String {
    match closest(name, candidates) {
        Some(c) => format!("unknown {what} \"{name}\" (did you mean \"{c}\"?)"),
        None => format!("unknown {what} \"{name}\""),
    }
}

/// Levenshtein distance over characters, bounded to short inputs (names).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(64).collect();
    let b: Vec<char> = b.chars().take(64).collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The most bytes decklab reads from one input file (a deck, a card file,
/// a strategy, a pool, `decklab.toml`): far above any real one, so that a
/// wrong path (a log, an image, a disk) fails at once instead of filling
/// memory.
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// The bytes of input file `path`, refusing what is not a regular file (a
/// device such as `/dev/zero`, a FIFO, a socket: possibly endless, or
/// empty for a reason other than the user's) and a file of more than
/// [`MAX_INPUT_BYTES`], with an error whose message says so (the caller
/// adds the path). A folder is left to the system's own error.
pub fn read_input(path: &Path) -> io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() && !meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file (a device, pipe or socket; expected a file)",
        ));
    }
    let too_big = || {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "larger than {} MiB, the most decklab reads from an input file",
                MAX_INPUT_BYTES / (1024 * 1024)
            ),
        )
    };
    if meta.len() > MAX_INPUT_BYTES {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_big());
    }
    Ok(bytes)
}

/// The text of input file `path`, as [`read_input`] reads it; bytes that
/// are not UTF-8 are an error, as [`std::fs::read_to_string`] says.
pub fn read_input_text(path: &Path) -> io::Result<String> {
    String::from_utf8(read_input(path)?).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_in_its_own_order() {
        // toml reads tables in the file's order (its `preserve_order`), so
        // a card file of another game is reported at its first table, not
        // at the first in name order.
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct File {
            #[serde(default, rename = "set")]
            _set: Vec<toml::Value>,
        }
        let text = "[[zeta]]\nname = \"Z\"\n\n[[alpha]]\nname = \"A\"\n";
        let Err(e) = toml::from_str::<File>(text) else {
            panic!("an unknown table is refused");
        };
        let d = toml_error("x.toml", text, &e);
        assert_eq!(d.line, 1, "{d}");
        assert!(d.message.starts_with("unknown field `zeta`"), "{d}");
    }

    #[test]
    fn lines_are_one_based() {
        assert_eq!(line_of("a\nb\nc", 0), 1);
        assert_eq!(line_of("a\nb\nc", 2), 2);
        assert_eq!(line_of("a\nb\nc", 99), 3);
        assert_eq!(line_of("a\nb\n", 4), 3, "after the last break");
        assert_eq!(line_of("", 0), 1);
        let text = "x = 1\n\n[[card]]\nname = \"A\"\n";
        let counted = |o: usize| text[..o].matches('\n').count() + 1;
        let starts = LineStarts::new(text);
        for offset in 0..=text.len() {
            assert_eq!(starts.line_of(offset), counted(offset), "offset {offset}");
        }
    }

    #[test]
    fn a_csv_record_is_placed_past_the_blank_lines_before_it() {
        let text = b"a,b\n1,2\n\n3,4\n\r\n\n5,\"x\ny\"\n7,8\n";
        let mut reader = csv::Reader::from_reader(&text[..]);
        let lines: Vec<usize> = reader
            .records()
            .map(|r| csv_record_line(text, r.unwrap().position().unwrap()))
            .collect();
        // The quoted field spans lines 7 and 8, so 7,8 is on line 9.
        assert_eq!(lines, [2, 4, 7, 9]);
    }

    #[test]
    fn suggests_typos_but_not_strangers() {
        let names = ["Stack-O-Fox", "Ember Drake", "Tidecaller"];
        assert_eq!(closest("stack-o-fx", names), Some("Stack-O-Fox"));
        assert_eq!(closest("Zzzzzzzzzzzzzzzz", names), None);
    }

    #[test]
    fn displays_path_and_line() {
        let d = Diagnostic::new("x.deck", 3, "expected a count");
        assert_eq!(d.to_string(), "x.deck:3: expected a count");
    }
}
