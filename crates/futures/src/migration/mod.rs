//! The futures' migrations, in the server's one ordered list.

use sea_orm_migration::MigrationTrait;

mod m0015_futures;
mod m0016_futures_orders;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![
        Box::new(m0015_futures::Migration),
        Box::new(m0016_futures_orders::Migration),
    ]
}
