//! Content through the whole application: settings, notices, help, the
//! message centre and the operators' editing (SQLite, or PostgreSQL with
//! `ONYX_TEST_DATABASE_URL`).

mod api;
