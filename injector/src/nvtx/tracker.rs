//! The application-thread side: what each NVTX call and each kernel launch does. Safe,
//! no I/O, no clock (the caller passes the instant), no global: `runtime::nvtx` owns the
//! process's one tracker and each thread's [`ThreadRanges`], and passes them in.
//!
//! Per NVTX call: a range index from one atomic counter, the thread's stack, one event
//! to the exporter (a message string was already copied by the caller). Per launch:
//! the thread's innermost open range, and only if there is one, an insert into the
//! [`CorrelationTable`]. Nothing here waits for a lock.
//!
//! Application context ranges (pushes in [`APP_DOMAIN`], see [`super::context`]): the
//! domain's handle is learnt when the program creates it (`nvtxDomainCreateA`), the
//! push's `traceparent` is parsed here, on the pushing thread (no allocation: the
//! message was copied by the caller), and the thread's stack decides what runs under
//! it. A launch pays nothing more for them: its look-up is the same one read.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::OnceLock;

use super::context::{AppPush, APP_DOMAIN};
use super::correlation::{CorrelationTable, Lookup};
use super::stack::{Popped, Pushed, ThreadRanges};
use super::{Call, Event, Handle, Opened, RangeKind, RangeLink};

/// Handles of [`APP_DOMAIN`] remembered (one per NVTX copy that created it, at most).
const APP_DOMAIN_HANDLES: usize = 8;

/// Where the tracker's events go (the exporter thread's queue, or a test's vector).
pub trait EventSink: Send + Sync {
    /// Hands one event on without waiting; false when it was refused (a full memory
    /// budget, a gone exporter).
    fn send(&self, event: Event) -> bool;
}

/// Launch correlation: not needed yet, asked for, on, or refused by CUPTI.
const IDLE: u8 = 0;
const REQUESTED: u8 = 1;
const ON: u8 = 2;
const FAILED: u8 = 3;

#[derive(Debug, Default)]
struct Counters {
    pushes: AtomicU64,
    pops: AtomicU64,
    unbalanced_pops: AtomicU64,
    too_deep: AtomicU64,
    starts: AtomicU64,
    ends: AtomicU64,
    refused: AtomicU64,
    launches_in_range: AtomicU64,
    launches_unrecorded: AtomicU64,
    found: AtomicU64,
    evicted: AtomicU64,
    app_parents: AtomicU64,
    app_unsampled: AtomicU64,
    app_malformed: AtomicU64,
    app_domains_unkept: AtomicU64,
}

/// A snapshot of the tracker's counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TrackerCounters {
    /// Push/pop ranges opened.
    pub pushes: u64,
    /// Pops that closed a range.
    pub pops: u64,
    /// Pops with no open range of their domain on their thread (including a pop on
    /// another thread than its push).
    pub unbalanced_pops: u64,
    /// Pushes past the depth bound, not tracked.
    pub too_deep: u64,
    /// Start/end ranges started.
    pub starts: u64,
    /// Start/end ranges ended.
    pub ends: u64,
    /// Events the exporter refused (counted, lost).
    pub refused: u64,
    /// Launches made while a range was open on their thread.
    pub launches_in_range: u64,
    /// Of those, launches whose range could not be recorded (launch correlation not on
    /// yet, or the table slot busy).
    pub launches_unrecorded: u64,
    /// Kernel records that found their range.
    pub found: u64,
    /// Kernel records whose table slot a later launch had taken.
    pub evicted: u64,
    /// Application context pushes naming the application's span (a valid, sampled
    /// `traceparent`).
    pub app_parents: u64,
    /// Application context pushes of an unsampled span (the injector's own traces).
    pub app_unsampled: u64,
    /// Application context pushes without a valid `traceparent` (ignored).
    pub app_malformed: u64,
    /// Creations of the application context domain past the handles kept (its pushes
    /// through that handle are ordinary ranges).
    pub app_domains_unkept: u64,
}

/// The process's range tracker. See the module doc.
#[derive(Debug)]
pub struct Tracker<S> {
    sink: S,
    next_range: AtomicU64,
    table: OnceLock<CorrelationTable>,
    correlation: AtomicU8,
    counters: Counters,
    /// Handles of [`APP_DOMAIN`] (0: free slot).
    app_domains: [AtomicU64; APP_DOMAIN_HANDLES],
}

impl<S: EventSink> Tracker<S> {
    /// A tracker sending its events to `sink`; launch correlation off until
    /// [`Tracker::enable_correlation`].
    pub fn new(sink: S) -> Self {
        Tracker {
            sink,
            next_range: AtomicU64::new(1),
            table: OnceLock::new(),
            correlation: AtomicU8::new(IDLE),
            counters: Counters::default(),
            app_domains: Default::default(),
        }
    }

    /// Whether `domain` is [`APP_DOMAIN`] (a few loads; the default domain never is).
    fn is_app_domain(&self, domain: Handle) -> bool {
        domain != 0
            && self
                .app_domains
                .iter()
                .any(|d| d.load(Ordering::Relaxed) == domain)
    }

    fn remember_app_domain(&self, domain: Handle) {
        if domain == 0 || self.is_app_domain(domain) {
            return;
        }
        let kept = self.app_domains.iter().any(|d| {
            d.compare_exchange(0, domain, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        });
        if !kept {
            self.counters
                .app_domains_unkept
                .fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Asks for launch correlation at the process's first push; true that once (and
    /// never once it was asked for before any push: [`Tracker::request_correlation`]).
    fn first_push(&self) -> bool {
        self.request_correlation()
    }

    /// Asks for launch correlation now; true if this call asked (it was idle).
    pub fn request_correlation(&self) -> bool {
        self.correlation
            .compare_exchange(IDLE, REQUESTED, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }

    fn send(&self, event: Event) {
        if !self.sink.send(event) {
            self.counters.refused.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// One NVTX call on the thread whose ranges are `stack` (OS thread id `thread`),
    /// at `now_ns`. Returns true once: at the process's first push, when launch
    /// correlation should be switched on (by an injector thread: see `runtime::nvtx`).
    pub fn call(&self, stack: &mut ThreadRanges, thread: u32, call: Call, now_ns: u64) -> bool {
        let bump = |c: &AtomicU64| c.fetch_add(1, Ordering::Relaxed);
        match call {
            Call::Push { domain, attrs } if self.is_app_domain(domain) => {
                let range = self.next_range.fetch_add(1, Ordering::Relaxed);
                let (how, parent) = AppPush::of(&attrs.message);
                if !stack.push_app(range, domain, how) {
                    bump(&self.counters.too_deep);
                    return self.first_push();
                }
                match (how, parent) {
                    (AppPush::Parent, Some(parent)) => {
                        bump(&self.counters.app_parents);
                        self.send(Event::AppOpen { range, parent });
                    }
                    (AppPush::Unsampled, _) => {
                        bump(&self.counters.app_unsampled);
                    }
                    _ => {
                        bump(&self.counters.app_malformed);
                    }
                }
                return self.first_push();
            }
            Call::Push { domain, attrs } => {
                let range = self.next_range.fetch_add(1, Ordering::Relaxed);
                match stack.push(range, domain) {
                    Pushed::Open { parent, root } => {
                        bump(&self.counters.pushes);
                        self.send(Event::Open(Opened {
                            range,
                            parent,
                            root,
                            kind: RangeKind::PushPop,
                            thread,
                            start_ns: now_ns,
                            domain,
                            attrs,
                            nvtx_id: None,
                        }));
                    }
                    Pushed::TooDeep => {
                        bump(&self.counters.too_deep);
                    }
                }
                return self.first_push();
            }
            Call::Pop { domain } => match stack.pop(domain) {
                Popped::Closed(range) => {
                    bump(&self.counters.pops);
                    self.send(Event::Close {
                        range,
                        end_ns: now_ns,
                    });
                }
                Popped::App(range, AppPush::Parent) => {
                    self.send(Event::AppClose { range });
                }
                Popped::App(..) | Popped::TooDeep => {}
                Popped::Unbalanced => {
                    bump(&self.counters.unbalanced_pops);
                }
            },
            Call::Start { domain, attrs, id } => {
                bump(&self.counters.starts);
                let range = self.next_range.fetch_add(1, Ordering::Relaxed);
                let parent = stack.innermost();
                self.send(Event::Open(Opened {
                    range,
                    parent: parent.map(|p| p.range),
                    root: parent.map_or(range, |p| p.root),
                    kind: RangeKind::StartEnd,
                    thread,
                    start_ns: now_ns,
                    domain,
                    attrs,
                    nvtx_id: Some(id),
                }));
            }
            Call::End { id } => {
                bump(&self.counters.ends);
                self.send(Event::End { id, end_ns: now_ns });
            }
            Call::DomainCreated { domain, name } => {
                if name == APP_DOMAIN {
                    self.remember_app_domain(domain);
                }
                self.send(Event::DomainCreated { domain, name });
            }
            Call::StringRegistered { handle, text } => {
                self.send(Event::StringRegistered { handle, text });
            }
        }
        false
    }

    /// A kernel launch (outermost launch API callback) with `correlation_id` on the
    /// thread whose ranges are `stack`: a thread-local read, and an insert only when a
    /// range is open.
    pub fn launch(&self, stack: &ThreadRanges, correlation_id: u32) {
        let Some(link) = stack.innermost() else {
            return;
        };
        self.counters
            .launches_in_range
            .fetch_add(1, Ordering::Relaxed);
        let recorded = self
            .table
            .get()
            .is_some_and(|t| t.insert(correlation_id, link));
        if !recorded {
            self.counters
                .launches_unrecorded
                .fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The range the launch `correlation_id` ran under (the collector, per record).
    pub fn lookup(&self, correlation_id: u32) -> Option<RangeLink> {
        match self.table.get()?.get(correlation_id) {
            Lookup::Found(link) => {
                self.counters.found.fetch_add(1, Ordering::Relaxed);
                Some(link)
            }
            Lookup::Evicted => {
                self.counters.evicted.fetch_add(1, Ordering::Relaxed);
                None
            }
            Lookup::Absent => None,
        }
    }

    /// Whether launch correlation was asked for and is not on yet.
    pub fn correlation_requested(&self) -> bool {
        self.correlation.load(Ordering::Relaxed) == REQUESTED
    }

    /// Whether launch correlation is on.
    pub fn correlation_on(&self) -> bool {
        self.correlation.load(Ordering::Relaxed) == ON
    }

    /// Makes the correlation table of `slots` slots. Call before the launch callbacks
    /// are switched on, so that no launch finds it missing.
    pub fn prepare_correlation(&self, slots: usize) {
        let _ = self.table.get_or_init(|| CorrelationTable::new(slots));
    }

    /// Records whether switching the launch callbacks on worked.
    pub fn correlation_enabled(&self, on: bool) {
        self.correlation
            .store(if on { ON } else { FAILED }, Ordering::Relaxed);
    }

    /// The counters now.
    pub fn counters(&self) -> TrackerCounters {
        let c = &self.counters;
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        TrackerCounters {
            pushes: get(&c.pushes),
            pops: get(&c.pops),
            unbalanced_pops: get(&c.unbalanced_pops),
            too_deep: get(&c.too_deep),
            starts: get(&c.starts),
            ends: get(&c.ends),
            refused: get(&c.refused),
            launches_in_range: get(&c.launches_in_range),
            launches_unrecorded: get(&c.launches_unrecorded),
            found: get(&c.found),
            evicted: get(&c.evicted),
            app_parents: get(&c.app_parents),
            app_unsampled: get(&c.app_unsampled),
            app_malformed: get(&c.app_malformed),
            app_domains_unkept: get(&c.app_domains_unkept),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nvtx::book::RangeBook;
    use crate::nvtx::Attributes;
    use proptest::prelude::*;
    use std::sync::Mutex;

    #[derive(Debug, Default)]
    struct VecSink(Mutex<Vec<Event>>);

    impl EventSink for VecSink {
        fn send(&self, event: Event) -> bool {
            self.0.lock().unwrap().push(event);
            true
        }
    }

    fn tracker() -> Tracker<VecSink> {
        let t = Tracker::new(VecSink::default());
        t.prepare_correlation(1 << 12);
        t.correlation_enabled(true);
        t
    }

    fn push(msg: &str) -> Call {
        Call::Push {
            domain: 0,
            attrs: Attributes::text(msg),
        }
    }

    #[test]
    fn the_first_push_asks_for_launch_correlation_once() {
        let t = Tracker::new(VecSink::default());
        let mut s = ThreadRanges::new();
        assert!(t.call(&mut s, 1, push("a"), 10));
        assert!(t.correlation_requested());
        assert!(!t.call(&mut s, 1, push("b"), 11));
        t.call(&mut s, 1, Call::Pop { domain: 0 }, 12);
        t.launch(&s, 5);
        assert_eq!(t.counters().launches_unrecorded, 1, "no table yet");
    }

    #[test]
    fn correlation_asked_for_at_attach_is_not_asked_again_and_the_first_push_is_linked() {
        let t = Tracker::new(VecSink::default());
        assert!(t.request_correlation(), "idle: this call asks");
        assert!(!t.request_correlation(), "asked once");
        t.prepare_correlation(1 << 12);
        t.correlation_enabled(true);
        let mut s = ThreadRanges::new();
        assert!(
            !t.call(&mut s, 1, push("first request"), 10),
            "the first push wakes no one: correlation is on already"
        );
        t.launch(&s, 5);
        assert!(
            t.lookup(5).is_some(),
            "the first range's first launch has it"
        );
        assert_eq!(t.counters().launches_unrecorded, 0);
    }

    #[test]
    fn a_launch_outside_any_range_records_nothing() {
        let t = tracker();
        let s = ThreadRanges::new();
        t.launch(&s, 9);
        assert_eq!(t.lookup(9), None);
        assert_eq!(t.counters().launches_in_range, 0);
    }

    #[test]
    fn a_pop_on_a_thread_without_the_range_is_unbalanced_and_the_range_stays_open() {
        let t = tracker();
        let (mut a, mut b) = (ThreadRanges::new(), ThreadRanges::new());
        t.call(&mut a, 1, push("on a"), 10);
        t.call(&mut b, 2, Call::Pop { domain: 0 }, 11);
        assert_eq!(t.counters().unbalanced_pops, 1);
        assert_eq!(a.depth(), 1);
    }

    #[test]
    fn a_start_end_range_nests_under_the_threads_push_range_but_parents_no_launch() {
        let t = tracker();
        let mut s = ThreadRanges::new();
        t.call(&mut s, 1, push("step"), 10);
        t.call(
            &mut s,
            1,
            Call::Start {
                domain: 0,
                attrs: Attributes::text("io"),
                id: 42,
            },
            11,
        );
        t.launch(&s, 3);
        let events = t.sink.0.lock().unwrap().clone();
        let Event::Open(step) = &events[0] else {
            panic!("open first")
        };
        let Event::Open(io) = &events[1] else {
            panic!("then the start")
        };
        assert_eq!((io.parent, io.root), (Some(step.range), step.range));
        assert_eq!(
            t.lookup(3),
            Some(RangeLink {
                range: step.range,
                root: step.range
            })
        );
    }

    const TP: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const APP: u64 = 0xa9;

    fn app_push(message: &str) -> Call {
        Call::Push {
            domain: APP,
            attrs: Attributes::text(message),
        }
    }

    fn created(t: &Tracker<VecSink>, s: &mut ThreadRanges) {
        t.call(
            s,
            1,
            Call::DomainCreated {
                domain: APP,
                name: APP_DOMAIN.into(),
            },
            1,
        );
    }

    #[test]
    fn a_traceparent_pushed_in_the_application_domain_roots_what_runs_under_it() {
        let t = tracker();
        let mut s = ThreadRanges::new();
        created(&t, &mut s);
        t.call(&mut s, 1, app_push(TP), 10);
        t.launch(&s, 1);
        t.call(&mut s, 1, push("aten::linear"), 11);
        t.launch(&s, 2);
        t.call(&mut s, 1, Call::Pop { domain: 0 }, 12);
        t.call(&mut s, 1, Call::Pop { domain: APP }, 13);
        t.launch(&s, 3);
        let events = t.sink.0.lock().unwrap().clone();
        let Event::AppOpen { range, parent } = events[1].clone() else {
            panic!("{events:?}")
        };
        assert_eq!(parent.to_string(), TP);
        let root = range | crate::nvtx::context::APP_ROOT;
        assert_eq!(t.lookup(1), Some(RangeLink { range, root }));
        let Event::Open(op) = &events[2] else {
            panic!("the operator range")
        };
        assert_eq!((op.parent, op.root), (Some(range), root));
        assert_eq!(
            t.lookup(2),
            Some(RangeLink {
                range: op.range,
                root
            })
        );
        assert_eq!(events[4], Event::AppClose { range });
        assert_eq!(t.lookup(3), None, "after the pop: outside any range");
        let c = t.counters();
        assert_eq!((c.app_parents, c.pushes, c.pops), (1, 1, 1));
    }

    #[test]
    fn an_application_push_is_a_push_for_launch_correlation() {
        let t = Tracker::new(VecSink::default());
        let mut s = ThreadRanges::new();
        created(&t, &mut s);
        assert!(t.call(&mut s, 1, app_push("not even a traceparent"), 10));
        assert!(t.correlation_requested());
    }

    #[test]
    fn malformed_and_unsampled_pushes_are_counted_and_send_nothing() {
        let t = tracker();
        let mut s = ThreadRanges::new();
        created(&t, &mut s);
        for bad in ["", "step 7", &TP.to_uppercase(), &TP[..40]] {
            t.call(&mut s, 1, app_push(bad), 10);
            t.launch(&s, 1);
            assert_eq!(t.lookup(1), None, "{bad:?} is ignored");
            t.call(&mut s, 1, Call::Pop { domain: APP }, 11);
        }
        t.call(
            &mut s,
            1,
            Call::Push {
                domain: APP,
                attrs: Attributes::default(),
            },
            12,
        );
        t.call(&mut s, 1, Call::Pop { domain: APP }, 13);
        t.call(&mut s, 1, app_push(&TP.replace("-01", "-00")), 14);
        t.call(&mut s, 1, Call::Pop { domain: APP }, 15);
        let c = t.counters();
        assert_eq!((c.app_malformed, c.app_unsampled, c.app_parents), (5, 1, 0));
        assert_eq!(c.unbalanced_pops, 0, "their pops pair with them");
        assert_eq!(
            t.sink.0.lock().unwrap().len(),
            1,
            "the domain's creation only"
        );
    }

    #[test]
    fn the_domain_is_known_by_its_name_and_other_domains_are_ordinary() {
        let t = tracker();
        let mut s = ThreadRanges::new();
        t.call(&mut s, 1, app_push(TP), 10);
        assert_eq!(
            t.counters().pushes,
            1,
            "before its creation was seen: a range"
        );
        t.call(&mut s, 1, Call::Pop { domain: APP }, 11);
        t.call(
            &mut s,
            1,
            Call::DomainCreated {
                domain: 0xb0,
                name: "opentelemetry".into(),
            },
            12,
        );
        t.call(
            &mut s,
            1,
            Call::Push {
                domain: 0xb0,
                attrs: Attributes::text(TP),
            },
            13,
        );
        assert_eq!(
            t.counters().app_parents,
            0,
            "another name is another domain"
        );
        for h in 1..=(APP_DOMAIN_HANDLES as u64 + 1) {
            t.call(
                &mut s,
                1,
                Call::DomainCreated {
                    domain: h,
                    name: APP_DOMAIN.into(),
                },
                14,
            );
        }
        assert_eq!(t.counters().app_domains_unkept, 1);
    }

    #[derive(Debug, Clone)]
    enum Op {
        Push(usize, u64),
        Pop(usize, u64),
        Launch(usize),
        Start(usize),
        End(usize),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            3 => (0usize..3, 0u64..2).prop_map(|(t, d)| Op::Push(t, d)),
            3 => (0usize..3, 0u64..2).prop_map(|(t, d)| Op::Pop(t, d)),
            4 => (0usize..3).prop_map(Op::Launch),
            1 => (0usize..3).prop_map(Op::Start),
            1 => (0usize..8).prop_map(Op::End),
        ]
    }

    proptest! {
        /// Interleaved pushes, pops, starts, ends and launches on three threads,
        /// against a model of per-thread stacks: every kernel's parent is the innermost
        /// range open on its launching thread at launch time; every range closes with the
        /// instants of its own push and pop (or at exit, marked unclosed), under the
        /// parent that was innermost when it opened.
        #[test]
        fn every_kernel_is_parented_by_its_threads_innermost_range_at_launch(
            ops in proptest::collection::vec(op(), 0..300)
        ) {
            let t = tracker();
            let mut stacks = [ThreadRanges::new(), ThreadRanges::new(), ThreadRanges::new()];
            // Model: per thread, open (range, root, domain); every range's expected record.
            let mut model: [Vec<(u64, u64, u64)>; 3] = Default::default();
            let mut expect: std::collections::HashMap<u64, (Option<u64>, u64, u64, Option<u64>)> =
                Default::default(); // range -> (parent, root, start, end)
            let mut started: Vec<(u64, u64)> = Vec::new(); // (nvtx id, range)
            let mut launches: Vec<(u32, Option<RangeLink>)> = Vec::new();
            let mut next = 1u64;
            let mut next_id = 100u64;
            let mut unmatched = 0u64;
            for (i, op) in ops.into_iter().enumerate() {
                let now = 1_000 + i as u64 * 10;
                match op {
                    Op::Push(th, d) => {
                        let parent = model[th].last().copied();
                        let root = parent.map_or(next, |p| p.1);
                        model[th].push((next, root, d));
                        expect.insert(next, (parent.map(|p| p.0), root, now, None));
                        next += 1;
                        t.call(&mut stacks[th], th as u32, Call::Push { domain: d, attrs: Attributes::text(format!("r{i}")) }, now);
                    }
                    Op::Pop(th, d) => {
                        if let Some(k) = model[th].iter().rposition(|e| e.2 == d) {
                            let (r, _, _) = model[th].remove(k);
                            expect.get_mut(&r).unwrap().3 = Some(now);
                        }
                        t.call(&mut stacks[th], th as u32, Call::Pop { domain: d }, now);
                    }
                    Op::Launch(th) => {
                        let corr = i as u32;
                        let want = model[th].last().map(|e| RangeLink { range: e.0, root: e.1 });
                        launches.push((corr, want));
                        t.launch(&stacks[th], corr);
                    }
                    Op::Start(th) => {
                        let parent = model[th].last().copied();
                        let id = next_id;
                        next_id += 1;
                        expect.insert(next, (parent.map(|p| p.0), parent.map_or(next, |p| p.1), now, None));
                        started.push((id, next));
                        next += 1;
                        t.call(&mut stacks[th], th as u32, Call::Start { domain: 0, attrs: Attributes::default(), id }, now);
                    }
                    Op::End(k) => {
                        let id = 100 + k as u64;
                        match started.iter().position(|s| s.0 == id) {
                            Some(pos) => {
                                let (_, r) = started.remove(pos);
                                expect.get_mut(&r).unwrap().3 = Some(now);
                            }
                            None => unmatched += 1,
                        }
                        t.call(&mut stacks[0], 0, Call::End { id }, now);
                    }
                }
            }
            for (corr, want) in launches {
                prop_assert_eq!(t.lookup(corr), want, "launch {}", corr);
            }
            let mut book = RangeBook::new();
            let mut out = Vec::new();
            for e in t.sink.0.lock().unwrap().drain(..) {
                book.take(e, &mut out);
            }
            let exit = 1_000_000;
            book.finish(exit, &mut out);
            prop_assert_eq!(out.len(), expect.len());
            prop_assert_eq!(book.counters().unmatched, unmatched);
            for r in out {
                let (parent, root, start, end) = expect[&r.range];
                prop_assert_eq!((r.parent, r.root, r.start_ns), (parent, root, start));
                prop_assert_eq!(r.end_ns, end.unwrap_or(exit));
                prop_assert_eq!(r.unclosed, end.is_none());
            }
        }
    }
}
