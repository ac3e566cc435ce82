//! The ledger side of a fixed-payout order: at acceptance the stake frozen
//! in the user's spot USDT and any fee taken to the fees account; at
//! settlement the stake split three ways (back to the user, to the
//! product's house, winnings from the house) as `rules::split` says, and a
//! fee given back when the product returns it (an option's void). Zero
//! legs are left out.

use crate::product::Decided;
use crate::rules::Split;
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;

/// The coin every stake is in.
pub const STAKE_COIN: &str = "USDT";

pub fn stake_account(user_id: u64) -> AccountId {
    AccountId::user(user_id, Wallet::Spot, STAKE_COIN)
}

fn system(account: SystemAccount) -> Side {
    Side::available(AccountId::system(account, STAKE_COIN))
}

pub fn posting(
    kind: PostingKind,
    amount: Amount,
    from: Side,
    to: Side,
    reference: &PostingRef,
    at_ms: i64,
) -> Posting {
    Posting {
        kind,
        asset: STAKE_COIN.to_string(),
        amount,
        from,
        to,
        reference: reference.clone(),
        at_ms,
    }
}

/// Freezes the stake and takes `fee` when the order is accepted.
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
            system(SystemAccount::Fees),
            reference,
            at_ms,
        ));
    }
    out
}

/// Settles a frozen stake against `house`, the product's house account,
/// as `decided` says.
pub fn settle(
    house: SystemAccount,
    user_id: u64,
    decided: &Decided,
    reference: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let account = stake_account(user_id);
    let Split {
        returned,
        to_house,
        winnings,
    } = decided.settled.split;
    let legs = [
        (
            PostingKind::Unfreeze,
            returned,
            Side::frozen(account.clone()),
            Side::available(account.clone()),
        ),
        (
            PostingKind::Settlement,
            to_house,
            Side::frozen(account.clone()),
            system(house),
        ),
        (
            PostingKind::Settlement,
            winnings,
            system(house),
            Side::available(account.clone()),
        ),
        (
            PostingKind::TradeFee,
            decided.fee_back,
            system(SystemAccount::Fees),
            Side::available(account),
        ),
    ];
    legs.into_iter()
        .filter(|(_, amount, _, _)| !amount.is_zero())
        .map(|(kind, amount, from, to)| posting(kind, amount, from, to, reference, at_ms))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decide::Settled;
    use crate::rules::tests::any_outcome;
    use crate::rules::{split, Outcome, Terms};
    use onyx_kernel::ledger::{Ledger, Transaction};
    use proptest::prelude::*;
    use rust_decimal::Decimal;

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
            options: bool,
        ) {
            let house = if options { SystemAccount::OptionHouse } else { SystemAccount::SecondContractHouse };
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
                let decided = Decided {
                    settled: Settled { outcome, closing: None, split: s },
                    fee_back: back,
                };
                let postings = settle(house, user, &decided, &r, 0);
                if !postings.is_empty() {
                    ledger.apply(Transaction::new(postings)).unwrap();
                }
                expected = expected - stake.as_decimal() - fee.as_decimal()
                    + s.paid_out().unwrap().as_decimal() + back.as_decimal();
            }
            prop_assert_eq!(ledger.frozen(&account), Decimal::ZERO);
            prop_assert_eq!(ledger.available(&account), expected);
            let house = ledger.available(&AccountId::system(house, STAKE_COIN));
            let fees = ledger.available(&AccountId::system(SystemAccount::Fees, STAKE_COIN));
            prop_assert_eq!(house + fees + (expected - start.as_decimal()), Decimal::ZERO);
        }
    }
}
