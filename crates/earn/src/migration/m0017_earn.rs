//! Finance and staking products, their published daily rates, the users'
//! orders and one accrual row per order and day (unique, so a day is never
//! paid twice whatever restarts in between).

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

fn big(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .big_integer()
        .not_null()
        .to_owned()
}

fn int(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .integer()
        .not_null()
        .to_owned()
}

fn text_null(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name)).text().null().to_owned()
}

fn big_null(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .big_integer()
        .null()
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut products = Table::create();
        products
            .table("earn_products")
            .col(id("id"))
            .col(text("kind"));
        for t in ["title", "intro", "problem", "icon", "coin", "terms"] {
            products.col(text(t));
        }
        products
            .col(int("classify"))
            .col(text("limit_min"))
            .col(text("limit_max"))
            .col(int("time_limit"))
            .col(text("total_cap"))
            .col(int("level"))
            .col(text("early_rule"))
            .col(text("penalty"))
            .col(int("settlement_type"))
            .col(int("auto_renew"))
            .col(int("status"))
            .col(int("sort"))
            .col(int("is_hot"))
            .col(big("created_at"))
            .col(big("updated_at"));
        m.create_table(products.to_owned()).await?;
        index(m, "earn_products", &["kind", "status"]).await?;

        m.create_table(
            Table::create()
                .table("earn_rates")
                .col(id("id"))
                .col(big("product_id"))
                .col(big("from_day"))
                .col(text("rate"))
                .col(big("published_at"))
                .col(text("published_by"))
                .to_owned(),
        )
        .await?;
        unique(m, "earn_rates", &["product_id", "from_day"]).await?;

        let mut orders = Table::create();
        orders
            .table("earn_orders")
            .col(id("id"))
            .col(text("order_no"))
            .col(text("kind"))
            .col(big("user_id"))
            .col(big("product_id"))
            .col(text("coin"))
            .col(text("amount"))
            .col(int("days"))
            .col(text_null("apr"))
            .col(big("start_day"))
            .col(big("end_day"))
            .col(int("settlement_type"))
            .col(int("auto_renew"))
            .col(text("early_rule"))
            .col(text("penalty_rate"))
            .col(text("reserved"))
            .col(text("accrued"))
            .col(text("paid"))
            .col(big("last_day"))
            .col(int("status"))
            .col(text("penalty"))
            .col(text("forfeited"))
            .col(big("created_at"))
            .col(big_null("settled_at"))
            .col(big_null("renewed_from"))
            .col(big("subscribe_tx"))
            .col(big_null("settle_tx"));
        m.create_table(orders.to_owned()).await?;
        unique(m, "earn_orders", &["order_no"]).await?;
        // The sweep: earning orders by the last day they accrued.
        index(m, "earn_orders", &["status", "last_day"]).await?;
        index(m, "earn_orders", &["user_id", "kind", "id"]).await?;
        index(m, "earn_orders", &["product_id", "user_id"]).await?;

        m.create_table(
            Table::create()
                .table("earn_accruals")
                .col(id("id"))
                .col(big("order_id"))
                .col(big("user_id"))
                .col(text("kind"))
                .col(big("day"))
                .col(text("rate"))
                .col(text("amount"))
                .col(int("paid"))
                .col(big("tx_id"))
                .col(big("created_at"))
                .to_owned(),
        )
        .await?;
        unique(m, "earn_accruals", &["order_id", "day"]).await?;
        // What earning orders of a coin still await, kept with every
        // change so a subscription's check does not read every order.
        m.create_table(
            Table::create()
                .table("earn_reserves")
                .col(
                    ColumnDef::new(Alias::new("coin"))
                        .text()
                        .not_null()
                        .primary_key(),
                )
                .col(text("awaited"))
                .col(big("updated_at"))
                .to_owned(),
        )
        .await?;
        index(m, "earn_accruals", &["user_id", "created_at"]).await?;
        Ok(())
    }
}
