//! The built-in market maker, so a fresh exchange (and the demo) has
//! prices to trade against.
//!
//! It is an ordinary user, `market-maker`, created on first start with the
//! argon2 hash of a random password nobody is told (so nobody can sign in as
//! it). Every `--maker-interval-ms` it replaces, on each pair whose
//! `spot_maker_settings` row is enabled, a ladder of `levels` bids and asks
//! around the fresh index price shaped like a real book: the first level
//! `spread_bps` away from it, gap `k` (from level k to k+1) `step_bps ×
//! (1 + k × step_growth_bps / 10000)` wide, so levels crowd near the price;
//! level `i` holds `size × (1 + i × size_growth_bps / 10000)` base (rounded
//! down to the pair's precision, within its order limits), so depth grows
//! away from it. Growth 0 is a uniform ladder. Without a fresh index price
//! it only cancels, so it never quotes a price the market has left. Its
//! bids sit below the index and its asks above, its old quotes are
//! cancelled before the new ones are queued, and the engine's self-trade
//! prevention stands behind both: it never trades with itself.
//!
//! Its orders go through the pair tasks like anyone's: funds are frozen,
//! fills settle through the ledger and it pays fees. It is funded from the
//! House account with `adjustment` postings, topped up to twice what a
//! ladder needs whenever what it holds falls below one ladder; the House
//! balance (negative) is what the platform has put into market making.

use crate::entity::spot_maker_setting;
use crate::orderbook::{Side, TimeInForce};
use crate::pair::side_name;
use crate::repo;
use crate::rules::OrderInput;
use crate::SpotContext;
use crate::{pair, OrderRequest};
use onyx_kernel::ledger::{
    AccountId, Posting, PostingKind, PostingRef, Side as LedgerSide, SystemAccount, Wallet,
};
use onyx_kernel::money::Amount;
use onyx_kernel::ErrorCode;
use onyx_kernel::{Failure, Outcome};
use onyx_market::api::catalogue;
use onyx_market::api::spot_pair;
use onyx_platform::amounts::{self, USDT};
use onyx_platform::Idempotency;
use onyx_store::repo::users;
use rust_decimal::{Decimal, RoundingStrategy};
use std::time::Duration;
use tokio::sync::oneshot;

pub const MAKER_USERNAME: &str = "market-maker";
const MAKER_INVITE_CODE: &str = "ONYXMAKER";
const BPS: i64 = 10_000;

/// The maker's user id, creating the user on first start.
pub async fn ensure_user(state: &SpotContext) -> anyhow::Result<i64> {
    if let Some(u) = users::find_by_username(&state.db, MAKER_USERNAME).await? {
        return Ok(u.id);
    }
    let secret = hex::encode(rand::random::<[u8; 32]>());
    let hash = onyx_platform::credentials::hash_password(&secret)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let user = users::create(
        &state.db,
        users::NewUser {
            username: Some(MAKER_USERNAME),
            email: None,
            phone: None,
            password_hash: &hash,
            invite_code: MAKER_INVITE_CODE,
            parent_id: None,
            credits: onyx_store::DecimalText::ZERO,
            register_lang: "en",
            register_ip: "127.0.0.1",
            now: state.clock.now(),
        },
    )
    .await?;
    tracing::info!(user_id = user.id, "market maker user created");
    Ok(user.id)
}

/// Creates the maker user and starts its loop: one round at once, then one
/// every `--maker-interval-ms`.
pub async fn start(state: &SpotContext) -> anyhow::Result<()> {
    let maker = ensure_user(state).await?;
    let state = state.clone();
    let every = Duration::from_millis(state.config.maker_interval_ms.max(100));
    tokio::spawn(async move {
        loop {
            if let Err(e) = round(&state, maker).await {
                tracing::warn!(code = ?e.code, "market maker round failed");
            }
            tokio::time::sleep(every).await;
        }
    });
    Ok(())
}

/// One price of the ladder: `mid` moved `bps` away, rounded away from mid
/// to the pair's price precision; `None` when it does not fit a decimal.
fn level_price(mid: Decimal, side: Side, bps: Decimal, dp: u32) -> Option<Decimal> {
    let offset = bps.checked_div(Decimal::new(BPS, 0))?;
    let (factor, strategy) = match side {
        Side::Buy => (
            Decimal::ONE.checked_sub(offset)?,
            RoundingStrategy::ToNegativeInfinity,
        ),
        Side::Sell => (
            Decimal::ONE.checked_add(offset)?,
            RoundingStrategy::ToPositiveInfinity,
        ),
    };
    Some(
        mid.checked_mul(factor)?
            .round_dp_with_strategy(dp, strategy),
    )
}

/// The ladder for one pair: (side, price, size), best first per side.
pub fn ladder(
    setting: &spot_maker_setting::Model,
    pair: &spot_pair::Model,
    mid: Decimal,
) -> Vec<(Side, Decimal, Decimal)> {
    let dp = u32::try_from(pair.base_precision).unwrap_or(0);
    let qty_dp = u32::try_from(pair.coin_precision).unwrap_or(0);
    let first = setting.size.get();
    let min = pair
        .order_min
        .get()
        .max(pair.sell_min.get())
        .max(pair.min_sell.get());
    let max = pair.order_max.get().min(pair.buy_max.get());
    if mid <= Decimal::ZERO {
        return Vec::new();
    }
    let share = |bps: i32| Decimal::from(bps.max(0)).checked_div(Decimal::new(BPS, 0));
    let (Some(size_growth), Some(step_growth)) = (
        share(setting.size_growth_bps),
        share(setting.step_growth_bps),
    ) else {
        return Vec::new();
    };
    let step = Decimal::from(setting.step_bps.max(0));
    let mut offset = Some(Decimal::from(setting.spread_bps.max(0)));
    let mut out = Vec::new();
    for i in 0..setting.levels.max(0) {
        let level = Decimal::from(i);
        let size = size_growth
            .checked_mul(level)
            .and_then(|g| g.checked_add(Decimal::ONE))
            .and_then(|f| first.checked_mul(f))
            .map(|s| {
                s.round_dp_with_strategy(qty_dp, RoundingStrategy::ToZero)
                    .min(max)
            });
        let Some(bps) = offset else { break };
        match size {
            Some(size) if size > Decimal::ZERO && size >= min => {
                for side in [Side::Buy, Side::Sell] {
                    match level_price(mid, side, bps, dp) {
                        Some(price) if price > Decimal::ZERO => out.push((side, price, size)),
                        _ => {}
                    }
                }
            }
            // The first size is out of the pair's limits: no ladder.
            _ if i == 0 => return Vec::new(),
            _ => {}
        }
        let gap = step_growth
            .checked_mul(level)
            .and_then(|g| g.checked_add(Decimal::ONE))
            .and_then(|f| step.checked_mul(f));
        offset = gap.and_then(|gap| bps.checked_add(gap));
    }
    out
}

/// Replaces the maker's quotes on every enabled pair. A pair that fails
/// (its task gone, its ladder too large to fund, the store refusing a
/// top-up) is logged and skipped; the rest of the round goes on.
pub async fn round(state: &SpotContext, maker: i64) -> Outcome<()> {
    let settings = repo::maker_settings(&state.db).await?;
    let pairs = catalogue::spot_pairs(&state.db).await?;
    let running = state.spot.symbols();
    let mut waiting = Vec::new();
    for setting in settings.iter().filter(|s| s.enabled) {
        let Some(pair) = pairs.iter().find(|p| p.symbol == setting.symbol) else {
            continue;
        };
        if !running.contains(&pair.symbol) {
            continue;
        }
        if let Err(e) = requote(state, maker, setting, pair, &mut waiting).await {
            tracing::warn!(symbol = %pair.symbol, code = ?e.code, "market maker skipped a pair");
        }
    }
    for w in waiting {
        // A level refused (a fill moved the balance, an operator changed a
        // limit) is skipped until the next round; the rest of the ladder
        // stands.
        let code = match w {
            Waiting::Cancel(a) => a.await.ok().and_then(|r| r.err()).map(|e| e.code),
            Waiting::Submit(a) => a.await.ok().and_then(|r| r.err()).map(|e| e.code),
        };
        if let Some(code) = code {
            tracing::debug!(?code, "market maker order refused");
        }
    }
    Ok(())
}

/// Queues one pair's cancels and new ladder; the answers are awaited by
/// the round, after every pair is queued.
async fn requote(
    state: &SpotContext,
    maker: i64,
    setting: &spot_maker_setting::Model,
    pair: &spot_pair::Model,
    waiting: &mut Vec<Waiting>,
) -> Outcome<()> {
    let ladder = match amounts::usdt_price(state, &pair.coin) {
        Some(mid) => ladder(setting, pair, mid),
        None => Vec::new(),
    };
    let base = amounts::asset(&pair.coin);
    if !ladder.is_empty() {
        let too_large = || Failure::new(ErrorCode::AmountTooLarge);
        let (mut quote_need, mut base_need) = (Decimal::ZERO, Decimal::ZERO);
        for (side, price, size) in &ladder {
            match side {
                Side::Buy => {
                    quote_need = price
                        .checked_mul(*size)
                        .and_then(|cost| quote_need.checked_add(cost))
                        .ok_or_else(too_large)?;
                }
                Side::Sell => base_need = base_need.checked_add(*size).ok_or_else(too_large)?,
            }
        }
        top_up(state, maker, USDT, quote_need).await?;
        top_up(state, maker, &base, base_need).await?;
    }
    // Cancels queued before the new orders, back to back, so the pair task
    // usually swaps the ladder within one commit.
    for old in repo::open_orders_of_user(&state.db, maker, &pair.symbol).await? {
        let (reply, answer) = oneshot::channel();
        state
            .spot
            .enqueue(
                &pair.symbol,
                pair::Request::Cancel {
                    user_id: maker,
                    order_id: old.id,
                    reply,
                },
            )
            .await?;
        waiting.push(Waiting::Cancel(answer));
    }
    for (side, price, size) in ladder {
        let (reply, answer) = oneshot::channel();
        let order = OrderRequest {
            symbol: pair.symbol.clone(),
            side,
            input: OrderInput::Limit {
                price,
                qty: size,
                tif: TimeInForce::Gtc,
            },
        };
        let idem = Idempotency::new(None::<String>, maker, "spot.maker", &side_name(side));
        state
            .spot
            .enqueue(
                &pair.symbol,
                pair::Request::Submit {
                    user_id: maker,
                    order,
                    idem,
                    reply,
                },
            )
            .await?;
        waiting.push(Waiting::Submit(answer));
    }
    Ok(())
}

enum Waiting {
    Cancel(oneshot::Receiver<Outcome<crate::events::OrderView>>),
    Submit(oneshot::Receiver<Outcome<serde_json::Value>>),
}

/// Tops the maker's holding of `asset` (available and frozen: its current
/// orders are about to be cancelled) up to twice `need` when it is below
/// `need`.
async fn top_up(state: &SpotContext, maker: i64, asset: &str, need: Decimal) -> Outcome<()> {
    if need <= Decimal::ZERO {
        return Ok(());
    }
    let account = AccountId::user(maker as u64, Wallet::Spot, asset);
    let mut txn = state.ledger.begin().await?;
    let (available, frozen) = txn.balance(&account).await?;
    let too_large = || Failure::new(ErrorCode::AmountTooLarge);
    let held = available.checked_add(frozen).ok_or_else(too_large)?;
    if held >= need {
        return Ok(());
    }
    let missing = need
        .checked_mul(Decimal::TWO)
        .and_then(|twice| twice.checked_sub(held))
        .ok_or_else(too_large)?;
    let amount = Amount::from_decimal(
        missing.round_dp_with_strategy(crate::rules::FEE_DP, RoundingStrategy::AwayFromZero),
    )
    .map_err(|e| Failure::internal(format!("{e:?}")))?;
    let reference = PostingRef::SpotMaker(maker);
    txn.post(
        &reference,
        vec![Posting {
            kind: PostingKind::Adjustment,
            asset: asset.to_string(),
            amount,
            from: LedgerSide::available(AccountId::system(SystemAccount::SpotMakerHouse, asset)),
            to: LedgerSide::available(account),
            reference: reference.clone(),
            at_ms: txn.now().timestamp_millis(),
        }],
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn the_ladder_steps_away_from_mid_and_rounds_outwards() {
        let d = |s: &str| Decimal::from_str(s).unwrap();
        let p =
            |mid, side, bps: i64, dp| level_price(d(mid), side, Decimal::from(bps), dp).unwrap();
        assert_eq!(p("100", Side::Buy, 10, 2), d("99.9"));
        assert_eq!(p("100", Side::Sell, 10, 2), d("100.1"));
        // 123.4567 * 0.999 = 123.3332433 -> down; * 1.001 = 123.5801567 -> up.
        assert_eq!(p("123.4567", Side::Buy, 10, 4), d("123.3332"));
        assert_eq!(p("123.4567", Side::Sell, 10, 4), d("123.5802"));
        assert_eq!(level_price(Decimal::MAX, Side::Sell, Decimal::TEN, 2), None);
    }

    fn setting(
        levels: i32,
        size_growth_bps: i32,
        step_growth_bps: i32,
    ) -> spot_maker_setting::Model {
        spot_maker_setting::Model {
            id: 1,
            symbol: "btcusdt".into(),
            enabled: true,
            levels,
            spread_bps: 5,
            step_bps: 5,
            size: "0.01".parse().unwrap(),
            size_growth_bps,
            step_growth_bps,
        }
    }

    fn pair() -> spot_pair::Model {
        spot_pair::Model {
            id: 1,
            coin: "btc".into(),
            symbol: "btcusdt".into(),
            order_min: "0.0001".parse().unwrap(),
            order_max: "0.05".parse().unwrap(),
            buy_max: "1000".parse().unwrap(),
            sell_min: "0".parse().unwrap(),
            min_sell: "0".parse().unwrap(),
            fee_rate: "0.001".parse().unwrap(),
            base_precision: 2,
            coin_precision: 4,
            limited_buy: 1,
            limited_sell: 1,
            market_buy: 1,
            market_sell: 1,
            enable: 1,
            is_deal: 1,
            is_show: 1,
            sort: 1,
        }
    }

    #[test]
    fn depth_grows_and_levels_crowd_near_the_price() {
        let d = |s: &str| Decimal::from_str(s).unwrap();
        let ladder = ladder(&setting(6, 5_000, 10_000), &pair(), d("100000"));
        let asks: Vec<_> = ladder.iter().filter(|l| l.0 == Side::Sell).collect();
        let bids: Vec<_> = ladder.iter().filter(|l| l.0 == Side::Buy).collect();
        assert_eq!((asks.len(), bids.len()), (6, 6));
        // Offsets 5, 10, 20, 35, 55, 80 bps: gaps 5, 10, 15, 20, 25.
        let ask_prices: Vec<Decimal> = asks.iter().map(|l| l.1).collect();
        assert_eq!(
            ask_prices,
            ["100050", "100100", "100200", "100350", "100550", "100800"].map(d)
        );
        assert_eq!(bids[2].1, d("99800"));
        // Sizes 0.01 x (1 + 0.5 i), capped at the pair's maximum 0.05.
        let sizes: Vec<Decimal> = asks.iter().map(|l| l.2).collect();
        assert_eq!(
            sizes,
            ["0.01", "0.015", "0.02", "0.025", "0.03", "0.035"].map(d)
        );
        // Every bid is below the index and every ask above: no crossing.
        assert!(bids.iter().all(|b| b.1 < d("100000")));
        assert!(asks.iter().all(|a| a.1 > d("100000")));
        let capped = ladder_sizes(&setting(12, 10_000, 0));
        assert_eq!(capped.last(), Some(&d("0.05")));
    }

    fn ladder_sizes(s: &spot_maker_setting::Model) -> Vec<Decimal> {
        ladder(s, &pair(), Decimal::from(100))
            .into_iter()
            .filter(|l| l.0 == Side::Sell)
            .map(|l| l.2)
            .collect()
    }

    #[test]
    fn growth_zero_is_the_uniform_ladder_and_a_first_size_out_of_limits_quotes_nothing() {
        let d = |s: &str| Decimal::from_str(s).unwrap();
        assert_eq!(ladder_sizes(&setting(3, 0, 0)), vec![d("0.01"); 3]);
        let tiny = spot_maker_setting::Model {
            size: "0.00001".parse().unwrap(),
            ..setting(3, 0, 0)
        };
        assert!(ladder_sizes(&tiny).is_empty());
    }
}
