//! Copy trading's migrations, in the server's one ordered list.

use sea_orm_migration::MigrationTrait;

mod m0021_copy_trading;

pub fn migrations() -> Vec<Box<dyn MigrationTrait>> {
    vec![Box::new(m0021_copy_trading::Migration)]
}
