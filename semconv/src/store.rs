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
//! Bounds: windows per process (oldest evicted first) and processes (new ones refused).
//! Eviction raises a floor below which coverage cannot start, so removing evidence
//! can only move an answer toward unknown.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::Hash;

use crate::serialized::Serialized;
use crate::tier::Tier;
use crate::window::{QuietTail, SamplingMode, Window};

/// Default bound on windows held per process: about 30 minutes at 2 bursts/s.
pub const MAX_WINDOWS_PER_PROCESS_DEFAULT: usize = 4096;
/// Default bound on processes tracked.
pub const MAX_PROCESSES_DEFAULT: usize = 256;

/// The store's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreLimits {
    /// Windows held per process; the oldest are evicted past it.
    pub max_windows_per_process: usize,
    /// Processes tracked; windows of a new process are refused past it.
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
    /// The process table is full and this process is new.
    #[error("window refused: already tracking the maximum of {max} processes")]
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
    /// Windows evicted by the per-process bound.
    pub evicted: u64,
    /// Inverted records refused.
    pub refused_inverted: u64,
    /// Records refused because the process table was full.
    pub refused_processes: u64,
    /// Records accepted with an opaque mode.
    pub opaque_mode: u64,
}

/// The windows of one process.
#[derive(Debug, Clone, Default)]
pub struct ProcessWindows {
    windows: BTreeMap<u64, Window>,
    open_starts: BTreeSet<u64>,
    /// Coverage may not start before this (raised by eviction).
    floor: u64,
    /// Longest closed window seen, to bound the intersection scan.
    max_closed_len: u64,
    coverage: Option<(u64, u64)>,
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
    fn insert(&mut self, w: Window, max_windows: usize) -> (Admission, u64) {
        let admission = match self.windows.get(&w.start_ns) {
            Some(held) if !replaces(held, &w) => return (Admission::Superseded, 0),
            Some(_) => Admission::Replaced,
            None => Admission::Stored,
        };
        if w.is_open() {
            self.open_starts.insert(w.start_ns);
        } else {
            self.open_starts.remove(&w.start_ns);
        }
        if let Some(end) = w.end_ns() {
            self.max_closed_len = self.max_closed_len.max(end - w.start_ns);
        }
        self.windows.insert(w.start_ns, w);
        let mut evicted = 0;
        while self.windows.len() > max_windows.max(1) {
            let Some((_, old)) = self.windows.pop_first() else {
                break;
            };
            self.open_starts.remove(&old.start_ns);
            // Nothing that could have touched the evicted window may be proven false.
            self.floor = self
                .floor
                .max(old.end_ns().map_or(u64::MAX, |e| e.saturating_add(1)));
            evicted += 1;
        }
        self.coverage = self.compute_coverage();
        (admission, evicted)
    }

    fn compute_coverage(&self) -> Option<(u64, u64)> {
        let seqs: BTreeSet<u64> = self.windows.values().map(|w| w.seq).collect();
        let newest = *seqs.last()?;
        let mut run_first = newest;
        while run_first > 0 && seqs.contains(&(run_first - 1)) {
            run_first -= 1;
        }
        let run_start = self
            .windows
            .values()
            .filter(|w| w.seq >= run_first)
            .map(|w| w.start_ns)
            .min()?;
        if self.floor == u64::MAX {
            return None;
        }
        let start = run_start.max(self.floor);
        let mut end = None;
        for w in self.windows.range(start..).map(|(_, w)| w) {
            match w.proven_quiet_until() {
                // The first open window ends coverage at its start.
                None => return Some((start, w.start_ns)),
                Some(quiet) => end = end.max(Some(quiet)),
            }
        }
        end.map(|end| (start, end))
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
        let seqs: BTreeSet<u64> = self.windows.values().map(|w| w.seq).collect();
        match (seqs.first(), seqs.last()) {
            (Some(lo), Some(hi)) => (hi - lo + 1) - seqs.len() as u64,
            _ => 0,
        }
    }

    /// The held windows in start order.
    pub fn windows(&self) -> impl Iterator<Item = &Window> {
        self.windows.values()
    }

    /// The window held for `start_ns`.
    pub fn get(&self, start_ns: u64) -> Option<&Window> {
        self.windows.get(&start_ns)
    }

    /// Classifies the execution `[s, e]` of this process (Tier A selected).
    pub fn classify(&self, s: u64, e: u64) -> Serialized {
        let Some((cover_start, cover_end)) = self.coverage else {
            return Serialized::Unknown;
        };
        if e < s {
            return Serialized::Unknown;
        }
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
        if !opaque && s >= cover_start && e <= cover_end {
            Serialized::False
        } else {
            Serialized::Unknown
        }
    }
}

/// Windows of many processes, keyed by whatever identifies a producer (a resource).
#[derive(Debug, Clone)]
pub struct WindowStore<K> {
    limits: StoreLimits,
    processes: HashMap<K, ProcessWindows>,
    counters: StoreCounters,
}

impl<K: Hash + Eq + Clone> WindowStore<K> {
    /// An empty store.
    pub fn new(limits: StoreLimits) -> Self {
        WindowStore {
            limits,
            processes: HashMap::new(),
            counters: StoreCounters::default(),
        }
    }

    /// Takes one window record of process `key`.
    pub fn insert(&mut self, key: &K, w: Window) -> Result<Admission, Refusal> {
        if let Some(end_ns) = w.end_ns().filter(|&e| e < w.start_ns) {
            self.counters.refused_inverted += 1;
            return Err(Refusal::Inverted {
                start_ns: w.start_ns,
                end_ns,
            });
        }
        if !self.processes.contains_key(key) && self.processes.len() >= self.limits.max_processes {
            self.counters.refused_processes += 1;
            return Err(Refusal::ProcessTableFull {
                max: self.limits.max_processes,
            });
        }
        self.counters.received += 1;
        if w.mode == SamplingMode::Opaque {
            self.counters.opaque_mode += 1;
        }
        let process = self.processes.entry(key.clone()).or_default();
        let (admission, evicted) = process.insert(w, self.limits.max_windows_per_process);
        self.counters.evicted += evicted;
        if admission != Admission::Stored {
            self.counters.superseded += 1;
        }
        Ok(admission)
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

    /// The windows of process `key`.
    pub fn process(&self, key: &K) -> Option<&ProcessWindows> {
        self.processes.get(key)
    }

    /// Forgets a process entirely (its executions then read unknown).
    pub fn remove(&mut self, key: &K) -> Option<ProcessWindows> {
        self.processes.remove(key)
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
        p.insert(Window::closed(1000, 2000, 1, KS), 10);
        p.insert(Window::open(4000, 2, KS), 10);
        assert_eq!(p.coverage(), Some((1000, 4000)));
    }

    #[test]
    fn the_quiet_tail_extends_coverage() {
        let mut p = ProcessWindows::default();
        p.insert(
            Window::closed(1000, 2000, 1, KS).with_quiet_tail(QuietTail::For(500)),
            10,
        );
        assert_eq!(p.coverage(), Some((1000, 2500)));
        assert_eq!(p.classify(2100, 2400), Serialized::False);
        assert_eq!(p.classify(2100, 2600), Serialized::Unknown);
    }

    #[test]
    fn never_again_covers_everything_after() {
        let mut p = ProcessWindows::default();
        p.insert(
            Window::closed(1000, 2000, 1, KS).with_quiet_tail(QuietTail::Never),
            10,
        );
        assert_eq!(p.classify(5000, u64::MAX), Serialized::False);
    }

    #[test]
    fn evicting_an_open_window_ends_coverage_for_good() {
        let mut p = ProcessWindows::default();
        p.insert(Window::open(100, 1, KS), 1);
        p.insert(Window::closed(200, 300, 2, SamplingMode::Continuous), 1);
        assert_eq!(p.coverage(), None);
        assert_eq!(p.classify(210, 250), Serialized::Unknown);
    }

    #[test]
    fn a_filled_hole_restores_coverage() {
        let mut p = ProcessWindows::default();
        p.insert(Window::closed(1000, 2000, 1, KS), 10);
        p.insert(Window::closed(5000, 6000, 3, KS), 10);
        assert_eq!(p.lost(), 1);
        assert_eq!(p.classify(2500, 2600), Serialized::Unknown);
        p.insert(Window::closed(3000, 4000, 2, KS), 10);
        assert_eq!(p.lost(), 0);
        assert_eq!(p.classify(2500, 2600), Serialized::False);
    }

    #[test]
    fn conflicting_closed_records_resolve_the_same_in_both_orders() {
        let a = Window::closed(1000, 2000, 1, KS);
        let b = Window::closed(1000, 2500, 1, KS);
        let mut p1 = ProcessWindows::default();
        p1.insert(a, 10);
        p1.insert(b, 10);
        let mut p2 = ProcessWindows::default();
        p2.insert(b, 10);
        p2.insert(a, 10);
        assert_eq!(p1.get(1000), p2.get(1000));
    }
}
