//! The queue's database (redb, `queue.redb`): what changes in place, committed on its
//! own schedule beside the segment appends. Which requests are done, the evidence rows a
//! restart restores (opaque bytes to the queue: the pipeline encodes and decodes them),
//! what eviction left of each producer, the next number and the arrival clock.
//!
//! After an I/O error redb refuses every further use of its handle (`PreviousIo`), so a
//! failed database commit reopens the database ([`Store::reopen`]): redb then recovers
//! the last commit it can prove complete, as at a restart.

use std::collections::BTreeSet;
use std::sync::{RwLock, RwLockReadGuard};

use redb::{Database, ReadableDatabase, ReadableTable, ReadableTableMetadata, TableDefinition};

use super::QueueError;

/// Numbers of requests that are done (every destination has all of their output), as
/// long as a segment holds them.
const DONE: TableDefinition<u64, ()> = TableDefinition::new("done");
/// Evidence rows: (producer, start, origin) → the record. Every record taken for a start
/// is kept until the start is dropped, so loading them in key order rebuilds what the
/// window store had.
const WINDOWS: TableDefinition<(u64, u64, u64), &[u8]> = TableDefinition::new("windows");
/// What eviction left of a producer's evidence: producer → (floor, lost until). One
/// row per producer that ever had evidence evicted (16 bytes), kept for good.
const FLOORS: TableDefinition<u64, (u64, u64)> = TableDefinition::new("floors");
/// `next_seq`: numbers are never reused, so evidence rows name their input unambiguously.
pub(super) const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
pub(super) const NEXT_SEQ: &str = "next_seq";
const CLOCK: &str = "clock";
/// Requests as the queue kept them before segments (number → arrival, output bound,
/// protobuf): moved into a segment when found.
pub(super) const LEGACY_REQUESTS: TableDefinition<u64, &[u8]> = TableDefinition::new("requests");

/// A change of the evidence a restart restores, in the order it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evidence {
    /// Keep `record` for `producer`'s window starting at `start`, taken from input
    /// `origin` (kept until the start or the producer is dropped).
    Taken {
        producer: u64,
        start: u64,
        origin: u64,
        record: Vec<u8>,
    },
    /// Drop every record of `producer`'s window starting at `start`.
    WindowDropped { producer: u64, start: u64 },
    /// Drop every record of `producer`.
    ProducerDropped { producer: u64 },
    /// What eviction left of `producer`'s evidence: its floor and until when it was lost.
    Floors {
        producer: u64,
        floor: u64,
        lost_until: u64,
    },
}

/// Evidence to restore at a restart, in the order to restore it.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Restored {
    /// What eviction left of producers' evidence, first: (producer, floor, lost until).
    pub floors: Vec<(u64, u64, u64)>,
    /// The records of inputs already gone from disk (the others bring theirs again when
    /// replayed): (producer, start, origin, record), in key order.
    pub windows: Vec<(u64, u64, u64, Vec<u8>)>,
}

/// One database commit's worth of changes, applied in order.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    /// Requests that are done.
    pub done: Vec<u64>,
    /// Changes of the evidence.
    pub evidence: Vec<Evidence>,
    /// The next request number and arrival clock.
    pub next_seq: u64,
    pub clock: u64,
}

/// What a database commit changed.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Committed {
    /// Evidence rows added minus rows removed.
    pub evidence_rows: i64,
}

/// What the database says at a restart.
#[derive(Debug, Default)]
pub(super) struct Found {
    pub next_seq: u64,
    pub clock: u64,
    pub done: BTreeSet<u64>,
    /// Requests an older receiver kept in the database: (number, arrival, bound, protobuf).
    pub legacy: Vec<(u64, u64, u64, Vec<u8>)>,
}

/// Opens the database (the file in `queue.dir`, or a test's storage backend).
pub(super) type OpenDb = dyn Fn() -> Result<Database, redb::DatabaseError> + Send + Sync;

/// Opens the database and creates its tables. redb 2.6 was seen to panic on opening a
/// file after some crash and fault sequences (docs/receiver.md; not seen with redb 4): a
/// panic is an error here, never a panic out of the queue.
pub(super) fn first_open(open: &OpenDb) -> Result<Database, QueueError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| open_tables(open)))
        .unwrap_or_else(|panic| Err(QueueError::Panicked(super::panic_message(&*panic))))
}

fn open_tables(open: &OpenDb) -> Result<Database, QueueError> {
    let db = open()?;
    let txn = db.begin_write()?;
    {
        // Created here so that readers never meet a missing table.
        txn.open_table(DONE)?;
        txn.open_table(WINDOWS)?;
        txn.open_table(META)?;
        txn.open_table(FLOORS)?;
    }
    txn.commit()?;
    Ok(db)
}

/// Removes the evidence rows in `range`; how many there were.
fn drop_rows(
    windows: &mut redb::Table<'_, (u64, u64, u64), &'static [u8]>,
    range: std::ops::RangeInclusive<(u64, u64, u64)>,
) -> Result<i64, QueueError> {
    let mut removed = 0i64;
    windows.retain_in(range, |_, _| {
        removed += 1;
        false
    })?;
    Ok(removed)
}

/// The error of a database whose last reopen failed.
pub(super) fn closed() -> QueueError {
    QueueError::Storage(Box::new(redb::Error::Io(std::io::Error::other(
        "the queue database is closed after an I/O error",
    ))))
}

/// The queue's database: its handle, and how to open it again after a failed commit.
pub(crate) struct Db {
    /// None while a reopen failed (every use fails until the next reopen succeeds).
    db: RwLock<Option<Database>>,
    open: Box<OpenDb>,
}

impl Db {
    /// Opens the database (tables created) with `open`, which a reopen calls again.
    pub(super) fn open(open: Box<OpenDb>) -> Result<Db, QueueError> {
        let db = first_open(&*open)?;
        Ok(Db {
            db: RwLock::new(Some(db)),
            open,
        })
    }

    fn db(&self) -> RwLockReadGuard<'_, Option<Database>> {
        self.db.read().unwrap_or_else(|p| p.into_inner())
    }

    /// Closes the database and opens it again: what a failed database commit needs
    /// before the next one. On failure the database stays closed until a later reopen
    /// succeeds.
    pub(super) fn reopen(&self) -> Result<(), QueueError> {
        let mut db = self.db.write().unwrap_or_else(|p| p.into_inner());
        // The old handle first: it holds the file's lock.
        drop(db.take());
        *db = Some(first_open(&*self.open)?);
        Ok(())
    }

    /// The numbers, the done rows and an older receiver's requests.
    pub(super) fn found(&self) -> Result<Found, QueueError> {
        let db = self.db();
        let txn = db.as_ref().ok_or_else(closed)?.begin_read()?;
        let meta = txn.open_table(META)?;
        let get = |k| -> Result<u64, QueueError> { Ok(meta.get(k)?.map_or(0, |v| v.value())) };
        let mut found = Found {
            next_seq: get(NEXT_SEQ)?,
            clock: get(CLOCK)?,
            ..Found::default()
        };
        for row in txn.open_table(DONE)?.iter()? {
            found.done.insert(row?.0.value());
        }
        if let Ok(t) = txn.open_table(LEGACY_REQUESTS) {
            for row in t.iter()? {
                let (k, v) = row?;
                let v = v.value();
                if v.len() >= 16 {
                    let arrival = u64::from_le_bytes(v[..8].try_into().unwrap());
                    let bound = u64::from_le_bytes(v[8..16].try_into().unwrap());
                    found
                        .legacy
                        .push((k.value(), arrival, bound, v[16..].to_vec()));
                }
            }
        }
        Ok(found)
    }

    /// After a restart read the segments: keeps the done rows of the numbers `kept`
    /// ranges hold, drops the older receiver's requests (now in a segment), and records
    /// the numbers.
    pub(super) fn settle_found(
        &self,
        kept: &[(u64, u64)],
        next_seq: u64,
        clock: u64,
    ) -> Result<(), QueueError> {
        let db = self.db();
        let txn = db.as_ref().ok_or_else(closed)?.begin_write()?;
        {
            let mut t = txn.open_table(DONE)?;
            t.retain(|seq, _| kept.iter().any(|&(f, l)| (f..=l).contains(&seq)))?;
            let _ = txn.delete_table(LEGACY_REQUESTS);
            let mut meta = txn.open_table(META)?;
            meta.insert(NEXT_SEQ, next_seq)?;
            meta.insert(CLOCK, clock)?;
        }
        txn.commit()?;
        Ok(())
    }

    /// The evidence to restore (rows of inputs for which `live` is true are left out:
    /// replaying them brings their records again) and how many rows there are in all.
    pub(super) fn evidence(
        &self,
        live: impl Fn(u64) -> bool,
    ) -> Result<(Restored, u64), QueueError> {
        let db = self.db();
        let txn = db.as_ref().ok_or_else(closed)?.begin_read()?;
        let table = txn.open_table(WINDOWS)?;
        let rows = table.len()?;
        let mut restored = Restored::default();
        // Keys sort by producer, start, then origin: the order the store took them.
        for row in table.iter()? {
            let (k, v) = row?;
            let (producer, start, origin) = k.value();
            if !live(origin) {
                restored
                    .windows
                    .push((producer, start, origin, v.value().to_vec()));
            }
        }
        for row in txn.open_table(FLOORS)?.iter()? {
            let (k, v) = row?;
            let (floor, lost_until) = v.value();
            restored.floors.push((k.value(), floor, lost_until));
        }
        Ok((restored, rows))
    }

    /// Commits `batch` (durable when it returns), and drops the done rows of the
    /// numbers of `removed` segments.
    pub(super) fn write(
        &self,
        batch: &Batch,
        removed: &[(u64, u64)],
    ) -> Result<Committed, QueueError> {
        let db = self.db();
        let txn = db.as_ref().ok_or_else(closed)?.begin_write()?;
        let mut done = Committed::default();
        {
            let mut rows = txn.open_table(DONE)?;
            for seq in &batch.done {
                rows.insert(seq, ())?;
            }
            for &(first, last) in removed {
                rows.retain_in(first..=last, |_, _| false)?;
            }
            let mut windows = txn.open_table(WINDOWS)?;
            for change in &batch.evidence {
                match change {
                    Evidence::Taken {
                        producer,
                        start,
                        origin,
                        record,
                    } => {
                        let old =
                            windows.insert((*producer, *start, *origin), record.as_slice())?;
                        done.evidence_rows += i64::from(old.is_none());
                    }
                    Evidence::WindowDropped { producer, start } => {
                        done.evidence_rows -= drop_rows(
                            &mut windows,
                            (*producer, *start, 0)..=(*producer, *start, u64::MAX),
                        )?;
                    }
                    Evidence::ProducerDropped { producer } => {
                        done.evidence_rows -= drop_rows(
                            &mut windows,
                            (*producer, 0, 0)..=(*producer, u64::MAX, u64::MAX),
                        )?;
                    }
                    // Written to their own table below.
                    Evidence::Floors { .. } => {}
                }
            }
            let mut floors = txn.open_table(FLOORS)?;
            for change in &batch.evidence {
                if let Evidence::Floors {
                    producer,
                    floor,
                    lost_until,
                } = change
                {
                    floors.insert(producer, (*floor, *lost_until))?;
                }
            }
            let mut meta = txn.open_table(META)?;
            meta.insert(NEXT_SEQ, batch.next_seq)?;
            meta.insert(CLOCK, batch.clock)?;
        }
        txn.commit()?;
        Ok(done)
    }
}
