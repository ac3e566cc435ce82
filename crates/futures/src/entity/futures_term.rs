use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// The futures terms of a contract pair beyond what the catalogue holds:
/// its brackets (Binance's BTCUSDT table times `bracket_scale`), the
/// liquidation fee, the spread over the mark, and the net open interest
/// the house will carry.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "futures_terms")]
pub struct Model {
    /// The contract pair's id.
    #[sea_orm(primary_key, auto_increment = false)]
    pub contract_id: i64,
    pub bracket_scale: DecimalText,
    /// Of the notional, to the insurance fund on a liquidation.
    pub liquidation_fee: DecimalText,
    /// Added to the mark for a buy, taken off for a sell (a rate).
    pub spread: DecimalText,
    /// USDT of net open interest (longs less shorts, either way) the
    /// house carries at most.
    pub max_net_oi: DecimalText,
    /// Funding per interval: the interest part, how far the open-interest
    /// skew moves it, its bound either way, and the open interest
    /// (notional) below which the skew is damped.
    pub funding_interest: DecimalText,
    pub funding_skew: DecimalText,
    pub funding_cap: DecimalText,
    pub funding_floor: DecimalText,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
