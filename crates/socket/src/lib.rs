//! The live socket at `/ws/{id}`: what a client sends ([`ClientMessage`]),
//! what the server sends ([`ServerMessage`] and [`OrderMessage`]), and the
//! pre-rendered [`Frame`]s the market and spot services publish once for
//! every connection. The connection loop (limits, queues, overflow) is the
//! server's; products depend only on this crate to render their events.

pub mod frame;
pub mod protocol;

pub use frame::{Frame, FrameKind, MarketFrames, Utf8Bytes};
pub use protocol::*;

/// The socket's messages as OpenAPI components (`Socket*`), merged into
/// the API document so the web app's types come from the same source.
pub fn openapi() -> utoipa::openapi::OpenApi {
    use utoipa::OpenApi;
    #[derive(OpenApi)]
    #[openapi(components(schemas(ClientMessage, ServerMessage)))]
    struct SocketDoc;
    SocketDoc::openapi()
}
