//! Rewards through the whole application.

mod rebates_api;
mod welfare_api;
mod welfare_condition_api;
