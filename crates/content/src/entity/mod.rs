//! The content tables: notices, help and rules with their translations,
//! and the message centre.

pub mod content_item;
pub mod content_translation;
pub mod message;
