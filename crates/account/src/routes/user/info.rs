//! The signed-in user's profile (`getInfo`).

use crate::repo::{kyc, withdraw_addresses};
use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, Utc};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiResult;
use onyx_platform::Context;
use onyx_store::entity::user;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(get_info))
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub user: UserView,
    /// Every ledger account of the user, one row per wallet and coin.
    pub asset: Vec<AssetView>,
    /// The current withdrawal address: the last one set, or empty strings.
    pub withdraw_address: CurrentAddress,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub user_id: i64,
    pub username: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub invite_code: String,
    pub parent_invite_code: Option<String>,
    /// Decimal string.
    pub credits: String,
    /// `null` when VIP levels are switched off.
    pub vip_level: Option<u32>,
    /// `active` or `frozen`.
    pub status: String,
    pub has_trade_pwd: bool,
    pub create_time: DateTime<Utc>,
    pub kyc: KycTiers,
}

#[derive(Serialize, ToSchema, Debug)]
pub struct KycTiers {
    pub primary: KycView,
    pub advanced: KycView,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct KycView {
    /// `none`, `pending`, `approved` or `rejected`.
    pub status: String,
    /// Why it was rejected.
    pub reason: Option<String>,
    pub real_name: Option<String>,
    pub submit_time: Option<DateTime<Utc>>,
}

#[derive(Serialize, ToSchema, Debug)]
pub struct AssetView {
    pub coin: String,
    pub wallet: String,
    pub available: String,
    pub frozen: String,
}

#[derive(Serialize, ToSchema, Debug)]
pub struct CurrentAddress {
    #[serde(rename = "type")]
    pub kind: String,
    pub address: String,
}

/// The profile, balances and current withdrawal address.
#[utoipa::path(get, path = "/api/user/getInfo", tag = "user",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<UserInfo>)))]
async fn get_info(State(state): State<Context>, me: CurrentUser) -> Reply<UserInfo> {
    let user = view(&state, &me.account(&state).await?).await?;
    let last = withdraw_addresses::list(&state.db, me.id()).await?.pop();
    let withdraw_address = match last {
        Some(a) => CurrentAddress {
            kind: a.network,
            address: a.address,
        },
        None => CurrentAddress {
            kind: String::new(),
            address: String::new(),
        },
    };
    let asset = onyx_store::ledger::user_balances(&state.db, me.id())
        .await?
        .into_iter()
        .filter_map(|b| match b.account.owner {
            onyx_kernel::ledger::Owner::User { wallet, .. } => Some(AssetView {
                coin: b.account.asset,
                wallet: wallet.as_str().to_string(),
                available: b.available.normalize().to_string(),
                frozen: b.frozen.normalize().to_string(),
            }),
            onyx_kernel::ledger::Owner::System(_) => None,
        })
        .collect();
    ok(UserInfo {
        user,
        asset,
        withdraw_address,
    })
}

pub(crate) async fn view(state: &Context, u: &user::Model) -> ApiResult<UserView> {
    let db = &state.db;
    let parent_invite_code = match u.parent_id {
        Some(id) => onyx_store::repo::users::find_by_id(db, id)
            .await?
            .map(|p| p.invite_code),
        None => None,
    };
    Ok(UserView {
        user_id: u.id,
        username: u.username.clone(),
        email: u.email.clone(),
        phone: u.phone.clone(),
        invite_code: u.invite_code.clone(),
        parent_invite_code,
        credits: u.credits.to_string(),
        vip_level: onyx_platform::vip::level(state, u.id).await?,
        status: u.status.into(),
        has_trade_pwd: u.trade_password_hash.is_some(),
        create_time: u.created_at,
        kyc: KycTiers {
            primary: tier(state, u.id, kyc::TIER_PRIMARY).await?,
            advanced: tier(state, u.id, kyc::TIER_ADVANCED).await?,
        },
    })
}

async fn tier(state: &Context, user_id: i64, tier: i32) -> ApiResult<KycView> {
    Ok(match kyc::latest(&state.db, user_id, tier).await? {
        Some(s) => KycView {
            status: s.status.into(),
            reason: s.reason,
            real_name: Some(s.real_name),
            submit_time: Some(s.created_at),
        },
        None => KycView {
            status: "none".into(),
            reason: None,
            real_name: None,
            submit_time: None,
        },
    })
}
