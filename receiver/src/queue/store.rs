//! The queue's storage in `queue.dir`: accepted requests as records appended to segment
//! files (one write and one fdatasync per group commit; what an acknowledgement waits
//! for), and a redb database for what changes in place, committed on its own schedule:
//! which requests are done, the window store's evidence, the next number and the
//! arrival clock. Synchronous; only the writer thread writes.
//!
//! A record: magic, body length, number, arrival (Unix ns), output bound, the body's
//! CRC-32 and the header's (40 bytes), then the request's protobuf. A restart reads the
//! segments in order and stops in each at the first record that is short or fails a
//! checksum: a torn tail can only hold requests whose commit never completed, since a
//! commit is acknowledged after its fdatasync and a restart never appends to an old
//! segment. Requests numbered in the database's done table are skipped. A segment is
//! removed once every request in it is done and that is durable; its done rows go in a
//! later commit, after the directory is synced.
//!
//! After an I/O error redb refuses every further use of its handle (`PreviousIo`), so a
//! failed database commit reopens the database ([`Store::reopen`]): redb then recovers
//! the last commit it can prove complete, as at a restart.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound::Included;
use std::sync::{Arc, Mutex, MutexGuard, RwLock, RwLockReadGuard};

use opentelemetry_proto::tonic::trace::v1::span::Event;
use prost::Message as _;
use redb::{Database, ReadableDatabase, ReadableTable, ReadableTableMetadata, TableDefinition};
use semconv::codec::{self, WindowDecodeError};
use semconv::store::{Evicted, Tombstone};
use semconv::Window;

use super::fs::{Fs, SegmentFile};
use super::QueueError;
use crate::reconcile::origin::EvidenceChange;
use crate::reconcile::resource::ResourceKey;

/// Numbers of requests that are done (every destination has all of their output), as
/// long as a segment holds them.
const DONE: TableDefinition<u64, ()> = TableDefinition::new("done");
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
/// Requests as the queue kept them before segments (number → arrival, output bound,
/// protobuf): moved into a segment when found.
const LEGACY_REQUESTS: TableDefinition<u64, &[u8]> = TableDefinition::new("requests");

/// Done segments kept for reuse. Writing over a reused file's allocated blocks makes an
/// append's fdatasync a data flush alone (a growing file commits the file system's
/// journal too), and no file is freed (on the H200 host's ext4, mounted with `discard`,
/// appends of over 10 ms came with the removal of 64 MiB segments; reuse ended them).
const SPARES: usize = 2;
const MAGIC: u32 = 0x3151_4f47; // "GOQ1"
/// Bytes a stored request takes besides its protobuf: its record's header.
pub(crate) const HEADER_BYTES: usize = 40;
const SEGMENT_SUFFIX: &str = ".seg";

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
    pub protobuf: Vec<u8>,
}

/// One request to append: number, arrival, output bound, protobuf and its CRC-32.
#[derive(Debug)]
pub(crate) struct Record<'a> {
    pub seq: u64,
    pub arrival: u64,
    pub bound: u64,
    pub body: &'a [u8],
    pub crc: u32,
}

/// One database commit's worth of changes, applied in order.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    /// Requests that are done.
    pub done: Vec<u64>,
    /// Changes of the window store.
    pub evidence: Vec<EvidenceChange>,
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

/// Where a live request is.
#[derive(Debug, Clone, Copy)]
struct Loc {
    segment: u64,
    /// Of its body.
    offset: u64,
    len: u32,
    arrival: u64,
    crc: u32,
    /// The most spans it becomes (its spans and window records).
    bound: u64,
}

#[derive(Debug)]
struct Segment {
    file: Arc<dyn SegmentFile>,
    /// Requests in it that are not done.
    live: u64,
    /// The lowest and the highest number in it.
    first: u64,
    last: u64,
}

#[derive(Debug, Default)]
struct Segments {
    /// By their id (their name). Ids say nothing of order: a segment's numbers are in its
    /// records.
    files: BTreeMap<u64, Segment>,
    /// The one appends go to, and where the next record goes.
    current: Option<(u64, u64)>,
    /// Files ready for the next segments, made ready by the database thread so that
    /// starting a segment costs an acknowledgement no file system work:
    /// done segments kept for reuse (at most [`SPARES`]), else a file created ahead.
    spares: Vec<(u64, Arc<dyn SegmentFile>)>,
    /// The id the next new file gets: above every name in the directory.
    next_id: u64,
    /// Live requests.
    index: BTreeMap<u64, Loc>,
    /// Segments with nothing live, by id: removed after the next database commit, which
    /// makes the last of their done rows durable.
    dead: Vec<u64>,
    /// Numbers (first, last) of removed segments (the directory synced since) and of
    /// segments wiped for reuse: their done rows go with the next database commit.
    removed: Vec<(u64, u64)>,
}

impl Segments {
    fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id - 1
    }
}

/// Opens the database (the file in `queue.dir`, or a test's storage backend).
type OpenDb = dyn Fn() -> Result<Database, redb::DatabaseError> + Send + Sync;

/// The queue's files.
pub(crate) struct Store {
    fs: Arc<dyn Fs>,
    /// None while a reopen failed (every use fails until the next reopen succeeds).
    db: RwLock<Option<Database>>,
    open: Box<OpenDb>,
    segs: Mutex<Segments>,
    /// A segment takes appends until it reaches this size.
    segment_bytes: u64,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("fs", &self.fs).finish()
    }
}

/// The error of a store whose last reopen failed.
fn closed() -> QueueError {
    QueueError::Storage(Box::new(redb::Error::Io(std::io::Error::other(
        "the queue database is closed after an I/O error",
    ))))
}

fn io(e: std::io::Error) -> QueueError {
    QueueError::Storage(Box::new(redb::Error::Io(e)))
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

fn segment_name(id: u64) -> String {
    format!("{id:020}{SEGMENT_SUFFIX}")
}

/// Whether `name` is a segment file's.
pub(super) fn is_segment(name: &str) -> bool {
    segment_number(name).is_some()
}

fn segment_number(name: &str) -> Option<u64> {
    let digits = name.strip_suffix(SEGMENT_SUFFIX)?;
    (digits.len() == 20 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

/// The CRC-32 of a request's protobuf.
pub(crate) fn body_crc(body: &[u8]) -> u32 {
    crc32fast::hash(body)
}

fn encode_header(r: &Record<'_>, out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(&MAGIC.to_le_bytes());
    out.extend_from_slice(&(r.body.len() as u32).to_le_bytes());
    out.extend_from_slice(&r.seq.to_le_bytes());
    out.extend_from_slice(&r.arrival.to_le_bytes());
    out.extend_from_slice(&r.bound.to_le_bytes());
    out.extend_from_slice(&r.crc.to_le_bytes());
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_le_bytes());
}

/// A record's header: (body length, number, arrival, bound, body CRC), if it is one.
fn decode_header(h: &[u8]) -> Option<(u32, u64, u64, u64, u32)> {
    let h: &[u8; HEADER_BYTES] = h.get(..HEADER_BYTES)?.try_into().ok()?;
    let u32_at = |i: usize| u32::from_le_bytes(h[i..i + 4].try_into().unwrap());
    let u64_at = |i: usize| u64::from_le_bytes(h[i..i + 8].try_into().unwrap());
    if u32_at(0) != MAGIC || crc32fast::hash(&h[..36]) != u32_at(36) {
        return None;
    }
    Some((u32_at(4), u64_at(8), u64_at(16), u64_at(24), u32_at(32)))
}

/// The records of a segment's bytes that read whole, in order, with their body offsets;
/// and where the first bad one starts, if one does. Numbers rise within a segment: a
/// record numbered below the one before it is a reused file's old content (reuse wipes
/// the first header, and every number written since is higher than any before).
#[allow(clippy::type_complexity)]
fn scan(bytes: &[u8]) -> (Vec<(u64, u64, u64, Loc)>, Option<usize>) {
    let mut out: Vec<(u64, u64, u64, Loc)> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let Some((len, seq, arrival, bound, crc)) = decode_header(&bytes[at..]) else {
            return (out, Some(at));
        };
        if out.last().is_some_and(|r| r.0 >= seq) {
            return (out, Some(at));
        }
        let body = at + HEADER_BYTES;
        let end = body + len as usize;
        if end > bytes.len() || crc32fast::hash(&bytes[body..end]) != crc {
            return (out, Some(at));
        }
        out.push((
            seq,
            bound,
            len as u64,
            Loc {
                segment: 0,
                offset: body as u64,
                len,
                arrival,
                crc,
                bound,
            },
        ));
        at = end;
    }
    (out, None)
}

impl Store {
    /// Opens the files `fs` gives: the database (tables created) and the directory.
    pub(super) fn open(fs: Arc<dyn Fs>) -> Result<Store, QueueError> {
        let open_fs = fs.clone();
        let open: Box<OpenDb> = Box::new(move || open_fs.open_db());
        let db = Store::first_open(&*open)?;
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

    /// Opens the database and creates its tables. redb 2.6 was seen to panic on opening
    /// a file after some crash and fault sequences (docs/receiver.md; not seen with redb
    /// 4): a panic is an error here, never a panic out of the queue.
    fn first_open(open: &OpenDb) -> Result<Database, QueueError> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Store::open_tables(open)))
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

    /// Closes the database and opens it again: what a failed database commit needs
    /// before the next one. On failure the database stays closed until a later reopen
    /// succeeds.
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

    fn segs(&self) -> MutexGuard<'_, Segments> {
        self.segs.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Reads what a restart needs: the requests in the segments that are not done (moving
    /// requests kept by an older receiver into a segment first), the evidence of inputs
    /// that are no longer on disk (the others bring their windows again when replayed),
    /// and the numbers; removes what is done.
    pub(super) fn load(&self) -> Result<Loaded, QueueError> {
        let (meta_next, clock, done, legacy) = {
            let db = self.db();
            let txn = db.as_ref().ok_or_else(closed)?.begin_read()?;
            let meta = txn.open_table(META)?;
            let get = |k| -> Result<u64, QueueError> { Ok(meta.get(k)?.map_or(0, |v| v.value())) };
            let (next, clock) = (get(NEXT_SEQ)?, get(CLOCK)?);
            let mut done = BTreeSet::new();
            for row in txn.open_table(DONE)?.iter()? {
                done.insert(row?.0.value());
            }
            let mut legacy = Vec::new();
            if let Ok(t) = txn.open_table(LEGACY_REQUESTS) {
                for row in t.iter()? {
                    let (k, v) = row?;
                    let v = v.value();
                    if v.len() >= 16 {
                        let arrival = u64::from_le_bytes(v[..8].try_into().unwrap());
                        let bound = u64::from_le_bytes(v[8..16].try_into().unwrap());
                        legacy.push((k.value(), arrival, bound, v[16..].to_vec()));
                    }
                }
            }
            (next, clock, done, legacy)
        };

        // The segments (by id; an older receiver named them by their first number).
        let mut names: Vec<(u64, String)> = self
            .fs
            .list()
            .map_err(io)?
            .into_iter()
            .filter_map(|n| segment_number(&n).map(|k| (k, n)))
            .collect();
        names.sort();
        let mut segs = Segments {
            next_id: names.last().map_or(1, |(id, _)| id + 1),
            ..Segments::default()
        };
        let mut seen = BTreeSet::new();
        let mut outputs_bound = 0;
        let mut max_seq = 0;
        let mut empty = Vec::new();
        for (id, name) in &names {
            let file: Arc<dyn SegmentFile> = Arc::from(self.fs.open(name).map_err(io)?);
            let len = file.len().map_err(io)?;
            let bytes = file.read_at(0, len as usize).map_err(io)?;
            let (records, bad) = scan(&bytes);
            if let Some(at) = bad {
                tracing::info!(
                    segment = name.as_str(),
                    offset = at,
                    bytes_skipped = bytes.len() - at,
                    "A queue segment's records end before the file does; what follows is skipped (an append whose commit did not complete, or a reused file's old records)"
                );
            }
            let mut seg = Segment {
                file,
                live: 0,
                first: records.first().map_or(0, |r| r.0),
                last: 0,
            };
            for (seq, bound, _, mut loc) in records {
                seen.insert(seq);
                max_seq = max_seq.max(seq);
                seg.last = seg.last.max(seq);
                if done.contains(&seq) {
                    continue;
                }
                loc.segment = *id;
                seg.live += 1;
                outputs_bound += bound;
                segs.index.insert(seq, loc);
            }
            // Empty ones too: a spare made ready and never used.
            if seg.live == 0 {
                empty.push(name.clone());
            } else {
                segs.files.insert(*id, seg);
            }
        }

        for name in &empty {
            if let Err(e) = self.fs.remove(name) {
                tracing::warn!(segment = name.as_str(), error = %e, "Cannot remove a done queue segment");
            }
        }
        if !empty.is_empty() {
            self.fs.sync_dir().map_err(io)?;
        }

        // Requests an older receiver kept in the database: into a segment of their own.
        let legacy: Vec<_> = legacy
            .into_iter()
            .filter(|(seq, ..)| !seen.contains(seq) && !done.contains(seq))
            .collect();
        if let Some(&(first, ..)) = legacy.first() {
            let records: Vec<Record<'_>> = legacy
                .iter()
                .map(|(seq, arrival, bound, body)| Record {
                    seq: *seq,
                    arrival: *arrival,
                    bound: *bound,
                    body,
                    crc: body_crc(body),
                })
                .collect();
            let id = segs.new_id();
            let file: Arc<dyn SegmentFile> =
                Arc::from(self.fs.create(&segment_name(id)).map_err(io)?);
            let mut buf = Vec::new();
            let mut seg = Segment {
                file: file.clone(),
                live: 0,
                first,
                last: first,
            };
            for r in &records {
                encode_header(r, &mut buf);
                let offset = buf.len() as u64;
                buf.extend_from_slice(r.body);
                seg.live += 1;
                seg.last = seg.last.max(r.seq);
                max_seq = max_seq.max(r.seq);
                outputs_bound += r.bound;
                segs.index.insert(
                    r.seq,
                    Loc {
                        segment: id,
                        offset,
                        len: r.body.len() as u32,
                        arrival: r.arrival,
                        crc: r.crc,
                        bound: r.bound,
                    },
                );
            }
            file.write_at(0, &buf).map_err(io)?;
            file.sync().map_err(io)?;
            self.fs.sync_dir().map_err(io)?;
            segs.files.insert(id, seg);
            tracing::info!(
                requests = records.len(),
                "Moved the requests an older receiver queued into a segment"
            );
        }

        let max_done = done.last().copied().unwrap_or(0);
        let next_seq = meta_next.max(max_seq + 1).max(max_done + 1).max(1);

        // Done rows of segments that are gone, the legacy rows, and the next number.
        {
            let db = self.db();
            let txn = db.as_ref().ok_or_else(closed)?.begin_write()?;
            {
                let mut t = txn.open_table(DONE)?;
                let kept: Vec<(u64, u64)> =
                    segs.files.values().map(|s| (s.first, s.last)).collect();
                t.retain(|seq, _| kept.iter().any(|&(f, l)| (f..=l).contains(&seq)))?;
                let _ = txn.delete_table(LEGACY_REQUESTS);
                let mut meta = txn.open_table(META)?;
                meta.insert(NEXT_SEQ, next_seq)?;
                meta.insert(CLOCK, clock)?;
            }
            txn.commit()?;
        }

        // Evidence of inputs no longer on disk.
        let (windows, floors, evidence_rows) = {
            let db = self.db();
            let txn = db.as_ref().ok_or_else(closed)?.begin_read()?;
            let windows_table = txn.open_table(WINDOWS)?;
            let evidence_rows = windows_table.len()?;
            let mut windows = Vec::new();
            // Keys sort by producer, start, then origin: the order the store took them.
            for row in windows_table.iter()? {
                let (k, v) = row?;
                let (key, start, origin) = k.value();
                if segs.index.contains_key(&origin) {
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
            for row in txn.open_table(FLOORS)?.iter()? {
                let (k, v) = row?;
                let (floor, lost_until) = v.value();
                floors.push((ResourceKey(k.value()), Tombstone { floor, lost_until }));
            }
            (windows, floors, evidence_rows)
        };

        let requests = segs
            .index
            .iter()
            .map(|(&seq, l)| (seq, u64::from(l.len) + HEADER_BYTES as u64))
            .collect();
        *self.segs() = segs;
        Ok(Loaded {
            next_seq,
            clock,
            requests,
            windows,
            floors,
            evidence_rows,
            outputs_bound,
        })
    }

    /// A new, empty segment file whose name is durable.
    fn new_file(&self) -> Result<(u64, Arc<dyn SegmentFile>), QueueError> {
        let id = self.segs().new_id();
        let name = segment_name(id);
        let file: Arc<dyn SegmentFile> = Arc::from(self.fs.create(&name).map_err(io)?);
        if let Err(e) = self.fs.sync_dir() {
            // Its name might not survive a crash, so nothing may be acknowledged in it.
            // Empty: if it cannot be removed now, the next start removes it.
            let _ = self.fs.remove(&name);
            return Err(io(e));
        }
        Ok((id, file))
    }

    /// Makes a file ready for the next segment, unless one is: called off the
    /// acknowledgement path (the database thread) whenever [`Store::append`] started a
    /// segment.
    pub(super) fn prepare_spare(&self) -> Result<(), QueueError> {
        if !self.segs().spares.is_empty() {
            return Ok(());
        }
        let spare = self.new_file()?;
        // Only this thread adds spares; the writer only takes them.
        self.segs().spares.push(spare);
        Ok(())
    }

    /// Makes a done segment's file a spare: its first header wiped and that durable, so
    /// that none of its old records can be read as new ones.
    fn wipe(file: &dyn SegmentFile) -> Result<(), QueueError> {
        file.write_at(0, &[0; HEADER_BYTES]).map_err(io)?;
        file.sync().map_err(io)
    }

    /// Appends `records` (numbered in order, above every number before) to the current
    /// segment, starting one when there is none (the spare, else a file created now), and
    /// makes them durable. True: a segment was started (a new spare is wanted). On error
    /// some of them may be on disk: [`Store::discard_tail`] removes them.
    pub(super) fn append(&self, records: &[Record<'_>]) -> Result<bool, QueueError> {
        let Some(first) = records.first() else {
            return Ok(false);
        };
        // Only the writer thread appends, so `current` cannot change under it.
        let current = {
            let segs = self.segs();
            segs.current
                .map(|(id, offset)| (id, offset, segs.files[&id].file.clone()))
        };
        let started = current.is_none();
        let (segment, offset, file) = match current {
            Some(c) => c,
            None => {
                let spare = self.segs().spares.pop();
                let (id, file) = match spare {
                    Some(spare) => spare,
                    None => self.new_file()?,
                };
                let mut segs = self.segs();
                segs.files.insert(
                    id,
                    Segment {
                        file: file.clone(),
                        live: 0,
                        first: first.seq,
                        last: first.seq,
                    },
                );
                // Current, so that a failure below leaves it to discard_tail.
                segs.current = Some((id, 0));
                (id, 0, file)
            }
        };
        let mut buf = Vec::with_capacity(records.iter().map(|r| HEADER_BYTES + r.body.len()).sum());
        let mut locs = Vec::with_capacity(records.len());
        for r in records {
            encode_header(r, &mut buf);
            locs.push((
                r.seq,
                Loc {
                    segment,
                    offset: offset + buf.len() as u64,
                    len: r.body.len() as u32,
                    arrival: r.arrival,
                    crc: r.crc,
                    bound: r.bound,
                },
            ));
            buf.extend_from_slice(r.body);
        }
        file.write_at(offset, &buf).map_err(io)?;
        file.sync().map_err(io)?;
        let mut segs = self.segs();
        let end = offset + buf.len() as u64;
        let seg = segs.files.get_mut(&segment).expect("the current segment");
        seg.live += locs.len() as u64;
        seg.last = seg.last.max(records[records.len() - 1].seq);
        segs.index.extend(locs);
        segs.current = (end < self.segment_bytes).then_some((segment, end));
        Ok(started)
    }

    /// After a failed append: cuts the current segment back to what was durable before
    /// it and syncs that, so that nothing of the failed append can come back; the next
    /// append starts a new segment. On error, try again later.
    pub(super) fn discard_tail(&self) -> Result<(), QueueError> {
        let mut segs = self.segs();
        let Some((segment, end)) = segs.current else {
            return Ok(());
        };
        let file = segs.files[&segment].file.clone();
        file.set_len(end).map_err(io)?;
        file.sync().map_err(io)?;
        segs.current = None;
        if segs.files[&segment].live == 0 {
            segs.dead.push(segment);
        }
        Ok(())
    }

    /// These requests are done: they leave the index at once (their bytes no longer
    /// count); on disk they count as done once a database commit holds them. Returns the
    /// stored bytes and the number of requests that left.
    pub(super) fn forget(&self, seqs: &[u64]) -> Forgotten {
        let mut segs = self.segs();
        let mut out = Forgotten::default();
        for seq in seqs {
            let Some(loc) = segs.index.remove(seq) else {
                continue;
            };
            out.bytes += u64::from(loc.len) + HEADER_BYTES as u64;
            out.requests += 1;
            out.spans += loc.bound;
            let current = segs.current.map(|c| c.0);
            let seg = segs
                .files
                .get_mut(&loc.segment)
                .expect("a live request's segment");
            seg.live -= 1;
            if seg.live == 0 && current != Some(loc.segment) {
                // Its done rows are in the batch of the next database commit.
                segs.dead.push(loc.segment);
            }
        }
        out
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
        let db = self.db();
        let txn = db.as_ref().ok_or_else(closed)?.begin_write()?;
        let mut done = Committed::default();
        {
            let mut rows = txn.open_table(DONE)?;
            for seq in &batch.done {
                rows.insert(seq, ())?;
            }
            for &(first, last) in &removed {
                rows.retain_in(first..=last, |_, _| false)?;
            }
            let mut windows = txn.open_table(WINDOWS)?;
            for change in &batch.evidence {
                match change {
                    EvidenceChange::Taken {
                        key,
                        window,
                        origin,
                    } => {
                        let k = (key.0, window.start_ns, *origin);
                        let old = windows.insert(k, window_row(window).as_slice())?;
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
                        windows.retain_in(range, |_, _| {
                            removed += 1;
                            false
                        })?;
                        done.evidence_rows -= removed;
                    }
                    // Written to their own table below.
                    EvidenceChange::Floors { .. } => {}
                }
            }
            let mut floors = txn.open_table(FLOORS)?;
            for change in &batch.evidence {
                if let EvidenceChange::Floors { key, floors: f } = change {
                    floors.insert(key.0, (f.floor, f.lost_until))?;
                }
            }
            let mut meta = txn.open_table(META)?;
            meta.insert(NEXT_SEQ, batch.next_seq)?;
            meta.insert(CLOCK, batch.clock)?;
        }
        txn.commit()?;
        drop(db);
        // Durable: the removed segments' rows are gone; the dead segments' rows are in.
        let dead: Vec<(u64, Segment)> = {
            let mut segs = self.segs();
            segs.removed.retain(|r| !removed.contains(r));
            segs.dead.retain(|d| !dead.contains(d));
            dead.iter()
                .filter_map(|id| segs.files.remove(id).map(|s| (*id, s)))
                .collect()
        };
        // Reused, or removed, without the lock that appends take: on ext4 a directory
        // sync commits the journal, which can take tens of milliseconds beside the
        // appends' own writes.
        let mut gone = Vec::new();
        let mut kept = Vec::new();
        let mut spares = SPARES.saturating_sub(self.segs().spares.len());
        for (id, seg) in dead {
            if spares > 0 {
                match Store::wipe(&*seg.file) {
                    Ok(()) => {
                        spares -= 1;
                        let mut segs = self.segs();
                        // Nothing of it can be read any more: its rows may go.
                        segs.removed.push((seg.first, seg.last));
                        segs.spares.push((id, seg.file));
                        continue;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "Cannot reuse a done queue segment; it is removed");
                    }
                }
            }
            match self.fs.remove(&segment_name(id)) {
                Ok(()) => gone.push((seg.first, seg.last)),
                Err(e) => {
                    tracing::warn!(error = %e, "Cannot remove a done queue segment");
                    kept.push((id, seg));
                }
            }
        }
        // Their rows may go only once the removals are durable.
        let synced = gone.is_empty() || {
            let r = self.fs.sync_dir();
            if let Err(e) = &r {
                tracing::warn!(error = %e, "Cannot sync the queue directory");
            }
            r.is_ok()
        };
        let mut segs = self.segs();
        if synced {
            segs.removed.extend(gone);
        }
        for (id, seg) in kept {
            segs.files.insert(id, seg);
            segs.dead.push(id);
        }
        Ok(done)
    }

    /// Whether a segment waits for a database commit to be removed.
    pub(super) fn has_dead(&self) -> bool {
        !self.segs().dead.is_empty()
    }

    /// The numbers and stored sizes (their protobuf's) of the live requests numbered
    /// `from..=to`, in order.
    pub(super) fn live(&self, from: u64, to: u64) -> Vec<(u64, usize)> {
        self.segs()
            .index
            .range((Included(from), Included(to)))
            .map(|(&seq, l)| (seq, l.len as usize))
            .collect()
    }

    /// Keeps the bytes of request `seq` in a file of their own in the queue's directory
    /// (`quarantine-<number>.pb`, 0600, durable), whatever becomes of the request; the
    /// file's name. A file already kept (a restart after the same request) stays.
    pub(super) fn quarantine(&self, seq: u64, body: &[u8]) -> Result<String, QueueError> {
        let name = format!("quarantine-{seq:020}.pb");
        match self.fs.create(&name) {
            Ok(file) => {
                file.write_at(0, body).map_err(io)?;
                file.sync().map_err(io)?;
                self.fs.sync_dir().map_err(io)?;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(io(e)),
        }
        Ok(name)
    }

    /// Requests numbered `from..=to` that are live, in order.
    pub(super) fn read(&self, from: u64, to: u64) -> Result<Vec<Stored>, QueueError> {
        let wanted: Vec<(u64, Loc, Arc<dyn SegmentFile>)> = {
            let segs = self.segs();
            segs.index
                .range((Included(from), Included(to)))
                .map(|(&seq, l)| (seq, *l, segs.files[&l.segment].file.clone()))
                .collect()
        };
        let mut out = Vec::with_capacity(wanted.len());
        for (seq, l, file) in wanted {
            let protobuf = file.read_at(l.offset, l.len as usize).map_err(io)?;
            if protobuf.len() != l.len as usize || crc32fast::hash(&protobuf) != l.crc {
                // Checked when written or loaded: only a damaged disk gets here. Skipped,
                // so that the rest of the queue is still delivered.
                tracing::error!(error = %QueueError::Corrupt(seq), "A queued request reads back damaged; skipped");
                continue;
            }
            out.push(Stored {
                seq,
                arrival: l.arrival,
                protobuf,
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queue::fs::DirFs;

    #[test]
    fn requests_an_older_receiver_kept_in_the_database_move_into_a_segment_once() {
        let dir = tempfile::tempdir().unwrap();
        {
            // The layout before segments: number → arrival, output bound, protobuf.
            let db = Database::create(dir.path().join("queue.redb")).unwrap();
            let txn = db.begin_write().unwrap();
            {
                let mut t = txn.open_table(LEGACY_REQUESTS).unwrap();
                for seq in 1..=3u64 {
                    let mut row = Vec::new();
                    row.extend_from_slice(&(100 + seq).to_le_bytes());
                    row.extend_from_slice(&7u64.to_le_bytes());
                    row.extend_from_slice(format!("body {seq}").as_bytes());
                    t.insert(seq, row.as_slice()).unwrap();
                }
                txn.open_table(META).unwrap().insert(NEXT_SEQ, 4).unwrap();
            }
            txn.commit().unwrap();
        }
        let fs: Arc<dyn Fs> = Arc::new(DirFs::open(dir.path(), is_segment).unwrap());
        let store = Store::open(fs.clone()).unwrap();
        let loaded = store.load().unwrap();
        let seqs: Vec<u64> = loaded.requests.iter().map(|r| r.0).collect();
        assert_eq!(seqs, vec![1, 2, 3]);
        assert_eq!((loaded.next_seq, loaded.outputs_bound), (4, 21));
        let read = store.read(1, 3).unwrap();
        assert_eq!(read[1].protobuf, b"body 2");
        assert_eq!(read[1].arrival, 102);
        drop(store);
        // The next start finds them in the segment alone.
        let store = Store::open(fs).unwrap();
        let loaded = store.load().unwrap();
        assert_eq!(loaded.requests.len(), 3);
        assert_eq!(store.read(1, 3).unwrap().len(), 3);
    }

    fn append(store: &Store, seqs: std::ops::RangeInclusive<u64>, body: &[u8]) -> bool {
        let records: Vec<Record<'_>> = seqs
            .map(|seq| Record {
                seq,
                arrival: seq,
                bound: 1,
                body,
                crc: body_crc(body),
            })
            .collect();
        store.append(&records).unwrap()
    }

    fn commit_done(store: &Store, done: Vec<u64>, next_seq: u64) {
        store.forget(&done);
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
        assert_eq!(store.segs().spares.len(), 1);
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
        assert!(store.segs().spares.is_empty());
        // The old records' done rows go.
        commit_done(&store, vec![], 23);
        drop(store);

        let store = Store::open(fs.clone()).unwrap();
        let loaded = store.load().unwrap();
        let seqs: Vec<u64> = loaded.requests.iter().map(|r| r.0).collect();
        assert_eq!(seqs, (11..=22).collect::<Vec<_>>());
        assert_eq!(loaded.next_seq, 23);
        assert!(store
            .read(1, 22)
            .unwrap()
            .iter()
            .all(|r| r.protobuf == body));
    }
}
