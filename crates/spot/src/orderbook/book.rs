//! The book: two sorted maps of price levels over one slab of orders, and an
//! id index for O(1) cancel.

use super::slab::{Node, Slab, NIL};
#[cfg(test)]
use super::Command;
use super::{
    CancelReason, Event, NewOrder, OrderId, OrderKind, OwnerId, Price, Qty, Reject, Side,
    TimeInForce, UNITS_MAX,
};
use std::collections::{BTreeMap, HashMap};

/// A FIFO queue of orders at one price, with its total.
#[derive(Clone, Copy, Debug)]
struct Level {
    head: u32,
    tail: u32,
    total: u128,
    count: u32,
}

impl Level {
    const EMPTY: Level = Level {
        head: NIL,
        tail: NIL,
        total: 0,
        count: 0,
    };
}

#[derive(Debug)]
pub struct OrderBook {
    /// Best bid is the last key.
    bids: BTreeMap<Price, Level>,
    /// Best ask is the first key.
    asks: BTreeMap<Price, Level>,
    slab: Slab,
    index: HashMap<OrderId, u32>,
    capacity: usize,
}

/// What is left of an incoming order while it matches.
#[derive(Clone, Copy)]
enum Remaining {
    Qty(Qty),
    Quote(u128),
}

impl OrderBook {
    /// A book that holds at most `capacity` resting orders.
    pub fn with_capacity(capacity: usize) -> OrderBook {
        assert!(capacity > 0 && capacity < NIL as usize);
        OrderBook {
            bids: BTreeMap::new(),
            asks: BTreeMap::new(),
            slab: Slab::with_capacity(capacity.min(1 << 20)),
            index: HashMap::with_capacity(capacity.min(1 << 20)),
            capacity,
        }
    }

    pub fn len(&self) -> usize {
        self.index.len()
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    pub fn best_bid(&self) -> Option<Price> {
        self.bids.keys().next_back().copied()
    }

    pub fn best_ask(&self) -> Option<Price> {
        self.asks.keys().next().copied()
    }

    /// A resting order: (owner, side, price, remaining qty).
    pub fn order(&self, id: OrderId) -> Option<(OwnerId, Side, Price, Qty)> {
        self.index.get(&id).map(|&slot| {
            let n = self.slab.get(slot);
            (n.owner, n.side, n.price, n.qty)
        })
    }

    /// Up to `levels` best levels of one side, best first: (price, total).
    pub fn depth(&self, side: Side, levels: usize) -> Vec<(Price, u128)> {
        let map = self.side(side);
        let it: Box<dyn Iterator<Item = (&Price, &Level)>> = match side {
            Side::Buy => Box::new(map.iter().rev()),
            Side::Sell => Box::new(map.iter()),
        };
        it.take(levels).map(|(p, l)| (*p, l.total)).collect()
    }

    /// Resting orders of one side in priority order: (id, owner, price, qty).
    pub fn orders(&self, side: Side) -> Vec<(OrderId, OwnerId, Price, Qty)> {
        let map = self.side(side);
        let levels: Vec<&Level> = match side {
            Side::Buy => map.values().rev().collect(),
            Side::Sell => map.values().collect(),
        };
        let mut out = Vec::new();
        for level in levels {
            let mut slot = level.head;
            while slot != NIL {
                let n = self.slab.get(slot);
                out.push((n.id, n.owner, n.price, n.qty));
                slot = n.next;
            }
        }
        out
    }

    fn side(&self, side: Side) -> &BTreeMap<Price, Level> {
        match side {
            Side::Buy => &self.bids,
            Side::Sell => &self.asks,
        }
    }

    #[cfg(test)]
    pub fn execute(&mut self, cmd: Command, out: &mut Vec<Event>) {
        match cmd {
            Command::Place(order) => self.place(order, out),
            Command::Cancel { id } => self.cancel(id, out),
            Command::Replace { id, price, qty } => self.replace(id, price, qty, out),
        }
    }

    pub fn cancel(&mut self, id: OrderId, out: &mut Vec<Event>) {
        match self.remove(id) {
            Some(node) => out.push(Event::Cancelled {
                id,
                owner: node.owner,
                qty: node.qty,
                reason: CancelReason::User,
            }),
            None => out.push(Event::Rejected {
                id,
                reason: Reject::UnknownOrder,
            }),
        }
    }

    /// Cancels `id` and enters it again as a GTC limit at `price` for `qty`,
    /// behind every order already at that price.
    #[cfg(test)]
    pub fn replace(&mut self, id: OrderId, price: Price, qty: Qty, out: &mut Vec<Event>) {
        let Some(node) = self.remove(id) else {
            out.push(Event::Rejected {
                id,
                reason: Reject::UnknownOrder,
            });
            return;
        };
        out.push(Event::Cancelled {
            id,
            owner: node.owner,
            qty: node.qty,
            reason: CancelReason::User,
        });
        self.place(
            NewOrder {
                id,
                owner: node.owner,
                side: node.side,
                kind: OrderKind::Limit {
                    price,
                    qty,
                    tif: TimeInForce::Gtc,
                },
            },
            out,
        );
    }

    pub fn place(&mut self, order: NewOrder, out: &mut Vec<Event>) {
        if let Some(reason) = self.refusal(&order) {
            out.push(Event::Rejected {
                id: order.id,
                reason,
            });
            return;
        }
        let (limit, mut remaining, tif) = match order.kind {
            OrderKind::Limit { price, qty, tif } => (Some(price), Remaining::Qty(qty), Some(tif)),
            OrderKind::MarketQty { qty } => (None, Remaining::Qty(qty), None),
            OrderKind::MarketQuote { quote } => (None, Remaining::Quote(quote), None),
        };
        if let OrderKind::Limit {
            price,
            qty,
            tif: TimeInForce::PostOnly,
        } = order.kind
        {
            if self.crosses(order.side, price) {
                out.push(Event::Cancelled {
                    id: order.id,
                    owner: order.owner,
                    qty,
                    reason: CancelReason::WouldTake,
                });
                return;
            }
        }
        self.match_incoming(&order, limit, &mut remaining, out);
        match (remaining, tif, limit) {
            (Remaining::Qty(0), _, _) => {}
            (Remaining::Qty(qty), Some(TimeInForce::Gtc | TimeInForce::PostOnly), Some(price)) => {
                self.rest(order.id, order.owner, order.side, price, qty);
                out.push(Event::Rested {
                    id: order.id,
                    price,
                    qty,
                });
            }
            (Remaining::Qty(qty), _, _) => out.push(Event::Cancelled {
                id: order.id,
                owner: order.owner,
                qty,
                reason: CancelReason::Unfilled,
            }),
            // A quote remainder is money, not lots: the service releases it.
            (Remaining::Quote(_), _, _) => {}
        }
        debug_assert!(self.not_crossed());
    }

    fn refusal(&self, order: &NewOrder) -> Option<Reject> {
        if self.index.contains_key(&order.id) {
            return Some(Reject::DuplicateId);
        }
        match order.kind {
            OrderKind::Limit { price: 0, .. } => Some(Reject::ZeroPrice),
            OrderKind::Limit { qty: 0, .. } | OrderKind::MarketQty { qty: 0 } => {
                Some(Reject::ZeroQuantity)
            }
            OrderKind::MarketQuote { quote: 0 } => Some(Reject::ZeroQuantity),
            OrderKind::MarketQuote { .. } if order.side == Side::Sell => Some(Reject::QuoteSell),
            OrderKind::Limit { price, qty, .. } if price > UNITS_MAX || qty > UNITS_MAX => {
                Some(Reject::TooLarge)
            }
            OrderKind::MarketQty { qty } if qty > UNITS_MAX => Some(Reject::TooLarge),
            OrderKind::Limit { .. } if self.index.len() >= self.capacity => Some(Reject::BookFull),
            _ => None,
        }
    }

    /// Would a limit at `price` on `side` take liquidity?
    fn crosses(&self, side: Side, price: Price) -> bool {
        match side {
            Side::Buy => self.best_ask().is_some_and(|ask| price >= ask),
            Side::Sell => self.best_bid().is_some_and(|bid| price <= bid),
        }
    }

    fn match_incoming(
        &mut self,
        order: &NewOrder,
        limit: Option<Price>,
        remaining: &mut Remaining,
        out: &mut Vec<Event>,
    ) {
        let OrderBook {
            bids,
            asks,
            slab,
            index,
            ..
        } = self;
        let book = match order.side {
            Side::Buy => asks,
            Side::Sell => bids,
        };
        loop {
            if matches!(remaining, Remaining::Qty(0)) {
                return;
            }
            let entry = match order.side {
                Side::Buy => book.first_entry(),
                Side::Sell => book.last_entry(),
            };
            let Some(mut entry) = entry else { return };
            let price = *entry.key();
            let crosses = match (order.side, limit) {
                (_, None) => true,
                (Side::Buy, Some(l)) => price <= l,
                (Side::Sell, Some(l)) => price >= l,
            };
            if !crosses {
                return;
            }
            let level = entry.get_mut();
            let mut stop = false;
            while level.head != NIL {
                let slot = level.head;
                let maker = *slab.get(slot);
                if maker.owner == order.owner {
                    unlink(level, slab, slot);
                    level.total = level.total.saturating_sub(u128::from(maker.qty));
                    index.remove(&maker.id);
                    slab.release(slot);
                    out.push(Event::Cancelled {
                        id: maker.id,
                        owner: maker.owner,
                        qty: maker.qty,
                        reason: CancelReason::SelfTrade,
                    });
                    continue;
                }
                let qty = match remaining {
                    Remaining::Qty(left) => maker.qty.min(*left),
                    Remaining::Quote(left) => {
                        // A resting price is never zero (refused on entry).
                        let affordable = left.checked_div(u128::from(price)).unwrap_or(0);
                        maker.qty.min(Qty::try_from(affordable).unwrap_or(Qty::MAX))
                    }
                };
                if qty == 0 {
                    stop = true;
                    break;
                }
                // `qty` is at most what is left (by lots, or by quote at
                // this price), so none of these can go below zero.
                match remaining {
                    Remaining::Qty(left) => *left = left.saturating_sub(qty),
                    Remaining::Quote(left) => {
                        let cost = u128::from(qty).saturating_mul(u128::from(price));
                        *left = left.saturating_sub(cost);
                    }
                }
                let maker_done = qty == maker.qty;
                level.total = level.total.saturating_sub(u128::from(qty));
                out.push(Event::Fill {
                    maker: maker.id,
                    maker_owner: maker.owner,
                    taker: order.id,
                    taker_owner: order.owner,
                    taker_side: order.side,
                    price,
                    qty,
                    maker_done,
                });
                if maker_done {
                    unlink(level, slab, slot);
                    index.remove(&maker.id);
                    slab.release(slot);
                } else {
                    let node = slab.get_mut(slot);
                    node.qty = node.qty.saturating_sub(qty);
                }
                if matches!(remaining, Remaining::Qty(0)) {
                    break;
                }
            }
            if level.head == NIL {
                debug_assert_eq!(level.total, 0);
                entry.remove();
            }
            if stop {
                return;
            }
        }
    }

    fn rest(&mut self, id: OrderId, owner: OwnerId, side: Side, price: Price, qty: Qty) {
        let slot = self.slab.insert(Node {
            id,
            owner,
            side,
            price,
            qty,
            prev: NIL,
            next: NIL,
        });
        let book = match side {
            Side::Buy => &mut self.bids,
            Side::Sell => &mut self.asks,
        };
        let level = book.entry(price).or_insert(Level::EMPTY);
        if level.tail == NIL {
            level.head = slot;
        } else {
            self.slab.get_mut(level.tail).next = slot;
            self.slab.get_mut(slot).prev = level.tail;
        }
        level.tail = slot;
        // At most `capacity` (< 2^32) orders of at most 2^53 lots: a level
        // total stays below 2^85.
        level.total = level.total.saturating_add(u128::from(qty));
        level.count = level.count.saturating_add(1);
        self.index.insert(id, slot);
    }

    /// Puts an order back as resting, without matching: how the service
    /// rebuilds a book from its stored open orders, in id (time) order.
    /// Refuses what [`OrderBook::place`] would refuse for a limit order, and
    /// an order that would cross the other side (stored open orders never
    /// cross; one that does means the store is not what the book left).
    pub fn restore(
        &mut self,
        id: OrderId,
        owner: OwnerId,
        side: Side,
        price: Price,
        qty: Qty,
    ) -> Result<(), Reject> {
        let order = NewOrder {
            id,
            owner,
            side,
            kind: OrderKind::Limit {
                price,
                qty,
                tif: TimeInForce::Gtc,
            },
        };
        if let Some(reason) = self.refusal(&order) {
            return Err(reason);
        }
        if self.crosses(side, price) {
            return Err(Reject::WouldCross);
        }
        self.rest(id, owner, side, price, qty);
        Ok(())
    }

    /// Takes a resting order out of the book.
    fn remove(&mut self, id: OrderId) -> Option<Node> {
        let slot = self.index.remove(&id)?;
        let node = *self.slab.get(slot);
        let book = match node.side {
            Side::Buy => &mut self.bids,
            Side::Sell => &mut self.asks,
        };
        // An indexed order always has its level (check_invariants).
        if let Some(level) = book.get_mut(&node.price) {
            unlink(level, &mut self.slab, slot);
            level.total = level.total.saturating_sub(u128::from(node.qty));
            if level.head == NIL {
                book.remove(&node.price);
            }
        }
        self.slab.release(slot);
        Some(node)
    }

    fn not_crossed(&self) -> bool {
        match (self.best_bid(), self.best_ask()) {
            (Some(bid), Some(ask)) => bid < ask,
            _ => true,
        }
    }

    /// Every structural invariant, for tests: not crossed, level totals and
    /// counts equal their orders, links consistent, index complete.
    #[cfg(test)]
    pub fn check_invariants(&self) -> Result<(), String> {
        if !self.not_crossed() {
            return Err(format!(
                "crossed: {:?} >= {:?}",
                self.best_bid(),
                self.best_ask()
            ));
        }
        let mut seen = 0usize;
        for (side, map) in [(Side::Buy, &self.bids), (Side::Sell, &self.asks)] {
            for (price, level) in map {
                let (mut total, mut count, mut prev, mut slot) = (0u128, 0u32, NIL, level.head);
                while slot != NIL {
                    let n = self.slab.get(slot);
                    if n.prev != prev || n.price != *price || n.side != side || n.qty == 0 {
                        return Err(format!("bad node {} at {price}", n.id));
                    }
                    if self.index.get(&n.id) != Some(&slot) {
                        return Err(format!("order {} not indexed", n.id));
                    }
                    total = total.saturating_add(u128::from(n.qty));
                    count = count.saturating_add(1);
                    prev = slot;
                    slot = n.next;
                }
                if prev != level.tail || total != level.total || count != level.count || count == 0
                {
                    return Err(format!("level {price}: totals or links disagree"));
                }
                seen = seen.saturating_add(count as usize);
            }
        }
        if seen != self.index.len() {
            return Err(format!(
                "{seen} orders in levels, {} indexed",
                self.index.len()
            ));
        }
        Ok(())
    }
}

fn unlink(level: &mut Level, slab: &mut Slab, slot: u32) {
    let (prev, next) = {
        let n = slab.get(slot);
        (n.prev, n.next)
    };
    if prev == NIL {
        level.head = next;
    } else {
        slab.get_mut(prev).next = next;
    }
    if next == NIL {
        level.tail = prev;
    } else {
        slab.get_mut(next).prev = prev;
    }
    level.count = level.count.saturating_sub(1);
}

#[cfg(test)]
mod restore_tests {
    use super::*;

    #[test]
    fn restored_orders_rest_in_id_order_and_match_like_placed_ones() {
        let mut book = OrderBook::with_capacity(8);
        book.restore(1, 10, Side::Sell, 101, 5).unwrap();
        book.restore(2, 11, Side::Sell, 101, 3).unwrap();
        book.restore(3, 12, Side::Buy, 99, 4).unwrap();
        assert_eq!(book.check_invariants(), Ok(()));
        assert_eq!(book.depth(Side::Sell, 5), vec![(101, 8)]);
        assert_eq!(book.depth(Side::Buy, 5), vec![(99, 4)]);
        assert_eq!(
            book.restore(1, 10, Side::Sell, 102, 1),
            Err(Reject::DuplicateId)
        );
        assert_eq!(
            book.restore(4, 10, Side::Buy, 101, 1),
            Err(Reject::WouldCross)
        );
        assert_eq!(
            book.restore(5, 10, Side::Buy, 98, 0),
            Err(Reject::ZeroQuantity)
        );
        // Time priority survives: order 1 fills before order 2.
        let mut out = Vec::new();
        book.place(
            NewOrder {
                id: 9,
                owner: 20,
                side: Side::Buy,
                kind: OrderKind::MarketQty { qty: 6 },
            },
            &mut out,
        );
        let fills: Vec<(OrderId, Qty)> = out
            .iter()
            .filter_map(|e| match e {
                Event::Fill { maker, qty, .. } => Some((*maker, *qty)),
                _ => None,
            })
            .collect();
        assert_eq!(fills, vec![(1, 5), (2, 1)]);
        assert_eq!(book.order(2), Some((11, Side::Sell, 101, 2)));
    }
}
