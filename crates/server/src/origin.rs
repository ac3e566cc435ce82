//! Which web pages may open the live socket. A browser sends `Origin` on
//! every WebSocket upgrade and, unlike `fetch`, lets a page on any site
//! open a socket to any server; so a page elsewhere could hold sockets from
//! its visitors' addresses (using up their per-address budget) and read the
//! market stream through them. An upgrade with an `Origin` must come from
//! the server's own origin or one the operator listed
//! (`--allowed-origins`). Without `Origin` it is no browser (bots, the
//! benchmarks), and a non-browser client could send any value anyway.

use axum::http::{header, HeaderMap};
use onyx_platform::config::Config;

/// A web origin, `scheme://host[:port]`, compared without case and without
/// the scheme's default port.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    scheme: String,
    host: String,
}

impl Origin {
    /// `http(s)://host[:port]` with nothing after it but an optional `/`;
    /// anything else (`null`, a path, credentials) is no origin.
    pub fn parse(text: &str) -> Option<Origin> {
        let text = text.trim();
        let (scheme, rest) = text.split_once("://")?;
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return None;
        }
        Origin::new(&scheme, rest.strip_suffix('/').unwrap_or(rest))
    }

    fn new(scheme: &str, host: &str) -> Option<Origin> {
        let allowed = |c: char| c.is_ascii_alphanumeric() || ".-_:[]".contains(c);
        if host.is_empty() || host.len() > 255 || !host.chars().all(allowed) {
            return None;
        }
        let host = host.to_ascii_lowercase();
        let default_port = if scheme == "https" { ":443" } else { ":80" };
        let host = host.strip_suffix(default_port).unwrap_or(&host).to_string();
        Some(Origin {
            scheme: scheme.to_string(),
            host,
        })
    }

    /// The origin the request was addressed to: its `Host`, with the scheme
    /// from `X-Forwarded-Proto` when the proxy is trusted, else https when
    /// the operator says the site is served over https.
    pub fn of_server(headers: &HeaderMap, trust_proxy: bool, https: bool) -> Option<Origin> {
        let host = headers.get(header::HOST)?.to_str().ok()?;
        let forwarded = trust_proxy
            .then(|| headers.get("x-forwarded-proto")?.to_str().ok())
            .flatten()
            .and_then(|v| v.split(',').next())
            .map(|v| v.trim().to_ascii_lowercase())
            .filter(|v| v == "http" || v == "https");
        let scheme = forwarded.unwrap_or_else(|| if https { "https" } else { "http" }.into());
        Origin::new(&scheme, host.trim())
    }
}

/// Where the socket's callers may come from.
#[derive(Clone, Copy, Debug, Default)]
pub struct OriginPolicy<'a> {
    pub trust_proxy: bool,
    pub https: bool,
    /// `--allowed-origins`, already checked to parse at startup.
    pub allowed: &'a [String],
}

impl OriginPolicy<'_> {
    /// True when the upgrade carries no `Origin`, or one this server
    /// accepts.
    pub fn admits(&self, headers: &HeaderMap) -> bool {
        let Some(value) = headers.get(header::ORIGIN) else {
            return true;
        };
        let Some(origin) = value.to_str().ok().and_then(Origin::parse) else {
            return false;
        };
        if Origin::of_server(headers, self.trust_proxy, self.https).as_ref() == Some(&origin) {
            return true;
        }
        self.allowed
            .iter()
            .any(|entry| Origin::parse(entry).as_ref() == Some(&origin))
    }
}

/// Every `--allowed-origins` entry is a bare `http(s)://host[:port]`;
/// a path, a wildcard or a typo would otherwise never match and the
/// operator would not know why their page cannot connect.
pub fn check_allowed_origins(config: &Config) -> anyhow::Result<()> {
    for entry in config
        .allowed_origins
        .iter()
        .filter(|e| !e.trim().is_empty())
    {
        if Origin::parse(entry).is_none() {
            anyhow::bail!(
                "--allowed-origins (ONYX_ALLOWED_ORIGINS): {entry:?} is not an origin \
                 like https://app.example.com"
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn origins_compare_without_case_default_ports_or_a_trailing_slash() {
        let a = Origin::parse("HTTPS://Exchange.Example:443/").unwrap();
        assert_eq!(Some(a), Origin::parse("https://exchange.example"));
        assert_ne!(
            Origin::parse("http://exchange.example"),
            Origin::parse("https://exchange.example")
        );
        assert_ne!(
            Origin::parse("http://exchange.example:8080"),
            Origin::parse("http://exchange.example")
        );
        for bad in [
            "null",
            "",
            "exchange.example",
            "ftp://exchange.example",
            "https://exchange.example/path",
            "https://user@exchange.example",
            "https://",
            "https://*.example",
        ] {
            assert_eq!(Origin::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_own_origin_and_listed_ones_pass_and_others_do_not() {
        let listed = ["https://m.example".to_string()];
        let policy = OriginPolicy {
            allowed: &listed,
            ..Default::default()
        };
        let own = [("host", "ex.example:8080")];
        assert!(policy.admits(&headers(&own)), "no Origin: not a browser");
        assert!(policy.admits(&headers(&[own[0], ("origin", "http://ex.example:8080")])));
        assert!(policy.admits(&headers(&[own[0], ("origin", "https://m.example")])));
        for refused in [
            "https://ex.example:8080",
            "http://evil.example",
            "null",
            "http://ex.example:8080.evil.example",
        ] {
            let h = headers(&[own[0], ("origin", refused)]);
            assert!(!policy.admits(&h), "{refused}");
        }
    }

    #[test]
    fn the_forwarded_scheme_counts_only_behind_a_trusted_proxy() {
        let h = headers(&[
            ("host", "ex.example"),
            ("x-forwarded-proto", "https"),
            ("origin", "https://ex.example"),
        ]);
        assert!(!OriginPolicy::default().admits(&h));
        let trusted = OriginPolicy {
            trust_proxy: true,
            ..Default::default()
        };
        assert!(trusted.admits(&h));
        let https = OriginPolicy {
            https: true,
            ..Default::default()
        };
        assert!(https.admits(&h), "--secure-cookies: the site is https");
    }
}
