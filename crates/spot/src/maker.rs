//! The built-in market maker, so a fresh exchange (and the demo) has
//! prices to trade against.
//!
//! It is an ordinary user, `market-maker`, created on first start with the
//! argon2 hash of a random password nobody is told (so nobody can sign in as
//! it). Every `--maker-interval-ms` it replaces, on each pair whose
//! `spot_maker_settings` row is enabled, a ladder of `levels` bids and asks
//! around the fresh index price: the first level `spread_bps` away from it,
//! each further one `step_bps` further, `size` base per level (rounded down
//! to the pair's precision). Without a fresh index price it only cancels,
//! so it never quotes a price the market has left.
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
use onyx_market::entity::spot_pair;
use onyx_market::repo::catalogue;
use onyx_platform::amounts::{self, USDT};
use onyx_platform::Idempotency;
use onyx_store::repo::users;
use rust_decimal::{Decimal, RoundingStrategy};
use std::str::FromStr;
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
            credits: "0",
            register_lang: "en",
            register_ip: "127.0.0.1",
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
fn level_price(mid: Decimal, side: Side, bps: i64, dp: u32) -> Option<Decimal> {
    let offset = Decimal::new(bps, 0).checked_div(Decimal::new(BPS, 0))?;
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
    let d = |t: &str| Decimal::from_str(t.trim()).unwrap_or_default();
    let size = d(&setting.size).round_dp_with_strategy(qty_dp, RoundingStrategy::ToZero);
    let min = d(&pair.order_min)
        .max(d(&pair.sell_min))
        .max(d(&pair.min_sell));
    let max = d(&pair.order_max).min(d(&pair.buy_max));
    if size <= Decimal::ZERO || size < min || size > max || mid <= Decimal::ZERO {
        return Vec::new();
    }
    let mut out = Vec::new();
    for i in 0..i64::from(setting.levels.max(0)) {
        let bps = i
            .checked_mul(i64::from(setting.step_bps))
            .and_then(|step| step.checked_add(i64::from(setting.spread_bps)));
        for side in [Side::Buy, Side::Sell] {
            match bps.and_then(|bps| level_price(mid, side, bps, dp)) {
                Some(price) if price > Decimal::ZERO => out.push((side, price, size)),
                _ => {}
            }
        }
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
            at_ms: amounts::now_ms(),
        }],
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_steps_away_from_mid_and_rounds_outwards() {
        let d = |s: &str| Decimal::from_str(s).unwrap();
        let p = |mid, side, bps, dp| level_price(d(mid), side, bps, dp).unwrap();
        assert_eq!(p("100", Side::Buy, 10, 2), d("99.9"));
        assert_eq!(p("100", Side::Sell, 10, 2), d("100.1"));
        // 123.4567 * 0.999 = 123.3332433 -> down; * 1.001 = 123.5801567 -> up.
        assert_eq!(p("123.4567", Side::Buy, 10, 4), d("123.3332"));
        assert_eq!(p("123.4567", Side::Sell, 10, 4), d("123.5802"));
        assert_eq!(level_price(Decimal::MAX, Side::Sell, 10, 2), None);
    }
}
