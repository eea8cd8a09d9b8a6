//! The way into the worker, from every other thread: kernel records from the
//! collector and NVTX events from the application's threads, both admitted against the
//! memory budget without waiting (refused and counted when it is full), and the
//! sampling side's messages on a channel of its own byte bound (PC records refused
//! first, counted).

use std::sync::atomic::Ordering;
use std::sync::mpsc::{Sender, SyncSender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::budget::Budget;
use crate::completeness::Unrecorded;
use crate::export::Closer;
use crate::record::KernelRecord;
use crate::sampling::message::SamplingMsg;
use crate::sampling::samples::PcRecord;
use crate::stats::Stats;

/// What one queued record costs the budget: the record plus its share of the queue.
pub const RECORD_COST: u64 = std::mem::size_of::<KernelRecord>() as u64 + 8;

/// What a batch of the launch accounting's findings costs the budget.
pub(crate) fn unrecorded_cost(found: &[Unrecorded]) -> u64 {
    std::mem::size_of_val(found) as u64 + 8
}

/// What one sampling message costs its channel's bound: the message, its PC records
/// and their stall counts (function and reason names are shared, not counted).
pub(crate) fn sampling_cost(m: &SamplingMsg) -> u64 {
    let stalls: usize =
        m.pc.iter()
            .map(|r| r.stalls.capacity() * std::mem::size_of::<(Arc<str>, u32)>())
            .sum();
    (std::mem::size_of::<SamplingMsg>() + m.pc.capacity() * std::mem::size_of::<PcRecord>()) as u64
        + stalls as u64
}

/// A sampling message on its way, with what it was charged.
pub(crate) type Charged = (SamplingMsg, u64);

/// Sends [`SamplingMsg`]s to the worker and wakes it, within a byte bound of their own
/// ([`crate::config::SAMPLING_CHANNEL_BYTES`]): the worker gives a message's bytes back
/// when it takes it off the channel.
#[derive(Debug, Clone)]
pub struct SamplingSender {
    tx: Sender<Charged>,
    wake: Sender<Msg>,
    room: Arc<Budget>,
    stats: Arc<Stats>,
}

impl SamplingSender {
    pub(super) fn new(
        tx: Sender<Charged>,
        wake: Sender<Msg>,
        room: Arc<Budget>,
        stats: Arc<Stats>,
    ) -> Self {
        SamplingSender {
            tx,
            wake,
            room,
            stats,
        }
    }

    /// Sends without waiting and wakes the worker. When the bound is reached the PC
    /// records go first (the window, counters and tier changes are small, and they are
    /// what the receiver reconciles against); when even the rest does not fit, the
    /// message is refused. Both are counted (the exit line). Returns whether the
    /// message went whole.
    pub fn send(&self, mut msg: SamplingMsg) -> bool {
        let mut cost = sampling_cost(&msg);
        let mut whole = true;
        if !self.room.try_take(cost) {
            let pc = std::mem::take(&mut msg.pc);
            self.stats.refuse_sampling(pc.len() as u64, None);
            whole = false;
            cost = sampling_cost(&msg);
            if pc.is_empty() || !self.room.try_take(cost) {
                self.stats.refuse_sampling(0, Some(&msg));
                return false;
            }
        }
        if self.tx.send((msg, cost)).is_err() {
            // The worker is gone: nothing will read it, nothing is exported any more.
            self.room.release(cost);
            return false;
        }
        let _ = self.wake.send(Msg::Wake);
        whole
    }

    /// Bytes waiting on the channel now, and its highest.
    pub fn pending(&self) -> (u64, u64) {
        (self.room.used(), self.room.peak())
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
    /// A window handed to the application's profiler.
    Handoff(crate::handoff::Window),
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
    sampling: SamplingSender,
    closer: Closer,
}

impl RecordQueue {
    /// The queue into a worker that reads `tx` and `sampling` (whose bytes `room`
    /// bounds); `closer` stops the sending side's retries at shutdown.
    pub(super) fn new(
        tx: Sender<Msg>,
        sampling: (Sender<Charged>, Arc<Budget>),
        stats: Arc<Stats>,
        budget: Arc<Budget>,
        closer: Closer,
    ) -> Self {
        let sampling = SamplingSender::new(sampling.0, tx.clone(), sampling.1, stats.clone());
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

    /// Offers a window handed to the application's profiler without waiting (from the
    /// application's thread that ended it). Without room in the budget it goes without
    /// a span, and the exit line still counts the window.
    pub fn offer_handoff(&self, window: crate::handoff::Window) {
        let cost = std::mem::size_of::<crate::handoff::Window>() as u64 + 8;
        if self.budget.try_take(cost) && self.tx.send(Msg::Handoff(window)).is_err() {
            self.budget.release(cost);
        }
    }

    /// The sender of NVTX events, admitted against the same memory budget.
    pub fn nvtx_sender(&self) -> NvtxSender {
        NvtxSender {
            tx: self.tx.clone(),
            budget: self.budget.clone(),
            stats: self.stats.clone(),
        }
    }

    /// The sender of window records and PC samples, within its own byte bound.
    pub fn sampling_sender(&self) -> SamplingSender {
        self.sampling.clone()
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

#[cfg(test)]
mod tests {
    use std::sync::mpsc::channel;

    use super::*;
    use crate::sampling::message::SamplingMsg;

    fn drain(n: u32) -> SamplingMsg {
        let f: Arc<str> = Arc::from("k");
        let stall: Arc<str> = Arc::from("stall");
        SamplingMsg {
            pc: (0..n)
                .map(|i| PcRecord {
                    correlation_id: i,
                    function: f.clone(),
                    pc_offset: u64::from(i) * 16,
                    stalls: vec![(stall.clone(), 1)],
                    source: Default::default(),
                })
                .collect(),
            window: Some(semconv::Window::open(
                1,
                u64::from(n),
                semconv::SamplingMode::KernelSerialized,
            )),
            ..SamplingMsg::default()
        }
    }

    #[test]
    fn sampling_channel_never_holds_more_than_its_bound_and_counts_what_it_refuses() {
        let bound = 64 << 10;
        let stats = Arc::new(Stats::default());
        let (tx, rx) = channel::<Charged>();
        let (wake, _wake_rx) = channel();
        let room = Arc::new(Budget::new(bound));
        let sender = SamplingSender::new(tx, wake, room.clone(), stats.clone());
        let (mut sent, mut whole, mut consumed) = (0u64, 0u64, 0u64);
        // The producer sends 100 drains for each one the consumer takes.
        for i in 0..10_000u32 {
            sent += 1;
            if sender.send(drain(64)) {
                whole += 1;
            }
            assert!(
                room.used() <= bound,
                "channel over its bound at message {i}"
            );
            if i % 100 == 99 {
                if let Ok((_, cost)) = rx.try_recv() {
                    room.release(cost);
                    consumed += 1;
                }
            }
        }
        let pc_refused = stats.sampling_pc_refused.load(Ordering::Relaxed);
        let msgs_refused = stats.sampling_msgs_refused.load(Ordering::Relaxed);
        assert!(room.peak() <= bound);
        assert!(consumed > 0 && whole < sent);
        // Every drain not sent whole lost its 64 PC records, counted.
        assert_eq!(pc_refused, (sent - whole) * 64);
        // Everything sent is on the channel, taken off it, or counted as refused.
        let queued = rx.try_iter().count() as u64;
        assert_eq!(queued + consumed + msgs_refused, sent);
        assert_eq!(
            stats.sampling_windows_refused.load(Ordering::Relaxed),
            msgs_refused
        );
        assert!(stats.summary().contains(&format!(
            "PC sampling messages refused at their bound: PC records={pc_refused}"
        )));
    }

    #[test]
    fn sampling_keeps_window_records_when_pc_records_do_not_fit() {
        let one = sampling_cost(&drain(64));
        let stats = Arc::new(Stats::default());
        let (tx, rx) = channel::<Charged>();
        let (wake, _wake_rx) = channel();
        // Room for one drain and a little more: the second drain's window still fits.
        let room = Arc::new(Budget::new(one + 1024));
        let sender = SamplingSender::new(tx, wake, room, stats.clone());
        assert!(sender.send(drain(64)));
        assert!(!sender.send(drain(64)));
        let got: Vec<_> = rx.try_iter().map(|(m, _)| m).collect();
        assert_eq!(got.len(), 2);
        assert!(got[1].pc.is_empty() && got[1].window.is_some());
        assert_eq!(stats.sampling_pc_refused.load(Ordering::Relaxed), 64);
        assert_eq!(stats.sampling_msgs_refused.load(Ordering::Relaxed), 0);
    }
}
