//! The operators' side of accounts: sign-in, users, identity reviews, the
//! outbox and the audit trail.

pub mod audit;
pub mod auth;
pub mod kyc;
pub mod outbox;
pub mod users;
