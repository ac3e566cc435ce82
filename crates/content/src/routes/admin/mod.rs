//! The operators' content, messages and settings.

pub mod content;
pub mod messages;
pub mod settings;
