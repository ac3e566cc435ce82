//! The wallet's migrations after the baseline, collected by the server's
//! migrator after the store's.

use sea_orm_migration::MigrationTrait;

mod m0008_deposit_indexes;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![Box::new(m0008_deposit_indexes::Migration)]
}
