//! What a restart finds in `queue.dir`: the segments read in order, each up to its first
//! record that is short or fails a checksum (a torn tail can only hold requests whose
//! commit never completed, since a commit is acknowledged after its fdatasync and a
//! restart never appends to an old segment); requests numbered in the database's done
//! table skipped; requests an older receiver kept in the database moved into a segment;
//! done and empty segments removed; the evidence of inputs no longer on disk.

use std::collections::BTreeSet;
use std::sync::Arc;

use otlp_client::Compression;

use super::db::Restored;
use super::fs::SegmentFile;
use super::io;
use super::record::{body_crc, encode_header, newer_version, scan, Record};
use super::segments::{segment_name, segment_number, Loc, Segment, Segments};
use super::store::Store;
use super::QueueError;
use crate::wire::census::Encoding;

/// What a restart finds on disk.
#[derive(Debug, Default)]
pub(crate) struct Loaded {
    /// The next request number.
    pub next_seq: u64,
    /// The latest arrival time given out (Unix ns).
    pub clock: u64,
    /// Numbers of the requests on disk, in order, with their stored sizes.
    pub requests: Vec<(u64, u64)>,
    /// Evidence of inputs already gone from disk, to restore.
    pub restored: Restored,
    /// Evidence rows on disk, all of them.
    pub evidence_rows: u64,
    /// The most spans replaying the requests on disk can export.
    pub outputs_bound: u64,
}

impl Store {
    /// Reads what a restart needs: the requests in the segments that are not done (moving
    /// requests kept by an older receiver into a segment first), the evidence of inputs
    /// that are no longer on disk (the others bring their windows again when replayed),
    /// and the numbers; removes what is done.
    pub(super) fn load(&self) -> Result<Loaded, QueueError> {
        let found = self.db.found()?;
        let (mut segs, seen, mut max_seq) = self.read_segments(&found.done)?;

        // Requests an older receiver kept in the database: into a segment of their own.
        let legacy: Vec<_> = found
            .legacy
            .into_iter()
            .filter(|(seq, ..)| !seen.contains(seq) && !found.done.contains(seq))
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
                    format: Encoding::Protobuf,
                    compression: Compression::None,
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
                segs.index.insert(
                    r.seq,
                    Loc {
                        segment: id,
                        offset,
                        header: r.header(),
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

        let max_done = found.done.last().copied().unwrap_or(0);
        let next_seq = found.next_seq.max(max_seq + 1).max(max_done + 1).max(1);
        // Done rows of segments that are gone, the legacy rows, and the next number.
        let kept: Vec<(u64, u64)> = segs.files.values().map(|s| (s.first, s.last)).collect();
        self.db.settle_found(&kept, next_seq, found.clock)?;
        let (restored, evidence_rows) = self
            .db
            .evidence(|origin| segs.index.contains_key(&origin))?;

        let requests = segs
            .index
            .iter()
            .map(|(&seq, l)| (seq, l.header.stored()))
            .collect();
        let outputs_bound = segs.index.values().map(|l| l.header.bound).sum();
        *self.files.segs() = segs;
        Ok(Loaded {
            next_seq,
            clock: found.clock,
            requests,
            restored,
            evidence_rows,
            outputs_bound,
        })
    }

    /// The segments' live requests (those not `done`), every number seen and the
    /// highest; segments with nothing live are removed.
    fn read_segments(
        &self,
        done: &BTreeSet<u64>,
    ) -> Result<(Segments, BTreeSet<u64>, u64), QueueError> {
        // By id; an older receiver named them by their first number.
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
        let mut max_seq = 0;
        let mut empty = Vec::new();
        for (id, name) in &names {
            let file: Arc<dyn SegmentFile> = Arc::from(self.fs.open(name).map_err(io)?);
            let len = file.len().map_err(io)?;
            let bytes = file.read_at(0, len as usize).map_err(io)?;
            let (records, bad) = scan(&bytes);
            if let Some(version) = bad.and_then(|at| newer_version(&bytes[at..])) {
                return Err(QueueError::NewerRecordFormat {
                    path: String::new(),
                    segment: name.clone(),
                    version,
                });
            }
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
                first: records.first().map_or(0, |r| r.0.seq),
                last: 0,
            };
            for (header, offset) in records {
                let seq = header.seq;
                seen.insert(seq);
                max_seq = max_seq.max(seq);
                seg.last = seg.last.max(seq);
                if done.contains(&seq) {
                    continue;
                }
                seg.live += 1;
                segs.index.insert(
                    seq,
                    Loc {
                        segment: *id,
                        offset,
                        header,
                    },
                );
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
        Ok((segs, seen, max_seq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queue::db::{LEGACY_REQUESTS, META, NEXT_SEQ};
    use crate::queue::fs::{DirFs, Fs};
    use crate::queue::segments::is_segment;

    #[test]
    fn requests_an_older_receiver_kept_in_the_database_move_into_a_segment_once() {
        let dir = tempfile::tempdir().unwrap();
        {
            // The layout before segments: number → arrival, output bound, protobuf.
            let db = redb::Database::create(dir.path().join("queue.redb")).unwrap();
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
        let read = store.files.read(1, 3).unwrap();
        assert_eq!(read[1].body.bytes, &b"body 2"[..]);
        assert_eq!(read[1].body.format, Encoding::Protobuf);
        assert_eq!(read[1].arrival, 102);
        drop(store);
        // The next start finds them in the segment alone.
        let store = Store::open(fs).unwrap();
        let loaded = store.load().unwrap();
        assert_eq!(loaded.requests.len(), 3);
        assert_eq!(store.files.read(1, 3).unwrap().len(), 3);
    }

    #[test]
    fn a_segment_of_a_newer_receiver_is_refused_with_what_to_do_and_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let fs: Arc<dyn Fs> = Arc::new(DirFs::open(dir.path(), is_segment).unwrap());
        let store = Store::open(fs.clone()).unwrap();
        store.load().unwrap();
        let body = b"request";
        let record = Record {
            seq: 1,
            arrival: 1,
            bound: 1,
            body,
            crc: body_crc(body),
            format: Encoding::Protobuf,
            compression: Compression::None,
        };
        assert!(store.files.append(&[record]).unwrap());
        drop(store);
        let name = fs
            .list()
            .unwrap()
            .into_iter()
            .find(|n| is_segment(n))
            .unwrap();
        let path = dir.path().join(&name);
        let mut bytes = std::fs::read(&path).unwrap();
        // What a receiver of record format 3 would write first.
        bytes[3] = b'3';
        std::fs::write(&path, &bytes).unwrap();

        let store = Store::open(fs.clone()).unwrap();
        let e = store.load().expect_err("a newer format is refused");
        assert!(
            matches!(&e, QueueError::NewerRecordFormat { version: 3, segment, .. } if *segment == name),
            "{e:?}"
        );
        assert!(e.to_string().contains("drain the queue"), "{e}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "its records are not touched"
        );
    }
}
