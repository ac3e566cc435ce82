//! Queries over second-contract orders: the shared ones on this product's
//! table.

pub use crate::entity::second_contract_order::OrderSort;
pub use onyx_fixed_payout::repo::{user_orders, OrderStatus};
