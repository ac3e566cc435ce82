//! A user's VIP level: VIP_LEVEL_SETTING's band holding the value of
//! everything they own (every wallet, available and held) in USDT at
//! fresh index prices. A coin without a fresh price counts nothing rather
//! than a guess.

use crate::amounts::usdt_price;
use crate::Context;
use onyx_kernel::{Failure, Outcome};
use onyx_store::ledger::user_balances;
use onyx_store::repo::settings;
use rust_decimal::Decimal;

/// What the user owns, in USDT.
pub async fn assets_in_usdt(ctx: &Context, user_id: i64) -> Outcome<Decimal> {
    let overflow = || Failure::internal("valuation overflows");
    let mut total = Decimal::ZERO;
    for b in user_balances(&ctx.db, user_id).await? {
        let Some(price) = usdt_price(ctx, &b.account.asset) else {
            continue;
        };
        let value = b
            .available
            .checked_add(b.frozen)
            .and_then(|v| v.checked_mul(price))
            .ok_or_else(overflow)?;
        total = total.checked_add(value).ok_or_else(overflow)?;
    }
    Ok(total)
}

/// The user's level, `None` when VIP is switched off or the value falls
/// between bands.
pub async fn level(ctx: &Context, user_id: i64) -> Outcome<Option<u32>> {
    let setting = settings::get(&ctx.db, "VIP_LEVEL_SETTING").await?;
    Ok(onyx_kernel::vip::level_for(
        &setting,
        assets_in_usdt(ctx, user_id).await?,
    ))
}
