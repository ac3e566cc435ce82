//! Repositories: the queries the server needs, one module per area.
pub mod admin_queries;
pub mod admins;
pub mod audit;
pub mod codes;
pub mod files;
pub mod login_failures;
pub mod outbox;
pub mod secrets;
pub mod sessions;
pub mod settings;
pub mod sign_in_challenges;
pub mod users;
