//! Demo content for `onyx serve --demo`: notices, rules and the help centre
//! in every language a `content_<lang>.json` exists for, and a welcome
//! message. Files line up by `slug`; English is the reference and the
//! fallback, so an item missing from another language is served in English.

use crate::repo::{content, messages};
use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbErr};
use serde::Deserialize;
use std::collections::HashMap;

/// The languages written so far, English first. A translator adds a file
/// and a line here.
pub const LANGUAGE_FILES: &[(&str, &str)] = &[
    ("en", include_str!("content_en.json")),
    ("zh", include_str!("content_zh.json")),
    ("ja", include_str!("content_ja.json")),
    ("ko", include_str!("content_ko.json")),
    ("es", include_str!("content_es.json")),
    ("fr", include_str!("content_fr.json")),
    ("de", include_str!("content_de.json")),
    ("ru", include_str!("content_ru.json")),
    ("ar", include_str!("content_ar.json")),
    ("pt", include_str!("content_pt.json")),
];

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct DemoContent {
    pub notices: Vec<Notice>,
    pub rules: Vec<Rule>,
    pub help: Vec<HelpCategory>,
    pub welcome: Text,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    pub slug: String,
    pub key: String,
    pub model_key: Option<String>,
    pub sort: i32,
    pub title: String,
    pub content: String,
}

#[derive(Deserialize, Debug, Clone)]
pub struct Rule {
    pub slug: String,
    pub key: String,
    pub title: String,
    pub content: String,
}

#[derive(Deserialize, Debug, Clone)]
pub struct HelpCategory {
    pub slug: String,
    pub sort: i32,
    pub title: String,
    pub articles: Vec<HelpArticle>,
}

#[derive(Deserialize, Debug, Clone)]
pub struct HelpArticle {
    pub slug: String,
    pub sort: i32,
    pub title: String,
    pub content: String,
}

#[derive(Deserialize, Debug, Clone)]
pub struct Text {
    pub title: String,
    pub content: String,
}

/// Every language file, parsed. A file that does not parse is a build
/// defect caught by the tests, so it is reported rather than skipped.
pub fn languages() -> Result<Vec<(&'static str, DemoContent)>, DbErr> {
    LANGUAGE_FILES
        .iter()
        .map(|(lang, text)| {
            serde_json::from_str(text)
                .map(|c| (*lang, c))
                .map_err(|e| DbErr::Custom(format!("demo/content_{lang}.json: {e}")))
        })
        .collect()
}

/// (title, content) per language for one slug.
type Texts = HashMap<String, Vec<content::TranslationFields>>;

fn add(texts: &mut Texts, slug: &str, lang: &str, title: &str, body: &str) {
    texts
        .entry(slug.to_string())
        .or_default()
        .push(content::TranslationFields {
            lang: lang.to_string(),
            title: title.to_string(),
            content: body.to_string(),
        });
}

/// Inserts the demo content unless there is content already. Returns the
/// number of items inserted.
/// `now` dates the seeded items.
pub async fn seed_content(db: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<u64, DbErr> {
    if content::count(db).await? > 0 {
        return Ok(0);
    }
    let all = languages()?;
    let Some((_, en)) = all.iter().find(|(lang, _)| *lang == content::FALLBACK_LANG) else {
        return Err(DbErr::Custom("demo content has no English file".into()));
    };
    let mut texts = Texts::new();
    for (lang, c) in &all {
        for n in &c.notices {
            add(&mut texts, &n.slug, lang, &n.title, &n.content);
        }
        for r in &c.rules {
            add(&mut texts, &r.slug, lang, &r.title, &r.content);
        }
        for cat in &c.help {
            add(&mut texts, &cat.slug, lang, &cat.title, "");
            for a in &cat.articles {
                add(&mut texts, &a.slug, lang, &a.title, &a.content);
            }
        }
    }
    let texts_of = |slug: &str| texts.get(slug).cloned().unwrap_or_default();
    let mut inserted = 0;
    for n in &en.notices {
        let fields = item(
            content::KIND_NOTICE,
            &n.key,
            n.model_key.clone(),
            None,
            n.sort,
        );
        content::create(db, &fields, &texts_of(&n.slug), now).await?;
        inserted += 1;
    }
    for (i, r) in en.rules.iter().enumerate() {
        let fields = item(content::KIND_RULE, &r.key, None, None, i as i32 + 1);
        content::create(db, &fields, &texts_of(&r.slug), now).await?;
        inserted += 1;
    }
    for cat in &en.help {
        let fields = item(content::KIND_HELP_CATEGORY, &cat.slug, None, None, cat.sort);
        let category = content::create(db, &fields, &texts_of(&cat.slug), now).await?;
        inserted += 1;
        for a in &cat.articles {
            let fields = item(
                content::KIND_HELP_ARTICLE,
                &a.slug,
                None,
                Some(category.id),
                a.sort,
            );
            content::create(db, &fields, &texts_of(&a.slug), now).await?;
            inserted += 1;
        }
    }
    Ok(inserted)
}

fn item(
    kind: content::ContentKind,
    key: &str,
    model_key: Option<String>,
    parent_id: Option<i64>,
    sort: i32,
) -> content::ItemFields {
    content::ItemFields {
        kind,
        key: key.to_string(),
        model_key,
        parent_id,
        sort,
        published: true,
    }
}

/// Puts the welcome message in a user's message centre, in every language
/// (the reader sees their own).
pub async fn send_welcome(
    db: &impl ConnectionTrait,
    user_id: i64,
    lang: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let all = languages()?;
    let pick = |l: &str| all.iter().find(|(x, _)| *x == l).map(|(_, c)| &c.welcome);
    if pick(content::FALLBACK_LANG).is_none() {
        return Err(DbErr::Custom("demo content has no English file".into()));
    }
    // Written in every language with a file; a language without one reads
    // `lang`'s text, else English.
    let render = |l: &str| {
        pick(l)
            .or_else(|| pick(lang))
            .or_else(|| pick(content::FALLBACK_LANG))
            .map(|w| (w.title.clone(), w.content.clone()))
            .unwrap_or_default()
    };
    messages::create_localized(db, user_id, render, now).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_file_parses_and_lines_up_with_english_by_slug() {
        let all = languages().unwrap();
        let slugs = |c: &DemoContent| {
            let mut s: Vec<String> = c.notices.iter().map(|n| n.slug.clone()).collect();
            s.extend(c.rules.iter().map(|r| r.slug.clone()));
            for cat in &c.help {
                s.push(cat.slug.clone());
                s.extend(cat.articles.iter().map(|a| a.slug.clone()));
            }
            s
        };
        let en = slugs(&all[0].1);
        assert_eq!(all[0].0, "en");
        for (lang, c) in &all[1..] {
            for slug in slugs(c) {
                assert!(
                    en.contains(&slug),
                    "content_{lang}.json has unknown slug {slug}"
                );
            }
        }
    }
}
