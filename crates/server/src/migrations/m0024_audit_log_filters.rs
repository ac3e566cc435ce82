//! The audit log's filters (operator, target) and the user page's
//! entries about a user: indexes on the target and on the operator,
//! each with the time the log is ordered by.

use onyx_store::migration::columns::index;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        index(m, "audit_log", &["target", "created_at"]).await?;
        index(m, "audit_log", &["actor_id", "created_at"]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for name in [
            "ix_audit_log_actor_id_created_at",
            "ix_audit_log_target_created_at",
        ] {
            m.drop_index(
                Index::drop()
                    .name(name)
                    .table(Alias::new("audit_log"))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
