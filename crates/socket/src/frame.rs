//! A server message rendered once and shared by every connection: cloning a
//! frame clones a reference-counted buffer, so fan-out costs no copies.

pub use axum::extract::ws::Utf8Bytes;

/// What a pre-rendered market message is about; a subscription matches on
/// it (a kline by its interval's name, `1m`, `1h`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FrameKind {
    Detail,
    Kline(&'static str),
    Trade,
}

#[derive(Clone, Debug)]
pub struct Frame {
    pub kind: FrameKind,
    /// The coin (`btc`) the message is about.
    pub coin: String,
    pub text: Utf8Bytes,
}

impl Frame {
    pub fn new(kind: FrameKind, coin: impl Into<String>, message: &crate::ServerMessage) -> Frame {
        Frame {
            kind,
            coin: coin.into(),
            text: message.to_text(),
        }
    }
}

/// Everything one applied tick batch produced.
#[derive(Debug, Default)]
pub struct MarketFrames {
    pub frames: Vec<Frame>,
}
