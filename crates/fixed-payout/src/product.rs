//! What one fixed-payout product hands the shared core: its tables, its
//! house account, how its postings and socket messages are named, and the
//! little it settles and verifies beyond the shared rules (an option's fee).

use crate::accept::Offer;
use crate::decide::Settled;
use crate::rules::{Direction, Outcome};
use crate::table::{OrderTable, PeriodTable};
use onyx_kernel::ledger::{PostingRef, SystemAccount};
use onyx_kernel::money::Amount;
use serde::Serialize;

pub trait Product: Send + Sync + 'static {
    type Orders: OrderTable;
    type Periods: PeriodTable;
    /// An order as its owner's client reads it (and its socket message).
    type View: Serialize;
    /// The product in messages: "second contract", "option".
    const NAME: &'static str;
    /// The settlement sweep's scheduler job.
    const JOB: &'static str;
    /// The socket message a settlement reaches its owner as.
    const SOCKET_TYPE: &'static str;
    /// The account on the other side of every stake.
    const HOUSE: SystemAccount;
    /// Where the product is offered and to whom.
    const OFFER: Offer;
    /// The letter its order numbers start with.
    const ORDER_PREFIX: char;

    /// The direction a client's `betContent` names, in the product's words.
    fn direction(bet_content: &str) -> Option<Direction>;

    fn reference(order_id: i64) -> PostingRef;

    fn view(order: &<Self::Orders as sea_orm::EntityTrait>::Model, now_ms: i64) -> Self::View;

    /// A fee the order paid at acceptance that comes back with `outcome`;
    /// none unless the product charges one.
    fn fee_back(
        _order: &<Self::Orders as sea_orm::EntityTrait>::Model,
        _outcome: Outcome,
    ) -> Result<Amount, String> {
        Ok(Amount::ZERO)
    }

    /// Records the fee given back on the settled row; a product without a
    /// fee has nowhere to and gives none back.
    fn store_fee_back(
        _order: &mut <Self::Orders as sea_orm::EntityTrait>::Model,
        _fee_back: Amount,
    ) {
    }

    /// The fee a settled row says it gave back.
    fn stored_fee_back(
        _order: &<Self::Orders as sea_orm::EntityTrait>::Model,
    ) -> Option<rust_decimal::Decimal> {
        Some(rust_decimal::Decimal::ZERO)
    }

    /// What `onyx verify` finds wrong with the order's own terms (an
    /// option's issue and fee), beyond its ticks and split.
    fn terms_differences(_order: &<Self::Orders as sea_orm::EntityTrait>::Model) -> Vec<String> {
        Vec::new()
    }
}

/// How one order settles: the stake's split, and a fee back on a void.
pub struct Decided {
    pub settled: Settled,
    pub fee_back: Amount,
}

/// A product's `api` module, what other crates reach it by: the same
/// surface for every fixed-payout product, over its own `settlement`,
/// `holds`, `house`, `repo` and `verify` modules and its order table.
/// Invoked as the whole of the product's `api.rs`; `crate` there is the
/// product's.
#[macro_export]
#[allow(clippy::crate_in_macro_def)]
macro_rules! product_api {
    (product: $product:ident, orders: $orders:ident $(,)?) => {
        pub use crate::product::$product;

        /// The settlement sweep: started by the server, run a slice at a
        /// time by the tests.
        pub mod settlement {
            pub use crate::settlement::{start, sweep};
        }

        /// What open orders hold, for the holds audit and a user's page.
        pub mod holds {
            pub use crate::holds::{holds, user_holds, KIND};
        }

        /// The house's book, for the operators' dashboard.
        pub mod house {
            pub use crate::house::{book, HouseBook};
        }

        /// A user's orders, for the operator's user page.
        pub mod repo {
            pub use crate::repo::{user_orders, OrderSort, OrderStatus};
        }

        /// Every settled order recomputed from the tape, for `onyx verify`.
        pub mod verify {
            pub use crate::verify::verify;
        }

        /// The order table, which the settlement benchmark fills.
        pub mod entity {
            pub use crate::entity::$orders;
        }
    };
}
