//! Passwords: changing the login password (every session ends), the fund
//! password, and recovering a forgotten login password with a code. Old
//! passwords are checked under the per-user lockout, so a stolen session
//! cannot guess them. The fund password is set or changed only with a
//! `security` code sent to the bound email (else phone): a stolen session
//! alone cannot choose the password that releases withdrawals.

use onyx_kernel::identity::{self, CodePurpose};
use onyx_kernel::{ErrorCode, Outcome};
use onyx_platform::credentials::hash_password;
use onyx_platform::lockout::{self, verify_in_session};
use onyx_platform::{codes, Context};
use onyx_store::entity::session::EndReason;
use onyx_store::entity::user;
use onyx_store::repo::{sessions, users};
use std::net::IpAddr;

/// Replaces the login password after checking the old one; every session
/// of the user ends, the caller's included.
pub async fn change_login(ctx: &Context, me: &user::Model, old: &str, new: &str) -> Outcome<()> {
    identity::check_login_password(new)?;
    verify_in_session(
        ctx,
        me.id,
        &me.password_hash,
        old,
        ErrorCode::OldPasswordWrong,
    )
    .await?;
    if old == new {
        return Err(ErrorCode::SamePassword.into());
    }
    let hash = hash_password(new).await?;
    users::update(
        &ctx.db,
        me.id,
        users::Change::PasswordHash(&hash),
        ctx.clock.now(),
    )
    .await?;
    let ended =
        sessions::end_all_for_user(&ctx.db, me.id, EndReason::PasswordChanged, ctx.clock.now())
            .await?;
    ctx.sessions.end_user(me.id);
    tracing::info!(
        user_id = me.id,
        sessions_ended = ended,
        "login password changed"
    );
    Ok(())
}

/// Replaces the fund password after checking the old one and a `security`
/// code; a refusal changes nothing.
pub async fn change_fund(
    ctx: &Context,
    ip: IpAddr,
    me: &user::Model,
    old: &str,
    new: &str,
    code: &str,
) -> Outcome<()> {
    let Some(current) = &me.trade_password_hash else {
        return Err(ErrorCode::TradePasswordNotSet.into());
    };
    identity::check_trade_password(new)?;
    verify_in_session(ctx, me.id, current, old, ErrorCode::OldPasswordWrong).await?;
    if old == new {
        return Err(ErrorCode::SamePassword.into());
    }
    let target = security_target(me)?;
    check_security_code(ctx, ip, me, target, code).await?;
    write_fund(ctx, me, new).await?;
    tracing::info!(user_id = me.id, "fund password changed");
    Ok(())
}

/// Sets the fund password the first time, with a `security` code; a set
/// one is changed with [`change_fund`]. A refusal changes nothing.
pub async fn set_fund(
    ctx: &Context,
    ip: IpAddr,
    me: &user::Model,
    password: &str,
    code: &str,
) -> Outcome<()> {
    if me.trade_password_hash.is_some() {
        return Err(ErrorCode::TradePasswordAlreadySet.into());
    }
    identity::check_trade_password(password)?;
    let target = security_target(me)?;
    check_security_code(ctx, ip, me, target, code).await?;
    write_fund(ctx, me, password).await?;
    tracing::info!(user_id = me.id, "fund password set");
    Ok(())
}

/// Where the fund password's code goes: the bound email, else the bound
/// phone (the app sends it to the same place). With neither, the user
/// binds one first.
fn security_target(me: &user::Model) -> Outcome<&str> {
    me.email
        .as_deref()
        .or(me.phone.as_deref())
        .ok_or_else(|| ErrorCode::EmailNotBound.into())
}

/// The code service counts wrong entries and the address's checks, as for
/// every code, and uses the code up.
async fn check_security_code(
    ctx: &Context,
    ip: IpAddr,
    me: &user::Model,
    target: &str,
    code: &str,
) -> Outcome<()> {
    codes::check(ctx, ip, target, CodePurpose::Security, Some(me.id), code).await?;
    Ok(())
}

async fn write_fund(ctx: &Context, me: &user::Model, password: &str) -> Outcome<()> {
    let hash = hash_password(password).await?;
    users::update(
        &ctx.db,
        me.id,
        users::Change::TradePasswordHash(&hash),
        ctx.clock.now(),
    )
    .await?;
    Ok(())
}

/// Where a recovery code was sent: a normalised email or phone.
pub enum RecoveryTarget {
    Email(String),
    Phone(String),
}

/// Sets a new login password with a `forget` code sent to the account's
/// email or phone; every session of the account ends and a lock on it is
/// lifted (the code proved the owner).
pub async fn reset_with_code(
    ctx: &Context,
    ip: IpAddr,
    target: &RecoveryTarget,
    code: &str,
    password: &str,
) -> Outcome<()> {
    identity::check_login_password(password)?;
    let address = match target {
        RecoveryTarget::Email(a) | RecoveryTarget::Phone(a) => a.as_str(),
    };
    // Codes are only ever sent to addresses of an account, so a good code
    // proves the account exists.
    codes::check(ctx, ip, address, CodePurpose::Forget, None, code).await?;
    let user = match target {
        RecoveryTarget::Email(a) => users::find_by_email(&ctx.db, a).await?,
        RecoveryTarget::Phone(a) => users::find_by_phone(&ctx.db, a).await?,
    }
    .ok_or(ErrorCode::CodeInvalid)?;
    let hash = hash_password(password).await?;
    users::update(
        &ctx.db,
        user.id,
        users::Change::PasswordHash(&hash),
        ctx.clock.now(),
    )
    .await?;
    lockout::unlock_user(&ctx.db, user.id, ip).await?;
    sessions::end_all_for_user(&ctx.db, user.id, EndReason::PasswordReset, ctx.clock.now()).await?;
    ctx.sessions.end_user(user.id);
    tracing::info!(user_id = user.id, "login password reset with a code");
    Ok(())
}
