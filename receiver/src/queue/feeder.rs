//! Hands the pipeline every committed request once, in number order: from memory when
//! the writer could hand it over, else read back from disk (a backlog while an export
//! destination is down, or what a restart found).
//!
//! A request read back is decoded under the bound ingest keeps: its stored bytes, then
//! what decoding it takes ([`Prepared::decoded_bound`]), are admitted before it is read
//! and decoded against a budget as large as ingest's pending-bytes budget (its own, so
//! that a backlog waiting for a stalled pipeline never turns new senders away), waiting
//! for the pipeline to free room: a replay takes no more memory than live traffic. A request that could never
//! fit (over a per-request limit, larger decoded than the whole budget: written before
//! the limits were lowered, or by a receiver without them) or that does not decode is
//! quarantined: its bytes are kept in `queue.dir/quarantine-<number>.pb`, it is counted
//! and named in the log, and an empty request takes its place, so it is deleted from the
//! queue and never replayed again.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use tokio::sync::{mpsc, watch, Semaphore};
use tokio_util::sync::CancellationToken;

use super::store::{Store, Stored};
use crate::entry::{Admission, Entry};
use crate::reconcile::prepared::Prepared;
use crate::telemetry::QueueCounters;
use crate::wire::census::{Census, Limits};
use crate::wire::WireRequest;

/// Requests looked up at once (each is then read, admitted and decoded alone).
const READ_AHEAD: u64 = 32;
/// How long a failed read waits before it is tried again.
const READ_RETRY: std::time::Duration = std::time::Duration::from_millis(50);

#[derive(Debug)]
pub(crate) struct Feeder {
    pub store: Arc<Store>,
    /// What the writer could hand over, in number order.
    pub from_writer: mpsc::Receiver<Entry>,
    /// The last committed number.
    pub committed: watch::Receiver<u64>,
    /// The next number the pipeline gets.
    pub next: u64,
    pub to_pipeline: mpsc::Sender<Entry>,
    pub counters: Arc<QueueCounters>,
    pub stop: CancellationToken,
    /// The budget and limits a request read back is decoded under.
    pub bound: Bound,
}

/// The memory bound a replay decodes under: ingest's size and limits.
#[derive(Debug, Clone)]
pub struct Bound {
    /// The budget of requests read back, as large as ingest's.
    pub budget: Arc<Semaphore>,
    /// Its size (`ingest.max_pending_bytes`).
    pub max_pending: usize,
    /// The per-request limits.
    pub limits: Limits,
}

#[cfg(test)]
impl Bound {
    /// A budget nothing exhausts, for tests of everything else.
    pub(crate) fn unlimited() -> Bound {
        Bound {
            budget: Arc::new(Semaphore::new(Semaphore::MAX_PERMITS)),
            max_pending: Semaphore::MAX_PERMITS,
            limits: Limits {
                resources: usize::MAX,
                scopes: usize::MAX,
                spans: usize::MAX,
                attributes: usize::MAX,
            },
        }
    }
}

/// The number the writer gave a request it handed over.
fn seq(e: &Entry) -> u64 {
    e.prepared
        .origin()
        .expect("the writer numbers what it hands over")
}

impl Feeder {
    pub(super) async fn run(mut self) {
        // A request taken from the writer's channel ahead of its turn.
        let mut early: Option<Entry> = None;
        loop {
            let upto = *self.committed.borrow_and_update();
            if self.next > upto {
                tokio::select! {
                    changed = self.committed.changed() => if changed.is_err() { return },
                    _ = self.stop.cancelled() => return,
                }
                continue;
            }
            if early.is_none() {
                early = self.from_writer.try_recv().ok();
            }
            match early.take() {
                // Already read from disk.
                Some(f) if seq(&f) < self.next => {}
                Some(f) if seq(&f) == self.next => {
                    self.next += 1;
                    if !self.send(f).await {
                        return;
                    }
                }
                ahead => {
                    let to = ahead
                        .as_ref()
                        .map_or(upto, |f| seq(f) - 1)
                        .min(self.next + READ_AHEAD - 1);
                    early = ahead;
                    for (seq, len) in self.store.live(self.next, to) {
                        let Some(entry) = self.read_one(seq, len).await else {
                            return;
                        };
                        if let Some(entry) = entry {
                            if !self.send(entry).await {
                                return;
                            }
                        }
                    }
                    self.next = to + 1;
                }
            }
        }
    }

    async fn send(&self, f: Entry) -> bool {
        tokio::select! {
            sent = self.to_pipeline.send(f) => sent.is_ok(),
            _ = self.stop.cancelled() => false,
        }
    }

    /// Request `seq` (`len` bytes stored) read back, admitted and decoded under the
    /// bound, or quarantined (then an empty request takes its place). `Some(None)`: it
    /// reads back damaged (skipped, logged); `None`: stopping.
    async fn read_one(&self, seq: u64, len: usize) -> Option<Option<Entry>> {
        let max = self.bound.max_pending;
        let mut admission = if len <= max {
            Some(self.admit(len, None).await?)
        } else {
            None
        };
        let stored = loop {
            let store = self.store.clone();
            let read = tokio::task::spawn_blocking(move || store.read(seq, seq)).await;
            match read {
                Ok(Ok(mut v)) => break v.pop(),
                Ok(Err(e)) => tracing::error!(error = %e, "Cannot read the queue"),
                Err(e) => tracing::error!(error = %e, "Reading the queue panicked"),
            }
            // The writer reopens the database after an I/O error; a read fails meanwhile.
            // What is committed stays on disk.
            tokio::select! {
                _ = tokio::time::sleep(READ_RETRY) => {}
                _ = self.stop.cancelled() => return None,
            }
        };
        let Some(stored) = stored else {
            return Some(None);
        };
        self.counters.read_back.fetch_add(1, Relaxed);
        let census = Census::protobuf(&stored.protobuf);
        let bound = Prepared::decoded_bound(&census);
        let over = match census.check(&self.bound.limits) {
            Err(e) => Some(e.to_string()),
            Ok(()) if bound > max || admission.is_none() => Some(format!(
                "decoded, it would take {bound} bytes, more than all requests waiting may take (ingest.max_pending_bytes, {max})"
            )),
            Ok(()) => None,
        };
        let Stored {
            seq,
            arrival,
            protobuf,
        } = stored;
        let body = bytes::Bytes::from(protobuf);
        if let Some(why) = over {
            return Some(Some(self.quarantine(seq, arrival, body, &why).await));
        }
        let more = bound.saturating_sub(len);
        let admission = self.admit(more, admission.take()).await?;
        let read = body.clone();
        let decoded = tokio::task::spawn_blocking(move || Prepared::decode(read))
            .await
            .map_err(|e| e.to_string())
            .and_then(|r| r.map_err(|e| e.to_string()));
        Some(Some(match decoded {
            Ok(prepared) => Entry {
                prepared: prepared.with_origin(seq),
                arrival,
                claim: None,
                admission: Some(admission),
            },
            // Written by a receiver, so a damaged disk or another version's request.
            Err(e) => {
                let why = format!("it does not decode: {e}");
                self.quarantine(seq, arrival, body, &why).await
            }
        }))
    }

    /// Admits `bytes` more (to `held`) against ingest's budget, waiting for room; None
    /// when stopping.
    async fn admit(&self, bytes: usize, held: Option<Admission>) -> Option<Admission> {
        let n = u32::try_from(bytes).unwrap_or(u32::MAX);
        let permits = tokio::select! {
            p = self.bound.budget.clone().acquire_many_owned(n) => p.ok()?,
            _ = self.stop.cancelled() => return None,
        };
        let more = Admission::new(permits);
        Some(match held {
            Some(mut a) => {
                a.merge(more);
                a
            }
            None => more,
        })
    }

    /// Keeps request `seq` in a file of its own, counts and logs it, and returns the
    /// empty request that takes its place (so that it is deleted, not replayed again).
    async fn quarantine(&self, seq: u64, arrival: u64, body: bytes::Bytes, why: &str) -> Entry {
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
        let empty = Prepared::read(WireRequest::default()).expect("an empty request reads");
        Entry {
            prepared: empty.with_origin(seq),
            arrival,
            claim: None,
            admission: None,
        }
    }
}
