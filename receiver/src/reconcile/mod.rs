//! Reconcile: windows feed the store, kernel spans are classified, and every kernel
//! span leaves with `gpu.serialized` set by the contract's stamp-vs-verdict rule.
//!
//! Pure: no I/O, no clock. The caller passes `now` (the receiver's clock, Unix ns) to
//! [`Reconciler::ingest`] and [`Reconciler::tick`]; both return the requests ready to
//! export, each with the origins of its spans ([`Ready`]).
//!
//! What needs no reconciler state (resource keys, tier declarations, window records,
//! each span's kind and stamp) is read into a [`Prepared`] ([`prepared`]) by the ingest
//! front ends on their own tasks: the one reconcile task only decides.
//!
//! Kernel spans (those with `gpu.kernel.name` or `gpu.serialized`) of a producer that
//! runs the serialized tier (or declares none) are held until the evidence settles their
//! answer ("true" or "false") or the reconcile delay passes. Spans of other tiers, and
//! every other span, leave at once and untouched.
//!
//! An input numbered by the persistent queue ([`Prepared::with_origin`]) has each of its
//! output spans tagged with that number ([`origin::Origins`]), and the reconciler says
//! when it holds nothing more of it ([`Reconciler::take_sealed`]); an input without a
//! number leaves empty origins. It always journals what the window store took and
//! dropped ([`Reconciler::take_evidence`]) for whoever keeps the evidence on disk.

pub mod origin;
pub mod prepared;
pub mod resource;
pub mod verdict;
pub mod window_span;

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::InstrumentationScope;
use semconv::attributes as a;
use semconv::codec::WindowDecodeError;
use semconv::store::{Admission, Evicted, StoreCounters, StoreLimits};
use semconv::{otlp, Outcomes, Serialized, Tier, UnknownReason, Window, WindowStore};

use crate::wire::{self, KernelNodes, WireRequest, WireResourceSpans, WireScopeSpans};
use origin::{EvidenceChange, Origins};
use prepared::{
    own_copies_when_small, Carrier, Prepared, PreparedResource, ResourceCtx, ScopeCtx, SpanKind,
};
use resource::{DeclaredTier, ResourceKey};
use verdict::{decide, Decision, Stamp};
use window_span::WindowState;

/// Default time a serialized-tier kernel span waits for the windows that settle it.
pub const RECONCILE_DELAY_DEFAULT: Duration = Duration::from_secs(2);
/// Default bound on kernel spans held at once: bounds the per-span bookkeeping
/// (about 120 bytes each) whatever their size.
pub const MAX_HELD_SPANS_DEFAULT: usize = 1_000_000;
/// Default bound on the memory the hold takes: each span's encoded bytes plus its
/// bookkeeping. 2 s of 100k GPU-shaped spans/s (~700 bytes each) fit.
pub const MAX_HELD_BYTES_DEFAULT: usize = 192 << 20;
/// What holding one span costs beside its bytes: the entry and its queue slot.
const HELD_OVERHEAD: usize = std::mem::size_of::<Held>() + 16;
/// Reconciliation settings.
#[derive(Debug, Clone)]
pub struct ReconcileConfig {
    /// How long a kernel span waits for its evidence.
    pub delay: Duration,
    /// Kernel spans held at once; past it the oldest leave early with their current answer.
    pub max_held_spans: usize,
    /// Bytes the hold takes at once (spans' encoded size plus bookkeeping); past it the
    /// oldest leave early, as for `max_held_spans`.
    pub max_held_bytes: usize,
    /// Bounds of the window store.
    pub store: StoreLimits,
}

impl Default for ReconcileConfig {
    fn default() -> Self {
        ReconcileConfig {
            delay: RECONCILE_DELAY_DEFAULT,
            max_held_spans: MAX_HELD_SPANS_DEFAULT,
            max_held_bytes: MAX_HELD_BYTES_DEFAULT,
            store: StoreLimits::default(),
        }
    }
}

/// Cumulative counters of the reconciler.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReconcileCounters {
    /// Spans taken in, every kind.
    pub spans_reconciled: u64,
    /// Spans refused as malformed (bad ids).
    pub spans_rejected: u64,
    /// Kernel spans received.
    pub kernel_spans: u64,
    /// Kernel spans from a resource with no valid tier declaration.
    pub undeclared_tier_spans: u64,
    /// Of the kernel spans, `gpu.graph.launch` spans (one CUDA-graph replay each,
    /// counted in `outcomes` as their `gpu.graph.kernel_nodes` executions).
    pub graph_launch_spans: u64,
    /// Of those, spans of unknown size (`gpu.graph.kernel_nodes` absent or not a
    /// non-negative int): no executions counted for them.
    pub graph_launch_spans_unknown_size: u64,
    /// Kernel executions the injector reports launched and never recorded (the
    /// `gpu.kernel.unrecorded.count` of `gpu.kernels.unrecorded` spans).
    pub kernel_executions_unrecorded: u64,
    /// The exported answers; `serialized + not_serialized + unknown == executions`.
    pub outcomes: Outcomes,
    /// Valid stamps equal to the verdict.
    pub agreements: u64,
    /// Valid stamps different from the verdict, exported as stamped.
    pub disagreements: u64,
    /// "unknown" stamps (the producer could not settle them) that the receiver's
    /// evidence settled, exported with the verdict.
    pub settled_unknown_stamps: u64,
    /// Executions exported "unknown", by the evidence that was missing (indexed as
    /// [`UnknownReason::ALL`]): what the receiver could not improve.
    pub unknown_by_reason: [u64; UnknownReason::ALL.len()],
    /// "false" stamps contradicted by a serialized window, exported as "true".
    pub conflicts: u64,
    /// Kernel spans without a stamp, given the verdict.
    pub repaired_missing: u64,
    /// Kernel spans with an invalid stamp (duplicate keys included), given the verdict.
    pub repaired_invalid: u64,
    /// Kernel spans of tier off or continuous stamped other than "false", exported "false".
    pub repaired_tier: u64,
    /// "false" stamps over evicted evidence, exported "unknown": eviction only ever
    /// moves answers toward unknown.
    pub unverifiable: u64,
    /// Held spans released because their answer settled.
    pub released_settled: u64,
    /// Held spans released at the reconcile deadline.
    pub released_deadline: u64,
    /// Held spans released early because the hold was full.
    pub released_early: u64,
    /// Held spans released at shutdown.
    pub released_shutdown: u64,
    /// Window records refused as malformed.
    pub window_records_malformed: u64,
    /// Window spans emitted for closed bursts.
    pub window_spans_closed: u64,
    /// Window spans emitted for bursts whose close never came.
    pub window_spans_unclosed: u64,
    /// Open windows the store evicted before their close or deadline: no span, since
    /// window spans are bounded by the windows the store keeps.
    pub window_spans_evicted: u64,
}

#[derive(Debug)]
struct Held {
    /// The span as it arrived.
    span: Bytes,
    start: u64,
    end: u64,
    stamp: Stamp,
    /// Kernel executions it stands for (a graph launch: its kernel nodes).
    executions: u64,
    resource: Arc<ResourceCtx>,
    scope: Arc<ScopeCtx>,
    deadline: u64,
    origin: Option<u64>,
}

impl Held {
    /// What holding it takes: its bytes (a copy of its own) and its bookkeeping.
    fn cost(&self) -> usize {
        self.span.len() + HELD_OVERHEAD
    }

    /// The contexts it keeps alive, each with what it takes: counted once however
    /// many held spans keep it, since a request's decoded resource (however large) lives
    /// as long as one of its spans is held.
    fn contexts(&self) -> [(usize, usize); 2] {
        [
            (Arc::as_ptr(&self.resource) as usize, self.resource.bytes()),
            (Arc::as_ptr(&self.scope) as usize, self.scope.bytes()),
        ]
    }
}

#[derive(Debug)]
struct PendingOpen {
    window: Window,
    carrier_trace_id: Vec<u8>,
    carrier_span_id: Vec<u8>,
    resource: Arc<ResourceCtx>,
    deadline: u64,
    origin: Option<u64>,
}

/// One producer's open windows waiting for their close, by start.
#[derive(Debug, Default)]
struct PendingOpens {
    opens: HashMap<u64, PendingOpen>,
    /// The latest kernel end seen from the producer while any window was pending: how
    /// far "unknown" reaches. One value per producer, so a kernel costs O(1).
    latest_end: u64,
}

/// A request ready to export, with the inputs its spans came from (empty for inputs the
/// persistent queue did not number).
pub type Ready = (WireRequest, Origins);

/// One span on its way out: its resource and scope, its bytes, the input it came from.
type Outgoing = (Arc<ResourceCtx>, Arc<ScopeCtx>, Bytes, Option<u64>);

/// Spans on their way out, grouped back into OTLP containers, each with its origin.
#[derive(Debug, Default)]
struct Outbox {
    entries: Vec<Outgoing>,
}

impl Outbox {
    fn into_request(self) -> Option<Ready> {
        let mut resource_spans: Vec<WireResourceSpans> = Vec::new();
        let mut origins = Origins::default();
        let mut last: Option<(Arc<ResourceCtx>, Arc<ScopeCtx>)> = None;
        for (r, s, span, origin) in self.entries {
            if let Some(origin) = origin {
                origins.push(origin, 1);
            }
            let same_resource = last.as_ref().is_some_and(|(lr, _)| Arc::ptr_eq(lr, &r));
            let same_scope =
                same_resource && last.as_ref().is_some_and(|(_, ls)| Arc::ptr_eq(ls, &s));
            if !same_resource {
                resource_spans.push(WireResourceSpans {
                    resource: r.resource.clone(),
                    scope_spans: vec![],
                    schema_url: r.schema_url.clone(),
                });
            }
            let rs = resource_spans.last_mut().expect("pushed above");
            if !same_scope {
                rs.scope_spans.push(WireScopeSpans {
                    scope: s.scope.clone(),
                    spans: vec![],
                    schema_url: s.schema_url.clone(),
                });
            }
            rs.scope_spans
                .last_mut()
                .expect("pushed above")
                .spans
                .push(span);
            last = Some((r, s));
        }
        (!resource_spans.is_empty()).then_some((WireRequest { resource_spans }, origins))
    }
}

/// The reconciler's state: the window store, the held spans, the open windows waiting
/// for their close.
#[derive(Debug)]
pub struct Reconciler {
    cfg: ReconcileConfig,
    store: WindowStore<ResourceKey>,
    held: HashMap<ResourceKey, VecDeque<Held>>,
    held_count: usize,
    /// What the held spans take ([`Held::cost`]), with the contexts they keep alive.
    held_bytes: usize,
    /// The resource and scope contexts held spans keep alive, by address: how many
    /// held spans keep each, and what it takes (counted once in `held_bytes`).
    held_contexts: HashMap<usize, (usize, usize)>,
    pending: HashMap<ResourceKey, PendingOpens>,
    /// `(deadline, producer, start)` of every pending open window, soonest first.
    pending_deadlines: BTreeSet<(u64, ResourceKey, u64)>,
    counters: ReconcileCounters,
    own_scope: Arc<ScopeCtx>,
    /// Per numbered input: its held spans and pending open windows.
    retained: HashMap<u64, u64>,
    /// Inputs that may have just stopped being retained (checked when taken).
    maybe_sealed: Vec<u64>,
    /// The store's changes since the last `take_evidence`.
    evidence: Vec<EvidenceChange>,
}

impl Reconciler {
    /// An empty reconciler.
    pub fn new(cfg: ReconcileConfig) -> Self {
        let own_scope = Arc::new(ScopeCtx {
            scope: Some(InstrumentationScope {
                name: "gpu-otel-receiver".into(),
                version: env!("CARGO_PKG_VERSION").into(),
                ..Default::default()
            }),
            schema_url: String::new(),
        });
        Reconciler {
            store: WindowStore::new(cfg.store),
            cfg,
            held: HashMap::new(),
            held_count: 0,
            held_bytes: 0,
            held_contexts: HashMap::new(),
            pending: HashMap::new(),
            pending_deadlines: BTreeSet::new(),
            counters: ReconcileCounters::default(),
            own_scope,
            retained: HashMap::new(),
            maybe_sealed: Vec::new(),
            evidence: Vec::new(),
        }
    }

    fn retain(&mut self, origin: Option<u64>) {
        if let Some(origin) = origin {
            *self.retained.entry(origin).or_insert(0) += 1;
        }
    }

    fn unretain(&mut self, origin: Option<u64>) {
        let Some(origin) = origin else {
            return;
        };
        if let Some(n) = self.retained.get_mut(&origin) {
            *n -= 1;
            if *n == 0 {
                self.retained.remove(&origin);
                self.maybe_sealed.push(origin);
            }
        }
    }

    /// Inputs of which nothing is held any more and no output will follow: every
    /// input once, after the call that took its last held span or pending window (or
    /// after its own ingest, when it left nothing behind).
    pub fn take_sealed(&mut self) -> Vec<u64> {
        let mut sealed = std::mem::take(&mut self.maybe_sealed);
        sealed.retain(|o| !self.retained.contains_key(o));
        sealed.sort_unstable();
        sealed.dedup();
        sealed
    }

    /// What the window store took and dropped since the last call.
    pub fn take_evidence(&mut self) -> Vec<EvidenceChange> {
        std::mem::take(&mut self.evidence)
    }

    /// Puts a window record back into the store as evidence only: no report, no window
    /// span, no pending close (the queue restores what the store held before a restart).
    pub fn restore_window(&mut self, key: ResourceKey, window: Window) {
        let mut evicted = Vec::new();
        let _ = self.store.insert_tracked(&key, window, &mut evicted);
        self.evicted(evicted);
    }

    /// Puts back what eviction left of a producer's evidence (before its windows).
    pub fn restore_floors(&mut self, key: ResourceKey, floors: semconv::store::Tombstone) {
        self.store.restore_floors(&key, floors);
    }

    /// Drops what is pending for evicted windows and journals the eviction with what it
    /// left of the producer's evidence.
    fn evicted(&mut self, evicted: Vec<Evicted<ResourceKey>>) {
        for e in evicted {
            self.forget_pending(e.clone());
            let (Evicted::Window(key, _) | Evicted::Process(key)) = e;
            self.evidence.push(EvidenceChange::Evicted(e));
            if let Some(floors) = self.store.floors(&key) {
                self.evidence.push(EvidenceChange::Floors { key, floors });
            }
        }
    }

    /// Cumulative counters.
    pub fn counters(&self) -> ReconcileCounters {
        self.counters
    }

    /// Counters of the window store.
    pub fn store_counters(&self) -> StoreCounters {
        self.store.counters()
    }

    /// Kernel spans held now.
    pub fn held(&self) -> usize {
        self.held_count
    }

    /// Bytes the held spans take now (encoded size plus bookkeeping).
    pub fn held_bytes(&self) -> usize {
        self.held_bytes
    }

    /// Windows held in the store, and how many of them are open.
    pub fn windows(&self) -> (usize, usize) {
        (self.store.held(), self.store.open())
    }

    fn deadline(&self, now: u64) -> u64 {
        now.saturating_add(u64::try_from(self.cfg.delay.as_nanos()).unwrap_or(u64::MAX))
    }

    /// Takes one request that arrived at `now`; returns the requests ready to export.
    /// What its sender is told needs no reconciler state: [`Prepared::report`].
    pub fn ingest(&mut self, req: impl Into<Prepared>, now: u64) -> Vec<Ready> {
        let Prepared {
            mut req,
            resources,
            origin,
            shared_buffer,
            ..
        } = req.into();
        let mut outbox = Outbox::default();
        let mut touched = Vec::new();
        for (rs, prepared) in req.resource_spans.iter_mut().zip(resources) {
            let PreparedResource {
                key,
                declared,
                ctx: rctx,
                windows,
                windows_refused,
                latest_kernel_end,
                scopes,
            } = prepared;
            self.counters.window_records_malformed += windows_refused;
            // Windows first: a request's own windows are evidence for its own kernels.
            if !windows.is_empty() {
                touched.push(key);
            }
            for (carrier, decoded) in windows {
                self.take_window(key, &rctx, &carrier, decoded, (now, origin), &mut outbox);
            }
            if let Some(end) = latest_kernel_end {
                // The open windows stay the same through this resource's kernels.
                if let Some(p) = self.pending.get_mut(&key) {
                    p.latest_end = p.latest_end.max(end);
                }
            }
            for (ss, scope) in rs.scope_spans.iter_mut().zip(scopes) {
                let sctx = scope.ctx;
                let spans = std::mem::take(&mut ss.spans);
                for (span, kind) in spans.into_iter().zip(scope.kinds) {
                    self.counters.spans_reconciled += 1;
                    let stamp = match kind {
                        SpanKind::Rejected => {
                            // Reported by `Prepared`.
                            self.counters.spans_rejected += 1;
                            continue;
                        }
                        SpanKind::Plain => {
                            ss.spans.push(span);
                            continue;
                        }
                        SpanKind::Unrecorded(n) => {
                            self.counters.kernel_executions_unrecorded += n;
                            ss.spans.push(span);
                            continue;
                        }
                        SpanKind::Kernel {
                            stamp,
                            start,
                            end,
                            executions,
                            graph,
                        } => {
                            if let Some(nodes) = graph {
                                self.counters.graph_launch_spans += 1;
                                if !matches!(nodes, KernelNodes::Known(_)) {
                                    self.counters.graph_launch_spans_unknown_size += 1;
                                }
                            }
                            (stamp, start, end, executions)
                        }
                    };
                    let (stamp, start, end, executions) = stamp;
                    self.take_kernel(&declared);
                    let tier = declared.effective();
                    let verdict = self.store.classify(tier, &key, start, end);
                    if tier == Tier::Serialized && !verdict.is_settled() {
                        let deadline = self.deadline(now);
                        self.hold(
                            key,
                            Held {
                                // Its own copy: a slice would keep the whole request's
                                // buffer alive for as long as any of its spans waits.
                                span: Bytes::copy_from_slice(&span),
                                start,
                                end,
                                stamp,
                                executions,
                                resource: rctx.clone(),
                                scope: sctx.clone(),
                                deadline,
                                origin,
                            },
                            &mut outbox,
                        );
                    } else {
                        // Settled or another tier: nothing evicted can change it.
                        let at = (key, start, end);
                        ss.spans.push(self.finalize(
                            span,
                            (&stamp, executions),
                            tier,
                            verdict,
                            false,
                            at,
                        ));
                    }
                }
            }
        }
        req.resource_spans.retain_mut(|rs| {
            rs.scope_spans.retain(|ss| !ss.spans.is_empty());
            !rs.scope_spans.is_empty()
        });
        own_copies_when_small(&mut req, shared_buffer);
        for key in touched {
            self.release_settled(key, &mut outbox);
        }
        if let Some(origin) = origin {
            self.maybe_sealed.push(origin);
        }
        let mut ready = Vec::new();
        if !req.resource_spans.is_empty() {
            let origins = match origin {
                Some(o) => Origins::single(o, req.span_count()),
                None => Origins::default(),
            };
            ready.push((req, origins));
        }
        ready.extend(outbox.into_request());
        ready
    }

    /// Releases what is due at `now`: held spans past their deadline (with their
    /// current answer) and window spans of bursts whose close never came.
    pub fn tick(&mut self, now: u64) -> Vec<Ready> {
        let mut outbox = Outbox::default();
        let keys: Vec<ResourceKey> = self.held.keys().copied().collect();
        for key in keys {
            while self
                .held
                .get(&key)
                .and_then(|q| q.front())
                .is_some_and(|h| h.deadline <= now)
            {
                self.release_front(key, &mut outbox);
                self.counters.released_deadline += 1;
            }
        }
        self.held.retain(|_, q| !q.is_empty());
        while let Some(&(deadline, key, start)) = self.pending_deadlines.first() {
            if deadline > now {
                break;
            }
            self.pending_deadlines.pop_first();
            self.emit_unclosed(key, start, &mut outbox);
        }
        outbox.into_request().into_iter().collect()
    }

    /// Releases everything held, with its current answer (shutdown).
    pub fn drain(&mut self) -> Vec<Ready> {
        let mut outbox = Outbox::default();
        let keys: Vec<ResourceKey> = self.held.keys().copied().collect();
        for key in keys {
            while self.held.get(&key).is_some_and(|q| !q.is_empty()) {
                self.release_front(key, &mut outbox);
                self.counters.released_shutdown += 1;
            }
        }
        self.held.clear();
        while let Some((_, key, start)) = self.pending_deadlines.pop_first() {
            self.emit_unclosed(key, start, &mut outbox);
        }
        outbox.into_request().into_iter().collect()
    }

    /// Takes one window record, `at` (now, origin). Its problems are in the request's
    /// report already (`Prepared`); the store refuses none for its own state (a process
    /// table of 0 is refused by the configuration).
    fn take_window(
        &mut self,
        key: ResourceKey,
        rctx: &Arc<ResourceCtx>,
        carrier: &Carrier,
        decoded: Result<Window, WindowDecodeError>,
        (now, origin): (u64, Option<u64>),
        outbox: &mut Outbox,
    ) {
        let window = match decoded {
            Ok(w) => w,
            Err(WindowDecodeError::UnknownMode { window, .. }) => *window,
            Err(_) => {
                self.counters.window_records_malformed += 1;
                return;
            }
        };
        let held_was_open = self
            .store
            .process(&key)
            .and_then(|p| p.get(window.start_ns))
            .map(Window::is_open);
        let mut evicted = Vec::new();
        let admission = self.store.insert_tracked(&key, window, &mut evicted);
        self.evicted(evicted);
        // A record the store did not keep (older than everything it holds) gets no span.
        let kept = self
            .store
            .process(&key)
            .is_some_and(|p| p.get(window.start_ns).is_some());
        if let Some(origin) = origin
            .filter(|_| kept && matches!(admission, Ok(Admission::Stored | Admission::Replaced)))
        {
            self.evidence.push(EvidenceChange::Taken {
                key,
                window,
                origin,
            });
        }
        match admission {
            // An inverted record is in the request's report already; any other refusal
            // is the store's, counted there (`refused_processes`).
            Err(_) => {}
            Ok(Admission::Superseded) => {}
            Ok(_) if !kept => {}
            Ok(_) if window.is_open() => {
                let deadline = self.deadline(now);
                let pending = self.pending.entry(key).or_default();
                let old = pending.opens.insert(
                    window.start_ns,
                    PendingOpen {
                        window,
                        carrier_trace_id: carrier.trace_id.clone(),
                        carrier_span_id: carrier.span_id.clone(),
                        resource: rctx.clone(),
                        deadline,
                        origin,
                    },
                );
                self.retain(origin);
                if let Some(old) = old {
                    self.pending_deadlines
                        .remove(&(old.deadline, key, window.start_ns));
                    self.unretain(old.origin);
                }
                self.pending_deadlines
                    .insert((deadline, key, window.start_ns));
            }
            Ok(_) => {
                self.take_pending(key, window.start_ns);
                // One closed span per burst: not again for a conflicting duplicate.
                if held_was_open != Some(false) {
                    let end = window.end_ns().unwrap_or(window.start_ns);
                    let span = window_span::build(
                        key,
                        &window,
                        &carrier.trace_id,
                        &carrier.span_id,
                        end,
                        WindowState::Closed,
                    );
                    self.counters.window_spans_closed += 1;
                    let span = wire::encode_span(&span);
                    outbox
                        .entries
                        .push((rctx.clone(), self.own_scope.clone(), span, origin));
                }
            }
        }
    }

    /// Counts a kernel span (an invalid stamp is in the request's report already).
    fn take_kernel(&mut self, declared: &DeclaredTier) {
        self.counters.kernel_spans += 1;
        if !matches!(declared, DeclaredTier::Declared(_)) {
            self.counters.undeclared_tier_spans += 1;
        }
    }

    /// What holding `held` adds: its cost, and its contexts not held yet.
    fn cost_of_holding(&self, held: &Held) -> usize {
        held.cost()
            + held
                .contexts()
                .iter()
                .filter(|(at, _)| !self.held_contexts.contains_key(at))
                .map(|(_, bytes)| bytes)
                .sum::<usize>()
    }

    /// Counts `held` as held: its cost and the contexts it keeps.
    fn count_held(&mut self, held: &Held) {
        self.held_count += 1;
        self.held_bytes += held.cost();
        for (at, bytes) in held.contexts() {
            let e = self.held_contexts.entry(at).or_insert((0, bytes));
            if e.0 == 0 {
                self.held_bytes += bytes;
            }
            e.0 += 1;
        }
    }

    /// Counts `held` as no longer held.
    fn uncount_held(&mut self, held: &Held) {
        self.held_count -= 1;
        self.held_bytes -= held.cost();
        for (at, _) in held.contexts() {
            if let Some(e) = self.held_contexts.get_mut(&at) {
                e.0 -= 1;
                if e.0 == 0 {
                    self.held_bytes -= e.1;
                    self.held_contexts.remove(&at);
                }
            }
        }
    }

    fn hold(&mut self, key: ResourceKey, held: Held, outbox: &mut Outbox) {
        while self.held_count >= self.cfg.max_held_spans
            || self.held_bytes + self.cost_of_holding(&held) > self.cfg.max_held_bytes
        {
            // The hold is full: the oldest span leaves now with its current answer.
            let oldest = self
                .held
                .iter()
                .filter_map(|(k, q)| q.front().map(|h| (h.deadline, *k)))
                .min();
            let Some((_, k)) = oldest else {
                // Nothing held and still no room: this one is never held.
                self.retain(held.origin);
                self.release(key, held, outbox);
                self.counters.released_early += 1;
                return;
            };
            self.release_front(k, outbox);
            self.held.retain(|_, q| !q.is_empty());
            self.counters.released_early += 1;
        }
        self.retain(held.origin);
        self.count_held(&held);
        self.held.entry(key).or_default().push_back(held);
    }

    fn release_front(&mut self, key: ResourceKey, outbox: &mut Outbox) {
        if let Some(held) = self.held.get_mut(&key).and_then(VecDeque::pop_front) {
            self.uncount_held(&held);
            self.release(key, held, outbox);
        }
    }

    /// Sends a held span on its way with the answer the evidence gives now.
    fn release(&mut self, key: ResourceKey, held: Held, outbox: &mut Outbox) {
        let Held {
            span,
            start,
            end,
            stamp,
            executions,
            resource,
            scope,
            origin,
            ..
        } = held;
        let verdict = self.classify(key, start, end);
        let lost = self.store.evidence_lost(&key, start);
        let span = self.finalize(
            span,
            (&stamp, executions),
            Tier::Serialized,
            verdict,
            lost,
            (key, start, end),
        );
        outbox.entries.push((resource, scope, span, origin));
        self.unretain(origin);
    }

    fn classify(&self, key: ResourceKey, start: u64, end: u64) -> Serialized {
        self.store.classify(Tier::Serialized, &key, start, end)
    }

    fn release_settled(&mut self, key: ResourceKey, outbox: &mut Outbox) {
        let Some(queue) = self.held.remove(&key) else {
            return;
        };
        let mut keep = VecDeque::with_capacity(queue.len());
        for held in queue {
            if self.classify(key, held.start, held.end).is_settled() {
                self.uncount_held(&held);
                self.counters.released_settled += 1;
                self.release(key, held, outbox);
            } else {
                keep.push_back(held);
            }
        }
        if !keep.is_empty() {
            self.held.insert(key, keep);
        }
    }

    /// Removes one pending open window, with its deadline; returns it and the latest
    /// kernel end seen from its producer.
    fn take_pending(&mut self, key: ResourceKey, start: u64) -> Option<(PendingOpen, u64)> {
        let pending = self.pending.get_mut(&key)?;
        let p = pending.opens.remove(&start)?;
        let latest_end = pending.latest_end;
        if pending.opens.is_empty() {
            self.pending.remove(&key);
        }
        self.pending_deadlines.remove(&(p.deadline, key, start));
        self.unretain(p.origin);
        Some((p, latest_end))
    }

    /// Drops what is pending for windows the store evicted: no span for them.
    fn forget_pending(&mut self, evicted: Evicted<ResourceKey>) {
        match evicted {
            Evicted::Window(key, start) => {
                if self.take_pending(key, start).is_some() {
                    self.counters.window_spans_evicted += 1;
                }
            }
            Evicted::Process(key) => {
                if let Some(pending) = self.pending.remove(&key) {
                    for (start, p) in pending.opens {
                        self.pending_deadlines.remove(&(p.deadline, key, start));
                        self.counters.window_spans_evicted += 1;
                        self.unretain(p.origin);
                    }
                }
            }
        }
    }

    fn emit_unclosed(&mut self, key: ResourceKey, start: u64, outbox: &mut Outbox) {
        let Some((p, latest_end)) = self.take_pending(key, start) else {
            return;
        };
        let span = window_span::build(
            key,
            &p.window,
            &p.carrier_trace_id,
            &p.carrier_span_id,
            latest_end,
            WindowState::Unclosed,
        );
        self.counters.window_spans_unclosed += 1;
        let span = wire::encode_span(&span);
        outbox
            .entries
            .push((p.resource, self.own_scope.clone(), span, p.origin));
    }

    /// Sets the span's `gpu.serialized` by the stamp-vs-verdict rule and counts it
    /// (an "unknown" by the evidence that was missing for `[start, end]` of `key`). A
    /// span whose stamp is the answer leaves as the bytes it came as; only one whose
    /// value changes is decoded and encoded again.
    fn finalize(
        &mut self,
        span: Bytes,
        (stamp, executions): (&Stamp, u64),
        tier: Tier,
        verdict: Serialized,
        evidence_lost: bool,
        (key, start, end): (ResourceKey, u64, u64),
    ) -> Bytes {
        let (value, decision) = decide(stamp, tier, verdict, evidence_lost);
        if value == Serialized::Unknown {
            let reason = match decision {
                Decision::Unverifiable => Some(UnknownReason::Evicted),
                _ => self.store.unknown_reason(&key, start, end),
            };
            // A verdict that is not "unknown" under an "unknown" stamp was settled
            // above; what is left is the store's own "unknown".
            let reason = reason.unwrap_or(UnknownReason::AfterLastWindow);
            self.counters.unknown_by_reason[reason.index()] += executions;
        }
        let c = &mut self.counters;
        match decision {
            Decision::Agreed => c.agreements += 1,
            Decision::Disagreed => c.disagreements += 1,
            Decision::Settled => c.settled_unknown_stamps += 1,
            Decision::Conflict => c.conflicts += 1,
            Decision::RepairedMissing => c.repaired_missing += 1,
            Decision::RepairedInvalid => c.repaired_invalid += 1,
            Decision::RepairedTier => c.repaired_tier += 1,
            Decision::Unverifiable => c.unverifiable += 1,
        }
        // The answer is counted from what the span carries out, apart from the
        // execution, so a span leaving with no value or two unbalances the identity.
        c.outcomes.count_executions(executions);
        if *stamp == Stamp::Valid(value) {
            // The stamp was read from these very bytes: one valid value.
            c.outcomes.count_answers(value, executions);
            return span;
        }
        // Every occurrence replaced: exactly one value leaves.
        let stamped = otlp::string(a::GPU_SERIALIZED, value.as_str());
        let Some(restamped) = wire::with_attribute_set(span.as_ref(), &stamped) else {
            // Checked when it arrived, so this does not happen; were it to, the span
            // leaves as it came, without an answer, and the identity shows it.
            return span;
        };
        // Rewritten, it carries `value` once and nothing else under that key (the
        // property test of `with_attribute_set`): no second walk of its bytes to count it.
        c.outcomes.count_answers(value, executions);
        restamped
    }
}

/// Ready requests, decoded (for callers that read what leaves: tests, benchmarks).
pub fn decoded(ready: Vec<Ready>) -> Vec<ExportTraceServiceRequest> {
    ready
        .iter()
        .filter_map(|(r, _)| r.to_proto().ok())
        .collect()
}

#[cfg(test)]
mod tests;
