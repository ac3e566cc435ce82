//! Rebuilding a pair's book from the store, at start and after a batch
//! that could not commit. Every accepted order was committed together with
//! its postings, so the open and partial rows are exactly the book: each
//! goes back as a resting order, oldest first (its time priority), without
//! matching.

use crate::entity::spot_order::{self, OrderSide};
use crate::orderbook::{OrderBook, Side};
use crate::repo;
use onyx_kernel::money::exact_sub;
use onyx_store::Db;
use rust_decimal::Decimal;
use sea_orm::DbErr;
use std::collections::HashMap;

use crate::pair::BOOK_CAPACITY;

/// `value` as a whole number of `10^-dp` units, if it is one.
pub(super) fn units(value: Decimal, dp: u32) -> Option<u64> {
    let unit = Decimal::try_from_i128_with_scale(10i128.checked_pow(dp)?, 0).ok()?;
    let scaled = value.checked_mul(unit)?;
    if !scaled.fract().is_zero() || scaled.is_sign_negative() {
        return None;
    }
    u64::try_from(scaled.trunc()).ok()
}

/// The book and the open rows it came from (by id, including any the book
/// could not take back).
pub(super) async fn load_book(
    db: &Db,
    symbol: &str,
    price_dp: u32,
    qty_dp: u32,
) -> Result<(OrderBook, HashMap<i64, spot_order::Model>), DbErr> {
    let mut book = OrderBook::with_capacity(BOOK_CAPACITY);
    let rows = repo::open_orders(db, symbol).await?;
    let count = rows.len();
    let mut open = HashMap::with_capacity(count);
    for o in rows {
        let side = match o.side {
            OrderSide::Buy => Side::Buy,
            OrderSide::Sell => Side::Sell,
        };
        let price = o.price.and_then(|p| units(p.get(), price_dp));
        let left = o
            .qty
            .and_then(|q| exact_sub(q.get(), o.filled_qty.get()))
            .and_then(|left| units(left, qty_dp));
        let restored = match (price, left) {
            (Some(price), Some(qty)) => book
                .restore(o.id as u64, o.user_id as u64, side, price, qty)
                .map_err(|r| format!("{r:?}")),
            _ => Err("not representable at the pair's precision".into()),
        };
        // Left out of the book, the order still holds its funds; its owner
        // can cancel it (the pair task releases an open order it does not
        // hold) and the operator sees this in the log.
        if let Err(why) = restored {
            tracing::error!(order_id = o.id, symbol, %why, "open order not restored");
        }
        open.insert(o.id, o);
    }
    if count > 0 {
        tracing::info!(symbol, orders = book.len(), "spot book restored");
    }
    Ok((book, open))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn units_are_exact_or_refused() {
        let d = |s: &str| Decimal::from_str(s).unwrap();
        assert_eq!(units(d("65000.25"), 2), Some(6_500_025));
        assert_eq!(units(d("0.0100"), 4), Some(100));
        assert_eq!(units(d("0.00001"), 4), None);
        assert_eq!(units(d("-1"), 0), None);
        assert_eq!(units(d("79228162514264337593543950335"), 4), None);
        assert_eq!(units(d("1"), 40), None, "no panic on a precision past i128");
    }
}
