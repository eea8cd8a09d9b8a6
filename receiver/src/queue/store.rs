//! The queue's storage in `queue.dir`, one concept per module: records
//! ([`super::record`]: the on-disk format and its versions) appended to segment files
//! ([`super::segments`]: what an acknowledgement waits for), a redb database for what
//! changes in place ([`super::db`]: done requests, evidence rows, the numbers), and
//! what a restart reads back ([`super::recovery`]). [`Store`] holds them together:
//! synchronous; only the writer thread appends, only the database thread commits.

use std::sync::{Arc, Mutex, RwLock};

use redb::Database;

use super::db::{self, Batch, Committed, OpenDb};
use super::fs::Fs;
use super::segments::Segments;
use super::QueueError;
use crate::entry::Arrived;

/// What [`Store::forget`] took off the books: stored bytes, requests, and the spans
/// they would have become.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Forgotten {
    pub bytes: u64,
    pub requests: u64,
    pub spans: u64,
}

/// One request read back.
#[derive(Debug)]
pub(crate) struct Stored {
    pub seq: u64,
    pub arrival: u64,
    /// Its body as it arrived.
    pub body: Arrived,
}

/// The queue's files.
pub(crate) struct Store {
    pub(super) fs: Arc<dyn Fs>,
    /// None while a reopen failed (every use fails until the next reopen succeeds).
    pub(super) db: RwLock<Option<Database>>,
    pub(super) open: Box<OpenDb>,
    pub(super) segs: Mutex<Segments>,
    /// A segment takes appends until it reaches this size.
    pub(super) segment_bytes: u64,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("fs", &self.fs).finish()
    }
}

/// The error of a store whose last reopen failed.
pub(super) fn closed() -> QueueError {
    QueueError::Storage(Box::new(redb::Error::Io(std::io::Error::other(
        "the queue database is closed after an I/O error",
    ))))
}

pub(super) fn io(e: std::io::Error) -> QueueError {
    QueueError::Storage(Box::new(redb::Error::Io(e)))
}

impl Store {
    /// Opens the files `fs` gives: the database (tables created) and the directory.
    pub(super) fn open(fs: Arc<dyn Fs>) -> Result<Store, QueueError> {
        let open_fs = fs.clone();
        let open: Box<OpenDb> = Box::new(move || open_fs.open_db());
        let db = db::first_open(&*open)?;
        // A database file just created must survive a crash.
        fs.sync_dir().map_err(io)?;
        Ok(Store {
            fs,
            db: RwLock::new(Some(db)),
            open,
            segs: Mutex::new(Segments::default()),
            segment_bytes: crate::config::QUEUE_SEGMENT_BYTES_DEFAULT,
        })
    }

    /// With segments of `bytes` (`queue.segment_bytes`).
    pub(super) fn with_segment_bytes(mut self, bytes: u64) -> Store {
        self.segment_bytes = bytes;
        self
    }

    /// Commits `batch` to the database (durable when it returns), then removes the
    /// segments whose requests it made all done, and syncs the directory.
    pub(super) fn commit(&self, batch: &Batch) -> Result<Committed, QueueError> {
        // The database thread alone calls forget and commit: the segments dead now have
        // every done row in this batch or an earlier one.
        let (removed, dead) = {
            let segs = self.segs();
            (segs.removed.clone(), segs.dead.clone())
        };
        let done = self.write(batch, &removed)?;
        self.remove_dead(&removed, &dead);
        Ok(done)
    }

    /// Keeps the body of request `seq` in a file of its own in the queue's directory
    /// (`quarantine-<number>.<format>[.<compression>]`, 0600, durable), whatever becomes
    /// of the request; the file's name. A file already kept (a restart after the same
    /// request) stays.
    pub(super) fn quarantine(&self, seq: u64, body: &Arrived) -> Result<String, QueueError> {
        let format = match body.format {
            crate::wire::census::Encoding::Protobuf => "pb",
            crate::wire::census::Encoding::Json => "json",
        };
        let name = match body.compression.content_encoding() {
            None => format!("quarantine-{seq:020}.{format}"),
            Some(c) => format!("quarantine-{seq:020}.{format}.{c}"),
        };
        match self.fs.create(&name) {
            Ok(file) => {
                file.write_at(0, &body.bytes).map_err(io)?;
                file.sync().map_err(io)?;
                self.fs.sync_dir().map_err(io)?;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(io(e)),
        }
        Ok(name)
    }
}
