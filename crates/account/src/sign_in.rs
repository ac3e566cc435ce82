//! Sessions: signing in (under the lockout), the remembered device and
//! its rotation, signing out. An ended session stays in the table with
//! its end and reason (`sessions::end`), as the account's history.
//! Front-ends hand over the caller's address and user agent as a
//! [`Device`]; cookies and headers stay theirs.

use chrono::{Duration, Utc};
use onyx_kernel::identity::{self, CodePurpose};
use onyx_kernel::{ErrorCode, Outcome};
use onyx_platform::codes;
use onyx_platform::credentials::{new_token, token_hash, verify_or_dummy};
use onyx_platform::limits::Action;
use onyx_platform::lockout::{self, Attempt, Challenge, Scope};
use onyx_platform::notify::Channel;
use onyx_platform::Context;
use onyx_store::entity::session::{EndReason, SessionKind};
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
    kind: SessionKind,
    device: &Device,
) -> Outcome<String> {
    start_in_family(ctx, user_id, kind, device, None).await
}

/// [`start_session`], in remembered-device family `family` (see
/// [`restore`]).
async fn start_in_family(
    ctx: &Context,
    user_id: i64,
    kind: SessionKind,
    device: &Device,
    family: Option<i64>,
) -> Outcome<String> {
    let lifetime = if kind == sessions::KIND_REMEMBER {
        Duration::days(ctx.config.remember_days)
    } else {
        Duration::hours(ctx.config.session_hours)
    };
    let (token, hash) = new_token();
    let user_agent: String = device.user_agent.chars().take(200).collect();
    let now = ctx.clock.now();
    sessions::create_in_family(
        &ctx.db,
        sessions::NewSession {
            user_id,
            token_hash: &hash,
            kind,
            expires_at: now + lifetime,
            ip: &device.ip.to_string(),
            user_agent: &user_agent,
            now,
        },
        family,
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

/// What a sign-in brings besides the password, asked for only while the
/// account is slowed (decision 0011-lockout): a code sent to the bound
/// email or phone (`sendUnlockCode`), or a solved challenge
/// (`loginChallenge`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Proof<'a> {
    pub code: Option<&'a str>,
    /// Where the code went; the bound email, else the bound phone, when
    /// not said.
    pub code_channel: Option<Channel>,
    pub challenge: Option<&'a str>,
    pub nonce: Option<&'a str>,
}

/// Signs in. Wrong account and wrong password give the same answer, and an
/// identifier that names no account is counted and paused like one that
/// does. While failures from many addresses slow the account, the
/// password is checked only after a proof: the code when the account has
/// an email or phone bound (`-1019` without one), else a solved challenge
/// (`-1026`); an identifier naming no account asks for what an account of
/// its kind would (a code for an email or phone, a challenge for a name).
pub async fn sign_in(
    ctx: &Context,
    device: &Device,
    kind: AccountType,
    identifier: &str,
    password: &str,
    remember: bool,
    proof: Proof<'_>,
) -> Outcome<SignedIn> {
    ctx.limiter.check(Action::LoginIp, device.ip)?;
    let setting = login_setting(ctx).await?;
    if !flag(&setting, kind.open_flag()) {
        return Err(ErrorCode::LoginTypeClosed.into());
    }
    let (user, subject) = find_account(ctx, kind, identifier).await?;
    let mut attempt = Attempt::sign_in(Scope::User, subject, device.ip);
    attempt.refuse_if_locked(ctx).await?;
    if attempt.slowed() {
        match code_targets(kind, identifier, user.as_ref()) {
            Some(targets) => {
                let code = proof.code.map(str::trim).filter(|c| !c.is_empty());
                let Some(code) = code else {
                    return Err(ErrorCode::LoginCodeNeeded.into());
                };
                let target = match proof.code_channel {
                    Some(Channel::Sms) => targets.phone,
                    Some(Channel::Email) => targets.email,
                    None => targets.email.or(targets.phone),
                };
                // A channel with nothing bound answers like a wrong code.
                let target = target.ok_or(ErrorCode::CodeInvalid)?;
                codes::check(ctx, device.ip, &target, CodePurpose::Unlock, None, code).await?;
            }
            None => {
                attempt
                    .take_challenge(ctx, proof.challenge, proof.nonce)
                    .await?
            }
        }
    }
    let hash = user.as_ref().map(|u| u.password_hash.as_str());
    let verified = verify_or_dummy(hash, password).await?;
    let Some(user) = user.filter(|_| verified) else {
        return Err(attempt.failed(ctx, ErrorCode::LoginFailed).await?);
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

/// Where a slowed account's code may go: its bound email and phone. None
/// when it has neither (it is asked for a challenge instead). An email or
/// phone that names no account answers as if bound, so asking tells
/// nothing; no code is ever sent there, so none is ever right.
struct CodeTargets {
    email: Option<String>,
    phone: Option<String>,
}

fn code_targets(
    kind: AccountType,
    identifier: &str,
    user: Option<&user::Model>,
) -> Option<CodeTargets> {
    match user {
        Some(u) if u.email.is_some() || u.phone.is_some() => Some(CodeTargets {
            email: u.email.clone(),
            phone: u.phone.clone(),
        }),
        Some(_) => None,
        None => match kind {
            AccountType::Account => None,
            AccountType::Email => Some(CodeTargets {
                email: identity::parse_email(identifier).ok(),
                phone: None,
            }),
            AccountType::Phone => Some(CodeTargets {
                email: None,
                phone: identity::parse_phone(identifier).ok(),
            }),
        },
    }
}

/// A challenge for signing in as the identified account (or identifier),
/// counted against the address's sign-in limit like a sign-in. Issued
/// whether or not the account is slowed, so asking tells nothing.
pub async fn challenge(
    ctx: &Context,
    ip: IpAddr,
    kind: AccountType,
    identifier: &str,
) -> Outcome<Challenge> {
    ctx.limiter.check(Action::LoginIp, ip)?;
    let (_, subject) = find_account(ctx, kind, identifier).await?;
    lockout::issue_challenge(ctx, Scope::User, &subject).await
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
/// session and the new remembered-device token, both in the family of the
/// token sign-in first issued. A token already spent this way presented
/// again means two holders (the owner and a thief, whichever came second):
/// as with refresh-token reuse, every live token and session of its family
/// is ended, so whoever rotated it last is signed out too. Of two uses of
/// one token at once, one wins; the other is told the token expired.
pub async fn restore(ctx: &Context, device: &Device, token: &str) -> Outcome<(String, String)> {
    let now = ctx.clock.now();
    let hash = token_hash(token);
    let found = sessions::find_live(&ctx.db, &hash, sessions::KIND_REMEMBER, now).await?;
    let Some((old, user)) = found else {
        end_family_if_reused(ctx, &hash, now).await?;
        return Err(ErrorCode::RememberExpired.into());
    };
    let family = old.family_id.unwrap_or(old.id);
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
    let family = Some(family);
    let remember = start_in_family(ctx, user.id, sessions::KIND_REMEMBER, device, family).await?;
    let session = start_in_family(ctx, user.id, sessions::KIND_SESSION, device, family).await?;
    Ok((session, remember))
}

/// Ends the family of the remembered-device token hashed `hash` when that
/// token was spent on a restore before (not when it merely expired or was
/// signed out), and drops the family's sessions from the cache.
async fn end_family_if_reused(
    ctx: &Context,
    hash: &str,
    now: chrono::DateTime<Utc>,
) -> Outcome<()> {
    let spent = sessions::find_any(&ctx.db, hash, sessions::KIND_REMEMBER).await?;
    let Some(spent) = spent.filter(|s| s.end_reason == Some(EndReason::Replaced)) else {
        return Ok(());
    };
    let family = spent.family_id.unwrap_or(spent.id);
    let ended = sessions::end_family(&ctx.db, family, EndReason::RememberReused, now).await?;
    for id in &ended {
        ctx.sessions.end_session(*id);
    }
    tracing::warn!(
        user_id = spent.user_id,
        family,
        ended = ended.len(),
        "a spent remembered-device token was presented again: its family is ended"
    );
    Ok(())
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
