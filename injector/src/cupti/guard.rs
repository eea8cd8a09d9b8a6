//! The one guard around the injector's CUPTI calls, and the injector's off switch.
//!
//! Concurrent CUPTI calls from a tool's own threads deadlocked applications on the
//! H200, so every CUPTI call the injector makes holds [`GUARD`]. The guard is
//! re-entrant per thread: CUPTI may call back into the injector from inside a guarded
//! call on the same thread, and that callback may need to make a guarded call too.
//!
//! Who may wait for it:
//! - injector threads (collector, exporter) and `InitializeInjection`: [`hold`] waits;
//!   the collector's and the exporter's holds also wait while the application's threads
//!   come first ([`injector_yields_while`]: a serialized burst is open and launching),
//!   because a launch exit that finds the guard busy cannot close its burst;
//! - the application's threads on launch callbacks and module unload: [`try_hold`]
//!   only tries, and the caller skips its work when the guard is busy;
//! - context creation and context destruction: [`hold_within`] tries for a bounded
//!   time (see `pc.rs` for why each of them needs the guard at all).
//!
//! A launch callback that waits for the guard while the guard's holder (say the
//! collector's `cuptiActivityFlushAll`) waits for a driver lock the launching thread
//! holds is a deadlock cycle that only the application's users would see; hence no
//! unbounded wait on an application thread.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, TryLockError};
use std::time::{Duration, Instant};

/// One guard around every CUPTI call the injector makes.
static GUARD: Mutex<()> = Mutex::new(());

/// Set once the injector must stop touching the process: a panic at an FFI entry,
/// a dead collector thread, or a forked child (which has none of the injector's
/// threads and must not touch its parent's CUPTI state).
static DISABLED: AtomicBool = AtomicBool::new(false);

/// Set in a child process of `fork()` (see `entry.rs`), together with [`DISABLED`].
static FORKED_CHILD: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// How deep this thread is inside [`GUARD`].
    static GUARD_DEPTH: Cell<u32> = const { Cell::new(0) };
    /// Whether this thread is the collector (see [`mark_collector_thread`]).
    static COLLECTOR: Cell<bool> = const { Cell::new(false) };
    /// Whether this thread's holds wait while the application's threads come first
    /// (the collector, and the exporter inside [`hold_behind_launches`]).
    static YIELDS: Cell<bool> = const { Cell::new(false) };
}

/// Whether the application's threads need the guard now, as the run time says (set
/// once, at its install): the injector's own threads wait while it says so.
static APPS_FIRST: OnceLock<fn() -> bool> = OnceLock::new();

/// Times an injector thread waited for the application's threads before taking the
/// guard, and for how long in all (ns).
static YIELDED: AtomicU64 = AtomicU64::new(0);
static YIELDED_NS: AtomicU64 = AtomicU64::new(0);

/// How long a yielding thread sleeps between looks at [`APPS_FIRST`].
const YIELD_NAP: Duration = Duration::from_micros(100);

/// The longest a hold yields: 20 bursts at their default 50 ms. A burst that stays open
/// while the application launches on is a failed session, not one to wait for forever;
/// past this the injector's thread takes the guard as it did before it yielded.
const YIELD_MAX: Duration = Duration::from_secs(1);

/// Whether the collector thread holds [`GUARD`] now: set at its outermost hold, cleared
/// at its release. Read where a launch callback finds the guard busy, so that the exit
/// line can say who kept a burst from closing (the collector's flushes did on the H200,
/// 2026-11-30; something did on the H100, 2026-12-06).
static COLLECTOR_HOLDS: AtomicBool = AtomicBool::new(false);

/// What the collector thread is doing, as its loop says ([`collector_at`]): read with
/// [`collector_holds`] where a launch callback finds the guard busy, so that the exit
/// line can say which of the collector's steps kept a burst from closing.
static COLLECTOR_STEP: AtomicU8 = AtomicU8::new(CollectorStep::Waiting as u8);

/// A step of the collector's period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum CollectorStep {
    /// Between periods (it holds nothing then).
    Waiting,
    /// Serving NVTX ranges.
    Nvtx,
    /// The sampler lease, the burst controller's tick, the flushing mode.
    Tick,
    /// `cuptiActivityFlushAll`.
    Flush,
    /// Reading completed activity buffers and CUPTI's drop count.
    Drain,
    /// The launch accounting's period.
    Settle,
    /// Reading PC samples.
    PcDrain,
    /// Stopping.
    Stop,
}

impl CollectorStep {
    /// Every step, in the order of its number.
    pub(crate) const ALL: [CollectorStep; 8] = [
        CollectorStep::Waiting,
        CollectorStep::Nvtx,
        CollectorStep::Tick,
        CollectorStep::Flush,
        CollectorStep::Drain,
        CollectorStep::Settle,
        CollectorStep::PcDrain,
        CollectorStep::Stop,
    ];

    /// Its name in the exit line.
    pub(crate) fn name(self) -> &'static str {
        match self {
            CollectorStep::Waiting => "waiting",
            CollectorStep::Nvtx => "nvtx",
            CollectorStep::Tick => "tick",
            CollectorStep::Flush => "flush",
            CollectorStep::Drain => "drain",
            CollectorStep::Settle => "settle",
            CollectorStep::PcDrain => "pc_drain",
            CollectorStep::Stop => "stop",
        }
    }
}

/// The collector thread says which step of its period it is in.
pub(crate) fn collector_at(step: CollectorStep) {
    COLLECTOR_STEP.store(step as u8, Ordering::Relaxed);
}

/// The step the collector said it is in last.
pub(crate) fn collector_step() -> CollectorStep {
    let n = COLLECTOR_STEP.load(Ordering::Relaxed);
    CollectorStep::ALL
        .get(usize::from(n))
        .copied()
        .unwrap_or(CollectorStep::Waiting)
}

/// Marks the calling thread as the collector (once, at its start): its holds yield to
/// the application's threads.
pub(crate) fn mark_collector_thread() {
    COLLECTOR.with(|c| c.set(true));
    YIELDS.with(|c| c.set(true));
}

/// Says when the application's threads come first (once, at the run time's install).
pub(crate) fn injector_yields_while(apps_first: fn() -> bool) {
    let _ = APPS_FIRST.set(apps_first);
}

/// How often injector threads waited for the application's threads before taking the
/// guard, and for how long in all (ms).
pub(crate) fn yielded() -> (u64, u64) {
    (
        YIELDED.load(Ordering::Relaxed),
        YIELDED_NS.load(Ordering::Relaxed) / 1_000_000,
    )
}

/// Whether this thread's hold should wait now: it yields, the application's threads
/// come first, and the collector is not stopping (the exit closes what is open itself).
fn must_yield() -> bool {
    YIELDS.with(Cell::get)
        && collector_step() != CollectorStep::Stop
        && APPS_FIRST.get().is_some_and(|f| f())
}

/// Whether the collector thread holds the guard now.
pub(crate) fn collector_holds() -> bool {
    COLLECTOR_HOLDS.load(Ordering::Relaxed)
}

/// Deepest nesting of [`GUARD`] seen (1 = never re-entered).
static GUARD_MAX_DEPTH: AtomicU32 = AtomicU32::new(0);

/// A hold on [`GUARD`]; the outermost hold on a thread owns the mutex. It is the
/// permission to make CUPTI calls: the calls that need it take a `&Hold`.
#[derive(Debug)]
pub(crate) struct Hold {
    _held: Option<MutexGuard<'static, ()>>,
}

impl Drop for Hold {
    fn drop(&mut self) {
        GUARD_DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
        if self._held.is_some() && COLLECTOR.with(Cell::get) {
            COLLECTOR_HOLDS.store(false, Ordering::Relaxed);
        }
    }
}

fn enter(depth: u32, held: Option<MutexGuard<'static, ()>>) -> Hold {
    if held.is_some() && COLLECTOR.with(Cell::get) {
        COLLECTOR_HOLDS.store(true, Ordering::Relaxed);
    }
    GUARD_DEPTH.with(|d| d.set(depth + 1));
    GUARD_MAX_DEPTH.fetch_max(depth + 1, Ordering::Relaxed);
    Hold { _held: held }
}

/// Waits for the guard. Injector threads and the one-time start only: never on a
/// callback the application's threads run. On the collector thread it also waits while
/// the application's threads come first: a burst opens under the guard, so one that
/// opened while this thread waited for the mutex is seen once it holds it, and the
/// guard goes back to the launches that will close the burst.
pub(crate) fn hold() -> Hold {
    let depth = GUARD_DEPTH.with(Cell::get);
    if depth > 0 {
        return enter(depth, None);
    }
    let mut since: Option<Instant> = None;
    let waited_enough = |since: &Option<Instant>| since.is_some_and(|t| t.elapsed() >= YIELD_MAX);
    let held = loop {
        while must_yield() && !waited_enough(&since) {
            since.get_or_insert_with(Instant::now);
            std::thread::sleep(YIELD_NAP);
        }
        let g = GUARD.lock().unwrap_or_else(|p| p.into_inner());
        if !must_yield() || waited_enough(&since) {
            break g;
        }
        drop(g);
        since.get_or_insert_with(Instant::now);
    };
    if let Some(t) = since {
        YIELDED.fetch_add(1, Ordering::Relaxed);
        let ns = u64::try_from(t.elapsed().as_nanos()).unwrap_or(u64::MAX);
        YIELDED_NS.fetch_add(ns, Ordering::Relaxed);
    }
    enter(depth, Some(held))
}

/// [`hold`] from a thread that yields to the application's threads only for this call
/// (the exporter's cubin and source-line calls, which can take long on a big cubin).
pub(crate) fn hold_behind_launches() -> Hold {
    let before = YIELDS.with(|y| y.replace(true));
    let h = hold();
    YIELDS.with(|y| y.set(before));
    h
}

/// Takes the guard if it is free or already held by this thread; never waits.
pub(crate) fn try_hold() -> Option<Hold> {
    let depth = GUARD_DEPTH.with(Cell::get);
    let held = if depth == 0 {
        Some(match GUARD.try_lock() {
            Ok(g) => g,
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
            Err(TryLockError::WouldBlock) => return None,
        })
    } else {
        None
    };
    Some(enter(depth, held))
}

/// Tries the guard until `wait` has passed: spins briefly, then sleeps 50 µs between
/// tries. For the application-thread callbacks whose work cannot simply be skipped
/// (context creation and destruction); `None` when the guard stayed busy.
pub(crate) fn hold_within(wait: Duration) -> Option<Hold> {
    let deadline = Instant::now() + wait;
    let mut tries = 0u32;
    loop {
        if let Some(h) = try_hold() {
            return Some(h);
        }
        if Instant::now() >= deadline {
            return None;
        }
        tries += 1;
        if tries < 64 {
            std::thread::yield_now();
        } else {
            std::thread::sleep(Duration::from_micros(50));
        }
    }
}

/// Whether this thread is inside a hold of the guard now (a callback that CUPTI made
/// from inside one of the injector's own calls).
pub(crate) fn inside_guard() -> bool {
    GUARD_DEPTH.with(Cell::get) > 0
}

/// Deepest nesting of the CUPTI guard seen so far.
pub(crate) fn guard_max_depth() -> u32 {
    GUARD_MAX_DEPTH.load(Ordering::Relaxed)
}

/// Whether the injector is disabled (a panic at an FFI entry, or a forked child).
pub(crate) fn disabled() -> bool {
    DISABLED.load(Ordering::Relaxed)
}

/// Disables the injector.
pub(crate) fn disable() {
    DISABLED.store(true, Ordering::Relaxed);
}

/// Marks this process as a forked child: disabled, and its at-exit handler does
/// nothing. Atomic stores only, so it may run in `fork()`'s child handler, where only
/// async-signal-safe work is allowed.
pub(crate) fn mark_forked_child() {
    FORKED_CHILD.store(true, Ordering::SeqCst);
    DISABLED.store(true, Ordering::SeqCst);
}

/// Whether this process is a child of `fork()` of the process the injector started in.
pub(crate) fn forked_child() -> bool {
    FORKED_CHILD.load(Ordering::SeqCst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guard_is_reentrant_and_try_hold_refuses_another_thread() {
        let outer = hold();
        let inner = try_hold().expect("re-entrant on the same thread");
        assert!(guard_max_depth() >= 2);
        let other = std::thread::spawn(|| {
            (
                try_hold().is_none(),
                hold_within(Duration::from_millis(20)).is_none(),
            )
        })
        .join()
        .unwrap();
        assert_eq!(other, (true, true));
        drop(inner);
        drop(outer);
        // Other tests may hold the guard for a moment: a generous bound.
        let free = std::thread::spawn(|| hold_within(Duration::from_secs(5)).is_some())
            .join()
            .unwrap();
        assert!(free);
    }

    #[test]
    fn the_collector_thread_is_seen_holding_the_guard_and_no_other_thread_is() {
        let (held, released) = std::thread::spawn(|| {
            mark_collector_thread();
            let h = hold();
            let held = collector_holds();
            drop(h);
            (held, collector_holds())
        })
        .join()
        .unwrap();
        assert!(held && !released);
        // Another thread's hold is not the collector's (other tests may hold the guard
        // too, but none of them is marked as the collector while this one runs).
        let h = hold();
        assert!(!collector_holds());
        drop(h);
    }
}
