//! Periods per option pair and orders. Every option pair starts with
//! published defaults near the venues' (decision 0022): 60 s paying 80 %,
//! 300 s and 600 s paying 85 %, entry closing 5 s before an issue ends, a
//! loss taking the whole stake, stakes of 5 to 5,000 USDT.

use onyx_store::migration::columns::{id, index, unique};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// (seconds, odds)
const DEFAULT_PERIODS: [(i32, &str); 3] = [(60, "0.8"), (300, "0.85"), (600, "0.85")];
const CUTOFF_SECONDS: i32 = 5;
const MIN: &str = "5";
const MAX: &str = "5000";
const EXPOSURE_CAP: &str = "100000";

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
                .table("option_periods")
                .col(id("id"))
                .col(big("option_id"))
                .col(int("period_seconds"))
                .col(int("cutoff_seconds"))
                .col(text("odds"))
                .col(text("min_amount"))
                .col(text("max_amount"))
                .col(int("status"))
                .col(int("full_loss"))
                .col(int("sort"))
                .col(text("exposure_cap"))
                .to_owned(),
        )
        .await?;
        unique(m, "option_periods", &["option_id", "period_seconds"]).await?;

        let mut orders = Table::create();
        orders
            .table("option_orders")
            .col(id("id"))
            .col(text("order_no"))
            .col(big("user_id"))
            .col(big("option_id"))
            .col(text("coin"))
            .col(text("symbol"))
            .col(big("period_id"))
            .col(int("period_seconds"))
            .col(big("issue_no"))
            .col(text("direction"))
            .col(text("stake"))
            .col(int("fee_type"))
            .col(text("fee_value"))
            .col(text("fee"))
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
            "fee_returned",
        ] {
            orders.col(ColumnDef::new(Alias::new(name)).text().null());
        }
        for name in ["close_tick_ms", "settle_tx_id", "settled_at"] {
            orders.col(ColumnDef::new(Alias::new(name)).big_integer().null());
        }
        orders.col(big("open_tx_id"));
        m.create_table(orders.to_owned()).await?;
        unique(m, "option_orders", &["order_no"]).await?;
        // The sweep: open orders by close. The user's lists and order gap.
        index(m, "option_orders", &["status", "close_at"]).await?;
        index(m, "option_orders", &["user_id", "status", "id"]).await?;

        let db = m.get_connection();
        let select = Query::select()
            .column(Alias::new("id"))
            .from(Alias::new("option_pairs"))
            .to_owned();
        let pairs = db
            .query_all(db.get_database_backend().build(&select))
            .await?;
        for row in pairs {
            let option_id: i64 = row.try_get("", "id")?;
            for (sort, (seconds, odds)) in DEFAULT_PERIODS.iter().enumerate() {
                let insert = Query::insert()
                    .into_table(Alias::new("option_periods"))
                    .columns(
                        [
                            "option_id",
                            "period_seconds",
                            "cutoff_seconds",
                            "odds",
                            "min_amount",
                            "max_amount",
                            "status",
                            "full_loss",
                            "sort",
                            "exposure_cap",
                        ]
                        .map(Alias::new),
                    )
                    .values_panic([
                        option_id.into(),
                        (*seconds).into(),
                        CUTOFF_SECONDS.into(),
                        (*odds).into(),
                        MIN.into(),
                        MAX.into(),
                        1.into(),
                        1.into(),
                        (sort as i32).into(),
                        EXPOSURE_CAP.into(),
                    ])
                    .to_owned();
                m.exec_stmt(insert).await?;
            }
        }
        Ok(())
    }
}
