use onyx_store::DecimalText;
use sea_orm::entity::prelude::*;

/// One close of a copied position settled with the lead: the follow's net
/// and high-water mark before and after, and the share paid. Enough to
/// recompute the share without anything else.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "copy_settlements")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub follow_id: i64,
    pub position_id: i64,
    pub user_id: i64,
    pub trader_user_id: i64,
    /// The close's net: booked profit less its fee.
    pub delta: DecimalText,
    /// Margin the close released (the base of the followers' return).
    pub margin: DecimalText,
    pub net_before: DecimalText,
    pub hwm_before: DecimalText,
    pub net_after: DecimalText,
    pub hwm_after: DecimalText,
    pub rate: DecimalText,
    pub share: DecimalText,
    /// The share's ledger transaction (0: nothing shared).
    pub tx_id: i64,
    pub at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
