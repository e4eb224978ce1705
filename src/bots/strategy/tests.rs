//! Tests of `strategy`.

use super::*;

/// The Nostalgix feature names the bundled files weight.
const NOSTALGIX: FeatureSet = FeatureSet {
    game: "nostalgix",
    names: &crate::games::nostalgix::FEATURES,
};
const TOY: FeatureSet = FeatureSet {
    game: "toy",
    names: &["points", "opp_points", "hand_total"],
};

fn parse(text: &str) -> Result<Strategy, StrategyError> {
    Strategy::parse("s", "s.toml", text.as_bytes(), TOY)
}

/// The error message of `text`, which must fail.
fn error(text: &str) -> String {
    match parse(text) {
        Ok(s) => panic!("accepted {text:?} as {s:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bundled_strategies_load_for_nostalgix() {
    for (name, _) in BUNDLED {
        let s = Strategy::resolve_in(Path::new("/nonexistent"), name, NOSTALGIX).unwrap();
        assert!(s.bundled);
        assert_eq!(s.name, name);
        assert_eq!(s.path, format!("strategies/{name}.toml"));
        match s.settings {
            Settings::Random => assert_eq!(name, "random"),
            Settings::Greedy(w) => assert!(w.values().iter().all(|&v| v > 0.0)),
            Settings::Ismcts(i) => {
                assert!(matches!(i.budget, Budget::Iterations(200 | 1000)));
                assert_eq!(i.weights.features(), NOSTALGIX.names);
            }
            Settings::Moves(m) => panic!("{name}: a bundled list of moves {m:?}"),
        }
    }
}

#[test]
fn moves_lists() {
    let s = parse("kind = \"moves\"\nmoves = [1, 3, 2]\n").unwrap();
    assert_eq!(s.settings, Settings::Moves(vec![1, 3, 2]));
    assert!(error("kind = \"moves\"").contains("expects a list"));
    assert!(
        error("kind = \"moves\"\nmoves = [1, 0]")
            .contains("s.toml:2: expected action numbers from 1")
    );
    assert!(
        error("kind = \"greedy\"\nmoves = [1]\n[weights.toy]\npoints = 1")
            .contains("s.toml:2: `moves` is a setting of kind = \"moves\"")
    );
    assert!(
        error("kind = \"moves\"\nmoves = [1]\n[weights.toy]\npoints = 1")
            .contains("takes no [weights]")
    );
}

#[test]
fn ismcts_defaults() {
    let s = parse("kind = \"ismcts\"").unwrap();
    let Settings::Ismcts(i) = s.settings else {
        panic!("{s:?}")
    };
    assert_eq!(i.budget, Budget::Iterations(DEFAULT_ITERATIONS));
    assert_eq!(i.exploration, DEFAULT_EXPLORATION);
    assert_eq!(i.rollout, Rollout::Random);
    assert_eq!(i.rollout_depth, 0);
    assert_eq!(i.final_choice, FinalChoice::MostVisited);
    let s = parse("kind = \"ismcts\"\nmilliseconds = 20\nfinal_choice = \"best_value\"\nrollout = \"greedy\"\n[weights.toy]\npoints = 2\n").unwrap();
    let Settings::Ismcts(i) = s.settings else {
        panic!("{s:?}")
    };
    assert_eq!(i.budget, Budget::Milliseconds(20));
    assert_eq!(i.final_choice, FinalChoice::BestValue);
    assert_eq!(i.weights.values(), [2.0, 0.0, 0.0]);
}

#[test]
fn a_search_table_sets_one_games_search() {
    // [search.<game>] replaces the top-level search settings for that game
    // only; the other games keep the top level's.
    const PIXEL_TACTICS: FeatureSet = FeatureSet {
        game: "pixel-tactics",
        names: &crate::games::pixel_tactics::FEATURES,
    };
    let text = "kind = \"ismcts\"\nexploration = 0.7\nrollout = \"random\"\nrollout_depth = 20\n\
                [search.pixel-tactics]\nexploration = 1.5\nrollout = \"greedy\"\nrollout_depth = 8\n\
                final_choice = \"best_value\"\n\
                [weights.pixel-tactics]\nleader_life = 1\n[weights.nostalgix]\nhero_health = 1\n";
    let ismcts = |features| match Strategy::parse("s", "s.toml", text.as_bytes(), features) {
        Ok(Strategy {
            settings: Settings::Ismcts(i),
            ..
        }) => i,
        other => panic!("{other:?}"),
    };
    let own = ismcts(PIXEL_TACTICS);
    assert_eq!(own.exploration, 1.5);
    assert_eq!(own.rollout, Rollout::Greedy);
    assert_eq!(own.rollout_depth, 8);
    assert_eq!(own.final_choice, FinalChoice::BestValue);
    let other = ismcts(NOSTALGIX);
    assert_eq!(other.exploration, 0.7);
    assert_eq!(other.rollout, Rollout::Random);
    assert_eq!(other.rollout_depth, 20);
    assert_eq!(other.final_choice, FinalChoice::MostVisited);
    // The fingerprint a baseline records follows the game's own settings.
    let fingerprint = |features| {
        Strategy::parse("s", "s.toml", text.as_bytes(), features)
            .unwrap()
            .fingerprint()
    };
    assert!(fingerprint(PIXEL_TACTICS).contains("rollout_depth = 8\n"));
    assert!(fingerprint(NOSTALGIX).contains("rollout_depth = 20\n"));
}

#[test]
fn errors_name_the_line_and_what_was_expected() {
    let cases = [
        (
            "kind = \"greedy\"\n[weights.toy]\npionts = 1\n",
            "s.toml:3: unknown feature \"pionts\" (did you mean \"points\"?)",
        ),
        (
            "kind = \"greedy\"\n[weights.toy]\nzzzzzzzzzzzz = 1\n",
            "s.toml:3: unknown feature \"zzzzzzzzzzzz\"; the features of toy are",
        ),
        (
            "kind = \"greedy\"\n[weights.nostalgix]\nhero_health = 1\n",
            "s.toml:1: kind = \"greedy\" expects a [weights.toy] table to play toy",
        ),
        (
            "kind = \"greedy\"\n[weights.toy]\npoints = 1\n[weights.nostalgia]\nx = 1\n",
            "s.toml:4: unknown game \"nostalgia\" (did you mean \"nostalgix\"?)",
        ),
        (
            "kind = \"ismct\"\n",
            "s.toml:1: unknown kind \"ismct\" (did you mean \"ismcts\"?)",
        ),
        (
            "kind = \"random\"\n\nspeed = 3\n",
            "s.toml:3: unknown field `speed`",
        ),
        ("kind = \"ismcts\"\niterations = \"many\"\n", "s.toml:2:"),
        ("kind = \"ismcts\"\niterations = -5\n", "s.toml:2:"),
        (
            "kind = \"ismcts\"\niterations = 0\n",
            "s.toml:2: expected a positive number of iterations",
        ),
        (
            "kind = \"ismcts\"\niterations = 9\nmilliseconds = 9\n",
            "s.toml:3: expected either `iterations` or `milliseconds`",
        ),
        (
            "kind = \"ismcts\"\nexploration = nan\n",
            "s.toml:2: expected a finite, non-negative",
        ),
        (
            "kind = \"ismcts\"\nrollout = \"gredy\"\n",
            "s.toml:2: unknown rollout policy \"gredy\" (did you mean \"greedy\"?)",
        ),
        (
            "kind = \"ismcts\"\n[search.pixel-tactic]\nexploration = 1\n",
            "s.toml:2: unknown game \"pixel-tactic\" (did you mean \"pixel-tactics\"?); \
             expected [search.<game>]",
        ),
        (
            "kind = \"ismcts\"\n[search.toy]\nrollout = \"gredy\"\n",
            "s.toml:3: unknown rollout policy \"gredy\"",
        ),
        (
            "kind = \"ismcts\"\n[search.toy]\niterations = 5\n",
            "s.toml:3: unknown field `iterations`",
        ),
        (
            "kind = \"greedy\"\n[weights.toy]\npoints = 1\n[search.toy]\nexploration = 1\n",
            "s.toml:4: `search` is a setting of kind = \"ismcts\"",
        ),
        (
            "kind = \"ismcts\"\n[search.toy]\nrollout_depth = 5\n",
            "s.toml:3: rollout_depth > 0 expects a [weights.toy] table",
        ),
        (
            "kind = \"ismcts\"\n\nrollout_depth = 5\n",
            "s.toml:3: rollout_depth > 0 expects a [weights.toy] table",
        ),
        (
            "kind = \"ismcts\"\nrollout = \"none\"\n",
            "s.toml:2: rollout = \"none\" expects a [weights.toy] table",
        ),
        (
            "kind = \"ismcts\"\nfinal_choice = \"robust\"\n",
            "s.toml:2: unknown final choice",
        ),
        (
            "kind = \"random\"\niterations = 3\n",
            "s.toml:2: `iterations` is a setting of kind = \"ismcts\"",
        ),
        (
            "kind = \"random\"\n[weights.toy]\npoints = 1\n",
            "s.toml:2: kind = \"random\" takes no [weights]",
        ),
        (
            "kind = \"greedy\"\n",
            "s.toml:1: kind = \"greedy\" expects a [weights.toy] table",
        ),
        (
            "kind = \"greedy\"\n[weights.toy]\npoints = inf\n",
            "s.toml:3: expected a finite number",
        ),
        (
            "kind = \"greedy\"\n[weights.toy]\npoints = 1\npoints = 2\n",
            "s.toml:4:",
        ),
        ("kind = \"greedy\"\n[weights\n", "s.toml:2:"),
        ("kind = 3\n", "s.toml:1:"),
        ("", "s.toml:1: missing field `kind`"),
    ];
    for (text, expected) in cases {
        let message = error(text);
        assert!(
            message.starts_with(expected),
            "{text:?}\n gave {message}\n want {expected}"
        );
    }
    let bad_utf8 = Strategy::parse("s", "s.toml", b"kind = \"random\"\n# \xff\n", TOY);
    assert_eq!(
        bad_utf8.unwrap_err().to_string(),
        "s.toml:2: expected UTF-8 text"
    );
}

#[test]
fn never_panics_on_mangled_files() {
    for (_, text) in BUNDLED {
        let bytes = text.as_bytes();
        for cut in 0..bytes.len() {
            let _ = Strategy::parse("s", "s.toml", &bytes[..cut], NOSTALGIX);
            let mut flipped = bytes.to_vec();
            flipped[cut] ^= 0x80 | (cut as u8 & 0x3f);
            let _ = Strategy::parse("s", "s.toml", &flipped, NOSTALGIX);
        }
    }
}

#[test]
fn resolves_names_and_paths() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("strategies")).unwrap();
    let local = "kind = \"greedy\"\n[weights.toy]\npoints = 1\n";
    std::fs::write(dir.path().join("strategies/greedy.toml"), local).unwrap();
    std::fs::write(dir.path().join("strategies/mine.toml"), local).unwrap();
    std::fs::write(dir.path().join("other.toml"), "kind = \"random\"").unwrap();

    let s = Strategy::resolve_in(dir.path(), "greedy", TOY).unwrap();
    assert!(!s.bundled, "a local file overrides the bundled copy");
    assert_eq!(
        (s.name.as_str(), s.path.as_str()),
        ("greedy", "strategies/greedy.toml")
    );
    assert_eq!(s.text, local);

    let s = Strategy::resolve_in(dir.path(), "other.toml", TOY).unwrap();
    assert_eq!((s.name.as_str(), s.settings), ("other", Settings::Random));

    let s = Strategy::resolve_in(dir.path(), "random", TOY).unwrap();
    assert!(s.bundled);

    let err = Strategy::resolve_in(dir.path(), "minee", TOY).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown strategy \"minee\" (did you mean \"mine\"?); known strategies: \
         greedy, ismcts-1000, ismcts-200, mine, random"
    );
    let err = Strategy::resolve_in(dir.path(), "strategies/none.toml", TOY).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("strategies/none.toml: cannot read"),
        "{err}"
    );
    let err = Strategy::resolve_in(dir.path(), "ismcts-200", TOY).unwrap_err();
    assert!(
        err.to_string().starts_with("strategies/ismcts-200.toml:"),
        "{err}"
    );
}
