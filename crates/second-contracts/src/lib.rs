//! Second contracts: fixed-payout up/down contracts on a coin's index over
//! a fixed period, the house as counterparty. No code path here or anywhere
//! sets a result or a price: an order opens on the coin's last tick on the
//! price tape, closes on the tape's tick at its close time, and the shared
//! fixed-payout rules (`onyx_fixed_payout`) decide the rest from those two
//! alone, so anyone can recompute a settlement. This crate keeps what is
//! its own: its tables and migrations, its views and calls, and how it
//! opens an order (a window per period, no fee) ([`product`], [`orders`]).
//!
//! Every module here is on a money path: arithmetic is checked and nothing
//! unwraps, outside tests.
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects, clippy::panic))]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod api;
pub(crate) mod entity;
pub(crate) mod holds;
pub(crate) mod house;
pub mod migration;
pub(crate) mod orders;
pub(crate) mod period_editing;
pub(crate) mod product;
pub(crate) mod repo;
pub mod routes;
pub(crate) mod settlement;
pub(crate) mod verify;
pub(crate) mod views;
