//! Futures as other crates see it. Copy trading builds on positions: it
//! opens, closes and adjusts copies in the lead's own transaction
//! (`positions`, `batch`), hears every change of a lead's position through
//! the `mirror` it installs, and reads contracts, fills and views. The
//! server starts the funding, liquidation and stop jobs, reads the house
//! book, the holds and a user's orders and positions for the console, and
//! runs `onyx verify`'s replay. Everything else in the crate is its own.

pub use crate::entity::{futures_fill, futures_order, futures_position, futures_stop};
pub use crate::operator::{house, HouseView};
pub use crate::repo::{
    all_open, position, user_orders, user_positions, FillKind, OrderSort, PositionSide,
    PositionSort, PositionStatus, OPEN,
};
pub use crate::rules::Side;
pub use crate::verify::verify;

/// Contracts and their terms.
pub mod contract {
    pub use crate::contract::{all, by_id, named, Cache, Contract};
}

/// Opening, closing and adjusting a position inside a caller's ledger
/// transaction, at the prices and costs the futures rules give.
pub mod positions {
    pub use crate::positions::{
        adjust_in, close_in, costs, fill_price, liquidation_of, mark, open_in, side_of, ticket,
        CloseAt, Refusal, SubmitBody, Ticket,
    };
    pub use crate::views::PositionView;
}

/// Many positions of one contract opened or closed in one pass.
pub mod batch {
    pub use crate::batch::{close_all, open_all, Close, Open};
}

/// The seam copy trading hangs on.
pub mod mirror {
    pub use crate::mirror::{install, of, Change, Closed, Mirror, Told};
}

/// The futures wallet's ledger account and coin.
pub mod postings {
    pub use crate::postings::{wallet, COIN};
}

/// Orders: what the console shows of them.
pub mod orders {
    pub use crate::orders::{CancelReason, OrderKind, OrderStatus, OrderView, OPEN_ACTION};
}

/// What open positions and waiting orders hold, for the audit.
pub mod holds {
    pub use crate::holds::holds;
}

/// The background jobs, and one pass of each for the tests.
pub mod jobs {
    pub use crate::funding::{latest_time, pay_due, start as start_funding};
    pub use crate::liquidation::{
        liquidate_due, liquidate_with, start as start_liquidation, sweep, RiskEngine, Swept,
    };
    pub use crate::risk::RiskBook;
    pub use crate::stops::trigger_due;
}
