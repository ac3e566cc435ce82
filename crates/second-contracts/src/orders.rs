//! Placing an order and reading them back. The open price is the coin's
//! last tick on the written price tape (never the client's), the stake is
//! frozen through the ledger in the same transaction as the order row, and
//! the close time is a whole second at least one period away.

use crate::entity::second_contract_order as order;
use crate::limits;
use crate::postings;
use crate::repo::{self, PERIOD_ON, STATUS_OPEN};
use crate::rules::{Direction, Terms};
use crate::views::{OrderView, PeriodView};
use onyx_kernel::ledger::PostingRef;
use onyx_kernel::money::LEDGER_DP;
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_market::repo::catalogue;
use onyx_platform::amounts::parse_amount;
use onyx_platform::{Context, Idempotency};
use onyx_store::DecimalText;
use sea_orm::{ActiveModelTrait, NotSet, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// This product's rows in the shared exposure and country tables.
pub const EXPOSURE_PRODUCT: &str = "second_contracts";

/// Orders a user may have open at once.
pub const OPEN_ORDERS_MAX: u64 = 50;
/// How old the tape's last tick may be to open on.
pub const OPEN_TICK_AGE_MAX_MS: i64 = 3_000;

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
    Ok(repo::periods_on(&ctx.db, coin_id)
        .await?
        .iter()
        .filter_map(PeriodView::of)
        .collect())
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
    if !open_for_orders(&ctx.db).await? {
        return Err(ErrorCode::ProductClosed.into());
    }
    crate::disclosure::require(&ctx.db, crate::disclosure::SECOND_CONTRACTS, user_id).await?;
    crate::countries::require_allowed(&ctx.db, EXPOSURE_PRODUCT, user_id).await?;
    let direction = Direction::from_bet_content(&body.bet_content)
        .ok_or_else(|| failure_at(ErrorCode::InvalidField, "betContent"))?;
    let stake = parse_amount(&body.bet_amount, LEDGER_DP)?;
    let period = repo::period(&ctx.db, body.period_id)
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
    let (min, max) = (period.min_amount.get(), period.max_amount.get());
    if stake.as_decimal() < min || stake.as_decimal() > max {
        return Err(Failure::new(ErrorCode::SecondStakeRange)
            .with("min", min.normalize())
            .with("max", max.normalize())
            .with("coin", postings::STAKE_COIN));
    }
    let coin_name = coin.coin.to_ascii_lowercase();
    let now = ctx.now_ms();
    let tick = ctx
        .prices
        .tape_price(&coin_name, now, OPEN_TICK_AGE_MAX_MS)
        .ok_or_else(|| {
            Failure::new(ErrorCode::PriceUnavailable).with("coin", coin.coin.to_ascii_uppercase())
        })?;
    let close_at = close_time(now, period.period_seconds)
        .ok_or_else(|| Failure::internal("close time out of range"))?;
    let owner = u64::try_from(user_id).map_err(Failure::internal)?;
    let idem = Idempotency::new(key, user_id, "second.place", body);

    let mut txn = ctx.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
    }
    // Counted under the gate, so two orders at once cannot pass the caps.
    if repo::open_count(txn.conn(), user_id).await? >= OPEN_ORDERS_MAX {
        return Err(Failure::new(ErrorCode::SecondOpenOrdersMax).with("max", OPEN_ORDERS_MAX));
    }
    let last = repo::last_opened_at(txn.conn(), user_id).await?;
    limits::pace(last, now, ctx.config.contract_order_gap_ms)?;
    // The window: orders of this period closing within one period length.
    let window = close_at
        .checked_div(i64::from(period.period_seconds).saturating_mul(1000).max(1))
        .unwrap_or_default();
    limits::take_exposure(
        txn.conn(),
        EXPOSURE_PRODUCT,
        period.id,
        window,
        limits::exposure_of(stake.as_decimal(), terms.odds)?,
        period.exposure_cap.get(),
        &coin_name,
    )
    .await?;
    let row = order::ActiveModel {
        id: NotSet,
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
        outcome: Set(None),
        close_price: Set(None),
        close_tick_ms: Set(None),
        close_source: Set(None),
        returned: Set(None),
        winnings: Set(None),
        to_house: Set(None),
        open_tx_id: Set(0),
        settle_tx_id: Set(None),
        settled_at: Set(None),
    }
    .insert(txn.conn())
    .await?;
    let reference = PostingRef::SecondContract(row.id);
    let tx_id = txn
        .post(&reference, postings::stake(owner, stake, &reference, now))
        .await?;
    let mut opened = order::ActiveModel::from(row);
    opened.open_tx_id = Set(tx_id);
    let row = opened.update(txn.conn()).await?;
    let view = OrderView::of(&row, now);
    idem.remember(&mut txn, &view).await?;
    txn.commit().await?;
    Ok(view)
}

/// The key of this product's entry in PLAYING_SETTING (its trade tab).
pub const PLAYING_KEY: &str = "secondContract";

/// Whether the operator has the product open (its PLAYING_SETTING entry,
/// matched by key or name, is on). An absent entry is closed, as its tab
/// is hidden.
pub async fn open_for_orders(db: &impl sea_orm::ConnectionTrait) -> Outcome<bool> {
    product_open(db, PLAYING_KEY).await
}

/// Whether the PLAYING_SETTING entry `key` (matched by key or name) is on.
pub async fn product_open(db: &impl sea_orm::ConnectionTrait, key: &str) -> Outcome<bool> {
    let playing = onyx_store::repo::settings::get(db, "PLAYING_SETTING").await?;
    let entries = playing.as_array().map(Vec::as_slice).unwrap_or_default();
    let named = |e: &serde_json::Value, field: &str| {
        e[field]
            .as_str()
            .is_some_and(|v| v.eq_ignore_ascii_case(key))
    };
    Ok(entries
        .iter()
        .find(|e| named(e, "key") || named(e, "name"))
        .is_some_and(|e| match &e["isOpen"] {
            serde_json::Value::Bool(b) => *b,
            serde_json::Value::Number(n) => n.as_i64() == Some(1),
            serde_json::Value::String(s) => s == "1" || s.eq_ignore_ascii_case("true"),
            _ => false,
        }))
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
    let status = if settled {
        repo::STATUS_SETTLED
    } else {
        STATUS_OPEN
    };
    let (rows, _) =
        repo::user_orders(&ctx.db, user_id, status, Default::default(), 0, LIST_MAX).await?;
    let now = ctx.now_ms();
    Ok(rows.iter().map(|r| OrderView::of(r, now)).collect())
}

/// Rows [`list`] returns at most.
pub const LIST_MAX: u64 = 100;

/// The caller's settled orders, a page at a time.
pub async fn history(
    ctx: &Context,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<OrderView>, u64)> {
    let (rows, total) = repo::user_orders(
        &ctx.db,
        user_id,
        repo::STATUS_SETTLED,
        Default::default(),
        offset,
        limit,
    )
    .await?;
    let now = ctx.now_ms();
    Ok((rows.iter().map(|r| OrderView::of(r, now)).collect(), total))
}
