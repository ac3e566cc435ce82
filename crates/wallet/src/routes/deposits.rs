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

use crate::deposit_rules::{normalize_tx_hash, SCALE_MAX};
use crate::entity::{deposit, deposit_bonus_rule};
use crate::repo::deposits;
use crate::WalletContext;
use crate::{asset, parse_amount, Idempotency};
use axum::extract::FromRef;
use axum::extract::State;
use chrono::{DateTime, Utc};
use onyx_http::admin::{filter, page};
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::error::{ApiError, ApiResult};
use onyx_http::extract::{ApiJson, ApiQuery};
use onyx_http::IdempotencyKey;
use onyx_kernel::address::Network;
use onyx_kernel::ErrorCode;
use onyx_platform::files::FILE_URL_PREFIX;
use onyx_platform::limits::Action;
use onyx_platform::Context;
use onyx_store::repo::{files, settings};
use rust_decimal::Decimal;
use sea_orm::ConnectionTrait;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::str::FromStr;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(get_address))
        .routes(routes!(pay_address))
        .routes(routes!(list))
        .routes(routes!(bonus_list))
        .routes(routes!(bonus_rules))
}

/// Claims one user may have waiting for review at once: enough for a few
/// transfers in flight, too few to bury the queue in bogus claims.
pub const CLAIMS_PENDING_MAX: u64 = 5;

/// A deposit claim as users (and, with `userId`, operators) see it.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DepositView {
    pub id: i64,
    pub coin: String,
    /// The ASSET_COIN `coinName` it was sent on (`USDT-TRC20`).
    pub network: String,
    pub address: String,
    pub amount: String,
    pub tx_hash: String,
    pub screenshot: Option<String>,
    /// `pending`, `confirmed` or `rejected`.
    pub status: String,
    /// Pending while another user claims the same transfer: under review
    /// until an operator decides whose it is.
    #[serde(default)]
    pub contested: bool,
    /// Paid on confirmation when a bonus rule matched.
    pub bonus: Option<String>,
    /// Why it was rejected.
    pub reason: Option<String>,
    pub create_time: DateTime<Utc>,
    pub review_time: Option<DateTime<Utc>>,
}

impl From<deposit::Model> for DepositView {
    fn from(d: deposit::Model) -> DepositView {
        DepositView {
            id: d.id,
            coin: d.coin,
            network: d.network,
            address: d.address,
            amount: d.amount,
            tx_hash: d.tx_hash,
            screenshot: d.screenshot,
            status: d.status,
            contested: false,
            bonus: d.bonus,
            reason: d.reason,
            create_time: d.created_at,
            review_time: d.reviewed_at,
        }
    }
}

/// One ASSET_COIN entry: a coin on a network that deposits are open for.
#[derive(Debug, Clone)]
pub struct RechargeChannel {
    /// `coinName` as configured (`USDT-TRC20`).
    pub network: String,
    /// The ledger asset (`USDT`).
    pub coin: String,
    pub family: Option<Network>,
    pub shared_address: String,
    pub min_text: String,
    pub max_text: String,
    pub min: Option<Decimal>,
    pub max: Option<Decimal>,
    pub scale: u32,
}

/// A limit from ASSET_COIN, which may hold it as text or as a number.
fn setting_text(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// The ASSET_COIN entry for `coin` on `symbol` (its `coinName`); a coin or
/// network the operator has not opened is DepositClosed.
pub async fn channel(
    db: &impl ConnectionTrait,
    coin: &str,
    symbol: &str,
) -> ApiResult<RechargeChannel> {
    let coin = asset(coin);
    let symbol = symbol.trim();
    if coin.is_empty() || symbol.is_empty() {
        return Err(ErrorCode::DepositClosed.into());
    }
    let list = settings::get(db, "ASSET_COIN").await?;
    let entry = list
        .as_array()
        .into_iter()
        .flatten()
        .find(|e| {
            e["coinName"]
                .as_str()
                .is_some_and(|n| n.trim().eq_ignore_ascii_case(symbol))
                && e["coin"].as_str().is_some_and(|c| asset(c) == coin)
        })
        .ok_or(ErrorCode::DepositClosed)?;
    let network = entry["coinName"]
        .as_str()
        .unwrap_or(symbol)
        .trim()
        .to_string();
    let min_text = setting_text(entry.get("rechargeMin"));
    let max_text = setting_text(entry.get("rechargeMax"));
    // An operator may narrow a coin's precision; nothing goes past the ledger's.
    let scale = entry
        .get("scale")
        .and_then(Value::as_u64)
        .map_or(SCALE_MAX, |s| (s as u32).min(SCALE_MAX));
    Ok(RechargeChannel {
        family: Network::of_channel(&network),
        network,
        coin,
        shared_address: entry["coinAddress"]
            .as_str()
            .unwrap_or("")
            .trim()
            .to_string(),
        min: Decimal::from_str(&min_text)
            .ok()
            .filter(|d| *d > Decimal::ZERO),
        max: Decimal::from_str(&max_text)
            .ok()
            .filter(|d| *d > Decimal::ZERO),
        min_text,
        max_text,
        scale,
    })
}

/// Where a user sends `channel`'s coin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepositTarget {
    pub address: String,
    pub shared: bool,
}

/// The user's derived address when it is already stored and current: the
/// common case, answered without waiting for the ledger gate.
async fn stored_target(
    state: &WalletContext,
    db: &impl ConnectionTrait,
    user_id: i64,
    ch: &RechargeChannel,
) -> ApiResult<Option<DepositTarget>> {
    let Some(key) = ch.family.and_then(|f| state.config.deposit_key(f)) else {
        return Ok(None);
    };
    let key = key.map_err(ApiError::internal)?;
    let Some(row) = deposits::find_address(db, user_id, &ch.coin, &ch.network).await? else {
        return Ok(None);
    };
    let Some(index) = row.derivation_index else {
        return Ok(None);
    };
    let derived = key.address(index as u64).map_err(ApiError::internal)?;
    Ok((derived == row.address).then_some(DepositTarget {
        address: derived,
        shared: false,
    }))
}

/// The user's address for `ch`, allocating a derivation index on first
/// use. Runs inside the ledger transaction, whose gate serialises index
/// allocation.
pub async fn resolve_target(
    state: &WalletContext,
    db: &impl ConnectionTrait,
    user_id: i64,
    ch: &RechargeChannel,
) -> ApiResult<DepositTarget> {
    let key = ch.family.and_then(|f| state.config.deposit_key(f));
    let Some(key) = key else {
        if ch.shared_address.is_empty() {
            return Err(ErrorCode::DepositClosed.into());
        }
        return Ok(DepositTarget {
            address: ch.shared_address.clone(),
            shared: true,
        });
    };
    let key = key.map_err(ApiError::internal)?;
    let existing = deposits::find_address(db, user_id, &ch.coin, &ch.network).await?;
    let index = match &existing {
        Some(row) => match row.derivation_index {
            Some(index) => index,
            None => deposits::derivation_index_for(db, user_id).await?,
        },
        None => deposits::derivation_index_for(db, user_id).await?,
    };
    let address = key.address(index as u64).map_err(ApiError::internal)?;
    match existing {
        Some(row) if row.address == address && row.derivation_index == Some(index) => {}
        Some(row) => deposits::set_address(db, row.id, &address).await?,
        None => {
            deposits::create_address(
                db,
                deposits::NewAddress {
                    user_id,
                    coin: &ch.coin,
                    network: &ch.network,
                    address: &address,
                    derivation_index: Some(index),
                    shared: false,
                },
            )
            .await?;
        }
    }
    Ok(DepositTarget {
        address,
        shared: false,
    })
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AddressQuery {
    /// The coin (`usdt`).
    pub coin: String,
    /// The ASSET_COIN `coinName` (`USDT-TRC20`).
    pub symbol: String,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct DepositAddress {
    pub coin: String,
    pub network: String,
    pub address: String,
    /// True for the ASSET_COIN address every user is shown.
    pub shared: bool,
    pub recharge_min: String,
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
    let ch = channel(&state.db, &q.coin, &q.symbol).await?;
    let target = match stored_target(&state, &state.db, me.id(), &ch).await? {
        Some(t) => t,
        None => {
            let txn = state.ledger.begin().await?;
            let t = resolve_target(&state, txn.conn(), me.id(), &ch).await?;
            txn.commit().await?;
            t
        }
    };
    ok(DepositAddress {
        coin: ch.coin,
        network: ch.network,
        address: target.address,
        shared: target.shared,
        recharge_min: ch.min_text,
        recharge_max: ch.max_text,
    })
}

/// A deposit claim. Hashed for idempotency, so field order matters.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct PayRequest {
    pub coin: String,
    /// The ASSET_COIN `coinName`.
    pub symbol: String,
    pub amount: String,
    pub tx_hash: String,
    /// An upload's `url` (`/api/common/file/{id}`) showing the transfer.
    #[serde(default)]
    pub screenshot: Option<String>,
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
    ok(claim(&state, me.id(), key, req).await?)
}

/// Checks and records a claim: what `payAddress` does, and how the demo
/// seed deposits for its user.
pub async fn claim(
    state: &WalletContext,
    user_id: i64,
    key: IdempotencyKey,
    req: PayRequest,
) -> ApiResult<DepositView> {
    let ch = channel(&state.db, &req.coin, &req.symbol).await?;
    let amount = parse_amount(&req.amount, ch.scale)?;
    if let Some(min) = ch.min.filter(|m| amount.as_decimal() < *m) {
        return Err(ApiError::new(ErrorCode::DepositBelowMinimum).with("min", min.normalize()));
    }
    if let Some(max) = ch.max.filter(|m| amount.as_decimal() > *m) {
        return Err(ApiError::new(ErrorCode::DepositAboveMaximum).with("max", max.normalize()));
    }
    let tx_hash = normalize_tx_hash(ch.family, &req.tx_hash)?;
    let screenshot = screenshot(state, user_id, req.screenshot.as_deref()).await?;
    let idem = Idempotency::new(key, user_id, "recharge.pay", &req);

    let txn = state.ledger.begin().await?;
    if let Some(stored) = idem.replay(&txn).await? {
        return serde_json::from_value(stored).map_err(ApiError::internal);
    }
    // One transaction is one deposit: the same hash on another network of
    // the same chain (USDT-TRC20 and TRX) is the same transfer.
    let this_chain = |network: &str| same_chain(network, &ch.network);
    let earlier: Vec<_> = deposits::with_tx_hash(txn.conn(), &tx_hash)
        .await?
        .into_iter()
        .filter(|d| this_chain(&d.network))
        .collect();
    // A credited transfer is done; a user claims a transfer once. Another
    // user's pending claim does not decide anything: both wait for review.
    let credited = earlier
        .iter()
        .any(|d| d.status == deposits::STATUS_CONFIRMED);
    if credited || earlier.iter().any(|d| d.user_id == user_id) {
        return Err(ErrorCode::DepositTxHashUsed.into());
    }
    // Counted under the ledger gate, so parallel claims cannot pass it together.
    if deposits::pending_count(txn.conn(), user_id).await? >= CLAIMS_PENDING_MAX {
        return Err(ApiError::new(ErrorCode::DepositClaimsPending).with("max", CLAIMS_PENDING_MAX));
    }
    // Counts claims that would be filed: a typo refused above costs the
    // user nothing, a stream of well-formed bogus claims is slowed.
    state.limiter.check(Action::DepositClaim, user_id)?;
    let target = resolve_target(state, txn.conn(), user_id, &ch).await?;
    let row = deposits::create(
        txn.conn(),
        deposits::NewDeposit {
            user_id,
            coin: &ch.coin,
            network: &ch.network,
            address: &target.address,
            amount: &amount.as_decimal().normalize().to_string(),
            tx_hash: &tx_hash,
            screenshot: screenshot.as_deref(),
        },
    )
    .await?;
    let mut view = DepositView::from(row);
    view.contested = earlier.iter().any(|d| d.status == deposits::STATUS_PENDING);
    idem.remember(&txn, &view).await?;
    txn.commit().await?;
    if view.contested {
        tracing::warn!(user_id, deposit_id = view.id, tx_hash = %view.tx_hash,
            "deposit claim contested: another user claims the same transfer");
    } else {
        tracing::info!(user_id, deposit_id = view.id, coin = %view.coin, "deposit claimed");
    }
    Ok(view)
}

/// True when claims on these two networks name transfers of one chain, so
/// one hash on both is one transfer (USDT-TRC20 and TRX).
pub fn same_chain(a: &str, b: &str) -> bool {
    match (Network::of_channel(a), Network::of_channel(b)) {
        (Some(x), Some(y)) => x == y,
        (None, None) => a.trim().eq_ignore_ascii_case(b.trim()),
        _ => false,
    }
}

/// For each of `rows`, the other users' claims of the same transfer
/// (oldest first): one query for a whole page.
pub async fn rivals(
    db: &impl ConnectionTrait,
    rows: &[deposit::Model],
) -> ApiResult<HashMap<i64, Vec<deposit::Model>>> {
    let hashes: Vec<String> = rows.iter().map(|d| d.tx_hash.clone()).collect();
    let all = deposits::with_tx_hashes(db, &hashes).await?;
    Ok(rows
        .iter()
        .map(|row| {
            let others = all
                .iter()
                .filter(|d| d.user_id != row.user_id && d.tx_hash == row.tx_hash)
                .filter(|d| same_chain(&d.network, &row.network))
                .cloned()
                .collect();
            (row.id, others)
        })
        .collect())
}

/// A pending claim is contested while another user's claim of the same
/// transfer is pending or credited.
pub fn is_contested(row: &deposit::Model, rivals: &[deposit::Model]) -> bool {
    row.status == deposits::STATUS_PENDING
        && rivals.iter().any(|d| d.status != deposits::STATUS_REJECTED)
}

/// The screenshot as its canonical URL, checked to be the caller's upload.
async fn screenshot(
    state: &WalletContext,
    user_id: i64,
    raw: Option<&str>,
) -> ApiResult<Option<String>> {
    let Some(reference) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    let id = match reference.rfind(FILE_URL_PREFIX) {
        Some(at) => &reference[at + FILE_URL_PREFIX.len()..],
        None => reference,
    };
    let id = id.split(['?', '#']).next().unwrap_or("");
    match files::find(&state.db, id).await? {
        Some(f) if f.user_id == user_id => Ok(Some(format!("{FILE_URL_PREFIX}{}", f.id))),
        _ => Err(ApiError::invalid("screenshot")),
    }
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    pub coin: Option<String>,
    /// `pending`, `confirmed` or `rejected`.
    pub status: Option<String>,
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
    let status = filter(&q.status);
    if status.is_some_and(|s| !deposits::STATUSES.contains(&s)) {
        return Err(ApiError::invalid("status"));
    }
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

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
pub struct PageOnly {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
}

/// A deposit bonus the user received.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct BonusRecord {
    /// The deposit's id (one bonus per deposit).
    pub id: i64,
    pub deposit_id: i64,
    pub coin: String,
    pub deposit_amount: String,
    pub bonus: String,
    /// When it was paid (the deposit's confirmation).
    pub create_time: DateTime<Utc>,
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
                deposit_amount: d.amount,
                bonus: d.bonus.unwrap_or_default(),
                create_time: d.reviewed_at.unwrap_or(d.created_at),
            })
            .collect(),
        total,
    })
}

/// An enabled bonus rule as users see it.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct PublicBonusRule {
    pub coin: String,
    pub min_amount: String,
    /// Percent of the deposit.
    pub ratio: String,
    pub max_bonus: String,
}

impl From<deposit_bonus_rule::Model> for PublicBonusRule {
    fn from(r: deposit_bonus_rule::Model) -> PublicBonusRule {
        PublicBonusRule {
            coin: r.coin,
            min_amount: r.min_amount,
            ratio: r.ratio,
            max_bonus: r.max_bonus,
        }
    }
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
