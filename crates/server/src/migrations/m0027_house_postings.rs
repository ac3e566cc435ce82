//! The house page's postings: a house account's postings found by the
//! account on either side, with the id the page orders by, instead of a
//! scan of the whole ledger (user postings have their own indexes on the
//! user's id until m0029 found them by account too).

use onyx_store::migration::columns::{drop_index, index};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        index(m, "ledger_postings", &["from_account_id", "id"]).await?;
        index(m, "ledger_postings", &["to_account_id", "id"]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for side in ["to_account_id", "from_account_id"] {
            drop_index(m, "ledger_postings", &[side, "id"]).await?;
        }
        Ok(())
    }
}
