//! The task that owns one pair's order book.
//!
//! Requests arrive on a bounded channel, each with a oneshot for its
//! answer. The task takes the first waiting request and whatever else is
//! already queued (at most [`BATCH_MAX`]) and runs the whole batch inside one
//! ledger transaction (group commit): one pass through the ledger gate and
//! one database commit for many orders. Nothing is answered or published
//! before that commit; if any write of the batch fails, the transaction is
//! rolled back, the book is rebuilt from the store (which still holds the
//! state before the batch) and every request of the batch gets an internal
//! error, so nothing acknowledged is ever lost.
//!
//! Inside the batch, every refusal a user can cause (a rule, a shortfall, an
//! unknown order, a reused idempotency key) is found by reading before the
//! request writes anything, so a refused request leaves nothing behind and
//! the rest of the batch goes on. Writes after that point cannot be refused
//! by the ledger (funds were checked under the gate, which admits no other
//! writer); if one fails anyway the whole batch is abandoned as above.
//!
//! A panic while a batch runs is caught and handled the same way: rolled
//! back, answered -8, book rebuilt, and the task goes on with the next
//! batch. A panic anywhere else ends `serve`; the supervisor
//! (`super::supervisor`) then rebuilds the task from the store on the same
//! queue.

use crate::batch_writes::{self, Pending, Table};
use crate::entity::spot_order::{OrderKind as StoredKind, OrderSide, TimeInForce as StoredTif};
use crate::entity::{spot_order, spot_trade};
use crate::events::{DepthDelta, DepthSnapshot, OrderView, SpotEvent, TradeEvent};
use crate::orderbook::{
    CancelReason, Event, NewOrder, OrderBook, OrderKind, Price, Qty, Side, TimeInForce,
};
use crate::repo;
use crate::rules::{self, EngineOrder, PairRules};
use crate::supervisor::{self, panic_message, Supervised, TaskHealth, REBUILD_RETRY};
use crate::SpotContext;
use crate::{recovery, refusal_error, OrderRequest, Precision, SpotService};
use futures_util::FutureExt;
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side as LedgerSide, SystemAccount, Wallet,
};
use onyx_kernel::money::{exact_add, exact_sub, Amount};
use onyx_kernel::ErrorCode;
use onyx_kernel::{Failure, Outcome};
use onyx_market::api::spot_pair;
use onyx_platform::amounts::{self, USDT};
use onyx_platform::Idempotency;
use onyx_store::ledger::{LedgerStore, LedgerTxn, PostError};
use onyx_store::{Db, DecimalText};
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use std::collections::{BTreeMap, HashMap};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// Requests one batch (one ledger transaction) takes at most: enough to
/// amortise the commit, small enough that one transaction stays short.
pub const BATCH_MAX: usize = 256;
/// Requests waiting per pair before submitters wait in turn.
pub const QUEUE_LEN: usize = 4096;
/// Resting orders one book holds.
pub const BOOK_CAPACITY: usize = 1_000_000;
/// Levels per side kept for `/api/market/depth` (its largest `limit`).
pub const DEPTH_LEVELS: usize = 100;

pub enum Request {
    Submit {
        user_id: i64,
        order: OrderRequest,
        idem: Idempotency,
        reply: oneshot::Sender<Outcome<serde_json::Value>>,
    },
    Cancel {
        user_id: i64,
        order_id: i64,
        reply: oneshot::Sender<Outcome<OrderView>>,
    },
}

/// A batch cannot be committed: roll it back and rebuild the book.
#[derive(Debug)]
struct Abort(String);

impl From<sea_orm::DbErr> for Abort {
    fn from(e: sea_orm::DbErr) -> Abort {
        Abort(e.to_string())
    }
}

impl From<PostError> for Abort {
    fn from(e: PostError) -> Abort {
        Abort(e.to_string())
    }
}

/// An idempotency or other helper error: a user's refusal unless internal.
fn split(e: impl Into<Failure>) -> Result<Failure, Abort> {
    let e = e.into();
    if e.code == ErrorCode::Internal {
        Err(Abort(format!("internal error inside a batch: {e:?}")))
    } else {
        Ok(e)
    }
}

enum Answer {
    Submit(Outcome<serde_json::Value>),
    Cancel(Box<Outcome<OrderView>>),
}

impl Request {
    /// Sends `answer` to whoever waits for this request.
    fn answer(self, answer: Answer) {
        match (self, answer) {
            (Request::Submit { reply, .. }, Answer::Submit(a)) => {
                let _ = reply.send(a);
            }
            (Request::Cancel { reply, .. }, Answer::Cancel(a)) => {
                let _ = reply.send(*a);
            }
            (request, _) => {
                tracing::error!("a spot answer of the wrong kind; answering -8");
                request.fail();
            }
        }
    }

    /// Answers -8 (the batch could not be committed).
    fn fail(self) {
        match self {
            Request::Submit { reply, .. } => {
                let _ = reply.send(Err(Failure::new(ErrorCode::Internal)));
            }
            Request::Cancel { reply, .. } => {
                let _ = reply.send(Err(Failure::new(ErrorCode::Internal)));
            }
        }
    }
}

type Levels = (BTreeMap<Price, u128>, BTreeMap<Price, u128>);

struct Pair {
    symbol: String,
    /// Upper-case base coin (BTC).
    base: String,
    /// Fixed for the life of the task: the book's ticks and lots mean these
    /// decimals, so a precision change takes effect at the next start.
    price_dp: u32,
    qty_dp: u32,
    book: OrderBook,
    /// The depth as last published, to compute each commit's delta.
    levels: Levels,
    seq: u64,
    ledger: LedgerStore,
    db: Db,
    spot: Arc<SpotService>,
    health: Arc<TaskHealth>,
    /// The pair's open and partial orders as committed (the book's orders,
    /// and any the book could not take back at recovery).
    open: HashMap<i64, spot_order::Model>,
    /// What the running batch created or changed, written before it
    /// commits and merged into `open` after.
    pending: Pending,
}

/// Rebuilds the pair's book, publishes its depth and starts its task under
/// a supervisor.
pub(super) async fn spawn(state: &SpotContext, row: &spot_pair::Model) -> anyhow::Result<()> {
    let precision = Precision {
        price_dp: u32::try_from(row.base_precision)?,
        qty_dp: u32::try_from(row.coin_precision)?,
    };
    let health = Arc::new(TaskHealth::default());
    let pair = Pair::load(
        row.symbol.clone(),
        amounts::asset(&row.coin),
        precision,
        state,
        health.clone(),
    )
    .await?;
    pair.spot.set_depth(pair.snapshot());
    let (tx, rx) = mpsc::channel(QUEUE_LEN);
    state
        .spot
        .register(&row.symbol, tx, precision, health.clone());
    tokio::spawn(supervisor::supervise(pair, rx, health, REBUILD_RETRY));
    Ok(())
}

impl Supervised for Pair {
    type Request = Request;

    fn name(&self) -> &str {
        &self.symbol
    }

    async fn serve(&mut self, rx: &mut mpsc::Receiver<Request>) {
        let mut batch = Vec::with_capacity(BATCH_MAX);
        while let Some(first) = rx.recv().await {
            batch.push(first);
            while batch.len() < BATCH_MAX {
                match rx.try_recv() {
                    Ok(r) => batch.push(r),
                    Err(_) => break,
                }
            }
            self.batch(std::mem::take(&mut batch)).await;
            #[cfg(test)]
            if self
                .spot
                .take_fault(crate::supervision_tests::Fault::BetweenBatches)
            {
                panic!("injected: the task dies between batches");
            }
        }
    }

    /// The same pair from the store, continuing the published depth's
    /// sequence: a depth that differs from what was last published goes out
    /// as the next delta.
    async fn rebuild(&self) -> anyhow::Result<Pair> {
        let state = self.spot.clone();
        let (book, open) =
            recovery::load_book(&self.db, &self.symbol, self.price_dp, self.qty_dp).await?;
        let mut pair = Pair {
            book,
            open,
            pending: Pending::default(),
            symbol: self.symbol.clone(),
            base: self.base.clone(),
            price_dp: self.price_dp,
            qty_dp: self.qty_dp,
            levels: self.levels.clone(),
            seq: self.seq,
            ledger: self.ledger.clone(),
            db: self.db.clone(),
            spot: state,
            health: self.health.clone(),
        };
        pair.publish_depth();
        Ok(pair)
    }
}

impl Pair {
    /// The pair with its book rebuilt from the stored open orders.
    async fn load(
        symbol: String,
        base: String,
        precision: Precision,
        state: &SpotContext,
        health: Arc<TaskHealth>,
    ) -> Result<Pair, sea_orm::DbErr> {
        let (book, open) =
            recovery::load_book(&state.db, &symbol, precision.price_dp, precision.qty_dp).await?;
        let mut pair = Pair {
            open,
            pending: Pending::default(),
            symbol,
            base,
            price_dp: precision.price_dp,
            qty_dp: precision.qty_dp,
            book,
            levels: Default::default(),
            seq: 0,
            ledger: state.ledger.clone(),
            db: state.db.clone(),
            spot: state.spot.clone(),
            health,
        };
        pair.levels = pair.current_levels();
        Ok(pair)
    }

    async fn batch(&mut self, requests: Vec<Request>) {
        let mut events = Vec::new();
        // The batch borrows the book mutably; after a panic the book is
        // rebuilt below and nothing else of `self` was written.
        let caught = AssertUnwindSafe(self.apply(&requests, &mut events))
            .catch_unwind()
            .await;
        let outcome = caught.unwrap_or_else(|panic| {
            let panics = self.health.note_recovered();
            Err(Abort(format!(
                "panic #{panics} in a batch: {}",
                panic_message(&*panic)
            )))
        });
        let pending = std::mem::take(&mut self.pending);
        match outcome {
            Ok(answers) => {
                for (id, row) in pending.orders {
                    if row.status.is_open() {
                        self.open.insert(id, row);
                    } else {
                        self.open.remove(&id);
                    }
                }
                for (request, answer) in requests.into_iter().zip(answers) {
                    request.answer(answer);
                }
                for event in events {
                    self.spot.publish(event);
                }
                self.publish_depth();
            }
            Err(Abort(cause)) => {
                tracing::error!(symbol = %self.symbol, %cause, "spot batch rolled back");
                match recovery::load_book(&self.db, &self.symbol, self.price_dp, self.qty_dp).await
                {
                    Ok((book, open)) => {
                        self.book = book;
                        self.open = open;
                    }
                    // Keep serving from the old book rather than none; the
                    // next failure tries again.
                    Err(e) => {
                        tracing::error!(symbol = %self.symbol, error = %e, "book rebuild failed")
                    }
                }
                for request in requests {
                    request.fail();
                }
                self.publish_depth();
            }
        }
    }

    /// Runs every request in one ledger transaction and commits it.
    async fn apply(
        &mut self,
        requests: &[Request],
        events: &mut Vec<SpotEvent>,
    ) -> Result<Vec<Answer>, Abort> {
        let mut txn = self.ledger.begin().await?;
        self.pending = Pending::default();
        let rules = self.rules(&txn).await?;
        let keys: Vec<(i64, &str, &str)> = requests
            .iter()
            .filter_map(|r| match r {
                Request::Submit { idem, .. } => idem.key_id(),
                Request::Cancel { .. } => None,
            })
            .collect();
        txn.prefetch_keys(&keys).await?;
        let mut answers = Vec::with_capacity(requests.len());
        for request in requests {
            answers.push(match request {
                Request::Submit {
                    user_id,
                    order,
                    idem,
                    ..
                } => Answer::Submit(
                    self.submit(&mut txn, &rules, *user_id, order, idem, events)
                        .await?,
                ),
                Request::Cancel {
                    user_id, order_id, ..
                } => Answer::Cancel(Box::new(
                    self.cancel(&mut txn, &rules, *user_id, *order_id, events)
                        .await?,
                )),
            });
        }
        self.pending.flush(txn.conn()).await?;
        txn.commit().await?;
        Ok(answers)
    }

    /// The pair's rules as the operator left them, with this task's
    /// precision. A pair removed from the catalogue trades no more.
    async fn rules(&self, txn: &LedgerTxn) -> Result<PairRules, Abort> {
        let row = spot_pair::Entity::find()
            .filter(spot_pair::Column::Symbol.eq(self.symbol.as_str()))
            .one(txn.conn())
            .await?;
        let Some(row) = row else {
            return Ok(PairRules {
                symbol: self.symbol.clone(),
                base: self.base.clone(),
                quote: USDT.into(),
                price_dp: self.price_dp,
                qty_dp: self.qty_dp,
                order_min: Decimal::ZERO,
                order_max: Decimal::ZERO,
                buy_max: Decimal::ZERO,
                sell_min: Decimal::ZERO,
                fee_rate: Decimal::ZERO,
                limited_buy: false,
                limited_sell: false,
                market_buy: false,
                market_sell: false,
                trading: false,
            });
        };
        Ok(PairRules {
            symbol: self.symbol.clone(),
            base: self.base.clone(),
            quote: USDT.into(),
            price_dp: self.price_dp,
            qty_dp: self.qty_dp,
            order_min: row.order_min.get(),
            order_max: row.order_max.get(),
            buy_max: row.buy_max.get(),
            sell_min: row.sell_min.get().max(row.min_sell.get()),
            fee_rate: row.fee_rate.get(),
            limited_buy: row.limited_buy == 1,
            limited_sell: row.limited_sell == 1,
            market_buy: row.market_buy == 1,
            market_sell: row.market_sell == 1,
            trading: row.enable == 1 && row.is_deal == 1,
        })
    }

    async fn submit(
        &mut self,
        txn: &mut LedgerTxn,
        rules: &PairRules,
        user_id: i64,
        order: &OrderRequest,
        idem: &Idempotency,
        events: &mut Vec<SpotEvent>,
    ) -> Result<Outcome<serde_json::Value>, Abort> {
        // Every refusal first, while nothing has been written.
        match idem.replay(txn).await {
            Ok(Some(stored)) => return Ok(Ok(stored)),
            Ok(None) => {}
            Err(e) => return Ok(Err(split(e)?)),
        }
        let side = order.side;
        let engine = match rules::validate(rules, side, &order.input) {
            Ok(e) => e,
            Err(r) => return Ok(Err(refusal_error(&r))),
        };
        let owner = user_id as u64;
        let market = !matches!(engine, EngineOrder::Limit { .. });
        if market && !self.has_liquidity(side.opposite(), owner) {
            return Ok(Err(ErrorCode::SpotNoLiquidity.into()));
        }
        if !market && self.book.len() >= BOOK_CAPACITY {
            return Ok(Err(ErrorCode::SpotBookFull.into()));
        }
        let too_large = || Ok(Err(Failure::new(ErrorCode::AmountTooLarge)));
        let freeze = match rules::freeze_for(rules, side, &engine) {
            Ok(Some(amount)) => amount,
            // A market buy by quantity freezes what the book will charge:
            // the task owns the book, so the walk is exact.
            Ok(None) => match engine {
                EngineOrder::MarketQty { qty } => {
                    match self
                        .cost_of(qty, owner)
                        .map(|c| rules::quote_of_units(rules, c))
                    {
                        Some(Ok(cost)) => cost,
                        _ => return too_large(),
                    }
                }
                _ => return Err(Abort("no freeze for a validated order".into())),
            },
            Err(rules::TooLarge) => return too_large(),
        };
        let spends = match side {
            Side::Buy => USDT.to_string(),
            Side::Sell => self.base.clone(),
        };
        let account = AccountId::user(owner, Wallet::Spot, &spends);
        let (available, _) = txn.balance(&account).await?;
        if available < freeze {
            return Ok(Err(Failure::new(ErrorCode::InsufficientBalance)
                .with("available", available.normalize())
                .with("coin", &spends)));
        }

        // Accepted: from here on every write belongs to the batch.
        let (kind, tif, price, qty, quote) = describe(rules, &engine)?;
        let id = batch_writes::next_id(&self.spot.ids, Table::Orders, txn.conn()).await?;
        let now = txn.now();
        let row = spot_order::Model {
            id,
            user_id,
            symbol: self.symbol.clone(),
            side: order_side(side),
            kind,
            tif,
            price,
            qty,
            quote_amount: quote,
            filled_qty: DecimalText::ZERO,
            filled_quote: DecimalText::ZERO,
            fee: DecimalText::ZERO,
            fee_coin: match side {
                Side::Buy => self.base.clone(),
                Side::Sell => USDT.to_string(),
            },
            frozen_asset: spends.clone(),
            frozen: text(freeze),
            returned: None,
            status: repo::OrderStatus::Open,
            cancel_reason: None,
            created_at: now,
            updated_at: now,
        };
        let mut work = Work::default();
        work.load(row)?;
        if freeze > Decimal::ZERO {
            let reference = PostingRef::SpotOrder(id);
            txn.post(
                &reference,
                vec![posting(
                    PostingKind::Freeze,
                    &account,
                    freeze,
                    true,
                    &reference,
                    now.timestamp_millis(),
                )?],
            )
            .await?;
        }
        let kind = match engine {
            EngineOrder::Limit { price, qty, tif } => OrderKind::Limit { price, qty, tif },
            EngineOrder::MarketQty { qty } => OrderKind::MarketQty { qty },
            EngineOrder::MarketQuote { quote } => OrderKind::MarketQuote { quote },
        };
        let mut out = Vec::new();
        self.book.place(
            NewOrder {
                id: id as u64,
                owner,
                side,
                kind,
            },
            &mut out,
        );
        #[cfg(test)]
        if self
            .spot
            .take_fault(crate::supervision_tests::Fault::InBatch)
        {
            panic!("injected: a batch panics after matching");
        }
        self.settle_events(txn, rules, out, &mut work, events)
            .await?;
        let mut views = self.finish(txn, work, events).await?;
        let view = views
            .remove(&id)
            .ok_or_else(|| Abort(format!("order {id} not saved")))?;
        let value = match idem.remember(txn, &view).await {
            Ok(v) => v,
            Err(e) => return Err(Abort(format!("remember: {:?}", e.code))),
        };
        Ok(Ok(value))
    }

    async fn cancel(
        &mut self,
        txn: &mut LedgerTxn,
        rules: &PairRules,
        user_id: i64,
        order_id: i64,
        events: &mut Vec<SpotEvent>,
    ) -> Result<Outcome<OrderView>, Abort> {
        let row = self.order_row(order_id);
        let Some(row) = row.filter(|o| o.user_id == user_id && o.status.is_open()) else {
            return Ok(Err(ErrorCode::NotFound.into()));
        };
        let mut work = Work::default();
        work.load(row)?;
        let mut out = Vec::new();
        self.book.cancel(order_id as u64, &mut out);
        if let [Event::Rejected { .. }] = out.as_slice() {
            // Open in the store but not in the book (recovery could not
            // place it): cancelling it releases its funds all the same.
            tracing::warn!(order_id, symbol = %self.symbol, "open order missing from the book");
            out = vec![Event::Cancelled {
                id: order_id as u64,
                owner: user_id as u64,
                qty: 0,
                reason: CancelReason::User,
            }];
        }
        self.settle_events(txn, rules, out, &mut work, events)
            .await?;
        let mut views = self.finish(txn, work, events).await?;
        let view = views
            .remove(&order_id)
            .ok_or_else(|| Abort(format!("order {order_id} not saved")))?;
        Ok(Ok(view))
    }

    /// Applies the book's events: a trade row and its postings per fill,
    /// cancellations and rejections as statuses.
    async fn settle_events(
        &mut self,
        txn: &mut LedgerTxn,
        rules: &PairRules,
        out: Vec<Event>,
        work: &mut Work,
        events: &mut Vec<SpotEvent>,
    ) -> Result<(), Abort> {
        let now = txn.now();
        let at_ms = now.timestamp_millis();
        for event in out {
            match event {
                Event::Fill {
                    maker,
                    maker_owner,
                    taker,
                    taker_owner,
                    taker_side,
                    price,
                    qty,
                    ..
                } => {
                    let (maker, taker) = (maker as i64, taker as i64);
                    self.ensure(work, maker)?;
                    let s = rules::settle(rules, price, qty).map_err(|_| {
                        Abort(format!("fill of {qty} lots at {price} ticks is too large"))
                    })?;
                    let price = rules::price_of(rules, price)
                        .map_err(|_| Abort(format!("price of {price} ticks is too large")))?;
                    let (buyer, buyer_order, seller, seller_order) = match taker_side {
                        Side::Buy => (taker_owner, taker, maker_owner, maker),
                        Side::Sell => (maker_owner, maker, taker_owner, taker),
                    };
                    let trade = spot_trade::Model {
                        id: batch_writes::next_id(&self.spot.ids, Table::Trades, txn.conn())
                            .await?,
                        symbol: self.symbol.clone(),
                        price: text(price),
                        qty: text(s.base),
                        quote: text(s.quote),
                        maker_order_id: maker,
                        taker_order_id: taker,
                        maker_user_id: maker_owner as i64,
                        taker_user_id: taker_owner as i64,
                        taker_side: order_side(taker_side),
                        buyer_fee: text(s.buyer_fee),
                        seller_fee: text(s.seller_fee),
                        created_at: now,
                    };
                    let reference = PostingRef::SpotTrade(trade.id);
                    let base = &self.base;
                    let buyer_quote = AccountId::user(buyer, Wallet::Spot, USDT);
                    let buyer_base = AccountId::user(buyer, Wallet::Spot, base);
                    let seller_quote = AccountId::user(seller, Wallet::Spot, USDT);
                    let seller_base = AccountId::user(seller, Wallet::Spot, base);
                    let mut postings = vec![
                        transfer(
                            PostingKind::Trade,
                            &buyer_quote,
                            true,
                            &seller_quote,
                            s.quote,
                            &reference,
                            at_ms,
                        )?,
                        transfer(
                            PostingKind::Trade,
                            &seller_base,
                            true,
                            &buyer_base,
                            s.base,
                            &reference,
                            at_ms,
                        )?,
                    ];
                    let fees_base = AccountId::system(SystemAccount::Fees, base);
                    let fees_quote = AccountId::system(SystemAccount::Fees, USDT);
                    if s.buyer_fee > Decimal::ZERO {
                        postings.push(transfer(
                            PostingKind::TradeFee,
                            &buyer_base,
                            false,
                            &fees_base,
                            s.buyer_fee,
                            &reference,
                            at_ms,
                        )?);
                    }
                    if s.seller_fee > Decimal::ZERO {
                        postings.push(transfer(
                            PostingKind::TradeFee,
                            &seller_quote,
                            false,
                            &fees_quote,
                            s.seller_fee,
                            &reference,
                            at_ms,
                        )?);
                    }
                    txn.post(&reference, postings).await?;
                    work.fill(buyer_order, s.base, s.quote, s.buyer_fee, s.quote)?;
                    work.fill(seller_order, s.base, s.quote, s.seller_fee, s.base)?;
                    events.push(SpotEvent::Trade(TradeEvent {
                        symbol: self.symbol.clone(),
                        price,
                        qty: s.base,
                        taker_side: side_name(taker_side),
                        ts_ms: trade.created_at.timestamp_millis(),
                    }));
                    self.pending.trades.push(trade);
                }
                Event::Rested { .. } => {}
                Event::Cancelled { id, reason, .. } => {
                    let id = id as i64;
                    self.ensure(work, id)?;
                    let o = work.get(id)?;
                    o.row.status = repo::OrderStatus::Cancelled;
                    o.row.cancel_reason = Some(reason_name(reason).into());
                }
                Event::Rejected { id, reason } => {
                    // Prevented by the checks above; kept consistent anyway.
                    tracing::error!(order_id = id, ?reason, "book rejected an accepted order");
                    let o = work.get(id as i64)?;
                    o.row.status = repo::OrderStatus::Rejected;
                }
            }
        }
        // An order that is no longer in the book and was not cancelled is
        // done: filled (a market buy by total: whatever its total bought).
        for (id, o) in work.orders.iter_mut() {
            let resting = self.book.order(*id as u64).is_some();
            if resting {
                o.row.status = if o.filled_qty > Decimal::ZERO {
                    repo::OrderStatus::Partial
                } else {
                    repo::OrderStatus::Open
                };
            } else if o.row.status.is_open() {
                if o.filled_qty.is_zero() {
                    o.row.status = repo::OrderStatus::Cancelled;
                    o.row.cancel_reason = Some("unfilled".into());
                } else {
                    o.row.status = repo::OrderStatus::Filled;
                }
            }
        }
        Ok(())
    }

    /// Releases what finished orders still hold, saves every touched order
    /// and queues its update for publication. Returns the saved views.
    async fn finish(
        &mut self,
        txn: &mut LedgerTxn,
        work: Work,
        events: &mut Vec<SpotEvent>,
    ) -> Result<BTreeMap<i64, OrderView>, Abort> {
        let mut views = BTreeMap::new();
        let now = txn.now();
        for (id, mut o) in work.orders {
            let done = !o.row.status.is_open();
            // Recorded once, when the order finishes: exactly what the
            // unfreeze below posts (zero when the fills used the whole hold).
            if done && o.row.returned.is_none() {
                o.row.returned = Some(text(o.frozen.max(Decimal::ZERO)));
            }
            if done && o.frozen > Decimal::ZERO {
                let account =
                    AccountId::user(o.row.user_id as u64, Wallet::Spot, &o.row.frozen_asset);
                let reference = PostingRef::SpotOrder(id);
                txn.post(
                    &reference,
                    vec![posting(
                        PostingKind::Unfreeze,
                        &account,
                        o.frozen,
                        false,
                        &reference,
                        now.timestamp_millis(),
                    )?],
                )
                .await?;
                o.frozen = Decimal::ZERO;
            }
            o.store();
            let mut saved = o.row;
            saved.updated_at = now;
            self.pending.orders.insert(id, saved.clone());
            let v = view(&saved);
            events.push(SpotEvent::Order {
                user_id: saved.user_id,
                order: Box::new(v.clone()),
            });
            views.insert(id, v);
        }
        Ok(views)
    }

    /// An order of this pair as the running batch sees it: as the batch
    /// left it, else as last committed (open orders only).
    fn order_row(&self, id: i64) -> Option<spot_order::Model> {
        self.pending
            .orders
            .get(&id)
            .or_else(|| self.open.get(&id))
            .cloned()
    }

    /// Brings order `id` into the request's work.
    fn ensure(&self, work: &mut Work, id: i64) -> Result<(), Abort> {
        if !work.orders.contains_key(&id) {
            let row = self
                .order_row(id)
                .ok_or_else(|| Abort(format!("order {id} in the book but not open")))?;
            work.load(row)?;
        }
        Ok(())
    }

    /// Whether the other side holds anything the owner could trade with
    /// (its own orders would be cancelled, not matched).
    fn has_liquidity(&self, side: Side, owner: u64) -> bool {
        self.book
            .orders(side)
            .iter()
            .any(|(_, o, _, _)| *o != owner)
    }

    /// What buying `qty` lots at market costs now, in tick-lots, skipping
    /// the buyer's own asks (self-trade prevention cancels those). Less
    /// liquidity than `qty`: the cost of what there is. `None` past `u128`.
    fn cost_of(&self, qty: Qty, owner: u64) -> Option<u128> {
        let mut left = qty;
        let mut cost = 0u128;
        for (_, o, price, q) in self.book.orders(Side::Sell) {
            if left == 0 {
                break;
            }
            if o == owner {
                continue;
            }
            let take = q.min(left);
            cost = u128::from(take)
                .checked_mul(u128::from(price))
                .and_then(|c| cost.checked_add(c))?;
            left = left.saturating_sub(take);
        }
        Some(cost)
    }

    fn current_levels(&self) -> Levels {
        let map = |side| {
            self.book
                .depth(side, usize::MAX)
                .into_iter()
                .collect::<BTreeMap<_, _>>()
        };
        (map(Side::Buy), map(Side::Sell))
    }

    fn level(&self, price: Price, total: u128) -> (Decimal, Decimal) {
        (
            shown(u128::from(price), self.price_dp),
            shown(total, self.qty_dp),
        )
    }

    fn snapshot(&self) -> DepthSnapshot {
        let side = |s| {
            self.book
                .depth(s, DEPTH_LEVELS)
                .into_iter()
                .map(|(p, t)| self.level(p, t))
                .collect()
        };
        DepthSnapshot {
            symbol: self.symbol.clone(),
            seq: self.seq,
            bids: side(Side::Buy),
            asks: side(Side::Sell),
        }
    }

    /// Compares the book with what was last published; when a level
    /// changed, stores the new snapshot, then publishes the delta.
    fn publish_depth(&mut self) {
        let now = self.current_levels();
        let diff = |before: &BTreeMap<Price, u128>,
                    after: &BTreeMap<Price, u128>,
                    best_first_desc: bool| {
            let mut changed: Vec<(Price, u128)> = Vec::new();
            for (p, t) in after {
                if before.get(p) != Some(t) {
                    changed.push((*p, *t));
                }
            }
            for p in before.keys() {
                if !after.contains_key(p) {
                    changed.push((*p, 0));
                }
            }
            changed.sort_by_key(|(p, _)| *p);
            if best_first_desc {
                changed.reverse();
            }
            changed
        };
        let bids = diff(&self.levels.0, &now.0, true);
        let asks = diff(&self.levels.1, &now.1, false);
        if bids.is_empty() && asks.is_empty() {
            return;
        }
        self.levels = now;
        let prev_seq = self.seq;
        self.seq = self.seq.wrapping_add(1);
        self.spot.set_depth(self.snapshot());
        self.spot.publish(SpotEvent::Depth(DepthDelta {
            symbol: self.symbol.clone(),
            seq: self.seq,
            prev_seq,
            bids: bids.into_iter().map(|(p, t)| self.level(p, t)).collect(),
            asks: asks.into_iter().map(|(p, t)| self.level(p, t)).collect(),
        }));
    }
}

/// An order's progress in decimals while a request runs.
struct OrderState {
    row: spot_order::Model,
    filled_qty: Decimal,
    filled_quote: Decimal,
    fee: Decimal,
    frozen: Decimal,
}

impl OrderState {
    fn store(&mut self) {
        self.row.filled_qty = text(self.filled_qty);
        self.row.filled_quote = text(self.filled_quote);
        self.row.fee = text(self.fee);
        self.row.frozen = text(self.frozen);
    }
}

/// The orders one request touched: the taker and the makers it met.
#[derive(Default)]
struct Work {
    orders: BTreeMap<i64, OrderState>,
}

impl Work {
    fn load(&mut self, row: spot_order::Model) -> Result<(), Abort> {
        let state = OrderState {
            filled_qty: row.filled_qty.get(),
            filled_quote: row.filled_quote.get(),
            fee: row.fee.get(),
            frozen: row.frozen.get(),
            row,
        };
        self.orders.insert(state.row.id, state);
        Ok(())
    }

    fn get(&mut self, id: i64) -> Result<&mut OrderState, Abort> {
        self.orders
            .get_mut(&id)
            .ok_or_else(|| Abort(format!("order {id} not loaded")))
    }

    /// One fill of `id`: `spent` leaves its frozen funds.
    fn fill(
        &mut self,
        id: i64,
        base: Decimal,
        quote: Decimal,
        fee: Decimal,
        spent: Decimal,
    ) -> Result<(), Abort> {
        let o = self.get(id)?;
        let overflow = || Abort(format!("order {id}: a total outgrows a decimal"));
        o.filled_qty = exact_add(o.filled_qty, base).ok_or_else(overflow)?;
        o.filled_quote = exact_add(o.filled_quote, quote).ok_or_else(overflow)?;
        o.fee = exact_add(o.fee, fee).ok_or_else(overflow)?;
        o.frozen = exact_sub(o.frozen, spent).ok_or_else(overflow)?;
        if o.frozen.is_sign_negative() && !o.frozen.is_zero() {
            return Err(Abort(format!("order {id} spent more than it froze")));
        }
        Ok(())
    }
}

/// Stored normalized, as the API and the socket show it.
fn text(d: Decimal) -> DecimalText {
    DecimalText::from(d.normalize())
}

/// `n` units of `10^-dp` for display (a depth level), saturating: the book
/// bounds its totals far below the saturation point.
fn shown(n: u128, dp: u32) -> Decimal {
    i128::try_from(n)
        .ok()
        .and_then(|n| Decimal::try_from_i128_with_scale(n, dp).ok())
        .unwrap_or(Decimal::MAX)
}

fn amount(d: Decimal) -> Result<Amount, Abort> {
    Amount::from_decimal(d).map_err(|e| Abort(format!("amount {d}: {e:?}")))
}

/// A freeze (available -> frozen) or unfreeze of one account.
fn posting(
    kind: PostingKind,
    account: &AccountId,
    value: Decimal,
    freeze: bool,
    reference: &PostingRef,
    at_ms: i64,
) -> Result<Posting, Abort> {
    let (from, to) = if freeze {
        (
            LedgerSide::available(account.clone()),
            LedgerSide::frozen(account.clone()),
        )
    } else {
        (
            LedgerSide::frozen(account.clone()),
            LedgerSide::available(account.clone()),
        )
    };
    Ok(Posting {
        kind,
        asset: account.asset.clone(),
        amount: amount(value)?,
        from,
        to,
        reference: reference.clone(),
        at_ms,
    })
}

/// `value` from one account (its frozen or available bucket) to another's
/// available bucket.
fn transfer(
    kind: PostingKind,
    from: &AccountId,
    from_frozen: bool,
    to: &AccountId,
    value: Decimal,
    reference: &PostingRef,
    at_ms: i64,
) -> Result<Posting, Abort> {
    Ok(Posting {
        kind,
        asset: from.asset.clone(),
        amount: amount(value)?,
        from: if from_frozen {
            LedgerSide::frozen(from.clone())
        } else {
            LedgerSide::available(from.clone())
        },
        to: LedgerSide::available(to.clone()),
        reference: reference.clone(),
        at_ms,
    })
}

pub(super) fn side_name(side: Side) -> &'static str {
    order_side(side).as_str()
}

/// The book's side as stored.
pub(super) fn order_side(side: Side) -> OrderSide {
    match side {
        Side::Buy => OrderSide::Buy,
        Side::Sell => OrderSide::Sell,
    }
}

fn reason_name(reason: CancelReason) -> &'static str {
    match reason {
        CancelReason::User => "user",
        CancelReason::Unfilled => "unfilled",
        CancelReason::SelfTrade => "self_trade",
        CancelReason::WouldTake => "would_take",
    }
}

/// Kind, time in force, price, quantity and total of an order as stored.
type Described = (
    StoredKind,
    Option<StoredTif>,
    Option<DecimalText>,
    Option<DecimalText>,
    Option<DecimalText>,
);

/// An accepted order as stored; validation bounded every amount, so
/// `TooLarge` here is a broken invariant.
fn describe(rules: &PairRules, engine: &EngineOrder) -> Result<Described, Abort> {
    let bounded = |r: Result<Decimal, rules::TooLarge>| {
        r.map(text)
            .map_err(|_| Abort("an accepted order is too large to store".into()))
    };
    Ok(match *engine {
        EngineOrder::Limit { price, qty, tif } => (
            StoredKind::Limit,
            Some(match tif {
                TimeInForce::Gtc => StoredTif::Gtc,
                TimeInForce::Ioc => StoredTif::Ioc,
                TimeInForce::PostOnly => StoredTif::PostOnly,
            }),
            Some(bounded(rules::price_of(rules, price))?),
            Some(bounded(rules::base_amount(rules, qty))?),
            None,
        ),
        EngineOrder::MarketQty { qty } => (
            StoredKind::Market,
            None,
            None,
            Some(bounded(rules::base_amount(rules, qty))?),
            None,
        ),
        EngineOrder::MarketQuote { quote } => (
            StoredKind::Market,
            None,
            None,
            None,
            Some(bounded(rules::quote_of_units(rules, quote))?),
        ),
    })
}

/// An order row as the API shows it.
pub fn view(o: &spot_order::Model) -> OrderView {
    let avg_price = o
        .filled_quote
        .get()
        .checked_div(o.filled_qty.get())
        .map(|p| p.round_dp(rules::FEE_DP).normalize().to_string());
    OrderView {
        id: o.id,
        symbol: o.symbol.clone(),
        side: o.side.into(),
        kind: o.kind.into(),
        time_in_force: o.tif.map(String::from),
        price: o.price.map(|p| p.to_string()),
        amount: o.qty.map(|q| q.to_string()),
        total: o.quote_amount.map(|q| q.to_string()),
        filled_amount: o.filled_qty.to_string(),
        filled_total: o.filled_quote.to_string(),
        spent: match o.side {
            OrderSide::Buy => o.filled_quote.to_string(),
            OrderSide::Sell => o.filled_qty.to_string(),
        },
        spent_coin: o.frozen_asset.clone(),
        returned: o.returned.map(|r| r.to_string()),
        avg_price,
        fee: o.fee.to_string(),
        fee_coin: o.fee_coin.clone(),
        status: o.status.into(),
        cancel_reason: o.cancel_reason.clone(),
        create_time: o.created_at,
        update_time: o.updated_at,
    }
}
