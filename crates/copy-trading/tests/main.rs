//! Copy trading through the whole application.

mod engine_props;
mod follow_api;
