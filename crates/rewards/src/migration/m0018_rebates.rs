//! Referral rebates: one row per source fee posting and level (unique, so
//! a fee is never rebated twice), the batches that credited them, and the
//! rebate sweep's place in the journal.

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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("rebate_batches")
                .col(id("id"))
                .col(big("from_posting"))
                .col(big("to_posting"))
                .col(big("tx_id"))
                .col(big("created_at"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("rebates")
                .col(id("id"))
                .col(big("batch_id"))
                .col(big("posting_id"))
                .col(int("level"))
                .col(big("source_user_id"))
                .col(big("inviter_id"))
                .col(text("product"))
                .col(text("coin"))
                .col(text("fee"))
                .col(text("ratio"))
                .col(text("amount"))
                .col(big("created_at"))
                .to_owned(),
        )
        .await?;
        unique(m, "rebates", &["posting_id", "level"]).await?;
        index(m, "rebates", &["inviter_id", "id"]).await?;
        index(m, "rebates", &["inviter_id", "source_user_id"]).await?;
        m.create_table(
            Table::create()
                .table("job_cursors")
                .col(
                    ColumnDef::new(Alias::new("job"))
                        .text()
                        .not_null()
                        .primary_key(),
                )
                .col(big("position"))
                .col(big("updated_at"))
                .to_owned(),
        )
        .await?;
        Ok(())
    }
}
