use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "content_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub kind: ContentKind,
    pub key: String,
    pub model_key: Option<String>,
    pub parent_id: Option<i64>,
    pub sort: i32,
    pub published: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

onyx_store::status_enum!(
    /// What an item is; the operators' list shows kinds in this order.
    ContentKind {
        Notice = "notice",
        Rule = "rule",
        HelpCategory = "help_category",
        HelpArticle = "help_article",
    }
);
