//! Accounts through the whole application: registration, sign-in and the
//! lockout, passwords, codes, the address book, uploads and identity
//! verification (SQLite, or PostgreSQL with `ONYX_TEST_DATABASE_URL`).

mod codes;
mod kyc;
mod login;
mod password;
mod register;
mod withdraw_address;
