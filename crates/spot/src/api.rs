//! Spot as other crates see it: the service the server runs (its books'
//! tasks, started once), the events and socket frames it publishes, the
//! orders and trades the console and the rewards read, the holds the audit
//! sums, the market maker, and the pure matching rules (for fuzzing).
//! Everything else in the crate is its own.

pub use crate::entity::spot_trade;
pub use crate::service::{levels, start, Precision, SpotService, SubmitBody, EVENTS_BUFFERED};
pub use crate::SpotContext;

/// What a book publishes, and the socket's text of it.
pub mod events {
    pub use crate::events::{DepthDelta, DepthSnapshot, OrderView, SpotEvent, TradeEvent};
    pub use crate::frames::{depth_delta_text, order_text, spot_trade_frame};
}

/// Stored orders and trades, read by the console and the tests.
pub mod orders {
    pub use crate::repo::{
        find_order, open_orders, page_for_user, trades_of_order, OrderFilter, OrderSort,
        OrderStatus,
    };
}

/// What resting orders hold, for the audit.
pub mod holds {
    pub use crate::holds::{holds, user_holds};
}

/// The market maker: its user, one round of quotes and its settings.
pub mod maker {
    pub use crate::maker::{ensure_user, round};
    pub use crate::repo::{maker_settings, put_maker_setting};
}

/// The matching rules and the book's units, pure.
pub mod rules {
    pub use crate::orderbook::{Side, UNITS_MAX};
    pub use crate::rules::*;
}
