//! Placing an order and reading them back. The open price is the coin's
//! last tick on the written price tape (never the client's), the stake is
//! frozen through the ledger in the same transaction as the order row, and
//! the close time is a whole second at least one period away.

use crate::entity::{second_contract_order as order, second_contract_period as period};
use crate::product::SecondContracts;
use crate::repo::{PERIOD_ON, STATUS_OPEN};
use crate::views::{OrderView, PeriodView};
use onyx_fixed_payout::accept::{self, Exposure};
use onyx_fixed_payout::product::Product;
use onyx_fixed_payout::rules::{Direction, Terms};
use onyx_kernel::money::{Amount, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_market::api::catalogue;
use onyx_platform::amounts::parse_amount;
use onyx_platform::{Context, Idempotency};
use onyx_store::DecimalText;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The spec's create body. `openPrice` and `openTime` are the client's and
/// are ignored.
#[derive(Deserialize, Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct PlaceBody {
    /// "1" up, "0" down.
    pub bet_content: String,
    /// The stake in USDT, a plain decimal string.
    pub bet_amount: String,
    pub period_id: i64,
    /// The coin's symbol (`btcusdt`); when sent it must be the period's coin.
    #[serde(default)]
    pub symbol: Option<String>,
    #[serde(default)]
    pub coin_symbol: Option<String>,
    #[serde(default)]
    pub base_symbol: Option<String>,
}

/// The periods a coin offers (`secondId`: its id in the coin list).
pub async fn periods(ctx: &Context, coin_id: i64) -> Outcome<Vec<PeriodView>> {
    Ok(
        onyx_fixed_payout::repo::periods_on::<period::Entity>(&ctx.db, coin_id)
            .await?
            .iter()
            .filter_map(PeriodView::of)
            .collect(),
    )
}

fn failure_at(code: ErrorCode, field: &'static str) -> Failure {
    Failure::new(code).with("field", field)
}

/// Opens an order for `user_id`.
pub async fn place(
    ctx: &Context,
    user_id: i64,
    body: &PlaceBody,
    key: Option<String>,
) -> Outcome<OrderView> {
    accept::admit::<SecondContracts>(&ctx.db, user_id).await?;
    let direction = Direction::from_bet_content(&body.bet_content)
        .ok_or_else(|| failure_at(ErrorCode::InvalidField, "betContent"))?;
    let stake = parse_amount(&body.bet_amount, LEDGER_DP)?;
    let period = period::Entity::find_by_id(body.period_id)
        .one(&ctx.db)
        .await?
        .filter(|p| p.status == PERIOD_ON)
        .ok_or(ErrorCode::SecondPeriodUnknown)?;
    let coin = catalogue::find_coin_by_id(&ctx.db, period.coin_id)
        .await?
        .filter(|c| c.status == catalogue::ON)
        .ok_or(ErrorCode::SecondPeriodUnknown)?;
    let named = |v: &Option<String>| {
        v.as_deref()
            .map(|s| s.trim().to_ascii_lowercase())
            .filter(|s| !s.is_empty())
    };
    if named(&body.symbol).is_some_and(|s| s != coin.symbol.to_ascii_lowercase())
        || named(&body.coin_symbol).is_some_and(|s| s != coin.coin.to_ascii_lowercase())
        || named(&body.base_symbol).is_some_and(|s| s != "usdt")
    {
        return Err(ErrorCode::SecondPeriodUnknown.into());
    }
    let terms = Terms::new(period.odds.get(), period.full_loss == 1)
        .map_err(|e| Failure::internal(format!("period {}: {e}", period.id)))?;
    accept::stake_in_range(stake, period.min_amount.get(), period.max_amount.get())?;
    let coin_name = coin.coin.to_ascii_lowercase();
    let now = ctx.now_ms();
    let tick = accept::open_tick(ctx, &coin_name, now)?;
    let close_at = close_time(now, period.period_seconds)
        .ok_or_else(|| Failure::internal("close time out of range"))?;
    let idem = Idempotency::new(key, user_id, "second.place", body);

    let mut txn = ctx.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
    }
    // The window: orders of this period closing within one period length.
    let window_no = close_at
        .checked_div(i64::from(period.period_seconds).saturating_mul(1000).max(1))
        .unwrap_or_default();
    let exposure = Exposure {
        period_id: period.id,
        window_no,
        stake,
        odds: terms.odds,
        cap: period.exposure_cap.get(),
        coin: &coin_name,
    };
    accept::within_limits::<SecondContracts>(txn.conn(), ctx, user_id, now, &exposure).await?;
    let row = order::ActiveModel {
        order_no: Set(format!("S{}", hex::encode_upper(rand::random::<[u8; 8]>()))),
        user_id: Set(user_id),
        coin: Set(coin_name),
        symbol: Set(coin.symbol.to_ascii_lowercase()),
        base_symbol: Set("usdt".into()),
        period_id: Set(period.id),
        period_seconds: Set(period.period_seconds),
        direction: Set(match direction {
            Direction::Up => "up".into(),
            Direction::Down => "down".into(),
        }),
        stake: Set(DecimalText::from(stake.as_decimal())),
        odds: Set(DecimalText::from(terms.odds.normalize())),
        full_loss: Set(i32::from(terms.full_loss)),
        open_price: Set(DecimalText::from(tick.price.normalize())),
        open_tick_ms: Set(tick.ts_ms),
        open_source: Set(tick.source.to_string()),
        opened_at: Set(now),
        close_at: Set(close_at),
        status: Set(STATUS_OPEN.into()),
        open_tx_id: Set(0),
        // The settlement's columns stay empty until it settles.
        ..Default::default()
    }
    .insert(txn.conn())
    .await?;
    let view = accept::post_open::<SecondContracts>(&mut txn, &idem, row, stake, Amount::ZERO, now)
        .await?;
    txn.commit().await?;
    Ok(view)
}

/// Whether the operator has the product open (its PLAYING_SETTING entry,
/// matched by key or name, is on).
pub async fn open_for_orders(db: &impl sea_orm::ConnectionTrait) -> Outcome<bool> {
    accept::product_open(db, SecondContracts::OFFER.playing_key).await
}

/// The whole second at least `period_seconds` after `now_ms`.
pub fn close_time(now_ms: i64, period_seconds: i32) -> Option<i64> {
    let next_second = now_ms.checked_add(999)?.checked_div(1000)?;
    next_second
        .checked_add(i64::from(period_seconds))?
        .checked_mul(1000)
}

/// The caller's open orders (`status` 0) or recently settled ones (1),
/// newest first; the full history pages through [`history`].
pub async fn list(ctx: &Context, user_id: i64, settled: bool) -> Outcome<Vec<OrderView>> {
    accept::list::<SecondContracts>(ctx, user_id, settled).await
}

/// The caller's settled orders, a page at a time.
pub async fn history(
    ctx: &Context,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<OrderView>, u64)> {
    accept::history::<SecondContracts>(ctx, user_id, offset, limit).await
}
