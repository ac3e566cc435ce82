//! Queries over identity verification and the address book.

pub mod kyc;
pub mod reviews;
pub mod withdraw_addresses;
