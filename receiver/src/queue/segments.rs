//! The queue's segment files: requests appended as records ([`super::record`]), one
//! write and one fdatasync per group commit (what an acknowledgement waits for); the
//! index of the live ones; done segments reused or removed; spare files made ready off
//! the acknowledgement path. Only the writer thread appends.
//!
//! A segment is removed (or kept for reuse) once every request in it is done and that is
//! durable in the database; its done rows go in a later commit, after the directory is
//! synced. A restart never appends to an old segment ([`super::recovery`]).

use std::collections::BTreeMap;
use std::ops::Bound::Included;
use std::sync::{Arc, Mutex, MutexGuard};

use super::fs::{Fs, SegmentFile};
use super::record::{body_crc, encode_header, Header, Record, HEADER_BYTES};
use super::{io, QueueError};
use crate::entry::Arrived;

/// Done segments kept for reuse. Writing over a reused file's allocated blocks makes an
/// append's fdatasync a data flush alone (a growing file commits the file system's
/// journal too), and no file is freed (on the H200 host's ext4, mounted with `discard`,
/// appends of over 10 ms came with the removal of 64 MiB segments; reuse ended them).
pub(super) const SPARES: usize = 2;
pub(super) const SEGMENT_SUFFIX: &str = ".seg";

/// Where a live request is.
#[derive(Debug, Clone, Copy)]
pub(super) struct Loc {
    pub segment: u64,
    /// Of its body.
    pub offset: u64,
    /// Its record's header: the body's length, encoding and checksum, its arrival and
    /// the most spans it becomes.
    pub header: Header,
}

#[derive(Debug)]
pub(super) struct Segment {
    pub file: Arc<dyn SegmentFile>,
    /// Requests in it that are not done.
    pub live: u64,
    /// The lowest and the highest number in it.
    pub first: u64,
    pub last: u64,
}

#[derive(Debug, Default)]
pub(super) struct Segments {
    /// By their id (their name). Ids say nothing of order: a segment's numbers are in its
    /// records.
    pub files: BTreeMap<u64, Segment>,
    /// The one appends go to, and where the next record goes.
    pub current: Option<(u64, u64)>,
    /// Files ready for the next segments, made ready by the database thread so that
    /// starting a segment costs an acknowledgement no file system work:
    /// done segments kept for reuse (at most [`SPARES`]), else a file created ahead.
    pub spares: Vec<(u64, Arc<dyn SegmentFile>)>,
    /// The id the next new file gets: above every name in the directory.
    pub next_id: u64,
    /// Live requests.
    pub index: BTreeMap<u64, Loc>,
    /// Segments with nothing live, by id: removed after the next database commit, which
    /// makes the last of their done rows durable.
    pub dead: Vec<u64>,
    /// Numbers (first, last) of removed segments (the directory synced since) and of
    /// segments wiped for reuse: their done rows go with the next database commit.
    pub removed: Vec<(u64, u64)>,
}

impl Segments {
    pub(super) fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id - 1
    }
}

pub(super) fn segment_name(id: u64) -> String {
    format!("{id:020}{SEGMENT_SUFFIX}")
}

/// Whether `name` is a segment file's.
pub(super) fn is_segment(name: &str) -> bool {
    segment_number(name).is_some()
}

pub(super) fn segment_number(name: &str) -> Option<u64> {
    let digits = name.strip_suffix(SEGMENT_SUFFIX)?;
    (digits.len() == 20 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
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
    /// Its body as it arrived.
    pub body: Arrived,
}

/// The segment files and their index: appends, reads, reuse and removal.
pub(crate) struct SegmentFiles {
    fs: Arc<dyn Fs>,
    segs: Mutex<Segments>,
    /// A segment takes appends until it reaches this size.
    segment_bytes: u64,
}

impl SegmentFiles {
    /// No segment yet, in the directory `fs` gives, each taking appends up to
    /// `segment_bytes`.
    pub(super) fn new(fs: Arc<dyn Fs>, segment_bytes: u64) -> SegmentFiles {
        SegmentFiles {
            fs,
            segs: Mutex::new(Segments::default()),
            segment_bytes,
        }
    }

    /// With segments of `bytes` (`queue.segment_bytes`).
    pub(super) fn set_segment_bytes(&mut self, bytes: u64) {
        self.segment_bytes = bytes;
    }

    pub(super) fn segs(&self) -> MutexGuard<'_, Segments> {
        self.segs.lock().unwrap_or_else(|p| p.into_inner())
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
    /// acknowledgement path (the database thread) whenever [`SegmentFiles::append`] started a
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
    /// some of them may be on disk: [`SegmentFiles::discard_tail`] removes them.
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
            let header = r.header();
            locs.push((
                r.seq,
                Loc {
                    segment,
                    offset: offset + buf.len() as u64,
                    header,
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
            out.bytes += loc.header.stored();
            out.requests += 1;
            out.spans += loc.header.bound;
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

    /// After a database commit that made the done rows of the `dead` segments durable
    /// and dropped those of the `removed` ones: reuses (at most [`SPARES`]) or removes
    /// the dead segments, and syncs the directory.
    pub(super) fn remove_dead(&self, removed: &[(u64, u64)], dead: &[u64]) {
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
                match Self::wipe(&*seg.file) {
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
    }

    /// Whether a segment waits for a database commit to be removed.
    pub(super) fn has_dead(&self) -> bool {
        !self.segs().dead.is_empty()
    }

    /// The numbers and stored sizes (their bodies') of the live requests numbered
    /// `from..=to`, in order.
    pub(super) fn live(&self, from: u64, to: u64) -> Vec<(u64, usize)> {
        self.segs()
            .index
            .range((Included(from), Included(to)))
            .map(|(&seq, l)| (seq, l.header.len as usize))
            .collect()
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
            let len = l.header.len as usize;
            let body = file.read_at(l.offset, len).map_err(io)?;
            if body.len() != len || body_crc(&body) != l.header.crc {
                // Checked when written or loaded: only a damaged disk gets here. Skipped,
                // so that the rest of the queue is still delivered.
                tracing::error!(error = %QueueError::Corrupt(seq), "A queued request reads back damaged; skipped");
                continue;
            }
            out.push(Stored {
                seq,
                arrival: l.header.arrival,
                body: l.header.arrived(body),
            });
        }
        Ok(out)
    }
}
