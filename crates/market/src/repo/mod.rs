//! Queries over the catalogue and the watchlists.

pub mod catalogue;
pub mod watchlist;
