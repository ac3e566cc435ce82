//! Orders: every submit is an order row (a market order filled at once, a
//! limit order waiting with its margin and fee frozen until the mark
//! crosses its price), and a triggered limit take-profit or stop-loss
//! leaves a closing limit order behind. Stops gain their limit price and
//! a time of last change (the trigger index reads what changed).

use onyx_store::migration::columns::{id, index};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn text(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .text()
        .not_null()
        .to_owned()
}

fn big(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .big_integer()
        .not_null()
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("futures_orders")
                .col(id("id"))
                .col(big("user_id"))
                .col(big("contract_id"))
                .col(text("coin"))
                .col(text("symbol"))
                .col(text("side"))
                .col(text("kind"))
                .col(text("action"))
                .col(ColumnDef::new("leverage").integer().not_null().to_owned())
                .col(text("contracts"))
                .col(text("qty"))
                .col(ColumnDef::new("limit_price").text().null())
                .col(text("margin"))
                .col(text("fee"))
                .col(text("status"))
                .col(ColumnDef::new("reason").text().null())
                .col(ColumnDef::new("position_id").big_integer().null())
                .col(ColumnDef::new("stop_id").big_integer().null())
                .col(ColumnDef::new("deal_price").text().null())
                .col(big("created_at"))
                .col(big("updated_at"))
                .col(ColumnDef::new("dealt_at").big_integer().null())
                .to_owned(),
        )
        .await?;
        index(m, "futures_orders", &["status", "coin"]).await?;
        index(m, "futures_orders", &["user_id", "status", "id"]).await?;
        index(m, "futures_orders", &["updated_at"]).await?;
        m.alter_table(
            Table::alter()
                .table("futures_stops")
                .add_column(ColumnDef::new("limit_price").text().null())
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("futures_stops")
                .add_column(
                    ColumnDef::new("updated_at")
                        .big_integer()
                        .not_null()
                        .default(0),
                )
                .to_owned(),
        )
        .await?;
        index(m, "futures_stops", &["updated_at"]).await
    }
}
