//! The account's own tables: identity verification submissions and the
//! withdrawal address book.

pub mod kyc_submission;
pub mod withdraw_address;
