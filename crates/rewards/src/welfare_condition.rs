//! What a user must have done before the welfare centre pays them, pure:
//! confirmed deposits (the operator sets how much, in USDT; 0 means any
//! first deposit), and which trade earns the first-trade task. Without
//! it a throwaway account farmed the sign-in, then bought with that
//! reward the trade that earned the first-trade task, then bound an email
//! (issue 32, finding 4; decision 0025).

use rust_decimal::Decimal;

/// One of the user's confirmed deposits (in) or withdrawals (out), as the
/// journal holds it, valued in USDT; `None` when its coin has no fresh
/// price (nothing is valued on a stale price, so it counts as nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flow {
    pub posting_id: i64,
    pub usdt: Option<Decimal>,
    pub inflow: bool,
}

/// A user's deposits and withdrawals in journal order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    flows: Vec<Flow>,
}

impl Standing {
    pub fn new(mut flows: Vec<Flow>) -> Standing {
        flows.sort_by_key(|f| f.posting_id);
        Standing { flows }
    }

    fn deposits(&self) -> impl Iterator<Item = &Flow> {
        self.flows.iter().filter(|f| f.inflow)
    }

    /// Every confirmed deposit's value in USDT, withdrawals not taken off:
    /// the condition asks whether the user ever put money in.
    pub fn deposited(&self) -> Decimal {
        self.deposits()
            .filter_map(|f| f.usdt)
            .fold(Decimal::ZERO, Decimal::saturating_add)
    }

    /// The deposit posting with which the condition was met: the first
    /// deposit when `min` is 0 (whatever its coin's price), else the one
    /// that brought the deposits' value to `min`.
    pub fn met_at(&self, min: Decimal) -> Option<i64> {
        if min <= Decimal::ZERO {
            return self.deposits().next().map(|f| f.posting_id);
        }
        let mut sum = Decimal::ZERO;
        for f in self.deposits() {
            sum = sum.saturating_add(f.usdt.unwrap_or_default());
            if sum >= min {
                return Some(f.posting_id);
            }
        }
        None
    }

    /// Deposits less withdrawals posted before `posting_id`, in USDT: the
    /// user's own money that could have paid for what was posted then.
    pub fn net_before(&self, posting_id: i64) -> Decimal {
        self.flows
            .iter()
            .take_while(|f| f.posting_id < posting_id)
            .fold(Decimal::ZERO, |sum, f| {
                let v = f.usdt.unwrap_or_default();
                if f.inflow {
                    sum.saturating_add(v)
                } else {
                    sum.saturating_sub(v)
                }
            })
    }

    /// Whether a trade earns the first-trade task: it was posted after the
    /// condition was met, and what the user put into it (`outlay`, USDT)
    /// was covered by their deposits net of withdrawals before it, so no
    /// reward (a sign-in, another task, a deposit bonus) can have paid for
    /// it. An outlay that cannot be valued does not qualify.
    pub fn trade_qualifies(
        &self,
        min: Decimal,
        first_posting_id: i64,
        outlay: Option<Decimal>,
    ) -> bool {
        let Some(met) = self.met_at(min) else {
            return false;
        };
        let Some(outlay) = outlay.filter(|v| *v > Decimal::ZERO) else {
            return false;
        };
        first_posting_id > met && outlay <= self.net_before(first_posting_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    fn flow(id: i64, usdt: Option<&str>, inflow: bool) -> Flow {
        Flow {
            posting_id: id,
            usdt: usdt.map(d),
            inflow,
        }
    }

    #[test]
    fn with_no_deposit_nothing_is_met_and_no_trade_qualifies() {
        let s = Standing::default();
        assert_eq!(s.met_at(Decimal::ZERO), None);
        assert_eq!(s.deposited(), Decimal::ZERO);
        assert!(!s.trade_qualifies(Decimal::ZERO, 10, Some(d("0.09"))));
    }

    #[test]
    fn the_first_deposit_meets_a_zero_minimum_even_unpriced() {
        let s = Standing::new(vec![flow(9, Some("5"), true), flow(4, None, true)]);
        assert_eq!(s.met_at(Decimal::ZERO), Some(4));
        assert_eq!(s.deposited(), d("5"));
    }

    #[test]
    fn a_minimum_is_met_by_the_deposit_that_reaches_it() {
        let s = Standing::new(vec![
            flow(1, Some("30"), true),
            flow(2, Some("30"), false),
            flow(3, None, true),
            flow(5, Some("70"), true),
        ]);
        // Withdrawals do not undo the condition; unpriced coins add nothing.
        assert_eq!(s.met_at(d("100")), Some(5));
        assert_eq!(s.met_at(d("100.01")), None);
        assert_eq!(s.deposited(), d("100"));
    }

    #[test]
    fn a_trade_qualifies_after_the_condition_and_within_net_deposits() {
        let s = Standing::new(vec![
            flow(10, Some("0.05"), true),
            flow(20, Some("10"), true),
            flow(30, Some("10"), false),
        ]);
        // Before the first deposit: never.
        assert!(!s.trade_qualifies(Decimal::ZERO, 5, Some(d("0.01"))));
        // After it, but bigger than what was deposited: a reward paid it.
        assert!(!s.trade_qualifies(Decimal::ZERO, 15, Some(d("0.09"))));
        assert!(s.trade_qualifies(Decimal::ZERO, 15, Some(d("0.05"))));
        assert!(s.trade_qualifies(Decimal::ZERO, 25, Some(d("10.05"))));
        // The deposit was taken out again.
        assert!(!s.trade_qualifies(Decimal::ZERO, 35, Some(d("0.09"))));
        // With a 10 USDT minimum the condition is met at posting 20.
        assert!(!s.trade_qualifies(d("10"), 15, Some(d("0.05"))));
        assert!(s.trade_qualifies(d("10"), 25, Some(d("1"))));
        // Nothing put in, or not valued: no.
        assert!(!s.trade_qualifies(Decimal::ZERO, 25, Some(Decimal::ZERO)));
        assert!(!s.trade_qualifies(Decimal::ZERO, 25, None));
    }
}
