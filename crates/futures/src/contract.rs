//! A futures contract as the rules need it: the catalogue's pair (leverage
//! choices, contract size, fee rates, order size limits) with its futures
//! terms (brackets, liquidation fee, spread, the house's limit).

use crate::entity::futures_term;
use crate::rules::brackets::Brackets;
use crate::rules::funding::FundingTerms;
use onyx_kernel::{ErrorCode, Failure, Outcome};
use onyx_market::api::catalogue;
use onyx_market::api::contract_pair;
use rust_decimal::Decimal;
use sea_orm::{ConnectionTrait, EntityTrait};

#[derive(Clone, Debug)]
pub struct Contract {
    pub id: i64,
    pub coin: String,
    pub symbol: String,
    pub leverages: Vec<u32>,
    /// Coin per contract.
    pub share_number: Decimal,
    /// Contracts per order.
    pub min_share: Decimal,
    pub max_share: Decimal,
    /// Rates on notional.
    pub open_fee: Decimal,
    pub close_fee: Decimal,
    pub brackets: Brackets,
    pub liquidation_fee: Decimal,
    pub spread: Decimal,
    pub max_net_oi: Decimal,
    pub funding: FundingTerms,
    /// Hours between funding times, counted from 00:00 UTC.
    pub interval_hours: u32,
}

impl Contract {
    fn of(pair: contract_pair::Model, terms: futures_term::Model) -> Outcome<Contract> {
        let id = pair.id;
        let leverages = pair
            .leverage
            .split(',')
            .filter_map(|l| l.trim().parse::<u32>().ok())
            .filter(|l| *l > 0)
            .collect();
        Ok(Contract {
            id,
            coin: pair.coin.to_ascii_lowercase(),
            symbol: pair.symbol.to_ascii_lowercase(),
            leverages,
            share_number: pair.share_number.get(),
            min_share: pair.min_share.get(),
            max_share: pair.max_share.get(),
            open_fee: pair.open_fee.get(),
            close_fee: pair.close_fee.get(),
            brackets: Brackets::btcusdt()
                .scaled(terms.bracket_scale.get())
                .map_err(|e| Failure::internal(format!("contract {id}: {e}")))?,
            liquidation_fee: terms.liquidation_fee.get(),
            spread: terms.spread.get(),
            max_net_oi: terms.max_net_oi.get(),
            funding: FundingTerms {
                interest: terms.funding_interest.get(),
                skew_factor: terms.funding_skew.get(),
                cap: terms.funding_cap.get(),
                oi_floor: terms.funding_floor.get(),
            },
            interval_hours: u32::try_from(pair.interval_hour)
                .ok()
                .filter(|h| *h > 0)
                .ok_or_else(|| Failure::internal(format!("contract {id}: bad intervalHour")))?,
        })
    }
}

impl Contract {
    /// The highest leverage a submit may choose: the highest the contract
    /// offers that the bracket of `notional` (when known) allows. The one
    /// figure the preview shows and the submit's refusals name, so neither
    /// promises a leverage the other refuses.
    pub fn leverage_cap(&self, notional: Option<Decimal>) -> u32 {
        let bracket = match notional {
            Some(n) => self.brackets.max_leverage(n).unwrap_or(0),
            None => u32::MAX,
        };
        self.leverages
            .iter()
            .copied()
            .filter(|l| *l <= bracket)
            .max()
            .unwrap_or(0)
    }
}

/// The enabled contract named by symbol (`btcusdt`), shown symbol or coin
/// (`btc`, as the spec's client sends).
pub async fn named(db: &impl ConnectionTrait, name: &str) -> Outcome<Contract> {
    let wanted = name.trim().to_ascii_lowercase();
    let enabled = catalogue::enabled_coins(db).await?;
    let pair = catalogue::contract_pairs(db)
        .await?
        .into_iter()
        .filter(|p| p.enable == 1 && enabled.iter().any(|c| c.eq_ignore_ascii_case(&p.coin)))
        .find(|p| {
            [&p.symbol, &p.coin, &p.show_symbol]
                .iter()
                .any(|n| n.to_ascii_lowercase() == wanted)
        })
        .ok_or(ErrorCode::FuturesContractUnknown)?;
    with_terms(db, pair).await
}

/// Every contract with futures terms, enabled or not.
/// Two reads, whatever the number of contracts: the funding job asks every
/// second.
pub async fn all(db: &impl ConnectionTrait) -> Outcome<Vec<Contract>> {
    let mut terms: std::collections::HashMap<i64, futures_term::Model> =
        futures_term::Entity::find()
            .all(db)
            .await?
            .into_iter()
            .map(|t| (t.contract_id, t))
            .collect();
    catalogue::contract_pairs(db)
        .await?
        .into_iter()
        .map(|pair| {
            let t = terms.remove(&pair.id).ok_or_else(|| {
                Failure::internal(format!("contract {} has no futures terms", pair.id))
            })?;
            Contract::of(pair, t)
        })
        .collect()
}

/// Contracts by id, each read once however many rows name it.
#[derive(Default)]
pub struct Cache(std::collections::HashMap<i64, Contract>);

impl Cache {
    pub async fn get(&mut self, db: &impl ConnectionTrait, id: i64) -> Outcome<&Contract> {
        if let std::collections::hash_map::Entry::Vacant(slot) = self.0.entry(id) {
            slot.insert(by_id(db, id).await?);
        }
        self.0
            .get(&id)
            .ok_or_else(|| Failure::internal("contract cache"))
    }
}

/// A contract by id, enabled or not (positions on a contract switched off
/// still close and liquidate).
pub async fn by_id(db: &impl ConnectionTrait, id: i64) -> Outcome<Contract> {
    let pair = catalogue::find_contract_pair(db, id)
        .await?
        .ok_or(ErrorCode::FuturesContractUnknown)?;
    with_terms(db, pair).await
}

async fn with_terms(db: &impl ConnectionTrait, pair: contract_pair::Model) -> Outcome<Contract> {
    let terms = futures_term::Entity::find_by_id(pair.id)
        .one(db)
        .await?
        .ok_or_else(|| Failure::internal(format!("contract {} has no futures terms", pair.id)))?;
    Contract::of(pair, terms)
}
