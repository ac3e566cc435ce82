//! Demo traders: with `--demo`, a few ordinary users named `demo-trader-1`,
//! `demo-trader-2`... that take the market maker's quotes with small market
//! orders, so a demo's "Market trades" and candles move with fills that
//! really happened (frozen funds, ledger postings, fees), not with rows made
//! up for show.
//!
//! They are seeded with the demo (never without `--demo`), each funded by a
//! confirmed deposit like any user's, with the argon2 hash of a random
//! password nobody is told. They run only while the maker does (they trade
//! against it, and without it a book may be empty) and only on pairs whose
//! maker is enabled and whose index price is fresh. One trader, in turn,
//! places one order every `--demo-trader-interval-ms` (bounded 1 s to
//! 10 min); `--demo-traders 0` seeds and runs none.

use crate::state::AppState;
use onyx_kernel::ledger::{AccountId, Wallet};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_market::api::catalogue;
use onyx_platform::amounts::{self, USDT};
use onyx_platform::Idempotency;
use onyx_spot::api::maker::maker_settings;
use onyx_spot::api::SubmitBody;
use onyx_store::repo::users;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rust_decimal::{Decimal, RoundingStrategy};
use std::time::Duration;

/// Every demo trader's username starts so: named as what it is.
pub const USERNAME_PREFIX: &str = "demo-trader-";
/// An order's value at the index, in whole USDT (smallest, largest).
const NOTIONAL_USDT: (i64, i64) = (10, 200);
/// A buy is placed only with this many times its value at the index in
/// USDT, so the price moving between the check and the fill (and the fee)
/// never makes it a refusal.
const BUY_HEADROOM: Decimal = Decimal::from_parts(15, 0, 0, false, 1);

/// `demo-trader-<n>`, counting from 1.
pub fn username(n: u8) -> String {
    format!("{USERNAME_PREFIX}{n}")
}

/// Creates `count` demo traders and deposits their opening balance through
/// `deposit` (the demo's claim-and-confirm path). Only the demo seed calls
/// this.
pub async fn seed<F, Fut>(state: &AppState, count: u8, deposit: F) -> anyhow::Result<Vec<i64>>
where
    F: Fn(i64, String) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    if count == 0 {
        return Ok(Vec::new());
    }
    // One secret for all: nobody signs in as a demo trader.
    let secret = hex::encode(rand::random::<[u8; 32]>());
    let hash = onyx_platform::credentials::hash_password(&secret)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let mut ids = Vec::new();
    for n in 1..=count {
        let name = username(n);
        let invite = format!("ONYXTRADER{n}");
        let user = users::create(
            &state.db,
            users::NewUser {
                username: Some(name.as_str()),
                email: None,
                phone: None,
                password_hash: &hash,
                invite_code: &invite,
                parent_id: None,
                credits: onyx_store::DecimalText::ZERO,
                register_lang: "en",
                register_ip: "127.0.0.1",
                now: state.clock.now(),
            },
        )
        .await?;
        // The demo user's deposit hash ends ...0001, the lead traders'
        // ...0002 and ...0003; the traders' end ...0011, ...0012...
        let tx_hash = format!("{}1{n}", &crate::demo::DEMO_DEPOSIT_TX_HASH[..62]);
        deposit(user.id, tx_hash).await?;
        ids.push(user.id);
    }
    Ok(ids)
}

/// The ids of the demo traders the configuration asks for that exist.
pub async fn find(state: &AppState) -> anyhow::Result<Vec<i64>> {
    let mut ids = Vec::new();
    for n in 1..=state.config.demo_traders {
        if let Some(user) = users::find_by_username(&state.db, &username(n)).await? {
            ids.push(user.id);
        }
    }
    Ok(ids)
}

/// Starts the traders' loop when the server runs the demo and the maker;
/// otherwise does nothing.
pub async fn start(state: &AppState) -> anyhow::Result<()> {
    if !(state.config.demo && state.config.maker) {
        return Ok(());
    }
    let traders = find(state).await?;
    if traders.is_empty() {
        return Ok(());
    }
    let state = state.clone();
    let every = Duration::from_millis(state.config.demo_trader_interval_ms.max(1_000));
    tracing::info!(
        count = traders.len(),
        every_ms = every.as_millis() as u64,
        "demo traders running"
    );
    tokio::spawn(async move {
        for trader in traders.iter().cycle() {
            tokio::time::sleep(every).await;
            match trade_once(&state, *trader).await {
                Ok(Some(_)) => {}
                Ok(None) => tracing::debug!(trader, "demo trader had nothing to trade"),
                // A refusal (the book moved, a pair closed) waits for the next turn.
                Err(e) => tracing::debug!(code = ?e.code, trader, "demo trader order refused"),
            }
        }
    });
    Ok(())
}

/// What one turn decided: the pair, the side and the base amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub symbol: String,
    pub side: &'static str,
    pub amount: Decimal,
}

/// One order of one trader: a market order worth 10 to 200 USDT (at least
/// the pair's smallest order), on a pair the maker quotes. It sells when it holds
/// the base and either cannot afford a buy or the coin says so, else it
/// buys; `None` when no pair can be traded or the trader can afford
/// neither side. The order goes through the spot service as an HTTP
/// submit does.
pub async fn trade_once(state: &AppState, trader: i64) -> Outcome<Option<serde_json::Value>> {
    let Some(plan) = plan(state, trader, &mut StdRng::from_entropy()).await? else {
        return Ok(None);
    };
    let body = SubmitBody {
        symbol: plan.symbol,
        side: plan.side.into(),
        kind: "market".into(),
        time_in_force: None,
        price: None,
        amount: Some(plan.amount.normalize().to_string()),
        total: None,
    };
    let order = state.spot.parse(&body)?;
    let idem = Idempotency::new(None::<String>, trader, "spot.submit", &body);
    state.spot.submit(trader, order, idem).await.map(Some)
}

/// Chooses the next order of `trader` (see [`trade_once`]).
pub async fn plan(state: &AppState, trader: i64, rng: &mut impl Rng) -> Outcome<Option<Plan>> {
    let quoted: Vec<String> = maker_settings(&state.db)
        .await?
        .into_iter()
        .filter(|s| s.enabled)
        .map(|s| s.symbol)
        .collect();
    let running = state.spot.symbols();
    let pairs: Vec<_> = catalogue::spot_pairs(&state.db)
        .await?
        .into_iter()
        .filter(|p| p.enable == 1 && quoted.contains(&p.symbol) && running.contains(&p.symbol))
        .filter_map(|p| amounts::usdt_price(&state.ctx, &p.coin).map(|price| (p, price)))
        .collect();
    if pairs.is_empty() {
        return Ok(None);
    }
    // Half the turns go to the first quoted pair in the catalogue's order
    // (the one the trade screen opens on), the rest to any.
    let pick = if rng.gen_bool(0.5) {
        0
    } else {
        rng.gen_range(0..pairs.len())
    };
    let (pair, price) = &pairs[pick];
    let qty_dp = u32::try_from(pair.coin_precision).unwrap_or(0);
    let lot = Decimal::new(1, qty_dp)
        .max(pair.order_min.get())
        .max(pair.sell_min.get())
        .max(pair.min_sell.get());
    let too_large = || Failure::new(ErrorCode::AmountTooLarge);
    // A retail-sized order: 10 to 200 USDT at the index, in the pair's
    // precision, at least its smallest order.
    let notional = Decimal::from(rng.gen_range(NOTIONAL_USDT.0..=NOTIONAL_USDT.1));
    let amount = notional
        .checked_div(*price)
        .ok_or_else(too_large)?
        .round_dp_with_strategy(qty_dp, RoundingStrategy::ToZero)
        .max(lot)
        .min(pair.order_max.get());
    if amount <= Decimal::ZERO {
        return Ok(None);
    }
    let balances = onyx_store::ledger::user_balances(&state.db, trader).await?;
    let available = |asset: &str| {
        let account = AccountId::user(trader as u64, Wallet::Spot, asset);
        balances
            .iter()
            .find(|b| b.account == account)
            .map_or(Decimal::ZERO, |b| b.available)
    };
    let cost = amount
        .checked_mul(*price)
        .and_then(|c| c.checked_mul(BUY_HEADROOM))
        .ok_or_else(too_large)?;
    let can_buy = pair.market_buy == 1 && available(USDT) >= cost;
    let can_sell = pair.market_sell == 1 && available(&amounts::asset(&pair.coin)) >= amount;
    let side = match (can_buy, can_sell) {
        (true, true) if rng.gen_bool(0.5) => "sell",
        (true, _) => "buy",
        (false, true) => "sell",
        (false, false) => return Ok(None),
    };
    Ok(Some(Plan {
        symbol: pair.symbol.clone(),
        side,
        amount,
    }))
}
