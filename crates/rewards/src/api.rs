//! Rewards as other crates see it: the rebate job the server starts (and
//! its cursor table, which other background jobs keep their place in),
//! welfare's sign-in, task claims and centre, and the demo's seeding.
//! Everything else in the crate is its own.

/// Referral rebates paid from fees, a batch at a time.
pub mod rebates {
    pub use crate::entity::job_cursor;
    pub use crate::rebates::{start, sweep};
}

/// Welfare: daily sign-in, task rewards and what a user's centre shows.
pub mod welfare {
    pub use crate::entity::{welfare_claim, welfare_task};
    pub use crate::welfare::{center, claim_task, sign_in};
    pub use crate::welfare_editing::CALENDAR_TARGET;
}

/// The demo's invite tree, rebates and welfare.
pub mod demo {
    pub use crate::demo::seed;
}
