//! The ledger side of an earn order. The principal moves from the user's
//! spot wallet into the finance wallet's frozen bucket at subscription and
//! back at maturity or redemption. Interest comes from the finance house:
//! to spot when paid daily, or into the finance wallet's frozen bucket
//! beside the principal when it is paid at maturity. An early redemption's
//! penalty or forfeited interest goes back to the finance house.

use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;

fn spot(user_id: u64, coin: &str) -> Side {
    Side::available(AccountId::user(user_id, Wallet::Spot, coin))
}

fn held(user_id: u64, coin: &str) -> Side {
    Side::frozen(AccountId::user(user_id, Wallet::Finance, coin))
}

fn house(coin: &str) -> Side {
    Side::available(AccountId::system(SystemAccount::FinanceHouse, coin))
}

fn posting(
    kind: PostingKind,
    coin: &str,
    amount: Amount,
    from: Side,
    to: Side,
    reference: &PostingRef,
    at_ms: i64,
) -> Posting {
    Posting {
        kind,
        asset: coin.to_string(),
        amount,
        from,
        to,
        reference: reference.clone(),
        at_ms,
    }
}

/// The principal from spot into the finance wallet, held.
pub fn subscribe(
    user_id: u64,
    coin: &str,
    principal: Amount,
    r: &PostingRef,
    at: i64,
) -> Vec<Posting> {
    vec![posting(
        PostingKind::Transfer,
        coin,
        principal,
        spot(user_id, coin),
        held(user_id, coin),
        r,
        at,
    )]
}

/// One day's interest from the house: to spot (`pay_now`) or held with
/// the principal until maturity. Zero interest has no posting.
pub fn interest(
    user_id: u64,
    coin: &str,
    amount: Amount,
    pay_now: bool,
    r: &PostingRef,
    at: i64,
) -> Vec<Posting> {
    if amount.is_zero() {
        return Vec::new();
    }
    let to = if pay_now {
        spot(user_id, coin)
    } else {
        held(user_id, coin)
    };
    vec![posting(
        PostingKind::Interest,
        coin,
        amount,
        house(coin),
        to,
        r,
        at,
    )]
}

/// Maturity: what the order holds (principal and held interest) back to
/// spot; with a renewal only the held interest (the principal stays held
/// for the next term, under the new order's reference).
pub fn release(user_id: u64, coin: &str, amount: Amount, r: &PostingRef, at: i64) -> Vec<Posting> {
    if amount.is_zero() {
        return Vec::new();
    }
    vec![posting(
        PostingKind::Transfer,
        coin,
        amount,
        held(user_id, coin),
        spot(user_id, coin),
        r,
        at,
    )]
}

/// An early redemption: the penalty and the forfeited interest to the
/// house out of what is held, and `receive` to spot. Forfeited interest
/// beyond what is held (interest already paid to spot) comes out of the
/// principal the same way, so the postings only ever move held funds.
pub fn redeem(
    user_id: u64,
    coin: &str,
    penalty: Amount,
    forfeited: Amount,
    receive: Amount,
    r: &PostingRef,
    at: i64,
) -> Vec<Posting> {
    let mut out = Vec::new();
    if !penalty.is_zero() {
        out.push(posting(
            PostingKind::RedemptionFee,
            coin,
            penalty,
            held(user_id, coin),
            house(coin),
            r,
            at,
        ));
    }
    if !forfeited.is_zero() {
        out.push(posting(
            PostingKind::Interest,
            coin,
            forfeited,
            held(user_id, coin),
            house(coin),
            r,
            at,
        ));
    }
    out.extend(release(user_id, coin, receive, r, at));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{redeem as rule, EarlyRule, Rate, Term};
    use onyx_kernel::ledger::{Ledger, Transaction};
    use proptest::prelude::*;
    use rust_decimal::Decimal;

    const COIN: &str = "USDT";

    proptest! {
        /// An order subscribed, accruing some of its days, then matured or
        /// redeemed early: nothing stays held, the user, the house and the
        /// outside world sum to zero, and the user ends with the principal
        /// plus exactly the interest the rule says (less what redemption
        /// costs).
        #[test]
        fn an_order_through_the_ledger_sums_to_zero(
            units in 1u64..1_000_000_000_000, apr_bp in 1u32..3_000, days in 1i64..60,
            accrued_days in 0i64..60, pay_now in any::<bool>(), early in 0u8..3, penalty_bp in 0u32..=2_000,
        ) {
            let mut ledger = Ledger::new();
            let user = 7;
            let r = PostingRef::EarnOrder(1);
            let principal = Amount::from_decimal(Decimal::new(units as i64, 8)).unwrap();
            let external = Side::available(AccountId::system(SystemAccount::External, COIN));
            let fund = |l: &mut Ledger, to: Side, amount: Amount| {
                l.apply(Transaction::new(vec![posting(PostingKind::Deposit, COIN, amount, external.clone(), to, &PostingRef::Other("fund".into()), 0)])).unwrap();
            };
            fund(&mut ledger, spot(user, COIN), principal);
            fund(&mut ledger, house(COIN), Amount::from_units(1_000_000_000));
            ledger.apply(Transaction::new(subscribe(user, COIN, principal, &r, 0))).unwrap();

            let rate = Rate::Apr(Decimal::new(apr_bp.into(), 2));
            let accrued_days = accrued_days.min(days);
            let (mut paid, mut held_interest) = (Amount::ZERO, Amount::ZERO);
            for day in 0..accrued_days {
                let i = rate.interest_on(principal, day).unwrap();
                let p = interest(user, COIN, i, pay_now, &r, 0);
                if !p.is_empty() { ledger.apply(Transaction::new(p)).unwrap(); }
                if pay_now { paid = paid.checked_add(i).unwrap() } else { held_interest = held_interest.checked_add(i).unwrap() }
            }
            let matured = accrued_days == days;
            let expected_spot = if matured || early == 0 {
                let p = release(user, COIN, principal.checked_add(held_interest).unwrap(), &r, 0);
                ledger.apply(Transaction::new(p)).unwrap();
                prop_assert_eq!(paid.checked_add(held_interest).unwrap(), rate.over(principal, &Term { start: 0, end: accrued_days }).unwrap());
                principal.checked_add(held_interest).unwrap().checked_add(paid).unwrap()
            } else {
                let rule_of = if early == 1 { EarlyRule::Forfeit } else { EarlyRule::Penalty(Decimal::new(penalty_bp.into(), 4)) };
                let x = rule(principal, held_interest, paid, rule_of).unwrap();
                ledger.apply(Transaction::new(redeem(user, COIN, x.penalty, x.forfeited, x.receive, &r, 0))).unwrap();
                x.receive.checked_add(paid).unwrap()
            };
            let account = AccountId::user(user, Wallet::Finance, COIN);
            prop_assert_eq!(ledger.frozen(&account), Decimal::ZERO);
            prop_assert_eq!(ledger.available(&AccountId::user(user, Wallet::Spot, COIN)), expected_spot.as_decimal());
            prop_assert!(ledger.check_invariants().is_ok());
        }
    }
}
