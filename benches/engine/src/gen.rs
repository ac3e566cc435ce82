//! The seeded command stream, in the style of exchange-core's benchmark mix.
//!
//! Commands are generated against Onyx's own engine in a warm-up pass: every
//! command is executed as soon as it is drawn and its events update the
//! list of resting ids, so a cancel or a replace always names an order that
//! is resting at that point of the stream. The engines under test then
//! replay the recorded list from an empty book and must end in the same
//! state, which `main` checks.
//!
//! Shape of the stream (the defaults below):
//! - about 1,000 resting orders spread over about 750 price levels around a
//!   mid price that random-walks one tick at a time;
//! - per 1,000 commands: 90 GTC limits, 30 IOC limits, 60 cancels and 820
//!   replaces ("moves") of a resting order by a few ticks, keeping its
//!   remaining quantity, as exchange-core's `MOVE_ORDER`;
//! - the book size is held near its target by how aggressive the GTC and IOC
//!   orders are, never by changing the mix;
//! - 100 owners, 50 who only buy and 50 who only sell. A buy can then never
//!   meet a sell of its own owner, so Onyx's self-trade prevention never
//!   fires and the two engines' semantics coincide (orderbook-rs runs with
//!   STP off, its default). `main` counts self-trade cancels to prove it.

use onyx_kernel::orderbook::{
    Command, Event, NewOrder, OrderBook, OrderId, OrderKind, OwnerId, Price, Qty, Side,
    TimeInForce,
};
use rand::Rng;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// Resting orders the generator steers the book towards.
pub const TARGET_ORDERS: usize = 1_000;
/// Half-width, in ticks, of the band around the mid where passive orders are
/// placed and moved. With ~500 orders a side spread over it, about 375
/// distinct levels a side are occupied (tuned by measurement).
const BAND: u64 = 1_000;
/// A move shifts an order by 1..=MOVE_MAX ticks either way.
const MOVE_MAX: u64 = 16;
/// Starting mid price in ticks; far enough from zero that no price underflows.
const START_MID: Price = 1_000_000;
/// The mid moves by one tick with probability 1/MID_STEP_EVERY per command.
const MID_STEP_EVERY: u32 = 50;
/// Owners 1..=50 buy, 51..=100 sell.
pub const OWNERS: u64 = 100;
/// Capacity for Onyx's book: far above anything the stream reaches, so
/// `BookFull` (which orderbook-rs has no equivalent of) never happens.
pub const BOOK_CAPACITY: usize = 1 << 20;

/// Command kinds, for the mix report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Gtc,
    Ioc,
    Cancel,
    Replace,
}

pub fn kind(cmd: &Command) -> Kind {
    match cmd {
        Command::Place(NewOrder {
            kind: OrderKind::Limit { tif: TimeInForce::Gtc, .. },
            ..
        }) => Kind::Gtc,
        Command::Place(NewOrder {
            kind: OrderKind::Limit { tif: TimeInForce::Ioc, .. },
            ..
        }) => Kind::Ioc,
        Command::Place(_) => unreachable!("the generator emits only GTC and IOC limits"),
        Command::Cancel { .. } => Kind::Cancel,
        Command::Replace { .. } => Kind::Replace,
    }
}

#[derive(Default, Debug, Clone, Copy)]
pub struct Mix {
    pub gtc: u64,
    pub ioc: u64,
    pub cancel: u64,
    pub replace: u64,
}

impl Mix {
    pub fn count(&mut self, k: Kind) {
        match k {
            Kind::Gtc => self.gtc += 1,
            Kind::Ioc => self.ioc += 1,
            Kind::Cancel => self.cancel += 1,
            Kind::Replace => self.replace += 1,
        }
    }
    pub fn total(&self) -> u64 {
        self.gtc + self.ioc + self.cancel + self.replace
    }
}

/// What the generator saw while building the measured part of the stream.
#[derive(Debug, Default)]
pub struct StreamStats {
    pub mix: Mix,
    /// Fill events (maker-taker pairs) in the measured part.
    pub fills: u64,
    /// Samples of (resting orders, occupied levels), one per 1,024 commands.
    pub samples: Vec<(usize, usize)>,
    pub mid_start: Price,
    pub mid_end: Price,
    pub mid_min: Price,
    pub mid_max: Price,
}

pub struct Stream {
    /// Builds the starting book; replayed untimed by both engines.
    pub prefill: Vec<Command>,
    /// The measured commands.
    pub commands: Vec<Command>,
    pub stats: StreamStats,
    /// The book every engine must end with: (id, side, price, qty), sorted.
    pub final_orders: Vec<(OrderId, Side, Price, Qty)>,
}

/// Resting ids with O(1) insert, remove and uniform pick.
#[derive(Default)]
struct Resting {
    ids: Vec<OrderId>,
    pos: HashMap<OrderId, usize>,
}

impl Resting {
    fn insert(&mut self, id: OrderId) {
        let slot = self.ids.len();
        if self.pos.insert(id, slot).is_none() {
            self.ids.push(id);
        }
    }
    fn remove(&mut self, id: OrderId) {
        if let Some(slot) = self.pos.remove(&id) {
            self.ids.swap_remove(slot);
            if let Some(&moved) = self.ids.get(slot) {
                self.pos.insert(moved, slot);
            }
        }
    }
}

struct Generator {
    rng: ChaCha8Rng,
    /// Onyx's engine used as the shadow model: the source of truth for what
    /// rests, at what price and quantity.
    book: OrderBook,
    events: Vec<Event>,
    resting: Resting,
    next_id: OrderId,
    mid: Price,
}

impl Generator {
    fn owner(&mut self, side: Side) -> OwnerId {
        let half = OWNERS / 2;
        let i = self.rng.gen_range(1..=half);
        match side {
            Side::Buy => i,
            Side::Sell => half + i,
        }
    }

    fn side(&mut self) -> Side {
        if self.rng.gen_bool(0.5) {
            Side::Buy
        } else {
            Side::Sell
        }
    }

    fn new_id(&mut self) -> OrderId {
        self.next_id += 1;
        self.next_id
    }

    /// A limit that rests without trading: below the best ask for a buy,
    /// above the best bid for a sell, uniformly within the band.
    fn passive(&mut self) -> Command {
        let side = self.side();
        let offset = self.rng.gen_range(1..=BAND);
        let price = match side {
            Side::Buy => self.book.best_ask().map_or(self.mid, |a| a.min(self.mid)) - offset,
            Side::Sell => self.book.best_bid().map_or(self.mid, |b| b.max(self.mid)) + offset,
        };
        let qty = self.rng.gen_range(1..=100);
        self.limit(side, price, qty, TimeInForce::Gtc)
    }

    /// A limit priced a few ticks through the opposite best, so it takes
    /// liquidity (a GTC rests its remainder, an IOC drops it).
    fn aggressive(&mut self, tif: TimeInForce, max_qty: Qty) -> Command {
        let side = self.side();
        let through = self.rng.gen_range(0..=5);
        let price = match side {
            Side::Buy => self.book.best_ask().unwrap_or(self.mid) + through,
            Side::Sell => self.book.best_bid().unwrap_or(self.mid).saturating_sub(through).max(1),
        };
        let qty = self.rng.gen_range(1..=max_qty);
        self.limit(side, price, qty, tif)
    }

    fn limit(&mut self, side: Side, price: Price, qty: Qty, tif: TimeInForce) -> Command {
        let id = self.new_id();
        let owner = self.owner(side);
        Command::Place(NewOrder {
            id,
            owner,
            side,
            kind: OrderKind::Limit { price, qty, tif },
        })
    }

    /// Moves a random resting order by 1..=MOVE_MAX ticks, reflected back
    /// into the band on its far side. Towards the market it may cross and
    /// trade, which is how most trades in this mix happen.
    fn replace(&mut self) -> Command {
        let id = self.resting.ids[self.rng.gen_range(0..self.resting.ids.len())];
        let (_, side, price, qty) = self.book.order(id).expect("shadow list matches the book");
        let step = self.rng.gen_range(1..=MOVE_MAX);
        let (floor, ceiling) = (self.mid.saturating_sub(BAND).max(1), self.mid + BAND);
        let price = match (side, self.rng.gen_bool(0.5)) {
            // Towards the market: free to cross.
            (Side::Buy, true) => price + step,
            (Side::Sell, true) => price.saturating_sub(step),
            // Away from it, reflected off the band's edge.
            (Side::Buy, false) if price.saturating_sub(step) >= floor => price - step,
            (Side::Buy, false) => price + step,
            (Side::Sell, false) if price + step <= ceiling => price + step,
            (Side::Sell, false) => price.saturating_sub(step),
        };
        Command::Replace { id, price: price.max(1), qty }
    }

    fn cancel(&mut self) -> Command {
        let id = self.resting.ids[self.rng.gen_range(0..self.resting.ids.len())];
        Command::Cancel { id }
    }

    /// Executes `cmd` on the shadow book and mirrors its events into the
    /// resting list. Returns the number of fills.
    fn apply(&mut self, cmd: Command) -> u64 {
        self.events.clear();
        self.book.execute(cmd, &mut self.events);
        let mut fills = 0;
        for e in &self.events {
            match *e {
                Event::Rested { id, .. } => self.resting.insert(id),
                Event::Fill { maker, maker_done, .. } => {
                    fills += 1;
                    if maker_done {
                        self.resting.remove(maker);
                    }
                }
                Event::Cancelled { id, .. } => self.resting.remove(id),
                Event::Rejected { id, reason } => {
                    panic!("generator produced a rejected command {id}: {reason:?}")
                }
            }
        }
        fills
    }

    /// Draws the next measured command from the 9/3/6/82 mix.
    fn next(&mut self) -> Command {
        if self.rng.gen_ratio(1, MID_STEP_EVERY) {
            if self.rng.gen_bool(0.5) {
                self.mid += 1;
            } else {
                self.mid -= 1;
            }
        }
        let size = self.resting.ids.len();
        let over = size > TARGET_ORDERS;
        let roll = self.rng.gen_range(0..1000);
        // Cancel and replace need a resting order; on an empty book they
        // become a GTC (counted as such in the reported mix).
        match roll {
            _ if size == 0 => self.passive(),
            0..=89 => {
                // Above target, half the GTCs take liquidity; below, all rest.
                if over && self.rng.gen_bool(0.5) {
                    self.aggressive(TimeInForce::Gtc, 300)
                } else {
                    self.passive()
                }
            }
            // Big IOCs drain the book above target, small ones nibble below.
            90..=119 => self.aggressive(TimeInForce::Ioc, if over { 400 } else { 60 }),
            120..=179 => self.cancel(),
            _ => self.replace(),
        }
    }

    fn levels(&self) -> usize {
        self.book.depth(Side::Buy, usize::MAX).len() + self.book.depth(Side::Sell, usize::MAX).len()
    }
}

/// Builds the prefill (GTC orders up to the target size) and `n` measured
/// commands from `seed`.
pub fn generate(n: usize, seed: u64) -> Stream {
    let mut g = Generator {
        rng: ChaCha8Rng::seed_from_u64(seed),
        book: OrderBook::with_capacity(BOOK_CAPACITY),
        events: Vec::with_capacity(64),
        resting: Resting::default(),
        next_id: 0,
        mid: START_MID,
    };
    let mut prefill = Vec::with_capacity(TARGET_ORDERS);
    while g.resting.ids.len() < TARGET_ORDERS {
        let cmd = g.passive();
        g.apply(cmd);
        prefill.push(cmd);
    }

    let mut stats = StreamStats {
        mid_start: g.mid,
        mid_min: g.mid,
        mid_max: g.mid,
        ..StreamStats::default()
    };
    let mut commands = Vec::with_capacity(n);
    for i in 0..n {
        let cmd = g.next();
        stats.mix.count(kind(&cmd));
        stats.fills += g.apply(cmd);
        commands.push(cmd);
        stats.mid_min = stats.mid_min.min(g.mid);
        stats.mid_max = stats.mid_max.max(g.mid);
        if i % 1024 == 0 {
            stats.samples.push((g.resting.ids.len(), g.levels()));
        }
    }
    stats.mid_end = g.mid;
    assert_eq!(g.resting.ids.len(), g.book.len(), "shadow list drifted from the book");
    g.book.check_invariants().expect("generator book is consistent");

    Stream {
        prefill,
        commands,
        stats,
        final_orders: onyx_orders(&g.book),
    }
}

/// Every resting order of an Onyx book, sorted by id.
pub fn onyx_orders(book: &OrderBook) -> Vec<(OrderId, Side, Price, Qty)> {
    let mut all: Vec<_> = [Side::Buy, Side::Sell]
        .into_iter()
        .flat_map(|side| {
            book.orders(side)
                .into_iter()
                .map(move |(id, _, price, qty)| (id, side, price, qty))
        })
        .collect();
    all.sort_unstable_by_key(|o| o.0);
    all
}
