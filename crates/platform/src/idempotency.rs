//! Idempotency keys for money-moving calls. The client sends an
//! `Idempotency-Key` header (any 1 to 64 characters of `[A-Za-z0-9_-]`,
//! a fresh random one per user action, the same one on a retry). The first
//! call's response is stored in the same transaction as its postings; a
//! retry with the same key and the same request gets that response back
//! and moves nothing. The same key with a different request is refused.
//! Without the header a call is simply not deduplicated.

use onyx_kernel::{ErrorCode, Failure};
use onyx_store::ledger::{LedgerTxn, Replay};
use serde::Serialize;
use sha2::{Digest, Sha256};

pub const HEADER: &str = "idempotency-key";
const KEY_LEN_MAX: usize = 64;

/// A key as the client sent it, checked. A malformed key is refused, not
/// ignored: a client that thinks it is protected must not silently lose
/// protection.
pub fn parse_key(raw: &str) -> Result<String, Failure> {
    let valid = !raw.is_empty()
        && raw.len() <= KEY_LEN_MAX
        && raw
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if valid {
        Ok(raw.to_string())
    } else {
        Err(Failure::invalid("Idempotency-Key"))
    }
}

/// One call's idempotency context: who, which call, which key, and a hash
/// of what was asked.
pub struct Idempotency {
    user_id: i64,
    scope: &'static str,
    key: Option<String>,
    request_hash: String,
}

impl Idempotency {
    pub fn new(
        key: impl Into<Option<String>>,
        user_id: i64,
        scope: &'static str,
        request: &impl Serialize,
    ) -> Idempotency {
        let body = serde_json::to_vec(request).unwrap_or_default();
        let request_hash = hex::encode(Sha256::digest(&body));
        Idempotency {
            user_id,
            scope,
            key: key.into(),
            request_hash,
        }
    }

    /// What the batch prefetch of the keys needs: (user, scope, key).
    pub fn key_id(&self) -> Option<(i64, &'static str, &str)> {
        self.key.as_deref().map(|k| (self.user_id, self.scope, k))
    }

    /// The stored response of an earlier call with this key, if any.
    pub async fn replay(&self, txn: &mut LedgerTxn) -> Result<Option<serde_json::Value>, Failure> {
        let Some(key) = &self.key else {
            return Ok(None);
        };
        match txn
            .replay(self.user_id, self.scope, key, &self.request_hash)
            .await?
        {
            Replay::Fresh => Ok(None),
            Replay::Stored(value) => Ok(Some(value)),
            Replay::Conflict => Err(Failure::new(ErrorCode::IdempotencyConflict)),
        }
    }

    /// Stores `response` under the key (no-op without a key), in `txn`.
    pub async fn remember<T: Serialize>(
        &self,
        txn: &mut LedgerTxn,
        response: &T,
    ) -> Result<serde_json::Value, Failure> {
        let value = serde_json::to_value(response).map_err(Failure::internal)?;
        if let Some(key) = &self.key {
            txn.remember(self.user_id, self.scope, key, &self.request_hash, &value)
                .await?;
        }
        Ok(value)
    }
}
