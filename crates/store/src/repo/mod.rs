//! Repositories: the queries the server needs, one module per area.
pub mod admins;
pub mod sessions;
pub mod settings;
pub mod users;
pub mod messages;
