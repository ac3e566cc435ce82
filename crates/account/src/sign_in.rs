//! Sessions: signing in (under the lockout), the remembered device and
//! its rotation, signing out. An ended session stays in the table with
//! its end and reason (`sessions::end`), as the account's history.
//! Front-ends hand over the caller's address and user agent as a
//! [`Device`]; cookies and headers stay theirs.

use chrono::{Duration, Utc};
use onyx_kernel::identity;
use onyx_kernel::{ErrorCode, Outcome};
use onyx_platform::credentials::{new_token, token_hash, verify_or_dummy};
use onyx_platform::limits::Action;
use onyx_platform::lockout::{self, Attempt, Scope};
use onyx_platform::Context;
use onyx_store::entity::session::EndReason;
use onyx_store::entity::user::{self, UserStatus};
use onyx_store::repo::{sessions, settings, users};
use serde::Deserialize;
use serde_json::Value;
use std::net::IpAddr;
use utoipa::ToSchema;

/// How an account is identified: by name, email or phone.
#[derive(Deserialize, ToSchema, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum AccountType {
    Account,
    Email,
    Phone,
}

impl AccountType {
    /// The LOGIN_REGIS_SETTING switch that opens this type.
    pub fn open_flag(self) -> &'static str {
        match self {
            AccountType::Account => "ordinaryIsOpen",
            AccountType::Email => "emailIsOpen",
            AccountType::Phone => "phoneIsOpen",
        }
    }

    /// The LOGIN_REGIS_SETTING switch that asks for a code at registration.
    pub fn code_flag(self) -> &'static str {
        match self {
            AccountType::Account => "accountCode",
            AccountType::Email => "emailCode",
            AccountType::Phone => "phoneCode",
        }
    }
}

/// Where a session starts from, kept with it for the user's device list
/// and the audit of a sign-in.
#[derive(Clone, Debug)]
pub struct Device {
    pub ip: IpAddr,
    /// At most 200 characters are kept.
    pub user_agent: String,
}

/// The operators' sign-in and registration switches.
pub async fn login_setting(ctx: &Context) -> Outcome<Value> {
    Ok(settings::get(&ctx.db, "LOGIN_REGIS_SETTING").await?)
}

/// A boolean switch of a setting; absent or mistyped reads as off.
pub fn flag(setting: &Value, key: &str) -> bool {
    setting.get(key).and_then(Value::as_bool) == Some(true)
}

/// Starts a session (`sessions::KIND_SESSION`) or a remembered device
/// (`KIND_REMEMBER`) and returns its token; only its hash is stored.
pub async fn start_session(
    ctx: &Context,
    user_id: i64,
    kind: &str,
    device: &Device,
) -> Outcome<String> {
    let lifetime = if kind == sessions::KIND_REMEMBER {
        Duration::days(ctx.config.remember_days)
    } else {
        Duration::hours(ctx.config.session_hours)
    };
    let (token, hash) = new_token();
    let user_agent: String = device.user_agent.chars().take(200).collect();
    sessions::create(
        &ctx.db,
        sessions::NewSession {
            user_id,
            token_hash: &hash,
            kind,
            expires_at: Utc::now() + lifetime,
            ip: &device.ip.to_string(),
            user_agent: &user_agent,
        },
    )
    .await?;
    Ok(token)
}

/// What signing in answers: the session token and, when asked for, the
/// remembered-device token.
pub struct SignedIn {
    pub session: String,
    pub remember: Option<String>,
}

/// Signs in. Wrong account and wrong password give the same answer, and an
/// identifier that names no account is counted and paused like one that
/// does.
pub async fn sign_in(
    ctx: &Context,
    device: &Device,
    kind: AccountType,
    identifier: &str,
    password: &str,
    remember: bool,
) -> Outcome<SignedIn> {
    ctx.limiter.check(Action::LoginIp, device.ip)?;
    let setting = login_setting(ctx).await?;
    if !flag(&setting, kind.open_flag()) {
        return Err(ErrorCode::LoginTypeClosed.into());
    }
    let (user, subject) = find_account(ctx, kind, identifier).await?;
    let mut attempt = Attempt::sign_in(Scope::User, subject, device.ip);
    attempt.refuse_if_locked(&ctx.db).await?;
    let hash = user.as_ref().map(|u| u.password_hash.as_str());
    let verified = verify_or_dummy(hash, password).await?;
    let Some(user) = user.filter(|_| verified) else {
        return Err(attempt.failed(&ctx.db, ErrorCode::LoginFailed).await?);
    };
    attempt.succeeded(&ctx.db).await?;
    if user.status != UserStatus::Active {
        return Err(ErrorCode::AccountFrozen.into());
    }
    let session = start_session(ctx, user.id, sessions::KIND_SESSION, device).await?;
    let remember = if remember {
        Some(start_session(ctx, user.id, sessions::KIND_REMEMBER, device).await?)
    } else {
        None
    };
    tracing::info!(
        user_id = user.id,
        remember = remember.is_some(),
        "signed in"
    );
    Ok(SignedIn { session, remember })
}

/// The account named by the identifier (a malformed identifier names
/// none), and the subject its failures count under: the account's, or the
/// identifier's own when it names no account.
async fn find_account(
    ctx: &Context,
    kind: AccountType,
    raw: &str,
) -> Outcome<(Option<user::Model>, String)> {
    let db = &ctx.db;
    let (parsed, label) = match kind {
        AccountType::Account => (identity::parse_username(raw), "account"),
        AccountType::Email => (identity::parse_email(raw), "email"),
        AccountType::Phone => (identity::parse_phone(raw), "phone"),
    };
    let user = match (&parsed, kind) {
        (Err(_), _) => None,
        (Ok(name), AccountType::Account) => users::find_by_username(db, name).await?,
        (Ok(email), AccountType::Email) => users::find_by_email(db, email).await?,
        (Ok(phone), AccountType::Phone) => users::find_by_phone(db, phone).await?,
    };
    let subject = match (&user, parsed) {
        (Some(u), _) => lockout::account_subject(Scope::User, u.id),
        (None, Ok(normal)) => lockout::unknown_subject(label, &normal),
        (None, Err(_)) => lockout::unknown_subject(label, raw),
    };
    Ok((user, subject))
}

/// Signs in from a remembered-device token and replaces it (rotation: a
/// stolen copy stops working once the owner comes back). Answers the new
/// session and the new remembered-device token. Of two uses of one token
/// at once, one wins; the other is told the token expired.
pub async fn restore(ctx: &Context, device: &Device, token: &str) -> Outcome<(String, String)> {
    let now = ctx.clock.now();
    let found =
        sessions::find_live(&ctx.db, &token_hash(token), sessions::KIND_REMEMBER, now).await?;
    let (old, user) = found.ok_or(ErrorCode::RememberExpired)?;
    let active = user.status == UserStatus::Active;
    let reason = if active {
        EndReason::Replaced
    } else {
        EndReason::Frozen
    };
    if !sessions::end(&ctx.db, old.id, reason, now).await? {
        return Err(ErrorCode::RememberExpired.into());
    }
    if !active {
        return Err(ErrorCode::AccountFrozen.into());
    }
    let remember = start_session(ctx, user.id, sessions::KIND_REMEMBER, device).await?;
    let session = start_session(ctx, user.id, sessions::KIND_SESSION, device).await?;
    Ok((session, remember))
}

/// Ends a session and, when the caller presents it, their remembered
/// device (only if it is theirs).
pub async fn sign_out(
    ctx: &Context,
    user_id: i64,
    session_id: i64,
    remember_token: Option<&str>,
) -> Outcome<()> {
    let now = ctx.clock.now();
    sessions::end(&ctx.db, session_id, EndReason::SignedOut, now).await?;
    ctx.sessions.end_session(session_id);
    if let Some(token) = remember_token {
        let found =
            sessions::find_live(&ctx.db, &token_hash(token), sessions::KIND_REMEMBER, now).await?;
        if let Some((remembered, _)) = found.filter(|(s, _)| s.user_id == user_id) {
            sessions::end(&ctx.db, remembered.id, EndReason::SignedOut, now).await?;
        }
    }
    Ok(())
}
