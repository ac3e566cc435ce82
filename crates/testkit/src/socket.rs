//! Socket helpers for the socket tests: the app on a real loopback listener
//! (with the peer address the per-address limits need), a client, a send.
#![allow(dead_code)]

use crate::common::TestApp;
use futures_util::SinkExt;
use serde_json::Value;
use std::net::SocketAddr;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub async fn serve(app: &TestApp) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app.router.clone();
    tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
        .unwrap();
    });
    addr
}

/// A client on `/ws/{client_id}`.
pub async fn connect(addr: SocketAddr, client_id: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{client_id}"))
        .await
        .expect("socket opens");
    ws
}

/// An upgrade of `/ws/{client_id}` with extra request headers (`Origin`,
/// `X-Forwarded-Proto`, ...): the socket, or the HTTP status it was refused
/// with.
pub async fn connect_with(
    addr: SocketAddr,
    client_id: &str,
    headers: &[(&'static str, &str)],
) -> Result<Ws, u16> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{addr}/ws/{client_id}")
        .into_client_request()
        .unwrap();
    for (name, value) in headers {
        req.headers_mut().insert(*name, value.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => Err(res.status().as_u16()),
        Err(other) => panic!("upgrade failed without an HTTP answer: {other}"),
    }
}

pub async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}
