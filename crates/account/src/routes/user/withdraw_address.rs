//! Withdrawal addresses, one per network of WITHDRAWAL_CHANNEL_SETTING.

use crate::repo::withdraw_addresses;
use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, Utc};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::error::ApiResult;
use onyx_http::extract::ApiQuery;
use onyx_kernel::address::{self, Network};
use onyx_kernel::ErrorCode;
use onyx_platform::Context;
use onyx_store::repo::settings;
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(update_withdraw_address))
        .routes(routes!(withdraw_address_list))
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct UpdateQuery {
    /// A `rechargeName` of an enabled withdrawal channel, e.g. `USDT-TRC20`.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub network: String,
    pub address: String,
}

/// Sets the address for a network; it becomes the current one (last).
#[utoipa::path(post, path = "/api/user/updateWithdrawAddress", tag = "user",
    security(("satoken" = [])), params(UpdateQuery),
    responses((status = 200, body = Envelope<Option<String>>)))]
async fn update_withdraw_address(
    State(state): State<Context>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<UpdateQuery>,
) -> Reply<Option<String>> {
    let channel = enabled_channel(&state, q.network.trim()).await?;
    let family = Network::of_channel(&channel);
    let addr = q.address.trim();
    address::check(family, addr)?;
    // Replace-then-insert as one step, so two quick updates cannot leave
    // two addresses for one network.
    let txn = state.db.begin().await?;
    withdraw_addresses::set(&txn, me.id(), &channel, addr, state.clock.now()).await?;
    txn.commit().await?;
    ok(None)
}

/// The `rechargeName` of the enabled channel called `name`.
async fn enabled_channel(state: &Context, name: &str) -> ApiResult<String> {
    let channels = settings::get(&state.db, "WITHDRAWAL_CHANNEL_SETTING").await?;
    channels
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c.get("status").and_then(Value::as_i64) == Some(1))
        .filter_map(|c| c.get("rechargeName").and_then(Value::as_str))
        .find(|n| n.eq_ignore_ascii_case(name))
        .map(str::to_string)
        .ok_or_else(|| ErrorCode::WithdrawAddressTypeUnknown.into())
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AddressView {
    pub id: i64,
    /// The network (channel `rechargeName`).
    #[serde(rename = "type")]
    pub kind: String,
    pub address: String,
    pub create_time: DateTime<Utc>,
}

/// The caller's addresses, oldest first: the last is the current one.
#[utoipa::path(get, path = "/api/user/withdrawAddress", tag = "user",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<Vec<AddressView>>)))]
async fn withdraw_address_list(
    State(state): State<Context>,
    me: CurrentUser,
) -> Reply<Vec<AddressView>> {
    let rows = withdraw_addresses::list(&state.db, me.id()).await?;
    ok(rows
        .into_iter()
        .map(|a| AddressView {
            id: a.id,
            kind: a.network,
            address: a.address,
            create_time: a.created_at,
        })
        .collect())
}
