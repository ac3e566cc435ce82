//! Passwords: changing the login password (every session ends), the fund
//! password, and recovering a forgotten login password with a code. Old
//! passwords are checked under the per-user lockout, so a stolen session
//! cannot guess them.

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

/// Replaces the fund password after checking the old one.
pub async fn change_fund(ctx: &Context, me: &user::Model, old: &str, new: &str) -> Outcome<()> {
    let Some(current) = &me.trade_password_hash else {
        return Err(ErrorCode::TradePasswordNotSet.into());
    };
    identity::check_trade_password(new)?;
    verify_in_session(ctx, me.id, current, old, ErrorCode::OldPasswordWrong).await?;
    if old == new {
        return Err(ErrorCode::SamePassword.into());
    }
    let hash = hash_password(new).await?;
    users::update(
        &ctx.db,
        me.id,
        users::Change::TradePasswordHash(&hash),
        ctx.clock.now(),
    )
    .await?;
    tracing::info!(user_id = me.id, "fund password changed");
    Ok(())
}

/// Sets the fund password the first time; a set one is changed with
/// [`change_fund`].
pub async fn set_fund(ctx: &Context, me: &user::Model, password: &str) -> Outcome<()> {
    if me.trade_password_hash.is_some() {
        return Err(ErrorCode::TradePasswordAlreadySet.into());
    }
    identity::check_trade_password(password)?;
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
