//! Column shapes and index helpers every migration uses, so a surrogate key,
//! a timestamp or an index name is declared the same way in each table. Changing one changes only future
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

/// A plain index named `ix_{table}_{cols}`.
pub async fn index(m: &SchemaManager<'_>, table: &str, cols: &[&str]) -> Result<(), DbErr> {
    create_index(m, table, cols, false).await
}

/// A unique index named `ux_{table}_{cols}`.
pub async fn unique(m: &SchemaManager<'_>, table: &str, cols: &[&str]) -> Result<(), DbErr> {
    create_index(m, table, cols, true).await
}

/// Drops the index [`index`] made on these columns.
pub async fn drop_index(m: &SchemaManager<'_>, table: &str, cols: &[&str]) -> Result<(), DbErr> {
    m.drop_index(
        Index::drop()
            .name(format!("ix_{table}_{}", cols.join("_")))
            .table(Alias::new(table))
            .to_owned(),
    )
    .await
}

async fn create_index(
    m: &SchemaManager<'_>,
    table: &str,
    cols: &[&str],
    unique: bool,
) -> Result<(), DbErr> {
    let prefix = if unique { "ux" } else { "ix" };
    let mut stmt = Index::create();
    stmt.name(format!("{prefix}_{table}_{}", cols.join("_")))
        .table(Alias::new(table));
    for col in cols {
        stmt.col(Alias::new(*col));
    }
    if unique {
        stmt.unique();
    }
    m.create_index(stmt.to_owned()).await
}
