//! Products as users see them: a finance product's terms with their APRs,
//! a staking product's published daily rates, limits, cap and progress,
//! in the caller's language.

use crate::entity::{earn_product as product, earn_rate};
use crate::repo;
use crate::rules::{daily_percent_of_apr, day_of, start_of, EarlyRule, Rate, Schedule};
use onyx_kernel::{ErrorCode, Failure, Outcome};
use rust_decimal::Decimal;
use sea_orm::ConnectionTrait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use crate::entity::earn_product::{EarnKind, ProductStatus, SettlementType};

pub const FINANCE: EarnKind = EarnKind::Finance;
pub const STAKING: EarnKind = EarnKind::Staking;
pub const ON: ProductStatus = ProductStatus::On;
/// Interest to spot every day, or with the principal at maturity.
pub const DAILY: SettlementType = SettlementType::Daily;
pub const AT_MATURITY: SettlementType = SettlementType::AtMaturity;

/// One term a product offers: its days and (finance) its APR in percent.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct TermOffer {
    pub days: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub apr: Option<Decimal>,
}

/// A product row read into its rules.
#[derive(Debug, Clone)]
pub struct Product {
    pub row: product::Model,
    pub terms: Vec<TermOffer>,
    pub early: EarlyRule,
    /// Staking: the published daily rates.
    pub schedule: Schedule,
}

impl Product {
    pub fn of(row: product::Model, rates: &[earn_rate::Model]) -> Outcome<Product> {
        let bad = |what: &str| Failure::internal(format!("earn product {}: {what}", row.id));
        let terms: Vec<TermOffer> =
            serde_json::from_str(&row.terms).map_err(|_| bad("terms are not a list"))?;
        let early = match row.early_rule.as_str() {
            "none" => EarlyRule::None,
            "forfeit" => EarlyRule::Forfeit,
            "penalty" => EarlyRule::Penalty(row.penalty.get()),
            _ => return Err(bad("unknown early rule")),
        };
        let schedule = Schedule::new(rates.iter().map(|r| (r.from_day, r.rate.get())).collect());
        Ok(Product {
            row,
            terms,
            early,
            schedule,
        })
    }

    pub fn is_finance(&self) -> bool {
        self.row.kind == FINANCE
    }

    /// The term of `days`, if offered.
    pub fn term(&self, days: i32) -> Option<&TermOffer> {
        self.terms.iter().find(|t| t.days == days)
    }

    /// How an order of `term` earns.
    pub fn rate(&self, term: &TermOffer) -> Option<Rate> {
        if self.is_finance() {
            term.apr.map(Rate::Apr)
        } else {
            Some(Rate::Daily(self.schedule.clone()))
        }
    }

    pub fn days_list(&self) -> String {
        self.terms
            .iter()
            .map(|t| t.days.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

pub use onyx_kernel::i18n::text_in;

fn s(d: Decimal) -> String {
    d.normalize().to_string()
}

/// A finance product as `/api/financial/list` shows it.
#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct FinanceProductView {
    pub id: i64,
    pub title: String,
    pub intro: String,
    /// The kit's spelling of `intro`.
    pub prodect_introduction: String,
    pub problem: String,
    pub icon: String,
    pub status: i32,
    pub coin: String,
    pub classify: i32,
    /// The terms' days, comma-separated ("7,30,90").
    pub days: String,
    pub terms: Vec<TermView>,
    pub min_apr: String,
    pub max_apr: String,
    /// Daily percent of the shortest term.
    pub avg_rate: String,
    pub limit_min: String,
    pub limit_max: String,
    pub time_limit: i32,
    /// The caller's purchases of this product (0 signed out).
    pub buy_purchase: u64,
    pub level: i32,
    /// The product's cap ("0": none).
    pub total_invest_amount: String,
    pub purchased_amount: String,
    /// What the cap leaves ("" without a cap).
    pub remain_amount: String,
    /// Percent of the cap taken, 2 decimals.
    pub process: String,
    pub early_rule: String,
    /// The penalty rule's fraction of the principal.
    pub default_odds: String,
    pub settlement_type: i32,
    pub auto_renew: bool,
    pub is_hot: bool,
    pub sort: i32,
}

#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct TermView {
    pub days: i32,
    pub apr: String,
    /// The APR's daily share, percent.
    pub daily_rate: String,
}

/// One published rate of a staking product.
#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct RateView {
    /// 00:00 UTC of the first day it applies.
    pub from_time: i64,
    /// Percent per day.
    pub rate: String,
}

/// A staking product as `/api/mingProduct/list` shows it.
#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct StakingProductView {
    pub id: i64,
    pub title: String,
    pub intro: String,
    pub icon: String,
    pub status: i32,
    pub coin: String,
    pub days: String,
    /// The early-redemption penalty, a fraction of the principal.
    pub default_odds: String,
    pub early_rule: String,
    /// Today's rate, percent per day.
    pub daily_rate: String,
    /// The lowest and highest published rate from today on.
    pub min_odds: String,
    pub max_odds: String,
    pub schedule: Vec<RateView>,
    pub time_limit: i32,
    pub buy_purchase: u64,
    pub limit_min: String,
    pub limit_max: String,
    pub sort: i32,
    pub settlement_type: i32,
    pub auto_renew: bool,
}

/// What a product's cap leaves and how much of it is taken.
pub struct Filled {
    pub purchased: Decimal,
    pub remain: Option<Decimal>,
    pub percent: Decimal,
}

pub fn filled(p: &Product, purchased: Decimal) -> Filled {
    let cap = p.row.total_cap.get();
    if cap <= Decimal::ZERO {
        return Filled {
            purchased,
            remain: None,
            percent: Decimal::ZERO,
        };
    }
    let remain = cap
        .checked_sub(purchased)
        .unwrap_or_default()
        .max(Decimal::ZERO);
    let percent = purchased
        .checked_mul(Decimal::ONE_HUNDRED)
        .and_then(|v| v.checked_div(cap))
        .unwrap_or(Decimal::ONE_HUNDRED)
        .min(Decimal::ONE_HUNDRED)
        .round_dp(2);
    Filled {
        purchased,
        remain: Some(remain),
        percent,
    }
}

impl FinanceProductView {
    pub fn of(p: &Product, lang: &str, purchased: Decimal, mine: u64) -> FinanceProductView {
        let aprs: Vec<Decimal> = p.terms.iter().filter_map(|t| t.apr).collect();
        let shortest = p.terms.iter().min_by_key(|t| t.days).and_then(|t| t.apr);
        let f = filled(p, purchased);
        let r = &p.row;
        let intro = text_in(&r.intro, lang);
        FinanceProductView {
            id: r.id,
            title: text_in(&r.title, lang),
            prodect_introduction: intro.clone(),
            intro,
            problem: text_in(&r.problem, lang),
            icon: r.icon.clone(),
            status: r.status.number(),
            coin: r.coin.clone(),
            classify: r.classify,
            days: p.days_list(),
            terms: p
                .terms
                .iter()
                .map(|t| TermView {
                    days: t.days,
                    apr: s(t.apr.unwrap_or_default()),
                    daily_rate: s(daily_percent_of_apr(t.apr.unwrap_or_default())),
                })
                .collect(),
            min_apr: s(aprs.iter().min().copied().unwrap_or_default()),
            max_apr: s(aprs.iter().max().copied().unwrap_or_default()),
            avg_rate: s(daily_percent_of_apr(shortest.unwrap_or_default())),
            limit_min: s(r.limit_min.get()),
            limit_max: s(r.limit_max.get()),
            time_limit: r.time_limit,
            buy_purchase: mine,
            level: r.level,
            total_invest_amount: s(r.total_cap.get()),
            purchased_amount: s(f.purchased),
            remain_amount: f.remain.map(s).unwrap_or_default(),
            process: format!("{:.2}", f.percent),
            early_rule: p.early.name().into(),
            default_odds: s(r.penalty.get()),
            settlement_type: r.settlement_type.number(),
            auto_renew: r.auto_renew == 1,
            is_hot: r.is_hot == 1,
            sort: r.sort,
        }
    }
}

impl StakingProductView {
    pub fn of(p: &Product, lang: &str, mine: u64, now_ms: i64) -> StakingProductView {
        let today = day_of(now_ms);
        let r = &p.row;
        let (min, max) = p.schedule.range_from(today).unwrap_or_default();
        // The rate in force today and every later change.
        let current = p
            .schedule
            .entries()
            .iter()
            .rev()
            .find(|(d, _)| *d <= today)
            .copied();
        let schedule: Vec<(i64, Decimal)> = current
            .into_iter()
            .chain(
                p.schedule
                    .entries()
                    .iter()
                    .filter(|(d, _)| *d > today)
                    .copied(),
            )
            .collect();
        StakingProductView {
            id: r.id,
            title: text_in(&r.title, lang),
            intro: text_in(&r.intro, lang),
            icon: r.icon.clone(),
            status: r.status.number(),
            coin: r.coin.clone(),
            days: p.days_list(),
            default_odds: s(r.penalty.get()),
            early_rule: p.early.name().into(),
            daily_rate: s(p.schedule.rate_on(today).unwrap_or_default()),
            min_odds: s(min),
            max_odds: s(max),
            schedule: schedule
                .iter()
                .filter_map(|(day, rate)| {
                    Some(RateView {
                        from_time: start_of(*day)?,
                        rate: s(*rate),
                    })
                })
                .collect(),
            time_limit: r.time_limit,
            buy_purchase: mine,
            limit_min: s(r.limit_min.get()),
            limit_max: s(r.limit_max.get()),
            sort: r.sort,
            settlement_type: r.settlement_type.number(),
            auto_renew: r.auto_renew == 1,
        }
    }
}

/// A product by id of `kind`, read into its rules; switched-off products
/// only when `any_status`.
pub async fn product(
    db: &impl ConnectionTrait,
    id: i64,
    kind: EarnKind,
    any_status: bool,
) -> Outcome<Product> {
    let row = repo::product(db, id)
        .await?
        .filter(|p| p.kind == kind && (any_status || p.status == ON))
        .ok_or(ErrorCode::EarnProductUnknown)?;
    let rates = repo::rates(db, row.id).await?;
    Product::of(row, &rates)
}

/// Products read once each for a run over many orders, on or off.
#[derive(Default)]
pub struct Shelf(std::collections::HashMap<i64, Option<Product>>);

impl Shelf {
    pub async fn get(
        &mut self,
        db: &impl ConnectionTrait,
        id: i64,
        kind: EarnKind,
    ) -> Option<&Product> {
        if let std::collections::hash_map::Entry::Vacant(e) = self.0.entry(id) {
            e.insert(product(db, id, kind, true).await.ok());
        }
        self.0.get(&id).and_then(Option::as_ref)
    }
}

/// The products of `kind` that are on, in their order.
pub async fn products(
    db: &impl ConnectionTrait,
    kind: EarnKind,
    classify: Option<i32>,
) -> Outcome<Vec<Product>> {
    let mut out = Vec::new();
    for row in repo::products(db, Some(kind), true).await? {
        if classify.is_some_and(|c| c != row.classify) {
            continue;
        }
        let rates = repo::rates(db, row.id).await?;
        out.push(Product::of(row, &rates)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_falls_back_to_english_then_to_any() {
        let t = r#"{"en":"Flexible","zh":"活期"}"#;
        assert_eq!(text_in(t, "zh"), "活期");
        assert_eq!(text_in(t, "de"), "Flexible");
        assert_eq!(text_in(r#"{"ja":"定期"}"#, "de"), "定期");
        assert_eq!(text_in("plain", "de"), "plain");
    }
}
