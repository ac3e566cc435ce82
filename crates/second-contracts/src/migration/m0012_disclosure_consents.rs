//! What each user acknowledged before their first second contract: the
//! disclosure's version and when.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("product_disclosures")
                .col(ColumnDef::new("user_id").big_integer().not_null())
                .col(ColumnDef::new("product").string().not_null())
                .col(ColumnDef::new("version").integer().not_null())
                .col(ColumnDef::new("accepted_at").big_integer().not_null())
                .primary_key(Index::create().col("user_id").col("product"))
                .to_owned(),
        )
        .await
    }
}
