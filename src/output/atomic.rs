//! All-or-nothing output, even when the process is killed.
//!
//! # How a run's files reach the output directory
//!
//! A run never writes into its output directory `DIR`. It writes every file
//! into a fresh *staging* directory beside it, in the same parent, named
//! `.<name>.decklab-<pid>-<n>.tmp` (hidden, and never a name decklab
//! reads). [`OutputDir::commit`] then:
//!
//! 1. flushes every file to disk (`fsync`);
//! 2. if `DIR` exists, carries into the staging directory, as hard links,
//!    every entry of `DIR` the run does not own: a run owns every name
//!    decklab writes in a run folder ([`super::names`]), written this time
//!    or not, so a stale file of another command or experiment is dropped
//!    while the user's own files kept in `DIR` survive;
//! 3. swaps the two directories in **one atomic step**: `rename(2)` when
//!    `DIR` does not exist yet, else `renameat2(RENAME_EXCHANGE)` on Linux
//!    (`renamex_np(RENAME_SWAP)` on macOS);
//! 4. deletes the previous results, now under the staging name.
//!
//! So at every instant `DIR` is either the previous complete results (or
//! absent) or the new complete results: a process killed at any moment,
//! even by `SIGKILL`, never leaves a mix of old and new files or a
//! truncated file under `DIR`. What a kill can leave is a staging
//! directory under its hidden temporary name; the next run into the same
//! `DIR` deletes those whose process is gone.
//!
//! Where the atomic exchange is not available (another Unix, or a file
//! system that refuses it), step 3 falls back to two renames: `DIR` to
//! `.<name>.decklab-<pid>-<n>.old`, then the staging directory to `DIR`. A
//! kill between the two leaves no `DIR` (never a mix), and the next run
//! puts the previous results back before it starts.
//!
//! Because the whole directory is replaced, `DIR` may not be the working
//! directory or one of its ancestors.

use std::collections::HashSet;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::names::is_run_file;

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
    writer: BufWriter<File>,
    relative: PathBuf,
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

/// The temporary directories of this process not yet removed, for
/// [`abandon_all`]: staging directories (`false`) and, after a commit,
/// previous results being deleted (`true`). [`OutputDir::commit`] holds the
/// lock while it swaps.
static STAGING: Mutex<Vec<(PathBuf, bool)>> = Mutex::new(Vec::new());

fn staging_list() -> std::sync::MutexGuard<'static, Vec<(PathBuf, bool)>> {
    STAGING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Deletes the temporary directories of every [`OutputDir`] of the
/// process: for a process about to exit at once (a second Ctrl-C). Waits
/// for a commit in progress, so it never deletes committed results.
/// Returns whether an uncommitted run was abandoned.
pub fn abandon_all() -> bool {
    let mut list = staging_list();
    let mut abandoned = false;
    for (dir, committed) in list.drain(..) {
        abandoned |= !committed;
        // Best effort: the process is exiting.
        let _ = fs::remove_dir_all(dir);
    }
    abandoned
}

/// Forgets `path` in the list of temporary directories.
fn unlist(path: &Path) {
    staging_list().retain(|(p, _)| p != path);
}

/// A staging directory, deleted on drop unless committed.
#[derive(Debug)]
struct Staging {
    path: PathBuf,
    committed: bool,
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            unlist(&self.path);
            // Best effort: a leftover has a temporary name and is removed
            // by the next run into the same directory.
            let _ = fs::remove_dir_all(&self.path);
        }
    }
}

/// The output directory of one run, with the files written so far.
#[derive(Debug)]
pub struct OutputDir {
    /// The directory as the user named it (for messages).
    dir: PathBuf,
    /// The same, absolute, symbolic links resolved: what is swapped.
    target: PathBuf,
    staging: Staging,
    /// The files finished, relative, in order.
    finished: Vec<PathBuf>,
    /// The run's input files (canonical paths): never dropped from the
    /// directory, whatever their names ([`OutputDir::keep_inputs`]).
    inputs: Vec<PathBuf>,
}

/// The marker in the names of staging directories.
const MARK: &str = ".decklab-";

impl OutputDir {
    /// Prepares a run into `dir`: creates its parent if needed, deletes the
    /// staging directories that killed runs left there, and creates this
    /// run's staging directory. `dir` itself is not touched before
    /// [`OutputDir::commit`].
    pub fn create(dir: &Path) -> Result<Self, OutputError> {
        let create = |e| OutputError::new("create the output directory", dir, e);
        let target = resolve(dir).map_err(create)?;
        let (Some(parent), Some(name)) = (target.parent(), target.file_name()) else {
            return Err(create(io::Error::other("it is a root directory")));
        };
        if let Ok(cwd) = std::env::current_dir().and_then(fs::canonicalize)
            && cwd.starts_with(&target)
        {
            return Err(create(io::Error::other(
                "it holds the working directory, and a run replaces the whole output directory; \
                 choose a sub-directory",
            )));
        }
        if target.exists() && !target.is_dir() {
            return Err(create(io::Error::from(io::ErrorKind::NotADirectory)));
        }
        let name = name.to_string_lossy().into_owned();
        remove_leftovers(parent, &name, &target);
        let staging = new_staging(parent, &name)
            .map_err(|e| OutputError::new("write to the output directory's parent", parent, e))?;
        Ok(OutputDir {
            dir: dir.to_path_buf(),
            target,
            staging,
            finished: Vec::new(),
            inputs: Vec::new(),
        })
    }

    /// Declares the files the run read (deck, card and strategy files, as
    /// the manifest lists them): one inside the output directory is carried
    /// over on commit even under a name the run owns (a
    /// `x-optimized.deck` or `person.toml` played again with `--out` its
    /// own folder). Paths that do not name a file (`bundled:…`) are
    /// ignored.
    pub fn keep_inputs<'a>(&mut self, paths: impl IntoIterator<Item = &'a str>) {
        let found = paths.into_iter().filter_map(|p| fs::canonicalize(p).ok());
        self.inputs.extend(found);
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Starts the file `relative` (e.g. `games.csv` or `logs/game-0.jsonl`),
    /// which must be one of the names of [`super::names`]: a run owns
    /// those, so a name outside the list would survive as a stale file.
    pub fn file(&self, relative: &str) -> Result<OutputFile, OutputError> {
        let dest = self.dir.join(relative);
        let relative = PathBuf::from(relative);
        if !is_run_file(&relative) {
            return Err(OutputError::new(
                "create",
                &dest,
                io::Error::other("not a run file name of src/output/names.rs (a decklab bug)"),
            ));
        }
        let path = self.staging.path.join(&relative);
        if let Some(sub) = path.parent() {
            fs::create_dir_all(sub).map_err(|e| OutputError::new("create", &dest, e))?;
        }
        let file = File::create(&path).map_err(|e| OutputError::new("create", &dest, e))?;
        Ok(OutputFile {
            writer: BufWriter::with_capacity(1 << 16, file),
            relative,
            dest,
        })
    }

    /// Completes a file: flushed to disk and closed, it waits for the
    /// commit.
    pub fn finish(&mut self, file: OutputFile) -> Result<(), OutputError> {
        let OutputFile {
            writer,
            relative,
            dest,
        } = file;
        let file = writer
            .into_inner()
            .map_err(|e| OutputError::new("write", &dest, e.into_error()))?;
        file.sync_all()
            .map_err(|e| OutputError::new("write", &dest, e))?;
        self.finished.push(relative);
        Ok(())
    }

    /// Replaces the output directory with the finished files in one atomic
    /// step (see the module documentation). Returns the files' real paths,
    /// in the order they were finished.
    pub fn commit(mut self) -> Result<Vec<PathBuf>, OutputError> {
        let staging = self.staging.path.clone();
        let written: HashSet<&Path> = self.finished.iter().map(PathBuf::as_path).collect();
        let exists = self.target.is_dir();
        if exists {
            let keep = Carry {
                written: &written,
                inputs: &self.inputs,
            };
            carry_over(&self.target, &staging, Path::new(""), &keep)?;
            if let Ok(meta) = fs::metadata(&self.target) {
                // The directory keeps its permissions.
                let _ = fs::set_permissions(&staging, meta.permissions());
            }
        }
        let subdirs: HashSet<&Path> = self.finished.iter().filter_map(|f| f.parent()).collect();
        for sub in subdirs {
            sync_dir(&staging.join(sub));
        }
        sync_dir(&staging);
        let parent = self.target.parent().unwrap_or(Path::new("/")).to_path_buf();
        let old = {
            let mut list = staging_list();
            let old = swap(&staging, &self.target, exists)
                .map_err(|e| OutputError::new("replace", &self.dir, e))?;
            list.retain(|(p, _)| p != &staging);
            if let Some(old) = &old {
                list.push((old.clone(), true));
            }
            self.staging.committed = true;
            old
        };
        sync_dir(&parent);
        if let Some(old) = old {
            // The previous results: a leftover is removed by the next run.
            let _ = fs::remove_dir_all(&old);
            unlist(&old);
        }
        Ok(self.finished.iter().map(|f| self.dir.join(f)).collect())
    }
}

/// `dir` made absolute with symbolic links resolved, creating its parent
/// if needed (`dir` itself need not exist).
fn resolve(dir: &Path) -> io::Result<PathBuf> {
    if fs::symlink_metadata(dir).is_ok() {
        return fs::canonicalize(dir);
    }
    let name = match dir.components().next_back() {
        Some(Component::Normal(name)) => name,
        _ => return fs::canonicalize(dir),
    };
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if parent.exists() && !parent.is_dir() {
        return Err(io::Error::from(io::ErrorKind::NotADirectory));
    }
    fs::create_dir_all(parent)?;
    Ok(fs::canonicalize(parent)?.join(name))
}

/// Creates `.<name>.decklab-<pid>-<n>.tmp` in `parent`.
fn new_staging(parent: &Path, name: &str) -> io::Result<Staging> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = parent.join(format!(".{name}{MARK}{}-{n}.tmp", std::process::id()));
        // Held across the creation so that abandon_all sees every
        // directory it could race with.
        let mut list = staging_list();
        match fs::create_dir(&path) {
            Ok(()) => {
                list.push((path.clone(), false));
                return Ok(Staging {
                    path,
                    committed: false,
                });
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

/// Deletes the staging directories of runs into `parent/name` whose
/// process is gone; a `.old` directory (the previous results, left by a
/// fallback swap killed half-way) goes back to `target` if that is absent.
fn remove_leftovers(parent: &Path, name: &str, target: &Path) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    let prefix = format!(".{name}{MARK}");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        let Some(rest) = file_name.strip_prefix(&prefix) else {
            continue;
        };
        let (rest, old) = if let Some(r) = rest.strip_suffix(".tmp") {
            (r, false)
        } else if let Some(r) = rest.strip_suffix(".old") {
            (r, true)
        } else {
            continue;
        };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        if process_alive(pid) {
            continue;
        }
        let path = entry.path();
        // Best effort: a leftover that cannot be removed does no harm.
        if old && !target.exists() && fs::rename(&path, target).is_ok() {
            continue;
        }
        let _ = fs::remove_dir_all(&path);
    }
}

/// Whether process `pid` may still be running (and so own its staging
/// directory). Without `/proc`, every process is assumed alive.
fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

/// What [`carry_over`] reads besides the directories: the files the run
/// wrote (not carried: the new ones replace them) and its inputs (carried
/// even under a name the run owns).
struct Carry<'a> {
    written: &'a HashSet<&'a Path>,
    inputs: &'a [PathBuf],
}

/// Hard-links into `to` every entry of `from` (recursively, under
/// `relative`) that the run neither wrote nor owns (a name of
/// [`is_run_file`] that is not one of its inputs). A
/// file that cannot be linked is copied. A folder whose entries were all
/// dropped (say `logs/` of an earlier run, when this one logs nothing) is
/// not carried over.
fn carry_over(from: &Path, to: &Path, relative: &Path, keep: &Carry) -> Result<(), OutputError> {
    let dir = from.join(relative);
    let entries = fs::read_dir(&dir).map_err(|e| OutputError::new("read", &dir, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| OutputError::new("read", &dir, e))?;
        let rel = relative.join(entry.file_name());
        let name = entry.file_name();
        let name = name.to_string_lossy();
        // Temporary files of older decklab versions are not results.
        let temporary = name.starts_with(MARK) && name.ends_with(".tmp");
        let src = entry.path();
        let owned =
            is_run_file(&rel) && !fs::canonicalize(&src).is_ok_and(|c| keep.inputs.contains(&c));
        if keep.written.contains(rel.as_path()) || temporary || owned {
            continue;
        }
        let dst = to.join(&rel);
        let kind = entry
            .file_type()
            .map_err(|e| OutputError::new("read", &src, e))?;
        if kind.is_dir() {
            let created = !dst.is_dir();
            if created {
                fs::create_dir(&dst).map_err(|e| OutputError::new("create", &dst, e))?;
                if let Ok(meta) = fs::metadata(&src) {
                    let _ = fs::set_permissions(&dst, meta.permissions());
                }
            }
            carry_over(from, to, &rel, keep)?;
            let had_entries = fs::read_dir(&src).is_ok_and(|mut d| d.next().is_some());
            if created && had_entries {
                // Fails, as it should, unless nothing was carried in.
                let _ = fs::remove_dir(&dst);
            }
        } else if fs::hard_link(&src, &dst).is_err() {
            fs::copy(&src, &dst).map_err(|e| OutputError::new("copy", &src, e))?;
        }
    }
    Ok(())
}

/// Puts `staging` in the place of `target` (which exists if `exists`).
/// Returns where the previous results now are, if anywhere.
fn swap(staging: &Path, target: &Path, exists: bool) -> io::Result<Option<PathBuf>> {
    if !exists {
        fs::rename(staging, target)?;
        return Ok(None);
    }
    if exchange(staging, target).is_ok() {
        return Ok(Some(staging.to_path_buf()));
    }
    let old = staging.with_extension("old");
    fs::rename(target, &old)?;
    if let Err(e) = fs::rename(staging, target) {
        // Put the previous results back.
        let _ = fs::rename(&old, target);
        return Err(e);
    }
    Ok(Some(old))
}

/// Exchanges two paths atomically.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(io::Error::from)
}

/// Exchanges two paths atomically: not available here.
#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// Flushes a directory's entries to disk (best effort: not every system
/// can open a directory).
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests;
