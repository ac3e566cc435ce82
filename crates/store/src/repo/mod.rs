//! Repositories: the queries the server needs, one module per area.
pub mod admin_queries;
pub mod admins;
pub mod audit;
pub mod candles;
pub mod catalogue;
pub mod codes;
pub mod content;
pub mod files;
pub mod kyc;
pub mod messages;
pub mod outbox;
pub mod sessions;
pub mod settings;
pub mod users;
pub mod watchlist;
pub mod withdraw_addresses;
