//! The wallet as other crates see it: deposits (a user's claim, an
//! operator's confirmation, the stored rows), the withdrawal rows the
//! console counts, the financial records, transfers, the flash exchange's
//! quote book, the withdrawal rules (pure, for fuzzing), the holds the
//! audit sums, and the audit report's text. Everything else in the crate
//! is its own.

pub use crate::entity::withdrawal;
pub use crate::repo::wallet_records;

/// Deposits: claimed by a user, confirmed by an operator.
pub mod deposits {
    pub use crate::deposit_reviews::confirm;
    pub use crate::deposits::{claim, PayRequest};
    pub use crate::entity::{deposit, deposit_index};
    pub use crate::repo::deposits::{shows_screenshot, DepositStatus};

    /// The deposit rows themselves: what a race on a review or an address
    /// is tried against.
    pub mod rows {
        pub use crate::repo::deposits::{
            create, create_address, derivation_index_for, review, NewAddress, NewDeposit, Review,
        };
    }
}

/// What the wallet's waiting withdrawals hold, for the audit.
pub mod holds {
    pub use crate::holds::{holds, user_holds};
}

/// The flash exchange's quotes.
pub mod quotes {
    pub use crate::quotes::{exchange_amounts, Quote, QuoteBook};
}

/// A transfer between a user's own accounts.
pub mod transfers {
    pub use crate::transfers::{transfer, TransferRequest};
}

/// The withdrawal rules, pure.
pub mod withdrawal_rules {
    pub use crate::withdrawal_rules::{
        evaluate, KycTier, Proof, WithdrawalRequest, WithdrawalRules,
    };
}

/// The audit report's text.
pub mod audit_report {
    pub use crate::audit_report::render;
}
