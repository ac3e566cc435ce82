//! What every product checks when it accepts an order, and lists back: the
//! product open, the user's disclosure and country, the stake within the
//! period's range, a fresh tick on the tape to open on and, under the
//! ledger gate so two orders at once cannot both pass, the open-order cap,
//! the gap between orders and the house's exposure cap.

use crate::postings::{self, STAKE_COIN};
use crate::product::Product;
use crate::repo::{self, OrderStatus, PERIOD_ON};
use crate::rules::{Direction, Terms};
use crate::table::{Opening, OrderRow, OrderTable, PeriodRow, PeriodTable};
use crate::{countries, disclosure, limits};
use onyx_kernel::money::{Amount, LEDGER_DP};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_platform::amounts::parse_amount;
use onyx_platform::prices::IndexPrice;
use onyx_platform::{Context, Idempotency};
use onyx_store::ledger::LedgerTxn;
use onyx_store::sort::Sort;
use rust_decimal::Decimal;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::de::DeserializeOwned;

type Model<P> = <<P as Product>::Orders as EntityTrait>::Model;
type ActiveModel<P> = <<P as Product>::Orders as EntityTrait>::ActiveModel;
type PeriodModel<P> = <<P as Product>::Periods as EntityTrait>::Model;

/// Orders a user may have open at once, per product.
pub const OPEN_ORDERS_MAX: u64 = 50;
/// How old the tape's last tick may be to open on.
pub const OPEN_TICK_AGE_MAX_MS: i64 = 3_000;
/// Rows [`list`] returns at most.
pub const LIST_MAX: u64 = 100;

/// Whether the PLAYING_SETTING entry `key` (matched by key or name) is on.
/// An absent entry is closed, as its tab is hidden.
pub async fn product_open(db: &impl ConnectionTrait, key: &str) -> Outcome<bool> {
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

/// Where a product is offered and to whom: its PLAYING_SETTING key, its
/// disclosure, and its rows in the shared exposure and country tables.
pub struct Offer {
    pub playing_key: &'static str,
    pub disclosure: disclosure::Product,
    pub exposure_product: &'static str,
}

/// Refuses a user `P` is not open to now.
pub async fn admit<P: Product>(db: &impl ConnectionTrait, user_id: i64) -> Outcome<()> {
    let offer = &P::OFFER;
    if !product_open(db, offer.playing_key).await? {
        return Err(ErrorCode::ProductClosed.into());
    }
    disclosure::require(db, offer.disclosure, user_id).await?;
    countries::require_allowed(db, offer.exposure_product, user_id).await
}

/// Refuses a stake outside the period's `[min, max]`.
pub fn stake_in_range(stake: Amount, min: Decimal, max: Decimal) -> Outcome<()> {
    if stake.as_decimal() < min || stake.as_decimal() > max {
        return Err(Failure::new(ErrorCode::SecondStakeRange)
            .with("min", min.normalize())
            .with("max", max.normalize())
            .with("coin", STAKE_COIN));
    }
    Ok(())
}

/// The coin's last tick on the written tape, if fresh: what an order opens
/// on (never the client's price).
pub fn open_tick(ctx: &Context, coin: &str, now_ms: i64) -> Outcome<IndexPrice> {
    ctx.prices
        .tape_price(coin, now_ms, OPEN_TICK_AGE_MAX_MS)
        .ok_or_else(|| {
            Failure::new(ErrorCode::PriceUnavailable).with("coin", coin.to_ascii_uppercase())
        })
}

/// What one order adds to its period's window.
pub struct Exposure<'a> {
    pub period_id: i64,
    /// The window (second contracts) or issue (options) it closes in.
    pub window_no: i64,
    pub stake: Amount,
    pub odds: Decimal,
    pub cap: Decimal,
    pub coin: &'a str,
}

/// The limits checked under the ledger gate (`conn` is the gate's
/// transaction): the open-order cap, the gap since the user's last order,
/// and the exposure cap, which this order's exposure is added to.
pub async fn within_limits<P: Product>(
    conn: &impl ConnectionTrait,
    ctx: &Context,
    user_id: i64,
    now_ms: i64,
    e: &Exposure<'_>,
) -> Outcome<()> {
    if repo::open_count::<P::Orders>(conn, user_id).await? >= OPEN_ORDERS_MAX {
        return Err(Failure::new(ErrorCode::SecondOpenOrdersMax).with("max", OPEN_ORDERS_MAX));
    }
    let last = repo::last_opened_at::<P::Orders>(conn, user_id).await?;
    limits::pace(last, now_ms, ctx.config.contract_order_gap_ms)?;
    limits::take_exposure(
        conn,
        P::OFFER.exposure_product,
        e.period_id,
        e.window_no,
        limits::exposure_of(e.stake.as_decimal(), e.odds)?,
        e.cap,
        e.coin,
    )
    .await
}

/// Posts the opening of the order just inserted as `row` (its stake frozen,
/// its fee taken) in the gate's transaction, notes the posting on the row,
/// and answers (and remembers for a replay) its view. The caller commits.
pub async fn post_open<P: Product>(
    txn: &mut LedgerTxn,
    idem: &Idempotency,
    row: Model<P>,
    stake: Amount,
    fee: Amount,
    now_ms: i64,
) -> Outcome<P::View> {
    let f = row.fields();
    let owner = u64::try_from(f.user_id).map_err(Failure::internal)?;
    let reference = P::reference(f.id);
    let tx_id = txn
        .post(
            &reference,
            postings::open(owner, stake, fee, &reference, now_ms),
        )
        .await?;
    let mut opened = <P::Orders as EntityTrait>::ActiveModel::from(row);
    opened.set(<P::Orders as OrderTable>::OPEN_TX_ID, tx_id.into());
    let row = opened.update(txn.conn()).await?;
    let view = P::view(&row, now_ms);
    idem.remember(txn, &view).await?;
    Ok(view)
}

/// The period `period_id` if it is on offer (-6001 if not).
pub async fn open_period<P: Product>(
    db: &impl ConnectionTrait,
    period_id: i64,
) -> Outcome<PeriodModel<P>> {
    Ok(<P::Periods as EntityTrait>::find()
        .filter(<P::Periods as PeriodTable>::ID.eq(period_id))
        .filter(<P::Periods as PeriodTable>::STATUS.eq(PERIOD_ON))
        .one(db)
        .await?
        .ok_or(ErrorCode::SecondPeriodUnknown)?)
}

/// What a user asked for, read the same way in every product once the
/// product is open to them: the direction (in the product's own
/// `betContent`), the stake, and the period, which must be on offer.
pub struct Asked<P: Product> {
    pub user_id: i64,
    pub direction: Direction,
    pub stake: Amount,
    pub period: PeriodModel<P>,
}

/// Reads an order's ask for `user_id`: the product admits them, then the
/// direction, the stake and the period are checked in that order.
pub async fn asked<P: Product>(
    ctx: &Context,
    user_id: i64,
    bet_content: &str,
    bet_amount: &str,
    period_id: i64,
) -> Outcome<Asked<P>> {
    admit::<P>(&ctx.db, user_id).await?;
    let direction = P::direction(bet_content).ok_or_else(|| Failure::invalid("betContent"))?;
    let stake = parse_amount(bet_amount, LEDGER_DP)?;
    let period = open_period::<P>(&ctx.db, period_id).await?;
    Ok(Asked {
        user_id,
        direction,
        stake,
        period,
    })
}

impl<P: Product> Asked<P> {
    /// The period's terms, with the stake inside its range.
    pub fn terms(&mut self) -> Outcome<Terms> {
        let stake = self.stake;
        let f = self.period.fields();
        let terms = Terms::new(f.odds.get(), *f.full_loss == 1)
            .map_err(|e| Failure::internal(format!("{} period {}: {e}", P::NAME, f.id)))?;
        stake_in_range(stake, f.min_amount.get(), f.max_amount.get())?;
        Ok(terms)
    }
}

/// When and on what an order runs, as its product decides: the coin whose
/// tape decides it and its symbol, the time it is accepted and the time it
/// closes, and the window (second contracts) or issue (options) whose
/// exposure it adds to.
pub struct Slot {
    coin: String,
    symbol: String,
    opened_at: i64,
    close_at: i64,
    window_no: i64,
}

impl Slot {
    pub fn new(coin: &str, symbol: &str, opened_at: i64, close_at: i64, window_no: i64) -> Slot {
        Slot {
            coin: coin.to_ascii_lowercase(),
            symbol: symbol.to_ascii_lowercase(),
            opened_at,
            close_at,
            window_no,
        }
    }
}

/// Opens the order `asked` on `terms` in `slot`, paying `fee`, under the
/// ledger gate: its open price is the slot's coin's fresh tick on the tape;
/// a replay of `idem` answers what it answered first; else the limits are
/// checked, the row (the shared columns, then the product's own through
/// `own`) inserted, its opening posted and its view answered, all in one
/// transaction.
pub async fn open<P: Product>(
    ctx: &Context,
    idem: &Idempotency,
    mut asked: Asked<P>,
    terms: Terms,
    slot: Slot,
    fee: Amount,
    own: impl FnOnce(ActiveModel<P>) -> ActiveModel<P>,
) -> Outcome<P::View>
where
    P::View: DeserializeOwned,
{
    let now = slot.opened_at;
    let tick = open_tick(ctx, &slot.coin, now)?;
    let period = asked.period.fields();
    let (period_id, period_seconds) = (*period.id, *period.period_seconds);
    let cap = period.exposure_cap.get();
    let mut txn = ctx.ledger.begin().await?;
    if let Some(stored) = idem.replay(&mut txn).await? {
        return serde_json::from_value(stored).map_err(Failure::internal);
    }
    let exposure = Exposure {
        period_id,
        window_no: slot.window_no,
        stake: asked.stake,
        odds: terms.odds,
        cap,
        coin: &slot.coin,
    };
    within_limits::<P>(txn.conn(), ctx, asked.user_id, now, &exposure).await?;
    let opening = Opening {
        order_no: format!(
            "{}{}",
            P::ORDER_PREFIX,
            hex::encode_upper(rand::random::<[u8; 8]>())
        ),
        user_id: asked.user_id,
        coin: slot.coin.clone(),
        symbol: slot.symbol,
        period_id,
        period_seconds,
        direction: asked.direction,
        stake: asked.stake,
        terms,
        tick,
        close_at: slot.close_at,
    };
    let row = own(P::Orders::opening(opening, now))
        .insert(txn.conn())
        .await?;
    let view = post_open::<P>(&mut txn, idem, row, asked.stake, fee, now).await?;
    txn.commit().await?;
    Ok(view)
}

/// The caller's open orders, or (`settled`) their latest settled ones,
/// newest first; the full history pages through [`history`].
pub async fn list<P: Product>(ctx: &Context, user_id: i64, settled: bool) -> Outcome<Vec<P::View>> {
    let status = if settled {
        OrderStatus::Settled
    } else {
        OrderStatus::Open
    };
    Ok(history_in::<P>(ctx, user_id, status, 0, LIST_MAX).await?.0)
}

/// The caller's settled orders, a page at a time.
pub async fn history<P: Product>(
    ctx: &Context,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<P::View>, u64)> {
    history_in::<P>(ctx, user_id, OrderStatus::Settled, offset, limit).await
}

async fn history_in<P: Product>(
    ctx: &Context,
    user_id: i64,
    status: OrderStatus,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<P::View>, u64)> {
    let sort = Sort::<<P::Orders as OrderTable>::Sort>::default();
    let (rows, total) = repo::user_orders(&ctx.db, user_id, status, sort, offset, limit).await?;
    let now = ctx.now_ms();
    Ok((rows.iter().map(|r| P::view(r, now)).collect(), total))
}
