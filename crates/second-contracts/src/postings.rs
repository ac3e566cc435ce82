//! The ledger side of an order: the stake frozen in the user's spot wallet
//! when it opens, and at settlement the stake split three ways (back to the
//! user, to the house, winnings from the house) as `rules::split` says.

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

fn house(account: SystemAccount) -> Side {
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

/// Freezes the stake when the order opens.
pub fn stake(user_id: u64, stake: Amount, reference: &PostingRef, at_ms: i64) -> Vec<Posting> {
    let account = stake_account(user_id);
    vec![posting(
        PostingKind::Freeze,
        stake,
        Side::available(account.clone()),
        Side::frozen(account),
        reference,
        at_ms,
    )]
}

/// Settles the frozen stake as `split` says: zero legs are left out.
pub fn settle(user_id: u64, split: &Split, reference: &PostingRef, at_ms: i64) -> Vec<Posting> {
    settle_against(
        SystemAccount::SecondContractHouse,
        user_id,
        split,
        reference,
        at_ms,
    )
}

/// Settles a fixed-payout stake against `counterparty`, the product's
/// house account.
pub fn settle_against(
    counterparty: SystemAccount,
    user_id: u64,
    split: &Split,
    reference: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let account = stake_account(user_id);
    let mut out = Vec::with_capacity(3);
    if !split.returned.is_zero() {
        out.push(posting(
            PostingKind::Unfreeze,
            split.returned,
            Side::frozen(account.clone()),
            Side::available(account.clone()),
            reference,
            at_ms,
        ));
    }
    if !split.to_house.is_zero() {
        out.push(posting(
            PostingKind::Settlement,
            split.to_house,
            Side::frozen(account.clone()),
            house(counterparty),
            reference,
            at_ms,
        ));
    }
    if !split.winnings.is_zero() {
        out.push(posting(
            PostingKind::Settlement,
            split.winnings,
            house(counterparty),
            Side::available(account),
            reference,
            at_ms,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{split, Outcome, Terms};
    use onyx_kernel::ledger::{Ledger, Transaction};
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
        /// Through the reference ledger: opening and settling leaves nothing
        /// frozen, the user's change and the house's change sum to zero, and
        /// the user ends with exactly what the split pays out.
        #[test]
        fn the_house_and_the_user_sum_to_zero(
            orders in prop::collection::vec(
                (1u64..1_000_000_000_000, 1i64..=50_000, any::<bool>(), any_outcome()),
                1..20,
            ),
        ) {
            let mut ledger = Ledger::new();
            let user = 7;
            let account = stake_account(user);
            let funding = PostingRef::Other("funding".into());
            let external = Side::available(AccountId::system(SystemAccount::External, STAKE_COIN));
            let start = Amount::from_decimal(Decimal::new(1_000_000_000, 0)).unwrap();
            ledger.apply(Transaction::new(vec![posting(
                PostingKind::Deposit, start, external, Side::available(account.clone()), &funding, 0,
            )])).unwrap();
            let mut expected = start.as_decimal();
            for (i, (units, odds_units, full_loss, outcome)) in orders.into_iter().enumerate() {
                let amount = Amount::from_decimal(Decimal::new(units as i64, 8)).unwrap();
                let terms = Terms::new(Decimal::new(odds_units, 4), full_loss).unwrap();
                let r = PostingRef::Other(format!("second:{i}"));
                ledger.apply(Transaction::new(stake(user, amount, &r, 0))).unwrap();
                let s = split(amount, &terms, outcome).unwrap();
                ledger.apply(Transaction::new(settle(user, &s, &r, 0))).unwrap();
                expected = expected - amount.as_decimal() + s.paid_out().unwrap().as_decimal();
            }
            prop_assert_eq!(ledger.frozen(&account), Decimal::ZERO);
            prop_assert_eq!(ledger.available(&account), expected);
            let house = AccountId::system(SystemAccount::SecondContractHouse, STAKE_COIN);
            prop_assert_eq!(
                ledger.available(&house) + (ledger.available(&account) - start.as_decimal()),
                Decimal::ZERO
            );
        }
    }
}
