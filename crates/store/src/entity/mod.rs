//! One sea-orm model per table of the schema (see `migration/`).

pub mod admin;
pub mod admin_session;
pub mod audit_entry;
pub mod candle;
pub mod coin;
pub mod content_item;
pub mod content_translation;
pub mod contract_pair;
pub mod file;
pub mod kyc_submission;
pub mod message;
pub mod option_pair;
pub mod outbox;
pub mod session;
pub mod setting;
pub mod spot_pair;
pub mod user;
pub mod verification_code;
pub mod watchlist_entry;
pub mod withdraw_address;
