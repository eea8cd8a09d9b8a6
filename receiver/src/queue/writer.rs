//! The one thread that writes the queue's database: appends (each acknowledged only once
//! its commit is durable), deletions and evidence, grouped into commits by the fsync
//! policy. After a commit it hands the new requests to the feeder while there is room
//! (else the feeder reads them back from disk) and says how far the queue is committed.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot, watch};

use super::store::{Batch, Store, HEADER_BYTES};
use super::Budget;
use crate::config::Fsync;
use crate::entry::{Admission, Entry};
use crate::reconcile::origin::EvidenceChange;
use crate::reconcile::Prepared;
use crate::telemetry::QueueCounters;

/// Operations in the order they must reach the disk.
#[derive(Debug)]
pub(crate) enum Op {
    /// A new request, its budget reservation, what the pipeline gets when it fits in
    /// memory, and whom to tell that it is durable.
    Append {
        protobuf: Vec<u8>,
        outputs_bound: u64,
        reserved: u64,
        job: (Prepared, Admission),
        done: oneshot::Sender<bool>,
    },
    /// Every destination has all of this input's output.
    Delete(u64),
    /// What the window store took and dropped.
    Evidence(Vec<EvidenceChange>),
    /// Commit what is left and stop.
    Stop,
}

/// Ops of one commit at most, so that one commit stays short.
const MAX_OPS_PER_COMMIT: usize = 4096;
/// How long deletions and evidence wait for an append's commit to ride with before they
/// are committed on their own: bounds what a crash re-delivers and when the budget is
/// given back, without an fsync per deletion.
const FLUSH_AFTER: Duration = Duration::from_millis(100);

#[derive(Debug)]
pub(crate) struct Writer {
    pub store: Arc<Store>,
    pub ops: Receiver<Op>,
    pub fsync: Fsync,
    pub group_window: Duration,
    pub next_seq: u64,
    pub clock: u64,
    pub feed: mpsc::Sender<Entry>,
    pub committed: watch::Sender<u64>,
    pub budget: Arc<Budget>,
    pub counters: Arc<QueueCounters>,
}

impl Writer {
    /// Runs until `Op::Stop` or until every sender is gone.
    pub(super) fn run(mut self) {
        // Deletions and evidence not committed yet: they ride with the next commit of an
        // append (an fsync that is paid anyway), or go on their own after FLUSH_AFTER.
        let mut pending: Vec<Op> = Vec::new();
        let mut since: Option<Instant> = None;
        loop {
            let next = match since {
                None => self.ops.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(t) => self
                    .ops
                    .recv_timeout(FLUSH_AFTER.saturating_sub(t.elapsed())),
            };
            let first = match next {
                Ok(op) => op,
                Err(RecvTimeoutError::Timeout) => {
                    pending = self.commit(std::mem::take(&mut pending));
                    since = (!pending.is_empty()).then(Instant::now);
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.commit(pending);
                    return;
                }
            };
            let mut ops = std::mem::take(&mut pending);
            ops.push(first);
            self.gather(&mut ops);
            let stop = ops.iter().any(|op| matches!(op, Op::Stop));
            let appends = ops.iter().any(|op| matches!(op, Op::Append { .. }));
            let due = since.is_some_and(|t| t.elapsed() >= FLUSH_AFTER)
                || ops.len() >= MAX_OPS_PER_COMMIT;
            if !(appends || stop || due) {
                pending = ops;
                since = since.or_else(|| Some(Instant::now()));
                continue;
            }
            pending = match self.fsync {
                Fsync::Group => self.commit(ops),
                Fsync::Request => {
                    // One append per commit; what comes before an append rides along,
                    // what comes after the last one waits like any deletion.
                    let mut left = Vec::new();
                    let mut part = Vec::new();
                    for op in ops {
                        let append = matches!(op, Op::Append { .. });
                        part.push(op);
                        if append {
                            left.extend(self.commit(std::mem::take(&mut part)));
                        }
                    }
                    left.extend(part);
                    left
                }
            };
            since = (!pending.is_empty()).then(Instant::now);
            if stop {
                self.commit(pending);
                return;
            }
        }
    }

    /// Adds what is already waiting and, for a group commit with an append, what comes
    /// within the group window.
    fn gather(&self, ops: &mut Vec<Op>) {
        while ops.len() < MAX_OPS_PER_COMMIT {
            match self.ops.try_recv() {
                Ok(op) => ops.push(op),
                Err(_) => break,
            }
        }
        let has_append = ops.iter().any(|op| matches!(op, Op::Append { .. }));
        if self.fsync != Fsync::Group || self.group_window.is_zero() || !has_append {
            return;
        }
        let until = Instant::now() + self.group_window;
        while ops.len() < MAX_OPS_PER_COMMIT {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            match self.ops.recv_timeout(left) {
                Ok(op) => ops.push(op),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
            }
        }
    }

    /// Commits `ops` in one transaction and tells everyone. Returns the deletions and
    /// evidence to try again when the commit failed (its appends are refused).
    fn commit(&mut self, ops: Vec<Op>) -> Vec<Op> {
        if ops.iter().all(|op| matches!(op, Op::Stop)) {
            return Vec::new();
        }
        let first_seq = self.next_seq;
        let clock = self.clock;
        let mut batch = Batch::default();
        let mut appended = Vec::new();
        let mut kept = Vec::new();
        for op in ops {
            match op {
                Op::Append {
                    protobuf,
                    outputs_bound,
                    reserved,
                    job,
                    done,
                } => {
                    // Arrival times never go back, not even across a restart.
                    self.clock = self.clock.max(crate::clock::now_ns());
                    batch
                        .appends
                        .push((self.next_seq, self.clock, outputs_bound, protobuf));
                    appended.push((self.next_seq, self.clock, reserved, job, done));
                    self.next_seq += 1;
                }
                Op::Delete(seq) => {
                    batch.deletes.push(seq);
                    kept.push(Op::Delete(seq));
                }
                Op::Evidence(changes) => {
                    batch.evidence.extend(changes.iter().cloned());
                    kept.push(Op::Evidence(changes));
                }
                Op::Stop => {}
            }
        }
        batch.next_seq = self.next_seq;
        batch.clock = self.clock;
        let started = Instant::now();
        let result = self.store.commit(&batch);
        let c = &self.counters;
        match result {
            Ok(done) => {
                c.commits.fetch_add(1, Relaxed);
                c.commit_ns
                    .fetch_add(started.elapsed().as_nanos() as u64, Relaxed);
                self.budget.release(done.freed);
                c.bytes.store(self.budget.used(), Relaxed);
                c.requests.fetch_add(appended.len() as u64, Relaxed);
                c.requests.fetch_sub(done.deleted, Relaxed);
                if done.evidence_rows >= 0 {
                    c.evidence_rows
                        .fetch_add(done.evidence_rows as u64, Relaxed);
                } else {
                    c.evidence_rows
                        .fetch_sub(done.evidence_rows.unsigned_abs(), Relaxed);
                }
                let last = self.next_seq - 1;
                for (seq, arrival, _, (prepared, admission), done) in appended {
                    let _ = done.send(true);
                    let entry = Entry {
                        prepared: prepared.with_origin(seq),
                        arrival,
                        claim: None,
                        admission: Some(admission),
                    };
                    // No room: dropped here, read back from disk by the feeder.
                    if self.feed.try_send(entry).is_err() {
                        c.spilled.fetch_add(1, Relaxed);
                    }
                }
                // After the hand-over: whatever this number covers is in the feeder's
                // channel or on disk only.
                self.committed.send_replace(last);
                Vec::new()
            }
            Err(e) => {
                tracing::error!(error = %e, "Queue commit failed; its requests are refused");
                c.commit_failures.fetch_add(1, Relaxed);
                self.next_seq = first_seq;
                self.clock = clock;
                for (_, _, reserved, _, done) in appended {
                    self.budget.release(reserved);
                    let _ = done.send(false);
                }
                kept
            }
        }
    }
}

/// Stored bytes of a request of `protobuf_len` bytes.
pub(crate) fn stored_size(protobuf_len: usize) -> u64 {
    (protobuf_len + HEADER_BYTES) as u64
}
