//! The live socket at `/ws/{id}` (spec section 7 "Live socket"). It keeps
//! the client's subscriptions and a heartbeat; market messages (DETAIL,
//! KLINE, TRADE) are published into it by the market-data service.

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::Path;
use axum::response::Response;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::time::Duration;
use tokio::time::{interval, Instant};

pub const HEARTBEAT_EVERY: Duration = Duration::from_secs(15);
/// A client that has sent nothing (not even a pong) for this long is gone.
pub const IDLE_LIMIT: Duration = Duration::from_secs(60);
/// Subscriptions one connection may hold.
pub const SUBSCRIPTIONS_MAX: usize = 256;
/// Largest client message accepted.
pub const CLIENT_MESSAGE_MAX_BYTES: usize = 4 * 1024;

pub async fn upgrade(Path(id): Path<String>, ws: WebSocketUpgrade) -> Response {
    let id: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(64)
        .collect();
    ws.max_message_size(CLIENT_MESSAGE_MAX_BYTES)
        .on_upgrade(move |socket| run(socket, id))
}

#[derive(Deserialize, Debug, PartialEq)]
struct ClientMessage {
    op: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    symbol: Option<String>,
    #[serde(default)]
    interval: Option<String>,
}

/// A subscription key: "detail:btcusdt", "kline:btcusdt:1m", "detail:*".
fn key(m: &ClientMessage) -> String {
    let symbol = m.symbol.as_deref().unwrap_or("*").to_ascii_lowercase();
    match &m.interval {
        Some(i) => format!("{}:{symbol}:{i}", m.kind.to_ascii_lowercase()),
        None => format!("{}:{symbol}", m.kind.to_ascii_lowercase()),
    }
}

async fn run(mut socket: WebSocket, id: String) {
    let mut subscriptions = BTreeSet::new();
    let mut beat = interval(HEARTBEAT_EVERY);
    let mut last_heard = Instant::now();
    loop {
        tokio::select! {
            _ = beat.tick() => {
                if last_heard.elapsed() > IDLE_LIMIT {
                    break;
                }
                let heartbeat = serde_json::json!({"type": "HEARTBEAT", "data": {"ts": chrono::Utc::now().timestamp_millis()}});
                if socket.send(Message::Text(heartbeat.to_string().into())).await.is_err()
                    || socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break };
                last_heard = Instant::now();
                if let Message::Text(text) = message {
                    match serde_json::from_str::<ClientMessage>(&text) {
                        Ok(m) if m.op == "subscribe" && subscriptions.len() < SUBSCRIPTIONS_MAX => {
                            subscriptions.insert(key(&m));
                        }
                        Ok(m) if m.op == "unsubscribe" => {
                            subscriptions.remove(&key(&m));
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    tracing::debug!(%id, subscriptions = subscriptions.len(), "socket closed");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subscription_keys_normalise_symbol_and_default_to_all() {
        let m: ClientMessage =
            serde_json::from_str(r#"{"op":"subscribe","type":"detail"}"#).unwrap();
        assert_eq!(key(&m), "detail:*");
        let m: ClientMessage = serde_json::from_str(
            r#"{"op":"subscribe","type":"KLINE","symbol":"BTCUSDT","interval":"1m"}"#,
        )
        .unwrap();
        assert_eq!(key(&m), "kline:btcusdt:1m");
    }
}
