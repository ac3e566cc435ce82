//! Futures through the whole application.

mod entry_and_history;
mod positions_api;
mod sizes_and_figures;
