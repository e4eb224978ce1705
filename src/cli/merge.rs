//! `decklab merge --out OUT DIR...`: the shards of one run (`--shard K/N`),
//! joined into the files the unsharded run writes — byte for byte for
//! every CSV file, `stats.json` and the logs.
//!
//! The shards must come from the same run: same command, ruleset, seed,
//! settings (among them `--log K`), decklab version and input files (by
//! hash), each shard `K` of the same `N` exactly once, all `N` of them,
//! and every one complete (not interrupted).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, anyhow, bail};
use clap::Args;
use serde_json::Value;

use super::field::Field;
use super::summary::write_matchups;
use crate::output::names::{GAMES_CSV, LOG_DIR, MANIFEST_JSON, SEATS_CSV, STATS_JSON, is_log_name};
use crate::output::{
    CsvFile, OutputDir, SEATS, games_columns, read_stats, write_json, write_stats, write_tables,
};
use crate::sim::Shard;
use crate::stats::RunStats;

const EXAMPLES: &str = "\
Examples:
  decklab simulate --games 1000 --shard 0/2 --out shards/0     # on one machine
  decklab simulate --games 1000 --shard 1/2 --out shards/1     # on another
  decklab merge --out results/big shards/0 shards/1   # the files of the unsharded run
  decklab merge -o results/big shards/*               # any order";

/// The arguments of `decklab merge`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct MergeArgs {
    /// The output directory of the merged run.
    #[arg(short, long, value_name = "OUT", required = true)]
    out: PathBuf,
    /// The shards' output directories.
    #[arg(value_name = "DIR", required = true)]
    shards: Vec<PathBuf>,
}

/// The manifest fields that must agree between shards.
const SAME: [&str; 7] = [
    "decklab_version",
    "command",
    "game",
    "players",
    "seed",
    "files",
    "settings",
];

/// One shard's directory, manifest and tallies.
struct ShardDir {
    dir: PathBuf,
    manifest: Value,
    shard: Shard,
}

/// Runs `decklab merge`.
pub fn run(args: MergeArgs) -> anyhow::Result<()> {
    // The merged run replaces `--out` whole: never one of its inputs.
    if let Ok(out) = args.out.canonicalize()
        && let Some(dir) = args
            .shards
            .iter()
            .find(|d| d.canonicalize().is_ok_and(|d| d == out))
    {
        anyhow::bail!(
            "--out {}: this is one of the shards to merge, and the merged run would replace it; \
             choose another --out",
            dir.display()
        );
    }
    let shards = read_shards(&args.shards)?;
    let mut stats = RunStats::default();
    for s in &shards {
        stats.merge(&read_stats(&s.dir.join(STATS_JSON)).map_err(|e| anyhow!(e))?);
    }
    let first = &shards[0].manifest;
    let mut out = OutputDir::create(&args.out)?;
    let players = first["players"].as_u64().unwrap_or(2) as usize;
    let games = games_columns(players, stats.store.is_some());
    let games: Vec<&str> = games.iter().map(String::as_str).collect();
    merge_csv(&mut out, &shards, GAMES_CSV, &games, 1)?;
    merge_csv(&mut out, &shards, SEATS_CSV, &SEATS, players as u64)?;
    let logs = copy_logs(&mut out, &shards)?;
    write_tables(&mut out, &stats, players)?;
    let command = first["command"].as_str().unwrap_or_default();
    let field = Field::from_manifest(command, &first["settings"]);
    if let Some(field) = &field {
        field.write(&mut out, &stats)?;
    }
    write_stats(&mut out, &stats)?;
    let manifest = merged_manifest(&shards, logs);
    write_json(&mut out, MANIFEST_JSON, &manifest, true)?;
    out.commit()?;
    // What the run's own command prints: a gauntlet's or round-robin's
    // table, else each matchup.
    let mut stdout = std::io::stdout().lock();
    match &field {
        Some(field) => field.print(&mut stdout, &stats)?,
        None => write_matchups(&mut stdout, &stats)?,
    }
    writeln!(
        stdout,
        "merged {} shards ({} games) into {}",
        shards.len(),
        manifest["games"],
        args.out.display()
    )?;
    Ok(())
}

/// Reads and checks the shards' manifests, in shard order.
fn read_shards(dirs: &[PathBuf]) -> anyhow::Result<Vec<ShardDir>> {
    let mut shards: Vec<ShardDir> = Vec::new();
    for dir in dirs {
        let path = dir.join(MANIFEST_JSON);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("{}: cannot read the shard's manifest", path.display()))?;
        let manifest: Value = serde_json::from_str(&text)
            .with_context(|| format!("{}: not a decklab manifest", path.display()))?;
        let shard: Shard = manifest["shard"]
            .as_str()
            .ok_or_else(|| {
                anyhow!(
                    "{}: not a shard (the run had no --shard K/N); merge joins the shards of one run",
                    path.display()
                )
            })?
            .parse()
            .with_context(|| format!("{}: bad \"shard\"", path.display()))?;
        // An interrupted shard holds only part of its games: merged, the
        // run would have holes.
        if manifest["complete"] != Value::Bool(true) {
            let count = |key: &str| manifest[key].as_u64().unwrap_or_default();
            bail!(
                "{}: shard {shard} was interrupted with {} of {} games; re-run that shard \
                 (the same command, with --shard {shard}) to completion, then merge again",
                dir.display(),
                count("games"),
                count("games_requested")
            );
        }
        if let Some(other) = shards.first() {
            for key in SAME {
                if comparable(&manifest, key) != comparable(&other.manifest, key) {
                    bail!(
                        "{} and {} are not shards of the same run: their manifests differ in \
                         \"{key}\"",
                        other.dir.display(),
                        dir.display()
                    );
                }
            }
            if shard.count != other.shard.count {
                bail!(
                    "{} is shard {shard} but {} is shard {}: not the same split",
                    dir.display(),
                    other.dir.display(),
                    other.shard
                );
            }
        }
        if let Some(twin) = shards.iter().find(|s| s.shard == shard) {
            bail!(
                "shard {shard} is given twice: {} and {}",
                twin.dir.display(),
                dir.display()
            );
        }
        shards.push(ShardDir {
            dir: dir.clone(),
            manifest,
            shard,
        });
    }
    shards.sort_by_key(|s| s.shard);
    let count = shards[0].shard.count;
    let missing: Vec<String> = (0..count)
        .filter(|k| !shards.iter().any(|s| s.shard.index == *k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        bail!("missing shards: {}", missing.join(", "));
    }
    Ok(shards)
}

/// A manifest's field `key` as shards must agree on it: the settings
/// without the number of logs written, which is each shard's own (the
/// `--log K` asked for, `log_requested`, is compared).
fn comparable(manifest: &Value, key: &str) -> Value {
    let mut value = manifest[key].clone();
    if let Some(settings) = value.as_object_mut().filter(|_| key == "settings") {
        settings.remove("log");
    }
    value
}

/// Writes the file `name` (`games.csv`, `seats.csv`: the game index
/// first, columns `columns`) with the rows of every shard in game order.
fn merge_csv(
    out: &mut OutputDir,
    shards: &[ShardDir],
    name: &str,
    columns: &[&str],
    rows_per_game: u64,
) -> anyhow::Result<()> {
    let mut rows: Vec<(u64, csv::StringRecord)> = Vec::new();
    for s in shards {
        let before = rows.len();
        let path = s.dir.join(name);
        let mut reader = csv::Reader::from_path(&path)
            .with_context(|| format!("{}: cannot read", path.display()))?;
        let header = reader
            .headers()
            .with_context(|| format!("{}: cannot read the header", path.display()))?;
        if header.iter().ne(columns.iter().copied()) {
            bail!(
                "{}:1: expected the columns {}",
                path.display(),
                columns.join(",")
            );
        }
        for (i, record) in reader.records().enumerate() {
            let record = record.with_context(|| format!("{}:{}", path.display(), i + 2))?;
            let game = record
                .get(0)
                .and_then(|g| g.parse().ok())
                .ok_or_else(|| anyhow!("{}:{}: expected a game index", path.display(), i + 2))?;
            if game % s.shard.count != s.shard.index {
                bail!(
                    "{}:{}: game {game} is not one of shard {}'s games",
                    path.display(),
                    i + 2,
                    s.shard
                );
            }
            rows.push((game, record));
        }
        // Every game the shard's manifest counts has its rows.
        let games = s.manifest["games"].as_u64().unwrap_or_default();
        let found = (rows.len() - before) as u64;
        if found != games * rows_per_game {
            bail!(
                "{}: {found} rows, but {}/manifest.json counts {games} games ({} rows): the \
                 shard is damaged",
                path.display(),
                s.dir.display(),
                games * rows_per_game
            );
        }
    }
    // Stable: a game's rows keep their order (seats.csv: seat a first).
    rows.sort_by_key(|(game, _)| *game);
    let mut csv = CsvFile::create(out, name, columns)?;
    for (_, record) in &rows {
        csv.row(record)?;
    }
    csv.finish(out)?;
    Ok(())
}

/// Copies the shards' game logs; returns how many there were.
fn copy_logs(out: &mut OutputDir, shards: &[ShardDir]) -> anyhow::Result<u64> {
    let mut copied = 0;
    for s in shards {
        let logs = s.dir.join(LOG_DIR);
        let Ok(entries) = std::fs::read_dir(&logs) else {
            continue;
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| is_log_name(n))
            .collect();
        names.sort();
        for name in names {
            let from = logs.join(&name);
            let bytes =
                std::fs::read(&from).with_context(|| format!("{}: cannot read", from.display()))?;
            let mut file = out.file(&format!("{LOG_DIR}/{name}"))?;
            file.write_all(&bytes).map_err(|e| file.error(e))?;
            out.finish(file)?;
            copied += 1;
        }
    }
    Ok(copied)
}

/// The merged run's manifest: the shards' common fields, their games and
/// times added up, and where it came from.
fn merged_manifest(shards: &[ShardDir], logs: u64) -> Value {
    let sum = |key: &str| -> u64 { shards.iter().filter_map(|s| s.manifest[key].as_u64()).sum() };
    let elapsed: f64 = shards
        .iter()
        .filter_map(|s| s.manifest["elapsed_seconds"].as_f64())
        .sum();
    let games = sum("games");
    let mut m = shards[0].manifest.clone();
    m["command_line"] = super::defaults::command_line().into();
    m["shard"] = Value::Null;
    m["games"] = games.into();
    m["games_requested"] = sum("games_requested").into();
    m["threads"] = sum("threads").into();
    m["elapsed_seconds"] = elapsed.into();
    m["games_per_second"] = (games as f64 / elapsed.max(1e-9)).into();
    m["complete"] = shards.iter().all(|s| s.manifest["complete"] == true).into();
    m["settings"]["log"] = logs.into();
    m["merged_from"] = shards
        .iter()
        .map(|s| Value::from(s.dir.display().to_string()))
        .collect::<Vec<_>>()
        .into();
    m
}
