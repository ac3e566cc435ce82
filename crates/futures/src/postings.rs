//! The ledger side of futures: margin frozen in the user's contract USDT
//! while a position is open, fees to the fees account, profit and loss
//! against `house_futures`, a liquidation's fee and a gap past bankruptcy
//! through the insurance fund.

use crate::rules::close::CloseSplit;
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;

pub const COIN: &str = "USDT";

pub fn wallet(user_id: u64) -> AccountId {
    AccountId::user(user_id, Wallet::Contract, COIN)
}

fn system(account: SystemAccount) -> Side {
    Side::available(AccountId::system(account, COIN))
}

fn posting(
    kind: PostingKind,
    amount: Amount,
    from: Side,
    to: Side,
    r: &PostingRef,
    at_ms: i64,
) -> Posting {
    Posting {
        kind,
        asset: COIN.to_string(),
        amount,
        from,
        to,
        reference: r.clone(),
        at_ms,
    }
}

/// An open (or an add): the margin frozen, the fee taken.
pub fn open(user_id: u64, margin: Amount, fee: Amount, r: &PostingRef, at_ms: i64) -> Vec<Posting> {
    let account = wallet(user_id);
    let mut out = vec![posting(
        PostingKind::Freeze,
        margin,
        Side::available(account.clone()),
        Side::frozen(account.clone()),
        r,
        at_ms,
    )];
    if !fee.is_zero() {
        out.push(posting(
            PostingKind::TradeFee,
            fee,
            Side::available(account),
            system(SystemAccount::Fees),
            r,
            at_ms,
        ));
    }
    out
}

/// A waiting limit order's margin and fee frozen (`hold`) or, cancelled,
/// released.
pub fn hold(user_id: u64, amount: Amount, hold: bool, r: &PostingRef, at_ms: i64) -> Vec<Posting> {
    if amount.is_zero() {
        return Vec::new();
    }
    margin(user_id, amount, hold, r, at_ms)
}

/// Margin added to (`add`) or taken back from a position.
pub fn margin(user_id: u64, amount: Amount, add: bool, r: &PostingRef, at_ms: i64) -> Vec<Posting> {
    let account = wallet(user_id);
    let (from, to, kind) = if add {
        (
            Side::available(account.clone()),
            Side::frozen(account),
            PostingKind::Freeze,
        )
    } else {
        (
            Side::frozen(account.clone()),
            Side::available(account),
            PostingKind::Unfreeze,
        )
    };
    vec![posting(kind, amount, from, to, r, at_ms)]
}

/// A funding payment: out of the position's frozen margin to the house
/// (`pays`), or from the house into it.
pub fn funding(
    user_id: u64,
    amount: Amount,
    pays: bool,
    r: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let margin = Side::frozen(wallet(user_id));
    let house = system(SystemAccount::FuturesHouse);
    let (from, to) = if pays {
        (margin, house)
    } else {
        (house, margin)
    };
    vec![posting(PostingKind::Settlement, amount, from, to, r, at_ms)]
}

/// A close or a liquidation as `split` says; the fee goes to the fees
/// account on a close, to the insurance fund on a liquidation.
pub fn close(
    user_id: u64,
    split: &CloseSplit,
    liquidation: bool,
    r: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let account = wallet(user_id);
    let house = system(SystemAccount::FuturesHouse);
    let mut out = Vec::with_capacity(5);
    let mut push = |kind, amount: Amount, from: Side, to: Side| {
        if !amount.is_zero() {
            out.push(posting(kind, amount, from, to, r, at_ms));
        }
    };
    push(
        PostingKind::Settlement,
        split.margin_to_house,
        Side::frozen(account.clone()),
        house.clone(),
    );
    push(
        PostingKind::Unfreeze,
        split.margin_back,
        Side::frozen(account.clone()),
        Side::available(account.clone()),
    );
    push(
        PostingKind::Settlement,
        split.profit,
        house.clone(),
        Side::available(account.clone()),
    );
    push(
        PostingKind::Settlement,
        split.shortfall,
        system(SystemAccount::Insurance),
        house,
    );
    let (kind, receiver) = if liquidation {
        (PostingKind::Settlement, system(SystemAccount::Insurance))
    } else {
        (PostingKind::TradeFee, system(SystemAccount::Fees))
    };
    push(kind, split.fee, Side::available(account), receiver);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::close::split;
    use onyx_kernel::ledger::{Ledger, Transaction};
    use proptest::prelude::*;
    use rust_decimal::Decimal;

    proptest! {
        /// Random opens, funding payments either way, closes and
        /// liquidations through the reference ledger: every asset sums to zero (the ledger checks),
        /// nothing stays frozen once all is closed, and no user balance
        /// goes negative.
        #[test]
        fn opens_and_closes_balance(
            steps in prop::collection::vec(
                (1u64..1_000_000_000_000, 0u64..10_000_000_000, -2_000_000_000_000i64..2_000_000_000_000, any::<bool>()),
                1..20,
            ),
        ) {
            let mut ledger = Ledger::new();
            let user = 5;
            let account = wallet(user);
            let deposit = PostingRef::Other("deposit".into());
            let start = Amount::from_decimal(Decimal::new(100_000_000, 0)).unwrap();
            ledger.apply(Transaction::new(vec![posting(
                PostingKind::Deposit, start, system(SystemAccount::External), Side::available(account.clone()), &deposit, 0,
            )])).unwrap();
            for (i, (margin_units, fee_units, pnl_units, liquidation)) in steps.into_iter().enumerate() {
                let r = PostingRef::FuturesFill(i as i64);
                let margin = Amount::from_decimal(Decimal::new(margin_units as i64, 8)).unwrap();
                let fee = Amount::from_decimal(Decimal::new(fee_units as i64, 8)).unwrap();
                ledger.apply(Transaction::new(open(user, margin, fee, &r, 0))).unwrap();
                // A funding payment either way, out of the margin at most all of it.
                let owed = Decimal::new(pnl_units / 1_000, 8);
                let paid = crate::rules::funding::payment_amount(owed, margin.as_decimal(), 8).unwrap();
                let paid = Amount::from_decimal(paid).unwrap();
                let margin = if paid.is_zero() {
                    margin
                } else {
                    ledger.apply(Transaction::new(funding(user, paid, owed.is_sign_positive(), &r, 0))).unwrap();
                    if owed.is_sign_positive() {
                        Amount::from_decimal(margin.as_decimal() - paid.as_decimal()).unwrap()
                    } else {
                        margin.checked_add(paid).unwrap()
                    }
                };
                let s = split(margin, Decimal::new(pnl_units, 8), Decimal::new(fee_units as i64, 8)).unwrap();
                let postings = close(user, &s, liquidation, &r, 0);
                if !postings.is_empty() {
                    ledger.apply(Transaction::new(postings)).unwrap();
                }
                prop_assert!(ledger.available(&account) >= Decimal::ZERO);
            }
            prop_assert_eq!(ledger.frozen(&account), Decimal::ZERO);
            prop_assert!(ledger.check_invariants().is_ok());
        }
    }
}
