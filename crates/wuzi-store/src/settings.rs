//! A profile's settings (`profiles/<id>/settings.json`).
//!
//! Missing keys take their defaults, so a file from before a setting
//! existed still loads. Keys this version does not know are kept in
//! [`Settings::extra`] and written back, so a newer app's settings survive
//! a round-trip through an older one.
//!
//! The rule and what a forbidden move does are the game core's own types
//! ([`wuzi_core::Rule`], [`wuzi_core::ForbiddenMoves`]), written in its
//! words.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use wuzi_core::{DEFAULT_SIZE, ForbiddenMoves, MAX_SIZE, MIN_SIZE, Rule, TimeControl};

use crate::error::{Error, Result};
use crate::file::{Fields, Migration, Schema};

/// Version 2 writes the game core's word for a refused forbidden move,
/// `"refuse"`, where version 1 wrote `"block"`.
pub(crate) const SCHEMA: Schema = Schema {
    format: "wuzi-settings",
    version: 2,
    migrations: &[Migration {
        from: 1,
        apply: block_becomes_refuse,
    }],
};

/// Version 1 -> 2: `"forbidden_moves": "block"` becomes `"refuse"`;
/// `"lose"` and anything else are left for the type to judge.
fn block_becomes_refuse(mut fields: Fields) -> Result<Fields, String> {
    if let Some(value) = fields.get_mut("forbidden_moves")
        && value.as_str() == Some("block")
    {
        *value = Value::String("refuse".into());
    }
    Ok(fields)
}

/// The loudest volume.
pub const MAX_VOLUME: u8 = 100;

/// Colour theme.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// Light wood on a light background.
    Light,
    /// Walnut on slate ("night").
    Dark,
    /// Follow the system.
    #[default]
    System,
}

/// Language of the interface.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Language {
    /// Follow the system.
    #[default]
    System,
    /// English.
    En,
    /// Chinese (simplified).
    Zh,
}

/// Who moves first (plays black) against the computer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstMove {
    /// The player.
    #[default]
    Human,
    /// The computer.
    Computer,
    /// Each new game swaps.
    Alternate,
}

/// How a tap places a stone.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TapMode {
    /// Confirm on touch screens, direct with a mouse.
    #[default]
    Auto,
    /// A tap places the stone.
    Direct,
    /// A tap shows the stone; a second tap on it places it.
    Confirm,
}

/// Names [`Settings::extra`] must not use: they would clash with the
/// named settings or with the file's `format` and `version` when written.
const RESERVED_KEYS: &[&str] = &[
    "format",
    "version",
    "theme",
    "language",
    "sound",
    "volume",
    "music",
    "music_volume",
    "board_size",
    "rule",
    "forbidden_moves",
    "show_forbidden",
    "ai_level",
    "first_move",
    "tap_mode",
    "coordinates",
    "move_numbers",
    "last_move_marker",
    "board_style",
    "stone_style",
    "time_control",
];

/// A profile's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Colour theme.
    pub theme: Theme,
    /// Interface language.
    pub language: Language,
    /// Sound effects (stones, results, refusals, undo, low time) on or off.
    pub sound: bool,
    /// Sound effects' volume, 0 to 100.
    pub volume: u8,
    /// Background music on or off; off until the player turns it on.
    pub music: bool,
    /// Background music's volume, 0 to 100.
    pub music_volume: u8,
    /// Board size for new games, 5 to 22.
    pub board_size: u8,
    /// Rule for new games.
    pub rule: Rule,
    /// What a forbidden move by black does under Renju.
    pub forbidden_moves: ForbiddenMoves,
    /// Mark black's forbidden points on the board.
    pub show_forbidden: bool,
    /// The computer's level, as the engine names it (e.g. `beginner`).
    pub ai_level: String,
    /// Who moves first against the computer.
    pub first_move: FirstMove,
    /// How a tap places a stone.
    pub tap_mode: TapMode,
    /// Show coordinates around the board.
    pub coordinates: bool,
    /// Show move numbers on the stones.
    pub move_numbers: bool,
    /// Mark the last move.
    pub last_move_marker: bool,
    /// Board look, as the UI names it (e.g. `wood`).
    pub board_style: String,
    /// Stone look, as the UI names it (e.g. `classic`).
    pub stone_style: String,
    /// The clock for new games.
    pub time_control: TimeControl,
    /// Keys this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: Theme::System,
            language: Language::System,
            sound: true,
            volume: 70,
            music: false,
            music_volume: 40,
            board_size: DEFAULT_SIZE,
            rule: Rule::Freestyle,
            forbidden_moves: ForbiddenMoves::Refuse,
            show_forbidden: true,
            ai_level: "normal".into(),
            first_move: FirstMove::Human,
            tap_mode: TapMode::Auto,
            coordinates: true,
            move_numbers: false,
            last_move_marker: true,
            board_style: "wood".into(),
            stone_style: "classic".into(),
            time_control: TimeControl::None,
            extra: Map::new(),
        }
    }
}

impl Settings {
    /// Checks every value, returning the first one out of range.
    pub fn validate(&self) -> Result<()> {
        match self.problems().into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn problems(&self) -> Vec<Error> {
        let mut problems = Vec::new();
        if self.volume > MAX_VOLUME {
            problems.push(Error::invalid(
                "volume",
                format!("must be 0 to {MAX_VOLUME}, got {}", self.volume),
            ));
        }
        if self.music_volume > MAX_VOLUME {
            problems.push(Error::invalid(
                "music_volume",
                format!("must be 0 to {MAX_VOLUME}, got {}", self.music_volume),
            ));
        }
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.board_size) {
            problems.push(Error::invalid(
                "board_size",
                format!("must be {MIN_SIZE} to {MAX_SIZE}, got {}", self.board_size),
            ));
        }
        if let Err(reason) = self.time_control.validate() {
            problems.push(Error::invalid("time_control", reason.to_string()));
        }
        for key in self.extra.keys() {
            if RESERVED_KEYS.contains(&key.as_str()) {
                problems.push(Error::invalid(
                    "extra",
                    format!("{key:?} is a setting of its own or part of the file format"),
                ));
            }
        }
        for (field, value) in [
            ("ai_level", &self.ai_level),
            ("board_style", &self.board_style),
            ("stone_style", &self.stone_style),
        ] {
            if let Err(reason) = check_token(value) {
                problems.push(Error::invalid(field, reason));
            }
        }
        problems
    }

    /// Replaces out-of-range values with defaults (for a hand-edited file),
    /// returning the fields that were replaced.
    pub(crate) fn sanitize(&mut self) -> Vec<&'static str> {
        let defaults = Settings::default();
        let mut fixed = Vec::new();
        for problem in self.problems() {
            let Error::Invalid { field, .. } = problem else {
                continue;
            };
            match field {
                "volume" => self.volume = defaults.volume,
                "music_volume" => self.music_volume = defaults.music_volume,
                "board_size" => self.board_size = defaults.board_size,
                "ai_level" => self.ai_level = defaults.ai_level.clone(),
                "board_style" => self.board_style = defaults.board_style.clone(),
                "stone_style" => self.stone_style = defaults.stone_style.clone(),
                "time_control" => self.time_control = defaults.time_control,
                "extra" => self
                    .extra
                    .retain(|key, _| !RESERVED_KEYS.contains(&key.as_str())),
                _ => continue,
            }
            if !fixed.contains(&field) {
                fixed.push(field);
            }
        }
        fixed
    }
}

/// A name chosen from a list elsewhere (AI level, style): short, lowercase
/// ASCII, so it is safe to show and to compare.
pub(crate) fn check_token(value: &str) -> Result<(), String> {
    let ok = (1..=32).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "must be 1 to 32 of a-z, 0-9, - and _, got {value:?}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn missing_keys_take_defaults_and_unknown_keys_survive() {
        let text = json!({"theme": "dark", "volume": 20, "future_option": {"a": [1, 2]}});
        let settings: Settings = serde_json::from_value(text).unwrap();
        assert_eq!(settings.theme, Theme::Dark);
        assert_eq!(settings.volume, 20);
        assert_eq!(settings.board_size, 15);
        let back = serde_json::to_value(&settings).unwrap();
        assert_eq!(back["future_option"], json!({"a": [1, 2]}));
        assert_eq!(back["tap_mode"], "auto");
    }

    #[test]
    fn out_of_range_values_are_refused_clearly() {
        let settings = Settings {
            volume: 101,
            ..Settings::default()
        };
        let err = settings.validate().unwrap_err();
        assert_eq!(err.kind(), "invalid");
        assert_eq!(
            err.to_string(),
            "volume is not valid: must be 0 to 100, got 101"
        );
        for size in [4, 23] {
            let s = Settings {
                board_size: size,
                ..Settings::default()
            };
            assert!(
                s.validate()
                    .unwrap_err()
                    .to_string()
                    .starts_with("board_size")
            );
        }
        let s = Settings {
            ai_level: "../master".into(),
            ..Settings::default()
        };
        assert!(s.validate().is_err());
        assert!(Settings::default().validate().is_ok());
    }

    #[test]
    fn extra_keys_cannot_shadow_real_ones() {
        let mut s = Settings::default();
        s.extra.insert("version".into(), json!(99));
        assert!(
            s.validate()
                .unwrap_err()
                .to_string()
                .contains("\"version\"")
        );
        s.extra.insert("theme".into(), json!("pink"));
        s.extra.insert("haptics".into(), json!(true));
        assert_eq!(s.sanitize(), vec!["extra"]);
        assert_eq!(s.extra.len(), 1);
        assert!(s.validate().is_ok());
        // Every named setting is reserved.
        let fields = serde_json::to_value(Settings::default()).unwrap();
        for key in fields.as_object().unwrap().keys() {
            assert!(RESERVED_KEYS.contains(&key.as_str()), "{key}");
        }
    }

    #[test]
    fn sanitize_replaces_only_bad_values() {
        let mut s = Settings {
            volume: 200,
            board_size: 19,
            stone_style: String::new(),
            ..Settings::default()
        };
        assert_eq!(s.sanitize(), vec!["volume", "stone_style"]);
        assert_eq!(s.volume, 70);
        assert_eq!(s.board_size, 19);
        assert_eq!(s.stone_style, "classic");
    }

    fn any_settings() -> impl Strategy<Value = Settings> {
        (
            (
                prop::sample::select(vec![Theme::Light, Theme::Dark, Theme::System]),
                prop::sample::select(vec![Language::System, Language::En, Language::Zh]),
                any::<bool>(),
                0..=MAX_VOLUME,
                MIN_SIZE..=MAX_SIZE,
                prop::sample::select(vec![Rule::Freestyle, Rule::Standard, Rule::Renju]),
            ),
            (
                prop::sample::select(vec![TapMode::Auto, TapMode::Direct, TapMode::Confirm]),
                prop::sample::select(vec![ForbiddenMoves::Refuse, ForbiddenMoves::Lose]),
                any::<[bool; 4]>(),
                "[a-z0-9_-]{1,32}",
                prop::collection::btree_map("x_[a-z]{1,8}", any::<i64>(), 0..3),
            ),
        )
            .prop_map(
                |(
                    (theme, language, sound, volume, board_size, rule),
                    (tap_mode, forbidden_moves, flags, level, extra),
                )| {
                    Settings {
                        theme,
                        language,
                        sound,
                        volume,
                        board_size,
                        rule,
                        forbidden_moves,
                        tap_mode,
                        coordinates: flags[0],
                        move_numbers: flags[1],
                        last_move_marker: flags[2],
                        show_forbidden: flags[3],
                        ai_level: level,
                        extra: extra.into_iter().map(|(k, v)| (k, json!(v))).collect(),
                        ..Settings::default()
                    }
                },
            )
    }

    proptest! {
        #[test]
        fn settings_round_trip(settings in any_settings()) {
            prop_assert!(settings.validate().is_ok());
            let text = serde_json::to_string(&settings).unwrap();
            let back: Settings = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(back, settings);
        }
    }
}
