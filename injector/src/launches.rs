//! Launch accounting: what each launch promises, counted on the application's threads
//! per block of correlation ids ([`Launches`]), and settled on the collector thread
//! against the records CUPTI gives ([`Settler`], with [`crate::completeness`]). Safe
//! code; the CUPTI side (which callbacks, their parameters, a graph's kernel nodes) is
//! `cupti::launch` and `cupti::driver`, and the process's one instance is the runtime's.
//!
//! ```text
//! kernel launch EXIT (app thread, success):  +1 in its block
//! graph launch EXIT (app thread, success):   +kernel nodes of its graph exec, looked up
//!                                           in the exec table (unknown: the block is
//!                                           uncountable)
//! graph exec created / destroyed (app):      the exec table
//! stream capture begin / end (app):          while any capture runs, launches record
//!                                           nothing and their blocks are uncountable
//! collector thread:                          last(), take(block)
//! graph-trace record (collector thread):     take_kernel_nodes(correlation id), what
//!                                           its launch found in the exec table
//! ```
//!
//! With `GPU_OTEL_GRAPH_RECORDS=launches` a graph replay gives one record, not one per
//! kernel node: the settler counts it as the kernel nodes its launch promised, looked
//! up by its correlation id, so promised = recorded + missing holds in both modes.
//!
//! Application threads never wait here: a launch is one or two relaxed atomic adds on
//! a ring of per-block counters and, for a graph launch, a lock-free table look-up.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use crate::completeness::{Completeness, Expected, Launch, BLOCK_SHIFT};
use crate::record::{GraphRecords, KernelRecord};
use crate::stats::Stats;
use crate::worker::RecordQueue;

/// Blocks the ring holds: 2^14 blocks of 4,096 ids, 67M correlation ids, so that the
/// collector settles a block long before a newer one takes its slot (at a million
/// launches a second, 67 s against the settle time's 10 s).
pub const RING_BLOCKS: usize = 1 << 14;

/// Graph execs the table can hold at once. Programs keep a few hundred (vLLM captures
/// one per batch size); past it launches of the execs that did not fit are uncountable.
pub const EXEC_SLOTS: usize = 1 << 12;

/// Graph launches awaiting their graph-trace record, by correlation id: a record takes
/// its launch's entry, so the table holds only replays in flight (CUPTI delivers within
/// its flush period, ~100 ms). Keyed exactly, not by the id's low bits: a PyTorch decode
/// loop spends hundreds of correlation ids (every API call takes one) between two
/// replays, and a table indexed by `id % slots` lost 85% of the counts (H100,
/// 2026-12-05, endurance.sh in the launches mode).
pub const GRAPH_SLOTS: usize = 1 << 14;

/// Slots an insert or look-up probes past its home slot.
const GRAPH_PROBE: usize = 32;

/// An entry this many correlation ids behind a new launch is stale (its record was lost
/// or never came): its slot may be taken. The ring's span of ids, 67M.
const GRAPH_STALE: u32 = (RING_BLOCKS as u32) << BLOCK_SHIFT;

/// A slot's bit that marks its block uncountable.
const UNCOUNTABLE: u64 = 1 << 63;

/// Exec table keys: free (never used), removed (free again, probing continues past it)
/// and being written.
const FREE: usize = 0;
const REMOVED: usize = usize::MAX;
const WRITING: usize = usize::MAX - 1;
/// An exec whose kernel count is unknown (conditional nodes, a look-up that failed).
const UNKNOWN_KERNELS: u64 = u64::MAX;

/// The process's launch accounting.
#[derive(Debug)]
pub struct Launches {
    /// Executions promised per block (`block % RING_BLOCKS`), [`UNCOUNTABLE`] or-ed in.
    slots: Box<[AtomicU64]>,
    /// The correlation id of the latest launch counted.
    last: AtomicU32,
    /// Stream captures in progress in the process.
    capturing: AtomicI64,
    execs: ExecTable,
    /// Graph launches of a known kernel count whose record has not come yet; only where
    /// graph replays give graph-trace records (`GPU_OTEL_GRAPH_RECORDS=launches`):
    /// per-node records never take an entry, and the launch path would fill the table.
    in_flight: Option<InFlight>,
    /// Kernel launches counted.
    pub kernel_launches: AtomicU64,
    /// Graph launches of a known kernel count.
    pub graph_launches: AtomicU64,
    /// Launches of an unknown count (and launches during a capture).
    pub uncountable_launches: AtomicU64,
    /// The launch callbacks were handed to a profiler for good: nothing is counted
    /// any more, and the settler stops checking records past the last launch.
    stopped: AtomicBool,
}

impl Default for Launches {
    /// The default mode's: graph replays give per-node records.
    fn default() -> Self {
        Launches::for_graph_records(GraphRecords::Nodes)
    }
}

impl Launches {
    /// The accounting of a process whose graph replays become `graph_records`.
    pub fn for_graph_records(graph_records: GraphRecords) -> Self {
        Launches {
            slots: (0..RING_BLOCKS).map(|_| AtomicU64::new(0)).collect(),
            last: AtomicU32::new(0),
            capturing: AtomicI64::new(0),
            execs: ExecTable::default(),
            in_flight: (graph_records == GraphRecords::Launches).then(InFlight::default),
            kernel_launches: AtomicU64::new(0),
            graph_launches: AtomicU64::new(0),
            uncountable_launches: AtomicU64::new(0),
            stopped: AtomicBool::new(false),
        }
    }

    fn slot(&self, correlation_id: u32) -> &AtomicU64 {
        &self.slots[(correlation_id >> BLOCK_SHIFT) as usize % RING_BLOCKS]
    }

    fn promise(&self, correlation_id: u32, executions: u64) {
        self.slot(correlation_id)
            .fetch_add(executions, Ordering::Relaxed);
        self.last.store(correlation_id, Ordering::Relaxed);
    }

    fn uncountable(&self, correlation_id: u32) {
        self.uncountable_launches.fetch_add(1, Ordering::Relaxed);
        self.slot(correlation_id)
            .fetch_or(UNCOUNTABLE, Ordering::Relaxed);
        self.last.store(correlation_id, Ordering::Relaxed);
    }

    /// One event of the application's threads (see the module doc). Never waits.
    pub fn on(&self, launch: Launch) {
        match launch {
            Launch::Kernel { correlation_id } => {
                if self.capturing.load(Ordering::Relaxed) > 0 {
                    // Maybe captured into a graph, not run: no record will come.
                    self.uncountable(correlation_id);
                } else {
                    self.kernel_launches.fetch_add(1, Ordering::Relaxed);
                    self.promise(correlation_id, 1);
                }
            }
            Launch::Graph {
                correlation_id,
                exec,
            } => match self.execs.get(exec) {
                Some(n) if n != UNKNOWN_KERNELS && self.capturing.load(Ordering::Relaxed) <= 0 => {
                    self.graph_launches.fetch_add(1, Ordering::Relaxed);
                    if let Some(f) = &self.in_flight {
                        f.insert(correlation_id, n);
                    }
                    self.promise(correlation_id, n);
                }
                _ => self.uncountable(correlation_id),
            },
            Launch::Uncountable { correlation_id } => self.uncountable(correlation_id),
            Launch::CaptureBegin => {
                self.capturing.fetch_add(1, Ordering::Relaxed);
            }
            Launch::CaptureEnd => {
                // Never below 0: an end whose begin came before accounting started.
                let _ = self
                    .capturing
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |c| {
                        Some((c - 1).max(0))
                    });
            }
            Launch::ExecCreated { exec, kernels } => {
                self.execs.insert(exec, kernels.unwrap_or(UNKNOWN_KERNELS));
            }
            Launch::ExecDestroyed { exec } => self.execs.remove(exec),
        }
    }

    /// The kernel nodes the graph launch of `correlation_id` promised, taken for its
    /// record (collector thread, once per record); `None` when unknown: its exec's count
    /// was unknown, or no graph launch of that id is in flight (never seen, already
    /// taken, or not kept: [`Launches::graph_launches_not_kept`]).
    pub fn take_kernel_nodes(&self, correlation_id: u32) -> Option<u64> {
        self.in_flight.as_ref()?.take(correlation_id)
    }

    /// Graph launches of a known count the in-flight table had no room for.
    pub fn graph_launches_not_kept(&self) -> u64 {
        self.in_flight
            .as_ref()
            .map_or(0, |f| f.refused.load(Ordering::Relaxed))
    }

    /// The launch callbacks are gone for good (a profiler kept CUPTI's subscriber).
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// The correlation id of the latest launch counted (collector thread).
    pub fn last(&self) -> u32 {
        self.last.load(Ordering::Relaxed)
    }

    /// Hands over, and clears, what the launches of `block` promised (collector thread).
    pub fn take(&self, block: u64) -> Expected {
        let v = self.slots[block as usize % RING_BLOCKS].swap(0, Ordering::Relaxed);
        Expected {
            executions: v & !UNCOUNTABLE,
            uncountable: v & UNCOUNTABLE != 0,
        }
    }

    /// Graph execs known now, and those that did not fit the table.
    pub fn exec_stats(&self) -> (usize, u64) {
        (
            self.execs.len.load(Ordering::Relaxed),
            self.execs.refused.load(Ordering::Relaxed),
        )
    }
}

/// Correlation id → kernel nodes of the graph launches in flight: open addressing over
/// one atomic word per slot (the id in the high half, the count in the low; 0 free), so
/// that an application thread inserts with one compare-and-swap and never waits. The
/// collector thread alone takes entries.
#[derive(Debug)]
struct InFlight {
    slots: Box<[AtomicU64]>,
    refused: AtomicU64,
}

/// A taken entry: probes go on past it; inserts may use it.
const TAKEN: u64 = u64::MAX;

impl Default for InFlight {
    fn default() -> Self {
        InFlight {
            slots: (0..GRAPH_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            refused: AtomicU64::new(0),
        }
    }
}

impl InFlight {
    fn probe(correlation_id: u32) -> impl Iterator<Item = usize> {
        // Fibonacci hashing: the product's high bits depend on every bit of the id (ids
        // that share their low bits, as a loop's replays may, spread out).
        let home = (correlation_id.wrapping_mul(0x9E37_79B1) >> (32 - GRAPH_SLOTS.trailing_zeros()))
            as usize;
        (0..GRAPH_PROBE).map(move |i| (home + i) % GRAPH_SLOTS)
    }

    /// Whether an entry of `id` is stale for a launch of `now`: so far behind that its
    /// record cannot come any more (ids wrap at 2^32).
    fn stale(id: u32, now: u32) -> bool {
        now.wrapping_sub(id) > GRAPH_STALE && id.wrapping_sub(now) > GRAPH_STALE
    }

    fn insert(&self, correlation_id: u32, kernels: u64) {
        // Counts past u32 range (never seen) are clamped, not mistaken for a free slot.
        let word = (u64::from(correlation_id) << 32) | kernels.min(u64::from(u32::MAX - 1));
        if correlation_id == 0 {
            self.refused.fetch_add(1, Ordering::Relaxed);
            return;
        }
        for i in Self::probe(correlation_id) {
            let v = self.slots[i].load(Ordering::Relaxed);
            let free = v == 0 || v == TAKEN || Self::stale((v >> 32) as u32, correlation_id);
            if free
                && self.slots[i]
                    .compare_exchange(v, word, Ordering::Release, Ordering::Relaxed)
                    .is_ok()
            {
                return;
            }
        }
        self.refused.fetch_add(1, Ordering::Relaxed);
    }

    fn take(&self, correlation_id: u32) -> Option<u64> {
        if correlation_id == 0 {
            return None;
        }
        for i in Self::probe(correlation_id) {
            let v = self.slots[i].load(Ordering::Acquire);
            if v == 0 {
                return None;
            }
            if v != TAKEN
                && (v >> 32) as u32 == correlation_id
                && self.slots[i]
                    .compare_exchange(v, TAKEN, Ordering::AcqRel, Ordering::Relaxed)
                    .is_ok()
            {
                return Some(v & u64::from(u32::MAX));
            }
        }
        None
    }
}

/// Graph exec → kernel executions per launch: open addressing over atomics, written at
/// instantiation and destruction (rare), read at every graph launch.
#[derive(Debug)]
struct ExecTable {
    keys: Box<[AtomicUsize]>,
    values: Box<[AtomicU64]>,
    len: AtomicUsize,
    refused: AtomicU64,
}

impl Default for ExecTable {
    fn default() -> Self {
        ExecTable {
            keys: (0..EXEC_SLOTS).map(|_| AtomicUsize::new(FREE)).collect(),
            values: (0..EXEC_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            len: AtomicUsize::new(0),
            refused: AtomicU64::new(0),
        }
    }
}

impl ExecTable {
    fn start(exec: usize) -> usize {
        // Handles are pointers: drop the alignment bits, mix the rest.
        (exec >> 4).wrapping_mul(0x9E37_79B9_7F4A_7C15_u64 as usize) % EXEC_SLOTS
    }

    fn probe(exec: usize) -> impl Iterator<Item = usize> {
        let s = Self::start(exec);
        (0..EXEC_SLOTS).map(move |i| (s + i) % EXEC_SLOTS)
    }

    fn get(&self, exec: usize) -> Option<u64> {
        for i in Self::probe(exec) {
            match self.keys[i].load(Ordering::Acquire) {
                FREE => return None,
                k if k == exec => return Some(self.values[i].load(Ordering::Relaxed)),
                _ => {}
            }
        }
        None
    }

    fn insert(&self, exec: usize, kernels: u64) {
        if exec == FREE || exec >= WRITING {
            return;
        }
        // An exec handle the driver reused without our seeing its destruction.
        self.remove(exec);
        for i in Self::probe(exec) {
            let k = self.keys[i].load(Ordering::Relaxed);
            if (k == FREE || k == REMOVED)
                && self.keys[i]
                    .compare_exchange(k, WRITING, Ordering::Acquire, Ordering::Relaxed)
                    .is_ok()
            {
                self.values[i].store(kernels, Ordering::Relaxed);
                self.keys[i].store(exec, Ordering::Release);
                self.len.fetch_add(1, Ordering::Relaxed);
                return;
            }
        }
        self.refused.fetch_add(1, Ordering::Relaxed);
    }

    fn remove(&self, exec: usize) {
        for i in Self::probe(exec) {
            match self.keys[i].load(Ordering::Acquire) {
                FREE => return,
                k if k == exec => {
                    if self.keys[i]
                        .compare_exchange(exec, REMOVED, Ordering::AcqRel, Ordering::Relaxed)
                        .is_ok()
                    {
                        self.len.fetch_sub(1, Ordering::Relaxed);
                    }
                    return;
                }
                _ => {}
            }
        }
    }
}

/// The collector thread's side: settles what the launches promised against the records
/// it decodes, and reports what is missing.
#[derive(Debug)]
pub struct Settler<'a> {
    completeness: Completeness,
    launches: &'a Launches,
    /// Graph-trace records counted.
    graph_records: u64,
}

impl<'a> Settler<'a> {
    /// A block settles `settle` after the launches moved past it.
    pub fn new(settle: Duration, launches: &'a Launches) -> Self {
        Settler {
            completeness: Completeness::new(settle.as_nanos() as u64, RING_BLOCKS as u64),
            launches,
            graph_records: 0,
        }
    }

    /// Counts the records of one drain (before the memory budget may refuse them:
    /// CUPTI gave them, whatever happens to them next). A graph replay's record
    /// (`GPU_OTEL_GRAPH_RECORDS=launches`) first gets the kernel nodes its launch
    /// promised, and counts as that many executions.
    pub fn records(&mut self, batch: &mut [KernelRecord]) {
        self.follow_stop();
        for r in batch.iter_mut() {
            if let Some(g) = r.graph_launch.as_mut() {
                g.kernel_nodes = self.launches.take_kernel_nodes(r.correlation_id);
                self.graph_records += 1;
            }
            self.completeness
                .record_executions(r.correlation_id, r.executions());
        }
    }

    /// Once the launch side stopped counting, records past its last launch are unchecked.
    fn follow_stop(&mut self) {
        if self.launches.stopped.load(Ordering::Relaxed) {
            self.completeness.stop_counting(self.launches.last());
        }
    }

    /// One collector period at `now_ns` (`all`: at exit, after the last flush): marks
    /// the launches' progress, settles what is due, stores the counters and hands the
    /// findings to the worker.
    pub fn period(&mut self, now_ns: u64, all: bool, stats: &Stats, queue: &RecordQueue) {
        self.completeness.mark(now_ns, self.launches.last());
        self.follow_stop();
        let launches = self.launches;
        let found = self
            .completeness
            .settle(now_ns, all, |block| launches.take(block));
        let t = self.completeness.totals();
        let (execs, untracked) = launches.exec_stats();
        {
            let mut c = stats.launches();
            c.expected = t.expected;
            c.recorded = t.recorded;
            c.reported = t.unrecorded;
            c.missing = t.missing();
            c.late = t.late;
            c.unchecked = t.unchecked;
            c.uncountable_blocks = t.uncountable_blocks;
            c.kernel_launches = launches.kernel_launches.load(Ordering::Relaxed);
            c.graph_launches = launches.graph_launches.load(Ordering::Relaxed);
            c.uncountable_launches = launches.uncountable_launches.load(Ordering::Relaxed);
            c.execs_known = execs as u64;
            c.execs_untracked = untracked;
            c.graph_records = self.graph_records;
            c.graph_launches_not_kept = launches.graph_launches_not_kept();
        }
        if !found.is_empty() && t.unrecorded == found.iter().map(|u| u.count).sum::<u64>() {
            crate::log::line(&format!(
                "kernel executions launched and not recorded by CUPTI: {} so far (no CUPTI drop was counted for them); reported as gpu.kernels.unrecorded spans and the not_recorded drop counter, total at exit",
                t.unrecorded
            ));
        }
        queue.offer_unrecorded(found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::completeness::BLOCK;

    #[test]
    fn a_kernel_launch_promises_one_execution_in_its_block() {
        let l = Launches::default();
        l.on(Launch::Kernel { correlation_id: 5 });
        l.on(Launch::Kernel { correlation_id: 9 });
        l.on(Launch::Kernel {
            correlation_id: BLOCK as u32 + 1,
        });
        assert_eq!(l.take(0).executions, 2);
        assert_eq!(l.take(1).executions, 1);
        assert_eq!(l.take(0).executions, 0, "take clears the slot");
        assert_eq!(l.last(), BLOCK as u32 + 1);
    }

    #[test]
    fn a_graph_launch_promises_its_kernel_nodes_and_an_unknown_graph_none() {
        let l = Launches::default();
        l.on(Launch::ExecCreated {
            exec: 0x7f00_1000,
            kernels: Some(198),
        });
        l.on(Launch::ExecCreated {
            exec: 0x7f00_2000,
            kernels: None,
        });
        l.on(Launch::Graph {
            correlation_id: 10,
            exec: 0x7f00_1000,
        });
        l.on(Launch::Graph {
            correlation_id: 11,
            exec: 0x7f00_1000,
        });
        assert_eq!(
            l.take(0),
            Expected {
                executions: 396,
                uncountable: false
            }
        );
        l.on(Launch::Graph {
            correlation_id: 12,
            exec: 0x7f00_2000,
        });
        l.on(Launch::Graph {
            correlation_id: 13,
            exec: 0x7f00_3000, // never seen instantiated
        });
        assert!(l.take(0).uncountable);
        assert_eq!(l.uncountable_launches.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn a_graph_launch_remembers_its_kernel_nodes_for_its_record_and_an_unknown_stays_unknown() {
        let l = Launches::for_graph_records(GraphRecords::Launches);
        l.on(Launch::ExecCreated {
            exec: 0x100,
            kernels: Some(40),
        });
        l.on(Launch::ExecCreated {
            exec: 0x200,
            kernels: None,
        });
        l.on(Launch::Graph {
            correlation_id: 11,
            exec: 0x100,
        });
        l.on(Launch::Graph {
            correlation_id: 12,
            exec: 0x200,
        });
        l.on(Launch::Graph {
            correlation_id: 13,
            exec: 0x300, // never seen instantiated
        });
        assert_eq!(
            l.take_kernel_nodes(12),
            None,
            "an unknown count is not kept"
        );
        assert_eq!(l.take_kernel_nodes(13), None);
        assert_eq!(l.take_kernel_nodes(14), None, "no graph launch of that id");
        assert_eq!(l.take_kernel_nodes(11), Some(40));
        assert_eq!(
            l.take_kernel_nodes(11),
            None,
            "a record takes its launch's count once"
        );
    }

    #[test]
    fn with_per_node_records_a_graph_launch_keeps_nothing_for_a_record_that_never_comes() {
        let l = Launches::default();
        l.on(Launch::ExecCreated {
            exec: 0x100,
            kernels: Some(40),
        });
        for id in 1..=(GRAPH_SLOTS as u32 * 2) {
            l.on(Launch::Graph {
                correlation_id: id,
                exec: 0x100,
            });
        }
        assert_eq!(l.take_kernel_nodes(1), None);
        assert_eq!(l.graph_launches_not_kept(), 0, "nothing was to be kept");
        assert_eq!(
            l.graph_launches.load(Ordering::Relaxed),
            GRAPH_SLOTS as u64 * 2
        );
    }

    #[test]
    fn a_record_finds_its_launch_however_many_correlation_ids_and_launches_came_between() {
        // A PyTorch decode loop spends hundreds of ids between replays: ids that share
        // their low bits must not take each other's counts.
        let l = Launches::for_graph_records(GraphRecords::Launches);
        l.on(Launch::ExecCreated {
            exec: 0x100,
            kernels: Some(226),
        });
        l.on(Launch::ExecCreated {
            exec: 0x200,
            kernels: Some(3),
        });
        let ids: Vec<u32> = (0..2_000u32)
            .map(|i| 7 + i * GRAPH_SLOTS as u32 / 4)
            .collect();
        for (i, &id) in ids.iter().enumerate() {
            let exec = if i % 2 == 0 { 0x100 } else { 0x200 };
            l.on(Launch::Graph {
                correlation_id: id,
                exec,
            });
            // Records trail their launches by a few hundred replays.
            if i >= 300 {
                let back = ids[i - 300];
                let want = if (i - 300) % 2 == 0 { 226 } else { 3 };
                assert_eq!(l.take_kernel_nodes(back), Some(want), "launch {}", i - 300);
            }
        }
        assert_eq!(l.graph_launches_not_kept(), 0);
    }

    #[test]
    fn launches_past_the_tables_room_are_counted_and_stale_entries_give_theirs_up() {
        let l = Launches::for_graph_records(GraphRecords::Launches);
        l.on(Launch::ExecCreated {
            exec: 0x100,
            kernels: Some(5),
        });
        // Records that never come: the table fills, and what finds no room is counted.
        for id in 1..=(GRAPH_SLOTS as u32 + 100) {
            l.on(Launch::Graph {
                correlation_id: id,
                exec: 0x100,
            });
        }
        assert!(
            l.graph_launches_not_kept() >= 100,
            "{}",
            l.graph_launches_not_kept()
        );
        // Far later launches reuse the slots of entries whose records cannot come any more.
        let later = GRAPH_STALE + GRAPH_SLOTS as u32 + 1_000;
        let refused = l.graph_launches_not_kept();
        for id in later..later + 1_000 {
            l.on(Launch::Graph {
                correlation_id: id,
                exec: 0x100,
            });
        }
        assert_eq!(l.graph_launches_not_kept(), refused);
        assert_eq!(l.take_kernel_nodes(later + 999), Some(5));
    }

    #[test]
    fn a_destroyed_exec_is_forgotten_and_its_handle_may_be_reused() {
        let l = Launches::default();
        l.on(Launch::ExecCreated {
            exec: 0x10,
            kernels: Some(4),
        });
        l.on(Launch::ExecDestroyed { exec: 0x10 });
        assert_eq!(l.execs.get(0x10), None);
        l.on(Launch::ExecCreated {
            exec: 0x10,
            kernels: Some(7),
        });
        assert_eq!(l.execs.get(0x10), Some(7));
        assert_eq!(l.exec_stats(), (1, 0));
    }

    #[test]
    fn launches_during_a_stream_capture_make_their_block_uncountable() {
        let l = Launches::default();
        l.on(Launch::CaptureBegin);
        l.on(Launch::Kernel { correlation_id: 3 });
        l.on(Launch::CaptureEnd);
        l.on(Launch::Kernel {
            correlation_id: BLOCK as u32 + 3,
        });
        assert!(l.take(0).uncountable);
        assert_eq!(l.take(1).executions, 1);
        // An end without its begin (capture begun before accounting) never goes below 0.
        l.on(Launch::CaptureEnd);
        l.on(Launch::Kernel {
            correlation_id: 2 * BLOCK as u32,
        });
        assert_eq!(l.take(2).executions, 1);
    }

    #[test]
    fn the_exec_table_keeps_working_through_churn_and_refuses_past_its_size() {
        let t = ExecTable::default();
        for round in 0..3 {
            for e in 1..=EXEC_SLOTS {
                t.insert(e << 4, (e + round) as u64);
            }
            for e in 1..=EXEC_SLOTS {
                assert_eq!(t.get(e << 4), Some((e + round) as u64));
            }
            t.insert((EXEC_SLOTS + 1) << 4, 1);
            assert_eq!(t.refused.load(Ordering::Relaxed), round as u64 + 1);
            for e in 1..=EXEC_SLOTS {
                t.remove(e << 4);
            }
            assert_eq!(t.len.load(Ordering::Relaxed), 0);
        }
    }

    #[test]
    fn concurrent_launches_on_many_threads_are_all_counted() {
        let l = std::sync::Arc::new(Launches::default());
        l.on(Launch::ExecCreated {
            exec: 0x40,
            kernels: Some(3),
        });
        let threads: Vec<_> = (0..8u32)
            .map(|t| {
                let l = l.clone();
                std::thread::spawn(move || {
                    for i in 0..10_000u32 {
                        let id = 1 + t * 10_000 + i;
                        if i % 2 == 0 {
                            l.on(Launch::Kernel { correlation_id: id });
                        } else {
                            l.on(Launch::Graph {
                                correlation_id: id,
                                exec: 0x40,
                            });
                        }
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let total: u64 = (0..RING_BLOCKS as u64).map(|b| l.take(b).executions).sum();
        assert_eq!(total, 8 * (5_000 + 5_000 * 3));
    }
}
