//! The market's migrations after the baseline, collected by the server's
//! migrator in the one ordered list.

use sea_orm_migration::MigrationTrait;

mod m0010_price_tape;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![Box::new(m0010_price_tape::Migration)]
}
