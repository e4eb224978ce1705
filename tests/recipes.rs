//! The shipped recipes (`examples/`, `Dockerfile`) are real: each file is
//! parsed, and its decklab command lines run here at small size — the
//! sharded ones as 2 shards then a merge, which must give byte for byte
//! the files of one run.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_yaml::Value;
use tempfile::TempDir;

mod common;
use common::{REPORTS, decklab, stderr};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn yaml(path: &str) -> Vec<Value> {
    let text = fs::read_to_string(repo(path)).unwrap();
    serde_yaml::Deserializer::from_str(&text)
        .map(|d| serde::Deserialize::deserialize(d).unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

/// Cargo.toml's `rust-version`.
fn rust_version() -> String {
    let text = fs::read_to_string(repo("Cargo.toml")).unwrap();
    let manifest: toml::Table = text.parse().unwrap();
    manifest["package"]["rust-version"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Asserts that the CSV reports of two run directories are identical.
fn assert_same_files(a: &Path, b: &Path) {
    for name in REPORTS {
        let (x, y) = (fs::read(a.join(name)), fs::read(b.join(name)));
        assert!(
            x.as_ref().unwrap() == y.as_ref().unwrap(),
            "{name} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

/// A folder holding the decklab binary, for scripts that call `decklab`.
fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_decklab"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn path_with_decklab() -> String {
    let old = std::env::var("PATH").unwrap_or_default();
    format!("{}:{old}", bin_dir().display())
}

#[test]
fn the_github_actions_gate_runs_its_decklab_steps() {
    let docs = yaml("examples/github-actions/decks.yml");
    let steps = docs[0]["jobs"]["decks"]["steps"].as_sequence().unwrap();
    let runs: Vec<&str> = steps.iter().filter_map(|s| s["run"].as_str()).collect();
    // The toolchain it installs is Cargo.toml's rust-version.
    let version = rust_version();
    assert!(
        runs.iter()
            .any(|r| r.contains(&format!("rustup toolchain install {version} "))),
        "no step installs Rust {version}: {runs:?}"
    );
    // Its decklab steps pass on a clone's decks and baselines.
    let dir = TempDir::new().unwrap();
    for sub in ["decks", "results/baselines"] {
        copy_dir(&repo(sub), &dir.path().join(sub));
    }
    let mut ran = 0;
    for line in runs.iter().flat_map(|r| r.lines()) {
        let Some(rest) = line.trim().strip_prefix("decklab ") else {
            continue;
        };
        let args: Vec<&str> = rest.split_whitespace().collect();
        let o = decklab(dir.path(), &args);
        assert!(o.status.success(), "{line}: {}", stderr(&o));
        ran += 1;
    }
    assert_eq!(ran, 2, "the gate validates and regresses");
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            fs::copy(e.path(), target).unwrap();
        }
    }
}

/// Runs a recipe's shell script in `dir` with `env`, decklab on the PATH.
fn script(path: &str, dir: &Path, env: &[(&str, &str)]) {
    let o = Command::new("bash")
        .arg(repo(path))
        .current_dir(dir)
        .env("PATH", path_with_decklab())
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{path} {env:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn the_slurm_array_shards_and_merges_into_one_run() {
    let text = fs::read_to_string(repo("examples/slurm/decklab-array.sh")).unwrap();
    assert!(text.contains("#SBATCH --array=0-7"), "an array of 8 tasks");
    // Two array tasks, then the merge job.
    let sharded = TempDir::new().unwrap();
    for k in ["0", "1"] {
        let env = [
            ("SLURM_ARRAY_TASK_ID", k),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
            ("GAMES", "120"),
        ];
        script("examples/slurm/decklab-array.sh", sharded.path(), &env);
    }
    script("examples/slurm/merge.sh", sharded.path(), &[]);
    // The same script as a one-task array: the whole run.
    let whole = TempDir::new().unwrap();
    let env = [
        ("SLURM_ARRAY_TASK_ID", "0"),
        ("SLURM_ARRAY_TASK_COUNT", "1"),
        ("GAMES", "120"),
    ];
    script("examples/slurm/decklab-array.sh", whole.path(), &env);
    assert_same_files(
        &sharded.path().join("results/run"),
        &whole.path().join("shards/shard-0"),
    );
}

/// Expands Kubernetes' `$(NAME)` references in `text` from `env`.
fn expand(text: &str, env: &BTreeMap<String, String>) -> String {
    let mut out = text.to_owned();
    for (k, v) in env {
        out = out.replace(&format!("$({k})"), v);
    }
    assert!(!out.contains("$("), "an unset variable in {text}");
    out
}

#[test]
fn the_kubernetes_jobs_shard_and_merge_into_one_run() {
    let shards = &yaml("examples/kubernetes/decklab-job.yaml")[0];
    let merge = &yaml("examples/kubernetes/decklab-merge.yaml")[0];
    let spec = &shards["spec"];
    assert_eq!(spec["completionMode"].as_str(), Some("Indexed"));
    let container = &spec["template"]["spec"]["containers"][0];
    let mut env: BTreeMap<String, String> = container["env"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|e| {
            let (k, v) = (e["name"].as_str(), e["value"].as_str());
            (k.unwrap().to_owned(), v.unwrap().to_owned())
        })
        .collect();
    // SHARDS is the number of completions, run in parallel.
    let completions = spec["completions"].as_u64().unwrap();
    assert_eq!(env["SHARDS"], completions.to_string());
    assert_eq!(spec["parallelism"].as_u64(), Some(completions));
    // Both Jobs run the image the Dockerfile builds, on one volume.
    let merger = &merge["spec"]["template"]["spec"]["containers"][0];
    let image = container["image"].as_str().unwrap();
    assert_eq!(merger["image"].as_str(), Some(image));
    let version = fs::read_to_string(repo("Cargo.toml")).unwrap();
    let tag = image.split_once(':').unwrap().1;
    assert!(version.contains(&format!("version = \"{tag}\"")), "{image}");
    let mount = container["volumeMounts"][0]["mountPath"].as_str().unwrap();
    assert_eq!(merger["volumeMounts"][0]["mountPath"].as_str(), Some(mount));

    // Here: 2 shards of 120 games on a temporary folder for the volume.
    let volume = TempDir::new().unwrap();
    let root = volume.path().display().to_string();
    env.insert("SHARDS".into(), "2".into());
    env.insert("GAMES".into(), "120".into());
    let args: Vec<&str> = container["args"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    for index in 0..2 {
        env.insert("JOB_COMPLETION_INDEX".into(), index.to_string());
        let argv: Vec<String> = args
            .iter()
            .map(|a| expand(a, &env).replacen(mount, &root, 1))
            .collect();
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let o = decklab(volume.path(), &argv);
        assert!(o.status.success(), "{argv:?}: {}", stderr(&o));
    }
    // The merge Job: `sh -c "decklab merge …"`, its glob expanded.
    let command: Vec<&str> = merger["command"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert_eq!(&command[..2], ["sh", "-c"]);
    let line = command[2].replace(mount, &root);
    let mut argv: Vec<String> = Vec::new();
    for word in line.split_whitespace().skip(1) {
        match word.strip_suffix('*') {
            Some(prefix) => {
                let (parent, head) = prefix.rsplit_once('/').unwrap();
                let mut found: Vec<String> = fs::read_dir(parent)
                    .unwrap()
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.starts_with(head))
                    .map(|n| format!("{parent}/{n}"))
                    .collect();
                found.sort();
                argv.extend(found);
            }
            None => argv.push(word.to_owned()),
        }
    }
    assert_eq!(line.split_whitespace().next(), Some("decklab"));
    let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
    let o = decklab(volume.path(), &argv);
    assert!(o.status.success(), "{argv:?}: {}", stderr(&o));

    // One run of the same games.
    env.insert("JOB_COMPLETION_INDEX".into(), "0".into());
    env.insert("SHARDS".into(), "1".into());
    let whole: Vec<String> = args
        .iter()
        .map(|a| expand(a, &env).replacen(mount, &format!("{root}/whole"), 1))
        .collect();
    let whole: Vec<&str> = whole.iter().map(String::as_str).collect();
    let o = decklab(volume.path(), &whole);
    assert!(o.status.success(), "{whole:?}: {}", stderr(&o));
    assert_same_files(
        &volume.path().join("run"),
        &volume.path().join("whole/shards/shard-0"),
    );
}

#[test]
fn the_dockerfile_builds_with_the_rust_version_and_runs_small() {
    let text = fs::read_to_string(repo("Dockerfile")).unwrap();
    let instructions: Vec<(&str, &str)> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_once(' ').unwrap_or((l, "")))
        .collect();
    let stages: Vec<&str> = instructions
        .iter()
        .filter(|(i, _)| *i == "FROM")
        .map(|(_, a)| *a)
        .collect();
    // Two stages: the builder on Cargo.toml's rust-version, a slim runtime.
    assert_eq!(stages.len(), 2, "{stages:?}");
    let version = rust_version();
    assert!(
        stages[0].starts_with(&format!("rust:{version}-")) && stages[0].ends_with(" AS build"),
        "{}",
        stages[0]
    );
    assert!(stages[1].contains("slim"), "{}", stages[1]);
    assert!(instructions.contains(&("RUN", "cargo build --release --locked")));
    // The runtime stage copies the binary and runs it.
    let runtime = instructions
        .iter()
        .rposition(|(i, _)| *i == "FROM")
        .unwrap();
    let rest = &instructions[runtime..];
    assert!(rest.contains(&(
        "COPY",
        "--from=build /src/target/release/decklab /usr/local/bin/decklab"
    )));
    assert!(rest.contains(&("ENTRYPOINT", "[\"decklab\"]")));
    // What the build context leaves out.
    let ignore = fs::read_to_string(repo(".dockerignore")).unwrap();
    assert!(ignore.lines().any(|l| l == "target/"));
}
