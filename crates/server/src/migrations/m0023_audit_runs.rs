//! The operator console's tables: every audit run (from the API or
//! `onyx audit`) with its result and report, and the fee totals the
//! dashboard reads (per UTC day and all-time, per product and asset),
//! folded from the ledger's fee postings. Plus the indexes the dashboard's
//! counts need: fee postings by kind after a posting id, users by sign-up
//! time, deposits and withdrawals by status and review time.

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

fn big_null(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .big_integer()
        .null()
        .to_owned()
}

fn flag(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
        .boolean()
        .not_null()
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("audit_runs")
                .col(id("id"))
                .col(flag("ok"))
                .col(flag("ledger_ok"))
                .col(flag("holds_ok"))
                // Null when the run did not recompute settlements
                // (`onyx audit` does not; the API's run does).
                .col(
                    ColumnDef::new(Alias::new("settlements_ok"))
                        .boolean()
                        .null()
                        .to_owned(),
                )
                .col(text("headline"))
                .col(text("summary"))
                // Null for `onyx audit` (operator name "cli").
                .col(big_null("operator_id"))
                .col(text("operator_name"))
                .col(text("reason"))
                .col(big("elapsed_ms"))
                .col(big("created_at"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("fee_totals")
                .col(id("id"))
                // UTC day start in ms, or -1 for the all-time total.
                .col(big("day_ms"))
                .col(text("product"))
                .col(text("asset"))
                // Decimal text: fees taken less fees given back.
                .col(text("amount"))
                .col(big("updated_at"))
                .to_owned(),
        )
        .await?;
        unique(m, "fee_totals", &["day_ms", "product", "asset"]).await?;
        index(m, "ledger_postings", &["kind", "id"]).await?;
        index(m, "users", &["created_at"]).await?;
        index(m, "deposits", &["status", "reviewed_at"]).await?;
        index(m, "withdrawals", &["status", "reviewed_at"]).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (table, name) in [
            ("withdrawals", "ix_withdrawals_status_reviewed_at"),
            ("deposits", "ix_deposits_status_reviewed_at"),
            ("users", "ix_users_created_at"),
            ("ledger_postings", "ix_ledger_postings_kind_id"),
        ] {
            m.drop_index(Index::drop().name(name).table(Alias::new(table)).to_owned())
                .await?;
        }
        for table in ["fee_totals", "audit_runs"] {
            m.drop_table(Table::drop().table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}
