//! Futures through the whole application.

mod positions_api;
mod sizes_and_figures;
