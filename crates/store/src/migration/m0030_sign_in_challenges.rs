//! Sign-in challenges (decision 0011-lockout): while failures from many
//! addresses slow an account, an account with no second factor signs in
//! with a proof of work on a challenge the server issued. Each row is one
//! issued challenge, bound to the account it was asked for; it is deleted
//! when a sign-in uses it (so it works once) and pruned once expired.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{id, index, time, unique};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLE: &str = "sign_in_challenges";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(TABLE)
                .col(id("id"))
                // 32 random bytes, hex: what the client hashes with its nonce
                .col(string("challenge"))
                // `user` or `admin`, as in login_failures
                .col(string("scope"))
                // the login_failures subject the challenge was asked for
                .col(string("subject"))
                // leading zero bits the hash must have
                .col(integer("difficulty"))
                .col(time("expires_at"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        unique(m, TABLE, &["challenge"]).await?;
        index(m, TABLE, &["expires_at"]).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(TABLE).to_owned()).await
    }
}
