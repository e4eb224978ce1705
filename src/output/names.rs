//! The names of every file decklab writes into a run folder, in one list.
//!
//! The writers take their names from here, and [`OutputDir::file`]
//! refuses any other, so the list cannot drift from what is written. A run
//! owns every one of these names: on commit, one it did not write this
//! time (a stale file of another command, ruleset or experiment) is
//! dropped, while any other file in the folder (the user's) is carried
//! over.
//!
//! [`OutputDir::file`]: super::OutputDir::file

use std::path::Path;

/// Defines a constant per name and [`RUN_FILES`], the list of them all.
macro_rules! run_files {
    ($($(#[$doc:meta])* $id:ident = $name:literal;)*) => {
        $($(#[$doc])* pub const $id: &str = $name;)*
        /// Every fixed file name of a run folder.
        pub const RUN_FILES: &[&str] = &[$($id),*];
    };
}

run_files! {
    /// One row per game.
    GAMES_CSV = "games.csv";
    /// One row per seat of every game.
    SEATS_CSV = "seats.csv";
    /// Per deck and seat.
    SUMMARY_CSV = "summary.csv";
    /// Mana spent per turn.
    MANA_CURVE_CSV = "mana_curve.csv";
    /// Cards played by cost.
    DECK_CURVE_CSV = "deck_curve.csv";
    /// Prizes taken per turn.
    PRIZE_PACE_CSV = "prize_pace.csv";
    /// Per card.
    CARDS_CSV = "cards.csv";
    /// Actions per turn.
    ACTIONS_CSV = "actions.csv";
    /// A gauntlet's or round-robin's matchups.
    MATCHUPS_CSV = "matchups.csv";
    /// A round-robin's ratings.
    RATINGS_CSV = "ratings.csv";
    /// Millennium Blades: the store cards.
    MB_CARDS_CSV = "mb_cards.csv";
    /// Millennium Blades: the store sets.
    MB_SETS_CSV = "mb_sets.csv";
    /// Millennium Blades: value by stars and price.
    MB_VALUE_CURVE_CSV = "mb_value_curve.csv";
    /// Millennium Blades: per tournament.
    MB_TOURNAMENTS_CSV = "mb_tournaments.csv";
    /// Millennium Blades: the economy.
    MB_ECONOMY_CSV = "mb_economy.csv";
    /// Millennium Blades: the grant experiment.
    MB_GRANT_CSV = "mb_grant.csv";
    /// The raw tallies.
    STATS_JSON = "stats.json";
    /// The run's manifest.
    MANIFEST_JSON = "manifest.json";
    /// The page of `--report` (and of `decklab report`).
    REPORT_HTML = "report.html";
    /// `optimize`: its steps.
    OPTIMIZE_CSV = "optimize.csv";
    /// `optimize`: the state a stopped search resumes from.
    OPTIMIZE_JSON = "optimize.json";
    /// `play`: the person's bot file.
    PERSON_TOML = "person.toml";
}

/// The folder of the game logs.
pub const LOG_DIR: &str = "logs";
/// A game log's name is `<LOG_PREFIX><game><LOG_SUFFIX>` in [`LOG_DIR`].
pub const LOG_PREFIX: &str = "game-";
/// See [`LOG_PREFIX`].
pub const LOG_SUFFIX: &str = ".jsonl";
/// `optimize`'s improved list is `<deck><OPTIMIZED_DECK_SUFFIX>`.
pub const OPTIMIZED_DECK_SUFFIX: &str = "-optimized.deck";

/// Whether `name` (a file name, no folder) is a game log's.
pub fn is_log_name(name: &str) -> bool {
    name.len() > LOG_PREFIX.len() + LOG_SUFFIX.len()
        && name.starts_with(LOG_PREFIX)
        && name.ends_with(LOG_SUFFIX)
}

/// Whether `relative` (relative to the run folder) is a name decklab
/// writes in a run folder, so one a run owns.
pub fn is_run_file(relative: &Path) -> bool {
    let (Some(parent), Some(name)) = (relative.parent(), relative.file_name()) else {
        return false;
    };
    let Some(name) = name.to_str() else {
        return false;
    };
    if parent == Path::new(LOG_DIR) {
        return is_log_name(name);
    }
    parent.as_os_str().is_empty()
        && (RUN_FILES.contains(&name)
            || (name.len() > OPTIMIZED_DECK_SUFFIX.len() && name.ends_with(OPTIMIZED_DECK_SUFFIX)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_files_are_known_and_others_are_not() {
        for name in RUN_FILES {
            assert!(is_run_file(Path::new(name)), "{name}");
        }
        for name in [
            "logs/game-0.jsonl",
            "logs/game-12.jsonl",
            "tidal-optimized.deck",
        ] {
            assert!(is_run_file(Path::new(name)), "{name}");
        }
        for name in [
            "notes.txt",
            "logs/notes.txt",
            "logs/game-.jsonl",
            "x/games.csv",
            "games.csv.bak",
            "-optimized.deck",
            "my.deck",
        ] {
            assert!(!is_run_file(Path::new(name)), "{name}");
        }
    }
}
