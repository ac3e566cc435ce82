//! Accounts, sessions, codes, outbox, KYC, files, settings, content,
//! messages, operators and the audit log.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{id, index, time, time_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("users")
                .col(id("id"))
                .col(string_null("username").unique_key())
                .col(string_null("email").unique_key())
                .col(string_null("phone").unique_key())
                .col(string("password_hash"))
                .col(string_null("trade_password_hash"))
                .col(string("invite_code").unique_key())
                .col(big_integer_null("parent_id"))
                .col(string("credits"))
                .col(string("status"))
                .col(string_null("frozen_reason"))
                .col(integer("failed_logins").default(0))
                .col(time_null("locked_until"))
                .col(string("register_lang"))
                .col(string("register_ip"))
                .col(time("created_at"))
                .col(time("updated_at"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("sessions")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(string("token_hash").unique_key())
                .col(string("kind"))
                .col(time("created_at"))
                .col(time("expires_at"))
                .col(string("ip"))
                .col(string("user_agent"))
                .to_owned(),
        )
        .await?;
        index(m, "sessions", &["user_id"]).await?;

        m.create_table(
            Table::create()
                .table("verification_codes")
                .col(id("id"))
                .col(string("channel"))
                .col(string("target"))
                .col(string("purpose"))
                .col(string("code_hash"))
                .col(big_integer_null("user_id"))
                .col(integer("attempts").default(0))
                .col(time("created_at"))
                .col(time("expires_at"))
                .col(time_null("consumed_at"))
                .to_owned(),
        )
        .await?;
        index(m, "verification_codes", &["target"]).await?;

        m.create_table(
            Table::create()
                .table("outbox")
                .col(id("id"))
                .col(string("channel"))
                .col(string("target"))
                .col(string("subject"))
                .col(text("body"))
                .col(string_null("code"))
                .col(string("purpose"))
                .col(string("status"))
                .col(string_null("error"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        index(m, "outbox", &["target"]).await?;

        m.create_table(
            Table::create()
                .table("withdraw_addresses")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(string("network"))
                .col(string("address"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        index(m, "withdraw_addresses", &["user_id"]).await?;

        m.create_table(
            Table::create()
                .table("files")
                .col(string("id").primary_key())
                .col(big_integer("user_id"))
                .col(string("file_name"))
                .col(string("mime"))
                .col(big_integer("size"))
                .col(string("storage_key"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        index(m, "files", &["user_id"]).await?;

        m.create_table(
            Table::create()
                .table("kyc_submissions")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(integer("tier"))
                .col(string("real_name"))
                .col(string("id_number"))
                .col(string("country"))
                .col(string("front_file"))
                .col(string_null("back_file"))
                .col(string_null("hand_file"))
                .col(string("status"))
                .col(string_null("reason"))
                .col(big_integer_null("reviewed_by"))
                .col(time_null("reviewed_at"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        index(m, "kyc_submissions", &["user_id"]).await?;
        index(m, "kyc_submissions", &["status"]).await?;

        m.create_table(
            Table::create()
                .table("settings")
                .col(string("key").primary_key())
                .col(text("value"))
                .col(time("updated_at"))
                .col(big_integer_null("updated_by"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("content_items")
                .col(id("id"))
                .col(string("kind"))
                .col(string("key"))
                .col(string_null("model_key"))
                .col(big_integer_null("parent_id"))
                .col(integer("sort").default(0))
                .col(boolean("published").default(true))
                .col(time("created_at"))
                .col(time("updated_at"))
                .to_owned(),
        )
        .await?;
        index(m, "content_items", &["kind"]).await?;

        m.create_table(
            Table::create()
                .table("content_translations")
                .col(id("id"))
                .col(big_integer("item_id"))
                .col(string("lang"))
                .col(string("title"))
                .col(text("content"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ux_content_translations_item_lang")
                .table("content_translations")
                .col("item_id")
                .col("lang")
                .unique()
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("messages")
                .col(id("id"))
                .col(big_integer("user_id"))
                .col(string("title"))
                .col(text("content"))
                .col(time_null("read_at"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        index(m, "messages", &["user_id"]).await?;

        m.create_table(
            Table::create()
                .table("admins")
                .col(id("id"))
                .col(string("username").unique_key())
                .col(string("password_hash"))
                .col(string("role"))
                .col(string("status"))
                .col(integer("failed_logins").default(0))
                .col(time_null("locked_until"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("admin_sessions")
                .col(id("id"))
                .col(big_integer("admin_id"))
                .col(string("token_hash").unique_key())
                .col(time("created_at"))
                .col(time("expires_at"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("audit_log")
                .col(id("id"))
                .col(string("actor_kind"))
                .col(big_integer_null("actor_id"))
                .col(string("actor_name"))
                .col(string("action"))
                .col(string("target"))
                .col(text("reason"))
                .col(text("detail"))
                .col(time("created_at"))
                .to_owned(),
        )
        .await?;
        index(m, "audit_log", &["created_at"]).await?;
        Ok(())
    }

    async fn down(&self, _m: &SchemaManager) -> Result<(), DbErr> {
        Err(DbErr::Migration(
            "the foundation schema is not reversible: restore a backup instead".into(),
        ))
    }
}
