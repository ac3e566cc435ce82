//! Remembered-device families: each remembered-device token a restore
//! issues, and the session it comes with, carry the id of the token first
//! issued at sign-in (`family_id`; that one's own is null). A spent token
//! presented again means someone holds a copy, so every live row of its
//! family is ended; the index finds them.

use onyx_store::migration::columns::{drop_index, index};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::big_integer_null;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("sessions")
                .add_column(big_integer_null("family_id"))
                .to_owned(),
        )
        .await?;
        index(m, "sessions", &["family_id"]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_index(m, "sessions", &["family_id"]).await?;
        m.alter_table(
            Table::alter()
                .table("sessions")
                .drop_column(Alias::new("family_id"))
                .to_owned(),
        )
        .await
    }
}
