//! Periods per coin and orders. Every coin in the catalogue starts with the
//! published defaults: 30 s paying 12 %, 60 s 15 %, 300 s 20 %, a loss
//! taking the whole stake, stakes in USDT as the spec's sample rows.

use onyx_store::migration::columns::{id, index, unique};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// (seconds, odds, min, max)
const DEFAULT_PERIODS: [(i32, &str, &str, &str); 3] = [
    (30, "0.12", "1", "1000"),
    (60, "0.15", "100", "10000"),
    (300, "0.2", "500", "50000"),
];

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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("second_contract_periods")
                .col(id("id"))
                .col(big("coin_id"))
                .col(int("period_seconds"))
                .col(text("odds"))
                .col(text("min_amount"))
                .col(text("max_amount"))
                .col(int("status"))
                .col(int("full_loss"))
                .col(int("sort"))
                .to_owned(),
        )
        .await?;
        unique(m, "second_contract_periods", &["coin_id", "period_seconds"]).await?;

        let mut orders = Table::create();
        orders
            .table("second_contract_orders")
            .col(id("id"))
            .col(text("order_no"))
            .col(big("user_id"))
            .col(text("coin"))
            .col(text("symbol"))
            .col(text("base_symbol"))
            .col(big("period_id"))
            .col(int("period_seconds"))
            .col(text("direction"))
            .col(text("stake"))
            .col(text("odds"))
            .col(int("full_loss"))
            .col(text("open_price"))
            .col(big("open_tick_ms"))
            .col(text("open_source"))
            .col(big("opened_at"))
            .col(big("close_at"))
            .col(text("status"));
        for name in [
            "outcome",
            "close_price",
            "close_source",
            "returned",
            "winnings",
            "to_house",
        ] {
            orders.col(ColumnDef::new(Alias::new(name)).text().null());
        }
        for name in ["close_tick_ms", "settle_tx_id", "settled_at"] {
            orders.col(ColumnDef::new(Alias::new(name)).big_integer().null());
        }
        orders.col(big("open_tx_id"));
        m.create_table(orders.to_owned()).await?;
        unique(m, "second_contract_orders", &["order_no"]).await?;
        // The sweep: open orders by close time. The user's lists: newest first.
        index(m, "second_contract_orders", &["status", "close_at"]).await?;
        index(m, "second_contract_orders", &["user_id", "status", "id"]).await?;

        let db = m.get_connection();
        let select = Query::select()
            .column(Alias::new("id"))
            .from(Alias::new("coins"))
            .to_owned();
        let coins = db
            .query_all(db.get_database_backend().build(&select))
            .await?;
        for row in coins {
            let coin_id: i64 = row.try_get("", "id")?;
            for (sort, (seconds, odds, min, max)) in DEFAULT_PERIODS.iter().enumerate() {
                let insert = Query::insert()
                    .into_table(Alias::new("second_contract_periods"))
                    .columns(
                        [
                            "coin_id",
                            "period_seconds",
                            "odds",
                            "min_amount",
                            "max_amount",
                            "status",
                            "full_loss",
                            "sort",
                        ]
                        .map(Alias::new),
                    )
                    .values_panic([
                        coin_id.into(),
                        (*seconds).into(),
                        (*odds).into(),
                        (*min).into(),
                        (*max).into(),
                        1.into(),
                        1.into(),
                        (sort as i32).into(),
                    ])
                    .to_owned();
                m.exec_stmt(insert).await?;
            }
        }
        Ok(())
    }
}
