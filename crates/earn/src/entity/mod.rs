pub mod earn_accrual;
pub mod earn_order;
pub mod earn_product;
pub mod earn_rate;
pub mod earn_reserve;
