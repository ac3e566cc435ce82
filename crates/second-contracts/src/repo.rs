//! Queries over second-contract orders: the shared ones on this product's
//! table.

use crate::entity::second_contract_order as order;
pub use crate::entity::second_contract_order::OrderSort;
pub use onyx_fixed_payout::repo::{PERIOD_ON, STATUS_OPEN, STATUS_SETTLED};
use onyx_store::sort::Sort;
use sea_orm::{ConnectionTrait, DbErr};

/// A user's orders in one status, in `sort`'s order, a page at a time.
pub async fn user_orders(
    db: &impl ConnectionTrait,
    user_id: i64,
    status: &str,
    sort: Sort<OrderSort>,
    offset: u64,
    limit: u64,
) -> Result<(Vec<order::Model>, u64), DbErr> {
    onyx_fixed_payout::repo::user_orders::<order::Entity>(db, user_id, status, sort, offset, limit)
        .await
}
