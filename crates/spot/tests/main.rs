//! Spot trading through the whole application: orders, the market maker,
//! and the live socket's TRADE, DEPTH and ORDER frames (SQLite, or
//! PostgreSQL with `ONYX_TEST_DATABASE_URL`).

mod orders;
mod socket;
