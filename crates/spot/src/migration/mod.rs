//! The spot product's migrations after the baseline, collected by the
//! server's migrator after the wallet's.

use sea_orm_migration::MigrationTrait;

mod m0009_maker_depth;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![Box::new(m0009_maker_depth::Migration)]
}
