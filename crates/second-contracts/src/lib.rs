//! Second contracts: fixed-payout up/down contracts on a coin's index over
//! a fixed period, the house as counterparty. No code path here or anywhere
//! sets a result or a price: an order opens on the coin's last tick on the
//! price tape, closes on the tape's tick at its close time, and [`rules`]
//! decides the rest from those two alone, so anyone can recompute a
//! settlement. Stakes are held through the ledger; settlement runs as a
//! sliced sweep through the ledger's batch API ([`settlement`]).
//!
//! Every module here is on a money path: arithmetic is checked and nothing
//! unwraps, outside tests.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

pub mod countries;
pub mod disclosure;
pub mod entity;
pub mod holds;
pub mod house;
pub mod limits;
pub mod migration;
pub mod orders;
pub mod period_editing;
pub mod postings;
pub mod repo;
pub mod routes;
pub mod rules;
pub mod settlement;
pub mod verify;
pub mod views;
