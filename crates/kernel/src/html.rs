//! Text that goes into HTML the server writes (operator notices in the
//! message centre, the development mailbox page). Whatever the text holds,
//! it stays text.

/// `text` with the five markup characters as entities.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Whether `text` is plain text that reads the same in any client: no
/// character a page could take for markup (`<`, `>`), no control character
/// (a line break only where `line_breaks` allows it) and no bidirectional
/// override, which would show a name other than the one stored.
pub fn is_plain(text: &str, line_breaks: bool) -> bool {
    text.chars().all(|c| match c {
        '<' | '>' => false,
        '\n' => line_breaks,
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => false,
        c => !c.is_control(),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn plain_text_has_no_markup_control_or_override_characters() {
        use super::is_plain;
        assert!(is_plain("Tom & Jerry's 5% \"desk\" 日本", false));
        assert!(is_plain("two\nlines", true));
        assert!(!is_plain("two\nlines", false));
        for bad in [
            "<b>x</b>",
            "a > b",
            "tab\there",
            "nul\u{0}",
            "\u{202e}evil",
            "bell\u{7}",
        ] {
            assert!(!is_plain(bad, true), "{bad:?}");
        }
    }

    #[test]
    fn markup_characters_become_entities() {
        assert_eq!(
            super::escape(r#"<b>"x" & 'y'</b>"#),
            "&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;"
        );
    }
}
