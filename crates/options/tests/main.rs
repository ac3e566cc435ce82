//! Options through the whole application (SQLite, or PostgreSQL with
//! `ONYX_TEST_DATABASE_URL`).

mod orders_api;
