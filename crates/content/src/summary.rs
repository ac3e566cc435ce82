//! A message's summary: the start of its stored (sanitized) HTML as plain
//! text, for the user's message list and the operator's user page.

/// Characters of plain text in a summary.
pub const SUMMARY_CHARS_MAX: usize = 80;

/// Plain text of stored (sanitized) HTML, cut to `SUMMARY_CHARS_MAX`.
pub fn summary(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let words: Vec<&str> = text.split_whitespace().collect();
    let joined = words.join(" ");
    if joined.chars().count() <= SUMMARY_CHARS_MAX {
        joined
    } else {
        let cut: String = joined.chars().take(SUMMARY_CHARS_MAX - 1).collect();
        format!("{}…", cut.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::summary;

    #[test]
    fn summary_is_plain_text_cut_to_80_characters() {
        assert_eq!(
            summary("<p>Hello <b>you</b> &amp; me</p>"),
            "Hello you & me"
        );
        let long = format!("<p>{}</p>", "word ".repeat(40));
        let s = summary(&long);
        assert!(s.chars().count() <= 80 && s.ends_with('…'), "{s}");
    }
}
