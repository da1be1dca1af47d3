//! The technique and preset tables: names on disk, `Display` and the `--config` help all come
//! from them.

use crate::search::config::{help, PRESETS};
use crate::search::{Config, Enhancement};

#[test]
fn every_technique_serialises_as_its_name() {
    for e in Enhancement::ALL {
        let json = serde_json::to_string(&e).unwrap();
        assert_eq!(json, format!("\"{}\"", e.name()));
        assert_eq!(serde_json::from_str::<Enhancement>(&json).unwrap(), e);
        assert_eq!(Enhancement::from_name(e.name()), Some(e));
    }
}

#[test]
fn every_preset_prints_as_its_name_and_the_help_lists_everything() {
    let text = help();
    for preset in PRESETS {
        assert_eq!(preset.config.to_string(), preset.name);
        assert_eq!(Config::parse(preset.name), Ok(preset.config));
        assert!(text.contains(preset.name), "{text}");
    }
    for e in Enhancement::ALL {
        assert!(text.contains(e.name()), "{text}");
    }
}

/// Game-specific flags parse everywhere but only games that implement them accept them; `all`
/// holds none of them.
#[test]
fn game_specific_flags_need_a_game_that_implements_them() {
    use crate::game::gomoku::Gomoku;
    use crate::game::kalah::Kalah;
    use crate::game::mingmang::MingMang;
    let greedy = Config::parse("alphabeta+greedy").unwrap();
    let err = greedy.check_game::<MingMang>().unwrap_err();
    assert!(
        err.contains("greedy is a game-specific technique that mingmang does not implement"),
        "{err}"
    );
    assert!(err.contains("mingmang's own techniques: none"), "{err}");
    let err = greedy.check_game::<Kalah>().unwrap_err();
    assert!(
        err.contains("kalah's own techniques: candidate-sort"),
        "{err}"
    );
    assert_eq!(greedy.check_game::<Gomoku>(), Ok(()));
    let sort = Config::parse("alphabeta+candidate-sort").unwrap();
    assert_eq!(sort.check_game::<Kalah>(), Ok(()));
    let all = Config::parse("all").unwrap();
    assert!(all.flags().iter().all(|e| !e.is_game_specific()));
    assert_eq!(all.check_game::<MingMang>(), Ok(()));
    assert_eq!(
        Enhancement::applicable::<Gomoku>().len(),
        Enhancement::applicable::<MingMang>().len() + 3
    );
}
