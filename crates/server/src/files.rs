//! Private file storage for uploads (identity documents). Files live under
//! `{data_dir}/uploads/<aa>/<id>`, named by a random id and never by the
//! user's file name, and are served only through the API to their owner.
//!
//! Only the local-disk backend exists; an S3-compatible backend would slot
//! in behind `FileStore` (put/get by key) without touching the handlers.

use rand::RngCore;
use std::io;
use std::path::{Path, PathBuf};

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
}

impl FileStore {
    pub fn local(data_dir: &Path) -> FileStore {
        FileStore {
            root: data_dir.join("uploads"),
        }
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
        _ => "pdf",
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
