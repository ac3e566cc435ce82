//! Accounts as other crates see it: a user's identity verification (its
//! tier and country gate products and withdrawals), the withdrawal address
//! book, the audit row the console shows, the session pruning job the
//! server starts, and the operator reset the command line runs.
//! Everything else in the crate is its own.

pub use crate::audit_log::AuditRow;

/// Identity verification: the submissions, their review, and what a
/// product reads of them.
pub mod kyc {
    pub use crate::entity::kyc_submission;
    pub use crate::repo::kyc::{
        country, create, latest, shows_file, KycStatus, NewSubmission, TIER_ADVANCED, TIER_PRIMARY,
    };
    pub use crate::repo::reviews::review_kyc;
}

/// The addresses a user may withdraw to.
pub mod withdraw_addresses {
    pub use crate::entity::withdraw_address;
    pub use crate::repo::withdraw_addresses::list;
}

/// Deleting users' and operators' sessions past their retention.
pub mod session_pruning {
    pub use crate::session_pruning::{prune, start, sweep, Pruned, JOB, RETENTION_DAYS};
}

/// An owner operator's sign-in security reset, from the command line.
pub mod operator_security {
    pub use crate::operator_security::reset;
}
