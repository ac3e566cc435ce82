use sea_orm::entity::prelude::*;

/// How far a job that follows the ledger's journal has read.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_cursors")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub job: String,
    /// The last posting id handled.
    pub position: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
