//! The two engines behind one shape: replay the prefill untimed, then the
//! measured commands either as one timed loop (throughput) or with a clock
//! read around every single command (latency histogram).
//!
//! Mapping onto orderbook-rs 0.15 (`OrderBook<()>`, defaults: STP off, no
//! tick or lot size, no risk limits, no listeners, no order-state tracker,
//! i.e. its least-work configuration):
//! - GTC limit -> `add_limit_order_with_user(.., TimeInForce::Gtc, ..)`
//! - IOC limit -> the same with `TimeInForce::Ioc`; an IOC whose remainder
//!   is dropped returns `Err(InsufficientLiquidity)` there (Onyx emits a
//!   `Cancelled { Unfilled }` event). Both are the expected outcome.
//! - cancel    -> `cancel_order`
//! - replace   -> `update_order(OrderUpdate::UpdatePriceAndQuantity)`, which
//!   is a cancel-then-add: the order loses its time priority and may trade
//!   at its new price, as Onyx's `Command::Replace` does. The id, side and
//!   owner are kept in both. `--rs-replace cancel-add` sends an explicit
//!   `cancel_order` + `add_limit_order_with_user` instead (same outcome,
//!   same final book). That is the default: on this stream it is the faster
//!   of the two for orderbook-rs (about 3.4 against 4.7 µs p50 per replace
//!   on a 2-core machine), so the mapping does not handicap it.
//!
//! Commands are translated to orderbook-rs's types before any timing starts
//! (ids, owner hashes, prices), so neither engine pays for the adapter.
//!
//! Not equal and not equalised: orderbook-rs is built for concurrent access
//! (a lock-free skip list per side, a concurrent hash map of locations,
//! atomics and a submit gate on every call, a clock read per new order);
//! Onyx's book is single-threaded by design (one owner per pair). That cost
//! is part of what the benchmark shows.

use crate::gen::{Stream, BOOK_CAPACITY, OWNERS};
use hdrhistogram::Histogram;
use onyx_kernel::orderbook::{
    CancelReason, Command, Event, NewOrder, OrderBook, OrderId, OrderKind, Price, Qty, Side,
    TimeInForce,
};
use orderbook_rs::{OrderBookError, OrderType};
use pricelevel::{Hash32, Id, OrderUpdate};
use std::collections::{BTreeMap, HashMap};
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One nanosecond to ten seconds at three significant figures.
pub fn histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 10_000_000_000, 3).expect("valid histogram bounds")
}

fn record(hist: &mut Histogram<u64>, elapsed: Duration) {
    // HDR histograms refuse zero; a sub-nanosecond read is one nanosecond.
    hist.record((elapsed.as_nanos() as u64).max(1))
        .expect("latency within histogram bounds");
}

/// The p50 of an empty `Instant::now()` pair: what every latency sample
/// carries on top of the engine's own work.
pub fn timer_overhead_p50() -> u64 {
    let mut hist = histogram();
    for _ in 0..1_000_000 {
        let t0 = Instant::now();
        record(&mut hist, black_box(t0).elapsed());
    }
    hist.value_at_quantile(0.5)
}

/// What a latency pass found besides the timings.
pub struct Check {
    /// Every resting order at the end, sorted by id.
    pub final_orders: Vec<(OrderId, Side, Price, Qty)>,
    /// Outcomes worth reporting, e.g. "IOC: Err(InsufficientLiquidity)".
    pub outcomes: BTreeMap<String, u64>,
}

// ---------------------------------------------------------------- Onyx ----

fn onyx_book(stream: &Stream, events: &mut Vec<Event>) -> OrderBook {
    let mut book = OrderBook::with_capacity(BOOK_CAPACITY);
    for cmd in &stream.prefill {
        events.clear();
        book.execute(*cmd, events);
    }
    book
}

/// Wall time of the measured commands, the event buffer cleared and
/// reused between commands as the service does.
pub fn onyx_throughput(stream: &Stream) -> Duration {
    let mut events = Vec::with_capacity(64);
    let mut book = onyx_book(stream, &mut events);
    let t0 = Instant::now();
    for cmd in &stream.commands {
        events.clear();
        book.execute(*cmd, &mut events);
        black_box(&events);
    }
    let elapsed = t0.elapsed();
    black_box(&book);
    elapsed
}

pub fn onyx_latency(stream: &Stream) -> (Histogram<u64>, Check) {
    let mut events = Vec::with_capacity(64);
    let mut book = onyx_book(stream, &mut events);
    let mut hist = histogram();
    let mut outcomes = BTreeMap::new();
    for cmd in &stream.commands {
        events.clear();
        let t0 = Instant::now();
        book.execute(*cmd, &mut events);
        let elapsed = t0.elapsed();
        record(&mut hist, elapsed);
        // Anything but the expected outcome is counted and printed.
        for e in &events {
            let note = match e {
                Event::Rejected { reason, .. } => format!("Rejected({reason:?})"),
                Event::Cancelled { reason: CancelReason::SelfTrade, .. } => {
                    "Cancelled(SelfTrade)".to_string()
                }
                Event::Fill { .. } => "fills".to_string(),
                _ => continue,
            };
            *outcomes.entry(note).or_insert(0) += 1;
        }
    }
    let check = Check {
        final_orders: crate::gen::onyx_orders(&book),
        outcomes,
    };
    (hist, check)
}

// -------------------------------------------------------- orderbook-rs ----

type RsBook = orderbook_rs::OrderBook<()>;

/// A command in orderbook-rs's own types. Ids are `Id::Sequential`, the
/// variant pricelevel provides for exchange-assigned u64 ids.
#[derive(Clone, Copy)]
pub enum RsCmd {
    Limit {
        id: Id,
        price: u128,
        qty: u64,
        side: pricelevel::Side,
        tif: pricelevel::TimeInForce,
        user: Hash32,
    },
    Cancel(Id),
    /// `update_order(UpdatePriceAndQuantity)`.
    Update(OrderUpdate),
    /// `cancel_order` then `add_limit_order_with_user` (GTC) with the same
    /// id, side and owner: the same outcome as `Update` by another path.
    CancelAdd {
        id: Id,
        price: u128,
        qty: u64,
        side: pricelevel::Side,
        user: Hash32,
    },
}

/// How a replace reaches orderbook-rs (`--rs-replace update|cancel-add`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplaceVia {
    Update,
    CancelAdd,
}

pub struct RsStream {
    prefill: Vec<RsCmd>,
    commands: Vec<RsCmd>,
}

/// The owner ids as 32-byte hashes, as orderbook-rs identifies users.
fn owner_hash(owner: u64) -> Hash32 {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&owner.to_le_bytes());
    Hash32::new(bytes)
}

pub fn translate(stream: &Stream, via: ReplaceVia) -> RsStream {
    let owners: Vec<Hash32> = (0..=OWNERS).map(owner_hash).collect();
    // Side and owner of every id: a replace keeps them, and the cancel-add
    // mapping has to send them again.
    let mut placed: HashMap<OrderId, (pricelevel::Side, Hash32)> = HashMap::new();
    let mut one = |cmd: &Command| match *cmd {
        Command::Place(NewOrder {
            id,
            owner,
            side,
            kind: OrderKind::Limit { price, qty, tif },
        }) => {
            let side = rs_side(side);
            let user = owners[owner as usize];
            placed.insert(id, (side, user));
            RsCmd::Limit {
                id: Id::sequential(id),
                price: price as u128,
                qty,
                side,
                tif: match tif {
                    TimeInForce::Gtc => pricelevel::TimeInForce::Gtc,
                    TimeInForce::Ioc => pricelevel::TimeInForce::Ioc,
                    TimeInForce::PostOnly => unreachable!("the stream has no post-only orders"),
                },
                user,
            }
        }
        Command::Place(_) => unreachable!("the stream has no market orders"),
        Command::Cancel { id } => RsCmd::Cancel(Id::sequential(id)),
        Command::Replace { id, price, qty } => match via {
            ReplaceVia::Update => RsCmd::Update(OrderUpdate::UpdatePriceAndQuantity {
                order_id: Id::sequential(id),
                new_price: pricelevel::Price::new(price as u128),
                new_quantity: pricelevel::Quantity::new(qty),
            }),
            ReplaceVia::CancelAdd => {
                let (side, user) = placed[&id];
                RsCmd::CancelAdd {
                    id: Id::sequential(id),
                    price: price as u128,
                    qty,
                    side,
                    user,
                }
            }
        },
    };
    RsStream {
        prefill: stream.prefill.iter().map(&mut one).collect(),
        commands: stream.commands.iter().map(&mut one).collect(),
    }
}

fn rs_side(side: Side) -> pricelevel::Side {
    match side {
        Side::Buy => pricelevel::Side::Buy,
        Side::Sell => pricelevel::Side::Sell,
    }
}

type RsResult = Result<Option<Arc<OrderType<()>>>, OrderBookError>;

#[inline(always)]
fn rs_execute(book: &RsBook, cmd: &RsCmd) -> RsResult {
    match *cmd {
        RsCmd::Limit { id, price, qty, side, tif, user } => book
            .add_limit_order_with_user(id, price, qty, side, tif, user, None)
            .map(Some),
        RsCmd::Cancel(id) => book.cancel_order(id),
        RsCmd::Update(update) => book.update_order(update),
        RsCmd::CancelAdd { id, price, qty, side, user } => {
            book.cancel_order(id)?;
            book.add_limit_order_with_user(id, price, qty, side, pricelevel::TimeInForce::Gtc, user, None)
                .map(Some)
        }
    }
}

fn rs_book(stream: &RsStream) -> RsBook {
    let book = RsBook::new("BENCH");
    for cmd in &stream.prefill {
        rs_execute(&book, cmd).expect("prefill orders rest");
    }
    book
}

pub fn rs_throughput(stream: &RsStream) -> Duration {
    let book = rs_book(stream);
    let t0 = Instant::now();
    for cmd in &stream.commands {
        black_box(rs_execute(&book, cmd)).ok();
    }
    let elapsed = t0.elapsed();
    black_box(&book);
    elapsed
}

pub fn rs_latency(stream: &RsStream) -> (Histogram<u64>, Check) {
    let book = rs_book(stream);
    let mut hist = histogram();
    let mut outcomes = BTreeMap::new();
    for cmd in &stream.commands {
        let t0 = Instant::now();
        let result = rs_execute(&book, cmd);
        let elapsed = t0.elapsed();
        record(&mut hist, elapsed);
        // Classified and dropped outside the timed region.
        if let Err(e) = result {
            let kind = match cmd {
                RsCmd::Limit { tif: pricelevel::TimeInForce::Ioc, .. } => "IOC",
                RsCmd::Limit { .. } => "GTC",
                RsCmd::Cancel(_) => "cancel",
                RsCmd::Update(_) | RsCmd::CancelAdd { .. } => "replace",
            };
            let debug = format!("{e:?}");
            let variant = debug.split(['(', ' ', '{']).next().unwrap_or("?");
            *outcomes.entry(format!("{kind}: Err({variant})")).or_insert(0) += 1;
        }
    }
    let mut final_orders: Vec<_> = book
        .get_all_orders()
        .iter()
        .map(|o| {
            let id = o.id().as_u64().expect("sequential ids");
            let side = match o.side() {
                pricelevel::Side::Buy => Side::Buy,
                pricelevel::Side::Sell => Side::Sell,
            };
            let price = u64::try_from(o.price().as_u128()).expect("price fits u64");
            (id, side, price, o.visible_quantity().as_u64())
        })
        .collect();
    final_orders.sort_unstable_by_key(|o| o.0);
    (hist, Check { final_orders, outcomes })
}
