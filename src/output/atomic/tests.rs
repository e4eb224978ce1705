//! Tests of `atomic`.

use super::*;

fn names(dir: &Path) -> Vec<String> {
    let mut n: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    n.sort();
    n
}

fn write(out: &mut OutputDir, name: &str, text: &str) {
    let mut f = out.file(name).unwrap();
    f.write_all(text.as_bytes()).unwrap();
    out.finish(f).unwrap();
}

#[test]
fn nothing_is_visible_before_commit() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("out");
    let mut out = OutputDir::create(&dir).unwrap();
    write(&mut out, "games.csv", "x\n");
    assert!(!dir.exists());
    let written = out.commit().unwrap();
    assert_eq!(written, [dir.join("games.csv")]);
    assert_eq!(fs::read_to_string(dir.join("games.csv")).unwrap(), "x\n");
    assert_eq!(names(&dir), ["games.csv"]);
    assert_eq!(names(root.path()), ["out"]);
}

#[test]
fn a_dropped_run_leaves_no_file() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("out");
    {
        let mut out = OutputDir::create(&dir).unwrap();
        write(&mut out, "games.csv", "x\n");
        let _unfinished = out.file("seats.csv").unwrap();
    }
    assert_eq!(names(root.path()), Vec::<String>::new());
}

#[test]
fn a_commit_replaces_the_previous_results_whole() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("out");
    let mut out = OutputDir::create(&dir).unwrap();
    write(&mut out, "games.csv", "old\n");
    write(&mut out, "ratings.csv", "old\n");
    out.commit().unwrap();
    fs::write(dir.join("notes.txt"), "mine").unwrap();
    let mut out = OutputDir::create(&dir).unwrap();
    write(&mut out, "games.csv", "new\n");
    // Until the commit, the old files are all there.
    assert_eq!(fs::read_to_string(dir.join("games.csv")).unwrap(), "old\n");
    out.commit().unwrap();
    assert_eq!(fs::read_to_string(dir.join("games.csv")).unwrap(), "new\n");
    // ratings.csv is a name decklab writes: a stale one is dropped; the
    // user's notes are kept.
    assert_eq!(names(&dir), ["games.csv", "notes.txt"]);
    assert_eq!(fs::read_to_string(dir.join("notes.txt")).unwrap(), "mine");
    assert_eq!(names(root.path()), ["out"]);
}

#[test]
fn stale_run_files_are_removed() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("out");
    fs::create_dir_all(dir.join("logs")).unwrap();
    fs::create_dir_all(dir.join("mine")).unwrap();
    fs::write(dir.join("logs/game-7.jsonl"), "old").unwrap();
    fs::write(dir.join("logs/notes.txt"), "mine").unwrap();
    fs::write(dir.join(".decklab-x.tmp"), "").unwrap();
    for name in [
        "mb_grant.csv",
        "matchups.csv",
        "report.html",
        "x-optimized.deck",
    ] {
        fs::write(dir.join(name), "old").unwrap();
    }
    let mut out = OutputDir::create(&dir).unwrap();
    write(&mut out, "logs/game-0.jsonl", "{}\n");
    out.commit().unwrap();
    assert_eq!(names(&dir.join("logs")), ["game-0.jsonl", "notes.txt"]);
    assert_eq!(names(&dir), ["logs", "mine"]);
}

#[test]
fn a_logs_folder_of_only_stale_logs_goes() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("out");
    fs::create_dir_all(dir.join("logs")).unwrap();
    fs::write(dir.join("logs/game-0.jsonl"), "old").unwrap();
    let mut out = OutputDir::create(&dir).unwrap();
    write(&mut out, "games.csv", "new\n");
    out.commit().unwrap();
    assert_eq!(names(&dir), ["games.csv"]);
}

#[test]
fn a_name_outside_the_list_is_refused() {
    let root = tempfile::tempdir().unwrap();
    let out = OutputDir::create(&root.path().join("out")).unwrap();
    assert!(out.file("notes.txt").is_err());
}

#[test]
fn leftovers_of_dead_runs_are_removed_or_restored() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("out");
    // No process has pid u32::MAX; this one's own pid is alive.
    let dead = root.path().join(format!(".out{MARK}{}-0.tmp", u32::MAX));
    let alive = root
        .path()
        .join(format!(".out{MARK}{}-999999.tmp", std::process::id()));
    let old = root.path().join(format!(".out{MARK}{}-1.old", u32::MAX));
    for d in [&dead, &alive, &old] {
        fs::create_dir(d).unwrap();
    }
    fs::write(old.join("games.csv"), "previous").unwrap();
    let out = OutputDir::create(&dir).unwrap();
    assert!(!dead.exists() && alive.exists() && !old.exists());
    assert_eq!(
        fs::read_to_string(dir.join("games.csv")).unwrap(),
        "previous"
    );
    drop(out);
    fs::remove_dir(alive).unwrap();
    assert_eq!(names(root.path()), ["out"]);
}

#[test]
fn the_working_directory_is_refused() {
    let cwd = std::env::current_dir().unwrap();
    let e = OutputDir::create(&cwd).unwrap_err();
    assert!(e.to_string().contains("output directory"), "{e}");
    let e = OutputDir::create(Path::new("/")).unwrap_err();
    assert!(e.source.to_string().contains("root"), "{e}");
}
