//! Hands the pipeline every committed request once, in number order: as ingest handed it
//! over when the writer could keep it in memory, else read back from disk (a backlog
//! while an export destination is down, or what a restart found) as the bytes that
//! arrived.
//!
//! A request read back takes memory the pipeline has not freed yet, so its stored bytes
//! are admitted before it is read, against a budget as large as ingest's pending-bytes
//! budget (its own, so that a backlog waiting for a stalled pipeline never turns new
//! senders away), waiting for the pipeline to free room: a replay takes no more memory
//! than live traffic. The pipeline's replay stage charges what decoding it takes to the
//! same admission (`crate::replay`). A request larger than that whole budget is handed
//! over unadmitted, for the replay stage to quarantine.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use tokio::sync::{mpsc, watch, Semaphore};
use tokio_util::sync::CancellationToken;

use super::counters::QueueCounters;
use super::segments::Stored;
use super::store::Store;
use super::{Handed, Request};
use crate::entry::Admission;

/// Requests looked up at once (each is then read, admitted and decoded alone).
const READ_AHEAD: u64 = 32;
/// How long a failed read waits before it is tried again.
const READ_RETRY: std::time::Duration = std::time::Duration::from_millis(50);

#[derive(Debug)]
pub(crate) struct Feeder<T> {
    pub store: Arc<Store>,
    /// What the writer could hand over, in number order.
    pub from_writer: mpsc::Receiver<Handed<T>>,
    /// The last committed number.
    pub committed: watch::Receiver<u64>,
    /// The next number the pipeline gets.
    pub next: u64,
    pub to_pipeline: mpsc::Sender<Handed<T>>,
    pub counters: Arc<QueueCounters>,
    pub stop: CancellationToken,
    /// The budget a request read back is admitted against.
    pub bound: Bound,
}

/// The memory bound of requests read back: a budget as large as ingest's.
#[derive(Debug, Clone)]
pub struct Bound {
    /// The budget of requests read back, as large as ingest's.
    pub budget: Arc<Semaphore>,
    /// Its size (`ingest.max_pending_bytes`).
    pub max_pending: usize,
}

#[cfg(test)]
impl Bound {
    /// A budget nothing exhausts, for tests of everything else.
    pub(crate) fn unlimited() -> Bound {
        Bound {
            budget: Arc::new(Semaphore::new(Semaphore::MAX_PERMITS)),
            max_pending: Semaphore::MAX_PERMITS,
        }
    }
}

impl<T> Feeder<T> {
    pub(super) async fn run(mut self) {
        // A request taken from the writer's channel ahead of its turn.
        let mut early: Option<Handed<T>> = None;
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
                Some(f) if f.seq < self.next => {}
                Some(f) if f.seq == self.next => {
                    self.next += 1;
                    if !self.send(f).await {
                        return;
                    }
                }
                ahead => {
                    let to = ahead
                        .as_ref()
                        .map_or(upto, |f| f.seq - 1)
                        .min(self.next + READ_AHEAD - 1);
                    early = ahead;
                    for (seq, len) in self.store.files.live(self.next, to) {
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

    async fn send(&self, f: Handed<T>) -> bool {
        tokio::select! {
            sent = self.to_pipeline.send(f) => sent.is_ok(),
            _ = self.stop.cancelled() => false,
        }
    }

    /// Request `seq` (`len` bytes stored) read back, its bytes admitted (unless they
    /// could never be). `Some(None)`: it reads back damaged (skipped, logged); `None`:
    /// stopping.
    async fn read_one(&self, seq: u64, len: usize) -> Option<Option<Handed<T>>> {
        let admission = if len <= self.bound.max_pending {
            Some(self.admit(len).await?)
        } else {
            None
        };
        let stored = loop {
            let store = self.store.clone();
            let read = tokio::task::spawn_blocking(move || store.files.read(seq, seq)).await;
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
        let Some(Stored { seq, arrival, body }) = stored else {
            return Some(None);
        };
        self.counters.read_back.fetch_add(1, Relaxed);
        Some(Some(Handed {
            seq,
            arrival,
            request: Request::Stored(body),
            admission,
        }))
    }

    /// Admits `bytes` against the read-back budget, waiting for room; None when
    /// stopping.
    async fn admit(&self, bytes: usize) -> Option<Admission> {
        let n = u32::try_from(bytes).unwrap_or(u32::MAX);
        let permits = tokio::select! {
            p = self.bound.budget.clone().acquire_many_owned(n) => p.ok()?,
            _ = self.stop.cancelled() => return None,
        };
        Some(Admission::new(permits))
    }
}
