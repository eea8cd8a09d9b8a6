//! The one thread that appends to the queue: each request acknowledged only once the
//! segment write that holds it is durable, grouped by the fsync policy. After an append
//! it hands the new requests to the feeder while there is room (else the feeder reads
//! them back from disk) and says how far the queue is committed. Deletions and evidence
//! go to the database on a thread of their own ([`super::committer`]), so that no
//! acknowledgement waits for a database commit.
//!
//! An append that fails (a failed fsync, a full disk) may still have reached the disk in
//! part or whole, so its requests are neither acknowledged nor refused yet: the writer
//! cuts the segment back to what was durable before it and syncs that, then refuses them
//! (retry later). Until that succeeds (retried with backoff) new requests are refused at
//! once, without touching the disk. Their numbers are never given out again. So a sender
//! told "retry" never has its request delivered, and one told nothing (the process died
//! meanwhile) is in the same place as one whose answer a crash lost.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot, watch};

use super::committer::DbOp;
use super::counters::QueueCounters;
use super::record::{Record, HEADER_BYTES};
use super::store::Store;
use super::timing::{Broken, Timing};
use super::{Budget, Handed, Request};
use crate::config::Fsync;
use crate::entry::{Admission, Arrived};

/// What the writer is asked to do.
#[derive(Debug)]
pub(crate) enum Op<T> {
    /// A new request.
    Append(Append<T>),
    /// Stop.
    Stop,
}

/// A new request (its body as it arrived and that body's CRC-32), its budget
/// reservation, what the pipeline gets when it fits in memory, and whom to tell that it
/// is durable.
#[derive(Debug)]
pub(crate) struct Append<T> {
    pub(super) arrived: Arrived,
    pub(super) crc: u32,
    pub(super) outputs_bound: u64,
    pub(super) reserved: u64,
    pub(super) job: (T, Admission),
    pub(super) done: oneshot::Sender<bool>,
}

/// Ops taken at once at most, so that one commit stays short.
const MAX_OPS_PER_COMMIT: usize = 4096;

/// A request whose append failed: refused once it is known to be off the disk.
#[derive(Debug)]
pub(crate) struct Doubtful {
    reserved: u64,
    done: oneshot::Sender<bool>,
}

#[derive(Debug)]
pub(crate) struct Writer<T> {
    pub store: Arc<Store>,
    pub ops: Receiver<Op<T>>,
    pub fsync: Fsync,
    pub group_window: Duration,
    pub next_seq: u64,
    pub clock: u64,
    pub feed: mpsc::Sender<Handed<T>>,
    /// Ingest's pending-bytes budget kept free: a committed request is handed over in
    /// memory only while its budget has this much room, else read back from disk.
    pub keep_room: usize,
    pub committed: watch::Sender<u64>,
    pub budget: Arc<Budget>,
    pub counters: Arc<QueueCounters>,
    pub timing: Timing,
    /// Requests of failed appends, to cut off the disk before they are refused.
    pub doubtful: Vec<Doubtful>,
    /// Some after a failed append, until its requests are off the disk.
    pub broken: Option<Broken>,
    /// When the last append's commit started.
    pub last_started: Option<Instant>,
    /// The next number and the arrival clock, for the database's commits.
    pub shared_next_seq: Arc<AtomicU64>,
    pub shared_clock: Arc<AtomicU64>,
    /// To the database thread: a segment left empty by a failed append is removed by
    /// its next commit; a segment started wants the next one's file made ready.
    pub database: std::sync::mpsc::Sender<DbOp>,
}

impl<T> Writer<T> {
    /// Runs until `Op::Stop` or until every sender is gone.
    pub(super) fn run(mut self) {
        loop {
            let next = match self.broken.as_ref().map(|b| b.next_try) {
                None => self.ops.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(d) => self
                    .ops
                    .recv_timeout(d.saturating_duration_since(Instant::now())),
            };
            let stop = match next {
                Ok(op) => {
                    let mut appends = Vec::new();
                    let stop = self.take(op, &mut appends) || self.gather(&mut appends);
                    self.append(appends);
                    stop
                }
                Err(RecvTimeoutError::Timeout) => false,
                Err(RecvTimeoutError::Disconnected) => true,
            };
            if self
                .broken
                .as_ref()
                .is_some_and(|b| stop || b.next_try <= Instant::now())
            {
                self.recover();
            }
            if stop {
                self.abandon();
                return;
            }
        }
    }

    /// Takes one op: appends into `appends`, the rest at once. True: stop.
    fn take(&mut self, op: Op<T>, appends: &mut Vec<Append<T>>) -> bool {
        match op {
            Op::Append(append) => {
                if self.broken.is_some() {
                    // Nothing new touches the disk until the failed append is cut off.
                    self.refuse(append.reserved, append.done);
                } else {
                    appends.push(append);
                }
            }
            Op::Stop => return true,
        }
        false
    }

    /// Takes what is already waiting and, for a group commit with an append, what comes
    /// until the group window has passed since the last commit started: commits start
    /// at most once per window, so a request waits for the window only when another
    /// commit just started (at low load none waits; under load the window is what the
    /// commit itself takes, and only the rest is added). True: stop.
    fn gather(&mut self, appends: &mut Vec<Append<T>>) -> bool {
        let mut taken = 1;
        while taken < MAX_OPS_PER_COMMIT {
            match self.ops.try_recv() {
                Ok(op) => {
                    taken += 1;
                    if self.take(op, appends) {
                        return true;
                    }
                }
                Err(_) => break,
            }
        }
        if self.fsync != Fsync::Group || appends.is_empty() {
            return false;
        }
        let Some(until) = self.last_started.map(|t| t + self.group_window) else {
            return false;
        };
        while taken < MAX_OPS_PER_COMMIT {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            match self.ops.recv_timeout(left) {
                Ok(op) => {
                    taken += 1;
                    if self.take(op, appends) {
                        return true;
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
            }
        }
        false
    }

    /// Commits the appends: all in one (`fsync: group`) or one each (`fsync: request`).
    fn append(&mut self, appends: Vec<Append<T>>) {
        match self.fsync {
            Fsync::Group => self.commit(appends),
            Fsync::Request => {
                for a in appends {
                    self.commit(vec![a]);
                }
            }
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
            for d in std::mem::take(&mut self.doubtful) {
                // No refusal: dropping the sender would tell "unavailable".
                std::mem::forget(d.done);
            }
        }
    }

    /// Cuts the failed appends off the disk, then refuses them.
    fn recover(&mut self) {
        match self.store.files.discard_tail() {
            Ok(()) => {
                tracing::info!(
                    refused = self.doubtful.len(),
                    "The queue's failed append is off the disk; its requests are refused, new ones are taken again"
                );
                self.broken = None;
                for d in std::mem::take(&mut self.doubtful) {
                    self.refuse(d.reserved, d.done);
                }
                if self.store.files.has_dead() {
                    // A segment left with nothing live goes with the next database commit.
                    let _ = self.database.send(DbOp::Flush);
                }
            }
            Err(e) => {
                self.counters.commit_failures.fetch_add(1, Relaxed);
                let b = Broken::after(self.broken.as_ref(), self.timing);
                tracing::error!(
                    error = %e,
                    retry_in_ms = b.next_try.saturating_duration_since(Instant::now()).as_millis() as u64,
                    "Cannot cut a failed append off the queue's disk"
                );
                self.broken = Some(b);
            }
        }
    }

    /// Appends in one segment write and fsync and tells everyone.
    fn commit(&mut self, appends: Vec<Append<T>>) {
        if appends.is_empty() {
            return;
        }
        if self.broken.is_some() {
            // An earlier commit of this round failed: no retry before the backoff.
            for a in appends {
                self.refuse(a.reserved, a.done);
            }
            return;
        }
        let mut numbered = Vec::with_capacity(appends.len());
        for a in appends {
            // Arrival times never go back, not even across a restart.
            self.clock = self.clock.max(crate::clock::now_ns());
            numbered.push((self.next_seq, self.clock, a));
            self.next_seq += 1;
        }
        // Before the write: the database never records a next number below one in use.
        self.shared_next_seq.store(self.next_seq, Relaxed);
        self.shared_clock.store(self.clock, Relaxed);
        let records: Vec<Record<'_>> = numbered
            .iter()
            .map(|(seq, arrival, a)| Record {
                seq: *seq,
                arrival: *arrival,
                bound: a.outputs_bound,
                body: &a.arrived.bytes,
                crc: a.crc,
                format: a.arrived.format,
                compression: a.arrived.compression,
            })
            .collect();
        let written: u64 = records.iter().map(|r| stored_size(r.body.len())).sum();
        let started = Instant::now();
        self.last_started = Some(started);
        let result = self.store.files.append(&records);
        let took = started.elapsed();
        drop(records);
        let c = self.counters.clone();
        match result {
            Ok(new_segment) => {
                if new_segment {
                    // The next segment's file is made ready off this path.
                    let _ = self.database.send(DbOp::Spare);
                }
                c.commit_seconds.observe(took.as_secs_f64());
                c.written_bytes.fetch_add(written, Relaxed);
                c.requests.fetch_add(numbered.len() as u64, Relaxed);
                let spans: u64 = numbered.iter().map(|(_, _, a)| a.outputs_bound).sum();
                c.spans.fetch_add(spans, Relaxed);
                c.bytes.store(self.budget.used(), Relaxed);
                let last = self.next_seq - 1;
                for (seq, arrival, a) in numbered {
                    let (kept, mut admission) = a.job;
                    // A backlog the pipeline has not taken waits on disk, not in memory
                    // where it would hold ingest's budget and turn new requests away
                    // (H200, 32 connections of 120 KB requests: the two channels held
                    // the whole 64 MiB and 1 request in 4 was refused). Decided before
                    // the answer, so that an acknowledged request on disk holds no budget.
                    let kept = if admission.room_left() >= self.keep_room {
                        // The body as it arrived is on disk: in memory only what ingest
                        // decoded stays (a compressed body's bytes leave the budget).
                        let besides = a.arrived.held_besides_decoded();
                        drop(a.arrived);
                        admission.shrink_to(admission.bytes().saturating_sub(besides));
                        // Not taken: the request (and its budget) goes with the error, now.
                        self.feed
                            .try_send(Handed {
                                seq,
                                arrival,
                                request: Request::Kept(kept),
                                admission: Some(admission),
                            })
                            .is_ok()
                    } else {
                        drop(admission);
                        false
                    };
                    // Not kept: read back from disk by the feeder.
                    if !kept {
                        c.spilled.fetch_add(1, Relaxed);
                    }
                    let _ = a.done.send(true);
                }
                // After the hand-over: whatever this number covers is in the feeder's
                // channel or on disk only.
                self.committed.send_replace(last);
            }
            Err(e) => {
                c.commit_failures.fetch_add(1, Relaxed);
                tracing::error!(
                    error = %e,
                    requests = numbered.len(),
                    "Queue append failed; its requests are refused once they are known to be off the disk, new ones until then"
                );
                self.broken = Some(Broken::after(None, self.timing));
                // Their numbers are not given out again.
                for (_, _, a) in numbered {
                    self.doubtful.push(Doubtful {
                        reserved: a.reserved,
                        done: a.done,
                    });
                }
            }
        }
    }
}

/// Stored bytes of a request whose body has `body_len` bytes.
pub(crate) fn stored_size(body_len: usize) -> u64 {
    (body_len + HEADER_BYTES) as u64
}
