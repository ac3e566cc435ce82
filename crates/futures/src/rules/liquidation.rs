//! Liquidation and bankruptcy prices (Binance one-way mode, venue anchors
//! §1.4). A position is liquidated when its equity at the mark, margin plus
//! unrealised profit, falls to its maintenance margin:
//!
//! `LP = (WB − TMM1 + UPNL1 + cum − side × Q × EP) / (Q × rate − side × Q)`
//!
//! with `WB` the margin (isolated) or the wallet (cross, with `TMM1` and
//! `UPNL1` the other positions' maintenance and profit), `Q` the size,
//! `EP` the entry price, and `rate`/`cum` those of the bracket the
//! position's notional at `LP` falls in. The bankruptcy price is where the
//! equity is zero: `EP − side × WB / Q`.

use super::brackets::Brackets;
use super::Side;
use rust_decimal::Decimal;

/// What the liquidation price depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exposure {
    pub side: Side,
    /// Size in the coin, positive.
    pub qty: Decimal,
    /// Average entry price.
    pub entry: Decimal,
    /// The position's margin (isolated), or the wallet balance (cross).
    pub balance: Decimal,
    /// Cross only: the other positions' maintenance margin and unrealised
    /// profit; zero for an isolated position.
    pub others_maintenance: Decimal,
    pub others_pnl: Decimal,
}

impl Exposure {
    pub fn isolated(side: Side, qty: Decimal, entry: Decimal, margin: Decimal) -> Exposure {
        Exposure {
            side,
            qty,
            entry,
            balance: margin,
            others_maintenance: Decimal::ZERO,
            others_pnl: Decimal::ZERO,
        }
    }
}

/// The mark at which the position is liquidated; `None` when there is none
/// (a long that cannot lose its margin before the price reaches 0), or the
/// position is larger than the last bracket.
pub fn liquidation_price(e: &Exposure, brackets: &Brackets) -> Option<Decimal> {
    if e.qty <= Decimal::ZERO {
        return None;
    }
    let s = e.side.sign();
    let base = e
        .balance
        .checked_sub(e.others_maintenance)?
        .checked_add(e.others_pnl)?;
    let signed_cost = s.checked_mul(e.qty)?.checked_mul(e.entry)?;
    // The bracket is that of the notional at the answer: try each, keep
    // the one whose answer lands in it. Maintenance is continuous and
    // rises with the notional, so exactly one does.
    for t in brackets.tiers() {
        let numerator = base.checked_add(t.cum)?.checked_sub(signed_cost)?;
        let denominator = e
            .qty
            .checked_mul(t.rate)?
            .checked_sub(s.checked_mul(e.qty)?)?;
        let price = numerator.checked_div(denominator)?;
        if price <= Decimal::ZERO {
            return None;
        }
        let notional = price.checked_mul(e.qty)?;
        if t.floor <= notional && notional < t.cap {
            return Some(price);
        }
    }
    None
}

/// The mark at which the position's margin is exactly gone; `None` when
/// a long's is at or below 0. The tests hold the liquidation price
/// between the entry and this.
#[cfg(test)]
pub fn bankruptcy_price(
    side: Side,
    qty: Decimal,
    entry: Decimal,
    margin: Decimal,
) -> Option<Decimal> {
    if qty <= Decimal::ZERO {
        return None;
    }
    let per_unit = margin.checked_div(qty)?;
    let price = entry.checked_sub(side.sign().checked_mul(per_unit)?)?;
    (price > Decimal::ZERO).then_some(price)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pnl::unrealised;
    use proptest::prelude::*;
    use std::str::FromStr;

    fn d(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    fn shown(p: Option<Decimal>) -> String {
        p.map(|p| format!("{:.2}", p.round_dp(2)))
            .unwrap_or_else(|| "--".into())
    }

    #[test]
    fn the_venue_anchors_reference_positions() {
        let b = Brackets::btcusdt();
        // 1 BTC at 60,000, 20x isolated: margin 3,000, bracket 1.
        let long = Exposure::isolated(Side::Long, d("1"), d("60000"), d("3000"));
        assert_eq!(shown(liquidation_price(&long, &b)), "57228.92");
        assert_eq!(
            shown(bankruptcy_price(Side::Long, d("1"), d("60000"), d("3000"))),
            "57000.00"
        );
        let short = Exposure::isolated(Side::Short, d("1"), d("60000"), d("3000"));
        assert_eq!(shown(liquidation_price(&short, &b)), "62749.00");
        assert_eq!(
            shown(bankruptcy_price(Side::Short, d("1"), d("60000"), d("3000"))),
            "63000.00"
        );
        // 100 BTC at 60,000, 10x: bracket 4 at the liquidation price.
        let big = Exposure::isolated(Side::Long, d("100"), d("60000"), d("600000"));
        assert_eq!(shown(liquidation_price(&big, &b)), "54424.24");
        assert_eq!(
            shown(bankruptcy_price(
                Side::Long,
                d("100"),
                d("60000"),
                d("600000")
            )),
            "54000.00"
        );
    }

    #[test]
    fn binances_cross_margin_example() {
        // A short 0.005 BTC at 9,451.53 with a wallet of 10.72, the other
        // positions' maintenance 1.3 and profit 0.47.
        let e = Exposure {
            side: Side::Short,
            qty: d("0.005"),
            entry: d("9451.53"),
            balance: d("10.72"),
            others_maintenance: d("1.3"),
            others_pnl: d("0.47"),
        };
        assert_eq!(
            shown(liquidation_price(&e, &Brackets::btcusdt())),
            "11383.99"
        );
    }

    #[test]
    fn a_fully_margined_long_is_never_liquidated() {
        let e = Exposure::isolated(Side::Long, d("1"), d("60000"), d("60000"));
        assert_eq!(liquidation_price(&e, &Brackets::btcusdt()), None);
        assert_eq!(
            bankruptcy_price(Side::Long, d("1"), d("60000"), d("60000")),
            None
        );
    }

    /// Equity minus maintenance at `mark`.
    fn cushion(e: &Exposure, b: &Brackets, mark: Decimal) -> Decimal {
        let pnl = unrealised(e.side, e.qty, e.entry, mark).unwrap();
        e.balance + pnl - b.maintenance(mark * e.qty).unwrap()
    }

    proptest! {
        /// The formula's price is the one a search of the mark finds where
        /// equity meets maintenance, and the position is safe on the
        /// entry's side of it.
        #[test]
        fn the_formula_agrees_with_a_search_of_the_mark(
            long in any::<bool>(),
            qty_milli in 1i64..200_000,
            entry_cents in 100_000i64..10_000_000,
            leverage_seed in 0u32..1_000,
        ) {
            let b = Brackets::btcusdt();
            let side = if long { Side::Long } else { Side::Short };
            let qty = Decimal::new(qty_milli, 3);
            let entry = Decimal::new(entry_cents, 2);
            let notional = qty * entry;
            // Any leverage the position's bracket allows.
            let leverage = 1 + leverage_seed % b.max_leverage(notional).unwrap();
            let margin = (notional / Decimal::from(leverage)).round_dp(8);
            let e = Exposure::isolated(side, qty, entry, margin);
            let Some(lp) = liquidation_price(&e, &b) else {
                prop_assert!(long, "a short always has a liquidation price");
                return Ok(());
            };
            // Bisect the mark between the entry and the far end.
            let (mut safe, mut gone) = if long {
                (entry, Decimal::ZERO)
            } else {
                (entry, entry * Decimal::from(20))
            };
            prop_assume!(b.tier(gone * qty).is_some());
            for _ in 0..120 {
                let mid = (safe + gone) / Decimal::TWO;
                if cushion(&e, &b, mid) > Decimal::ZERO { safe = mid } else { gone = mid }
            }
            let tolerance = entry * Decimal::new(1, 9);
            prop_assert!((lp - safe).abs() <= tolerance, "formula {lp}, search {safe}");
            prop_assert!(cushion(&e, &b, lp).abs() <= notional * Decimal::new(1, 12));
        }
    }
}
