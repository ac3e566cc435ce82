//! The spot matching engine: a central limit order book per pair with
//! price-time priority, in exact integers.
//!
//! Prices are in ticks and quantities in lots of the pair (the service
//! converts from the pair's `basePrecision`/`coinPrecision`), so matching
//! never rounds. The book emits [`Event`]s into a buffer the caller owns
//! and reuses; the hot path allocates only when a new price level or a new
//! order slot is first needed.
//!
//! Order types: limit (GTC, IOC, post-only) and market (by quantity; a
//! market buy also by quote amount). Self-trade prevention cancels the
//! resting order and lets the incoming one go on matching.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable
    )
)]

mod book;
mod slab;

pub use book::OrderBook;

pub type OrderId = u64;
pub type OwnerId = u64;
/// A price in ticks of the pair.
pub type Price = u64;
/// A quantity in lots of the pair.
pub type Qty = u64;

/// Largest price in ticks and quantity in lots the book takes. Bounding
/// both keeps every product and level total far inside `u128`, so the
/// book's arithmetic cannot overflow.
pub const UNITS_MAX: u64 = 1 << 53;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Buy,
    Sell,
}

impl Side {
    pub fn opposite(self) -> Side {
        match self {
            Side::Buy => Side::Sell,
            Side::Sell => Side::Buy,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeInForce {
    /// Good till cancelled: the remainder rests.
    Gtc,
    /// Immediate or cancel: the remainder is cancelled.
    Ioc,
    /// Only ever rests: refused whole if it would take liquidity.
    PostOnly,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderKind {
    Limit {
        price: Price,
        qty: Qty,
        tif: TimeInForce,
    },
    /// Takes `qty` lots at any price.
    MarketQty { qty: Qty },
    /// A market buy spending at most `quote` (in tick-lots: price x qty).
    MarketQuote { quote: u128 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewOrder {
    pub id: OrderId,
    pub owner: OwnerId,
    pub side: Side,
    pub kind: OrderKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CancelReason {
    /// The owner asked.
    User,
    /// IOC or market remainder with nothing left to match.
    Unfilled,
    /// The resting order met its owner's incoming order.
    SelfTrade,
    /// A post-only order would have crossed.
    WouldTake,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reject {
    DuplicateId,
    ZeroQuantity,
    ZeroPrice,
    /// The book holds its maximum number of orders.
    BookFull,
    UnknownOrder,
    /// Only a buy can be sized by the quote it spends.
    QuoteSell,
    /// A restored order would cross the other side of the book.
    WouldCross,
    /// A price or quantity above [`UNITS_MAX`].
    TooLarge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `qty` lots traded at the maker's `price`.
    Fill {
        maker: OrderId,
        maker_owner: OwnerId,
        taker: OrderId,
        taker_owner: OwnerId,
        taker_side: Side,
        price: Price,
        qty: Qty,
        /// The maker has nothing left.
        maker_done: bool,
    },
    /// The order now rests with `qty` lots.
    Rested {
        id: OrderId,
        price: Price,
        qty: Qty,
    },
    /// `qty` lots of the order will never trade.
    Cancelled {
        id: OrderId,
        owner: OwnerId,
        qty: Qty,
        reason: CancelReason,
    },
    Rejected {
        id: OrderId,
        reason: Reject,
    },
}

/// A commands stream element, as the tests feed a book (the service calls
/// the book's methods itself).
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Place(NewOrder),
    Cancel {
        id: OrderId,
    },
    /// Cancel and re-enter at a new price and quantity (loses priority).
    Replace {
        id: OrderId,
        price: Price,
        qty: Qty,
    },
}

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
