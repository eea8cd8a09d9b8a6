//! The worker: the injector's processing, on its own thread ("gpu-otel-export"), never
//! the host's. Kernel records, NVTX events and PC sampling's messages in; finished
//! OTLP requests out to the sending side.
//!
//! ```text
//! collector ──RecordQueue (byte budget, never waits)──▶ worker: Slicer / Stamper
//! NVTX callbacks ──NvtxSender (same budget)──▶          RangeBook → range spans
//! PC sampling ──SamplingSender (own byte bound)──▶      windows, PC samples, tier epochs
//!   → export::Batcher (protobuf straight from records, requests ≤ max bytes)
//!   ──export::SendPool──▶ "gpu-otel-send": several requests in flight (tonic / reqwest)
//! ```
//!
//! Kernel records and NVTX events are bounded by one budget of bytes
//! ([`crate::budget`]): records waiting in the queue plus encoded requests waiting or in
//! flight; PC sampling's messages by a byte bound of their own
//! ([`crate::config::SAMPLING_CHANNEL_BYTES`], PC records refused first). A batch that would pass it is
//! dropped whole at the door (newest first: what is queued is older and already paid
//! for) and counted as `queue_full`; the application never waits and never grows our
//! memory past the budget. A failed export counts every span it carried
//! (`export_failed`). Nobody waits on the worker but the at-exit handler, and that only
//! until its deadline.
//!
//! The worker is the only reader of the clock on this side: the pure parts it drives
//! (`model`, `sampling`, `nvtx`) take instants as arguments.

mod queue;

pub use queue::{NvtxSender, RecordQueue, SamplingSender, RECORD_COST};

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::common::v1::KeyValue;
use opentelemetry_proto::tonic::trace::v1::Span;
use otlp_client::ExportConfig;
use semconv::{Serialized, Tier};

use crate::budget::Budget;
use crate::clock::now_ns;
use crate::config::{
    BUDGET_BYTES_DEFAULT, IN_FLIGHT_DEFAULT, MAX_REQUEST_BYTES_DEFAULT, SAMPLING_CHANNEL_BYTES,
};
use crate::dump::Dump;
use crate::export::{Batcher, Request, SendPool, Sink};
use crate::model::{KernelSpan, OtherKind, Slicer};
use crate::nvtx::book::{ClosedRange, RangeBook};
use crate::record::KernelRecord;
use crate::resource::{device_attributes, resource_and_seed, DeviceTable, ProcessInfo};
use crate::sampling::continuous::ContinuousAgg;
use crate::sampling::lines::{LineCache, SassSource};
use crate::sampling::message::{Declared, SamplingCounters, SamplingMsg};
use crate::sampling::samples::PcRecord;
use crate::sampling::stamp::{StampLimits, Stamper};
use crate::stats::Stats;
use queue::{Charged, Msg};

/// Longest a span waits on the worker before its request is cut.
pub const EXPORT_INTERVAL: Duration = Duration::from_millis(200);

/// What the worker and its sending side are made of.
#[derive(Debug)]
pub struct Settings {
    /// Memory budget of pending data, bytes.
    pub budget_bytes: u64,
    /// Largest encoded request, bytes.
    pub max_request_bytes: usize,
    /// Export requests in flight at once.
    pub in_flight: usize,
    /// Resource of every span.
    pub resource: Vec<KeyValue>,
    /// Makes kernel and root spans.
    pub slicer: Slicer,
    /// What the first stretch declares: the slicer's tier, or `off` while a serialized
    /// process waits for its GPU's sampler lease.
    pub start: Declared,
    /// Where to write every record as a JSON line, if anywhere.
    pub record_dump: Option<PathBuf>,
    /// Bounds of the serialized tier's stamping (used when the slicer's tier is
    /// serialized).
    pub stamp_limits: StampLimits,
    /// Names the GPU of each CUDA ordinal that kernel records carry (the driver inside a
    /// CUDA program): each GPU's kernel spans go out under the process's resource plus
    /// what describes that GPU, asked once per ordinal, at its first kernel. `None`: one
    /// resource for every span (producers fed from outside CUPTI).
    pub devices: Option<Box<dyn DeviceTable>>,
    /// Gives PC samples their source lines (CUPTI's SASS-to-source correlation inside a
    /// CUDA program), each distinct PC asked once; `None`: samples go out as they came.
    pub lines: Option<Box<dyn SassSource>>,
}

impl Settings {
    /// The worker of one process fed from outside CUPTI (replays of captured
    /// records, the fake-CUPTI producer, tests, benchmarks): its resource, one-second
    /// trace slices, default bounds, no device lookup. The injector itself builds its
    /// settings from its configuration.
    pub fn for_process(
        process: &ProcessInfo,
        service: Option<&str>,
        resource_env: Option<&str>,
        tier: Tier,
    ) -> Self {
        let (resource, seed) = resource_and_seed(process, service, resource_env, tier);
        Settings {
            budget_bytes: BUDGET_BYTES_DEFAULT,
            max_request_bytes: MAX_REQUEST_BYTES_DEFAULT,
            in_flight: IN_FLIGHT_DEFAULT,
            resource,
            slicer: Slicer::new(
                Duration::from_secs(1),
                Duration::from_millis(100),
                seed,
                tier,
            ),
            record_dump: None,
            stamp_limits: StampLimits::default(),
            devices: None,
            lines: None,
            start: tier.into(),
        }
    }
}

/// Starts the worker sending OTLP/gRPC to `endpoint` (`http://host:port`).
pub fn spawn_grpc(
    settings: Settings,
    stats: Arc<Stats>,
    endpoint: String,
) -> std::io::Result<(RecordQueue, JoinHandle<()>)> {
    let cfg = ExportConfig {
        endpoint: Some(endpoint),
        ..ExportConfig::default()
    };
    spawn_otlp(settings, stats, cfg)
}

/// Starts the worker sending OTLP as `cfg` says (protocol, endpoint, headers,
/// TLS), as the injector does inside a CUDA program.
pub fn spawn_otlp(
    settings: Settings,
    stats: Arc<Stats>,
    cfg: ExportConfig,
) -> std::io::Result<(RecordQueue, JoinHandle<()>)> {
    spawn(settings, stats, move || {
        otlp_client::Client::new(&cfg).map_err(|e| e.to_string())
    })
}

/// Starts the worker's thread and its sending thread. `make_sink` runs on the
/// sending thread, inside its runtime. Returns the queue to feed the worker and its
/// thread's handle.
pub fn spawn<S, F>(
    settings: Settings,
    stats: Arc<Stats>,
    make_sink: F,
) -> std::io::Result<(RecordQueue, JoinHandle<()>)>
where
    S: Sink,
    F: FnOnce() -> Result<S, String> + Send + 'static,
{
    let budget = Arc::new(Budget::new(settings.budget_bytes));
    let (tx, rx) = channel();
    let (sampling, sampling_rx) = channel();
    let room = Arc::new(Budget::new(SAMPLING_CHANNEL_BYTES));
    let (pool, sender) =
        SendPool::start(settings.in_flight, stats.clone(), budget.clone(), make_sink)?;
    let queue = RecordQueue::new(
        tx,
        (sampling, room.clone()),
        stats.clone(),
        budget.clone(),
        pool.closer(),
    );
    let sampling_rx = SamplingRx {
        rx: sampling_rx,
        room,
    };
    let handle = std::thread::Builder::new()
        .name("gpu-otel-export".into())
        .spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(settings, stats, budget, rx, sampling_rx, pool)
            }));
            if r.is_err() {
                crate::log::line(
                    "exporter thread panicked; GPU telemetry stops, the application runs on",
                );
            }
            let _ = sender.join();
        })?;
    Ok((queue, handle))
}

/// The worker's end of the sampling channel: taking a message off gives its bytes back.
struct SamplingRx {
    rx: Receiver<Charged>,
    room: Arc<Budget>,
}

impl SamplingRx {
    fn try_recv(&self) -> Result<SamplingMsg, std::sync::mpsc::TryRecvError> {
        let (m, cost) = self.rx.try_recv()?;
        self.room.release(cost);
        Ok(m)
    }
}

fn run(
    mut settings: Settings,
    stats: Arc<Stats>,
    budget: Arc<Budget>,
    rx: Receiver<Msg>,
    sampling_rx: SamplingRx,
    pool: SendPool,
) {
    let resource = settings.resource.clone();
    let mut dump = settings.record_dump.as_deref().and_then(Dump::create);
    let mut lines = settings.lines.take().map(|src| (src, LineCache::default()));
    let mut warned_cubins = false;
    let stamper =
        (settings.slicer.tier() == Tier::Serialized).then(|| Stamper::new(settings.stamp_limits));
    let mut worker = Worker {
        epochs: vec![(0, settings.start)],
        batcher: Batcher::new(
            &resource,
            &crate::model::scope(),
            settings.max_request_bytes,
        ),
        stamp_limits: settings.stamp_limits,
        slicer: settings.slicer,
        stats,
        budget,
        pool,
        charged: 0,
        last_cut: Instant::now(),
        stamper,
        continuous: ContinuousAgg::default(),
        continuous_since: now_ns(),
        counters: SamplingCounters::default(),
        book: RangeBook::new(),
        closed: Vec::new(),
        devices: settings.devices,
        stepped_down_at: None,
    };
    loop {
        let msg = rx.recv_timeout(EXPORT_INTERVAL);
        while let Ok(mut m) = sampling_rx.try_recv() {
            // Before the dump, so a replay carries the lines CUPTI gave.
            if let Some((src, cache)) = lines.as_mut() {
                cache.annotate(&mut m.pc, src.as_mut());
                let cubins = src.cubins();
                if cubins.over_bound > 0 && !warned_cubins {
                    warned_cubins = true;
                    crate::log::line(&format!(
                        "a module's cubin ({} bytes) was not kept: past GPU_OTEL_PC_CUBIN_MB; its PC samples go out without source lines (counted in the exit line)",
                        cubins.over_bound_bytes
                    ));
                }
                worker.stats.set_lines(cache.counts(), cubins);
            }
            if let Some(d) = dump.as_mut() {
                d.sampling(&m);
            }
            worker.sampling(m);
        }
        match msg {
            Ok(Msg::Records(batch)) => worker.take(batch, dump.as_mut()),
            Ok(Msg::Nvtx(e)) => worker.nvtx(e, dump.as_mut()),
            Ok(Msg::Unrecorded(found)) => worker.unrecorded(found),
            Ok(Msg::Handoff(w)) => worker.handoff(&w),
            Ok(Msg::Wake) => {}
            Ok(Msg::Shutdown { deadline, done }) => {
                while let Ok(msg) = rx.try_recv() {
                    match msg {
                        Msg::Records(batch) => worker.take(batch, dump.as_mut()),
                        Msg::Nvtx(e) => worker.nvtx(e, dump.as_mut()),
                        Msg::Unrecorded(found) => worker.unrecorded(found),
                        Msg::Handoff(w) => worker.handoff(&w),
                        Msg::Wake | Msg::Shutdown { .. } => {}
                    }
                }
                while let Ok(m) = sampling_rx.try_recv() {
                    if let Some(d) = dump.as_mut() {
                        d.sampling(&m);
                    }
                    worker.sampling(m);
                }
                if let Some(d) = dump.as_mut() {
                    d.flush();
                }
                worker.finish(deadline);
                let _ = done.send(());
                return;
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                worker.finish(Instant::now() + Duration::from_secs(2));
                return;
            }
        }
        worker.tick();
        if let Some(d) = dump.as_mut() {
            d.flush();
        }
    }
}

struct Worker {
    /// Tier epochs, oldest first: (first instant, what its batches declare). One
    /// entry unless the tier was switched at run time (by the tier control file, the
    /// sampler lease, or a failed session's step-down).
    epochs: Vec<(u64, Declared)>,
    /// A failed session's step-down instant: kernel records that started after it are
    /// counted (the exit line).
    stepped_down_at: Option<u64>,
    batcher: Batcher,
    stamp_limits: StampLimits,
    slicer: Slicer,
    stats: Arc<Stats>,
    budget: Arc<Budget>,
    pool: SendPool,
    /// Bytes of the batcher's content charged to the budget.
    charged: u64,
    last_cut: Instant,
    /// Serialized tier: holds executions until their stamp settles.
    stamper: Option<Stamper>,
    /// Continuous tier: samples of the current period, per function.
    continuous: ContinuousAgg,
    continuous_since: u64,
    counters: SamplingCounters,
    /// NVTX ranges open, names, and the pairing of their events.
    book: RangeBook,
    /// Scratch for the ranges an event closes.
    closed: Vec<ClosedRange>,
    /// Names each GPU at its first kernel (see [`Settings::devices`]).
    devices: Option<Box<dyn DeviceTable>>,
}

impl Worker {
    fn take(&mut self, batch: Vec<KernelRecord>, dump: Option<&mut Dump>) {
        self.budget.release(batch.capacity() as u64 * RECORD_COST);
        if let Some(d) = dump {
            d.records(&batch);
        }
        let now = now_ns();
        for r in batch {
            if self.stepped_down_at.is_some_and(|at| r.start_ns >= at) {
                self.stats
                    .records_after_step_down
                    .fetch_add(1, Ordering::Relaxed);
            }
            let declared = self.declared_at(r.start_ns);
            match (&mut self.stamper, declared.tier) {
                (Some(stamper), Tier::Serialized) => stamper.push(r, now),
                _ => {
                    let span = self.slicer.kernel(r, declared.tier);
                    self.kernel(declared, &span);
                }
            }
            // A CUPTI buffer holds thousands of records: hand each request over as
            // soon as it is cut, so encoded bytes never pile up behind the sender.
            if self.batcher.has_ready() {
                self.submit_ready();
            }
        }
        self.app_stats();
        self.submit_ready();
    }

    /// Executions launched and never recorded: one span each, in the trace of the slice
    /// where their launches were made.
    fn unrecorded(&mut self, found: Vec<crate::completeness::Unrecorded>) {
        self.budget.release(queue::unrecorded_cost(&found));
        let declared = self.current();
        for u in &found {
            let span = self.slicer.unrecorded_span(u);
            self.other(declared, &span, OtherKind::Unrecorded);
        }
        self.submit_ready();
    }

    /// A window handed to the application's profiler: one span, in the trace of the
    /// slice where it began.
    fn handoff(&mut self, w: &crate::handoff::Window) {
        self.budget
            .release(std::mem::size_of::<crate::handoff::Window>() as u64 + 8);
        let declared = self.current();
        let span = self.slicer.handoff_span(w);
        self.other(declared, &span, OtherKind::Handoff);
        self.submit_ready();
    }

    /// Appends a kernel span under its GPU's resource, naming the GPU at its first kernel.
    fn kernel(&mut self, declared: Declared, span: &KernelSpan) {
        let ordinal = span.record.device_id;
        if let Some(table) = self.devices.as_mut() {
            if !self.batcher.has_device(ordinal) {
                let device = table.describe(ordinal);
                if device.is_none() {
                    crate::log::line(&format!(
                        "the CUDA driver did not name device {ordinal}: its kernel spans carry gpu.device.id={ordinal} and no hw.id"
                    ));
                }
                self.batcher
                    .add_device(ordinal, device_attributes(ordinal, device.as_ref()));
            }
        }
        self.batcher.kernel(declared, span);
    }

    /// One NVTX event: a range it closes is exported at once, under the running tier.
    fn nvtx(&mut self, e: crate::nvtx::Event, dump: Option<&mut Dump>) {
        self.budget.release(e.cost());
        if let Some(d) = dump {
            d.nvtx(&e);
        }
        match e {
            crate::nvtx::Event::AppOpen { range, parent } => self.slicer.app_open(range, parent),
            crate::nvtx::Event::AppClose { range } => self.slicer.app_close(range),
            e => {
                self.book.take(e, &mut self.closed);
                self.export_ranges();
            }
        }
    }

    /// The application contexts' counters, for the exit line.
    fn app_stats(&self) {
        let (c, kernels, ranges, lost) = self.slicer.app_counts();
        let s = &self.stats;
        s.app_kernel_spans.store(kernels, Ordering::Relaxed);
        s.app_range_spans.store(ranges, Ordering::Relaxed);
        s.app_context_lost.store(lost, Ordering::Relaxed);
        s.app_contexts_refused.store(c.refused, Ordering::Relaxed);
    }

    fn export_ranges(&mut self) {
        let declared = self.current();
        for r in std::mem::take(&mut self.closed) {
            let span = self.slicer.range_span(&r);
            self.batcher.other(declared, &span, OtherKind::Range);
        }
        self.app_stats();
        let c = self.book.counters();
        self.stats
            .ranges_unclosed_at_exit
            .store(c.unclosed_at_exit, Ordering::Relaxed);
        self.stats
            .ranges_unmatched
            .store(c.unmatched + c.open_refused, Ordering::Relaxed);
        if self.batcher.has_ready() {
            self.submit_ready();
        }
    }

    /// What the stretch an execution that started at `start_ns` ran in declared.
    fn declared_at(&self, start_ns: u64) -> Declared {
        self.epochs
            .iter()
            .rev()
            .find(|(from, _)| *from <= start_ns)
            .map_or(self.epochs[0].1, |(_, d)| *d)
    }

    /// What the running stretch declares.
    fn current(&self) -> Declared {
        self.epochs.last().map_or(Tier::Off.into(), |(_, d)| *d)
    }

    fn other(&mut self, declared: impl Into<Declared>, span: &Span, kind: OtherKind) {
        self.batcher.other(declared, span, kind);
    }

    /// PC samples and a window record from the sampling side. A window record is
    /// exported at once, with everything pending.
    fn sampling(&mut self, m: SamplingMsg) {
        self.counters = m.counters;
        if let Some(sw) = m.switch {
            // Epochs only move forward; a switch stamped before the last one (it
            // cannot be: one thread makes them in order) would be clamped.
            let at = sw.at_ns.max(self.epochs.last().map_or(0, |(t, _)| *t));
            self.epochs.push((at, sw.declared()));
            if sw.to == Tier::Serialized && self.stamper.is_none() {
                self.stamper = Some(Stamper::new(self.stamp_limits));
            }
            let span = self.slicer.tier_switch_span(at, &sw, &self.counters);
            self.other(sw.declared(), &span, OtherKind::Sampling);
        }
        if let Some(down) = m.step_down {
            // No window will settle what is unknown now: the failed burst's window is
            // never closed. Nothing waits for it any more.
            self.stepped_down_at.get_or_insert(down.at_ns);
            if let Some(s) = &mut self.stamper {
                s.no_more_evidence();
            }
        }
        // KERNEL_SERIALIZED records carry the launch's correlation id, CONTINUOUS
        // records carry 0.
        let (exact, per_function): (Vec<PcRecord>, Vec<PcRecord>) =
            m.pc.into_iter().partition(|r| r.correlation_id != 0);
        match &mut self.stamper {
            Some(s) => s.pc(&exact),
            None => self.continuous.add(&exact),
        }
        self.continuous.add(&per_function);
        if let Some(w) = m.window {
            if let Some(s) = &mut self.stamper {
                s.window(w);
            }
            let span = self.slicer.window_span(&w, &self.counters);
            self.other(Tier::Serialized, &span, OtherKind::Sampling);
            self.cut();
        } else if m.switch.is_some() {
            self.cut();
        }
    }

    /// Stamped executions and continuous-tier sample spans that are ready.
    fn release(&mut self, now: u64, all: bool) {
        if let Some(stamper) = &mut self.stamper {
            let mut out = Vec::new();
            stamper.release(now, all, &mut out);
            let c = stamper.counters();
            let u = c.unsettled;
            for (i, n) in [u.hold_bytes, u.hold_time, u.exit].into_iter().enumerate() {
                self.stats.unsettled[i].store(n, Ordering::Relaxed);
            }
            self.stats
                .pc_outside_windows
                .store(c.pc_outside_windows, Ordering::Relaxed);
            for st in out {
                let i = match st.serialized {
                    Serialized::True => 0,
                    Serialized::False => 1,
                    Serialized::Unknown => 2,
                };
                self.stats.stamped[i].fetch_add(1, Ordering::Relaxed);
                let span = self.slicer.stamped(st.record, st.serialized, st.pc);
                self.kernel(Tier::Serialized.into(), &span);
            }
            self.app_stats();
        }
        let due = now.saturating_sub(self.continuous_since) >= EXPORT_INTERVAL.as_nanos() as u64;
        if !self.continuous.is_empty() && (due || all) {
            // Under the running tier: serialized bursts of several launches also
            // report per function.
            let declared = self.current();
            for f in self.continuous.take() {
                let span = self.slicer.function_span(&f, self.continuous_since, now);
                self.other(declared, &span, OtherKind::Sampling);
            }
            self.continuous_since = now;
        } else if self.continuous.is_empty() {
            self.continuous_since = now;
        }
    }

    /// Slice roots go out under the tier running when they close.
    fn push_roots(&mut self, roots: Vec<Span>) {
        let declared = self.current();
        for r in &roots {
            self.other(declared, r, OtherKind::Root);
        }
    }

    fn tick(&mut self) {
        self.release(now_ns(), false);
        let mut roots = Vec::new();
        self.slicer
            .close_due(now_ns(), self.stats.drops(), &mut roots);
        self.push_roots(roots);
        if self.last_cut.elapsed() >= EXPORT_INTERVAL {
            self.cut();
        } else {
            self.submit_ready();
        }
    }

    /// Cuts every open request and hands everything finished to the sender.
    fn cut(&mut self) {
        self.last_cut = Instant::now();
        self.batcher.cut();
        self.submit_ready();
    }

    /// Charges the budget for what the batcher and the stamper hold now (encoded
    /// spans, held executions and the PC samples waiting for them are pending data too).
    fn charge(&mut self) {
        let held = self
            .stamper
            .as_ref()
            .map_or(0, |s| s.held_bytes() + s.pc_bytes());
        let now = self.batcher.held_bytes() + held;
        if now > self.charged {
            self.budget.take(now - self.charged);
        } else {
            self.budget.release(self.charged - now);
        }
        self.charged = now;
        self.stats
            .budget_peak
            .fetch_max(self.budget.peak(), Ordering::Relaxed);
    }

    /// The next finished request; its bytes' charge moves to the sending side, which
    /// gives them back when the request is settled.
    fn pop(&mut self) -> Option<Request> {
        self.charge();
        let req = self.batcher.pop()?;
        self.charged = self.charged.saturating_sub(req.body.len() as u64);
        Some(req)
    }

    /// Hands finished requests to the sending thread; waits while it is full (the
    /// records behind wait in the budget-bounded queue).
    fn submit_ready(&mut self) {
        while let Some(req) = self.pop() {
            if let Err(req) = self.pool.submit(req) {
                self.pool.fail(&req, "the sending thread is gone");
            }
        }
        self.charge();
    }

    fn finish(&mut self, deadline: Instant) {
        self.pool.begin_close();
        self.release(now_ns(), true);
        self.book.finish(now_ns(), &mut self.closed);
        self.export_ranges();
        let mut roots = Vec::new();
        self.slicer
            .close_all(now_ns(), self.stats.drops(), &mut roots);
        self.push_roots(roots);
        self.batcher.cut();
        while let Some(req) = self.pop() {
            if let Err(req) = self.pool.submit_by(req, deadline) {
                self.pool.fail(&req, "exit deadline passed");
            }
        }
        self.pool.drain(deadline);
    }
}
