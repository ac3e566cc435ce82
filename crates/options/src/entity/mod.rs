pub mod option_order;
pub mod option_period;
