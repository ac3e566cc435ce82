//! A deliberately naive book for the property tests: a vector of resting
//! orders scanned in full for every decision. Slow and obviously right.

use super::*;

#[derive(Clone, Debug)]
struct Resting {
    id: OrderId,
    owner: OwnerId,
    side: Side,
    price: Price,
    qty: Qty,
    seq: u64,
}

#[derive(Default, Debug)]
pub struct ReferenceBook {
    resting: Vec<Resting>,
    seq: u64,
    pub capacity: usize,
}

impl ReferenceBook {
    pub fn new(capacity: usize) -> ReferenceBook {
        ReferenceBook {
            capacity,
            ..Default::default()
        }
    }

    pub fn execute(&mut self, cmd: Command, out: &mut Vec<Event>) {
        match cmd {
            Command::Place(o) => self.place(o, out),
            Command::Cancel { id } => match self.take(id) {
                Some(r) => out.push(Event::Cancelled {
                    id,
                    owner: r.owner,
                    qty: r.qty,
                    reason: CancelReason::User,
                }),
                None => out.push(Event::Rejected {
                    id,
                    reason: Reject::UnknownOrder,
                }),
            },
            Command::Replace { id, price, qty } => match self.take(id) {
                Some(r) => {
                    out.push(Event::Cancelled {
                        id,
                        owner: r.owner,
                        qty: r.qty,
                        reason: CancelReason::User,
                    });
                    self.place(
                        NewOrder {
                            id,
                            owner: r.owner,
                            side: r.side,
                            kind: OrderKind::Limit {
                                price,
                                qty,
                                tif: TimeInForce::Gtc,
                            },
                        },
                        out,
                    );
                }
                None => out.push(Event::Rejected {
                    id,
                    reason: Reject::UnknownOrder,
                }),
            },
        }
    }

    fn take(&mut self, id: OrderId) -> Option<Resting> {
        let i = self.resting.iter().position(|r| r.id == id)?;
        Some(self.resting.remove(i))
    }

    /// The best opposite order for a taker on `side`: best price, then oldest.
    fn best(&self, side: Side) -> Option<usize> {
        let opposite = side.opposite();
        self.resting
            .iter()
            .enumerate()
            .filter(|(_, r)| r.side == opposite)
            .min_by_key(|(_, r)| match opposite {
                Side::Sell => (r.price as i128, r.seq),
                Side::Buy => (-(r.price as i128), r.seq),
            })
            .map(|(i, _)| i)
    }

    fn place(&mut self, o: NewOrder, out: &mut Vec<Event>) {
        if self.resting.iter().any(|r| r.id == o.id) {
            return out.push(Event::Rejected {
                id: o.id,
                reason: Reject::DuplicateId,
            });
        }
        let reject = match o.kind {
            OrderKind::Limit { price: 0, .. } => Some(Reject::ZeroPrice),
            OrderKind::Limit { qty: 0, .. } | OrderKind::MarketQty { qty: 0 } => {
                Some(Reject::ZeroQuantity)
            }
            OrderKind::MarketQuote { quote: 0 } => Some(Reject::ZeroQuantity),
            OrderKind::MarketQuote { .. } if o.side == Side::Sell => Some(Reject::QuoteSell),
            OrderKind::Limit { price, qty, .. } if price > UNITS_MAX || qty > UNITS_MAX => {
                Some(Reject::TooLarge)
            }
            OrderKind::MarketQty { qty } if qty > UNITS_MAX => Some(Reject::TooLarge),
            OrderKind::Limit { .. } if self.resting.len() >= self.capacity => {
                Some(Reject::BookFull)
            }
            _ => None,
        };
        if let Some(reason) = reject {
            return out.push(Event::Rejected { id: o.id, reason });
        }
        let limit = match o.kind {
            OrderKind::Limit { price, .. } => Some(price),
            _ => None,
        };
        let crosses = |p: Price| match (o.side, limit) {
            (_, None) => true,
            (Side::Buy, Some(l)) => p <= l,
            (Side::Sell, Some(l)) => p >= l,
        };
        if let OrderKind::Limit {
            qty,
            tif: TimeInForce::PostOnly,
            ..
        } = o.kind
        {
            if self
                .best(o.side)
                .is_some_and(|i| crosses(self.resting[i].price))
            {
                return out.push(Event::Cancelled {
                    id: o.id,
                    owner: o.owner,
                    qty,
                    reason: CancelReason::WouldTake,
                });
            }
        }
        let (mut qty_left, mut quote_left) = match o.kind {
            OrderKind::Limit { qty, .. } | OrderKind::MarketQty { qty } => (Some(qty), None),
            OrderKind::MarketQuote { quote } => (None, Some(quote)),
        };
        while let Some(i) = self.best(o.side) {
            if qty_left == Some(0) || !crosses(self.resting[i].price) {
                break;
            }
            let maker = self.resting[i].clone();
            if maker.owner == o.owner {
                self.resting.remove(i);
                out.push(Event::Cancelled {
                    id: maker.id,
                    owner: maker.owner,
                    qty: maker.qty,
                    reason: CancelReason::SelfTrade,
                });
                continue;
            }
            let qty = match (qty_left, quote_left) {
                (Some(q), _) => q.min(maker.qty),
                (None, Some(quote)) => {
                    ((quote / maker.price as u128).min(maker.qty as u128)) as Qty
                }
                _ => unreachable!(),
            };
            if qty == 0 {
                break;
            }
            if let Some(q) = qty_left.as_mut() {
                *q -= qty;
            }
            if let Some(q) = quote_left.as_mut() {
                *q -= qty as u128 * maker.price as u128;
            }
            let maker_done = qty == maker.qty;
            out.push(Event::Fill {
                maker: maker.id,
                maker_owner: maker.owner,
                taker: o.id,
                taker_owner: o.owner,
                taker_side: o.side,
                price: maker.price,
                qty,
                maker_done,
            });
            if maker_done {
                self.resting.remove(i);
            } else {
                self.resting[i].qty -= qty;
            }
        }
        if let (Some(qty), OrderKind::Limit { price, tif, .. }) = (qty_left, o.kind) {
            if qty > 0 && tif != TimeInForce::Ioc {
                self.seq += 1;
                self.resting.push(Resting {
                    id: o.id,
                    owner: o.owner,
                    side: o.side,
                    price,
                    qty,
                    seq: self.seq,
                });
                out.push(Event::Rested {
                    id: o.id,
                    price,
                    qty,
                });
            } else if qty > 0 {
                out.push(Event::Cancelled {
                    id: o.id,
                    owner: o.owner,
                    qty,
                    reason: CancelReason::Unfilled,
                });
            }
        } else if let Some(qty) = qty_left.filter(|q| *q > 0) {
            out.push(Event::Cancelled {
                id: o.id,
                owner: o.owner,
                qty,
                reason: CancelReason::Unfilled,
            });
        }
    }

    /// Resting orders of one side in priority order: (id, owner, price, qty).
    pub fn orders(&self, side: Side) -> Vec<(OrderId, OwnerId, Price, Qty)> {
        let mut v: Vec<&Resting> = self.resting.iter().filter(|r| r.side == side).collect();
        v.sort_by_key(|r| match side {
            Side::Sell => (r.price as i128, r.seq),
            Side::Buy => (-(r.price as i128), r.seq),
        });
        v.into_iter()
            .map(|r| (r.id, r.owner, r.price, r.qty))
            .collect()
    }
}
