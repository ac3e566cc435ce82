//! Onyx's pure domain: money, the error catalogue and its translations,
//! settings and their validation, and the rules for identities and codes.
//! No I/O and no async live here, so all of it is tested directly.

pub mod address;
pub mod clock;
pub mod countries;
pub mod error_code;
pub mod failure;
pub mod hd;
pub mod html;
pub mod i18n;
pub mod identity;
pub mod ledger;
pub mod money;
pub mod posting_ref;
pub mod settings;
pub mod vip;

pub use error_code::ErrorCode;
pub use failure::{Failure, Outcome};
pub use money::Amount;
