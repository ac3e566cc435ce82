//! The futures' migrations, in the server's one ordered list.

use sea_orm_migration::MigrationTrait;

mod m0015_futures;
mod m0016_futures_orders;
mod m0020_futures_portfolios;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![
        Box::new(m0015_futures::Migration),
        Box::new(m0016_futures_orders::Migration),
        Box::new(m0020_futures_portfolios::Migration),
    ]
}
