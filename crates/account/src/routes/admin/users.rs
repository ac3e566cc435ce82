//! Operators on users: list, detail, freeze and unfreeze, and (owners)
//! lifting a user's sign-in restrictions.

use super::kyc::{file_ref, FileRef};
use crate::entity::kyc_submission;
use crate::freezes;
use crate::sign_in_locks;
use axum::extract::FromRef;
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use onyx_http::admin::{filter, page, sort, status_filter, ReasonBody};
use onyx_http::auth::{CurrentAdmin, Permission, ROLE_OWNER};
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_kernel::ErrorCode;
use onyx_platform::lockout;
use onyx_platform::Context;
use onyx_store::entity::user;
use onyx_store::entity::user::UserStatus;
use onyx_store::repo::admin_queries::{self, UserSort};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(freeze))
        .routes(routes!(unfreeze))
        .routes(routes!(unlock_sign_in))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UsersQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// Matches the id, account name, email, phone or invite code.
    pub keyword: Option<String>,
    /// `active` or `frozen`.
    pub status: Option<String>,
    /// Sort key: `id`, `username`, `email`, `status`, `credits`, `createTime` (default `id` desc).
    pub order_by: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

/// Latest verification status per tier: `none`, `pending`, `approved`,
/// `rejected`.
#[derive(Serialize, ToSchema, Debug, Clone)]
pub struct KycSummary {
    pub primary: String,
    pub advanced: String,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct UserRow {
    pub id: i64,
    pub username: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub status: String,
    pub frozen_reason: Option<String>,
    pub credits: String,
    pub invite_code: String,
    pub parent_id: Option<i64>,
    pub register_ip: String,
    pub create_time: DateTime<Utc>,
    pub kyc: KycSummary,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawAddressRow {
    pub id: i64,
    #[serde(rename = "type")]
    pub network: String,
    pub address: String,
    pub create_time: DateTime<Utc>,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct KycRow {
    pub id: i64,
    pub user_id: i64,
    /// 1 primary, 2 advanced.
    pub tier: i32,
    pub real_name: String,
    pub id_number: String,
    pub country: String,
    pub status: String,
    pub reason: Option<String>,
    pub front_file: Option<FileRef>,
    pub back_file: Option<FileRef>,
    pub hand_file: Option<FileRef>,
    pub reviewed_by: Option<i64>,
    pub reviewed_at: Option<DateTime<Utc>>,
    pub create_time: DateTime<Utc>,
}

impl From<kyc_submission::Model> for KycRow {
    fn from(k: kyc_submission::Model) -> KycRow {
        KycRow {
            id: k.id,
            user_id: k.user_id,
            tier: k.tier,
            real_name: k.real_name,
            id_number: k.id_number,
            country: k.country,
            status: k.status.into(),
            reason: k.reason,
            front_file: file_ref(Some(&k.front_file)),
            back_file: file_ref(k.back_file.as_deref()),
            hand_file: file_ref(k.hand_file.as_deref()),
            reviewed_by: k.reviewed_by,
            reviewed_at: k.reviewed_at,
            create_time: k.created_at,
        }
    }
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct UserDetail {
    pub user: UserRow,
    pub withdraw_addresses: Vec<WithdrawAddressRow>,
    /// Newest first.
    pub kyc_submissions: Vec<KycRow>,
    pub sign_in: SignInStanding,
}

/// What failed sign-ins put on the user now (decision 0011-lockout).
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct SignInStanding {
    /// Failures from many addresses slowed the account until then: the
    /// user signs in with a code or a solved challenge besides the
    /// password.
    pub slowed_until: Option<DateTime<Utc>>,
    /// Failed sign-ins from every address in the last day's window.
    pub failures: i32,
    /// Addresses paused for this account now.
    pub paused_addresses: u64,
    /// An owner may lift them (`unlockSignIn`).
    pub restricted: bool,
}

/// The summary from a user's submissions (newest first).
fn kyc_summary(user_id: i64, submissions: &[kyc_submission::Model]) -> KycSummary {
    let latest = |tier: i32| {
        submissions
            .iter()
            .find(|k| k.user_id == user_id && k.tier == tier)
            .map(|k| k.status.into())
            .unwrap_or_else(|| "none".into())
    };
    KycSummary {
        primary: latest(1),
        advanced: latest(2),
    }
}

fn user_row(u: user::Model, submissions: &[kyc_submission::Model]) -> UserRow {
    UserRow {
        kyc: kyc_summary(u.id, submissions),
        id: u.id,
        username: u.username,
        email: u.email,
        phone: u.phone,
        status: u.status.into(),
        frozen_reason: u.frozen_reason,
        credits: u.credits.to_string(),
        invite_code: u.invite_code,
        parent_id: u.parent_id,
        register_ip: u.register_ip,
        create_time: u.created_at,
    }
}

/// Users, newest first unless `orderBy` says otherwise.
#[utoipa::path(get, path = "/api/admin/users", tag = "admin", params(UsersQuery),
    security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Page<UserRow>>)))]
async fn list(
    State(state): State<Context>,
    me: CurrentAdmin,
    ApiQuery(q): ApiQuery<UsersQuery>,
) -> Reply<Page<UserRow>> {
    me.require(Permission::ReadUsers)?;
    let status = status_filter(&q.status, UserStatus::parse)?;
    let order = sort::<UserSort>(&q.order_by, &q.order)?;
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) =
        admin_queries::users_page(&state.db, filter(&q.keyword), status, order, index, size)
            .await?;
    let ids: Vec<i64> = rows.iter().map(|u| u.id).collect();
    let submissions = crate::repo::reviews::kyc_for_users(&state.db, &ids).await?;
    ok(Page {
        rows: rows
            .into_iter()
            .map(|u| user_row(u, &submissions))
            .collect(),
        total,
    })
}

/// One user with withdraw addresses and every KYC submission.
#[utoipa::path(get, path = "/api/admin/users/{id}", tag = "admin",
    params(("id" = i64, Path)), security(("adminToken" = [])),
    responses((status = 200, body = Envelope<UserDetail>)))]
async fn detail(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
) -> Reply<UserDetail> {
    me.require(Permission::ReadUsers)?;
    let db = &state.db;
    let u = admin_queries::find_user(db, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let submissions = crate::repo::reviews::kyc_for_users(db, &[id]).await?;
    let addresses = crate::repo::reviews::withdraw_addresses(db, id).await?;
    let standing = lockout::user_standing(&state, id).await?;
    ok(UserDetail {
        sign_in: SignInStanding {
            restricted: standing.restricted(),
            slowed_until: standing.slowed_until,
            failures: standing.failures,
            paused_addresses: u64::try_from(standing.paused_addresses).unwrap_or(u64::MAX),
        },
        user: user_row(u, &submissions),
        withdraw_addresses: addresses
            .into_iter()
            .map(|a| WithdrawAddressRow {
                id: a.id,
                network: a.network,
                address: a.address,
                create_time: a.created_at,
            })
            .collect(),
        kyc_submissions: submissions.into_iter().map(KycRow::from).collect(),
    })
}

/// Freezes an active user and ends all their sessions at once.
#[utoipa::path(post, path = "/api/admin/users/{id}/freeze", tag = "admin",
    params(("id" = i64, Path)), request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn freeze(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<()> {
    me.require(Permission::FreezeUsers)?;
    freezes::freeze(&state, &me.actor(), id, &body.reason).await?;
    ok(())
}

/// Lifts a freeze; the user signs in again.
#[utoipa::path(post, path = "/api/admin/users/{id}/unfreeze", tag = "admin",
    params(("id" = i64, Path)), request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn unfreeze(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<()> {
    me.require(Permission::FreezeUsers)?;
    freezes::unfreeze(&state, &me.actor(), id, &body.reason).await?;
    ok(())
}

/// Lifts the user's sign-in restrictions: the slowdown failures from many
/// addresses put on the account and every address's pause (the counts go
/// too). Owners only; audited (`user.sign_in_unlock`) with the reason.
/// `-1018` when nothing restricts the user's sign-in.
#[utoipa::path(post, path = "/api/admin/users/{id}/unlockSignIn", tag = "admin",
    params(("id" = i64, Path)), request_body = ReasonBody, security(("adminToken" = [])),
    responses((status = 200, body = Envelope<Option<String>>, description = "data is null")))]
async fn unlock_sign_in(
    State(state): State<Context>,
    me: CurrentAdmin,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> Reply<()> {
    if me.admin.role != ROLE_OWNER {
        return Err(ErrorCode::Forbidden.into());
    }
    sign_in_locks::lift(&state, &me.actor(), id, &body.reason).await?;
    ok(())
}
