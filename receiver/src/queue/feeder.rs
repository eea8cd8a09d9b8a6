//! Hands the pipeline every committed request once, in number order: from memory when
//! the writer could hand it over, else read back from disk (a backlog while an export
//! destination is down, or what a restart found).

use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use tokio::sync::{mpsc, watch};
use tokio_util::sync::CancellationToken;

use super::store::Store;
use crate::entry::Entry;
use crate::reconcile::Prepared;
use crate::telemetry::QueueCounters;

/// Requests read back from disk at once.
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
                    let read = loop {
                        match self.read(self.next, to).await {
                            Some(read) => break read,
                            // The writer reopens the database after an I/O error; a
                            // read fails meanwhile. What is committed stays on disk.
                            None => tokio::select! {
                                _ = tokio::time::sleep(READ_RETRY) => {}
                                _ = self.stop.cancelled() => return,
                            },
                        }
                    };
                    self.next = to + 1;
                    for f in read {
                        if !self.send(f).await {
                            return;
                        }
                    }
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

    /// Requests `from..=to` from disk, decoded and prepared off the runtime's threads.
    /// None: the queue cannot be read now (logged).
    async fn read(&self, from: u64, to: u64) -> Option<Vec<Entry>> {
        let store = self.store.clone();
        let counters = self.counters.clone();
        let read = tokio::task::spawn_blocking(move || {
            let stored = store.read(from, to)?;
            counters.read_back.fetch_add(stored.len() as u64, Relaxed);
            Ok::<_, super::QueueError>(
                stored
                    .into_iter()
                    .filter_map(|s| {
                        match Prepared::decode(s.protobuf.into()) {
                            Ok(prepared) => Some(Entry {
                                prepared: prepared.with_origin(s.seq),
                                arrival: s.arrival,
                                claim: None,
                                admission: None,
                            }),
                            Err(e) => {
                                // Written by this receiver, so only a damaged disk gets
                                // here; the input is left on disk, never silently gone.
                                tracing::error!(seq = s.seq, error = %e, "A queued request does not decode; left on disk");
                                None
                            }
                        }
                    })
                    .collect(),
            )
        })
        .await;
        match read {
            Ok(Ok(v)) => Some(v),
            Ok(Err(e)) => {
                tracing::error!(error = %e, "Cannot read the queue");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "Reading the queue panicked");
                None
            }
        }
    }
}
