//! The price tape, moved by a test: each price is written a second ahead
//! of the last, so the newest is always the mark.

use crate::common::TestApp;
use onyx_market::api::service::{now_ms, MarketService};
use onyx_market::api::Tick;
use rust_decimal::Decimal;
use std::str::FromStr;

pub struct Tape {
    svc: MarketService,
    at: i64,
}

impl Tape {
    /// A tape for `btc` starting at `price`.
    pub async fn new(app: &TestApp, price: &str) -> Tape {
        let now = now_ms();
        let svc = MarketService::load(
            &app.state,
            &app.state.market,
            &["btc".to_string()],
            now - 5_000,
        )
        .await
        .unwrap();
        let mut tape = Tape {
            svc,
            at: (now / 1000 - 1) * 1000,
        };
        tape.set(price).await;
        tape
    }

    pub async fn set(&mut self, price: &str) {
        self.at = self.at.max((now_ms() / 1000 - 1) * 1000) + 1000;
        self.svc.apply(&[Tick {
            coin: "btc".into(),
            price: Decimal::from_str(price).unwrap(),
            quantity: Decimal::ONE,
            ts_ms: self.at + 500,
            source: "test",
        }]);
        self.svc.close_tape(self.at + 1_000).await.unwrap();
    }
}
