//! All-or-nothing output: every file of a run is written under a temporary
//! name in the output directory and renamed to its real name only when the
//! whole run succeeded ([`OutputDir::commit`]). If anything fails before,
//! the temporary files are deleted and earlier results stay as they were.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::{NamedTempFile, TempPath};

/// An I/O failure on an output file, naming the file.
#[derive(Debug, thiserror::Error)]
#[error("cannot {action} {}", path.display())]
pub struct OutputError {
    /// What was being done ("write", "create the output directory"…).
    pub action: &'static str,
    /// The file or directory concerned.
    pub path: PathBuf,
    /// The cause.
    #[source]
    pub source: io::Error,
}

impl OutputError {
    fn new(action: &'static str, path: &Path, source: io::Error) -> Self {
        OutputError {
            action,
            path: path.to_path_buf(),
            source,
        }
    }
}

/// A file being written; it becomes visible under `dest` only on commit.
#[derive(Debug)]
pub struct OutputFile {
    writer: BufWriter<NamedTempFile>,
    dest: PathBuf,
}

impl OutputFile {
    /// The path the file will have once committed.
    pub fn dest(&self) -> &Path {
        &self.dest
    }

    /// Wraps an I/O error on this file with its name.
    pub fn error(&self, source: io::Error) -> OutputError {
        OutputError::new("write", &self.dest, source)
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// A sub-folder whose files of a given shape belong to the run: those the
/// run did not write are removed on commit, so no stale file survives
/// from an earlier run (e.g. logs of games a new run did not log).
#[derive(Debug)]
struct OwnedFiles {
    dir: PathBuf,
    prefix: String,
    suffix: String,
}

/// The output directory of one run, with the files written so far.
#[derive(Debug)]
pub struct OutputDir {
    dir: PathBuf,
    finished: Vec<(TempPath, PathBuf)>,
    owned: Vec<OwnedFiles>,
}

impl OutputDir {
    /// Creates the directory if needed and checks that files can be
    /// created in it.
    pub fn create(dir: &Path) -> Result<Self, OutputError> {
        fs::create_dir_all(dir)
            .map_err(|e| OutputError::new("create the output directory", dir, e))?;
        let out = OutputDir {
            dir: dir.to_path_buf(),
            finished: Vec::new(),
            owned: Vec::new(),
        };
        out.temp()
            .map_err(|e| OutputError::new("write to the output directory", dir, e))?;
        Ok(out)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    fn temp(&self) -> io::Result<NamedTempFile> {
        let mut builder = tempfile::Builder::new();
        builder.prefix(".decklab-").suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // Like any new file: 0666 minus the umask, not 0600.
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        builder.tempfile_in(&self.dir)
    }

    /// Starts the file `relative` (e.g. `games.csv` or `logs/game-0.jsonl`).
    pub fn file(&self, relative: &str) -> Result<OutputFile, OutputError> {
        let dest = self.dir.join(relative);
        let tmp = self
            .temp()
            .map_err(|e| OutputError::new("create", &dest, e))?;
        Ok(OutputFile {
            writer: BufWriter::with_capacity(1 << 16, tmp),
            dest,
        })
    }

    /// Completes a file: flushed and closed, it waits for the commit.
    pub fn finish(&mut self, file: OutputFile) -> Result<(), OutputError> {
        let OutputFile { writer, dest } = file;
        let tmp = writer
            .into_inner()
            .map_err(|e| OutputError::new("write", &dest, e.into_error()))?;
        self.finished.push((tmp.into_temp_path(), dest));
        Ok(())
    }

    /// Declares that files `<sub>/<prefix>*<suffix>` belong to this run:
    /// on commit, those it did not write are deleted.
    pub fn own_files(&mut self, sub: &str, prefix: &str, suffix: &str) {
        self.owned.push(OwnedFiles {
            dir: self.dir.join(sub),
            prefix: prefix.to_owned(),
            suffix: suffix.to_owned(),
        });
    }

    /// Renames every finished file to its real name, in the order they were
    /// finished, then removes stale owned files. Returns the real paths.
    pub fn commit(self) -> Result<Vec<PathBuf>, OutputError> {
        let mut written = Vec::with_capacity(self.finished.len());
        for (tmp, dest) in self.finished {
            if let Some(parent) = dest.parent() {
                fs::create_dir_all(parent).map_err(|e| OutputError::new("create", parent, e))?;
            }
            tmp.persist(&dest)
                .map_err(|e| OutputError::new("write", &dest, e.error))?;
            written.push(dest);
        }
        for owned in &self.owned {
            remove_stale(owned, &written)?;
        }
        Ok(written)
    }
}

fn remove_stale(owned: &OwnedFiles, written: &[PathBuf]) -> Result<(), OutputError> {
    let entries = match fs::read_dir(&owned.dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(OutputError::new("read", &owned.dir, e)),
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(&owned.prefix)
            && name.ends_with(&owned.suffix)
            && !written.contains(&path)
        {
            fs::remove_file(&path).map_err(|e| OutputError::new("remove", &path, e))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_visible_before_commit() {
        let dir = tempfile::tempdir().unwrap();
        let mut out = OutputDir::create(dir.path()).unwrap();
        let mut f = out.file("a.csv").unwrap();
        writeln!(f, "x").unwrap();
        out.finish(f).unwrap();
        assert!(!dir.path().join("a.csv").exists());
        out.commit().unwrap();
        assert_eq!(fs::read_to_string(dir.path().join("a.csv")).unwrap(), "x\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_dropped_run_leaves_no_file() {
        let dir = tempfile::tempdir().unwrap();
        {
            let mut out = OutputDir::create(dir.path()).unwrap();
            let f = out.file("a.csv").unwrap();
            out.finish(f).unwrap();
            let _unfinished = out.file("b.csv").unwrap();
        }
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn stale_owned_files_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("logs")).unwrap();
        fs::write(dir.path().join("logs/game-7.jsonl"), "old").unwrap();
        fs::write(dir.path().join("logs/notes.txt"), "mine").unwrap();
        let mut out = OutputDir::create(dir.path()).unwrap();
        out.own_files("logs", "game-", ".jsonl");
        let f = out.file("logs/game-0.jsonl").unwrap();
        out.finish(f).unwrap();
        out.commit().unwrap();
        assert!(dir.path().join("logs/game-0.jsonl").exists());
        assert!(!dir.path().join("logs/game-7.jsonl").exists());
        assert!(dir.path().join("logs/notes.txt").exists());
    }
}
