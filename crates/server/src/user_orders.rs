//! One user's earn orders (finance subscriptions and staking) and futures
//! orders (market and limit, waiting or done) as the operator's user page
//! shows them, beside `user_trading`'s orders and positions: each a page
//! at a time from the product's own per-user reading. Amounts are the
//! products' decimal text; times are Unix ms, as both products store them.
#![cfg_attr(
    not(test),
    deny(
        clippy::arithmetic_side_effects,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic
    )
)]

use crate::user_trading::State;
pub use onyx_earn::api::OrderSort as EarnOrderSort;
pub use onyx_futures::api::OrderSort as FuturesOrderSort;
use onyx_kernel::i18n::text_in;
use onyx_kernel::Outcome;
use onyx_store::sort::Sort;
use onyx_store::DecimalText;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

fn text(d: &DecimalText) -> String {
    d.get().normalize().to_string()
}

/// Finance or staking: which of earn's shelves.
pub use onyx_earn::api::EarnKind;

#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct UserEarnOrder {
    pub id: i64,
    pub order_no: String,
    /// `finance` or `staking`.
    pub kind: String,
    pub product_id: i64,
    /// The product's title in the caller's language; empty when the
    /// product is gone.
    pub product_title: String,
    pub coin: String,
    /// The principal, held in the finance wallet while earning.
    pub amount: String,
    pub days: i32,
    /// Finance: the APR (percent) fixed at subscription.
    pub apr: Option<String>,
    /// The whole term's interest promised at subscription, set aside
    /// against the finance house.
    pub reserved: String,
    /// Interest accrued so far, and of it paid out to spot.
    pub accrued: String,
    pub paid: String,
    /// `earning`, `settled` (matured) or `redeemed` (early).
    pub status: String,
    /// An early redemption's fee, and the held interest it gave back.
    pub penalty: String,
    pub forfeited: String,
    pub auto_renew: bool,
    /// The order this one renewed.
    pub renewed_from: Option<i64>,
    /// 00:00 UTC of the first accrual day, and of the maturity day.
    pub start_time_ms: Option<i64>,
    pub end_time_ms: Option<i64>,
    pub create_time_ms: i64,
    pub settle_time_ms: Option<i64>,
}

fn earn_status(status: onyx_earn::api::OrderStatus) -> &'static str {
    use onyx_earn::api::OrderStatus;
    match status {
        OrderStatus::Earning => "earning",
        OrderStatus::Settled => "settled",
        OrderStatus::Redeemed => "redeemed",
    }
}

/// One page of the user's earn orders of `kind` (both when None), in
/// `sort`'s order (newest first unless asked). Titles are in `lang`.
#[allow(clippy::too_many_arguments)]
pub async fn earn_orders(
    db: &impl ConnectionTrait,
    user_id: i64,
    kind: Option<EarnKind>,
    state: State,
    sort: Sort<EarnOrderSort>,
    lang: &str,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<UserEarnOrder>, u64)> {
    use onyx_earn::api::earn_product as product;
    use onyx_earn::api::rules::start_of;
    let history = state == State::Closed;
    let (rows, total) =
        onyx_earn::api::user_orders_in(db, user_id, kind, history, sort, offset, limit).await?;
    let mut ids: Vec<i64> = rows.iter().map(|o| o.product_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let titles: HashMap<i64, String> = if ids.is_empty() {
        HashMap::new()
    } else {
        product::Entity::find()
            .filter(product::Column::Id.is_in(ids))
            .all(db)
            .await?
            .into_iter()
            .map(|p| (p.id, text_in(&p.title, lang)))
            .collect()
    };
    let rows = rows
        .into_iter()
        .map(|o| UserEarnOrder {
            product_title: titles.get(&o.product_id).cloned().unwrap_or_default(),
            id: o.id,
            order_no: o.order_no,
            kind: o.kind.into(),
            product_id: o.product_id,
            coin: o.coin,
            amount: text(&o.amount),
            days: o.days,
            apr: o.apr.as_ref().map(text),
            reserved: text(&o.reserved),
            accrued: text(&o.accrued),
            paid: text(&o.paid),
            status: earn_status(o.status).to_string(),
            penalty: text(&o.penalty),
            forfeited: text(&o.forfeited),
            auto_renew: o.auto_renew == 1,
            renewed_from: o.renewed_from,
            start_time_ms: start_of(o.start_day),
            end_time_ms: start_of(o.end_day),
            create_time_ms: o.created_at,
            settle_time_ms: o.settled_at,
        })
        .collect();
    Ok((rows, total))
}

#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct UserFuturesOrder {
    pub id: i64,
    /// As the user's app shows it.
    pub order_no: String,
    pub symbol: String,
    /// `long` or `short`: the position it opens or closes.
    pub side: String,
    /// `limit` or `market`.
    pub kind: String,
    /// `open`, or `close` (left by a triggered limit take-profit or
    /// stop-loss; it holds nothing).
    pub action: String,
    pub leverage: i32,
    /// Whole contracts, and the size in the coin.
    pub contracts: String,
    pub qty: String,
    pub limit_price: Option<String>,
    pub deal_price: Option<String>,
    /// Margin and opening fee: frozen while waiting, paid once filled.
    pub margin: String,
    pub fee: String,
    /// `waiting`, `filled` or `cancelled`.
    pub status: String,
    /// Why the server cancelled it (`house_limit`, `leverage`,
    /// `position_closed`); null when the user did or it filled.
    pub reason: Option<String>,
    pub position_id: Option<i64>,
    pub create_time_ms: i64,
    pub update_time_ms: i64,
    pub deal_time_ms: Option<i64>,
}

/// One page of the user's futures orders in `sort`'s order (newest first
/// unless asked): waiting ones (`Open`) or filled and cancelled ones.
pub async fn futures_orders(
    db: &impl ConnectionTrait,
    user_id: i64,
    state: State,
    sort: Sort<FuturesOrderSort>,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<UserFuturesOrder>, u64)> {
    let history = state == State::Closed;
    let (rows, total) =
        onyx_futures::api::user_orders(db, user_id, history, sort, offset, limit).await?;
    let rows = rows
        .into_iter()
        .map(|o| UserFuturesOrder {
            // Numbered as the user's app numbers it.
            order_no: onyx_futures::api::orders::OrderView::of(&o).order_no,
            id: o.id,
            symbol: o.symbol,
            side: o.side.into(),
            kind: o.kind.into(),
            action: o.action.into(),
            leverage: o.leverage,
            contracts: text(&o.contracts),
            qty: text(&o.qty),
            limit_price: o.limit_price.as_ref().map(text),
            deal_price: o.deal_price.as_ref().map(text),
            margin: text(&o.margin),
            fee: text(&o.fee),
            status: o.status.into(),
            reason: o.reason.map(String::from),
            position_id: o.position_id,
            create_time_ms: o.created_at,
            update_time_ms: o.updated_at,
            deal_time_ms: o.dealt_at,
        })
        .collect();
    Ok((rows, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_statuses_read_as_earn_names_them() {
        assert_eq!(EarnKind::parse("finance"), Some(EarnKind::Finance));
        assert_eq!(EarnKind::parse("staking"), Some(EarnKind::Staking));
        assert_eq!(EarnKind::parse("savings"), None);
        assert_eq!(earn_status(onyx_earn::api::EARNING), "earning");
        assert_eq!(earn_status(onyx_earn::api::SETTLED), "settled");
        assert_eq!(earn_status(onyx_earn::api::REDEEMED), "redeemed");
    }
}
