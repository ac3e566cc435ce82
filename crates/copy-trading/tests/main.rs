//! Copy trading through the whole application.

mod follow_api;
