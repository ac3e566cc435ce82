//! Private file storage for uploads (identity documents, transfer
//! screenshots). Files live under `{data_dir}/uploads/<aa>/<id>`, named by a
//! random id and never by the user's file name.
//!
//! A file is read through a short-lived signed link, never with a session
//! token in the URL (where it would sit in logs, history and referrers):
//! a call authenticated by header mints `/api/common/file/{id}?expires=
//! &for=&sig=`, an HMAC-SHA256 over the file id, the expiry and the reader
//! (`u<user id>` or `a<operator id>`), under a key kept in the database so
//! that restarts and every node on one database agree. The bytes go out as
//! an attachment of their sniffed type, with `nosniff` and `CSP: sandbox`,
//! so an upload that is also HTML (a GIF/HTML polyglot) never runs as a
//! page of this origin; `<img>` still shows an image.
//!
//! Only the local-disk backend exists; an S3-compatible backend would slot
//! in behind `FileStore` (put/get by key) without touching the handlers.

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use tokio::sync::OnceCell;

/// How long a minted link opens its file: long enough to load a page of
/// documents, short enough that a copied link is soon worthless.
pub const LINK_SECONDS: i64 = 300;
/// The `server_secrets` row holding the link key.
const LINK_KEY_SECRET: &str = "file_link_key";
/// Where files are served (the link's path before the query).
pub const FILE_URL_PREFIX: &str = "/api/common/file/";

/// Types accepted by content, whatever the client claims.
pub const ALLOWED_MIME: &[&str] = &[
    "image/png",
    "image/jpeg",
    "image/webp",
    "image/gif",
    "application/pdf",
];

pub struct FileStore {
    root: PathBuf,
    /// Loaded (or created) on first use: the store is built before the
    /// database is reachable.
    link_key: OnceCell<LinkKey>,
}

impl FileStore {
    pub fn local(data_dir: &Path) -> FileStore {
        FileStore {
            root: data_dir.join("uploads"),
            link_key: OnceCell::new(),
        }
    }

    /// The key that signs file links, shared through the database.
    /// `now` dates the key when this call creates it.
    pub async fn link_key(
        &self,
        db: &onyx_store::Db,
        now: DateTime<Utc>,
    ) -> Result<&LinkKey, sea_orm::DbErr> {
        self.link_key
            .get_or_try_init(|| async {
                let stored = onyx_store::repo::secrets::get_or_create(
                    db,
                    LINK_KEY_SECRET,
                    || {
                        let mut bytes = [0u8; 32];
                        rand::rngs::OsRng.fill_bytes(&mut bytes);
                        hex::encode(bytes)
                    },
                    now,
                )
                .await?;
                let bytes = hex::decode(stored.trim())
                    .ok()
                    .filter(|b| b.len() >= 32)
                    .ok_or_else(|| sea_orm::DbErr::Custom("file link key is malformed".into()))?;
                Ok(LinkKey(bytes))
            })
            .await
    }

    /// A new file id: 128 random bits in hex, unguessable.
    pub fn new_id() -> String {
        let mut bytes = [0u8; 16];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        hex::encode(bytes)
    }

    /// The storage key of a file id, fanned out over 256 folders.
    pub fn key_for(id: &str) -> String {
        format!("{}/{id}", &id[..2.min(id.len())])
    }

    pub async fn put(&self, key: &str, bytes: &[u8]) -> io::Result<()> {
        let path = self.path(key)?;
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await?;
        }
        // Written aside and renamed, so a crash never leaves half a file
        // under the final name.
        let partial = path.with_extension("partial");
        tokio::fs::write(&partial, bytes).await?;
        tokio::fs::rename(&partial, &path).await
    }

    pub async fn get(&self, key: &str) -> io::Result<Vec<u8>> {
        tokio::fs::read(self.path(key)?).await
    }

    /// Keys are ours (hex and one '/'), but a path is only built from a key
    /// that cannot climb out of the root.
    fn path(&self, key: &str) -> io::Result<PathBuf> {
        let safe = !key.is_empty()
            && key.chars().all(|c| c.is_ascii_hexdigit() || c == '/')
            && !key.starts_with('/');
        if !safe {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "bad storage key",
            ));
        }
        Ok(self.root.join(key))
    }
}

/// The MIME type of `bytes` by their content, when it is one we accept.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    let kind = infer::get(bytes)?;
    ALLOWED_MIME
        .iter()
        .copied()
        .find(|m| *m == kind.mime_type())
}

/// The extension shown in the default file name of a type.
pub fn extension(mime: &str) -> &'static str {
    match mime {
        "image/png" => "png",
        "image/jpeg" => "jpg",
        "image/webp" => "webp",
        "image/gif" => "gif",
        "application/pdf" => "pdf",
        _ => "bin",
    }
}

/// Who a link was minted for. A user's link opens only that user's files;
/// an operator's, the files they may review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    User(i64),
    Operator(i64),
}

impl fmt::Display for Reader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reader::User(id) => write!(f, "u{id}"),
            Reader::Operator(id) => write!(f, "a{id}"),
        }
    }
}

impl Reader {
    fn parse(text: &str) -> Option<Reader> {
        let id = |rest: &str| rest.parse::<i64>().ok().filter(|n| *n > 0);
        match text.split_at_checked(1)? {
            ("u", rest) => id(rest).map(Reader::User),
            ("a", rest) => id(rest).map(Reader::Operator),
            _ => None,
        }
    }
}

/// A minted link: where to fetch the file, and until when.
#[derive(Clone, Debug)]
pub struct SignedLink {
    pub url: String,
    pub expires_at: DateTime<Utc>,
}

/// The HMAC-SHA256 key of file links (at least 256 bits).
pub struct LinkKey(Vec<u8>);

impl LinkKey {
    fn mac(&self, id: &str, expires: i64, reader: Reader) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key length");
        // Newline-separated: no field can contain one, so no two different
        // triples sign the same bytes.
        mac.update(format!("{id}\n{expires}\n{reader}").as_bytes());
        mac
    }

    /// A link to file `id` for `reader` that stops working at `expires`
    /// (Unix seconds).
    pub fn sign(&self, id: &str, expires: i64, reader: Reader) -> String {
        let sig = hex::encode(self.mac(id, expires, reader).finalize().into_bytes());
        format!("{FILE_URL_PREFIX}{id}?expires={expires}&for={reader}&sig={sig}")
    }

    /// A link valid for [`LINK_SECONDS`] from `now`.
    pub fn mint(&self, id: &str, reader: Reader, now: DateTime<Utc>) -> SignedLink {
        let expires_at = now + chrono::Duration::seconds(LINK_SECONDS);
        SignedLink {
            url: self.sign(id, expires_at.timestamp(), reader),
            expires_at,
        }
    }

    /// The reader of a link whose signature is right and whose expiry is
    /// still ahead of `now`; `None` for anything else. The comparison is
    /// constant-time.
    pub fn check(
        &self,
        id: &str,
        expires: i64,
        reader: &str,
        sig: &str,
        now: DateTime<Utc>,
    ) -> Option<Reader> {
        let reader = Reader::parse(reader)?;
        let sig = hex::decode(sig).ok()?;
        self.mac(id, expires, reader).verify_slice(&sig).ok()?;
        (now.timestamp() < expires).then_some(reader)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_decides_the_type() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        assert_eq!(sniff(png), Some("image/png"));
        assert_eq!(sniff(b"%PDF-1.7\n"), Some("application/pdf"));
        assert_eq!(sniff(b"just text pretending to be a png"), None);
        assert_eq!(sniff(b"PK\x03\x04zipfile"), None);
    }

    #[test]
    fn a_link_opens_until_it_expires_and_only_as_signed() {
        let key = LinkKey(vec![7; 32]);
        let now = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let link = key.mint("ab12", Reader::User(42), now);
        let query = link.url.split_once('?').unwrap().1;
        assert!(link
            .url
            .starts_with("/api/common/file/ab12?expires=1800000300&for=u42&sig="));
        let sig = query.rsplit_once("sig=").unwrap().1;
        let exp = link.expires_at.timestamp();
        assert_eq!(
            key.check("ab12", exp, "u42", sig, now),
            Some(Reader::User(42))
        );
        let last = link.expires_at - chrono::Duration::seconds(1);
        assert!(key.check("ab12", exp, "u42", sig, last).is_some());
        assert_eq!(key.check("ab12", exp, "u42", sig, link.expires_at), None);
        // Any changed field breaks the signature.
        assert_eq!(key.check("ab13", exp, "u42", sig, now), None);
        assert_eq!(key.check("ab12", exp + 60, "u42", sig, now), None);
        assert_eq!(key.check("ab12", exp, "u43", sig, now), None);
        assert_eq!(key.check("ab12", exp, "a42", sig, now), None);
        assert_eq!(key.check("ab12", exp, "u42", &sig[..62], now), None);
        assert_eq!(key.check("ab12", exp, "u42", "zz", now), None);
        // Another key, another signature.
        assert_eq!(
            LinkKey(vec![8; 32]).check("ab12", exp, "u42", sig, now),
            None
        );
        assert_eq!(Reader::parse("x1"), None);
        assert_eq!(Reader::parse("u0"), None);
        assert_eq!(Reader::parse(""), None);
    }

    #[tokio::test]
    async fn keys_cannot_leave_the_root_and_files_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let store = FileStore::local(dir.path());
        let id = FileStore::new_id();
        assert_eq!(id.len(), 32);
        let key = FileStore::key_for(&id);
        store.put(&key, b"abc").await.unwrap();
        assert_eq!(store.get(&key).await.unwrap(), b"abc");
        assert!(store.get("../onyx.db").await.is_err());
        assert!(store.get("/etc/passwd").await.is_err());
    }
}

/// A signed link to a file: fetch `url` (no token needed) before
/// `expireTime`.
#[derive(serde::Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct FileLinkView {
    /// `/api/common/file/{id}?expires=..&for=..&sig=..`
    pub url: String,
    pub expire_time: DateTime<Utc>,
}

impl From<SignedLink> for FileLinkView {
    fn from(l: SignedLink) -> FileLinkView {
        FileLinkView {
            url: l.url,
            expire_time: l.expires_at,
        }
    }
}
