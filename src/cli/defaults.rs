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
//! the command's table, else `[defaults]`, else decklab's default. The
//! flags a file adds are appended to the command line before it is parsed,
//! so they are checked like typed ones, and the manifest's `command_line`
//! records them.

use std::ffi::OsString;
use std::path::Path;
use std::sync::OnceLock;

use anyhow::{Context, bail};
use clap::CommandFactory;
use clap::parser::ValueSource;
use toml::Value;

use super::Cli;
use crate::diagnostics::{Diagnostic, toml_error};

/// The file's name, in the working directory.
pub const FILE: &str = "decklab.toml";

/// The command line as parsed, with the defaults of the file.
static COMMAND_LINE: OnceLock<Vec<String>> = OnceLock::new();

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
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {FILE}"))?;
        add_defaults(args, &text)?
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

/// `args` with the flags of the file `text` that they do not give.
fn add_defaults(mut args: Vec<OsString>, text: &str) -> anyhow::Result<Vec<OsString>> {
    let table: toml::Table = text
        .parse()
        .map_err(|e| anyhow::anyhow!("{}", toml_error(FILE, text, &e)))?;
    let cli = Cli::command();
    // A command line clap refuses (or --help) is left for clap to report.
    let Ok(matches) = cli.clone().try_get_matches_from(&args) else {
        return Ok(args);
    };
    let Some((name, given)) = matches.subcommand() else {
        return Ok(args);
    };
    let Some(command) = cli.find_subcommand(name) else {
        return Ok(args);
    };
    for key in table.keys() {
        if key != "defaults" && cli.find_subcommand(key).is_none() {
            bail!(
                "{}",
                Diagnostic::new(
                    FILE,
                    0,
                    format!("[{key}]: no such command (expected [defaults] or a command's name)")
                )
            );
        }
    }
    // The command's own table wins over [defaults].
    let mut flags: Vec<(String, &Value, bool)> = Vec::new();
    for (section, strict) in [(name, true), ("defaults", false)] {
        let Some(entries) = table.get(section) else {
            continue;
        };
        let Some(entries) = entries.as_table() else {
            bail!("{FILE}: [{section}] must be a table of flags");
        };
        for (key, value) in entries {
            let long = key.replace('_', "-");
            if !flags.iter().any(|(l, _, _)| *l == long) {
                flags.push((long, value, strict));
            }
        }
    }
    for (long, value, strict) in flags {
        let Some(arg) = command
            .get_arguments()
            .find(|a| a.get_long() == Some(&long))
        else {
            if strict {
                bail!("{FILE}: [{name}] {long}: `decklab {name}` has no flag --{long}");
            }
            continue;
        };
        if given.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine) {
            continue;
        }
        let values = match value {
            Value::Array(items) => items.iter().collect(),
            one => vec![one],
        };
        for v in values {
            let text = match v {
                Value::Boolean(true) => {
                    args.push(format!("--{long}").into());
                    continue;
                }
                Value::Boolean(false) => continue,
                Value::String(s) => s.clone(),
                Value::Integer(n) => n.to_string(),
                Value::Float(x) => x.to_string(),
                other => bail!(
                    "{FILE}: {long} = {other}: expected a string, a number, true, false or an array"
                ),
            };
            args.push(format!("--{long}={text}").into());
        }
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(args: &[&str], file: &str) -> anyhow::Result<Vec<String>> {
        let args = args.iter().map(OsString::from).collect();
        Ok(add_defaults(args, file)?
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
                "--quiet",
                "--seed=4",
                "--set=A.cost=1",
                "--set=B.cost=2",
                "--threads=2"
            ]
        );
        // [defaults] skips the commands without the flag.
        let got = with(&["decklab", "cards"], file).unwrap();
        assert_eq!(got, ["decklab", "cards"]);
        // A command's table names only its flags.
        let err = with(&["decklab", "simulate"], "[simulate]\ngamez = 3\n").unwrap_err();
        assert!(err.to_string().contains("no flag --gamez"), "{err}");
        let err = with(&["decklab", "cards"], "[simulat]\ngames = 3\n").unwrap_err();
        assert!(
            err.to_string().contains("[simulat]: no such command"),
            "{err}"
        );
    }
}
