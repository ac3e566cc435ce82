//! The second contracts' migrations after the baseline, collected by the
//! server's migrator in the one ordered list.

use sea_orm_migration::MigrationTrait;

mod m0011_second_contracts;
mod m0012_disclosure_consents;
pub mod m0013_contract_limits;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![
        Box::new(m0011_second_contracts::Migration),
        Box::new(m0012_disclosure_consents::Migration),
        Box::new(m0013_contract_limits::Migration),
    ]
}
