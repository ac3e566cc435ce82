//! The futures' migrations, in the server's one ordered list.

use sea_orm_migration::MigrationTrait;

mod m0015_futures;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![Box::new(m0015_futures::Migration)]
}
