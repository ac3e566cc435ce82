//! Periods, the current issue, placing an order and reading them back.
//! The strike is the coin's last tick on the written price tape (never the
//! client's); the stake is frozen and the fee taken through the ledger in
//! the same transaction as the order row; the order closes with its issue.

use crate::entity::{option_order as order, option_period as period};
use crate::fees;
use crate::issue::Issue;
use crate::product::Options;
use crate::repo::{self, PERIOD_ON};
use crate::views::{IssueView, OrderView, PeriodView};
use onyx_fixed_payout::accept::{self, Slot};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_market::api::catalogue;
use onyx_market::api::option_pair;
use onyx_platform::{Context, Idempotency};
use onyx_store::DecimalText;
use sea_orm::{ConnectionTrait, EntityTrait, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, Serialize, ToSchema, Debug, Clone)]
#[schema(as = OptionPlaceBody)]
#[serde(rename_all = "camelCase")]
pub struct PlaceBody {
    /// "0" up, "1" down.
    pub bet_content: String,
    /// The stake in USDT, a plain decimal string.
    pub bet_amount: String,
    pub period_id: i64,
}

/// The enabled option pair named by its symbol (`btcusdt`), its shown
/// symbol (`BTC/USDT`) or its coin (`btc`).
pub async fn pair_named(
    db: &impl ConnectionTrait,
    name: &str,
) -> Outcome<Option<option_pair::Model>> {
    let wanted = name.trim().to_ascii_lowercase();
    let enabled = catalogue::enabled_coins(db).await?;
    Ok(catalogue::option_pairs(db)
        .await?
        .into_iter()
        .filter(|p| p.status == 1 && enabled.iter().any(|c| c.eq_ignore_ascii_case(&p.coin)))
        .find(|p| {
            [&p.symbol, &p.coin, &p.show_symbol]
                .iter()
                .any(|n| n.to_ascii_lowercase() == wanted)
        }))
}

/// An enabled pair by id.
async fn pair_by_id(db: &impl ConnectionTrait, id: i64) -> Outcome<Option<option_pair::Model>> {
    let enabled = catalogue::enabled_coins(db).await?;
    Ok(catalogue::find_option_pair(db, id)
        .await?
        .filter(|p| p.status == 1 && enabled.iter().any(|c| c.eq_ignore_ascii_case(&p.coin))))
}

/// The periods a pair offers; none for a pair that is not offered.
pub async fn periods(ctx: &Context, symbol: &str) -> Outcome<Vec<PeriodView>> {
    let Some(pair) = pair_named(&ctx.db, symbol).await? else {
        return Ok(Vec::new());
    };
    Ok(
        onyx_fixed_payout::repo::periods_on::<period::Entity>(&ctx.db, pair.id)
            .await?
            .iter()
            .filter_map(|p| PeriodView::of(p, &pair))
            .collect(),
    )
}

/// Which period `currentIssue` asks about: by id, or by pair and seconds.
#[derive(Debug, Default, Clone)]
pub struct IssueQuery {
    pub period_id: Option<i64>,
    pub option_id: Option<i64>,
    pub symbol: Option<String>,
    pub period: Option<i32>,
}

/// The issue running now for a period that is on.
pub async fn current_issue(ctx: &Context, q: &IssueQuery) -> Outcome<IssueView> {
    let row = match (q.period_id, q.option_id, q.symbol.as_deref(), q.period) {
        (Some(id), ..) => period::Entity::find_by_id(id).one(&ctx.db).await?,
        (None, Some(option_id), _, Some(seconds)) => {
            repo::period_of(&ctx.db, option_id, seconds).await?
        }
        (None, None, Some(symbol), Some(seconds)) => match pair_named(&ctx.db, symbol).await? {
            Some(pair) => repo::period_of(&ctx.db, pair.id, seconds).await?,
            None => None,
        },
        _ => return Err(Failure::missing("periodId")),
    };
    let row = row
        .filter(|p| p.status == PERIOD_ON)
        .ok_or(ErrorCode::SecondPeriodUnknown)?;
    let now = ctx.now_ms();
    let issue = Issue::at(now, row.period_seconds, row.cutoff_seconds)
        .ok_or_else(|| Failure::internal(format!("option period {} has no issue", row.id)))?;
    Ok(IssueView::of(&row, &issue, now))
}

/// Accepts an order for `user_id` into the issue running now.
pub async fn place(
    ctx: &Context,
    user_id: i64,
    body: &PlaceBody,
    key: Option<String>,
) -> Outcome<OrderView> {
    let mut asked = accept::asked::<Options>(
        ctx,
        user_id,
        &body.bet_content,
        &body.bet_amount,
        body.period_id,
    )
    .await?;
    let period = &asked.period;
    let pair = pair_by_id(&ctx.db, period.option_id)
        .await?
        .ok_or(ErrorCode::SecondPeriodUnknown)?;
    let terms = asked.terms()?;
    let fee_value = pair.fee_value.get();
    let fee = fees::fee(asked.stake, pair.fee_type, fee_value)
        .ok_or_else(|| Failure::internal(format!("option pair {}: bad fee", pair.id)))?;
    let period = &asked.period;
    let now = ctx.now_ms();
    let issue = Issue::at(now, period.period_seconds, period.cutoff_seconds)
        .ok_or_else(|| Failure::internal(format!("option period {} has no issue", period.id)))?;
    if !issue.open_at(now) {
        return Err(
            Failure::new(ErrorCode::OptionEntryClosed).with("seconds", issue.seconds_to_next(now))
        );
    }
    let idem = Idempotency::new(key, user_id, "option.place", body);
    let slot = Slot::new(&pair.coin, &pair.symbol, now, issue.end_ms, issue.no);
    accept::open::<Options>(ctx, &idem, asked, terms, slot, fee, |row| {
        order::ActiveModel {
            option_id: Set(pair.id),
            issue_no: Set(issue.no),
            fee_type: Set(pair.fee_type),
            fee_value: Set(DecimalText::from(fee_value.normalize())),
            fee: Set(DecimalText::from(fee.as_decimal())),
            ..row
        }
    })
    .await
}
