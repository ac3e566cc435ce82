//! What an operator's decision tells the user through the message centre:
//! written in the language the user registered with (the message is read
//! later, away from any request's `lang`), as an HTML paragraph whose text
//! may carry operator input and so is escaped.

use onyx_kernel::i18n;
use onyx_kernel::Outcome;
use onyx_store::repo::users;
use sea_orm::ConnectionTrait;

pub async fn user_lang(db: &impl ConnectionTrait, user_id: i64) -> Outcome<&'static str> {
    Ok(users::find_by_id(db, user_id)
        .await?
        .map(|u| i18n::normalize(&u.register_lang))
        .unwrap_or(i18n::FALLBACK))
}

/// `text` as one `<p>`, the five markup characters as entities.
pub fn paragraph(text: &str) -> String {
    format!("<p>{}</p>", onyx_kernel::html::escape(text))
}

#[cfg(test)]
mod tests {
    #[test]
    fn operator_text_cannot_become_markup() {
        assert_eq!(
            super::paragraph(r#"<b>"x" & 'y'</b>"#),
            "<p>&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;</p>"
        );
    }
}
