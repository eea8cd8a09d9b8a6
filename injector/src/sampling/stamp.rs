//! Exporter-side stamping of the serialized tier. Pure: instants are arguments.
//!
//! The [`Stamper`] keeps a `semconv::WindowStore` fed with every window record the
//! injector put on the wire (the same records, on the sampling channel), and classifies
//! each kernel execution with `WindowStore::classify`, the receiver's own code. An
//! execution whose answer is still `unknown` (a window that covers it has not closed,
//! or no window after it arrived yet) is held until the answer settles, for at most
//! `hold_ns` after it arrived and within `max_held_bytes`; past either bound the oldest
//! leave as `unknown` (unsettled, for the receiver to settle from the same windows),
//! never dropped, and are counted by reason. Executions leave with the PC samples of
//! their correlation id (exact attribution: KERNEL_SERIALIZED records carry it).
//!
//! Since a closed record promises the whole gap the controller chose, an execution
//! between two bursts settles as "false" on arrival: only executions inside an open
//! burst (about 50 ms) wait, so the hold stays small at any launch rate.

use std::collections::{HashMap, VecDeque};

use semconv::{Outcomes, Serialized, StoreLimits, Tier, Window, WindowStore};

use super::samples::{ExecutionAgg, ExecutionSamples, PcRecord};
use crate::record::KernelRecord;

/// One execution, stamped.
#[derive(Debug, Clone, PartialEq)]
pub struct Stamped {
    /// The execution.
    pub record: KernelRecord,
    /// Its `gpu.serialized`.
    pub serialized: Serialized,
    /// Its PC samples, when any carried its correlation id.
    pub pc: Option<ExecutionSamples>,
}

/// What holding one execution costs in memory: the record and its arrival instant
/// (its name is shared with every record of the kernel).
pub const HELD_COST: u64 = std::mem::size_of::<(KernelRecord, u64)>() as u64;

/// Default bound of the memory held executions take: 16 MiB, about 130,000 records
/// (over 5 s of PyTorch training's ~23k kernels/s, where a burst holds ~50 ms).
pub const MAX_HELD_BYTES_DEFAULT: u64 = 16 << 20;

/// Bounds of the [`Stamper`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StampLimits {
    /// Longest an execution is held for its answer to settle.
    pub hold_ns: u64,
    /// Most bytes held executions take ([`HELD_COST`] each).
    pub max_held_bytes: u64,
    /// Most correlation ids with PC samples waiting for their execution.
    pub max_pc_ids: usize,
    /// Most (function, PC offset, stall reason) pairs those ids hold in all, each about
    /// [`PC_PAIR_COST`] bytes: one execution of a large kernel can hold tens of
    /// thousands. Past it the oldest ids leave (counted in `pc_ids_evicted`), never
    /// the newest.
    pub max_pc_pairs: usize,
}

/// What one waiting (function, PC offset, stall reason) pair takes in memory, about:
/// its key (two shared names and an offset) and count, and its map node's share.
pub const PC_PAIR_COST: u64 = 64;

impl Default for StampLimits {
    fn default() -> Self {
        StampLimits {
            hold_ns: 12_000_000_000,
            max_held_bytes: MAX_HELD_BYTES_DEFAULT,
            max_pc_ids: 65_536,
            // 16 MiB, as the held executions'.
            max_pc_pairs: (MAX_HELD_BYTES_DEFAULT / PC_PAIR_COST) as usize,
        }
    }
}

/// Executions that left unsettled ("unknown"), by why they could not wait longer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Unsettled {
    /// The hold's byte bound was reached (the oldest left first).
    pub hold_bytes: u64,
    /// They waited `hold_ns`.
    pub hold_time: u64,
    /// The process exited before their evidence came.
    pub exit: u64,
}

impl Unsettled {
    /// All reasons.
    pub fn total(&self) -> u64 {
        self.hold_bytes + self.hold_time + self.exit
    }
}

/// Counters of the stamper (the sum identity holds on `outcomes`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StampCounters {
    /// Executions by answer.
    pub outcomes: Outcomes,
    /// Executions released unsettled, by reason.
    pub unsettled: Unsettled,
    /// Executions that left with PC samples.
    pub with_samples: u64,
    /// PC samples dropped because too many ids were waiting.
    pub pc_ids_evicted: u64,
    /// Window records the local store refused.
    pub windows_refused: u64,
    /// Executions whose correlation id matched PC samples although no serialized
    /// window touched them: the samples were not attached (exact attribution only
    /// holds inside a window) and are counted here.
    pub pc_outside_windows: u64,
}

/// Holds, classifies and joins executions of the serialized tier.
#[derive(Debug)]
pub struct Stamper {
    limits: StampLimits,
    store: WindowStore<()>,
    /// Unsettled executions in arrival order (so expiry is monotonic along it).
    held: VecDeque<(KernelRecord, u64)>,
    /// Executions whose answer settled on arrival, not yet released.
    ready: Vec<(KernelRecord, Serialized)>,
    /// A window arrived since the last full pass over `held`.
    dirty: bool,
    pc: HashMap<u32, ExecutionAgg>,
    pc_order: VecDeque<u32>,
    /// Pairs `pc` holds in all.
    pc_pairs: usize,
    counters: StampCounters,
    /// PC sampling failed: no window will come to settle anything, so nothing waits.
    no_more: bool,
}

impl Stamper {
    /// An empty stamper.
    pub fn new(limits: StampLimits) -> Self {
        Stamper {
            limits,
            store: WindowStore::new(StoreLimits {
                max_windows_per_process: 1 << 16,
                max_processes: 1,
            }),
            held: VecDeque::new(),
            ready: Vec::new(),
            dirty: false,
            pc: HashMap::new(),
            pc_order: VecDeque::new(),
            pc_pairs: 0,
            counters: StampCounters::default(),
            no_more: false,
        }
    }

    /// PC sampling failed and stepped down: the failed burst's window is never closed
    /// and no burst opens again, so what is unknown now stays unknown. Everything held
    /// leaves at the next release, and later executions leave on arrival; neither is
    /// counted as released unsettled, since no evidence is missing that could come.
    pub fn no_more_evidence(&mut self) {
        self.no_more = true;
        self.dirty = true;
    }

    /// Takes one window record (the same one that went on the wire).
    pub fn window(&mut self, w: Window) {
        if self.store.insert(&(), w).is_err() {
            self.counters.windows_refused += 1;
        }
        self.dirty = true;
    }

    /// Takes PC records of the serialized tier (those with a correlation id).
    pub fn pc(&mut self, records: &[PcRecord]) {
        for r in records.iter().filter(|r| r.correlation_id != 0) {
            if !self.pc.contains_key(&r.correlation_id) {
                if self.pc_order.len() >= self.limits.max_pc_ids {
                    self.evict_oldest();
                }
                self.pc_order.push_back(r.correlation_id);
            }
            let agg = self.pc.entry(r.correlation_id).or_default();
            let before = agg.pairs();
            agg.add(r);
            self.pc_pairs += agg.pairs() - before;
            while self.pc_pairs > self.limits.max_pc_pairs && self.pc_order.len() > 1 {
                self.evict_oldest();
            }
        }
    }

    /// Drops the samples of the id that has waited longest (counted).
    fn evict_oldest(&mut self) {
        if let Some(old) = self.pc_order.pop_front() {
            if let Some(agg) = self.pc.remove(&old) {
                self.pc_pairs -= agg.pairs();
            }
            self.counters.pc_ids_evicted += 1;
        }
    }

    /// Memory the waiting PC samples take, bytes (about: [`PC_PAIR_COST`] a pair).
    pub fn pc_bytes(&self) -> u64 {
        self.pc_pairs as u64 * PC_PAIR_COST
    }

    /// The local classification of `[s, e]` (the receiver's code).
    pub fn classify(&self, s: u64, e: u64) -> Serialized {
        self.store.classify(Tier::Serialized, &(), s, e)
    }

    /// Takes one execution that arrived at `now_ns`.
    /// Answered at once when the windows already settle it; held otherwise.
    pub fn push(&mut self, r: KernelRecord, now_ns: u64) {
        let answer = self.classify(r.start_ns, r.end_ns);
        if answer.is_settled() || self.no_more {
            self.ready.push((r, answer));
        } else {
            self.held.push_back((r, now_ns));
        }
    }

    /// Executions held (unsettled).
    pub fn held(&self) -> usize {
        self.held.len()
    }

    /// Memory the held executions take, bytes (settled ones waiting for the next
    /// release included).
    pub fn held_bytes(&self) -> u64 {
        (self.held.len() + self.ready.len()) as u64 * HELD_COST
    }

    /// How many of the oldest held executions are past the byte bound.
    fn over_bytes(&self) -> usize {
        let bytes = self.held.len() as u64 * HELD_COST;
        bytes
            .saturating_sub(self.limits.max_held_bytes)
            .div_ceil(HELD_COST) as usize
    }

    /// Counters.
    pub fn counters(&self) -> StampCounters {
        self.counters
    }

    fn stamp(&mut self, record: KernelRecord, serialized: Serialized, out: &mut Vec<Stamped>) {
        self.counters.outcomes.record(serialized);
        let mut pc = self.pc.remove(&record.correlation_id).map(|p| {
            self.pc_pairs -= p.pairs();
            p.finish(&record.name)
        });
        if pc.is_some() && serialized != Serialized::True {
            pc = None;
            self.counters.pc_outside_windows += 1;
            self.pc_order.retain(|id| *id != record.correlation_id);
        }
        if pc.is_some() {
            self.counters.with_samples += 1;
            self.pc_order.retain(|id| *id != record.correlation_id);
        }
        out.push(Stamped {
            record,
            serialized,
            pc,
        });
    }

    /// Releases every execution whose answer settled, and those past a bound (as
    /// they are: unknown, counted by reason). `all`: release everything (shutdown).
    ///
    /// Only a new window can settle a held execution, so the held ones are classified
    /// again only after a window arrived; otherwise only those past a bound (at the
    /// front: arrival order) leave. A tick therefore costs what it releases, not what
    /// is held.
    pub fn release(&mut self, now_ns: u64, all: bool, out: &mut Vec<Stamped>) {
        for (r, answer) in std::mem::take(&mut self.ready) {
            self.stamp(r, answer, out);
        }
        let over = self.over_bytes();
        if !(self.dirty || all) {
            let mut i = 0;
            while let Some((_, arrived)) = self.held.front() {
                let expired = now_ns.saturating_sub(*arrived) > self.limits.hold_ns;
                if i >= over && !expired {
                    break;
                }
                let (r, _) = self.held.pop_front().expect("front exists");
                let answer = self.classify(r.start_ns, r.end_ns);
                self.unsettled(answer, i < over, false);
                self.stamp(r, answer, out);
                i += 1;
            }
            return;
        }
        self.dirty = false;
        let mut keep = VecDeque::with_capacity(self.held.len());
        let held = std::mem::take(&mut self.held);
        for (i, (r, arrived)) in held.into_iter().enumerate() {
            let answer = self.classify(r.start_ns, r.end_ns);
            let expired = now_ns.saturating_sub(arrived) > self.limits.hold_ns;
            if self.no_more {
                self.stamp(r, answer, out);
            } else if answer.is_settled() || all || expired || i < over {
                self.unsettled(answer, i < over, all);
                self.stamp(r, answer, out);
            } else {
                keep.push_back((r, arrived));
            }
        }
        self.held = keep;
    }

    /// Counts an execution that leaves with an unsettled answer, by reason: the byte
    /// bound first (it forced the release), then exit, then time.
    fn unsettled(&mut self, answer: Serialized, over_bytes: bool, exit: bool) {
        if answer.is_settled() {
            return;
        }
        let u = &mut self.counters.unsettled;
        if over_bytes {
            u.hold_bytes += 1;
        } else if exit {
            u.exit += 1;
        } else {
            u.hold_time += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::fake::{pc_record as pcr, FakeKernel};
    use crate::sampling::window_log::WindowLog;
    use semconv::SamplingMode;

    const KS: SamplingMode = SamplingMode::KernelSerialized;
    const MS: u64 = 1_000_000;

    fn k(start: u64, end: u64, corr: u32) -> KernelRecord {
        FakeKernel::new("_Z1kv", start, end)
            .correlation(corr)
            .record()
    }

    #[test]
    fn an_execution_inside_an_open_window_waits_for_the_close_then_reads_true_with_its_samples() {
        let mut log = WindowLog::new();
        let mut s = Stamper::new(StampLimits::default());
        s.window(log.open(1_000, KS).unwrap());
        s.push(k(1_100, 1_200, 7), 1_300);
        let mut out = Vec::new();
        s.release(1_400, false, &mut out);
        assert!(out.is_empty(), "held while the window is open");
        s.pc(&[
            pcr(7, "stall_a", 3),
            pcr(7, "stall_b", 5),
            pcr(7, "stall_a", 4),
        ]);
        s.window(log.close(2_000, Some(2_000 + 950 * MS)).unwrap().unwrap());
        s.release(2_100, false, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].serialized, Serialized::True);
        let pc = out[0].pc.clone().unwrap();
        assert_eq!(pc.summary.samples, 12);
        assert_eq!(
            pc.summary.stalls,
            vec![(Arc::from("stall_a"), 7), (Arc::from("stall_b"), 5)]
        );
        // And every (PC, stall) pair of the execution, for the receiver's profiles.
        let pairs: Vec<_> = pc
            .pairs
            .iter()
            .map(|p| (p.offset, &*p.stall, p.samples))
            .collect();
        assert_eq!(pairs, vec![(16, "stall_a", 7), (16, "stall_b", 5)]);
        assert_eq!(pc.pairs_dropped, 0);
        assert_eq!(s.counters().with_samples, 1);
    }

    #[test]
    fn an_execution_in_the_quiet_tail_reads_false_at_once() {
        let mut log = WindowLog::new();
        let mut s = Stamper::new(StampLimits::default());
        s.window(log.open(1_000, KS).unwrap());
        s.window(log.close(2_000, Some(2_000 + 950 * MS)).unwrap().unwrap());
        s.push(k(3_000, 4_000, 9), 5_000);
        let mut out = Vec::new();
        s.release(5_000, false, &mut out);
        assert_eq!(out[0].serialized, Serialized::False);
        assert_eq!(out[0].pc, None);
    }

    #[test]
    fn a_graph_replay_is_stamped_by_its_whole_interval_as_a_kernel_is() {
        let mut log = WindowLog::new();
        let mut s = Stamper::new(StampLimits::default());
        let replay = |start, end, corr| {
            FakeKernel::graph_launch(1, Some(198), start, end)
                .correlation(corr)
                .record()
        };
        // Begun before the burst opened, ended inside it: perturbed.
        s.push(replay(500, 1_500, 7), 1_600);
        s.window(log.open(1_000, KS).unwrap());
        s.window(log.close(2_000, Some(2_000 + 950 * MS)).unwrap().unwrap());
        // Wholly in the proven quiet tail.
        s.push(replay(3_000, 4_000, 8), 5_000);
        let mut out = Vec::new();
        s.release(5_000, false, &mut out);
        let mut stamps: Vec<_> = out
            .iter()
            .map(|x| (x.record.correlation_id, x.serialized))
            .collect();
        stamps.sort_by_key(|(corr, _)| *corr);
        assert_eq!(stamps, [(7, Serialized::True), (8, Serialized::False)]);
    }

    #[test]
    fn an_execution_past_the_quiet_tail_waits_for_the_next_window() {
        let mut log = WindowLog::new();
        let mut s = Stamper::new(StampLimits::default());
        s.window(log.open(1_000, KS).unwrap());
        s.window(log.close(2_000, Some(2_000 + MS)).unwrap().unwrap());
        s.push(k(5 * MS, 6 * MS, 9), 7 * MS);
        let mut out = Vec::new();
        s.release(7 * MS, false, &mut out);
        assert!(out.is_empty());
        s.window(log.open(8 * MS, KS).unwrap());
        s.release(8 * MS, false, &mut out);
        assert_eq!(out[0].serialized, Serialized::False);
    }

    #[test]
    fn nothing_is_held_past_its_bounds_and_it_leaves_unknown_counted_by_reason() {
        let mut s = Stamper::new(StampLimits {
            hold_ns: 10 * MS,
            max_held_bytes: 2 * HELD_COST,
            max_pc_ids: 4,
            ..StampLimits::default()
        });
        for i in 0..3 {
            s.push(k(i, i + 1, 1), 0);
        }
        assert_eq!(s.held_bytes(), 3 * HELD_COST);
        let mut out = Vec::new();
        s.release(MS, false, &mut out);
        assert_eq!(out.len(), 1, "the oldest past the byte bound");
        assert_eq!(s.held_bytes(), 2 * HELD_COST);
        s.release(11 * MS, false, &mut out);
        assert_eq!(out.len(), 3);
        assert!(out.iter().all(|o| o.serialized == Serialized::Unknown));
        let c = s.counters();
        assert_eq!(
            c.unsettled,
            Unsettled {
                hold_bytes: 1,
                hold_time: 2,
                exit: 0
            }
        );
        assert!(c.outcomes.is_balanced());
        assert_eq!(c.outcomes.count(Serialized::Unknown), 3);
        s.push(k(20, 21, 1), 12 * MS);
        s.release(12 * MS, true, &mut out);
        assert_eq!(s.counters().unsettled.exit, 1, "released at exit");
        assert_eq!(s.counters().unsettled.total(), 4);
    }

    #[test]
    fn the_byte_bound_releases_the_oldest_first_after_a_window_too() {
        let mut log = WindowLog::new();
        let mut s = Stamper::new(StampLimits {
            max_held_bytes: 2 * HELD_COST,
            ..StampLimits::default()
        });
        s.window(log.open(1_000, KS).unwrap());
        for i in 0..4 {
            s.push(k(2_000 + i, 2_001 + i, 1), 3_000);
        }
        s.window(
            log.open(1_000, KS)
                .unwrap_or_else(|_| Window::open(1_000, 1, KS)),
        );
        let mut out = Vec::new();
        s.release(4_000, false, &mut out);
        let starts: Vec<u64> = out.iter().map(|o| o.record.start_ns).collect();
        assert_eq!(starts, vec![2_000, 2_001], "oldest first, unknown");
        assert_eq!(s.held(), 2);
        assert_eq!(s.counters().unsettled.hold_bytes, 2);
    }

    #[test]
    fn shutdown_after_never_again_settles_everything() {
        let mut log = WindowLog::new();
        let mut s = Stamper::new(StampLimits::default());
        s.window(log.open(1_000, KS).unwrap());
        s.push(k(1_500, 1_600, 1), 2_000);
        s.push(k(5_000, 6_000, 2), 7_000);
        s.window(log.never_again(3_000, KS).unwrap());
        let mut out = Vec::new();
        s.release(8_000, true, &mut out);
        let answers: Vec<_> = out.iter().map(|o| o.serialized).collect();
        assert_eq!(answers, vec![Serialized::True, Serialized::False]);
        assert_eq!(s.counters().unsettled.total(), 0);
    }

    #[test]
    fn waiting_pc_pairs_are_bounded_the_oldest_ids_leave_first_and_the_newest_stays() {
        let mut s = Stamper::new(StampLimits {
            max_pc_pairs: 3,
            ..StampLimits::default()
        });
        let at = |id, offset| crate::sampling::samples::PcRecord {
            pc_offset: offset,
            ..pcr(id, "a", 1)
        };
        s.pc(&[at(1, 0), at(1, 16), at(2, 0)]);
        assert_eq!(
            (s.counters().pc_ids_evicted, s.pc_bytes()),
            (0, 3 * PC_PAIR_COST)
        );
        s.pc(&[at(2, 16)]);
        assert_eq!(s.counters().pc_ids_evicted, 1, "id 1 left");
        assert_eq!(s.pc_bytes(), 2 * PC_PAIR_COST);
        // One execution past the bound alone is still kept: it is the newest.
        s.pc(&[at(3, 0), at(3, 16), at(3, 32), at(3, 48)]);
        assert_eq!(s.counters().pc_ids_evicted, 2);
        assert_eq!(s.pc_bytes(), 4 * PC_PAIR_COST);
        let mut log = WindowLog::new();
        s.window(log.open(5, KS).unwrap());
        s.window(log.never_again(25, KS).unwrap());
        s.push(k(10, 20, 3), 30);
        let mut out = Vec::new();
        s.release(40, false, &mut out);
        assert_eq!(out[0].pc.as_ref().map(|p| p.pairs.len()), Some(4));
        assert_eq!(s.pc_bytes(), 0, "what left is no longer held");
    }

    #[test]
    fn pc_samples_wait_for_their_execution_within_a_bound() {
        let mut s = Stamper::new(StampLimits {
            max_pc_ids: 2,
            ..StampLimits::default()
        });
        s.pc(&[
            pcr(1, "a", 1),
            pcr(2, "a", 1),
            pcr(3, "a", 1),
            pcr(0, "a", 9),
        ]);
        assert_eq!(s.counters().pc_ids_evicted, 1);
        let mut log = WindowLog::new();
        s.window(log.open(5, KS).unwrap());
        s.window(log.never_again(25, KS).unwrap());
        s.push(k(10, 20, 3), 30);
        s.push(k(10, 20, 1), 30);
        let mut out = Vec::new();
        s.release(40, false, &mut out);
        assert_eq!(out[0].pc.as_ref().map(|p| p.summary.samples), Some(1));
        assert_eq!(out[1].pc, None, "id 1 was evicted");
    }

    #[test]
    fn samples_whose_execution_no_window_touched_are_not_attached_but_counted() {
        let mut s = Stamper::new(StampLimits::default());
        let mut log = WindowLog::new();
        s.window(log.open(100, KS).unwrap());
        s.window(log.never_again(200, KS).unwrap());
        s.pc(&[pcr(7, "wait", 1_000_000), pcr(8, "wait", 3)]);
        s.push(k(300, 310, 7), 400); // after the never-again record: false
        s.push(k(150, 160, 8), 400);
        let mut out = Vec::new();
        s.release(500, false, &mut out);
        assert_eq!(out[0].serialized, Serialized::False);
        assert_eq!(out[0].pc, None, "exact attribution only inside a window");
        assert_eq!(out[1].serialized, Serialized::True);
        assert_eq!(out[1].pc.as_ref().map(|p| p.summary.samples), Some(3));
        assert_eq!(s.counters().pc_outside_windows, 1);
    }

    #[test]
    fn an_execution_settled_on_arrival_leaves_at_the_next_tick_and_a_held_one_waits_for_a_window() {
        let mut s = Stamper::new(StampLimits::default());
        let mut log = WindowLog::new();
        s.window(log.open(100, KS).unwrap());
        s.window(log.close(200, Some(1_000)).unwrap().unwrap());
        s.push(k(500, 600, 1), 700); // inside the quiet tail: false at once
        s.push(k(2_000, 2_100, 2), 2_200); // past it: unknown until the next window
        let mut out = Vec::new();
        s.release(2_300, false, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].serialized, Serialized::False);
        assert_eq!(s.held(), 1);
        s.release(2_400, false, &mut out);
        assert_eq!(
            (out.len(), s.held()),
            (1, 1),
            "no new window: nothing to re-classify"
        );
        s.window(log.open(3_000, KS).unwrap());
        s.release(3_100, false, &mut out);
        assert_eq!(out.len(), 2);
        assert_eq!(
            out[1].serialized,
            Serialized::False,
            "seqs 1 and 2 are consecutive"
        );
        assert_eq!(s.counters().unsettled.total(), 0);
    }

    #[test]
    fn after_a_step_down_nothing_waits_and_the_failed_window_leaves_its_executions_unknown() {
        let mut log = WindowLog::new();
        let mut s = Stamper::new(StampLimits::default());
        s.window(log.open(1_000, KS).unwrap());
        s.push(k(1_100, 1_200, 1), 1_300);
        let mut out = Vec::new();
        s.release(1_400, false, &mut out);
        assert!(out.is_empty(), "held while the window is open");
        s.no_more_evidence();
        s.push(k(5_000, 5_100, 2), 5_200);
        s.release(5_300, false, &mut out);
        let got: Vec<(u32, Serialized)> = out
            .iter()
            .map(|st| (st.record.correlation_id, st.serialized))
            .collect();
        assert_eq!(
            got,
            vec![(2, Serialized::Unknown), (1, Serialized::Unknown)],
            "released at once, never false"
        );
        assert_eq!(s.counters().unsettled.total(), 0);
        assert_eq!(s.held(), 0);
    }
}
