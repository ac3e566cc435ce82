//! Portfolios: a position belongs to its owner's own account (0) or to one
//! of their copy portfolios (a follow's id), so a copied position never
//! merges with the follower's own on the same contract and side.

use onyx_store::migration::columns::index;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("futures_positions")
                .add_column(
                    ColumnDef::new("portfolio")
                        .big_integer()
                        .not_null()
                        .default(0),
                )
                .to_owned(),
        )
        .await?;
        index(m, "futures_positions", &["portfolio", "status"]).await
    }
}
