//! Earn as other crates see it: the accrual job the server starts, the
//! house's coin book and the holds the console and the audit read, a
//! user's orders for the console, `onyx verify`'s replay, the demo's
//! products, and the calls a benchmark drives. Everything else in the
//! crate is its own.

pub use crate::catalogue::{EarnKind, FINANCE, STAKING};
pub use crate::entity::{earn_accrual, earn_order, earn_product, earn_rate};
pub use crate::repo::{user_orders_in, OrderSort, OrderStatus, EARNING, REDEEMED, SETTLED};
pub use crate::verify::verify;

/// Interest accrued a day at a time.
pub mod accrual {
    pub use crate::accrual::{start, sweep, ORDERS_PER_RUN};
}

/// What each coin's earn house holds and owes.
pub mod house {
    pub use crate::operator::{house_book, HouseCoin};
}

/// What subscribed principal holds, for the audit.
pub mod holds {
    pub use crate::holds::{holds, user_holds};
}

/// The demo's products and orders.
pub mod demo {
    pub use crate::demo::seed;
}

/// Days and terms, pure.
pub mod rules {
    pub use crate::rules::{day_of, start_of, Term, DAY_MS};
}

/// An operator's products and funding.
pub mod operator {
    pub use crate::operator::{create, fund, FundBody, ProductBody};
}

/// A user's subscription.
pub mod orders {
    pub use crate::orders::{subscribe, Subscribe};
}
