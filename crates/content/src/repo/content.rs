//! Notices, rules and the help centre: items with one translation per
//! language. Reads pick the caller's language and fall back to English per
//! item; HTML is sanitized by the caller before it gets here.

use crate::entity::{content_item, content_translation};
use chrono::{DateTime, Utc};
use onyx_store::sort::Sort;
use sea_orm::sea_query::{CaseStatement, Expr, Func, OnConflict, Query, SimpleExpr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use std::collections::HashMap;

pub use crate::entity::content_item::ContentKind;

pub const KIND_NOTICE: ContentKind = ContentKind::Notice;
pub const KIND_RULE: ContentKind = ContentKind::Rule;
pub const KIND_HELP_CATEGORY: ContentKind = ContentKind::HelpCategory;
pub const KIND_HELP_ARTICLE: ContentKind = ContentKind::HelpArticle;
pub const KINDS: &[ContentKind] = ContentKind::ALL;

/// The language every item is expected to have.
pub const FALLBACK_LANG: &str = "en";

/// The language-independent part of an item.
#[derive(Clone, Debug)]
pub struct ItemFields {
    pub kind: ContentKind,
    pub key: String,
    pub model_key: Option<String>,
    pub parent_id: Option<i64>,
    pub sort: i32,
    pub published: bool,
}

#[derive(Clone, Debug)]
pub struct TranslationFields {
    pub lang: String,
    pub title: String,
    pub content: String,
}

/// An item with the translation chosen for one language.
#[derive(Clone, Debug)]
pub struct Localized {
    pub item: content_item::Model,
    pub title: String,
    pub content: String,
}

/// Published items of `kind`, optionally of one `key` and placement, in
/// display order: `sort` ascending, then newest first.
pub async fn published(
    db: &impl ConnectionTrait,
    kind: ContentKind,
    key: Option<&str>,
    model_key: Option<&str>,
) -> Result<Vec<content_item::Model>, DbErr> {
    let mut q = content_item::Entity::find()
        .filter(content_item::Column::Kind.eq(kind))
        .filter(content_item::Column::Published.eq(true));
    if let Some(key) = key {
        q = q.filter(content_item::Column::Key.eq(key));
    }
    if let Some(model_key) = model_key {
        q = q.filter(content_item::Column::ModelKey.eq(model_key));
    }
    q.order_by_asc(content_item::Column::Sort)
        .order_by_desc(content_item::Column::CreatedAt)
        .order_by_desc(content_item::Column::Id)
        .all(db)
        .await
}

/// What the operators' list asks for; `None` matches every item.
#[derive(Clone, Copy, Debug, Default)]
pub struct ItemFilter<'a> {
    pub kind: Option<ContentKind>,
    /// Items with a translation in this language.
    pub lang: Option<&'a str>,
    /// In the key or in any translation's title, any case.
    pub keyword: Option<&'a str>,
}

onyx_store::sort_keys! {
    /// How the operators' content list sorts: by kind unless asked.
    pub ContentSort, default = asc(Kind) {
        /// Kind in `KINDS` order, then category and `sort`: a help
        /// category's articles stay together across pages.
        Kind = "kind" => placement(),
        Id = "id" => column(content_item::Column::Id),
        Key = "key" => column(content_item::Column::Key),
        Published = "published" => column(content_item::Column::Published),
        CreateTime = "createTime" => column(content_item::Column::CreatedAt),
        UpdateTime = "updateTime" => column(content_item::Column::UpdatedAt),
    }
}

/// Where an item stands in the list: its kind's place in `KINDS`, its
/// category (0 for none) and its `sort`.
fn placement() -> Vec<SimpleExpr> {
    let rank: SimpleExpr = KINDS
        .iter()
        .zip(0i32..)
        .fold(CaseStatement::new(), |case, (kind, n)| {
            case.case(content_item::Column::Kind.eq(*kind), n)
        })
        .finally(i32::MAX)
        .into();
    let category: SimpleExpr = Func::coalesce([
        Expr::col(content_item::Column::ParentId).into(),
        Expr::val(0i64).into(),
    ])
    .into();
    vec![rank, category, Expr::col(content_item::Column::Sort).into()]
}

/// One page of items (published or not) for operators in `sort`'s order,
/// and the total.
pub async fn page(
    db: &impl ConnectionTrait,
    filter: ItemFilter<'_>,
    sort: Sort<ContentSort>,
    page_index: u64,
    page_size: u64,
) -> Result<(Vec<content_item::Model>, u64), DbErr> {
    let mut q = content_item::Entity::find();
    if let Some(kind) = filter.kind {
        q = q.filter(content_item::Column::Kind.eq(kind));
    }
    let translated = |cond: SimpleExpr| {
        Query::select()
            .column(content_translation::Column::ItemId)
            .from(content_translation::Entity)
            .and_where(cond)
            .to_owned()
    };
    if let Some(lang) = filter.lang {
        q = q.filter(
            content_item::Column::Id
                .in_subquery(translated(content_translation::Column::Lang.eq(lang))),
        );
    }
    if let Some(keyword) = filter.keyword {
        let pattern = format!("%{}%", keyword.to_lowercase());
        let lower = |col: SimpleExpr| Expr::expr(Func::lower(col)).like(pattern.clone());
        q = q.filter(
            Condition::any()
                .add(lower(Expr::col(content_item::Column::Key).into()))
                .add(content_item::Column::Id.in_subquery(translated(lower(
                    Expr::col(content_translation::Column::Title).into(),
                )))),
        );
    }
    let paginator = sort
        .apply(q, content_item::Column::Id)
        .paginate(db, page_size);
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(page_index).await?, total))
}

pub async fn find(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<content_item::Model>, DbErr> {
    content_item::Entity::find_by_id(id).one(db).await
}

pub async fn count(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    content_item::Entity::find().count(db).await
}

/// Number of items whose parent is `id` (articles of a category).
pub async fn children_count(db: &impl ConnectionTrait, id: i64) -> Result<u64, DbErr> {
    content_item::Entity::find()
        .filter(content_item::Column::ParentId.eq(id))
        .count(db)
        .await
}

/// Every translation of these items.
pub async fn translations(
    db: &impl ConnectionTrait,
    item_ids: &[i64],
) -> Result<Vec<content_translation::Model>, DbErr> {
    if item_ids.is_empty() {
        return Ok(Vec::new());
    }
    content_translation::Entity::find()
        .filter(content_translation::Column::ItemId.is_in(item_ids.iter().copied()))
        .order_by_asc(content_translation::Column::ItemId)
        .order_by_asc(content_translation::Column::Lang)
        .all(db)
        .await
}

/// The items in `lang`, each falling back to English; an item with neither
/// is left out (it cannot be shown).
pub async fn localize(
    db: &impl ConnectionTrait,
    items: Vec<content_item::Model>,
    lang: &str,
) -> Result<Vec<Localized>, DbErr> {
    let ids: Vec<i64> = items.iter().map(|i| i.id).collect();
    let mut wanted: HashMap<i64, content_translation::Model> = HashMap::new();
    let mut fallback: HashMap<i64, content_translation::Model> = HashMap::new();
    for t in translations(db, &ids).await? {
        if t.lang == lang {
            wanted.insert(t.item_id, t);
        } else if t.lang == FALLBACK_LANG {
            fallback.insert(t.item_id, t);
        }
    }
    Ok(items
        .into_iter()
        .filter_map(|item| {
            let t = wanted
                .remove(&item.id)
                .or_else(|| fallback.remove(&item.id))?;
            Some(Localized {
                item,
                title: t.title,
                content: t.content,
            })
        })
        .collect())
}

pub async fn create(
    db: &impl ConnectionTrait,
    fields: &ItemFields,
    texts: &[TranslationFields],
    now: DateTime<Utc>,
) -> Result<content_item::Model, DbErr> {
    let item = content_item::ActiveModel {
        kind: Set(fields.kind),
        key: Set(fields.key.clone()),
        model_key: Set(fields.model_key.clone()),
        parent_id: Set(fields.parent_id),
        sort: Set(fields.sort),
        published: Set(fields.published),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    upsert_translations(db, item.id, texts).await?;
    Ok(item)
}

/// Replaces the item's fields and upserts the given translations (languages
/// not given are kept).
pub async fn update(
    db: &impl ConnectionTrait,
    id: i64,
    fields: &ItemFields,
    texts: &[TranslationFields],
    now: DateTime<Utc>,
) -> Result<content_item::Model, DbErr> {
    let item = content_item::ActiveModel {
        id: Set(id),
        kind: Set(fields.kind),
        key: Set(fields.key.clone()),
        model_key: Set(fields.model_key.clone()),
        parent_id: Set(fields.parent_id),
        sort: Set(fields.sort),
        published: Set(fields.published),
        updated_at: Set(now),
        ..Default::default()
    }
    .update(db)
    .await?;
    upsert_translations(db, id, texts).await?;
    Ok(item)
}

async fn upsert_translations(
    db: &impl ConnectionTrait,
    item_id: i64,
    texts: &[TranslationFields],
) -> Result<(), DbErr> {
    for t in texts {
        let row = content_translation::ActiveModel {
            item_id: Set(item_id),
            lang: Set(t.lang.clone()),
            title: Set(t.title.clone()),
            content: Set(t.content.clone()),
            ..Default::default()
        };
        content_translation::Entity::insert(row)
            .on_conflict(
                OnConflict::columns([
                    content_translation::Column::ItemId,
                    content_translation::Column::Lang,
                ])
                .update_columns([
                    content_translation::Column::Title,
                    content_translation::Column::Content,
                ])
                .to_owned(),
            )
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Deletes the item and its translations.
pub async fn delete(db: &impl ConnectionTrait, id: i64) -> Result<(), DbErr> {
    content_translation::Entity::delete_many()
        .filter(content_translation::Column::ItemId.eq(id))
        .exec(db)
        .await?;
    content_item::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}
