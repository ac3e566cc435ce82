use super::reference::ReferenceBook;
use super::*;
use proptest::prelude::*;

fn limit(
    id: OrderId,
    owner: OwnerId,
    side: Side,
    price: Price,
    qty: Qty,
    tif: TimeInForce,
) -> Command {
    Command::Place(NewOrder {
        id,
        owner,
        side,
        kind: OrderKind::Limit { price, qty, tif },
    })
}

fn gtc(id: OrderId, owner: OwnerId, side: Side, price: Price, qty: Qty) -> Command {
    limit(id, owner, side, price, qty, TimeInForce::Gtc)
}

fn run(book: &mut OrderBook, cmds: &[Command]) -> Vec<Event> {
    let mut out = Vec::new();
    for c in cmds {
        book.execute(*c, &mut out);
        book.check_invariants().unwrap();
    }
    out
}

fn fills(events: &[Event]) -> Vec<(OrderId, Price, Qty)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Fill {
                maker, price, qty, ..
            } => Some((*maker, *price, *qty)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_crossing_limit_fills_best_price_first_then_oldest_first() {
    let mut book = OrderBook::with_capacity(100);
    run(
        &mut book,
        &[
            gtc(1, 10, Side::Sell, 101, 5),
            gtc(2, 11, Side::Sell, 100, 5),
            gtc(3, 12, Side::Sell, 100, 5),
        ],
    );
    let events = run(&mut book, &[gtc(4, 20, Side::Buy, 101, 12)]);
    assert_eq!(fills(&events), vec![(2, 100, 5), (3, 100, 5), (1, 101, 2)]);
    assert_eq!(book.order(1), Some((10, Side::Sell, 101, 3)));
    assert_eq!(book.best_bid(), None, "the buy was filled whole");
}

#[test]
fn the_remainder_of_a_gtc_rests_and_of_an_ioc_is_cancelled() {
    let mut book = OrderBook::with_capacity(100);
    run(&mut book, &[gtc(1, 10, Side::Sell, 100, 5)]);
    let events = run(&mut book, &[gtc(2, 20, Side::Buy, 100, 8)]);
    assert!(events.contains(&Event::Rested {
        id: 2,
        price: 100,
        qty: 3
    }));
    assert_eq!(book.best_bid(), Some(100));
    run(&mut book, &[gtc(3, 10, Side::Sell, 105, 5)]);
    let events = run(
        &mut book,
        &[limit(4, 20, Side::Buy, 105, 9, TimeInForce::Ioc)],
    );
    assert_eq!(fills(&events), vec![(3, 105, 5)]);
    assert!(events.contains(&Event::Cancelled {
        id: 4,
        owner: 20,
        qty: 4,
        reason: CancelReason::Unfilled
    }));
    assert_eq!(book.order(4), None);
}

#[test]
fn post_only_never_takes() {
    let mut book = OrderBook::with_capacity(100);
    run(&mut book, &[gtc(1, 10, Side::Sell, 100, 5)]);
    let events = run(
        &mut book,
        &[limit(2, 20, Side::Buy, 100, 5, TimeInForce::PostOnly)],
    );
    assert_eq!(
        events,
        vec![Event::Cancelled {
            id: 2,
            owner: 20,
            qty: 5,
            reason: CancelReason::WouldTake
        }]
    );
    let events = run(
        &mut book,
        &[limit(3, 20, Side::Buy, 99, 5, TimeInForce::PostOnly)],
    );
    assert_eq!(
        events,
        vec![Event::Rested {
            id: 3,
            price: 99,
            qty: 5
        }]
    );
}

#[test]
fn a_market_buy_by_quote_spends_no_more_than_its_quote() {
    let mut book = OrderBook::with_capacity(100);
    run(
        &mut book,
        &[
            gtc(1, 10, Side::Sell, 100, 3),
            gtc(2, 10, Side::Sell, 120, 10),
        ],
    );
    let buy = Command::Place(NewOrder {
        id: 3,
        owner: 20,
        side: Side::Buy,
        kind: OrderKind::MarketQuote { quote: 550 },
    });
    let events = run(&mut book, &[buy]);
    // 3 x 100 = 300, then 250 buys 2 at 120 (240); 10 left cannot buy a lot.
    assert_eq!(fills(&events), vec![(1, 100, 3), (2, 120, 2)]);
    assert_eq!(book.order(2), Some((10, Side::Sell, 120, 8)));
}

#[test]
fn a_market_order_never_rests() {
    let mut book = OrderBook::with_capacity(100);
    run(&mut book, &[gtc(1, 10, Side::Buy, 100, 3)]);
    let sell = Command::Place(NewOrder {
        id: 2,
        owner: 20,
        side: Side::Sell,
        kind: OrderKind::MarketQty { qty: 5 },
    });
    let events = run(&mut book, &[sell]);
    assert_eq!(fills(&events), vec![(1, 100, 3)]);
    assert!(events.contains(&Event::Cancelled {
        id: 2,
        owner: 20,
        qty: 2,
        reason: CancelReason::Unfilled
    }));
    assert!(book.is_empty());
}

#[test]
fn self_trade_cancels_the_resting_order_and_matching_goes_on() {
    let mut book = OrderBook::with_capacity(100);
    run(
        &mut book,
        &[
            gtc(1, 20, Side::Sell, 100, 5),
            gtc(2, 10, Side::Sell, 100, 5),
        ],
    );
    let events = run(&mut book, &[gtc(3, 20, Side::Buy, 100, 5)]);
    assert_eq!(
        events[0],
        Event::Cancelled {
            id: 1,
            owner: 20,
            qty: 5,
            reason: CancelReason::SelfTrade
        }
    );
    assert_eq!(fills(&events), vec![(2, 100, 5)]);
    assert!(book.is_empty());
}

#[test]
fn cancel_and_replace_by_id_and_unknown_ids_are_rejected() {
    let mut book = OrderBook::with_capacity(100);
    run(
        &mut book,
        &[gtc(1, 10, Side::Buy, 100, 5), gtc(2, 11, Side::Buy, 100, 5)],
    );
    let events = run(
        &mut book,
        &[Command::Replace {
            id: 1,
            price: 100,
            qty: 4,
        }],
    );
    assert_eq!(
        events.last(),
        Some(&Event::Rested {
            id: 1,
            price: 100,
            qty: 4
        })
    );
    assert_eq!(
        book.orders(Side::Buy)
            .iter()
            .map(|o| o.0)
            .collect::<Vec<_>>(),
        vec![2, 1],
        "a replaced order loses its place"
    );
    let events = run(
        &mut book,
        &[Command::Cancel { id: 2 }, Command::Cancel { id: 2 }],
    );
    assert_eq!(
        events[1],
        Event::Rejected {
            id: 2,
            reason: Reject::UnknownOrder
        }
    );
    assert_eq!(book.len(), 1);
}

#[test]
fn bad_orders_are_rejected_without_touching_the_book() {
    let mut book = OrderBook::with_capacity(2);
    run(
        &mut book,
        &[gtc(1, 10, Side::Buy, 100, 5), gtc(2, 10, Side::Buy, 99, 5)],
    );
    let events = run(
        &mut book,
        &[
            gtc(1, 10, Side::Buy, 98, 5),
            gtc(3, 10, Side::Buy, 0, 5),
            gtc(4, 10, Side::Buy, 98, 0),
            gtc(5, 10, Side::Buy, 98, 1),
            Command::Place(NewOrder {
                id: 6,
                owner: 10,
                side: Side::Sell,
                kind: OrderKind::MarketQuote { quote: 10 },
            }),
            gtc(7, 10, Side::Buy, UNITS_MAX + 1, 1),
            gtc(8, 10, Side::Sell, 200, u64::MAX),
            Command::Place(NewOrder {
                id: 9,
                owner: 10,
                side: Side::Sell,
                kind: OrderKind::MarketQty { qty: u64::MAX },
            }),
        ],
    );
    let reasons: Vec<_> = events
        .iter()
        .map(|e| match e {
            Event::Rejected { reason, .. } => *reason,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        reasons,
        vec![
            Reject::DuplicateId,
            Reject::ZeroPrice,
            Reject::ZeroQuantity,
            Reject::BookFull,
            Reject::QuoteSell,
            Reject::TooLarge,
            Reject::TooLarge,
            Reject::TooLarge
        ]
    );
    assert_eq!(book.len(), 2);
}

fn command() -> impl Strategy<Value = (u8, u64, bool, u64, u64, u8)> {
    // (op, owner, buy?, price, qty, tif/kind selector)
    (
        0u8..10,
        1u64..4,
        any::<bool>(),
        95u64..106,
        1u64..20,
        0u8..5,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn same_events_as_the_reference_book_and_invariants_hold(ops in prop::collection::vec(command(), 1..300)) {
        let mut book = OrderBook::with_capacity(64);
        let mut reference = ReferenceBook::new(64);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut next_id = 1u64;
        for (op, owner, buy, price, qty, sel) in ops {
            let side = if buy { Side::Buy } else { Side::Sell };
            // Ids of past orders (some resting, some gone) for cancel/replace.
            let old = 1 + (price * 7 + qty) % next_id;
            let cmd = match op {
                0 => Command::Cancel { id: old },
                1 => Command::Replace { id: old, price, qty },
                _ => {
                    next_id += 1;
                    let kind = match sel {
                        0 => OrderKind::Limit { price, qty, tif: TimeInForce::Ioc },
                        1 => OrderKind::Limit { price, qty, tif: TimeInForce::PostOnly },
                        2 => OrderKind::MarketQty { qty },
                        3 if buy => OrderKind::MarketQuote { quote: (price * qty) as u128 },
                        _ => OrderKind::Limit { price, qty, tif: TimeInForce::Gtc },
                    };
                    Command::Place(NewOrder { id: next_id, owner, side, kind })
                }
            };
            a.clear();
            b.clear();
            book.execute(cmd, &mut a);
            reference.execute(cmd, &mut b);
            prop_assert_eq!(&a, &b, "command {:?}", cmd);
            prop_assert_eq!(book.check_invariants(), Ok(()));
            prop_assert_eq!(book.orders(Side::Buy), reference.orders(Side::Buy));
            prop_assert_eq!(book.orders(Side::Sell), reference.orders(Side::Sell));
            // Quantity is conserved: an incoming order's fills, resting part
            // and cancelled part add up to what it asked for.
            let placed = match cmd {
                Command::Place(NewOrder { id, kind: OrderKind::Limit { qty, .. } | OrderKind::MarketQty { qty }, .. }) => Some((id, qty)),
                Command::Replace { id, qty, .. } => Some((id, qty)),
                _ => None,
            };
            if let Some((id, asked)) = placed {
                let rejected = a.iter().any(|e| matches!(e, Event::Rejected { .. }));
                let accounted: u64 = a.iter().map(|e| match *e {
                    Event::Fill { taker, qty, .. } if taker == id => qty,
                    Event::Rested { id: r, qty, .. } if r == id => qty,
                    Event::Cancelled { id: c, qty, reason, .. } if c == id && reason != CancelReason::User => qty,
                    _ => 0,
                }).sum();
                prop_assert!(rejected || accounted == asked, "{:?}: {} of {}", cmd, accounted, asked);
            }
        }
    }
}
