//! Futures through the whole application.

mod positions_api;
