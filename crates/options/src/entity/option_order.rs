use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

onyx_fixed_payout::order_table! {
    /// One order: its issue, its terms and fee as they were when it was
    /// accepted, the recorded tick that is its strike and, once settled, the
    /// tick it closed on and where the stake went. Times are epoch ms.
    table: "option_orders",
    own: {
        option_id: i64,
        /// The issue it closes with.
        issue_no: i64,
        /// The pair's fee rule when the order was accepted.
        fee_type: i32,
        fee_value: DecimalText,
        /// Taken from the user's available USDT at acceptance.
        fee: DecimalText,
        /// The fee given back (void only).
        fee_returned: Option<DecimalText>,
    },
    settles also [FeeReturned],
}
