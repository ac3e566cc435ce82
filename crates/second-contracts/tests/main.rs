//! The second contracts through the whole application (SQLite, or
//! PostgreSQL with `ONYX_TEST_DATABASE_URL`).

mod operators_api;
mod orders_api;
