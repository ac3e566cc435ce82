use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "kyc_submissions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub tier: i32,
    pub real_name: String,
    pub id_number: String,
    pub country: String,
    pub front_file: String,
    pub back_file: Option<String>,
    pub hand_file: Option<String>,
    pub status: KycStatus,
    pub reason: Option<String>,
    pub reviewed_by: Option<i64>,
    pub reviewed_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(KycStatus {
    Pending = "pending",
    Approved = "approved",
    Rejected = "rejected",
});
