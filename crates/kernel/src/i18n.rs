//! Server-side messages in the caller's language, falling back to English.

use std::collections::HashMap;
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// The languages the product ships (spec section 9 plus ar, da, tr).
pub const LANGUAGES: &[&str] = &[
    "en", "ja", "ko", "th", "vi", "pt", "es", "fr", "ru", "de", "it", "pl", "zh", "ar", "da", "tr",
];

pub const FALLBACK: &str = "en";

type Catalogue = HashMap<String, HashMap<String, String>>;

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        LOCALES
            .iter()
            .map(|(lang, text)| {
                let messages: HashMap<String, String> =
                    serde_json::from_str(text).unwrap_or_else(|e| {
                        panic!("locales/{lang}.json is not a flat JSON object: {e}")
                    });
                (lang.to_string(), messages)
            })
            .collect()
    })
}

/// Maps a `lang` header value ("zh", "zh-CN", "pt_BR", "EN") to a shipped
/// language, or the fallback.
pub fn normalize(header: &str) -> &'static str {
    let head = header
        .split([',', ';', '-', '_'])
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    LANGUAGES
        .iter()
        .copied()
        .find(|l| *l == head)
        .unwrap_or(FALLBACK)
}

/// The message for `key` in `lang` with `{name}` placeholders filled.
/// An operator-written text stored as a JSON object of language → text:
/// the caller's language, else English, else any language it has; a value
/// that is not such an object is returned as it is.
pub fn text_in(json: &str, lang: &str) -> String {
    let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(json) else {
        return json.to_string();
    };
    [lang, "en"]
        .iter()
        .find_map(|l| map.get(*l).and_then(serde_json::Value::as_str))
        .or_else(|| map.values().find_map(serde_json::Value::as_str))
        .unwrap_or_default()
        .to_string()
}

pub fn message(lang: &str, key: &str, args: &[(&str, String)]) -> String {
    let all = catalogue();
    let template = all
        .get(lang)
        .and_then(|m| m.get(key))
        .or_else(|| all.get(FALLBACK).and_then(|m| m.get(key)))
        .map(String::as_str)
        .unwrap_or(key);
    let mut out = template.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorCode;

    #[test]
    fn every_error_has_an_english_message() {
        let en = &catalogue()[FALLBACK];
        for code in ErrorCode::ALL {
            assert!(
                en.contains_key(code.key()),
                "no en message for {}",
                code.key()
            );
        }
    }

    #[test]
    fn every_shipped_translation_has_the_english_keys_and_placeholders() {
        let en = &catalogue()[FALLBACK];
        for (lang, messages) in catalogue() {
            for (key, english) in en {
                let Some(text) = messages.get(key) else {
                    panic!("{lang} lacks {key}");
                };
                for part in english.split('{').skip(1) {
                    let name = part.split('}').next().unwrap();
                    assert!(
                        text.contains(&format!("{{{name}}}")),
                        "{lang}/{key} lost {{{name}}}"
                    );
                }
            }
        }
    }

    #[test]
    fn token_messages_contain_token_in_every_language() {
        for (lang, messages) in catalogue() {
            for key in ["token_missing", "token_invalid"] {
                assert!(
                    messages[key].contains("Token"),
                    "{lang}/{key} must contain 'Token'"
                );
            }
        }
    }

    #[test]
    fn unknown_language_falls_back_to_english_and_fills_placeholders() {
        assert_eq!(normalize("xx"), "en");
        assert_eq!(normalize("zh-CN"), "zh");
        assert_eq!(normalize("PT_br"), "pt");
        assert_eq!(
            message("xx", "rate_limited", &[("seconds", "30".into())]),
            "Too many attempts. Try again in 30 seconds"
        );
    }
}
