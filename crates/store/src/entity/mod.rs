//! One sea-orm model per table of the schema (see `migration/`).

pub mod admin;
pub mod admin_recovery_code;
pub mod admin_session;
pub mod audit_entry;
pub mod file;
pub mod idempotency_key;
pub mod ledger_account;
pub mod ledger_posting;
pub mod ledger_transaction;
pub mod login_failure;
pub mod outbox;
pub mod server_secret;
pub mod session;
pub mod setting;
pub mod sign_in_challenge;
pub mod user;
pub mod verification_code;
