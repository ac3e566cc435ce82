use sea_orm::entity::prelude::*;

onyx_fixed_payout::order_table! {
    /// One order: its terms as they were when it opened, the recorded tick it
    /// opened on and, once settled, the tick it closed on and where the stake
    /// went. Times are epoch milliseconds.
    table: "second_contract_orders",
    own: {
        /// The stake's coin, `usdt`.
        base_symbol: String,
    },
    settles also [],
}
