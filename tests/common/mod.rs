//! What the integration tests share. Each test binary uses part of it.
#![allow(dead_code)]

use std::collections::HashMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The CSV reports every `simulate` run writes.
pub const REPORTS: [&str; 9] = [
    "games.csv",
    "seats.csv",
    "summary.csv",
    "mana_curve.csv",
    "deck_curve.csv",
    "prize_pace.csv",
    "cards.csv",
    "actions.csv",
    "stats.json",
];

/// Runs decklab in `dir` with `args`.
pub fn decklab(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_decklab"))
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("decklab runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts a failure: exit status 2 and a `decklab:` message containing
/// every one of `needles`.
pub fn assert_fails(o: &Output, needles: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(err.starts_with("decklab: "), "stderr: {err}");
    for n in needles {
        assert!(err.contains(n), "{n:?} not in stderr: {err}");
    }
}

/// The files under `dir`, recursively, relative and sorted.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(
                files(&p)
                    .into_iter()
                    .map(|f| Path::new(&e.file_name()).join(f)),
            );
        } else {
            out.push(PathBuf::from(e.file_name()));
        }
    }
    out.sort();
    out
}

/// Waits at most `limit` for `child`; kills it and fails if it is still
/// running then. Returns its status and stderr.
pub fn wait(mut child: Child, limit: Duration) -> (ExitStatus, String) {
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("decklab still running after {limit:?}");
        }
        sleep(Duration::from_millis(5));
    };
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        e.read_to_string(&mut err).unwrap();
    }
    (status, err)
}

/// Sends `signal` to `child`.
pub fn signal(child: &Child, signal: &str) {
    let ok = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill {signal} failed");
}

/// Starts decklab with `args` in `dir`, stdout dropped, stderr piped (for
/// [`wait`]).
pub fn spawn_decklab(dir: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_decklab"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("decklab starts")
}

/// A CSV file as rows of column → value.
pub fn csv_rows(path: &Path) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_owned(), v.to_owned()))
                .collect()
        })
        .collect()
}
