//! Who is calling: the `CurrentUser` extractor (header `satoken`, or
//! `Authorization: Bearer`) and the `CurrentAdmin` extractor (header
//! `adminToken`) with the operator roles and what each may do, and the
//! owners' second factor: an owner's session is held to enrolment
//! ([`EnrollingAdmin`]) until TOTP is enabled.

use crate::error::ApiError;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use onyx_kernel::{ErrorCode, Failure};
use onyx_platform::audit::Actor;
use onyx_platform::credentials::token_hash;
use onyx_platform::session_cache::live_session;
use onyx_platform::Context;
use onyx_store::entity::admin::{self, AdminStatus};
use onyx_store::entity::user::{self, UserStatus};
use onyx_store::repo::admin_queries;

/// The signed-in user of this request: a live session of an active user,
/// resolved from the session cache (no query) or the database.
#[derive(Clone, Copy, Debug)]
pub struct CurrentUser {
    pub user_id: i64,
    pub session_id: i64,
}

impl CurrentUser {
    pub fn id(&self) -> i64 {
        self.user_id
    }

    /// The user's row, read now, for the calls that need more than the id
    /// (passwords, bindings, the profile). A user frozen since the session
    /// was resolved is refused like a bad token.
    pub async fn account(&self, ctx: &Context) -> Result<user::Model, ApiError> {
        let user = onyx_store::repo::users::find_by_id(&ctx.db, self.user_id)
            .await?
            .filter(|u| u.status == UserStatus::Active)
            .ok_or(ErrorCode::TokenInvalid)?;
        Ok(user)
    }
}

/// Token from the `satoken` header, or `Authorization: Bearer`.
pub fn bearer(parts: &Parts) -> Option<String> {
    let header = |name: &str| parts.headers.get(name).and_then(|v| v.to_str().ok());
    header("satoken")
        .map(str::to_string)
        .or_else(|| {
            header("authorization")
                .and_then(|v| v.strip_prefix("Bearer "))
                .map(str::to_string)
        })
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
}

impl<S> FromRequestParts<S> for CurrentUser
where
    S: Send + Sync,
    Context: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let ctx = Context::from_ref(state);
        let token = bearer(parts).ok_or(ErrorCode::TokenMissing)?;
        let session = live_session(&ctx, &token_hash(&token))
            .await?
            .ok_or(ErrorCode::TokenInvalid)?;
        tracing::Span::current().record("user_id", session.user_id);
        Ok(CurrentUser {
            user_id: session.user_id,
            session_id: session.session_id,
        })
    }
}

pub const ROLE_OWNER: &str = "owner";
pub const ROLE_SUPPORT: &str = "support";
pub const ROLE_COMPLIANCE: &str = "compliance";

/// What an operator call needs; roles grant sets of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    ReadUsers,
    FreezeUsers,
    ReviewKyc,
    EditSettings,
    EditContent,
    SendMessages,
    ReadOutbox,
    ReadAudit,
    /// Confirm or reject deposit claims, approve or reject withdrawals,
    /// edit deposit bonus rules: money leaves or enters the platform.
    ReviewFunds,
}

impl Permission {
    pub const ALL: [Permission; 9] = [
        Permission::ReadUsers,
        Permission::FreezeUsers,
        Permission::ReviewKyc,
        Permission::EditSettings,
        Permission::EditContent,
        Permission::SendMessages,
        Permission::ReadOutbox,
        Permission::ReadAudit,
        Permission::ReviewFunds,
    ];

    /// The name the console reads (`GET /api/admin/me`), camelCase.
    pub fn name(self) -> &'static str {
        match self {
            Permission::ReadUsers => "readUsers",
            Permission::FreezeUsers => "freezeUsers",
            Permission::ReviewKyc => "reviewKyc",
            Permission::EditSettings => "editSettings",
            Permission::EditContent => "editContent",
            Permission::SendMessages => "sendMessages",
            Permission::ReadOutbox => "readOutbox",
            Permission::ReadAudit => "readAudit",
            Permission::ReviewFunds => "reviewFunds",
        }
    }

    /// What `role` is granted, in declaration order.
    pub fn granted_to(role: &str) -> Vec<Permission> {
        Permission::ALL
            .into_iter()
            .filter(|p| role_allows(role, *p))
            .collect()
    }
}

/// Owners must have a second factor; other roles may choose one.
pub fn role_requires_totp(role: &str) -> bool {
    role == ROLE_OWNER
}

/// `owner` may do everything; `support` reads users, writes messages and
/// reads the outbox; `compliance` reads users, reviews KYC and freezes.
pub fn role_allows(role: &str, p: Permission) -> bool {
    use Permission::*;
    match role {
        ROLE_OWNER => true,
        ROLE_SUPPORT => matches!(p, ReadUsers | SendMessages | ReadOutbox),
        ROLE_COMPLIANCE => matches!(p, ReadUsers | FreezeUsers | ReviewKyc),
        _ => false,
    }
}

/// The signed-in operator of this request, with the second factor in
/// order: an owner who has not enabled TOTP yet is refused
/// (`AdminTotpEnrolmentRequired`) everywhere but the few calls that take
/// an [`EnrollingAdmin`].
#[derive(Clone, Debug)]
pub struct CurrentAdmin {
    pub admin: admin::Model,
    pub session_id: i64,
}

/// The signed-in operator, whether or not their role's second factor is
/// set up yet: for `GET /api/admin/me`, enrolling, confirming and signing
/// out, the calls an owner's first session may make.
#[derive(Clone, Debug)]
pub struct EnrollingAdmin(pub CurrentAdmin);

impl std::ops::Deref for EnrollingAdmin {
    type Target = CurrentAdmin;
    fn deref(&self) -> &CurrentAdmin {
        &self.0
    }
}

impl CurrentAdmin {
    /// Refuses with Forbidden unless the operator's role grants `p`.
    pub fn require(&self, p: Permission) -> Result<(), Failure> {
        if role_allows(&self.admin.role, p) {
            Ok(())
        } else {
            Err(ErrorCode::Forbidden.into())
        }
    }

    /// The operator as the audit trail names them.
    pub fn actor(&self) -> Actor {
        Actor::operator(self.admin.id, &self.admin.username)
    }

    /// The role asks for a second factor that is not enabled yet.
    pub fn totp_enrolment_pending(&self) -> bool {
        role_requires_totp(&self.admin.role) && !self.admin.totp_enabled()
    }
}

/// The `adminToken` header, and only the header: a token in a URL would
/// sit in logs and browser history (files are opened by signed links).
fn admin_token(parts: &Parts) -> Option<String> {
    parts
        .headers
        .get("admintoken")
        .and_then(|v| v.to_str().ok())
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
}

/// The live session behind `adminToken` and its active operator (one
/// query: the operator's second-factor state comes with the session).
/// The use is written down as the session's last-seen time when the one
/// read is a minute old or more.
async fn signed_in_operator(parts: &Parts, ctx: &Context) -> Result<CurrentAdmin, ApiError> {
    let token = admin_token(parts).ok_or(ErrorCode::TokenMissing)?;
    let now = ctx.clock.now();
    let found = admin_queries::find_live_session(&ctx.db, &token_hash(&token), now).await?;
    let (session, admin) = found.ok_or(ErrorCode::TokenInvalid)?;
    if admin.status != AdminStatus::Active {
        return Err(ErrorCode::TokenInvalid.into());
    }
    if session
        .last_seen_at
        .is_none_or(|t| t < onyx_store::repo::sessions::seen_stale_before(now))
    {
        // Logged, never answered: the request itself is in order.
        if let Err(e) = admin_queries::record_session_seen(&ctx.db, session.id, now).await {
            tracing::warn!(session_id = session.id, error = %e, "operator session last-seen time not written");
        }
    }
    tracing::Span::current().record("operator_id", admin.id);
    Ok(CurrentAdmin {
        admin,
        session_id: session.id,
    })
}

impl<S> FromRequestParts<S> for CurrentAdmin
where
    S: Send + Sync,
    Context: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let ctx = Context::from_ref(state);
        let me = signed_in_operator(parts, &ctx).await?;
        if me.totp_enrolment_pending() {
            return Err(ErrorCode::AdminTotpEnrolmentRequired.into());
        }
        Ok(me)
    }
}

impl<S> FromRequestParts<S> for EnrollingAdmin
where
    S: Send + Sync,
    Context: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let ctx = Context::from_ref(state);
        Ok(EnrollingAdmin(signed_in_operator(parts, &ctx).await?))
    }
}
