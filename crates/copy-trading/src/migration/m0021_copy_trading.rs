//! Lead traders, follows with their high-water marks, the copied
//! positions and what each lead position's copies did: settled with the
//! lead, or skipped with a reason.

use onyx_store::migration::columns::{id, index, unique};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn text(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .text()
        .not_null()
        .to_owned()
}

fn text_null(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name)).text().null().to_owned()
}

fn big(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .big_integer()
        .not_null()
        .to_owned()
}

fn big_null(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .big_integer()
        .null()
        .to_owned()
}

fn int(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .integer()
        .not_null()
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("copy_traders")
                .col(id("id"))
                .col(big("user_id"))
                .col(text("name"))
                .col(text("avatar"))
                .col(text("bio"))
                .col(int("status"))
                .col(text_null("reason"))
                .col(int("order_delay_s"))
                .col(big("created_at"))
                .col(big_null("reviewed_at"))
                .col(big("updated_at"))
                .to_owned(),
        )
        .await?;
        unique(m, "copy_traders", &["user_id"]).await?;
        index(m, "copy_traders", &["status"]).await?;
        m.create_table(
            Table::create()
                .table("copy_follows")
                .col(id("id"))
                .col(big("trader_id"))
                .col(big("user_id"))
                .col(int("follow_type"))
                .col(text("follow_rate"))
                .col(text("follow_amount"))
                .col(text("symbols"))
                .col(text_null("budget"))
                .col(text_null("stop_loss_rate"))
                .col(text("status"))
                .col(text_null("stop_reason"))
                .col(text("net"))
                .col(text("hwm"))
                .col(text("shared"))
                .col(big("created_at"))
                .col(big("updated_at"))
                .col(big_null("stopped_at"))
                .to_owned(),
        )
        .await?;
        unique(m, "copy_follows", &["trader_id", "user_id"]).await?;
        index(m, "copy_follows", &["trader_id", "status"]).await?;
        index(m, "copy_follows", &["user_id", "status"]).await?;
        m.create_table(
            Table::create()
                .table("copy_positions")
                .col(
                    ColumnDef::new("position_id")
                        .big_integer()
                        .not_null()
                        .primary_key()
                        .to_owned(),
                )
                .col(big("follow_id"))
                .col(big("trader_id"))
                .col(big("user_id"))
                .col(big("lead_position_id"))
                .col(big("created_at"))
                .to_owned(),
        )
        .await?;
        index(m, "copy_positions", &["lead_position_id"]).await?;
        index(m, "copy_positions", &["follow_id"]).await?;
        index(m, "copy_positions", &["user_id", "position_id"]).await?;
        m.create_table(
            Table::create()
                .table("copy_settlements")
                .col(id("id"))
                .col(big("follow_id"))
                .col(big("position_id"))
                .col(big("user_id"))
                .col(big("trader_user_id"))
                .col(text("delta"))
                .col(text("margin"))
                .col(text("net_before"))
                .col(text("hwm_before"))
                .col(text("net_after"))
                .col(text("hwm_after"))
                .col(text("rate"))
                .col(text("share"))
                .col(big("tx_id"))
                .col(big("at"))
                .to_owned(),
        )
        .await?;
        index(m, "copy_settlements", &["follow_id", "id"]).await?;
        index(m, "copy_settlements", &["position_id"]).await?;
        index(m, "copy_settlements", &["trader_user_id", "at"]).await?;
        m.create_table(
            Table::create()
                .table("copy_skips")
                .col(id("id"))
                .col(big("follow_id"))
                .col(big("user_id"))
                .col(big("trader_id"))
                .col(big("lead_position_id"))
                .col(text("coin"))
                .col(text("side"))
                .col(text("reason"))
                .col(big("at"))
                .to_owned(),
        )
        .await?;
        index(m, "copy_skips", &["user_id", "id"]).await
    }
}
