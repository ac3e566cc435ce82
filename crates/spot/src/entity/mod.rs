//! The spot tables: orders, trades and the market maker's settings.

pub mod spot_maker_setting;
pub mod spot_order;
pub mod spot_trade;
