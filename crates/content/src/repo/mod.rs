//! Queries over content and messages.

pub mod content;
pub mod messages;
