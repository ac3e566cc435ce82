//! The rules of copying, pure: how big a copy is, how much of it closes
//! when the lead closes part, how much margin follows a lead's margin
//! change, and what profit share a close owes above the high-water mark.

use onyx_kernel::money::LEDGER_DP;
use rust_decimal::{Decimal, RoundingStrategy};

/// How a follower sizes copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sizing {
    /// Percent of the lead's contracts (1..=500).
    Ratio(Decimal),
    /// USDT of margin per copied order.
    Amount(Decimal),
}

pub const RATIO_MIN: Decimal = Decimal::ONE;
pub const RATIO_MAX: Decimal = Decimal::from_parts(500, 0, 0, false, 0);

fn hundred() -> Decimal {
    Decimal::ONE_HUNDRED
}

/// Whole contracts a copy of the lead's `lead_contracts` opened at `price`
/// takes: the ratio of the lead's, or as many as the fixed margin buys at
/// the lead's leverage; always rounded down.
pub fn copy_contracts(
    sizing: Sizing,
    lead_contracts: Decimal,
    price: Decimal,
    share_number: Decimal,
    leverage: u32,
) -> Option<Decimal> {
    let raw = match sizing {
        Sizing::Ratio(percent) => lead_contracts
            .checked_mul(percent)?
            .checked_div(hundred())?,
        Sizing::Amount(margin) => {
            let contract_value = price.checked_mul(share_number)?;
            if contract_value <= Decimal::ZERO {
                return None;
            }
            margin
                .checked_mul(Decimal::from(leverage))?
                .checked_div(contract_value)?
        }
    };
    Some(raw.max(Decimal::ZERO).floor())
}

/// Of a copy holding `copy_qty`, what closes when the lead closes
/// `closed` of its `held`: all of it when the lead closes all, otherwise
/// the same fraction, down to whole contracts of `step`.
pub fn close_qty(
    copy_qty: Decimal,
    closed: Decimal,
    held: Decimal,
    step: Decimal,
) -> Option<Decimal> {
    if closed >= held {
        return Some(copy_qty);
    }
    if held <= Decimal::ZERO || step <= Decimal::ZERO {
        return None;
    }
    let share = copy_qty.checked_mul(closed)?.checked_div(held)?;
    let contracts = share.checked_div(step)?.floor();
    Some(contracts.checked_mul(step)?.min(copy_qty))
}

/// The margin a copy moves when the lead moves `amount` on a position of
/// `lead_margin`: the copy's own margin in the same proportion, rounded
/// down to the ledger's unit.
pub fn margin_follow(
    amount: Decimal,
    copy_margin: Decimal,
    lead_margin: Decimal,
) -> Option<Decimal> {
    if lead_margin <= Decimal::ZERO {
        return None;
    }
    Some(
        amount
            .checked_mul(copy_margin)?
            .checked_div(lead_margin)?
            .round_dp_with_strategy(LEDGER_DP, RoundingStrategy::ToZero),
    )
}

/// A follow's running account after one close.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    pub net: Decimal,
    pub hwm: Decimal,
    pub share: Decimal,
}

/// A close moves the follow's net realised profit by `delta`; the share is
/// `rate` of whatever of the new net stands above the high-water mark,
/// which then rises to it. Profit given back and earned again is below
/// the mark, so it is never charged twice.
pub fn settle(net: Decimal, hwm: Decimal, delta: Decimal, rate: Decimal) -> Option<Settled> {
    let net = net.checked_add(delta)?;
    if net <= hwm {
        return Some(Settled {
            net,
            hwm,
            share: Decimal::ZERO,
        });
    }
    let share = net
        .checked_sub(hwm)?
        .checked_mul(rate)?
        .round_dp_with_strategy(LEDGER_DP, RoundingStrategy::ToZero);
    Some(Settled {
        net,
        hwm: net,
        share,
    })
}

/// Whether a follow's losses reached its stop-loss: the net realised loss
/// is at least `rate` percent of the budget.
pub fn stop_loss_hit(net: Decimal, budget: Decimal, rate: Decimal) -> bool {
    let limit = budget
        .checked_mul(rate)
        .and_then(|v| v.checked_div(hundred()));
    match limit {
        Some(limit) if limit > Decimal::ZERO => {
            net.checked_add(limit).is_some_and(|v| v <= Decimal::ZERO)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn a_ratio_scales_the_leads_contracts_down_to_whole_ones() {
        let s = Sizing::Ratio(d("50"));
        assert_eq!(
            copy_contracts(s, d("10"), d("60000"), d("0.0001"), 10),
            Some(d("5"))
        );
        assert_eq!(
            copy_contracts(s, d("3"), d("60000"), d("0.0001"), 10),
            Some(d("1"))
        );
        let s = Sizing::Ratio(d("250"));
        assert_eq!(
            copy_contracts(s, d("3"), d("60000"), d("0.0001"), 10),
            Some(d("7"))
        );
    }

    #[test]
    fn a_fixed_amount_buys_what_its_margin_covers_at_the_leads_leverage() {
        // 100 USDT at 10x is 1,000 of notional: 166 contracts of 6 USDT.
        let s = Sizing::Amount(d("100"));
        assert_eq!(
            copy_contracts(s, d("1"), d("60000"), d("0.0001"), 10),
            Some(d("166"))
        );
    }

    #[test]
    fn a_partial_close_closes_the_same_fraction_in_whole_contracts() {
        let step = d("0.0001");
        assert_eq!(
            close_qty(d("0.05"), d("0.05"), d("0.1"), step),
            Some(d("0.025"))
        );
        assert_eq!(
            close_qty(d("0.0003"), d("0.05"), d("0.1"), step),
            Some(d("0.0001"))
        );
        assert_eq!(
            close_qty(d("0.0003"), d("0.1"), d("0.1"), step),
            Some(d("0.0003"))
        );
    }

    #[test]
    fn the_share_is_charged_only_above_the_high_water_mark() {
        let r = d("0.2");
        let a = settle(d("0"), d("0"), d("100"), r).unwrap();
        assert_eq!((a.net, a.hwm, a.share), (d("100"), d("100"), d("20")));
        // 60 lost, 60 won back: nothing new above the mark.
        let b = settle(a.net, a.hwm, d("-60"), r).unwrap();
        let c = settle(b.net, b.hwm, d("60"), r).unwrap();
        assert_eq!((c.net, c.hwm, c.share), (d("100"), d("100"), d("0")));
        let e = settle(c.net, c.hwm, d("10"), r).unwrap();
        assert_eq!(e.share, d("2"));
    }

    #[test]
    fn a_stop_loss_is_a_share_of_the_budget() {
        assert!(!stop_loss_hit(d("-49"), d("100"), d("50")));
        assert!(stop_loss_hit(d("-50"), d("100"), d("50")));
        assert!(!stop_loss_hit(d("-500"), d("0"), d("50")));
    }

    proptest! {
        /// Whatever the closes, the shares add up to the rate of the
        /// highest net ever reached (above zero), never more: no profit is
        /// charged twice.
        #[test]
        fn shares_sum_to_the_rate_of_the_peak(deltas in proptest::collection::vec(-10_000i64..10_000, 1..40)) {
            let rate = d("0.2");
            let (mut net, mut hwm, mut shared, mut peak) = (Decimal::ZERO, Decimal::ZERO, Decimal::ZERO, Decimal::ZERO);
            for cents in deltas {
                let s = settle(net, hwm, Decimal::new(cents, 2), rate).unwrap();
                prop_assert!(s.share >= Decimal::ZERO);
                prop_assert!(s.hwm >= hwm);
                net = s.net;
                hwm = s.hwm;
                shared += s.share;
                peak = peak.max(net);
            }
            prop_assert_eq!(hwm, peak);
            prop_assert!(shared <= peak * rate);
            // Rounding down loses under one unit per close at most.
            prop_assert!(peak * rate - shared < Decimal::new(40, 8));
        }

        /// A copy is never larger than the rule allows, and a close never
        /// takes more than the copy holds.
        #[test]
        fn sizes_follow_the_rule(lead in 1i64..100_000, percent in 1i64..=500, held_part in 1i64..=100, copy in 1i64..100_000) {
            let n = copy_contracts(Sizing::Ratio(Decimal::from(percent)), Decimal::from(lead), d("60000"), d("0.0001"), 10).unwrap();
            prop_assert!(n * Decimal::ONE_HUNDRED <= Decimal::from(lead * percent));
            prop_assert!((n + Decimal::ONE) * Decimal::ONE_HUNDRED > Decimal::from(lead * percent));
            let step = d("0.0001");
            let copy_qty = Decimal::from(copy) * step;
            let held = d("10");
            let closed = held * Decimal::from(held_part) / Decimal::ONE_HUNDRED;
            let c = close_qty(copy_qty, closed, held, step).unwrap();
            prop_assert!(c <= copy_qty);
            prop_assert!(c >= Decimal::ZERO);
            prop_assert_eq!(c % step, Decimal::ZERO);
        }
    }
}
