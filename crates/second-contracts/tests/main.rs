//! The second contracts through the whole application (SQLite, or
//! PostgreSQL with `ONYX_TEST_DATABASE_URL`).

mod operators_api;
mod orders_api;

use onyx_second_contracts::api::{settlement::sweep, verify::verify};
use onyx_testkit::fixed_payout::{second_contracts, ProductApi};

/// The product's calls, its settlement sweep and `onyx verify` handed in.
const SECOND: ProductApi = second_contracts(|ctx| Box::pin(sweep(ctx)), |db| Box::pin(verify(db)));
