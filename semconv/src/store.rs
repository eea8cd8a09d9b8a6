//! The window store and the classification of one execution, exactly as the
//! contract says (docs/contract.md, "The store" and "Classifying one execution").
//!
//! Per process: windows keyed by start. A closed record replaces an open one with the
//! same start, never the reverse, so both arrival orders give the same store.
//! Proven coverage runs from the first window of the newest unbroken run of sequence
//! numbers (a hole restarts it) to the last closed end plus its quiet tail, and never
//! past an open window's start. It is a function of the set of windows held, not of
//! arrival order.
//!
//! Bounds: windows per process (oldest evicted first) and processes (least recently
//! used evicted first: every injector run is a new resource, so refusing newcomers
//! would lock out every producer after the limit). Eviction raises a floor below which
//! coverage cannot start, and an evicted process leaves a small tombstone with that
//! floor, so removing evidence can only move an answer toward unknown. The store also
//! says whether evidence that could have touched an execution was evicted
//! ([`WindowStore::evidence_lost`]): a "false" stamp there cannot be checked.
//!
//! Cost: every insert and classification is O(log n) in the windows held for
//! producer-shaped streams (sequence numbers ascending with start); coverage is kept
//! incrementally, not rebuilt.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::hash::Hash;

use crate::serialized::Serialized;
use crate::tier::Tier;
use crate::window::{QuietTail, SamplingMode, Window};

/// Default bound on windows held per process: about 30 minutes at 2 bursts/s.
pub const MAX_WINDOWS_PER_PROCESS_DEFAULT: usize = 4096;
/// Default bound on processes tracked.
pub const MAX_PROCESSES_DEFAULT: usize = 256;
/// Tombstones of evicted processes kept per tracked process: a tombstone is two
/// integers, and past this many the oldest merge into one store-wide floor.
const TOMBSTONES_PER_PROCESS: usize = 16;

/// The store's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreLimits {
    /// Windows held per process; the oldest are evicted past it.
    pub max_windows_per_process: usize,
    /// Processes tracked; the least recently used is evicted past it (0: none tracked).
    pub max_processes: usize,
}

impl Default for StoreLimits {
    fn default() -> Self {
        StoreLimits {
            max_windows_per_process: MAX_WINDOWS_PER_PROCESS_DEFAULT,
            max_processes: MAX_PROCESSES_DEFAULT,
        }
    }
}

/// What happened to a record the store accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    /// A new window.
    Stored,
    /// It replaced the record held for the same start (closed over open).
    Replaced,
    /// The record held for the same start was kept (open after closed, a duplicate).
    Superseded,
}

/// Evidence the store dropped while taking a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evicted<K> {
    /// The window of process `K` that started at this instant.
    Window(K, u64),
    /// Every window of process `K` (least recently used).
    Process(K),
}

/// A record the store refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// `end != 0 && end < start`.
    #[error("inverted window refused: end_ns {end_ns} is before start_ns {start_ns}")]
    Inverted {
        /// Start.
        start_ns: u64,
        /// End.
        end_ns: u64,
    },
    /// The store is configured to track no process.
    #[error("window refused: the store tracks at most {max} processes")]
    ProcessTableFull {
        /// The bound.
        max: usize,
    },
}

/// Cumulative counters of a store.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StoreCounters {
    /// Records accepted (open and closed, superseded ones included).
    pub received: u64,
    /// Records that met a held record with the same start.
    pub superseded: u64,
    /// Windows evicted, by the per-process bound or with their process.
    pub evicted: u64,
    /// Processes evicted (least recently used) to make room for a new one.
    pub processes_evicted: u64,
    /// Inverted records refused.
    pub refused_inverted: u64,
    /// Records refused because no process may be tracked.
    pub refused_processes: u64,
    /// Records accepted with an opaque mode.
    pub opaque_mode: u64,
}

/// Why an execution reads "unknown": which piece of evidence is missing. Counted by
/// whoever cannot settle an execution, so "unknown" is always explained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnknownReason {
    /// The execution ends before it starts.
    Inverted,
    /// No window of the process is held (none arrived yet, or all were evicted).
    NoWindows,
    /// It touches a window whose close has not arrived (or never will: a killed process).
    OpenWindow,
    /// It touches a window of unknown collection mode.
    OpaqueMode,
    /// It started before evidence the store evicted ended.
    Evicted,
    /// It started before a hole in the sequence numbers: a window was lost.
    SequenceGap,
    /// It started before the process's first window.
    BeforeFirstWindow,
    /// It ended after the last proven quiet time, and no later window arrived yet.
    AfterLastWindow,
}

impl UnknownReason {
    /// Every reason, in a fixed order.
    pub const ALL: [UnknownReason; 8] = [
        UnknownReason::Inverted,
        UnknownReason::NoWindows,
        UnknownReason::OpenWindow,
        UnknownReason::OpaqueMode,
        UnknownReason::Evicted,
        UnknownReason::SequenceGap,
        UnknownReason::BeforeFirstWindow,
        UnknownReason::AfterLastWindow,
    ];

    /// The reason as a metric label value.
    pub fn as_str(self) -> &'static str {
        match self {
            UnknownReason::Inverted => "inverted",
            UnknownReason::NoWindows => "no_windows",
            UnknownReason::OpenWindow => "open_window",
            UnknownReason::OpaqueMode => "opaque_mode",
            UnknownReason::Evicted => "evicted",
            UnknownReason::SequenceGap => "sequence_gap",
            UnknownReason::BeforeFirstWindow => "before_first_window",
            UnknownReason::AfterLastWindow => "after_last_window",
        }
    }

    /// What is missing, in a few words for a person.
    pub fn meaning(self) -> &'static str {
        match self {
            UnknownReason::Inverted => "the execution ends before it starts",
            UnknownReason::NoWindows => "no window of its process arrived",
            UnknownReason::OpenWindow => "it touches a burst whose close never came",
            UnknownReason::OpaqueMode => "it touches a window of an unknown sampling mode",
            UnknownReason::Evicted => "the evidence of its time was evicted",
            UnknownReason::SequenceGap => "a window record before it was lost",
            UnknownReason::BeforeFirstWindow => "it started before its process's first window",
            UnknownReason::AfterLastWindow => {
                "it ran after the last window record: nothing later proves it outside a burst"
            }
        }
    }

    /// The position in [`UnknownReason::ALL`] (for counters kept in an array).
    pub fn index(self) -> usize {
        UnknownReason::ALL
            .iter()
            .position(|r| *r == self)
            .expect("every reason is listed")
    }
}

/// What eviction left of a process's evidence: enough to keep its answers honest. A
/// tracked process carries its own; an evicted one leaves it as a tombstone.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tombstone {
    /// Coverage of the process, should it come back, may not start before this.
    pub floor: u64,
    /// Closed windows evicted all ended before this.
    pub lost_until: u64,
}

impl Tombstone {
    fn merge(self, other: Tombstone) -> Tombstone {
        Tombstone {
            floor: self.floor.max(other.floor),
            lost_until: self.lost_until.max(other.lost_until),
        }
    }
}

/// The windows of one process.
#[derive(Debug, Clone, Default)]
pub struct ProcessWindows {
    windows: BTreeMap<u64, Window>,
    open_starts: BTreeSet<u64>,
    /// How many held windows carry each sequence number.
    seqs: BTreeMap<u64, u32>,
    /// The first sequence number of each unbroken run held.
    run_firsts: BTreeSet<u64>,
    /// `(seq, start)` of every held window.
    by_seq: BTreeSet<(u64, u64)>,
    /// `(proven quiet until, start)` of every held closed window.
    quiet: BTreeSet<(u64, u64)>,
    /// Cached `(first seq, earliest start)` of the newest run; None when stale.
    run: Option<(u64, u64)>,
    /// Coverage may not start before this (raised by eviction).
    floor: u64,
    /// Every evicted closed window ended before this.
    lost_until: u64,
    /// Longest closed window seen, to bound the intersection scan.
    max_closed_len: u64,
    coverage: Option<(u64, u64)>,
    /// The store's use clock at the last record, for least-recently-used eviction.
    last_use: u64,
}

/// A deterministic order among records with the same start and openness, so that
/// conflicting duplicates resolve the same way in every arrival order.
fn rank(w: &Window) -> impl Ord {
    let quiet = match w.quiet_tail {
        QuietTail::None => 0,
        QuietTail::For(ns) => ns.saturating_add(1).min(u64::MAX - 1),
        QuietTail::Never => u64::MAX,
    };
    (w.end_ns(), w.mode, w.seq, quiet, w.context_id, w.device_id)
}

fn replaces(held: &Window, new: &Window) -> bool {
    match (held.is_open(), new.is_open()) {
        (true, false) => true,
        (false, true) => false,
        _ => rank(new) > rank(held),
    }
}

impl ProcessWindows {
    fn from_tombstone(t: Tombstone) -> Self {
        ProcessWindows {
            floor: t.floor,
            lost_until: t.lost_until,
            ..ProcessWindows::default()
        }
    }

    /// What this process leaves if it is evicted whole.
    fn tombstone(&self) -> Tombstone {
        let mut t = Tombstone {
            floor: self.floor,
            lost_until: self.lost_until,
        };
        for w in self.windows.values() {
            let after = w.end_ns().map_or(u64::MAX, |e| e.saturating_add(1));
            t.floor = t.floor.max(after);
            if let Some(e) = w.end_ns() {
                t.lost_until = t.lost_until.max(e.saturating_add(1));
            }
        }
        t
    }

    fn index(&mut self, w: &Window) {
        let count = self.seqs.entry(w.seq).or_insert(0);
        *count += 1;
        if *count == 1 {
            // A new sequence number may start a run and join the one above it.
            if w.seq == 0 || !self.seqs.contains_key(&(w.seq - 1)) {
                self.run_firsts.insert(w.seq);
            }
            if w.seq < u64::MAX && self.seqs.contains_key(&(w.seq + 1)) {
                self.run_firsts.remove(&(w.seq + 1));
            }
        }
        self.by_seq.insert((w.seq, w.start_ns));
        if w.is_open() {
            self.open_starts.insert(w.start_ns);
        }
        if let Some(q) = w.proven_quiet_until() {
            self.quiet.insert((q, w.start_ns));
        }
        if let Some((first, start)) = self.run {
            if w.seq >= first {
                self.run = Some((first, start.min(w.start_ns)));
            }
        }
    }

    fn unindex(&mut self, w: &Window) {
        if let Some(count) = self.seqs.get_mut(&w.seq) {
            *count -= 1;
            if *count == 0 {
                self.seqs.remove(&w.seq);
                self.run_firsts.remove(&w.seq);
                if w.seq < u64::MAX && self.seqs.contains_key(&(w.seq + 1)) {
                    self.run_firsts.insert(w.seq + 1);
                }
            }
        }
        self.by_seq.remove(&(w.seq, w.start_ns));
        self.open_starts.remove(&w.start_ns);
        if let Some(q) = w.proven_quiet_until() {
            self.quiet.remove(&(q, w.start_ns));
        }
        if self
            .run
            .is_some_and(|(first, start)| w.seq >= first && w.start_ns == start)
        {
            self.run = None;
        }
    }

    fn insert(&mut self, w: Window, max_windows: usize, evicted: &mut Vec<u64>) -> Admission {
        let admission = match self.windows.get(&w.start_ns) {
            Some(held) if !replaces(held, &w) => return Admission::Superseded,
            Some(held) => {
                let held = *held;
                self.unindex(&held);
                Admission::Replaced
            }
            None => Admission::Stored,
        };
        if let Some(end) = w.end_ns() {
            self.max_closed_len = self.max_closed_len.max(end - w.start_ns);
        }
        self.index(&w);
        self.windows.insert(w.start_ns, w);
        while self.windows.len() > max_windows.max(1) {
            let Some((_, old)) = self.windows.pop_first() else {
                break;
            };
            self.unindex(&old);
            // Nothing that could have touched the evicted window may be proven false.
            self.floor = self
                .floor
                .max(old.end_ns().map_or(u64::MAX, |e| e.saturating_add(1)));
            if let Some(e) = old.end_ns() {
                self.lost_until = self.lost_until.max(e.saturating_add(1));
            }
            evicted.push(old.start_ns);
        }
        self.coverage = self.compute_coverage();
        admission
    }

    /// The earliest start among windows whose sequence number is at least `first`:
    /// walks both indexes at once and stops at whichever answers first, so a
    /// producer-shaped history costs O(log n).
    fn run_start(&self, first: u64) -> Option<u64> {
        let mut by_seq = self.by_seq.range((first, 0)..);
        let mut by_start = self.windows.values();
        let mut min: Option<u64> = None;
        loop {
            match by_seq.next() {
                Some(&(_, start)) => min = Some(min.map_or(start, |m| m.min(start))),
                None => return min,
            }
            if let Some(w) = by_start.next().filter(|w| w.seq >= first) {
                return Some(w.start_ns);
            }
        }
    }

    fn compute_coverage(&mut self) -> Option<(u64, u64)> {
        let first = *self.run_firsts.last()?;
        let run_start = match self.run {
            Some((f, start)) if f == first => start,
            _ => {
                let start = self.run_start(first)?;
                self.run = Some((first, start));
                start
            }
        };
        if self.floor == u64::MAX {
            return None;
        }
        let start = run_start.max(self.floor);
        // The first open window ends coverage at its start.
        if let Some(&open) = self.open_starts.range(start..).next() {
            return Some((start, open));
        }
        self.quiet
            .iter()
            .rev()
            .find(|&&(_, s)| s >= start)
            .map(|&(end, _)| (start, end))
    }

    /// The proven coverage `[start, end]`, if any.
    pub fn coverage(&self) -> Option<(u64, u64)> {
        self.coverage
    }

    /// Windows held.
    pub fn held(&self) -> usize {
        self.windows.len()
    }

    /// Windows held whose close has not arrived.
    pub fn open(&self) -> usize {
        self.open_starts.len()
    }

    /// Sequence numbers missing between the lowest and highest held.
    pub fn lost(&self) -> u64 {
        match (self.seqs.first_key_value(), self.seqs.last_key_value()) {
            (Some((lo, _)), Some((hi, _))) => (hi - lo + 1) - self.seqs.len() as u64,
            _ => 0,
        }
    }

    /// Whether an evicted closed window could have touched an execution starting at `s`.
    pub fn evidence_lost(&self, s: u64) -> bool {
        s < self.lost_until
    }

    /// The held windows in start order.
    pub fn windows(&self) -> impl Iterator<Item = &Window> {
        self.windows.values()
    }

    /// The window held for `start_ns`.
    pub fn get(&self, start_ns: u64) -> Option<&Window> {
        self.windows.get(&start_ns)
    }

    /// Why `[s, e]` reads "unknown" ([`ProcessWindows::classify`]); `None` when it
    /// does not.
    pub fn unknown_reason(&self, s: u64, e: u64) -> Option<UnknownReason> {
        if self.classify(s, e) != Serialized::Unknown {
            return None;
        }
        if e < s {
            return Some(UnknownReason::Inverted);
        }
        if self.open_starts.range(..=e).next().is_some() {
            return Some(UnknownReason::OpenWindow);
        }
        let from = s.saturating_sub(self.max_closed_len);
        if self
            .windows
            .range(from..=e)
            .any(|(_, w)| w.mode == SamplingMode::Opaque && w.intersects(s, e))
        {
            return Some(UnknownReason::OpaqueMode);
        }
        let Some((start, _)) = self.coverage else {
            return Some(if self.windows.is_empty() {
                UnknownReason::NoWindows
            } else {
                UnknownReason::Evicted
            });
        };
        Some(if s >= start {
            UnknownReason::AfterLastWindow
        } else if s < self.floor {
            UnknownReason::Evicted
        } else if self.run_firsts.len() > 1
            && self.windows.first_key_value().is_some_and(|(&f, _)| s >= f)
        {
            UnknownReason::SequenceGap
        } else {
            UnknownReason::BeforeFirstWindow
        })
    }

    /// Classifies the execution `[s, e]` of this process (Tier A selected).
    pub fn classify(&self, s: u64, e: u64) -> Serialized {
        if e < s {
            return Serialized::Unknown;
        }
        // A held serialized window says "true" with or without coverage (true outranks
        // unknown), so losing coverage to eviction never hides it.
        let cover = self.coverage;
        let closed_candidates = self
            .windows
            .range(s.saturating_sub(self.max_closed_len)..=e)
            .map(|(_, w)| w);
        let mut opaque = self.open_starts.range(..=e).next().is_some();
        for w in closed_candidates.filter(|w| !w.is_open() && w.intersects(s, e)) {
            match w.mode {
                SamplingMode::KernelSerialized => return Serialized::True,
                SamplingMode::Opaque => opaque = true,
                SamplingMode::Continuous => {}
            }
        }
        match cover {
            Some((start, end)) if !opaque && s >= start && e <= end => Serialized::False,
            _ => Serialized::Unknown,
        }
    }
}

/// Windows of many processes, keyed by whatever identifies a producer (a resource).
#[derive(Debug, Clone)]
pub struct WindowStore<K> {
    limits: StoreLimits,
    processes: HashMap<K, ProcessWindows>,
    /// Processes by last use, oldest first.
    lru: BTreeMap<u64, K>,
    clock: u64,
    tombstones: HashMap<K, Tombstone>,
    /// Tombstones in burial order (may name keys since readmitted).
    buried: VecDeque<K>,
    /// The merge of every tombstone dropped: applies to any process without one.
    forgotten: Tombstone,
    counters: StoreCounters,
}

impl<K: Hash + Eq + Clone> WindowStore<K> {
    /// An empty store.
    pub fn new(limits: StoreLimits) -> Self {
        WindowStore {
            limits,
            processes: HashMap::new(),
            lru: BTreeMap::new(),
            clock: 0,
            tombstones: HashMap::new(),
            buried: VecDeque::new(),
            forgotten: Tombstone::default(),
            counters: StoreCounters::default(),
        }
    }

    /// Takes one window record of process `key`.
    pub fn insert(&mut self, key: &K, w: Window) -> Result<Admission, Refusal> {
        self.insert_tracked(key, w, &mut Vec::new())
    }

    /// Takes one window record of process `key`, appending to `evicted` whatever
    /// evidence the store dropped to make room (so a caller can drop what it keeps
    /// about those windows).
    pub fn insert_tracked(
        &mut self,
        key: &K,
        w: Window,
        evicted: &mut Vec<Evicted<K>>,
    ) -> Result<Admission, Refusal> {
        if let Some(end_ns) = w.end_ns().filter(|&e| e < w.start_ns) {
            self.counters.refused_inverted += 1;
            return Err(Refusal::Inverted {
                start_ns: w.start_ns,
                end_ns,
            });
        }
        if self.limits.max_processes == 0 {
            self.counters.refused_processes += 1;
            return Err(Refusal::ProcessTableFull { max: 0 });
        }
        if !self.processes.contains_key(key) {
            while self.processes.len() >= self.limits.max_processes
                && self.evict_least_recently_used(evicted)
            {}
            // A returning process keeps the floor it left with.
            let tomb = self.tombstones.remove(key).unwrap_or(Tombstone {
                floor: self.forgotten.lost_until,
                ..self.forgotten
            });
            self.processes
                .insert(key.clone(), ProcessWindows::from_tombstone(tomb));
        }
        self.counters.received += 1;
        if w.mode == SamplingMode::Opaque {
            self.counters.opaque_mode += 1;
        }
        self.clock += 1;
        let process = self.processes.get_mut(key).expect("inserted above");
        self.lru.remove(&process.last_use);
        process.last_use = self.clock;
        self.lru.insert(self.clock, key.clone());
        let mut starts = Vec::new();
        let admission = process.insert(w, self.limits.max_windows_per_process, &mut starts);
        self.counters.evicted += starts.len() as u64;
        evicted.extend(starts.into_iter().map(|s| Evicted::Window(key.clone(), s)));
        if admission != Admission::Stored {
            self.counters.superseded += 1;
        }
        Ok(admission)
    }

    fn evict_least_recently_used(&mut self, evicted: &mut Vec<Evicted<K>>) -> bool {
        let Some((_, key)) = self.lru.pop_first() else {
            return false;
        };
        let Some(p) = self.processes.remove(&key) else {
            return true;
        };
        self.counters.processes_evicted += 1;
        self.counters.evicted += p.held() as u64;
        self.bury(key.clone(), p.tombstone());
        evicted.push(Evicted::Process(key));
        true
    }

    fn bury(&mut self, key: K, tomb: Tombstone) {
        let tomb = self.tombstones.get(&key).map_or(tomb, |t| t.merge(tomb));
        self.tombstones.insert(key.clone(), tomb);
        self.buried.push_back(key);
        let cap = self
            .limits
            .max_processes
            .saturating_mul(TOMBSTONES_PER_PROCESS);
        while self.buried.len() > cap {
            let Some(old) = self.buried.pop_front() else {
                break;
            };
            // A dropped tombstone still counts, for every process without one.
            if let Some(t) = self.tombstones.remove(&old) {
                self.forgotten = self.forgotten.merge(t);
            }
        }
    }

    /// Classifies the execution `[s, e]` of process `key`, whose declared tier is `tier`.
    pub fn classify(&self, tier: Tier, key: &K, s: u64, e: u64) -> Serialized {
        if tier != Tier::Serialized {
            return Serialized::False;
        }
        self.processes
            .get(key)
            .map_or(Serialized::Unknown, |p| p.classify(s, e))
    }

    /// Why the execution `[s, e]` of process `key` (Tier A selected) reads "unknown";
    /// `None` when it does not.
    pub fn unknown_reason(&self, key: &K, s: u64, e: u64) -> Option<UnknownReason> {
        match self.processes.get(key) {
            Some(p) => p.unknown_reason(s, e),
            None if e < s => Some(UnknownReason::Inverted),
            None if self.evidence_lost(key, s) => Some(UnknownReason::Evicted),
            None => Some(UnknownReason::NoWindows),
        }
    }

    /// Whether evidence about an execution of `key` starting at `s` was evicted: a
    /// window the process sent, or the whole process. A "false" stamp there cannot
    /// be checked against "true".
    pub fn evidence_lost(&self, key: &K, s: u64) -> bool {
        match self.processes.get(key) {
            Some(p) => p.evidence_lost(s),
            None => {
                let tomb = self.tombstones.get(key).unwrap_or(&self.forgotten);
                s < tomb.lost_until
            }
        }
    }

    /// The windows of process `key`.
    pub fn process(&self, key: &K) -> Option<&ProcessWindows> {
        self.processes.get(key)
    }

    /// Forgets a process entirely (its executions then read unknown).
    pub fn remove(&mut self, key: &K) -> Option<ProcessWindows> {
        let p = self.processes.remove(key)?;
        self.lru.remove(&p.last_use);
        Some(p)
    }

    /// Processes tracked.
    pub fn processes(&self) -> usize {
        self.processes.len()
    }

    /// Windows held, all processes.
    pub fn held(&self) -> usize {
        self.processes.values().map(ProcessWindows::held).sum()
    }

    /// Windows held still open, all processes.
    pub fn open(&self) -> usize {
        self.processes.values().map(ProcessWindows::open).sum()
    }

    /// Cumulative counters.
    pub fn counters(&self) -> StoreCounters {
        self.counters
    }

    /// What eviction left of process `key`'s evidence: its own floors while tracked, its
    /// tombstone once evicted (None: nothing of it was ever evicted). With the windows
    /// held, this is all a restarted store needs to answer as this one does.
    pub fn floors(&self, key: &K) -> Option<Tombstone> {
        match self.processes.get(key) {
            Some(p) => Some(Tombstone {
                floor: p.floor,
                lost_until: p.lost_until,
            })
            .filter(|t| *t != Tombstone::default()),
            None => self.tombstones.get(key).copied(),
        }
    }

    /// Raises process `key`'s floors to at least `t` (restoring a store after a restart):
    /// on the process when tracked, else as its tombstone, which a returning process
    /// keeps. Only ever moves answers toward unknown.
    pub fn restore_floors(&mut self, key: &K, t: Tombstone) {
        match self.processes.get_mut(key) {
            Some(p) => {
                p.floor = p.floor.max(t.floor);
                p.lost_until = p.lost_until.max(t.lost_until);
                p.coverage = p.compute_coverage();
            }
            None => self.bury(key.clone(), t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KS: SamplingMode = SamplingMode::KernelSerialized;

    #[test]
    fn coverage_is_none_without_windows() {
        assert_eq!(ProcessWindows::default().coverage(), None);
    }

    #[test]
    fn coverage_ends_at_the_first_open_start() {
        let mut p = ProcessWindows::default();
        p.insert(Window::closed(1000, 2000, 1, KS), 10, &mut Vec::new());
        p.insert(Window::open(4000, 2, KS), 10, &mut Vec::new());
        assert_eq!(p.coverage(), Some((1000, 4000)));
    }

    #[test]
    fn the_quiet_tail_extends_coverage() {
        let mut p = ProcessWindows::default();
        p.insert(
            Window::closed(1000, 2000, 1, KS).with_quiet_tail(QuietTail::For(500)),
            10,
            &mut Vec::new(),
        );
        assert_eq!(p.coverage(), Some((1000, 2500)));
        assert_eq!(p.classify(2100, 2400), Serialized::False);
        assert_eq!(p.classify(2100, 2600), Serialized::Unknown);
    }

    #[test]
    fn every_unknown_answer_names_the_missing_evidence_and_no_other_answer_does() {
        let mut p = ProcessWindows::default();
        let add = |p: &mut ProcessWindows, w: Window| p.insert(w, 10, &mut Vec::new());
        assert_eq!(p.unknown_reason(10, 20), Some(UnknownReason::NoWindows));
        add(
            &mut p,
            Window::closed(1000, 2000, 1, KS).with_quiet_tail(QuietTail::For(500)),
        );
        assert_eq!(p.unknown_reason(20, 10), Some(UnknownReason::Inverted));
        assert_eq!(
            p.unknown_reason(500, 600),
            Some(UnknownReason::BeforeFirstWindow)
        );
        assert_eq!(p.unknown_reason(1500, 1600), None, "true");
        assert_eq!(
            p.unknown_reason(2100, 2400),
            None,
            "false, in the quiet tail"
        );
        assert_eq!(
            p.unknown_reason(2400, 2600),
            Some(UnknownReason::AfterLastWindow)
        );
        // Seq 2 lost: seq 3 restarts coverage, so the time before it is not proven.
        add(
            &mut p,
            Window::closed(5000, 5100, 3, KS).with_quiet_tail(QuietTail::For(500)),
        );
        assert_eq!(
            p.unknown_reason(2100, 2200),
            Some(UnknownReason::SequenceGap)
        );
        add(&mut p, Window::open(6000, 4, KS));
        assert_eq!(
            p.unknown_reason(5800, 6100),
            Some(UnknownReason::OpenWindow)
        );
        add(&mut p, Window::closed(7000, 7100, 5, SamplingMode::Opaque));
        assert_eq!(
            p.unknown_reason(5800, 5900),
            None,
            "false: seq 4 follows seq 3, so nothing ran serialized before it opened"
        );
        let mut q = ProcessWindows::default();
        add(&mut q, Window::closed(100, 200, 1, SamplingMode::Opaque));
        assert_eq!(q.unknown_reason(150, 160), Some(UnknownReason::OpaqueMode));
        // Eviction: the oldest window goes, and what it could have touched is lost.
        let mut r = ProcessWindows::default();
        for seq in 1..=3 {
            let start = seq * 1000;
            r.insert(
                Window::closed(start, start + 100, seq, KS).with_quiet_tail(QuietTail::For(900)),
                2,
                &mut Vec::new(),
            );
        }
        assert_eq!(r.unknown_reason(1050, 1060), Some(UnknownReason::Evicted));
        for (s, e) in [
            (0, 1),
            (1000, 1200),
            (2500, 2600),
            (3200, 3900),
            (9000, 9001),
        ] {
            assert_eq!(
                r.unknown_reason(s, e).is_some(),
                r.classify(s, e) == Serialized::Unknown,
                "[{s}, {e}]"
            );
        }
    }

    #[test]
    fn never_again_covers_everything_after() {
        let mut p = ProcessWindows::default();
        p.insert(
            Window::closed(1000, 2000, 1, KS).with_quiet_tail(QuietTail::Never),
            10,
            &mut Vec::new(),
        );
        assert_eq!(p.classify(5000, u64::MAX), Serialized::False);
    }

    #[test]
    fn evicting_an_open_window_ends_coverage_for_good() {
        let mut p = ProcessWindows::default();
        p.insert(Window::open(100, 1, KS), 1, &mut Vec::new());
        p.insert(
            Window::closed(200, 300, 2, SamplingMode::Continuous),
            1,
            &mut Vec::new(),
        );
        assert_eq!(p.coverage(), None);
        assert_eq!(p.classify(210, 250), Serialized::Unknown);
    }

    #[test]
    fn a_filled_hole_restores_coverage() {
        let mut p = ProcessWindows::default();
        p.insert(Window::closed(1000, 2000, 1, KS), 10, &mut Vec::new());
        p.insert(Window::closed(5000, 6000, 3, KS), 10, &mut Vec::new());
        assert_eq!(p.lost(), 1);
        assert_eq!(p.classify(2500, 2600), Serialized::Unknown);
        p.insert(Window::closed(3000, 4000, 2, KS), 10, &mut Vec::new());
        assert_eq!(p.lost(), 0);
        assert_eq!(p.classify(2500, 2600), Serialized::False);
    }

    #[test]
    fn restored_floors_answer_as_the_store_that_evicted() {
        let limits = StoreLimits {
            max_windows_per_process: 1,
            max_processes: 1,
        };
        let mut evicting = WindowStore::new(limits);
        evicting
            .insert(&1, Window::closed(1000, 2000, 1, KS))
            .unwrap();
        evicting
            .insert(&1, Window::closed(3000, 4000, 2, KS))
            .unwrap();
        evicting
            .insert(&2, Window::closed(1000, 2000, 1, KS))
            .unwrap();
        let mut restored = WindowStore::new(limits);
        assert_eq!(evicting.floors(&2), None, "nothing of it was evicted");
        restored.restore_floors(&1, evicting.floors(&1).unwrap());
        restored
            .insert(&2, Window::closed(1000, 2000, 1, KS))
            .unwrap();
        for (key, s) in [(1, 1500), (1, 3500), (2, 1500)] {
            assert_eq!(
                restored.evidence_lost(&key, s),
                evicting.evidence_lost(&key, s),
                "process {key} at {s}"
            );
            assert_eq!(
                restored.classify(Tier::Serialized, &key, s, s + 10),
                evicting.classify(Tier::Serialized, &key, s, s + 10)
            );
        }
        assert!(restored.evidence_lost(&1, 1500));
        assert_eq!(WindowStore::<u8>::new(limits).floors(&1), None);
    }

    #[test]
    fn conflicting_closed_records_resolve_the_same_in_both_orders() {
        let a = Window::closed(1000, 2000, 1, KS);
        let b = Window::closed(1000, 2500, 1, KS);
        let mut p1 = ProcessWindows::default();
        p1.insert(a, 10, &mut Vec::new());
        p1.insert(b, 10, &mut Vec::new());
        let mut p2 = ProcessWindows::default();
        p2.insert(b, 10, &mut Vec::new());
        p2.insert(a, 10, &mut Vec::new());
        assert_eq!(p1.get(1000), p2.get(1000));
    }
}
