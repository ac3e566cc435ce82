//! Accounts through the whole application: registration, sign-in and the
//! lockout, passwords, codes, the address book, uploads, identity
//! verification, the operators' second factor and sessions, sessions kept
//! as history with their last use and pruned past their retention, the
//! reasons and audit entries of operators' security writes, the audit
//! log's filters, and time-bound rules on the injected clock (SQLite, or
//! PostgreSQL with `ONYX_TEST_DATABASE_URL`).

mod audit_filters;
mod codes;
mod fund_password;
mod injected_clock;
mod kyc;
mod login;
mod operator_totp;
mod password;
mod register;
mod remember_reuse;
mod security_reasons;
mod session_history;
mod session_pruning;
mod withdraw_address;
