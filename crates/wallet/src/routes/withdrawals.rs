//! Withdrawals, user side: the channel list with the rules that apply to
//! the caller now, the quote, the submit (which freezes the amount), the
//! history and the status of one request. Quote and submit run the same
//! pure function (`withdrawal_rules::evaluate`), so what the screen shows
//! is what the submit enforces.
//!
//! Valuation for the KYC limits (AUTH_LIMIT, BTC-equivalent over the last
//! 24 hours): each withdrawal is recorded with its USDT value at the fresh
//! index (rounded up to 8 digits); the window's total and this request are
//! expressed in BTC at the fresh BTC index (a BTC withdrawal is its own
//! amount). Without a fresh price we cannot tell whether a limit is
//! crossed, so the value is taken as unbounded: a user whose tier leaves a
//! limit open is refused with that limit's own code (`-4020`/`-4021`,
//! "verify to withdraw more"), the closest existing answer; a user no limit
//! applies to withdraws normally and the request is recorded at 0 USDT, as
//! it bounds nothing for them.
//!
//! The amount is read by the one strict parser (`wallet::parse_number`)
//! with the coin's own precision, so more decimals than the coin has is
//! `-4016` naming that precision, whatever the text.
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
use crate::repo::withdrawals;
use crate::repo::withdrawals::WithdrawalStatus;
use crate::withdraw::{self as rules};
use crate::withdrawal_rules::{evaluate, Proof, WithdrawalRequest};
use crate::withdrawals::*;
use crate::WalletContext;
use axum::extract::FromRef;
use axum::extract::State;
use onyx_account::api::withdraw_addresses;
use onyx_http::admin::status_filter;
use onyx_http::auth::CurrentUser;
use onyx_http::envelope::{ok, Envelope, Page, Reply};
use onyx_http::extract::{ApiQuery, ClientIp};
use onyx_http::IdempotencyKey;
use onyx_kernel::address::{self, Network};
use onyx_kernel::ledger::{AccountId, Wallet};
use onyx_kernel::ErrorCode;
use onyx_platform::Context;
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
    WalletContext: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(coin_list))
        .routes(routes!(quote))
        .routes(routes!(submit))
        .routes(routes!(list))
        .routes(routes!(status))
}

// ---- handlers ----------------------------------------------------------

/// Every withdrawal channel with the rules that apply to the caller now.
#[utoipa::path(post, path = "/api/common/getWithDrawCoinList", tag = "withdraw",
    security(("satoken" = [])),
    responses((status = 200, body = Envelope<Vec<ChannelView>>)))]
async fn coin_list(State(state): State<WalletContext>, me: CurrentUser) -> Reply<Vec<ChannelView>> {
    let s = rules::settings(&state.db).await?;
    let now = state.clock.now();
    let count = today_count(&state.db, &s, me.id(), now).await?;
    let withdrawn_btc = window_btc(&state, &state.db, me.id(), now).await?;
    let tier = rules::kyc_tier(&state.db, me.id()).await?;
    let balances = onyx_store::ledger::user_balances(&state.db, me.id()).await?;
    let addresses = withdraw_addresses::list(&state.db, me.id()).await?;
    let g = &s.rules.setting;
    let auth = &s.rules.auth_limit;
    let window = || WindowView {
        limited: g.limit_time,
        start: g.limit_time_start.format("%H:%M:%S").to_string(),
        end: g.limit_time_end.format("%H:%M:%S").to_string(),
        open: rules::window_open(&s.rules, now, s.offset),
        time_zone: s.offset_text.clone(),
    };
    let mut out = Vec::with_capacity(s.rules.channels.len());
    for c in &s.rules.channels {
        let coin = wallet::asset(&c.coin);
        let spot = AccountId::user(me.id() as u64, Wallet::Spot, &coin);
        let available = balances
            .iter()
            .find(|b| b.account == spot)
            .map(|b| b.available.normalize())
            .unwrap_or_default();
        let day_limit = c.day_withdrawal_num.unwrap_or(g.day_withdrawal_num);
        let free_num = c.free_num.unwrap_or(g.free_num);
        out.push(ChannelView {
            channel: c.name.clone(),
            network: c.network.clone(),
            coin: coin.clone(),
            status: i32::from(c.enabled),
            fee: c.fee.to_string(),
            ratio: c
                .ratio_percent
                .unwrap_or(g.ratio_percent)
                .normalize()
                .to_string(),
            withdrawal_min: c.withdrawal_min.unwrap_or(g.withdrawal_min).to_string(),
            withdrawal_max: c.withdrawal_max.unwrap_or(g.withdrawal_max).to_string(),
            day_withdrawal_num: day_limit,
            free_num,
            scale: rules::coin_scale(&state.db, &coin).await?,
            available: available.to_string(),
            today_count: count,
            remaining_count: (day_limit > 0).then(|| day_limit.saturating_sub(count)),
            next_is_free: count < free_num,
            window: window(),
            check_pass: g.check_pass,
            check_code: g.check_code,
            same_address: g.same_address,
            bound_address: addresses
                .iter()
                .rev()
                .find(|a| a.network == c.name)
                .map(|a| a.address.clone()),
            check_tax: g.check_tax,
            fee_tax: g.fee_tax.to_string(),
            coin_tax: g.coin_tax.to_uppercase(),
            kyc: kyc_view(auth, tier, withdrawn_btc),
        });
    }
    ok(out)
}

/// What a withdrawal would cost and freeze, or the rule it fails. An
/// address, when given, is checked against the network; the password, code
/// and bound address are checked at submit only.
#[utoipa::path(post, path = "/api/withdraw/quote", tag = "withdraw",
    security(("satoken" = [])), params(QuoteQuery),
    responses((status = 200, body = Envelope<QuoteView>)))]
async fn quote(
    State(state): State<WalletContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<QuoteQuery>,
) -> Reply<QuoteView> {
    let channel_name = q.channel.trim();
    let s = rules::settings(&state.db).await?;
    let ch = channel(&s, channel_name)?;
    let coin = wallet::asset(&ch.coin);
    let scale = rules::coin_scale(&state.db, &coin).await?;
    let asked = amount(&q.amount, scale)?;
    if let Some(addr) = q
        .address
        .as_deref()
        .map(str::trim)
        .filter(|a| !a.is_empty())
    {
        address::check(Network::of_channel(&ch.name), addr)?;
    }
    let now = state.clock.now();
    let count = today_count(&state.db, &s, me.id(), now).await?;
    let window = window_btc(&state, &state.db, me.id(), now).await?;
    let req = WithdrawalRequest {
        amount: asked,
        channel_name: channel_name.to_string(),
        coin_scale_dp: scale,
        withdrawals_today_count: count,
        kyc_tier: rules::kyc_tier(&state.db, me.id()).await?,
        withdrawn_24h_btc: for_rules(window),
        amount_btc: for_rules(value_in_btc(&state, &coin, asked)),
        trade_password: Proof::Matched,
        code: Proof::Matched,
        address_is_bound: true,
        now_utc: now,
        platform_offset: s.offset,
    };
    let quote = evaluate(&s.rules, &req).map_err(|r| rules::refusal_error(&r))?;
    ok(QuoteView::from(&quote))
}

/// Submits a withdrawal: the rules are checked and the amount (and a fee
/// in another coin) frozen in one ledger transaction, so two submits can
/// neither both pass the daily count nor both spend one balance.
/// A matched code is used up even if the withdrawal is then refused.
#[utoipa::path(post, path = "/api/withdraw/submit", tag = "withdraw",
    security(("satoken" = [])), params(SubmitQuery),
    responses((status = 200, body = Envelope<WithdrawalView>)))]
async fn submit(
    State(state): State<WalletContext>,
    ClientIp(ip): ClientIp,
    me: CurrentUser,
    key: IdempotencyKey,
    ApiQuery(q): ApiQuery<SubmitQuery>,
) -> Reply<Value> {
    let user = me.account(&state).await?;
    ok(submit_withdrawal(&state, ip, &user, key.0, &q).await?)
}

/// The caller's withdrawals, newest first.
#[utoipa::path(get, path = "/api/withdraw/list", tag = "withdraw",
    security(("satoken" = [])), params(ListQuery),
    responses((status = 200, body = Envelope<Page<WithdrawalView>>)))]
async fn list(
    State(state): State<WalletContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> Reply<Page<WithdrawalView>> {
    let status = status_filter(&q.status, WithdrawalStatus::parse)?;
    let (index, size) = onyx_http::envelope::PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .bounds();
    let (rows, total) = withdrawals::page_for_user(&state.db, me.id(), status, index, size).await?;
    ok(Page {
        rows: rows.into_iter().map(WithdrawalView::from).collect(),
        total,
    })
}

/// The review state of one of the caller's withdrawals; null when there is
/// none. Another user's withdrawal is not found.
#[utoipa::path(post, path = "/api/withdraw/getWithdrawStatus", tag = "withdraw",
    security(("satoken" = [])), params(StatusQuery),
    responses((status = 200, body = Envelope<Option<StatusView>>)))]
async fn status(
    State(state): State<WalletContext>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<StatusQuery>,
) -> Reply<Option<StatusView>> {
    let row = match q.id {
        Some(id) => Some(
            withdrawals::find_for_user(&state.db, me.id(), id)
                .await?
                .ok_or(ErrorCode::NotFound)?,
        ),
        None => withdrawals::latest_for_user(&state.db, me.id()).await?,
    };
    ok(row.map(|w| StatusView {
        id: w.id,
        status: w.status.into(),
        reason: w.reason,
        tx_hash: w.tx_hash,
        review_time: w.reviewed_at,
    }))
}
