//! Operators editing content: notices, rules, help categories and
//! articles, with one translation per language. Operator HTML is sanitized
//! on the way in; every change is audited with its reason.

use crate::entity::content_item;
use crate::repo::content::{self, ItemFields, TranslationFields};
use crate::repo::messages;
use chrono::{DateTime, Utc};
use onyx_kernel::{i18n, ErrorCode, Failure, Outcome};
use onyx_platform::audit::{self, Actor};
use onyx_platform::Context;
use onyx_store::repo::admin_queries;
use sea_orm::{ConnectionTrait, TransactionTrait};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;
use utoipa::ToSchema;

pub const KEY_CHARS_MAX: usize = 64;
pub const TITLE_CHARS_MAX: usize = 200;
pub const CONTENT_BYTES_MAX: usize = 48 * 1024;

/// Keeps p, br, strong, b, em, i, ul, ol, li, h3, h4 and a with an http,
/// https, mailto or relative href; drops every other tag and attribute, and
/// the contents of script and style.
pub fn sanitize_html(html: &str) -> String {
    static CLEANER: OnceLock<ammonia::Builder<'static>> = OnceLock::new();
    CLEANER
        .get_or_init(|| {
            let mut b = ammonia::Builder::empty();
            b.tags(HashSet::from([
                "p", "br", "strong", "b", "em", "i", "ul", "ol", "li", "a", "h3", "h4",
            ]))
            .tag_attributes(HashMap::from([("a", HashSet::from(["href"]))]))
            .url_schemes(HashSet::from(["http", "https", "mailto"]))
            .url_relative(ammonia::UrlRelative::PassThrough)
            .link_rel(Some("noopener noreferrer nofollow"))
            .clean_content_tags(HashSet::from(["script", "style"]));
            b
        })
        .clean(html)
        .to_string()
}

#[derive(Deserialize, Serialize, ToSchema, Debug, Clone)]
pub struct Translation {
    /// One of the shipped languages (`en`, `zh`, ...).
    pub lang: String,
    pub title: String,
    /// HTML; sanitized on write.
    #[serde(default)]
    pub content: String,
}

#[derive(Serialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ContentRow {
    pub id: i64,
    pub kind: String,
    pub key: String,
    pub model_key: Option<String>,
    pub parent_id: Option<i64>,
    pub sort: i32,
    pub published: bool,
    pub create_time: DateTime<Utc>,
    pub update_time: DateTime<Utc>,
    pub translations: Vec<Translation>,
}

#[derive(Deserialize, ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct ContentBody {
    pub kind: String,
    /// Notices: `ROLL_NOTICE`, `POP_UPS_NOTICE`, `ACTIVITY_NOTICE`; rules:
    /// `ABOUT`, `TERMS`, `PRIVACY`; help entries: a slug.
    pub key: String,
    /// Placement of a notice, e.g. `HOME`.
    pub model_key: Option<String>,
    /// The category of a help article.
    pub parent_id: Option<i64>,
    #[serde(default)]
    pub sort: i32,
    #[serde(default = "yes")]
    pub published: bool,
    pub translations: Vec<Translation>,
    #[serde(default)]
    pub reason: String,
}

fn yes() -> bool {
    true
}

/// One page of items with all their translations, and the total. A kind
/// or language that does not exist is an invalid field, not an empty page.
pub async fn page(
    ctx: &Context,
    filter: content::ItemFilter<'_>,
    sort: onyx_store::sort::Sort<content::ContentSort>,
    page_index: u64,
    page_size: u64,
) -> Outcome<(Vec<ContentRow>, u64)> {
    if filter.lang.is_some_and(|l| !i18n::LANGUAGES.contains(&l)) {
        return Err(Failure::invalid("lang"));
    }
    let (items, total) = content::page(&ctx.db, filter, sort, page_index, page_size).await?;
    Ok((rows(&ctx.db, items).await?, total))
}

/// One item with all its translations.
pub async fn one(ctx: &Context, id: i64) -> Outcome<ContentRow> {
    let item = content::find(&ctx.db, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    rows(&ctx.db, vec![item])
        .await?
        .pop()
        .ok_or_else(|| Failure::internal("an item read back as none"))
}

async fn rows(
    db: &impl ConnectionTrait,
    items: Vec<content_item::Model>,
) -> Outcome<Vec<ContentRow>> {
    let ids: Vec<i64> = items.iter().map(|i| i.id).collect();
    let mut texts: HashMap<i64, Vec<Translation>> = HashMap::new();
    for t in content::translations(db, &ids).await? {
        texts.entry(t.item_id).or_default().push(Translation {
            lang: t.lang,
            title: t.title,
            content: t.content,
        });
    }
    Ok(items
        .into_iter()
        .map(|i| ContentRow {
            translations: texts.remove(&i.id).unwrap_or_default(),
            id: i.id,
            kind: i.kind.into(),
            key: i.key,
            model_key: i.model_key,
            parent_id: i.parent_id,
            sort: i.sort,
            published: i.published,
            create_time: i.created_at,
            update_time: i.updated_at,
        })
        .collect())
}

/// Checks the body and returns the fields and sanitized translations.
async fn validated(
    db: &impl ConnectionTrait,
    body: &ContentBody,
    self_id: Option<i64>,
) -> Outcome<(ItemFields, Vec<TranslationFields>)> {
    let kind =
        content::ContentKind::parse(body.kind.trim()).ok_or_else(|| Failure::invalid("kind"))?;
    let key = body.key.trim();
    if key.is_empty() || key.chars().count() > KEY_CHARS_MAX {
        return Err(Failure::invalid("key"));
    }
    let model_key = body
        .model_key
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty());
    if model_key.is_some_and(|m| m.chars().count() > KEY_CHARS_MAX) {
        return Err(Failure::invalid("modelKey"));
    }
    let parent_id = if kind == content::KIND_HELP_ARTICLE {
        let parent = match body.parent_id {
            Some(id) if Some(id) != self_id => content::find(db, id).await?,
            _ => None,
        };
        match parent {
            Some(p) if p.kind == content::KIND_HELP_CATEGORY => Some(p.id),
            _ => return Err(Failure::invalid("parentId")),
        }
    } else {
        None
    };
    let mut seen = HashSet::new();
    let mut texts = Vec::with_capacity(body.translations.len());
    for t in &body.translations {
        let lang = t.lang.trim().to_ascii_lowercase();
        if !i18n::LANGUAGES.contains(&lang.as_str()) || !seen.insert(lang.clone()) {
            return Err(Failure::bad_request(format!(
                "translations: language {:?} is unknown or repeated",
                t.lang
            )));
        }
        let title = t.title.trim();
        if title.is_empty() || title.chars().count() > TITLE_CHARS_MAX {
            return Err(Failure::invalid("title"));
        }
        if t.content.len() > CONTENT_BYTES_MAX {
            return Err(Failure::invalid("content"));
        }
        texts.push(TranslationFields {
            lang,
            title: title.to_string(),
            content: sanitize_html(&t.content),
        });
    }
    let fields = ItemFields {
        kind,
        key: key.to_string(),
        model_key: model_key.map(str::to_string),
        parent_id,
        sort: body.sort,
        published: body.published,
    };
    Ok((fields, texts))
}

fn summary(fields: &ItemFields, texts: &[TranslationFields]) -> serde_json::Value {
    json!({
        "kind": fields.kind, "key": fields.key, "modelKey": fields.model_key,
        "parentId": fields.parent_id, "sort": fields.sort, "published": fields.published,
        "langs": texts.iter().map(|t| t.lang.as_str()).collect::<Vec<_>>(),
    })
}

/// Creates an item; an English translation is required (the fallback).
pub async fn create(ctx: &Context, by: &Actor, body: &ContentBody) -> Outcome<ContentRow> {
    let reason = audit::reason(&body.reason)?;
    let (fields, texts) = validated(&ctx.db, body, None).await?;
    if !texts.iter().any(|t| t.lang == content::FALLBACK_LANG) {
        return Err(Failure::bad_request(
            "translations: an en translation is required",
        ));
    }
    let txn = ctx.db.begin().await?;
    let item = content::create(&txn, &fields, &texts, ctx.clock.now()).await?;
    let target = format!("content:{}", item.id);
    let detail = summary(&fields, &texts);
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "content.create",
        &target,
        reason,
        detail,
    )
    .await?;
    let row = rows(&txn, vec![item]).await?.pop();
    txn.commit().await?;
    row.ok_or_else(|| Failure::internal("created item vanished"))
}

/// Replaces an item's fields; translations given are upserted per
/// language, others kept. A category with articles keeps its kind.
pub async fn update(ctx: &Context, by: &Actor, id: i64, body: &ContentBody) -> Outcome<ContentRow> {
    let reason = audit::reason(&body.reason)?;
    let before = content::find(&ctx.db, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let (fields, texts) = validated(&ctx.db, body, Some(id)).await?;
    let is_parent = before.kind == content::KIND_HELP_CATEGORY;
    if is_parent && fields.kind != before.kind && content::children_count(&ctx.db, id).await? > 0 {
        return Err(ErrorCode::InvalidState.into());
    }
    let txn = ctx.db.begin().await?;
    let item = content::update(&txn, id, &fields, &texts, ctx.clock.now()).await?;
    let detail = json!({
        "old": {"kind": before.kind, "key": before.key, "modelKey": before.model_key,
            "parentId": before.parent_id, "sort": before.sort, "published": before.published},
        "new": summary(&fields, &texts),
    });
    let target = format!("content:{id}");
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "content.update",
        &target,
        reason,
        detail,
    )
    .await?;
    let row = rows(&txn, vec![item]).await?.pop();
    txn.commit().await?;
    row.ok_or_else(|| Failure::internal("updated item vanished"))
}

/// Deletes an item and its translations. A category that still has
/// articles cannot be deleted.
pub async fn delete(ctx: &Context, by: &Actor, id: i64, raw_reason: &str) -> Outcome<()> {
    let reason = audit::reason(raw_reason)?;
    let before = content::find(&ctx.db, id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    if content::children_count(&ctx.db, id).await? > 0 {
        return Err(ErrorCode::InvalidState.into());
    }
    let old = rows(&ctx.db, vec![before]).await?;
    let txn = ctx.db.begin().await?;
    content::delete(&txn, id).await?;
    let detail = json!({ "old": old.first().map(|r| json!({"kind": r.kind, "key": r.key,
        "translations": r.translations})) });
    let target = format!("content:{id}");
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "content.delete",
        &target,
        reason,
        detail,
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// Writes `title` and sanitized `content` to one user's message centre.
/// Answers the message id.
pub async fn send_message(
    ctx: &Context,
    by: &Actor,
    user_id: i64,
    title: &str,
    content: &str,
    raw_reason: &str,
) -> Outcome<i64> {
    let reason = audit::reason(raw_reason)?;
    let title = title.trim();
    if title.is_empty() || title.chars().count() > TITLE_CHARS_MAX {
        return Err(Failure::invalid("title"));
    }
    let content = sanitize_html(content);
    if content.trim().is_empty() {
        return Err(Failure::invalid("content"));
    }
    admin_queries::find_user(&ctx.db, user_id)
        .await?
        .ok_or(ErrorCode::NotFound)?;
    let txn = ctx.db.begin().await?;
    let m = messages::create(&txn, user_id, title, &content, ctx.clock.now()).await?;
    let detail = json!({"messageId": m.id, "title": title});
    let target = format!("user:{user_id}");
    audit::record(
        &txn,
        ctx.clock.now(),
        by,
        "message.send",
        &target,
        reason,
        detail,
    )
    .await?;
    txn.commit().await?;
    Ok(m.id)
}

#[cfg(test)]
mod tests {
    use super::sanitize_html;

    #[test]
    fn sanitizer_keeps_the_allowed_tags_and_drops_scripts_handlers_and_bad_links() {
        let out = sanitize_html(
            r#"<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><a href="https://onyx.example/a">ok</a><a href="/help">rel</a><img src=x onerror=alert(1)><h3>T</h3><div>d</div>"#,
        );
        assert!(out.contains("<p>Hi <strong>there</strong></p>"), "{out}");
        assert!(!out.contains("script") && !out.contains("alert"), "{out}");
        assert!(!out.contains("onclick") && !out.contains("<img"), "{out}");
        assert!(out.contains(r#"href="https://onyx.example/a""#), "{out}");
        assert!(out.contains(r#"href="/help""#), "{out}");
        assert!(
            out.contains("<h3>T</h3>") && !out.contains("<div>"),
            "{out}"
        );
    }
}
