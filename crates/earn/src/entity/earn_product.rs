use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// A finance or staking product, edited by operators.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "earn_products")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub kind: EarnKind,
    /// JSON object of language → text (`en` is the fallback).
    pub title: String,
    pub intro: String,
    pub problem: String,
    pub icon: String,
    /// The ledger's asset (`USDT`).
    pub coin: String,
    /// JSON list of `{days, apr}` (finance) or `{days}` (staking).
    pub terms: String,
    /// 0 normal, 1 VIP, 2 value-added.
    pub classify: i32,
    pub limit_min: DecimalText,
    pub limit_max: DecimalText,
    /// Orders per user; 0 unlimited.
    pub time_limit: i32,
    /// Principal the product takes in all; 0 no cap.
    pub total_cap: DecimalText,
    /// VIP level required; 0 none.
    pub level: i32,
    /// `none`, `forfeit` or `penalty`.
    pub early_rule: String,
    /// The penalty rule's fraction of the principal.
    pub penalty: DecimalText,
    /// Interest to spot daily, or with the principal at maturity.
    pub settlement_type: SettlementType,
    /// 1 when a user may choose renewal at maturity.
    pub auto_renew: i32,
    pub status: ProductStatus,
    pub sort: i32,
    pub is_hot: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// Which of the two products a product, an order or an accrual is.
    EarnKind {
        Finance = "finance",
        Staking = "staking",
    }
);

/// Whether users see (and may subscribe to) a product; stored as 1 and 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i32", db_type = "Integer")]
pub enum ProductStatus {
    #[sea_orm(num_value = 0)]
    Off,
    #[sea_orm(num_value = 1)]
    On,
}

impl ProductStatus {
    /// The stored and published number.
    pub fn number(self) -> i32 {
        self.to_value()
    }

    /// The status a number names, if any (an operator's edit).
    pub fn parse(n: i32) -> Option<ProductStatus> {
        Self::try_from_value(&n).ok()
    }
}

/// When an order's interest is paid: to spot every day, or with the
/// principal at maturity; stored (and published) as 1 and 2. Any other
/// number in a row is an error when read, never taken for either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i32", db_type = "Integer")]
pub enum SettlementType {
    #[sea_orm(num_value = 1)]
    Daily,
    #[sea_orm(num_value = 2)]
    AtMaturity,
}

impl SettlementType {
    /// The stored and published number.
    pub fn number(self) -> i32 {
        self.to_value()
    }

    /// The settlement a number names, if any (an operator's edit).
    pub fn parse(n: i32) -> Option<SettlementType> {
        Self::try_from_value(&n).ok()
    }
}
