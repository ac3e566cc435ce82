pub mod futures_fill;
pub mod futures_funding;
pub mod futures_interest;
pub mod futures_order;
pub mod futures_position;
pub mod futures_stop;
pub mod futures_term;
