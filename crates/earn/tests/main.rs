//! Earn through the whole application.

mod earn_api;
