//! Every example the documentation shows runs, through the real binary:
//!
//! 1. the `Examples:` lines of `decklab --help` and of every command's
//!    `--help` (the `EXAMPLES` texts in `src/cli/*.rs`);
//! 2. every line starting with `decklab ` inside a code block of
//!    `README.md` and `docs/commands/*.md`. Transcripts (`$ decklab …`
//!    followed by output) are not run; they are kept true by hand.
//!
//! Each source runs in its own temporary directory, line after line, so an
//! example may use what an earlier one of the same source wrote (`compare`
//! after two `simulate --out` runs, `merge` after the shards). The
//! directory starts as a copy of [`fixture`]: what a fresh clone holds
//! (`decks/`, `strategies/`, `results/baselines/`) plus the input files
//! the examples name (`my.deck` and the others listed there).
//!
//! An example must exit 0 unless its own comment says otherwise:
//! `decklab validate typo.deck   # exit status 2: …`. The text is what
//! runs, nothing is appended: an example that plays many games is written
//! small. A line is split the way a shell would, for the little shell the
//! examples use: quotes, `\` at the end of a line, `# comment`, `*` in the
//! last part of a path, `cmd && cmd`, `> file` (decklab's stdout goes to
//! the file) and `| tool` (the tool is not run: decklab's stdout is
//! dropped, except that `| grep PATTERN` checks that some line of it
//! matches, so that a documented filter finds something). Anything else (`$VAR`, `;`, `<`, backquotes) fails the test,
//! so the documentation stays runnable.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use tempfile::TempDir;

mod common;
use common::{decklab, stderr, stdout};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// One example line, with where it was found.
#[derive(Debug)]
struct Example {
    source: String,
    line: usize,
    text: String,
}

/// A lexed piece of an example line.
#[derive(Debug, PartialEq)]
enum Token {
    /// A word, and whether it holds an unquoted `*` to expand.
    Word(String, bool),
    /// `|`: the rest of the segment is another tool, not run.
    Pipe,
    /// `>`: the next word is the file decklab's stdout goes to.
    Redirect,
    /// `&&`: the next command runs if this one exits 0.
    And,
}

/// Splits an example line like a shell: words, quotes, operators. Returns
/// the tokens and the comment after an unquoted `#`, if any.
fn lex(line: &str) -> Result<(Vec<Token>, Option<String>), String> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut glob = false;
    let mut chars = line.chars().peekable();
    let finish =
        |tokens: &mut Vec<Token>, word: &mut String, in_word: &mut bool, glob: &mut bool| {
            if *in_word {
                tokens.push(Token::Word(std::mem::take(word), *glob));
            }
            *in_word = false;
            *glob = false;
        };
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => finish(&mut tokens, &mut word, &mut in_word, &mut glob),
            '#' if !in_word => {
                let comment: String = chars.collect();
                return Ok((tokens, Some(comment.trim().to_owned())));
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("unterminated ' quote".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("unterminated \" quote".into()),
                        },
                        Some(c @ ('$' | '`')) => {
                            return Err(format!("{c} inside double quotes is not supported"));
                        }
                        Some(c) => word.push(c),
                        None => return Err("unterminated \" quote".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => {
                    in_word = true;
                    word.push(c);
                }
                None => return Err("a lone \\ at the end".into()),
            },
            '|' | '>' | '&' => {
                finish(&mut tokens, &mut word, &mut in_word, &mut glob);
                match c {
                    '|' if chars.peek() == Some(&'|') => return Err("|| is not supported".into()),
                    '|' => tokens.push(Token::Pipe),
                    '>' if chars.peek() == Some(&'>') => return Err(">> is not supported".into()),
                    '>' => tokens.push(Token::Redirect),
                    _ if chars.next() == Some('&') => tokens.push(Token::And),
                    _ => return Err("& (background) is not supported".into()),
                }
            }
            '$' | ';' | '<' | '`' | '(' | ')' => {
                return Err(format!("unquoted {c} is not supported"));
            }
            '*' => {
                in_word = true;
                glob = true;
                word.push(c);
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    finish(&mut tokens, &mut word, &mut in_word, &mut glob);
    Ok((tokens, None))
}

/// The exit status an example's comment documents: `exit status N`, else 0.
fn documented_status(comment: Option<&str>) -> i32 {
    let Some(comment) = comment else { return 0 };
    let Some(at) = comment.find("exit status ") else {
        return 0;
    };
    let digits: String = comment[at + "exit status ".len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("`exit status` without a number in {comment:?}"))
}

/// Matches a file name against a pattern whose only wildcard is `*`.
fn wildcard(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            let Some(rest) = name.strip_prefix(head) else {
                return false;
            };
            (0..=rest.len())
                .filter(|&i| rest.is_char_boundary(i))
                .any(|i| wildcard(tail, &rest[i..]))
        }
    }
}

/// Expands an unquoted `*` in the last part of a path, as a shell would:
/// the matching entries, sorted, or the word itself when none matches.
fn expand(word: &str, dir: &Path) -> Vec<String> {
    let (parent, pattern) = match word.rsplit_once('/') {
        Some((p, f)) => (p, f),
        None => ("", word),
    };
    assert!(
        !parent.contains('*'),
        "only the last part of a path may hold *: {word}"
    );
    let mut names: Vec<String> = fs::read_dir(dir.join(parent))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.') && wildcard(pattern, n))
        .map(|n| {
            if parent.is_empty() {
                n
            } else {
                format!("{parent}/{n}")
            }
        })
        .collect();
    names.sort();
    if names.is_empty() {
        vec![word.to_owned()]
    } else {
        names
    }
}

/// Runs one example in `dir`. Returns a description of what went wrong.
fn run(example: &Example, dir: &Path) -> Result<(), String> {
    let (tokens, comment) = lex(&example.text)?;
    let expected = documented_status(comment.as_deref());
    let segments: Vec<&[Token]> = tokens.split(|t| *t == Token::And).collect();
    for (i, segment) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        let mut args: Vec<String> = Vec::new();
        let mut stdout_to: Option<String> = None;
        let mut grep: Option<String> = None;
        let mut it = segment.iter();
        while let Some(t) = it.next() {
            match t {
                Token::Word(w, false) => args.push(w.clone()),
                Token::Word(w, true) => args.extend(expand(w, dir)),
                // The tool after the pipe reads decklab's stdout; it is not
                // decklab, so it is not run; a plain grep is checked.
                Token::Pipe => {
                    let rest: Vec<&Token> = it.by_ref().collect();
                    if let [Token::Word(tool, _), Token::Word(pattern, _)] = rest[..]
                        && tool == "grep"
                        && !pattern.starts_with('-')
                    {
                        grep = Some(pattern.clone());
                    }
                    break;
                }
                Token::Redirect => match it.next() {
                    Some(Token::Word(f, _)) => stdout_to = Some(f.clone()),
                    _ => return Err("> without a file".into()),
                },
                Token::And => unreachable!(),
            }
        }
        if args.first().map(String::as_str) != Some("decklab") {
            return Err(format!("a command that is not decklab: {args:?}"));
        }
        let argv: Vec<&str> = args[1..].iter().map(String::as_str).collect();
        let o = decklab(dir, &argv);
        if let Some(f) = stdout_to {
            fs::write(dir.join(f), &o.stdout).unwrap();
        }
        if let Some(pattern) = &grep
            && !stdout(&o).lines().any(|l| l.contains(pattern.as_str()))
        {
            return Err(format!(
                "`| grep {pattern}` matches no line of `decklab {}`",
                argv.join(" ")
            ));
        }
        let want = if last { expected } else { 0 };
        if o.status.code() != Some(want) {
            let err = stderr(&o);
            let tail: Vec<&str> = err.lines().rev().take(6).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            return Err(format!(
                "`decklab {}` exited {:?}, the documentation says {want}\n  stderr: {}\n  stdout: {} bytes",
                argv.join(" "),
                o.status.code(),
                tail.join("\n          "),
                stdout(&o).len()
            ));
        }
    }
    Ok(())
}

/// Joins lines ending in `\` with the lines that continue them.
fn logical_lines<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (n, line) in lines {
        let (number, mut text) = match open.take() {
            Some((n0, t)) => (n0, t + " " + line.trim()),
            None => (n, line.trim().to_owned()),
        };
        if text.ends_with('\\') {
            text.pop();
            open = Some((number, text.trim_end().to_owned()));
        } else {
            out.push((number, text));
        }
    }
    out.extend(open);
    out
}

/// The lines of a `--help` text's `Examples:` section that run decklab.
fn help_examples(source: &str, help: &str) -> Vec<Example> {
    let lines: Vec<&str> = help.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim() == "Examples:")
        .unwrap_or_else(|| panic!("{source}: no Examples: section"));
    let section = lines[start + 1..]
        .iter()
        .enumerate()
        .take_while(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (start + 2 + i, *l));
    logical_lines(section)
        .into_iter()
        .filter(|(_, t)| t.starts_with("decklab "))
        .map(|(line, text)| Example {
            source: source.to_owned(),
            line,
            text,
        })
        .collect()
}

/// The lines starting with `decklab ` in the code blocks of a Markdown file.
fn markdown_examples(source: &str, text: &str) -> Vec<Example> {
    let mut fenced = false;
    let mut block: Vec<(usize, &str)> = Vec::new();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            if fenced {
                for (line, text) in logical_lines(block.drain(..)) {
                    if text.starts_with("decklab ") {
                        out.push(Example {
                            source: source.to_owned(),
                            line,
                            text,
                        });
                    }
                }
            }
            fenced = !fenced;
        } else if fenced {
            block.push((i + 1, line));
        }
    }
    assert!(!fenced, "{source}: a code block is not closed");
    out
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

/// The directory every source's examples start from, made once.
fn fixture() -> &'static Path {
    static FIXTURE: OnceLock<TempDir> = OnceLock::new();
    FIXTURE
        .get_or_init(|| {
            let t = TempDir::new().unwrap();
            let d = t.path();
            // A fresh clone's data: the examples run at the top of a clone.
            copy_dir(&repo("decks"), &d.join("decks"));
            copy_dir(&repo("strategies"), &d.join("strategies"));
            copy_dir(&repo("results/baselines"), &d.join("results/baselines"));
            let hero_rush = fs::read_to_string(repo("decks/nostalgix/hero-rush.deck")).unwrap();
            // my.deck: "your deck", a copy of the hero-rush starter deck.
            fs::write(d.join("my.deck"), &hero_rush).unwrap();
            // weaker/my.deck: my.deck after a bad edit (docs/commands/regress.md,
            // README's CI gate): its Cinder Imps and Flame Sprinters became
            // Village Medics and Tin Soldiers, so `regress` exits 1.
            let weaker = hero_rush
                .replace("4 Cinder Imp\n", "4 Village Medic\n")
                .replace("4 Flame Sprinter\n", "4 Tin Soldier\n");
            assert_ne!(weaker, hero_rush);
            fs::create_dir_all(d.join("weaker")).unwrap();
            fs::write(d.join("weaker/my.deck"), &weaker).unwrap();
            // my-decks/: a folder of your decks (one, the weaker list).
            fs::create_dir_all(d.join("my-decks")).unwrap();
            fs::write(d.join("my-decks/slow-rush.deck"), &weaker).unwrap();
            // my.pool: the cards you own, for `optimize --pool`.
            fs::write(
                d.join("my.pool"),
                "4 Cinder Imp\n4 Flame Sprinter\n2 Village Medic\n",
            )
            .unwrap();
            // my-cards.toml: your card file, a copy of the Nostalgix pool.
            fs::copy(repo("decks/nostalgix/cards.toml"), d.join("my-cards.toml")).unwrap();
            // typo.deck: the three mistakes of docs/commands/validate.md.
            fs::write(
                d.join("typo.deck"),
                "Hero: Sable Quickfuse\n4 Cinder Imp\n5 Flame Sprinter\n2 Scorched Plians\n",
            )
            .unwrap();
            // results/latest, results/before and results/after: the last
            // run, and two runs to compare, for `decklab --help`'s and
            // `decklab report --help`'s examples.
            for args in [
                &["simulate", "--games", "200", "--quiet"][..],
                &[
                    "simulate",
                    "--games",
                    "200",
                    "--quiet",
                    "--out",
                    "results/before",
                ][..],
                &[
                    "simulate",
                    "--games",
                    "200",
                    "--quiet",
                    "--set",
                    "Stack-O-Fox.health=3",
                    "--out",
                    "results/after",
                ],
            ] {
                let o = decklab(d, args);
                assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            }
            t
        })
        .path()
}

/// The commands `decklab --help` lists.
fn commands() -> Vec<String> {
    let o = decklab(fixture(), &["--help"]);
    let help = stdout(&o);
    help.lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_owned)
        .collect()
}

/// Every source of examples, in the order they run.
fn sources() -> Vec<(String, Vec<Example>)> {
    let mut out = Vec::new();
    let top = stdout(&decklab(fixture(), &["--help"]));
    out.push((
        "decklab --help".to_owned(),
        help_examples("decklab --help", &top),
    ));
    for c in commands() {
        let source = format!("decklab {c} --help");
        let help = stdout(&decklab(fixture(), &[c.as_str(), "--help"]));
        out.push((source.clone(), help_examples(&source, &help)));
    }
    let mut pages = vec![repo("README.md")];
    let mut commands: Vec<PathBuf> = fs::read_dir(repo("docs/commands"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    commands.sort();
    pages.extend(commands);
    for page in pages {
        let source = page
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap()
            .display()
            .to_string()
            .trim_start_matches('/')
            .to_owned();
        let text = fs::read_to_string(&page).unwrap();
        out.push((source.clone(), markdown_examples(&source, &text)));
    }
    out
}

#[test]
fn the_splitter_reads_the_little_shell_the_examples_use() {
    let w = |s: &str| Token::Word(s.to_owned(), false);
    let (t, c) =
        lex(r#"decklab simulate --set "Stack-O-Fox.health=3" --out 'a b'  # exit status 2: x"#)
            .unwrap();
    assert_eq!(
        t,
        [
            w("decklab"),
            w("simulate"),
            w("--set"),
            w("Stack-O-Fox.health=3"),
            w("--out"),
            w("a b")
        ]
    );
    assert_eq!(documented_status(c.as_deref()), 2);
    let (t, c) = lex("decklab a > f.jsonl && decklab b | jq -c '.x'").unwrap();
    assert_eq!(
        t,
        [
            w("decklab"),
            w("a"),
            Token::Redirect,
            w("f.jsonl"),
            Token::And,
            w("decklab"),
            w("b"),
            Token::Pipe,
            w("jq"),
            w("-c"),
            w(".x"),
        ]
    );
    assert_eq!(documented_status(c.as_deref()), 0);
    assert_eq!(
        lex("decklab merge out shards/*").unwrap().0[3],
        Token::Word("shards/*".into(), true)
    );
    assert_eq!(lex("decklab x \"shards/*\"").unwrap().0[2], w("shards/*"));
    assert!(lex("decklab x $HOME").is_err());
    assert!(lex("decklab x; decklab y").is_err());
    assert!(wildcard("*.deck", "a.deck") && !wildcard("*.deck", "a.toml") && wildcard("*", "x"));
    let joined = logical_lines(
        ["decklab a \\", "   --b c", "decklab d"]
            .into_iter()
            .enumerate(),
    );
    assert_eq!(
        joined,
        [
            (0, "decklab a --b c".to_owned()),
            (2, "decklab d".to_owned())
        ]
    );
}

#[test]
fn every_documented_example_runs() {
    let started = Instant::now();
    // Every command has its reference page.
    for c in commands() {
        assert!(
            repo(&format!("docs/commands/{c}.md")).is_file(),
            "docs/commands/{c}.md is missing"
        );
    }
    let mut failures = Vec::new();
    let mut count = 0;
    for (source, examples) in sources() {
        assert!(!examples.is_empty(), "{source}: no example to run");
        let dir = TempDir::new().unwrap();
        copy_dir(fixture(), dir.path());
        for example in &examples {
            let t = Instant::now();
            let result = run(example, dir.path());
            eprintln!(
                "{:6.2} s  {}:{}  {}",
                t.elapsed().as_secs_f64(),
                example.source,
                example.line,
                example.text
            );
            count += 1;
            if let Err(e) = result {
                failures.push(format!(
                    "{}:{}: {}\n  {e}",
                    example.source, example.line, example.text
                ));
            }
        }
    }
    eprintln!(
        "{count} examples in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {count} examples failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
