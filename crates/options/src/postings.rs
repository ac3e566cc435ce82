//! The ledger side of an option: at acceptance the stake frozen in the
//! user's spot USDT and the fee taken to the fees account; at settlement
//! the stake split against `house_option` as the rules say, and on a void
//! the fee given back.

use onyx_kernel::ledger::{AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount};
use onyx_kernel::money::Amount;
use onyx_second_contracts::postings::{posting, settle_against, stake_account, STAKE_COIN};
use onyx_second_contracts::rules::Split;

fn fees() -> Side {
    Side::available(AccountId::system(SystemAccount::Fees, STAKE_COIN))
}

/// Freezes the stake and takes the fee (a zero fee has no posting).
pub fn open(
    user_id: u64,
    stake: Amount,
    fee: Amount,
    reference: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let account = stake_account(user_id);
    let mut out = vec![posting(
        PostingKind::Freeze,
        stake,
        Side::available(account.clone()),
        Side::frozen(account.clone()),
        reference,
        at_ms,
    )];
    if !fee.is_zero() {
        out.push(posting(
            PostingKind::TradeFee,
            fee,
            Side::available(account),
            fees(),
            reference,
            at_ms,
        ));
    }
    out
}

/// Settles the frozen stake as `split` says and gives `fee_back` back.
pub fn settle(
    user_id: u64,
    split: &Split,
    fee_back: Amount,
    reference: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let mut out = settle_against(SystemAccount::OptionHouse, user_id, split, reference, at_ms);
    if !fee_back.is_zero() {
        out.push(posting(
            PostingKind::TradeFee,
            fee_back,
            fees(),
            Side::available(stake_account(user_id)),
            reference,
            at_ms,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use onyx_kernel::ledger::{Ledger, Transaction};
    use onyx_second_contracts::rules::{split, Outcome, Terms};
    use proptest::prelude::*;
    use rust_decimal::Decimal;

    fn any_outcome() -> impl Strategy<Value = Outcome> {
        prop_oneof![
            Just(Outcome::Win),
            Just(Outcome::Lose),
            Just(Outcome::Draw),
            Just(Outcome::Void)
        ]
    }

    proptest! {
        /// Through the reference ledger: nothing stays frozen, the user,
        /// the house and the fees account sum to zero, and the user ends
        /// with exactly the payouts less the fees kept.
        #[test]
        fn the_user_the_house_and_the_fees_sum_to_zero(
            orders in prop::collection::vec(
                (1u64..1_000_000_000_000, 1i64..=50_000, any::<bool>(), 0u64..1_000_000, any_outcome()),
                1..20,
            ),
        ) {
            let mut ledger = Ledger::new();
            let user = 9;
            let account = stake_account(user);
            let external = Side::available(AccountId::system(SystemAccount::External, STAKE_COIN));
            let start = Amount::from_decimal(Decimal::new(1_000_000_000, 0)).unwrap();
            ledger.apply(Transaction::new(vec![posting(
                PostingKind::Deposit, start, external, Side::available(account.clone()),
                &PostingRef::Other("funding".into()), 0,
            )])).unwrap();
            let mut expected = start.as_decimal();
            for (i, (units, odds_units, full_loss, fee_units, outcome)) in orders.into_iter().enumerate() {
                let stake = Amount::from_decimal(Decimal::new(units as i64, 8)).unwrap();
                let fee = Amount::from_decimal(Decimal::new(fee_units as i64, 8)).unwrap();
                let terms = Terms::new(Decimal::new(odds_units, 4), full_loss).unwrap();
                let r = PostingRef::OptionOrder(i as i64);
                ledger.apply(Transaction::new(open(user, stake, fee, &r, 0))).unwrap();
                let s = split(stake, &terms, outcome).unwrap();
                let back = if outcome == Outcome::Void { fee } else { Amount::ZERO };
                let postings = settle(user, &s, back, &r, 0);
                if !postings.is_empty() {
                    ledger.apply(Transaction::new(postings)).unwrap();
                }
                expected = expected - stake.as_decimal() - fee.as_decimal()
                    + s.paid_out().unwrap().as_decimal() + back.as_decimal();
            }
            prop_assert_eq!(ledger.frozen(&account), Decimal::ZERO);
            prop_assert_eq!(ledger.available(&account), expected);
            let house = ledger.available(&AccountId::system(SystemAccount::OptionHouse, STAKE_COIN));
            let fees = ledger.available(&AccountId::system(SystemAccount::Fees, STAKE_COIN));
            prop_assert_eq!(house + fees + (expected - start.as_decimal()), Decimal::ZERO);
        }
    }
}
