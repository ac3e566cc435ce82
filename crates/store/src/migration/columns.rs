//! Column shapes every migration uses, so a surrogate key or a timestamp is
//! declared the same way in each table. Changing one changes only future
//! migrations' DDL: existing databases keep what they were created with.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

/// A 64-bit auto-increment primary key (INTEGER PRIMARY KEY on SQLite,
/// BIGSERIAL on PostgreSQL).
pub fn id(name: impl IntoIden) -> ColumnDef {
    ColumnDef::new(name)
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

pub fn time(name: impl IntoIden) -> ColumnDef {
    timestamp_with_time_zone(name)
}

pub fn time_null(name: impl IntoIden) -> ColumnDef {
    timestamp_with_time_zone_null(name)
}
