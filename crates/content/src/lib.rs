//! Content: the settings object the client reads, notices, rules and help
//! in every language, the message centre, the operators' editing of all
//! of it, and the demo content a `--demo` start seeds.

//!
//! Other crates use it through [`api`] alone.

pub mod api;
pub(crate) mod demo;
pub(crate) mod editing;
pub(crate) mod entity;
pub(crate) mod repo;
pub mod routes;
pub(crate) mod summary;
