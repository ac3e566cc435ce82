//! Content as other crates see it: the message centre (a product tells a
//! user something, the console reads a user's messages), a message's
//! one-line summary, and the demo content a `--demo` start seeds.
//! Everything else in the crate is its own.

pub use crate::summary::summary;

/// A user's message centre.
pub mod messages {
    pub use crate::entity::message;
    pub use crate::repo::messages::{
        create, create_localized, find_for_user, in_lang, page_for_user,
    };
}

/// The demo's notices, rules, help and the welcome message.
pub mod demo {
    pub use crate::demo::{seed_content, send_welcome};
}

/// Counts and rows of the content tables, for the crate's own tests and
/// the console.
pub mod items {
    pub use crate::entity::content_item;
    pub use crate::repo::content::count;
}
