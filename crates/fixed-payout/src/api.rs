//! The fixed-payout core as crates other than its two products see it:
//! `onyx verify`'s report, and what the products' settlement benchmarks
//! build their orders and stakes with. The products themselves use the
//! modules.

/// What `onyx verify` found on a product's settled orders.
pub use crate::verify::VerifyReport;

/// A product and its order table, generic over which one.
pub mod product {
    pub use crate::product::Product;
    pub use crate::table::{Opening, OrderRow, OrderTable};
}

/// The rules' terms of a bet.
pub mod rules {
    pub use crate::rules::{Direction, Terms};
}

/// The ledger postings of an order's opening.
pub mod postings {
    pub use crate::postings::open;
}

/// Every settled order of a product recomputed from the tape.
pub mod verify {
    pub use crate::verify::verify;
}
