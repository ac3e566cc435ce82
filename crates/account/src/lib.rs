//! Accounts: registration and sign-in (with the lockout), the profile,
//! passwords and the fund password, email and phone binding, identity
//! verification (KYC) with private uploads, the withdrawal address book,
//! the development mailbox, and the operators' sign-in (with TOTP and
//! their own sessions), user, KYC, outbox and audit screens.

pub mod audit_log;
pub mod entity;
pub mod freezes;
pub mod kyc_reviews;
pub mod operator_security;
pub mod passwords;
pub mod repo;
pub mod routes;
pub mod session_pruning;
pub mod sign_in;
pub mod sign_in_locks;
