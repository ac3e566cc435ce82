//! Compressed answers. The API's JSON is gzipped on the fly when the
//! client accepts it (tower-http). The web app's files are compressed once
//! at build time (`.br` and `.gz` beside each file, see web/vite.config.ts)
//! and the served copy is chosen by [`preferred_encoding`], so no request
//! pays for compressing a bundle.

use axum::http::{header, HeaderMap};
use tower_http::compression::predicate::{DefaultPredicate, Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;

/// Bodies smaller than this are sent as they are: the header costs more
/// than it saves.
pub const MIN_COMPRESSED_BYTES: u16 = 512;

/// On-the-fly gzip for dynamic answers (the API, the page with its
/// settings); answers already encoded (a precompressed file), images and
/// event streams are left alone.
pub fn dynamic() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .compress_when(DefaultPredicate::new().and(SizeAbove::new(MIN_COMPRESSED_BYTES)))
}

/// A precompressed copy the client accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
}

impl Encoding {
    /// The `Content-Encoding` value.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gzip",
        }
    }

    /// The suffix of the precompressed file.
    pub fn suffix(self) -> &'static str {
        match self {
            Encoding::Brotli => ".br",
            Encoding::Gzip => ".gz",
        }
    }
}

/// The encodings `Accept-Encoding` allows, best first (brotli before
/// gzip); a coding with `q=0` is refused, `*` allows both.
pub fn preferred_encoding(headers: &HeaderMap) -> Vec<Encoding> {
    let mut brotli = None;
    let mut gzip = None;
    let mut any = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for part in value.split(',') {
            let mut pieces = part.split(';');
            let coding = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
            let allowed = pieces
                .filter_map(|p| p.trim().strip_prefix("q="))
                .next_back()
                .is_none_or(|q| q.trim().parse::<f32>().is_ok_and(|q| q > 0.0));
            match coding.as_str() {
                "br" => brotli = Some(allowed),
                "gzip" | "x-gzip" => gzip = Some(allowed),
                "*" => any = Some(allowed),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    if brotli.or(any).unwrap_or(false) {
        out.push(Encoding::Brotli);
    }
    if gzip.or(any).unwrap_or(false) {
        out.push(Encoding::Gzip);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn accepts(value: &str) -> Vec<Encoding> {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        preferred_encoding(&headers)
    }

    #[test]
    fn brotli_is_preferred_and_q_zero_refuses() {
        assert_eq!(
            accepts("gzip, deflate, br, zstd"),
            [Encoding::Brotli, Encoding::Gzip]
        );
        assert_eq!(accepts("gzip"), [Encoding::Gzip]);
        assert_eq!(accepts("br;q=0, gzip;q=0.5"), [Encoding::Gzip]);
        assert_eq!(accepts("*"), [Encoding::Brotli, Encoding::Gzip]);
        assert_eq!(accepts("*, br;q=0"), [Encoding::Gzip]);
        assert!(accepts("identity").is_empty());
        assert!(preferred_encoding(&HeaderMap::new()).is_empty());
    }
}
