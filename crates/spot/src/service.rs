//! The spot service: the facade routes and other products call. It owns
//! the running pair tasks (see `pair`) and answers from their books.

use crate::events::{DepthSnapshot, OrderView, SpotEvent};
use crate::orderbook::{Side, TimeInForce};
use crate::rules::{OrderInput, SpotRefusal, QUOTE_DP_MAX};
use crate::supervisor::{HealthCounts, TaskHealth};
use crate::SpotContext;
use crate::{maker, pair};
use onyx_kernel::ErrorCode;
use onyx_kernel::{Failure, Outcome};
use onyx_platform::amounts;
use onyx_platform::Idempotency;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};
use tokio::sync::{broadcast, mpsc, oneshot};
use utoipa::ToSchema;

/// Events buffered for slow subscribers before they lag (and resync).
pub const EVENTS_BUFFERED: usize = 4096;

/// A pair's decimals, fixed for the life of its task: what its ticks and
/// lots mean, and how many decimals its prices and quantities may carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Precision {
    pub price_dp: u32,
    pub qty_dp: u32,
}

/// How the service reaches one pair's task.
struct PairHandle {
    queue: mpsc::Sender<pair::Request>,
    precision: Precision,
    health: Arc<TaskHealth>,
}

/// One pair's task as an operator sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PairHealth {
    pub symbol: String,
    #[serde(flatten)]
    pub counts: HealthCounts,
}

/// The spot service as the rest of the server sees it.
pub struct SpotService {
    events: broadcast::Sender<Arc<SpotEvent>>,
    /// The latest committed depth per symbol, written by the pair tasks.
    depth: RwLock<HashMap<String, DepthSnapshot>>,
    /// Each pair's task, by symbol (`btcusdt`).
    pairs: RwLock<HashMap<String, PairHandle>>,
    /// Order and trade ids, handed out by the pair tasks.
    pub(crate) ids: std::sync::Mutex<crate::batch_writes::SpotIds>,
    /// Panics to inject into the pair tasks (tests of supervision only).
    #[cfg(test)]
    pub(crate) faults: std::sync::Mutex<Vec<crate::supervision_tests::Fault>>,
}

impl Default for SpotService {
    fn default() -> Self {
        SpotService {
            events: broadcast::channel(EVENTS_BUFFERED).0,
            depth: RwLock::new(HashMap::new()),
            pairs: RwLock::new(HashMap::new()),
            ids: Default::default(),
            #[cfg(test)]
            faults: Default::default(),
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
        // A panic cannot leave a depth half written (one insert), so a
        // poisoned lock still holds a whole snapshot.
        let books = self.depth.read().unwrap_or_else(PoisonError::into_inner);
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
            .unwrap_or_else(PoisonError::into_inner)
            .insert(snapshot.symbol.clone(), snapshot);
    }

    /// Places an order through its pair's task and answers with the order
    /// as it stands after matching (or the stored answer of a retry).
    pub async fn submit(
        &self,
        user_id: i64,
        order: OrderRequest,
        idem: Idempotency,
    ) -> Outcome<serde_json::Value> {
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
        answer.await.map_err(Failure::internal)?
    }

    /// Cancels one of the user's open orders through its pair's task.
    /// Another user's order, or one no longer open, is `NotFound`.
    pub async fn cancel(&self, state: &SpotContext, user_id: i64, id: i64) -> Outcome<OrderView> {
        let row = crate::repo::find_for_user(&state.db, user_id, id)
            .await?
            .filter(|o| o.status.is_open())
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
        answer.await.map_err(Failure::internal)?
    }

    /// Queues a request for a pair's task; waits while the queue is full
    /// (back-pressure rather than refusing). No task: the pair is closed.
    pub(crate) async fn enqueue(&self, symbol: &str, request: pair::Request) -> Outcome<()> {
        let sender = self
            .pairs
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(symbol)
            .map(|p| p.queue.clone())
            .ok_or(ErrorCode::SpotPairClosed)?;
        sender
            .send(request)
            .await
            .map_err(|_| Failure::internal(format!("spot task of {symbol} is gone")))
    }

    /// Symbols with a running task.
    pub fn symbols(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .pairs
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .keys()
            .cloned()
            .collect();
        out.sort();
        out
    }

    /// The decimals of a pair with a running task.
    pub fn precision(&self, symbol: &str) -> Option<Precision> {
        self.pairs
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(symbol)
            .map(|p| p.precision)
    }

    /// Reads a submit body with the decimals of its pair: the numbers are
    /// checked against the pair's own precision on the text, before the
    /// order reaches the task.
    pub fn parse(&self, body: &SubmitBody) -> Outcome<OrderRequest> {
        body.parse(self.precision(&normalize_symbol(&body.symbol)))
    }

    /// Restarts and recovered panics of every pair's task, by symbol.
    pub fn health(&self) -> Vec<PairHealth> {
        let mut out: Vec<PairHealth> = self
            .pairs
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .map(|(symbol, p)| PairHealth {
                symbol: symbol.clone(),
                counts: p.health.counts(),
            })
            .collect();
        out.sort_by(|a, b| a.symbol.cmp(&b.symbol));
        out
    }

    pub(crate) fn register(
        &self,
        symbol: &str,
        queue: mpsc::Sender<pair::Request>,
        precision: Precision,
        health: Arc<TaskHealth>,
    ) {
        self.pairs
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(
                symbol.to_string(),
                PairHandle {
                    queue,
                    precision,
                    health,
                },
            );
    }
}

/// Starts one task per spot pair of the catalogue, each with its book
/// rebuilt from the stored open orders, then (unless `--maker false`) the
/// market maker. A pair that is switched off still gets a task, so its
/// resting orders can be cancelled; it refuses new orders with -5001.
pub async fn start(state: &SpotContext) -> anyhow::Result<()> {
    for row in onyx_market::api::catalogue::spot_pairs(&state.db).await? {
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
#[schema(as = SpotSubmitBody)]
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

/// An optional word; empty is absent.
fn blank(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// An optional number as sent: only the empty string is absent, so a
/// number with spaces around it is refused, not trimmed.
fn given(v: &Option<String>) -> Option<&str> {
    v.as_deref().filter(|s| !s.is_empty())
}

/// A price, quantity or total with at most `dp` decimals, counted on the
/// text; `too_precise` names the pair's precision.
fn number(field: &'static str, text: &str, dp: u32, too_precise: SpotRefusal) -> Outcome<Decimal> {
    amounts::parse_number(field, text, dp, || refusal_error(&too_precise))
}

impl SubmitBody {
    /// Checks the shape of the order and its numbers against the pair's
    /// `precision` (`None`: no such pair); the pair's other rules are
    /// checked by the pair task with the rules in force when it runs.
    pub fn parse(&self, precision: Option<Precision>) -> Outcome<OrderRequest> {
        let side = match self.side.trim().to_ascii_lowercase().as_str() {
            "buy" => Side::Buy,
            "sell" => Side::Sell,
            _ => return Err(Failure::invalid("side")),
        };
        let (amount, total) = (given(&self.amount), given(&self.total));
        let kind = self.kind.trim().to_ascii_lowercase();
        if kind != "limit" && kind != "market" {
            return Err(Failure::invalid("type"));
        }
        let Precision { price_dp, qty_dp } = precision.ok_or(ErrorCode::SpotPairClosed)?;
        let input = match kind.as_str() {
            "limit" => {
                let tif = match blank(&self.time_in_force).map(str::to_ascii_lowercase) {
                    None => TimeInForce::Gtc,
                    Some(t) if t == "gtc" => TimeInForce::Gtc,
                    Some(t) if t == "ioc" => TimeInForce::Ioc,
                    Some(t) if t == "post_only" => TimeInForce::PostOnly,
                    Some(_) => return Err(Failure::invalid("timeInForce")),
                };
                let (Some(amount), None) = (amount, total) else {
                    return Err(ErrorCode::SpotAmountOrTotal.into());
                };
                let price = given(&self.price).ok_or(ErrorCode::SpotPriceInvalid)?;
                OrderInput::Limit {
                    price: number(
                        "price",
                        price,
                        price_dp,
                        SpotRefusal::PriceTooPrecise { dp: price_dp },
                    )?,
                    qty: number(
                        "amount",
                        amount,
                        qty_dp,
                        SpotRefusal::QtyTooPrecise { dp: qty_dp },
                    )?,
                    tif,
                }
            }
            _ => match (amount, total) {
                (Some(amount), None) => OrderInput::MarketQty {
                    qty: number(
                        "amount",
                        amount,
                        qty_dp,
                        SpotRefusal::QtyTooPrecise { dp: qty_dp },
                    )?,
                },
                (None, Some(total)) => {
                    let dp = price_dp
                        .checked_add(qty_dp)
                        .filter(|dp| *dp <= QUOTE_DP_MAX)
                        .ok_or(ErrorCode::SpotPairClosed)?;
                    OrderInput::MarketQuote {
                        quote: number("total", total, dp, SpotRefusal::QtyTooPrecise { dp })?,
                    }
                }
                _ => return Err(ErrorCode::SpotAmountOrTotal.into()),
            },
        };
        Ok(OrderRequest {
            symbol: normalize_symbol(&self.symbol),
            side,
            input,
        })
    }
}

/// A pair-rule refusal as its coded error.
pub fn refusal_error(refusal: &SpotRefusal) -> Failure {
    match refusal {
        SpotRefusal::PairClosed => ErrorCode::SpotPairClosed.into(),
        SpotRefusal::TypeClosed => ErrorCode::SpotTypeClosed.into(),
        SpotRefusal::QuoteSell => ErrorCode::SpotQuoteSell.into(),
        SpotRefusal::PriceInvalid => ErrorCode::SpotPriceInvalid.into(),
        SpotRefusal::PriceTooPrecise { dp } => {
            Failure::new(ErrorCode::SpotPriceTooPrecise).with("dp", dp)
        }
        SpotRefusal::QtyInvalid => ErrorCode::SpotQtyInvalid.into(),
        SpotRefusal::QtyTooPrecise { dp } => {
            Failure::new(ErrorCode::SpotQtyTooPrecise).with("dp", dp)
        }
        SpotRefusal::BelowMinimum { min } => {
            Failure::new(ErrorCode::SpotBelowMinimum).with("min", min)
        }
        SpotRefusal::AboveMaximum { max } => {
            Failure::new(ErrorCode::SpotAboveMaximum).with("max", max)
        }
        SpotRefusal::TooLarge => ErrorCode::AmountTooLarge.into(),
    }
}

/// A book side as the socket's `[price, amount]` pairs, without trailing
/// zeros.
pub fn levels(side: &[(Decimal, Decimal)]) -> Vec<[String; 2]> {
    onyx_socket::levels(side.iter().map(|(p, a)| (p.normalize(), a.normalize())))
}

impl SpotService {
    /// True for a symbol (as [`spot_symbol`] spells it) with a book in the spot
    /// service or a row in the catalogue's spot pairs, enabled or not (a
    /// disabled pair may still have resting orders).
    pub async fn pair_known(
        &self,
        db: &onyx_store::Db,
        symbol: &str,
    ) -> Result<bool, sea_orm::DbErr> {
        if self.depth(symbol, 0).is_some() {
            return Ok(true);
        }
        Ok(onyx_market::api::catalogue::spot_pairs(db)
            .await?
            .iter()
            .any(|p| p.symbol.eq_ignore_ascii_case(symbol)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use onyx_kernel::i18n;

    #[test]
    fn every_refusal_has_its_code_and_fills_its_message() {
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
            (SpotRefusal::TooLarge, -4005),
        ];
        for (refusal, code) in cases {
            let e = refusal_error(&refusal);
            assert_eq!(e.code.code(), code, "{refusal:?}");
            let text = e.message(i18n::FALLBACK);
            assert!(!text.contains('{'), "unfilled placeholder: {text}");
        }
    }

    const BTC: Option<Precision> = Some(Precision {
        price_dp: 2,
        qty_dp: 4,
    });

    fn body(
        kind: &str,
        price: Option<&str>,
        amount: Option<&str>,
        total: Option<&str>,
    ) -> SubmitBody {
        SubmitBody {
            symbol: "BTC/USDT".into(),
            side: "buy".into(),
            kind: kind.into(),
            time_in_force: None,
            price: price.map(str::to_string),
            amount: amount.map(str::to_string),
            total: total.map(str::to_string),
        }
    }

    fn code(b: SubmitBody) -> i32 {
        b.parse(BTC).unwrap_err().code.code()
    }

    #[test]
    fn the_body_shape_is_checked_before_the_rules() {
        assert_eq!(code(body("market", None, Some("1"), Some("2"))), -5012);
        assert_eq!(code(body("market", None, None, None)), -5012);
        assert_eq!(code(body("limit", Some("1"), None, None)), -5012);
        assert_eq!(code(body("limit", None, Some("1"), None)), -5004);
        assert_eq!(code(body("stop", Some("1"), Some("1"), None)), -4);
        let unknown = body("limit", Some("1"), Some("1"), None).parse(None);
        assert_eq!(unknown.unwrap_err().code.code(), -5001);
        let ok = body("market", None, None, Some("25.5")).parse(BTC).unwrap();
        assert_eq!(ok.symbol, "btcusdt");
        assert_eq!(ok.input, OrderInput::MarketQuote { quote: d("25.5") });
    }

    #[test]
    fn numbers_are_plain_decimals_at_the_pairs_precision() {
        let field = |b: SubmitBody| {
            let e = b.parse(BTC).unwrap_err();
            let named = e
                .args
                .iter()
                .find(|(k, _)| *k == "field")
                .map(|(_, v)| v.clone());
            (e.code.code(), named)
        };
        for bad in ["x", "1e3", "+1", "1_0", " 1", "1 ", "-1", ".5", "1.", "0x1"] {
            assert_eq!(
                field(body("limit", Some(bad), Some("1"), None)),
                (-11, Some("price".into())),
                "{bad:?}"
            );
            assert_eq!(
                field(body("limit", Some("1"), Some(bad), None)),
                (-11, Some("amount".into())),
                "{bad:?}"
            );
            assert_eq!(
                field(body("market", None, None, Some(bad))),
                (-11, Some("total".into())),
                "{bad:?}"
            );
        }
        // Precision is counted on the text: 30 decimals are refused naming
        // the pair's precision, never rounded into range.
        let thirty = format!("1.{}1", "0".repeat(29));
        let e = body("limit", Some(&thirty), Some("1"), None)
            .parse(BTC)
            .unwrap_err();
        assert_eq!(e.code.code(), -5005);
        assert_eq!(
            e.message(i18n::FALLBACK),
            refusal_error(&SpotRefusal::PriceTooPrecise { dp: 2 }).message(i18n::FALLBACK)
        );
        assert_eq!(code(body("limit", Some("1"), Some("0.00001"), None)), -5007);
        assert_eq!(code(body("market", None, None, Some("0.0000001"))), -5007);
        assert_eq!(
            code(body(
                "limit",
                Some("79228162514264337593543950335"),
                Some("1"),
                None
            )),
            -4005
        );
        assert_eq!(
            code(body("market", None, Some("100000000000000000000"), None)),
            -4005
        );
        // Zero has the right shape; the pair's rules refuse it.
        assert!(body("limit", Some("0"), Some("1.5000"), None)
            .parse(BTC)
            .is_ok());
    }

    fn d(s: &str) -> Decimal {
        use std::str::FromStr;
        Decimal::from_str(s).unwrap()
    }
}
