//! The platform every product stands on: the [`Context`] services take
//! (database, ledger writer, configuration, clock, index prices, events,
//! rate limits, notifications, files, scheduler), and the services every
//! product shares: operator audit, idempotency, verification codes,
//! credentials, operators' one-time passwords. No HTTP here: the routes
//! of each product turn requests into calls on these.

pub mod amounts;
pub mod audit;
pub mod bus;
pub mod codes;
pub mod config;
pub mod context;
pub mod credentials;
pub mod files;
pub mod idempotency;
pub mod limits;
pub mod lockout;
pub mod notice;
pub mod notify;
pub mod prices;
pub mod scheduler;
pub mod seams;
pub mod session_cache;
pub mod totp;
pub mod vip;

pub use context::Context;
pub use idempotency::Idempotency;
