//! The thread that commits deletions and evidence to the queue's database, beside the
//! writer thread so that no acknowledgement waits for it; it also does the directory's
//! other slow work for the writer (reusing or removing done segments, making the next
//! segment's file ready). Operations arrive in the order they must reach the disk (the
//! evidence before the deletion of any input it came from) and are committed together
//! within `flush_after` of the first one waiting: one transaction and one fsync for all of them. A deleted request's bytes
//! leave the budget at once. A commit that fails is tried again with backoff (the
//! database reopened first, as redb refuses a handle after an I/O error), its deletions
//! and evidence kept in order.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::Instant;

use super::counters::QueueCounters;
use super::db::{Batch, Evidence};
use super::store::Store;
use super::timing::{Broken, Timing};
use super::{Budget, QueueError};

/// What the database thread is asked to do, in the order it must reach the disk.
#[derive(Debug)]
pub(crate) enum DbOp {
    /// Every destination has all of this input's output.
    Delete(u64),
    /// Evidence rows taken and dropped.
    Evidence(Vec<Evidence>),
    /// A segment was left with nothing live: commit (and so remove it) when due.
    Flush,
    /// A segment was started: make a spare file ready for the next one.
    Spare,
    /// Commit what is waiting and stop.
    Stop,
}

/// Operations taken into one commit at most, so that one commit stays short.
const MAX_OPS_PER_COMMIT: usize = 4096;

#[derive(Debug)]
pub(crate) struct Committer {
    pub store: Arc<Store>,
    pub ops: Receiver<DbOp>,
    pub budget: Arc<Budget>,
    pub counters: Arc<QueueCounters>,
    pub timing: Timing,
    /// The writer's next number and arrival clock.
    pub next_seq: Arc<AtomicU64>,
    pub clock: Arc<AtomicU64>,
    pub done: Vec<u64>,
    pub evidence: Vec<Evidence>,
    /// When the first operation waiting came.
    pub since: Option<Instant>,
    /// Some after a failed commit.
    pub broken: Option<Broken>,
}

impl Committer {
    /// Runs until `DbOp::Stop` or until every sender is gone.
    pub(super) fn run(mut self) {
        loop {
            let due = match &self.broken {
                Some(b) => Some(b.next_try),
                None => self.since.map(|t| t + self.timing.flush_after),
            };
            let next = match due {
                None => self.ops.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(d) => self
                    .ops
                    .recv_timeout(d.saturating_duration_since(Instant::now())),
            };
            let stop = match next {
                Ok(DbOp::Stop) | Err(RecvTimeoutError::Disconnected) => true,
                Ok(op) => {
                    self.take(op);
                    false
                }
                Err(RecvTimeoutError::Timeout) => false,
            };
            let now = Instant::now();
            let due = match &self.broken {
                Some(b) => b.next_try <= now,
                None => self
                    .since
                    .is_some_and(|t| now.duration_since(t) >= self.timing.flush_after),
            };
            let waiting = self.done.len() + self.evidence.len();
            if self.since.is_some() && (stop || due || waiting >= MAX_OPS_PER_COMMIT) {
                self.commit();
            }
            if stop {
                return;
            }
        }
    }

    fn take(&mut self, op: DbOp) {
        match op {
            DbOp::Delete(seq) => {
                // The bytes leave the budget now; the deletion is durable with the next
                // commit.
                let gone = self.store.files.forget(&[seq]);
                self.budget.release(gone.bytes);
                self.counters.requests.fetch_sub(gone.requests, Relaxed);
                self.counters.spans.fetch_sub(gone.spans, Relaxed);
                self.counters.bytes.store(self.budget.used(), Relaxed);
                self.done.push(seq);
            }
            DbOp::Evidence(changes) => self.evidence.extend(changes),
            DbOp::Flush => {}
            DbOp::Spare => {
                // Nothing to commit; on failure the writer creates the file itself.
                if let Err(e) = self.store.files.prepare_spare() {
                    tracing::warn!(error = %e, "Cannot make the queue's next segment file ready; the writer will create it");
                }
                return;
            }
            DbOp::Stop => return,
        }
        self.since.get_or_insert_with(Instant::now);
    }

    /// Commits what is waiting, in one transaction.
    fn commit(&mut self) {
        let batch = Batch {
            done: std::mem::take(&mut self.done),
            evidence: std::mem::take(&mut self.evidence),
            next_seq: self.next_seq.load(Relaxed),
            clock: self.clock.load(Relaxed),
        };
        let started = Instant::now();
        let attempt = || match self.broken {
            // After an I/O error redb refuses the old handle: open the database again.
            Some(_) => self
                .store
                .db
                .reopen()
                .and_then(|()| self.store.commit(&batch)),
            None => self.store.commit(&batch),
        };
        // A panic inside redb must not end this thread (deletions would stop for good and
        // the disk fill up): it counts as a failed commit, retried on a reopened database.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(attempt))
            .unwrap_or_else(|panic| Err(QueueError::Panicked(super::panic_message(&*panic))));
        let c = &self.counters;
        match result {
            Ok(done) => {
                c.database_commits.fetch_add(1, Relaxed);
                c.database_commit_ns
                    .fetch_add(started.elapsed().as_nanos() as u64, Relaxed);
                if done.evidence_rows >= 0 {
                    c.evidence_rows
                        .fetch_add(done.evidence_rows as u64, Relaxed);
                } else {
                    c.evidence_rows
                        .fetch_sub(done.evidence_rows.unsigned_abs(), Relaxed);
                }
                self.broken = None;
                self.since = None;
            }
            Err(e) => {
                c.commit_failures.fetch_add(1, Relaxed);
                let b = Broken::after(self.broken.as_ref(), self.timing);
                tracing::error!(
                    error = %e,
                    retry_in_ms = b.next_try.saturating_duration_since(Instant::now()).as_millis() as u64,
                    "Queue database commit failed; its deletions and evidence are kept for the next"
                );
                self.broken = Some(b);
                // Back in front of what came since, in order.
                let mut done = batch.done;
                done.append(&mut self.done);
                self.done = done;
                let mut evidence = batch.evidence;
                evidence.append(&mut self.evidence);
                self.evidence = evidence;
            }
        }
    }
}
