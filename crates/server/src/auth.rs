//! Passwords (argon2id), session tokens (256-bit random, stored hashed) and
//! the `CurrentUser` extractor that guards signed-in calls.

use crate::error::ApiError;
use crate::state::AppState;
use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use base64::Engine;
use chrono::Utc;
use onyx_kernel::ErrorCode;
use onyx_store::entity::user;
use onyx_store::repo::sessions;
use rand::RngCore;
use sha2::{Digest, Sha256};
use tokio::sync::OnceCell;

/// Hashes with argon2id and the crate's default (OWASP-recommended) cost,
/// off the async threads.
pub async fn hash_password(password: &str) -> Result<String, ApiError> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)
}

/// True when `password` matches the stored argon2 hash.
pub async fn verify_password(hash: &str, password: &str) -> Result<bool, ApiError> {
    let (hash, password) = (hash.to_owned(), password.to_owned());
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)
}

/// Checks `password` against the account's hash, or, when no account
/// matched, against a fixed dummy hash and answers false: the argon2 time
/// is spent either way, so the answer's timing does not tell which
/// accounts exist.
pub async fn verify_or_dummy(hash: Option<&str>, password: &str) -> Result<bool, ApiError> {
    match hash {
        Some(hash) => verify_password(hash, password).await,
        None => {
            verify_password(dummy_hash().await?, password).await?;
            Ok(false)
        }
    }
}

/// A hash of a password no account has, made once per process with the
/// same cost as real ones.
async fn dummy_hash() -> Result<&'static str, ApiError> {
    static DUMMY: OnceCell<String> = OnceCell::const_new();
    DUMMY
        .get_or_try_init(|| hash_password("no-such-account-0"))
        .await
        .map(String::as_str)
}

/// A new bearer token: 32 bytes from the OS RNG, base64url. Returns the
/// token (given to the client once) and its hash (stored).
pub fn new_token() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let hash = token_hash(&token);
    (token, hash)
}

pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The signed-in user of this request, from the `satoken` header.
#[derive(Clone, Debug)]
pub struct CurrentUser {
    pub user: user::Model,
    pub session_id: i64,
}

impl CurrentUser {
    pub fn id(&self) -> i64 {
        self.user.id
    }
}

/// Token from the `satoken` header, or `Authorization: Bearer`.
pub fn bearer(parts: &Parts) -> Option<String> {
    let header = |name: &str| parts.headers.get(name).and_then(|v| v.to_str().ok());
    header("satoken")
        .map(str::to_string)
        .or_else(|| {
            header("authorization")
                .and_then(|v| v.strip_prefix("Bearer "))
                .map(str::to_string)
        })
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer(parts).ok_or(ErrorCode::TokenMissing)?;
        let found = sessions::find_live(
            &state.db,
            &token_hash(&token),
            sessions::KIND_SESSION,
            Utc::now(),
        )
        .await?;
        let (session, user) = found.ok_or(ErrorCode::TokenInvalid)?;
        if user.status != "active" {
            return Err(ErrorCode::TokenInvalid.into());
        }
        Ok(CurrentUser {
            user,
            session_id: session.id,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bit_and_distinct() {
        let (a, ha) = new_token();
        let (b, _) = new_token();
        assert_ne!(a, b);
        assert_eq!(
            base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(&a)
                .unwrap()
                .len(),
            32
        );
        assert_eq!(ha, token_hash(&a));
        assert_eq!(ha.len(), 64);
    }

    #[tokio::test]
    async fn passwords_hash_with_argon2id_and_verify() {
        let h = hash_password("demo-pass-1").await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password(&h, "demo-pass-1").await.unwrap());
        assert!(!verify_password(&h, "demo-pass-2").await.unwrap());
    }

    #[tokio::test]
    async fn no_account_never_verifies_even_with_the_dummy_password() {
        assert!(!verify_or_dummy(None, "no-such-account-0").await.unwrap());
        let h = hash_password("demo-pass-1").await.unwrap();
        assert!(verify_or_dummy(Some(&h), "demo-pass-1").await.unwrap());
    }
}
