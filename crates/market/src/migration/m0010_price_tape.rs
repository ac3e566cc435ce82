//! The price tape: one row per coin and second, the last index tick of
//! that second (see `tape`), written once the second has ended.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("index_ticks")
                .col(ColumnDef::new("coin").string().not_null())
                .col(ColumnDef::new("second").big_integer().not_null())
                .col(ColumnDef::new("price").text().not_null())
                .col(ColumnDef::new("ts_ms").big_integer().not_null())
                .col(ColumnDef::new("source").string().not_null())
                .primary_key(Index::create().col("coin").col("second"))
                .to_owned(),
        )
        .await?;
        // Pruning by age walks the seconds of every coin.
        m.create_index(
            Index::create()
                .name("ix_index_ticks_second")
                .table("index_ticks")
                .col("second")
                .to_owned(),
        )
        .await
    }
}
