//! Deposits (the spec's `recharge`): channels, per-user addresses, claims and their checks, and bonus rules.

use crate::deposit_rules::{normalize_tx_hash, SCALE_MAX};
use crate::entity::{deposit, deposit_bonus_rule};
use crate::repo::deposits;
use crate::repo::deposits::DepositStatus;
use crate::WalletContext;
use crate::{asset, parse_amount, Idempotency};
use chrono::{DateTime, Utc};
use onyx_kernel::address::Network;
use onyx_kernel::ErrorCode;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::files::FILE_URL_PREFIX;
use onyx_platform::limits::Action;
use onyx_store::repo::{files, settings};
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, SqlErr};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::str::FromStr;
use utoipa::{IntoParams, ToSchema};

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
            amount: d.amount.to_string(),
            tx_hash: d.tx_hash,
            screenshot: d.screenshot,
            status: d.status.into(),
            contested: false,
            bonus: d.bonus.map(|b| b.to_string()),
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
pub(crate) fn setting_text(v: Option<&Value>) -> String {
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
) -> Outcome<RechargeChannel> {
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
pub(crate) async fn stored_target(
    state: &WalletContext,
    db: &impl ConnectionTrait,
    user_id: i64,
    ch: &RechargeChannel,
) -> Outcome<Option<DepositTarget>> {
    let Some(key) = ch.family.and_then(|f| state.config.deposit_key(f)) else {
        return Ok(None);
    };
    let key = key.map_err(Failure::internal)?;
    let Some(row) = deposits::find_address(db, user_id, &ch.coin, &ch.network).await? else {
        return Ok(None);
    };
    let Some(index) = row.derivation_index else {
        return Ok(None);
    };
    let derived = key.address(index as u64).map_err(Failure::internal)?;
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
) -> Outcome<DepositTarget> {
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
    let key = key.map_err(Failure::internal)?;
    let now = state.clock.now();
    let existing = deposits::find_address(db, user_id, &ch.coin, &ch.network).await?;
    let index = match &existing {
        Some(row) => match row.derivation_index {
            Some(index) => index,
            None => deposits::derivation_index_for(db, user_id, now).await?,
        },
        None => deposits::derivation_index_for(db, user_id, now).await?,
    };
    let address = key.address(index as u64).map_err(Failure::internal)?;
    match existing {
        Some(row) if row.address == address && row.derivation_index == Some(index) => {}
        Some(row) => deposits::set_address(db, row.id, &address).await?,
        None => {
            let created = deposits::create_address(
                db,
                deposits::NewAddress {
                    user_id,
                    coin: &ch.coin,
                    network: &ch.network,
                    address: &address,
                    derivation_index: Some(index),
                    shared: false,
                    now,
                },
            )
            .await;
            match created {
                Ok(_) => {}
                // The same user's concurrent request stored it first: the
                // same index, so the same address.
                Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {}
                Err(e) => return Err(e.into()),
            }
        }
    }
    Ok(DepositTarget {
        address,
        shared: false,
    })
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
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

/// Checks and records a claim: what `payAddress` does, and how the demo
/// seed deposits for its user.
pub async fn claim(
    state: &WalletContext,
    user_id: i64,
    key: Option<String>,
    req: PayRequest,
) -> Outcome<DepositView> {
    let ch = channel(&state.db, &req.coin, &req.symbol).await?;
    let amount = parse_amount(&req.amount, ch.scale)?;
    if let Some(min) = ch.min.filter(|m| amount.as_decimal() < *m) {
        return Err(Failure::new(ErrorCode::DepositBelowMinimum).with("min", min.normalize()));
    }
    if let Some(max) = ch.max.filter(|m| amount.as_decimal() > *m) {
        return Err(Failure::new(ErrorCode::DepositAboveMaximum).with("max", max.normalize()));
    }
    let tx_hash = normalize_tx_hash(ch.family, &req.tx_hash)?;
    let screenshot = screenshot(state, user_id, req.screenshot.as_deref()).await?;
    let idem = Idempotency::new(key, user_id, "recharge.pay", &req);

    // The user's address, before the gate (it needs none; it is theirs
    // whether or not this claim is filed).
    let target = resolve_target(state, &state.db, user_id, &ch).await?;
    let mut txn = state.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
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
    let credited = earlier.iter().any(|d| d.status == DepositStatus::Confirmed);
    if credited || earlier.iter().any(|d| d.user_id == user_id) {
        return Err(ErrorCode::DepositTxHashUsed.into());
    }
    // Counted under the ledger gate, so parallel claims cannot pass it together.
    if deposits::pending_count(txn.conn(), user_id).await? >= CLAIMS_PENDING_MAX {
        return Err(Failure::new(ErrorCode::DepositClaimsPending).with("max", CLAIMS_PENDING_MAX));
    }
    // Counts claims that would be filed: a typo refused above costs the
    // user nothing, a stream of well-formed bogus claims is slowed.
    state.limiter.check(Action::DepositClaim, user_id)?;
    let row = deposits::create(
        txn.conn(),
        deposits::NewDeposit {
            user_id,
            coin: &ch.coin,
            network: &ch.network,
            address: &target.address,
            amount: amount.as_decimal().normalize().into(),
            tx_hash: &tx_hash,
            screenshot: screenshot.as_deref(),
            now: state.clock.now(),
        },
    )
    .await?;
    let mut view = DepositView::from(row);
    view.contested = earlier.iter().any(|d| d.status == DepositStatus::Pending);
    idem.remember(&mut txn, &view).await?;
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
) -> Outcome<HashMap<i64, Vec<deposit::Model>>> {
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
    row.status == DepositStatus::Pending
        && rivals.iter().any(|d| d.status != DepositStatus::Rejected)
}

/// The screenshot as its canonical URL, checked to be the caller's upload.
pub(crate) async fn screenshot(
    state: &WalletContext,
    user_id: i64,
    raw: Option<&str>,
) -> Outcome<Option<String>> {
    let Some(reference) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    let id = match reference.rfind(FILE_URL_PREFIX) {
        Some(at) => reference
            .get(at.saturating_add(FILE_URL_PREFIX.len())..)
            .unwrap_or_default(),
        None => reference,
    };
    let id = id.split(['?', '#']).next().unwrap_or("");
    match files::find(&state.db, id).await? {
        Some(f) if f.user_id == user_id => Ok(Some(format!("{FILE_URL_PREFIX}{}", f.id))),
        _ => Err(Failure::invalid("screenshot")),
    }
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    pub coin: Option<String>,
    /// `pending`, `confirmed` or `rejected`.
    pub status: Option<String>,
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
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
            min_amount: r.min_amount.to_string(),
            ratio: r.ratio.to_string(),
            max_bonus: r.max_bonus.to_string(),
        }
    }
}

/// The address `user_id` deposits `coin` on network `symbol` to: their own,
/// derived once and kept (stable per coin and network), or the shared one.
pub async fn address_for(
    ctx: &WalletContext,
    user_id: i64,
    coin: &str,
    symbol: &str,
) -> Outcome<DepositAddress> {
    let ch = channel(&ctx.db, coin, symbol).await?;
    let target = match stored_target(ctx, &ctx.db, user_id, &ch).await? {
        Some(t) => t,
        None => resolve_target(ctx, &ctx.db, user_id, &ch).await?,
    };
    Ok(DepositAddress {
        coin: ch.coin,
        network: ch.network,
        address: target.address,
        shared: target.shared,
        recharge_min: ch.min_text,
        recharge_max: ch.max_text,
    })
}
