//! The rewards' migrations, in the server's one ordered list.

use sea_orm_migration::MigrationTrait;

mod m0018_rebates;
mod m0019_welfare;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![
        Box::new(m0018_rebates::Migration),
        Box::new(m0019_welfare::Migration),
    ]
}
