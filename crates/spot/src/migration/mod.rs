//! The spot product's migrations after the baseline, collected by the
//! server's migrator after the wallet's.

use sea_orm_migration::MigrationTrait;

mod m0009_maker_depth;
mod m0034_spot_order_returned;
mod m0034_spot_price_ticks;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![
        Box::new(m0009_maker_depth::Migration),
        Box::new(m0034_spot_order_returned::Migration),
        Box::new(m0034_spot_price_ticks::Migration),
    ]
}
