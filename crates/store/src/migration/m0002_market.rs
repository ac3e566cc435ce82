//! Market data: candles per coin and interval. Prices and volumes are
//! decimal strings (exact on both databases).

use sea_orm_migration::prelude::*;

use super::columns::id;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("candles")
                .col(id("id"))
                .col(string("coin"))
                .col(string("interval"))
                .col(big_integer("open_time"))
                .col(text("open"))
                .col(text("high"))
                .col(text("low"))
                .col(text("close"))
                .col(text("volume"))
                .col(text("quote_volume"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ux_candles_coin_interval_open_time")
                .table("candles")
                .col("coin")
                .col("interval")
                .col("open_time")
                .unique()
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("candles").to_owned())
            .await
    }
}
