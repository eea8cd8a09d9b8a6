//! Whether CUPTI gave a record for every kernel execution the program launched.
//!
//! CUPTI can stop recording without a word: on the H200 (CUDA 13.0) the kernels of
//! CUDA-graph replays stopped being recorded once its device buffer pool was used up,
//! and its dropped-records counter stayed 0. The only independent witness is the
//! launch: a kernel launch stands for one execution, a graph launch for as many as its
//! graph has kernel nodes (counted at instantiation), and every record names the
//! correlation id of the launch it belongs to.
//!
//! So both sides are counted per block of [`BLOCK`] consecutive correlation ids:
//! what the launches of a block promised ([`Expected`], counted on the application's
//! threads, see `runtime/launches.rs`) and the records that arrived for it. A block
//! settles once the launches moved past it at least `settle_ns` ago; from then on its
//! difference is evidence. What was promised and not recorded is reported once, as
//! [`Unrecorded`], placed in time where its launches were; records that arrive for a
//! block already settled are counted as late and never reported twice.
//!
//! The reported count is monotone: it is the highest the running balance (promised
//! minus recorded, over settled blocks) has been. A record whose correlation id falls
//! in the block next to its launch's (a block's edge) moves the balance by one in
//! each block and nothing in their sum. Blocks with a launch whose promise is unknown
//! (a graph with conditional nodes, a launch during a stream capture, a ring that
//! lapped) are left out of the balance, and their records are counted as unchecked.
//!
//! Pure: no I/O, no clock; instants are arguments.

use std::collections::VecDeque;

/// Correlation ids per block, as a shift.
pub const BLOCK_SHIFT: u32 = 12;
/// Correlation ids per block.
pub const BLOCK: u64 = 1 << BLOCK_SHIFT;

/// A block's record count's bit that marks a record of unknown size among them.
const UNKNOWN_RECORD: u64 = 1 << 63;

/// What the application's threads report to the launch accounting (made by the
/// `cupti` callbacks, counted by `runtime/launches.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Launch {
    /// A kernel launch succeeded: one execution.
    Kernel {
        /// The launch's correlation id (its record carries it).
        correlation_id: u32,
    },
    /// A graph launch succeeded: as many executions as its exec's graph has kernel nodes.
    Graph {
        /// The launch's correlation id (every kernel record of the replay carries it).
        correlation_id: u32,
        /// The graph exec's handle.
        exec: usize,
    },
    /// A launch whose executions are not known here (several devices at once, a graph
    /// launch whose parameters are not read).
    Uncountable {
        /// The launch's correlation id.
        correlation_id: u32,
    },
    /// A stream capture began: launches into it make no records.
    CaptureBegin,
    /// A stream capture ended.
    CaptureEnd,
    /// A graph exec was created from a graph of `kernels` kernel nodes (`None`: not a
    /// fixed number, e.g. conditional nodes).
    ExecCreated {
        /// The exec's handle.
        exec: usize,
        /// Kernel executions per launch.
        kernels: Option<u64>,
    },
    /// A graph exec is being destroyed (its handle may be reused).
    ExecDestroyed {
        /// The exec's handle.
        exec: usize,
    },
}

/// What the launches of one block promised.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Expected {
    /// Kernel executions the launches stand for.
    pub executions: u64,
    /// A launch of the block promised an unknown number of executions.
    pub uncountable: bool,
}

/// Executions launched and never recorded, found when one block settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unrecorded {
    /// Executions newly known to be missing (what the reported total rose by).
    pub count: u64,
    /// The block's correlation ids: `[first, first + BLOCK)` (64-bit, unwrapped).
    pub first_correlation: u64,
    /// When the launches of the block were made, as closely as the marks tell: the
    /// mark before the block's first id and the first mark past its last.
    pub launched_from_ns: u64,
    /// See [`Unrecorded::launched_from_ns`].
    pub launched_to_ns: u64,
}

/// The counters, cumulative.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Executions promised by the launches of settled, countable blocks.
    pub expected: u64,
    /// Records of settled, countable blocks (late ones included).
    pub recorded: u64,
    /// Executions reported missing: the highest `expected - recorded` has been.
    pub unrecorded: u64,
    /// Records that arrived after their block settled.
    pub late: u64,
    /// Records whose block could not be checked (uncountable, lapped, or no launch
    /// seen: correlation id 0, launches from before the callbacks).
    pub unchecked: u64,
    /// Blocks left out of the balance because a launch's promise was unknown.
    pub uncountable_blocks: u64,
}

impl Totals {
    /// Executions missing now: promised minus recorded over settled blocks (late
    /// records included), never below 0. At exit, after the last flush, the final
    /// count; [`Totals::unrecorded`] is what was reported along the way.
    pub fn missing(&self) -> u64 {
        self.expected.saturating_sub(self.recorded)
    }
}

/// The settling of promised against recorded executions. See the module doc.
#[derive(Debug)]
pub struct Completeness {
    settle_ns: u64,
    /// Blocks the launch side can hold before its ring laps (a block older than the
    /// newest by this many is lost to the ring).
    ring_blocks: u64,
    /// (instant, highest correlation id launched by then), oldest first; pruned to the
    /// marks still needed.
    marks: VecDeque<(u64, u64)>,
    /// The highest correlation id launched, unwrapped to 64 bits.
    high: u64,
    /// The first block accounted: the ring's oldest at the first mark (launches before
    /// the ring could hold them were never counted; their records are unchecked).
    first: Option<u64>,
    /// The lowest block not yet settled.
    next: u64,
    /// Records per block from `next` on.
    recorded: VecDeque<u64>,
    totals: Totals,
    /// The launch side stopped counting at this id (its callbacks went to a profiler):
    /// records of later ids have nothing to be checked against.
    stopped_at: Option<u64>,
}

impl Completeness {
    /// Blocks settle `settle_ns` after the launches moved past them; the launch side's
    /// ring holds `ring_blocks` blocks.
    pub fn new(settle_ns: u64, ring_blocks: u64) -> Self {
        Completeness {
            settle_ns,
            ring_blocks: ring_blocks.max(2),
            marks: VecDeque::new(),
            high: 0,
            first: None,
            next: 0,
            recorded: VecDeque::new(),
            totals: Totals::default(),
            stopped_at: None,
        }
    }

    /// The launch side stopped counting (its launch callbacks were handed to another
    /// CUPTI client for good) after `last_launched`, its last launch: records of later
    /// ids are unchecked from now on, never evidence of a loss or of a late record.
    /// Only the first call counts.
    pub fn stop_counting(&mut self, last_launched: u32) {
        if self.stopped_at.is_none() {
            let id = Self::unwrap(last_launched, self.high);
            self.stopped_at = Some(self.high.max(id));
        }
    }

    /// The counters now.
    pub fn totals(&self) -> Totals {
        self.totals
    }

    /// The highest correlation id launched, unwrapped.
    pub fn high(&self) -> u64 {
        self.high
    }

    /// A 32-bit correlation id as a 64-bit one near `near` (CUPTI's ids wrap at 2^32:
    /// ~70 minutes at a million launches a second).
    fn unwrap(id: u32, near: u64) -> u64 {
        let base = near & !0xffff_ffff;
        let candidates = [
            base.wrapping_sub(1 << 32) | u64::from(id),
            base | u64::from(id),
            (base + (1 << 32)) | u64::from(id),
        ];
        candidates
            .into_iter()
            .filter(|c| *c <= near.saturating_add(1 << 31))
            .min_by_key(|c| c.abs_diff(near))
            .unwrap_or(u64::from(id))
    }

    /// The launch side's highest correlation id at `now_ns` (read on each collector
    /// period). Ids only move forward, through wraps.
    pub fn mark(&mut self, now_ns: u64, last_launched: u32) {
        let id = match self.first {
            Some(_) => Self::unwrap(last_launched, self.high),
            None => u64::from(last_launched),
        };
        if self.first.is_none() {
            // A process starts at small ids; one whose accounting began late starts at
            // the oldest block the ring still holds.
            let first = (id >> BLOCK_SHIFT).saturating_sub(self.ring_blocks - 1);
            self.first = Some(first);
            self.next = first;
        }
        self.high = self.high.max(id);
        self.marks.push_back((now_ns, self.high));
    }

    /// One record of correlation id `id` arrived, standing for one execution.
    pub fn record(&mut self, id: u32) {
        self.record_executions(id, Some(1));
    }

    /// One record of correlation id `id` arrived, standing for `executions` (a graph
    /// replay's record stands for its kernel nodes); `None`: a number not known, which
    /// leaves its block out of the balance (its launch promised a number the record
    /// cannot be checked against).
    pub fn record_executions(&mut self, id: u32, executions: Option<u64>) {
        let n = executions.unwrap_or(1);
        if id == 0 {
            self.totals.unchecked += n;
            return;
        }
        let id = Self::unwrap(id, self.high);
        let block = id >> BLOCK_SHIFT;
        if block < self.first.unwrap_or(0) || self.stopped_at.is_some_and(|s| id > s) {
            self.totals.unchecked += n;
            return;
        }
        if block < self.next {
            // Settled already: counted toward the balance, never reported again (one
            // of unknown size cannot be: it is unchecked).
            match executions {
                Some(n) => {
                    self.totals.late += n;
                    self.totals.recorded += n;
                }
                None => self.totals.unchecked += 1,
            }
            return;
        }
        let i = (block - self.next) as usize;
        if i >= self.ring_blocks as usize * 2 {
            // Far ahead of every launch marked: nothing to check it against.
            self.totals.unchecked += n;
            return;
        }
        if self.recorded.len() <= i {
            self.recorded.resize(i + 1, 0);
        }
        self.recorded[i] += n;
        if executions.is_none() {
            self.recorded[i] |= UNKNOWN_RECORD;
        }
    }

    /// Settles every block the launches left at least `settle_ns` before `now_ns`;
    /// `take(block)` hands over (and clears) what the launches of a block promised.
    /// `all` settles every block up to the highest launch at once (at exit, after the
    /// last flush). Returns what was found missing, one entry per block that raised the
    /// reported total.
    pub fn settle(
        &mut self,
        now_ns: u64,
        all: bool,
        mut take: impl FnMut(u64) -> Expected,
    ) -> Vec<Unrecorded> {
        let mut found = Vec::new();
        // The highest id launched at least settle_ns ago: blocks below it are done.
        let horizon = if all {
            self.high + 1
        } else {
            let cutoff = now_ns.saturating_sub(self.settle_ns);
            match self.marks.iter().rev().find(|(t, _)| *t <= cutoff) {
                Some(&(_, id)) => id,
                None => return found,
            }
        };
        let newest = self.high >> BLOCK_SHIFT;
        // Blocks the ring lapped: their slot now counts a newer block.
        let lapped_below = newest.saturating_sub(self.ring_blocks - 1);
        while self.next << BLOCK_SHIFT < horizon
            && (all || (self.next + 1) << BLOCK_SHIFT <= horizon)
        {
            let block = self.next;
            let recorded = self.recorded.pop_front().unwrap_or(0);
            let unknown_record = recorded & UNKNOWN_RECORD != 0;
            let recorded = recorded & !UNKNOWN_RECORD;
            let expected = if block < lapped_below {
                Expected {
                    executions: 0,
                    uncountable: true,
                }
            } else {
                let e = take(block);
                Expected {
                    uncountable: e.uncountable || unknown_record,
                    ..e
                }
            };
            self.next += 1;
            if expected.uncountable {
                self.totals.uncountable_blocks += 1;
                self.totals.unchecked += recorded;
                continue;
            }
            self.totals.expected += expected.executions;
            self.totals.recorded += recorded;
            let missing = self.totals.missing();
            if missing > self.totals.unrecorded {
                let (from, to) = self.launch_times(block);
                found.push(Unrecorded {
                    count: missing - self.totals.unrecorded,
                    first_correlation: block << BLOCK_SHIFT,
                    launched_from_ns: from,
                    launched_to_ns: to,
                });
                self.totals.unrecorded = missing;
            }
        }
        self.prune();
        found
    }

    /// When the launches of `block` were made: the last mark below its first id and
    /// the first mark at or past its last.
    fn launch_times(&self, block: u64) -> (u64, u64) {
        let first = block << BLOCK_SHIFT;
        let last = first + BLOCK - 1;
        let from = self
            .marks
            .iter()
            .rev()
            .find(|(_, id)| *id < first)
            .or(self.marks.front())
            .map_or(0, |m| m.0);
        let to = self
            .marks
            .iter()
            .find(|(_, id)| *id >= last)
            .or(self.marks.back())
            .map_or(from, |m| m.0);
        (from, to.max(from))
    }

    /// Keeps one mark below the lowest unsettled block (its launches' start) and every
    /// mark after it.
    fn prune(&mut self) {
        let first = self.next << BLOCK_SHIFT;
        while self.marks.len() > 1 && self.marks[1].1 < first {
            self.marks.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    const S: u64 = 1_000_000_000;
    const SETTLE: u64 = 10 * S;

    /// The launch side of a test: promises per block, as the runtime's ring keeps them.
    #[derive(Default)]
    struct Launches {
        promised: HashMap<u64, Expected>,
        last: u32,
    }

    impl Launches {
        fn kernel(&mut self, id: u32) {
            self.graph(id, 1);
        }
        fn graph(&mut self, id: u32, kernels: u64) {
            let e = self
                .promised
                .entry(u64::from(id) >> BLOCK_SHIFT)
                .or_default();
            e.executions += kernels;
            self.last = id;
        }
        fn uncountable(&mut self, id: u32) {
            let e = self
                .promised
                .entry(u64::from(id) >> BLOCK_SHIFT)
                .or_default();
            e.uncountable = true;
            self.last = id;
        }
        fn take(&mut self) -> impl FnMut(u64) -> Expected + '_ {
            |b| {
                self.promised
                    .remove(&(b & ((1 << (32 - BLOCK_SHIFT)) - 1)))
                    .unwrap_or_default()
            }
        }
    }

    fn settle_all(c: &mut Completeness, l: &mut Launches, now: u64) -> Vec<Unrecorded> {
        c.settle(now, true, l.take())
    }

    #[test]
    fn a_graph_replays_one_record_counts_as_its_kernel_nodes_and_balances_its_launch() {
        let mut c = Completeness::new(SETTLE, 1024);
        let mut l = Launches::default();
        l.graph(5, 198);
        l.kernel(6);
        c.record_executions(5, Some(198));
        c.record(6);
        l.graph(BLOCK as u32 + 1, 198); // its record never came
        c.mark(S, l.last);
        let found = settle_all(&mut c, &mut l, 2 * S);
        let t = c.totals();
        assert_eq!((t.expected, t.recorded), (2 * 198 + 1, 199));
        assert_eq!(t.expected, t.recorded + t.missing());
        assert_eq!(found.iter().map(|u| u.count).sum::<u64>(), 198);
    }

    #[test]
    fn a_record_of_unknown_size_leaves_its_block_out_of_the_balance_and_clears_its_promise() {
        let mut c = Completeness::new(SETTLE, 1024);
        let mut l = Launches::default();
        l.graph(5, 198);
        c.record_executions(5, None);
        c.mark(S, l.last);
        assert!(settle_all(&mut c, &mut l, 2 * S).is_empty());
        let t = c.totals();
        assert_eq!((t.expected, t.recorded, t.uncountable_blocks), (0, 0, 1));
        assert_eq!(t.unchecked, 1);
        assert!(l.promised.is_empty(), "the block's promise was taken");
    }

    #[test]
    fn once_launches_stop_being_counted_later_records_are_unchecked_and_earlier_ones_still_balance()
    {
        let mut c = Completeness::new(SETTLE, 1024);
        let mut l = Launches::default();
        for id in 1..=50u32 {
            l.kernel(id);
        }
        c.mark(S, l.last);
        // Launched after the last mark, before the stop: still checked.
        for id in 51..=100u32 {
            l.kernel(id);
        }
        c.stop_counting(l.last);
        // The launches up to 100 are still checked (one never recorded); the records of
        // launches nobody counted (ids 101..=9,000, over three blocks) are neither late
        // nor a surplus that would hide a loss.
        for id in 1..=99u32 {
            c.record(id);
        }
        for id in 101..=9_000u32 {
            c.record(id);
        }
        c.stop_counting(9_000);
        let found = settle_all(&mut c, &mut l, 2 * S + SETTLE);
        let t = c.totals();
        assert_eq!((t.expected, t.recorded, t.unchecked), (100, 99, 8_900));
        assert_eq!(found.iter().map(|u| u.count).sum::<u64>(), 1);
        assert_eq!(t.late, 0);
    }

    #[test]
    fn every_launch_recorded_settles_with_nothing_missing() {
        let mut c = Completeness::new(SETTLE, 1024);
        let mut l = Launches::default();
        for id in 1..=20_000u32 {
            l.kernel(id);
            c.record(id);
        }
        c.mark(S, l.last);
        assert!(c.settle(S + SETTLE, false, l.take()).is_empty());
        assert!(settle_all(&mut c, &mut l, 2 * S + SETTLE).is_empty());
        let t = c.totals();
        assert_eq!((t.expected, t.recorded, t.unrecorded), (20_000, 20_000, 0));
        assert_eq!(t.missing(), 0);
    }

    #[test]
    fn graph_replays_past_a_recording_ceiling_are_reported_missing_where_they_were_launched() {
        // 200 kernels per replay; CUPTI records the first 1,000 replays and then nothing.
        let mut c = Completeness::new(SETTLE, 1 << 14);
        let mut l = Launches::default();
        let mut id = 100u32;
        for replay in 0..3_000u64 {
            id += 5; // other API calls take ids between replays
            l.graph(id, 200);
            if replay < 1_000 {
                for _ in 0..200 {
                    c.record(id);
                }
            }
            if replay % 100 == 99 {
                c.mark(replay * S / 100, l.last);
            }
        }
        let found = settle_all(&mut c, &mut l, 100 * S);
        let t = c.totals();
        assert_eq!(t.expected, 600_000);
        assert_eq!(t.recorded, 200_000);
        assert_eq!(t.unrecorded, 400_000);
        assert_eq!(found.iter().map(|u| u.count).sum::<u64>(), 400_000);
        // The first loss is reported with the launches of the block that holds replay
        // 1,000 (launched ~10 s in).
        assert!(found[0].launched_from_ns <= 10 * S && found[0].launched_to_ns >= 10 * S);
    }

    #[test]
    fn a_block_settles_only_once_the_launches_left_it_settle_ns_ago() {
        let mut c = Completeness::new(SETTLE, 1024);
        let mut l = Launches::default();
        for id in 1..=(BLOCK as u32 * 2) {
            l.kernel(id);
        }
        c.mark(S, l.last);
        // Nothing recorded yet, and the settle time has not passed: no verdict.
        assert!(c.settle(S + SETTLE - 1, false, l.take()).is_empty());
        assert_eq!(c.totals().expected, 0);
        let found = c.settle(S + SETTLE, false, l.take());
        assert_eq!(found.iter().map(|u| u.count).sum::<u64>(), BLOCK * 2 - 1);
    }

    #[test]
    fn a_record_of_a_settled_block_is_late_and_never_reported_twice() {
        let mut c = Completeness::new(SETTLE, 1024);
        let mut l = Launches::default();
        for id in 1..=10u32 {
            l.kernel(id);
        }
        c.mark(S, l.last);
        let found = settle_all(&mut c, &mut l, S + SETTLE);
        assert_eq!(found[0].count, 10);
        c.record(5);
        let t = c.totals();
        assert_eq!((t.late, t.unrecorded, t.missing()), (1, 10, 9));
        // Nothing new to report for it.
        assert!(settle_all(&mut c, &mut l, S + 2 * SETTLE).is_empty());
    }

    #[test]
    fn a_record_across_a_block_edge_moves_nothing_in_the_sum() {
        let mut c = Completeness::new(SETTLE, 1024);
        let mut l = Launches::default();
        let edge = BLOCK as u32;
        // Launched one id below the edge, recorded one above it.
        l.kernel(edge - 1);
        l.kernel(edge + 5);
        c.record(edge);
        c.record(edge + 5);
        c.mark(S, l.last);
        settle_all(&mut c, &mut l, S + SETTLE);
        let t = c.totals();
        assert_eq!((t.expected, t.recorded), (2, 2));
        // Reported after the first block settled alone (1 promised, 0 recorded): the
        // edge can raise the reported total by the records in flight across it, never
        // more than the ids of one block edge, and the final missing count is exact.
        assert!(t.unrecorded <= 1);
        assert_eq!(t.missing(), 0);
    }

    #[test]
    fn an_uncountable_block_is_left_out_and_its_records_are_unchecked() {
        let mut c = Completeness::new(SETTLE, 1024);
        let mut l = Launches::default();
        l.uncountable(3);
        c.record(3);
        c.record(3);
        c.mark(S, l.last);
        assert!(settle_all(&mut c, &mut l, S + SETTLE).is_empty());
        let t = c.totals();
        assert_eq!((t.expected, t.unchecked, t.uncountable_blocks), (0, 2, 1));
    }

    #[test]
    fn accounting_that_starts_late_skips_what_the_ring_cannot_hold() {
        let mut c = Completeness::new(SETTLE, 4);
        let mut l = Launches::default();
        l.kernel(10 * BLOCK as u32 + 1);
        c.mark(S, l.last);
        c.record(1); // launched before anything was counted
        c.record(10 * BLOCK as u32 + 1);
        assert!(settle_all(&mut c, &mut l, S + SETTLE).is_empty());
        let t = c.totals();
        assert_eq!((t.expected, t.recorded, t.unchecked), (1, 1, 1));
        assert_eq!(t.uncountable_blocks, 0);
    }

    #[test]
    fn a_record_with_no_correlation_id_is_unchecked() {
        let mut c = Completeness::new(SETTLE, 1024);
        c.record(0);
        assert_eq!(c.totals().unchecked, 1);
    }

    #[test]
    fn blocks_the_launch_ring_lapped_are_uncountable_not_missing() {
        // A ring of 4 blocks and launches 10 blocks ahead before anything settled.
        let mut c = Completeness::new(SETTLE, 4);
        let mut l = Launches::default();
        c.mark(0, 0);
        for b in 0..10u32 {
            l.kernel(b * BLOCK as u32 + 1);
        }
        c.mark(S, l.last);
        settle_all(&mut c, &mut l, S + SETTLE);
        let t = c.totals();
        // Blocks 0-5 share their slots with blocks 4-9: left out, never missing.
        assert_eq!(t.uncountable_blocks, 6, "{t:?}");
        assert_eq!((t.expected, t.unrecorded), (4, 4));
    }

    #[test]
    fn correlation_ids_that_wrap_past_2_to_the_32_keep_counting() {
        let mut c = Completeness::new(SETTLE, 1 << 14);
        let mut l = Launches::default();
        let start = u32::MAX - 2 * BLOCK as u32;
        let mut t = S;
        // The process has launched for a long time already.
        c.mark(t, start);
        let mut id = start;
        for _ in 0..(4 * BLOCK) {
            id = id.wrapping_add(1);
            if id == 0 {
                continue; // CUPTI never hands out 0
            }
            l.kernel(id);
            c.record(id);
            if id.is_multiple_of(1024) {
                c.mark(t, l.last);
                t += S / 100;
            }
        }
        c.mark(t, l.last);
        assert!(c.high() > u64::from(u32::MAX));
        let found = settle_all(&mut c, &mut l, t + SETTLE);
        assert!(found.is_empty(), "{found:?}");
        assert_eq!(c.totals().expected, 4 * BLOCK - 1);
        assert_eq!(c.totals().recorded, 4 * BLOCK - 1);
    }

    proptest! {
        /// Whatever CUPTI drops, whenever the collector looks: the final balance equals
        /// what was dropped, the reported total never exceeds what was launched, and
        /// every record is counted exactly once.
        #[test]
        fn the_final_count_equals_what_was_dropped(
            launches in prop::collection::vec((1u64..300, any::<bool>(), 0u64..=1000), 1..400),
            settle_every in 1usize..50,
        ) {
            let mut c = Completeness::new(SETTLE, 1 << 14);
            let mut l = Launches::default();
            let (mut launched, mut dropped, mut records) = (0u64, 0u64, 0u64);
            let mut now = S;
            let mut id = 1u32;
            for (i, (kernels, graph, keep_permille)) in launches.into_iter().enumerate() {
                id += if graph { 1 } else { 3 };
                let n = if graph { kernels } else { 1 };
                l.graph(id, n);
                launched += n;
                let kept = n * keep_permille / 1000;
                dropped += n - kept;
                for _ in 0..kept {
                    c.record(id);
                    records += 1;
                }
                if i % settle_every == 0 {
                    c.mark(now, l.last);
                    now += S / 10;
                    let _ = c.settle(now, false, l.take());
                }
            }
            c.mark(now, l.last);
            let _ = settle_all(&mut c, &mut l, now + SETTLE);
            let t = c.totals();
            prop_assert_eq!(t.expected, launched);
            prop_assert_eq!(t.recorded + t.unchecked, records);
            prop_assert_eq!(t.missing(), dropped);
            prop_assert!(t.unrecorded >= t.missing());
            prop_assert!(t.unrecorded <= launched);
        }
    }
}
