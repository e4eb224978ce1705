//! A real `decklab simulate` killed at random moments (SIGKILL) and stopped
//! with Ctrl-C (SIGINT): the output directory must always hold either the
//! previous complete results or a complete, self-consistent new set, and
//! nothing but hidden temporary names may be left beside it.
//!
//! The kill delays are drawn from a fixed seed and scaled to the time a
//! whole run takes on this machine, so they land before, during and after
//! the games and the commit, in debug and in release builds alike.

#![cfg(unix)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::thread::sleep;
use std::time::{Duration, Instant};

use decklab::core::game_seed;
use tempfile::TempDir;

mod common;
use common::{REPORTS, signal, spawn_decklab, wait};

/// Games logged by every run here.
const LOGGED: u64 = 3;

/// Starts `decklab simulate` into `dir/out` with random bots.
fn spawn(dir: &Path, games: u64, seed: u64, bots: &str) -> Child {
    let (games, seed) = (games.to_string(), seed.to_string());
    let args = [
        "simulate",
        "--quiet",
        "--bot",
        bots,
        "--opponent-bot",
        bots,
        "--games",
        &games,
        "--seed",
        &seed,
        "--log",
        "3",
        "--threads",
        "2",
        "--out",
        "out",
    ];
    spawn_decklab(dir, &args)
}

/// Waits until the run in `dir` has created its staging directory (so it
/// has installed its Ctrl-C handler).
fn wait_for_staging(dir: &Path) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !entries(dir).iter().any(|n| n.starts_with(".out.decklab-")) {
        assert!(Instant::now() < deadline, "no staging directory appeared");
        sleep(Duration::from_millis(2));
    }
}

/// The names in `dir`.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, rel: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        let Ok(entries) = fs::read_dir(root.join(rel)) else {
            return;
        };
        for e in entries.flatten() {
            let rel = rel.join(e.file_name());
            if e.file_type().unwrap().is_dir() {
                walk(root, &rel, out);
            } else {
                out.insert(rel.clone(), fs::read(root.join(&rel)).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, Path::new(""), &mut out);
    out
}

/// Only `out` and hidden temporary directories of runs into it may be in
/// `dir`.
fn assert_nothing_else_beside(dir: &Path) {
    for name in entries(dir) {
        assert!(
            name == "out" || (name.starts_with(".out.decklab-") && name.ends_with(".tmp")),
            "unexpected {name} beside the output directory"
        );
    }
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Checks that `out` is one complete, self-consistent run: every file
/// present and whole, and `games.csv`, `summary.csv`, the logs and
/// `manifest.json` describing the same games. Returns the manifest.
fn assert_consistent(out: &Path) -> serde_json::Value {
    let manifest: serde_json::Value = serde_json::from_str(&read(&out.join("manifest.json")))
        .expect("manifest.json is whole JSON");
    let games = manifest["games"].as_u64().unwrap();
    let requested = manifest["games_requested"].as_u64().unwrap();
    let seed = manifest["seed"].as_u64().unwrap();
    assert!(games >= 1 && games <= requested);
    assert_eq!(manifest["complete"], games == requested);

    let mut expected: Vec<PathBuf> = REPORTS.iter().map(PathBuf::from).collect();
    expected.push("manifest.json".into());
    let logged = LOGGED.min(games);
    expected.extend((0..logged).map(|i| PathBuf::from(format!("logs/game-{i}.jsonl"))));
    expected.sort();
    let present: Vec<PathBuf> = snapshot(out).into_keys().collect();
    assert_eq!(present, expected);
    assert_eq!(manifest["settings"]["log"], logged);

    let text = read(&out.join("games.csv"));
    assert!(text.ends_with('\n'), "games.csv is cut short");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len() as u64, games, "games.csv rows vs manifest");
    let mut wins = [0u64; 3];
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 14, "games.csv line {}", i + 2);
        assert_eq!(row[0], i.to_string());
        assert_eq!(
            row[1],
            game_seed(seed, i as u64).to_string(),
            "seed of game {i}"
        );
        wins[["a", "b", "draw"]
            .iter()
            .position(|w| *w == row[7])
            .unwrap()] += 1;
    }
    let summary = read(&out.join("summary.csv"));
    let s: Vec<&str> = summary.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(s[4], games.to_string(), "summary.csv games vs manifest");
    assert_eq!(
        s[5..8],
        wins.map(|w| w.to_string()),
        "summary.csv wins vs games.csv"
    );

    for name in REPORTS.iter().filter(|n| n.ends_with(".csv")) {
        let text = read(&out.join(name));
        assert!(text.ends_with('\n') && text.lines().count() >= 2, "{name}");
    }
    for i in 0..logged {
        let text = read(&out.join(format!("logs/game-{i}.jsonl")));
        assert!(text.ends_with('\n'), "log {i} is cut short");
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["game"], i);
        }
    }
    manifest
}

/// SplitMix64: the test's own seeded delays.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn a_run_killed_at_any_moment_leaves_the_old_results_or_the_new() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let out = d.join("out");
    let games = if cfg!(debug_assertions) { 100 } else { 600 };

    // The previous results, and how long a whole run takes here.
    let start = Instant::now();
    let (status, err) = wait(spawn(d, games, 1_000, "random"), Duration::from_secs(60));
    assert!(status.success(), "{err}");
    let whole = start.elapsed();
    assert_consistent(&out);
    let mut previous = snapshot(&out);

    let mut state = 7u64;
    let (mut kept, mut replaced) = (0, 0);
    for k in 0..12 {
        let seed = 1_001 + k;
        let child = spawn(d, games, seed, "random");
        // From the start to a little after the expected end.
        let fraction = (next(&mut state) % 1_000) as f64 / 1_000.0 * 1.15;
        sleep(whole.mul_f64(fraction));
        let mut child = child;
        let _ = child.kill(); // SIGKILL; a finished run ignores it.
        child.wait().unwrap();
        assert_nothing_else_beside(d);
        let now = snapshot(&out);
        if now == previous {
            kept += 1;
        } else {
            let manifest = assert_consistent(&out);
            assert_eq!(manifest["seed"], seed, "a new run's files, all of them");
            assert_eq!(manifest["complete"], true);
            replaced += 1;
            previous = now;
        }
    }
    eprintln!("12 kills: {kept} left the previous results, {replaced} the new ones");

    // The next run removes what the killed ones left.
    let (status, err) = wait(spawn(d, games, 2_000, "random"), Duration::from_secs(60));
    assert!(status.success(), "{err}");
    assert_consistent(&out);
    assert_eq!(entries(d), ["out"]);
}

#[test]
fn ctrl_c_writes_complete_files_for_the_games_played() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let child = spawn(d, 1_000_000_000, 5, "random");
    wait_for_staging(d);
    sleep(Duration::from_millis(300));
    signal(&child, "-INT");
    let (status, err) = wait(child, Duration::from_secs(30));
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("decklab: interrupted: "), "{err}");
    assert!(err.contains("\"complete\": false"), "{err}");
    let manifest = assert_consistent(&d.join("out"));
    assert_eq!(manifest["complete"], false);
    assert_eq!(manifest["games_requested"], 1_000_000_000u64);
    assert_eq!(entries(d), ["out"]);
}

#[test]
fn a_second_ctrl_c_quits_at_once_and_writes_nothing() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let (status, err) = wait(spawn(d, 4, 1, "random"), Duration::from_secs(60));
    assert!(status.success(), "{err}");
    let previous = snapshot(&d.join("out"));

    // ISMCTS games are slow: the games in flight are still running when
    // the second Ctrl-C comes.
    let child = spawn(d, 1_000, 2, "ismcts-1000");
    wait_for_staging(d);
    sleep(Duration::from_millis(100));
    signal(&child, "-INT");
    sleep(Duration::from_millis(200));
    signal(&child, "-INT");
    let (status, err) = wait(child, Duration::from_secs(10));
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("quit without writing results"), "{err}");
    assert!(
        snapshot(&d.join("out")) == previous,
        "the previous results changed"
    );
    assert_eq!(entries(d), ["out"]);
}
