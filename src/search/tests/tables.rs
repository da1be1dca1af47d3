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
