//! Copy trading as other crates see it: the mirror the server installs on
//! futures at start, `onyx verify`'s replay of every follow, the demo's
//! leads, the stored follows, leads and settlements, and the pure sizing
//! rules (for property tests). Everything else in the crate is its own.

pub use crate::entity::{copy_follow, copy_settlement, copy_trader};
pub use crate::install;
pub use crate::repo::{standings, ACTIVE, APPROVED};
pub use crate::verify::verify;

/// The demo's lead traders and their history.
pub mod demo {
    pub use crate::demo::{seed, Lead, Style};
}

/// How a copy is sized and closed, pure.
pub mod rules {
    pub use crate::rules::{close_qty, copy_contracts, stop_loss_hit, Sizing};
}
