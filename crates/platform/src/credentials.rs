//! Passwords (argon2id) and bearer tokens (256-bit random, stored hashed):
//! what signs a user or an operator in, and how it is kept.

use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use base64::Engine;
use onyx_kernel::Failure;
use rand::RngCore;
use sha2::{Digest, Sha256};
use tokio::sync::OnceCell;

/// Hashes with argon2id and the crate's default (OWASP-recommended) cost,
/// off the async threads.
pub async fn hash_password(password: &str) -> Result<String, Failure> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
    })
    .await?
    .map_err(Failure::internal)
}

/// True when `password` matches the stored argon2 hash.
pub async fn verify_password(hash: &str, password: &str) -> Result<bool, Failure> {
    let (hash, password) = (hash.to_owned(), password.to_owned());
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
    })
    .await?
    .map_err(Failure::internal)
}

/// Checks `password` against the account's hash, or, when no account
/// matched, against a fixed dummy hash and answers false: the argon2 time
/// is spent either way, so the answer's timing does not tell which
/// accounts exist.
pub async fn verify_or_dummy(hash: Option<&str>, password: &str) -> Result<bool, Failure> {
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
async fn dummy_hash() -> Result<&'static str, Failure> {
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
