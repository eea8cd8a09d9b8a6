//! The queue's storage in `queue.dir`, one concept per module: records
//! ([`super::record`]: the on-disk format and its versions) appended to segment files
//! ([`super::segments`]: what an acknowledgement waits for), a redb database for what
//! changes in place ([`super::db`]: done requests, evidence rows, the numbers), and
//! what a restart reads back ([`super::recovery`]). [`Store`] holds them together:
//! synchronous; only the writer thread appends, only the database thread commits.

use std::sync::Arc;

use super::db::{Batch, Committed, Db, OpenDb};
use super::fs::Fs;
use super::segments::SegmentFiles;
use super::{io, QueueError};
use crate::entry::Arrived;

/// The queue's files.
pub(crate) struct Store {
    pub(super) fs: Arc<dyn Fs>,
    pub(super) db: Db,
    pub(super) files: SegmentFiles,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("fs", &self.fs).finish()
    }
}

impl Store {
    /// Opens the files `fs` gives: the database (tables created) and the directory.
    pub(super) fn open(fs: Arc<dyn Fs>) -> Result<Store, QueueError> {
        let open_fs = fs.clone();
        let open: Box<OpenDb> = Box::new(move || open_fs.open_db());
        let db = Db::open(open)?;
        // A database file just created must survive a crash.
        fs.sync_dir().map_err(io)?;
        Ok(Store {
            db,
            files: SegmentFiles::new(fs.clone(), crate::config::QUEUE_SEGMENT_BYTES_DEFAULT),
            fs,
        })
    }

    /// With segments of `bytes` (`queue.segment_bytes`).
    pub(super) fn with_segment_bytes(mut self, bytes: u64) -> Store {
        self.files.set_segment_bytes(bytes);
        self
    }

    /// Commits `batch` to the database (durable when it returns), then removes the
    /// segments whose requests it made all done, and syncs the directory.
    pub(super) fn commit(&self, batch: &Batch) -> Result<Committed, QueueError> {
        // The database thread alone calls forget and commit: the segments dead now have
        // every done row in this batch or an earlier one.
        let (removed, dead) = {
            let segs = self.files.segs();
            (segs.removed.clone(), segs.dead.clone())
        };
        let done = self.db.write(batch, &removed)?;
        self.files.remove_dead(&removed, &dead);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queue::db::Batch;
    use crate::queue::fs::{DirFs, Fs};
    use crate::queue::record::{body_crc, Record};
    use crate::queue::segments::{is_segment, SEGMENT_SUFFIX};
    use crate::wire::census::Encoding;
    use otlp_client::Compression;

    fn append(store: &Store, seqs: std::ops::RangeInclusive<u64>, body: &[u8]) -> bool {
        let records: Vec<Record<'_>> = seqs
            .map(|seq| Record {
                seq,
                arrival: seq,
                bound: 1,
                body,
                crc: body_crc(body),
                format: Encoding::Protobuf,
                compression: Compression::None,
            })
            .collect();
        store.files.append(&records).unwrap()
    }

    fn commit_done(store: &Store, done: Vec<u64>, next_seq: u64) {
        store.files.forget(&done);
        let batch = Batch {
            done,
            next_seq,
            ..Batch::default()
        };
        store.commit(&batch).unwrap();
    }

    #[test]
    fn a_reused_segment_file_reads_back_only_what_was_written_since_it_was_done() {
        let dir = tempfile::tempdir().unwrap();
        let fs: Arc<dyn Fs> = Arc::new(DirFs::open(dir.path(), is_segment).unwrap());
        let body = [7u8; 1000];
        let store = Store::open(fs.clone()).unwrap().with_segment_bytes(8 << 10);
        store.load().unwrap();
        // Ten records fill the first segment; the eleventh starts the second.
        assert!(append(&store, 1..=10, &body));
        assert!(append(&store, 11..=11, &body));
        // The first is done: its file is wiped and kept as a spare, not removed.
        commit_done(&store, (1..=10).collect(), 12);
        assert_eq!(store.files.segs().spares.len(), 1);
        let files = |fs: &Arc<dyn Fs>| {
            let mut n = fs.list().unwrap();
            n.retain(|n| n.ends_with(SEGMENT_SUFFIX));
            n.len()
        };
        assert_eq!(files(&fs), 2);
        // The second fills and the third segment goes to the reused file, over the old
        // records: two new ones, then what is left of ten old ones.
        assert!(!append(&store, 12..=20, &body));
        assert!(append(&store, 21..=22, &body));
        assert!(store.files.segs().spares.is_empty());
        // The old records' done rows go.
        commit_done(&store, vec![], 23);
        drop(store);

        let store = Store::open(fs.clone()).unwrap();
        let loaded = store.load().unwrap();
        let seqs: Vec<u64> = loaded.requests.iter().map(|r| r.0).collect();
        assert_eq!(seqs, (11..=22).collect::<Vec<_>>());
        assert_eq!(loaded.next_seq, 23);
        assert!(store
            .files
            .read(1, 22)
            .unwrap()
            .iter()
            .all(|r| r.body.bytes == body[..]));
    }
}
