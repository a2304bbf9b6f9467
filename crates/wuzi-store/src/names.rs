//! Names people type (profiles, saves) and the file names made from them.
//!
//! A person's name for a thing never becomes a path by itself: save files
//! are named `s-<slug>-<hash>.json`, where the slug keeps only `a-z0-9` and
//! the hash is taken over the lowercased name. So:
//!
//! - no name can reach outside its folder (`../x`, `a/b`, `a\b`, NUL are
//!   refused anyway, and could not get through the slug if they were not);
//! - names that differ only in case are the **same slot**: "Game" and
//!   "game" are one save, which also keeps the store honest on the
//!   case-insensitive file systems of Windows and macOS. Saving over it
//!   (with `overwrite`) takes the new spelling;
//! - device names such as `con` are harmless: the file is `s-con-….json`.

use std::fmt;

use argon2::password_hash::rand_core::{OsRng, RngCore};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The longest profile name, in characters.
pub const PROFILE_NAME_MAX: usize = 32;
/// The longest save name, in characters.
pub const SAVE_NAME_MAX: usize = 64;

/// Checks a profile name and returns it trimmed of surrounding spaces.
pub fn profile_name(name: &str) -> Result<String> {
    display_name(name, PROFILE_NAME_MAX)
}

/// Checks a save name and returns it trimmed of surrounding spaces.
///
/// A save name is 1 to 64 characters, with no path separators (`/`, `\`),
/// no `..`, and no control characters.
pub fn save_name(name: &str) -> Result<String> {
    let trimmed = display_name(name, SAVE_NAME_MAX)?;
    let bad = |reason| Error::BadName {
        name: name.to_owned(),
        reason,
    };
    if trimmed.contains(['/', '\\']) {
        return Err(bad("it must not contain / or \\"));
    }
    if trimmed.contains("..") {
        return Err(bad("it must not contain .."));
    }
    Ok(trimmed)
}

fn display_name(name: &str, max: usize) -> Result<String> {
    let bad = |reason| Error::BadName {
        name: name.to_owned(),
        reason,
    };
    if name.chars().any(char::is_control) {
        return Err(bad("it must not contain control characters"));
    }
    let trimmed = name.trim();
    if trimmed.is_empty() {
        return Err(bad("it is empty"));
    }
    if trimmed.chars().count() > max {
        return Err(bad(if max == PROFILE_NAME_MAX {
            "it is longer than 32 characters"
        } else {
            "it is longer than 64 characters"
        }));
    }
    Ok(trimmed.to_owned())
}

/// The key two names are compared by: equal keys are the same name.
pub(crate) fn fold(name: &str) -> String {
    name.to_lowercase()
}

/// The file stem for a save with this (already checked) name.
pub(crate) fn save_file_stem(name: &str) -> String {
    let folded = fold(name);
    let mut slug = String::new();
    for c in folded.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
        if slug.len() >= 24 {
            break;
        }
    }
    let slug = slug.trim_matches('-');
    let slug = if slug.is_empty() { "save" } else { slug };
    format!("s-{slug}-{:016x}", fnv1a(folded.as_bytes()))
}

/// FNV-1a: small, and stable across releases (unlike std's hasher), which
/// matters because the result is part of file names.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A profile's id: lowercase hex, also its folder name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ProfileId(String);

impl ProfileId {
    pub(crate) fn random() -> Self {
        ProfileId(format!("{:016x}", OsRng.next_u64()))
    }

    /// Parses an id, as received from the UI. Only `a-z`, `0-9` and `-`,
    /// 1 to 40 characters, so an id is always a safe folder name.
    pub fn parse(id: &str) -> Result<Self> {
        if is_safe_id(id) {
            Ok(ProfileId(id.to_owned()))
        } else {
            Err(Error::not_found(format!("profile {id:?}")))
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A replay's id: the end time in milliseconds (13 digits, so ids sort by
/// time) and a random suffix; also its file name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ReplayId(String);

impl ReplayId {
    pub(crate) fn new(ended_ms: i64) -> Self {
        let ms = ended_ms.clamp(0, 9_999_999_999_999);
        ReplayId(format!("{ms:013}-{:08x}", OsRng.next_u32()))
    }

    /// Parses an id, as received from the UI; see [`ProfileId::parse`].
    pub fn parse(id: &str) -> Result<Self> {
        if is_safe_id(id) {
            Ok(ReplayId(id.to_owned()))
        } else {
            Err(Error::not_found(format!("replay {id:?}")))
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_safe_id(id: &str) -> bool {
    (1..=40).contains(&id.len())
        && !id.starts_with('-')
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

macro_rules! id_conversions {
    ($t:ident) => {
        impl TryFrom<String> for $t {
            type Error = Error;
            fn try_from(s: String) -> Result<Self> {
                $t::parse(&s)
            }
        }
        impl From<$t> for String {
            fn from(id: $t) -> String {
                id.0
            }
        }
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}
id_conversions!(ProfileId);
id_conversions!(ReplayId);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn path_tricks_are_refused() {
        for name in [
            "../x",
            "a/b",
            "a\\b",
            "..",
            "x..y",
            "nul\0",
            "tab\there",
            "",
            "   ",
        ] {
            let err = save_name(name).unwrap_err();
            assert_eq!(err.kind(), "bad_name", "{name:?}");
        }
        assert!(save_name(&"x".repeat(65)).is_err());
        assert_eq!(save_name(&"x".repeat(64)).unwrap().len(), 64);
        assert_eq!(save_name(&"棋".repeat(64)).unwrap().chars().count(), 64);
    }

    #[test]
    fn device_names_are_just_names() {
        assert_eq!(save_name("con").unwrap(), "con");
        assert!(save_file_stem("con").starts_with("s-con-"));
        assert!(save_file_stem("autosave").starts_with("s-autosave-"));
    }

    #[test]
    fn case_makes_no_difference_to_the_slot() {
        assert_eq!(
            save_file_stem("Evening Game"),
            save_file_stem("evening game")
        );
        assert_ne!(
            save_file_stem("Evening Game"),
            save_file_stem("Evening Game 2")
        );
        assert!(save_file_stem("第一局").starts_with("s-save-"));
        assert_ne!(save_file_stem("第一局"), save_file_stem("第二局"));
    }

    #[test]
    fn names_are_trimmed() {
        assert_eq!(profile_name("  Ann ").unwrap(), "Ann");
        assert!(profile_name(&"a".repeat(33)).is_err());
    }

    #[test]
    fn ids_are_safe_folder_names() {
        assert!(ProfileId::parse("../etc").is_err());
        assert!(ProfileId::parse("").is_err());
        assert!(ProfileId::parse("A").is_err());
        assert!(ProfileId::parse("-rf").is_err());
        let id = ReplayId::new(1_700_000_000_000);
        assert_eq!(ReplayId::parse(id.as_str()).unwrap(), id);
        assert!(id.as_str().starts_with("1700000000000-"));
    }

    proptest! {
        #[test]
        fn an_accepted_name_never_escapes_its_folder(name in any::<String>()) {
            if let Ok(checked) = save_name(&name) {
                prop_assert!(!checked.contains(['/', '\\', '\0']));
                prop_assert!(!checked.contains(".."));
                prop_assert!((1..=SAVE_NAME_MAX).contains(&checked.chars().count()));
            }
            let stem = save_file_stem(&name);
            prop_assert!(stem.starts_with("s-"));
            prop_assert!(stem.len() <= 2 + 24 + 1 + 16);
            prop_assert!(stem.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'));
        }

        #[test]
        fn tricky_names_are_refused(prefix in "[a-z]{0,5}", sep in prop::sample::select(vec!["/", "\\", "..", "\0", "\n"]), suffix in "[a-z]{0,5}") {
            let name = format!("{prefix}{sep}{suffix}");
            prop_assert!(save_name(&name).is_err());
        }
    }
}
