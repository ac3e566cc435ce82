//! The operator's second factor: enrol (a pending secret for the app),
//! confirm (enables it, answers the recovery codes once), new recovery
//! codes, and turning it off (roles that must keep it are refused).
//! Calls that take a code are rate-limited per operator. Each call takes
//! the operator's reason and writes an audit entry on `admin:{id}`; a
//! blank reason is refused (`-2004`) before anything changes or a code
//! is checked.

use super::{no_store, role_requires_totp, CurrentAdmin, EnrollingAdmin};
use crate::operator_security;
use axum::extract::{FromRef, State};
use axum::http::HeaderMap;
use onyx_http::admin::ReasonBody;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::extract::ApiJson;
use onyx_kernel::ErrorCode;
use onyx_platform::Context;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(enrol))
        .routes(routes!(confirm))
        .routes(routes!(recovery_codes))
        .routes(routes!(disable))
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct TotpEnrolment {
    /// Base32, for typing into the app.
    pub secret: String,
    /// `otpauth://totp/Onyx:{username}?secret=...&issuer=Onyx&algorithm=SHA1&digits=6&period=30`,
    /// for a QR code.
    pub otpauth_uri: String,
}

#[derive(Deserialize, ToSchema, Debug)]
pub struct CodeBody {
    /// 6 digits from the app (or, where the call says so, a recovery code).
    pub code: String,
    /// Why, for the audit log (required; 500 characters at most).
    #[serde(default)]
    pub reason: String,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    /// Ten one-use codes, `xxxx-xxxx-xxxx-xxxx`; shown this once (only
    /// their hashes are kept).
    pub recovery_codes: Vec<String>,
}

/// A new pending TOTP secret for the caller (replacing a pending one);
/// nothing changes at sign-in until it is confirmed. `-2005` when TOTP is
/// enabled already. Audited (`operator.totp_enrol`, without the secret).
/// Open to an owner's session before enrolment.
#[utoipa::path(post, path = "/api/admin/totp/enrol", tag = "admin",
    request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<TotpEnrolment>,
        description = "`Cache-Control: no-store`: the answer carries the secret")))]
async fn enrol(
    State(state): State<Context>,
    me: EnrollingAdmin,
    ApiJson(body): ApiJson<ReasonBody>,
) -> (HeaderMap, Reply<TotpEnrolment>) {
    let reply = operator_security::enrol(&state, &me.actor(), &me.admin, &body.reason)
        .await
        .map_err(Into::into)
        .and_then(|e| {
            ok(TotpEnrolment {
                secret: e.secret,
                otpauth_uri: e.otpauth_uri,
            })
        });
    (no_store(), reply)
}

/// Enables the pending secret with a code from the app (`-2007` when
/// wrong, `-2005` when nothing is pending) and answers the ten recovery
/// codes, once. From then on sign-in asks for a code. Audited
/// (`operator.totp_enable`). Open to an owner's session before enrolment.
#[utoipa::path(post, path = "/api/admin/totp/confirm", tag = "admin",
    request_body = CodeBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<RecoveryCodes>,
        description = "`Cache-Control: no-store`: the answer carries the recovery codes")))]
async fn confirm(
    State(state): State<Context>,
    me: EnrollingAdmin,
    ApiJson(body): ApiJson<CodeBody>,
) -> (HeaderMap, Reply<RecoveryCodes>) {
    let reply =
        operator_security::confirm(&state, &me.actor(), &me.admin, &body.code, &body.reason)
            .await
            .map_err(Into::into)
            .and_then(|recovery_codes| ok(RecoveryCodes { recovery_codes }));
    (no_store(), reply)
}

/// A fresh set of ten recovery codes for a code from the app or a
/// recovery code (`-2007` when wrong); the old codes are void. Audited
/// (`operator.recovery_codes_regenerate`).
#[utoipa::path(post, path = "/api/admin/totp/recovery-codes", tag = "admin",
    request_body = CodeBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<RecoveryCodes>,
        description = "`Cache-Control: no-store`: the answer carries the recovery codes")))]
async fn recovery_codes(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiJson(body): ApiJson<CodeBody>,
) -> (HeaderMap, Reply<RecoveryCodes>) {
    let reply = operator_security::regenerate_recovery_codes(
        &state,
        &me.actor(),
        &me.admin,
        &body.code,
        &body.reason,
    )
    .await
    .map_err(Into::into)
    .and_then(|recovery_codes| ok(RecoveryCodes { recovery_codes }));
    (no_store(), reply)
}

/// Turns TOTP off for a code from the app or a recovery code (`-2007`
/// when wrong). Owners must keep it (`-2009`). Audited
/// (`operator.totp_disable`).
#[utoipa::path(post, path = "/api/admin/totp/disable", tag = "admin",
    request_body = CodeBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn disable(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiJson(body): ApiJson<CodeBody>,
) -> Reply<()> {
    if role_requires_totp(&me.admin.role) {
        return Err(ErrorCode::AdminTotpMandatory.into());
    }
    operator_security::disable(&state, &me.actor(), &me.admin, &body.code, &body.reason).await?;
    ok(())
}
