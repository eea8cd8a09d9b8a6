//! The one thread that writes the queue's database: appends (each acknowledged only once
//! its commit is durable), deletions and evidence, grouped into commits by the fsync
//! policy. After a commit it hands the new requests to the feeder while there is room
//! (else the feeder reads them back from disk) and says how far the queue is committed.
//!
//! A commit that fails (a failed fsync, a full disk) may still have reached the disk in
//! part or whole, so its requests are neither acknowledged nor refused yet: the writer
//! reopens the database (redb refuses every use of a handle after an I/O error) and
//! commits their removal, then refuses them (retry later). Until such a commit succeeds
//! (retried with backoff) new requests are refused at once, without touching the disk,
//! and deletions and evidence wait. Their numbers are never given out again. So a sender
//! told "retry" never has its request delivered, and one told nothing (the process died
//! meanwhile) is in the same place as one whose answer a crash lost.

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
/// The writer's waits.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Timing {
    /// How long deletions and evidence wait for an append's commit to ride with before
    /// they are committed on their own: bounds what a crash re-delivers and when the
    /// budget is given back, without an fsync per deletion.
    pub flush_after: Duration,
    /// The first and the longest wait before a failed commit is tried again.
    pub retry_first: Duration,
    pub retry_max: Duration,
}

impl Timing {
    /// The receiver's (the model test runs shorter ones).
    pub(crate) const DEFAULT: Timing = Timing {
        flush_after: Duration::from_millis(100),
        retry_first: Duration::from_millis(10),
        retry_max: Duration::from_secs(2),
    };
}

/// A request whose commit failed: refused once its removal is durable.
#[derive(Debug)]
pub(crate) struct Doubtful {
    seq: u64,
    reserved: u64,
    done: oneshot::Sender<bool>,
}

/// The writer after a failed commit.
#[derive(Debug)]
pub(crate) struct Broken {
    /// When to try again, and the wait after that.
    next_try: Instant,
    backoff: Duration,
}

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
    /// Requests of failed commits, to remove from disk before they are refused.
    pub doubtful: Vec<Doubtful>,
    /// Some after a failed commit, until a commit succeeds.
    pub broken: Option<Broken>,
    /// Stored bytes of the requests on disk (the budget less what is on its way).
    pub stored: u64,
    pub timing: Timing,
}

impl Writer {
    /// Runs until `Op::Stop` or until every sender is gone.
    pub(super) fn run(mut self) {
        // Deletions and evidence not committed yet: they ride with the next commit of an
        // append (an fsync that is paid anyway), or go on their own after `flush_after`.
        let mut pending: Vec<Op> = Vec::new();
        let mut since: Option<Instant> = None;
        loop {
            let deadline = match &self.broken {
                Some(b) => Some(b.next_try),
                None => since.map(|t| t + self.timing.flush_after),
            };
            let next = match deadline {
                None => self.ops.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(d) => self
                    .ops
                    .recv_timeout(d.saturating_duration_since(Instant::now())),
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
                    self.abandon();
                    return;
                }
            };
            if self.broken.is_some() {
                // Nothing new touches the disk until a commit succeeds again.
                match first {
                    Op::Append { reserved, done, .. } => self.refuse(reserved, done),
                    Op::Stop => {
                        self.commit(pending);
                        self.abandon();
                        return;
                    }
                    op => pending.push(op),
                }
                continue;
            }
            let mut ops = std::mem::take(&mut pending);
            ops.push(first);
            self.gather(&mut ops);
            let stop = ops.iter().any(|op| matches!(op, Op::Stop));
            let appends = ops.iter().any(|op| matches!(op, Op::Append { .. }));
            let due = since.is_some_and(|t| t.elapsed() >= self.timing.flush_after)
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
                        let op = match op {
                            // An earlier commit of this round failed: no retry before
                            // the backoff, so the rest never touch the disk.
                            Op::Append { reserved, done, .. } if self.broken.is_some() => {
                                self.refuse(reserved, done);
                                continue;
                            }
                            op => op,
                        };
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
                self.abandon();
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

    /// Counts what is on disk again after a failed commit: it may have reached the disk
    /// (then its deletions found nothing to delete the second time) or not.
    fn recount(&mut self) {
        let c = &self.counters;
        match self.store.totals() {
            Ok((requests, bytes, rows)) => {
                if bytes >= self.stored {
                    // Reserve what the budget misses; can exceed the maximum for a moment.
                    self.budget.add(bytes - self.stored);
                } else {
                    self.budget.release(self.stored - bytes);
                }
                self.stored = bytes;
                c.requests.store(requests, Relaxed);
                c.evidence_rows.store(rows, Relaxed);
            }
            Err(e) => tracing::warn!(error = %e, "Cannot count the queue after a failed commit"),
        }
    }

    /// Refuses a request that never reached the disk.
    fn refuse(&self, reserved: u64, done: oneshot::Sender<bool>) {
        self.budget.release(reserved);
        self.counters.bytes.store(self.budget.used(), Relaxed);
        let _ = done.send(false);
    }

    /// Stopping with requests whose removal is not durable: their senders get no answer
    /// (as when the process dies), since one may still be on disk and delivered after the
    /// next start.
    fn abandon(&mut self) {
        if !self.doubtful.is_empty() {
            tracing::error!(
                requests = self.doubtful.len(),
                "Stopping with requests of a failed commit unanswered; the next start may deliver them"
            );
            let doubtful = std::mem::take(&mut self.doubtful);
            for d in doubtful {
                // No refusal: dropping the sender would tell "unavailable".
                std::mem::forget(d.done);
            }
        }
    }

    /// Commits `ops` in one transaction and tells everyone. Returns the deletions and
    /// evidence to try again when the commit failed.
    fn commit(&mut self, ops: Vec<Op>) -> Vec<Op> {
        let work = ops.iter().any(|op| !matches!(op, Op::Stop));
        if !work && self.doubtful.is_empty() && self.broken.is_none() {
            return Vec::new();
        }
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
        batch.purge = self.doubtful.iter().map(|d| d.seq).collect();
        batch.next_seq = self.next_seq;
        batch.clock = self.clock;
        let started = Instant::now();
        let result = match self.broken {
            // After an I/O error redb refuses the old handle: open the database again.
            Some(_) => self.store.reopen().and_then(|()| self.store.commit(&batch)),
            None => self.store.commit(&batch),
        };
        let c = self.counters.clone();
        match result {
            Ok(done) => {
                c.commits.fetch_add(1, Relaxed);
                c.commit_ns
                    .fetch_add(started.elapsed().as_nanos() as u64, Relaxed);
                let added: u64 = appended.iter().map(|a| a.2).sum();
                self.stored = (self.stored + added).saturating_sub(done.freed);
                self.budget.release(done.freed);
                c.requests.fetch_add(appended.len() as u64, Relaxed);
                c.requests.fetch_sub(done.deleted, Relaxed);
                if done.evidence_rows >= 0 {
                    c.evidence_rows
                        .fetch_add(done.evidence_rows as u64, Relaxed);
                } else {
                    c.evidence_rows
                        .fetch_sub(done.evidence_rows.unsigned_abs(), Relaxed);
                }
                if self.broken.take().is_some() {
                    tracing::info!(
                        refused = self.doubtful.len(),
                        "Queue commits succeed again; the requests of the failed commits are refused"
                    );
                    self.recount();
                }
                for d in std::mem::take(&mut self.doubtful) {
                    // Off the disk now, durably: refused, to be sent again.
                    self.budget.release(d.reserved);
                    let _ = d.done.send(false);
                }
                c.bytes.store(self.budget.used(), Relaxed);
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
                c.commit_failures.fetch_add(1, Relaxed);
                let backoff = self
                    .broken
                    .as_ref()
                    .map_or(self.timing.retry_first, |b| b.backoff);
                tracing::error!(
                    error = %e,
                    requests = appended.len() + self.doubtful.len(),
                    retry_in_ms = backoff.as_millis() as u64,
                    "Queue commit failed; its requests are refused once they are known to be off the disk, new ones until a commit succeeds"
                );
                self.broken = Some(Broken {
                    next_try: Instant::now() + backoff,
                    backoff: (backoff * 2).min(self.timing.retry_max),
                });
                // Their numbers are not given out again: a later commit removes them.
                for (seq, _, reserved, _, done) in appended {
                    self.doubtful.push(Doubtful {
                        seq,
                        reserved,
                        done,
                    });
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
