//! The fixed-payout core that second contracts and options share: up/down
//! orders on a coin's index with the house as counterparty, a stake frozen
//! at acceptance and split at the close by one set of rules ([`rules`],
//! [`decide`]) on the recorded price tape. Here: the shared rules, the
//! ledger postings, the settlement sweep, `onyx verify`, the holds audit,
//! the house's book, operators' period editing, the order limits, the
//! blocked countries and the risk disclosure. Each product names its
//! tables and what differs (its fee, its house account, its messages)
//! through [`table`] and [`product::Product`], and keeps its own routes,
//! views and migrations.
//!
//! Every module here is on a money path: arithmetic is checked and nothing
//! unwraps, outside tests.
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects, clippy::panic))]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod accept;
pub mod api;
pub mod countries;
pub mod decide;
pub mod disclosure;
pub mod entity;
pub mod holds;
pub mod house;
pub mod limits;
pub mod period_editing;
pub mod postings;
pub mod product;
pub mod repo;
pub mod routes;
pub mod rules;
pub mod settlement;
pub mod table;
pub mod verify;
pub mod views;
