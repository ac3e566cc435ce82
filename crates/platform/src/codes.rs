//! Verification codes: issuing (with resend and per-target limits) and
//! checking (attempt limit, expiry, single use). Codes are stored hashed.

use crate::limits::Action;
use crate::notify::Channel;
use crate::Context;
use chrono::Duration;
use onyx_kernel::identity::{
    self, CodePurpose, CODE_ATTEMPTS_MAX, CODE_RESEND_SECONDS, CODE_TTL_SECONDS,
};
use onyx_kernel::{ErrorCode, Failure};
use onyx_store::repo::codes;
use sha2::{Digest, Sha256};
use std::net::IpAddr;

/// Codes one address may receive in an hour, all purposes together: caps
/// what an attacker can make us send to a victim's inbox.
pub const CODES_PER_TARGET_HOUR: u64 = 10;

/// The stored form of a code. Target and purpose are mixed in so equal
/// codes for different targets hash differently.
pub fn hash(target: &str, purpose: CodePurpose, code: &str) -> String {
    hex::encode(Sha256::digest(
        format!("{}\n{target}\n{code}", purpose.as_str()).as_bytes(),
    ))
}

/// Who asks for a code, and where it goes.
pub struct Request<'a> {
    pub channel: Channel,
    pub target: &'a str,
    pub purpose: CodePurpose,
    /// The signed-in requester; only that user may enter the code.
    pub user_id: Option<i64>,
    pub ip: IpAddr,
    pub lang: &'a str,
}

/// Issues a new code (retiring older ones for the same target and purpose)
/// and delivers it.
pub async fn issue(ctx: &Context, r: Request<'_>) -> Result<(), Failure> {
    ctx.limiter.check(Action::CodeSendIp, r.ip)?;
    issue_counted(ctx, r).await
}

/// For a call whose answer must not tell whether the address belongs to
/// an account (`forget`, `unlock`): the caller's send budget is spent
/// either way, a code is issued only when `deliver`, and a refusal that
/// only a real recipient could earn (too soon, too many to this address)
/// answers as success. The code sent moments ago still works.
pub async fn issue_blind(ctx: &Context, r: Request<'_>, deliver: bool) -> Result<(), Failure> {
    ctx.limiter.check(Action::CodeSendIp, r.ip)?;
    if !deliver {
        return Ok(());
    }
    match issue_counted(ctx, r).await {
        Err(e) if matches!(e.code, ErrorCode::CodeTooSoon | ErrorCode::RateLimited) => Ok(()),
        other => other,
    }
}

/// `issue` after the caller's send budget was spent.
async fn issue_counted(ctx: &Context, r: Request<'_>) -> Result<(), Failure> {
    let now = ctx.clock.now();
    if let Some(last) = codes::latest(&ctx.db, r.target, r.purpose.as_str()).await? {
        let wait = (last.created_at + Duration::seconds(CODE_RESEND_SECONDS) - now).num_seconds();
        if wait > 0 {
            return Err(Failure::new(ErrorCode::CodeTooSoon).with("seconds", wait));
        }
    }
    let sent = codes::count_sent_since(&ctx.db, r.target, now - Duration::hours(1)).await?;
    if sent >= CODES_PER_TARGET_HOUR {
        return Err(Failure::new(ErrorCode::RateLimited).with("seconds", 3600));
    }
    let code = identity::new_code();
    codes::create(
        &ctx.db,
        codes::NewCode {
            channel: r.channel.as_str(),
            target: r.target,
            purpose: r.purpose.as_str(),
            code_hash: &hash(r.target, r.purpose, &code),
            user_id: r.user_id,
            expires_at: now + Duration::seconds(CODE_TTL_SECONDS),
            now,
        },
    )
    .await?;
    ctx.notify
        .send_code(ctx, r.lang, r.channel, r.target, r.purpose, &code)
        .await?;
    Ok(())
}

/// Checks and uses up a code. Wrong entries count; the
/// `CODE_ATTEMPTS_MAX`th wrong entry burns the code.
pub async fn check(
    ctx: &Context,
    ip: IpAddr,
    target: &str,
    purpose: CodePurpose,
    user_id: Option<i64>,
    code: &str,
) -> Result<(), Failure> {
    let code = code.trim();
    if code.is_empty() {
        return Err(ErrorCode::CodeRequired.into());
    }
    ctx.limiter.check(Action::CodeCheckIp, ip)?;
    let Some(stored) = codes::find_unused(&ctx.db, target, purpose.as_str(), user_id).await? else {
        return Err(ErrorCode::CodeInvalid.into());
    };
    if stored.attempts >= CODE_ATTEMPTS_MAX {
        return Err(ErrorCode::CodeAttemptsExceeded.into());
    }
    if stored.expires_at <= ctx.clock.now() {
        return Err(ErrorCode::CodeExpired.into());
    }
    if stored.code_hash != hash(target, purpose, code) {
        let attempts = codes::add_attempt(&ctx.db, stored.id).await?;
        return Err(if attempts >= CODE_ATTEMPTS_MAX {
            ErrorCode::CodeAttemptsExceeded
        } else {
            ErrorCode::CodeInvalid
        }
        .into());
    }
    if !codes::consume(&ctx.db, stored.id, ctx.clock.now()).await? {
        return Err(ErrorCode::CodeInvalid.into());
    }
    Ok(())
}
