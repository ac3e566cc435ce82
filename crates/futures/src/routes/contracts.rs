//! What a contract's screen shows beside the price: its funding.

use crate::contract;
use crate::funding::latest_time;
use crate::repo;
use crate::rules::funding::{next_funding_ms, rate};
use axum::extract::{FromRef, State};
use onyx_http::envelope::{ok, Envelope, Reply};
use onyx_http::extract::ApiQuery;
use onyx_kernel::Failure;
use onyx_platform::Context;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Context: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(funding_info))
}

#[derive(Deserialize, IntoParams, Debug)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SymbolQuery {
    pub symbol: String,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct FundingInfo {
    pub symbol: String,
    /// The rate the next funding would pay if open interest stayed as it
    /// is now (null without a fresh price).
    #[schema(value_type = Option<String>)]
    #[serde(with = "rust_decimal::serde::str_option")]
    pub predicted_rate: Option<Decimal>,
    pub next_funding_time: i64,
    pub interval_hours: u32,
    /// The published terms: the interest part, the skew factor and the cap.
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub interest: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub skew_factor: Decimal,
    #[schema(value_type = String)]
    #[serde(with = "rust_decimal::serde::str")]
    pub cap: Decimal,
    /// The latest funding time (paid, or about to be).
    pub last_funding_time: i64,
}

/// The contract's funding: the predicted rate and the countdown to the
/// next payment.
#[utoipa::path(get, path = "/api/contract/funding", tag = "futures",
    params(SymbolQuery),
    responses((status = 200, body = Envelope<FundingInfo>)))]
async fn funding_info(
    State(ctx): State<Context>,
    ApiQuery(q): ApiQuery<SymbolQuery>,
) -> Reply<FundingInfo> {
    let c = contract::named(&ctx.db, &q.symbol).await?;
    let now = ctx.now_ms();
    let next =
        next_funding_ms(now, c.interval_hours).ok_or_else(|| Failure::internal("funding time"))?;
    let (long, short) = repo::interest(&ctx.db, c.id).await?;
    let predicted = ctx.prices.tape_price(&c.coin, now, 3_000).and_then(|t| {
        rate(
            &c.funding,
            long.checked_mul(t.price)?,
            short.checked_mul(t.price)?,
        )
    });
    ok(FundingInfo {
        symbol: c.symbol.clone(),
        predicted_rate: predicted.map(|r| r.normalize()),
        next_funding_time: next,
        interval_hours: c.interval_hours,
        interest: c.funding.interest.normalize(),
        skew_factor: c.funding.skew_factor.normalize(),
        cap: c.funding.cap.normalize(),
        last_funding_time: latest_time(now, c.interval_hours).unwrap_or(0),
    })
}
