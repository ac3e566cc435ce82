//! Content: the settings object the client reads, notices, rules and help
//! in every language, the message centre, the operators' editing of all
//! of it, and the demo content a `--demo` start seeds.

pub mod demo;
pub mod editing;
pub mod entity;
pub mod repo;
pub mod routes;
pub mod summary;
