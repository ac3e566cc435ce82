//! One derivation index per user, unique both ways, so two first requests
//! for a deposit address can race without the ledger gate: the loser of
//! the race finds the unique index and tries again. Filled from the
//! indexes the addresses already use.

use onyx_store::migration::columns::{time, unique};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("deposit_indexes")
                .col(big_integer("user_id").primary_key())
                .col(big_integer("derivation_index"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        unique(m, "deposit_indexes", &["derivation_index"]).await?;
        let fill = Query::insert()
            .into_table("deposit_indexes")
            .columns(["user_id", "derivation_index", "created_at"])
            .select_from(
                Query::select()
                    .column("user_id")
                    .expr(Expr::col("derivation_index").min())
                    .expr(Expr::col("created_at").min())
                    .from("deposit_addresses")
                    .and_where(Expr::col("derivation_index").is_not_null())
                    .group_by_col("user_id")
                    .to_owned(),
            )
            .map_err(|e| DbErr::Migration(e.to_string()))?
            .to_owned();
        m.exec_stmt(fill).await
    }
}
