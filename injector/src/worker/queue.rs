//! The way into the worker, from every other thread: kernel records from the
//! collector and NVTX events from the application's threads, both admitted against the
//! memory budget without waiting (refused and counted when it is full), and the
//! sampling side's messages on a lossless channel.

use std::sync::atomic::Ordering;
use std::sync::mpsc::{Sender, SyncSender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::budget::Budget;
use crate::completeness::Unrecorded;
use crate::export::Closer;
use crate::record::KernelRecord;
use crate::sampling::message::SamplingMsg;
use crate::stats::Stats;

/// What one queued record costs the budget: the record plus its share of the queue.
pub const RECORD_COST: u64 = std::mem::size_of::<KernelRecord>() as u64 + 8;

/// What a batch of the launch accounting's findings costs the budget.
pub(crate) fn unrecorded_cost(found: &[Unrecorded]) -> u64 {
    std::mem::size_of_val(found) as u64 + 8
}

/// Sends [`SamplingMsg`]s to the worker and wakes it.
#[derive(Debug, Clone)]
pub struct SamplingSender {
    tx: Sender<SamplingMsg>,
    wake: Sender<Msg>,
}

impl SamplingSender {
    /// Sends without waiting (the channel is unbounded) and wakes the worker.
    pub fn send(&self, msg: SamplingMsg) {
        let _ = self.tx.send(msg);
        let _ = self.wake.send(Msg::Wake);
    }
}

/// A message to the worker.
#[derive(Debug)]
pub(crate) enum Msg {
    /// Kernel records.
    Records(Vec<KernelRecord>),
    /// Sampling messages are waiting.
    Wake,
    /// An NVTX event from an application thread.
    Nvtx(crate::nvtx::Event),
    /// Executions launched and never recorded, found by the launch accounting.
    Unrecorded(Vec<Unrecorded>),
    /// Flush and stop.
    Shutdown {
        deadline: Instant,
        done: SyncSender<()>,
    },
}

/// The sending side of the queue to the worker, bounded by the budget.
#[derive(Debug, Clone)]
pub struct RecordQueue {
    tx: Sender<Msg>,
    stats: Arc<Stats>,
    budget: Arc<Budget>,
    sampling: Sender<SamplingMsg>,
    closer: Closer,
}

impl RecordQueue {
    /// The queue into a worker that reads `tx` and `sampling`; `closer` stops the
    /// sending side's retries at shutdown.
    pub(super) fn new(
        tx: Sender<Msg>,
        sampling: Sender<SamplingMsg>,
        stats: Arc<Stats>,
        budget: Arc<Budget>,
        closer: Closer,
    ) -> Self {
        RecordQueue {
            tx,
            stats,
            budget,
            sampling,
            closer,
        }
    }

    /// Offers a batch without waiting. Returns false, and counts every record as
    /// dropped, when it does not fit the memory budget or the worker is gone.
    pub fn offer(&self, batch: Vec<KernelRecord>) -> bool {
        if batch.is_empty() {
            return true;
        }
        let n = batch.len() as u64;
        self.stats.records.fetch_add(n, Ordering::Relaxed);
        let cost = batch.capacity() as u64 * RECORD_COST;
        if self.budget.try_take(cost) {
            match self.tx.send(Msg::Records(batch)) {
                Ok(()) => return true,
                Err(_) => self.budget.release(cost),
            }
        }
        self.stats.refuse_records(n, self.budget.limit());
        false
    }

    /// Offers the launch accounting's findings without waiting. Their counts are
    /// already in the counters (the exit line, the drop events on roots); when the
    /// budget has no room they go without a span, counted.
    pub fn offer_unrecorded(&self, found: Vec<Unrecorded>) {
        if found.is_empty() {
            return;
        }
        let n = found.len() as u64;
        let cost = unrecorded_cost(&found);
        if self.budget.try_take(cost) {
            match self.tx.send(Msg::Unrecorded(found)) {
                Ok(()) => return,
                Err(_) => self.budget.release(cost),
            }
        }
        self.stats.launches().spans_refused += n;
    }

    /// The sender of NVTX events, admitted against the same memory budget.
    pub fn nvtx_sender(&self) -> NvtxSender {
        NvtxSender {
            tx: self.tx.clone(),
            budget: self.budget.clone(),
            stats: self.stats.clone(),
        }
    }

    /// The lossless sender of window records and PC samples.
    pub fn sampling_sender(&self) -> SamplingSender {
        SamplingSender {
            tx: self.sampling.clone(),
            wake: self.tx.clone(),
        }
    }

    /// The budget this queue admits records against.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Asks the worker to flush everything and stop, and waits for it
    /// until `deadline`. Returns whether it finished in time.
    pub fn shutdown(&self, deadline: Instant) -> bool {
        // The encoder may be waiting for room on the sending side, behind requests
        // that retry: stop the retries first, so it reaches the shutdown message.
        self.closer.close();
        let (done, wait) = std::sync::mpsc::sync_channel(1);
        if self.tx.send(Msg::Shutdown { deadline, done }).is_err() {
            return false;
        }
        wait.recv_timeout(
            deadline.saturating_duration_since(Instant::now()) + Duration::from_millis(100),
        )
        .is_ok()
    }
}

/// Sends NVTX events to the worker from the application's threads: admitted
/// against the memory budget without waiting, refused and counted when it is full.
#[derive(Debug, Clone)]
pub struct NvtxSender {
    tx: Sender<Msg>,
    budget: Arc<Budget>,
    stats: Arc<Stats>,
}

impl crate::nvtx::tracker::EventSink for NvtxSender {
    fn send(&self, event: crate::nvtx::Event) -> bool {
        let cost = event.cost();
        if self.budget.try_take(cost) {
            if self.tx.send(Msg::Nvtx(event)).is_ok() {
                return true;
            }
            self.budget.release(cost);
        }
        self.stats
            .nvtx_events_dropped
            .fetch_add(1, Ordering::Relaxed);
        false
    }
}
