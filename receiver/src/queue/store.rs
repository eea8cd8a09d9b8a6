//! The queue's database (redb, one file): accepted requests by number, the window
//! store's evidence, and the next number. Synchronous; only the writer thread writes.
//!
//! After an I/O error redb refuses every further operation on that handle
//! (`PreviousIo`), so the writer reopens the database ([`Store::reopen`]): redb then
//! recovers the last commit it can prove complete, as at a restart.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::{RwLock, RwLockReadGuard};

use opentelemetry_proto::tonic::trace::v1::span::Event;
use prost::Message as _;
use redb::{Database, ReadableTable, ReadableTableMetadata, TableDefinition};
use semconv::codec::{self, WindowDecodeError};
use semconv::store::{Evicted, Tombstone};
use semconv::Window;

use super::QueueError;
use crate::reconcile::origin::EvidenceChange;
use crate::reconcile::resource::ResourceKey;

/// Accepted requests: number → arrival (Unix ns) and the most spans it can export (8
/// bytes little-endian each), then the OTLP protobuf.
const REQUESTS: TableDefinition<u64, &[u8]> = TableDefinition::new("requests");
/// Window records the store holds: (producer, start, origin) → the record as an OTLP
/// span event. Every record the store took for a start is kept until it evicts the start,
/// so loading them in origin order rebuilds what the store had.
const WINDOWS: TableDefinition<(u64, u64, u64), &[u8]> = TableDefinition::new("windows");
/// What eviction left of a producer's evidence: producer → (floor, lost until). One
/// row per producer that ever had evidence evicted (16 bytes), kept for good.
const FLOORS: TableDefinition<u64, (u64, u64)> = TableDefinition::new("floors");
/// `next_seq`: numbers are never reused, so evidence rows name their input unambiguously.
const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
const NEXT_SEQ: &str = "next_seq";
const CLOCK: &str = "clock";

/// Bytes a stored request takes besides its protobuf: its arrival time and output bound.
pub(crate) const HEADER_BYTES: usize = 16;

/// What a restart finds on disk.
#[derive(Debug, Default)]
pub(crate) struct Loaded {
    /// The next request number.
    pub next_seq: u64,
    /// The latest arrival time given out (Unix ns).
    pub clock: u64,
    /// Numbers of the requests on disk, in order, with their stored sizes.
    pub requests: Vec<(u64, u64)>,
    /// Evidence of inputs already gone from disk, in the order to restore it.
    pub windows: Vec<(ResourceKey, Window)>,
    /// What eviction left of producers' evidence, to restore before the windows.
    pub floors: Vec<(ResourceKey, Tombstone)>,
    /// Evidence rows on disk, all of them.
    pub evidence_rows: u64,
    /// The most spans replaying the requests on disk can export.
    pub outputs_bound: u64,
}

/// One request read back.
#[derive(Debug)]
pub(crate) struct Stored {
    pub seq: u64,
    pub arrival: u64,
    pub protobuf: Vec<u8>,
}

/// One commit's worth of changes, applied in order.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    /// New requests: number, arrival, output bound, protobuf.
    pub appends: Vec<(u64, u64, u64, Vec<u8>)>,
    /// Requests to delete.
    pub deletes: Vec<u64>,
    /// Changes of the window store.
    pub evidence: Vec<EvidenceChange>,
    /// Numbers of requests whose commit failed: gone from disk once this batch is
    /// (a failed commit may have reached the disk all the same). Their bytes were never
    /// counted as stored, so removing them frees nothing.
    pub purge: Vec<u64>,
    /// The next request number and arrival clock after this batch.
    pub next_seq: u64,
    pub clock: u64,
}

/// What a commit changed.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Committed {
    /// Stored bytes of the requests it deleted.
    pub freed: u64,
    /// Requests it deleted (a number already gone counts nothing).
    pub deleted: u64,
    /// Evidence rows added minus rows removed.
    pub evidence_rows: i64,
}

/// Opens the database: the file in `queue.dir`, or (tests) a storage backend.
type OpenDb = dyn Fn() -> Result<Database, redb::DatabaseError> + Send + Sync;

/// The database, and how to open it again after an I/O error.
pub(crate) struct Store {
    /// None while a reopen failed (every use fails until the next reopen succeeds).
    db: RwLock<Option<Database>>,
    open: Box<OpenDb>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").finish_non_exhaustive()
    }
}

/// The error of a store whose last reopen failed.
fn closed() -> QueueError {
    QueueError::Storage(Box::new(redb::Error::Io(std::io::Error::other(
        "the queue database is closed after an I/O error",
    ))))
}

/// A stored request's arrival and output bound.
fn header(v: &[u8]) -> Option<(u64, u64)> {
    let (a, rest) = v.split_first_chunk::<8>()?;
    let (b, _) = rest.split_first_chunk::<8>()?;
    Some((u64::from_le_bytes(*a), u64::from_le_bytes(*b)))
}

fn window_row(w: &Window) -> Vec<u8> {
    codec::to_event(w).encode_to_vec()
}

fn read_window(bytes: &[u8]) -> Option<Window> {
    let event = Event::decode(bytes).ok()?;
    match codec::decode(&event.attributes) {
        Ok(w) => Some(w),
        Err(WindowDecodeError::UnknownMode { window, .. }) => Some(*window),
        Err(_) => None,
    }
}

impl Store {
    /// Opens (or creates) the database in `dir`; after a crash redb checks and repairs it.
    pub(super) fn open(dir: &Path) -> Result<Store, QueueError> {
        std::fs::create_dir_all(dir).map_err(|source| QueueError::Dir {
            path: dir.display().to_string(),
            source,
        })?;
        let path = dir.join("queue.redb");
        Store::open_with(move || Database::create(&path))
    }

    /// Opens the database `open` gives (and gives again at each [`Store::reopen`]):
    /// [`Store::open`]'s file, or a test's faulty storage backend.
    pub(super) fn open_with(
        open: impl Fn() -> Result<Database, redb::DatabaseError> + Send + Sync + 'static,
    ) -> Result<Store, QueueError> {
        let db = Store::first_open(&open)?;
        Ok(Store {
            db: RwLock::new(Some(db)),
            open: Box::new(open),
        })
    }

    fn first_open(open: &OpenDb) -> Result<Database, QueueError> {
        let db = open().map_err(redb::Error::from)?;
        let txn = db.begin_write().map_err(redb::Error::from)?;
        {
            // Created here so that readers never meet a missing table.
            txn.open_table(REQUESTS).map_err(redb::Error::from)?;
            txn.open_table(WINDOWS).map_err(redb::Error::from)?;
            txn.open_table(META).map_err(redb::Error::from)?;
            txn.open_table(FLOORS).map_err(redb::Error::from)?;
        }
        txn.commit().map_err(redb::Error::from)?;
        Ok(db)
    }

    /// Closes the database and opens it again: what a failed commit needs before the next
    /// one (redb recovers the last commit it can prove complete). On failure the store
    /// stays closed until a later reopen succeeds.
    pub(super) fn reopen(&self) -> Result<(), QueueError> {
        let mut db = self.db.write().unwrap_or_else(|p| p.into_inner());
        // The old handle first: it holds the file's lock.
        drop(db.take());
        *db = Some(Store::first_open(&*self.open)?);
        Ok(())
    }

    fn db(&self) -> RwLockReadGuard<'_, Option<Database>> {
        self.db.read().unwrap_or_else(|p| p.into_inner())
    }

    /// Reads what a restart needs: the numbers, the sizes, and the evidence of inputs
    /// that are no longer on disk (the others bring their windows again when replayed).
    pub(super) fn load(&self) -> Result<Loaded, QueueError> {
        let db = self.db();
        let txn = db
            .as_ref()
            .ok_or_else(closed)?
            .begin_read()
            .map_err(redb::Error::from)?;
        let meta = txn.open_table(META).map_err(redb::Error::from)?;
        let get = |k| -> Result<u64, QueueError> {
            Ok(meta
                .get(k)
                .map_err(redb::Error::from)?
                .map_or(0, |v| v.value()))
        };
        let (mut next_seq, clock) = (get(NEXT_SEQ)?.max(1), get(CLOCK)?);
        let requests_table = txn.open_table(REQUESTS).map_err(redb::Error::from)?;
        let (mut requests, mut outputs_bound) = (Vec::new(), 0);
        for row in requests_table.iter().map_err(redb::Error::from)? {
            let (k, v) = row.map_err(redb::Error::from)?;
            let v = v.value();
            requests.push((k.value(), v.len() as u64));
            outputs_bound += header(v).map_or(0, |(_, bound)| bound);
        }
        if let Some(&(last, _)) = requests.last() {
            next_seq = next_seq.max(last + 1);
        }
        let on_disk: BTreeSet<u64> = requests.iter().map(|&(s, _)| s).collect();
        let windows_table = txn.open_table(WINDOWS).map_err(redb::Error::from)?;
        let evidence_rows = windows_table.len().map_err(redb::Error::from)?;
        let mut windows = Vec::new();
        // Keys sort by producer, start, then origin: the order the store took them.
        for row in windows_table.iter().map_err(redb::Error::from)? {
            let (k, v) = row.map_err(redb::Error::from)?;
            let (key, start, origin) = k.value();
            if on_disk.contains(&origin) {
                continue;
            }
            match read_window(v.value()) {
                Some(w) => windows.push((ResourceKey(key), w)),
                None => tracing::warn!(
                    key,
                    start,
                    origin,
                    "An evidence row does not decode; skipped"
                ),
            }
        }
        let mut floors = Vec::new();
        for row in txn
            .open_table(FLOORS)
            .map_err(redb::Error::from)?
            .iter()
            .map_err(redb::Error::from)?
        {
            let (k, v) = row.map_err(redb::Error::from)?;
            let (floor, lost_until) = v.value();
            floors.push((ResourceKey(k.value()), Tombstone { floor, lost_until }));
        }
        Ok(Loaded {
            floors,
            next_seq,
            clock,
            requests,
            windows,
            evidence_rows,
            outputs_bound,
        })
    }

    /// Requests on disk, their stored bytes, and evidence rows: what the writer counts
    /// again after a failed commit, which may or may not have reached the disk.
    pub(super) fn totals(&self) -> Result<(u64, u64, u64), QueueError> {
        let db = self.db();
        let txn = db
            .as_ref()
            .ok_or_else(closed)?
            .begin_read()
            .map_err(redb::Error::from)?;
        let requests = txn.open_table(REQUESTS).map_err(redb::Error::from)?;
        let (mut n, mut bytes) = (0, 0);
        for row in requests.iter().map_err(redb::Error::from)? {
            let (_, v) = row.map_err(redb::Error::from)?;
            n += 1;
            bytes += v.value().len() as u64;
        }
        let windows = txn.open_table(WINDOWS).map_err(redb::Error::from)?;
        let rows = windows.len().map_err(redb::Error::from)?;
        Ok((n, bytes, rows))
    }

    /// Requests numbered `from..=to`, in order (numbers not on disk are skipped).
    pub(super) fn read(&self, from: u64, to: u64) -> Result<Vec<Stored>, QueueError> {
        let db = self.db();
        let txn = db
            .as_ref()
            .ok_or_else(closed)?
            .begin_read()
            .map_err(redb::Error::from)?;
        let table = txn.open_table(REQUESTS).map_err(redb::Error::from)?;
        let mut out = Vec::new();
        for row in table.range(from..=to).map_err(redb::Error::from)? {
            let (k, v) = row.map_err(redb::Error::from)?;
            let v = v.value();
            let Some((arrival, _)) = header(v) else {
                return Err(QueueError::Corrupt(k.value()));
            };
            out.push(Stored {
                seq: k.value(),
                arrival,
                protobuf: v[HEADER_BYTES..].to_vec(),
            });
        }
        Ok(out)
    }

    /// Applies a batch in one transaction, durable (fsync) when it returns.
    pub(super) fn commit(&self, batch: &Batch) -> Result<Committed, QueueError> {
        let db = self.db();
        let txn = db
            .as_ref()
            .ok_or_else(closed)?
            .begin_write()
            .map_err(redb::Error::from)?;
        let mut done = Committed::default();
        {
            let mut requests = txn.open_table(REQUESTS).map_err(redb::Error::from)?;
            let mut row = Vec::new();
            for (seq, arrival, bound, protobuf) in &batch.appends {
                row.clear();
                row.extend_from_slice(&arrival.to_le_bytes());
                row.extend_from_slice(&bound.to_le_bytes());
                row.extend_from_slice(protobuf);
                requests
                    .insert(seq, row.as_slice())
                    .map_err(redb::Error::from)?;
            }
            for seq in &batch.deletes {
                if let Some(old) = requests.remove(seq).map_err(redb::Error::from)? {
                    done.freed += old.value().len() as u64;
                    done.deleted += 1;
                }
            }
            for seq in &batch.purge {
                requests.remove(seq).map_err(redb::Error::from)?;
            }
            let mut windows = txn.open_table(WINDOWS).map_err(redb::Error::from)?;
            for change in &batch.evidence {
                match change {
                    EvidenceChange::Taken {
                        key,
                        window,
                        origin,
                    } => {
                        let k = (key.0, window.start_ns, *origin);
                        let old = windows
                            .insert(k, window_row(window).as_slice())
                            .map_err(redb::Error::from)?;
                        done.evidence_rows += i64::from(old.is_none());
                    }
                    EvidenceChange::Evicted(e) => {
                        let range = match e {
                            Evicted::Window(key, start) => {
                                (key.0, *start, 0)..=(key.0, *start, u64::MAX)
                            }
                            Evicted::Process(key) => (key.0, 0, 0)..=(key.0, u64::MAX, u64::MAX),
                        };
                        let mut removed = 0i64;
                        windows
                            .retain_in(range, |_, _| {
                                removed += 1;
                                false
                            })
                            .map_err(redb::Error::from)?;
                        done.evidence_rows -= removed;
                    }
                    // Written to their own table below.
                    EvidenceChange::Floors { .. } => {}
                }
            }
            let mut floors = txn.open_table(FLOORS).map_err(redb::Error::from)?;
            for change in &batch.evidence {
                if let EvidenceChange::Floors { key, floors: f } = change {
                    floors
                        .insert(key.0, (f.floor, f.lost_until))
                        .map_err(redb::Error::from)?;
                }
            }
            let mut meta = txn.open_table(META).map_err(redb::Error::from)?;
            meta.insert(NEXT_SEQ, batch.next_seq)
                .map_err(redb::Error::from)?;
            meta.insert(CLOCK, batch.clock).map_err(redb::Error::from)?;
        }
        txn.commit().map_err(redb::Error::from)?;
        Ok(done)
    }
}
