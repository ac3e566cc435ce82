//! Limits every fixed-payout order passes under the ledger gate, so two
//! orders at once cannot both slip through: a gap between one user's
//! orders, and the house's exposure cap on a period's window (what it would
//! owe if every order in the window won). Both are read and written in the
//! transaction that accepts the order: a crash loses neither.

use crate::entity::contract_exposure as exposure;
use onyx_kernel::money::{exact_add, exact_mul};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_store::DecimalText;
use rust_decimal::Decimal;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, EntityTrait, Set};

/// The exposure cap a new period starts with, in USDT.
pub const EXPOSURE_CAP: u32 = 100_000;

/// Refuses an order `gap_ms` or less after the user's previous one
/// (`last_opened_at`, ms).
pub fn pace(last_opened_at: Option<i64>, now_ms: i64, gap_ms: u64) -> Outcome<()> {
    let gap = i64::try_from(gap_ms).unwrap_or(i64::MAX);
    match last_opened_at {
        Some(at) if gap > 0 && now_ms.saturating_sub(at) < gap => {
            Err(ErrorCode::OrderTooSoon.into())
        }
        _ => Ok(()),
    }
}

/// What an order adds to its window's exposure: its winnings if it wins.
pub fn exposure_of(stake: Decimal, odds: Decimal) -> Outcome<Decimal> {
    exact_mul(stake, odds).ok_or_else(|| Failure::internal("exposure out of range"))
}

/// Adds `add` to the exposure of `product`'s `period_id` on `window_no`,
/// refusing (-6008, nothing written) when that would pass `cap`.
pub async fn take_exposure(
    db: &impl ConnectionTrait,
    product: &str,
    period_id: i64,
    window_no: i64,
    add: Decimal,
    cap: Decimal,
    coin: &str,
) -> Outcome<()> {
    let key = (product.to_string(), period_id, window_no);
    let now = exposure::Entity::find_by_id(key)
        .one(db)
        .await?
        .map(|r| r.exposure.get())
        .unwrap_or_default();
    let after = exact_add(now, add).ok_or_else(|| Failure::internal("exposure out of range"))?;
    if after > cap {
        return Err(Failure::new(ErrorCode::ExposureCap).with("coin", coin.to_ascii_uppercase()));
    }
    exposure::Entity::insert(exposure::ActiveModel {
        product: Set(product.into()),
        period_id: Set(period_id),
        window_no: Set(window_no),
        exposure: Set(DecimalText::from(after)),
    })
    .on_conflict(
        OnConflict::columns([
            exposure::Column::Product,
            exposure::Column::PeriodId,
            exposure::Column::WindowNo,
        ])
        .update_column(exposure::Column::Exposure)
        .to_owned(),
    )
    .exec(db)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_closer_than_the_gap_are_refused() {
        assert!(pace(None, 10_000, 1_000).is_ok());
        assert!(pace(Some(9_000), 10_000, 1_000).is_ok());
        let e = pace(Some(9_001), 10_000, 1_000).unwrap_err();
        assert_eq!(e.code, ErrorCode::OrderTooSoon);
        assert!(pace(Some(10_000), 10_000, 0).is_ok(), "no gap configured");
    }
}
