//! Withdrawals: channels with their fees and limits, the quote, the proofs (fund password, code, bound address), and the submit that freezes the amount.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use crate as wallet;
use crate::entity::withdrawal;
use crate::postings;
use crate::repo::withdrawals;
use crate::withdraw::{self as rules, Settings};
use crate::withdrawal_rules::{
    self, evaluate, Proof, ProofFailure, Quote, Refusal, WithdrawalChannel, WithdrawalRequest,
};
use crate::Idempotency;
use crate::WalletContext;
use chrono::{DateTime, Utc};
use onyx_account::api::withdraw_addresses;
use onyx_kernel::address::{self, Network};
use onyx_kernel::identity::CodePurpose;
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::Amount;
use onyx_kernel::ErrorCode;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::codes;
use onyx_store::repo::codes as code_rows;
use rust_decimal::RoundingStrategy;
use sea_orm::ConnectionTrait;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::net::IpAddr;
use utoipa::{IntoParams, ToSchema};

/// Digits a USDT valuation is rounded up to.
const USDT_VALUE_DP: u32 = 8;
/// Digits a BTC-equivalent valuation is rounded up to (one satoshi).
const BTC_VALUE_DP: u32 = 8;
/// The coin the KYC limits are counted in.
const BTC: &str = "BTC";

// ---- views -------------------------------------------------------------

/// The withdrawal window as it applies now.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct WindowView {
    /// `limitTime`: withdrawals only inside the window.
    pub limited: bool,
    pub start: String,
    pub end: String,
    /// Whether a withdrawal is possible now.
    pub open: bool,
    /// The platform offset the window is in, e.g. `+08:00`.
    pub time_zone: String,
}

/// The KYC limits (BTC-equivalent over the last 24 hours) and where the
/// caller stands.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct KycLimitView {
    /// `none`, `primary` or `advanced`.
    pub tier: String,
    /// What every limit is counted in: `BTC` (equivalent, at the index).
    pub unit: String,
    /// How far back the limits look, in hours.
    pub window_hours: u32,
    pub primary_limit: String,
    pub primary_open: bool,
    pub senior_limit: String,
    pub senior_open: bool,
    /// The limit the caller is held to; null when none applies.
    pub limit: Option<String>,
    /// Withdrawn in the window, BTC-equivalent; null without a fresh BTC
    /// index price.
    pub withdrawn_btc: Option<String>,
    /// What is left of `limit`; null when no limit applies or without a
    /// price.
    pub remaining_btc: Option<String>,
    /// The verification that changes the limit (`primary`, `advanced`);
    /// null when none would.
    pub raised_by: Option<String>,
    /// The limit after that verification; null when it lifts the limit.
    pub raised_limit: Option<String>,
}

/// One withdrawal channel with its effective rules for the caller.
#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ChannelView {
    /// `rechargeName`, what quote and submit take as `channel`.
    pub channel: String,
    pub network: String,
    pub coin: String,
    /// 1 open, 0 suspended.
    pub status: i32,
    /// Fixed network fee in the coin.
    pub fee: String,
    /// Percent of the amount (waived while `nextIsFree`).
    pub ratio: String,
    pub withdrawal_min: String,
    pub withdrawal_max: String,
    /// 0: no daily limit.
    pub day_withdrawal_num: u32,
    pub free_num: u32,
    /// Fractional digits an amount may carry.
    pub scale: u32,
    /// Spot balance available in the coin.
    pub available: String,
    pub today_count: u32,
    /// Withdrawals left today; null without a daily limit.
    pub remaining_count: Option<u32>,
    pub next_is_free: bool,
    pub window: WindowView,
    pub check_pass: bool,
    pub check_code: bool,
    pub same_address: bool,
    /// The caller's address for this channel, if bound.
    pub bound_address: Option<String>,
    pub check_tax: bool,
    pub fee_tax: String,
    pub coin_tax: String,
    pub kyc: KycLimitView,
}

#[derive(Serialize, ToSchema, Debug)]
pub struct SeparateFeeView {
    pub coin: String,
    pub amount: String,
}

#[derive(Serialize, ToSchema, Debug)]
#[schema(as = WithdrawQuoteView)]
#[serde(rename_all = "camelCase")]
pub struct QuoteView {
    pub coin: String,
    pub amount: String,
    pub fee: String,
    pub net_amount: String,
    pub total_frozen: String,
    pub separate_fee: Option<SeparateFeeView>,
    pub remaining_today_count: Option<u32>,
    pub free: bool,
}

impl From<&Quote> for QuoteView {
    fn from(q: &Quote) -> QuoteView {
        QuoteView {
            coin: q.coin.clone(),
            amount: q.amount.to_string(),
            fee: q.fee.to_string(),
            net_amount: q.net_amount.to_string(),
            total_frozen: q.total_frozen.to_string(),
            separate_fee: q.separate_fee.as_ref().map(|s| SeparateFeeView {
                coin: s.coin.clone(),
                amount: s.amount.to_string(),
            }),
            remaining_today_count: q.remaining_today_count,
            free: q.free,
        }
    }
}

/// A withdrawal request as its owner sees it.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalView {
    pub id: i64,
    pub coin: String,
    pub channel: String,
    pub network: String,
    pub address: String,
    pub amount: String,
    pub fee: String,
    pub net_amount: String,
    pub separate_fee_coin: Option<String>,
    pub separate_fee: Option<String>,
    /// `pending`, `approved` or `rejected`.
    pub status: String,
    pub tx_hash: Option<String>,
    pub reason: Option<String>,
    pub create_time: DateTime<Utc>,
    pub review_time: Option<DateTime<Utc>>,
}

impl From<withdrawal::Model> for WithdrawalView {
    fn from(w: withdrawal::Model) -> WithdrawalView {
        WithdrawalView {
            id: w.id,
            coin: w.coin,
            channel: w.channel,
            network: w.network,
            address: w.address,
            amount: w.amount.to_string(),
            fee: w.fee.to_string(),
            net_amount: w.net_amount.to_string(),
            separate_fee_coin: w.separate_fee_coin,
            separate_fee: w.separate_fee.map(|f| f.to_string()),
            status: w.status.into(),
            tx_hash: w.tx_hash,
            reason: w.reason,
            create_time: w.created_at,
            review_time: w.reviewed_at,
        }
    }
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct StatusView {
    pub id: i64,
    pub status: String,
    pub reason: Option<String>,
    pub tx_hash: Option<String>,
    pub review_time: Option<DateTime<Utc>>,
}

// ---- shared steps ------------------------------------------------------

/// The channel named `name` (`rechargeName`, else `rechargeType`), as the
/// rules find it.
pub(crate) fn channel<'a>(s: &'a Settings, name: &str) -> Outcome<&'a WithdrawalChannel> {
    let channels = &s.rules.channels;
    channels
        .iter()
        .find(|c| c.name == name)
        .or_else(|| channels.iter().find(|c| c.network == name))
        .ok_or_else(|| {
            rules::refusal_error(&Refusal::ChannelUnknown {
                name: name.to_string(),
            })
        })
}

/// How many withdrawals the user made this platform day (the daily count),
/// on `db` (inside the ledger transaction at submit, so concurrent submits
/// see each other).
pub(crate) async fn today_count(
    db: &impl ConnectionTrait,
    s: &Settings,
    user_id: i64,
    now: DateTime<Utc>,
) -> Outcome<u32> {
    let (from, to) = rules::platform_day(now, s.offset);
    let day = withdrawals::day_summary(db, user_id, from, to).await?;
    Ok(u32::try_from(day.count).unwrap_or(u32::MAX))
}

/// What the user withdrew in the KYC limits' window (the last 24 hours,
/// not rejected), BTC-equivalent: BTC withdrawals at their amount, the rest
/// at their USDT value when submitted, in BTC at the fresh BTC index;
/// `None` when that needs a price there is not.
pub(crate) async fn window_btc(
    state: &WalletContext,
    db: &impl ConnectionTrait,
    user_id: i64,
    now: DateTime<Utc>,
) -> Outcome<Option<Amount>> {
    let hours = i64::from(withdrawal_rules::KYC_WINDOW_HOURS);
    let from = now
        .checked_sub_signed(chrono::Duration::hours(hours))
        .unwrap_or(now);
    // Rows written in this very second count too.
    let to = now
        .checked_add_signed(chrono::Duration::minutes(1))
        .unwrap_or(now);
    let window = withdrawals::day_summary(db, user_id, from, to).await?;
    let btc = Amount::from_decimal(window.btc_amount).map_err(Failure::internal)?;
    let other = Amount::from_decimal(window.other_usdt).map_err(Failure::internal)?;
    Ok(usdt_in_btc(state, other).and_then(|o| o.checked_add(btc)))
}

/// `amount` of `coin` in USDT at the fresh index price, rounded up; `None`
/// without a fresh price.
pub(crate) fn value_in_usdt(state: &WalletContext, coin: &str, amount: Amount) -> Option<Amount> {
    let price = wallet::usdt_price(state, coin)?;
    let value = amount.as_decimal().checked_mul(price)?;
    Amount::from_decimal(
        value.round_dp_with_strategy(USDT_VALUE_DP, RoundingStrategy::AwayFromZero),
    )
    .ok()
}

/// `usdt` in BTC at the fresh BTC index, rounded up to 8 digits; `None`
/// without a fresh price (zero needs none).
pub(crate) fn usdt_in_btc(state: &WalletContext, usdt: Amount) -> Option<Amount> {
    if usdt.is_zero() {
        return Some(Amount::ZERO);
    }
    let btc = wallet::usdt_price(state, BTC).filter(|p| !p.is_zero())?;
    let value = usdt.as_decimal().checked_div(btc)?;
    Amount::from_decimal(value.round_dp_with_strategy(BTC_VALUE_DP, RoundingStrategy::AwayFromZero))
        .ok()
}

/// `amount` of `coin` BTC-equivalent: the amount itself for BTC, else its
/// USDT value at the index in BTC.
pub(crate) fn value_in_btc(state: &WalletContext, coin: &str, amount: Amount) -> Option<Amount> {
    if coin.eq_ignore_ascii_case(BTC) {
        return Some(amount);
    }
    usdt_in_btc(state, value_in_usdt(state, coin, amount)?)
}

/// What the KYC check compares against its limits: the value, or an
/// unbounded one without a price (see the routes' module doc).
pub(crate) fn for_rules(valued: Option<Amount>) -> Amount {
    valued.unwrap_or(Amount::MAX)
}

/// Where the caller stands against the KYC limits.
pub(crate) fn kyc_view(
    limits: &withdrawal_rules::AuthLimit,
    tier: withdrawal_rules::KycTier,
    withdrawn_btc: Option<Amount>,
) -> KycLimitView {
    let limit = limits.limit_for(tier);
    let raised = limits.raised_by(tier);
    KycLimitView {
        tier: rules::tier_name(tier).into(),
        unit: BTC.into(),
        window_hours: withdrawal_rules::KYC_WINDOW_HOURS,
        primary_limit: limits.primary_limit_btc.to_string(),
        primary_open: limits.is_open_primary,
        senior_limit: limits.senior_limit_btc.to_string(),
        senior_open: limits.is_open_senior,
        limit: limit.map(|l| l.to_string()),
        withdrawn_btc: withdrawn_btc.map(|w| w.to_string()),
        remaining_btc: limit.zip(withdrawn_btc).map(|(l, w)| {
            l.checked_sub(w)
                .filter(|r| *r >= Amount::ZERO)
                .unwrap_or(Amount::ZERO)
                .to_string()
        }),
        raised_by: raised.map(|(t, _)| rules::tier_name(t).into()),
        raised_limit: raised.and_then(|(_, after)| after).map(|l| l.to_string()),
    }
}

/// A withdrawal amount of a coin with `scale_dp` decimals.
pub(crate) fn amount(text: &str, scale_dp: u32) -> Outcome<Amount> {
    wallet::parse_amount_with(text, scale_dp, || {
        rules::refusal_error(&Refusal::AmountTooPrecise { scale_dp })
    })
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct QuoteQuery {
    /// A channel's `rechargeName`, e.g. `USDT-TRC20`.
    pub channel: String,
    pub amount: String,
    /// When given, checked against the channel's network (`-1070`).
    pub address: Option<String>,
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SubmitQuery {
    /// A channel's `rechargeName`, e.g. `USDT-TRC20`.
    pub channel: String,
    pub amount: String,
    pub address: String,
    /// The fund password, when `checkPass` is on.
    pub trade_pwd: Option<String>,
    /// A `security` code sent to the account's email or phone, when
    /// `checkCode` is on.
    pub code: Option<String>,
}

/// What identifies a submit for idempotency: the amount as sent, so a
/// retry is recognised before the amount is read. The password and code
/// are left out: a hash of a 6-digit password is easily reversed.
#[derive(Serialize)]
pub(crate) struct SubmitFingerprint<'a> {
    channel: &'a str,
    amount: &'a str,
    address: &'a str,
}

/// Checks a withdrawal against every rule and freezes its amount (and a
/// separate fee) in one ledger transaction; the operator pays it out or
/// rejects it. Idempotent: a retry gets the first answer even though its
/// code was used up.
pub async fn submit_withdrawal(
    state: &WalletContext,
    ip: std::net::IpAddr,
    me: &onyx_store::entity::user::Model,
    key: Option<String>,
    q: &SubmitQuery,
) -> Outcome<Value> {
    let channel_name = q.channel.trim();
    let addr = q.address.trim();
    let has_key = key.is_some();
    let idem = Idempotency::new(
        key,
        me.id,
        "withdraw.submit",
        &SubmitFingerprint {
            channel: channel_name,
            amount: &q.amount,
            address: addr,
        },
    );
    // A retry must get its first answer even though its code was used up
    // by the first call: look before checking any proof.
    if has_key {
        let mut txn = state.ledger.begin().await?;
        if let Some(stored) = idem.replay(&mut txn).await? {
            return Ok(stored);
        }
    }
    let s = rules::settings(&state.db).await?;
    let ch = channel(&s, channel_name)?.clone();
    let coin = wallet::asset(&ch.coin);
    let scale = rules::coin_scale(&state.db, &coin).await?;
    let asked = amount(&q.amount, scale)?;
    let g = &s.rules.setting;
    let trade_password = if g.check_pass {
        trade_password_proof(state, me, q.trade_pwd.as_deref()).await?
    } else {
        Proof::NotGiven
    };
    let code = if g.check_code {
        code_proof(state, ip, me, q.code.as_deref()).await?
    } else {
        Proof::NotGiven
    };
    let bound = withdraw_addresses::list(&state.db, me.id)
        .await?
        .into_iter()
        .rev()
        .find(|a| a.network == ch.name)
        .is_some_and(|a| a.address == addr);
    // A malformed address is refused before any rule: it is the mistake
    // the user can fix at once.
    address::check(Network::of_channel(&ch.name), addr)?;
    let tier = rules::kyc_tier(&state.db, me.id).await?;
    let valued = value_in_usdt(state, &coin, asked);
    let valued_btc = value_in_btc(state, &coin, asked);

    let mut txn = state.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return Ok(stored);
    }
    let now = state.clock.now();
    let count = today_count(txn.conn(), &s, me.id, now).await?;
    let window = window_btc(state, txn.conn(), me.id, now).await?;
    let req = WithdrawalRequest {
        amount: asked,
        channel_name: channel_name.to_string(),
        coin_scale_dp: scale,
        withdrawals_today_count: count,
        kyc_tier: tier,
        withdrawn_24h_btc: for_rules(window),
        amount_btc: for_rules(valued_btc),
        trade_password,
        code,
        address_is_bound: bound,
        now_utc: now,
        platform_offset: s.offset,
    };
    let quote = match evaluate(&s.rules, &req) {
        Ok(quote) => quote,
        Err(Refusal::TradePassword(ProofFailure::Wrong)) if me.trade_password_hash.is_none() => {
            return Err(ErrorCode::TradePasswordNotSet.into())
        }
        Err(refusal) => return Err(rules::refusal_error(&refusal)),
    };
    let separate = quote
        .separate_fee
        .as_ref()
        .map(|f| (f.coin.clone(), f.amount.as_decimal().into()));
    let row = withdrawals::insert(
        txn.conn(),
        withdrawals::NewWithdrawal {
            user_id: me.id,
            coin: &coin,
            channel: &ch.name,
            network: &ch.network,
            address: addr,
            amount: quote.amount.as_decimal().into(),
            fee: quote.fee.as_decimal().into(),
            net_amount: quote.net_amount.as_decimal().into(),
            separate_fee: separate.as_ref().map(|(c, a)| (c.as_str(), *a)),
            amount_usdt: valued.unwrap_or(Amount::ZERO).as_decimal().into(),
            now,
        },
    )
    .await?;
    let reference = PostingRef::Withdrawal(row.id);
    let user = u64::try_from(me.id).map_err(Failure::internal)?;
    let hold = postings::WithdrawalHold {
        coin: coin.clone(),
        amount: quote.total_frozen,
        net_amount: quote.net_amount,
        fee: quote.fee,
        separate_fee: quote
            .separate_fee
            .as_ref()
            .map(|f| (wallet::asset(&f.coin), f.amount)),
    };
    let freeze = postings::withdrawal_freeze(user, &hold, &reference, now.timestamp_millis());
    txn.post(&reference, freeze).await?;
    let value = idem
        .remember(&mut txn, &WithdrawalView::from(row.clone()))
        .await?;
    txn.commit().await?;
    tracing::info!(
        user_id = me.id,
        withdrawal_id = row.id,
        coin = %coin,
        amount = %quote.amount,
        "withdrawal submitted"
    );
    Ok(value)
}

/// The fund password as a proof; a locked account is refused outright.
/// An account without a fund password cannot match one.
pub(crate) async fn trade_password_proof(
    state: &WalletContext,
    me: &onyx_store::entity::user::Model,
    given: Option<&str>,
) -> Outcome<Proof> {
    let Some(given) = given.filter(|p| !p.is_empty()) else {
        return Ok(Proof::NotGiven);
    };
    let Some(hash) = &me.trade_password_hash else {
        return Ok(Proof::Wrong);
    };
    match onyx_platform::lockout::verify_in_session(
        &state.ctx,
        me.id,
        hash,
        given,
        ErrorCode::WithdrawTradePassword,
    )
    .await
    {
        Ok(()) => Ok(Proof::Matched),
        Err(e) if e.code == ErrorCode::WithdrawTradePassword => Ok(Proof::Wrong),
        Err(e) => Err(e),
    }
}

/// A `security` code sent to the account's email or phone, as a proof.
/// The target is the one holding an unused code for this user (email
/// first), so a code sent either way works.
pub(crate) async fn code_proof(
    state: &WalletContext,
    ip: IpAddr,
    me: &onyx_store::entity::user::Model,
    given: Option<&str>,
) -> Outcome<Proof> {
    let Some(given) = given.map(str::trim).filter(|c| !c.is_empty()) else {
        return Ok(Proof::NotGiven);
    };
    let purpose = CodePurpose::Security;
    let targets: Vec<&str> = [me.email.as_deref(), me.phone.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    let mut target = targets.first().copied();
    for t in &targets {
        if code_rows::find_unused(&state.db, t, purpose.as_str(), Some(me.id))
            .await?
            .is_some()
        {
            target = Some(*t);
            break;
        }
    }
    let Some(target) = target else {
        return Ok(Proof::Wrong);
    };
    match codes::check(state, ip, target, purpose, Some(me.id), given).await {
        Ok(()) => Ok(Proof::Matched),
        Err(e)
            if matches!(
                e.code,
                ErrorCode::CodeInvalid
                    | ErrorCode::CodeExpired
                    | ErrorCode::CodeAttemptsExceeded
                    | ErrorCode::CodeRequired
            ) =>
        {
            Ok(Proof::Wrong)
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    pub page_num: Option<u64>,
    pub page_size: Option<u64>,
    /// `pending`, `approved` or `rejected`; all without it.
    pub status: Option<String>,
}

#[derive(Deserialize, IntoParams, Debug)]
#[into_params(parameter_in = Query)]
pub struct StatusQuery {
    /// The withdrawal; the caller's latest without it.
    pub id: Option<i64>,
}
