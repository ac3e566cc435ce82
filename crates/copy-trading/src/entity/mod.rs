pub mod copy_follow;
pub mod copy_position;
pub mod copy_settlement;
pub mod copy_skip;
pub mod copy_trader;
