//! The persistent queue (on when `queue.dir` is set): no acknowledged span is lost to a
//! crash, a restart or a backend outage. Bytes in, bytes out: it keeps each request as
//! it arrived ([`Arrived`]: its body and encoding) and knows nothing of what the
//! pipeline makes of it; numbers, counts and opaque evidence rows are all it is told.
//!
//! ```text
//! handoff ─► Appender ─► writer thread ─► segment files (append, fdatasync) ─► ack ─► sender
//!                          │ committed, in number order
//!                          ▼
//!                        feeder: Handed (kept in memory, or read back from disk) ─► replay ─► pipeline ─► export
//!                          ▲                                                                     │           │
//!                          └─ done: redb (with evidence rows) ◄── Tracker (ledger) ◄─────────────┴───────────┘
//! ```
//!
//! A request is acknowledged once the segment write that holds it is durable (group
//! commit: one write and one fdatasync for what arrived meanwhile); its answer (partial
//! success) was decided by ingest, so the pipeline reads the queue at its own pace:
//! a destination that is down makes the queue grow up to `queue.max_bytes` (then
//! senders are told to retry later), never the process's memory. What the writer
//! could keep in memory reaches the pipeline as ingest decoded it (the `T` the queue is
//! generic over); the rest is read back as stored bytes and decoded by the pipeline's
//! replay stage (`crate::replay`). Each input is done when the pipeline holds nothing
//! more of it and every destination has settled all of its output
//! ([`ledger::Ledger`]); done numbers go to the database within `flush_after` (100 ms),
//! and a segment file is removed once everything in it is done. The evidence rows the
//! pipeline hands in ([`Evidence`]) are mirrored in the database as long as it keeps
//! them, so a restart restores them ([`Restored`]) and replays the inputs still on
//! disk, which then gives the answers an uninterrupted run gives. The fault model and
//! the duplicate bound are checked by `model_test.rs` and written down in
//! docs/receiver.md.

pub mod ledger;

mod committer;
pub mod counters;
mod db;
pub mod feeder;
mod fs;
mod record;
mod recovery;
mod segments;
mod store;
mod timing;
mod writer;

#[cfg(test)]
mod faulty_disk;
#[cfg(test)]
mod model_test;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{mpsc as std_mpsc, Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;

use crate::config::{Compression, QueueConfig};
use crate::entry::{Admission, Arrived, Refusal};
use committer::DbOp;
use counters::QueueCounters;
pub use db::{Evidence, Restored};
use ledger::Ledger;
use writer::Op;

/// The queue cannot be opened or used.
/// An I/O error of the queue's files.
fn io(e: std::io::Error) -> QueueError {
    QueueError::Storage(Box::new(redb::Error::Io(e)))
}

#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    /// `queue.dir` cannot be created or opened, or it or a file in it is not the
    /// receiver's alone (a link, another user's, writable by others).
    #[error(transparent)]
    Dir(#[from] crate::private_files::UnsafeFile),
    /// The database failed (boxed: redb's error is large).
    #[error("queue database: {0}")]
    Storage(Box<redb::Error>),
    /// The writer thread cannot be started.
    #[error("cannot start the queue's writer thread: {0}")]
    Thread(std::io::Error),
    /// A stored request does not read back as written.
    #[error("queued request {0} is damaged")]
    Corrupt(u64),
    /// `queue.dir` holds a database in a file format this receiver cannot read: format 2,
    /// written by a receiver built with redb 2 (this one reads format 3 alone).
    #[error(
        "queue.dir {path}: queue.redb is in redb file format {version}, written by an older \
         receiver; this receiver reads format 3 only: {}",
        old_format_fix(std::path::Path::new(path))
    )]
    OldDatabaseFormat {
        /// The directory.
        path: String,
        /// The file format found.
        version: u8,
    },
    /// A segment holds records of a format newer than this receiver reads (written by a
    /// newer receiver): refused rather than skipped, since skipping them would drop
    /// acknowledged requests.
    #[error(
        "queue.dir {path}: segment {segment} holds queue records of format {version}, written by a \
         newer receiver; this receiver reads formats 1 and 2: drain the queue with the receiver \
         that wrote it (stop the senders, wait for a queue depth of 0) before running this one \
         on {path}, or give this one another queue.dir"
    )]
    NewerRecordFormat {
        /// The directory (empty until the queue names it).
        path: String,
        /// The segment file's name.
        segment: String,
        /// The format its record declares.
        version: u8,
    },
    /// The database library panicked (its own assertion, seen with redb 2.6 after injected
    /// disk faults): handled as a failed commit, so the database is opened again before
    /// the next.
    #[error("queue database panicked: {0}")]
    Panicked(String),
}

impl From<redb::Error> for QueueError {
    fn from(e: redb::Error) -> Self {
        QueueError::Storage(Box::new(e))
    }
}

/// redb's errors of each operation, each already convertible to `redb::Error`: taken by
/// `?` as a [`QueueError::Storage`].
macro_rules! from_redb {
    ($($e:ty),*) => {$(
        impl From<$e> for QueueError {
            fn from(e: $e) -> Self {
                redb::Error::from(e).into()
            }
        }
    )*};
}
from_redb!(
    redb::DatabaseError,
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError
);

/// Why `queue.dir` cannot hold the queue, found without writing to it.
#[derive(Debug, thiserror::Error)]
pub enum DirError {
    /// The receiver's user cannot write there.
    #[error(transparent)]
    Unwritable(#[from] crate::writable::Unwritable),
    /// Its database is in a file format this receiver cannot read: format 2, written by
    /// a receiver built with redb 2 (this one reads format 3 alone).
    #[error("holds queue.redb in redb file format {version}, written by an older receiver; this receiver reads format 3 only")]
    OldDatabaseFormat {
        /// The file format found.
        version: u8,
    },
    /// Another process has the queue open (a receiver running on it).
    #[error("is in use: another process has its database open")]
    InUse,
}

/// What to do about an older receiver's queue in `dir`.
pub fn old_format_fix(dir: &std::path::Path) -> String {
    let d = dir.display();
    format!(
        "drain the queue with the receiver that wrote it (stop the senders, wait for a queue \
         depth of 0), stop it and remove the files in {d}; or remove {d}/queue.redb alone, and \
         every request still in the segment files is delivered again (those already delivered \
         too) and the evidence kept for reconciliation is lost"
    )
}

/// Whether `dir` can hold the queue: a directory the receiver may write in (or create),
/// whose database, if it has one, this receiver reads and nobody else has open. Reads
/// the database's header only; writes nothing.
pub fn check_dir(dir: &std::path::Path) -> Result<(), DirError> {
    crate::writable::dir(dir)?;
    let db = dir.join(fs::DATABASE);
    if !db.is_file() {
        return Ok(());
    }
    match redb::ReadOnlyDatabase::open(&db) {
        Err(redb::DatabaseError::UpgradeRequired(version)) => {
            Err(DirError::OldDatabaseFormat { version })
        }
        Err(redb::DatabaseError::DatabaseAlreadyOpen) => Err(DirError::InUse),
        // Anything else (a database that needs the repair opening it for writing does)
        // is for the queue to handle when it opens.
        _ => Ok(()),
    }
}

/// The byte budget of requests on disk.
#[derive(Debug)]
pub(crate) struct Budget {
    used: AtomicU64,
    max: u64,
}

impl Budget {
    fn reserve(&self, bytes: u64) -> bool {
        self.used
            .fetch_update(Relaxed, Relaxed, |u| {
                (u.saturating_add(bytes) <= self.max).then_some(u + bytes)
            })
            .is_ok()
    }

    pub(crate) fn release(&self, bytes: u64) {
        let _ = self
            .used
            .fetch_update(Relaxed, Relaxed, |u| Some(u.saturating_sub(bytes)));
    }

    pub(crate) fn used(&self) -> u64 {
        self.used.load(Relaxed)
    }
}

/// The ingest side: makes a request durable, then answers. `T` is what the pipeline
/// gets of it when it can be handed over in memory (the request as ingest read it).
#[derive(Debug)]
pub struct Appender<T> {
    ops: std_mpsc::Sender<Op<T>>,
    budget: Arc<Budget>,
    counters: Arc<QueueCounters>,
    /// How an uncompressed body is stored (`queue.compression`).
    compression: Compression,
}

impl<T> Clone for Appender<T> {
    fn clone(&self) -> Self {
        Appender {
            ops: self.ops.clone(),
            budget: self.budget.clone(),
            counters: self.counters.clone(),
            compression: self.compression,
        }
    }
}

impl<T> Appender<T> {
    /// `arrived` as this queue would rather store it (`queue.compression`), or None: as
    /// it arrived. Its caller charges the compressed copy, held until the commit, to
    /// ingest's budget (the writer gives a compressed body's bytes back then).
    pub fn compressed(&self, arrived: &Arrived) -> Option<Arrived> {
        compressed(arrived, self.compression)
    }

    /// Commits `arrived` (a request that becomes at most `outputs_bound` spans) and
    /// returns once the commit is durable; refuses it when the budget is full
    /// ([`Refusal::QueueFull`]) or the disk fails ([`Refusal::QueueFailing`]: then the
    /// request is known not to be on disk), or the queue stopped (Unavailable). `kept`
    /// and its admission reach the pipeline when there is room in memory.
    pub async fn append(
        &self,
        arrived: Arrived,
        outputs_bound: u64,
        kept: T,
        admission: Admission,
    ) -> Result<(), Refusal> {
        // Here, on the sender's connection task, not on the one writer thread.
        let crc = record::body_crc(&arrived.bytes);
        let reserved = writer::stored_size(arrived.bytes.len());
        if !self.budget.reserve(reserved) {
            self.counters.refused_full.fetch_add(1, Relaxed);
            return Err(Refusal::QueueFull);
        }
        let (done, durable) = oneshot::channel();
        let op = Op::Append(writer::Append {
            outputs_bound,
            arrived,
            crc,
            reserved,
            job: (kept, admission),
            done,
        });
        if self.ops.send(op).is_err() {
            self.budget.release(reserved);
            return Err(Refusal::Unavailable);
        }
        match durable.await {
            Ok(true) => Ok(()),
            Ok(false) => Err(Refusal::QueueFailing),
            Err(_) => Err(Refusal::Unavailable),
        }
    }
}

/// Bodies smaller than this are stored as they arrived: compressing a few hundred bytes
/// saves little and costs a frame header.
const COMPRESS_FROM_BYTES: usize = 1024;

/// `arrived` as the queue would rather store it: an uncompressed body of at least
/// [`COMPRESS_FROM_BYTES`] compressed with `compression`, when that shrinks it; None:
/// stored as it arrived (a body that arrived compressed keeps its own encoding). The one
/// writer thread writes and fdatasyncs every stored byte, so at a node's rates the disk
/// is the queue's limit: ~750 bytes a GPU-shaped span as it arrives, ~30 with zstd. The
/// replay stage decompresses either the same way.
fn compressed(arrived: &Arrived, compression: Compression) -> Option<Arrived> {
    if compression == Compression::None
        || arrived.compression != Compression::None
        || arrived.bytes.len() < COMPRESS_FROM_BYTES
    {
        return None;
    }
    let packed = compression.compress(arrived.bytes.clone()).ok()?;
    (packed.len() < arrived.bytes.len()).then(|| Arrived {
        bytes: packed,
        compression,
        format: arrived.format,
    })
}

/// A committed request on its way to the pipeline, in number order.
#[derive(Debug)]
pub struct Handed<T> {
    /// Its number: what the pipeline tells the [`Tracker`] about it.
    pub seq: u64,
    /// When it was committed, on the receiver's clock (Unix ns).
    pub arrival: u64,
    pub request: Request<T>,
    /// Its share of a pending-bytes budget: ingest's, kept in memory; the read-back
    /// budget's for its stored bytes, read back. None: read back, and larger than that
    /// whole budget.
    pub admission: Option<Admission>,
}

/// How a committed request reaches the pipeline.
#[derive(Debug)]
pub enum Request<T> {
    /// As ingest handed it over, kept in memory.
    Kept(T),
    /// Read back from disk: its body as it arrived, for the pipeline to decode.
    Stored(Arrived),
}

/// The pipeline's and the exporters' side: what is emitted, sealed and settled, and
/// the evidence to keep; deletes inputs that are done. Inputs are numbers, output is
/// counted in runs of (input number, spans).
#[derive(Debug)]
pub struct Tracker {
    ledger: Mutex<Ledger>,
    database: std_mpsc::Sender<DbOp>,
}

impl Tracker {
    fn ledger(&self) -> MutexGuard<'_, Ledger> {
        self.ledger.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn delete(&self, done: impl IntoIterator<Item = u64>) {
        for seq in done {
            let _ = self.database.send(DbOp::Delete(seq));
        }
    }

    /// These spans are about to be handed to every destination.
    pub fn emitted(&self, runs: &[(u64, u64)]) {
        self.ledger().emitted(runs);
    }

    /// The pipeline holds nothing more of these inputs.
    pub fn sealed(&self, seqs: Vec<u64>) {
        let done: Vec<u64> = {
            let mut l = self.ledger();
            seqs.into_iter().filter_map(|s| l.sealed(s)).collect()
        };
        self.delete(done);
    }

    /// Destination `destination` settled these spans (delivered, or dropped for good).
    pub fn resolved(&self, destination: usize, runs: &[(u64, u64)]) {
        let done = self.ledger().resolved(destination, runs);
        self.delete(done);
    }

    /// Evidence to mirror on disk before any input it came from can be deleted.
    pub fn evidence(&self, changes: Vec<Evidence>) {
        if !changes.is_empty() {
            let _ = self.database.send(DbOp::Evidence(changes));
        }
    }
}

/// Where a request read back that cannot be processed goes: its bytes kept in a file of
/// their own in `queue.dir`, counted and logged; the pipeline then lets it be deleted.
#[derive(Debug, Clone)]
pub struct Quarantine {
    store: Arc<store::Store>,
    counters: Arc<QueueCounters>,
}

impl Quarantine {
    /// Keeps request `seq`'s `body` (as read back), counts it and logs `why`.
    pub async fn keep(&self, seq: u64, body: Arrived, why: &str) {
        let store = self.store.clone();
        let kept = tokio::task::spawn_blocking(move || store.quarantine(seq, &body))
            .await
            .map_err(|e| e.to_string())
            .and_then(|r| r.map_err(|e| e.to_string()));
        self.counters.quarantined.fetch_add(1, Relaxed);
        match kept {
            Ok(file) => {
                tracing::error!(seq, file = %file, reason = why, "A queued request cannot be processed within the receiver's memory bound: quarantined (its bytes kept in the file named, not replayed again)")
            }
            Err(e) => {
                tracing::error!(seq, reason = why, error = %e, "A queued request cannot be processed within the receiver's memory bound and its bytes cannot be kept: dropped, not replayed again")
            }
        }
    }
}

/// An opened queue: what the receiver wires in.
#[derive(Debug)]
pub struct Opened<T> {
    /// For the ingest front ends.
    pub appender: Appender<T>,
    /// For the pipeline and the exporters.
    pub tracker: Arc<Tracker>,
    /// Committed requests in number order, for the pipeline.
    pub entries: mpsc::Receiver<Handed<T>>,
    /// For the pipeline: requests read back that cannot be processed.
    pub quarantine: Quarantine,
    /// The last committed number (the pipeline is behind while it has not reached it).
    pub committed: watch::Receiver<u64>,
    /// Evidence to restore before anything else.
    pub restored: Restored,
    /// The running parts, to stop.
    pub running: QueueTasks,
}

/// The writer and database threads and the feeder task.
pub struct QueueTasks {
    /// Stops the writer.
    stop_writer: Box<dyn FnOnce() + Send>,
    database: std_mpsc::Sender<DbOp>,
    writer: JoinHandle<()>,
    committer: JoinHandle<()>,
    feeder: tokio::task::JoinHandle<()>,
    /// Tasks that read what the feeder hands over and hold the queue's files (the
    /// pipeline's replay stage, with the [`Quarantine`]): they end once the feeder and
    /// the pipeline have, and the files close after them.
    readers: Vec<tokio::task::JoinHandle<()>>,
    stop_feeder: CancellationToken,
}

impl std::fmt::Debug for QueueTasks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QueueTasks").finish_non_exhaustive()
    }
}

impl QueueTasks {
    /// Stops feeding the pipeline (what it has not taken stays on disk).
    pub fn stop_feeding(&self) {
        self.stop_feeder.cancel();
    }

    /// The same tasks, and `reader`, to wait for before the files close.
    pub fn with_reader(mut self, reader: tokio::task::JoinHandle<()>) -> QueueTasks {
        self.readers.push(reader);
        self
    }

    /// Commits what is pending (deletions after the last deliveries) and stops.
    pub async fn stop(self) {
        self.stop_feeder.cancel();
        let _ = self.feeder.await;
        for reader in self.readers {
            let _ = reader.await;
        }
        (self.stop_writer)();
        let (writer, committer, database) = (self.writer, self.committer, self.database);
        let _ = tokio::task::spawn_blocking(move || {
            let _ = writer.join();
            // After the writer: what its last recovery left is committed too.
            let _ = database.send(DbOp::Stop);
            committer.join()
        })
        .await;
    }
}

/// How committed requests reach the pipeline from the writer: through channels of
/// `capacity` requests, each kept in memory only while ingest's pending-bytes budget has
/// `keep_room` bytes of room (else read back from disk, its bytes admitted against
/// `bound`).
#[derive(Debug, Clone)]
pub struct HandOver {
    /// Requests in each channel.
    pub capacity: usize,
    /// Room kept free in ingest's budget.
    pub keep_room: usize,
    /// The budget requests read back are admitted against.
    pub bound: feeder::Bound,
}

/// Opens the queue in `config.dir` for `destinations` destinations, starts its writer
/// thread and feeder task, and says what the restart found.
pub fn open<T: Send + 'static>(
    config: &QueueConfig,
    destinations: usize,
    hand_over: HandOver,
    counters: Arc<QueueCounters>,
) -> Result<Opened<T>, QueueError> {
    let dir = config
        .dir
        .as_ref()
        .expect("open is called with a queue.dir");
    let files = fs::DirFs::open(dir, segments::is_segment)?;
    let store = store::Store::open(Arc::new(files))
        .map_err(|e| match e {
            QueueError::Storage(s) => match *s {
                redb::Error::UpgradeRequired(version) => QueueError::OldDatabaseFormat {
                    path: dir.display().to_string(),
                    version,
                },
                s => QueueError::Storage(Box::new(s)),
            },
            e => e,
        })?
        .with_segment_bytes(config.segment_bytes);
    start(
        store,
        config,
        timing::Timing {
            flush_after: config.database_interval,
            ..timing::Timing::DEFAULT
        },
        destinations,
        hand_over,
        counters,
    )
    .map_err(|e| match e {
        QueueError::NewerRecordFormat {
            segment, version, ..
        } => QueueError::NewerRecordFormat {
            path: dir.display().to_string(),
            segment,
            version,
        },
        e => e,
    })
}

/// Starts the queue on an opened store: what [`open`] does once the database is open
/// (the model test opens it on a faulty storage backend).
fn start<T: Send + 'static>(
    store: store::Store,
    config: &QueueConfig,
    timing: timing::Timing,
    destinations: usize,
    hand_over: HandOver,
    counters: Arc<QueueCounters>,
) -> Result<Opened<T>, QueueError> {
    let store = Arc::new(store);
    let loaded = store.load()?;
    let used: u64 = loaded.requests.iter().map(|&(_, n)| n).sum();
    let budget = Arc::new(Budget {
        used: AtomicU64::new(used),
        max: config.max_bytes,
    });
    counters.max_bytes.store(config.max_bytes, Relaxed);
    counters.bytes.store(used, Relaxed);
    counters
        .requests
        .store(loaded.requests.len() as u64, Relaxed);
    counters.spans.store(loaded.outputs_bound, Relaxed);
    counters.evidence_rows.store(loaded.evidence_rows, Relaxed);
    counters
        .replayed_requests
        .store(loaded.requests.len() as u64, Relaxed);
    counters
        .evidence_restored
        .store(loaded.restored.windows.len() as u64, Relaxed);
    // Replayed output may have reached a destination before the restart.
    counters
        .duplicates_possible
        .store(loaded.outputs_bound, Relaxed);
    let last = loaded.next_seq - 1;
    let first = loaded.requests.first().map_or(loaded.next_seq, |&(s, _)| s);
    if !loaded.requests.is_empty() {
        tracing::info!(
            requests = loaded.requests.len(),
            bytes = used,
            windows = loaded.restored.windows.len(),
            duplicates_possible = loaded.outputs_bound,
            "Replaying the queue"
        );
    }
    let (ops_tx, ops_rx) = std_mpsc::channel();
    let (db_tx, db_rx) = std_mpsc::channel();
    let next_seq = Arc::new(AtomicU64::new(loaded.next_seq));
    let clock = Arc::new(AtomicU64::new(loaded.clock));
    let (feed_tx, feed_rx) = mpsc::channel(hand_over.capacity.max(1));
    let (committed_tx, committed_rx) = watch::channel(last);
    let (to_pipeline, entries) = mpsc::channel(hand_over.capacity.max(1));
    let w = writer::Writer {
        store: store.clone(),
        ops: ops_rx,
        fsync: config.fsync,
        group_window: config.group_window,
        next_seq: loaded.next_seq,
        clock: loaded.clock,
        feed: feed_tx,
        keep_room: hand_over.keep_room,
        committed: committed_tx,
        budget: budget.clone(),
        counters: counters.clone(),
        timing,
        doubtful: Vec::new(),
        broken: None,
        last_started: None,
        shared_next_seq: next_seq.clone(),
        shared_clock: clock.clone(),
        database: db_tx.clone(),
    };
    let c = committer::Committer {
        store: store.clone(),
        ops: db_rx,
        budget: budget.clone(),
        counters: counters.clone(),
        timing,
        next_seq,
        clock,
        done: Vec::new(),
        evidence: Vec::new(),
        since: None,
        broken: None,
    };
    // The first segment's file, ready before the first request.
    let _ = db_tx.send(DbOp::Spare);
    let committer = std::thread::Builder::new()
        .name("gpu-otel-queue-db".into())
        .spawn(move || c.run())
        .map_err(QueueError::Thread)?;
    let writer = std::thread::Builder::new()
        .name("gpu-otel-queue".into())
        .spawn(move || w.run())
        .map_err(QueueError::Thread)?;
    let stop_feeder = CancellationToken::new();
    let quarantine = Quarantine {
        store: store.clone(),
        counters: counters.clone(),
    };
    let feeder = tokio::spawn(
        feeder::Feeder {
            store,
            from_writer: feed_rx,
            committed: committed_rx.clone(),
            next: first,
            to_pipeline,
            counters: counters.clone(),
            stop: stop_feeder.clone(),
            bound: hand_over.bound.clone(),
        }
        .run(),
    );
    let stopping = ops_tx.clone();
    Ok(Opened {
        appender: Appender {
            ops: ops_tx,
            budget,
            counters: counters.clone(),
            compression: config.compression,
        },
        tracker: Arc::new(Tracker {
            ledger: Mutex::new(Ledger::new(destinations)),
            database: db_tx.clone(),
        }),
        entries,
        quarantine,
        committed: committed_rx,
        restored: loaded.restored,
        running: QueueTasks {
            stop_writer: Box::new(move || {
                let _ = stopping.send(Op::Stop);
            }),
            database: db_tx,
            writer,
            committer,
            feeder,
            readers: Vec::new(),
            stop_feeder,
        },
    })
}

/// The text a panic carried, when it carried one.
pub(crate) fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entry::Admission;
    use model_test::request;
    use tokio::sync::Semaphore;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_backlog_the_pipeline_has_not_taken_waits_on_disk_and_leaves_ingest_its_budget() {
        let dir = tempfile::tempdir().unwrap();
        let config = QueueConfig {
            dir: Some(dir.path().into()),
            ..QueueConfig::default()
        };
        // Ingest's budget: 1 MiB, half kept free; 200 requests of ~11 KB, two budgets.
        let budget = Arc::new(Semaphore::new(1 << 20));
        let hand_over = HandOver {
            capacity: 1024,
            keep_room: 512 << 10,
            bound: feeder::Bound {
                budget: Arc::new(Semaphore::new(1 << 20)),
                max_pending: 1 << 20,
            },
        };
        let counters = Arc::new(QueueCounters::default());
        let mut q = open::<u64>(&config, 1, hand_over, counters.clone()).unwrap();
        for id in 0..200 {
            let bytes = request(id, true);
            let admission = Admission::new(
                budget
                    .clone()
                    .try_acquire_many_owned(bytes.len() as u32)
                    .expect("room: what is on disk no longer holds the budget"),
            );
            q.appender
                .append(Arrived::protobuf(bytes.into()), 1, id, admission)
                .await
                .expect("acknowledged once on disk");
        }
        assert!(
            budget.available_permits() >= 512 << 10,
            "the backlog holds at most half the budget: {} left",
            budget.available_permits()
        );
        assert!(counters.spilled.load(Relaxed) > 0, "some waited on disk");
        for seq in 1..=200 {
            let e = q
                .entries
                .recv()
                .await
                .expect("every request reaches the pipeline");
            assert_eq!(e.seq, seq, "in number order");
            if let Request::Kept(id) = e.request {
                assert_eq!(id + 1, seq, "what was kept is what was appended");
            }
        }
        q.running.stop().await;
    }

    #[test]
    fn an_uncompressed_body_is_stored_compressed_and_any_other_as_it_arrived() {
        use crate::wire::census::Encoding;
        let body = bytes::Bytes::from(request(1, true));
        assert!(body.len() >= COMPRESS_FROM_BYTES);
        let packed = compressed(&Arrived::protobuf(body.clone()), Compression::Zstd).unwrap();
        assert_eq!(
            (packed.format, packed.compression),
            (Encoding::Protobuf, Compression::Zstd)
        );
        assert!(
            packed.bytes.len() < body.len() / 3,
            "{}",
            packed.bytes.len()
        );
        let back = Compression::Zstd.decompress(&packed.bytes, body.len());
        assert_eq!(back.unwrap(), body, "read back as it arrived");
        // As it arrived: with queue.compression none; a body that arrived compressed
        // (kept in its own encoding); a small one; one that would not shrink.
        let as_arrived = |a: Arrived, c: Compression| assert!(compressed(&a, c).is_none());
        as_arrived(Arrived::protobuf(body.clone()), Compression::None);
        let gzipped = Arrived {
            bytes: Compression::Gzip.compress(body.clone()).unwrap(),
            format: Encoding::Protobuf,
            compression: Compression::Gzip,
        };
        as_arrived(gzipped, Compression::Zstd);
        let small = body.slice(..COMPRESS_FROM_BYTES - 1);
        as_arrived(Arrived::protobuf(small), Compression::Zstd);
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let noise: Vec<u8> = (0..4096)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        as_arrived(Arrived::protobuf(noise.into()), Compression::Zstd);
    }

    #[test]
    fn a_database_an_older_receiver_wrote_in_redb_format_2_is_an_error_that_says_what_to_do() {
        let dir = tempfile::tempdir().unwrap();
        // What a receiver built with redb 2.6 created: its default file format, 2.
        drop(redb2::Database::create(dir.path().join("queue.redb")).unwrap());
        let config = QueueConfig {
            dir: Some(dir.path().into()),
            ..QueueConfig::default()
        };
        let hand_over = HandOver {
            capacity: 16,
            keep_room: 0,
            bound: feeder::Bound::unlimited(),
        };
        let e = match open::<()>(&config, 1, hand_over, Arc::new(QueueCounters::default())) {
            Ok(_) => panic!("a format 2 database opened"),
            Err(e) => e,
        };
        assert!(
            matches!(&e, QueueError::OldDatabaseFormat { version: 2, path }
                if *path == dir.path().display().to_string()),
            "{e:?}"
        );
        let text = e.to_string();
        assert!(
            text.contains("format 2") && text.contains("remove"),
            "{text}"
        );
    }
}
