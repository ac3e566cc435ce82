//! One user's trading as the operator's user page shows it: spot orders,
//! futures positions, and second-contract and option orders, each a page
//! at a time from the product's own per-user reading. Amounts are the
//! products' decimal text; times are as each product stores them.

use chrono::{DateTime, Utc};
use onyx_kernel::Outcome;
use onyx_spot::api::orders::{OrderFilter, OrderStatus};
use onyx_store::sort::Sort;
use onyx_store::DecimalText;
use sea_orm::ConnectionTrait;
use serde::Serialize;
use utoipa::ToSchema;

/// Open orders and positions, or those that are done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Open,
    Closed,
}

impl State {
    pub fn parse(text: &str) -> Option<State> {
        match text {
            "open" => Some(State::Open),
            "closed" => Some(State::Closed),
            _ => None,
        }
    }
}

#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct UserSpotOrder {
    pub id: i64,
    pub symbol: String,
    /// `buy` or `sell`.
    pub side: String,
    /// `limit` or `market`.
    pub kind: String,
    pub price: Option<String>,
    pub qty: Option<String>,
    /// A market buy's budget in the quote coin.
    pub quote_amount: Option<String>,
    pub filled_qty: String,
    pub filled_quote: String,
    pub fee: String,
    pub fee_coin: String,
    /// Held in the spot wallet for the unfilled part.
    pub frozen: String,
    pub frozen_asset: String,
    /// `open`, `partial`, `filled`, `cancelled` or `rejected`.
    pub status: String,
    pub cancel_reason: Option<String>,
    pub create_time: DateTime<Utc>,
    pub update_time: DateTime<Utc>,
}

/// One page of the user's spot orders in `sort`'s order.
pub async fn spot_orders(
    db: &impl ConnectionTrait,
    user_id: i64,
    state: State,
    sort: Sort<onyx_spot::api::orders::OrderSort>,
    page_index: u64,
    page_size: u64,
) -> Outcome<(Vec<UserSpotOrder>, u64)> {
    let filter = OrderFilter {
        statuses: match state {
            State::Open => OrderStatus::OPEN.to_vec(),
            State::Closed => OrderStatus::CLOSED.to_vec(),
        },
        ..OrderFilter::default()
    };
    let (rows, total) =
        onyx_spot::api::orders::page_for_user(db, user_id, &filter, sort, page_index, page_size)
            .await?;
    let rows = rows
        .into_iter()
        .map(|o| UserSpotOrder {
            id: o.id,
            symbol: o.symbol,
            side: o.side.into(),
            kind: o.kind.into(),
            price: o.price.map(text),
            qty: o.qty.map(text),
            quote_amount: o.quote_amount.map(text),
            filled_qty: text(o.filled_qty),
            filled_quote: text(o.filled_quote),
            fee: text(o.fee),
            fee_coin: o.fee_coin,
            frozen: text(o.frozen),
            frozen_asset: o.frozen_asset,
            status: o.status.into(),
            cancel_reason: o.cancel_reason,
            create_time: o.created_at,
            update_time: o.updated_at,
        })
        .collect();
    Ok((rows, total))
}

fn text(d: DecimalText) -> String {
    d.get().normalize().to_string()
}

#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct UserFuturesPosition {
    pub id: i64,
    pub symbol: String,
    /// `long` or `short`.
    pub side: String,
    pub leverage: i32,
    /// Size in the coin.
    pub qty: String,
    pub entry_price: String,
    /// Margin now, USDT.
    pub margin: String,
    pub fees: String,
    pub realised: String,
    /// Funding paid (negative: received).
    pub funding: String,
    /// `open`, `closed` or `liquidated`.
    pub status: String,
    pub close_price: Option<String>,
    /// 0: the user's own; otherwise the copy portfolio (a follow's id).
    pub portfolio: i64,
    pub open_time_ms: i64,
    pub update_time_ms: i64,
    pub close_time_ms: Option<i64>,
}

/// One page of the user's futures positions in `sort`'s order.
pub async fn futures_positions(
    db: &impl ConnectionTrait,
    user_id: i64,
    state: State,
    sort: Sort<onyx_futures::api::PositionSort>,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<UserFuturesPosition>, u64)> {
    let history = state == State::Closed;
    let (rows, total) =
        onyx_futures::api::user_positions(db, user_id, history, sort, offset, limit).await?;
    let rows = rows
        .into_iter()
        .map(|p| UserFuturesPosition {
            id: p.id,
            symbol: p.symbol,
            side: p.side.into(),
            leverage: p.leverage,
            qty: text(p.qty),
            entry_price: text(p.entry_price),
            margin: text(p.margin),
            fees: text(p.fees),
            realised: text(p.realised),
            funding: text(p.funding),
            status: p.status.into(),
            close_price: p.close_price.map(text),
            portfolio: p.portfolio,
            open_time_ms: p.opened_at,
            update_time_ms: p.updated_at,
            close_time_ms: p.closed_at,
        })
        .collect();
    Ok((rows, total))
}

/// Second contracts and options: a stake on a price going up or down
/// over a period, settled against the product's house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContractProduct {
    SecondContracts,
    Options,
}

impl ContractProduct {
    pub fn parse(text: &str) -> Option<ContractProduct> {
        match text {
            "secondContracts" => Some(ContractProduct::SecondContracts),
            "options" => Some(ContractProduct::Options),
            _ => None,
        }
    }
}

#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct UserContractOrder {
    pub id: i64,
    pub order_no: String,
    pub symbol: String,
    pub period_seconds: i32,
    /// `up` or `down`.
    pub direction: String,
    /// USDT.
    pub stake: String,
    /// Options only: the fee taken at acceptance.
    pub fee: Option<String>,
    pub odds: String,
    pub open_price: String,
    pub close_price: Option<String>,
    /// `open` or `settled`.
    pub status: String,
    /// `win`, `lose`, `draw` or `void` once settled.
    pub outcome: Option<String>,
    /// Out of the stake back to the user.
    pub returned: Option<String>,
    /// From the house, on top of the stake.
    pub winnings: Option<String>,
    pub open_time_ms: i64,
    pub close_time_ms: i64,
    pub settle_time_ms: Option<i64>,
}

/// Which product's orders and in which order: each product sorts by its
/// own columns, under the same names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContractOrders {
    SecondContracts(Sort<onyx_second_contracts::api::repo::OrderSort>),
    Options(Sort<onyx_options::api::repo::OrderSort>),
}

/// One page of the user's second-contract or option orders.
pub async fn contract_orders(
    db: &impl ConnectionTrait,
    user_id: i64,
    orders: ContractOrders,
    state: State,
    offset: u64,
    limit: u64,
) -> Outcome<(Vec<UserContractOrder>, u64)> {
    match orders {
        ContractOrders::SecondContracts(sort) => {
            use onyx_second_contracts::api::repo;
            let status = match state {
                State::Open => repo::OrderStatus::Open,
                State::Closed => repo::OrderStatus::Settled,
            };
            let (rows, total) = repo::user_orders(db, user_id, status, sort, offset, limit).await?;
            let rows = rows
                .into_iter()
                .map(|o| UserContractOrder {
                    id: o.id,
                    order_no: o.order_no,
                    symbol: o.symbol,
                    period_seconds: o.period_seconds,
                    direction: o.direction.to_string(),
                    stake: text(o.stake),
                    fee: None,
                    odds: text(o.odds),
                    open_price: text(o.open_price),
                    close_price: o.close_price.map(text),
                    status: o.status.to_string(),
                    outcome: o.outcome.map(|x| x.to_string()),
                    returned: o.returned.map(text),
                    winnings: o.winnings.map(text),
                    open_time_ms: o.opened_at,
                    close_time_ms: o.close_at,
                    settle_time_ms: o.settled_at,
                })
                .collect();
            Ok((rows, total))
        }
        ContractOrders::Options(sort) => {
            use onyx_options::api::repo;
            let status = match state {
                State::Open => repo::OrderStatus::Open,
                State::Closed => repo::OrderStatus::Settled,
            };
            let (rows, total) = repo::user_orders(db, user_id, status, sort, offset, limit).await?;
            let rows = rows
                .into_iter()
                .map(|o| UserContractOrder {
                    id: o.id,
                    order_no: o.order_no,
                    symbol: o.symbol,
                    period_seconds: o.period_seconds,
                    direction: o.direction.to_string(),
                    stake: text(o.stake),
                    fee: Some(text(o.fee)),
                    odds: text(o.odds),
                    open_price: text(o.open_price),
                    close_price: o.close_price.map(text),
                    status: o.status.to_string(),
                    outcome: o.outcome.map(|x| x.to_string()),
                    returned: o.returned.map(text),
                    winnings: o.winnings.map(text),
                    open_time_ms: o.opened_at,
                    close_time_ms: o.close_at,
                    settle_time_ms: o.settled_at,
                })
                .collect();
            Ok((rows, total))
        }
    }
}
