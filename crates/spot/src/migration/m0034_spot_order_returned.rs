//! What a finished order gave back: the part of its hold released to the
//! user's available balance when it filled, was cancelled or expired (a
//! market buy by total spends less than its total; a limit buy filled at a
//! better price). Null until the order is done, and for orders finished
//! before this column existed: their release is only in the ledger.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("spot_orders")
                .add_column(ColumnDef::new(Alias::new("returned")).string().null())
                .to_owned(),
        )
        .await
    }
}
