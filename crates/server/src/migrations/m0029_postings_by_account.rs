//! A user's postings are found through their accounts (m0027's indexes on
//! either side's account), like a house account's: the two indexes on the
//! postings' user columns went. Every posting written paid for both, and
//! the ledger's hottest writes (a lead's copies, a liquidation sweep) write
//! thousands at a time.

use onyx_store::migration::columns::index;
use sea_orm_migration::prelude::*;

const DROPPED: [(&str, &str); 2] = [
    ("ix_ledger_postings_from_user_id_id", "from_user_id"),
    ("ix_ledger_postings_to_user_id_id", "to_user_id"),
];

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (name, _) in DROPPED {
            m.drop_index(
                Index::drop()
                    .name(name)
                    .table(Alias::new("ledger_postings"))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (_, column) in DROPPED {
            index(m, "ledger_postings", &[column, "id"]).await?;
        }
        Ok(())
    }
}
