//! What each wallet operation does to balances, as postings. Pure: the
//! services decide whether an operation may happen and these say how it
//! moves money, so the movement can be checked without a database (see the
//! property tests below: every builder conserves each asset, and a
//! withdrawal's freeze followed by its approval or rejection leaves the
//! user exactly where the rules say).
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side, SystemAccount, UserId, Wallet,
};
use onyx_kernel::money::Amount;

fn spot_available(user: UserId, asset: &str) -> Side {
    Side::available(AccountId::user(user, Wallet::Spot, asset))
}

fn spot_frozen(user: UserId, asset: &str) -> Side {
    Side::frozen(AccountId::user(user, Wallet::Spot, asset))
}

fn system(account: SystemAccount, asset: &str) -> Side {
    Side::available(AccountId::system(account, asset))
}

/// One posting under `reference`. Zero amounts are left out by the
/// callers that can produce them: the ledger refuses a posting that moves
/// nothing.
fn posting(
    kind: PostingKind,
    asset: &str,
    amount: Amount,
    from: Side,
    to: Side,
    reference: &PostingRef,
    at_ms: i64,
) -> Posting {
    Posting {
        kind,
        asset: asset.to_string(),
        amount,
        from,
        to,
        reference: reference.clone(),
        at_ms,
    }
}

/// A confirmed deposit: the amount comes from the outside world, the bonus
/// (if a rule paid one) from the rewards account.
pub fn deposit(
    user: UserId,
    coin: &str,
    amount: Amount,
    bonus: Option<Amount>,
    reference: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let mut out = vec![posting(
        PostingKind::Deposit,
        coin,
        amount,
        system(SystemAccount::External, coin),
        spot_available(user, coin),
        reference,
        at_ms,
    )];
    if let Some(bonus) = bonus.filter(|b| !b.is_zero()) {
        out.push(posting(
            PostingKind::DepositBonus,
            coin,
            bonus,
            system(SystemAccount::Rewards, coin),
            spot_available(user, coin),
            reference,
            at_ms,
        ));
    }
    out
}

/// What a withdrawal holds from submit to review: the amount (fee
/// included) in its coin and, when the channel charges the fee in another
/// coin, that fee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithdrawalHold {
    pub coin: String,
    /// Frozen in `coin`: what leaves on approval plus the fee taken from it.
    pub amount: Amount,
    /// Of `amount`, what reaches the address.
    pub net_amount: Amount,
    /// Of `amount`, the fee (`amount = net_amount + fee`).
    pub fee: Amount,
    /// A fee charged in another coin: (coin, amount), frozen beside.
    pub separate_fee: Option<(String, Amount)>,
}

/// Submit: every held amount moves from available to frozen.
pub fn withdrawal_freeze(
    user: UserId,
    hold: &WithdrawalHold,
    reference: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let freeze = |asset: &str, amount| {
        posting(
            PostingKind::Freeze,
            asset,
            amount,
            spot_available(user, asset),
            spot_frozen(user, asset),
            reference,
            at_ms,
        )
    };
    let mut out = vec![freeze(&hold.coin, hold.amount)];
    if let Some((coin, amount)) = hold.separate_fee.as_ref().filter(|(_, a)| !a.is_zero()) {
        out.push(freeze(coin, *amount));
    }
    out
}

/// Approval: the net amount leaves to the outside world, each fee goes to
/// the fees account, all from what the submit froze.
pub fn withdrawal_approve(
    user: UserId,
    hold: &WithdrawalHold,
    reference: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let mut legs = vec![
        (
            PostingKind::Withdrawal,
            hold.coin.as_str(),
            hold.net_amount,
            system(SystemAccount::External, &hold.coin),
        ),
        (
            PostingKind::WithdrawalFee,
            hold.coin.as_str(),
            hold.fee,
            system(SystemAccount::Fees, &hold.coin),
        ),
    ];
    if let Some((coin, amount)) = &hold.separate_fee {
        legs.push((
            PostingKind::WithdrawalFee,
            coin.as_str(),
            *amount,
            system(SystemAccount::Fees, coin),
        ));
    }
    legs.into_iter()
        .filter(|(_, _, amount, _)| !amount.is_zero())
        .map(|(kind, asset, amount, to)| {
            posting(
                kind,
                asset,
                amount,
                spot_frozen(user, asset),
                to,
                reference,
                at_ms,
            )
        })
        .collect()
}

/// Rejection: everything the submit froze returns to available.
pub fn withdrawal_reject(
    user: UserId,
    hold: &WithdrawalHold,
    reference: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let unfreeze = |asset: &str, amount| {
        posting(
            PostingKind::Unfreeze,
            asset,
            amount,
            spot_frozen(user, asset),
            spot_available(user, asset),
            reference,
            at_ms,
        )
    };
    let mut out = vec![unfreeze(&hold.coin, hold.amount)];
    if let Some((coin, amount)) = hold.separate_fee.as_ref().filter(|(_, a)| !a.is_zero()) {
        out.push(unfreeze(coin, *amount));
    }
    out
}

/// A transfer between two of the user's wallets.
pub fn transfer(
    user: UserId,
    coin: &str,
    amount: Amount,
    from: Wallet,
    to: Wallet,
    reference: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    vec![posting(
        PostingKind::Transfer,
        coin,
        amount,
        Side::available(AccountId::user(user, from, coin)),
        Side::available(AccountId::user(user, to, coin)),
        reference,
        at_ms,
    )]
}

/// The flash exchange: the user pays `paid` of one coin to the house and
/// receives `received` of another from it (the house is the counterparty
/// at the quoted price; the fee is already out of `received`).
pub fn exchange(
    user: UserId,
    paid: (&str, Amount),
    received: (&str, Amount),
    reference: &PostingRef,
    at_ms: i64,
) -> Vec<Posting> {
    let house = |asset: &str| system(SystemAccount::ExchangeHouse, asset);
    vec![
        posting(
            PostingKind::Exchange,
            paid.0,
            paid.1,
            spot_available(user, paid.0),
            house(paid.0),
            reference,
            at_ms,
        ),
        posting(
            PostingKind::Exchange,
            received.0,
            received.1,
            house(received.0),
            spot_available(user, received.0),
            reference,
            at_ms,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use onyx_kernel::ledger::{Ledger, Transaction};
    use proptest::prelude::*;
    use rust_decimal::Decimal;

    const USER: UserId = 7;
    const AT: i64 = 1_700_000_000_000;

    fn amount() -> impl Strategy<Value = Amount> {
        (1i64..10_000_000_000, 0u32..9).prop_map(|(units, dp)| {
            Amount::from_decimal(Decimal::new(units, dp)).expect("in range")
        })
    }

    fn maybe_zero() -> impl Strategy<Value = Amount> {
        prop_oneof![Just(Amount::ZERO), amount()]
    }

    /// Each posting moves one asset between two distinct sides of that
    /// asset, and moves something: so the batch conserves every asset.
    fn well_formed(postings: &[Posting]) -> bool {
        postings.iter().all(|p| {
            p.from.account.asset == p.asset
                && p.to.account.asset == p.asset
                && p.from != p.to
                && !p.amount.is_zero()
        })
    }

    /// Funds the user with `amount` of `asset` from outside.
    fn fund(ledger: &mut Ledger, asset: &str, amount: Amount) {
        ledger
            .apply(Transaction::new(deposit(
                USER,
                asset,
                amount,
                None,
                &PostingRef::Deposit(1),
                AT,
            )))
            .expect("a deposit applies to any ledger");
    }

    fn hold() -> impl Strategy<Value = WithdrawalHold> {
        (amount(), maybe_zero(), prop::option::of(amount())).prop_map(|(net, fee, separate)| {
            WithdrawalHold {
                coin: "BTC".into(),
                amount: net.checked_add(fee).expect("small"),
                net_amount: net,
                fee,
                separate_fee: separate.map(|a| ("USDT".to_string(), a)),
            }
        })
    }

    fn user_total(ledger: &Ledger, asset: &str) -> Decimal {
        let account = AccountId::user(USER, Wallet::Spot, asset);
        ledger.available(&account) + ledger.frozen(&account)
    }

    proptest! {
        #[test]
        fn a_deposit_credits_amount_plus_bonus_and_conserves_each_asset(
            a in amount(), bonus in prop::option::of(maybe_zero()),
        ) {
            let p = deposit(USER, "BTC", a, bonus, &PostingRef::Deposit(9), AT);
            let mut ledger = Ledger::new();
            ledger.apply(Transaction::new(p.clone())).expect("applies");
            let expected = a.as_decimal() + bonus.map(|b| b.as_decimal()).unwrap_or_default();
            prop_assert_eq!(user_total(&ledger, "BTC"), expected);
            prop_assert!(well_formed(&p));
            prop_assert!(ledger.check_invariants().is_ok());
        }

        #[test]
        fn a_withdrawal_approved_pays_net_and_fees_and_a_rejected_one_restores_the_user(
            h in hold(), spare in amount(),
        ) {
            let reference = PostingRef::Withdrawal(3);
            let mut ledger = Ledger::new();
            fund(&mut ledger, "BTC", h.amount.checked_add(spare).expect("small"));
            fund(&mut ledger, "USDT", spare);
            if let Some((coin, fee)) = &h.separate_fee {
                fund(&mut ledger, coin, *fee);
            }
            let before_btc = user_total(&ledger, "BTC");
            let before_usdt = user_total(&ledger, "USDT");

            let freeze = withdrawal_freeze(USER, &h, &reference, AT);
            ledger.apply(Transaction::new(freeze.clone())).expect("funded, so it freezes");
            let account = AccountId::user(USER, Wallet::Spot, "BTC");
            prop_assert_eq!(ledger.frozen(&account), h.amount.as_decimal());

            let mut rejected = ledger.clone();
            rejected
                .apply(Transaction::new(withdrawal_reject(USER, &h, &reference, AT)))
                .expect("unfreezes what was frozen");
            prop_assert_eq!(user_total(&rejected, "BTC"), before_btc);
            prop_assert_eq!(user_total(&rejected, "USDT"), before_usdt);
            prop_assert!(rejected.frozen(&account).is_zero());

            let approve = withdrawal_approve(USER, &h, &reference, AT);
            ledger.apply(Transaction::new(approve.clone())).expect("pays what was frozen");
            prop_assert!(ledger.frozen(&account).is_zero());
            prop_assert_eq!(user_total(&ledger, "BTC"), before_btc - h.amount.as_decimal());
            let separate = h.separate_fee.as_ref().map(|(_, a)| a.as_decimal()).unwrap_or_default();
            prop_assert_eq!(user_total(&ledger, "USDT"), before_usdt - separate);
            let external = AccountId::system(SystemAccount::External, "BTC");
            // External paid the deposits in and received the net amount back.
            prop_assert_eq!(
                ledger.available(&external),
                -(before_btc - h.net_amount.as_decimal())
            );
            let fees = AccountId::system(SystemAccount::Fees, "BTC");
            prop_assert_eq!(ledger.available(&fees), h.fee.as_decimal());
            for p in [&freeze, &approve] {
                prop_assert!(well_formed(p));
            }
            prop_assert!(ledger.check_invariants().is_ok());
        }

        #[test]
        fn a_transfer_moves_between_wallets_and_nothing_else(a in amount(), spare in maybe_zero()) {
            let mut ledger = Ledger::new();
            fund(&mut ledger, "USDT", a.checked_add(spare).expect("small"));
            let t = transfer(USER, "USDT", a, Wallet::Spot, Wallet::Contract,
                &PostingRef::Transfer { user_id: USER, tag: "t".into() }, AT);
            ledger.apply(Transaction::new(t)).expect("funded");
            prop_assert_eq!(ledger.available(&AccountId::user(USER, Wallet::Spot, "USDT")), spare.as_decimal());
            prop_assert_eq!(ledger.available(&AccountId::user(USER, Wallet::Contract, "USDT")), a.as_decimal());
            prop_assert!(ledger.check_invariants().is_ok());
        }

        #[test]
        fn an_exchange_swaps_with_the_house_and_conserves_both_coins(
            paid in amount(), received in amount(),
        ) {
            let mut ledger = Ledger::new();
            fund(&mut ledger, "BTC", paid);
            let p = exchange(USER, ("BTC", paid), ("USDT", received), &PostingRef::Exchange(4), AT);
            ledger.apply(Transaction::new(p.clone())).expect("funded");
            prop_assert!(user_total(&ledger, "BTC").is_zero());
            prop_assert_eq!(user_total(&ledger, "USDT"), received.as_decimal());
            let house = AccountId::system(SystemAccount::ExchangeHouse, "USDT");
            prop_assert_eq!(ledger.available(&house), -received.as_decimal());
            prop_assert!(well_formed(&p));
            prop_assert!(ledger.check_invariants().is_ok());
        }
    }

    #[test]
    fn an_overdrawn_freeze_is_refused_by_the_ledger() {
        let h = WithdrawalHold {
            coin: "BTC".into(),
            amount: Amount::parse("2").unwrap(),
            net_amount: Amount::parse("1.5").unwrap(),
            fee: Amount::parse("0.5").unwrap(),
            separate_fee: None,
        };
        let mut ledger = Ledger::new();
        fund(&mut ledger, "BTC", Amount::parse("1").unwrap());
        let before = ledger.clone();
        assert!(ledger
            .apply(Transaction::new(withdrawal_freeze(
                USER,
                &h,
                &PostingRef::Withdrawal(1),
                AT
            )))
            .is_err());
        assert_eq!(ledger.balances(), before.balances());
    }
}
