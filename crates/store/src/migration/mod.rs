//! Schema migrations, written with sea-query so one definition produces the
//! right DDL for SQLite and PostgreSQL alike.

use sea_orm_migration::prelude::*;

pub mod columns;
mod m0001_foundation;
mod m0002_market;
mod m0003_catalogue;
mod m0004_wallet;
mod m0005_spot;
mod m0006_codes_and_lockout;
mod m0007_claims_and_secrets;
pub mod m0022_operator_totp;
pub mod m0030_sign_in_challenges;

/// The baseline only: what every database has run before products kept
/// their own migrations. The server's migrator runs these, then each
/// product's, in one ordered list.
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        baseline()
    }
}

/// m0001..m0007, in order.
pub fn baseline() -> Vec<Box<dyn MigrationTrait>> {
    vec![
        Box::new(m0001_foundation::Migration),
        Box::new(m0002_market::Migration),
        Box::new(m0003_catalogue::Migration),
        Box::new(m0004_wallet::Migration),
        Box::new(m0005_spot::Migration),
        Box::new(m0006_codes_and_lockout::Migration),
        Box::new(m0007_claims_and_secrets::Migration),
    ]
}
