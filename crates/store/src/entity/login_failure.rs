//! Failed password checks of one subject (an account, or an identifier
//! that names none) from one source (an address, or `*` for all).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "login_failures")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub scope: String,
    pub subject: String,
    pub source: String,
    /// Failures since `window_start`.
    pub failures: i32,
    pub window_start: DateTimeUtc,
    pub locked_until: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
