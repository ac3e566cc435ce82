//! The welfare centre: tasks an operator defines, the sign-in calendar's
//! rewards by consecutive day, and every reward claimed (unique per user
//! and task or day, so a reward is paid once).

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
                .table("welfare_tasks")
                .col(id("id"))
                .col(text("kind"))
                .col(text("title"))
                .col(text("description"))
                .col(text("threshold"))
                .col(text("reward_amount"))
                .col(text("reward_coin"))
                .col(int("status"))
                .col(int("sort"))
                .col(big("created_at"))
                .col(big("updated_at"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("welfare_sign_in_days")
                .col(id("id"))
                .col(int("day"))
                .col(text("amount"))
                .col(text("coin"))
                .to_owned(),
        )
        .await?;
        unique(m, "welfare_sign_in_days", &["day"]).await?;
        m.create_table(
            Table::create()
                .table("welfare_claims")
                .col(id("id"))
                .col(big("user_id"))
                .col(text("kind"))
                .col(ColumnDef::new(Alias::new("task_id")).big_integer().null())
                .col(ColumnDef::new(Alias::new("day")).big_integer().null())
                .col(text("claim_key"))
                .col(text("title"))
                .col(text("amount"))
                .col(text("coin"))
                .col(big("tx_id"))
                .col(big("created_at"))
                .to_owned(),
        )
        .await?;
        unique(m, "welfare_claims", &["user_id", "claim_key"]).await?;
        index(m, "welfare_claims", &["user_id", "kind", "day"]).await?;
        Ok(())
    }
}
