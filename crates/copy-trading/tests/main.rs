//! Copy trading through the whole application.

mod batch_close;
mod engine_props;
mod follow_api;
mod support;
mod trader_profile;
