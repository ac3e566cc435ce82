//! An operator's own security: the second factor (RFC 6238 TOTP with
//! one-use recovery codes, decision 0027-operator-totp) and their
//! sessions. Every change is audited, in the transaction of the change,
//! with the operator as actor and the reason they gave: enrolling,
//! turning TOTP on or off, new recovery codes and ending sessions refuse
//! a blank reason (`ReasonRequired`) before anything else, so a refused
//! call changes nothing and spends no code. Signing out of the session
//! in use is the one write whose reason is optional (one is worded when
//! none is given): it ends only the caller's own access. Which roles
//! must keep a second factor is the caller's rule (`role_requires_totp`
//! in the HTTP crate's `auth`).

use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::limits::Action;
use onyx_platform::totp::{self, Code};
use onyx_platform::Context;
use onyx_store::entity::admin;
use onyx_store::entity::admin_session::EndReason;
use onyx_store::repo::{admin_queries, admins};
use sea_orm::{ConnectionTrait, TransactionTrait};
use serde_json::json;

/// A pending secret, shown once for the authenticator app.
#[derive(Clone, Debug)]
pub struct Enrolment {
    pub secret: String,
    pub otpauth_uri: String,
}

fn target(admin: &admin::Model) -> String {
    format!("admin:{}", admin.id)
}

/// The reason an operator gave for signing out of their own session: the
/// given one when there is one (checked like any reason), else this.
pub const SIGN_OUT_REASON: &str = "signed out by the operator";

/// A new pending secret for the operator, replacing a pending one.
/// Refused (`InvalidState`) once TOTP is enabled: a new device goes
/// through turning it off (or, for an owner, `onyx operator reset-totp`).
/// Audited (`operator.totp_enrol`; the secret is not in the entry).
pub async fn enrol(
    ctx: &Context,
    by: &Actor,
    admin: &admin::Model,
    reason: &str,
) -> Outcome<Enrolment> {
    let reason = audit::reason(reason)?;
    if admin.totp_enabled() {
        return Err(ErrorCode::InvalidState.into());
    }
    let secret = totp::new_secret();
    let txn = ctx.db.begin().await?;
    if !admins::set_pending_totp(&txn, admin.id, &secret).await? {
        return Err(ErrorCode::InvalidState.into());
    }
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "operator.totp_enrol",
        &target(admin),
        reason,
        json!({"replacedPending": admin.totp_secret.is_some()}),
    )
    .await?;
    txn.commit().await?;
    Ok(Enrolment {
        otpauth_uri: totp::otpauth_uri(&admin.username, &secret),
        secret,
    })
}

/// Enables the pending secret with a code from the app; returns the
/// recovery codes, shown this once.
pub async fn confirm(
    ctx: &Context,
    by: &Actor,
    admin: &admin::Model,
    raw_code: &str,
    reason: &str,
) -> Outcome<Vec<String>> {
    let reason = audit::reason(reason)?;
    ctx.limiter.check(Action::AdminCodeCheck, admin.id)?;
    let secret = match (&admin.totp_secret, admin.totp_enabled_at) {
        (Some(secret), None) => secret,
        _ => return Err(ErrorCode::InvalidState.into()),
    };
    let Some(Code::Totp(code)) = Code::parse(raw_code) else {
        return Err(ErrorCode::AdminTotpInvalid.into());
    };
    let now = ctx.clock.now();
    let step =
        totp::matching_step(secret, &code, now.timestamp()).ok_or(ErrorCode::AdminTotpInvalid)?;
    let txn = ctx.db.begin().await?;
    // Conditional on this secret still pending: a racing enrolment or
    // confirmation makes this one change nothing.
    if !admins::enable_totp(&txn, admin.id, secret, step, now).await? {
        return Err(ErrorCode::InvalidState.into());
    }
    let codes = store_new_recovery_codes(&txn, admin.id, now).await?;
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "operator.totp_enable",
        &target(admin),
        reason,
        json!({"recoveryCodes": codes.len()}),
    )
    .await?;
    txn.commit().await?;
    Ok(codes)
}

async fn store_new_recovery_codes(
    db: &impl ConnectionTrait,
    admin_id: i64,
    now: chrono::DateTime<chrono::Utc>,
) -> Outcome<Vec<String>> {
    let codes = totp::new_recovery_codes();
    let hashes: Vec<String> = codes
        .iter()
        .filter_map(|c| totp::normalise_recovery_code(c))
        .map(|c| totp::recovery_code_hash(&c))
        .collect();
    if hashes.len() != codes.len() {
        return Err(Failure::internal("a new recovery code does not normalise"));
    }
    admins::replace_recovery_codes(db, admin_id, &hashes, now).await?;
    Ok(codes)
}

/// Checks a code against the operator's enabled second factor and uses it
/// up: an app code takes its time step (a code of the last step taken or
/// an earlier one is a replay, refused), a recovery code is spent. False
/// for a wrong, replayed or spent code, or when TOTP is not enabled.
pub async fn take_code(ctx: &Context, admin: &admin::Model, raw_code: &str) -> Outcome<bool> {
    let (Some(secret), true) = (&admin.totp_secret, admin.totp_enabled()) else {
        return Ok(false);
    };
    let now = ctx.clock.now();
    match Code::parse(raw_code) {
        None => Ok(false),
        Some(Code::Totp(code)) => match totp::matching_step(secret, &code, now.timestamp()) {
            None => Ok(false),
            Some(step) => Ok(admins::claim_totp_step(&ctx.db, admin.id, step).await?),
        },
        Some(Code::Recovery(code)) => {
            let hash = totp::recovery_code_hash(&code);
            Ok(admins::use_recovery_code(&ctx.db, admin.id, &hash, now).await?)
        }
    }
}

/// A code checked inside a session, under the per-operator rate limit.
async fn require_code(ctx: &Context, admin: &admin::Model, raw_code: &str) -> Outcome<()> {
    ctx.limiter.check(Action::AdminCodeCheck, admin.id)?;
    if !admin.totp_enabled() {
        return Err(ErrorCode::InvalidState.into());
    }
    if !take_code(ctx, admin, raw_code).await? {
        return Err(ErrorCode::AdminTotpInvalid.into());
    }
    Ok(())
}

/// A fresh set of recovery codes (the old ones void), for a code from
/// the app or a recovery code.
pub async fn regenerate_recovery_codes(
    ctx: &Context,
    by: &Actor,
    admin: &admin::Model,
    raw_code: &str,
    reason: &str,
) -> Outcome<Vec<String>> {
    let reason = audit::reason(reason)?;
    require_code(ctx, admin, raw_code).await?;
    let txn = ctx.db.begin().await?;
    let codes = store_new_recovery_codes(&txn, admin.id, ctx.clock.now()).await?;
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "operator.recovery_codes_regenerate",
        &target(admin),
        reason,
        json!({"recoveryCodes": codes.len()}),
    )
    .await?;
    txn.commit().await?;
    Ok(codes)
}

/// Turns the second factor off (secret and recovery codes go), for a
/// code. The caller refuses roles that must keep it.
pub async fn disable(
    ctx: &Context,
    by: &Actor,
    admin: &admin::Model,
    raw_code: &str,
    reason: &str,
) -> Outcome<()> {
    let reason = audit::reason(reason)?;
    require_code(ctx, admin, raw_code).await?;
    let txn = ctx.db.begin().await?;
    admins::clear_totp(&txn, admin.id).await?;
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "operator.totp_disable",
        &target(admin),
        reason,
        json!({}),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// Removes an operator's second factor for someone who lost the device
/// (`onyx operator reset-totp`), and ends every session of theirs: they
/// sign in with the password and, an owner, enrol again before anything
/// else. Returns the sessions ended; `NotFound` for an unknown name.
pub async fn reset(
    db: &onyx_store::Db,
    by: &Actor,
    username: &str,
    reason: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Outcome<u64> {
    let reason = audit::reason(reason)?;
    let admin = admins::find_by_username(db, username)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let txn = db.begin().await?;
    let had_secret = admins::clear_totp(&txn, admin.id).await?;
    let ended =
        admin_queries::end_sessions_except(&txn, admin.id, None, EndReason::TotpReset, now).await?;
    audit::record(
        &txn,
        now,
        by,
        "operator.totp_reset",
        &target(&admin),
        reason,
        json!({"hadSecret": had_secret, "wasEnabled": admin.totp_enabled(),
            "sessionsRevoked": ended}),
    )
    .await?;
    txn.commit().await?;
    Ok(ended)
}

/// Ends one of the operator's own live sessions; `NotFound` for a session
/// that is not theirs (or is no longer live), so another operator's ids
/// are not told.
pub async fn revoke_session(
    ctx: &Context,
    by: &Actor,
    admin_id: i64,
    id: i64,
    reason: &str,
) -> Outcome<()> {
    let reason = audit::reason(reason)?;
    let txn = ctx.db.begin().await?;
    let now = ctx.clock.now();
    if !admin_queries::end_own_session(&txn, admin_id, id, EndReason::Revoked, now).await? {
        return Err(ErrorCode::NotFound.into());
    }
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "operator.session_revoke",
        &format!("admin_session:{id}"),
        reason,
        json!({"adminId": admin_id}),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// Ends every session of the operator but `current`; returns how many.
pub async fn revoke_other_sessions(
    ctx: &Context,
    by: &Actor,
    admin_id: i64,
    current: i64,
    reason: &str,
) -> Outcome<u64> {
    let reason = audit::reason(reason)?;
    let txn = ctx.db.begin().await?;
    let ended = admin_queries::end_sessions_except(
        &txn,
        admin_id,
        Some(current),
        EndReason::SignedOutEverywhere,
        ctx.clock.now(),
    )
    .await?;
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "operator.sessions_revoke_others",
        &format!("admin:{admin_id}"),
        reason,
        json!({"kept": current, "sessionsRevoked": ended}),
    )
    .await?;
    txn.commit().await?;
    Ok(ended)
}

/// Ends the session the operator is signed in with. `reason` may be
/// absent or blank ([`SIGN_OUT_REASON`] is recorded then); one given is
/// checked like any reason (too long is refused and nothing ends).
/// `NotFound` when the session had ended already (a racing end).
pub async fn sign_out(
    ctx: &Context,
    by: &Actor,
    session_id: i64,
    reason: Option<&str>,
) -> Outcome<()> {
    let reason = match reason.map(str::trim).filter(|r| !r.is_empty()) {
        Some(given) => audit::reason(given)?,
        None => SIGN_OUT_REASON,
    };
    let txn = ctx.db.begin().await?;
    let now = ctx.clock.now();
    if !admin_queries::end_session(&txn, session_id, EndReason::SignedOut, now).await? {
        return Err(ErrorCode::NotFound.into());
    }
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "operator.sign_out",
        &format!("admin_session:{session_id}"),
        reason,
        json!({"adminId": by.id}),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}
