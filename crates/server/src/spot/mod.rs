//! Spot trading: one task per pair owns its order book (`onyx_core::
//! orderbook`), fed by a bounded channel; results are committed through the
//! ledger gate in batches before anything is acknowledged or published.

pub mod events;
pub mod maker;
pub(crate) mod pair;
mod recovery;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::wallet::Idempotency;
use events::{DepthSnapshot, OrderView, SpotEvent};
use onyx_core::orderbook::{Side, TimeInForce};
use onyx_core::spot::{OrderInput, SpotRefusal};
use onyx_core::ErrorCode;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::str::FromStr;
use std::sync::{Arc, RwLock};
use tokio::sync::{broadcast, mpsc, oneshot};
use utoipa::ToSchema;

pub use pair::{BATCH_MAX, BOOK_CAPACITY, QUEUE_LEN};

/// Events buffered for slow subscribers before they lag (and resync).
pub const EVENTS_BUFFERED: usize = 4096;

/// The spot service as the rest of the server sees it.
pub struct SpotService {
    events: broadcast::Sender<Arc<SpotEvent>>,
    /// The latest committed depth per symbol, written by the pair tasks.
    depth: RwLock<HashMap<String, DepthSnapshot>>,
    /// The request queue of each pair's task, by symbol (`btcusdt`).
    pairs: RwLock<HashMap<String, mpsc::Sender<pair::Request>>>,
}

impl Default for SpotService {
    fn default() -> Self {
        SpotService {
            events: broadcast::channel(EVENTS_BUFFERED).0,
            depth: RwLock::new(HashMap::new()),
            pairs: RwLock::new(HashMap::new()),
        }
    }
}

impl SpotService {
    /// Every committed trade, depth delta and order update, in commit order.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<SpotEvent>> {
        self.events.subscribe()
    }

    /// Publishes one committed change (the pair tasks' call).
    pub fn publish(&self, event: SpotEvent) {
        // No subscriber is not an error: nobody is watching.
        let _ = self.events.send(Arc::new(event));
    }

    /// The top `limit` levels of each side, with the sequence number they
    /// are current at; `None` for a symbol without a book.
    pub fn depth(&self, symbol: &str, limit: usize) -> Option<DepthSnapshot> {
        let books = self.depth.read().expect("depth lock");
        books.get(symbol).map(|d| DepthSnapshot {
            symbol: d.symbol.clone(),
            seq: d.seq,
            bids: d.bids.iter().take(limit).cloned().collect(),
            asks: d.asks.iter().take(limit).cloned().collect(),
        })
    }

    /// Replaces a symbol's depth (the pair task's call, after each commit
    /// and before publishing that commit's delta, so a snapshot taken
    /// between the two is already current).
    pub fn set_depth(&self, snapshot: DepthSnapshot) {
        self.depth
            .write()
            .expect("depth lock")
            .insert(snapshot.symbol.clone(), snapshot);
    }

    /// Places an order through its pair's task and answers with the order
    /// as it stands after matching (or the stored answer of a retry).
    pub async fn submit(
        &self,
        user_id: i64,
        order: OrderRequest,
        idem: Idempotency,
    ) -> ApiResult<serde_json::Value> {
        let (reply, answer) = oneshot::channel();
        let symbol = order.symbol.clone();
        self.enqueue(
            &symbol,
            pair::Request::Submit {
                user_id,
                order,
                idem,
                reply,
            },
        )
        .await?;
        answer.await.map_err(ApiError::internal)?
    }

    /// Cancels one of the user's open orders through its pair's task.
    /// Another user's order, or one no longer open, is `NotFound`.
    pub async fn cancel(&self, state: &AppState, user_id: i64, id: i64) -> ApiResult<OrderView> {
        let row = onyx_store::repo::spot::find_for_user(&state.db, user_id, id)
            .await?
            .filter(|o| onyx_store::repo::spot::OPEN_STATUSES.contains(&o.status.as_str()))
            .ok_or(ErrorCode::NotFound)?;
        let (reply, answer) = oneshot::channel();
        self.enqueue(
            &row.symbol,
            pair::Request::Cancel {
                user_id,
                order_id: id,
                reply,
            },
        )
        .await?;
        answer.await.map_err(ApiError::internal)?
    }

    /// Queues a request for a pair's task; waits while the queue is full
    /// (back-pressure rather than refusing). No task: the pair is closed.
    pub(crate) async fn enqueue(&self, symbol: &str, request: pair::Request) -> ApiResult<()> {
        let sender = self
            .pairs
            .read()
            .expect("pairs lock")
            .get(symbol)
            .cloned()
            .ok_or(ErrorCode::SpotPairClosed)?;
        sender
            .send(request)
            .await
            .map_err(|_| ApiError::internal(format!("spot task of {symbol} is gone")))
    }

    /// Symbols with a running task.
    pub fn symbols(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .pairs
            .read()
            .expect("pairs lock")
            .keys()
            .cloned()
            .collect();
        out.sort();
        out
    }

    fn register(&self, symbol: &str, sender: mpsc::Sender<pair::Request>) {
        self.pairs
            .write()
            .expect("pairs lock")
            .insert(symbol.to_string(), sender);
    }
}

/// Starts one task per spot pair of the catalogue, each with its book
/// rebuilt from the stored open orders, then (unless `--maker false`) the
/// market maker. A pair that is switched off still gets a task, so its
/// resting orders can be cancelled; it refuses new orders with -5001.
pub async fn start(state: &AppState) -> anyhow::Result<()> {
    for row in onyx_store::repo::catalogue::spot_pairs(&state.db).await? {
        pair::spawn(state, &row).await?;
    }
    if state.config.maker {
        maker::start(state).await?;
    }
    Ok(())
}

/// The submit body (`POST /api/currency/order/submit`). Numbers are
/// decimal strings so no amount ever passes through a float.
#[derive(Deserialize, Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct SubmitBody {
    /// `btcusdt` (any case; `BTC/USDT` works too).
    pub symbol: String,
    /// `buy` or `sell`.
    pub side: String,
    /// `limit` or `market`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `gtc` (default), `ioc` or `post_only`; limit orders only.
    pub time_in_force: Option<String>,
    /// Limit price in USDT.
    pub price: Option<String>,
    /// Quantity in the base coin.
    pub amount: Option<String>,
    /// USDT to spend: a market buy by total instead of `amount`.
    pub total: Option<String>,
}

/// An order as the pair task takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderRequest {
    pub symbol: String,
    pub side: Side,
    pub input: OrderInput,
}

/// `BTC/USDT`, `btc_usdt`, `BTCUSDT` -> `btcusdt`, the catalogue's symbol.
pub fn normalize_symbol(text: &str) -> String {
    text.trim()
        .chars()
        .filter(|c| !matches!(c, '/' | '_' | '-'))
        .collect::<String>()
        .to_ascii_lowercase()
}

fn blank(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn decimal(text: &str, refusal: SpotRefusal) -> ApiResult<Decimal> {
    Decimal::from_str(text).map_err(|_| refusal_error(&refusal))
}

impl SubmitBody {
    /// Checks the shape of the order; the pair's rules are checked by the
    /// pair task with the rules in force when it runs.
    pub fn parse(&self) -> ApiResult<OrderRequest> {
        let side = match self.side.trim().to_ascii_lowercase().as_str() {
            "buy" => Side::Buy,
            "sell" => Side::Sell,
            _ => return Err(ApiError::invalid("side")),
        };
        let (amount, total) = (blank(&self.amount), blank(&self.total));
        let input = match self.kind.trim().to_ascii_lowercase().as_str() {
            "limit" => {
                let tif = match blank(&self.time_in_force).map(str::to_ascii_lowercase) {
                    None => TimeInForce::Gtc,
                    Some(t) if t == "gtc" => TimeInForce::Gtc,
                    Some(t) if t == "ioc" => TimeInForce::Ioc,
                    Some(t) if t == "post_only" => TimeInForce::PostOnly,
                    Some(_) => return Err(ApiError::invalid("timeInForce")),
                };
                let (Some(amount), None) = (amount, total) else {
                    return Err(ErrorCode::SpotAmountOrTotal.into());
                };
                let price = blank(&self.price).ok_or(ErrorCode::SpotPriceInvalid)?;
                OrderInput::Limit {
                    price: decimal(price, SpotRefusal::PriceInvalid)?,
                    qty: decimal(amount, SpotRefusal::QtyInvalid)?,
                    tif,
                }
            }
            "market" => match (amount, total) {
                (Some(amount), None) => OrderInput::MarketQty {
                    qty: decimal(amount, SpotRefusal::QtyInvalid)?,
                },
                (None, Some(total)) => OrderInput::MarketQuote {
                    quote: decimal(total, SpotRefusal::QtyInvalid)?,
                },
                _ => return Err(ErrorCode::SpotAmountOrTotal.into()),
            },
            _ => return Err(ApiError::invalid("type")),
        };
        Ok(OrderRequest {
            symbol: normalize_symbol(&self.symbol),
            side,
            input,
        })
    }
}

/// A pair-rule refusal as its coded error.
pub fn refusal_error(refusal: &SpotRefusal) -> ApiError {
    match refusal {
        SpotRefusal::PairClosed => ErrorCode::SpotPairClosed.into(),
        SpotRefusal::TypeClosed => ErrorCode::SpotTypeClosed.into(),
        SpotRefusal::QuoteSell => ErrorCode::SpotQuoteSell.into(),
        SpotRefusal::PriceInvalid => ErrorCode::SpotPriceInvalid.into(),
        SpotRefusal::PriceTooPrecise { dp } => {
            ApiError::new(ErrorCode::SpotPriceTooPrecise).with("dp", dp)
        }
        SpotRefusal::QtyInvalid => ErrorCode::SpotQtyInvalid.into(),
        SpotRefusal::QtyTooPrecise { dp } => {
            ApiError::new(ErrorCode::SpotQtyTooPrecise).with("dp", dp)
        }
        SpotRefusal::BelowMinimum { min } => {
            ApiError::new(ErrorCode::SpotBelowMinimum).with("min", min)
        }
        SpotRefusal::AboveMaximum { max } => {
            ApiError::new(ErrorCode::SpotAboveMaximum).with("max", max)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use onyx_core::i18n;

    #[test]
    fn every_refusal_has_its_code_and_fills_its_message() {
        let d = |s: &str| Decimal::from_str(s).unwrap();
        let cases = [
            (SpotRefusal::PairClosed, -5001),
            (SpotRefusal::TypeClosed, -5002),
            (SpotRefusal::QuoteSell, -5003),
            (SpotRefusal::PriceInvalid, -5004),
            (SpotRefusal::PriceTooPrecise { dp: 2 }, -5005),
            (SpotRefusal::QtyInvalid, -5006),
            (SpotRefusal::QtyTooPrecise { dp: 4 }, -5007),
            (SpotRefusal::BelowMinimum { min: d("0.001") }, -5008),
            (SpotRefusal::AboveMaximum { max: d("50") }, -5009),
        ];
        for (refusal, code) in cases {
            let e = refusal_error(&refusal);
            assert_eq!(e.code.code(), code, "{refusal:?}");
            let text = e.message(i18n::FALLBACK);
            assert!(!text.contains('{'), "unfilled placeholder: {text}");
        }
    }

    #[test]
    fn the_body_shape_is_checked_before_the_rules() {
        let body = |kind: &str, price: Option<&str>, amount: Option<&str>, total: Option<&str>| {
            SubmitBody {
                symbol: "BTC/USDT".into(),
                side: "buy".into(),
                kind: kind.into(),
                time_in_force: None,
                price: price.map(str::to_string),
                amount: amount.map(str::to_string),
                total: total.map(str::to_string),
            }
        };
        let code = |b: SubmitBody| b.parse().unwrap_err().code.code();
        assert_eq!(code(body("market", None, Some("1"), Some("2"))), -5012);
        assert_eq!(code(body("market", None, None, None)), -5012);
        assert_eq!(code(body("limit", Some("1"), None, None)), -5012);
        assert_eq!(code(body("limit", None, Some("1"), None)), -5004);
        assert_eq!(code(body("limit", Some("x"), Some("1"), None)), -5004);
        assert_eq!(code(body("limit", Some("1"), Some("x"), None)), -5006);
        assert_eq!(code(body("stop", Some("1"), Some("1"), None)), -4);
        let ok = body("market", None, None, Some("25.5")).parse().unwrap();
        assert_eq!(ok.symbol, "btcusdt");
        assert_eq!(ok.input, OrderInput::MarketQuote { quote: d2("25.5") });
    }

    fn d2(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }
}
