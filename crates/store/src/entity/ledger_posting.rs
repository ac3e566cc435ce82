use crate::DecimalText;
use onyx_kernel::ledger::PostingKind;
use sea_orm::entity::prelude::*;
use sea_orm::sea_query::{ArrayType, ColumnType, Nullable, ValueType, ValueTypeErr};
use sea_orm::{ColIdx, QueryResult, TryGetError, TryGetable};

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ledger_postings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tx_id: i64,
    pub kind: PostingKindText,
    pub asset: String,
    pub amount: DecimalText,
    pub from_account_id: i64,
    pub from_bucket: String,
    pub to_account_id: i64,
    pub to_bucket: String,
    pub from_user_id: Option<i64>,
    pub to_user_id: Option<i64>,
    pub reference: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// A posting's kind as its row holds it: the kernel's [`PostingKind`] by
/// its word. A word the kernel does not name is an error when the row is
/// read, never a default (the financial record and the fee rollups go by
/// the kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PostingKindText(pub PostingKind);

impl PostingKindText {
    pub fn get(self) -> PostingKind {
        self.0
    }

    /// The stored and published word.
    pub fn as_str(self) -> &'static str {
        self.0.as_str()
    }
}

impl From<PostingKind> for PostingKindText {
    fn from(kind: PostingKind) -> PostingKindText {
        PostingKindText(kind)
    }
}

impl From<PostingKindText> for String {
    fn from(kind: PostingKindText) -> String {
        kind.as_str().to_owned()
    }
}

impl From<PostingKindText> for Value {
    fn from(kind: PostingKindText) -> Value {
        Value::String(Some(Box::new(kind.as_str().to_owned())))
    }
}

impl TryGetable for PostingKindText {
    fn try_get_by<I: ColIdx>(res: &QueryResult, idx: I) -> Result<Self, TryGetError> {
        let text = <String as TryGetable>::try_get_by(res, idx)?;
        PostingKind::parse(&text)
            .map(PostingKindText)
            .ok_or_else(|| TryGetError::DbErr(DbErr::Type(format!("not a posting kind: {text:?}"))))
    }
}

impl ValueType for PostingKindText {
    fn try_from(v: Value) -> Result<Self, ValueTypeErr> {
        match v {
            Value::String(Some(text)) => PostingKind::parse(&text)
                .map(PostingKindText)
                .ok_or(ValueTypeErr),
            _ => Err(ValueTypeErr),
        }
    }

    fn type_name() -> String {
        "PostingKindText".to_owned()
    }

    fn array_type() -> ArrayType {
        ArrayType::String
    }

    fn column_type() -> ColumnType {
        ColumnType::Text
    }
}

impl Nullable for PostingKindText {
    fn null() -> Value {
        Value::String(None)
    }
}
