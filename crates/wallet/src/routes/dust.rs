//! Converting small balances: the dust "sell 100 %" cannot clear, listed
//! and converted into USDT. The rules and the ledger work are
//! `crate::dust`'s.

use crate::dust::{self as service, Converted, Dust};
use crate::exchange::ExchangeView;
use crate::WalletContext;
use axum::extract::{FromRef, State};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::IdempotencyKey;
use onyx_platform::Context;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(dust_list))
        .routes(routes!(convert_dust))
}

/// One coin's dust.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct DustItem {
    /// Upper-case asset.
    pub coin: String,
    /// The whole available spot balance of the coin.
    pub amount: String,
    /// The smallest quantity a spot sell of the pair takes: why this is dust.
    pub sell_min: String,
    /// What converting it now would pay in USDT; null without a fresh
    /// price or when it is worth nothing at USDT's scale (it stays).
    pub usdt_amount: Option<String>,
}

/// The user's dust and what converting all of it would pay now.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct DustList {
    pub items: Vec<DustItem>,
    pub total_usdt: String,
}

/// What a conversion did: one flash exchange per coin converted and the
/// USDT paid in all; empty when no dust was left to convert.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct DustConversion {
    pub exchanges: Vec<ExchangeView>,
    pub total_usdt: String,
}

fn text(d: Decimal) -> String {
    d.normalize().to_string()
}

impl From<Vec<Dust>> for DustList {
    fn from(items: Vec<Dust>) -> DustList {
        let total = items
            .iter()
            .filter_map(|d| d.usdt)
            .try_fold(Decimal::ZERO, |a, b| a.checked_add(b))
            .unwrap_or(Decimal::ZERO);
        DustList {
            items: items
                .into_iter()
                .map(|d| DustItem {
                    coin: d.coin,
                    amount: text(d.amount),
                    sell_min: text(d.sell_min),
                    usdt_amount: d.usdt.map(text),
                })
                .collect(),
            total_usdt: text(total),
        }
    }
}

impl From<Converted> for DustConversion {
    fn from(c: Converted) -> DustConversion {
        DustConversion {
            exchanges: c.exchanges,
            total_usdt: text(c.total_usdt),
        }
    }
}

/// The user's spot balances too small for any sell of their pair, with
/// what converting each into USDT would pay now.
#[utoipa::path(get, path = "/api/asset/dust", tag = "asset",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<DustList>)))]
async fn dust_list(State(state): State<WalletContext>, me: CurrentUser) -> Reply<DustList> {
    ok(DustList::from(service::list(&state, me.id()).await?))
}

/// Converts every dust balance into USDT at the index less the pair's
/// spread, one flash exchange per coin. A racing or repeated convert finds
/// nothing left and converts nothing. Idempotent.
#[utoipa::path(post, path = "/api/asset/convertDust", tag = "asset",
    security(("satoken" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "retry key")),
    responses((status = 200, body = Envelope<DustConversion>)))]
async fn convert_dust(
    State(state): State<WalletContext>,
    me: CurrentUser,
    key: IdempotencyKey,
) -> Reply<DustConversion> {
    ok(DustConversion::from(
        service::convert(&state, me.id(), key.0).await?,
    ))
}
