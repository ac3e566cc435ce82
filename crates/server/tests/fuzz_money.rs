//! Fuzzing the money paths with extreme and malformed values: the request
//! parsers of spot orders, transfers, flash exchanges, withdrawals and
//! deposit claims, and the core rules behind them (`spot::validate`,
//! `freeze_for`, `settle`, `withdrawal_rules::evaluate`, the ledger's
//! `plan`, the flash exchange's arithmetic).
//!
//! Properties: nothing panics; what a parser accepts is exactly the number
//! typed (and reads back the same); what a rule accepts conserves money.
//! Bounded for CI: `CASES` per property unless `PROPTEST_CASES` says
//! otherwise (the whole file runs in about two seconds; 50,000 cases a
//! property take about ten).

use chrono::{FixedOffset, TimeZone, Utc};
use onyx_kernel::ledger::{
    plan, AccountId, Posting, PostingKind, Side as LedgerSide, SystemAccount, Transaction, Wallet,
};
use onyx_kernel::money::{exact_add, exact_sub, Amount, SCALE_MAX, VALUE_LIMIT};
use onyx_platform::amounts::parse_amount;
use onyx_spot::api::rules::{self as spot, EngineOrder, OrderInput, PairRules};
use onyx_spot::api::rules::{Side, UNITS_MAX};
use onyx_spot::api::{Precision, SubmitBody};
use onyx_wallet::api::quotes::{exchange_amounts, Quote};
use onyx_wallet::api::withdrawal_rules::{
    evaluate, KycTier, Proof, WithdrawalRequest, WithdrawalRules,
};
use proptest::prelude::*;
use rust_decimal::Decimal;
use serde_json::json;
use std::collections::BTreeMap;

const CASES: u32 = 2048;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CASES);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

/// Texts a client might send for a number, well-formed or not.
fn number_text() -> impl Strategy<Value = String> {
    let extremes = prop::sample::select(vec![
        "79228162514264337593543950335",
        "79228162514264337593543950336",
        "-79228162514264337593543950335",
        "99999999999999999999",
        "100000000000000000000",
        "10000000000000000000000000",
        "0.000000000000000000000000000001",
        "1.000000000000000000000000000001",
        "0",
        "0.0",
        "00000000000000000000000000000000000001",
        "1e3",
        "1E-3",
        "+1",
        "-1",
        "-0",
        "1_0",
        " 1",
        "1 ",
        "",
        ".",
        ".5",
        "5.",
        "1.2.3",
        "NaN",
        "inf",
        "0x10",
        "١٢",
        "9007199254740993",
        "18446744073709551616",
    ])
    .prop_map(str::to_string);
    prop_oneof![
        3 => extremes,
        4 => ordinary_number(),
        3 => "[0-9]{1,30}(\\.[0-9]{1,30})?",
        2 => (any::<u128>(), 0u32..=28).prop_map(|(n, scale)| {
            Decimal::try_from_i128_with_scale((n >> 32) as i128, scale)
                .map(|d| d.to_string())
                .unwrap_or_default()
        }),
        1 => "[+-]?[0-9]{0,5}[eE_ .,]?[0-9]{0,5}",
        1 => ".{0,50}",
    ]
}

/// A number an ordinary order or transfer carries.
fn ordinary_number() -> impl Strategy<Value = String> {
    "[1-9][0-9]{0,5}(\\.[0-9]{1,6})?"
}

/// What a plain decimal text means, canonically: no leading zeros in the
/// whole part, no trailing zeros in the fraction.
fn canonical(text: &str) -> String {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let whole = whole.trim_start_matches('0');
    let fraction = fraction.trim_end_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    if fraction.is_empty() {
        whole.to_string()
    } else {
        format!("{whole}.{fraction}")
    }
}

fn pair_rules(price_dp: u32, qty_dp: u32, fee_rate: Decimal, wide: bool) -> PairRules {
    let max = if wide {
        Decimal::MAX
    } else {
        Decimal::from(1_000_000)
    };
    PairRules {
        symbol: "btcusdt".into(),
        base: "BTC".into(),
        quote: "USDT".into(),
        price_dp,
        qty_dp,
        order_min: Decimal::ZERO,
        order_max: max,
        buy_max: max,
        sell_min: Decimal::ZERO,
        fee_rate,
        limited_buy: true,
        limited_sell: true,
        market_buy: true,
        market_sell: true,
        trading: true,
    }
}

fn fee_rate() -> impl Strategy<Value = Decimal> {
    prop_oneof![
        Just(Decimal::ZERO),
        Just(Decimal::new(1, 3)),
        Just(Decimal::ONE),
        Just(Decimal::new(1, 28)),
        (0u64..=1_000_000).prop_map(|n| Decimal::new(n as i64, 6)),
    ]
}

/// Submit bodies: mostly of a valid shape (limit with price and amount,
/// market with amount or total) carrying any number, some of any shape.
fn submit_body() -> impl Strategy<Value = SubmitBody> {
    let word = |words: &'static [&'static str]| {
        prop_oneof![
            6 => prop::sample::select(words).prop_map(str::to_string),
            1 => ".{0,12}",
        ]
    };
    let number = || prop_oneof![2 => ordinary_number(), 1 => number_text()];
    let maybe = || prop::option::of(number_text());
    let fields = prop_oneof![
        (number(), number()).prop_map(|(p, a)| ("limit".to_string(), Some(p), Some(a), None)),
        number().prop_map(|a| ("market".to_string(), None, Some(a), None)),
        number().prop_map(|t| ("market".to_string(), None, None, Some(t))),
        (
            word(&["limit", "market", "Market"]),
            maybe(),
            maybe(),
            maybe()
        ),
    ];
    (
        word(&["buy", "sell", "BUY"]),
        prop::option::of(word(&["gtc", "ioc", "post_only"])),
        fields,
    )
        .prop_map(|(side, tif, (kind, price, amount, total))| SubmitBody {
            symbol: "btcusdt".into(),
            side,
            kind,
            time_in_force: tif,
            price,
            amount,
            total,
        })
}

proptest! {
    #![proptest_config(config())]

    /// Transfers (8 decimals), exchanges and deposits (the coin's scale)
    /// and withdrawals (the coin's scale) read amounts with this parser.
    #[test]
    fn an_accepted_amount_is_exactly_the_text_and_reads_back(text in number_text(), dp in 0u32..=SCALE_MAX) {
        if let Ok(amount) = parse_amount(&text, dp) {
            let value = amount.as_decimal();
            prop_assert!(value > Decimal::ZERO && value < VALUE_LIMIT);
            prop_assert!(value.normalize().scale() <= dp);
            prop_assert_eq!(value.normalize().to_string(), canonical(&text));
            let back = parse_amount(&amount.to_string(), dp);
            prop_assert_eq!(back.map(|a| a.as_decimal()).ok(), Some(value));
        } else {
            let code = parse_amount(&text, dp).unwrap_err().code.code();
            prop_assert!([-11, -4002, -4003, -4005].contains(&code), "{text:?}: {code}");
        }
    }

    /// A spot order from the body to the book's units and back: the parser
    /// keeps the typed numbers exactly, the rules never panic, and an
    /// accepted limit order freezes exactly price x quantity and settles
    /// without creating money.
    #[test]
    fn a_spot_order_parses_validates_freezes_and_settles_without_panic(
        body in submit_body(),
        price_dp in prop_oneof![3 => 0u32..=8, 1 => 0u32..=18],
        qty_dp in prop_oneof![3 => 0u32..=8, 1 => 0u32..=18],
        known in prop::bool::weighted(0.9),
        fee_rate in fee_rate(),
        wide in any::<bool>(),
    ) {
        let precision = known.then_some(Precision { price_dp, qty_dp });
        let Ok(order) = body.parse(precision) else { return Ok(()); };
        let texts = [&body.price, &body.amount, &body.total];
        let values: Vec<Decimal> = match order.input {
            OrderInput::Limit { price, qty, .. } => vec![price, qty],
            OrderInput::MarketQty { qty } => vec![qty],
            OrderInput::MarketQuote { quote } => vec![quote],
        };
        for value in &values {
            prop_assert!(*value < VALUE_LIMIT);
            prop_assert!(
                texts.iter().flat_map(|t| t.as_deref()).any(|t| canonical(t) == value.normalize().to_string()),
                "{value} is not one of the texts {texts:?}"
            );
        }
        let rules = pair_rules(price_dp, qty_dp, fee_rate, wide);
        let Ok(engine) = spot::validate(&rules, order.side, &order.input) else { return Ok(()); };
        let freeze = spot::freeze_for(&rules, order.side, &engine);
        prop_assert!(freeze.is_ok(), "an accepted order has a freeze: {engine:?}");
        if let EngineOrder::Limit { price, qty, .. } = engine {
            prop_assert!(price <= UNITS_MAX && qty <= UNITS_MAX);
            let s = spot::settle(&rules, price, qty);
            prop_assert!(s.is_ok(), "an accepted limit settles whole: {engine:?}");
            let s = s.unwrap();
            let expected = match order.side {
                Side::Buy => s.quote,
                Side::Sell => s.base,
            };
            prop_assert_eq!(freeze.unwrap(), Some(expected));
            prop_assert_eq!(s.quote, spot::price_of(&rules, price).unwrap() * s.base);
            prop_assert!(s.buyer_fee >= Decimal::ZERO && s.buyer_fee <= s.base);
            prop_assert!(s.seller_fee >= Decimal::ZERO && s.seller_fee <= s.quote);
        }
    }

    /// Any fill the engine could emit, at any precision and fee: settled
    /// exactly or refused as too large, never a panic.
    #[test]
    fn any_fill_settles_exactly_or_is_too_large(
        ticks in prop_oneof![1 => Just(u64::MAX), 1 => Just(UNITS_MAX), 2 => 1u64..=UNITS_MAX, 4 => 1u64..10_000_000],
        lots in prop_oneof![1 => Just(u64::MAX), 1 => Just(UNITS_MAX), 2 => 1u64..=UNITS_MAX, 4 => 1u64..10_000_000],
        price_dp in prop_oneof![4 => 0u32..=8, 1 => 0u32..=40],
        qty_dp in prop_oneof![4 => 0u32..=8, 1 => 0u32..=40],
        fee_rate in fee_rate(),
    ) {
        let rules = pair_rules(price_dp, qty_dp, fee_rate, true);
        if let Ok(s) = spot::settle(&rules, ticks, lots) {
            prop_assert_eq!(s.quote, spot::price_of(&rules, ticks).unwrap() * s.base);
            prop_assert!(s.quote < VALUE_LIMIT && s.base < VALUE_LIMIT);
            // What the buyer nets plus the fee is what the seller gave.
            prop_assert_eq!((s.base - s.buyer_fee) + s.buyer_fee, s.base);
            prop_assert!(s.buyer_fee <= s.base && s.seller_fee <= s.quote);
        }
    }

    /// Withdrawal settings and amounts at any size: a quote or a refusal,
    /// and a quote splits the amount exactly into fee and net.
    #[test]
    fn a_withdrawal_is_quoted_exactly_or_refused(
        amount in prop_oneof![2 => ordinary_number(), 1 => number_text()],
        fee in prop_oneof![2 => "[0-9](\\.[0-9]{1,4})?", 1 => number_text()],
        fee_tax in prop_oneof![2 => "[0-9](\\.[0-9]{1,4})?", 1 => number_text()],
        max in prop_oneof![2 => Just("99999999999999999999".to_string()), 1 => number_text()],
        kyc in any::<bool>(),
        ratio in prop_oneof![Just("0".to_string()), Just("100".to_string()), "[0-9]{1,2}(\\.[0-9]{1,8})?"],
        scale_dp in 0u32..=SCALE_MAX,
        today in number_text(),
        count in any::<u32>(),
    ) {
        let Ok(amount) = parse_amount(&amount, SCALE_MAX) else { return Ok(()); };
        let rules = WithdrawalRules::from_settings(
            &json!({"ratio": ratio, "withdrawalMax": max, "withdrawalMix": "0",
                "feeTax": fee_tax, "checkTax": true, "coinTax": "USDT",
                "dayWithdrawalNum": 0, "freeNum": 1}),
            &json!([{"rechargeName": "USDT-TRC20", "rechargeType": "TRC20",
                "type": "USDT", "status": 1, "fee": fee}]),
            &json!({"isOpenPrimary": kyc, "primaryLimit": "1000", "isOpenSenior": false}),
        );
        let Ok(rules) = rules else { return Ok(()); };
        let request = WithdrawalRequest {
            amount,
            channel_name: "USDT-TRC20".into(),
            coin_scale_dp: scale_dp,
            withdrawals_today_count: count,
            kyc_tier: KycTier::None,
            withdrawn_24h_btc: Amount::parse(&today).unwrap_or(Amount::MAX),
            amount_btc: amount,
            trade_password: Proof::Matched,
            code: Proof::Matched,
            address_is_bound: true,
            now_utc: Utc.with_ymd_and_hms(2024, 1, 1, 12, 0, 0).unwrap(),
            platform_offset: FixedOffset::east_opt(0).unwrap(),
        };
        if let Ok(q) = evaluate(&rules, &request) {
            prop_assert_eq!(q.net_amount.checked_add(q.fee), Some(q.total_frozen));
            prop_assert_eq!(q.total_frozen, q.amount);
            prop_assert!(q.fee < q.amount && !q.net_amount.is_zero());
        }
    }

    /// Any transaction of extreme amounts against any balances: refused,
    /// or planned so that every asset's balances still sum to what they
    /// were and no user side goes below zero.
    #[test]
    fn a_planned_transaction_conserves_every_asset(
        amounts in prop::collection::vec(prop_oneof![2 => ordinary_number(), 1 => number_text()], 1..6),
        starts in prop::collection::vec(prop_oneof![2 => ordinary_number(), 1 => number_text()], 4),
        legs in prop::collection::vec((0usize..4, 0usize..4), 1..6),
    ) {
        let sides = [
            LedgerSide::available(AccountId::user(1, Wallet::Spot, "USDT")),
            LedgerSide::frozen(AccountId::user(1, Wallet::Spot, "USDT")),
            LedgerSide::available(AccountId::user(2, Wallet::Contract, "USDT")),
            LedgerSide::available(AccountId::system(SystemAccount::House, "USDT")),
        ];
        let start: BTreeMap<LedgerSide, Decimal> = sides
            .iter()
            .zip(&starts)
            .map(|(side, text)| {
                let d = Amount::parse(text).map(|a| a.as_decimal()).unwrap_or_default();
                let signed = if side.account.owner.is_user() { d } else { -d };
                (side.clone(), signed)
            })
            .collect();
        let postings: Vec<Posting> = legs
            .iter()
            .zip(amounts.iter().cycle())
            .filter_map(|((from, to), text)| {
                let amount = Amount::parse(text).ok()?;
                let (from, to) = (sides[*from].clone(), sides[*to].clone());
                // The kind that fits the two sides (a mismatch is refused
                // before any amount is looked at).
                let kind = match (from.account == to.account, to.bucket) {
                    (true, onyx_kernel::ledger::Bucket::Frozen) => PostingKind::Freeze,
                    (true, _) => PostingKind::Unfreeze,
                    (false, _) => PostingKind::Transfer,
                };
                Some(Posting {
                    kind,
                    asset: "USDT".into(),
                    amount,
                    from,
                    to,
                    reference: "fuzz".into(),
                    at_ms: 0,
                })
            })
            .collect();
        let read = |side: &LedgerSide| start.get(side).copied().unwrap_or_default();
        if let Ok(after) = plan(&Transaction::new(postings), read) {
            // What every side gained or lost sums to zero (skipped only
            // when the test's own sum leaves the decimal range).
            let net = after.iter().try_fold(Decimal::ZERO, |net, (side, balance)| {
                exact_sub(*balance, read(side)).and_then(|delta| exact_add(net, delta))
            });
            if let Some(net) = net {
                prop_assert_eq!(net, Decimal::ZERO);
            }
            for (side, balance) in &after {
                prop_assert!(!side.account.owner.is_user() || *balance >= Decimal::ZERO);
            }
        }
    }

    /// The flash exchange's arithmetic at any amount and price: rounded
    /// down, never above what the price gives, or refused.
    #[test]
    fn an_exchange_receives_at_most_the_price_or_is_refused(
        amount in prop_oneof![2 => ordinary_number(), 1 => number_text()],
        price in prop_oneof![2 => ordinary_number(), 1 => "0\\.[0-9]{1,12}", 1 => number_text()],
        spread_bps in 0u32..10_000,
        to_scale in 0u32..=8,
    ) {
        let (Ok(amount), Ok(price)) = (parse_amount(&amount, 8), parse_amount(&price, 12)) else {
            return Ok(());
        };
        let raw = price.as_decimal();
        let price = raw * (Decimal::ONE - Decimal::new(i64::from(spread_bps), 4));
        let quote = Quote {
            id: String::new(),
            user_id: 1,
            from: "USDT".into(),
            to: "BTC".into(),
            price,
            spread: Decimal::new(i64::from(spread_bps), 4),
            raw_price: raw,
            min_amount: Decimal::ZERO,
            from_scale: 8,
            to_scale,
            expires_at_ms: 0,
        };
        if let Ok(x) = exchange_amounts(&quote, amount.as_decimal()) {
            let exact = amount.as_decimal().checked_mul(price).unwrap();
            prop_assert!(x.to_amount > Decimal::ZERO && x.to_amount <= exact);
            prop_assert!(x.to_amount.scale() <= to_scale);
            prop_assert!(x.fee >= Decimal::ZERO);
        }
    }
}
