//! The catalogue and watchlist tables.

pub mod coin;
pub mod contract_pair;
pub mod option_pair;
pub mod spot_pair;
pub mod watchlist_entry;
