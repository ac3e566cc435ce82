//! Accounts: registration and sign-in (with the lockout), the profile,
//! passwords and the fund password, email and phone binding, identity
//! verification (KYC) with private uploads, the withdrawal address book,
//! the development mailbox, and the operators' sign-in (with TOTP and
//! their own sessions), user, KYC, outbox and audit screens.
//!
//! Other crates use it through [`api`] alone.

pub mod api;
pub(crate) mod audit_log;
pub(crate) mod entity;
pub(crate) mod freezes;
pub(crate) mod kyc;
pub(crate) mod kyc_reviews;
pub(crate) mod operator_security;
pub(crate) mod passwords;
pub(crate) mod repo;
pub mod routes;
pub(crate) mod session_pruning;
pub(crate) mod sign_in;
pub(crate) mod sign_in_locks;
