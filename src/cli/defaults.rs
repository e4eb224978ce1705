//! `decklab.toml` in the working directory: default flags.
//!
//! ```toml
//! [defaults]          # every command that has the flag
//! threads = 4
//! [simulate]          # one command; its keys must be its flags
//! games = 5000
//! bot = "ismcts-200"
//! set = ["Cinder Imp.cost=2"]
//! ```
//!
//! A key is a flag's long name (`max-turns` or `max_turns`); a value is a
//! string, a number, `true` (a switch given) or `false` (not given), or an
//! array (the flag repeated). Precedence: a flag on the command line, else
//! the command's table, else `[defaults]`, else decklab's default; a
//! default that would clash with a typed argument is not added. The flags
//! a file adds are appended to the command line before it is parsed, so
//! they are checked like typed ones (each at its line of the file), and
//! the manifest's `command_line` records them. A value clap takes but a
//! ruleset refuses (`players = 9` for a game of 2 to 5) is refused later,
//! once the ruleset is known: [`at_line`] tells that check where the
//! value came from, so that it too is reported at its line.

use std::ffi::OsString;
use std::path::Path;
use std::sync::OnceLock;

use anyhow::{Context, bail};
use clap::Arg;
use clap::parser::ValueSource;
use toml::Value;

use crate::diagnostics::{Diagnostic, line_of, toml_error};

/// The file's name, in the working directory.
pub const FILE: &str = "decklab.toml";

/// The command line as parsed, with the defaults of the file.
static COMMAND_LINE: OnceLock<Vec<String>> = OnceLock::new();

/// A flag the file added: its long name and where it is, as
/// `decklab.toml:3: [simulate] players = 9`.
type Added = (String, String);

/// The flags the file added.
static ADDED: OnceLock<Vec<Added>> = OnceLock::new();

/// Where `decklab.toml` gave the flag `--<long>` of the command line
/// (`decklab.toml:3: [simulate] players = 9`), or `None` when the flag
/// was typed, or not given at all. A check made once the ruleset is
/// known starts its message with this, so that a value of the file is
/// reported at its line as clap's refusals are.
pub fn at_line(long: &str) -> Option<String> {
    let added = ADDED.get()?;
    added
        .iter()
        .find(|(flag, _)| flag == long)
        .map(|(_, place)| place.clone())
}

/// The command line decklab runs, defaults from `decklab.toml` included
/// (what the manifest records).
pub fn command_line() -> Vec<String> {
    COMMAND_LINE
        .get_or_init(|| {
            std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect()
        })
        .clone()
}

/// `args` with the flags `decklab.toml` adds (if the file exists);
/// records the result for [`command_line`].
pub fn with_defaults(args: Vec<OsString>) -> anyhow::Result<Vec<OsString>> {
    let path = Path::new(FILE);
    let args = if path.is_file() {
        let text = crate::diagnostics::read_input_text(path)
            .with_context(|| format!("cannot read {FILE}"))?;
        let (args, added) = add_defaults(args, &text)?;
        let _ = ADDED.set(added);
        args
    } else {
        args
    };
    let _ = COMMAND_LINE.set(
        args.iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect(),
    );
    Ok(args)
}

/// `args` with the flags of the file `text` that they do not give, the
/// command's table first, each table's in the file's order, and the long
/// name and place of each flag added (see [`at_line`]). Every problem
/// with the file is reported at its line.
fn add_defaults(args: Vec<OsString>, text: &str) -> anyhow::Result<(Vec<OsString>, Vec<Added>)> {
    let table: toml::Table = text
        .parse()
        .map_err(|e| anyhow::anyhow!("{}", toml_error(FILE, text, &e)))?;
    let lines = KeyLines::read(text);
    let at = |line: usize, message: String| Diagnostic::new(FILE, line, message);
    let cli = super::command();
    // A command line clap refuses (or --help) is left for clap to report,
    // unless all it lacks is a required flag: the file may give it.
    if let Err(e) = cli.clone().try_get_matches_from(&args)
        && e.kind() != clap::error::ErrorKind::MissingRequiredArgument
    {
        return Ok((args, Vec::new()));
    }
    // Which command runs and which flags are typed, required ones missing
    // or not.
    let Ok(matches) = cli.clone().ignore_errors(true).try_get_matches_from(&args) else {
        return Ok((args, Vec::new()));
    };
    let Some((name, given)) = matches.subcommand() else {
        return Ok((args, Vec::new()));
    };
    let Some(command) = cli.find_subcommand(name) else {
        return Ok((args, Vec::new()));
    };
    for (key, value) in &table {
        if !value.is_table() {
            bail!(
                "{}",
                at(
                    lines.line("", key),
                    format!(
                        "{key} is outside any table: put it under [defaults] or under a \
                         command's table ([simulate]…)"
                    )
                )
            );
        }
        if key != "defaults" && cli.find_subcommand(key).is_none() {
            bail!(
                "{}",
                at(
                    lines.line("", key),
                    format!("[{key}]: no such command (expected [defaults] or a command's name)")
                )
            );
        }
    }
    // The command's own table wins over [defaults].
    let mut flags: Vec<(String, &str, &str, &Value)> = Vec::new();
    for section in [name, "defaults"] {
        // Every top-level value is a table: checked above.
        let Some(entries) = table.get(section).and_then(Value::as_table) else {
            continue;
        };
        for (key, value) in entries {
            let long = key.replace('_', "-");
            if !flags.iter().any(|(l, ..)| *l == long) {
                flags.push((long, section, key, value));
            }
        }
    }
    let mut added = args.clone();
    let mut places = Vec::new();
    for (long, section, key, value) in flags {
        let line = lines.line(section, key);
        // [defaults] skips a flag the command hides: one it refuses or
        // has no use for (regress's --shard, optimize's --players…).
        let Some(arg) = command
            .get_arguments()
            .find(|a| a.get_long() == Some(&long))
            .filter(|a| section == name || !a.is_hide_set())
        else {
            if section == name {
                bail!(
                    "{}",
                    at(
                        line,
                        format!("[{name}] {key}: `decklab {name}` has no flag --{long}")
                    )
                );
            }
            continue;
        };
        // Given on the command line, or a default that would clash with
        // what is (replay's run directory takes every setting from the run).
        let typed =
            |a: &Arg| given.value_source(a.get_id().as_str()) == Some(ValueSource::CommandLine);
        let clashes = command.get_arguments().filter(|a| typed(a)).any(|a| {
            let names = |x: &Arg, y: &Arg| {
                command
                    .get_arg_conflicts_with(x)
                    .iter()
                    .any(|c| c.get_id() == y.get_id())
            };
            names(a, arg) || names(arg, a)
        });
        if typed(arg) || clashes {
            continue;
        }
        let values = match value {
            Value::Array(items) => items.iter().collect(),
            one => vec![one],
        };
        let mut these = Vec::new();
        for v in values {
            let text = match v {
                Value::Boolean(true) => {
                    these.push(format!("--{long}").into());
                    continue;
                }
                Value::Boolean(false) => continue,
                Value::String(s) => s.clone(),
                Value::Integer(n) => n.to_string(),
                Value::Float(x) => x.to_string(),
                other => bail!(
                    "{}",
                    at(
                        line,
                        format!(
                            "[{section}] {key} = {other}: expected a string, a number, true, \
                             false or an array"
                        )
                    )
                ),
            };
            these.push(format!("--{long}={text}").into());
        }
        // Checked one by one, so that a refused value is reported at its
        // line rather than as a flag the user never typed.
        let mut with_these = added.clone();
        with_these.extend(these);
        // A required flag still missing is the command line's (or a later
        // default's) business, reported when the command line is parsed.
        if let Err(e) = cli.clone().try_get_matches_from(&with_these)
            && e.kind() != clap::error::ErrorKind::MissingRequiredArgument
        {
            bail!(
                "{}",
                at(
                    line,
                    format!("[{section}] {key} = {value}: {}", clap_reason(&e))
                )
            );
        }
        if with_these.len() > added.len() {
            places.push((
                long,
                at(line, format!("[{section}] {key} = {value}")).to_string(),
            ));
        }
        added = with_these;
    }
    Ok((added, places))
}

/// What clap says is wrong, on one line: its message and hints (possible
/// values, a similar value), without the usage and help lines.
fn clap_reason(e: &clap::Error) -> String {
    let text = e.to_string();
    let parts: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more"))
        .map(|l| l.strip_prefix("error: ").unwrap_or(l))
        .collect();
    parts.join(" ")
}

/// Where each key of the file is: the 1-based line of a top-level key
/// (a table's header) and of each key of a table, from the parser's spans,
/// so quoted and dotted keys are placed as the file writes them.
struct KeyLines(Vec<(String, String, usize)>);

impl KeyLines {
    fn read(text: &str) -> KeyLines {
        let mut lines = Vec::new();
        // The file parsed once already: a failure here only loses lines.
        if let Ok(table) = toml::de::DeTable::parse(text) {
            for (key, value) in table.get_ref() {
                let line = line_of(text, key.span().start);
                lines.push((String::new(), key.get_ref().to_string(), line));
                if let toml::de::DeValue::Table(entries) = value.get_ref() {
                    for (k, _) in entries {
                        let line = line_of(text, k.span().start);
                        lines.push((key.get_ref().to_string(), k.get_ref().to_string(), line));
                    }
                }
            }
        }
        KeyLines(lines)
    }

    /// The line of `key` in table `section` (`""`: a top-level key or a
    /// table's header); 0 if the file has no such key.
    fn line(&self, section: &str, key: &str) -> usize {
        self.0
            .iter()
            .find(|(s, k, _)| s == section && k == key)
            .map_or(0, |(.., line)| *line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(args: &[&str], file: &str) -> anyhow::Result<Vec<String>> {
        let args = args.iter().map(OsString::from).collect();
        Ok(add_defaults(args, file)?
            .0
            .into_iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect())
    }

    #[test]
    fn a_flag_beats_the_command_table_which_beats_defaults() {
        let file = "[defaults]\nthreads = 2\nseed = 9\n[simulate]\ngames = 50\nseed = 4\nquiet = true\nset = [\"A.cost=1\", \"B.cost=2\"]\n";
        let got = with(&["decklab", "simulate", "--games", "7"], file).unwrap();
        assert_eq!(
            got,
            [
                "decklab",
                "simulate",
                "--games",
                "7",
                "--seed=4",
                "--quiet",
                "--set=A.cost=1",
                "--set=B.cost=2",
                "--threads=2"
            ]
        );
        // [defaults] skips the commands without the flag.
        let got = with(&["decklab", "cards"], file).unwrap();
        assert_eq!(got, ["decklab", "cards"]);
        // ...and those that hide it (regress refuses --shard).
        let got = with(
            &["decklab", "regress", "--baseline", "b.csv"],
            "[defaults]\nshard = \"0/2\"\n",
        )
        .unwrap();
        assert_eq!(got, ["decklab", "regress", "--baseline", "b.csv"]);
        // A command's table names only its flags.
        let err = with(&["decklab", "simulate"], "[simulate]\ngamez = 3\n").unwrap_err();
        assert!(err.to_string().contains("no flag --gamez"), "{err}");
        let err = with(&["decklab", "cards"], "[simulat]\ngames = 3\n").unwrap_err();
        assert!(
            err.to_string().contains("[simulat]: no such command"),
            "{err}"
        );
    }

    #[test]
    fn the_file_may_give_a_required_flag() {
        // docs/configuration.md: `[gauntlet] field = [...]`.
        let file = "[gauntlet]\nfield = [\"decks/nostalgix\"]\n";
        let got = with(&["decklab", "gauntlet", "--deck", "x.deck"], file).unwrap();
        assert_eq!(got.last().unwrap(), "--field=decks/nostalgix");
        let got = with(
            &["decklab", "gauntlet", "--field", "f"],
            "[defaults]\ndeck = \"d\"\n",
        );
        assert_eq!(got.unwrap().last().unwrap(), "--deck=d");
        // A mistake of the command line is the command line's, not the
        // file's: left for clap to report.
        let file = "[defaults]\nthreads = 1\n";
        for typed in [
            &["--gamez", "5"][..],
            &["--games", "0"],
            &["--deck"],
            &["extra"],
        ] {
            let mut args = vec!["decklab", "simulate"];
            args.extend_from_slice(typed);
            let got = with(&args, file).unwrap();
            assert_eq!(got, args, "{typed:?}");
        }
        // A bad value is still placed at its line, though --field is
        // missing too.
        let err = with(
            &["decklab", "gauntlet", "--deck", "x"],
            "[gauntlet]\ngames = 0\n",
        );
        let err = err.unwrap_err().to_string();
        assert!(
            err.starts_with("decklab.toml:2: [gauntlet] games = 0"),
            "{err}"
        );
    }

    #[test]
    fn problems_are_placed_at_their_line_however_the_key_is_written() {
        let line_of = |file: &str| {
            let err = with(&["decklab", "simulate"], file)
                .unwrap_err()
                .to_string();
            let rest = err.strip_prefix("decklab.toml:").expect(&err);
            rest.split(':')
                .next()
                .unwrap()
                .parse::<usize>()
                .expect(&err)
        };
        // A quoted table header, a quoted key, a dotted key.
        assert_eq!(
            line_of("# c\n[\"simulate\"]\n\"games\" = 5\ngamez = 3\n"),
            4
        );
        assert_eq!(line_of("# c\n\n[\"simulat\"]\ngames = 5\n"), 3);
        assert_eq!(line_of("\n\nsimulate.gamez = 3\n"), 3);
        assert_eq!(
            line_of("[defaults]\nthreads = 1\n[simulate]\n'gamez' = 3\n"),
            4
        );
        assert_eq!(line_of("\nthreads = 2\n"), 2);
    }
}
