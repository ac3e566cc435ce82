//! A lead trader's figures, computed from the futures fills and the copies'
//! settlements, never typed in: 30-day ROI and profit, 14-day win rate,
//! the 30-day maximum drawdown, the daily ROI series, the margin copied
//! (AUM) and what followers kept.
//!
//! ROI is on margin: a day's net (booked profit less every fee paid that
//! day) over the margin its closes released.

use crate::entity::copy_follow as follow;
use crate::repo;
use chrono::{DateTime, Utc};
use onyx_futures::api::FillKind;
use onyx_futures::api::{futures_fill as fill, futures_position as position};
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use std::collections::HashSet;

pub const DAY_MS: i64 = 86_400_000;
pub const SERIES_DAYS: i64 = 30;
pub const WIN_DAYS: i64 = 14;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Day {
    /// `YYYY-MM-DD` (UTC).
    pub day: String,
    pub profit: Decimal,
    /// Percent.
    pub roi: Decimal,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    pub roi30: Decimal,
    pub profit30: Decimal,
    pub win_rate14: Decimal,
    pub wins14: u64,
    pub losses14: u64,
    pub max_drawdown30: Decimal,
    pub aum: Decimal,
    pub followers_return30: Decimal,
    pub shared_total: Decimal,
    pub followers: u64,
    pub series: Vec<Day>,
}

fn percent(part: Decimal, whole: Decimal) -> Decimal {
    if whole <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    part.checked_mul(Decimal::ONE_HUNDRED)
        .and_then(|v| v.checked_div(whole))
        .map(|v| v.round_dp(2).normalize())
        .unwrap_or_default()
}

fn add(a: &mut Decimal, b: Decimal) {
    *a = a.checked_add(b).unwrap_or(*a);
}

fn day_name(start_ms: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(start_ms)
        .map(|t| t.format("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

/// The deepest fall of the cumulative daily ROI below its running peak,
/// in percentage points.
pub fn max_drawdown(daily: &[Decimal]) -> Decimal {
    let (mut level, mut peak, mut worst) = (Decimal::ZERO, Decimal::ZERO, Decimal::ZERO);
    for r in daily {
        add(&mut level, *r);
        peak = peak.max(level);
        worst = worst.max(peak.checked_sub(level).unwrap_or_default());
    }
    worst.normalize()
}

pub async fn figures(
    db: &impl ConnectionTrait,
    trader_id: i64,
    lead_user_id: i64,
    now: i64,
) -> Result<Figures, DbErr> {
    let today = now.div_euclid(DAY_MS).saturating_mul(DAY_MS);
    let since30 = today.saturating_sub(DAY_MS.saturating_mul(SERIES_DAYS - 1));
    let since14 = now.saturating_sub(DAY_MS.saturating_mul(WIN_DAYS));
    // The lead's own positions only, not copies they hold of others.
    let copies: HashSet<i64> = position::Entity::find()
        .filter(position::Column::UserId.eq(lead_user_id))
        .filter(position::Column::Portfolio.ne(0))
        .all(db)
        .await?
        .into_iter()
        .map(|p| p.id)
        .collect();
    let fills = fill::Entity::find()
        .filter(fill::Column::UserId.eq(lead_user_id))
        .filter(fill::Column::At.gte(since30))
        .all(db)
        .await?;
    let days = usize::try_from(SERIES_DAYS).unwrap_or(30);
    let mut profit = vec![Decimal::ZERO; days];
    let mut margin = vec![Decimal::ZERO; days];
    for f in fills.iter().filter(|f| !copies.contains(&f.position_id)) {
        let Ok(i) = usize::try_from(f.at.saturating_sub(since30).div_euclid(DAY_MS)) else {
            continue;
        };
        let (Some(p), Some(m)) = (profit.get_mut(i), margin.get_mut(i)) else {
            continue;
        };
        add(p, f.pnl.get().checked_sub(f.fee.get()).unwrap_or_default());
        if matches!(f.kind, FillKind::Close | FillKind::Liquidation) {
            add(m, f.margin.get());
        }
    }
    let mut out = Figures::default();
    let (mut profit_total, mut margin_total) = (Decimal::ZERO, Decimal::ZERO);
    let mut daily = Vec::with_capacity(days);
    for (i, (p, m)) in profit.iter().zip(&margin).enumerate() {
        add(&mut profit_total, *p);
        add(&mut margin_total, *m);
        let roi = percent(*p, *m);
        daily.push(roi);
        let start = since30.saturating_add(DAY_MS.saturating_mul(i64::try_from(i).unwrap_or(0)));
        out.series.push(Day {
            day: day_name(start),
            profit: p.round_dp(2).normalize(),
            roi,
        });
    }
    // Shown figures, to the cent; the fills hold the exact amounts.
    out.profit30 = profit_total.round_dp(2).normalize();
    out.roi30 = percent(profit_total, margin_total);
    out.max_drawdown30 = max_drawdown(&daily);
    let closed = position::Entity::find()
        .filter(position::Column::UserId.eq(lead_user_id))
        .filter(position::Column::Portfolio.eq(0))
        .filter(position::Column::ClosedAt.gte(since14))
        .all(db)
        .await?;
    for p in closed {
        let net = p
            .realised
            .get()
            .checked_sub(p.fees.get())
            .unwrap_or_default();
        if net > Decimal::ZERO {
            out.wins14 = out.wins14.saturating_add(1);
        } else {
            out.losses14 = out.losses14.saturating_add(1);
        }
    }
    out.win_rate14 = percent(
        Decimal::from(out.wins14),
        Decimal::from(out.wins14.saturating_add(out.losses14)),
    );
    let follow_ids: Vec<i64> = follow::Entity::find()
        .filter(follow::Column::TraderId.eq(trader_id))
        .all(db)
        .await?
        .into_iter()
        .map(|f| f.id)
        .collect();
    for p in repo::open_copies(db, &follow_ids).await? {
        add(&mut out.aum, p.margin.get());
    }
    out.aum = out.aum.round_dp(2).normalize();
    let (mut kept, mut base) = (Decimal::ZERO, Decimal::ZERO);
    for s in repo::settlements_of_lead(db, lead_user_id).await? {
        add(&mut out.shared_total, s.share.get());
        if s.at >= since30 {
            add(
                &mut kept,
                s.delta.get().checked_sub(s.share.get()).unwrap_or_default(),
            );
            add(&mut base, s.margin.get());
        }
    }
    out.shared_total = out.shared_total.normalize();
    out.followers_return30 = percent(kept, base);
    out.followers = repo::follower_count(db, trader_id).await?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drawdown_is_the_deepest_fall_below_a_peak() {
        let d = |v: i64| Decimal::from(v);
        assert_eq!(max_drawdown(&[d(5), d(-3), d(4), d(-10), d(2)]), d(10));
        assert_eq!(max_drawdown(&[d(1), d(2)]), d(0));
        assert_eq!(max_drawdown(&[d(-4), d(1)]), d(4));
    }
}
