//! The earn products' migrations, in the server's one ordered list.

use sea_orm_migration::MigrationTrait;

mod m0017_earn;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![Box::new(m0017_earn::Migration)]
}
