//! A clone of this repository stands alone: nothing points outside it,
//! every link of the documentation resolves, the toolchain it states is
//! the one it needs, and CI runs the README's two commands in a scratch
//! clone with nothing beside it.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// The files git tracks (or, outside a git checkout, every file but
/// `target/` and `.git/`).
fn tracked() -> Vec<PathBuf> {
    let o = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(repo(""))
        .output();
    if let Ok(o) = o
        && o.status.success()
        && !o.stdout.is_empty()
    {
        return o
            .stdout
            .split(|&b| b == 0)
            .filter(|p| !p.is_empty())
            .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
            .collect();
    }
    fn walk(dir: &Path, root: &Path, out: &mut Vec<PathBuf>) {
        for e in fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            let name = e.file_name();
            if name == "target" || name == ".git" {
                continue;
            }
            if p.is_dir() {
                walk(&p, root, out);
            } else {
                out.push(p.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(&repo(""), &repo(""), &mut out);
    out
}

#[test]
fn no_tracked_file_points_outside_the_repository() {
    // Spelled in two pieces so that this file does not match itself.
    let outside = [concat!("..", "/shared"), concat!("/work", "/shared")];
    let mut found = Vec::new();
    for path in tracked() {
        let Ok(text) = fs::read_to_string(repo(&path.display().to_string())) else {
            continue; // not text
        };
        for (n, line) in text.lines().enumerate() {
            if outside.iter().any(|o| line.contains(o)) {
                found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "paths outside the repository:\n{}",
        found.join("\n")
    );
}

/// GitHub's anchor of a heading: lower case, spaces to `-`, punctuation
/// other than `-` and `_` dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.insert(slug(line.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of the inline links `[text](target)` of a Markdown text,
/// outside code, with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Drop inline code spans, which may hold `](`.
        let plain: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let tail = &rest[at + 2..];
            let Some(end) = tail.find(')') else { break };
            out.push((n + 1, tail[..end].trim().to_owned()));
            rest = &tail[end..];
        }
    }
    out
}

#[test]
fn every_documentation_link_resolves() {
    let pages: Vec<PathBuf> = tracked()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    assert!(pages.iter().any(|p| p == Path::new("README.md")));
    let mut broken = Vec::new();
    let mut count = 0;
    for page in &pages {
        let full = repo(&page.display().to_string());
        let text = fs::read_to_string(&full).unwrap();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            count += 1;
            let (file, anchor) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let resolved = if file.is_empty() {
                full.clone()
            } else {
                full.parent().unwrap().join(file)
            };
            let at = format!("{}:{line}: ({target})", page.display());
            if !resolved.exists() {
                broken.push(format!("{at}: no such file"));
                continue;
            }
            // Nothing may lead outside the repository.
            let inside = resolved
                .canonicalize()
                .unwrap()
                .starts_with(repo("").canonicalize().unwrap());
            if !inside {
                broken.push(format!("{at}: outside the repository"));
            }
            if let Some(anchor) = anchor
                && resolved.extension().is_some_and(|e| e == "md")
            {
                let headings = anchors(&fs::read_to_string(&resolved).unwrap());
                if !headings.contains(anchor) {
                    broken.push(format!("{at}: no heading #{anchor}"));
                }
            }
        }
    }
    assert!(count > 50, "only {count} links found: is the parser right?");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_checker_reads_markdown_as_github_does() {
    assert_eq!(slug(" What-if `--set`"), "what-if---set");
    assert_eq!(slug(" Card pool"), "card-pool");
    let text = "see [a](docs/a.md#x) and `[b](c)`\n```\n[d](e)\n```\n[f](#g)";
    assert_eq!(
        links(text),
        [(1, "docs/a.md#x".to_owned()), (5, "#g".to_owned())]
    );
}

/// A version `1.88` or `1.88.0` as numbers.
fn version(text: &str) -> Vec<u64> {
    let mut v: Vec<u64> = text
        .trim()
        .split('.')
        .map(|p| p.parse().unwrap_or_else(|_| panic!("version {text:?}")))
        .collect();
    v.resize(3, 0);
    v
}

#[test]
fn rust_version_is_stated_and_is_what_the_dependencies_need() {
    let manifest: toml::Table = fs::read_to_string(repo("Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let ours = manifest["package"]["rust-version"]
        .as_str()
        .expect("Cargo.toml states rust-version");
    // Every locked dependency this machine builds (the others, e.g.
    // Windows-only ones, are not downloaded) builds with it.
    let rustc = Command::new("rustc").arg("-vV").output().unwrap();
    let rustc = String::from_utf8_lossy(&rustc.stdout).into_owned();
    let host = rustc
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc -vV names the host");
    let o = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .args(["--filter-platform", host])
        .current_dir(repo(""))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let mut needs = Vec::new();
    for p in metadata["packages"].as_array().unwrap() {
        if let Some(v) = p["rust_version"].as_str() {
            needs.push((version(v), format!("{} {}", p["name"], p["version"])));
        }
    }
    let (highest, by) = needs.iter().max().unwrap();
    assert!(
        *highest <= version(ours),
        "{by} needs Rust {highest:?}, Cargo.toml says {ours}"
    );
    // The README says so.
    let readme = fs::read_to_string(repo("README.md")).unwrap();
    assert!(readme.contains(&format!("Rust **{ours} or newer**")));
}

#[test]
fn ci_runs_the_readme_commands_in_a_scratch_clone() {
    let readme = fs::read_to_string(repo("README.md")).unwrap();
    let start = readme
        .find("## Quick start")
        .expect("a Quick start section");
    let block = readme[start..].split("```").nth(1).unwrap();
    let commands: Vec<&str> = block
        .lines()
        .skip(1)
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(commands.len(), 2, "{commands:?}");
    let ci = fs::read_to_string(repo(".ci/run")).unwrap();
    // A command's trailing comment is not part of it, in either file.
    let lines: Vec<&str> = ci
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .collect();
    for c in &commands {
        assert!(lines.contains(c), ".ci/run does not run `{c}`");
    }
    // In a clone made with nothing beside it, and with the toolchain
    // checked against rust-version first.
    assert!(ci.contains("git clone"), ".ci/run works in a scratch clone");
    assert!(ci.contains("rust-version"), ".ci/run checks the toolchain");
}
