//! The options' migrations, collected by the server's migrator in the one
//! ordered list.

use sea_orm_migration::MigrationTrait;

mod m0014_options;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![Box::new(m0014_options::Migration)]
}
