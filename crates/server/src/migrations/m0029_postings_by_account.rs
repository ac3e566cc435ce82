//! A user's postings are found through their accounts (m0027's indexes on
//! either side's account), like a house account's: the two indexes on the
//! postings' user columns went. Every posting written paid for both, and
//! the ledger's hottest writes (a lead's copies, a liquidation sweep) write
//! thousands at a time.

use onyx_store::migration::columns::{drop_index, index};
use sea_orm_migration::prelude::*;

const DROPPED: [[&str; 2]; 2] = [["from_user_id", "id"], ["to_user_id", "id"]];

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for cols in DROPPED {
            drop_index(m, "ledger_postings", &cols).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for cols in DROPPED {
            index(m, "ledger_postings", &cols).await?;
        }
        Ok(())
    }
}
