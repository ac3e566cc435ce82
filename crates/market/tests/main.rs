//! The market's tests: feeds, candles and statistics on their own, then
//! the calls through the whole application (SQLite, or PostgreSQL with
//! `ONYX_TEST_DATABASE_URL`).

mod catalogue_api;
mod market_api;
mod market_reload;
mod simulator;
mod tape;
mod watchlist_api;
