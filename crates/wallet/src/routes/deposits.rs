//! Deposits, user side (spec: recharge). A user asks for the address of a
//! coin on a network, transfers to it from outside, then files a claim with
//! the transaction hash. Nothing is credited until an operator confirms the
//! claim (see `admin::deposits`): until a chain watcher exists, the
//! operator checks the transfer on chain by hand.
//!
//! The address is the user's own, derived from the operator's extended
//! public key for the network family (`--deposit-xpub-*`), or else the
//! ASSET_COIN `coinAddress` everyone shares.
//!
//! A transaction hash proves nothing about who sent it, so a claim never
//! blocks another user's claim of the same transfer: both are held for
//! review (`contested`), the operator sees them side by side and credits
//! the one the transfer really belongs to, once. Only a transfer already
//! credited, or a user's second claim of the same one, is refused. Each
//! user has at most [`CLAIMS_PENDING_MAX`] claims waiting and files at most
//! 10 an hour.

use crate::asset;
use crate::deposit_networks::open_networks;
use crate::deposits::*;
use crate::repo::deposits;
use crate::repo::deposits::DepositStatus;
use crate::WalletContext;
use axum::extract::FromRef;
use axum::extract::State;
use onyx_http::admin::status_filter;
use onyx_http::admin::{filter, page};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_http::IdempotencyKey;
use onyx_platform::Context;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(networks))
        .routes(routes!(get_address))
        .routes(routes!(pay_address))
        .routes(routes!(list))
        .routes(routes!(bonus_list))
        .routes(routes!(bonus_rules))
}

/// The networks deposits are open on, in the settings' order: a network
/// without an address to give (no key, no shared address) is absent, so
/// it is never offered and then refused with DepositClosed.
#[utoipa::path(get, path = "/api/recharge/networks", tag = "recharge",
    responses((status = 200, body = Envelope<Vec<DepositNetwork>>)))]
async fn networks(State(state): State<WalletContext>) -> Reply<Vec<DepositNetwork>> {
    let open = open_networks(&state).await?;
    ok(open
        .into_iter()
        .map(|ch| DepositNetwork {
            coin_name: ch.network,
            coin: ch.coin,
            recharge_min: ch.min_text,
            recharge_max: ch.max_text,
        })
        .collect())
}

/// One network deposits are open on.
#[derive(serde::Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct DepositNetwork {
    /// The ASSET_COIN `coinName` (`USDT-TRC20`).
    pub coin_name: String,
    /// The ledger asset (`USDT`).
    pub coin: String,
    /// The smallest claim, as configured (empty: none).
    pub recharge_min: String,
    /// The largest claim, as configured (empty: none).
    pub recharge_max: String,
}

/// The address to deposit a coin on a network to (spec: getAdress): the
/// user's own, stable per coin and network, or the shared one.
#[utoipa::path(post, path = "/api/recharge/getAdress", tag = "recharge",
    params(AddressQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<DepositAddress>)))]
async fn get_address(
    State(state): State<WalletContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<AddressQuery>,
) -> Reply<DepositAddress> {
    ok(address_for(&state, me.id(), &q.coin, &q.symbol).await?)
}

/// Files a claim (spec: payAddress); idempotent with `Idempotency-Key`.
/// A transfer another user already claimed is held for review
/// (`contested`); one already credited, or claimed by the caller before,
/// is DepositTxHashUsed. At most 5 claims wait per user
/// (DepositClaimsPending) and 10 are filed an hour (RateLimited).
#[utoipa::path(post, path = "/api/recharge/payAddress", tag = "recharge",
    request_body = PayRequest, security(("satoken" = [])),
    params(("Idempotency-Key" = Option<String>, Header)),
    responses((status = 200, body = Envelope<DepositView>)))]
async fn pay_address(
    State(state): State<WalletContext>,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiJson(req): ApiJson<PayRequest>,
) -> Reply<DepositView> {
    ok(claim(&state, me.id(), key.0, req).await?)
}

/// The caller's claims, newest first.
#[utoipa::path(get, path = "/api/recharge/list", tag = "recharge",
    params(ListQuery), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<DepositView>>)))]
async fn list(
    State(state): State<WalletContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> Reply<Page<DepositView>> {
    let status = status_filter(&q.status, DepositStatus::parse)?;
    let coin = filter(&q.coin).map(asset);
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) =
        deposits::user_page(&state.db, me.id(), coin.as_deref(), status, index, size).await?;
    let rivals = rivals(&state.db, &rows).await?;
    ok(Page {
        rows: rows
            .into_iter()
            .map(|d| {
                let contested = rivals.get(&d.id).is_some_and(|r| is_contested(&d, r));
                DepositView {
                    contested,
                    ..DepositView::from(d)
                }
            })
            .collect(),
        total,
    })
}

/// Bonuses received, newest first (spec: bonsList).
#[utoipa::path(get, path = "/api/recharge/bonsList", tag = "recharge",
    params(PageOnly), security(("satoken" = [])),
    responses((status = 200, body = Envelope<Page<BonusRecord>>)))]
async fn bonus_list(
    State(state): State<WalletContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<PageOnly>,
) -> Reply<Page<BonusRecord>> {
    let (index, size) = page(q.page_num, q.page_size);
    let (rows, total) = deposits::bonus_page(&state.db, me.id(), index, size).await?;
    ok(Page {
        rows: rows
            .into_iter()
            .map(|d| BonusRecord {
                id: d.id,
                deposit_id: d.id,
                coin: d.coin,
                deposit_amount: d.amount.to_string(),
                // Only rows with a bonus are read.
                bonus: d.bonus.map(|b| b.to_string()).unwrap_or_default(),
                create_time: d.reviewed_at.unwrap_or(d.created_at),
            })
            .collect(),
        total,
    })
}

/// The enabled deposit bonus rules.
#[utoipa::path(get, path = "/api/recharge/bonusRules", tag = "recharge",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<Vec<PublicBonusRule>>)))]
async fn bonus_rules(
    State(state): State<WalletContext>,
    _me: CurrentUser,
) -> Reply<Vec<PublicBonusRule>> {
    let rules = deposits::enabled_rules(&state.db, None).await?;
    ok(rules.into_iter().map(PublicBonusRule::from).collect())
}
