//! The profile list (`profiles.json`), each profile's own copy of its entry
//! (`profiles/<id>/profile.json`), and profile passwords.
//!
//! The list is what the store goes by. The per-profile copy exists so that
//! losing the list (and its backup) loses nothing: the list is rebuilt from
//! the folders, and a profile with a password stays locked. It is written
//! with the same atomic, backed-up writes as every other file.
//!
//! A password is stored only as an argon2id hash in PHC string form (which
//! carries its own random salt and parameters), so verifying keeps working
//! if the default parameters change later.

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::file::Schema;
use crate::names::ProfileId;

pub(crate) const SCHEMA: Schema = Schema {
    format: "wuzi-profiles",
    version: 1,
    migrations: &[],
};

/// `profiles/<id>/profile.json`: a [`ProfileRecord`], the same fields as
/// the profile's entry in the list.
pub(crate) const PROFILE_SCHEMA: Schema = Schema {
    format: "wuzi-profile",
    version: 1,
    migrations: &[],
};

/// The name of the profile made on first start.
pub const DEFAULT_PROFILE_NAME: &str = "Player";

/// The longest password accepted, in characters; argon2 itself takes any
/// length, this only keeps a pasted novel from costing memory.
const PASSWORD_MAX: usize = 256;

/// A profile as the app sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Profile {
    /// Its id, also its folder name.
    pub id: ProfileId,
    /// The name shown to people.
    pub name: String,
    /// When it was created, in Unix milliseconds.
    pub created_ms: i64,
    /// Whether opening it needs a password.
    pub has_password: bool,
}

/// The contents of `profiles.json`.
#[derive(Debug, Default, Serialize, Deserialize)]
pub(crate) struct ProfilesFile {
    #[serde(default)]
    pub profiles: Vec<ProfileRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_used: Option<ProfileId>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One profile as stored, in the list and in its own folder.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct ProfileRecord {
    pub id: ProfileId,
    pub name: String,
    pub created_ms: i64,
    /// argon2id PHC string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password_hash: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl ProfileRecord {
    pub(crate) fn view(&self) -> Profile {
        Profile {
            id: self.id.clone(),
            name: self.name.clone(),
            created_ms: self.created_ms,
            has_password: self.password_hash.is_some(),
        }
    }
}

/// Hashes a new password with argon2id and a random salt.
pub(crate) fn hash_password(password: &str) -> Result<String> {
    if password.is_empty() {
        return Err(Error::invalid("password", "must not be empty"));
    }
    if password.chars().count() > PASSWORD_MAX {
        return Err(Error::invalid(
            "password",
            format!("must be at most {PASSWORD_MAX} characters"),
        ));
    }
    let salt = SaltString::generate(&mut OsRng);
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Error::Password(e.to_string()))
}

/// Checks a password against a stored hash.
pub(crate) fn verify_password(hash: &str, password: &str) -> Result<bool> {
    let parsed = PasswordHash::new(hash).map_err(|e| Error::Password(e.to_string()))?;
    match hasher().verify_password(password.as_bytes(), &parsed) {
        Ok(()) => Ok(true),
        Err(argon2::password_hash::Error::Password) => Ok(false),
        Err(e) => Err(Error::Password(e.to_string())),
    }
}

/// Argon2id with the crate's defaults (19 MiB, 2 passes, 1 lane: the
/// OWASP recommendation). Verifying reads the parameters from the hash.
fn hasher() -> Argon2<'static> {
    Argon2::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_phc_strings_with_random_salt() {
        let a = hash_password("pass word").unwrap();
        let b = hash_password("pass word").unwrap();
        assert!(a.starts_with("$argon2id$"), "{a}");
        assert_ne!(a, b, "each hash has its own salt");
        assert!(verify_password(&a, "pass word").unwrap());
        assert!(!verify_password(&a, "Pass word").unwrap());
        assert_eq!(hash_password("").unwrap_err().kind(), "invalid");
        assert_eq!(
            verify_password("not a hash", "x").unwrap_err().kind(),
            "password"
        );
    }
}
