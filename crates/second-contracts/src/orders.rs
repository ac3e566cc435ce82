//! Placing an order and reading them back. The open price is the coin's
//! last tick on the written price tape (never the client's), the stake is
//! frozen through the ledger in the same transaction as the order row, and
//! the close time is a whole second at least one period away.

use crate::entity::{second_contract_order as order, second_contract_period as period};
use crate::product::SecondContracts;
use crate::views::{OrderView, PeriodView};
use onyx_fixed_payout::accept::{self, Slot};
use onyx_kernel::money::Amount;
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_market::api::catalogue;
use onyx_market::api::coin::CoinStatus;
use onyx_platform::{Context, Idempotency};
use sea_orm::Set;
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

/// Opens an order for `user_id`.
pub async fn place(
    ctx: &Context,
    user_id: i64,
    body: &PlaceBody,
    key: Option<String>,
) -> Outcome<OrderView> {
    let mut asked = accept::asked::<SecondContracts>(
        ctx,
        user_id,
        &body.bet_content,
        &body.bet_amount,
        body.period_id,
    )
    .await?;
    let coin = catalogue::find_coin_by_id(&ctx.db, asked.period.coin_id)
        .await?
        .filter(|c| c.status == CoinStatus::On)
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
    let terms = asked.terms()?;
    let seconds = asked.period.period_seconds;
    let now = ctx.now_ms();
    let close_at =
        close_time(now, seconds).ok_or_else(|| Failure::internal("close time out of range"))?;
    // The window: orders of this period closing within one period length.
    let window_no = close_at
        .checked_div(i64::from(seconds).saturating_mul(1000).max(1))
        .unwrap_or_default();
    let idem = Idempotency::new(key, user_id, "second.place", body);
    let slot = Slot::new(&coin.coin, &coin.symbol, now, close_at, window_no);
    accept::open::<SecondContracts>(ctx, &idem, asked, terms, slot, Amount::ZERO, |row| {
        order::ActiveModel {
            base_symbol: Set("usdt".into()),
            ..row
        }
    })
    .await
}

/// The whole second at least `period_seconds` after `now_ms`.
pub fn close_time(now_ms: i64, period_seconds: i32) -> Option<i64> {
    let next_second = now_ms.checked_add(999)?.checked_div(1000)?;
    next_second
        .checked_add(i64::from(period_seconds))?
        .checked_mul(1000)
}
