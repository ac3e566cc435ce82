//! `--demo`: on an empty database only, a demo user, an operator, demo
//! content in every language it is written in, and settings that open the
//! flows a newcomer wants to try.

use crate::state::AppState;
use onyx_store::repo::{admins, settings, users};
use serde_json::Value;

pub const DEMO_USER: &str = "demo";
pub const DEMO_PASSWORD: &str = "demo-pass-1";
pub const DEMO_INVITE_CODE: &str = "ONYXDEMO";
pub const DEMO_OPERATOR: &str = "admin";
pub const DEMO_OPERATOR_PASSWORD: &str = "admin-pass-1";

pub async fn seed_if_empty(state: &AppState) -> anyhow::Result<bool> {
    let db = &state.db;
    if users::count(db).await? > 0 || admins::count(db).await? > 0 {
        tracing::info!("database already has accounts: demo seed skipped");
        return Ok(false);
    }
    let credits = settings::get(db, "LOGIN_REGIS_SETTING").await?["credits"]
        .as_str()
        .unwrap_or("0")
        .to_string();
    let hash = crate::auth::hash_password(DEMO_PASSWORD)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let demo_user = users::create(
        db,
        users::NewUser {
            username: Some(DEMO_USER),
            email: None,
            phone: None,
            password_hash: &hash,
            invite_code: DEMO_INVITE_CODE,
            parent_id: None,
            credits: &credits,
            register_lang: "en",
            register_ip: "127.0.0.1",
        },
    )
    .await?;
    onyx_store::demo::seed_content(db).await?;
    onyx_store::demo::send_welcome(db, demo_user.id, "en").await?;
    crate::operators::create(db, DEMO_OPERATOR, DEMO_OPERATOR_PASSWORD, "owner").await?;

    // Open primary verification so the whole KYC flow can be tried.
    let mut auth = settings::get(db, "AUTH_LIMIT").await?;
    auth["isOpenPrimary"] = Value::Bool(true);
    settings::put(db, "AUTH_LIMIT", &auth, None).await?;

    tracing::info!(
        "demo seeded: user {DEMO_USER} / {DEMO_PASSWORD} (invite code {DEMO_INVITE_CODE}), operator {DEMO_OPERATOR} / {DEMO_OPERATOR_PASSWORD}"
    );
    Ok(true)
}
